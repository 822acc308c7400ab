"""A tournament event on the room's screen, as plain values: the standings (place, total,
each round) with the profile and how ties were settled, the round on the floor with its
clock, its tables and where each card stands, and, between rounds, who sits where by
name; the round's clock as a page counts it down, and what the director's page shows."""

from __future__ import annotations

import datetime as _dt
from typing import Any, NamedTuple

from ..core.clock import DEFAULT_MINUTES, Clock, clock_state, hhmm, left_words, stamp
from ..core.event import SEAT_LETTERS, restart_problem
from ..core.eventfold import EventStandings
from ..core.model import GAMES_PER_ROUND
from ..core.names import join_names
from ..core.wording import in_words
from .event import (
    Sheet,
    cards_line,
    event_title,
    place_labels,
    round_cell,
    sheet,
    sheet_summary,
    tie_lines,
)
from .event import winners_lines as _winners
from .eventcard import profile_words as named_profile
from .words import points


class Standing(NamedTuple):
    """One line of the event's standings."""

    place: str
    player: str
    points: int
    cells: tuple[str, ...]
    games: int = 0
    byes: int = 0
    withdrew: bool = False


class EventBoard(NamedTuple):
    """Everything the screen shows of an event."""

    title: str
    summary: str
    cards: str
    sheet: Sheet | None
    rounds: tuple[int, ...]
    lines: tuple[Standing, ...]
    winners: tuple[str, ...]
    profile: str = ""
    """`profile mjmp` (with its source, when it names one)."""
    ties: tuple[str, ...] = ()
    """That a shared place shares its prize, the tie-break in use, how each tie was settled."""
    between: bool = False
    """The round on the floor is seated but has not started: players are finding seats."""
    states: tuple[str, ...] = ()
    """Where each table's card of the round stands (`card in`, `handed in`, `2 of 4`)."""
    clock: Clock | None = None
    over: bool = False
    """Every round played and every card in: the screen shows the final standings."""


def current_round(standings: EventStandings) -> int:
    """The last round seated (0 before any)."""
    return len(standings.event.seatings)


def floor_round(standings: EventStandings, now: _dt.datetime | None = None) -> int:
    """The round on the floor: the last round that has started (its clock, or a card
    begun), or the next one seated once every card of that one is in or its time is up
    (called, or its clock run out at `now`: a slow card is then accepted late); before
    any round starts, round 1 (0 before any round is seated)."""
    event = standings.event
    seated = len(event.seatings)
    started = [r for r in range(1, seated + 1) if event.started(r)]
    if not started:
        return min(seated, 1)
    last = started[-1]
    if last == seated:
        return last
    clock = clock_state(event.clock, last, now) if now is not None else None
    over = event.time_called(last) or (clock is not None and clock.called)
    return last + 1 if over or not event.missing(last) else last


def table_states(
    standings: EventStandings, rnd: int, now: _dt.datetime | None = None
) -> tuple[str, ...]:
    """Where each table's card of round `rnd` stands, in a few words: `game 2 of 4`,
    `checking the card` (its games are over), `confirmed, to hand in`, `handed in`,
    `card in`; a paper card the director gave back, `given back to the table`."""
    event = standings.event
    seating = event.seating(rnd)
    clock = clock_state(event.clock, rnd, now) if now is not None else None
    called = clock.called if clock is not None else event.time_called(rnd)
    out = []
    for table in range(1, len(seating.tables) + 1 if seating else 1):
        live = standings.live.get((rnd, table))
        played = live.card.played() if live is not None else 0
        if live is None:
            out.append("card in" if (rnd, table) in standings.results else "")
        elif live.card.status == "handed-in":
            out.append("handed in")
        elif not live.card.detailed:
            out.append("given back to the table")
        elif played >= GAMES_PER_ROUND or called:
            seats = seating.tables[table - 1] if seating else ()
            done = len(live.card.confirmed) == len(seats)
            out.append("confirmed, to hand in" if done else "checking the card")
        else:
            out.append(f"game {played + 1} of {GAMES_PER_ROUND}")
    return tuple(out)


