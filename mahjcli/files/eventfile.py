"""The event file format (TOML, `kind = "event"`, schema 1; see docs/session-file.md):
text to an `Event`. A card's games are read like a night's [[log]] entries (`entryfile`);
a night and an event are told apart by `kind`, so neither is ever read as the other."""

from __future__ import annotations

import datetime as _dt
import functools
import re
from collections.abc import Callable
from typing import Any, NamedTuple

from ..core.clock import DEFAULT_MINUTES, MAX_MINUTES, ClockMark, utc
from ..core.event import (
    DEFAULT_MOVEMENT,
    DEFAULT_ROUNDS,
    STATUSES,
    Event,
    Player,
    RoundSeating,
    TableCard,
)  # fmt: skip
from ..core.model import ENTRY_ID, Entry, is_entry_id
from ..core.names import closest, fold_name, name_problem, quoted
from ..core.problems import Problem, Where, is_whole, shown
from ..core.profiles import built_in, read_profile
from ..core.rulesets import DEFAULT_PROFILE, Tournament
from .entryfile import read_entry, unknown_keys
from .sessionfile import name_and_date, parse_with, read_card, schema_problem

SCHEMA = 1
"""The event-file schema this program writes and the newest it reads."""
KIND = "event"
TOP_KEYS = ("schema", "kind", "name", "date", "profile", "rounds", "movement", "seed",
            "tie_break", "players", "seating", "clock", "cards", "card")  # fmt: skip
PLAYER_KEYS = ("name", "id", "first_round", "last_round")
SEATING_KEYS = ("round", "movement", "byes", "tables")


class ParsedEvent(NamedTuple):
    """An event file read: its text and, when valid, the event."""

    text: str
    event: Event | None
    problems: tuple[Problem, ...]
    notes: tuple[Problem, ...] = ()
    other_kind: bool = False
    """True when the file is a night's session, not an event's."""
    doc: dict[str, Any] | None = None
    """What the text reads as (TOML), when it is a valid event: an edit compares with it
    without reading the text again."""


def is_night(doc: dict[str, Any]) -> bool:
    """Whether a document is a night's session file (it has a log or a first East)."""
    return doc.get("kind") != KIND and ("log" in doc or "east" in doc)


def _kind_problem(doc: dict[str, Any]) -> Problem | None:
    if doc.get("kind") != KIND:
        if is_night(doc):
            message = (
                "this is a night's session file, not an event file; give the event file "
                "(--session FILE)"
            )
        else:
            message = 'no `kind = "event"` line: is this a mahj event file?'
        return Problem(message, Where.top("kind") if "kind" in doc else Where(line=1))
    return schema_problem(doc.get("schema"), "event schema", SCHEMA)


def parse_event_text(data: str | bytes) -> ParsedEvent:
    """Read an event file's text (or bytes): the event, or every problem with where it is."""
    return parse_with(data, "an event file", _parse_event_doc, ParsedEvent)


def _parse_event_doc(text: str, doc: dict[str, Any]) -> ParsedEvent:
    if why := _kind_problem(doc):
        return ParsedEvent(text, None, (why,), other_kind=is_night(doc))
    r = Reader()
    r.unknown(doc, TOP_KEYS, Where.top)
    settings = _settings(doc, r)
    players = [_player(raw, i, r) for i, raw in enumerate(r.tables_of(doc, "players"))]
    for p in players:
        r.canon.setdefault(fold_name(p.name), p.name)
    seatings = [_seating(raw, i, r) for i, raw in enumerate(r.tables_of(doc, "seating"))]
    clock = [_clock_mark(raw, i, r) for i, raw in enumerate(r.tables_of(doc, "clock"))]
    cards = [_table_card(raw, i, r) for i, raw in enumerate(r.tables_of(doc, "cards"))]
    card, found = read_card(doc)
    for bad in found:
        r.problem(bad.message, bad.where or Where.top("card"))
    if r.problems:
        return ParsedEvent(text, None, tuple(r.problems), tuple(r.notes))
    event = Event(
        players=tuple(players), seatings=tuple(seatings), cards=tuple(cards), clock=tuple(clock),
        card=card, **settings,
    )  # fmt: skip
    return ParsedEvent(text, event, (), tuple(r.notes), doc=doc)


def _settings(doc: dict[str, Any], r: Reader) -> dict[str, Any]:
    out: dict[str, Any] = {}
    out["name"], out["date"] = name_and_date(doc, r.top, "2026-04-18")
    out["rules"] = _profile(doc.get("profile", DEFAULT_PROFILE), r)
    movement = doc.get("movement", DEFAULT_MOVEMENT)
    if not isinstance(movement, str):
        r.problem(f"movement must be text, not {shown(movement)}", Where.top("movement"))
        movement = DEFAULT_MOVEMENT
    out["movement"] = movement
    out["rounds"] = r.whole(doc.get("rounds", DEFAULT_ROUNDS), "rounds", Where.top("rounds"), 1)
    out["seed"] = r.whole(doc.get("seed", 1), "seed", Where.top("seed"), 1)
    tie_break = doc.get("tie_break", False)
    if not isinstance(tie_break, bool):
        r.problem(
            f"tie_break must be true or false, not {shown(tie_break)}", Where.top("tie_break")
        )
        tie_break = False
    out["tie_break"] = tie_break
    return out


