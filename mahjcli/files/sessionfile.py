"""The session file format (TOML, schema 1): text to a `Session` and back.

    schema = 1
    name = "Thursday"
    date = 2026-11-29
    rules = "league"
    players = ["Ruth", "Linda", "Kathy", "Pat"]
    east = "Ruth"

    [[log]]
    kind = "win"
    winner = "Ruth"
    value = 25
    thrown_by = "Linda"

The standard library's `tomllib` reads the text. Each log entry's keys are declared once,
on the entry's fields (`mahjcli.core.model.key`): `read_entry` and `entry_to_dict` work
from those declarations. New entries are appended to the text as it stands, so a user's
comments and layout survive; the result is read again and compared before it is
trusted. Unknown keys are kept as they are (and `mahj check` mentions them).
"""

from __future__ import annotations

import datetime as _dt
import re
import tomllib
from collections.abc import Callable
from typing import Any, NamedTuple

from ..core.model import ENTRY_TYPES, SEATS, Card, Entry, Key, KeyType, keys_of
from ..core.names import closest, control_problem, fold_name, name_problem
from ..core.problems import Problem, Where, is_whole, shown
from ..core.rulesets import (
    RULE_SETS,
    League,
    RuleSet,
    Tournament,
    misnamed_problem,
    pie_problem,
    rules_problem,
)
from ..core.session import Session, players_problem

SCHEMA = 1
"""The session-file schema this program writes and the newest it reads."""
BOM = "\ufeff"
TOP_KEYS = ("schema", "name", "date", "rules", "players", "east", "pie", "misnamed", "card",
            "log")  # fmt: skip


DEEP = Problem("values are nested too deeply to be a session file (a damaged file?)", Where(line=1))
"""Arrays or tables nested hundreds deep: more than tomllib (or anyone) can read."""


class Parsed(NamedTuple):
    """A session file read into values: its text and, when valid, the session."""

    text: str
    session: Session | None
    problems: tuple[Problem, ...]
    notes: tuple[Problem, ...] = ()


def decode(data: bytes) -> tuple[str | None, Problem | None]:
    """Bytes to text: UTF-8 (a leading BOM is allowed); the problem names the bad line."""
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        return None, Problem(
            f"this is not UTF-8 text (byte {exc.start}); save it as UTF-8 in your editor",
            Where(line=line),
        )


def toml_problem(exc: tomllib.TOMLDecodeError, body: str) -> Problem:
    """tomllib's complaint, with its line as a `Where` and without its own position."""
    message = str(exc)
    m = re.search(r"\(at line (\d+), column \d+\)", message)
    line = int(m.group(1)) if m else None
    if m is None and "end of document" in message:
        line = body.count("\n") + 1
    message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", message)
    return Problem(f"not valid TOML: {message}", Where(line=line) if line else None)


def parse_text(text: str) -> Parsed:
    """Read a session file's text: the session, or every problem with where it is."""
    body = text.removeprefix(BOM)
    if not body.strip():
        return Parsed(text, None, (Problem("the file is empty", Where(line=1)),))
    try:
        doc = tomllib.loads(body)
        return parse_doc(text, doc)
    except tomllib.TOMLDecodeError as exc:
        return Parsed(text, None, (toml_problem(exc, body),))
    except RecursionError:
        return Parsed(text, None, (DEEP,))


def schema_problem(doc: dict[str, Any]) -> Problem | None:
    """Why this document is not a session file this mahj can read, or None."""
    schema = doc.get("schema")
    if schema is None:
        return Problem("no `schema = 1` line: is this a mahj session file?", Where(line=1))
    if not is_whole(schema) or schema < 1:
        return Problem(f"schema must be a whole number, not {shown(schema)}", Where.top("schema"))
    if schema > SCHEMA:
        return Problem(
            f"this file was written by a newer mahj (schema {schema}; this one reads up to "
            f"{SCHEMA}); upgrade mahj to read it",
            Where.top("schema"),
        )
    return None


