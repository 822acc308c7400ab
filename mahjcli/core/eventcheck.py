"""Whether an event holds together: every check of its players, its rounds' seatings and
its cards, written once. A command that changes an event and a hand edit of its file
meet the same checks, so `mahj event check` and every command refuse the same things.

Each problem says where it is: `Where("seating", 1, "tables[4]")` is the fifth table of
the second [[seating]] table; the file layer turns that into a line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

from .clock import MAX_MINUTES
from .event import (
    MAX_FIELD,
    MAX_ROUND_POINTS,
    MAX_ROUNDS,
    MAX_SEED,
    METHODS,
    MIN_FIELD,
    SEAT_LETTERS,
    Event,
    Player,
    RoundSeating,
    TableCard,
    hand_in_seat,
    movement_problem,
)
from .model import SEATS
from .names import control_problem, fold_name, name_problem
from .problems import Problem, Where


def event_problems(event: Event) -> list[Problem]:
    """Every problem of the event's settings, players and seatings (cards: `card_problems`)."""
    found = list(_settings(event))
    found += _players(event)
    for index, seating in enumerate(event.seatings):
        found += seating_problems(event, index, seating)
    found += clock_problems(event)
    return found


def clock_problems(event: Event) -> list[Problem]:
    """Each start of a clock is for a seated round and lasts 1 to MAX_MINUTES minutes."""
    found: list[Problem] = []
    for index, mark in enumerate(event.clock):
        label = f"clock {index + 1} (round {mark.round})"
        if event.seating(mark.round) is None:
            found.append(
                Problem(
                    f"{label}: round {mark.round} is not seated", Where("clock", index, "round")
                )
            )
        if mark.start is not None and not 1 <= (mark.minutes or 0) <= MAX_MINUTES:
            found.append(
                Problem(
                    f"{label}: minutes must be from 1 to {MAX_MINUTES}, not {mark.minutes}",
                    Where("clock", index, "minutes"),
                )
            )
    return found


def _rounds_ok(event: Event) -> bool:
    """Whether the event's number of rounds is one (else nothing is checked against it:
    that one problem is the one to fix)."""
    return 1 <= event.rounds <= MAX_ROUNDS


def _settings(event: Event) -> Iterator[Problem]:
    if not _rounds_ok(event):
        yield Problem(
            f"rounds must be from 1 to {MAX_ROUNDS}, not {event.rounds}", Where.top("rounds")
        )
    if why := control_problem(event.name, "the event's name"):
        yield Problem(why, Where.top("name"))
    if why := movement_problem(event.movement):
        yield Problem(why, Where.top("movement"))
    if not 0 <= event.seed <= MAX_SEED:
        yield Problem(f"seed must be a whole number from 0 to {MAX_SEED}", Where.top("seed"))
    if _rounds_ok(event) and len(event.seatings) > event.rounds:
        yield Problem(
            f"{len(event.seatings)} rounds are seated, but the event has {event.rounds} "
            "(raise rounds, or remove the extra [[seating]])",
            Where("seating", event.rounds),
        )


def _players(event: Event) -> list[Problem]:
    found: list[Problem] = []
    names: dict[str, str] = {}
    ids: dict[str, str] = {}
    if not MIN_FIELD <= len(event.players) <= MAX_FIELD:
        found.append(
            Problem(
                f"an event needs {MIN_FIELD} to {MAX_FIELD} registered players, "
                f"not {len(event.players)}",
                Where.top("players"),
            )
        )
    for index, player in enumerate(event.players):

        def problem(message: str, key: str | None = None, i: int = index) -> None:
            found.append(Problem(message, Where("players", i, key)))

        if why := name_problem(player.name):
            problem(why, "name")
        key = fold_name(player.name)
        if key in names:
            problem(
                f"{names[key]!r} and {player.name!r} are the same name; give each player "
                "a different name",
                "name",
            )
        names.setdefault(key, player.name)
        if why := control_problem(player.id, f"{player.name}'s id"):
            problem(why, "id")
        elif player.id:
            if player.id in ids:
                problem(f"{ids[player.id]} and {player.name} have the same id {player.id!r}", "id")
            ids.setdefault(player.id, player.name)
        if _rounds_ok(event) and (why := _rounds_problem(player, event.rounds)):
            problem(why, "first_round" if "first_round" in why else "last_round")
    return found


