"""The session file format (TOML, schema 1): text to `Session` and back, without I/O.

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

New entries are appended to the text as it stands, so a user's comments and layout
survive; the result is parsed again and compared before it is trusted. Unknown keys are
kept as they are (and `mahj check` mentions them).
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import cards
from .model import (
    MAX_EXPOSURES,
    MAX_PIE,
    MAX_PLAYERS,
    MAX_VALUE,
    MIN_SEATED,
    RULE_SETS,
    SCHEMA,
    SEATS,
    Accept,
    Card,
    Entry,
    Incomplete,
    Join,
    Leave,
    Options,
    Penalty,
    Session,
    Wall,
    Win,
    fold_name,
    shown,
)
from .names import name_problem

BOM = "\ufeff"
TOP_KEYS = {"schema", "name", "date", "rules", "players", "east", "pie", "misnamed", "card", "log"}
ENTRY_KEYS: dict[str, set[str]] = {
    "win": {
        "kind", "winner", "value", "thrown_by", "self_pick", "jokerless", "singles_pairs",
        "heavenly", "exposures", "misnamed", "dead", "line",
    },
    "wall": {"kind", "dead"},
    "incomplete": {"kind"},
    "penalty": {"kind", "player", "points", "reason"},
    "join": {"kind", "player"},
    "leave": {"kind", "player"},
    "accept": {"kind"},
}  # fmt: skip
MISNAMED_MODES = {"replace": False, "add": True}


@dataclass(frozen=True)
class FileProblem:
    """A problem found in a session file, with its 1-based line when it has one."""

    message: str
    line: int | None = None


@dataclass(frozen=True)
class Parsed:
    """A session file read into values: the raw document and, when valid, the session."""

    text: str
    doc: dict[str, Any]
    session: Session | None
    problems: tuple[FileProblem, ...]
    notes: tuple[FileProblem, ...] = ()


class _Lines:
    """Finds the line of a top-level key, the n-th [[log]] entry, or a key inside it."""

    _header = re.compile(r"^\s*\[")

    def __init__(self, text: str) -> None:
        self._text = text
        self._lines: list[str] | None = None
        self._tables: dict[str, list[int]] | None = None

    @property
    def lines(self) -> list[str]:
        """The text's lines, split on first use (only a file with a problem needs them)."""
        if self._lines is None:
            self._lines = self._text.splitlines()
        return self._lines

    def _table_starts(self, name: str) -> list[int]:
        if self._tables is None:
            self._tables = {}
            pattern = re.compile(r"^\s*\[\[\s*([A-Za-z0-9_.\"' -]+?)\s*\]\]")
            for i, line in enumerate(self.lines):
                m = pattern.match(line)
                if m:
                    self._tables.setdefault(m.group(1).replace(" ", ""), []).append(i)
        return self._tables.get(name, [])

    def _key_in(self, key: str, start: int, stop: int) -> int | None:
        pattern = re.compile(rf"^\s*\"?{re.escape(key)}\"?\s*=")
        for i in range(start, min(stop, len(self.lines))):
            if i > start and self._header.match(self.lines[i]):
                break
            if pattern.match(self.lines[i]):
                return i + 1
        return None

    def top(self, key: str) -> int | None:
        """The line of a top-level key (before the first table)."""
        return self._key_in(key, 0, len(self.lines))

    def entry(self, table: str, index: int, key: str | None = None) -> int | None:
        """The line of the index-th [[table]] header, or of `key` inside it."""
        starts = self._table_starts(table)
        if index >= len(starts):
            return None
        start = starts[index]
        if key is None:
            return start + 1
        return self._key_in(key, start, len(self.lines)) or start + 1


def decode(data: bytes) -> tuple[str | None, FileProblem | None]:
    """Bytes to text: UTF-8 (a leading BOM is allowed); the problem names the bad line."""
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        return None, FileProblem(
            f"this is not UTF-8 text (byte {exc.start}); save it as UTF-8 in your editor", line
        )


# ---- reading a session file quickly ------------------------------------------------------
#
# tomllib is pure Python: importing it costs about 2 ms of every command, and reading takes
# about 25 ms per 1,000 games. The files mahj writes use a small part of TOML (top-level
# keys, [card], [[card.lines]] and [[log]] tables of strings, whole numbers, true/false,
# lists of names and a date), so they are read line by line here. Any line outside that
# part (an escape, a comment after a value, a multi-line array, a repeated key, tables in
# another order...) sends the whole file to tomllib, so errors and odd layouts are always
# reported by tomllib itself. tests/test_sessionfile_fast.py holds both readers to the same
# results.

