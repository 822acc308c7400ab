"""Edits inside a night's log, in the text as the user wrote it: replace or take out a
[[log]] table (what it said left as a comment, so the file shows its history), put an
undone entry back, rename a player. Each is checked like every edit (`sessionwrite`).
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from ..core.errors import CannotEdit
from ..core.model import ENTRY_TYPES, keys_of
from ..core.names import fold_name
from .sessionfile import loads
from .sessionwrite import (
    append_entry,
    checked,
    document,
    newline_of,
    reads_as,
    remove_last_entry,
    toml_block,
    toml_value,
)
from .tomltext import LEAD, LOG_HEADER, end_of_comment, end_of_string, inline_array, table_headers

UNDONE = re.compile(r"^# Undone: entry (\d+) \(`mahj redo` puts it back\)\r?$", re.MULTILINE)
"""The first line of the comment `mahj undo` leaves where the entry was."""


def undone_note(number: int) -> str:
    """The comment line that marks an entry `mahj redo` can put back (`UNDONE`)."""
    return f"Undone: entry {number} (`mahj redo` puts it back)"


def _cannot(what: str) -> CannotEdit:
    return CannotEdit(
        f"mahj cannot {what} in place; nothing was changed. Write the log as [[log]] "
        "tables (the way `mahj new` writes it), or make the change with an editor"
    )


def _spans(text: str) -> list[tuple[int, int]]:
    """Each [[log]] table's span: its header to its last key line."""
    headers = table_headers(text)
    spans = []
    for i, start in enumerate(headers):
        if not LOG_HEADER.match(text, start):
            continue
        stop = headers[i + 1] if i + 1 < len(headers) else len(text)
        lines = text[start:stop].splitlines(keepends=True)
        end = stop
        while len(lines) > 1 and (not lines[-1].strip() or lines[-1].lstrip().startswith("#")):
            end -= len(lines.pop())
        spans.append((start, end))
    return spans


def _commented(block: str, note: str, nl: str) -> str:
    """`block` as comment lines under `# note`."""
    lines = [line.rstrip("\r") for line in block.rstrip("\r\n").split("\n")]
    return nl.join([f"# {note}", *(f"# {line}" if line else "#" for line in lines)]) + nl


_ENTRY_KEYS = frozenset({"kind", *(key for kind in ENTRY_TYPES for key in keys_of(kind))})
"""Every key mahj reads in a [[log]] entry, of any kind."""


def replace_entry(text: str, index: int, entry: dict[str, Any] | None, note: str) -> str:
    """The text with log entry `index` replaced by `entry` (or taken out, for None), what it
    said kept above as comment lines under `# note`."""
    if inline_array(text, "log") is not None:
        raise _cannot("change an entry of a log written as `log = [...]`")
    spans = _spans(text)
    doc = document(text)
    log = list(doc.get("log", []))
    if not 0 <= index < len(spans) or len(spans) != len(log):
        raise _cannot("find that entry's [[log]] table")
    start, end = spans[index]
    nl = newline_of(text)
    if entry is not None:  # a key of the person's own (`note = ...`) stays with the game
        entry = {**entry, **{k: v for k, v in log[index].items() if k not in _ENTRY_KEYS}}
    new_block = toml_block("[[log]]", entry).replace("\n", nl) if entry is not None else ""
    new = text[:start] + _commented(text[start:end], note, nl) + new_block + text[end:]
    expected = dict(doc)
    rest = log[:index] + ([entry] if entry is not None else []) + log[index + 1 :]
    if rest:
        expected["log"] = rest
    else:
        expected.pop("log", None)
    return checked(new, expected, _cannot("change that entry"))


def undo_text(text: str, number: int) -> str:
    """The text without its last entry (entry `number`), left as a comment `mahj redo` can put
    back: in place of its [[log]] table, or (a log written as `log = [...]`) on the lines
    after the array."""
    if inline_array(text, "log") is None:
        return replace_entry(text, number - 1, None, undone_note(number))
    last = document(text)["log"][-1]
    note = _note_beside_last(text)
    new = remove_last_entry(text)
    nl = newline_of(new)
    array = inline_array(new, "log")
    at = len(new) if array is None else new.find("\n", array.close) + 1 or len(new)
    head = new[:at] if new[:at].endswith("\n") or not new[:at] else new[:at] + nl
    block = toml_block("[[log]]", last) + (note + "\n" if note else "")
    comment = _commented(block.replace("\n", nl), undone_note(number), nl)
    out = head + comment + new[at:]
    return checked(out, document(new), _cannot("take the last entry out of the log"))


