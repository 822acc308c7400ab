"""Seating the rounds of an event (RULES.md §9): byes in turn, the fixed movements, and a
search that keeps repeat meetings to the fewest.

Tables are numbered from 1 and moving past the last wraps to table 1. Every random choice
comes from the `random.Random` passed in, seeded from the event's seed and the round, so
the same event always seats the same way.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Mapping, Sequence

from .event import RoundSeating
from .model import SEATS

SHIFTS: Mapping[str, tuple[int, int, int, int]] = {
    "abcd": (1, -1, 2, -2),
    "east-stays": (0, -1, 2, 1),
}
"""How many tables each seat moves (A, B, C, D) after a round: RULES.md §9's table."""
KICKS = 60
"""How many times the search shakes a seating it cannot improve, before it settles."""
RESTARTS = 3
"""Random seatings the search also starts from, besides the fixed movements."""

Met = dict[str, dict[str, int]]
"""How many earlier rounds each pair of players sat at one table."""


def moved_table(table: int, seat: int, tables: int, method: str) -> int:
    """Where the player in `seat` (0 for A) of `table` goes next round.

    >>> [moved_table(1, s, 5, "abcd") for s in range(4)]
    [2, 5, 3, 4]
    >>> [moved_table(5, s, 5, "east-stays") for s in range(4)]
    [5, 4, 2, 1]
    """
    return (table - 1 + SHIFTS[method][seat]) % tables + 1


def bye_counts(seatings: Iterable[RoundSeating]) -> dict[str, int]:
    """How many byes each player has had."""
    counts: dict[str, int] = {}
    for seating in seatings:
        for name in seating.byes:
            counts[name] = counts.get(name, 0) + 1
    return counts


def choose_byes(field: Sequence[str], counts: Mapping[str, int]) -> tuple[str, ...]:
    """Who sits out when the field is not a multiple of four: those who have sat out the
    fewest times, and among them the first in `field`'s order (so byes go in turn).

    >>> choose_byes(["Ann", "Bea", "Cy", "Dot", "Eve", "Fay"], {"Ann": 1})
    ('Bea', 'Cy')
    """
    extra = len(field) % SEATS
    order = sorted(range(len(field)), key=lambda i: (counts.get(field[i], 0), i))
    chosen = set(order[:extra])
    return tuple(p for i, p in enumerate(field) if i in chosen)


def met_counts(seatings: Iterable[RoundSeating]) -> Met:
    """Each pair's meetings at a table, over the given rounds."""
    met: Met = {}
    for seating in seatings:
        for table in seating.tables:
            for a, b in itertools.permutations(table, 2):
                row = met.setdefault(a, {})
                row[b] = row.get(b, 0) + 1
    return met


def repeats(tables: Iterable[Sequence[str]], met: Met) -> int:
    """Repeat meetings in a seating: each pair at one table counts once for every earlier
    round they already sat together.

    >>> repeats([["Ann", "Bea", "Cy", "Dot"]], {"Ann": {"Bea": 2}, "Bea": {"Ann": 2}})
    2
    """
    total = 0
    for table in tables:
        for a, b in itertools.combinations(table, 2):
            total += met.get(a, {}).get(b, 0)
    return total