def unfinished(standings: EventStandings, rnd: int, table: int) -> tuple[tuple[int, str], ...]:
    """The table's cards of rounds before `rnd` still at the table, not handed in (being
    entered game by game, a paper card the director gave back, or none at all yet): each
    round, and the page to finish it on. A slow table's phone that has moved on to the
    round on the floor finds its card again there."""
    out = []
    for r in range(1, rnd):
        live = standings.live.get((r, table))
        if live is not None and live.card.status == "open":
            out.append((r, f"/round/{r}/table/{table}" + ("" if live.card.detailed else "/totals")))
        elif live is None and table in standings.missing.get(r, ()):
            out.append((r, f"/round/{r}/table/{table}"))
    return tuple(out)


def profile_words(standings: EventStandings) -> str:
    """`profile mjmp`, with the profile's source when it names one."""
    rules = standings.event.rules
    return "profile " + named_profile(rules.profile, rules.source)


def event_board(standings: EventStandings, now: _dt.datetime | None = None) -> EventBoard:
    """The event as the room's screen shows it (with the round's clock at `now`)."""
    rnd = floor_round(standings, now)
    page = sheet(standings, rnd, now) if rnd else None
    event = standings.event
    over = len(event.seatings) == event.rounds and not any(standings.missing.values())
    summary = f"Round {rnd}: {sheet_summary(page)}" if page else "No round is seated yet"
    if over:
        played = {1: "The round is", 2: "Both rounds are"}.get(
            event.rounds, f"All {event.rounds} rounds are"
        )
        summary = f"{played} played, every card in"
    labels = place_labels(standings)
    lines = tuple(
        Standing(
            labels[line.place],
            line.player.name,
            line.points,
            tuple(round_cell(line, i) for i in range(len(line.rounds))),
            line.games,
            line.byes,
            line.withdrew,
        )
        for line in standings.lines
    )
    cards = cards_line(standings, rnd) if rnd and not over else ""
    if page and cards.startswith(said := f"Round {rnd}: "):  # the summary names the round
        cards = cards[len(said)].upper() + cards[len(said) + 1 :]
    return EventBoard(
        title=event_title(standings),
        summary=summary,
        cards=cards,
        sheet=page,
        rounds=tuple(range(1, standings.rounds + 1)),
        lines=lines,
        winners=tuple(_winners(standings)),
        profile=profile_words(standings),
        ties=tuple(tie_lines(standings)) if standings.results else (),
        between=bool(rnd) and not standings.event.started(rnd),
        states=table_states(standings, rnd, now) if rnd else (),
        # once the round's cards are all in, its clock no longer concerns the room
        clock=page.clock if page and standings.missing.get(rnd) else None,
        over=over,
    )


def clock_view(clock: Clock | None, now: _dt.datetime) -> dict[str, Any] | None:
    """A round's clock as a page draws it, and what its script counts down from: the
    server's `now` and the end, so that a phone whose own clock is wrong never drifts."""
    if clock is None or (clock.ends is None and not clock.called):
        return None
    warned = f"warn{clock.warning}" if clock.warning else "running"
    return {
        "round": clock.round,
        "state": "called" if clock.called else warned,
        "called": clock.called,
        "shown": f"{clock.left // 60}:{clock.left % 60:02d}",
        "left_words": left_words(clock),
        "at": hhmm(clock.ends) if clock.ends is not None else "",
        "called_at": hhmm(clock.called_at) if clock.called else hhmm(clock.ends),
        "warning": f"{clock.warning}-minute warning" if clock.warning else "",
        "now": stamp(clock.ends - _dt.timedelta(seconds=clock.left) if clock.ends else now),
        "ends": stamp(clock.ends) if clock.ends is not None and not clock.called else "",
    }


