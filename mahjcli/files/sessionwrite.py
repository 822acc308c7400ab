"""Writing session files: a new night's text, and adding or removing a log entry while
keeping everything else the user wrote. Every edit is read back with tomllib and compared
before it is trusted; one that cannot be made in place is refused (CannotEdit), never
done by rewriting the whole file."""

from __future__ import annotations

import datetime as _dt
import re
import tomllib
from collections.abc import Mapping
from typing import Any

from ..core.cards import card_to_dict
from ..core.clock import stamp
from ..core.errors import CannotEdit
from ..core.model import Card, Entry, keys_of
from ..core.session import Session
from .sessionfile import BOM, SCHEMA, loads
from .tomltext import InlineArray, inline_array


def entry_to_dict(entry: Entry) -> dict[str, Any]:
    """The [[log]] table of an entry (false flags, empty and missing values left out)."""
    out: dict[str, Any] = {"kind": entry.kind}
    for key in keys_of(entry.kind):
        value = getattr(entry, "self_picked" if key == "self_pick" else key)
        if value is None or value is False or value == () or value == "":
            continue
        out[key] = _listed(value)
    return out


def _listed(value: Any) -> Any:
    """Tuples (at any depth) as the lists TOML reads back."""
    return [_listed(v) for v in value] if isinstance(value, tuple | list) else value


_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def toml_value(value: Any) -> str:
    """One value as TOML text, on one line (tomli-w does the escaping): a table (at any
    depth) as `{ key = value, ... }`, a moment in UTC (an event's clock) as
    `2026-04-18T13:00:00Z`, any other time (one of your own) with the value it was read.

    >>> print(toml_value(["Ruth", "[bold]Sue"]), toml_value(True), toml_value(25))
    ["Ruth", "[bold]Sue"] true 25
    >>> print(toml_value({"Ann": 45, "Mary Lou": -10}))
    { Ann = 45, "Mary Lou" = -10 }
    >>> print(toml_value(_dt.datetime(2026, 3, 1, 20, 40)))
    2026-03-01 20:40:00
    """
    if isinstance(value, Mapping):
        said = (
            f"{k if _BARE.match(k) else toml_value(k)} = {toml_value(v)}" for k, v in value.items()
        )
        return "{ " + ", ".join(said) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, _dt.datetime) and value.utcoffset() == _dt.timedelta(0):
        return stamp(value) if not value.microsecond else value.isoformat().replace("+00:00", "Z")
    import tomli_w

    return tomli_w.dumps({"v": value})[len("v = ") : -1]


def toml_block(header: str | None, table: dict[str, Any]) -> str:
    """A table's keys one per line, under `header` (e.g. `[[log]]`) when given."""
    lines = [header] if header else []
    lines.extend(f"{key} = {toml_value(value)}" for key, value in table.items())
    return "\n".join(lines) + "\n"


def card_text(card: Card, comment: str) -> str:
    """A card as its [card] table and one [[card.lines]] table a line, after a blank line and
    `# comment` (how a night and an event copy the card they use)."""
    table = card_to_dict(card)
    lines = table.pop("lines")
    blocks = ("\n" + toml_block("[[card.lines]]", line) for line in lines)
    return f"\n# {comment}\n" + toml_block("[card]", table) + "".join(blocks)


LOG_COMMENT = (
    "\n# The night's log, oldest first: one [[log]] table per game, arrival, departure\n"
    "# or penalty. Fix a typo here with any editor; run `mahj check` afterwards.\n"
)


def new_session_text(session: Session) -> str:
    """The text of a new session file; its first line is the schema key."""
    head: dict[str, Any] = {"schema": SCHEMA}
    if session.name:
        head["name"] = session.name
    if session.date is not None:
        head["date"] = session.date
    head["rules"] = session.rules.name
    head["players"] = list(session.players)
    if session.tables > 1:
        head["tables"] = session.tables
        head["east"] = list(session.easts)
    else:
        head["east"] = session.east
    head.update(session.rules.options())
    text = toml_block(None, head)
    if session.card is not None:
        text += card_text(session.card, "The card in use tonight, copied from its file.")
    blocks = ("\n" + toml_block("[[log]]", entry_to_dict(entry)) for entry in session.log)
    return text + LOG_COMMENT + "".join(blocks)