def _profile(value: object, r: Reader) -> Tournament:
    """`profile = "mjmp"` (a profile mahj knows by name), or a [profile] table (a
    director's profile, options and all)."""
    where = Where.top("profile")
    if isinstance(value, str):
        known = built_in(value)
        if known is None:
            r.problem(
                f"profile: no profile called {value!r} (mahj knows {DEFAULT_PROFILE}); write a "
                "director's profile in full as a [profile] table",
                where,
            )
        return known or Tournament()
    if not isinstance(value, dict):
        r.problem(f"profile must be a name or a [profile] table, not {shown(value)}", where)
        return Tournament()
    rules, problems = read_profile(value)
    for _, message in problems:
        r.problem(f"profile: {message}", where)
    return rules or Tournament()


def _player(raw: dict[str, Any], i: int, r: Reader) -> Player:
    at = functools.partial(Where, "players", i)
    label = f"player {i + 1}: "
    r.unknown(raw, PLAYER_KEYS, at, label)
    name = raw.get("name")
    if not isinstance(name, str):
        r.problem(f"{label}name must be a name in quotes, not {shown(name)}", at("name"))
        name = f"player {i + 1}"
    elif why := name_problem(name.strip()):
        r.problem(f"{label}{why}", at("name"))
    ident = raw.get("id", "")
    if is_whole(ident):
        ident = str(ident)
    if not isinstance(ident, str):
        r.problem(f"{label}id must be text or a whole number, not {shown(ident)}", at("id"))
        ident = ""
    first = r.whole(raw.get("first_round", 1), f"{label}first_round", at("first_round"), 1)
    last = raw.get("last_round")
    if last is not None:
        last = r.whole(last, f"{label}last_round", at("last_round"))
    return Player(name.strip(), ident.strip(), first, last)


def _seating(raw: dict[str, Any], i: int, r: Reader) -> RoundSeating:
    at = functools.partial(Where, "seating", i)
    label = f"seating {i + 1}: "
    r.unknown(raw, SEATING_KEYS, at, label)
    number = r.whole(raw.get("round"), f"{label}round", at("round"), i + 1)
    method = raw.get("movement", "given")
    if not isinstance(method, str):
        r.problem(f"{label}movement must be text, not {shown(method)}", at("movement"))
        method = "given"
    byes = _names(raw.get("byes", []), f"{label}byes", at("byes"), r)
    tables_raw = raw.get("tables")
    if not isinstance(tables_raw, list):
        r.problem(
            f"{label}tables must be a list of tables, each a list of four names", at("tables")
        )
        tables_raw = []
    tables = tuple(
        _names(t, f"{label}table {k + 1}", at(f"tables[{k}]"), r) for k, t in enumerate(tables_raw)
    )
    return RoundSeating(number, method, tables, byes)


CLOCK_KEYS = ("round", "start", "minutes", "called")
CARD_KEYS = ("round", "table", "replace", "from", "entry_id", "status", "confirmed", "handed_in",
             "totals", "games")  # fmt: skip


