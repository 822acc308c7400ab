"""The session file format (TOML, schema 1; see docs/session-file.md): text to a
`Session`. Each [[log]] entry's keys are declared once, on the entry's fields
(`mahjcli.core.model.key`); unknown keys are kept as they are (`mahj check` names them).
"""

import datetime as _dt
import re
import tomllib
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from ..core import rulesets
from ..core.house import House
from ..core.house import parse as parse_house
from ..core.model import ENTRY_TYPES, GAMES, MAX_TABLES, SEATS, Accept, Card, Entry, Wall, keys_of
from ..core.money import stake_cents, stake_problem
from ..core.names import control_problem, fold_name, name_problem, slips
from ..core.problems import Problem, Where, is_whole, shown
from ..core.rulesets import RULE_SETS, League, RuleSet, Tournament
from ..core.seating import table_sizes
from ..core.session import Session, players_problem
from .entryfile import Anyone, read_entry, unknown_keys
from .tomltext import explain

SCHEMA = 1
"""The schema this mahj writes and the newest it reads."""
BOM = "\ufeff"
TOP_KEYS = ("schema", "name", "date", "rules", "players", "east", "tables", "pie", "house",
            "stake", "misnamed", "variants", "profile", "profile_source", "card",
            "log")  # fmt: skip
ENTRY_KEYS = frozenset({"kind", *(key for kind in ENTRY_TYPES for key in keys_of(kind))})
"""Every key of a [[log]] entry: one at the top of the file is an entry missing its line."""
P = TypeVar("P")


def deep(kind: str) -> Problem:
    return Problem(f"values are nested too deeply to be {kind} (a damaged file?)", Where(line=1))


class Parsed(NamedTuple):
    """A session file read: its text and, when valid, the session."""

    text: str
    session: Session | None
    problems: tuple[Problem, ...]
    notes: tuple[Problem, ...] = ()
    partial: Session | None = None
    """With some [[log]] entries unreadable: the night with a stand-in at each (`holes`), so
    `mahj check` can replay the rest."""
    holes: frozenset[int] = frozenset()
    other_kind: bool = False
    """The file is an event's (`kind = "event"`)."""
    doc: dict[str, Any] | None = None
    """The document read, for an edit to compare against (never changed in place)."""


_OPENS_LIST = re.compile(r"^\s*[\w\"'.-]+\s*=\s*\[")
"""A `key = [` line: where a list TOML found unclosed was opened."""


def toml_problem(exc: tomllib.TOMLDecodeError, body: str) -> Problem:
    """tomllib's complaint in mahj's words (`tomltext.explain`), with its line as a `Where`."""
    message = str(exc)
    m = re.search(r"\(at line (\d+), column (\d+)\)", message)
    line = int(m.group(1)) if m else None
    if m is None and "end of document" in message:
        line = body.count("\n") + 1
    message = re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", message)
    lines = body.splitlines()
    at = line if line is not None and 0 < line <= len(lines) else 0
    if at and _STATEMENT.match(lines[at - 1]) and _unclosed_above(lines[: at - 1]):
        message = "Unclosed array"  # the key or [table] after the list, taken for a value in it
    if message == "Unclosed array" and line is not None:  # found a line on: where it opened
        start = min(line - (m is not None and m.group(2) == "1"), len(lines))
        line = next((n for n in range(start, 0, -1) if _OPENS_LIST.search(lines[n - 1])), line)
    text = lines[line - 1] if line is not None and 0 < line <= len(lines) else None
    message = explain(message, text, int(m.group(2)) if m else None)
    return Problem(f"not valid TOML: {message}", Where(line=line) if line else None)


_STATEMENT = re.compile(r"""([\w"'-]+\s*=|\[\[?[\w."' -]+\]\]?\s*(#.*)?$)""")
"""A line that is a statement of its own (`key = value`, a [table] header): never in a list."""


def _unclosed_above(lines: list[str]) -> bool:
    """Whether the lines above a complaint end inside a list opened and never closed: they
    are not TOML as they are, and are once a ] closes it."""
    above = "\n".join(lines)
    return not _is_toml(above) and _is_toml(above + "\n]")


def _is_toml(text: str) -> bool:
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return False
    return True


