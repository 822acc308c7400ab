"""Settling up: the payments clear every balance exactly, there are as few as possible (up
to 20 balances), and a leaver settles against the players still there."""

from __future__ import annotations

import functools
import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjcli.core.settle import EXACT_LIMIT, Transfer, settle, settle_leaver


def apply(balances, transfers):
    """The balances after the payments; every payment goes from a loser to a winner."""
    left = dict(balances)
    for t in transfers:
        assert t.amount > 0
        assert balances[t.payer] < 0 < balances[t.payee], t  # nobody passes money on
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return left


def most_groups(amounts):
    """Brute force: the most groups a split of `amounts` into cancelling groups can have,
    trying every group for the first amount."""

    @functools.cache
    def best(rest):
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        top = -len(amounts)
        for k in range(len(others) + 1):
            for combo in itertools.combinations(range(len(others)), k):
                if first + sum(others[i] for i in combo) == 0:
                    remaining = tuple(v for i, v in enumerate(others) if i not in combo)
                    top = max(top, 1 + best(remaining))
        return top

    return best(tuple(amounts))


def fewest(balances):
    """Brute force: players with a balance minus the most groups whose balances cancel."""
    amounts = [v for v in balances.values() if v]
    return len(amounts) - most_groups(amounts)


def test_worked_night_settles_in_three_payments():
    balances = {"Ruth": -60, "Linda": -160, "Kathy": 105, "Pat": 115}
    found = settle(balances)
    assert found.payments == (
        Transfer("Linda", "Pat", 115),
        Transfer("Ruth", "Kathy", 60),
        Transfer("Linda", "Kathy", 45),
    )
    assert found.fewest


def test_pairs_that_cancel_are_settled_directly():
    balances = {"A": -30, "B": 30, "C": -75, "D": 75}
    assert set(settle(balances).payments) == {Transfer("A", "B", 30), Transfer("C", "D", 75)}


def test_everyone_even_means_no_payments():
    assert settle({"A": 0, "B": 0}) == ((), True)


def test_unbalanced_books_are_refused():
    with pytest.raises(ValueError, match="sum to zero"):
        settle({"A": 10, "B": -5})


def test_two_groups_that_cancel_settle_apart():
    """Six players, {-50, +30, +20} and {-45, +30, +15}: four payments, not five."""
    balances = {"A": -50, "B": -45, "C": 30, "D": 30, "E": 20, "F": 15}
    found = settle(balances)
    assert len(found.payments) == 4 and found.fewest
    assert set(apply(balances, found.payments).values()) == {0}


def test_payments_go_between_table_mates_where_they_can():
    """Ann and Cy sat at table 1, Bea and Dot at table 2: of the three payments only one
    need cross between tables (table 1 is 20 down), and only one does."""
    balances = {"Ann": -70, "Bea": -30, "Dot": 50, "Cy": 50}
    together = {frozenset(("Ann", "Cy")), frozenset(("Bea", "Dot"))}
    found = settle(balances, together)
    crossing = [t for t in found.payments if frozenset((t.payer, t.payee)) not in together]
    assert len(found.payments) == 3 and len(crossing) == 1
    assert set(apply(balances, found.payments).values()) == {0}
    # without knowing who sat where, the biggest loser pays the first biggest winner
    blind = settle(balances).payments
    assert sum(frozenset((t.payer, t.payee)) not in together for t in blind) == 2


def test_the_player_with_fewest_table_mates_left_is_settled_first():
    """Sue never sat with Olga; Rosa is owed most, but paying her first from Pia and Nora
    would leave only Sue to pay Olga. Settled the other way round, nobody pays a stranger."""
    balances = {"Nora": -65, "Olga": 20, "Pia": -70, "Rosa": 175, "Sue": -60}
    game_1, game_2 = ("Nora", "Olga", "Pia", "Rosa"), ("Pia", "Rosa", "Sue", "Nora")
    together = {frozenset(p) for g in (game_1, game_2) for p in itertools.combinations(g, 2)}
    found = settle(balances, together)
    assert len(found.payments) == 4
    assert all(frozenset((t.payer, t.payee)) in together for t in found.payments)
    assert set(apply(balances, found.payments).values()) == {0}


def test_cancelling_pairs_are_matched_among_table_mates_first():
    """Two losers of 50 and two winners of 50: each pays the one they sat with."""
    balances = {"Ann": -50, "Bea": -50, "Cy": 50, "Dot": 50}
    together = {frozenset(("Ann", "Dot")), frozenset(("Bea", "Cy"))}
    assert set(settle(balances, together).payments) == {
        Transfer("Ann", "Dot", 50),
        Transfer("Bea", "Cy", 50),
    }


def test_beyond_the_limit_the_list_is_short_and_says_so():
    """21 balances with no cancelling pair: settled exactly, but not promised fewest."""
    amounts = [5 * (i + 1) for i in range(20)]
    balances = {f"P{i:02}": -a for i, a in enumerate(amounts)} | {"Big": sum(amounts)}
    found = settle(balances)
    assert len(balances) > EXACT_LIMIT and not found.fewest
    assert set(apply(balances, found.payments).values()) == {0}
    assert len(found.payments) == 20  # every loser pays the one winner


def test_cancelling_pairs_do_not_count_towards_the_limit():
    """Twenty-four balances, but twelve cancelling pairs: still exactly the fewest."""
    balances = {f"L{i}": -5 * (i + 1) for i in range(12)} | {
        f"W{i}": 5 * (i + 1) for i in range(12)
    }
    found = settle(balances)
    assert found.fewest and len(found.payments) == 12


small_balances = st.lists(st.integers(-40, 40).map(lambda x: x * 5), min_size=1, max_size=10).map(
    lambda xs: {f"P{i}": x for i, x in enumerate(xs)} | {"Last": -sum(xs)}
)


