"""Settling up at the night's end: the fewest payments that clear every balance (RULES.md §5)."""

from typing import NamedTuple

EXACT_LIMIT = 16
"""Up to this many non-zero balances the fewest payments are found exactly."""


class Transfer(NamedTuple):
    """`payer` pays `payee` `amount` points (cents, when playing for coins)."""

    payer: str
    payee: str
    amount: int


def settle(balances: dict[str, int]) -> list[Transfer]:
    """The fewest payments that bring every balance to zero (balances must sum to zero).

    Players are split into the most groups whose balances sum to zero; each group of k
    players settles in k - 1 payments, so the whole takes at most (players with a
    balance) - 1.

    >>> for t in settle({"Ruth": -60, "Linda": -160, "Kathy": 105, "Pat": 115}):
    ...     print(t.payer, "pays", t.payee, t.amount)
    Linda pays Pat 115
    Ruth pays Kathy 60
    Linda pays Kathy 45
    """
    if sum(balances.values()) != 0:
        raise ValueError("balances must sum to zero to be settled")
    people = [(name, amount) for name, amount in balances.items() if amount != 0]
    if not people:
        return []
    groups = _zero_groups(people) if len(people) <= EXACT_LIMIT else [people]
    transfers: list[Transfer] = []
    for group in groups:
        transfers.extend(_settle_group(group))
    return transfers


def _zero_groups(people: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """Partition into the largest number of zero-sum groups (dynamic programme on subsets)."""
    n = len(people)
    full = (1 << n) - 1
    sums = [0] * (full + 1)
    best = [0] * (full + 1)
    came_from = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + people[low.bit_length() - 1][1]
        top, top_prev = -1, 0
        rest = mask
        while rest:
            bit = rest & -rest
            rest ^= bit
            if best[mask ^ bit] > top:
                top, top_prev = best[mask ^ bit], mask ^ bit
        best[mask] = top + (1 if sums[mask] == 0 else 0)
        came_from[mask] = top_prev
    groups: list[list[tuple[str, int]]] = []
    mask, current = full, 0
    while mask:
        prev = came_from[mask]
        current |= mask ^ prev
        if sums[prev] == 0:
            groups.append([people[i] for i in range(n) if current >> i & 1])
            current = 0
        mask = prev
    groups.reverse()
    return groups


def _settle_group(group: list[tuple[str, int]]) -> list[Transfer]:
    """Settle one zero-sum group: the biggest debtor pays the biggest creditor, repeatedly."""
    owes = {name: -amount for name, amount in group if amount < 0}
    gets = {name: amount for name, amount in group if amount > 0}
    transfers: list[Transfer] = []
    while owes and gets:
        payer = max(owes, key=lambda p: (owes[p], -list(owes).index(p)))
        payee = max(gets, key=lambda p: (gets[p], -list(gets).index(p)))
        amount = min(owes[payer], gets[payee])
        transfers.append(Transfer(payer, payee, amount))
        owes[payer] -= amount
        gets[payee] -= amount
        if owes[payer] == 0:
            del owes[payer]
        if gets[payee] == 0:
            del gets[payee]
    return transfers
