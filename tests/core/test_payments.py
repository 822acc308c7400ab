"""RULES.md §1 and §2 payment numbers, straight from the rule book's tables."""

from __future__ import annotations

import pytest

from mahjcli.core import payments as rules

FOUR = ["Ruth", "Linda", "Kathy", "Pat"]
THREE = ["Ruth", "Linda", "Kathy"]


@pytest.mark.parametrize(
    ("thrown_by", "jokerless", "owed", "collects"),
    [
        ("Linda", False, {"Linda": 50, "Kathy": 25, "Pat": 25}, 100),
        (None, False, {"Linda": 50, "Kathy": 50, "Pat": 50}, 150),
        ("Linda", True, {"Linda": 100, "Kathy": 50, "Pat": 50}, 200),
        (None, True, {"Linda": 100, "Kathy": 100, "Pat": 100}, 300),
    ],
    ids=["thrown", "self-picked", "jokerless thrown", "jokerless self-picked"],
)
def test_25_point_hand_four_seated(thrown_by, jokerless, owed, collects):
    got = rules.league_owed("Ruth", 25, thrown_by, FOUR, jokerless=jokerless)
    assert got == owed
    assert sum(got.values()) == collects


@pytest.mark.parametrize(
    ("thrown_by", "jokerless", "owed", "collects"),
    [
        ("Linda", False, {"Linda": 50, "Kathy": 25}, 75),
        (None, False, {"Linda": 50, "Kathy": 50}, 100),
        ("Linda", True, {"Linda": 100, "Kathy": 50}, 150),
        (None, True, {"Linda": 100, "Kathy": 100}, 200),
    ],
)
def test_25_point_hand_three_seated(thrown_by, jokerless, owed, collects):
    got = rules.league_owed("Ruth", 25, thrown_by, THREE, jokerless=jokerless)
    assert got == owed
    assert sum(got.values()) == collects


@pytest.mark.parametrize(
    ("seated", "thrown", "multiple"),
    [(4, True, 4), (4, False, 6), (3, True, 3), (3, False, 4)],
)
@pytest.mark.parametrize("value", [25, 30, 35, 40, 50, 75])
def test_winner_collects_multiple_of_v(seated, thrown, multiple, value):
    players = FOUR[:seated]
    owed = rules.league_owed("Ruth", value, "Linda" if thrown else None, players)
    assert sum(owed.values()) == multiple * value
    jokerless = rules.league_owed(
        "Ruth", value, "Linda" if thrown else None, players, jokerless=True
    )
    assert sum(jokerless.values()) == 2 * multiple * value


def test_singles_and_pairs_never_doubled():
    plain = rules.league_owed("Ruth", 50, None, FOUR)
    claimed = rules.league_owed("Ruth", 50, None, FOUR, jokerless=True, has_group=False)
    assert claimed == plain == {"Linda": 100, "Kathy": 100, "Pat": 100}


@pytest.mark.parametrize(
    ("value", "jokerless", "has_group", "in_use"),
    [
        (25, True, True, 50),  # jokerless Garden steps
        (25, False, True, 25),  # Garden steps with a joker
        (50, True, False, 50),  # Quiet path stays 50
        (40, True, True, 80),  # jokerless Dragon thread
        (40, False, True, 40),  # Dragon thread with a joker in a dragon pung
    ],
)
def test_value_in_use(value, jokerless, has_group, in_use):
    assert rules.value_in_use(value, jokerless, has_group) == in_use


def test_east_pays_like_everyone_else():
    # Kathy is East: nothing about the seat changes the payment.
    assert rules.league_owed("Ruth", 25, "Kathy", FOUR) == {"Linda": 25, "Kathy": 50, "Pat": 25}


@pytest.mark.parametrize(
    ("exposures", "penalty"), [(0, 10), (1, 10), (2, 20), (3, 25), (4, 25), (5, 25)]
)
def test_tournament_thrower_penalty_by_exposures(exposures, penalty):
    assert rules.thrower_penalty(exposures) == penalty
    assert rules.tournament_thrower_points(exposures, misnamed=False, misnamed_adds=False) == (
        -penalty
    )
    assert rules.tournament_thrower_points(exposures, misnamed=True, misnamed_adds=False) == -25
    assert rules.tournament_thrower_points(exposures, misnamed=True, misnamed_adds=True) == (
        -penalty - 25
    )


@pytest.mark.parametrize(
    ("value", "self_picked", "jokerless", "has_group", "heavenly", "points"),
    [
        (30, False, False, True, False, 30),  # Barbara
        (25, True, True, True, False, 55),  # Susan
        (50, True, True, False, False, 60),  # Carol, singles and pairs
        (25, False, True, True, False, 45),
        (40, True, True, True, True, 40),  # heavenly: value only
    ],
)
def test_tournament_winner_points(value, self_picked, jokerless, has_group, heavenly, points):
    got = rules.tournament_winner_points(
        value, self_picked=self_picked, jokerless=jokerless, has_group=has_group, heavenly=heavenly
    )
    assert got == points


def test_tournament_wall():
    assert rules.tournament_wall_points(["Nancy", "A", "B", "C"], ["Nancy"]) == {
        "Nancy": -10,
        "A": 10,
        "B": 10,
        "C": 10,
    }
