"""A table's card into the event: in simple mode each player's round total, or game by
game from the table's tournament session file (RULES.md §9: accepted only when its four
totals are filled and, entered game by game, agree with its games).

No I/O: the table's night comes in already loaded (`mahjcli.files.loader.load`).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.clock import clock_state
from ..core.errors import Refused
from ..core.event import SEAT_LETTERS, Event, TableCard, hand_in_seat
from ..core.eventcheck import named_points, seats_text
from ..core.model import GAMES_PER_ROUND, Entry, Penalty, Win, keys_of
from ..core.names import fold_name, typed_value, visible
from ..core.profiles import built_in
from ..core.seating import Seating
from ..files import eventwrite
from ..files.eventload import OpenEvent
from ..files.loader import Night
from .eventbuild import Edit, replacing, table_seats, typed_totals
from .eventclock import recorded_call


def _with(opened: OpenEvent, card: TableCard) -> Edit:
    """The event with one more card, and its file's text."""
    after = opened.event._replace(cards=(*opened.event.cards, card))
    table = eventwrite.card_table(card)
    parsed = opened.loaded.parsed
    text = eventwrite.append_tables(parsed.text, [("cards", table)], parsed.doc)
    return Edit(after, text)


def simple_card(
    opened: OpenEvent,
    rnd: int,
    table: int,
    typed: Sequence[str],
    replace: bool,
    entry_id: str | None = None,
    *,
    at_table: bool = False,
) -> Edit:
    """A card in simple mode: NAME=POINTS for each of the table's four players (`entry_id`:
    the page's write that puts it in). The director's (the command line, the key) is
    accepted at once; one typed `at_table` (the tables' join code) is handed in, by the
    player RULES.md §6 names for the round, and counts once the director accepts it. A
    paper card the director gave back to the table gives way to the next one typed."""
    event = opened.event
    seats = table_seats(event, rnd, table)
    totals = typed_totals(seats, typed, f"round {rnd}, table {table}", event, rnd)
    earlier = event.current_cards(rnd).get(table)
    if at_table:
        _table_may_type(earlier, rnd, table)
    again = replacing(event, rnd, table, replace or _gives_way(earlier))
    card = TableCard(rnd, table, totals, None, again, entry_id=entry_id)
    if not at_table:
        return _with(opened, card)
    who = seats[hand_in_seat(rnd)]
    note = (
        f"{who} hands it in (seat {SEAT_LETTERS[hand_in_seat(rnd)]} in round {rnd}): it counts "
        "once the director accepts it."
    )
    edit = _with(opened, card._replace(status="handed-in", handed_in=who))
    return edit._replace(notes=(note,))


def _gives_way(card: TableCard | None) -> bool:
    """Whether a new card (paper totals, or a table's night) takes the place of `card` with
    no --replace: a paper card the director gave back, or a card begun game by game whose
    games were all taken back."""
    return card is not None and card.status == "open" and not card.games


def _table_may_type(card: TableCard | None, rnd: int, table: int) -> None:
    """Refused when a table (the join code) may not type its paper card now: only while it
    has no card, or the director gave its paper card back."""
    where = f"round {rnd}, table {table}'s card"
    if card is None or _gives_way(card):
        return
    if card.status == "handed-in":
        raise Refused(
            f"{where} is handed in: the director accepts it, or gives it back to the table "
            "to type again"
        )
    if card.accepted:
        raise Refused(f"{where} is in (the director accepted it): only the director replaces it")
    raise Refused(f"{where} is being entered game by game on the table's page")


def _starting_seats(night: Night) -> tuple[str, ...]:
    """The table's starting seats, A (the first East) to D."""
    session = night.session
    return tuple(Seating.start(session.players, session.easts).in_deal_order(1))


def _other_rules(night: Night, event: Event) -> str:
    """Why a table's night is not the event's: scored by another profile, or by the same
    one with other options, or not a tournament night at all."""
    ours, theirs = event.rules, night.session.rules
    named = getattr(theirs, "profile", None)
    said = f"the {named} profile" if named else f"{theirs.name} rules"
    said += " with other options" if named == ours.profile else ""
    how = (
        f"--profile {ours.profile}"
        if built_in(ours.profile) == ours
        else "--profile FILE (the file of the event's profile)"
    )
    return (
        f"{night.path} is scored under {said}, not the event's profile {ours.profile}; a "
        f"table's card comes from a night started with mahj new A B C D --rules tournament {how}"
    )


def _seats_problem(night: Night, seats: tuple[str, ...], where: str) -> str | None:
    """Why the table's night was not played by this table's seats, or None (the names
    may differ in case: they are the same players)."""
    order = _starting_seats(night)
    if [fold_name(n) for n in order] == [fold_name(n) for n in seats]:
        return None
    theirs = seats_text(order)
    if {fold_name(n) for n in order} != {fold_name(n) for n in seats}:
        return (
            f"the card's players are {theirs}, but {where} seats {seats_text(seats)}; "
            "is it the right file, round and table?"
        )
    return (
        f"the card's starting seats are {theirs}, but {where} seats {seats_text(seats)} "
        "(seat A is the first East); fix the table's file, or the seating"
    )


def _respelled(entry: Entry, names: Mapping[str, str]) -> Entry:
    """The entry with its players named as the event spells them (without the seats it
    recorded: the card's starting seats say who sat where)."""
    changes: dict[str, Any] = {}
    for key, spec in keys_of(entry.kind).items():
        value = getattr(entry, key, None)
        if key == "seats":
            changes[key] = ()
        elif spec.type == "player" and isinstance(value, str):
            changes[key] = names.get(value, value)
        elif spec.type == "players" and isinstance(value, tuple):
            changes[key] = tuple(names.get(v, v) for v in value)
    return entry._replace(**changes)