def loads(text: str) -> dict[str, Any] | None:
    """What TOML `text` reads as, or None when it is not TOML (or nested too deeply to read)."""
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return None


def read_toml(data: str | bytes, kind: str) -> tuple[str, dict[str, Any] | None, Problem | None]:
    """A file's text and the document in it, or why there is none (not UTF-8, empty, not TOML,
    too deep); one reader for nights and events, so both refuse damage the same way."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data  # a BOM is allowed
    except UnicodeDecodeError as exc:
        why = f"this is not UTF-8 text (byte {exc.start}); save it as UTF-8 in your editor"
        return "", None, Problem(why, Where(line=exc.object[: exc.start].count(b"\n") + 1))
    body = text.removeprefix(BOM)
    if not body.strip():
        return text, None, Problem("the file is empty", Where(line=1))
    try:
        return text, tomllib.loads(body), None
    except tomllib.TOMLDecodeError as exc:
        return text, None, toml_problem(exc, body)
    except RecursionError:
        return text, None, deep(kind)


def parse_with(
    data: str | bytes, kind: str, parse: Callable[[str, dict[str, Any]], P], make: Callable[..., P]
) -> P:
    """A night's or an event's file (`kind`) read by `parse`, or `make` with what stopped it."""
    text, doc, problem = read_toml(data, kind)
    if doc is None:
        assert problem is not None
        return make(text, None, (problem,))
    try:
        return parse(text, doc)
    except RecursionError:
        return make(text, None, (deep(kind),))


def parse_text(data: str | bytes, keep_doc: bool = False) -> Parsed:
    """A session file's text (or bytes): the session, or every problem with where it is."""
    return parse_with(data, "a session file", lambda t, d: parse_doc(t, d, keep_doc), Parsed)


def schema_problem(schema: Any, label: str = "schema", newest: int = SCHEMA) -> Problem | None:
    """Why a file's `schema` cannot be read, if it cannot (`label`: what the message calls it)."""
    if not is_whole(schema) or schema < 1:
        return Problem(f"schema must be {newest}, not {shown(schema)}", Where.top("schema"))
    if schema > newest:
        return Problem(
            f"this file was written by a newer mahj ({label} {schema}; this one reads up to "
            f"{newest}); upgrade mahj to read it",
            Where.top("schema"),
        )
    return None


def _kind_problem(doc: dict[str, Any]) -> Problem | None:
    if doc.get("kind") == "event":
        return Problem(
            "this is a tournament event file, not a night's session; use it with mahj event "
            "(mahj event standings --session FILE)",
            Where.top("kind"),
        )
    if doc.get("schema") is None:
        return Problem("no `schema = 1` line: is this a mahj session file?", Where(line=1))
    return schema_problem(doc.get("schema"))


def parse_doc(text: str, doc: dict[str, Any], keep_doc: bool = False) -> Parsed:
    if why := _kind_problem(doc):
        return Parsed(text, None, (why,), other_kind=doc.get("kind") == "event")
    problems: list[Problem] = []
    notes: list[Problem] = []
    strays = sorted(
        (k for k in set(doc) & ENTRY_KEYS - set(TOP_KEYS) if not slips(k, TOP_KEYS)),
        key=lambda k: (k != "kind", k),
    )
    if strays:  # an entry written without its [[log]] line: one problem, at its `kind`
        message = f"{strays[0]} belongs to a log entry: put a line [[log]] above the entry's lines"
        problems.append(Problem(message, Where.top(strays[0])))
    unknown_keys(set(doc) - set(TOP_KEYS) - set(strays), TOP_KEYS, Where.top, "", problems, notes)

    def top_problem(key: str, message: str) -> None:
        problems.append(Problem(message, Where.top(key)))

    name, date = name_and_date(doc, top_problem, "2026-11-29", "the night's name")
    rules = _rules(doc, top_problem)
    tables = _tables(doc, top_problem)
    players = _players(doc.get("players"), rules, tables, lambda m: top_problem("players", m))
    canon = {fold_name(p): p for p in players} if players else Anyone()
    easts = _easts(doc, players, tables, canon, top_problem)
    card, found = read_card(doc)
    problems.extend(found)
    top_ok = not problems and bool(players)
    log, holes = _log(doc, canon, problems, notes)
    session = Session(
        players=tuple(players), easts=easts, rules=rules, log=tuple(log), name=name, date=date,
        card=card, tables=tables,
    )  # fmt: skip
    if problems:
        partial = session if top_ok and holes else None
        return Parsed(text, None, tuple(problems), tuple(notes), partial, frozenset(holes))
    return Parsed(text, session, (), tuple(notes), doc=doc if keep_doc else None)


