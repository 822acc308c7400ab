"""Reading a file mahj did not write itself (a session, a card, the current-session
pointer) without ever hanging or running out of memory.

Only a regular file is read: a FIFO, a device or a socket is refused before anything is
read (the file is opened without waiting, so a FIFO with no writer cannot block), and at
most `limit` bytes are read, so `/dev/zero` or a runaway file is refused with a message
instead of filling the memory.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path

Stamp = tuple[int, int, int, int, int]
"""A file's device, inode, size, modification time and change time (nanoseconds): the one
answer to "has this file changed?" (see `stamps`). A save puts a new file in place (a
new inode); an edit in place moves the change time, which no program can set back."""


def stamp_of(info: os.stat_result) -> Stamp:
    """The stamp of a file as `os.stat` or `os.fstat` described it."""
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns


SESSION_LIMIT = 64 * 1024 * 1024
"""The largest session file read: a real night is a few kilobytes, and 100,000 games
(years of weekly nights in one file) are some 10 MB."""
CARD_LIMIT = 1024 * 1024
"""The largest card file read (a year's card is a few kilobytes)."""


class Unreadable(Exception):
    """A file that cannot be read; the message says why in a few words."""


def kind_of(mode: int) -> str:
    """What a file is, in words, from its `st_mode`.

    >>> kind_of(stat.S_IFIFO), kind_of(stat.S_IFDIR)
    ('a FIFO (named pipe)', 'a folder')
    """
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a regular file" if stat.S_ISREG(mode) else "not a regular file"


def megabytes(size: int) -> str:
    """A size for people: `64 MB`."""
    return f"{size // (1024 * 1024)} MB" if size >= 1024 * 1024 else f"{size // 1024} KB"


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at `path` (following symlinks), at most `limit` of
    them. Raises FileNotFoundError when there is none, IsADirectoryError for a folder,
    Unreadable for anything else."""
    return read_stamped(path, limit)[0]


def read_stamped(path: Path, limit: int) -> tuple[bytes, Stamp]:
    """`read_regular`, and the stamp of the file as it was opened: a save compares it with
    the file's stamp just before putting its version in, to see that nobody changed the
    file meanwhile (mahj never writes a file in place, so what is read is one version)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except (FileNotFoundError, IsADirectoryError):
        raise
    except OSError as exc:
        raise Unreadable(_reason(exc)) from None
    except ValueError as exc:  # a NUL byte in the name
        raise Unreadable(str(exc)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(errno.EISDIR, "is a folder", str(path))
        if not stat.S_ISREG(info.st_mode):
            raise Unreadable(f"it is {kind_of(info.st_mode)}, not a file")
        if info.st_size > limit:
            raise Unreadable(f"it is larger than {megabytes(limit)}; this is not a mahj file")
        return _read_all(fd, info.st_size, limit), stamp_of(info)
    except IsADirectoryError:
        raise
    except OSError as exc:
        raise Unreadable(_reason(exc)) from None
    finally:
        with contextlib.suppress(OSError):
            os.close(fd)


def _read_all(fd: int, expected: int, limit: int) -> bytes:
    """Every byte of the open file (`expected` of them, as it said), at most `limit`."""
    chunks: list[bytes] = []
    size = 0
    first = expected + 1  # the whole file in one read, and one byte to see its end
    while size <= limit:
        asked = min(1024 * 1024 if chunks else first, limit + 1 - size)
        chunk = os.read(fd, asked)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
        # A short read with all the bytes the system said the file holds is its end
        # (some network file systems read short in the middle too).
        if len(chunk) < asked and size >= expected:
            break
    if size > limit:
        raise Unreadable(f"it is larger than {megabytes(limit)}; this is not a mahj file")
    return b"".join(chunks)


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)