def _off_card(entry: Entry, event: Event) -> Entry:
    """A win scored as a line of the table's card, kept by its value (and whether it is
    singles and pairs, which the win records) when the event's card has no such line."""
    if not isinstance(entry, Win) or entry.line is None:
        return entry
    lines = {line.name: line for line in event.card.lines} if event.card is not None else {}
    same = lines.get(entry.line)
    if same is not None and same.value == entry.value:
        return entry
    return entry._replace(line=None)


def _games_problem(night: Night, called: bool, signed: bool) -> str | None:
    """Why the table's night is not one round of four games the table accepted, or None;
    once time was called for the round (`called`), of fewer (RULES.md §11). A night
    accepts only a round that ended, so one cut short between games comes with the totals
    the table `signed` instead."""
    standings = night.standings
    stopped = next((r.game for r in standings.rows if r.entry.kind == "incomplete"), None)
    if stopped is not None and not called:
        return (
            f"game {stopped} is recorded as stopped by time (mahj incomplete), but time has "
            "not been called for the round: a game scores 0 for all only once it is (the "
            "director calls time, or the table takes that game back with mahj undo)"
        )
    after = next((r.game for r in standings.rows if r.is_game and r.round > 1), None)
    if stopped is not None and after is not None:
        return (
            f"game {after} was played after time was called in game {stopped}, which ended "
            "the round: a table's night holds one round (take the later games back with "
            "mahj undo, or start a new night for the next round)"
        )
    short = called and standings.games < GAMES_PER_ROUND
    if standings.games != GAMES_PER_ROUND and not short:
        extra = (
            "; a game stopped by time is recorded with mahj incomplete"
            if standings.games < GAMES_PER_ROUND
            else "; start a new night for each round of an event"
        )
        return (
            f"the card has {standings.games} game{'s' if standings.games != 1 else ''}, and an "
            f"event round is {GAMES_PER_ROUND}" + extra
        )
    if standings.accepted == standings.games or (short and stopped is None and signed):
        return None
    if short and stopped is None:
        return (
            "the table has not accepted its card: if time stopped a game, the table records "
            f"it with mahj incomplete and accepts it with mahj scorecard --accept --session "
            f"{night.path}; if time was called between games (a night cannot accept that), "
            "give the totals the table signed, --total NAME=POINTS for each player"
        )
    return (
        f"the table has not accepted its card; once the players have checked it, run "
        f"mahj scorecard --accept --session {typed_value(str(night.path))}"
    )


def detailed_card(
    opened: OpenEvent,
    rnd: int,
    table: int,
    night: Night,
    *,
    signed: Sequence[str],
    replace: bool,
    now: _dt.datetime | None = None,
) -> Edit:
    """A card entered game by game, from a table's tournament session: its four starting
    seats must be the table's, its round of four games accepted (fewer, or a game stopped
    by time, only once time is called: recorded, or the clock run out at `now`), and its
    totals (the score card's) the ones signed, when those are given."""
    event = opened.event
    seats = table_seats(event, rnd, table)
    where = f"round {rnd}, table {table}"
    if night.session.rules != event.rules:
        raise Refused(_other_rules(night, event))
    state = clock_state(event.clock, rnd, now) if now is not None else None
    called = event.time_called(rnd) or (state is not None and state.called)
    for why in (_seats_problem(night, seats, where), _games_problem(night, called, bool(signed))):
        if why:
            raise Refused(f"{night.path}: {why}")
    spelled = dict(zip(_starting_seats(night), seats, strict=True))
    standings = night.standings
    # The round the table accepted: its games and the penalties given during them; a
    # penalty typed after the round ended is on the night's round 2 (`mahj scorecard`).
    kept = [r for r in standings.rows if (r.is_game or r.entry.kind == "penalty") and r.round == 1]
    left = [r for r in standings.rows if r.entry.kind == "penalty" and r.round > 1]
    played = dict.fromkeys(standings.players, 0)
    for row in kept:
        for name, delta in zip(standings.players, row.deltas, strict=True):
            played[name] += delta
    totals = {spelled[n]: points for n, points in played.items()}
    totals = {n: totals[n] for n in seats}
    if signed:
        handed = typed_totals(seats, signed, f"{where}: --total")
        if handed != totals:
            said, added = named_points(seats, handed), named_points(seats, totals)
            raise Refused(
                f"{where}: the games add up to {added}, but the card handed in says {said}; "
                "check the card's lines with the table"
            )
    games = tuple(_off_card(_respelled(row.entry, spelled), event) for row in kept)
    earlier = event.current_cards(rnd).get(table)
    again = replacing(event, rnd, table, replace or _gives_way(earlier))
    source = visible(str(night.path))  # a note for people: any file name kept as text
    edit = _with(opened, TableCard(rnd, table, totals, games, again, source))
    if now is not None:  # the clock ran out: the file says time was called, as it was
        edit = Edit(*recorded_call(edit.event, edit.text, rnd, now))
    notes = tuple(
        f"{spelled[row.entry.player]}'s penalty, typed after the round ended, is on round 2 "
        "of the table's own card, not on this one"
        for row in left
        if isinstance(row.entry, Penalty)
    )
    return edit._replace(notes=notes)
