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
from typing import NamedTuple

from . import eventplan
from .event import RoundSeating
from .model import SEATS

SHIFTS: Mapping[str, tuple[int, int, int, int]] = {
    "abcd": (1, -1, 2, -2),
    "east-stays": (0, -1, 2, 1),
}
"""How many tables each seat moves (A, B, C, D) after a round: RULES.md §9's table."""

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


def together(method: str, tables: int) -> list[tuple[int, int]]:
    """The seats (0 for A) whose players a fixed movement keeps moving to one table, so
    that they meet every round, for this many tables.

    >>> together("abcd", 4), together("east-stays", 3), together("abcd", 5)
    ([(2, 3)], [(1, 2)], [])
    """
    shift = SHIFTS[method]
    return [
        (a, b)
        for a, b in itertools.combinations(range(SEATS), 2)
        if (shift[a] - shift[b]) % tables == 0
    ]


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


def spread_byes(
    field: Sequence[str], counts: Mapping[str, int], last: Sequence[Sequence[str]]
) -> tuple[str, ...]:
    """`choose_byes`, but each bye in turn from the table of the round before (`last`)
    that has the most of its players still sitting (then in `field`'s order): byes taken
    from one table may leave another whole, and its players must then meet again.

    >>> spread_byes(["Ann", "Bea", "Cy", "Dot", "Eve"], {}, [["Ann", "Bea", "Cy", "Dot"]])
    ('Ann',)
    >>> last = [["Ann", "Bea", "Cy", "Dot"], ["Eve", "Fay", "Gus", "Hal"]]
    >>> spread_byes(["Bea", "Cy", "Dot", "Eve", "Fay", "Gus", "Hal"], {}, last)
    ('Bea', 'Eve', 'Fay')
    """
    table_of = {p: t for t, table in enumerate(last) for p in table}
    left = {t: sum(1 for p in field if table_of.get(p) == t) for t in range(len(last))}
    chosen: list[str] = []
    for _ in range(len(field) % SEATS):
        due = min(counts.get(p, 0) for p in field if p not in chosen)
        pick = min(
            (i for i, p in enumerate(field) if p not in chosen and counts.get(p, 0) == due),
            key=lambda i: (-left.get(table_of.get(field[i], -1), 0), i),
        )
        chosen.append(field[pick])
        left[table_of.get(field[pick], -1)] = left.get(table_of.get(field[pick], -1), 0) - 1
    return tuple(p for p in field if p in chosen)


def _crowding(field: Sequence[str], byes: Sequence[str], last: RoundSeating) -> int:
    """Pairs of `last`'s tables who must sit together again in the next round when these
    are its byes (its players spread over its tables as kindly as can be)."""
    sitting = set(field) - set(byes)
    tables = len(sitting) // SEATS
    together = [len(sitting & set(table)) for table in last.tables]
    return sum(eventplan.pairs_at_least(count, tables) for count in together) if tables else 0


def met_counts(seatings: Iterable[RoundSeating]) -> Met:
    """Each pair's meetings at a table, over the given rounds."""
    met: Met = {}
    for seating in seatings:
        for table in seating.tables:
            for a, b in itertools.permutations(table, 2):
                row = met.setdefault(a, {})
                row[b] = row.get(b, 0) + 1
    return met


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


def repeats(tables: Iterable[Sequence[str]], met: Met) -> int:
    """Pairs at one table who already sat together in an earlier round.

    >>> repeats([["Ann", "Bea", "Cy", "Dot"]], {"Ann": {"Bea": 2}, "Bea": {"Ann": 2}})
    1
    """
    return len(meeting_again(tables, met))


def meeting_again(tables: Iterable[Sequence[str]], met: Met) -> list[tuple[str, str, int]]:
    """Each pair at one table who already sat together in an earlier round, with the
    table's number (from 1)."""
    return [
        (a, b, t)
        for t, table in enumerate(tables, 1)
        for a, b in itertools.combinations(table, 2)
        if met.get(a, {}).get(b, 0)
    ]


