"""Reading a file mahj did not write itself without ever hanging or running out of
memory: only a regular file is read (opened without waiting, so a FIFO cannot block), and
at most `limit` bytes of it (`/dev/zero` is refused with a message). And a file's stamp,
the one answer to "has this file changed?"."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path

Stamp = tuple[int, int, int, int, int]
"""Device, inode, size, modification and change time (ns): a save makes a new inode, an
edit in place moves the change time, which no program can set back."""


def stamp_of(info: os.stat_result) -> Stamp:
    """The stamp of a file as `os.stat` or `os.fstat` described it."""
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns


def stamp(path: Path) -> Stamp | None:
    """The file's stamp now (through a symlink), or None when it cannot be looked at."""
    try:
        return stamp_of(os.stat(path))
    except (OSError, ValueError):
        return None


SESSION_LIMIT = 64 * 1024 * 1024
"""A night is a few KB; 100,000 games (years of weekly nights) some 10 MB."""
CARD_LIMIT = 1024 * 1024
"""The largest card, profile or players file read (they are a few KB)."""


class Unreadable(Exception):
    """A file that cannot be read; the message says why in a few words."""


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISSOCK, "a socket"), (stat.S_ISREG, "a regular file"))  # fmt: skip


def kind_of(mode: int) -> str:
    """What a file is, in words, from its `st_mode`.

    >>> kind_of(stat.S_IFIFO), kind_of(stat.S_IFDIR)
    ('a FIFO (named pipe)', 'a folder')
    """
    return next((words for test, words in _KINDS if test(mode)), "not a regular file")


def megabytes(size: int) -> str:
    """A size for people: `64 MB`."""
    return f"{size // (1024 * 1024)} MB" if size >= 1024 * 1024 else f"{size // 1024} KB"


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at `path` (at most `limit`): FileNotFoundError,
    IsADirectoryError or Unreadable when there are none."""
    return read_stamped(path, limit)[0]


def read_stamped(path: Path, limit: int) -> tuple[bytes, Stamp]:
    """`read_regular`, and the file's stamp as it was opened (a save checks it again)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except (FileNotFoundError, IsADirectoryError):
        raise
    except OSError as exc:
        raise Unreadable(reason(exc)) from None
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
        return _read_all(fd, limit), stamp_of(info)
    except IsADirectoryError:
        raise
    except OSError as exc:
        raise Unreadable(reason(exc)) from None
    finally:
        with contextlib.suppress(OSError):
            os.close(fd)


def _read_all(fd: int, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size <= limit and (chunk := os.read(fd, min(1024 * 1024, limit + 1 - size))):
        chunks.append(chunk)
        size += len(chunk)
    if size > limit:
        raise Unreadable(f"it is larger than {megabytes(limit)}; this is not a mahj file")
    return b"".join(chunks)


def reason(exc: BaseException) -> str:
    """Why a file could not be read or written, in a few words (`Permission denied`)."""
    return (exc.strerror if isinstance(exc, OSError) else None) or str(exc)


def read_text(path: Path, what: str, give: str, refuse: type[Exception], hint: bool = False) -> str:
    """A small UTF-8 file the user names (`what`: "card file"); `refuse` says why not,
    naming what to `give` instead (also when it is missing, with `hint`)."""
    try:
        data = read_regular(path, CARD_LIMIT)
    except FileNotFoundError:
        raise refuse(f"no {what} at {path}" + (f"; give {give}" if hint else "")) from None
    except IsADirectoryError:
        raise refuse(f"{path} is a folder; give {give}") from None
    except Unreadable as exc:
        raise refuse(f"cannot read the {what} {path}: {exc}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise refuse(
            f"cannot read the {what} {path}: it is not UTF-8 text (byte {exc.start}); save it "
            "as UTF-8 in your editor"
        ) from None