Report = Callable[[str, str], None]


def name_and_date(
    doc: dict[str, Any], report: Report, like: str, control: str = ""
) -> tuple[str, _dt.date | None]:
    """A file's `name` and `date`, problems reported (`control`: the name's label, if checked)."""
    name = doc.get("name", "")
    if not isinstance(name, str):
        report("name", "name must be text")
        name = ""
    elif control and (bad := control_problem(name, control)):
        report("name", bad)
    date = doc.get("date")
    if date is not None and not (isinstance(date, _dt.date) and not isinstance(date, _dt.datetime)):
        report("date", f"date must be a date like {like}, not {shown(date)}")
        date = None
    return name, date


def _log(
    doc: dict[str, Any], canon: dict[str, str], problems: list[Problem], notes: list[Problem]
) -> tuple[list[Entry], list[int]]:
    """The [[log]] entries, with a stand-in where one cannot be read (arrivals are players too,
    so they are collected first)."""
    raw_log = doc.get("log", [])
    if not isinstance(raw_log, list):
        message = "log must be a list of entries: put [[log]], with two brackets, above each"
        problems.append(Problem(message, Where.top("log")))
        return [], []
    for raw in raw_log:
        if isinstance(raw, dict) and raw.get("kind") == "join":
            arrival = raw.get("player")
            if isinstance(arrival, str) and name_problem(arrival.strip()) is None:
                canon.setdefault(fold_name(arrival.strip()), arrival.strip())
    log: list[Entry] = []
    holes: list[int] = []
    ids: dict[str, int] = {}
    for index, raw in enumerate(raw_log):
        entry, entry_problems, entry_notes = read_entry(raw, index, canon)
        kind = raw.get("kind") if isinstance(raw, dict) else None
        said = entry_problems or entry_notes  # counted only then: a long log reads in one pass
        game = 1 + sum(e.kind in GAMES for e in log) if said else index + 1  # as `mahj log`
        if isinstance(kind, str) and kind in GAMES and game != index + 1:
            was = f"log entry {index + 1} ({kind})"
            now = f"{was[:-1]}, game {game})"
            entry_problems, entry_notes = (
                [p._replace(message=p.message.replace(was, now, 1)) for p in found]
                for found in (entry_problems, entry_notes)
            )
        problems.extend(entry_problems)
        notes.extend(entry_notes)
        if entry is None:
            holes.append(index)
            entry = stand_in(raw)
        elif (ident := getattr(entry, "entry_id", None)) and ids.setdefault(ident, index) != index:
            why = (f"log entry {index + 1} ({entry.kind}): entry_id {shown(ident)} is log entry "
                   f"{ids[ident] + 1}'s too, and an id names one entry: if this is the same game "
                   "twice, delete this entry; if not, delete its entry_id line")  # fmt: skip
            problems.append(Problem(why, Where.entry(index, "entry_id")))
        log.append(entry)
    return log, holes


def stand_in(raw: object) -> Entry:
    """What holds an unreadable entry's place: a game passes the deal (at its table), anything
    else does nothing; the fold scores no stand-in."""
    kind = raw.get("kind") if isinstance(raw, dict) else None
    if not isinstance(kind, str) or kind not in GAMES:
        return Accept()
    table = raw.get("table") if isinstance(raw, dict) else None
    return Wall(table=table if is_whole(table) and 1 <= table <= MAX_TABLES else None)


