"""`mahj export` on a night played for money: the JSON carries the stake and the money as
`mahj total --json` does, and the spreadsheet says what was settled at the door in money."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest


def run_ok(mahj, *args: str):
    result = mahj(*args, use_session=False)
    assert result.exit_code == 0, result
    return result


@pytest.fixture
def money_night(mahj, tmp_path: Path) -> tuple[str, str]:
    """Ruth wins 25 thrown by Linda (Linda -50 points, $12.50 at a quarter a point), then
    Linda settles up as she leaves."""
    s = ("--session", str(tmp_path / "money.toml"))
    run_ok(mahj, "new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "--stake", "0.25", *s)
    run_ok(mahj, "win", "Ruth", "25", "--thrown-by", "Linda", *s)
    run_ok(mahj, "leave", "Linda", "--settle", *s)
    return s


def test_json_export_has_the_stake_and_money_of_total_json(mahj, money_night):
    total = json.loads(run_ok(mahj, "total", "--json", *money_night).stdout)
    (night,) = json.loads(run_ok(mahj, "export", "--format", "json", *money_night).stdout)["nights"]
    assert night["stake"] == total["stake"] == 0.25
    assert night["money"] == total["money"]
    assert night["money"]["Linda"] == -12.5 and night["totals"]["Linda"] == -50


def test_json_export_of_a_points_night_has_no_stake(mahj, tmp_path: Path):
    s = ("--session", str(tmp_path / "points.toml"))
    run_ok(mahj, "new", "Ruth", "Linda", "Kathy", "Pat", *s)
    run_ok(mahj, "win", "Ruth", "25", "--thrown-by", "Linda", *s)
    (night,) = json.loads(run_ok(mahj, "export", "--format", "json", *s).stdout)["nights"]
    assert "stake" not in night and "money" not in night


def test_season_json_export_gives_each_night_its_own_stake(mahj, money_night, tmp_path: Path):
    s = ("--session", str(tmp_path / "points.toml"))
    run_ok(mahj, "new", "Ruth", "Linda", "Kathy", "Pat", *s)
    run_ok(mahj, "win", "Ruth", "25", "--thrown-by", "Linda", *s)
    files = (str(tmp_path / "money.toml"), str(tmp_path / "points.toml"))
    nights = json.loads(run_ok(mahj, "export", "--format", "json", *files).stdout)["nights"]
    assert sorted(n.get("stake") is not None for n in nights) == [False, True]


def test_csv_settle_up_words_are_in_money_on_a_money_night(mahj, money_night):
    rows = list(csv.DictReader(io.StringIO(run_ok(mahj, "export", *money_night).stdout)))
    (left,) = [r for r in rows if r["result"] == "leave"]
    assert left["what"].endswith("settled: Linda pays Ruth $12.50")
    log = run_ok(mahj, "log", *money_night).stdout
    assert "Linda pays Ruth $12.50" in log  # the same words as the score sheet