def _rounds_problem(player: Player, rounds: int) -> str | None:
    if not 1 <= player.first_round <= rounds:
        return f"first_round must be a round of the event, from 1 to {rounds}"
    last = player.last_round
    if last is not None and not player.first_round - 1 <= last <= rounds:
        return (
            f"last_round must be from {player.first_round - 1} (withdrew before playing) "
            f"to {rounds}, not {last}"
        )
    return None


PLACES = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def seating_problems(event: Event, index: int, seating: RoundSeating) -> list[Problem]:
    """Why a round's seating cannot stand: tables of four, everyone of the round's field
    once (at a table or on a bye), nobody else, and only as many byes as the field needs."""
    rnd = index + 1
    label = f"round {rnd}"
    found: list[Problem] = []

    def problem(message: str, key: str | None = None) -> None:
        found.append(Problem(f"{label}: {message}", Where("seating", index, key)))

    numbers = sorted(s.number for s in event.seatings)
    if seating.number != rnd and numbers == list(range(1, len(numbers) + 1)):
        place = PLACES[index] if index < len(PLACES) else f"number {rnd}"
        problem(  # blocks moved by hand: the rest follows from the order, said once
            f"this [[seating]] says round = {seating.number} but is listed {place}; put the "
            "[[seating]] blocks in round order (round 1 first), each with all its lines",
            "round",
        )
        return found
    if seating.number != rnd:
        problem(
            f"round must be {rnd} (the rounds are listed in order), not {seating.number}", "round"
        )
    if seating.method not in METHODS:
        problem(f"movement must be one of {', '.join(METHODS)}, not {seating.method!r}", "movement")
    if not seating.tables:
        problem("a round needs at least one table of four", "tables")
    seen: dict[str, str] = {}
    for t, table in enumerate(seating.tables, 1):
        if len(table) != SEATS:
            problem(
                f"table {t} has {len(table)} players; a table has exactly {SEATS} "
                "(seats A, B, C, D)",
                f"tables[{t - 1}]",
            )
        for s, name in enumerate(table):
            where = f"table {t}, seat {SEAT_LETTERS[s] if s < SEATS else s + 1}"
            if name in seen:
                problem(f"{name} is seated twice ({seen[name]} and {where})", f"tables[{t - 1}]")
            seen.setdefault(name, where)
    for name in seating.byes:
        if name in seen:
            problem(f"{name} has a bye but is also at {seen[name]}", "byes")
        seen.setdefault(name, "a bye")
    found += _field_problems(event, rnd, seating, seen)
    return found


def _field_problems(
    event: Event, rnd: int, seating: RoundSeating, seen: dict[str, str]
) -> list[Problem]:
    """Everyone of the field placed, nobody outside it, and the right number of byes."""
    found: list[Problem] = []

    def add(message: str, key: str) -> None:
        found.append(Problem(f"round {rnd}: {message}", Where("seating", rnd - 1, key)))

    field = event.field(rnd)
    playing = set(field)
    players = {p.name: p for p in event.players}
    for name in seen:
        if name not in players or name in playing:
            continue
        p = players[name]
        why = (
            f"registered from round {p.first_round}"
            if p.first_round > rnd
            else f"withdrew after round {p.last_round}"
        )
        add(f"{name} is {'on a bye' if name in seating.byes else 'seated'} but {why}", "tables")
    unplaced = [name for name in field if name not in seen]
    if unplaced:
        add(
            f"{', '.join(unplaced)} {'is' if len(unplaced) == 1 else 'are'} in the round but "
            "neither at a table nor on a bye",
            "tables",
        )
    extra = len(field) % SEATS
    if len(seating.byes) != extra and not unplaced:
        add(
            f"{len(field)} players leave {extra} without a table, so the round has {extra} "
            f"bye{'s' if extra != 1 else ''}, not {len(seating.byes)}",
            "byes",
        )
    return found


