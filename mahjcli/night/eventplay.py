"""A table's card entered game by game during the round (RULES.md §6, §9, §11): enter a
game or a penalty, take back the last, each player confirms their partner's line, the
player RULES.md names for the round hands the card in, and the director accepts it (or
gives it back, or reopens an accepted card to replace it, keeping the old as history).

Every function here is one change of the event, made the same way from the command line
and from a page: `eventchange.change(path, lambda opened: eventplay.enter(opened, ...))`.
No I/O: each returns the event after the change with its file's text, or raises
`Refused` in the words of a tournament night's commands. A game is built by the night's
own builders (`mahjcli.night.build`) against the card's games replayed as a tournament
night of the table's four seats, and refused as `mahj win` refuses it there.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
from collections.abc import Callable, Sequence

from ..core.clock import clock_state, hhmm, left_words
from ..core.errors import NoSuchPlayer, Refused
from ..core.event import CHECKS, SEAT_LETTERS, Event, TableCard, hand_in_seat
from ..core.eventfold import CARD_KINDS
from ..core.fold import fold
from ..core.model import GAMES_PER_ROUND, Entry, Incomplete, is_game
from ..core.names import UnknownName, listing, resolve
from ..core.session import Session
from ..core.standings import Standings
from ..core.wording import either, field
from ..files import eventwrite
from ..files.eventload import OpenEvent
from .build import Built
from .eventbuild import Edit, elsewhere, table_seats
from .eventclock import recorded_call

Make = Callable[[Standings], Built]
"""Builds one entry against the card's games so far (`mahjcli.night.build`'s builders)."""


def replayed(event: Event, seats: tuple[str, ...], games: tuple[Entry, ...]) -> Standings:
    """A card's games replayed as a tournament night of the table's seats (A East first)."""
    session = Session(
        players=seats, easts=(seats[0],), rules=event.rules, log=games, card=event.card
    )
    return fold(session)


def where(rnd: int, table: int) -> str:
    """`round 2, table 3`."""
    return f"round {rnd}, table {table}"


def _current(event: Event, rnd: int, table: int) -> tuple[int, TableCard] | None:
    """The table's last card and its place among the event's cards, if it has one."""
    found = None
    for index, card in enumerate(event.cards):
        if card.round == rnd and card.table == table:
            found = (index, card)
    return found


def _open_card(event: Event, rnd: int, table: int) -> tuple[int, TableCard]:
    """The table's card that is being entered (Refused when there is none)."""
    table_seats(event, rnd, table)  # a round or a table the event does not have
    found = _current(event, rnd, table)
    if found is None:
        raise Refused(f"{where(rnd, table)} has no card yet; enter its first game")
    _refuse_closed(found[1], rnd, table)
    return found


def _refuse_closed(card: TableCard, rnd: int, table: int) -> None:
    """Refused when the card can no longer be changed at the table, game by game: handed
    in, accepted, or a paper card the director gave back (its totals are typed again)."""
    if not card.detailed and not card.accepted and card.status != "handed-in":
        raise Refused(
            f"{where(rnd, table)}'s card is a paper card, given back to the table: type "
            "its four round totals again ("
            + either(f"mahj event score {rnd} {table} NAME=POINTS...", "its paper card page")
            + ")"
        )
    if card.status == "handed-in":
        raise Refused(
            f"{where(rnd, table)}'s card is handed in; the director accepts it (mahj event "
            f"accept {rnd} {table}) or gives it back to the table (mahj event reopen {rnd} {table})"
        )
    if card.accepted:
        how = (
            either(f"mahj event reopen {rnd} {table}", "“Reopen to replace it” on their page")
            if card.games is not None
            else either(
                f"mahj event score {rnd} {table} NAME=POINTS... --replace",
                "“Replace the card that is in” on its paper card page",
            )
        )
        raise Refused(
            f"{where(rnd, table)}'s card is accepted and no longer changes; the director may "
            f"replace it ({how}, which keeps it as history)"
        )


def _saved(opened: OpenEvent, index: int | None, card: TableCard) -> tuple[Event, str]:
    """The event with the card put at `index` (None: added at the end), and the text."""
    event, text = opened.event, opened.loaded.parsed.text
    if index is None:
        after = event._replace(cards=(*event.cards, card))
        return after, eventwrite.append_tables(text, [("cards", eventwrite.card_table(card))])
    cards = (*event.cards[:index], card, *event.cards[index + 1 :])
    new = eventwrite.change_table(text, "cards", index, eventwrite.card_table(card))
    return event._replace(cards=cards), new


def _finished(event: Event, card: TableCard, now: _dt.datetime) -> bool:
    """Whether the round is over at this table: four games, or time called."""
    state = clock_state(event.clock, card.round, now)
    return card.played() >= GAMES_PER_ROUND or (state is not None and state.called)


