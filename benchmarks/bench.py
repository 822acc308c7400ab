"""How fast is `mahj`, next to the cheapest program this stack can run?

    python benchmarks/bench.py            # full run (a few minutes)
    python benchmarks/bench.py --quick    # fewer repeats

The floor is a minimal Typer program whose one command prints a two-row Rich table, run
with this same interpreter. Every `mahj` command is timed as a fresh process (what a
player waits for), over session files written with mahj's own code into a temporary
folder: a realistic 40-game night, ten years of weekly nights (520) for `mahj season`,
and 10,000- and 100,000-game sessions to show that the time grows in step with the log.
It prints the median CPU time of each (user + system: steadier than the wall clock on a
shared machine), its ratio to the floor, the median wall time, the peak memory of each
process, and PASS/FAIL against the targets. It always exits 0: it reports, it is not a
test.

Targets: every command on a 40-game night within 1.15x the floor (those that save too);
`season` over 520 nights within 2x (its cache warm, as after the first run of
the night); 100,000 games at most 11x the 10,000-game time, in under 200 MB; on a
tournament event of 400 players and 4 rounds (1,600 games entered game by game),
loading it, seating the next round with fewest repeats and printing the standings each
within 2x, and seating round 4 in under 2 seconds; and, in this process, every round of
8-round events of 400, 401 and 403 players seated by fewest repeats in under 2 seconds a
round with no repeat meeting.

The files are written by a child process (`--write DIR`), so this process stays small:
on Linux a child's peak memory counts its parent's size at the moment it was started.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mahjcli.core.event import Event
    from mahjcli.core.model import Card, Entry
    from mahjcli.core.session import Session

ROOT = Path(__file__).resolve().parent.parent

FLOOR = '''\
import typer
from rich.console import Console
from rich.table import Table

app = typer.Typer()


@app.command()
def main() -> None:
    """Print a two-row table."""
    table = Table(title="Tonight")
    table.add_column("Player")
    table.add_column("Total", justify="right")
    table.add_row("Ruth", "+100")
    table.add_row("Linda", "-100")
    Console().print(table)


if __name__ == "__main__":
    app()
'''

PLAYERS = ("Ruth", "Linda", "Kathy", "Pat")
LATE = "Sue"
VALUES = (25, 25, 25, 25, 30, 30, 30, 35, 40, 50)
NIGHT_GAMES = 40
SEASON_NIGHTS = 520
"""Ten years of weekly nights."""
BIG = 10_000
HUGE = 100_000
EVENT_PLAYERS = 400
EVENT_ROUNDS = 4


# ---- writing session files with mahj's own code (in the `--write` child) -----------------


def play(games: int, *, seed: int, late_after: int | None, card: Card | None) -> list[Entry]:
    """A plausible league log: about one wall game in five, a late arrival if asked; on a
    card night every value is one the card prints."""
    from mahjcli.core.model import Join, Wall, Win
    from mahjcli.core.seating import Seating

    rng = random.Random(seed)
    values = sorted({line.value for line in card.lines}) if card is not None else VALUES
    table = Seating.start(PLAYERS, (PLAYERS[0],))
    log: list[Entry] = []
    for game in range(games):
        if late_after is not None and game == late_after:
            log.append(Join(LATE))
            table.join(LATE)
        seated = table.in_deal_order(table.first())
        if rng.random() < 0.2:
            dead = (rng.choice(seated),) if rng.random() < 0.1 else ()
            log.append(Wall(dead=dead))
        else:
            winner = rng.choice(seated)
            line = rng.choice(card.lines) if card is not None and rng.random() < 0.5 else None
            thrower = None
            if rng.random() < 0.75:
                thrower = rng.choice([p for p in seated if p != winner])
            log.append(
                Win(
                    winner=winner,
                    value=line.value if line is not None else rng.choice(values),
                    thrown_by=thrower,
                    jokerless=rng.random() < 0.08,
                    singles_pairs=line is not None and not line.groups,
                    line=line.name if line is not None else None,
                )
            )
        table.after_game(table.first())
    return log


def session_text(session: Session) -> str:
    """The file `mahj` writes for this session: its head, then one [[log]] table per entry
    exactly as `append_entry` adds them (built in one pass, as a night of 100,000 games
    appended one by one would take a long time to generate)."""
    from mahjcli.files.sessionwrite import entry_to_dict, new_session_text, toml_block

    blocks: dict[Entry, str] = {}
    parts = [new_session_text(session._replace(log=()))]
    for entry in session.log:
        block = blocks.get(entry)
        if block is None:
            block = blocks[entry] = toml_block("[[log]]", entry_to_dict(entry))
        parts.append("\n" + block)
    return "".join(parts)


def night_session(seed: int) -> Session:
    """A league night: four players, Sue from game 13, the sample card, a pie of 2000."""
    from mahjcli.core.rulesets import League
    from mahjcli.core.session import Session
    from mahjcli.files.cardfile import load_card

    card = load_card("sample")
    return Session(
        players=PLAYERS,
        easts=(PLAYERS[0],),
        rules=League(pie=2000),
        log=tuple(play(NIGHT_GAMES, seed=seed, late_after=12, card=card)),
        name="Thursday",
        date=dt.date(2016, 1, 7) + dt.timedelta(days=7 * seed),
        card=card,
    )


def big_session(games: int) -> Session:
    """A long league session with a waiting line (five players, no card, no pie)."""
    from mahjcli.core.session import Session

    log = play(games, seed=games, late_after=3, card=None)
    return Session(players=PLAYERS, easts=(PLAYERS[0],), log=tuple(log), name="Marathon")


def write_session(path: Path, session: Session) -> None:
    """Write a session file, after checking that mahj reads it back as the same valid night."""
    from mahjcli.core.fold import fold
    from mahjcli.files.sessionfile import parse_text

    text = session_text(session)
    parsed = parse_text(text)
    assert parsed.session == session and not parsed.problems, parsed.problems[:3]
    assert not fold(session).problems
    path.write_text(text, encoding="utf-8")


def table_games(rng: random.Random, seats: tuple[str, ...]) -> tuple[Entry, ...]:
    """One round of four tournament games at a table: wins (most thrown, with the
    winner's exposures), wall games (now and then a dead hand) and a game stopped by time."""
    from mahjcli.core.model import Incomplete, Wall, Win

    games: list[Entry] = []
    for n in range(4):
        roll = rng.random()
        if roll < 0.15:
            games.append(Wall(dead=(rng.choice(seats),) if rng.random() < 0.2 else ()))
        elif roll < 0.2 and n == 3:  # time stops the last game only: none comes after it
            games.append(Incomplete())
        else:
            winner = rng.choice(seats)
            thrower = rng.choice([p for p in seats if p != winner]) if rng.random() < 0.7 else None
            games.append(
                Win(
                    winner=winner,
                    value=rng.choice(VALUES),
                    thrown_by=thrower,
                    exposures=rng.randint(0, 3) if thrower else None,
                    jokerless=rng.random() < 0.05,
                )
            )
    return tuple(games)


def big_event(rounds: int = EVENT_ROUNDS, played: int | None = None) -> Event:
    """A tournament of 400 players: round 1 drawn at random, later rounds by fewest
    repeats, and every table's card of the first `played` rounds (all, by default)
    entered game by game, its totals those its games add up to."""
    from mahjcli.core.event import Event, Player, TableCard
    from mahjcli.core.eventfold import replay
    from mahjcli.core.movement import seat_round

    players = tuple(Player(f"Player {i:03d}", str(1000 + i)) for i in range(EVENT_PLAYERS))
    event = Event(name="Big Open", players=players, date=dt.date(2026, 5, 2), rounds=rounds, seed=4)
    done = rounds if played is None else played
    seatings: list = []
    for number in range(1, done + 1):
        how = "random" if number == 1 else "fewest-repeats"
        fields = [event.field(r) for r in range(1, rounds + 1)]
        seatings.append(seat_round(number, how, fields, seatings, event.seed))
    event = event._replace(seatings=tuple(seatings))
    rng = random.Random(EVENT_PLAYERS)
    cards = []
    for seating in seatings:
        for t, seats in enumerate(seating.tables, 1):
            games = table_games(rng, seats)
            draft = TableCard(seating.number, t, dict.fromkeys(seats, 0), games)
            standings, _ = replay(event, draft, seats, len(cards))
            assert standings is not None and not standings.problems
            cards.append(draft._replace(totals=standings.totals_map()))
    return event._replace(cards=tuple(cards))


def write_event(path: Path, event: Event) -> None:
    """Write an event file, after checking that mahj reads it back as the same valid event."""
    from mahjcli.core.eventfold import fold_event
    from mahjcli.files.eventfile import parse_event_text
    from mahjcli.files.eventwrite import new_event_text

    text = new_event_text(event)
    parsed = parse_event_text(text)
    assert parsed.event == event and not parsed.problems, parsed.problems[:3]
    assert not fold_event(event).problems
    path.write_text(text, encoding="utf-8")


def write_all(folder: Path, *, huge: bool) -> None:
    """Every file the benchmark times, in `folder`."""
    sys.path.insert(0, str(ROOT))
    event = big_event()
    write_event(folder / "event.toml", event)
    three = event._replace(
        seatings=event.seatings[:3], cards=tuple(c for c in event.cards if c.round <= 3)
    )
    write_event(folder / "event-3-rounds.toml", three)
    write_session(folder / "night.toml", night_session(seed=1))
    write_session(folder / "g10000.toml", big_session(BIG))
    if huge:
        write_session(folder / "g100000.toml", big_session(HUGE))
    (folder / "season").mkdir()
    for i in range(SEASON_NIGHTS):
        write_session(folder / "season" / f"night-{i:03d}.toml", night_session(100 + i))


# ---- running and timing ----------------------------------------------------------------


@dataclass
class Case:
    """One command line to time, its target (x floor, None: reported only), and what the
    runs measured."""

    label: str
    argv: list[str]
    target: float | None = 1.15
    prepare: Callable[[], None] | None = None
    env: dict[str, str] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)
    """CPU seconds (user + system) of each run: steadier than the wall clock on a shared
    machine, and the same thing for a program that runs on one core."""
    walls: list[float] = field(default_factory=list)
    peak_kb: int = 0
    failed: str = ""

    @property
    def median(self) -> float:
        return statistics.median(self.times) if self.times else float("nan")

    @property
    def wall(self) -> float:
        return statistics.median(self.walls) if self.walls else float("nan")


