"""`mahjcli.charts`: chart numbers from RULES.md §1 and §6, value parsing and cell layout."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjcli.core import payments as rules
from mahjcli.core.errors import Refused
from mahjcli.core.rulesets import League, Tournament
from mahjcli.reports import paychart as charts
from mahjcli.reports import pointchart
from mahjcli.reports.words import points


def cell(value: int, seated: int, column: str) -> charts.Cell:
    return charts.league_chart([value], seated).rows[0].cell(column)


# RULES.md §1: thrower pays 2V / others V; self-picked 2V each; jokerless doubles both.
@pytest.mark.parametrize(
    ("seated", "column", "collects", "pays"),
    [
        (4, "thrown", 100, (50, 25, 25)),
        (4, "self_picked", 150, (50, 50, 50)),
        (4, "jokerless_thrown", 200, (100, 50, 50)),
        (4, "jokerless_self_picked", 300, (100, 100, 100)),
        (3, "thrown", 75, (50, 25)),
        (3, "self_picked", 100, (50, 50)),
        (3, "jokerless_thrown", 150, (100, 50)),
        (3, "jokerless_self_picked", 200, (100, 100)),
    ],
)
def test_a_25_hand_in_every_column(seated, column, collects, pays):
    got = cell(25, seated, column)
    assert (got.collects, got.pays) == (collects, pays)
    assert got.thrown == column.endswith("thrown")


@pytest.mark.parametrize(
    ("column", "four", "three"),
    [
        ("thrown", "120 (60 + 30 + 30)", "90 (60 + 30)"),
        ("self_picked", "180 (60 + 60 + 60)", "120 (60 + 60)"),
        ("jokerless_thrown", "240 (120 + 60 + 60)", "180 (120 + 60)"),
        ("jokerless_self_picked", "360 (120 + 120 + 120)", "240 (120 + 120)"),
    ],
)
def test_a_30_hand_as_printed(column, four, three):
    assert cell(30, 4, column).text() == four
    assert cell(30, 3, column).text() == three


def test_collectors_multiples_of_v_match_the_rule_table():
    # RULES.md §1: winner collects 4V/6V/8V/12V (4 seated) and 3V/4V/6V/8V (3 seated).
    for value in (25, 30, 35, 40, 50, 75):
        for seated, multiples in ((4, (4, 6, 8, 12)), (3, (3, 4, 6, 8))):
            row = charts.league_chart([value], seated).rows[0]
            assert tuple(c.collects for c in row.cells) == tuple(m * value for m in multiples)


@given(st.integers(1, 1000), st.sampled_from([3, 4]))
def test_every_cell_agrees_with_the_rules_module(value, seated):
    names = ["W", "T", "B", "C"][:seated]
    row = charts.league_chart([value], seated).rows[0]
    for column, c in zip(charts.COLUMNS, row.cells, strict=True):
        self_picked = "self_picked" in column
        owed = rules.league_owed(
            "W", value, None if self_picked else "T", names, jokerless="jokerless" in column
        )
        assert c.collects == sum(owed.values()) == sum(c.pays)
        assert c.pays == tuple(owed[n] for n in names[1:])


def test_coins_formatting_of_a_cell():
    def fmt(n: int) -> str:
        return points(n, coins=True, sign=False)

    assert cell(25, 4, "thrown").text(fmt) == "$1.00 ($0.50 + $0.25 + $0.25)"
    assert cell(75, 4, "jokerless_self_picked").text(fmt) == "$9.00 ($3.00 + $3.00 + $3.00)"
    assert cell(35, 3, "thrown").text(fmt) == "$1.05 ($0.70 + $0.35)"


def test_league_json_shape():
    data = charts.league_json(charts.league_chart([25, 30], 4))
    assert data["rules"] == "league"
    assert data["players"] == 4
    assert data["values"] == [25, 30]
    first = data["rows"][0]
    assert first["value"] == 25
    assert first["thrown"] == {
        "collects": 100,
        "pays": [50, 25, 25],
        "thrower": 50,
        "text": "100 (50 + 25 + 25)",
        "payable": True,
    }
    assert first["pairs_only"] is False
    assert first["self_picked"]["thrower"] is None
    assert first["jokerless_self_picked"]["collects"] == 300


def test_a_pairs_only_value_has_no_jokerless_payment():
    """A value whose every card line is singles and pairs can never be paid as jokerless
    (RULES.md §2): its jokerless cells are a dash, and the JSON says what such a hand
    really collects (the same as without the claim)."""
    chart = charts.league_chart([25, 50], 4, pairs_only=frozenset({50}))
    grid = charts.league_grid(chart, str, 200)
    assert grid[0][2] == "200 (100 + 50 + 50)"  # 25 has a line with groups
    assert grid[1] == ["200 (100 + 50 + 50)", "300 (100 + 100 + 100)", "—", "—"]
    narrow = charts.league_grid(chart, str, 30)
    assert narrow[1][2:] == ["—", "—"]
    row = charts.league_json(chart)["rows"][1]
    assert row["pairs_only"] is True
    assert row["jokerless_thrown"]["payable"] is False
    assert row["jokerless_thrown"]["collects"] == row["thrown"]["collects"] == 200
    assert row["jokerless_thrown"]["text"] == "—"


def test_a_pairs_only_value_in_the_tournament_chart():
    """Tournament: a pairs-only value keeps the self-pick bonus but never the jokerless one."""
    chart = pointchart.tournament_chart([25, 50], pairs_only=frozenset({50}))
    assert chart.rows[1].cells() == ("50", "60", "—", "—")
    assert chart.rows[0].cells() == ("25", "35", "45", "55")
    data = pointchart.tournament_json(chart)
    assert data["rows"][1]["pairs_only"] is True
    assert data["rows"][1]["jokerless_self_picked"] == 60


# ---- tournament (RULES.md §6) ------------------------------------------------------------


def test_tournament_winner_points_per_value():
    chart = pointchart.tournament_chart([25, 30, 50])
    by_value = {row.value: row for row in chart.rows}
    assert by_value[25].points == (25, 35, 45, 55)  # Susan's self-picked jokerless 25 → 55
    assert by_value[30].get("thrown") == 30  # Barbara's 30, thrown
    assert by_value[50].get("self_picked") == 60
    assert by_value[50].get("jokerless_self_picked") == 80
    assert by_value[50].heavenly == 50  # heavenly: value only


def test_thrower_penalty_by_winner_exposures():
    bands = pointchart.thrower_bands(misnamed_adds=False)
    assert [(b.label, b.low, b.high, b.points, b.misnamed) for b in bands] == [
        ("0-1", 0, 1, -10, -25),
        ("2", 2, 2, -20, -25),
        ("3+", 3, 5, -25, -25),
    ]


def test_misnamed_discard_added_when_the_option_says_so():
    bands = pointchart.thrower_bands(misnamed_adds=True)
    assert [(b.label, b.points, b.misnamed) for b in bands] == [
        ("0-1", -10, -35),
        ("2", -20, -45),
        ("3+", -25, -50),
    ]


def test_tournament_json_shape():
    data = pointchart.tournament_json(pointchart.tournament_chart([25]))
    assert data["rules"] == "tournament"
    assert data["players"] == 4
    assert data["rows"] == [
        {
            "value": 25,
            "thrown": 25,
            "self_picked": 35,
            "jokerless_thrown": 45,
            "jokerless_self_picked": 55,
            "heavenly": 25,
            "pairs_only": False,
        }
    ]
    assert data["thrower"][1] == {
        "exposures": "2",
        "min": 2,
        "max": 2,
        "points": -20,
        "misnamed": -25,
    }
    assert data["wall"] == {"live": 10, "dead": -10}


# ---- choosing values and players -----------------------------------------------------------


def test_parse_values_sorts_and_drops_repeats():
    assert charts.parse_values("50,25, 30,25") == (25, 30, 50)
    assert charts.parse_values("1000") == (1000,)
    assert charts.parse_values("1") == (1,)


@pytest.mark.parametrize(
    ("typed", "fragment"),
    [
        ("", "separated by commas"),
        ("25,,30", "separated by commas"),
        ("25,", "separated by commas"),
        ("abc", "'abc' is not a whole number"),
        ("25.5", "'25.5' is not a whole number"),
        ("-25", "'-25' is not a whole number"),
        ("0", "0 is out of range"),
        ("1001", "1001 is out of range"),
        ("２５", "is not a whole number"),
    ],
)
def test_parse_values_refuses(typed, fragment):
    with pytest.raises(Refused, match="--values") as info:
        charts.parse_values(typed)
    assert fragment in str(info.value)


def test_players_three_or_four_and_tournament_four_only():
    assert charts.check_players(3, League()) == 3
    assert charts.check_players(4, Tournament()) == 4
    for bad in (2, 5, 0):
        with pytest.raises(Refused, match="3 or 4"):
            charts.check_players(bad, League())
    with pytest.raises(Refused, match="exactly 4"):
        charts.check_players(3, Tournament())


# ---- layout ----------------------------------------------------------------------------


def test_grid_one_line_when_it_fits():
    chart = charts.league_chart([25], 3)
    assert charts.league_grid(chart, str, 80) == [
        ["75 (50 + 25)", "100 (50 + 50)", "150 (100 + 50)", "200 (100 + 100)"]
    ]


def test_grid_two_lines_when_one_line_is_too_wide():
    chart = charts.league_chart([25, 75], 4)
    grid = charts.league_grid(chart, str, 59)
    assert grid[1] == [
        "300\n150 + 75 + 75",
        "450\n150 + 150 + 150",
        "600\n300 + 150 + 150",
        "900\n300 + 300 + 300",
    ]


def test_grid_breaks_payments_when_two_lines_are_still_too_wide():
    def fmt(n: int) -> str:
        return points(n, coins=True, sign=False)

    chart = charts.league_chart([75], 4)
    grid = charts.league_grid(chart, fmt, 59)
    assert grid[0][0] == "$3.00\n$1.50 + $0.75\n+ $0.75"
    assert all(len(line) <= 14 for c in grid[0] for line in c.split("\n"))