def parse_doc(text: str, doc: dict[str, Any]) -> Parsed:
    """Validate a parsed TOML document as a session."""
    if why := schema_problem(doc):
        return Parsed(text, None, (why,))
    problems: list[Problem] = []
    notes = [
        Problem(f"unknown key {key!r} is kept but not used", Where.top(key))
        for key in sorted(set(doc) - set(TOP_KEYS))
    ]

    def top_problem(key: str, message: str) -> None:
        problems.append(Problem(message, Where.top(key)))

    name = doc.get("name", "")
    if not isinstance(name, str):
        top_problem("name", "name must be text")
        name = ""
    elif bad := control_problem(name, "the night's name"):
        top_problem("name", bad)
    date = doc.get("date")
    if date is not None and not (isinstance(date, _dt.date) and not isinstance(date, _dt.datetime)):
        top_problem("date", f"date must be a date like 2026-11-29, not {shown(date)}")
        date = None
    rules = _rules(doc, top_problem)
    players = _players(doc.get("players"), rules, lambda m: top_problem("players", m))
    canon = {fold_name(p): p for p in players}
    east = _east(doc, players, canon, top_problem)
    card = _card(doc, problems)
    log = _log(doc, canon, problems, notes)
    if problems:
        return Parsed(text, None, tuple(problems), tuple(notes))
    session = Session(
        players=tuple(players), east=east, rules=rules, log=tuple(log), name=name, date=date,
        card=card,
    )  # fmt: skip
    return Parsed(text, session, (), tuple(notes))


def _log(
    doc: dict[str, Any], canon: dict[str, str], problems: list[Problem], notes: list[Problem]
) -> list[Entry]:
    """The [[log]] entries; arrivals are players too, so they are collected first and
    any entry may name them."""
    raw_log = doc.get("log", [])
    if not isinstance(raw_log, list):
        problems.append(Problem("log must be a list of [[log]] entries", Where.top("log")))
        return []
    for raw in raw_log:
        if isinstance(raw, dict) and raw.get("kind") == "join":
            arrival = raw.get("player")
            if isinstance(arrival, str) and name_problem(arrival.strip()) is None:
                canon.setdefault(fold_name(arrival.strip()), arrival.strip())
    log: list[Entry] = []
    for index, raw in enumerate(raw_log):
        entry, entry_problems, entry_notes = read_entry(raw, index, canon)
        problems.extend(entry_problems)
        notes.extend(entry_notes)
        if entry is not None:
            log.append(entry)
    return log


def _rules(doc: dict[str, Any], report: Callable[[str, str], None]) -> RuleSet:
    """The rule set and its options (`pie`, `misnamed`)."""
    name = doc.get("rules", League.name)
    if why := rules_problem(name):
        report("rules", why)
        name = League.name
    mode = doc.get("misnamed", "replace")
    if why := misnamed_problem(mode):
        report("misnamed", why)
        mode = "replace"
    pie = doc.get("pie")
    if pie is not None and (why := pie_problem(pie)):
        report("pie", why)
        pie = None
    if RULE_SETS[name] is Tournament:
        if pie is not None:
            report("pie", "a tournament table has no pie")
        return Tournament(misnamed_adds=mode == "add")
    return League(pie=pie)


def _players(raw: object, rules: RuleSet, report: Callable[[str], None]) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        report('players must be a list of names, like players = ["Ruth", "Linda", "Kathy"]')
        return []
    players = [p.strip() for p in raw]
    if why := players_problem(players, rules):
        report(why)
        return []
    return players


def _east(
    doc: dict[str, Any],
    players: list[str],
    canon: dict[str, str],
    report: Callable[[str, str], None],
) -> str:
    east = doc.get("east", players[0] if players else None)
    if not isinstance(east, str):
        report("east", "east must be the name of a seated player")
        return ""
    if fold_name(east) not in {fold_name(p) for p in players[:SEATS]}:
        if players:
            report("east", f"east ({east!r}) must be one of the first {SEATS} players")
        return ""
    return canon[fold_name(east)]


def _card(doc: dict[str, Any], problems: list[Problem]) -> Card | None:
    if "card" not in doc:
        return None
    raw = doc["card"]
    if not isinstance(raw, dict):
        problems.append(Problem("card must be a table ([card])", Where.top("card")))
        return None
    from ..core.cards import parse_card

    card, found = parse_card(raw, strict=False, section="card.lines")
    problems.extend(Problem(f"card: {p.message}", p.where) for p in found)
    return card


# ---- log entries, driven by each kind's declared keys ---------------------------------

Reader = Callable[[str, Any, dict[str, str], Key], tuple[Any, str | None]]