_STR = r'"[^"\\\x00-\x08\x0a-\x1f\x7f]*"'
_PLAIN_LINE = re.compile(
    r"[ \t]*(?:"
    r"(?P<header>\[\[log\]\]|\[card\]|\[\[card\.lines\]\])"
    r"|(?P<key>[A-Za-z0-9_-]+)[ \t]*=[ \t]*(?:"
    rf"(?P<str>{_STR})"
    r"|(?P<date>[0-9]{4}-[0-9]{2}-[0-9]{2})"
    r"|(?P<int>[+-]?(?:0|[1-9][0-9]{0,17}))"
    r"|(?P<bool>true|false)"
    rf"|\[(?P<list>[ \t]*(?:{_STR}[ \t]*,[ \t]*)*(?:{_STR}[ \t]*)?)\]"
    r")"
    r"|#[^\x00-\x08\x0a-\x1f\x7f]*"
    r")?[ \t]*"
)
_LIST_ITEM = re.compile(r'"([^"]*)"')
_HEADER = "["
_SKIP = "#"
"""Keys that no bare TOML key can be: a table header line, and a blank or comment line."""
_SECTIONS = {"[card]": 1, "[[card.lines]]": 2, "[[log]]": 3}
"""The tables of a session file, in the order mahj writes them."""


def _plain_line(line: str) -> tuple[str, object] | None:
    """One line of a plain session file as (key, value), (_HEADER, header) or (_SKIP, None);
    None when the line is not plain."""
    m = _PLAIN_LINE.fullmatch(line[:-1] if line.endswith("\r") else line)
    if m is None:
        return None
    key = m.group("key")
    if key is None:
        header = m.group("header")
        return (_HEADER, header) if header else (_SKIP, None)
    if (raw := m.group("str")) is not None:
        return key, raw[1:-1]
    if (raw := m.group("int")) is not None:
        return key, int(raw)
    if (raw := m.group("bool")) is not None:
        return key, raw == "true"
    if (raw := m.group("date")) is not None:
        try:
            return key, _dt.date.fromisoformat(raw)
        except ValueError:  # 2026-02-30: tomllib says why
            return None
    return key, tuple(_LIST_ITEM.findall(m.group("list")))


def _fast_loads(body: str) -> dict[str, Any] | None:
    """The document of a plain session file, as tomllib would read it; None otherwise.

    Each distinct line is read once: a long log repeats itself.
    """
    doc: dict[str, Any] = {}
    table = doc
    section = 0
    seen: dict[str, tuple[str, object] | None] = {}
    for line in body.split("\n"):
        try:
            got = seen[line]
        except KeyError:
            got = seen[line] = _plain_line(line)
        if got is None:
            return None
        key, value = got
        if key == _SKIP:
            continue
        if key == _HEADER:
            header = str(value)
            order = _SECTIONS[header]
            if order < section or (order == section and order == 1):
                return None  # tables out of mahj's order, or [card] twice: tomllib decides
            table = {}
            if order == 1:
                if "card" in doc:
                    return None
                doc["card"] = table
            elif order == 2:
                card = doc.get("card")
                if section == 0 or not isinstance(card, dict):
                    return None
                if section == 1 and "lines" in card:
                    return None
                card.setdefault("lines", []).append(table)
            else:
                if section < 3 and "log" in doc:
                    return None
                doc.setdefault("log", []).append(table)
            section = order
        elif key in table:
            return None
        else:
            table[key] = list(value) if isinstance(value, tuple) else value
    return doc


def loads(body: str) -> dict[str, Any]:
    """A session file's TOML document (raises tomllib.TOMLDecodeError like tomllib)."""
    doc = _fast_loads(body)
    if doc is None:
        import tomllib

        doc = tomllib.loads(body)
    return doc


