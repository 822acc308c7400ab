"""Player and line names: what is a legal name, and finding the one the user meant."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .model import fold_name

MAX_NAME_LENGTH = 40


class NameError_(LookupError):
    """A typed name that matches nobody, or more than one, in a list of names."""


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name, or None when it can.

    >>> name_problem("[bold]Sue") is None, name_problem("李") is None
    (True, True)
    >>> name_problem("   ")
    'a name cannot be empty'
    """
    if not name.strip():
        return "a name cannot be empty"
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in name):
        return f"the name {name!r} contains a control character"
    if len(name) > MAX_NAME_LENGTH:
        return f"a name can be at most {MAX_NAME_LENGTH} characters"
    return None


def resolve(typed: str, names: Iterable[str], what: str = "player") -> str:
    """The name in `names` that `typed` means: same letters ignoring case, else a unique
    beginning. Raises NameError_ with a suggestion otherwise.

    >>> resolve("ruth", ["Ruth", "Linda"])
    'Ruth'
    >>> resolve("Li", ["Ruth", "Linda"])
    'Linda'
    """
    names = list(names)
    key = fold_name(typed.strip())
    if not key:
        raise NameError_(f"a {what} name cannot be empty")
    exact = [n for n in names if fold_name(n) == key]
    if exact:
        return exact[0]
    starts = [n for n in names if fold_name(n).startswith(key)]
    if len(starts) == 1:
        return starts[0]
    if len(starts) > 1:
        raise NameError_(f"{typed!r} could be {_or(starts)}; type more of the {what}'s name")
    import difflib

    folded = {fold_name(n): n for n in names}
    close = difflib.get_close_matches(key, list(folded), n=1, cutoff=0.5)
    hint = f"; did you mean {folded[close[0]]!r}?" if close else ""
    known = f" (known: {', '.join(names)})" if names and not hint else ""
    raise NameError_(f"no {what} called {typed!r}{hint}{known}")


def _or(items: list[str]) -> str:
    quoted = [repr(i) for i in items]
    return ", ".join(quoted[:-1]) + " or " + quoted[-1]
