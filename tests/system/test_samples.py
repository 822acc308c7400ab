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


@pytest.mark.parametrize("path", sorted(SAMPLES.rglob("*.toml")), ids=lambda p: p.name)
def test_every_sample_checks_clean(mahj, path):
    event = 'kind = "event"' in path.read_text("utf-8")
    result = mahj(*(["event"] if event else []), "check", "--session", str(path), use_session=False)
    assert result.exit_code == 0, result
