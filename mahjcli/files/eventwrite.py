"""Writing event files: a new event's text, and the edits that add tables, set a key or
replace tables, and a profile's `[profile]` block, keeping everything else the user wrote.
Each edit is read back with tomllib and compared; when the text cannot be edited in place,
the whole document is written out again."""

from __future__ import annotations

import datetime as _dt
import re
import tomllib
from collections.abc import Mapping
from typing import Any

from ..core.cards import card_to_dict
from ..core.clock import ClockMark, stamp, utc
from ..core.event import Event, Player, RoundSeating, TableCard
from ..core.profiles import OPTIONS, built_in, profile_table
from ..core.rulesets import Tournament
from .eventfile import KIND, SCHEMA
from .lines import Locator
from .sessionfile import BOM
from .sessionwrite import document, entry_to_dict, newline_of, toml_block, toml_value

HEAD = """\
# A mahj tournament event: the registered players, how each round is seated and the
# card each table handed in. Standings are worked out from this file every time; fix a
# mistake with any editor, then run `mahj event check`.
# Each table lists its seats in order A (East of the starting seats), B, C, D.
"""
_BARE = re.compile(r"^[A-Za-z0-9_-]+$")
_HEADER = re.compile(r"""^\s*\[\[?\s*[A-Za-z0-9_."' -]+\s*\]\]?\s*(#.*)?$""")


def _key(key: str) -> str:
    return key if _BARE.match(key) else toml_value(key)


def value_text(value: Any) -> str:
    """A value as TOML text; a moment as `2026-04-18T13:00:00Z`."""
    if isinstance(value, _dt.datetime):
        return stamp(value)
    return toml_value(value)


def inline(table: Mapping[str, Any]) -> str:
    """A table on one line: `{ kind = "win", winner = "Ann", value = 25 }`.

    >>> print(inline({"Ann": 45, "Mary Lou": -10}))
    { Ann = 45, "Mary Lou" = -10 }
    """
    return "{ " + ", ".join(f"{_key(k)} = {toml_value(v)}" for k, v in table.items()) + " }"


def player_table(player: Player) -> dict[str, Any]:
    """The [[players]] table of a registered player (defaults left out)."""
    out: dict[str, Any] = {"name": player.name}
    if player.id:
        out["id"] = player.id
    if player.first_round != 1:
        out["first_round"] = player.first_round
    if player.last_round is not None:
        out["last_round"] = player.last_round
    return out


def seating_table(seating: RoundSeating) -> dict[str, Any]:
    """The [[seating]] table of a round."""
    out: dict[str, Any] = {"round": seating.number, "movement": seating.method}
    if seating.byes:
        out["byes"] = list(seating.byes)
    out["tables"] = [list(t) for t in seating.tables]
    return out


def card_table(card: TableCard) -> dict[str, Any]:
    """The [[cards]] table of a card."""
    out: dict[str, Any] = {"round": card.round, "table": card.table}
    if card.replace:
        out["replace"] = True
    if card.source:
        out["from"] = card.source
    if not card.accepted:
        out["status"] = card.status
    if card.confirmed:
        out["confirmed"] = list(card.confirmed)
    if card.handed_in:
        out["handed_in"] = card.handed_in
    if card.totals or card.games is None:
        out["totals"] = dict(card.totals)
    if card.games is not None:
        out["games"] = [entry_to_dict(e) for e in card.games]
    return out


def clock_table(mark: ClockMark) -> dict[str, Any]:
    """The [[clock]] table of a round's clock started, or of time called."""
    out: dict[str, Any] = {"round": mark.round}
    if mark.start is not None:
        out.update(start=utc(mark.start), minutes=mark.minutes)
    if mark.called is not None:
        out["called"] = utc(mark.called)
    return out


