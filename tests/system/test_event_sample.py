"""The sample event, run from the command line by the installed program, from
registration to the printed results page: every file it makes is the shipped sample's."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from tests.helpers import SAMPLES, installed_mahj
from tests.system.event_scenario import EVENT, PLAYERS, PLAYERS_CSV, scenario

MAHJ = installed_mahj()
SAMPLE = SAMPLES / "spring-open"


def shipped() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(SAMPLE.iterdir()) if p.is_file()}


def test_the_sample_event_is_what_its_commands_make(tmp_path: Path):
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1", "COLUMNS": "100"}
    env.pop("MAHJ_SESSION", None)
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / PLAYERS_CSV).write_text(PLAYERS, encoding="utf-8")

    def run(*args: str) -> str:
        done = subprocess.run(
            [MAHJ, *args],
            cwd=folder,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, (args, done.stderr)
        assert "Traceback" not in done.stderr
        return done.stdout

    scenario(run)
    made = {
        p.name: p.read_bytes()
        for p in sorted(folder.iterdir())
        if p.is_file() and not p.name.startswith(".") and p.suffix != ".bak"
    }
    assert made.keys() == shipped().keys()
    for name, data in shipped().items():
        assert made[name] == data, name


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
    assert "Winner's circle (top 3)" in page and "Sue — +135" in page


def test_the_sample_tables_are_clean_tournament_nights(mahj):
    for night in sorted(SAMPLE.glob("round*.toml")):
        result = mahj("scorecard", "--json", "--session", str(night), use_session=False)
        assert result.exit_code == 0, result
        assert json.loads(result.stdout)["accepted_through"] == 4
