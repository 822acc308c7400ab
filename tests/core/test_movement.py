"""RULES.md §9: the movements' table for 1 to 12 tables, byes in turn, and the
fewest-repeats plan (no repeat wherever the field allows it, never worse than the fixed
movements; how long it takes on 400 players is the benchmark's to say)."""

from __future__ import annotations

import random
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjcli.core import eventplan
from mahjcli.core.event import RoundSeating
from mahjcli.core.movement import (
    _carried,
    bye_counts,
    choose_byes,
    fixed,
    in_tables,
    letters,
    met_counts,
    moved_table,
    plan,
    repeats,
    repeats_over,
    seat_round,
)

RULES_TABLE = {
    # seat: (A/B/C/D movement, East-stays movement), in tables moved "up" (+) or "down" (-)
    "abcd": {"A": +1, "B": -1, "C": +2, "D": -2},
    "east-stays": {"A": 0, "B": -1, "C": +2, "D": +1},
}


def names(n: int) -> list[str]:
    return [f"P{i:03d}" for i in range(n)]


def first_round(n: int) -> RoundSeating:
    return RoundSeating(1, "given", in_tables(names(n)))


@pytest.mark.parametrize("method", sorted(RULES_TABLE))
@pytest.mark.parametrize("tables", range(1, 13))
def test_every_seat_moves_as_the_rules_table_says_with_wrap_around(method, tables):
    before = first_round(4 * tables)
    after = fixed(before, names(4 * tables), method)
    assert len(after) == tables
    for t, table in enumerate(before.tables, 1):
        for s, letter in enumerate("ABCD"):
            expected = (t - 1 + RULES_TABLE[method][letter]) % tables + 1
            assert moved_table(t, s, tables, method) == expected
            # ... and the player really is there, in the same seat letter
            assert after[expected - 1][s] == table[s]


@pytest.mark.parametrize("method", sorted(RULES_TABLE))
@pytest.mark.parametrize("tables", range(1, 13))
def test_every_table_gets_exactly_one_player_of_each_seat_letter(method, tables):
    before = first_round(4 * tables)
    letter_of = {p: s for table in before.tables for s, p in enumerate(table)}
    after = fixed(before, names(4 * tables), method)
    for table in after:
        assert [letter_of[p] for p in table] == [0, 1, 2, 3]
    assert sorted(p for table in after for p in table) == names(4 * tables)


def test_moving_past_the_last_table_wraps_to_table_one():
    # Five tables: A of table 5 goes up to 1; B of table 1 goes down to 5; C of 4 to 1.
    assert moved_table(5, 0, 5, "abcd") == 1
    assert moved_table(1, 1, 5, "abcd") == 5
    assert moved_table(4, 2, 5, "abcd") == 1
    assert moved_table(2, 3, 5, "abcd") == 5
    assert moved_table(3, 0, 5, "east-stays") == 3


def test_players_back_from_a_bye_fill_the_seats_left_empty():
    before = RoundSeating(1, "given", in_tables(names(8)), ("P008", "P009"))
    field = names(10)
    byes = choose_byes(field, bye_counts([before]))
    assert byes == ("P000", "P001")  # fewest byes, then first registered
    sitting = [p for p in field if p not in byes]
    after = fixed(before, sitting, "abcd")
    # P000 (A, table 1 -> 2) and P001 (B, table 1 -> 2) sit out; the returning P008 and
    # P009 take those two seats, table by table, seat by seat.
    assert after[1][0] == "P008" and after[1][1] == "P009"
    assert after[1][2:] == ("P006", "P007")  # C and D of table 2 went up/down 2 = stayed
    assert sorted(p for t in after for p in t) == sorted(sitting)


def test_byes_go_to_those_who_sat_out_least_then_in_registration_order():
    field = ["Ann", "Bea", "Cy", "Dot", "Eve", "Fay"]
    assert choose_byes(field, {}) == ("Ann", "Bea")
    assert choose_byes(field, {"Ann": 1, "Bea": 1}) == ("Cy", "Dot")
    assert choose_byes(field, {"Ann": 1, "Bea": 1, "Cy": 1, "Dot": 1}) == ("Eve", "Fay")
    assert choose_byes(field[:4], {}) == ()