def block(section: str, table: Mapping[str, Any]) -> str:
    """One [[section]] table as text (lists of tables one item a line)."""
    lines = [f"[[{section}]]"]
    for key, value in table.items():
        if key == "tables":
            lines.append("tables = [")
            lines += [f"    {toml_value(t)},  # table {n}" for n, t in enumerate(value, 1)]
            lines.append("]")
        elif key == "games":
            lines.append("games = [")
            lines += [f"    {inline(g)}," for g in value]
            lines.append("]")
        elif isinstance(value, dict):
            lines.append(f"{key} = {inline(value)}")
        else:
            lines.append(f"{key} = {value_text(value)}")
    return "\n".join(lines) + "\n"


def profile_block(rules: Tournament) -> str:
    """The [profile] table of an event file: the profile's name, source and every
    option, each with its two values in a comment so it can be changed by hand.

    >>> print(profile_block(Tournament(profile="Coastal")).splitlines()[2])
    dead_hand_wall_game = -10  # -10 (Master Points) or 0
    """
    lines = ["[profile]"]
    for key, value in profile_table(rules).items():
        line = f"{key} = {toml_value(value)}"
        if key in OPTIONS:
            a, b = (toml_value(v) for v in OPTIONS[key].values)
            line += f"  # {a} (Master Points) or {b}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def event_head(event: Event) -> dict[str, Any]:
    """The event's own keys, as its file records them."""
    head: dict[str, Any] = {"schema": SCHEMA, "kind": KIND, "name": event.name}
    if event.date is not None:
        head["date"] = event.date
    if plain_profile(event):
        head["profile"] = event.rules.profile
    head.update(rounds=event.rounds, movement=event.movement, seed=event.seed)
    if event.tie_break:
        head["tie_break"] = True
    return head


def plain_profile(event: Event) -> bool:
    """Whether the event plays a profile mahj knows by name, unchanged (else its file holds it
    in full)."""
    return built_in(event.rules.profile) == event.rules


def new_event_text(event: Event) -> str:
    """The text of a new event file."""
    head = event_head(event)
    parts = [HEAD, "".join(f"{k} = {toml_value(v)}\n" for k, v in head.items())]
    if not plain_profile(event):
        parts.append("\n" + profile_block(event.rules))
    if event.card is not None:
        card = card_to_dict(event.card)
        lines = card.pop("lines")
        parts.append("\n# The year's card the tables name lines of, copied from its file.\n")
        parts.append(toml_block("[card]", card))
        parts += ["\n" + toml_block("[[card.lines]]", line) for line in lines]
    parts += ["\n" + block("players", player_table(p)) for p in event.players]
    parts += ["\n" + block("seating", seating_table(s)) for s in event.seatings]
    parts += ["\n" + block("clock", clock_table(m)) for m in event.clock]
    parts += ["\n" + block("cards", card_table(c)) for c in event.cards]
    return "".join(parts)


# ---- edits that keep the user's text ---------------------------------------------------


def _checked(new: str, expected: dict[str, Any], old: str) -> str:
    """`new` when it reads back as `expected`, else the whole document written afresh."""
    try:
        if tomllib.loads(new.removeprefix(BOM)) == expected:
            return new
    except tomllib.TOMLDecodeError:
        pass
    bom = BOM if old.startswith(BOM) else ""
    return bom + dump_event_doc(expected).replace("\n", newline_of(old))


def dump_event_doc(doc: dict[str, Any]) -> str:
    import tomli_w

    first = {k: doc[k] for k in ("schema", "kind") if k in doc}
    rest = {k: v for k, v in doc.items() if k not in first}
    return "".join(f"{k} = {toml_value(v)}\n" for k, v in first.items()) + tomli_w.dumps(rest)


def append_tables(text: str, tables: list[tuple[str, dict[str, Any]]]) -> str:
    """The text of a valid event file with [[section]] tables added at the end."""
    nl = newline_of(text)
    new = text if not text or text.endswith("\n") else text + nl
    added = "".join(nl + block(section, table).replace("\n", nl) for section, table in tables)
    if _appendable(text, tables, added):
        return new + added
    expected = document(text)
    for section, table in tables:
        expected[section] = [*expected.get(section, []), table]
    return _checked(new + added, expected, text)


