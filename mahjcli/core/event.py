"""A tournament event as recorded (RULES.md §9, §11): who registered, how each round
was seated, each round's clock, and each table's card: entered game by game as the round
is played (then confirmed by the players, handed in and accepted by the director), or as
round totals. Plain immutable values; the standings are derived from them afresh
(`mahjcli.core.eventfold`), never stored.

Each table of a round lists its seats A, B, C, D: A is East of the starting seats (the
deal starts there), then B, C and D to the right, as on a table's score card.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from typing import NamedTuple

from .clock import ClockMark, clock_state
from .model import GAMES_PER_ROUND, Card, Entry, is_game
from .rulesets import Tournament
from .wording import either

FIRST_ROUND_METHODS = ("random", "given")
"""How round 1 is seated: drawn at random (from the event's seed), or as the players were
listed (the first four at table 1, and so on)."""
MOVEMENTS = ("fewest-repeats", "abcd", "east-stays")
"""How later rounds are seated: a search that keeps repeat meetings to the fewest, or one
of RULES.md §9's fixed movements."""
METHODS = (*FIRST_ROUND_METHODS, *MOVEMENTS)
DEFAULT_MOVEMENT = "fewest-repeats"

SEAT_LETTERS = ("A", "B", "C", "D")
CHECKS = (2, 3, 0, 1)
"""Whose line each seat verifies on the card (RULES.md §6): A and C each other's, B and D."""
HAND_IN_SEATS = (0, 3, 2, 1)
"""Which starting seat hands the card in, round by round: East, North, West, South
(then again from East for a fifth round)."""
STATUSES = ("open", "handed-in", "accepted")
"""Where a card is: being entered and confirmed at the table, handed in, or accepted by
the director (only an accepted card counts in the standings)."""
MAX_ROUNDS = 20
DEFAULT_ROUNDS = 4
MIN_FIELD = 4
MAX_FIELD = 2000
MAX_ROUND_POINTS = 5000
"""Largest round total a card may give one player, either way (four games of at most a
1000-point hand with bonuses, and penalties)."""
MAX_SEED = 2**31 - 1


def movement_problem(name: object, label: str = "movement", *, first: bool = False) -> str | None:
    """Why `name` cannot seat a round (round 1 when `first`), or None.

    >>> movement_problem("abcd") is None, movement_problem("abcd", first=True)
    (True, "round 1 is seated random or given, not 'abcd'")
    """
    allowed = FIRST_ROUND_METHODS if first else MOVEMENTS
    if isinstance(name, str) and name in allowed:
        return None
    what = "round 1 is seated" if first else f"{label} must be"
    return f"{what} {' or '.join(allowed)}, not {name!r}"


class Player(NamedTuple):
    """A registered player: plays rounds `first_round` to `last_round` (None: to the end)."""

    name: str
    id: str = ""
    first_round: int = 1
    """Above 1 for a late registration."""
    last_round: int | None = None
    """Set when the player withdrew: the last round they play (0: before round 1)."""

    def plays(self, rnd: int) -> bool:
        """Whether the player is in the field of round `rnd`.

        >>> Player("Zoe", first_round=2).plays(1), Player("Hana", last_round=1).plays(2)
        (False, False)
        """
        return self.first_round <= rnd and (self.last_round is None or rnd <= self.last_round)


class RoundSeating(NamedTuple):
    """Who sits where in one round, and who has a bye."""

    number: int
    method: str
    """How it was seated: one of `METHODS`."""
    tables: tuple[tuple[str, ...], ...]
    """Table 1 first; each table's seats A, B, C, D."""
    byes: tuple[str, ...] = ()

    def places(self) -> dict[str, tuple[int, int]]:
        """Each seated player's table (from 1) and seat (0 for A to 3 for D)."""
        return {p: (t, s) for t, table in enumerate(self.tables, 1) for s, p in enumerate(table)}

    def seated(self) -> tuple[str, ...]:
        """Everyone at a table this round, table by table."""
        return tuple(p for table in self.tables for p in table)


def hand_in_seat(round_number: int) -> int:
    """Index of the starting seat whose player hands the card in for a round.

    >>> [SEAT_LETTERS[hand_in_seat(r)] for r in (1, 2, 3, 4, 5)]
    ['A', 'D', 'C', 'B', 'A']
    """
    return HAND_IN_SEATS[(round_number - 1) % len(HAND_IN_SEATS)]


class TableCard(NamedTuple):
    """One table's score card for one round: each player's round total and, for a card
    entered game by game, its games (else None: simple mode)."""

    round: int
    table: int
    totals: Mapping[str, int]
    """The totals the table signed, by player; empty for a card entered game by game
    here (its totals are its games')."""
    games: tuple[Entry, ...] | None = None
    replace: bool = False
    """True when this card replaces one entered before for the same table; the earlier
    one stays in the file as history."""
    source: str = ""
    """The table's session file it was taken from (a note for people; never read)."""
    status: str = "accepted"
    """One of `STATUSES`."""
    confirmed: tuple[str, ...] = ()
    """The players who have checked their partner's line (in seat order)."""
    handed_in: str | None = None
    """Who handed the card in."""
    entry_id: str | None = None
    """The id of the write that put this card of round totals in (INTERFACE.md)."""

    @property
    def detailed(self) -> bool:
        """True for a card entered game by game."""
        return self.games is not None

    @property
    def accepted(self) -> bool:
        """True when the card counts in the standings."""
        return self.status == "accepted"

    def played(self) -> int:
        """The games on a card entered game by game (a game stopped by time counts)."""
        return sum(1 for e in self.games or () if is_game(e))


class Event(NamedTuple):
    """A tournament event, as recorded."""

    name: str
    players: tuple[Player, ...]
    date: _dt.date | None = None
    rules: Tournament = Tournament()
    """The profile every table plays (RULES.md §7): its name is `rules.profile`."""
    rounds: int = DEFAULT_ROUNDS
    movement: str = DEFAULT_MOVEMENT
    """How rounds after the first are seated, unless the director asks otherwise."""
    seed: int = 1
    """Seeds every random choice, so a seating can be reproduced."""
    tie_break: bool = False
    """Equal totals are split by most Mah Jonggs, then fewest thrown (detailed cards)."""
    seatings: tuple[RoundSeating, ...] = ()
    cards: tuple[TableCard, ...] = ()
    clock: tuple[ClockMark, ...] = ()
    """Every start of a round's clock and every call of time, in the order made."""
    card: Card | None = None
    """The year's card the tables may name lines of, if the event has one."""

    def names(self) -> tuple[str, ...]:
        """Every registered player, in registration order."""
        return tuple(p.name for p in self.players)

    def field(self, rnd: int) -> tuple[str, ...]:
        """The players of round `rnd` (seated or on a bye), in registration order."""
        return tuple(p.name for p in self.players if p.plays(rnd))

    def seating(self, rnd: int) -> RoundSeating | None:
        """How round `rnd` is seated, if it is."""
        return self.seatings[rnd - 1] if 0 < rnd <= len(self.seatings) else None

    def round_problem(self, rnd: int) -> str | None:
        """Why `rnd` is not a seated round of the event (past the last round, or not
        seated yet), or None: every command that takes a round asks this."""
        if not 1 <= rnd <= self.rounds:
            return f"the event has rounds 1 to {self.rounds}, not {rnd}"
        if self.seating(rnd) is None:
            seat = either(f" (mahj event seating {rnd} seats it)", "")
            return f"round {rnd} is not seated yet{seat}"
        return None

    def current_cards(self, rnd: int) -> dict[int, TableCard]:
        """The last card of each table of round `rnd` (accepted or not)."""
        return {c.table: c for c in self.cards if c.round == rnd}

    def accepted_cards(self, rnd: int) -> dict[int, TableCard]:
        """The card in force for each table of round `rnd`: its last accepted one."""
        return {c.table: c for c in self.cards if c.round == rnd and c.accepted}

    def time_called(self, rnd: int) -> bool:
        """Whether the file records time called for round `rnd` (after its last start)."""
        called = False
        for mark in self.clock:
            if mark.round == rnd:
                called = mark.called is not None or (called and mark.start is None)
        return called

    def started(self, rnd: int) -> bool:
        """A round starts when its clock starts or its first card is begun; until then
        its seating is a plan."""
        return any(c.round == rnd for c in self.cards) or any(
            m.round == rnd and m.start is not None for m in self.clock
        )

    def open_round(self) -> int:
        """The first round after every round that has started: registrations and
        withdrawals apply from it (one past the last round when the last has started).

        >>> Event("Cup", (), rounds=3, cards=(TableCard(2, 1, {}),)).open_round()
        3
        """
        return 1 + max((r for r in range(1, self.rounds + 1) if self.started(r)), default=0)

    def missing(self, rnd: int) -> tuple[int, ...]:
        """The tables of a seated round whose card is not accepted yet."""
        seating = self.seating(rnd)
        if seating is None:
            return ()
        cards = self.accepted_cards(rnd)
        return tuple(t for t in range(1, len(seating.tables) + 1) if t not in cards)


def restart_problem(event: Event, rnd: int, now: _dt.datetime) -> str | None:
    """Why round `rnd`'s clock cannot start again now, once time is called, or None: a
    card of fewer games than a round, accepted or handed in as time called, or one that
    ends with the game time stopped (`mahj event start --restart` refuses it; the
    director's page does not offer it)."""
    state = clock_state(event.clock, rnd, now)
    if state is None or not state.called:
        return None
    for table, card in sorted(event.accepted_cards(rnd).items()):
        stopped = any(game.kind == "incomplete" for game in card.games or ())
        if card.games is not None and (card.played() < GAMES_PER_ROUND or stopped):
            return (
                f"round {rnd}, table {table}'s card was accepted with the games played "
                "before time was called; the round's clock cannot start again"
            )
    for table, card in sorted(event.current_cards(rnd).items()):
        stopped = any(game.kind == "incomplete" for game in card.games or ())
        short = card.played() < GAMES_PER_ROUND or stopped
        if card.status == "handed-in" and (card.games or ()) and short:
            return (
                f"round {rnd}, table {table}'s card was handed in with the games played "
                "before time was called; with the clock running again it could not be "
                "accepted: give it back to the table first ("
                + either(f"mahj event reopen {rnd} {table}", "“Give it back to the table”")
                + ")"
            )
        if stopped and not card.accepted:
            return (
                f"round {rnd}, table {table}'s card ends with the game time stopped; "
                "with the clock running again it could neither go on nor be handed in: "
                "take that line back first ("
                + either(f"mahj event undo {rnd} {table}", "“Take back the last line” there")
                + ")"
            )
    return None
