"""Shell completion: player names and card lines from the session the command line names.

Completion runs on every TAB, so it imports no Rich and never fails loudly: a missing or
damaged file completes nothing. Typer hands each callback the command line parsed so far,
so the session is the one `--session` (or $MAHJ_SESSION) names, else the current one.
"""

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..core.session import Session


def _session(ctx: typer.Context) -> "Session | None":
    from ..core.errors import MahjError
    from ..files import loader, paths

    chosen = ctx.params.get("session")
    path = Path(chosen) if chosen else paths.current_or_none()
    if path is None:
        return None
    try:
        return loader.read(path).parsed.session
    except (MahjError, OSError):
        return None


def offer(incomplete: str, names: list[str]) -> list[str]:
    """The names that start with what has been typed, in any case, as the shell should
    insert them.

    Typer drops any completion that does not start with exactly what was typed, so a name
    keeps the letters as typed (`kat` offers `kathy`, which mahj reads as Kathy); and bash
    inserts a completion as it is, so what the shell would read otherwise (a space in a
    card line's name, a quote in a player's) is escaped there.
    """
    from ..core.names import fold_name

    key = fold_name(incomplete)
    bash = "COMP_WORDS" in os.environ
    offered = []
    for name in names:
        if not fold_name(name).startswith(key):
            continue
        if not name.startswith(incomplete) and fold_name(name[: len(incomplete)]) == key:
            name = incomplete + name[len(incomplete) :]
        offered.append(_escaped(name) if bash else name)
    return offered


def _escaped(name: str) -> str:
    """A name as bash must be given it to read it back as it is (`O\\'Brien`, `Mary\\ Lou`):
    bash inserts a completion as it is, so each character it would read otherwise (a
    quote, a space, a bracket, `$`) gets a backslash."""
    return re.sub(r"([^\w@%+=:,./-])", r"\\\1", name)


def player_names(ctx: typer.Context, incomplete: str) -> list[str]:
    """The session's players whose names start with what has been typed (any case)."""
    session = _session(ctx)
    return offer(incomplete, list(session.all_players())) if session is not None else []


def line_names(ctx: typer.Context, incomplete: str) -> list[str]:
    """The session card's lines whose names start with what has been typed (any case)."""
    session = _session(ctx)
    if session is None or session.card is None:
        return []
    return offer(incomplete, [line.name for line in session.card.lines])


def _words(incomplete: str, choices: "Iterable[str]") -> list[str]:
    return [word for word in choices if word.startswith(incomplete.lower())]


def rule_words(incomplete: str) -> list[str]:
    """--rules: the rule sets, never file names."""
    from ..core.rulesets import RULE_SETS

    return _words(incomplete, RULE_SETS)


def misnamed_words(incomplete: str) -> list[str]:
    """--misnamed: how a mis-named discard's penalty counts."""
    from ..core.rulesets import MISNAMED_MODES

    return _words(incomplete, MISNAMED_MODES)


def variant_words(incomplete: str) -> list[str]:
    """--variant: the tournament variants."""
    from ..core.rulesets import VARIANTS

    return _words(incomplete, VARIANTS)


def house_words(incomplete: str) -> list[str]:
    """--house: the house rules (one that takes a value ends in `=`)."""
    from ..core.house import RULES

    return _words(
        incomplete, [name + ("=" if r[1] and r[2] is None else "") for name, r in RULES.items()]
    )


def movement_words(incomplete: str) -> list[str]:
    """--movement: how an event's later rounds are seated."""
    from ..core.event import MOVEMENTS

    return _words(incomplete, MOVEMENTS)