def run_once(case: Case, env: dict[str, str]) -> None:
    """Start the command, wait for it, and record wall time and peak resident memory."""
    if case.prepare is not None:
        case.prepare()
    start = time.perf_counter()
    proc = subprocess.Popen(
        case.argv, env={**env, **case.env}, cwd=ROOT, stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    assert proc.stderr is not None
    err = proc.stderr.read().decode("utf-8", "replace")
    proc.stderr.close()
    if proc.returncode != 0:
        case.failed = f"exit {proc.returncode}: {err.strip()[:300]}"
    case.times.append(usage.ru_utime + usage.ru_stime)
    case.walls.append(elapsed)
    case.peak_kb = max(case.peak_kb, usage.ru_maxrss)


def measure(cases: Sequence[Case], repeats: int, env: dict[str, str]) -> None:
    """One warm-up run each, then `repeats` rounds, interleaved so drift hits all alike."""
    for case in cases:
        run_once(case, env)
        case.times.clear()
        case.walls.clear()
    for _ in range(repeats):
        for case in cases:
            run_once(case, env)


def mahj_argv() -> list[str]:
    """The installed `mahj` script beside this interpreter, else `python -m mahjcli`."""
    script = Path(sys.executable).parent / "mahj"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "mahjcli"]


def tab(line: str) -> dict[str, str]:
    """The environment in which bash asks `mahj` to complete the last word of `line`."""
    return {
        "_MAHJ_COMPLETE": "complete_bash",
        "COMP_WORDS": line,
        "COMP_CWORD": str(len(line.split()) - 1),
    }


