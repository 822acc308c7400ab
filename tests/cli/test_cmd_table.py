"""`mahj table`: payment charts with or without a session, options, JSON and layout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

DEFAULT_VALUES = [25, 30, 35, 40, 50, 75]


def chart(run, *args: str, use_session: bool = False) -> dict:
    result = run("table", "--json", *args, use_session=use_session)
    assert result.exit_code == 0, result
    return json.loads(result.stdout)


def columns(row: dict) -> dict[str, tuple[int, list[int]]]:
    return {
        key: (row[key]["collects"], row[key]["pays"])
        for key in ("thrown", "self_picked", "jokerless_thrown", "jokerless_self_picked")
    }


# ---- without a session ----------------------------------------------------------------------


def test_no_session_at_all_uses_four_players_and_the_default_values(mahj):
    data = chart(mahj)
    assert data["rules"] == "league"
    assert data["players"] == 4
    assert data["values"] == DEFAULT_VALUES
    assert [row["value"] for row in data["rows"]] == DEFAULT_VALUES
    assert columns(data["rows"][0]) == {
        "thrown": (100, [50, 25, 25]),
        "self_picked": (150, [50, 50, 50]),
        "jokerless_thrown": (200, [100, 50, 50]),
        "jokerless_self_picked": (300, [100, 100, 100]),
    }
    assert data["rows"][0]["thrown"]["text"] == "100 (50 + 25 + 25)"


def test_three_players(mahj):
    data = chart(mahj, "--players", "3", "--values", "25,40")
    assert data["players"] == 3
    assert columns(data["rows"][0]) == {
        "thrown": (75, [50, 25]),
        "self_picked": (100, [50, 50]),
        "jokerless_thrown": (150, [100, 50]),
        "jokerless_self_picked": (200, [100, 100]),
    }
    assert columns(data["rows"][1]) == {
        "thrown": (120, [80, 40]),
        "self_picked": (160, [80, 80]),
        "jokerless_thrown": (240, [160, 80]),
        "jokerless_self_picked": (320, [160, 160]),
    }


def test_four_players_every_column_for_a_30_hand(mahj):
    row = chart(mahj, "--values", "30")["rows"][0]
    # RULES.md §1 worked night, game 2: Kathy self-picks a 30 → 60 each, +180.
    assert columns(row) == {
        "thrown": (120, [60, 30, 30]),
        "self_picked": (180, [60, 60, 60]),
        "jokerless_thrown": (240, [120, 60, 60]),
        "jokerless_self_picked": (360, [120, 120, 120]),
    }


def test_values_option_sorted_and_deduplicated(mahj):
    assert chart(mahj, "--values", "50, 25,50")["values"] == [25, 50]


def test_text_chart_shows_each_cell(mahj):
    result = mahj("table", "--players", "3", "--values", "25", use_session=False)
    assert result.exit_code == 0, result
    for cell in ("75 (50 + 25)", "100 (50 + 50)", "150 (100 + 50)", "200 (100 + 100)"):
        assert cell in result.stdout
    assert "League payments, 3 seated" in result.stdout
    assert "the thrower first" in result.stdout


def test_coins(mahj):
    result = mahj("table", "--coins", "--players", "3", "--values", "25,35", use_session=False)
    assert result.exit_code == 0, result
    # At 80 columns each coin cell shows the total over the payments.
    for total, pays in [("$0.75", "$0.50 + $0.25"), ("$1.05", "$0.70 + $0.35"),
                        ("$2.80", "$1.40 + $1.40")]:  # fmt: skip
        assert total in result.stdout
        assert pays in result.stdout
    assert "in coins" in result.stdout
    data = chart(mahj, "--coins", "--values", "25")
    assert data["coins"] is True
    assert data["rows"][0]["thrown"]["collects"] == 100  # JSON stays in integer points
    assert data["rows"][0]["thrown"]["text"] == "$1.00 ($0.50 + $0.25 + $0.25)"


def test_tournament_chart(mahj):
    data = chart(mahj, "--rules", "tournament", "--values", "25,30,50")
    assert data["rules"] == "tournament"
    rows = {row["value"]: row for row in data["rows"]}
    assert rows[25]["jokerless_self_picked"] == 55
    assert rows[30]["thrown"] == 30
    assert rows[50]["self_picked"] == 60
    assert rows[50]["heavenly"] == 50
    assert [(b["exposures"], b["points"], b["misnamed"]) for b in data["thrower"]] == [
        ("0-1", -10, -25),
        ("2", -20, -25),
        ("3+", -25, -25),
    ]
    assert data["misnamed_adds"] is False
    text = mahj("table", "--rules", "tournament", "--values", "25", use_session=False).stdout
    assert "Mis-named" in text
    assert "3+" in text and "-25" in text and "-20" in text
    assert "Wall game: +10 for each live hand, -10 for a dead one" in text


# ---- from a session ----------------------------------------------------------------------------


def test_current_session_gives_its_table_size_and_card_values(mahj):
    assert (
        mahj("new", "Ruth", "Linda", "Kathy", "--card", "sample", use_session=False).exit_code == 0
    )
    data = chart(mahj)
    assert data["players"] == 3
    assert data["values"] == [25, 30, 40, 50]  # the sample card's values
    text = mahj("table", use_session=False).stdout
    assert "Values from the card: Light Mahjong Card 2025." in text


def test_options_override_the_session(four, session):
    data = chart(four, "--players", "3", "--values", "35", use_session=True)
    assert (data["players"], data["values"]) == (3, [35])


def test_five_players_chart_for_the_four_seated(mahj):
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue").exit_code == 0
    assert chart(mahj, use_session=True)["players"] == 4


def test_tournament_session_prints_the_tournament_chart_with_its_option(mahj):
    new = mahj("new", "A", "B", "C", "D", "--rules", "tournament", "--misnamed", "add")
    assert new.exit_code == 0, new
    data = chart(mahj, use_session=True)
    assert data["rules"] == "tournament"
    assert data["misnamed_adds"] is True
    assert [b["misnamed"] for b in data["thrower"]] == [-35, -45, -50]
    league = chart(mahj, "--rules", "league", use_session=True)
    assert (league["rules"], league["players"]) == ("league", 4)


def test_card_option_gives_its_values(mahj):
    assert chart(mahj, "--card", "sample")["values"] == [25, 30, 40, 50]


def test_stale_current_session_falls_back_to_defaults(mahj, tmp_path):
    assert mahj("new", "A", "B", "C", use_session=False).exit_code == 0
    current = Path((tmp_path / "data" / "current").read_text().strip())
    current.unlink()
    data = chart(mahj)
    assert (data["players"], data["values"]) == (4, DEFAULT_VALUES)


def test_environment_session_is_used(mahj, session, monkeypatch):
    """`MAHJ_SESSION` names the night even when another night is the current one."""
    assert mahj("new", "A", "B", "C").exit_code == 0
    other = str(session.parent / "other.toml")
    assert mahj("new", "A", "B", "C", "D", "--session", other, use_session=False).exit_code == 0
    assert chart(mahj)["players"] == 4  # the current night, started last
    monkeypatch.setenv("MAHJ_SESSION", str(session))
    assert chart(mahj)["players"] == 3


# ---- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--values", "25,abc"], "Error: --values: 'abc' is not a whole number"),
        (["--values", "0"], "Error: --values: 0 is out of range; each value must be 1 to 1000"),
        (["--values", "1001"], "Error: --values: 1001 is out of range"),
        (["--values", "25,,30"], "Error: --values needs whole numbers separated by commas"),
        (["--players", "5"], "Error: --players must be 3 or 4"),
        (["--players", "2"], "Error: --players must be 3 or 4"),
        (["--rules", "club"], "Error: --rules must be league or tournament, not 'club'"),
        (["--rules", "tournament", "--players", "3"], "Error: a tournament table has exactly 4"),
        (["--rules", "tournament", "--coins"], "Error: tournament points are not money"),
        (["--card", "nowhere.toml"], "Error: no card file at nowhere.toml"),
    ],
)
def test_refusals_are_one_error_line_and_leave_the_session_alone(four, session, args, message):
    before = session.read_bytes()
    result = four("table", *args)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(message), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert session.read_bytes() == before


def test_a_named_session_that_does_not_exist_is_an_error(mahj, tmp_path):
    result = mahj("table", "--session", str(tmp_path / "gone.toml"), use_session=False)
    assert result.exit_code == 1
    assert "Error: no session file at" in result.stderr


def test_players_must_be_a_number(mahj):
    result = mahj("table", "--players", "four", use_session=False)
    assert result.exit_code == 1
    assert result.stderr == "Error: --players must be a whole number like 25, not 'four'\n"


# ---- layout ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["--coins"],
        ["--players", "3"],
        ["--players", "3", "--coins"],
        ["--values", "25,1000", "--coins"],
        ["--rules", "tournament"],
    ],
)
def test_chart_fits_80_columns_without_colour(mahj, monkeypatch, args):
    monkeypatch.setenv("COLUMNS", "80")
    result = mahj("table", *args, use_session=False)
    assert result.exit_code == 0, result
    assert "\x1b[" not in result.stdout
    widths = [len(line) for line in result.stdout.splitlines()]
    assert max(widths) <= 80
    assert max(widths) >= 60  # a real table was drawn


def test_four_player_chart_at_80_columns_puts_payments_under_the_total(mahj, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    out = mahj("table", "--values", "25", use_session=False).stdout
    lines = out.splitlines()
    top = next(line for line in lines if "│    25 │" in line)
    below = lines[lines.index(top) + 1]
    assert [c.strip() for c in top.split("│")[1:-1]] == ["25", "100", "150", "200", "300"]
    assert [c.strip() for c in below.split("│")[1:-1]] == [
        "",
        "50 + 25 + 25",
        "50 + 50 + 50",
        "100 + 50 + 50",
        "100 + 100 + 100",
    ]


def test_wide_terminal_still_gets_a_printable_chart(mahj, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    out = mahj("table", use_session=False).stdout
    assert max(len(line) for line in out.splitlines()) <= 80


def test_printed_to_a_file_has_no_escape_codes_and_fits_80(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "NO_COLOR", "TERM")}
    env["MAHJ_DATA_DIR"] = str(tmp_path / "data")
    target = tmp_path / "chart.txt"
    with target.open("wb") as handle:
        subprocess.run(
            [sys.executable, "-m", "mahjcli", "table", "--coins"],
            stdout=handle,
            env=env,
            check=True,
        )
    text = target.read_text(encoding="utf-8")
    assert "\x1b" not in text
    assert "$1.00" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_help_has_an_example(mahj):
    result = mahj("table", "--help", use_session=False)
    assert result.exit_code == 0
    assert "Example: mahj table" in result.stdout
