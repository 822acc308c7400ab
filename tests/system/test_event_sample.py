"""The sample event: every file the director's commands make is the shipped sample's;
and an event run from registration to the results page by the installed program."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from typer.testing import CliRunner

from mahjcli.cli import app
from tests.helpers import SAMPLES, installed_mahj
from tests.system.event_scenario import (
    CALLED,
    DETAILED,
    EVENT,
    PLAYERS,
    PLAYERS_CSV,
    scenario,
    table_night,
)

MAHJ = installed_mahj()
SAMPLE = SAMPLES / "spring-open"


def shipped() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(SAMPLE.iterdir()) if p.is_file()}


def test_the_sample_event_is_what_its_commands_make(tmp_path: Path, monkeypatch):
    """The whole event, command by command (in this process: the installed program runs
    each event command in the test below)."""
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / PLAYERS_CSV).write_text(PLAYERS, encoding="utf-8")
    monkeypatch.chdir(folder)
    monkeypatch.setattr("mahjcli.cli.eventday.now", lambda: CALLED)

    def run(*args: str) -> str:
        result = CliRunner().invoke(app, list(args), catch_exceptions=False)
        assert result.exit_code == 0, (args, result.stderr)
        return result.stdout

    scenario(run)
    made = {
        p.name: p.read_bytes()
        for p in sorted(folder.iterdir())
        if p.is_file() and not p.name.startswith(".") and p.suffix != ".bak"
    }
    assert made.keys() == shipped().keys()
    for name, data in shipped().items():
        assert made[name] == data, name


def test_a_director_runs_an_event_with_the_installed_program(tmp_path: Path):
    """Every event command as a real program: register, seat, both kinds of card, a
    replaced card, a late registration and a withdrawal, standings and the page."""
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    env.pop("MAHJ_SESSION", None)

    def run(*args: str, code: int = 0) -> str:
        done = subprocess.run(
            [MAHJ, *args],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == code, (args, done.stderr)
        assert "Traceback" not in done.stderr
        return done.stdout

    names = [f"P{i}" for i in range(10)]
    assert "Round 1: 2 tables, byes: P8 and P9" in run("event", "new", "Cup", *names, "--given")
    assert "P0 — table 1, seat A" in run("event", "seating")
    table_night(run, "t1.toml", ["P0", "P1", "P2", "P3"], DETAILED[0])
    run("event", "card", "1", "1", "t1.toml", code=1)  # time not called yet
    run("event", "call-time", "1")  # its last game was stopped by time
    assert "P0 +40, P1 -10, P2 +65, P3 -10" in run("event", "card", "1", "1", "t1.toml")
    assert "all 2 cards are in" in run("event", "score", "1", "2", "P4=5", "P5=0", "P6=0", "P7=0")
    run("event", "score", "1", "2", "P4=50", "P5=0", "P6=0", "P7=0", code=1)
    run("event", "score", "1", "2", "P4=50", "P5=0", "P6=0", "P7=0", "--replace")
    assert "plays from round 2" in run("event", "add", "Zoe")
    assert "withdrew after round 1" in run("event", "withdraw", "P9")
    sheet = json.loads(run("event", "seating", "2", "--json"))
    assert sheet["round"] == 2 and len(sheet["byes"]) == 2 and "P9" not in json.dumps(sheet)
    run("event", "standings", "--html", "results.html")
    standings = json.loads(run("event", "standings", "--json"))
    assert standings["standings"][0] == {
        "place": 1,
        "player": "P2",
        "points": 65,
        "games": 4,
        "byes": 0,
        "rounds": [65],
        "id": None,
        "mahjongs": 1,
        "thrown": 0,
        "withdrew": False,
    }
    assert "P4" in (tmp_path / "results.html").read_text("utf-8")
    assert run("event", "check").startswith("OK: ")


def test_the_sample_event_has_what_the_issue_asks_for(mahj):
    def event(*args: str):
        result = mahj("event", *args, "--json", "--session", str(SAMPLE / EVENT), use_session=False)
        assert result.exit_code == 0, result
        return json.loads(result.stdout)

    standings = event("standings")
    assert standings["rounds"] == 3
    players = standings["standings"]
    assert len(players) == 23  # 22 a round: one withdrew after round 1, one came for round 2
    assert [p["player"] for p in players if p["withdrew"]] == ["Gail"]
    maxine = next(p for p in players if p["player"] == "Maxine")
    assert maxine["rounds"][0] is None and maxine["games"] == 8
    places = [p["place"] for p in players]
    assert len(places) != len(set(places))  # a tie shares a place
    for rnd in (1, 2, 3):
        sheet = event("seating", str(rnd))
        assert len(sheet["byes"]) == 2 and len(sheet["tables"]) == 5
    byes = [b for rnd in (1, 2, 3) for b in event("seating", str(rnd))["byes"]]
    assert len(set(byes)) == 6  # nobody sat out twice
    text = (SAMPLE / EVENT).read_text("utf-8")
    assert "games = [" in text and "replace = true" in text  # detailed, simple and replaced
    assert standings["missing"] == []
    assert standings["round_winners"][0] == {"round": 1, "players": ["Sue"], "points": 60}
    page = (SAMPLE / "results.html").read_text("utf-8")
    assert "Winner's circle (top 3)" in page and "<bdi>Nancy</bdi> — +130" in page


def test_the_sample_tables_are_clean_tournament_nights(mahj):
    for night in sorted(SAMPLE.glob("round*.toml")):
        result = mahj("scorecard", "--json", "--session", str(night), use_session=False)
        assert result.exit_code == 0, result
        assert json.loads(result.stdout)["accepted_through"] == 4