def parse_text(text: str) -> Parsed:
    """Read a session file's text: the session, or every problem with its line."""
    body = text.removeprefix(BOM)
    if not body.strip():
        return Parsed(text, {}, None, (FileProblem("the file is empty", 1),))
    doc = _fast_loads(body)
    if doc is None:
        import tomllib

        try:
            doc = tomllib.loads(body)
        except tomllib.TOMLDecodeError as exc:
            message = str(exc)
            m = re.search(r"\(at line (\d+), column \d+\)", message)
            line = int(m.group(1)) if m else None
            if m is None and "end of document" in message:
                line = body.count("\n") + 1
            message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", message)
            return Parsed(text, {}, None, (FileProblem(f"not valid TOML: {message}", line),))
    return parse_doc(text, doc)


def parse_doc(text: str, doc: dict[str, Any]) -> Parsed:
    """Validate a parsed TOML document as a session."""
    lines = _Lines(text)
    problems: list[FileProblem] = []
    notes: list[FileProblem] = []

    def top_problem(key: str, message: str) -> None:
        problems.append(FileProblem(message, lines.top(key)))

    schema = doc.get("schema")
    if schema is None:
        problems.append(FileProblem("no `schema = 1` line: is this a mahj session file?", 1))
        return Parsed(text, doc, None, tuple(problems))
    if not cards.is_whole(schema) or schema < 1:
        top_problem("schema", f"schema must be a whole number, not {shown(schema)}")
        return Parsed(text, doc, None, tuple(problems))
    if schema > SCHEMA:
        top_problem(
            "schema",
            f"this file was written by a newer mahj (schema {schema}; this one reads up to "
            f"{SCHEMA}); upgrade mahj to read it",
        )
        return Parsed(text, doc, None, tuple(problems))

    for key in sorted(set(doc) - TOP_KEYS):
        notes.append(FileProblem(f"unknown key {key!r} is kept but not used", lines.top(key)))

    name = doc.get("name", "")
    if not isinstance(name, str):
        top_problem("name", "name must be text")
        name = ""
    date = doc.get("date")
    if date is not None and not (isinstance(date, _dt.date) and not isinstance(date, _dt.datetime)):
        top_problem("date", f"date must be a date like 2026-11-29, not {shown(date)}")
        date = None

    rule_set = doc.get("rules", "league")
    if rule_set not in RULE_SETS:
        top_problem("rules", f"rules must be 'league' or 'tournament', not {shown(rule_set)}")
        rule_set = "league"

    players = _players(doc.get("players"), rule_set, lambda m: top_problem("players", m))
    canon = {fold_name(p): p for p in players}

    east_raw = doc.get("east", players[0] if players else None)
    east = ""
    if not isinstance(east_raw, str):
        top_problem("east", "east must be the name of a seated player")
    elif fold_name(east_raw) not in {fold_name(p) for p in players[:SEATS]}:
        if players:
            top_problem("east", f"east ({east_raw!r}) must be one of the first {SEATS} players")
    else:
        east = canon[fold_name(east_raw)]

    pie = doc.get("pie")
    if pie is not None:
        if not cards.is_whole(pie) or not 0 < pie <= MAX_PIE:
            top_problem(
                "pie", f"pie must be a whole number of points from 1 to {MAX_PIE}, not {shown(pie)}"
            )
            pie = None
        elif rule_set == "tournament":
            top_problem("pie", "a tournament table has no pie")
    misnamed = doc.get("misnamed", "replace")
    if misnamed not in MISNAMED_MODES:
        top_problem("misnamed", f"misnamed must be 'replace' or 'add', not {shown(misnamed)}")
        misnamed = "replace"

    card: Card | None = None
    if "card" in doc:
        raw_card = doc["card"]
        if not isinstance(raw_card, dict):
            top_problem("card", "card must be a table ([card])")
        else:
            card, card_problems = cards.parse_card(raw_card, strict=False)
            for cp in card_problems:
                line = (
                    lines.entry("card.lines", cp.line_index, cp.key)
                    if cp.line_index is not None
                    else None
                )
                problems.append(FileProblem(f"card: {cp.message}", line))

    raw_log = doc.get("log", [])
    log: list[Entry] = []
    if not isinstance(raw_log, list):
        top_problem("log", "log must be a list of [[log]] entries")
        raw_log = []
    # Arrivals are players too: collect them first so entries can name them.
    for raw in raw_log:
        if (
            isinstance(raw, dict)
            and raw.get("kind") == "join"
            and isinstance(raw.get("player"), str)
        ):
            name_ = raw["player"].strip()
            if name_ and fold_name(name_) not in canon and name_problem(name_) is None:
                canon[fold_name(name_)] = name_
    # A clean entry depends only on its table, so equal tables share one (frozen) entry:
    # a long log repeats itself, and this keeps reading it fast and small.
    clean: dict[tuple[object, ...], Entry] = {}
    for index, raw in enumerate(raw_log):
        table_key = _table_key(raw)
        known = clean.get(table_key) if table_key is not None else None
        if known is not None:
            log.append(known)
            continue
        entry, entry_problems, entry_notes = _entry(raw, index, canon, rule_set)
        for at, message in entry_problems:
            problems.append(FileProblem(message, lines.entry("log", index, at)))
        for at, message in entry_notes:
            notes.append(FileProblem(message, lines.entry("log", index, at)))
        if entry is not None:
            log.append(entry)
            if table_key is not None and not entry_problems and not entry_notes:
                clean[table_key] = entry

    if problems:
        return Parsed(text, doc, None, tuple(problems), tuple(notes))
    session = Session(
        players=tuple(players),
        east=east,
        options=Options(rules=rule_set, pie=pie, misnamed_adds=MISNAMED_MODES[misnamed]),
        log=tuple(log),
        name=name,
        date=date,
        card=card,
    )
    return Parsed(text, doc, session, (), tuple(notes))


