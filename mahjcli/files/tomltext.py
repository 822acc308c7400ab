"""Finding things in TOML text as the user wrote it, so an edit can change only what it
must: a top-level key's inline array (`log = [...]`), its elements, and the headers of
tables. Strings and comments are skipped the way TOML reads them, so a `]` or `#` inside
a string is never taken for the end of an array or a comment. Every edit made from these
positions is read back with tomllib and compared before it is trusted.
"""

from __future__ import annotations

import re
from typing import NamedTuple

_HEADER = re.compile(r"[ \t]*\[")
LOG_HEADER = re.compile(r"[ \t]*\[\[[ \t]*(log|\"log\"|'log')[ \t]*\]\]")
_KEY = r"[ \t]*(?:{0}|\"{0}\"|'{0}')[ \t]*=[ \t]*"


class InlineArray(NamedTuple):
    """Where a top-level `key = [...]` is in the text."""

    start: int
    """Where the statement starts (the key)."""
    open: int
    """The position of `[`."""
    close: int
    """The position of the closing `]`."""
    items: tuple[tuple[int, int], ...]
    """Each element's span (start, end) at the array's own level."""


def table_headers(text: str) -> list[int]:
    """The offset of every line that starts a table (`[x]` or `[[x]]`), outside strings."""
    found: list[int] = []
    for line_start, in_string in _line_starts(text):
        if not in_string and _HEADER.match(text, line_start):
            found.append(line_start)
    return found


def _line_starts(text: str) -> list[tuple[int, bool]]:
    """Each line's offset, and whether it starts inside a value (a multi-line string, or
    an array or inline table left open on an earlier line)."""
    starts = [(0, False)]
    i, n = 0, len(text)
    depth = 0
    while i < n:
        ch = text[i]
        if ch == "\n":
            starts.append((i + 1, depth > 0))
            i += 1
        elif ch == "#":
            i = end_of_comment(text, i)
        elif ch in "\"'":
            end = end_of_string(text, i)
            starts.extend((k + 1, True) for k in range(i, min(end, n)) if text[k] == "\n")
            i = end
        elif depth == 0 and ch == "[" and _HEADER.fullmatch(text, starts[-1][0], i + 1):
            i = end_of_comment(text, i)  # a table header: its brackets open no value
        else:
            depth += 1 if ch in "[{" else -1 if ch in "]}" else 0
            depth = max(depth, 0)
            i += 1
    return starts


def end_of_comment(text: str, i: int) -> int:
    end = text.find("\n", i)
    return len(text) if end == -1 else end


def end_of_string(text: str, i: int) -> int:
    """The position just after the string that starts at `i`."""
    quote = text[i]
    if text.startswith(quote * 3, i):
        j = i + 3
        while True:
            k = text.find(quote * 3, j)
            if k == -1:
                return len(text)
            if quote == '"' and _escaped(text, k):
                j = k + 1
                continue
            while text.startswith(quote, k + 3):  # up to two quotes may end the content
                k += 1
            return k + 3
    j = i + 1
    while j < len(text):
        ch = text[j]
        if ch == "\\" and quote == '"':
            j += 2
            continue
        if ch == quote or ch == "\n":
            return j + 1
        j += 1
    return len(text)


def _escaped(text: str, k: int) -> bool:
    backslashes = 0
    while k - backslashes - 1 >= 0 and text[k - backslashes - 1] == "\\":
        backslashes += 1
    return backslashes % 2 == 1


def inline_array(text: str, key: str) -> InlineArray | None:
    """The top-level `key = [...]` statement, when the key is written that way."""
    pattern = re.compile(r"^" + _KEY.format(re.escape(key)) + r"\[", re.MULTILINE)
    if pattern.search(text) is None:  # nowhere, so not at the top level either
        return None
    starts = _line_starts(text)
    headers = [at for at, inside in starts if not inside and _HEADER.match(text, at)]
    limit = headers[0] if headers else len(text)
    plain = {at for at, inside in starts if not inside}
    for m in pattern.finditer(text, 0, limit):
        if m.start() in plain:
            return _scan_array(text, m.start(), m.end() - 1)
    return None


def _scan_array(text: str, start: int, open_at: int) -> InlineArray | None:
    """The array whose `[` is at `open_at`: its closing bracket and its elements."""
    depth = 0
    i = open_at
    items: list[tuple[int, int]] = []
    item_start: int | None = None
    last_end = open_at + 1
    while i < len(text):
        ch = text[i]
        if ch in " \t\r\n":
            i += 1
            continue
        if ch == "#":
            i = end_of_comment(text, i)
            continue
        if ch in "\"'":
            if depth == 1 and item_start is None:
                item_start = i
            i = end_of_string(text, i)
            last_end = i
            continue
        if ch in "[{":
            depth += 1
            if depth == 2 and item_start is None:
                item_start = i
            elif depth == 1:
                i += 1
                continue
        elif ch in "]}":
            depth -= 1
            if depth == 0:
                if item_start is not None:
                    items.append((item_start, last_end))
                return InlineArray(start, open_at, i, tuple(items))
        elif ch == "," and depth == 1:
            if item_start is not None:
                items.append((item_start, last_end))
            item_start = None
            i += 1
            continue
        elif depth == 1 and item_start is None:
            item_start = i
        i += 1
        last_end = i
    return None