def night_cases(mahj: list[str], floor: list[str], tmp: Path) -> list[Case]:
    """Every command on a 40-game night (the saving ones on a fresh copy each run)."""
    night, copy = tmp / "night.toml", tmp / "night-copy.toml"

    def fresh_copy() -> None:
        shutil.copyfile(night, copy)
        copy.with_name(copy.name + ".bak").unlink(missing_ok=True)

    def s(path: Path) -> list[str]:
        return ["--session", str(path)]

    def saving(label: str, *args: str) -> Case:
        return Case(label, [*mahj, *args, *s(copy)], prepare=fresh_copy)

    return [
        Case("floor (Typer + Rich table)", floor, None),
        Case("status", [*mahj, "status", *s(night)]),
        Case("log", [*mahj, "log", *s(night)]),
        Case("total", [*mahj, "total", *s(night)]),
        Case("total --json", [*mahj, "total", "--json", *s(night)]),
        Case("check", [*mahj, "check", *s(night)]),
        Case("table", [*mahj, "table", *s(night)]),
        Case("lines", [*mahj, "lines", *s(night)]),
        Case("export", [*mahj, "export", *s(night)]),
        Case("sessions", [*mahj, "sessions"]),
        Case("serve --help", [*mahj, "serve", "--help"]),
        saving("win (saves)", "win", "Ruth", "25", "--thrown-by", "Linda"),
        saving("wall (saves)", "wall"),
        saving("undo (saves)", "undo"),
        Case("TAB: complete a name", mahj, None, env=tab(f"mahj win --session {night} R")),
    ]


