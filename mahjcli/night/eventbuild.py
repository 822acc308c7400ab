"""What the director typed, turned into changes of the event as it stands: a new event,
a late registration, a withdrawal, a round seated, a card in.

No I/O and no output: each builder returns the event after the change with the new
text of its file and the notes to show, or raises `Refused` with what to do. Whether the
changed event holds together is the core's to say (`mahjcli.core.eventcheck`), asked by
`mahjcli.night.event` before anything is saved.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Sequence
from typing import NamedTuple

from ..core.errors import Refused
from ..core.event import (
    MAX_FIELD,
    MAX_ROUNDS,
    MAX_SEED,
    MIN_FIELD,
    Event,
    Player,
    movement_problem,
)
from ..core.eventcheck import seats_text
from ..core.model import Card
from ..core.movement import seat_round
from ..core.names import (
    UnknownName,
    accent_twin,
    fold_name,
    name_problem,
    quoted,
    resolve,
    twin_refusal,
)
from ..core.numbers import MINUS_CHARS, MINUS_SIGNS
from ..core.rulesets import Tournament
from ..core.wording import either
from ..files import eventseats, eventwrite
from ..files.eventload import OpenEvent


class Edit(NamedTuple):
    """An event after a change, its file's new text, and what to tell the director."""

    event: Event
    text: str
    notes: tuple[str, ...] = ()


def fields(event: Event) -> list[tuple[str, ...]]:
    """Every round's field, round 1 first, as the players are registered now."""
    return [event.field(r) for r in range(1, event.rounds + 1)]


def player_in(event: Event, typed: str) -> Player:
    """The registered player `typed` names (Refused with a suggestion if none)."""
    try:
        name = resolve(typed, event.names())
    except UnknownName as exc:
        raise Refused(str(exc)) from None
    return next(p for p in event.players if p.name == name)


def new_event(
    name: str,
    entrants: Sequence[tuple[str, str]],
    *,
    date: _dt.date,
    rounds: int,
    movement: str,
    seed: int,
    profile: Tournament,
    given: bool,
    tie_break: bool,
    card: Card | None = None,
) -> Event:
    """A new event with round 1 seated, refusing what an event cannot start with."""
    if not name.strip():
        raise Refused("give the event a name: mahj event new NAME PLAYER...")
    if why := name_problem(name.strip()):
        raise Refused(f"the event's name: {why}")
    if why := movement_problem(movement, "--movement"):
        raise Refused(why)
    if not 1 <= rounds <= MAX_ROUNDS:
        raise Refused(f"--rounds must be from 1 to {MAX_ROUNDS}, not {rounds}")
    if not 0 <= seed <= MAX_SEED:
        raise Refused(f"--seed must be from 0 to {MAX_SEED}, not {seed}")
    players = _entrants(entrants)
    event = Event(
        name=name.strip(),
        players=players,
        date=date,
        rules=profile,
        rounds=rounds,
        movement=movement,
        seed=seed,
        tie_break=tie_break,
        card=card,
    )
    first = seat_round(1, "given" if given else "random", fields(event), (), seed)
    return event._replace(seatings=(first,))


def _entrants(entrants: Sequence[tuple[str, str]]) -> tuple[Player, ...]:
    """The registered players, each name valid and different, each id different."""
    if not MIN_FIELD <= len(entrants) <= MAX_FIELD:
        raise Refused(
            f"an event needs {MIN_FIELD} to {MAX_FIELD} players (one table is four), "
            f"not {len(entrants)}"
        )
    names: dict[str, str] = {}
    ids: dict[str, str] = {}
    players = []
    for typed, ident in entrants:
        name, ident = typed.strip(), ident.strip()
        if why := name_problem(name):
            raise Refused(why)
        if fold_name(name) in names:
            raise Refused(
                f"{quoted(names[fold_name(name)])} and {quoted(name)} are the same name; give "
                "each player a different name (add an initial)"
            )
        if twin := accent_twin(name, names.values()):
            raise Refused(twin_refusal(name, twin))
        if ident and ident in ids:
            raise Refused(f"{ids[ident]} and {name} have the same id {ident!r}")
        names[fold_name(name)] = name
        if ident:
            ids[ident] = name
        players.append(Player(name, ident))
    return tuple(players)


# ---- the field: late registrations and withdrawals -------------------------------------


def _reseat(event: Event, text: str, first: int, method: str | None = None) -> Edit:
    """Seat again every seated round from `first` on (none has started), each by its own
    method (round `first` by `method` when given)."""
    seatings = list(event.seatings[: first - 1])
    for old in event.seatings[first - 1 :]:
        how = method if method is not None and old.number == first else old.method
        seatings.append(seat_round(old.number, how, fields(event), seatings, event.seed))
    after = event._replace(seatings=tuple(seatings))
    tables = [eventwrite.seating_table(s) for s in seatings[first - 1 :]]
    notes = tuple(
        f"Round {s.number}, seated again, has the same seats (the event's seed draws the "
        "same way each time): the sheet posted stands."
        if s == old
        else f"Round {s.number} was seated again (no card of it was in): post the new sheet "
        f"(mahj event seating {s.number})."
        for s, old in zip(seatings[first - 1 :], event.seatings[first - 1 :], strict=True)
    )
    return Edit(after, eventseats.replace_seatings(text, first - 1, tables), notes)


