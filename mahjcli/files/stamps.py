"""How a file looks from outside, cheaply: whether it changed since a moment ago (its
size, modification time and inode), the nights in a folder, and whether a file holds a
night or an event. What `mahj serve` watches, so a change made from the command line
shows on the room's screen too."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

Stamp = tuple[int, int, int]
"""A file's size, modification time (nanoseconds) and inode: any save changes one."""


def stamp(path: Path) -> Stamp | None:
    """The file's stamp now (through a symlink), or None when it cannot be looked at.

    A save puts in place a new file, or the spare written over in a later tick of the
    clock than it was last written (`atomic`), so every save changes the inode or the
    modification time, even when it keeps the size."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (info.st_size, info.st_mtime_ns, info.st_ino)


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
    from .reading import SESSION_LIMIT, Unreadable, read_regular

    try:
        data = read_regular(path, SESSION_LIMIT)
    except (OSError, Unreadable):  # the loader names what is wrong with it
        return False
    from .sessionfile import decode, parse_text

    text, _ = decode(data)
    return text is not None and parse_text(text).event
