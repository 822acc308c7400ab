"""Problems as values: what is wrong with a file or an entry, and where it is.

Reading, checking and replaying a night all report the same `Problem`; the file layer's
locator turns its `Where` into a line number, and one formatter prints
`file:line: message` (`mahjcli.files.loader.describe`).
"""

import datetime as _dt
from typing import NamedTuple, TypeGuard


class Where(NamedTuple):
    """A place in a TOML file: a top-level key, or table number `at` (from 0) of an array
    of tables (`section`, e.g. `log` or `card.lines`) and a key inside it, or a known line."""

    section: str | None = None
    at: int | None = None
    key: str | None = None
    line: int | None = None

    @classmethod
    def top(cls, key: str) -> "Where":
        """A top-level key."""
        return cls(key=key)

    @classmethod
    def entry(cls, index: int, key: str | None = None) -> "Where":
        """The `index`-th [[log]] entry (from 0), or one of its keys."""
        return cls("log", index, key)


class Problem(NamedTuple):
    """Something wrong, and where (None: the file as a whole)."""

    message: str
    where: Where | None = None


def shown(value: object, depth: int = 0) -> str:
    """A value as it is spelled in a TOML file, for messages (deep or long values cut).

    >>> shown(True), shown("25"), shown(8.5), shown(["a", 1])
    ('true', '"25"', '8.5', '["a", 1]')
    >>> import datetime; shown(datetime.datetime(2026, 11, 29, 20, 30))
    '2026-11-29T20:30:00'
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        text = value if len(value) <= 60 else value[:60] + "..."
        return '"' + repr(text)[1:-1].replace('"', '\\"') + '"'
    if isinstance(value, _dt.date | _dt.time):
        return value.isoformat()
    if isinstance(value, list | dict):
        if depth >= 2 or len(value) > 5:
            return "[...]" if isinstance(value, list) else "{...}"
        if isinstance(value, list):
            return "[" + ", ".join(shown(v, depth + 1) for v in value) + "]"
        return "{" + ", ".join(f"{k} = {shown(v, depth + 1)}" for k, v in value.items()) + "}"
    return repr(value)


def is_whole(value: object) -> TypeGuard[int]:
    """True for a TOML integer (a bool is not one).

    >>> is_whole(25), is_whole(True), is_whole(25.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)
