"""A table's card of one round at an event, as plain values: its seats, each game's line
and points, the totals, who checks whose line, who has confirmed, who hands it in, where
it stands (being entered, handed in, accepted) and the round's clock. The command line
prints it; a table's page shows the same values (`card_json`). Nothing here scores: every
number comes from the event's fold (`EventStandings.live` and `.results`)."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from typing import Any, NamedTuple

from ..core.clock import Clock, clock_state, stamp
from ..core.event import CHECKS, SEAT_LETTERS, hand_in_seat
from ..core.eventfold import CardResult, EventStandings
from ..core.model import GAMES_PER_ROUND, WINDS, Penalty
from .words import describe, points


class CardLine(NamedTuple):
    """One line of the card: a game, or a penalty numbered with the game it fell in."""

    game: int
    east: str
    result: str
    """`win`, `wall`, `incomplete`, `error` or `penalty`."""
    what: str
    points: dict[str, int]
    notes: tuple[str, ...]


class CardView(NamedTuple):
    """Everything a table (or the director) sees of one card."""

    round: int
    table: int
    seats: tuple[str, ...]
    """A (East of the starting seats), B, C, D."""
    status: str
    """`none` (no game entered yet), `open`, `handed-in` or `accepted`."""
    detailed: bool
    """Entered game by game (False: round totals)."""
    lines: tuple[CardLine, ...]
    totals: dict[str, int]
    games: int
    finished: bool
    """Four games, or time called: the players may confirm it."""
    confirmed: tuple[str, ...]
    hands_in: str
    """Who hands the card in this round (RULES.md §6)."""
    handed_in: str | None
    east: str | None
    """Who deals the next game (None once the round is over)."""
    replacing: bool
    """An accepted card is in force for this table, and this one is to replace it."""
    clock: Clock | None
    profile: str
    """The tournament profile every table plays (`mjmp`, or a director's profile's name)."""
    source: str
    """Where the profile comes from, when it says (empty when it does not)."""

    @property
    def state(self) -> str:
        """Where the card stands, in a few words (`STATES`); a finished card says how many
        have confirmed it, or, once all have, who is to hand it in."""
        if self.status == "open" and self.finished and len(self.confirmed) == len(self.seats):
            return f"confirmed, for {self.hands_in} to hand in"
        if self.status == "open" and not self.detailed:
            return "given back to the table, to type its totals again"
        if self.status == "open" and self.finished:
            done = len(self.confirmed)
            have = "has" if done == 1 else "have"
            return (f"finished, {done} of {len(self.seats)} players {have} confirmed" if done
                    else "finished, for the players to check and confirm")  # fmt: skip
        return STATES[self.status]


def _result(standings: EventStandings, rnd: int, table: int) -> CardResult | None:
    """The card still at the table if there is one, else the card in force."""
    return standings.live.get((rnd, table)) or standings.results.get((rnd, table))


def card_view(standings: EventStandings, rnd: int, table: int, now: _dt.datetime) -> CardView:
    """A seated table's card (an empty one before its first game)."""
    event = standings.event
    seating = event.seating(rnd)
    assert seating is not None and 1 <= table <= len(seating.tables)
    seats = seating.tables[table - 1]
    clock = clock_state(event.clock, rnd, now)
    result = _result(standings, rnd, table)
    card = result.card if result is not None else None
    played = result.standings if result is not None else None
    lines: list[CardLine] = []
    if played is not None:
        for row in played.rows:
            if row.is_game or isinstance(row.entry, Penalty):
                said = dict(zip(played.players, row.deltas, strict=True))
                lines.append(
                    CardLine(row.game, row.east, row.result, describe(row), said, row.notes)
                )
    games = card.played() if card is not None else 0
    over = games >= GAMES_PER_ROUND or (clock is not None and clock.called)
    totals = dict(result.totals) if result is not None else dict.fromkeys(seats, 0)
    east: str | None = seats[0] if played is None else played.east
    if over or (card is not None and not card.detailed):
        east = None
    return CardView(
        round=rnd,
        table=table,
        seats=seats,
        status=card.status if card is not None else "none",
        detailed=card is None or card.detailed,
        lines=tuple(lines),
        totals={name: totals.get(name, 0) for name in seats},
        games=games,
        finished=over,
        confirmed=card.confirmed if card is not None else (),
        hands_in=seats[hand_in_seat(rnd)],
        handed_in=card.handed_in if card is not None else None,
        east=east,
        replacing=card is not None and not card.accepted and (rnd, table) in standings.results,
        clock=clock,
        profile=event.rules.profile,
        source=event.rules.source,
    )