PLAN_FIELDS = (400, 401, 403)
PLAN_ROUNDS = 8


def seating_plans() -> list[tuple[bool, str]]:
    """Seat every round of 8-round events of 400 players (and 401, 403: with byes) by
    fewest repeats, in this process: each round's seating time and the repeats left."""
    from mahjcli.core.movement import repeats_over, seat_round

    verdicts = []
    for size in PLAN_FIELDS:
        fields = [[f"Player {i:03d}" for i in range(size)]] * PLAN_ROUNDS
        history: list = []
        slowest = 0.0
        for number in range(1, PLAN_ROUNDS + 1):
            how = "random" if number == 1 else "fewest-repeats"
            start = time.process_time()
            history.append(seat_round(number, how, fields, history, 4))
            slowest = max(slowest, time.process_time() - start)
        again = repeats_over(history[1:], history[:1])
        print(
            f"{size} players, {PLAN_ROUNDS} rounds: slowest round {slowest:.2f} s, {again} repeats"
        )
        verdicts.append((slowest < 2.0, f"seating {size} players: {slowest:.2f} s a round < 2 s"))
        verdicts.append(
            (again == 0, f"seating {size} players over {PLAN_ROUNDS} rounds: no repeat")
        )
    return verdicts


def event_cases(mahj: list[str], floor: list[str], tmp: Path) -> list[Case]:
    """An event of 400 players: load it, print the standings, seat round 4 (which saves,
    so on a fresh copy of the event with three rounds played, each run)."""
    full, three, copy = tmp / "event.toml", tmp / "event-3-rounds.toml", tmp / "event-copy.toml"

    def fresh_copy() -> None:
        shutil.copyfile(three, copy)
        copy.with_name(copy.name + ".bak").unlink(missing_ok=True)

    def s(path: Path) -> list[str]:
        return ["--session", str(path)]

    return [
        Case("floor (Typer + Rich table)", floor, None),
        Case("event check (loads the event)", [*mahj, "event", "check", *s(full)], 2.0),
        Case("event standings", [*mahj, "event", "standings", *s(full)], 2.0),
        Case("event standings --json", [*mahj, "event", "standings", "--json", *s(full)], 2.0),
        Case(
            "event seating 4 (seats, saves)",
            [*mahj, "event", "seating", "4", *s(copy)],
            2.0,
            prepare=fresh_copy,
        ),
        Case("event seating 3 (prints)", [*mahj, "event", "seating", "3", *s(full)], 2.0),
    ]