def _table_key(raw: object) -> tuple[object, ...] | None:
    """A hashable copy of a [[log]] table that tells `1`, `1.0` and `true` apart; None when
    the table holds something else (nested tables, lists of lists)."""
    if not isinstance(raw, dict):
        return None
    key: list[object] = []
    for name, value in raw.items():
        if isinstance(value, list):
            if not all(isinstance(item, str) for item in value):
                return None
            value = tuple(value)
        elif not isinstance(value, str | int | float | bool):
            return None
        key.append((name, type(value), value))
    return tuple(key)


def _players(raw: object, rule_set: str, report: Callable[[str], None]) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        report('players must be a list of names, like players = ["Ruth", "Linda", "Kathy"]')
        return []
    players = [p.strip() for p in raw]
    problems = players_problem(players, rule_set)
    if problems:
        report(problems)
        return []
    return players


def players_problem(players: list[str], rule_set: str) -> str | None:
    """Why this list cannot be a night's players, or None."""
    for p in players:
        if why := name_problem(p):
            return why
    seen: dict[str, str] = {}
    for p in players:
        key = fold_name(p.strip())
        if key in seen:
            return f"{seen[key]!r} and {p!r} are the same name; give each player a different name"
        seen[key] = p
    if rule_set == "tournament" and len(players) != SEATS:
        return f"a tournament table has exactly {SEATS} players, not {len(players)}"
    if not MIN_SEATED <= len(players) <= MAX_PLAYERS:
        return f"a table needs {MIN_SEATED} to {MAX_PLAYERS} players, not {len(players)}"
    return None


