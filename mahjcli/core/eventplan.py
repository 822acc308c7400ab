"""Planning the rounds still to be seated so that players meet again as little as
possible (RULES.md §9, `fewest-repeats`): every remaining round is planned at once, so an
early round never takes the last ways a later one had of seating everyone anew.

The plan starts from the best of a few complete seatings (each fixed movement carried on
to the last round, a construction where the field allows one, and random tables) and
improves it by a tabu search: a player who meets someone again is swapped with a player
of another table of that round, whichever swap lowers the repeats most (a swap just
undone is barred for a while; a search that stalls is shaken from its best seating). It
stops at zero repeats, at a proven floor, or after a fixed amount of work, so the same
event always gets the same plan. Players are numbers here; `mahjcli.core.movement` turns
names into numbers and back.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .model import SEATS

Tables = list[list[int]]
"""One round: its tables, each a list of four players."""

WORK = 2_000_000
"""How many swaps the search may weigh in all before it settles for the best it found."""
STALL = 300
"""Swaps without a new best before the search is shaken from its best seating."""
TENURE = (4, 10)
"""For how many swaps a player may not go back to the table they just left."""


def floor(sitting: Sequence[int], rounds: Sequence[set[int]], met: list[bytearray]) -> int:
    """A number of repeats no plan can go below: a player who sits `s` rounds meets `3s`
    opponents, but there are only so many others to meet (each pair counted once)."""
    others = len(sitting) - 1
    excess = 0
    for p in sitting:
        s = sum(1 for seated in rounds if p in seated)
        before = sum(1 for q in sitting if met[p][q])
        excess += max(0, (SEATS - 1) * s - (others - before))
    return (excess + 1) // 2


def pairs_at_least(players: int, tables: int) -> int:
    """Pairs that must share a table when `players` are spread over `tables`.

    >>> pairs_at_least(4, 3), pairs_at_least(4, 2), pairs_at_least(3, 4)
    (1, 2, 0)
    """
    each, more = divmod(players, tables)
    return more * (each + 1) * each // 2 + (tables - more) * each * (each - 1) // 2


def crowded(sitting: Sequence[set[int]], last: Sequence[set[int]]) -> int:
    """Repeats no plan can avoid when a round has fewer than four tables: the players
    who sat at one table of the round before cannot all sit apart. `last`: the tables of
    the round before the plan; later rounds are reckoned at their kindest (the players
    who sit out spread over the tables)."""
    total = 0
    groups = [len(table & sitting[0]) for table in last] if sitting else []
    for k, players in enumerate(sitting):
        tables = len(players) // SEATS
        if k:
            before = len(sitting[k - 1]) // SEATS
            gone = len(sitting[k - 1] - players)
            groups = [SEATS - gone // before - (i < gone % before) for i in range(before)]
        total += sum(pairs_at_least(c, tables) for c in groups if tables)
    return total


class Search:
    """The rounds being planned, the meetings they make, and the repeats they hold."""

    def __init__(self, met: list[bytearray], plan: list[Tables], rng: random.Random) -> None:
        self.before = [bytearray(row) for row in met]
        """How often each two players met in the rounds before the plan."""
        self.met = met
        """How often each two players meet: earlier rounds and every planned one."""
        self.plan = plan
        self.rng = rng
        self.where: list[dict[int, int]] = [
            {p: t for t, table in enumerate(tables) for p in table} for tables in plan
        ]
        for tables in plan:
            self._meet(tables, 1)
        self.cost = self._cost()

    def _meet(self, tables: Tables, by: int) -> None:
        met = self.met
        for table in tables:
            for i, p in enumerate(table):
                for q in table[i + 1 :]:
                    met[p][q] += by
                    met[q][p] += by

    def _cost(self) -> int:
        """Each pair counts once for every planned meeting that is not its first."""
        met, before = self.met, self.before
        seen: set[tuple[int, int]] = set()
        total = 0
        for tables in self.plan:
            for table in tables:
                for i, p in enumerate(table):
                    for q in table[i + 1 :]:
                        pair = (p, q) if p < q else (q, p)
                        if pair not in seen:
                            seen.add(pair)
                            total += met[p][q] - max(1, before[p][q])
        return total

    def conflicts(self) -> list[tuple[int, int]]:
        """Each (round, player) who meets someone at their table again."""
        met = self.met
        out = []
        for k, tables in enumerate(self.plan):
            for table in tables:
                for p in table:
                    row = met[p]
                    if any(row[q] > 1 for q in table if q != p):
                        out.append((k, p))
        return out

    def best_swap(
        self, k: int, p: int, tabu: dict[tuple[int, int, int], int], step: int, best: int
    ) -> tuple[int, int] | None:
        """The swap of `p` in round `k` that lowers the repeats most (a barred one only
        when it beats the best plan found), as (change, other player)."""
        met = self.met
        tables = self.plan[k]
        t = self.where[k][p]
        mine = [x for x in tables[t] if x != p]
        row = met[p]
        leave = sum(1 for x in mine if row[x] > 1)
        found: tuple[int, int] | None = None
        ties = 0
        for u, other in enumerate(tables):
            if u == t:
                continue
            barred_p = tabu.get((k, p, u), 0) > step
            joined = sum(1 for y in other if row[y])
            for q in other:
                rq = met[q]
                delta = joined - (1 if row[q] else 0) - leave
                delta -= sum(1 for y in other if y != q and rq[y] > 1)
                delta += sum(1 for x in mine if rq[x])
                if (barred_p or tabu.get((k, q, t), 0) > step) and self.cost + delta >= best:
                    continue
                if found is None or delta < found[0]:
                    found, ties = (delta, q), 1
                elif delta == found[0]:
                    ties += 1
                    if self.rng.randrange(ties) == 0:
                        found = (delta, q)
        return found

    def swap(self, k: int, p: int, q: int, delta: int) -> None:
        """Swap two players of different tables of round `k`."""
        where = self.where[k]
        tables = self.plan[k]
        t, u = where[p], where[q]
        a, b = tables[t], tables[u]
        met = self.met
        for x in a:
            if x != p:
                met[p][x] -= 1
                met[x][p] -= 1
                met[q][x] += 1
                met[x][q] += 1
        for y in b:
            if y != q:
                met[q][y] -= 1
                met[y][q] -= 1
                met[p][y] += 1
                met[y][p] += 1
        a[a.index(p)] = q
        b[b.index(q)] = p
        where[p], where[q] = u, t
        self.cost += delta

    def snapshot(self) -> list[Tables]:
        return [[list(table) for table in tables] for tables in self.plan]

    def restore(self, plan: list[Tables]) -> None:
        for tables in self.plan:
            self._meet(tables, -1)
        self.plan = [[list(table) for table in tables] for tables in plan]
        self.where = [{p: t for t, table in enumerate(tables) for p in table} for tables in plan]
        for tables in self.plan:
            self._meet(tables, 1)
        self.cost = self._cost()

    def run(self, low: int) -> list[Tables]:
        """The plan with the fewest repeats found (stops early at `low`)."""
        best, best_plan = self.cost, self.snapshot()
        tabu: dict[tuple[int, int, int], int] = {}
        work = step = since = 0
        seats = sum(len(where) for where in self.where)
        while self.cost > low and work < WORK:
            step += 1
            conflicted = self.conflicts()
            if not conflicted:  # only repeats from before the plan: nothing to move
                break
            k, p = self.rng.choice(conflicted)
            work += seats + 4 * len(self.where[k])
            move = self.best_swap(k, p, tabu, step, best)
            if move is None:
                continue
            delta, q = move
            t, u = self.where[k][p], self.where[k][q]
            self.swap(k, p, q, delta)
            tabu[k, p, t] = step + self.rng.randint(*TENURE)
            tabu[k, q, u] = step + self.rng.randint(*TENURE)
            if self.cost < best:
                best, best_plan, since = self.cost, self.snapshot(), 0
                continue
            since += 1
            if since >= STALL:
                self.restore(best_plan)
                self._shake()
                tabu.clear()
                since = 0
        if self.cost < best:
            best_plan = self.snapshot()
        return best_plan

    def _shake(self) -> None:
        """A few random swaps in rounds with more than one table."""
        rounds = [k for k, tables in enumerate(self.plan) if len(tables) > 1]
        for _ in range(min(3, len(rounds) * 2)):
            k = self.rng.choice(rounds)
            tables = self.plan[k]
            t, u = self.rng.sample(range(len(tables)), 2)
            p, q = self.rng.choice(tables[t]), self.rng.choice(tables[u])
            self.swap(k, p, q, 0)
        self.cost = self._cost()


# ---- a construction: rounds in which nobody meets again (finite fields) ----------------


def field_size(tables: int) -> tuple[int, int] | None:
    """(p, k) when `tables` is a prime power p**k of at least 4 that the construction
    below handles (k at most 3), else None.

    >>> field_size(8), field_size(9), field_size(6), field_size(3)
    ((2, 3), (3, 2), None, None)
    """
    if tables < SEATS:
        return None
    for p in range(2, tables + 1):
        if tables % p == 0:
            k, rest = 0, tables
            while rest % p == 0:
                rest //= p
                k += 1
            return (p, k) if rest == 1 and k <= 3 else None
    return None


def _field(p: int, k: int) -> tuple[list[list[int]], list[list[int]]]:
    """Addition and multiplication tables of the field of p**k elements, each element a
    number whose base-p digits are a polynomial's coefficients."""
    q = p**k

    def digits(a: int) -> list[int]:
        return [(a // p**i) % p for i in range(k)]

    def number(ds: list[int]) -> int:
        return sum(d * p**i for i, d in enumerate(ds))

    # a monic polynomial of degree k with no root is irreducible when k is 2 or 3
    modulus = next(
        c
        for c in range(q)
        if k == 1
        or all((x**k + sum(d * x**i for i, d in enumerate(digits(c)))) % p for x in range(p))
    )
    low = digits(modulus)

    def times(a: int, b: int) -> int:
        prod = [0] * (2 * k)
        for i, x in enumerate(digits(a)):
            for j, y in enumerate(digits(b)):
                prod[i + j] = (prod[i + j] + x * y) % p
        for top in range(2 * k - 1, k - 1, -1):  # x**k = -(low part of the modulus)
            c, prod[top] = prod[top], 0
            for i, d in enumerate(low):
                prod[top - k + i] = (prod[top - k + i] - c * d) % p
        return number(prod[:k])

    add = [[number([(x + y) % p for x, y in zip(digits(a), digits(b), strict=True)])
            for b in range(q)] for a in range(q)]  # fmt: skip
    mul = [[times(a, b) for b in range(q)] for a in range(q)]
    return add, mul


def construction(first: Tables) -> list[Tables]:
    """Rounds after `first` in which no two players meet twice, when its number of
    tables is a prime power q of at least 4: q - 1 rounds (one more when q is 4, 8 or 16),
    else none. The player in seat s of table x of `first` is the point (s, x); in round r
    table t holds the points (s, t + m_s * r), and two seats' multipliers m_s always
    differ by a number that can be divided by, so two points meet in exactly one round."""
    size = field_size(len(first))
    if size is None or any(len(table) != SEATS for table in first):
        return []
    add, mul = _field(*size)
    q = len(first)
    rounds = [
        [[first[add[t][mul[s][r]]][s] for s in range(SEATS)] for t in range(q)] for r in range(1, q)
    ]
    if q % SEATS == 0:  # players of one seat have never met: they can sit together once
        rounds.append(
            [
                [first[x + i][s] for i in range(SEATS)]
                for s in range(SEATS)
                for x in range(0, q, SEATS)
            ]
        )
    return rounds
