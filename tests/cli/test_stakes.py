"""A night played for money (`mahj new --stake 0.25`): the stake is stored once in the
session file and every view of that night shows money; the points underneath never
change (RULES.md §5). Every refusal leaves the file (or its absence) as it was."""

from __future__ import annotations

import csv
import io
import json
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjcli.core.errors import Refused
from mahjcli.core.money import money, parse_stake, points_of, stake_problem

FIVE = ("Ruth", "Linda", "Kathy", "Pat", "Sue")


@pytest.fixture
def quarter(mahj):
    """A quarter-a-point night with a $50 pie (200 points) and Sue waiting."""
    result = mahj("new", *FIVE, "--stake", "0.25", "--pie", "$50")
    assert result.exit_code == 0, result
    return mahj


def test_the_stake_and_a_money_pie_are_stored_once(quarter, session):
    doc = tomllib.loads(session.read_text())
    assert doc["stake"] == 0.25
    assert doc["pie"] == 200  # $50 at a quarter a point
    assert "stake = 0.25" in session.read_text()


def test_a_win_is_told_in_money(quarter):
    out = quarter("win", "Ruth", "25", "--thrown-by", "Linda").stdout
    # RULES.md §1: thrower pays 50, the others 25: at $0.25 a point
    assert "Linda pays $12.50, Kathy $6.25, Pat $6.25 → Ruth +$25.00" in out
    assert "Totals: Ruth +$25.00, Linda -$12.50, Kathy -$6.25, Pat -$6.25, Sue $0.00" in out


def test_status_log_total_and_settle_up_in_money(quarter):
    quarter("win", "Ruth", "25", "--thrown-by", "Linda")
    quarter("win", "Kathy", "30", "--self-pick")  # 60 from each of Linda, Pat, Sue
    status = quarter("status").stdout
    assert "$0.25 a point · pie $50.00 (200 points)" in status
    assert "+$38.75" in status and "$88.75" in status  # Kathy's total and purse
    log = quarter("log").stdout
    assert "+$45.00" in log and "-$27.50" in log
    total = quarter("total").stdout
    assert "Linda pays Ruth $25.00" in total  # Sue, who never sat with Ruth, pays Kathy
    assert "Sue pays Kathy $15.00" in total
    assert "Sum of totals: $0.00 (sums to zero)" in total
    data = json.loads(quarter("total", "--json").stdout)
    assert data["totals"]["Kathy"] == 155  # points stay points
    assert data["stake"] == 0.25 and data["money"]["Kathy"] == 38.75
    assert json.loads(quarter("status", "--json").stdout)["stake"] == 0.25


def test_the_payment_chart_and_the_pages_in_money(quarter, tmp_path):
    quarter("win", "Ruth", "25", "--thrown-by", "Linda")
    chart = quarter("table").stdout
    assert "in money ($0.25 a point)" in chart and "$25.00" in chart
    page = tmp_path / "night.html"
    assert quarter("total", "--html", str(page)).exit_code == 0
    assert "+$25.00" in page.read_text()


def test_export_has_the_money_columns(quarter):
    quarter("win", "Ruth", "25", "--thrown-by", "Linda")
    rows = list(csv.DictReader(io.StringIO(quarter("export").stdout)))
    linda = next(r for r in rows if r["player"] == "Linda")
    assert (linda["delta"], linda["stake"], linda["money"], linda["money_total"]) == (
        "-50", "0.25", "-12.50", "-12.50")  # fmt: skip


def test_coins_still_work_on_a_points_night(four):
    four("win", "Ruth", "25", "--thrown-by", "Linda")
    assert "Linda pays Ruth 50\n" in four("total").stdout
    assert "Linda pays Ruth $0.50\n" in four("total", "--coins").stdout
    assert "stake" not in json.loads(four("total", "--json").stdout)


@pytest.mark.parametrize("command", ["total", "log", "table"])
def test_coins_show_the_house_rules_in_money_too(mahj, command):
    """With --coins every amount is money, the house rules' line too: the kitty's 25 is
    $0.25, as on a night played for money; without it, points."""
    assert mahj("new", *FIVE, "--house", "kitty", "--house", "jokerless-flat=20").exit_code == 0
    assert mahj("wall").exit_code == 0
    shown = " ".join(mahj(command, "--coins").stdout.split())
    assert "kitty ($0.25 from each seated player on a wall game); jokerless adds $0.20" in shown
    plain = " ".join(mahj(command).stdout.split())
    assert "kitty (25 from each seated player on a wall game); jokerless adds 20" in plain
    if command == "total":
        said = json.loads(mahj("total", "--coins", "--json").stdout)["rule_notes"]
        assert said == json.loads(mahj("total", "--json").stdout)["rule_notes"]  # JSON: points


