"""Shell completion from the current session: player names and card lines.

Completion runs on every TAB, so it reads the session file directly and never fails loudly.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .model import Session


def _session_path() -> str | None:
    argv = os.environ.get("COMP_WORDS") or " ".join(sys.argv)
    words = argv.split()
    for i, word in enumerate(words):
        if word == "--session" and i + 1 < len(words):
            return words[i + 1]
        if word.startswith("--session="):
            return word.split("=", 1)[1]
    if os.environ.get("MAHJ_SESSION"):
        return os.environ["MAHJ_SESSION"]
    from .store import current_path

    current = current_path()
    return str(current) if current else None


def _parsed() -> Session | None:
    from .sessionfile import parse_text

    path = _session_path()
    if not path:
        return None
    try:
        with open(path, encoding="utf-8") as handle:
            return parse_text(handle.read()).session
    except (OSError, UnicodeDecodeError):
        return None


def player_names(incomplete: str) -> list[str]:
    """The session's players whose names start with what has been typed."""
    from .model import fold_name

    session = _parsed()
    if session is None:
        return []
    key = fold_name(incomplete)
    return [p for p in session.all_players() if fold_name(p).startswith(key)]


def line_names(incomplete: str) -> list[str]:
    """The session card's lines whose names start with what has been typed."""
    from .model import fold_name

    session = _parsed()
    if session is None or session.card is None:
        return []
    key = fold_name(incomplete)
    return [line.name for line in session.card.lines if fold_name(line.name).startswith(key)]