def _note_beside_last(text: str) -> str:
    """The comment written after the last element of `log = [...]` on its line, if any."""
    array = inline_array(text, "log")
    if array is None or not array.items:
        return ""
    end = array.items[-1][1]
    line_end = text.find("\n", end)
    tail = text[end : line_end if line_end != -1 else None]
    tail = tail.lstrip(" \t").removeprefix(",").strip()
    return tail if tail.startswith("#") and array.close > line_end != -1 else ""


def _with_note(text: str, note: str) -> str:
    """The text with `note` after the last element of `log = [...]`, when it ends its line."""
    array = inline_array(text, "log")
    if not note or array is None or not array.items:
        return text
    end = array.items[-1][1]
    line_end = text.find("\n", end)
    if line_end == -1 or text[end:line_end].strip(" \t\r") not in ("", ","):
        return text
    at = line_end - (text[line_end - 1] == "\r")
    return text[:at] + "  " + note + text[at:]


def without_redo(text: str) -> str:
    """The text once the night went on: no `# Undone` comment offers `mahj redo` any more."""
    if "# Undone: entry" not in text:
        return text
    return UNDONE.sub(
        lambda m: m.group(0).replace(
            "(`mahj redo` puts it back)",
            "(the night went on, so `mahj redo` cannot put it back; an editor can)",
        ),
        text,
    )


class Undone(NamedTuple):
    """An entry `mahj undo` took out, as its comment holds it."""

    number: int
    """Its place in the log (from 1) when it was taken out."""
    start: int
    end: int
    """The comment's span in the text."""
    table: dict[str, Any] | None
    """The [[log]] table the comment holds, if it still reads as one."""
    body: str = ""
    """That table's text, uncommented (its own comments kept)."""


_COMMENTED = re.compile(r"#( ?(\[\[.*\]\]|[A-Za-z0-9_\"'-]+[ \t]*=.*)?)?[ \t]*\r?\n?$")
"""A line of a commented-out [[log]] table as mahj writes it (header, `key = value` or
`#`): how far an undone comment that no longer reads as an entry goes."""


def undone_entries(text: str) -> list[Undone]:
    """Every `# Undone: entry N` comment after the last [[log]] table, in file order."""
    spans = _spans(text)
    at = spans[-1][1] if spans else 0
    lines = text[at:].splitlines(keepends=True)
    found = []
    i = 0
    while i < len(lines):
        m = UNDONE.match(lines[i].rstrip("\r\n"))
        start = at
        at += len(lines[i])
        i += 1
        if m is None:
            continue
        run = 0  # the comment lines that follow; the entry is the most of them that read as one
        while i + run < len(lines) and lines[i + run].startswith("#"):
            run += 1
            if UNDONE.match(lines[i + run - 1].rstrip("\r\n")):
                run -= 1
                break
        body = [_uncommented(line) for line in lines[i : i + run]]
        taken = next((k for k in range(run, 0, -1) if _table("\n".join(body[:k]))), 0)
        if not taken:  # no longer an entry: as far as lines mahj writes go, to name it
            taken = next((k for k in range(run) if not _COMMENTED.match(lines[i + k])), run)
        at += sum(len(line) for line in lines[i : i + taken])
        i += taken
        text_of = "\n".join(body[:taken])
        found.append(Undone(int(m.group(1)), start, at, _table(text_of), text_of + "\n"))
    return found


def _uncommented(line: str) -> str:
    line = line.rstrip("\r\n")
    return line[2:] if line.startswith("# ") else line[1:]


def _table(body: str) -> dict[str, Any] | None:
    log = (loads(body) or {}).get("log")
    if isinstance(log, list) and len(log) == 1 and isinstance(log[0], dict):
        return log[0]
    return None


def as_written(table: dict[str, Any] | None, entry: dict[str, Any]) -> dict[str, Any]:
    """The entry to put back: every key the undone comment holds, in its order (a person's
    own keys too), each key mahj reads as mahj writes it, then the keys mahj adds.

    >>> as_written({"kind": "wall", "note": "slow"}, {"kind": "wall", "seats": ["A"]})
    {'kind': 'wall', 'note': 'slow', 'seats': ['A']}
    """
    if table is None:
        return entry
    out = {key: entry.get(key, value) for key, value in table.items()}
    out.update((key, value) for key, value in entry.items() if key not in out)
    return out