def _clock_problem(
    event: Event,
    card: TableCard | None,
    rnd: int,
    entry: Entry,
    now: _dt.datetime,
    before_time: bool = False,
) -> str | None:
    """Why the round's clock does not let this game be entered now, or None. Once time is
    called no new game starts, but a game that finished before the call is still the
    table's (entered late, or taken back to correct it): the table says so (`before_time`),
    the players confirm the card and the director accepts it (RULES.md §11)."""
    state = clock_state(event.clock, rnd, now)
    games = card.games or () if card is not None else ()
    if not is_game(entry):
        return None
    if card is not None and card.played() >= GAMES_PER_ROUND:
        return f"the card has its {GAMES_PER_ROUND} games; confirm it and hand it in"
    if any(isinstance(g, Incomplete) for g in games):
        return (
            "the card already ends with the game time stopped (time called), and no game "
            "comes after it; hand the card in"
        )
    if isinstance(entry, Incomplete):
        if state is None or not state.called:
            left = f" ({left_words(state)} left)" if state is not None else ""
            return (
                f"time has not been called for round {rnd}{left}; a game still being "
                "played when it is called scores 0 for all (the director calls time with "
                f"mahj event call-time {rnd})"
            )
        return None
    if state is not None and state.called and not before_time:
        return (
            f"time was called for round {rnd} at {hhmm(state.called_at)}: a game still being "
            "played scores 0 for all (record it as time called) and no new game starts; "
            f"for a game that finished before then (or one taken back to correct it), "
            f"{field('before_time')}"
        )
    return None


def enter(
    opened: OpenEvent,
    rnd: int,
    table: int,
    make: Make,
    now: _dt.datetime,
    before_time: bool = False,
) -> Edit:
    """Enter a game (win, wall game, time called, Mah Jongg in error) or a penalty on the
    table's card; the card's first game starts it. Any change clears the confirmations.
    `before_time`: the table says the game finished before time was called."""
    event = opened.event
    seats = table_seats(event, rnd, table)
    found = _current(event, rnd, table)
    if found is not None:
        _refuse_closed(found[1], rnd, table)
    index, card = found if found is not None else (None, None)
    games = card.games or () if card is not None else ()
    try:
        built = make(replayed(event, seats, games))
    except NoSuchPlayer as exc:
        if (said := elsewhere(exc.typed, event, rnd)) is None:
            raise
        raise Refused(f"{exc.role}: {said}; this table's players are {listing(seats)}") from None
    if built.entry.kind not in CARD_KINDS:
        raise Refused(f"a card holds games and penalties, not {built.entry.kind}")
    if why := _clock_problem(event, card, rnd, built.entry, now, before_time):
        raise Refused(f"{where(rnd, table)}: {why}")
    notes = built.notes
    state = clock_state(event.clock, rnd, now)
    if state is not None and state.called and is_game(built.entry) and before_time:
        notes = (*notes, f"Entered as finished before time was called at {hhmm(state.called_at)}.")
    after = replayed(event, seats, (*games, built.entry))
    if after.problems:
        raise Refused(after.problems[-1].message)
    new = TableCard(rnd, table, {}, status="open") if card is None else card
    new = new._replace(games=(*games, built.entry), confirmed=())
    changed, text = _saved(opened, index, new)
    changed, text = recorded_call(changed, text, rnd, now)
    return Edit(changed, text, notes)


def take_back(opened: OpenEvent, rnd: int, table: int) -> Edit:
    """Take back the last game (or penalty) entered on the table's card."""
    index, card = _open_card(opened.event, rnd, table)
    if not card.games:
        raise Refused(f"{where(rnd, table)}'s card has nothing to take back")
    last = card.games[-1]
    new = card._replace(games=card.games[:-1], confirmed=())
    changed, text = _saved(opened, index, new)
    return Edit(changed, text, (f"Took back the last entry ({last.kind}).",))


def seat_of(seats: tuple[str, ...], typed: str) -> str:
    """The player at this table `typed` names (Refused with the table's seats if none)."""
    try:
        return resolve(typed, seats)
    except UnknownName as exc:
        raise Refused(f"{exc}; this table's players are {listing(seats)}") from None


def checks(seats: tuple[str, ...]) -> dict[str, str]:
    """Whose line each player verifies: A and C each other's, B and D each other's."""
    return {name: seats[CHECKS[s]] for s, name in enumerate(seats)}


def confirm(
    opened: OpenEvent, rnd: int, table: int, typed: Sequence[str], now: _dt.datetime
) -> Edit | None:
    """Players confirm the card: each has checked their partner's line (None when they
    all had already)."""
    event = opened.event
    seats = table_seats(event, rnd, table)
    index, card = _open_card(event, rnd, table)
    names = [seat_of(seats, name) for name in typed]
    if not _finished(event, card, now):
        raise Refused(
            f"{where(rnd, table)}'s card has {card.played()} of {GAMES_PER_ROUND} games; the "
            "players confirm it when the round is over (four games, or time called)"
        )
    new = [name for name in dict.fromkeys(names) if name not in card.confirmed]
    if not new:
        return None
    confirmed = tuple(p for p in seats if p in card.confirmed or p in new)
    changed, text = _saved(opened, index, card._replace(confirmed=confirmed))
    notes = tuple(f"{name} confirmed {checks(seats)[name]}'s line." for name in new)
    return Edit(changed, text, notes)