@settings(max_examples=60)
@given(
    size=st.integers(5, 43).filter(lambda n: n % 4),
    rounds=st.integers(2, 8),
    methods=st.lists(
        st.sampled_from(["abcd", "east-stays", "fewest-repeats", "random"]), min_size=8, max_size=8
    ),
    seed=st.integers(0, 1000),
)
def test_nobody_sits_out_twice_before_everyone_has_once(size, rounds, methods, seed):
    field = names(size)
    history: list[RoundSeating] = []
    for number in range(1, rounds + 1):
        method = "random" if number == 1 else methods[number - 1]
        # who sits out does not depend on how long the search for fewer repeats runs
        with mock.patch.object(eventplan, "WORK", 20_000):
            history.append(seat_round(number, method, [field] * rounds, history, seed))
        counts = bye_counts(history)
        had = [counts.get(p, 0) for p in field]
        assert max(had) - min(had) <= 1, (number, counts)
        seating = history[-1]
        assert len(seating.byes) == size % 4
        assert sorted([*seating.seated(), *seating.byes]) == field


def _rounds(field: list[str], count: int, seed: int, total: int = 8) -> list[RoundSeating]:
    rng = random.Random(seed)
    history: list[RoundSeating] = []
    for number in range(1, count + 1):
        method = rng.choice(["abcd", "east-stays", "random"]) if number > 1 else "random"
        history.append(seat_round(number, method, [field] * total, history, seed))
    return history


def seated_by_plan(size: int, rounds: int, seed: int) -> list[RoundSeating]:
    """An event seated round by round: round 1 at random, then fewest repeats."""
    fields = [names(size)] * rounds
    history: list[RoundSeating] = []
    for number in range(1, rounds + 1):
        method = "random" if number == 1 else "fewest-repeats"
        history.append(seat_round(number, method, fields, history, seed))
    return history


@settings(max_examples=15)
@given(
    tables=st.integers(1, 10),
    extra=st.integers(0, 3),
    played=st.integers(1, 4),
    left=st.integers(1, 3),
    seed=st.integers(0, 10_000),
)
def test_fewest_repeats_is_never_worse_than_the_fixed_movements(tables, extra, played, left, seed):
    field = names(4 * tables + extra)
    history = _rounds(field, played, seed)
    fields = [field] * left
    planned = plan(fields, history, seed)
    for method in ("abcd", "east-stays"):
        carried = _carried(played + 1, fields, history, method)
        assert planned.repeats <= repeats_over(carried, history)
    counts = bye_counts(history)  # byes in turn: nobody sits out twice before everyone once
    for seating in planned.rounds:
        out = [counts.get(p, 0) for p in seating.byes]
        assert not out or max(out) <= min(counts.get(p, 0) for p in seating.seated())
        counts = bye_counts([*history, *planned.rounds[: seating.number - played]])
    assert planned.floor <= planned.repeats


@pytest.mark.parametrize(("players", "rounds"), [(16, 5), (20, 4), (24, 4), (32, 4)])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fields_that_allow_it_are_seated_with_no_repeat_meeting(players, rounds, seed):
    history = seated_by_plan(players, rounds, seed)
    assert repeats_over(history[1:], history[:1]) == 0
    for seating in history:
        assert sorted(seating.seated()) == names(players)


@pytest.mark.parametrize(("players", "rounds"), [(28, 7), (32, 8), (36, 8), (20, 5)])
def test_fields_of_a_prime_power_of_tables_reach_every_round_without_a_repeat(players, rounds):
    # 16 players over 5 rounds is the affine plane of order 4; 28, 32 and 36 players
    # (7, 8 and 9 tables) come from the same construction over a finite field.
    history = seated_by_plan(players, rounds, 7)
    assert repeats_over(history[1:], history[:1]) == 0