class Reader:
    """Collects problems and notes while one document is read."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.notes: list[Problem] = []
        self.canon: dict[str, str] = {}

    def problem(self, message: str, where: Where) -> None:
        self.problems.append(Problem(message, where))

    def top(self, key: str, message: str) -> None:
        self.problem(message, Where.top(key))

    def unknown(
        self,
        table: dict[str, Any],
        known: tuple[str, ...],
        where: Callable[[str], Where],
        label: str = "",
    ) -> None:
        unknown_keys(set(table) - set(known), known, where, label, self.problems, self.notes)

    def whole(self, value: object, what: str, where: Where, default: int = 0) -> int:
        if value is None:
            self.problem(f"{what} is missing", where)
            return default
        if not is_whole(value):
            self.problem(f"{what} must be a whole number, not {shown(value)}", where)
            return default
        return value

    def name(self, value: object, what: str, where: Where) -> str | None:
        """A registered player's name, as registered."""
        if not isinstance(value, str):
            self.problem(f"{what} must be a player's name in quotes, not {shown(value)}", where)
            return None
        found = self.canon.get(fold_name(value.strip()))
        if found is None:
            near = closest(value, self.canon.values())
            hint = f"; did you mean {quoted(near)}?" if near else ""
            self.problem(f"{what}: {quoted(value)} is not a registered player{hint}", where)
        return found

    def tables_of(self, raw: dict[str, Any], section: str) -> list[dict[str, Any]]:
        value = raw.get(section, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.problem(f"{section} must be a list of [[{section}]] tables", Where.top(section))
            return []
        return value


def _names(value: object, what: str, where: Where, r: Reader) -> tuple[str, ...]:
    if not isinstance(value, list):
        r.problem(f'{what} must be a list of names, like ["Ann", "Bea"]', where)
        return ()
    found = [r.name(item, what, where) for item in value]
    return tuple(n for n in found if n is not None)


def _moment(value: object, what: str, where: Where, r: Reader) -> _dt.datetime | None:
    """A moment with its offset, like 2026-04-18T13:00:00Z."""
    if isinstance(value, _dt.datetime) and value.tzinfo is not None:
        try:  # a day either side: shown in any time zone, with any clock's length
            moment = utc(value)
            (moment - _dt.timedelta(days=1), moment + _dt.timedelta(days=1, minutes=MAX_MINUTES))
        except (OverflowError, ValueError):
            r.problem(
                f"{what} must be a moment of our times, like 2026-04-18T13:00:00Z (Z: UTC), "
                f"not {shown(value)}",
                where,
            )
            return None
        return value
    r.problem(
        f"{what} must be a date and time with its offset, like 2026-04-18T13:00:00Z "
        f"(Z: UTC), not {shown(value)}",
        where,
    )
    return None


def _clock_mark(raw: dict[str, Any], i: int, r: Reader) -> ClockMark:
    at = functools.partial(Where, "clock", i)
    label = f"clock {i + 1}: "
    r.unknown(raw, CLOCK_KEYS, at, label)
    rnd = r.whole(raw.get("round"), f"{label}round", at("round"))
    start = called = None
    minutes = None
    if "start" in raw:
        start = _moment(raw["start"], f"{label}start", at("start"), r)
        minutes = r.whole(raw.get("minutes"), f"{label}minutes", at("minutes"), DEFAULT_MINUTES)
    if "called" in raw:
        called = _moment(raw["called"], f"{label}called", at("called"), r)
    if ("start" in raw) == ("called" in raw):
        r.problem(
            f"{label}a [[clock]] table either starts a round's clock (start, minutes) or "
            "calls time (called)",
            at(),
        )
    return ClockMark(rnd, start, minutes, called)


def _table_card(raw: dict[str, Any], i: int, r: Reader) -> TableCard:
    at = functools.partial(Where, "cards", i)
    label = f"card {i + 1}: "
    r.unknown(raw, CARD_KEYS, at, label)
    rnd = r.whole(raw.get("round"), f"{label}round", at("round"))
    table = r.whole(raw.get("table"), f"{label}table", at("table"))
    replace = raw.get("replace", False)
    if not isinstance(replace, bool):
        r.problem(f"{label}replace must be true or false, not {shown(replace)}", at("replace"))
        replace = False
    source = raw.get("from", "")
    if not isinstance(source, str):
        r.problem(f"{label}from must be text (the table's session file)", at("from"))
        source = ""
    games = _games(raw["games"], i, label, r) if "games" in raw else None
    if "totals" in raw or games is None:
        totals = _totals(raw.get("totals"), label, at("totals"), r)
    else:
        totals = {}
    status = raw.get("status", "accepted")
    if status not in STATUSES:
        r.problem(
            f"{label}status must be {' or '.join(map(repr, STATUSES[:2]))} (left out once "
            f"accepted), not {shown(status)}",
            at("status"),
        )
        status = "accepted"
    confirmed = _names(raw.get("confirmed", []), f"{label}confirmed", at("confirmed"), r)
    handed = raw.get("handed_in")
    handed_in = r.name(handed, f"{label}handed_in", at("handed_in")) if handed else None
    ident = raw.get("entry_id")
    if ident is not None and not is_entry_id(ident):
        r.problem(f"{label}entry_id must be {ENTRY_ID.what}, not {shown(ident)}", at("entry_id"))
    ident = ident if is_entry_id(ident) else None
    return TableCard(rnd, table, totals, games, replace, source, status, confirmed, handed_in,
                     ident)  # fmt: skip


def _totals(value: object, label: str, where: Where, r: Reader) -> dict[str, int]:
    if not isinstance(value, dict):
        r.problem(
            f'{label}totals must be each player\'s round total, like totals = {{ "Ann" = 45, '
            '"Bea" = -10, ... }',
            where,
        )
        return {}
    totals: dict[str, int] = {}
    for key, points in value.items():
        name = r.name(key, f"{label}totals", where)
        if name is not None and name in totals:
            r.problem(f"{label}totals: {name} is given twice; keep one of them", where)
        elif name is not None:
            totals[name] = r.whole(points, f"{label}{name}'s total", where)
    return totals


def _games(value: object, i: int, label: str, r: Reader) -> tuple[Entry, ...]:
    if not isinstance(value, list):
        r.problem(
            f"{label}games must be a list of games, one {{ kind = ... }} per game",
            Where("cards", i, "games"),
        )
        return ()
    games: list[Entry] = []
    for k, raw in enumerate(value):
        entry, problems, notes = read_entry(raw, k, r.canon)
        where, said = Where("cards", i, f"games[{k}]"), f"{label}entry {k + 1}"
        for found, kept in ((problems, r.problems), (notes, r.notes)):
            kept += (Problem(re.sub(r"^log entry \d+", said, p.message), where) for p in found)
        if entry is not None:
            games.append(entry)
    return tuple(games)