def register(opened: OpenEvent, typed: str, ident: str) -> Edit:
    """A late registration: plays from the first round that has not started."""
    event = opened.event
    name, ident = typed.strip(), ident.strip()
    if why := name_problem(name):
        raise Refused(why)
    same = next((p for p in event.players if fold_name(p.name) == fold_name(name)), None)
    if same is None and (twin := accent_twin(name, [p.name for p in event.players])):
        same = next(p for p in event.players if p.name == twin)  # `zoe` for Zoë
    if same is not None and same.last_round is None:
        raise Refused(f"{same.name} is already registered; give a new player a different name")
    if same is not None and ident and ident != same.id:
        raise Refused(f"{same.name} is registered with another id; leave out --id")
    other = next((p for p in event.players if ident and p.id == ident and p is not same), None)
    if other is not None:
        raise Refused(f"{other.name} already has the id {ident!r}")
    first = event.open_round()
    text = opened.loaded.parsed.text
    if same is not None:
        after, text, note = _back(opened, same, first)
    elif first > event.rounds:
        raise Refused(f"all {event.rounds} rounds have started; nobody can register now")
    else:
        player = Player(name, ident, first)
        after = event._replace(players=(*event.players, player))
        text = eventwrite.append_tables(text, [("players", eventwrite.player_table(player))])
        note = f"{name} is registered and plays from round {first}."
    if after.seating(first) is None:
        return Edit(after, text, (note,))
    edit = _reseat(after, text, first)
    return edit._replace(notes=(note, *edit.notes))


def _back(opened: OpenEvent, player: Player, first: int) -> tuple[Event, str, str]:
    """A withdrawal taken back, while no round after it has started (one who never played
    comes back as a late registration, from round `first`): the event, its file's text and
    what to say."""
    event = opened.event
    assert player.last_round is not None
    played = player.last_round >= player.first_round
    if played and first > player.last_round + 1:
        lines = opened.standings.lines
        points = next((x.points for x in lines if x.player.name == player.name), 0)
        raise Refused(
            f"{player.name} withdrew after round {player.last_round}, and round "
            f"{player.last_round + 1} has started without {player.name}: the event cannot "
            f"record a round missed in the middle, so {player.name} cannot come back; "
            f"{player.name}'s {f'{points:+d}' if points else 0} points stay in the standings"
        )
    if first > event.rounds:
        raise Refused(f"all {event.rounds} rounds have started; {player.name} cannot come back")
    plays = max(player.first_round, first)  # the same round, for one who has played
    back = player._replace(first_round=player.first_round if played else plays, last_round=None)
    index = event.players.index(player)
    after = event._replace(players=(*event.players[:index], back, *event.players[index + 1 :]))
    table = eventwrite.player_table(back)
    note = (
        f"{player.name} is back: the withdrawal is taken back, and {player.name} plays from "
        f"round {plays}."
    )
    text = eventwrite.change_table(opened.loaded.parsed.text, "players", index, table)
    return after, text, note


def withdraw(opened: OpenEvent, typed: str) -> Edit:
    """A withdrawal: the player plays no round that has not started yet."""
    event = opened.event
    player = player_in(event, typed)
    if player.last_round is not None:
        raise Refused(f"{player.name} has already withdrawn (after round {player.last_round})")
    first = event.open_round()
    if first > event.rounds:
        raise Refused(f"all {event.rounds} rounds have started; there is no round to withdraw from")
    field = [n for n in event.field(first) if n != player.name]
    if len(field) < MIN_FIELD:
        raise Refused(
            f"round {first} would have {len(field)} players; a round needs a table of four"
        )
    index = event.players.index(player)
    gone = player._replace(last_round=first - 1)
    players = (*event.players[:index], gone, *event.players[index + 1 :])
    after = event._replace(players=players)
    text = eventwrite.set_key(opened.loaded.parsed.text, "players", index, "last_round", first - 1)
    if first == 1:
        note = f"{player.name} withdrew before round 1."
    elif first <= player.first_round:
        note = f"{player.name} withdrew before playing a round."
    else:
        note = (
            f"{player.name} withdrew after round {first - 1}; their points stay in the standings."
        )
    if after.seating(first) is None:
        return Edit(after, text, (note,))
    edit = _reseat(after, text, first)
    return edit._replace(notes=(note, *edit.notes))


# ---- seating a round ---------------------------------------------------------------------


