"""Reading the tables of an event file that hold what happens on event day: each
round's clock ([[clock]]), each table's card ([[cards]]) and the year's card ([card]);
and the reader that collects every problem while a document is read
(`mahjcli.files.eventfile` reads the rest)."""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable
from typing import Any

from ..core.clock import DEFAULT_MINUTES, ClockMark
from ..core.event import STATUSES, TableCard
from ..core.model import Card, Entry
from ..core.names import closest, fold_name
from ..core.problems import Problem, Where, is_whole, shown
from .entryfile import read_entry

CLOCK_KEYS = ("round", "start", "minutes", "called")
CARD_KEYS = (
    "round",
    "table",
    "replace",
    "from",
    "status",
    "confirmed",
    "handed_in",
    "totals",
    "games",
)


class Reader:
    """Collects problems and notes while one document is read."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.notes: list[Problem] = []
        self.canon: dict[str, str] = {}

    def problem(self, message: str, where: Where) -> None:
        self.problems.append(Problem(message, where))

    def unknown(
        self,
        table: dict[str, Any],
        known: tuple[str, ...],
        where: Callable[[str], Where],
        label: str = "",
    ) -> None:
        for key in sorted(set(table) - set(known)):
            self.notes.append(
                Problem(f"{label}unknown key {key!r} is kept but not used", where(key))
            )

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
            hint = f"; did you mean {near!r}?" if near else ""
            self.problem(f"{what}: {value!r} is not a registered player{hint}", where)
        return found

    def tables_of(self, raw: dict[str, Any], section: str) -> list[dict[str, Any]]:
        value = raw.get(section, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.problem(f"{section} must be a list of [[{section}]] tables", Where.top(section))
            return []
        return value


def names(value: object, what: str, where: Where, r: Reader) -> tuple[str, ...]:
    if not isinstance(value, list):
        r.problem(f'{what} must be a list of names, like ["Ann", "Bea"]', where)
        return ()
    found = [r.name(item, what, where) for item in value]
    return tuple(n for n in found if n is not None)


def year_card(doc: dict[str, Any], r: Reader) -> Card | None:
    """The [card] the tables name lines of, read as a night's is."""
    if "card" not in doc:
        return None
    raw = doc["card"]
    if not isinstance(raw, dict):
        r.problem("card must be a table ([card])", Where.top("card"))
        return None
    from ..core.cards import parse_card

    card, found = parse_card(raw, strict=False, section="card.lines")
    for p in found:
        r.problem(f"card: {p.message}", p.where or Where.top("card"))
    return card


def _moment(value: object, what: str, where: Where, r: Reader) -> _dt.datetime | None:
    """A moment with its offset, like 2026-04-18T13:00:00Z."""
    if isinstance(value, _dt.datetime) and value.tzinfo is not None:
        return value
    r.problem(
        f"{what} must be a date and time with its offset, like 2026-04-18T13:00:00Z "
        f"(Z: UTC), not {shown(value)}",
        where,
    )
    return None


def clock_mark(raw: dict[str, Any], i: int, r: Reader) -> ClockMark:
    def at(key: str | None = None) -> Where:
        return Where("clock", i, key)

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


def table_card(raw: dict[str, Any], i: int, r: Reader) -> TableCard:
    def at(key: str | None = None) -> Where:
        return Where("cards", i, key)

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
    confirmed = names(raw.get("confirmed", []), f"{label}confirmed", at("confirmed"), r)
    handed = raw.get("handed_in")
    handed_in = r.name(handed, f"{label}handed_in", at("handed_in")) if handed else None
    return TableCard(rnd, table, totals, games, replace, source, status, confirmed, handed_in)


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
        if name is not None:
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
        for p in problems:
            message = re.sub(r"^log entry \d+", f"{label}entry {k + 1}", p.message)
            r.problem(message, Where("cards", i, f"games[{k}]"))
        for p in notes:
            message = re.sub(r"^log entry \d+", f"{label}entry {k + 1}", p.message)
            r.notes.append(Problem(message, Where("cards", i, f"games[{k}]")))
        if entry is not None:
            games.append(entry)
    return tuple(games)