def card_problems(event: Event) -> list[Problem]:
    """Every problem of the cards that does not need their games replayed: the round and
    table exist, the card's players are the table's seats, its totals are in range, and
    a second card for a table says that it replaces the first."""
    found: list[Problem] = []
    entered: set[tuple[int, int]] = set()
    for index, card in enumerate(event.cards):
        label = f"card {index + 1} (round {card.round}, table {card.table})"

        def problem(message: str, key: str, i: int = index, label: str = label) -> None:
            found.append(Problem(f"{label}: {message}", Where("cards", i, key)))

        if why := control_problem(card.source, "the file it was taken from"):
            problem(why, "from")
        seating = event.seating(card.round)
        if seating is None:
            problem(f"round {card.round} is not seated", "round")
            continue
        if not 1 <= card.table <= len(seating.tables):
            problem(f"round {card.round} has tables 1 to {len(seating.tables)}", "table")
            continue
        seats = seating.tables[card.table - 1]
        _status_problems(card, seats, problem)
        if (card.totals or card.games is None) and set(card.totals) != set(seats):
            problem(
                f"the card is for {', '.join(card.totals)}, but the table's seats are "
                f"{seats_text(seats)}",
                "totals",
            )
        for name, points in card.totals.items():
            if not -MAX_ROUND_POINTS <= points <= MAX_ROUND_POINTS:
                problem(
                    f"{name}'s total must be from -{MAX_ROUND_POINTS} to "
                    f"{MAX_ROUND_POINTS}, not {points}",
                    "totals",
                )
        if (card.round, card.table) in entered and not card.replace:
            problem(
                "this table already has a card; say replace = true to replace it "
                "(the earlier card stays as history)",
                "round",
            )
        if (card.round, card.table) not in entered and card.replace:
            problem("replace = true, but there is no earlier card for this table", "replace")
        entered.add((card.round, card.table))
    return found


def _status_problems(
    card: TableCard, seats: tuple[str, ...], problem: Callable[[str, str], None]
) -> None:
    """Who confirmed or handed in a card sits at its table (a paper card of round totals
    may be handed in, or given back to the table to type again, as a card entered game by
    game is)."""
    for i, name in enumerate(card.confirmed):
        if name not in seats:
            problem(f"{name} confirmed the card but does not sit at this table", "confirmed")
        elif name in card.confirmed[:i]:
            problem(f"{name} is listed twice in confirmed; keep one", "confirmed")
    if card.handed_in is not None and card.handed_in not in seats:
        problem(f"{card.handed_in} handed the card in but does not sit at this table", "handed_in")
    elif card.handed_in is not None and hand_in_seat(card.round) < len(seats):
        named, letter = seats[hand_in_seat(card.round)], SEAT_LETTERS[hand_in_seat(card.round)]
        if card.handed_in != named:  # as `mahj event hand-in` refuses it
            problem(f"in round {card.round} the card is handed in by seat {letter}: {named}, "
                    f"not {card.handed_in}", "handed_in")  # fmt: skip
    if card.status == "handed-in" and card.handed_in is None:
        problem('a handed-in card says who handed it in (handed_in = "NAME")', "status")


def seats_text(seats: tuple[str, ...]) -> str:
    """`A Ann, B Bea, C Cy, D Dot`.

    >>> seats_text(("Ann", "Bea", "Cy", "Dot"))
    'A Ann, B Bea, C Cy, D Dot'
    """
    return ", ".join(f"{letter} {name}" for letter, name in zip(SEAT_LETTERS, seats, strict=False))


def named_points(names: Iterable[str], values: Mapping[str, int]) -> str:
    """`Ann +45, Bea -10, Cy 0`.

    >>> named_points(["Ann", "Cy"], {"Ann": 45, "Cy": 0})
    'Ann +45, Cy 0'
    """
    return ", ".join(f"{n} {values[n]:+d}" if values[n] else f"{n} 0" for n in names)


def card_label(card: TableCard) -> str:
    """`round 1, table 3`."""
    return f"round {card.round}, table {card.table}"