def _rules(doc: dict[str, Any], report: Report) -> RuleSet:
    name = doc.get("rules", League.name)
    if why := rulesets.rules_problem(name):
        report("rules", why)
        name = League.name
    mode = doc.get("misnamed", "replace")
    if why := rulesets.misnamed_problem(mode):
        report("misnamed", why)
        mode = "replace"
    pie = doc.get("pie")
    if pie is not None and (why := rulesets.pie_problem(pie)):
        report("pie", why)
        pie = None
    stake = doc.get("stake")
    if stake is not None and (why := stake_problem(stake)):
        report("stake", why)
        stake = None
    if RULE_SETS[name] is Tournament:
        if pie is not None:
            report("pie", "a tournament table has no pie")
        if stake is not None:
            report("stake", "tournament points are not money; a tournament table has no stake")
        if "house" in doc:
            report("house", "house rules are played at league tables; a tournament names variants")
        variants = doc.get("variants", [])
        if why := rulesets.variants_problem(variants):
            report("variants", why)
            variants = []
        named: dict[str, str] = {}
        for key, field in (("profile", "profile"), ("profile_source", "source")):
            text = doc.get(key)
            if text is not None and not isinstance(text, str):
                report(key, f"{key} must be text, not {text!r}")
            elif text is not None and (why := control_problem(text, key)):
                report(key, why)
            elif text:
                named[field] = text
        return Tournament(misnamed_adds=mode == "add", variants=tuple(variants), **named)
    for key in ("variants", "profile"):
        if key in doc:
            report(key, f"{key} belongs to a tournament night; a league night names house rules")
    house = _house(doc.get("house", []), report)
    return League(pie=pie, house=house, stake=stake_cents(stake) if stake is not None else 0)


def _house(raw: object, report: Report) -> House:
    if not isinstance(raw, list) or not all(isinstance(r, str) for r in raw):
        report("house", 'house must be a list of house rules, like house = ["kitty=25"]')
        return House()
    try:
        return parse_house(raw, "house")
    except ValueError as exc:
        report("house", str(exc))
        return House()


def _tables(doc: dict[str, Any], report: Report) -> int:
    tables = doc.get("tables", 1)
    if not is_whole(tables) or not 1 <= tables <= MAX_TABLES:
        report("tables", f"tables must be a number from 1 to {MAX_TABLES}, not {shown(tables)}")
        return 1
    return tables


def _players(raw: object, rules: RuleSet, tables: int, report: Callable[[str], None]) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        report('players must be a list of names, like players = ["Ruth", "Linda", "Kathy"]')
        return []
    players = [p.strip() for p in raw]
    if why := players_problem(players, rules, tables):
        report(why)
        return []
    return players


def _easts(
    doc: dict[str, Any], players: list[str], tables: int, canon: dict[str, str], report: Report
) -> tuple[str, ...]:
    """Each table's first East: a name at one table, a list of one a table at a club night."""
    if not players:
        return ()
    raw = doc.get("east", players[0])
    named = [raw] if isinstance(raw, str) else raw
    if not isinstance(named, list) or not all(isinstance(e, str) for e in named):
        report("east", "east must be the name of a seated player (a list of them, one a table)")
        return ()
    sizes = table_sizes(len(players), tables)
    starts = [sum(sizes[:i]) for i in range(len(sizes))]
    easts = []
    for number, (start, size) in enumerate(zip(starts, sizes, strict=True), 1):
        at_table = players[start : start + size]
        given = named[number - 1] if number <= len(named) else at_table[0]
        if fold_name(given) not in {fold_name(p) for p in at_table}:
            where = (
                f"one of the first {SEATS} players"
                if tables == 1
                else (f"a player at table {number} ({', '.join(at_table)})")
            )
            report("east", f"east ({given!r}) must be {where}")
            return ()
        easts.append(canon[fold_name(given)])
    if len(named) > tables:
        report("east", f"east names {len(named)} Easts for {tables} table(s)")
        return ()
    return tuple(easts)


def read_card(doc: dict[str, Any]) -> tuple[Card | None, list[Problem]]:
    """The [card] a night or an event holds, if any, and its problems."""
    if "card" not in doc:
        return None, []
    raw = doc["card"]
    if not isinstance(raw, dict):
        return None, [Problem("card must be a table ([card])", Where.top("card"))]
    from ..core.cards import parse_card

    card, found = parse_card(raw, strict=False, section="card.lines")
    return card, [Problem(f"card: {p.message}", p.where) for p in found]