def newline_of(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def reads_as(text: str, expected: dict[str, Any]) -> bool:
    """Whether `text` is TOML that reads as `expected` (how every edit is checked)."""
    return loads(text.removeprefix(BOM)) == expected


def document(text: str) -> dict[str, Any]:
    """The document a (valid) session file's text holds."""
    return tomllib.loads(text.removeprefix(BOM))


def cannot(
    what: str, how: str = "Write the log as [[log]] tables (the way `mahj new` writes it)"
) -> CannotEdit:
    """Refused: an edit that cannot be made in place (`how` the file could be written instead)."""
    return CannotEdit(
        f"mahj cannot {what} without rewriting the file's layout and losing your comments; "
        f"nothing was changed. {how}, then try again"
    )


def checked(new: str, expected: dict[str, Any], refusal: CannotEdit) -> str:
    """`new` when it reads back as `expected`; else `refusal` (never the file written afresh)."""
    if reads_as(new, expected):
        return new
    raise refusal


def with_block(text: str, block: str, nl: str) -> str:
    """The text with `block` at its end, after a blank line, in the text's newlines."""
    if text and not text.endswith("\n"):
        text += nl
    return text + nl + block.replace("\n", nl)


def inline_table(table: dict[str, Any]) -> str:
    """A table on one line: `{kind = "wall", dead = ["Pat"]}`."""
    return "{" + ", ".join(f"{key} = {toml_value(value)}" for key, value in table.items()) + "}"


def append_entry(
    text: str, entry: dict[str, Any], doc: dict[str, Any] | None = None, keep_inline: bool = False
) -> str:
    """The text with one more log entry: a [[log]] table at the end, or one more inline
    table in a log written as `log = [...]` (`doc`: what the text reads as, if known). An
    empty `log = []` turns into [[log]] tables, unless `keep_inline` (an entry put back
    into the array it was taken from)."""
    nl = newline_of(text)
    doc = document(text) if doc is None else doc
    expected = {**doc, "log": [*doc.get("log", []), entry]}
    array = inline_array(text, "log")
    if array is not None:
        if not keep_inline and not text[array.open + 1 : array.close].strip():
            # `log = []`: [[log]] from now on
            text = _cut_statement(text, array.start, array.close + 1)
        else:
            refusal = cannot("add this entry to the log written as `log = [...]`")
            return checked(insert_inline(text, array, inline_table(entry), nl), expected, refusal)
    new = with_block(text, toml_block("[[log]]", entry), nl)
    return checked(new, expected, cannot("add this entry at the end of the file"))


def _cut_statement(text: str, start: int, end: int) -> str:
    """The text without text[start:end] (and its line, when nothing else is on it)."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end == -1 else line_end + 1
    before, rest = text[line_start:start], text[end:line_end]
    if not (before + rest).strip():
        return text[:line_start] + text[line_end:]
    if not before.strip():  # only a comment is left on the line
        return text[:line_start] + before + rest.lstrip(" \t") + text[line_end:]
    return text[:start] + text[end:]


def insert_inline(text: str, array: InlineArray, item: str, nl: str) -> str:
    """The text with `item` last in an inline array, in the array's layout."""
    if not array.items:  # empty, or only comments inside the brackets
        line_start = text.rfind("\n", 0, array.close) + 1
        indent = text[line_start : array.close]
        if line_start > array.open and not indent.strip():  # `]` on a line of its own
            return text[:line_start] + indent + "  " + item + "," + nl + text[line_start:]
        return text[: array.close] + item + text[array.close :]
    last_start, last_end = array.items[-1]
    after = text[last_end : array.close]
    comma = after.lstrip(" \t").startswith(",")
    if "\n" not in after:  # all on one line
        if comma:
            at = text.index(",", last_end) + 1
            return text[:at] + " " + item + "," + text[at:]
        return text[:last_end] + ", " + item + text[last_end:]
    line_start = text.rfind("\n", 0, last_start) + 1
    indent = text[line_start:last_start]
    indent = indent if not indent.strip() else "  "
    at = text.find("\n", last_end)  # the end of the last element's line
    if text[at - 1] == "\r":
        at -= 1
    if comma:  # trailing commas: the new element gets one too
        return text[:at] + nl + indent + item + "," + text[at:]
    return text[:last_end] + "," + text[last_end:at] + nl + indent + item + text[at:]


def remove_last_entry(text: str) -> str:
    """The text without the last element of its `log = [...]` (what follows it stays; a log
    of [[log]] tables loses its last table through logedit.replace_entry, as a comment)."""
    doc = document(text)
    array = inline_array(text, "log")
    new = remove_inline(text, array) if array is not None else None
    if new is None or not reads_as(new, {**doc, "log": doc.get("log", [])[:-1]}):
        raise cannot("take the last entry out of the log")
    return new


def remove_inline(text: str, array: InlineArray) -> str | None:
    """The text without the last element of an inline array (its line, when it has one)."""
    if not array.items:
        return None
    start, end = array.items[-1]
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    before, after = text[line_start:start], text[end : line_end if line_end != -1 else None]
    tail = after.lstrip(" \t").removeprefix(",").strip()
    if line_end != -1 and not before.strip() and (not tail or tail.startswith("#")):
        new = text[:line_start] + text[line_end + 1 :]
        if len(array.items) > 1 and not after.lstrip(" \t").startswith(","):
            # no comma after the last element: the one before it loses its comma too
            prev_end = array.items[-2][1]
            gap = text[prev_end:line_start]
            if gap.lstrip(" \t").startswith(","):
                at = prev_end + gap.index(",")
                new = new[:at] + new[at + 1 :]
        return new
    if len(array.items) > 1:
        cut_from = array.items[-2][1]
    else:
        cut_from, end = start, end + (len(after) - len(after.lstrip(" \t").removeprefix(",")))
    if "\n" in text[cut_from:end] or "#" in text[cut_from:end]:
        return None
    return text[:cut_from] + text[end:]
