"""What a table's phone, the director's page or a script asks of an event, read from its
form fields (named like the options of `mahj event win/wall/.../accept`): each write is
one change made by the command line's own functions (`night.eventplay`,
`night.eventclock`, `night.eventbuild`), so every rule and every refusal is theirs.

A write may carry an `entry_id` (INTERFACE.md). A game or a penalty keeps it in the
event file, on its line of the card, and a write whose id is already there changes
nothing; the other writes reach a state (confirmed, handed in, accepted, the clock
started, time called, a round seated) that a second request with an id finds already
reached, and then they change nothing either. A paper card's totals: `web.eventpaper`."""

from __future__ import annotations

import datetime as _dt
import secrets
from collections.abc import Callable
from typing import NamedTuple

from ..core.clock import DEFAULT_MINUTES, MAX_MINUTES, clock_state
from ..core.errors import Refused
from ..core.event import MAX_FIELD, MAX_ROUNDS
from ..core.model import SEATS, keys_of
from ..core.names import control_problem
from ..core.numbers import is_digits, whole_number
from ..core.standings import Standings
from ..files.entryfile import recorded_ids
from ..files.eventload import OpenEvent
from ..night import build, eventbuild, eventclock, eventplay
from ..night.build import Built
from ..night.eventbuild import Edit
from ..reports.words import plural
from .fields import entry_id, flag, how_won, said, text, wall_request, win_request
from .guard import Fields, Problem

Change = eventplay.Change
"""One change of the event, as `night.eventchange.change` makes it."""

ENTRIES = ("win", "wall", "incomplete", "error", "penalty")
"""What goes on a table's card: its games and its penalties."""
DIRECTOR = ("accept", "reopen", "start", "call-time", "seat")
"""What the director does."""
ACTIONS = (*ENTRIES, "undo", "confirm", "hand-in", *DIRECTOR)
"""What a table's phone does to its card, then what the director does."""
OWN = {
    "incomplete": (),
    "error": ("caller", "intact"),
    "penalty": ("name", "points", "reason"),
    "undo": ("seen", "last_id"),
    "confirm": ("name",),
    "hand-in": ("name",),
    "accept": (),
    "reopen": (),
    "start": ("minutes", "restart"),
    "call-time": (),
    "seat": ("movement",),
}
"""The fields of each action besides `round`, `table`, `entry_id`, `seen` and `token`
(a win's and a wall game's are `mahj win`'s and `mahj wall`'s, read by `web.fields`)."""
NO_TABLE = ("start", "call-time", "seat")
"""Actions on a round rather than on one of its tables."""


class Asked(NamedTuple):
    """A write asked for: where, and the change that makes it."""

    round: int
    table: int | None
    change: Change


def new_entry_id() -> str:
    """A fresh id for what a page's form will send."""
    return secrets.token_urlsafe(12)


def number(fields: Fields, key: str, high: int) -> int:
    """A whole number field that must be given (`round`, `table`)."""
    raw = text(fields, key)
    if raw is None:
        raise Problem(400, f"give the {key}; nothing was changed")
    return whole_number(raw, key, 1, high)