@settings(max_examples=300)
@given(small_balances)
def test_up_to_eleven_balances_the_settle_up_matches_a_brute_force_minimum(balances):
    found = settle(balances)
    assert set(apply(balances, found.payments).values()) <= {0}
    assert found.fewest
    assert len(found.payments) == fewest(balances)


def planted(draw_groups):
    """Balances whose only cancelling sets are unions of the groups drawn: each group's
    amounts are 1, 2, 4, ... and minus their sum (only the whole group cancels), scaled by
    its own power of 2**24, which no sum of the other groups' amounts can reach."""
    balances = {}
    for g, (size, flip, seed) in enumerate(draw_groups):
        units = [2**i for i in range(size - 1)]
        units.append(-sum(units))
        random.Random(seed).shuffle(units)
        for i, unit in enumerate(units):
            balances[f"G{g}-{i}"] = (-1 if flip else 1) * unit * 2 ** (24 * g)
    return balances


groups_strategy = st.lists(
    st.tuples(st.integers(2, 7), st.booleans(), st.integers(0, 99)), min_size=1, max_size=8
).filter(lambda groups: sum(size for size, _, _ in groups) <= EXACT_LIMIT)


@settings(max_examples=60)
@given(groups_strategy)
def test_up_to_twenty_balances_the_settle_up_finds_the_planted_groups(groups):
    """Players minus the most cancelling groups, on sets too big for brute force."""
    balances = planted(groups)
    found = settle(balances)
    assert set(apply(balances, found.payments).values()) == {0}
    assert found.fewest
    assert len(found.payments) == len(balances) - len(groups)


@settings(max_examples=40)
@given(st.lists(st.integers(-300, 300).map(lambda x: x * 5), min_size=1, max_size=30))
def test_any_night_settles_exactly_in_fewer_payments_than_players(amounts):
    balances = {f"P{i}": x for i, x in enumerate(amounts)} | {"Last": -sum(amounts)}
    found = settle(balances)
    assert set(apply(balances, found.payments).values()) <= {0}
    assert len(found.payments) <= max(0, sum(1 for v in balances.values() if v) - 1)
    assert list(found.payments) == sorted(found.payments, key=lambda t: -t.amount)


# ---- a leaver's settle-up ------------------------------------------------------------------


def test_twenty_balances_are_still_settled_in_the_fewest_payments():
    """RULES.md §5: the fewest payments for up to at least twenty players up or down:
    twenty balances in three groups that each cancel (7, 7 and 6) take 17 payments."""
    balances = planted([(7, False, 1), (7, True, 2), (6, False, 3)])
    assert len(balances) == 20
    found = settle(balances)
    assert found.fewest and len(found.payments) == 17
    assert set(apply(balances, found.payments).values()) == {0}


def test_a_leaver_pays_one_stranger_rather_than_three_table_mates():
    """Fewest payments first, table-mates only among as few: Sue owes 100; her
    table-mates are up 30, 30 and 40, Ruth at another table 120. One payment to Ruth."""
    mates = ("Sue", "Pat", "Kay", "Lou")
    together = {frozenset(pair) for pair in itertools.combinations(mates, 2)}
    others = {"Pat": 30, "Kay": 30, "Lou": 40, "Ruth": 120, "Zed": -120}
    assert settle_leaver("Sue", -100, others, together) == (Transfer("Sue", "Ruth", 100),)
    three = settle_leaver("Sue", -100, {"Pat": 30, "Kay": 30, "Lou": 40}, together)
    assert sorted(t.payee for t in three) == ["Kay", "Lou", "Pat"]  # when only they can


def test_a_leaver_who_owes_pays_the_biggest_winners_first():
    paid = settle_leaver("Sue", -150, {"Ruth": 100, "Pat": 80, "Kay": -30})
    assert paid == (Transfer("Sue", "Ruth", 100), Transfer("Sue", "Pat", 50))


def test_a_leaver_who_is_owed_is_paid_by_one_whose_debt_is_exactly_hers():
    paid = settle_leaver("Sue", 80, {"Ruth": -100, "Pat": -80, "Kay": 100})
    assert paid == (Transfer("Pat", "Sue", 80),)


def test_what_the_players_still_there_cannot_cover_is_left():
    assert settle_leaver("Sue", 200, {"Ruth": -50, "Kay": 100}) == (Transfer("Ruth", "Sue", 50),)
    assert settle_leaver("Sue", 0, {"Ruth": -50}) == ()


@settings(max_examples=200)
@given(st.integers(-500, 500), st.lists(st.integers(-300, 300), max_size=8))
def test_a_leaver_makes_the_fewest_payments_without_overpaying_anyone(balance, others):
    named = {f"P{i}": b for i, b in enumerate(others)}
    paid = settle_leaver("Sue", balance, named)
    for t in paid:
        other = t.payee if t.payer == "Sue" else t.payer
        assert t.amount <= abs(named[other])  # nobody is paid or pays past their balance
        assert (t.payer == "Sue") == (balance < 0) and named[other] * balance < 0
    assert len({t.payer for t in paid} | {t.payee for t in paid}) in (0, len(paid) + 1)
    covered = sum(t.amount for t in paid)
    reachable = sum(abs(b) for b in named.values() if b * balance < 0)
    assert covered == min(abs(balance), reachable)
    # nobody could settle her in fewer: the biggest balances are the fewest that cover it
    sizes = sorted((abs(b) for b in named.values() if b * balance < 0), reverse=True)
    need = len(list(itertools.takewhile(lambda k: sum(sizes[:k]) < covered, range(9))))
    assert len(paid) == need