def _player(key: str, value: Any, canon: dict[str, str], spec: Key) -> tuple[Any, str | None]:
    if not isinstance(value, str):
        return None, f"{key} must be a player's name in quotes, not {shown(value)}"
    found = canon.get(fold_name(value.strip()))
    if found is None:
        near = closest(value, canon.values())
        hint = f"; did you mean {near!r}?" if near else ""
        return None, f"unknown player {value!r}{hint}"
    return found, None


def _players_list(key: str, value: Any, canon: dict[str, str], spec: Key) -> tuple[Any, str | None]:
    if not isinstance(value, list):
        return (), f'{key} must be a list of names, like {key} = ["Pat"]'
    found = []
    for item in value:
        if not isinstance(item, str):
            return (), f"{key} must list names in quotes, not {shown(item)}"
        name = canon.get(fold_name(item.strip()))
        if name is None:
            return (), f"unknown player {item!r} in {key}"
        found.append(name)
    return tuple(found), None


def _flag(key: str, value: Any, canon: dict[str, str], spec: Key) -> tuple[Any, str | None]:
    if not isinstance(value, bool):
        return False, f"{key} must be true or false, not {shown(value)}"
    return value, None


def _count(key: str, value: Any, canon: dict[str, str], spec: Key) -> tuple[Any, str | None]:
    if not is_whole(value) or not spec.low <= value <= spec.high:
        return None, f"{key} must be {spec.what}, not {shown(value)}"
    return int(value), None


def _text(key: str, value: Any, canon: dict[str, str], spec: Key) -> tuple[Any, str | None]:
    if not isinstance(value, str):
        return "", f"{key} must be text"
    return value, control_problem(value, f"the {key}")


def _line(key: str, value: Any, canon: dict[str, str], spec: Key) -> tuple[Any, str | None]:
    if not isinstance(value, str):
        return None, f"{key} must be a card line's name in quotes"
    return value, None


READERS: dict[KeyType, Reader] = {
    "player": _player,
    "players": _players_list,
    "flag": _flag,
    "count": _count,
    "text": _text,
    "line": _line,
}


def _shape(kind: str, raw: dict[str, Any], values: dict[str, Any]) -> tuple[str | None, str] | None:
    """A win is thrown (`thrown_by`) or self-picked (`self_pick = true`), never both; a
    heavenly hand may leave both out. Returns (key, message) when the shape is wrong."""
    if kind != "win":
        return None
    self_pick = values.get("self_pick", False)
    if "thrown_by" in raw and self_pick:
        return "self_pick", "a win is either thrown (thrown_by) or self-picked, not both"
    if "thrown_by" not in raw and not self_pick and not values.get("heavenly", False):
        return None, 'say how it was won: thrown_by = "Name" or self_pick = true'
    return None


def read_entry(
    raw: object, index: int, canon: dict[str, str]
) -> tuple[Entry | None, list[Problem], list[Problem]]:
    """One [[log]] table to an entry, with its problems and notes."""
    label = f"log entry {index + 1}"
    if not isinstance(raw, dict):
        return None, [Problem(f"{label} is not a table", Where.entry(index))], []
    kind = raw.get("kind")
    if kind not in ENTRY_TYPES:
        kinds = ", ".join(list(ENTRY_TYPES)[:-1]) + " or " + list(ENTRY_TYPES)[-1]
        message = f"{label}: unknown kind {kind!r} ({kinds})"
        return None, [Problem(message, Where.entry(index, "kind"))], []
    label = f"{label} ({kind})"
    keys = keys_of(kind)
    notes = [
        Problem(f"{label}: unknown key {key!r} is kept but not used", Where.entry(index, key))
        for key in sorted(set(raw) - set(keys) - {"kind"})
    ]
    problems: list[Problem] = []
    values: dict[str, Any] = {}
    for key, spec in keys.items():
        if key not in raw:
            if spec.required:
                problems.append(Problem(f"{label}: {key} is missing", Where.entry(index, key)))
            continue
        value, why = READERS[spec.type](key, raw[key], canon, spec)
        if why is not None:
            problems.append(Problem(f"{label}: {why}", Where.entry(index, key)))
        else:
            values[key] = value
    if not problems and (bad := _shape(kind, raw, values)):
        problems.append(Problem(f"{label}: {bad[1]}", Where.entry(index, bad[0])))
    if problems:
        return None, problems, notes
    cls = ENTRY_TYPES[kind]
    entry = cls(**{k: v for k, v in values.items() if k in cls._fields})
    return entry, [], notes