@settings(max_examples=12)
@given(
    size=st.integers(40, 400),
    rounds=st.integers(2, 8),
    seed=st.integers(0, 10_000),
)
def test_any_field_of_forty_or_more_is_seated_with_no_repeat_byes_included(size, rounds, seed):
    history = seated_by_plan(size, rounds, seed)
    assert repeats_over(history[1:], history[:1]) == 0
    counts = bye_counts(history)
    had = [counts.get(p, 0) for p in names(size)]
    assert max(had) - min(had) <= 1


def test_a_field_too_small_for_no_repeat_says_how_many_it_cannot_avoid():
    # 16 players meet 15 others; six rounds of 3 opponents are 18, so each player has at
    # least 3 repeat meetings: 16 * 3 / 2 = 24 pairs meet again, and the plan has that.
    one = seat_round(1, "random", [names(16)] * 6, (), 3)
    six = plan([names(16)] * 5, [one], 3)
    assert six.floor == six.repeats == 24
    # Three tables: four players from three tables of the round before always include two
    # who sat together, one pair a table a round.
    one = seat_round(1, "random", [names(12)] * 3, (), 3)
    three = plan([names(12)] * 2, [one], 3)
    assert three.floor == three.repeats == 6


def test_fewest_repeats_finds_a_round_with_no_repeat_where_a_movement_repeats():
    # Four tables: A/B/C/D moves C and D of a table both "two tables on" (wrap-around),
    # so every C meets their table's D again; the plan avoids all of that.
    history = [first_round(16)]
    met = met_counts(history)
    abcd = fixed(history[0], names(16), "abcd")
    assert repeats(abcd, met) == 4
    searched = seat_round(2, "fewest-repeats", [names(16)] * 4, history, 1)
    assert repeats(searched.tables, met) == 0


def test_a_round_seated_another_way_is_planned_around():
    # Round 2 by A/B/C/D (4 repeats); rounds 3 and 4 are still planned with no new one.
    fields = [names(16)] * 4
    history = [seat_round(1, "random", fields, (), 5)]
    history.append(seat_round(2, "abcd", fields, history, 5))
    for number in (3, 4):
        history.append(seat_round(number, "fewest-repeats", fields, history, 5))
    assert repeats_over(history[2:], history[:2]) == 0


def test_a_repeat_counts_every_earlier_meeting():
    table = ("Ann", "Bea", "Cy", "Dot")
    history = [RoundSeating(r, "given", (table,)) for r in (1, 2)]
    assert repeats([table], met_counts(history)) == 6  # 6 pairs meet again
    assert repeats_over(history[1:], history[:1]) == 6
    third = [*history, RoundSeating(3, "given", (table,))]
    assert repeats_over(third, []) == 0 + 6 + 6  # the third meeting counts again


def test_the_same_seed_seats_the_same_way_and_another_seed_differently():
    fields = [names(40)] * 4
    one = seat_round(1, "random", fields, (), 7)
    assert one == seat_round(1, "random", fields, (), 7)
    assert one != seat_round(1, "random", fields, (), 8)
    two = seat_round(2, "fewest-repeats", fields, [one], 7)
    assert two == seat_round(2, "fewest-repeats", fields, [one], 7)


def test_given_seating_is_as_listed_and_the_last_ones_have_byes():
    field = names(10)
    seating = seat_round(1, "given", [field], (), 1)
    assert seating.tables == (tuple(field[:4]), tuple(field[4:8]))
    assert seating.byes == ("P008", "P009")


def test_seat_letters_are_shared_out_so_nobody_keeps_east():
    history = [RoundSeating(1, "given", (("Ann", "Bea", "Cy", "Dot"),))]
    (table,) = letters([("Ann", "Bea", "Cy", "Dot")], history)
    assert all(table[s] != name for s, name in enumerate(("Ann", "Bea", "Cy", "Dot")))


def test_400_players_are_seated_for_round_4_with_no_repeat():
    field = names(400)
    history = _rounds(field, 3, seed=11)
    fourth = seat_round(4, "fewest-repeats", [field] * 4, history, 11)
    assert repeats(fourth.tables, met_counts(history)) == 0
    assert sorted(fourth.seated()) == field
