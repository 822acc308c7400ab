"""Where do I sit? A player's table, seat and opponents in a round, and their points so
far, found by name (any case). The command line prints them; the page of the same name
shows the same values."""

from __future__ import annotations

import datetime as _dt
from typing import Any, NamedTuple

from ..core.errors import Refused
from ..core.event import SEAT_LETTERS, Player
from ..core.eventfold import EventStandings
from ..core.model import WINDS
from ..core.names import UnknownName, quoted, resolve
from .event import place_labels
from .eventboard import floor_round
from .words import points


class Spot(NamedTuple):
    """Where one player sits in a round, whom they play, and their points so far."""

    player: str
    round: int
    table: int | None
    """None: a bye this round."""
    seat: str
    """`A` to `D` (empty for a bye)."""
    wind: str
    opponents: tuple[tuple[str, str], ...]
    """The other three at the table, each as (seat letter, name), in seat order."""
    points: int
    """Their total of the cards accepted so far."""
    place: int | None
    """Their place in the standings so far (None before any card is in)."""
    place_words: str | None = None
    """The place as the standings write it: `13`, or `=13` when it is shared."""


def spot(
    standings: EventStandings, typed: str, rnd: int | None = None, now: _dt.datetime | None = None
) -> Spot:
    """Where the player `typed` names (any case) sits in round `rnd` (default: the round
    on the floor at `now`, as the room's page has it); Refused with a suggestion when
    nobody of the round is called that."""
    event = standings.event
    number = rnd if rnd is not None else floor_round(standings, now)
    if why := event.round_problem(number):
        raise Refused(why)
    seating = event.seating(number)
    assert seating is not None
    try:
        name = resolve(typed, [*seating.seated(), *seating.byes])
    except UnknownName as exc:
        late = _registered(standings, typed) if rnd is None else None
        later = late.first_round if late is not None else 0
        if later > number and event.seating(later) is not None:
            return spot(standings, typed, later)  # registered late: where she plays first
        if _registered(standings, typed) is None:  # nobody of the event: said of them all
            raise Refused(_nobody(standings, typed)) from None
        raise Refused(
            _not_in_round(standings, typed, number) or f"{exc} (in round {number})"
        ) from None
    line = next((x for x in standings.lines if x.player.name == name), None)
    points = line.points if line is not None else 0
    place = line.place if line is not None and standings.rounds else None
    words = place_labels(standings)[place] if place is not None else None
    places = seating.places()
    if name not in places:
        return Spot(name, number, None, "", "", (), points, place, words)
    table, s = places[name]
    seats = seating.tables[table - 1]
    others = tuple((SEAT_LETTERS[i], p) for i, p in enumerate(seats) if p != name)
    return Spot(name, number, table, SEAT_LETTERS[s], WINDS[s], others, points, place, words)


def _registered(standings: EventStandings, typed: str) -> Player | None:
    """The registered player `typed` names (any case), or None."""
    players = {p.name: p for p in standings.event.players}
    try:
        return players[resolve(typed, players)]
    except UnknownName:
        return None


def _nobody(standings: EventStandings, typed: str) -> str:
    """Why no registered player is called `typed`, with the likest name (or all of them)."""
    try:
        resolve(typed, [p.name for p in standings.event.players])
    except UnknownName as exc:
        return str(exc)
    return f"no player called {quoted(typed)}"


def _later(standings: EventStandings, first: int) -> str:
    """Where to look for the seat of a player who plays from round `first`."""
    if standings.event.seating(first) is None:
        return f"; the seat is shown once round {first} is seated"
    return f"; round {first} is seated: ask for that round"


def _not_in_round(standings: EventStandings, typed: str, number: int) -> str | None:
    """Why a registered player has no seat in round `number` (withdrew, or registered for a
    later round), or None for a name nobody registered."""
    player = _registered(standings, typed)
    if player is None:
        return None
    line = next((x for x in standings.lines if x.player.name == player.name), None)
    so_far = f" ({points(line.points)} so far)" if line is not None else ""
    if line is not None and standings.rounds:  # where she stands, as the standings say it
        so_far = f"{so_far[:-1]}, place {place_labels(standings)[line.place]})"
    if player.last_round is not None and number > player.last_round:
        after = f"after round {player.last_round}" if player.last_round else "before round 1"
        return f"{player.name} withdrew {after}, so has no seat in round {number}{so_far}"
    first = player.first_round
    later = _later(standings, first) if first > number else ""
    return f"{player.name} plays from round {first}, so has no seat in round {number}{later}"


def spot_json(found: Spot) -> dict[str, Any]:
    """`mahj event where NAME --json`, and what the page of the same name shows."""
    return {
        "player": found.player,
        "round": found.round,
        "table": found.table,
        "seat": found.seat or None,
        "wind": found.wind or None,
        "opponents": [{"seat": s, "player": p} for s, p in found.opponents],
        "points": found.points,
        "place": found.place,
    }


def spot_lines(found: Spot) -> list[str]:
    """Where a player sits, in words."""
    standing = f"{points(found.points)} so far" + (
        f", place {found.place_words}" if found.place is not None else ""
    )
    if found.table is None:
        return [f"{found.player}: a bye in round {found.round} (scores 0).", f"Points: {standing}."]
    rivals = ", ".join(f"{p} ({s})" for s, p in found.opponents)
    return [
        f"{found.player}: round {found.round}, table {found.table}, seat {found.seat} "
        f"({found.wind}).",
        f"Playing {rivals}.",
        f"Points: {standing}.",
    ]
