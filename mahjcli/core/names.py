"""Names typed by people: what may be one, the key two spellings share, and finding the
one the user meant among the names of a night or a card."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

MAX_NAME_LENGTH = 40


class UnknownName(LookupError):
    """A typed name that matches nobody, or more than one, in a list of names."""


def fold_name(name: str) -> str:
    """The key two spellings of one name share: case-insensitive, Unicode-normalised.

    >>> fold_name("RUTH") == fold_name("ruth")
    True
    """
    return unicodedata.normalize("NFC", name).casefold()


def control_problem(text: str, what: str) -> str | None:
    """Why `text` cannot be shown as it is (it holds a control character), or None.

    >>> control_problem("Sue", "a name") is None
    True
    >>> control_problem("\\x1b[2J", "the reason")
    "the reason '\\\\x1b[2J' contains a control character"
    """
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in text):
        return f"{what} {text!r} contains a control character"
    return None


_HIDDEN = ("Cc", "Cf", "Cs", "Zl", "Zp")
"""Unicode categories that a terminal does not show as they are (controls, format
characters, stray surrogates from undecodable file names, line and paragraph breaks)."""


def _escape(ch: str) -> str:
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a file name that is not UTF-8
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def visible(text: str) -> str:
    """`text` as it may be shown on a terminal: every control character (and every other
    character a terminal would not show as itself) spelled out as an escape, so a name,
    a reason or a file name can never move the cursor, clear the screen or retitle the
    window. Text without them is returned as it is.

    >>> visible("Sue"), visible("\\x1b[2J"), visible("a\\u202eb")
    ('Sue', '\\\\x1b[2J', 'a\\\\u202eb')
    """
    if text.isprintable():
        return text
    return "".join(_escape(ch) if unicodedata.category(ch) in _HIDDEN else ch for ch in text)


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name, or None when it can.

    >>> name_problem("[bold]Sue") is None, name_problem("李") is None
    (True, True)
    >>> name_problem("   ")
    'a name cannot be empty'
    """
    if not name.strip():
        return "a name cannot be empty"
    if why := control_problem(name, "the name"):
        return why
    if len(name) > MAX_NAME_LENGTH:
        return f"a name can be at most {MAX_NAME_LENGTH} characters"
    return None


def closest(typed: str, names: Iterable[str], cutoff: float = 0.5) -> str | None:
    """The name most like `typed`, if any is close enough (`cutoff`) to suggest.

    >>> closest("Lnda", ["Ruth", "Linda"])
    'Linda'
    """
    import difflib

    folded = {fold_name(n): n for n in names}
    close = difflib.get_close_matches(fold_name(typed.strip()), list(folded), n=1, cutoff=cutoff)
    return folded[close[0]] if close else None


def resolve(typed: str, names: Iterable[str], what: str = "player") -> str:
    """The name in `names` that `typed` means: same letters ignoring case, else a unique
    beginning. Raises UnknownName with a suggestion otherwise.

    >>> resolve("ruth", ["Ruth", "Linda"])
    'Ruth'
    >>> resolve("Li", ["Ruth", "Linda"])
    'Linda'
    """
    names = list(names)
    key = fold_name(typed.strip())
    if not key:
        raise UnknownName(f"a {what} name cannot be empty")
    exact = [n for n in names if fold_name(n) == key]
    if exact:
        return exact[0]
    starts = [n for n in names if fold_name(n).startswith(key)]
    if len(starts) == 1:
        return starts[0]
    if len(starts) > 1:
        raise UnknownName(f"{typed!r} could be {either(starts)}; type more of the {what}'s name")
    near = closest(typed, names)
    hint = f"; did you mean {near!r}?" if near else ""
    known = f" (known: {', '.join(names)})" if names and not hint else ""
    raise UnknownName(f"no {what} called {typed!r}{hint}{known}")


def either(items: list[str]) -> str:
    """`'A' or 'B'`, `'A', 'B' or 'C'`.

    >>> either(["Linda", "Lisa"])
    "'Linda' or 'Lisa'"
    """
    quoted = [repr(i) for i in items]
    return ", ".join(quoted[:-1]) + " or " + quoted[-1]


def join_names(names: Iterable[str]) -> str:
    """`A`, `A and B`, `A, B and C`.

    >>> join_names(["Ruth", "Linda", "Kathy"])
    'Ruth, Linda and Kathy'
    """
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
