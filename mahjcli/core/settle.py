"""Settling up (RULES.md §5): the fewest payments that clear every balance, and a leaver's
payments as she goes.

The fewest payments are the players with a balance minus the most groups whose balances
cancel: a group of k players settles in k - 1 payments and never in fewer. Two players
whose balances cancel exactly always make a group of their own in some best split, so
they are paired first; the most groups among the rest are found exactly (`_most_groups`)
while at most `EXACT_LIMIT` balances are left, and beyond that the rest is settled as one
group: a short list, not always the shortest, and `SettleUp.fewest` says which.

In every list only a player who lost pays, and only a player who won is paid, so nobody
passes money on and the least money changes hands (what the winners are owed). Among such
lists of the same length mahj prefers payments between players who sat at a table
together: cancelling pairs are matched among table-mates first, and each payment in a
group goes between table-mates whenever such a pair is left, the player with the fewest
table-mates left to settle with first (then the one who owes most pays the one owed most).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

EXACT_LIMIT = 20
"""Up to this many balances left once cancelling pairs are paired, the fewest payments are
found exactly (some 30 ms for 20 on a slow machine); beyond it, a short list."""

Pair = frozenset[str]
"""Two players who sat at a table together."""


class Transfer(NamedTuple):
    """`payer` pays `payee` `amount` points (cents, when playing for coins)."""

    payer: str
    payee: str
    amount: int


class SettleUp(NamedTuple):
    """The payments that settle every balance, largest first, and whether they are known
    to be the fewest possible (else they are a short list)."""

    payments: tuple[Transfer, ...]
    fewest: bool


def settle(balances: dict[str, int], together: Collection[Pair] | None = None) -> SettleUp:
    """The payments that bring every balance to zero (balances must sum to zero): the
    fewest, up to `EXACT_LIMIT` balances once cancelling pairs are paired. `together`
    holds the pairs of players who sat at a table together (None: everyone did).

    >>> for t in settle({"Ruth": -60, "Linda": -160, "Kathy": 105, "Pat": 115}).payments:
    ...     print(t.payer, "pays", t.payee, t.amount)
    Linda pays Pat 115
    Ruth pays Kathy 60
    Linda pays Kathy 45
    """
    if sum(balances.values()) != 0:
        raise ValueError("balances must sum to zero to be settled")
    people = [(name, amount) for name, amount in balances.items() if amount != 0]
    met = _Met(together)
    paid, rest = _cancelling_pairs(people, met)
    fewest = len(rest) <= EXACT_LIMIT
    for group in _most_groups(rest) if fewest else [rest]:
        paid.extend(_settle_group(group, met))
    return SettleUp(tuple(sorted(paid, key=lambda t: -t.amount)), fewest)


def settle_leaver(
    name: str, balance: int, others: dict[str, int], together: Collection[Pair] | None = None
) -> tuple[Transfer, ...]:
    """A leaver's settle-up against the players still there (`others`, with their own
    balances): she pays those owed money, or is paid by those who owe it, each up to
    their whole balance, in the fewest payments; among as few, with the players she sat
    at a table with first (`together`: the pairs who did; None: everyone did), largest
    balances first. A player whose balance is exactly hers settles with her alone. What
    they cannot cover is left for the night's final settle-up.

    >>> settle_leaver("Sue", -150, {"Ruth": 100, "Pat": 80, "Kay": -30})
    (Transfer(payer='Sue', payee='Ruth', amount=100), Transfer(payer='Sue', payee='Pat', amount=50))
    >>> settle_leaver("Sue", 80, {"Ruth": -100, "Pat": -80})
    (Transfer(payer='Pat', payee='Sue', amount=80),)
    >>> settle_leaver("Sue", -50, {"Bea": 180, "Ruth": 100}, {frozenset(("Sue", "Ruth"))})
    (Transfer(payer='Sue', payee='Ruth', amount=50),)
    """
    need = abs(balance)
    met = _Met(together)
    sides = [(other, abs(b)) for other, b in others.items() if b * balance < 0]
    exact = [(other, b) for other, b in sides if b == need]
    mates_first = [*exact[:1]] or sorted(sides, key=lambda side: (not met(name, side[0]), -side[1]))
    largest_first = [*exact[:1]] or sorted(sides, key=lambda side: -side[1])
    first, second = _paying(mates_first, need), _paying(largest_first, need)
    chosen = first if len(first) <= len(second) else second
    if balance < 0:
        return tuple(Transfer(name, other, amount) for other, amount in chosen)
    return tuple(Transfer(other, name, amount) for other, amount in chosen)


def _paying(order: list[tuple[str, int]], need: int) -> list[tuple[str, int]]:
    """Who pays (or is paid) what, taking each balance in `order` until `need` is met."""
    chosen: list[tuple[str, int]] = []
    for other, owed in order:
        if need == 0:
            break
        chosen.append((other, min(owed, need)))
        need -= chosen[-1][1]
    return chosen


class _Met:
    """Whether two players sat at a table together (each player's table-mates, looked up
    once)."""

    def __init__(self, together: Collection[Pair] | None) -> None:
        self.mates: dict[str, set[str]] | None = None
        if together is not None:
            self.mates = {}
            for pair in together:
                for one in pair:
                    self.mates.setdefault(one, set()).update(pair - {one})

    def __call__(self, one: str, other: str) -> bool:
        return self.mates is None or other in self.mates.get(one, ())

    def among(self, one: str, others: Collection[str]) -> int:
        """How many of `others` sat at a table with `one`."""
        if self.mates is None:
            return len(others)
        return len(self.mates.get(one, set()).intersection(others))


def _cancelling_pairs(
    people: list[tuple[str, int]], met: _Met
) -> tuple[list[Transfer], list[tuple[str, int]]]:
    """Pay each balance that another cancels exactly (-50 and +50) in one payment, matching
    table-mates first (those with the fewest table-mates to choose from go first); the
    balances left over."""
    by_amount: dict[int, list[str]] = {}
    for name, amount in people:
        by_amount.setdefault(amount, []).append(name)
    paid: list[Transfer] = []
    for amount, debtors in by_amount.items():
        creditors = by_amount.get(-amount, []) if amount < 0 else []
        for strangers_too in (False, True):
            for debtor in sorted(debtors, key=lambda d: sum(met(d, c) for c in creditors)):
                payee = next((c for c in creditors if strangers_too or met(debtor, c)), None)
                if payee is not None:
                    paid.append(Transfer(debtor, payee, -amount))
                    debtors.remove(debtor)
                    creditors.remove(payee)
    done = {name for t in paid for name in t[:2]}
    return paid, [(name, amount) for name, amount in people if name not in done]


def _settle_group(group: list[tuple[str, int]], met: _Met) -> list[Transfer]:
    """Settle one zero-sum group in turns, each payment clearing the payer or the payee (so
    k players take at most k - 1): a payment that clears both first, then one between
    table-mates (the player with the fewest table-mates left to settle with goes first),
    then the one who owes most pays the one owed most."""
    owes = {name: -amount for name, amount in group if amount < 0}
    gets = {name: amount for name, amount in group if amount > 0}
    order = {name: i for i, (name, _) in enumerate(group)}
    transfers: list[Transfer] = []
    while owes and gets:
        mates = {d: met.among(d, gets) for d in owes}
        mates.update({c: met.among(c, owes) for c in gets})
        pairs = [(d, c) for d in owes for c in gets]
        pairs = [(d, c) for d, c in pairs if owes[d] == gets[c]] or pairs  # clears both
        pairs = [(d, c) for d, c in pairs if met(d, c)] or pairs  # table-mates
        payer, payee = min(
            pairs,
            key=lambda p: (
                min(mates[p[0]], mates[p[1]]),
                -owes[p[0]],
                -gets[p[1]],
                order[p[0]],
                order[p[1]],
            ),
        )
        amount = min(owes[payer], gets[payee])
        transfers.append(Transfer(payer, payee, amount))
        owes[payer] -= amount
        gets[payee] -= amount
        if owes[payer] == 0:
            del owes[payer]
        if gets[payee] == 0:
            del gets[payee]
    return transfers


# ---- the most groups whose balances cancel ----------------------------------------------
#
# A split into the most cancelling groups is a chain of cancelling sets, each inside the
# next (the first group, the first two, ..., everyone): the most groups is the longest
# such chain. The groups can be taken in any order, so the first one is the group of the
# last player, and every set of the chain holds that player: the sets are numbered by the
# bits of the other players they hold (a "mask"), and a collection of masks is one big
# number whose bit m stands for mask m, so each step works on all the masks at once.


def _most_groups(people: list[tuple[str, int]]) -> list[list[tuple[str, int]]]:
    """Split balances that sum to zero into the most groups that each sum to zero."""
    n = len(people) - 1  # the others than the last player, who is in every set
    if n < 2:  # nothing, or one pair (pairs are paired before this)
        return [people] if people else []
    lacking = [_lacking(i, n) for i in range(n)]
    cancelling = _masks_summing_to(-people[-1][1], [amount for _, amount in people[:-1]])
    full = (1 << n) - 1
    levels = [cancelling]  # levels[j]: the sets that end a chain of j + 1 cancelling sets
    while True:
        longer = _strictly_around(levels[-1], lacking) & cancelling
        if not longer >> full & 1:
            break
        levels.append(longer)
    groups: list[int] = []
    outer = full
    for level in reversed(levels[:-1]):
        inside = level & _inside(outer, lacking) & ~(1 << outer)
        chosen = (inside & -inside).bit_length() - 1
        groups.append(outer ^ chosen)
        outer = chosen
    found = [[people[i] for i in range(n) if mask >> i & 1] for mask in reversed(groups)]
    return [[*[people[i] for i in range(n) if outer >> i & 1], people[-1]], *found]


def _lacking(i: int, n: int) -> int:
    """The masks of n players that leave out player i."""
    size = 1 << n
    if i < 3:
        pattern = bytes([(0x55, 0x33, 0x0F)[i]]) * max(1, size // 8)
        return int.from_bytes(pattern, "little") & ((1 << size) - 1)
    run = 1 << (i - 3)  # bytes of masks with bit i clear, then as many with it set
    return int.from_bytes((b"\xff" * run + b"\x00" * run) * (size // (16 * run)), "little")


def _strictly_around(masks: int, lacking: list[int]) -> int:
    """Every mask that strictly holds one of `masks`: one player more, then any more."""
    grown = 0
    for i, without in enumerate(lacking):
        grown |= (masks & without) << (1 << i)
    for i, without in enumerate(lacking):
        grown |= (grown & without) << (1 << i)
    return grown


def _inside(outer: int, lacking: list[int]) -> int:
    """Every mask inside `outer` (each player it leaves out, left out)."""
    inside = (1 << (1 << len(lacking))) - 1
    for i, without in enumerate(lacking):
        if not outer >> i & 1:
            inside &= without
    return inside


def _sums(amounts: list[int]) -> list[int]:
    """The sum of every mask of `amounts`."""
    sums = [0] * (1 << len(amounts))
    for mask in range(1, len(sums)):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + amounts[low.bit_length() - 1]
    return sums


def _masks_summing_to(target: int, amounts: list[int]) -> int:
    """The masks of `amounts` that sum to `target`, met in the middle: each mask is a low
    half and a high half, and its sum is the low half's plus the high half's."""
    n = len(amounts)
    low_n = n if n < 6 else (n + 1) // 2
    by_sum: dict[int, int] = {}
    for mask, total in enumerate(_sums(amounts[:low_n])):
        by_sum[total] = by_sum.get(total, 0) | 1 << mask
    if low_n == n:
        return by_sum.get(target, 0)
    width = (1 << low_n) // 8
    nothing = bytes(width)
    rows = {total: masks.to_bytes(width, "little") for total, masks in by_sum.items()}
    highs = _sums(amounts[low_n:])
    return int.from_bytes(b"".join(rows.get(target - high, nothing) for high in highs), "little")