def card_mark(event: Event, rnd: int, table: int) -> str:
    """A short mark of the lines on the table's card as they stand (each as entered, its
    entry id left out: the same game entered again is the same line)."""
    card = event.current_cards(rnd).get(table)
    lines = card.games or () if card is not None else ()
    text = "\n".join(repr(line._replace(entry_id=None)) for line in lines)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


Change = Callable[[OpenEvent], Edit | None]


def as_shown(change: Change, rnd: int, table: int, mark: str | None) -> Change:
    """`change` (a player's confirmation, the hand-in) made only on the card the player
    was shown, its lines marked `mark` (`card_mark`): refused when the card has changed
    since (another phone took a line back, or entered one). None (a script that does not
    say): made as asked."""

    def made(opened: OpenEvent) -> Edit | None:
        if mark is not None and mark != card_mark(opened.event, rnd, table):
            raise Refused(
                f"{where(rnd, table)}'s card has changed since it was shown (a line was "
                "taken back or entered); nothing was recorded: check the card again as it "
                "is now"
            )
        return change(opened)

    return made


def hands_in(seats: tuple[str, ...], rnd: int) -> str:
    """Who hands the card in this round: East of the starting seats in round 1, North in
    round 2, West in 3, South in 4 (RULES.md §6)."""
    return seats[hand_in_seat(rnd)]


def hand_in(opened: OpenEvent, rnd: int, table: int, typed: str, now: _dt.datetime) -> Edit:
    """The player RULES.md names for the round hands the confirmed card in."""
    event = opened.event
    seats = table_seats(event, rnd, table)
    index, card = _open_card(event, rnd, table)
    name = seat_of(seats, typed)
    if not _finished(event, card, now):
        raise Refused(
            f"{where(rnd, table)}'s card has {card.played()} of {GAMES_PER_ROUND} games; it is "
            "handed in when the round is over (four games, or time called)"
        )
    waiting = [p for p in seats if p not in card.confirmed]
    if waiting:
        who = "; ".join(f"{p} checks {checks(seats)[p]}'s line" for p in waiting)
        raise Refused(f"{where(rnd, table)}: every player confirms the card first ({who})")
    named = hands_in(seats, rnd)
    if name != named:
        letter = SEAT_LETTERS[hand_in_seat(rnd)]
        raise Refused(f"in round {rnd} the card is handed in by seat {letter}: {named}")
    changed, text = _saved(opened, index, card._replace(status="handed-in", handed_in=name))
    changed, text = recorded_call(changed, text, rnd, now)
    return Edit(changed, text, (f"{name} handed in {where(rnd, table)}'s card.",))


def accept(opened: OpenEvent, rnd: int, table: int, now: _dt.datetime) -> Edit:
    """The director accepts a handed-in card: it counts in the standings from now on."""
    event = opened.event
    table_seats(event, rnd, table)
    found = _current(event, rnd, table)
    if found is None or found[1].accepted:
        state = "has no card yet" if found is None else "'s card is accepted already"
        raise Refused(f"{where(rnd, table)}{' ' if found is None else ''}{state}")
    index, card = found
    if card.status != "handed-in":
        if not card.detailed:
            _refuse_closed(card, rnd, table)  # a paper card given back: typed again first
        seats = table_seats(event, rnd, table)
        raise Refused(
            f"{where(rnd, table)}'s card is not handed in yet: the players confirm it and "
            f"{hands_in(seats, rnd)} hands it in"
        )
    changed, text = recorded_call(
        *_saved(opened, index, card._replace(status="accepted")), rnd, now
    )
    return Edit(changed, text, (f"Accepted {where(rnd, table)}'s card.",))


def reopen(opened: OpenEvent, rnd: int, table: int) -> Edit:
    """The director gives a handed-in card back to the table, or reopens an accepted one
    to replace it: a new card with its games, the accepted one kept as history (and in
    force until the new one is accepted)."""
    event = opened.event
    table_seats(event, rnd, table)
    found = _current(event, rnd, table)
    if found is None:
        raise Refused(f"{where(rnd, table)} has no card yet")
    index, card = found
    if card.status == "open":
        raise Refused(f"{where(rnd, table)}'s card is open already (being entered)")
    if card.games is None and card.accepted:
        raise Refused(
            f"{where(rnd, table)}'s card is round totals; replace it with mahj event score "
            f"{rnd} {table} NAME=POINTS... --replace"
        )
    again = card._replace(status="open", confirmed=(), handed_in=None)
    if card.status == "handed-in":  # a paper card given back: the table types it again
        changed, text = _saved(opened, index, again)
        back = "card is back at the table" + ("" if card.detailed else ", to type again")
        return Edit(changed, text, (f"{where(rnd, table).capitalize()}'s {back}.",))
    new = again._replace(totals={}, replace=True, source="")
    changed, text = _saved(opened, None, new)
    note = (
        f"{where(rnd, table).capitalize()}'s card is open again, to replace the accepted one "
        "(which stays in force, and in the file, until the new one is accepted)."
    )
    return Edit(changed, text, (note,))