# ---- the report ------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--no-huge", action="store_true", help="skip the 100,000-game file")
    parser.add_argument("--write", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.write is not None:
        write_all(args.write, huge=not args.no_huge)
        return 0
    small_n, big_n, huge_n = (7, 5, 3) if args.quick else (21, 11, 5)

    tmp = Path(tempfile.mkdtemp(prefix="mahj-bench-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAHJ_")}
    env.update(
        MAHJ_DATA_DIR=str(tmp / "data"), MAHJ_CACHE_DIR=str(tmp / "cache"), NO_COLOR="1",
        COLUMNS="100", TERM="dumb",
    )  # fmt: skip
    # An installed package has its bytecode cached; let the warm-up runs cache mahjcli's.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    mahj = mahj_argv()
    try:
        print(
            f"machine: {platform.machine()}, {os.cpu_count()} CPUs, "
            f"Python {platform.python_version()} ({sys.executable})"
        )
        print(f"mahj: {' '.join(mahj)}")
        print("writing session files with mahj's own code ...", flush=True)
        writer = [sys.executable, str(Path(__file__).resolve()), "--write", str(tmp)]
        if args.no_huge:
            writer.append("--no-huge")
        subprocess.run(writer, env=env, cwd=ROOT, check=True)
        floor = tmp / "floor.py"
        floor.write_text(FLOOR, encoding="utf-8")
        floor_argv = [sys.executable, str(floor)]
        ten, hundred = tmp / "g10000.toml", tmp / "g100000.toml"

        nights = night_cases(mahj, floor_argv, tmp)
        print(f"timing every command on a {NIGHT_GAMES}-game night ({small_n} runs each) ...")
        measure(nights, small_n, env)

        folder = tmp / "season"
        season = [
            Case("floor (Typer + Rich table)", floor_argv, None),
            Case(f"season, {SEASON_NIGHTS} nights", [*mahj, "season", "--dir", str(folder)], 2.0),
        ]
        print(f"timing the season over {SEASON_NIGHTS} nights ({big_n} runs) ...", flush=True)
        measure(season, big_n, env)
        cold = Case(f"season, {SEASON_NIGHTS} nights, no cache", season[1].argv, None)
        cold.env = {"MAHJ_CACHE_DIR": str(tmp / "no-cache")}
        cold.prepare = lambda: shutil.rmtree(tmp / "no-cache", ignore_errors=True)
        measure([cold], 3, env)

        scaling = [Case(f"total, {BIG:,} games", [*mahj, "total", "--session", str(ten)], None)]
        if hundred.exists():
            scaling.append(
                Case(f"total, {HUGE:,} games", [*mahj, "total", "--session", str(hundred)], None)
            )
        print(f"timing {BIG:,} and {HUGE:,} games ({huge_n} runs each) ...", flush=True)
        measure(scaling, huge_n, env)
        events = event_cases(mahj, floor_argv, tmp)
        print(f"timing an event of {EVENT_PLAYERS} players ({big_n} runs each) ...", flush=True)
        measure(events, big_n, env)
        print(f"planning the seating of {PLAN_ROUNDS} rounds ...", flush=True)
        plans = seating_plans()
        report(nights, season, cold, scaling, events, plans)
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


def report(
    nights: list[Case],
    season: list[Case],
    cold: Case,
    scaling: list[Case],
    events: list[Case],
    plans: list[tuple[bool, str]],
) -> None:
    """The table of medians and ratios, then PASS/FAIL against each target."""
    print()
    print(f"{'command':34} {'CPU':>10} {'x floor':>8} {'wall':>10} {'peak MB':>8}")
    rows = [(c, nights[0].median) for c in nights]
    rows += [(c, season[0].median) for c in [*season[1:], cold]]
    rows += [(c, events[0].median) for c in events[1:]]
    for case, ref in rows:
        flag = f"  FAILED {case.failed}" if case.failed else ""
        print(
            f"{case.label:34} {case.median * 1000:7.1f} ms {case.median / ref:7.2f}x "
            f"{case.wall * 1000:7.1f} ms {case.peak_kb / 1024:8.1f}{flag}"
        )
    for case in scaling:
        print(
            f"{case.label:34} {case.median * 1000:7.1f} ms {'':>8} {case.wall * 1000:7.1f} ms "
            f"{case.peak_kb / 1024:8.1f}"
        )
    base, again = nights[0].median * 1000, season[0].median * 1000
    print(
        f"(floor: {base:.1f} ms, {again:.1f} ms in the season round and "
        f"{events[0].median * 1000:.1f} ms in the event round)"
    )

    verdicts: list[tuple[bool, str]] = []
    for case, ref in rows:
        if case.target is not None:
            ratio = case.median / ref
            verdicts.append(
                (ratio <= case.target, f"{case.label}: {ratio:.2f}x floor <= {case.target}x")
            )
    if len(scaling) == 2:
        small, large = scaling
        growth = large.median / small.median
        verdicts.append(
            (growth <= 11, f"{large.label}: {growth:.2f}x the {BIG:,}-game time <= 11x")
        )
        mb = large.peak_kb / 1024
        verdicts.append((mb < 200, f"{large.label}: peak memory {mb:.0f} MB < 200 MB"))
    seat = next(c for c in events if c.label.startswith("event seating 4"))
    verdicts.append((seat.wall < 2.0, f"{seat.label}: {seat.wall:.2f} s wall < 2 s"))
    verdicts += plans
    for case in [*nights, *season, cold, *scaling, *events]:
        if case.failed:
            verdicts.append((False, f"{case.label} ran without error"))
    print()
    for ok, text in verdicts:
        print(f"{'PASS' if ok else 'FAIL'}  {text}")


if __name__ == "__main__":
    sys.exit(main())
