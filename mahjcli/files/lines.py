"""Which line of a TOML file a `Where` points at, for `file:line: message`: a top-level
key, the n-th [[table]] of an array or a key inside it, and item k of a list written one
item a line (`tables[4]`, `games[2]`, as mahj writes them)."""

from __future__ import annotations

import re

from ..core.problems import Where

_LEAD = "^[\\s\ufeff]*"  # blanks, or the first line's byte-order mark
_HEADER = re.compile(_LEAD + r"\[")
_ARRAY = re.compile(_LEAD + r"\[\[\s*([A-Za-z0-9_.\"' -]+?)\s*\]\]")
_TABLE = re.compile(_LEAD + r"\[\s*([A-Za-z0-9_.\"' -]+?)\s*\]\s*(#.*)?$")
_ITEM = re.compile(r"^(\w+)\[(\d+)\]$")


class Locator:
    """Finds lines in one file's text."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self._arrays: dict[str, list[int]] | None = None

    def starts(self, section: str) -> list[int]:
        """The 0-based line of each `[[section]]` header, in order."""
        if self._arrays is None:
            self._arrays = {}
            for i, line in enumerate(self.lines):
                if m := _ARRAY.match(line):
                    name = re.sub("[ \"']", "", m.group(1))  # [["log"]] is [[log]]
                    self._arrays.setdefault(name, []).append(i)
        return self._arrays.get(section, [])

    def _key_in(self, key: str, start: int, stop: int) -> int | None:
        pattern = re.compile(_LEAD + rf"[\"']?{re.escape(key)}[\"']?\s*=")
        for i in range(start, min(stop, len(self.lines))):
            if i > start and _HEADER.match(self.lines[i]):
                break
            if pattern.match(self.lines[i]):
                return i + 1
        return None

    def top(self, key: str) -> int | None:
        """The line of a top-level key (before the first table), or of its `[key]` table."""
        found = self._key_in(key, 0, len(self.lines))
        if found is not None:
            return found
        for i, line in enumerate(self.lines):
            m = _TABLE.match(line)
            if m and m.group(1) == key:
                return i + 1
        return None

    def entry(self, section: str, index: int, key: str | None = None) -> int | None:
        """The line of the index-th [[section]] header, or of `key` inside it (of a table
        written inline, `log = [...]`: its line, when the list has one a line)."""
        starts = self.starts(section)
        if not starts and "." not in section and (base := self.top(section)) is not None:
            return self._item(base, index)
        if not 0 <= index < len(starts):
            return None
        start = starts[index]
        if key is None:
            return start + 1
        return self._key_in(key, start, len(self.lines)) or start + 1

    def line(self, where: Where | None) -> int | None:
        """The 1-based line `where` points at, when it can be found."""
        if where is None:
            return None
        if where.key is not None and (m := _ITEM.match(where.key)):
            base = self.line(where._replace(key=m.group(1)))
            if base is None or m.group(1) not in self.lines[base - 1]:
                return base
            return self._item(base, int(m.group(2)))
        if where.line is not None:
            return where.line
        if where.section is not None and where.at is not None:
            return self.entry(where.section, where.at, where.key)
        if where.key is not None:  # a key, a [key] table, or the first [[key]] (`[[Log]]`)
            return self.top(where.key) or next((s + 1 for s in self.starts(where.key)), None)
        return None

    def _item(self, base: int, k: int) -> int:
        """The line of item k of the list whose key is on line `base` (else `base`)."""
        if self.lines[base - 1].split("=", 1)[-1].split("#", 1)[0].strip() != "[":
            return base
        seen = -1
        for i in range(base, len(self.lines)):
            text = self.lines[i].strip()
            if text.startswith("]"):
                break
            if text.startswith(("[", "{")):
                seen += 1
                if seen == k:
                    return i + 1
        return base