def asked(action: str, fields: Fields, now: _dt.datetime) -> Asked:
    """The write `action` asks for, from all its fields (`round`, `table` included)."""
    if action not in ACTIONS:
        raise Problem(404, f"there is no action {action!r} (they are {', '.join(ACTIONS)})")
    fields = {key: list(values) for key, values in fields.items()}
    rnd = number(fields, "round", MAX_ROUNDS)
    table = None if action in NO_TABLE else number(fields, "table", MAX_FIELD // SEATS)
    fields.pop("round")
    if table is not None:
        fields.pop("table")
    return made(action, rnd, table, fields, now)


def made(action: str, rnd: int, table: int | None, fields: Fields, now: _dt.datetime) -> Asked:
    """The write `action` asks for at round `rnd` (and `table`), from its other fields."""
    fields = {key: list(values) for key, values in fields.items() if key != "token"}
    ident = entry_id(fields)
    if action in ENTRIES:
        assert table is not None
        seen = _seen(fields)
        before_time = flag(fields, "before_time")
        fields.pop("before_time", None)
        change = entry(rnd, table, _maker(action, fields), now, ident, seen, before_time)
        return Asked(rnd, table, change)
    _known(action, fields)
    if table is None:
        return Asked(rnd, None, _round_change(action, rnd, fields, now, ident))
    return Asked(rnd, table, _card_change(action, rnd, table, fields, now, ident))


def _known(action: str, fields: Fields) -> None:
    """Refuse a field the action does not take, or one given twice where once is meant."""
    own = OWN[action]
    for key, values in fields.items():
        if key not in own:
            listed = ", ".join(("round", "table", *own, "entry_id"))
            raise Problem(
                400, f"unknown field {key!r} (the fields are {listed}); nothing was changed"
            )
        if len(values) > 1 and key != "name":
            raise Problem(400, f"{key} was given twice; give it once")


def _seen(fields: Fields) -> int | None:
    """`seen`: how many lines the card had when the page was shown, if the page said."""
    raw = fields.pop("seen", [""])[0]
    return whole_number(raw, "seen", 0, 1000) if raw.strip() else None


def _maker(action: str, fields: Fields) -> Callable[[Standings], Built]:
    """What builds the entry asked for, against the card's games replayed as a night
    (`mahj win`'s, `mahj wall`'s, ... own builders, with their refusals)."""
    if action == "win":
        options = win_request(how_won(fields)).options
        return lambda s: build.build_win(s, **options)
    if action == "wall":
        dead = wall_request(fields).options["dead"]
        return lambda s: build.build_wall(s, dead)
    _known(action, fields)
    if action == "incomplete":
        return build.build_incomplete
    if action == "error":
        caller = text(fields, "caller")
        if caller is None:
            raise Problem(400, "name who called Mah Jongg in error (caller); nothing was changed")
        intact = text(fields, "intact")
        return lambda s: build.build_error(s, caller, intact)
    name, points = text(fields, "name"), text(fields, "points")
    if name is None or points is None:
        raise Problem(400, "a penalty needs the player (name) and the points; nothing was changed")
    reason = text(fields, "reason") or ""
    return lambda s: build.build_penalty(s, name, points, reason)


def page_penalty(fields: Fields) -> None:
    """A penalty sent from a table's page, refused in the page's own words (its boxes as it
    labels them: "Points lost", "Why"), not the command line's (POINTS, --reason), and
    about the box to fix; the command line's builder then checks it again, as it checks
    every penalty."""
    if text(fields, "name") is None:
        raise Problem(400, "choose who loses points; nothing was changed")
    points = (text(fields, "points") or "").strip()
    why = ""
    if not points:
        why = "Points lost is empty: type the points the player loses, like 10"
    elif points.startswith("-") and is_digits(points[1:]):
        why = f"Points lost is the number of points lost, without a minus sign: {points[1:]}, "
        why += f"not {points}"
    elif not is_digits(points):
        why = f"Points lost must be a whole number, like 10, not {points[:20]!r}"
    if why:
        raise Problem(400, said(f"{why}; nothing was changed", "points"))
    span = keys_of("penalty")["points"]
    try:
        whole_number(points, "Points lost", span.low, span.high)
    except Refused as exc:
        raise Problem(400, said(exc.words("page"), "points")) from None
    if bad := control_problem(text(fields, "reason") or "", "Why"):
        raise Problem(400, said(f"{bad}; nothing was changed", "reason"))


def penalty_typed(fields: Fields | None) -> dict[str, str] | None:
    """A penalty's form as it was sent (refused, or back from "Change something"), to show
    it again as typed; None when the fields are not a penalty's."""
    if not fields or fields.get("result") != ["penalty"]:
        return None
    return {key: fields.get(key, [""])[0] for key in ("name", "points", "reason", "entry_id")}


def recorded(opened: OpenEvent, ident: str) -> bool:
    """Whether a line of any card holds this entry id, or held it and was taken back."""
    lines = (e for c in opened.event.cards for e in c.games or ())
    return ident in recorded_ids(lines, opened.loaded.parsed.text)


def lines_at(opened: OpenEvent, rnd: int, table: int) -> tuple[object, ...]:
    """The lines on the table's card (none before its first game); an accepted card's
    too, so that a page left open is told the card is accepted, not that it changed."""
    card = opened.event.current_cards(rnd).get(table)
    return card.games or () if card is not None else ()


def changed_since(opened: OpenEvent, rnd: int, table: int, seen: int | None) -> None:
    """Refused when the card has had lines entered or taken back since the page showed
    it with `seen` lines (two phones entering one game): nothing is entered twice."""
    lines = len(lines_at(opened, rnd, table))
    if seen is None or lines == seen:
        return
    what = plural(lines - seen, "more line") if lines > seen else "a line taken back"
    raise Refused(
        f"round {rnd}, table {table}'s card has changed since this page was shown ({what}); "
        "nothing was recorded: look at the card, then enter the game again if it is another one"
    )


def entry(
    rnd: int,
    table: int,
    make: Callable[[Standings], Built],
    now: _dt.datetime,
    ident: str | None,
    seen: int | None,
    before_time: bool = False,
) -> Change:
    """Enter a game or a penalty on the table's card, keeping its entry id with it
    (`before_time`: after time was called, a game the table says finished before it)."""

    def tagged(standings: Standings) -> Built:
        built = make(standings)
        return built._replace(entry=built.entry._replace(entry_id=ident)) if ident else built

    def change(opened: OpenEvent) -> Edit | None:
        if ident is not None and recorded(opened, ident):
            return None
        changed_since(opened, rnd, table, seen)
        return eventplay.enter(opened, rnd, table, tagged, now, before_time)

    return change


def _undo(rnd: int, table: int, fields: Fields, ident: str | None) -> Change:
    """Take back the card's last line: the one the page showed (`seen` lines, the last
    with `last_id`). With an entry id the request says which line it means (by `seen` or
    `last_id`), and a line already gone is done: sent again, it takes back nothing more."""
    seen = _seen(fields)
    last = text(fields, "last_id")
    if ident is not None and seen is None and last is None:
        raise Problem(
            400, "an undo with an entry_id names the line it takes back: give seen (the lines "
            "on the card) or last_id (the line's entry_id); nothing was changed",
        )  # fmt: skip

    def change(opened: OpenEvent) -> Edit | None:
        lines = lines_at(opened, rnd, table)
        gone = last is not None and all(getattr(x, "entry_id", None) != last for x in lines)
        if ident is not None and ((seen is not None and len(lines) == seen - 1) or gone):
            return None
        changed_since(opened, rnd, table, seen)
        if last is not None and lines and getattr(lines[-1], "entry_id", None) != last:
            raise Refused("the card's last line is not the one the page showed; nothing changed")
        return eventplay.take_back(opened, rnd, table)

    return change


def take_back_fields(opened: OpenEvent, rnd: int, table: int, asked: Fields) -> Fields:
    """What the page asking "take back the last line?" sends on with its Yes (`undo`'s
    fields): the card as the table's page showed it (`seen`, `last_id`) and the tap's
    `entry_id`, or the card as it is now when the page did not say. The take-back is
    tried first on the event as it is now (nothing saved): a card changed meanwhile, or a
    line gone already, is refused before a Yes is offered."""
    lines = lines_at(opened, rnd, table)
    shown = "seen" in asked  # from the table's page; else the card now
    last = getattr(lines[-1], "entry_id", None) or "" if lines else ""
    sent = {
        "seen": asked["seen"][:1] if shown else [str(len(lines))],
        "last_id": asked.get("last_id", [""])[:1] if shown else [last],
        "entry_id": [asked.get("entry_id", [""])[0] or f"{new_entry_id()}-u"],
    }
    tried = made("undo", rnd, table, sent, _dt.datetime.now(_dt.UTC))
    if tried.change(opened) is None:
        raise Refused(
            "that line has already been taken back, and nothing more is: "
            "look at the card as it is now"
        )
    return sent


def _card_change(
    action: str, rnd: int, table: int, fields: Fields, now: _dt.datetime, ident: str | None
) -> Change:
    """Take back, confirm, hand in; the director's accept and reopen."""
    if action == "undo":
        return _undo(rnd, table, fields, ident)
    names = [n for n in fields.get("name", []) if n.strip()]
    if action in ("confirm", "hand-in") and not names:
        raise Problem(400, "name the player (name); nothing was changed")
    if action == "hand-in" and len(names) > 1:
        raise Problem(400, "one player hands the card in; name one")

    def done(opened: OpenEvent) -> bool:
        """Whether a request sent again finds its work done already."""
        card = opened.event.current_cards(rnd).get(table)
        if ident is None or card is None:
            return False
        seats = eventbuild.table_seats(opened.event, rnd, table)
        if action == "confirm":
            mine = {eventplay.seat_of(seats, n) for n in names}
            return card.status != "open" or mine <= set(card.confirmed)
        if action == "hand-in":
            return card.status != "open" and card.handed_in == eventplay.seat_of(seats, names[0])
        return card.status == ("accepted" if action == "accept" else "open")

    def change(opened: OpenEvent) -> Edit | None:
        if done(opened):
            return None
        if action == "confirm":
            return eventplay.confirm(opened, rnd, table, names, now)
        if action == "hand-in":
            return eventplay.hand_in(opened, rnd, table, names[0], now)
        if action == "accept":
            return eventplay.accept(opened, rnd, table, now)
        return eventplay.reopen(opened, rnd, table)

    return change


def _round_change(
    action: str, rnd: int, fields: Fields, now: _dt.datetime, ident: str | None
) -> Change:
    """Start the round's clock, call time, seat the round."""
    if action == "seat":
        method = text(fields, "movement")
        return lambda opened: eventbuild.seat(opened, rnd, method, False)
    if action == "call-time":
        return lambda opened: eventclock.call(opened, rnd, now)
    raw = text(fields, "minutes")
    minutes = whole_number(raw, "minutes", 1, MAX_MINUTES) if raw is not None else DEFAULT_MINUTES
    restart = flag(fields, "restart")

    def start(opened: OpenEvent) -> Edit | None:
        state = clock_state(opened.event.clock, rnd, now)
        if ident is not None and not restart and state is not None and state.starts is not None:
            return None
        return eventclock.start(opened, rnd, minutes, now, restart)

    return start
