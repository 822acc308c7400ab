"""How a file looks from outside, cheaply: its stamp, the one answer to "has this file
changed?" (for a save checking that nobody edited the file since it was read, for the
page watching the nights it serves, for the season's cache of tallies), the nights in a
folder, and whether a file holds a night or an event."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from .reading import SESSION_LIMIT, Stamp, Unreadable, read_regular, stamp_of

__all__ = ["Stamp", "holds_event", "nights_in", "stamp", "stamp_of"]


def stamp(path: Path) -> Stamp | None:
    """The file's stamp now (through a symlink), or None when it cannot be looked at."""
    try:
        return stamp_of(os.stat(path))
    except (OSError, ValueError):
        return None


def nights_in(folder: Path) -> list[Path]:
    """The `*.toml` files directly in `folder`, by name (a save's hidden temporary and
    lock files, backups and folders are left out)."""
    found: list[Path] = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            with contextlib.suppress(OSError):
                if (
                    entry.name.endswith(".toml")
                    and not entry.name.startswith(".")
                    and entry.is_file()
                ):
                    found.append(Path(entry.path))
    return sorted(found, key=lambda p: p.name)


def holds_event(path: Path) -> bool:
    """True when the file is a tournament event's (`kind = "event"` near its top), not a
    night's; a file that cannot be read is taken for a night (its loader says why)."""
    try:
        data = read_regular(path, SESSION_LIMIT)
    except (OSError, Unreadable):  # the loader names what is wrong with it
        return False
    from .sessionfile import decode, parse_text

    text, _ = decode(data)
    return text is not None and parse_text(text).event
