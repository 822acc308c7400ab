"""The event file format (TOML, `kind = "event"`, schema 1): text to an `Event`.

    schema = 1
    kind = "event"
    name = "Spring Open"
    date = 2026-04-18
    profile = "mjmp"              # or a [profile] table: a director's profile in full
    rounds = 3
    movement = "fewest-repeats"
    seed = 7

    [[players]]
    name = "Ann"
    id = "1001"

    [[seating]]
    round = 1
    movement = "random"
    byes = ["Ida", "Jo"]
    tables = [
        ["Ann", "Bea", "Cy", "Dot"],   # seats A (East), B, C, D
    ]

    [[clock]]                     # the director started round 1's clock ...
    round = 1
    start = 2026-04-18T13:00:00Z
    minutes = 60

    [[clock]]                     # ... and called time
    round = 1
    called = 2026-04-18T13:58:00Z

    [[cards]]
    round = 1
    table = 1
    totals = { "Ann" = 45, "Bea" = -10, "Cy" = 0, "Dot" = 20 }
    games = [
        { kind = "win", winner = "Ann", value = 25, thrown_by = "Bea", exposures = 1 },
    ]

    [[cards]]                     # a card entered game by game, still at the table
    round = 1
    table = 2
    status = "open"               # or "handed-in"; left out once accepted
    confirmed = ["Eve", "Gus"]
    games = [
        { kind = "wall" },
    ]

A card entered game by game at the event has no totals: they are its games'. An
imported card's totals are those its table signed, held to its games.

A card's games are written like a session's [[log]] entries and read by the same reader
(`mahjcli.files.sessionfile.read_entry`). A session file and an event file are told
apart by `kind`, so neither is ever read as the other.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any, NamedTuple

from ..core.event import (
    DEFAULT_MOVEMENT,
    DEFAULT_ROUNDS,
    Event,
    Player,
    RoundSeating,
)
from ..core.names import fold_name
from ..core.problems import Problem, Where, is_whole, shown
from ..core.profiles import built_in, read_profile
from ..core.rulesets import DEFAULT_PROFILE, Tournament
from .eventtables import Reader, clock_mark, names, table_card, year_card
from .sessionfile import deep, read_toml

SCHEMA = 1
"""The event-file schema this program writes and the newest it reads."""
KIND = "event"
TOP_KEYS = (
    "schema",
    "kind",
    "name",
    "date",
    "profile",
    "rounds",
    "movement",
    "seed",
    "tie_break",
    "players",
    "seating",
    "clock",
    "cards",
    "card",
)
PLAYER_KEYS = ("name", "id", "first_round", "last_round")
SEATING_KEYS = ("round", "movement", "byes", "tables")


class ParsedEvent(NamedTuple):
    """An event file read into values: its text and, when valid, the event."""

    text: str
    event: Event | None
    problems: tuple[Problem, ...]
    notes: tuple[Problem, ...] = ()
    night: bool = False
    """True when the file is a night's session, not an event's."""


def is_night(doc: dict[str, Any]) -> bool:
    """Whether a document is a night's session file (it has a log or a first East)."""
    return doc.get("kind") != KIND and ("log" in doc or "east" in doc)


def kind_problem(doc: dict[str, Any]) -> Problem | None:
    """Why this document is not an event file this mahj can read, or None."""
    if doc.get("kind") != KIND:
        if is_night(doc):
            message = (
                "this is a night's session file, not an event file; give the event file "
                "(--session FILE)"
            )
        else:
            message = 'no `kind = "event"` line: is this a mahj event file?'
        return Problem(message, Where.top("kind") if "kind" in doc else Where(line=1))
    schema = doc.get("schema")
    if not is_whole(schema) or schema < 1:
        return Problem(f"schema must be a whole number, not {shown(schema)}", Where.top("schema"))
    if schema > SCHEMA:
        return Problem(
            f"this file was written by a newer mahj (event schema {schema}; this one reads up "
            f"to {SCHEMA}); upgrade mahj to read it",
            Where.top("schema"),
        )
    return None


def parse_event_text(text: str) -> ParsedEvent:
    """Read an event file's text: the event, or every problem with where it is."""
    doc, problem = read_toml(text, "an event file")
    if doc is None:
        assert problem is not None
        return ParsedEvent(text, None, (problem,))
    try:
        return parse_event_doc(text, doc)
    except RecursionError:
        return ParsedEvent(text, None, (deep("an event file"),))


def parse_event_doc(text: str, doc: dict[str, Any]) -> ParsedEvent:
    """Validate a parsed TOML document as an event."""
    if why := kind_problem(doc):
        return ParsedEvent(text, None, (why,), night=is_night(doc))
    r = Reader()
    r.unknown(doc, TOP_KEYS, Where.top)
    settings = _settings(doc, r)
    players = [_player(raw, i, r) for i, raw in enumerate(r.tables_of(doc, "players"))]
    for p in players:
        r.canon.setdefault(fold_name(p.name), p.name)
    seatings = [_seating(raw, i, r) for i, raw in enumerate(r.tables_of(doc, "seating"))]
    clock = [clock_mark(raw, i, r) for i, raw in enumerate(r.tables_of(doc, "clock"))]
    cards = [table_card(raw, i, r) for i, raw in enumerate(r.tables_of(doc, "cards"))]
    card = year_card(doc, r)
    if r.problems:
        return ParsedEvent(text, None, tuple(r.problems), tuple(r.notes))
    event = Event(
        players=tuple(players),
        seatings=tuple(seatings),
        cards=tuple(cards),
        clock=tuple(clock),
        card=card,
        **settings,
    )
    return ParsedEvent(text, event, (), tuple(r.notes))


def _settings(doc: dict[str, Any], r: Reader) -> dict[str, Any]:
    """The event's own keys (the checks of their values are the core's)."""
    out: dict[str, Any] = {}
    name = doc.get("name", "")
    if not isinstance(name, str):
        r.problem("name must be text", Where.top("name"))
    out["name"] = name if isinstance(name, str) else ""
    date = doc.get("date")
    if date is not None and not (isinstance(date, _dt.date) and not isinstance(date, _dt.datetime)):
        r.problem(f"date must be a date like 2026-04-18, not {shown(date)}", Where.top("date"))
        date = None
    out["date"] = date
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
    def at(key: str | None = None) -> Where:
        return Where("players", i, key)

    label = f"player {i + 1}: "
    r.unknown(raw, PLAYER_KEYS, at, label)
    name = raw.get("name")
    if not isinstance(name, str):
        r.problem(f"{label}name must be a name in quotes, not {shown(name)}", at("name"))
        name = f"player {i + 1}"
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
    def at(key: str | None = None) -> Where:
        return Where("seating", i, key)

    label = f"seating {i + 1}: "
    r.unknown(raw, SEATING_KEYS, at, label)
    number = r.whole(raw.get("round"), f"{label}round", at("round"), i + 1)
    method = raw.get("movement", "given")
    if not isinstance(method, str):
        r.problem(f"{label}movement must be text, not {shown(method)}", at("movement"))
        method = "given"
    byes = names(raw.get("byes", []), f"{label}byes", at("byes"), r)
    tables_raw = raw.get("tables")
    if not isinstance(tables_raw, list):
        r.problem(
            f"{label}tables must be a list of tables, each a list of four names", at("tables")
        )
        tables_raw = []
    tables = tuple(
        names(t, f"{label}table {k + 1}", at(f"tables[{k}]"), r) for k, t in enumerate(tables_raw)
    )
    return RoundSeating(number, method, tables, byes)