def _entry(
    raw: object, index: int, canon: dict[str, str], rule_set: str
) -> tuple[Entry | None, list[tuple[str | None, str]], list[tuple[str | None, str]]]:
    """One [[log]] table to an entry; problems and notes as (key, message)."""
    label = f"log entry {index + 1}"
    if not isinstance(raw, dict):
        return None, [(None, f"{label} is not a table")], []
    kind = raw.get("kind")
    if kind not in ENTRY_KEYS:
        return None, [("kind", f"{label}: unknown kind {kind!r} (win, wall, incomplete, "
                       "penalty, join, leave or accept)")], []  # fmt: skip
    label = f"{label} ({kind})"
    problems: list[tuple[str | None, str]] = []
    notes = [
        (key, f"{label}: unknown key {key!r} is kept but not used")
        for key in sorted(set(raw) - ENTRY_KEYS[kind])
    ]

    def fail(key: str | None, message: str) -> None:
        problems.append((key, f"{label}: {message}"))

    def player(key: str, required: bool = True) -> str | None:
        value = raw.get(key)
        if value is None:
            if required:
                fail(key, f"{key} is missing")
            return None
        if not isinstance(value, str):
            fail(key, f"{key} must be a player's name in quotes, not {shown(value)}")
            return None
        found = canon.get(fold_name(value.strip()))
        if found is None:
            import difflib

            close = difflib.get_close_matches(fold_name(value), list(canon), n=1, cutoff=0.5)
            hint = f"; did you mean {canon[close[0]]!r}?" if close else ""
            fail(key, f"unknown player {value!r}{hint}")
        return found

    def flag(key: str) -> bool:
        value = raw.get(key, False)
        if not isinstance(value, bool):
            fail(key, f"{key} must be true or false, not {shown(value)}")
            return False
        return value

    def whole(key: str, low: int, high: int, what: str) -> int | None:
        value = raw.get(key)
        if value is None:
            return None
        if not cards.is_whole(value) or not low <= value <= high:
            fail(key, f"{key} must be {what}, not {shown(value)}")
            return None
        return int(value)

    def names(key: str) -> tuple[str, ...]:
        value = raw.get(key, [])
        if not isinstance(value, list):
            fail(key, f'{key} must be a list of names, like {key} = ["Pat"]')
            return ()
        found = []
        for item in value:
            if not isinstance(item, str):
                fail(key, f"{key} must list names in quotes, not {shown(item)}")
                continue
            name = canon.get(fold_name(item.strip()))
            if name is None:
                fail(key, f"unknown player {item!r} in {key}")
            else:
                found.append(name)
        return tuple(found)

    entry: Entry | None = None
    if kind == "win":
        winner = player("winner")
        thrown_by = player("thrown_by", required=False)
        self_pick = flag("self_pick")
        heavenly = flag("heavenly")
        value = whole("value", 1, MAX_VALUE, f"a whole number from 1 to {MAX_VALUE}")
        if "value" not in raw:
            fail("value", "value is missing")
        if "thrown_by" in raw and self_pick:
            fail("self_pick", "a win is either thrown (thrown_by) or self-picked, not both")
        if "thrown_by" not in raw and not self_pick and not heavenly:
            fail(None, 'say how it was won: thrown_by = "Name" or self_pick = true')
        exposures = whole("exposures", 0, MAX_EXPOSURES, f"a count from 0 to {MAX_EXPOSURES}")
        line = raw.get("line")
        if line is not None and not isinstance(line, str):
            fail("line", "line must be a card line's name in quotes")
            line = None
        entry_ = Win(
            winner=winner or "",
            value=value or 0,
            thrown_by=thrown_by,
            jokerless=flag("jokerless"),
            singles_pairs=flag("singles_pairs"),
            heavenly=heavenly,
            exposures=exposures,
            misnamed=flag("misnamed"),
            dead=names("dead"),
            line=line,
        )
        entry = entry_ if not problems else None
    elif kind == "wall":
        entry = Wall(dead=names("dead"))
    elif kind == "incomplete":
        entry = Incomplete()
    elif kind == "penalty":
        who = player("player")
        points = whole("points", 1, MAX_VALUE, f"a whole number of points from 1 to {MAX_VALUE}")
        if "points" not in raw:
            fail("points", "points is missing")
        reason = raw.get("reason", "")
        if not isinstance(reason, str):
            fail("reason", "reason must be text")
            reason = ""
        if who is not None and points is not None:
            entry = Penalty(who, points, reason)
    elif kind == "accept":
        entry = Accept()
    elif kind in ("join", "leave"):
        who = player("player")
        if who is not None:
            entry = Join(who) if kind == "join" else Leave(who)
    if problems:
        return None, problems, notes
    return entry, problems, notes


# ---- writing ---------------------------------------------------------------------------


def entry_to_dict(entry: Entry) -> dict[str, Any]:
    """The [[log]] table that records an entry; false flags and empty lists are left out."""
    out: dict[str, Any] = {"kind": entry.kind}
    if isinstance(entry, Win):
        out["winner"] = entry.winner
        out["value"] = entry.value
        if entry.thrown_by is not None:
            out["thrown_by"] = entry.thrown_by
        else:
            out["self_pick"] = True
        for key in ("jokerless", "singles_pairs", "heavenly", "misnamed"):
            if getattr(entry, key):
                out[key] = True
        if entry.exposures is not None:
            out["exposures"] = entry.exposures
        if entry.dead:
            out["dead"] = list(entry.dead)
        if entry.line is not None:
            out["line"] = entry.line
    elif isinstance(entry, Wall):
        if entry.dead:
            out["dead"] = list(entry.dead)
    elif isinstance(entry, Penalty):
        out["player"] = entry.player
        out["points"] = entry.points
        if entry.reason:
            out["reason"] = entry.reason
    elif isinstance(entry, Join | Leave):
        out["player"] = entry.player
    return out


