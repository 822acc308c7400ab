"""A tournament table's score card, derived from the standings (RULES.md §6).

Four games make a round. Each line of the card is one game: what happened and each
player's points, with any penalty recorded during that game counted on its line. Each
round has a total per player, the running total after it, and the player who hands the
card in. Seats are fixed by the starting seat order: A is the first East, B South, C West,
D North; A and C check each other's lines, and so do B and D.

Nothing here scores a game: every number comes from `mahjcli.scoring.fold`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import Refused
from .model import Penalty
from .scoring import Row, Standings
from .seating import Table

GAMES_PER_ROUND = 4
SEAT_LETTERS = ("A", "B", "C", "D")
WINDS = ("East", "South", "West", "North")
HAND_IN_SEATS = (0, 3, 2, 1)
"""Which starting seat hands the card in, round by round: East, North, West, South
(then again from East for a fifth round)."""


@dataclass(frozen=True)
class Seat:
    """One starting seat: its letter on the card, its wind, and who sat there."""

    letter: str
    wind: str
    player: str


@dataclass(frozen=True)
class Line:
    """One game on the card; `points` line up with `ScoreCard.players`."""

    game: int
    game_row: Row | None
    """The scored game, or None for a game still in progress that already has a penalty."""
    penalties: tuple[Row, ...]
    """Penalties recorded while this game was being played."""
    points: tuple[int, ...]
    """The game's points plus its penalties."""

    @property
    def in_progress(self) -> bool:
        """True when the game has not been scored yet (only a penalty is on its line)."""
        return self.game_row is None


@dataclass(frozen=True)
class Round:
    """Four games (fewer while the round is being played) and who hands the card in."""

    number: int
    lines: tuple[Line, ...]
    totals: tuple[int, ...]
    running: tuple[int, ...]
    """Each player's total after this round (after every round so far)."""
    hand_in: Seat

    @property
    def games(self) -> int:
        """Games scored in this round."""
        return sum(1 for line in self.lines if not line.in_progress)

    @property
    def complete(self) -> bool:
        """True when all four games of the round are scored."""
        return self.games == GAMES_PER_ROUND


@dataclass(frozen=True)
class ScoreCard:
    """A tournament table's card: seats, pairs, rounds and totals."""

    standings: Standings
    players: tuple[str, ...]
    seats: tuple[Seat, ...]
    """The starting seats, A (first East) to D (North)."""
    pairs: tuple[tuple[Seat, Seat], ...]
    """Who verifies whose lines: A with C, B with D."""
    rounds: tuple[Round, ...]
    totals: tuple[int, ...]


def round_of(game: int) -> int:
    """The round a game belongs to, four games a round.

    >>> [round_of(g) for g in (1, 4, 5, 8, 9)]
    [1, 1, 2, 2, 3]
    """
    return (game - 1) // GAMES_PER_ROUND + 1


def hand_in_seat(round_number: int) -> int:
    """Index of the starting seat whose player hands the card in for a round.

    >>> [WINDS[hand_in_seat(r)] for r in (1, 2, 3, 4, 5)]
    ['East', 'North', 'West', 'South', 'East']
    """
    return HAND_IN_SEATS[(round_number - 1) % len(HAND_IN_SEATS)]


def starting_seats(standings: Standings) -> tuple[Seat, ...]:
    """The seats as the night began, East first and going to the right."""
    session = standings.session
    order = Table.start(session.players, session.east).in_deal_order()
    return tuple(Seat(SEAT_LETTERS[i], WINDS[i], name) for i, name in enumerate(order))


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _lines(standings: Standings) -> list[Line]:
    """One line per game number, in order, with penalties folded into their game."""
    zero = tuple(0 for _ in standings.players)
    games: dict[int, Row] = {}
    penalties: dict[int, list[Row]] = {}
    for row in standings.rows:
        if row.is_game:
            games[row.game] = row
        elif isinstance(row.entry, Penalty):
            penalties.setdefault(row.game, []).append(row)
    lines = []
    for number in sorted(games.keys() | penalties.keys()):
        game_row = games.get(number)
        extra = tuple(penalties.get(number, ()))
        points = game_row.deltas if game_row is not None else zero
        for row in extra:
            points = _add(points, row.deltas)
        lines.append(Line(number, game_row, extra, points))
    return lines


def build(standings: Standings) -> ScoreCard:
    """The score card of a tournament night; Refused for a league night."""
    if standings.session.options.rules != "tournament":
        raise Refused(
            "the score card is for tournament nights (mahj new --rules tournament); "
            "for a league night use mahj log or mahj total"
        )
    seats = starting_seats(standings)
    zero = tuple(0 for _ in standings.players)
    by_round: dict[int, list[Line]] = {}
    for line in _lines(standings):
        by_round.setdefault(round_of(line.game), []).append(line)
    rounds = []
    running = zero
    for number in sorted(by_round):
        lines = tuple(by_round[number])
        totals = zero
        for line in lines:
            totals = _add(totals, line.points)
        running = _add(running, totals)
        rounds.append(Round(number, lines, totals, running, seats[hand_in_seat(number)]))
    return ScoreCard(
        standings=standings,
        players=standings.players,
        seats=seats,
        pairs=((seats[0], seats[2]), (seats[1], seats[3])),
        rounds=tuple(rounds),
        totals=running,
    )
