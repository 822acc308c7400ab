"""The sample event, as a director runs it: 22 players over three rounds with two byes a
round, a withdrawal and a late registration before round 2, cards game by game (from the
tables' own tournament nights) and in simple mode, a card entered again with --replace,
and the results page at the end. `sample_sessions/spring-open/` is exactly what these
commands make: `tests/system/test_event_sample.py` runs them and compares every file.

To make the sample again after a change that is meant to alter it:

    cd sample_sessions/spring-open && rm -f *.toml *.html *.bak
    python -m tests.system.event_scenario
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable

Run = Callable[..., str]
"""Runs `mahj ARGS...` in the event's folder and returns what it printed (or fails)."""

EVENT = "spring-open.toml"
DATE = "2026-04-18"
CALLED = dt.datetime(2026, 4, 18, 16, 10, tzinfo=dt.UTC)
"""When the director calls time in the sample (a command's clock, fixed so that the
sample is made the same every time)."""
PLAYERS_CSV = "players.csv"

DETAILED = [
    # One round of four games at a table, by seat (0 = A, the first East).
    [("win", 0, 30, 1, 2), ("win", 2, 25, None, 0, "--jokerless"), ("wall", 3), ("incomplete",)],
    [("win", 1, 25, 3, 1), ("wall", None), ("win", 3, 35, None, 0), ("win", 0, 50, 2, 3)],
    [
        ("win", 2, 40, 0, 0),
        ("penalty", 1),
        ("win", 1, 30, None, 0),
        ("wall", 0),
        ("win", 3, 25, 2, 2),
    ],
]
"""Game scripts: (win, winner, value, thrower or None for self-picked, exposures[, flag]),
(wall, dead seat or None), (incomplete,), (penalty, seat) for 10 points."""
SIMPLE = [
    (45, -10, 0, 20),
    (30, 30, -20, 10),
    (65, 0, -10, 10),
    (20, 40, 0, -10),
    (55, -20, 30, 0),
    (0, 25, 35, -10),
    (40, 10, -10, 30),
]
"""Round totals in seat order (A, B, C, D) for the tables scored in simple mode."""


def table_night(run: Run, name: str, seats: list[str], script: list[tuple]) -> None:
    """A table plays its round with mahj, and the players accept the card."""
    s = ("--session", name)
    run(
        "new",
        *seats,
        "--rules",
        "tournament",
        "--name",
        name.removesuffix(".toml"),
        "--date",
        DATE,
        *s,
    )
    for step in script:
        if step[0] == "win":
            _, winner, value, thrower, exposures, *flags = step
            how = (
                ["--self-pick"]
                if thrower is None
                else ["--thrown-by", seats[thrower], "--exposures", str(exposures)]
            )
            run("win", seats[winner], str(value), *how, *flags, *s)
        elif step[0] == "wall":
            run("wall", *(["--dead", seats[step[1]]] if step[1] is not None else []), *s)
        elif step[0] == "penalty":
            run("penalty", seats[step[1]], "10", "--reason", "looked at a blind pass", *s)
        else:
            run("incomplete", *s)
    run("scorecard", "--accept", *s)


def seats_of(run: Run, rnd: int) -> list[list[str]]:
    """Each table's seats A-D in a round, from the seating's JSON."""
    sheet = json.loads(run("event", "seating", str(rnd), "--json", "--session", EVENT))
    return [list(t["seats"].values()) for t in sheet["tables"]]


def play_round(run: Run, rnd: int, detailed: int, offset: int) -> None:
    """Every table's card of a round: the first `detailed` game by game, the rest simple.
    When a table's game is stopped by time, the director has called time first."""
    scripts = [DETAILED[(t + offset) % len(DETAILED)] for t in range(1, detailed + 1)]
    if any(step[0] == "incomplete" for script in scripts for step in script):
        run("event", "call-time", str(rnd), "--session", EVENT)
    for t, seats in enumerate(seats_of(run, rnd), 1):
        if t <= detailed:
            name = f"round{rnd}-table{t}.toml"
            table_night(run, name, seats, DETAILED[(t + offset) % len(DETAILED)])
            run("event", "card", str(rnd), str(t), name, "--session", EVENT)
        else:
            points = SIMPLE[(t + offset) % len(SIMPLE)]
            totals = [f"{p}={n}" for p, n in zip(seats, points, strict=True)]
            run("event", "score", str(rnd), str(t), *totals, "--session", EVENT)


def scenario(run: Run) -> None:
    """The whole event, from registration to the results page."""
    run(
        "event",
        "new",
        "Spring Open",
        "--players",
        PLAYERS_CSV,
        "--rounds",
        "3",
        "--seed",
        "2026",
        "--date",
        DATE,
        "--session",
        EVENT,
    )
    run("event", "seating", "1", "--session", EVENT)
    play_round(run, 1, detailed=2, offset=0)
    run("event", "withdraw", "Gail", "--session", EVENT)
    run("event", "add", "Maxine", "--id", "1023", "--session", EVENT)
    run("event", "seating", "2", "--session", EVENT)
    play_round(run, 2, detailed=1, offset=1)
    # Table 3 of round 2 handed in a card with a slip: entered again, the old card kept.
    seats = seats_of(run, 2)[2]
    fixed = [f"{p}={n}" for p, n in zip(seats, (20, 40, 0, 0), strict=True)]
    run("event", "score", "2", "3", *fixed, "--replace", "--session", EVENT)
    run("event", "seating", "3", "--session", EVENT)
    play_round(run, 3, detailed=2, offset=2)
    run("event", "standings", "--html", "results.html", "--session", EVENT)
    run("event", "check", "--session", EVENT)


PLAYERS = """\
name,id
Barbara,1001
Linda,1002
Susan,1003
Carol,1004
Nancy,1005
Karen,1006
Donna,1007
Sharon,1008
Ruth,1009
Kathy,1010
Pat,1011
Sue,1012
Joan,1013
Judy,1014
Marilyn,1015
Diane,1016
Gail,1017
Rita,1018
Elaine,1019
Helen,1020
Irene,1021
Fran,1022
"""


def main() -> None:
    """Make the sample event in the current folder, with mahj run in this process."""
    import os
    import tempfile
    from pathlib import Path

    from typer.testing import CliRunner

    from mahjcli.cli import app, eventday

    Path(PLAYERS_CSV).write_text(PLAYERS, encoding="utf-8")
    os.environ["MAHJ_DATA_DIR"] = tempfile.mkdtemp(prefix="mahj-sample-")
    eventday.now = lambda: CALLED  # type: ignore[assignment]

    def run(*args: str) -> str:
        result = CliRunner().invoke(app, list(args), catch_exceptions=False)
        assert result.exit_code == 0, (args, result.stderr)
        return result.stdout

    scenario(run)
    for stray in [*Path().glob("*.bak"), *Path().glob(".*.lock")]:
        stray.unlink()


if __name__ == "__main__":
    main()