def profile_words(profile: str, source: str) -> str:
    """`mjmp`, with the profile's source when it names one: `Coastal Cup (Coastal rule
    sheet 2026)`."""
    return profile + (f" ({source})" if source else "")


def clock_json(clock: Clock) -> dict[str, Any]:
    """A round's clock (INTERFACE.md: `round`, `ends`, `called`), with when it started,
    the seconds left, the warning due (10 or 5 minutes) and when time was called."""
    return {
        "round": clock.round,
        "ends": stamp(clock.ends) if clock.ends is not None else None,
        "called": clock.called,
        "starts": stamp(clock.starts) if clock.starts is not None else None,
        "minutes": clock.minutes,
        "left": clock.left,
        "warning": clock.warning,
        "called_at": stamp(clock.called_at) if clock.called_at is not None else None,
    }


def card_json(view: CardView) -> dict[str, Any]:
    """`mahj event scorecard ROUND TABLE --json`, and what a table's page shows."""
    return {
        "round": view.round,
        "table": view.table,
        "status": view.status,
        "detailed": view.detailed,
        "seats": [
            {"seat": letter, "wind": wind, "player": name, "checks": view.seats[CHECKS[s]]}
            for s, (letter, wind, name) in enumerate(
                zip(SEAT_LETTERS, WINDS, view.seats, strict=True)
            )
        ],
        "lines": [line._asdict() | {"notes": list(line.notes)} for line in view.lines],
        "totals": view.totals,
        "games": view.games,
        "finished": view.finished,
        "east": view.east,
        "confirmed": list(view.confirmed),
        "hands_in": view.hands_in,
        "handed_in": view.handed_in,
        "replacing": view.replacing,
        "clock": clock_json(view.clock) if view.clock is not None else None,
        "profile": view.profile,
        "profile_source": view.source or None,
    }


STATES = {
    "none": "no game entered yet",
    "open": "being entered at the table",
    "handed-in": "handed in, waiting for the director",
    "accepted": "accepted",
}


def card_lines(view: CardView, named: bool = False) -> list[str]:
    """The card as text, one game a line, at most 80 columns for four short names; with
    the profile it is scored by when `named` (the card asked for, not each change's)."""
    head = f"Round {view.round}, table {view.table}: {view.state}"
    if view.replacing:
        head += " (to replace the accepted card)"
    out = [head]
    out.append(
        "Seats: "
        + ", ".join(
            f"{seat} {wind} {name}"
            for seat, wind, name in zip(SEAT_LETTERS, WINDS, view.seats, strict=True)
        )
    )
    if named:
        out.append(f"Profile: {profile_words(view.profile, view.source)}.")
    for line in view.lines:
        said = ", ".join(f"{n} {points(p)}" for n, p in line.points.items() if p)
        out.append(f"  {line.game}. {line.what}" + (f": {said}" if said else ": 0 for all"))
        out += [f"     {note}" for note in line.notes]
    out.append("Totals: " + ", ".join(f"{n} {points(p)}" for n, p in view.totals.items()))
    if view.detailed and view.status in ("none", "open"):
        if not view.finished:
            out.append(f"Game {view.games + 1} of {GAMES_PER_ROUND}: East {view.east}.")
        else:
            pairs = "; ".join(
                f"{n} checks {view.seats[CHECKS[s]]}'s line"
                + (" (confirmed)" if n in view.confirmed else "")
                for s, n in enumerate(view.seats)
            )
            out.append(f"To confirm: {pairs}.")
            out.append(f"Then {view.hands_in} hands it in.")
    if view.status == "handed-in":
        out.append(f"Handed in by {view.handed_in}.")
    return out


def done_words(query: Mapping[str, str], view: CardView) -> str | None:
    """What a table's page says a write did, from the address it was sent to after it
    (`?done=`, `&who=` a player who confirmed, `?entered`), with the card as it is now."""
    done, who = query.get("done", ""), query.get("who", "")
    if "entered" in query and view.lines:
        return f"On the card: {view.lines[-1].what.rstrip('.')}."
    if done == "confirm":
        return f"{who if who in view.seats else 'The player'} confirmed the card."
    return {
        "again": "That was on the card already; nothing was entered twice.",
        "undo": "The last line was taken back.",
        "undone": "That line had already been taken back; nothing was taken back. Check "
        "the card as it is now.",
        "hand-in": "The card is handed in: the director accepts it.",
    }.get(done)
