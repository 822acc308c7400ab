"""The line locator: which line of a TOML file a `Where` points at, for `file:line:`
messages. It reads the text only when a problem needs a line."""

from __future__ import annotations

import re

from ..core.problems import Where

_HEADER = re.compile(r"^\s*\[")
_ARRAY = re.compile(r"^\s*\[\[\s*([A-Za-z0-9_.\"' -]+?)\s*\]\]")
_TABLE = re.compile(r"^\s*\[\s*([A-Za-z0-9_.\"' -]+?)\s*\]\s*(#.*)?$")


class Locator:
    """Finds the line of a top-level key, of the n-th [[table]] of an array, or of a key
    inside it, in one file's text."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._lines: list[str] | None = None
        self._arrays: dict[str, list[int]] | None = None

    @property
    def lines(self) -> list[str]:
        """The text's lines, split on first use."""
        if self._lines is None:
            self._lines = self._text.splitlines()
        return self._lines

    def starts(self, section: str) -> list[int]:
        """The 0-based line of each `[[section]]` header, in order."""
        if self._arrays is None:
            self._arrays = {}
            for i, line in enumerate(self.lines):
                m = _ARRAY.match(line)
                if m:
                    self._arrays.setdefault(m.group(1).replace(" ", ""), []).append(i)
        return self._arrays.get(section, [])

    def _key_in(self, key: str, start: int, stop: int) -> int | None:
        pattern = re.compile(rf"^\s*\"?{re.escape(key)}\"?\s*=")
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
        """The line of the index-th [[section]] header, or of `key` inside it."""
        starts = self.starts(section)
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
        if where.line is not None:
            return where.line
        if where.section is not None and where.at is not None:
            return self.entry(where.section, where.at, where.key)
        if where.key is not None:
            return self.top(where.key)
        return None
