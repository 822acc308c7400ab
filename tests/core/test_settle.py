"""Settling up: the payments clear every balance exactly, and there are as few as possible."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjcli.core.settle import Transfer, settle


def apply(balances, transfers):
    left = dict(balances)
    for t in transfers:
        assert t.amount > 0
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return left


def test_worked_night_settles_in_three_payments():
    balances = {"Ruth": -60, "Linda": -160, "Kathy": 105, "Pat": 115}
    transfers = settle(balances)
    assert len(transfers) == 3
    assert set(apply(balances, transfers).values()) == {0}


def test_pairs_that_cancel_are_settled_directly():
    balances = {"A": -30, "B": 30, "C": -75, "D": 75}
    assert sorted(settle(balances), key=lambda t: t.payer) == [
        Transfer("A", "B", 30),
        Transfer("C", "D", 75),
    ]


def test_everyone_even_means_no_payments():
    assert settle({"A": 0, "B": 0}) == []


def test_unbalanced_books_are_refused():
    with pytest.raises(ValueError, match="sum to zero"):
        settle({"A": 10, "B": -5})


def fewest(balances):
    """Brute force: n - (most zero-sum groups a partition can have)."""
    items = [v for v in balances.values() if v]
    n = len(items)

    def best(rest):
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        top = 0
        for k in range(len(others) + 1):
            for combo in itertools.combinations(range(len(others)), k):
                if first + sum(others[i] for i in combo) == 0:
                    remaining = [others[i] for i in range(len(others)) if i not in combo]
                    top = max(top, 1 + best(remaining))
        return top

    return n - best(items)


balances_strategy = st.lists(st.integers(-40, 40).map(lambda x: x * 5), min_size=1, max_size=7).map(
    lambda xs: {f"P{i}": x for i, x in enumerate(xs)} | {"Last": -sum(xs)}
)


@settings(max_examples=200, deadline=None)
@given(balances_strategy)
def test_settle_up_always_settles_exactly_with_the_fewest_payments(balances):
    transfers = settle(balances)
    assert set(apply(balances, transfers).values()) <= {0}
    nonzero = sum(1 for v in balances.values() if v)
    assert len(transfers) <= max(0, nonzero - 1)
    assert len(transfers) == fewest(balances)
