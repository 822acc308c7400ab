"""The spare beside a session (`.<file>.spare`): the backup before last, which the next
save writes over instead of creating a file (see `atomic`), and the old backup kept to
become the next one."""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from .writing import Mark, crash, mark_of, write_all


def spare_of(real: Path) -> Path:
    """The spare beside a session given by its real path: the backup before last, which
    the next save writes over (see the module's text)."""
    return real.with_name(f".{real.name}.spare")


def claimed_spare(real: Path, data: bytes, mode: int) -> tuple[Path, Mark] | None:
    """`data` written over the spare, claimed first under a temporary name of this save
    (one rename: two saves can never both write over it, even where the lock does not
    hold them apart), fsynced, with `mode`: that name, and its mark once fsynced. None
    where there is no spare to write over: none, or not a regular file of one name that
    this user owns (a link is never followed, another file's second name never written),
    or the clock could not tell the new version from the spare's (its modification time
    must move, so a page's look at the file sees the change) - then the save writes a
    new file."""
    spare = spare_of(real)
    try:
        seen = os.lstat(spare)
    except OSError:
        return None
    if not _own_file(seen):
        return None
    claimed = real.with_name(f".{real.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    try:
        os.rename(spare, claimed)
    except OSError:
        return None
    try:
        mark = _write_over(claimed, seen, data, mode)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(claimed)
        raise
    if mark is None:
        with contextlib.suppress(OSError):
            os.unlink(claimed)
        return None
    return claimed, mark


def _own_file(info: os.stat_result) -> bool:
    """A regular file of one name, this user's (where the system tells owners)."""
    owner = getattr(os, "geteuid", None)
    mine = owner is None or info.st_uid == owner()
    return stat.S_ISREG(info.st_mode) and info.st_nlink == 1 and bool(info.st_ino) and mine


def _write_over(claimed: Path, seen: os.stat_result, data: bytes, mode: int) -> Mark | None:
    """Write `data` over the claimed spare (still the file `seen`), given `mode` first;
    its mark once fsynced, or None when it is not the file seen, cannot be given `mode`
    or kept its modification time (a coarse clock)."""
    flags = os.O_WRONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:  # a FIFO must not hang, a link must not be followed
        fd = os.open(claimed, flags | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if (info.st_dev, info.st_ino) != (seen.st_dev, seen.st_ino) or not _own_file(info):
            return None  # changed since it was looked at (or a link, where none is refused)
        if stat.S_IMODE(info.st_mode) != mode:
            try:  # before writing: nobody may read the new version through the old mode
                if hasattr(os, "fchmod"):
                    os.fchmod(fd, mode)
                else:  # pragma: no cover - Windows
                    os.chmod(claimed, mode)
            except OSError:
                return None
        write_all(fd, data)
        crash("after-write", "session")
        if info.st_size > len(data):
            os.ftruncate(fd, len(data))
        os.fsync(fd)
        crash("after-fsync", "session")
        after = os.fstat(fd)
        if after.st_mtime_ns <= info.st_mtime_ns:
            return None
        return mark_of(after)
    finally:
        os.close(fd)


def park(bak: Path, held: os.stat_result | None, spare: Path) -> bool:
    """Give the old backup (as `held` tells it) the spare's name too, so that renaming the
    new backup over it does not delete it: whether it was given. Only a regular file of
    one name is kept (another name would see the spare written over); a spare left that
    could not be written over (a link, another file's second name) makes room for it."""
    if held is None or not stat.S_ISREG(held.st_mode) or held.st_nlink != 1:
        return False
    for _ in range(2):
        try:
            os.link(bak, spare)
        except FileExistsError:
            try:
                if stat.S_ISDIR(os.lstat(spare).st_mode):
                    return False
                os.unlink(spare)
            except OSError:
                return False
        except OSError:
            return False
        else:
            return True
    return False