def _appendable(text: str, tables: list[tuple[str, dict[str, Any]]], added: str) -> bool:
    """Whether `added` at the end can only add these tables: it reads as exactly them, and no
    section is written other than as [[section]] tables. Then the whole document need not
    be read again (on an event of hundreds of tables, that takes a while)."""
    wanted: dict[str, list[dict[str, Any]]] = {}
    for section, table in tables:
        wanted.setdefault(section, []).append(table)
    try:
        if tomllib.loads(added) != wanted:
            return False
    except tomllib.TOMLDecodeError:
        return False
    locator = Locator(text.removeprefix(BOM))
    for section in wanted:
        other = re.compile(rf"^\s*\[\s*{re.escape(section)}\s*[.\]]")
        if locator.top(section) is not None or any(other.match(line) for line in locator.lines):
            return False
    return True


def _span(lines: list[str], start: int) -> int:
    """The line after the table that starts at `start` (the blank lines and comments above the
    next header belong to it)."""
    end = start + 1
    while end < len(lines) and not _HEADER.match(lines[end]):
        end += 1
    while end > start + 1 and (
        not lines[end - 1].strip() or lines[end - 1].lstrip().startswith("#")
    ):
        end -= 1
    return end


def set_key(text: str, section: str, index: int, key: str, value: Any) -> str:
    """The text with `key = value` set in the index-th [[section]] table."""
    expected = document(text)
    expected[section][index][key] = value
    nl = newline_of(text)
    lines = text.splitlines(keepends=True)
    starts = Locator(text).starts(section)
    new = ""
    if index < len(starts):
        end = _span(lines, starts[index])
        pattern = re.compile(rf"^\s*{re.escape(key)}\s*=")
        body = [i for i in range(starts[index], end) if pattern.match(lines[i])]
        line = f"{key} = {toml_value(value)}{nl}"
        if body:
            lines[body[0]] = line
        else:
            if not lines[end - 1].endswith("\n"):
                lines[end - 1] += nl
            lines.insert(end, line)
        new = "".join(lines)
    return _checked(new, expected, text)


def replace_table(text: str, section: str, index: int, table: dict[str, Any]) -> str:
    """The text with the index-th [[section]] table written afresh as `table`."""
    expected = document(text)
    expected[section][index] = table
    nl = newline_of(text)
    lines = text.splitlines(keepends=True)
    starts = Locator(text).starts(section)
    new = ""
    if index < len(starts):
        end = _span(lines, starts[index])
        written = block(section, table).replace("\n", nl)
        if end < len(lines) and not written.endswith(nl):
            written += nl
        if end == len(lines) and lines and not lines[-1].endswith(("\n", "\r")):
            written = written.rstrip("\r\n")
        new = "".join([*lines[: starts[index]], written, *lines[end:]])
    return _checked(new, expected, text)


def replace_seatings(text: str, keep: int, seatings: list[dict[str, Any]]) -> str:
    """The text with every [[seating]] after the first `keep` replaced by `seatings`."""
    expected = document(text)
    expected["seating"] = [*expected.get("seating", [])[:keep], *seatings]
    if not expected["seating"]:
        del expected["seating"]
    lines = text.splitlines(keepends=True)
    starts = Locator(text).starts("seating")
    for start in reversed(starts[keep:]):
        end = _span(lines, start)
        while start > 0 and not lines[start - 1].strip():
            start -= 1
        del lines[start:end]
    kept = "".join(lines)
    if kept and not kept.endswith("\n"):
        kept += newline_of(text)
    nl = newline_of(text)
    new = kept + "".join(nl + block("seating", s).replace("\n", nl) for s in seatings)
    return _checked(new, expected, text)
