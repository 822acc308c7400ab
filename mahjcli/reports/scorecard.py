"""A tournament table's score card, derived from the standings (RULES.md §6).

Four games make a round. Each line of the card is one game: what happened and each
player's points, with any penalty recorded during that game counted on its line. Each
round has a total per player, the running total after it, and the player who hands the
card in. Seats are fixed by the starting seat order: A is the first East, B South, C West,
D North; A and C check each other's lines, and so do B and D.

At an event each table keeps a night of its own for each round, so its card may stand for
a later round of the event (`first_round`): the night's first four games are then that
round, headed with its number, and the card is handed in by the seat RULES.md §6 names
for that round.

Nothing here scores a game: every number comes from the fold.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core.errors import Refused
from ..core.event import hand_in_seat
from ..core.model import GAMES_PER_ROUND, WINDS, Penalty
from ..core.seating import Seating
from ..core.standings import Row, Standings
from .words import describe

SEAT_LETTERS = ("A", "B", "C", "D")


class Seat(NamedTuple):
    """One starting seat: its letter on the card, its wind, and who sat there."""

    letter: str
    wind: str
    player: str


class Line(NamedTuple):
    """One line of the card: a game, or a penalty on a line of its own, numbered with the
    game during which it was recorded; `points` line up with `ScoreCard.players`."""

    game: int
    row: Row
    points: tuple[int, ...]

    @property
    def is_penalty(self) -> bool:
        """True for a penalty's line (it is not a game)."""
        return isinstance(self.row.entry, Penalty)


class Round(NamedTuple):
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
        return sum(1 for line in self.lines if not line.is_penalty)

    @property
    def complete(self) -> bool:
        """True when the round is over: its four games scored, or time called in it."""
        played = [line for line in self.lines if not line.is_penalty]
        return len(played) == GAMES_PER_ROUND or any(
            line.row.entry.kind == "incomplete" for line in played
        )


class ScoreCard(NamedTuple):
    """A tournament table's card: seats, pairs, rounds and totals."""

    standings: Standings
    players: tuple[str, ...]
    seats: tuple[Seat, ...]
    """The starting seats, A (first East) to D (North)."""
    pairs: tuple[tuple[Seat, Seat], ...]
    """Who verifies whose lines: A with C, B with D."""
    rounds: tuple[Round, ...]
    totals: tuple[int, ...]
    first_round: int = 1
    """The round of the event the night's first four games are (1 for a night of its own)."""


def starting_seats(standings: Standings) -> tuple[Seat, ...]:
    """The seats as the night began, East first and going to the right."""
    session = standings.session
    order = Seating.start(session.players, session.easts).in_deal_order(1)
    return tuple(Seat(SEAT_LETTERS[i], WINDS[i], name) for i, name in enumerate(order))


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _lines(standings: Standings) -> list[Line]:
    """One line per game and one per penalty, in the order they were recorded."""
    return [
        Line(row.game, row, row.deltas)
        for row in standings.rows
        if row.is_game or isinstance(row.entry, Penalty)
    ]


def build(standings: Standings, first_round: int = 1) -> ScoreCard:
    """The score card of a tournament night whose first four games are round
    `first_round`; Refused for a night that keeps none."""
    if not standings.rules.score_card:
        raise Refused(
            "the score card is for tournament nights (mahj new --rules tournament); "
            "for a league night use mahj log or mahj total"
        )
    seats = starting_seats(standings)
    zero = tuple(0 for _ in standings.players)
    by_round: dict[int, list[Line]] = {}
    for line in _lines(standings):
        by_round.setdefault(line.row.round, []).append(line)
    rounds = []
    running = zero
    for index in sorted(by_round):
        lines = tuple(by_round[index])
        totals = zero
        for line in lines:
            totals = _add(totals, line.points)
        running = _add(running, totals)
        number = first_round + index - 1
        rounds.append(Round(number, lines, totals, running, seats[hand_in_seat(number)]))
    return ScoreCard(
        standings=standings,
        players=standings.players,
        seats=seats,
        pairs=((seats[0], seats[2]), (seats[1], seats[3])),
        rounds=tuple(rounds),
        totals=running,
        first_round=first_round,
    )


def accepted(card: ScoreCard, rnd: Round) -> bool:
    """True when the table has accepted this round's card (it no longer changes)."""
    games = [line.game for line in rnd.lines if not line.is_penalty]
    return rnd.complete and max(games) <= card.standings.accepted


def what(line: Line) -> str:
    """What one line of the card records, in words."""
    return describe(line.row)


def _named(players: tuple[str, ...], values: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(players, values, strict=True))


def _seat_json(seat: Seat) -> dict[str, str]:
    return {"seat": seat.letter, "wind": seat.wind, "player": seat.player}


def card_json(card: ScoreCard) -> dict[str, Any]:
    """`mahj scorecard --json`: the same content as the printed card."""
    session = card.standings.session
    players = card.players

    def line_json(line: Line) -> dict[str, Any]:
        entry = line.row.entry
        return {
            "game": line.game,
            "east": line.row.east,
            "result": line.row.result,
            "what": what(line),
            "points": _named(players, line.points),
            "penalties": [{"player": entry.player, "points": entry.points, "reason": entry.reason}]
            if isinstance(entry, Penalty)
            else [],
            "notes": list(line.row.notes),
        }

    def round_json(rnd: Round) -> dict[str, Any]:
        return {
            "round": rnd.number,
            "games": rnd.games,
            "complete": rnd.complete,
            "accepted": accepted(card, rnd),
            "hand_in": _seat_json(rnd.hand_in),
            "lines": [line_json(line) for line in rnd.lines],
            "totals": _named(players, rnd.totals),
            "running": _named(players, rnd.running),
        }

    return {
        "name": session.name,
        "date": session.date.isoformat() if session.date else None,
        "rules": session.rules.name,
        **session.rules.options(),
        "games": card.standings.games,
        "accepted_through": card.standings.accepted,
        "seats": [_seat_json(s) for s in card.seats],
        "pairs": [[a.player, c.player] for a, c in card.pairs],
        "rounds": [round_json(r) for r in card.rounds],
        "totals": _named(players, card.totals),
    }
