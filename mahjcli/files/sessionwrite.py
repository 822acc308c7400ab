"""Writing session files: a new night's text, and the edits that add or remove a log
entry while keeping everything else the user wrote (comments, layout, line endings).
Every edit is read back with tomllib and compared before it is trusted; when text
cannot be edited in place, the whole document is written out again."""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from typing import Any

from ..core.cards import card_to_dict
from ..core.model import Entry, keys_of
from ..core.session import Session
from .lines import Locator
from .sessionfile import BOM, SCHEMA

SHAPE_VALUES: dict[str, Callable[[Any], object]] = {"self_pick": lambda win: win.self_picked}
"""How a shape key is written (`mahjcli.core.model.SHAPE_KEYS`)."""


def entry_to_dict(entry: Entry) -> dict[str, Any]:
    """The [[log]] table that records an entry; false flags, empty lists and missing
    values are left out."""
    out: dict[str, Any] = {"kind": entry.kind}
    for key in keys_of(entry.kind):
        value = SHAPE_VALUES[key](entry) if key in SHAPE_VALUES else getattr(entry, key)
        if value is None or value is False or value == () or value == "":
            continue
        out[key] = _listed(value)
    return out


def _listed(value: Any) -> Any:
    """Tuples (at any depth) as the lists TOML reads back."""
    return [_listed(v) for v in value] if isinstance(value, tuple | list) else value


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
        card = card_to_dict(session.card)
        lines = card.pop("lines")
        text += "\n# The card in use tonight, copied from its file.\n" + toml_block("[card]", card)
        for line in lines:
            text += "\n" + toml_block("[[card.lines]]", line)
    blocks = ("\n" + toml_block("[[log]]", entry_to_dict(entry)) for entry in session.log)
    return text + LOG_COMMENT + "".join(blocks)


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def _same(text: str, expected: dict[str, Any]) -> bool:
    try:
        return tomllib.loads(text.removeprefix(BOM)) == expected
    except tomllib.TOMLDecodeError:
        return False


def dump_doc(doc: dict[str, Any]) -> str:
    """A whole document as text, schema first (used when the text cannot be edited in place)."""
    import tomli_w

    rest = {k: v for k, v in doc.items() if k != "schema"}
    return f"schema = {doc.get('schema', SCHEMA)}\n" + tomli_w.dumps(rest)


def _doc(text: str) -> dict[str, Any]:
    """The document a (valid) session file's text holds."""
    return tomllib.loads(text.removeprefix(BOM))


def append_entry(text: str, entry: dict[str, Any]) -> str:
    """The text with one more [[log]] entry at the end, keeping everything else as it was."""
    doc = _doc(text)
    nl = _newline(text)
    block = toml_block("[[log]]", entry).replace("\n", nl)
    if text and not text.endswith("\n"):
        text += nl
    new = text + nl + block
    expected = dict(doc)
    expected["log"] = [*doc.get("log", []), entry]
    if not _same(new, expected):
        bom = BOM if text.startswith(BOM) else ""
        return bom + dump_doc(expected).replace("\n", nl)
    return new


def remove_last_entry(text: str) -> str:
    """The text without its last [[log]] entry, keeping everything else as it was."""
    doc = _doc(text)
    log = list(doc.get("log", []))
    expected = dict(doc)
    if len(log) > 1:
        expected["log"] = log[:-1]
    else:
        expected.pop("log", None)
    starts = Locator(text).starts("log")
    if starts:
        kept = text.splitlines(keepends=True)[: starts[-1]]
        new = "".join(kept).rstrip("\r\n ") + _newline(text)
        if _same(new, expected):
            return new
    nl = _newline(text)
    bom = BOM if text.startswith(BOM) else ""
    return bom + dump_doc(expected).replace("\n", nl)