def seat(opened: OpenEvent, number: int, method: str | None, redraw: bool) -> Edit | None:
    """Seat round `number` (the next one, or again with `redraw`); None when it is seated
    already and nothing was asked to change."""
    event = opened.event
    text = opened.loaded.parsed.text
    if method is not None and (why := movement_problem(method, "--movement", first=number == 1)):
        raise Refused(why)
    if not 1 <= number <= event.rounds:
        raise Refused(f"the event has rounds 1 to {event.rounds}, not {number}")
    seated = len(event.seatings)
    if number <= seated:
        if not redraw:
            if method is not None:
                raise Refused(
                    f"round {number} is already seated ({event.seatings[number - 1].method}); "
                    "add --redraw to seat it again"
                )
            return None
        started = [r for r in range(number, seated + 1) if event.started(r)]
        if started:
            raise Refused(
                f"round {started[0]} has started (its clock runs or a card is in), so its "
                "seating stays"
            )
        return _reseat(event, text, number, method)
    if redraw:
        raise Refused(f"round {number} is not seated yet; leave out --redraw")
    if number > seated + 1:
        raise Refused(f"round {seated + 1} is next to be seated, not round {number}")
    how = method or (event.movement if number > 1 else "random")
    new = seat_round(number, how, fields(event), event.seatings, event.seed)
    after = event._replace(seatings=(*event.seatings, new))
    added = [("seating", eventwrite.seating_table(new))]
    text = eventwrite.append_tables(text, added, opened.loaded.parsed.doc)
    return Edit(after, text, (f"Round {number} is seated ({how}).",))


# ---- cards -------------------------------------------------------------------------------


def table_seats(event: Event, rnd: int, table: int) -> tuple[str, ...]:
    """The seats A-D of one table of a seated round."""
    if why := event.round_problem(rnd):
        raise Refused(why)
    seating = event.seating(rnd)
    assert seating is not None
    if not 1 <= table <= len(seating.tables):
        raise Refused(f"round {rnd} has tables 1 to {len(seating.tables)}, not {table}")
    return seating.tables[table - 1]


def replacing(event: Event, rnd: int, table: int, replace: bool) -> bool:
    """Whether the new card replaces one entered before (refused without --replace)."""
    earlier = table in event.current_cards(rnd)
    if earlier and not replace:
        raise Refused(
            f"round {rnd}, table {table} already has a card; "
            + either("add --replace", "tick “Replace the card that is in”")
            + " to replace it (the old card stays in the file as history)"
        )
    if replace and not earlier:
        raise Refused(
            f"round {rnd}, table {table} has no card yet; "
            + either("leave out --replace", "untick “Replace the card that is in”")
        )
    return earlier


_POINTS = re.compile(rf"^(.+?)=\s*([+\-{MINUS_CHARS}]?[0-9]{{1,6}})\s*$")


def elsewhere(typed: str, event: Event, rnd: int) -> str | None:
    """Where the registered player `typed` names (not one of a table's) is in round `rnd`:
    `Susan plays at table 2 in round 1, not at this table`."""
    try:
        name = resolve(typed, [p.name for p in event.players])
    except UnknownName:
        return None
    seating = event.seating(rnd)
    place = seating.places().get(name) if seating is not None else None
    if place is not None:
        return f"{name} plays at table {place[0]} in round {rnd}, not at this table"
    if seating is not None and name in seating.byes:
        return f"{name} has a bye in round {rnd}"
    gone = next(p.last_round for p in event.players if p.name == name)
    if gone is None:
        return f"{name} does not play in round {rnd}"
    return f"{name} withdrew " + (f"after round {gone}" if gone else "before round 1")


def typed_totals(
    seats: tuple[str, ...],
    typed: Sequence[str],
    what: str,
    event: Event | None = None,
    rnd: int = 0,
) -> dict[str, int]:
    """NAME=POINTS for each of the table's four players, in seat order (a player of another
    table of `event`'s round `rnd` is told where she sits)."""
    got: dict[str, int] = {}
    for item in typed:
        m = _POINTS.match(item.strip())
        if m is None:
            raise Refused(
                f"{what}: say each player's round total as NAME=POINTS (Ann=45, "
                f"Bea=-10), not {item!r}"
            )
        try:
            name = resolve(m.group(1), seats)
        except UnknownName as exc:
            said = elsewhere(m.group(1), event, rnd) if event is not None else None
            seated = seats_text(seats)
            raise Refused(f"{what}: {said or exc}; this table's seats are {seated}") from None
        if name in got:
            raise Refused(f"{what}: {name} is given twice")
        got[name] = int(m.group(2).translate(MINUS_SIGNS))
    left = [n for n in seats if n not in got]
    if left:
        raise Refused(
            f"{what}: give all four round totals; missing {', '.join(left)} "
            f"(the table's seats are {seats_text(seats)})"
        )
    return {n: got[n] for n in seats}