def test_a_money_pie_on_a_points_night_is_a_cent_a_point(mahj, session):
    assert mahj("new", *FIVE, "--pie", "$5").exit_code == 0
    assert tomllib.loads(session.read_text())["pie"] == 500


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--stake", "0"), "--stake is the money a point is worth"),
        (("--stake", "0.255"), "in whole cents"),
        (("--stake", "quarter"), "not 'quarter'"),
        (("--stake", "101"), "from $0.01 to $100"),
        (("--stake", "0.30", "--pie", "$5"), "--pie $5 is not a whole number of points at $0.30"),
        (("--pie", "$five"), "--pie must be an amount like $5"),
        (("--stake", "0.25", "--rules", "tournament"), "tournament points are not money"),
    ],
)
def test_stake_refusals_create_nothing(mahj, session, args, message):
    players = FIVE[:4] if "tournament" in args else FIVE
    result = mahj("new", *players, *args)
    assert result.exit_code == 1, result
    assert result.stderr.startswith("Error: ") and message in result.stderr
    assert not session.exists()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("stake = 0", "stake must be the dollars a point is worth"),
        ("stake = 0.001", "in whole cents"),
        ('stake = "0.25"', "stake must be"),
        ("stake = inf", "stake must be"),
        ("stake = nan", "stake must be"),
        ("stake = " + "9" * 400, "stake must be"),
    ],
)
def test_a_hand_edited_stake_is_reported_with_its_line(quarter, session, line, message):
    text = session.read_text().replace("stake = 0.25", line)
    session.write_text(text)
    before = session.read_bytes()
    result = quarter("win", "Ruth", "25", "--thrown-by", "Linda")
    assert result.exit_code == 1
    number = text.splitlines().index(line) + 1
    assert f"{session}:{number}: " in result.stderr and message in result.stderr
    assert session.read_bytes() == before


def test_a_tournament_file_with_a_stake_is_refused(mahj, session):
    assert mahj("new", *FIVE[:4], "--rules", "tournament").exit_code == 0
    session.write_text(
        session.read_text().replace('rules = "tournament"', 'rules = "tournament"\nstake = 0.25')
    )
    result = mahj("status")
    assert result.exit_code == 1 and "tournament points are not money" in result.stderr


def test_stake_words():
    assert [parse_stake(t) for t in ("0.01", "$0.05", ".25", "1", "25c", "10¢")] == [
        1, 5, 25, 100, 25, 10]  # fmt: skip
    with pytest.raises(Refused):
        parse_stake("-0.25")
    assert points_of("$5", 25, "--pie") == 20
    assert points_of("500", 25, "--pie") is None
    assert stake_problem(0.05) is None and stake_problem(100) is None
    assert stake_problem(100.01) is not None and stake_problem(True) is not None


@settings(max_examples=200)
@given(st.integers(-(10**7), 10**7), st.integers(1, 10_000))
def test_money_is_exact_in_cents(points: int, stake: int):
    text = money(points, stake, sign=True)
    sign = -1 if text.startswith("-") else 1
    dollars, cents = text.lstrip("+-$").replace(",", "").split(".")
    assert sign * (int(dollars) * 100 + int(cents)) == points * stake


def test_the_stake_survives_a_path_round_trip(quarter, session: Path):
    quarter("win", "Ruth", "25", "--thrown-by", "Linda")
    quarter("undo")
    assert tomllib.loads(session.read_text())["stake"] == 0.25


def test_a_new_night_says_its_stake_and_what_a_thrown_25_costs(mahj, tmp_path):
    said = mahj("new", "A", "B", "C", "D", "--stake", "5").stdout
    assert "Stake: $5.00 a point (a 25 thrown costs the thrower $250.00)\n" in said
    other = tmp_path / "east.toml"
    said = mahj("new", "A", "B", "C", "D", "--stake", "5c", "--house", "east-double",
                "--session", str(other), use_session=False).stdout  # fmt: skip
    assert "(a 25 thrown costs the thrower $2.50; East pays and collects double)" in said