def put_back(text: str, undone: Undone, entry: dict[str, Any]) -> str:
    """The text with an undone entry's comment turned back into its [[log]] table (into the
    array, even an emptied one, in a log written as `log = [...]`)."""
    entry = as_written(undone.table, entry)
    if inline_array(text, "log") is not None:
        rest = text[: undone.start] + text[undone.end :]
        note = " ".join(x.strip() for x in undone.body.splitlines() if x.startswith("#"))
        return _with_note(append_entry(rest, entry, keep_inline=True), note)
    doc = document(text)
    expected = dict(doc)
    expected["log"] = [*doc.get("log", []), entry]
    added = {key: value for key, value in entry.items() if key not in (undone.table or {})}
    as_it_was = undone.body + toml_block(None, added) if added else undone.body
    for block in (as_it_was, toml_block("[[log]]", entry)):  # its own comments, if it reads so
        new = text[: undone.start] + block.replace("\n", newline_of(text)) + text[undone.end :]
        if reads_as(new, expected):
            return new
    raise _cannot("put that entry back")


# ---- renaming a player ---------------------------------------------------------------------

PLAYER_KEYS = frozenset(
    key
    for kind in ENTRY_TYPES
    for key, spec in keys_of(kind).items()
    if spec.type in ("player", "players", "bets", "amounts")
)
"""The [[log]] keys that name players."""
_TOPPLAYER_KEYS = frozenset({"players", "east"})
_STATEMENT = re.compile(LEAD + r"([A-Za-z0-9_-]+|\"[^\"\n]*\"|'[^'\n]*')[ \t]*=")


def rename_player(text: str, old: str, new: str, expected: dict[str, Any]) -> str:
    """The text with every string naming player `old` (any case) written as `new` where players
    are named (top `players` and `east`, [[log]] player keys); it must read as `expected`."""
    if inline_array(text, "log") is not None:
        raise _cannot("rename a player in a log written as `log = [...]`")
    headers = set(table_headers(text))
    key, section = "", "top"
    out: list[str] = []
    i = last = 0
    line_start = True
    while i < len(text):
        if line_start and i in headers:
            section = "log" if LOG_HEADER.match(text, i) else "other"
            i = end_of_comment(text, i)  # the header line holds no player
            continue
        if line_start and (m := _STATEMENT.match(text, i)):
            key = m.group(1).strip("\"'")
            i = m.end()
        if i >= len(text):
            break
        ch = text[i]
        line_start = ch == "\n"
        if ch == "#":
            i = end_of_comment(text, i)
        elif ch in "\"'":
            end = end_of_string(text, i)
            names_here = (section == "top" and key in _TOPPLAYER_KEYS) or (
                section == "log" and key in PLAYER_KEYS
            )
            if names_here and _reads_as(text[i:end], old):
                out += [text[last:i], toml_value(new)]
                last = end
            i = end
        else:
            i += 1
    renamed = "".join([*out, text[last:]])
    return checked(renamed, expected, _cannot("rename that player"))


def renamed_doc(doc: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """The document with player `old` named `new` in every key that names players."""

    def swap(value: Any) -> Any:
        if isinstance(value, str):
            return new if fold_name(value.strip()) == fold_name(old) else value
        if isinstance(value, list):
            return [swap(v) for v in value]
        return value

    out = dict(doc)
    for key in _TOPPLAYER_KEYS & set(out):
        out[key] = swap(out[key])
    out["log"] = [
        {k: swap(v) if k in PLAYER_KEYS else v for k, v in entry.items()}
        for entry in doc.get("log", [])
    ]
    if not doc.get("log"):
        out.pop("log", None)
    return out


def rename_undone(text: str, old: str, new: str) -> str:
    """The text with player `old` named `new` in each entry `mahj redo` can still put back
    (the other comments, what undo and fix kept, are history and keep the old name)."""
    nl = newline_of(text)
    for undone in reversed(undone_entries(text)):
        if undone.table is None:
            continue
        body = undone.body
        try:
            renamed = rename_player(body, old, new, renamed_doc(document(body), old, new))
        except CannotEdit:
            continue  # redo says what to type instead
        if renamed != body:
            comment = _commented(renamed, undone_note(undone.number), nl)
            text = text[: undone.start] + comment + text[undone.end :]
    return text


def _reads_as(token: str, name: str) -> bool:
    if "\n" in token:
        return False
    value = (loads(f"v = {token}") or {}).get("v")
    return isinstance(value, str) and fold_name(value.strip()) == fold_name(name)
