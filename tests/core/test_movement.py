"""RULES.md §9: the movements' table for 1 to 12 tables, byes in turn, and the
fewest-repeats search (never worse than the fixed movements, quick on 400 players)."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjcli.core.event import RoundSeating
from mahjcli.core.movement import (
    bye_counts,
    choose_byes,
    fewest_repeats,
    fixed,
    in_tables,
    letters,
    met_counts,
    moved_table,
    repeats,
    round_rng,
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


@settings(max_examples=60, deadline=None)
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
        history.append(seat_round(number, method, field, history, round_rng(seed, number)))
        counts = bye_counts(history)
        had = [counts.get(p, 0) for p in field]
        assert max(had) - min(had) <= 1, (number, counts)
        seating = history[-1]
        assert len(seating.byes) == size % 4
        assert sorted([*seating.seated(), *seating.byes]) == field


def _rounds(field: list[str], count: int, seed: int) -> list[RoundSeating]:
    rng = random.Random(seed)
    history: list[RoundSeating] = []
    for number in range(1, count + 1):
        method = rng.choice(["abcd", "east-stays", "random"]) if number > 1 else "random"
        history.append(seat_round(number, method, field, history, round_rng(seed, number)))
    return history


@settings(max_examples=40, deadline=None)
@given(
    tables=st.integers(1, 10),
    extra=st.integers(0, 3),
    played=st.integers(1, 5),
    seed=st.integers(0, 10_000),
)
def test_fewest_repeats_is_never_worse_than_the_fixed_movements(tables, extra, played, seed):
    field = names(4 * tables + extra)
    history = _rounds(field, played, seed)
    nxt = played + 1
    met = met_counts(history)
    found = {
        method: seat_round(nxt, method, field, history, round_rng(seed, nxt))
        for method in ("abcd", "east-stays", "fewest-repeats")
    }
    best = repeats(found["fewest-repeats"].tables, met)
    assert best <= repeats(found["abcd"].tables, met)
    assert best <= repeats(found["east-stays"].tables, met)
    # the same byes, whichever way the round is seated
    assert len({s.byes for s in found.values()}) == 1


def test_fewest_repeats_finds_a_round_with_no_repeat_where_a_movement_repeats():
    # Four tables: A/B/C/D moves C and D of a table both "two tables on" (wrap-around),
    # so every C meets their table's D again; the search avoids all of that.
    history = [first_round(16)]
    met = met_counts(history)
    abcd = fixed(history[0], names(16), "abcd")
    assert repeats(abcd, met) == 4
    searched = fewest_repeats(names(16), history, round_rng(1, 2))
    assert repeats(searched, met) == 0


def test_a_repeat_counts_every_earlier_meeting():
    table = ("Ann", "Bea", "Cy", "Dot")
    history = [RoundSeating(r, "given", (table,)) for r in (1, 2)]
    assert repeats([table], met_counts(history)) == 12  # 6 pairs, each met twice


def test_the_same_seed_seats_the_same_way_and_another_seed_differently():
    field = names(40)
    one = seat_round(1, "random", field, (), round_rng(7, 1))
    assert one == seat_round(1, "random", field, (), round_rng(7, 1))
    assert one != seat_round(1, "random", field, (), round_rng(8, 1))
    two = seat_round(2, "fewest-repeats", field, [one], round_rng(7, 2))
    assert two == seat_round(2, "fewest-repeats", field, [one], round_rng(7, 2))


def test_given_seating_is_as_listed_and_the_last_ones_have_byes():
    field = names(10)
    seating = seat_round(1, "given", field, (), round_rng(1, 1))
    assert seating.tables == (tuple(field[:4]), tuple(field[4:8]))
    assert seating.byes == ("P008", "P009")


def test_seat_letters_are_shared_out_so_nobody_keeps_east():
    history = [RoundSeating(1, "given", (("Ann", "Bea", "Cy", "Dot"),))]
    (table,) = letters([("Ann", "Bea", "Cy", "Dot")], history)
    assert all(table[s] != name for s, name in enumerate(("Ann", "Bea", "Cy", "Dot")))


def test_400_players_are_seated_for_round_4_with_fewest_repeats_in_under_2_seconds():
    field = names(400)
    history = _rounds(field, 3, seed=11)
    start = time.process_time()
    fourth = seat_round(4, "fewest-repeats", field, history, round_rng(11, 4))
    spent = time.process_time() - start
    assert spent < 2.0, spent
    assert repeats(fourth.tables, met_counts(history)) == 0
    assert sorted(fourth.seated()) == field