def director_context(standings: EventStandings, now: _dt.datetime) -> dict[str, Any]:
    """What the director's page shows: the round on the floor, and the earlier rounds
    whose cards are not all in (a card handed in late is accepted there)."""
    event = standings.event
    rnd = floor_round(standings, now)
    clock = clock_state(event.clock, rnd, now) if rnd else None
    tables = _cards(standings, rnd, now) if rnd else []
    late = {}  # a card not in yet, or handed in again after the director reopened it
    for r in range(1, rnd):
        if cards := [t for t in _cards(standings, r, now) if t["handed_in"] or not t["accepted"]]:
            late[r] = cards
    earlier = [
        {"round": r, "cards": cards_line(standings, r), "tables": t} for r, t in late.items()
    ]
    waiting = [t for cards in late.values() for t in cards] + tables
    why = restart_problem(event, rnd, now) if rnd else None
    return {
        "title": event_title(standings),
        "profile": profile_words(standings),
        "round": rnd,
        "rounds": event.rounds,
        "clock": clock_view(clock, now),
        "started": clock is not None and clock.starts is not None,
        # why "Start the clock again" would be refused: then it is not offered
        "no_restart": in_words(why, "page") if why else "",
        "minutes": clock.minutes if clock is not None and clock.minutes else DEFAULT_MINUTES,
        "tables": tables,
        "earlier": earlier,
        "cards": cards_line(standings, rnd) if rnd else "",
        "all_in": not rnd or not standings.missing.get(rnd),
        "next": len(event.seatings) + 1 if len(event.seatings) < event.rounds else None,
        "letters": SEAT_LETTERS,
        "seen": f"{rnd}:"
        + ".".join(f"{t['round']}-{t['table']}" for t in waiting if t["handed_in"]),
    }


def _cards(standings: EventStandings, rnd: int, now: _dt.datetime) -> list[dict[str, Any]]:
    """Each table's card of round `rnd` as the director's page lists it."""
    seating = standings.event.seating(rnd)
    assert seating is not None
    out = []
    for number, state in enumerate(table_states(standings, rnd, now), 1):
        live = standings.live.get((rnd, number))
        result = standings.results.get((rnd, number))
        handed_in = live is not None and live.card.status == "handed-in"
        shown = live or result
        out.append(
            {
                "round": rnd,
                "table": number,
                "seats": seating.tables[number - 1],
                "state": state or "no card yet",
                "handed_in": handed_in,
                "accepted": result is not None,
                # what the director accepts, and whether it replaces the card in force
                "totals": ", ".join(f"{n} {points(v)}" for n, v in live.totals.items())
                if live is not None and handed_in
                else "",
                "replacing": handed_in and result is not None,
                # entered game by game: it may be reopened (a paper card is typed again)
                "detailed": shown is not None and shown.card.detailed,
            }
        )
    return out


def director_news(context: dict[str, Any], seen: str) -> tuple[str, str]:
    """What has come in since the director's page was drawn (`seen`: its `seen`), in
    words, and where on the page to show it (`round-R-table-T`): the page's list stays as
    it was drawn (no button moves under a finger) and a line offers the new one.

    >>> now = {"round": 1, "seen": "1:1-2.1-5.1-7"}
    >>> director_news(now, "1:1-2.1-5")
    ('Table 7 has handed in its card.', 'round-1-table-7')
    >>> director_news(now, "1:"), director_news(now, "1:1-2.1-5.1-7")
    (('Tables 2, 5 and 7 have handed in their cards.', 'round-1-table-2'), ('', ''))
    >>> director_news({"round": 2, "seen": "2:1-3.2-1"}, "2:2-1")
    ('Round 1, table 3 has handed in its card.', 'round-1-table-3')
    >>> director_news({"round": 2, "seen": "2:1-3.2-1"}, "2:")[0]
    'Round 1, table 3 and round 2, table 1 have handed in their cards.'
    >>> director_news({"round": 2, "seen": "2:"}, "1:")
    ('Round 2 is on the floor now.', '')
    """
    rnd, _, now = context["seen"].partition(":")
    was, _, shown = seen.partition(":")
    if rnd != was:
        return f"Round {rnd} is on the floor now.", ""
    new = [p.split("-") for p in now.split(".") if p and p not in shown.split(".")]
    if not new:
        return "", ""
    first = f"round-{new[0][0]}-table-{new[0][1]}"
    its = "has handed in its card" if len(new) == 1 else "have handed in their cards"
    if all(r == rnd for r, _ in new):  # the floor's own tables: by number alone
        return (
            f"{'Table' if len(new) == 1 else 'Tables'} {join_names(t for _, t in new)} {its}.",
            first,
        )
    said = join_names(f"round {r}, table {t}" for r, t in new)
    return f"{said[0].upper()}{said[1:]} {its}.", first
