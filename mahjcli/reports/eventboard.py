"""A tournament event on the room's screen, as plain values: the standings (place, total,
each round), the last seated round's tables and who sits where, which cards are in."""

from __future__ import annotations

from typing import NamedTuple

from ..core.eventfold import EventStandings
from .event import Sheet, cards_line, event_title, place_labels, round_cell, sheet, sheet_summary
from .event import winners_lines as _winners


class Standing(NamedTuple):
    """One line of the event's standings."""

    place: str
    player: str
    points: int
    cells: tuple[str, ...]


class EventBoard(NamedTuple):
    """Everything the screen shows of an event."""

    title: str
    summary: str
    cards: str
    sheet: Sheet | None
    rounds: tuple[int, ...]
    lines: tuple[Standing, ...]
    winners: tuple[str, ...]


def current_round(standings: EventStandings) -> int:
    """The round on the floor: the last one seated (0 before any)."""
    return len(standings.event.seatings)


def event_board(standings: EventStandings) -> EventBoard:
    """The event as the room's screen shows it."""
    rnd = current_round(standings)
    page = sheet(standings, rnd) if rnd else None
    labels = place_labels(standings)
    lines = tuple(
        Standing(
            labels[line.place],
            line.player.name,
            line.points,
            tuple(round_cell(line, i) for i in range(len(line.rounds))),
        )
        for line in standings.lines
    )
    return EventBoard(
        title=event_title(standings),
        summary=f"Round {rnd}: {sheet_summary(page)}" if page else "No round is seated yet",
        cards=cards_line(standings, rnd) if rnd else "",
        sheet=page,
        rounds=tuple(range(1, standings.rounds + 1)),
        lines=lines,
        winners=tuple(_winners(standings)),
    )