def repeats_over(rounds: Sequence[RoundSeating], history: Sequence[RoundSeating]) -> int:
    """Pairs meeting again, added up over `rounds` seated one after another after
    `history` (a pair's third meeting counts again)."""
    met = met_counts(history)
    total = 0
    for seating in rounds:
        total += repeats(seating.tables, met)
        for a, b in (pair for table in seating.tables for pair in itertools.permutations(table, 2)):
            met.setdefault(a, {})[b] = met.get(a, {}).get(b, 0) + 1
    return total


def _byes(
    fields: Sequence[Sequence[str]], history: Sequence[RoundSeating]
) -> list[tuple[str, ...]]:
    """Each round's byes in turn, for the rounds of `fields` after `history`."""
    counts = bye_counts(history)
    out = []
    for field in fields:
        byes = choose_byes(field, counts)
        for name in byes:
            counts[name] = counts.get(name, 0) + 1
        out.append(byes)
    return out


def _carried(
    first: int,
    fields: Sequence[Sequence[str]],
    history: Sequence[RoundSeating],
    method: str,
    byes: Sequence[tuple[str, ...]] | None = None,
) -> list[RoundSeating]:
    """Rounds `first` on, each by the fixed movement `method` from the one before (with
    these `byes`, or the byes in turn)."""
    out: list[RoundSeating] = []
    given = byes if byes is not None else _byes(fields, history)
    for k, (field, out_k) in enumerate(zip(fields, given, strict=True)):
        sitting = [p for p in field if p not in out_k]
        before = out[-1] if out else history[-1]
        out.append(RoundSeating(first + k, method, fixed(before, sitting, method), out_k))
    return out


class Plan(NamedTuple):
    """The rounds still to be seated, planned together by `fewest-repeats`."""

    rounds: tuple[RoundSeating, ...]
    repeats: int
    """Pairs meeting again over the planned rounds."""
    floor: int
    """No plan of these rounds can have fewer repeats (so 0 is possible only if this is 0)."""


def plan(fields: Sequence[Sequence[str]], history: Sequence[RoundSeating], seed: int) -> Plan:
    """Rounds `len(history) + 1` to the last (`fields`: the field of each of them, in
    registration order), seated with the fewest repeats the search finds. It starts from
    the best of the fixed movements carried on to the last round, a construction where
    one fits, and random tables, so it is never worse than the movements."""
    first = len(history) + 1
    rng = round_rng(seed, first)
    byes = _byes(fields, history)
    if history and fields:  # the first round planned: byes spread when that crowds less
        spread = spread_byes(fields[0], bye_counts(history), history[-1].tables)
        if _crowding(fields[0], spread, history[-1]) < _crowding(fields[0], byes[0], history[-1]):
            byes[0] = spread
            byes[1:] = _byes(fields[1:], [*history, RoundSeating(first, "", (), spread)])
    sitting = [[p for p in field if p not in out] for field, out in zip(fields, byes, strict=True)]
    names = list(
        dict.fromkeys([*(p for s in history for p in s.seated()), *(p for s in sitting for p in s)])
    )
    number = {p: i for i, p in enumerate(names)}
    met = [bytearray(len(names)) for _ in names]
    for seating in history:
        for table in seating.tables:
            for a, b in itertools.permutations((number[p] for p in table), 2):
                met[a][b] += 1
    starts: list[list[eventplan.Tables]] = []
    if history:
        built = eventplan.construction([[number[p] for p in t] for t in history[-1].tables])
        if built and all(sorted(s) == sorted(history[-1].seated()) for s in sitting):
            shuffled = _shuffled(sitting[len(built) :], number, rng)
            starts.append([*built[: len(sitting)], *shuffled])
        for method in SHIFTS:
            carried = _carried(first, fields, history, method, byes)
            starts.append([[[number[p] for p in t] for t in s.tables] for s in carried])
    starts.append(_shuffled(sitting, number, rng))
    searches = [eventplan.Search([bytearray(row) for row in met], start, rng) for start in starts]
    search = min(searches, key=lambda s: s.cost)
    sets = [{number[p] for p in s} for s in sitting]
    low = max(
        eventplan.floor(
            [number[p] for p in dict.fromkeys(p for s in sitting for p in s)], sets, met
        ),
        eventplan.crowded(
            sets, [{number[p] for p in t} for t in history[-1].tables] if history else []
        ),
    )
    found = search.run(low)
    rounds = []
    for k, tables in enumerate(found):
        named = [[names[p] for p in table] for table in tables]
        order = {p: i for i, p in enumerate(fields[k])}
        named.sort(key=lambda table: min(order[p] for p in table))
        rounds.append(RoundSeating(first + k, "fewest-repeats", tuple(map(tuple, named)), byes[k]))
    made = Plan(tuple(rounds), repeats_over(rounds, history), low)
    for method in SHIFTS if history else ():  # never worse than a movement, byes in turn
        carried = _carried(first, fields, history, method)
        if (count := repeats_over(carried, history)) < made.repeats:
            moved = tuple(r._replace(method="fewest-repeats") for r in carried)
            made = Plan(moved, count, min(low, count))  # other byes: `low` was for the plan's
    return made