def toml_value(value: Any) -> str:
    """One value as TOML text, on one line (tomli-w does the escaping).

    >>> print(toml_value(["Ruth", "[bold]Sue"]), toml_value(True), toml_value(25))
    ["Ruth", "[bold]Sue"] true 25
    """
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    import tomli_w

    return tomli_w.dumps({"v": value})[len("v = ") : -1]


def toml_block(header: str | None, table: dict[str, Any]) -> str:
    """A table's keys one per line, under `header` (e.g. `[[log]]`) when given."""
    lines = [header] if header else []
    lines.extend(f"{key} = {toml_value(value)}" for key, value in table.items())
    return "\n".join(lines) + "\n"


def new_session_text(session: Session) -> str:
    """The text of a new session file; its first line is the schema key."""
    head: dict[str, Any] = {"schema": SCHEMA}
    if session.name:
        head["name"] = session.name
    if session.date is not None:
        head["date"] = session.date
    head["rules"] = session.options.rules
    head["players"] = list(session.players)
    head["east"] = session.east
    if session.options.pie is not None:
        head["pie"] = session.options.pie
    if session.options.rules == "tournament":
        head["misnamed"] = "add" if session.options.misnamed_adds else "replace"
    text = toml_block(None, head)
    if session.card is not None:
        card = cards.card_to_dict(session.card)
        lines = card.pop("lines")
        text += "\n# The card in use tonight, copied from its file.\n" + toml_block("[card]", card)
        for line in lines:
            text += "\n" + toml_block("[[card.lines]]", line)
    text += (
        "\n# The night's log, oldest first: one [[log]] table per game, arrival, departure\n"
        "# or penalty. Fix a typo here with any editor; run `mahj check` afterwards.\n"
    )
    # What append_entry adds for each entry, joined once (appending one by one copies the
    # whole text each time: slow for a long log).
    blocks = ("\n" + toml_block("[[log]]", entry_to_dict(entry)) for entry in session.log)
    return text + "".join(blocks)


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def _same(text: str, expected: dict[str, Any]) -> bool:
    body = text.removeprefix(BOM)
    doc = _fast_loads(body)
    if doc is None:
        import tomllib

        try:
            doc = tomllib.loads(body)
        except tomllib.TOMLDecodeError:
            return False
    return doc == expected


def dump_doc(doc: dict[str, Any]) -> str:
    """A whole document as text, schema first (used when the text cannot be edited in place)."""
    import tomli_w

    rest = {k: v for k, v in doc.items() if k != "schema"}
    return f"schema = {doc.get('schema', SCHEMA)}\n" + tomli_w.dumps(rest)


def append_entry(text: str, entry: dict[str, Any], doc: dict[str, Any] | None = None) -> str:
    """The text with one more [[log]] entry at the end, keeping everything else as it was."""
    nl = _newline(text)
    block = toml_block("[[log]]", entry).replace("\n", nl)
    if text and not text.endswith("\n"):
        text += nl
    new = text + nl + block
    if doc is not None:
        expected = dict(doc)
        expected["log"] = [*doc.get("log", []), entry]
        if not _same(new, expected):
            bom = BOM if text.startswith(BOM) else ""
            return bom + dump_doc(expected).replace("\n", nl)
    return new


def remove_last_entry(text: str, doc: dict[str, Any]) -> str:
    """The text without its last [[log]] entry, keeping everything else as it was."""
    log = list(doc.get("log", []))
    expected = dict(doc)
    if len(log) > 1:
        expected["log"] = log[:-1]
    else:
        expected.pop("log", None)
    starts = _Lines(text)._table_starts("log")
    if starts:
        kept = text.splitlines(keepends=True)[: starts[-1]]
        new = "".join(kept).rstrip("\r\n ") + _newline(text)
        if _same(new, expected):
            return new
    nl = _newline(text)
    bom = BOM if text.startswith(BOM) else ""
    return bom + dump_doc(expected).replace("\n", nl)