def in_tables(players: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """Players four to a table, in order: the first four at table 1, and so on."""
    return tuple(tuple(players[i : i + SEATS]) for i in range(0, len(players), SEATS))


def fixed(
    previous: RoundSeating, sitting: Sequence[str], method: str
) -> tuple[tuple[str, ...], ...]:
    """The next round by a fixed movement: everyone who sat last round moves by their
    seat's rule and keeps their seat letter; the seats left empty (by a bye, a withdrawal
    or a table fewer) are filled, table by table, by those coming in (back from a bye,
    registered late, or off a table that is gone), in `sitting`'s order."""
    count = len(sitting) // SEATS
    before = len(previous.tables)
    here = set(sitting)
    grid: list[list[str | None]] = [[None] * SEATS for _ in range(count)]
    placed: set[str] = set()
    for t, table in enumerate(previous.tables, 1):
        for s, name in enumerate(table):
            if name in here:
                to = moved_table(t, s, before, method)
                if to <= count and grid[to - 1][s] is None:
                    grid[to - 1][s] = name
                    placed.add(name)
    incoming = iter(p for p in sitting if p not in placed)
    return tuple(
        tuple(name if name is not None else next(incoming) for name in row) for row in grid
    )


def letters(
    tables: Iterable[Sequence[str]], history: Iterable[RoundSeating]
) -> tuple[tuple[str, ...], ...]:
    """Each table's players put in seats A-D so that nobody keeps the same letter more
    than they must (fewest earlier rounds in the seat each one is given)."""
    had: dict[tuple[str, int], int] = {}
    for seating in history:
        for seated in seating.tables:
            for s, name in enumerate(seated):
                had[name, s] = had.get((name, s), 0) + 1
    out = []
    for table in tables:
        best = min(
            itertools.permutations(table),
            key=lambda order: sum(had.get((p, s), 0) for s, p in enumerate(order)),
        )
        out.append(tuple(best))
    return tuple(out)


class _Search:
    """The fewest-repeats search over one round's players: a local search that swaps
    two players of different tables while that lowers the repeats, shaken a few times."""

    def __init__(self, met: Met) -> None:
        self.met = met

    def at(self, name: str, table: Sequence[str], skip: str | None = None) -> int:
        """The repeats `name` would have at `table` (without `skip`)."""
        row = self.met.get(name)
        if not row:
            return 0
        return sum(row.get(q, 0) for q in table if q != name and q != skip)

    def improve(self, tables: list[list[str]]) -> None:
        """Swap players between tables while some swap lowers the repeats."""
        now = {p: self.at(p, table) for table in tables for p in table}
        better = True
        while better:
            better = False
            for t, table in enumerate(tables):
                for p in list(table):
                    if now[p] and p in table and self._best_swap(tables, t, p, now):
                        better = True

    def _best_swap(self, tables: list[list[str]], t: int, p: str, now: dict[str, int]) -> bool:
        """Make the swap of `p` (at table `t`) that lowers the repeats most, if any;
        `now` holds each player's repeats where they sit, and is kept up to date."""
        mine = tables[t]
        row = self.met.get(p, {})
        left: dict[str, int] = {}  # each player's repeats with the rest of p's table
        for x in mine:
            if x != p:
                for q, n in self.met.get(x, {}).items():
                    left[q] = left.get(q, 0) + n
        best, where = 0, None
        for u, other in enumerate(tables):
            if u == t:
                continue
            there = sum(row.get(x, 0) for x in other)
            for q in other:
                delta = there - row.get(q, 0) - now[p] + left.get(q, 0) - now[q]
                if delta < best:
                    best, where = delta, (u, q)
        if where is None:
            return False
        u, q = where
        mine[mine.index(p)], tables[u][tables[u].index(q)] = q, p
        for x in (*mine, *tables[u]):
            now[x] = self.at(x, tables[t] if x in mine else tables[u])
        return True

    def cost(self, tables: Iterable[Sequence[str]]) -> int:
        return repeats(tables, self.met)

    def run(self, starts: list[list[list[str]]], rng: random.Random) -> list[list[str]]:
        """The seating with the fewest repeats found from these starts."""
        best: list[list[str]] | None = None
        best_cost = 0
        for start in starts:
            tables = [list(t) for t in start]
            self.improve(tables)
            tables, found = self._shake(tables, rng)
            if best is None or found < best_cost:
                best, best_cost = tables, found
            if best_cost == 0:
                break
        assert best is not None
        return best

    def _shake(self, tables: list[list[str]], rng: random.Random) -> tuple[list[list[str]], int]:
        """Swap a player who has a repeat with a random other one, improve again, and
        keep the result when it is no worse; a fixed number of times."""
        cost = self.cost(tables)
        for _ in range(KICKS):
            if cost == 0 or len(tables) < 2:
                break
            trial = [list(t) for t in tables]
            stuck = [(t, p) for t, table in enumerate(trial) for p in table if self.at(p, table)]
            t, p = rng.choice(stuck)
            u = rng.choice([i for i in range(len(trial)) if i != t])
            q = rng.choice(trial[u])
            trial[t][trial[t].index(p)], trial[u][trial[u].index(q)] = q, p
            self.improve(trial)
            found = self.cost(trial)
            if found <= cost:
                tables, cost = trial, found
        return tables, cost


def fewest_repeats(
    sitting: Sequence[str],
    history: Sequence[RoundSeating],
    rng: random.Random,
) -> tuple[tuple[str, ...], ...]:
    """Tables for `sitting` that keep repeat meetings to the fewest the search finds. It
    starts from the fixed movements too, so it is never worse than either of them."""
    met = met_counts(history)
    starts: list[list[list[str]]] = []
    if history:
        for method in SHIFTS:
            starts.append([list(t) for t in fixed(history[-1], sitting, method)])
    for _ in range(RESTARTS):
        shuffled = list(sitting)
        rng.shuffle(shuffled)
        starts.append([list(t) for t in in_tables(shuffled)])
    found = _Search(met).run(starts, rng)
    order = {p: i for i, p in enumerate(sitting)}
    found.sort(key=lambda table: min(order[p] for p in table))
    return letters(found, history)


def seat_round(
    number: int,
    method: str,
    field: Sequence[str],
    history: Sequence[RoundSeating],
    rng: random.Random,
) -> RoundSeating:
    """Seat round `number` of `field` (registration order) by `method`, after the rounds
    in `history` (the rounds before it, in order)."""
    if method == "given":
        extra = len(field) % SEATS
        sitting = list(field[: len(field) - extra])
        return RoundSeating(number, method, in_tables(sitting), tuple(field[len(sitting) :]))
    if method == "random" or not history:
        order = list(field)
        rng.shuffle(order)
        byes = choose_byes(order, bye_counts(history))
        sitting = [p for p in order if p not in byes]
        tables = in_tables(sitting) if not history else letters(in_tables(sitting), history)
        return RoundSeating(number, method, tables, tuple(p for p in field if p in byes))
    byes = choose_byes(field, bye_counts(history))
    sitting = [p for p in field if p not in byes]
    if method in SHIFTS:
        tables = fixed(history[-1], sitting, method)
    else:
        tables = fewest_repeats(sitting, history, rng)
    return RoundSeating(number, method, tables, byes)


def round_rng(seed: int, number: int) -> random.Random:
    """The random choices of one round of an event, the same on every run.

    >>> round_rng(7, 2).random() == round_rng(7, 2).random() != round_rng(7, 3).random()
    True
    """
    return random.Random(f"mahj event {seed} round {number}")