def _shuffled(
    sitting: Sequence[Sequence[str]], number: Mapping[str, int], rng: random.Random
) -> list[eventplan.Tables]:
    """Random tables for each round."""
    out = []
    for field in sitting:
        order = [number[p] for p in field]
        rng.shuffle(order)
        out.append([order[i : i + SEATS] for i in range(0, len(order), SEATS)])
    return out


def _same(a: RoundSeating, b: RoundSeating) -> bool:
    """Whether two seatings put the same players together (seat letters aside)."""
    return a.byes == b.byes and {frozenset(t) for t in a.tables} == {frozenset(t) for t in b.tables}


def fewest_repeats(
    number: int, fields: Sequence[Sequence[str]], history: Sequence[RoundSeating], seed: int
) -> RoundSeating:
    """Round `number` as the plan of every remaining round has it: the plan made when
    round 2 was seated, while the rounds since have followed it (so a seating planned to
    have no repeats keeps none), else a plan made now."""
    made = plan(fields[1:], history[:1], seed) if len(history) > 1 else None
    if made is None or not all(_same(a, b) for a, b in zip(made.rounds, history[1:], strict=False)):
        made = plan(fields[number - 1 :], history, seed)
        chosen = made.rounds[0]
    else:
        chosen = made.rounds[number - 2]
    return chosen._replace(tables=letters(chosen.tables, history))


def seat_round(
    number: int,
    method: str,
    fields: Sequence[Sequence[str]],
    history: Sequence[RoundSeating],
    seed: int,
) -> RoundSeating:
    """Seat round `number` by `method`, after the rounds in `history` (the rounds before
    it, in order). `fields` holds every round's field in registration order, round 1
    first: `fewest-repeats` plans the rounds after this one too."""
    field = fields[number - 1]
    rng = round_rng(seed, number)
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
    if method in SHIFTS:
        byes = choose_byes(field, bye_counts(history))
        sitting = [p for p in field if p not in byes]
        return RoundSeating(number, method, fixed(history[-1], sitting, method), byes)
    return fewest_repeats(number, fields, history, seed)


def round_rng(seed: int, number: int) -> random.Random:
    """The random choices of one round of an event, the same on every run.

    >>> round_rng(7, 2).random() == round_rng(7, 2).random() != round_rng(7, 3).random()
    True
    """
    return random.Random(f"mahj event {seed} round {number}")


class Outlook(NamedTuple):
    """How often players would meet again over the rounds after round 1, by each way of
    seating them, as the field stands."""

    repeats: Mapping[str, int]
    """By method: pairs meeting again over the rounds still to come."""
    floor: int
    """No seating of those rounds has fewer (0: no repeat may be possible, or where a
    later round has byes, not known: other byes may allow fewer)."""


def outlook(fields: Sequence[Sequence[str]], first: RoundSeating, seed: int) -> Outlook | None:
    """Each method's repeats after round 1 (None for an event of one round)."""
    if len(fields) < 2:
        return None
    planned = plan(fields[1:], [first], seed)
    counts = {"fewest-repeats": planned.repeats}
    for method in SHIFTS:
        counts[method] = repeats_over(_carried(2, fields[1:], [first], method), [first])
    chosen = any(len(field) % SEATS for field in fields[1:])  # other byes: floor unknown
    return Outlook(counts, 0 if chosen else planned.floor)
