"""RULES.md §7: a director's profile, each option one named key with two values, and the
points each option gives (the Master Points value first, then the alternative)."""

from __future__ import annotations

import pytest

from mahjcli.core.fold import fold
from mahjcli.core.model import Error, Wall, Win
from mahjcli.core.profiles import OPTIONS, built_in, profile_table, read_profile
from mahjcli.core.rulesets import Tournament
from mahjcli.core.session import Session

SEATS = ("Barbara", "Linda", "Susan", "Nancy")


def points(profile: dict, *log) -> tuple[int, ...]:
    """Each player's total after `log` under the profile written as `profile`."""
    rules, problems = read_profile({"name": "Test", **profile})
    assert not problems
    assert rules is not None
    standings = fold(Session(players=SEATS, easts=(SEATS[0],), rules=rules, log=tuple(log)))
    assert not standings.problems, standings.problems
    return standings.totals


def test_dead_hand_in_a_wall_game_minus_ten_or_zero():
    # Nancy dead: the other three +10; Nancy -10 by Master Points, 0 by the alternative.
    assert points({}, Wall(dead=("Nancy",))) == (10, 10, 10, -10)
    assert points({"dead_hand_wall_game": -10}, Wall(dead=("Nancy",))) == (10, 10, 10, -10)
    assert points({"dead_hand_wall_game": 0}, Wall(dead=("Nancy",))) == (10, 10, 10, 0)


@pytest.mark.parametrize(
    ("exposures", "mjmp", "thirty"), [(1, -10, -10), (2, -20, -20), (3, -25, -30), (4, -25, -30)]
)
def test_thrower_at_three_exposures_minus_25_or_30(exposures, mjmp, thirty):
    win = Win("Barbara", 30, thrown_by="Linda", exposures=exposures)
    assert points({}, win) == (30, mjmp, 0, 0)
    assert points({"thrower_three_exposures": 25}, win) == (30, mjmp, 0, 0)
    assert points({"thrower_three_exposures": 30}, win) == (30, thirty, 0, 0)


def test_misnamed_discard_replaces_or_adds():
    two = Win("Barbara", 30, thrown_by="Linda", exposures=2, misnamed=True)
    assert points({"misnamed_discard": "replace"}, two) == (30, -25, 0, 0)
    assert points({"misnamed_discard": "add"}, two) == (30, -45, 0, 0)
    three = two._replace(exposures=3)
    both = {"misnamed_discard": "add", "thrower_three_exposures": 30}
    assert points(both, three) == (30, -55, 0, 0)


def test_mah_jongg_in_error_refused_by_master_points_scored_by_the_option():
    rules, _ = read_profile({"name": "Test"})
    assert rules is not None
    standings = fold(Session(SEATS, (SEATS[0],), rules, (Error("Susan"),)))
    assert standings.problems and "mj-in-error" in standings.problems[0].message
    assert points({"mj_in_error": True}, Error("Susan")) == (0, 0, 0, 0)
    assert points({"mj_in_error": True}, Error("Susan", intact="Nancy")) == (0, 0, 0, 10)


def test_a_profile_with_every_option_is_written_and_read_back_the_same():
    rules, _ = read_profile(
        {
            "name": "Coastal Classic",
            "source": "Coastal sheet 2026",
            "dead_hand_wall_game": 0,
            "thrower_three_exposures": 30,
            "misnamed_discard": "add",
            "mj_in_error": True,
        }
    )
    assert rules is not None
    assert rules.profile == "Coastal Classic" and rules.source == "Coastal sheet 2026"
    assert rules.misnamed_adds and rules.at_three == 30 and rules.dead_wall == 0
    table = profile_table(rules)
    assert set(table) == {"name", "source", *OPTIONS}
    assert read_profile(table) == (rules, [])


@pytest.mark.parametrize(
    ("doc", "key", "words"),
    [
        ({}, "name", "a profile needs a name"),
        ({"name": "X", "dead_hand_wall_game": -5}, "dead_hand_wall_game", "must be -10 or 0"),
        ({"name": "X", "mj_in_error": 1}, "mj_in_error", "must be false or true, not 1"),
        ({"name": "X", "misnamed_discard": "adds"}, "misnamed_discard", '"replace" or "add"'),
        ({"name": "X", "dead_hand_wal_game": 0}, "dead_hand_wal_game", "did you mean"),
        ({"name": "X", "source": "a\x1b[2Jb"}, "source", "control character"),
    ],
)
def test_a_profile_that_cannot_be_used_says_which_key_and_why(doc, key, words):
    rules, problems = read_profile(doc)
    assert rules is None
    assert problems[0][0] == key and words in problems[0][1]


def test_master_points_is_the_profile_known_by_name():
    assert built_in("mjmp") == built_in("MJMP") == Tournament()
    assert built_in("Coastal") is None
    assert Tournament().rule_notes()[0] == "Profile: mjmp (Mah Jongg Master Points)."
