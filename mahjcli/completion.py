"""Shell completion from the current session: player names and card lines.

Completion runs on every TAB, so it imports no Rich, reads the one session file through
`store` and never fails loudly: a missing or damaged file simply completes nothing.
The session is the one the command line being completed names (`--session FILE`), else
$MAHJ_SESSION, else the current session, as for the command itself.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .model import Session


def _words() -> list[str]:
    """The words of the command line being completed (bash: COMP_WORDS; zsh, fish and
    PowerShell: _TYPER_COMPLETE_ARGS), quotes removed."""
    line = os.environ.get("COMP_WORDS") or os.environ.get("_TYPER_COMPLETE_ARGS")
    if line is None:
        return sys.argv[1:]
    import shlex

    try:
        return shlex.split(line)
    except ValueError:  # a quote still open while typing
        return line.split()


def session_path() -> str | None:
    """The session file the command line being completed would use, if any."""
    words = _words()
    for i, word in enumerate(words):
        if word == "--session" and i + 1 < len(words):
            return os.path.expanduser(words[i + 1])
        if word.startswith("--session="):
            return os.path.expanduser(word.split("=", 1)[1])
    if os.environ.get("MAHJ_SESSION"):
        return os.environ["MAHJ_SESSION"]
    from .store import current_path

    current = current_path()
    return str(current) if current else None


def _session() -> Session | None:
    from pathlib import Path

    from .errors import MahjError
    from .store import read

    path = session_path()
    if not path:
        return None
    try:
        return read(Path(path)).parsed.session
    except (MahjError, OSError):
        return None


def _offer(incomplete: str, names: list[str]) -> list[str]:
    """The names that start with what has been typed, in any case, as the shell should
    insert them.

    Typer drops any completion that does not start with exactly what was typed, so a name
    keeps the letters as typed (`kat` offers `kathy`, which mahj reads as Kathy); and bash
    inserts a completion as it is, so a space in a card line's name is escaped there.
    """
    from .model import fold_name

    key = fold_name(incomplete)
    bash = "COMP_WORDS" in os.environ
    offered = []
    for name in names:
        if not fold_name(name).startswith(key):
            continue
        if not name.startswith(incomplete) and fold_name(name[: len(incomplete)]) == key:
            name = incomplete + name[len(incomplete) :]
        offered.append(name.replace(" ", "\\ ") if bash else name)
    return offered


def player_names(incomplete: str) -> list[str]:
    """The session's players whose names start with what has been typed (any case)."""
    session = _session()
    if session is None:
        return []
    return _offer(incomplete, list(session.all_players()))


def line_names(incomplete: str) -> list[str]:
    """The session card's lines whose names start with what has been typed (any case)."""
    session = _session()
    if session is None or session.card is None:
        return []
    return _offer(incomplete, [line.name for line in session.card.lines])
