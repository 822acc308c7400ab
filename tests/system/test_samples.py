"""The sample nights load, check clean, and give the totals worked out by hand."""

from __future__ import annotations

import json

import pytest

from tests.helpers import ROOT

SAMPLES = ROOT / "sample_sessions"


def report(mahj, name, *args):
    result = mahj(*args, "--json", "--session", str(SAMPLES / name), use_session=False)
    assert result.exit_code == 0, result
    return json.loads(result.stdout)


def test_rules_worked_night(mahj):
    assert report(mahj, "rules-worked-night.toml", "total") == {
        "games": 4,
        "totals": {"Ruth": -60, "Linda": -160, "Kathy": 105, "Pat": 115},
        "sum": 0,
        "settle": [
            {"from": "Linda", "to": "Pat", "amount": 115},
            {"from": "Ruth", "to": "Kathy", "amount": 60},
            {"from": "Linda", "to": "Kathy", "amount": 45},
        ],
        "settle_fewest": True,
        "settled": [],
    }


def test_three_player_night(mahj):
    # Worked by hand, game by game (three seated: thrown 2V + V, self-picked 2V + 2V):
    #  1 Ruth 25 thrown by Linda          R +75  L -50  K -25
    #  2 Kathy 30 self-picked             R -60  L -60  K +120
    #  3 Linda 25 jokerless, by Kathy     R -50  L +150 K -100
    #  4 wall
    #  5 Ruth 50 singles-and-pairs, self  R +200 L -100 K -100 (jokerless claim not doubled)
    #  6 Kathy 30 heavenly (East)         R -60  L -60  K +120
    #  7 Linda 35 thrown by Ruth          R -70  L +105 K -35
    #  8 Kathy 25 jokerless self-picked   R -100 L -100 K +200
    #  9 Ruth 40 thrown by Kathy          R +120 L -40  K -80
    # 10 wall
    # 11 Linda 25 heavenly (East)         R -50  L +100 K -50
    # 12 Kathy 30 thrown by Linda         R -30  L -60  K +90
    # 13 Ruth 25 jokerless self-picked    R +200 L -100 K -100
    assert report(mahj, "three-player-night.toml", "total") == {
        "games": 13,
        "totals": {"Ruth": 175, "Linda": -215, "Kathy": 40},
        "sum": 0,
        "settle": [
            {"from": "Linda", "to": "Ruth", "amount": 175},
            {"from": "Linda", "to": "Kathy", "amount": 40},
        ],
        "settle_fewest": True,
        "settled": [],
    }
    games = report(mahj, "three-player-night.toml", "log")["games"]
    assert games[4]["deltas"] == {"Ruth": 200, "Linda": -100, "Kathy": -100}
    assert games[5]["east"] == "Kathy" and games[10]["east"] == "Linda"


def test_five_player_pie_night(mahj):
    games = report(mahj, "five-player-pie-night.toml", "log")["games"]
    # Game 4: Sue self-picks a 50; Linda's purse is 200 - 110 = 90, so she pays 90 (pie).
    assert games[3]["deltas"] == {
        "Ruth": -100, "Linda": -90, "Kathy": 0, "Pat": -100, "Sue": 290, "Bea": 0
    }  # fmt: skip
    # Game 6: Linda is pie and throws: she pays nothing, the others pay in full.
    assert games[5]["deltas"]["Linda"] == 0 and games[5]["deltas"]["Bea"] == 50
    status = report(mahj, "five-player-pie-night.toml", "status")
    assert status["left"] == ["Pat"] and status["waiting"] == ["Bea"]
    assert status["purse"]["Bea"] == 0
    totals = report(mahj, "five-player-pie-night.toml", "total")["totals"]
    assert sum(totals.values()) == 0


def test_club_night_with_bettors_a_kitty_a_pie_arrivals_and_departures(mahj):
    # Two tables (Ruth Linda Kathy Pat | Ann Bea Cy Dot), Sue Eve Flo waiting; house rules
    # bettor and kitty (25); pie 300. Worked by hand (RULES.md §4, §7, §8):
    #  1 T1 Ruth 25 by Linda; Sue on Ruth, Eve on Kathy: Linda 50 Kathy 25 Pat 25 to Ruth,
    #       the same to Sue; Eve pays Ruth Kathy's 25    Ruth +125 Sue +100 Eve -25
    #       -> Sue sits in Ruth's seat; line Eve Flo Ruth
    #  2 T2 wall; Flo bets wall: Ann Bea Cy Dot put 25 each in the kitty (100) and pay
    #       Flo 25 each: -50 each, Flo +100 -> Eve sits in Ann's seat; line Flo Ruth Ann
    #  3 T2 Cy self-picks 30: Bea Dot Eve pay 60 each, Cy takes the kitty: Cy +280
    #       -> Flo sits in Bea's seat; line Ruth Ann Bea
    #    Gil arrives (back of the line); Pat leaves, Ruth takes Pat's seat
    #  4 T1 Kathy 40 jokerless by Sue (80 in use): Sue 160 Linda 80 Ruth 80; Ann (on Sue)
    #       pays Kathy 160; Bea (wall bet) pays Kathy what a non-thrower pays, 80: Kathy +560
    #  5 T2 wall (Dot dead): Eve Flo Cy Dot put 25 each in the kitty
    #  6 T1 Ruth self-picks 25: Sue Ann Kathy pay 50 each, Ruth +150
    #  7 T2 Bea 50 jokerless by Dot (100 in use): Dot owes 200 but has 165 left (pie), Eve
    #       100, Flo 100; Linda (on Eve) pays Bea 100; Bea takes the kitty 100: Bea +565
    #    Flo leaves; Cy takes her seat
    assert report(mahj, "club-night.toml", "total")["totals"] == {
        "Ruth": 195, "Linda": -280, "Kathy": 460, "Pat": -50, "Ann": -260, "Bea": 375,
        "Cy": 205, "Dot": -300, "Sue": -110, "Eve": -210, "Flo": -25, "Gil": 0,
    }  # fmt: skip
    status = report(mahj, "club-night.toml", "status")
    assert status["tables"] == [
        {"table": 1, "east": "Ruth", "seated": ["Ruth", "Sue", "Ann", "Gil"]},
        {"table": 2, "east": "Eve", "seated": ["Eve", "Cy", "Bea", "Linda"]},
    ]
    assert status["waiting"] == ["Kathy", "Dot"] and status["left"] == ["Pat", "Flo"]
    assert status["purse"]["Dot"] == 0 and status["kitty"] == {}
    games = report(mahj, "club-night.toml", "log")["games"]
    assert [g["table"] for g in games] == [1, 2, 2, 1, 2, 1, 2]
    for game in games:  # every game sums to zero, the kitty counting as an account
        kitty = sum(p["paid"] for p in game.get("payments", []) if p["to"] is None)
        kitty -= sum(p["paid"] for p in game.get("payments", []) if p["from"] is None)
        assert sum(game["deltas"].values()) + kitty == 0


@pytest.mark.parametrize("path", sorted(SAMPLES.rglob("*.toml")), ids=lambda p: p.name)
def test_every_sample_checks_clean(mahj, path):
    event = 'kind = "event"' in path.read_text("utf-8")
    result = mahj(*(["event"] if event else []), "check", "--session", str(path), use_session=False)
    assert result.exit_code == 0, result
