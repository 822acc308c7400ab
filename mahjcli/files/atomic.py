"""Saving all or nothing.

A save writes the new version in a file of its own in the same folder, fsyncs it, keeps
the previous version as `<file>.bak`, then `os.replace`s the new one in, so a crash at
any moment leaves either the old or the new file, never a mix. The previous version
becomes the backup without being copied: once the new file is safely written, it gets
`<file>.bak` as a second name (a hard link, made under a temporary name and renamed over
the old backup), and keeps only that name once the new file is in (if putting the new
file in fails, the backup is made a copy of its own again); where the file system has no
hard links, it is copied the way the new file is written.

The new version is written over the spare (`.<file>.spare`, the backup before last,
which nothing reads) where there is one, else in a new temporary file
(`.<file>.<pid>.<random>.tmp`). The spare is first claimed under such a temporary name
(so two saves can never both write over it, even where a network disk's lock does not
hold them apart), used only when it is a regular file of one name that this user owns,
given the file's permissions before anything is written, and only when the clock tells
the new version from the old (its modification time moves); before writing over it, a
process that did not sync the folder after the file's last save syncs it, so that the
spare is not still the file's name on the disk. The backup a save replaces is kept as
the next spare (given the spare's name too before the new backup is renamed over it).
So saving a file again and again creates and deletes no file: on ext4 without a
journal, each new file's inode is looked for past every inode freed in the last minute
or more, and a room of fifty tables saving at once spent a fifth of its processors' time
there, holding the folder's lock. A file put in place is thus written again two saves
later: a reader that opened it before and is still reading (a page's thread, held up
that long) sees it change, and reads the file again (`reading`).

A symlinked session is saved through its link. The next save removes the temporary files
a killed save left behind (see `leftovers`). For the crash tests, $MAHJ_CRASH_AT makes a
save kill itself at one of its steps (see `writing.crash`).
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from ..core.errors import SaveFailed, SessionExists
from .leftovers import clean_stale, swept_now
from .lock import real_path
from .spare import claimed_spare, park, spare_of
from .writing import Mark, crash, mark_of, write_all


def settle_in(paths: list[Path]) -> None:
    """A process about to save these files again and again (the server, as it starts):
    each is fsynced now, as it is, and remembered so, so that its first save need not
    fsync it before it becomes the backup; and each folder is looked through once for
    the leftovers of killed saves (a dead process's: no lock is held here), so that the
    first saves of a room's tables do not each list the folder again (while `sweeping`)."""
    reals: dict[Path, list[Path]] = {}
    for path in paths:
        real = real_path(path)
        with contextlib.suppress(OSError):
            flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)
            fd = os.open(real, flags | getattr(os, "O_NOCTTY", 0))  # a FIFO must not hang
            try:
                info = os.fstat(fd)
                if not stat.S_ISREG(info.st_mode):
                    continue
                with contextlib.suppress(OSError):  # Windows cannot sync a file read
                    os.fsync(fd)  # the mark is taken first: a write meanwhile moves it
                    _synced[real] = mark_of(info)
            finally:
                os.close(fd)
            reals.setdefault(real.parent, []).append(real)
    swept_now(reals)


_synced: dict[Path, Mark] = {}
"""The files this process saved, each as it was once fsynced and put in place: when a
file still is that one at the next save, it needs no fsync before it becomes the backup."""


def _written(real: Path, data: bytes, mode: int, target: str) -> tuple[Path, Mark]:
    """`data` in a new temporary file beside `real`, fsynced, with `mode`, and its mark
    once fsynced; on any failure the temporary file is removed."""
    temp = real.with_name(f".{real.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    fd = os.open(temp, flags, mode)
    try:
        try:
            write_all(fd, data)
            crash("after-write", target)
            os.fsync(fd)
            crash("after-fsync", target)
            mark = mark_of(os.fstat(fd))
        finally:
            os.close(fd)
        os.chmod(temp, mode)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return temp, mark


def _put_in_place(temp: Path, real: Path, target: str) -> None:
    """Rename `temp` over `real`; on failure `temp` is removed and `real` untouched."""
    try:
        crash("before-replace", target)
        os.replace(temp, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _replace_with(real: Path, data: bytes, mode: int, target: str) -> None:
    """Write `data` to a temporary file beside `real`, fsync it, and rename it over
    `real`; on any failure the temporary file is removed and `real` is untouched."""
    _put_in_place(_written(real, data, mode, target)[0], real, target)


def backup_of(real: Path) -> Path:
    """The backup beside a session given by its real path (symlinks resolved)."""
    return real.with_name(real.name + ".bak")


def _keep_previous(real: Path, info: os.stat_result) -> bool:
    """Make the file as it is now `<file>.bak` too: a hard link under a temporary name,
    renamed over the old backup (fsync-ing the file first, in case whoever wrote it did
    not: unless it is still the one this process saved), the old backup kept as the
    spare (`spare.park`); a copy, written like a save, where links cannot be made. True
    when the backup is a link (the file and its backup are one until the new file is in)."""
    mode = info.st_mode & 0o7777
    bak = backup_of(real)
    held: os.stat_result | None = None
    with contextlib.suppress(OSError):
        held = os.lstat(bak)
        same = (held.st_ino, held.st_dev) == (info.st_ino, info.st_dev)
        if same and info.st_ino and info.st_nlink > 1:  # st_ino 0: the system does not say
            return True  # already linked (a save died after linking): nothing to do
    temp = bak.with_name(f".{bak.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    if not (info.st_ino and _synced.get(real) == mark_of(info)):
        fd = os.open(real, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        try:
            os.fsync(fd)
        except OSError:
            pass  # a file system that cannot sync a file opened for reading (Windows)
        finally:
            os.close(fd)
    try:
        os.link(real, temp)
    except OSError:  # no hard links here (FAT, some network shares, another owner's file)
        _replace_with(bak, real.read_bytes(), mode, "bak")
        return False
    parked = park(bak, held, spare_of(real))
    try:
        _put_in_place(temp, bak, "bak")
    except BaseException:
        if parked:  # the old backup stays the backup: of one name again
            with contextlib.suppress(OSError):
                os.unlink(spare_of(real))
        raise
    return True


def _remember_synced(real: Path, written: Mark) -> None:
    """Remember the file just put in place as fsynced: as it is now (the rename moved its
    change time), when it still is the file written (best effort: else forget it)."""
    _synced.pop(real, None)
    with contextlib.suppress(OSError):
        now = mark_of(os.stat(real))
        if now[:3] == written[:3]:
            _synced[real] = now


def _unshare(real: Path, mode: int) -> None:
    """After a save that failed once the backup was linked: make the backup a copy of its
    own again, so an edit of the file in place cannot change it too (best effort)."""
    with contextlib.suppress(OSError):
        _replace_with(backup_of(real), real.read_bytes(), mode, "bak")


_names_synced: dict[Path, Mark | None] = {}
"""The files this process saved and whose folder it fsynced after, each as it was then:
while a file still is that one, the names of its last save are on the disk."""


def _sync_folder(folder: Path) -> bool:
    """Make a rename durable (not every system can open a folder; then skip): whether
    the folder was fsynced."""
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    except OSError:
        return False
    return True


def read_only(real: Path, mode: int) -> bool:
    """True when a file says it must not be written: no write permission for anyone
    (`chmod 444`, which even the administrator's mahj respects), or none for this user."""
    return not mode & 0o222 or not os.access(real, os.W_OK)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomic(path: Path, data: bytes, *, backup: bool = True) -> None:
    """Replace `path`'s contents with `data` atomically, through a symlink if it is one,
    keeping the file's permissions and (with `backup`) its previous contents in `.bak`.

    A crash at any moment leaves `path` holding either the old or the new bytes; a
    failure (full disk, failing fsync or rename) raises SaveFailed with `path` unchanged.
    """
    real = real_path(path)
    try:
        info: os.stat_result | None = None
        with contextlib.suppress(FileNotFoundError):
            info = os.stat(real)
        if info is not None and stat.S_ISDIR(info.st_mode):
            raise SaveFailed(f"{path} is a folder, not a session file; nothing was saved")
        clean_stale(real)
        if info is not None and read_only(real, info.st_mode):
            raise SaveFailed(
                f"{path} is read-only, so mahj leaves it as it is; nothing was changed "
                f"(make it writable first if you mean to change it: chmod u+w {path})"
            )
        mode = info.st_mode & 0o7777 if info is not None else 0o666 & ~_umask()
        kept = backup and info is not None
        if kept and info is not None and _names_synced.get(real) != mark_of(info):
            _sync_folder(real.parent)  # the spare is no longer named as the file on disk
        over_spare = claimed_spare(real, data, mode) if kept else None
        temp, mark = over_spare or _written(real, data, mode, "session")
        linked = False
        try:
            if kept and info is not None:
                linked = _keep_previous(real, info)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
        try:
            _put_in_place(temp, real, "session")
        except BaseException:
            if linked:
                _unshare(real, mode)
            raise
        _remember_synced(real, mark)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise SaveFailed(
            f"could not save {path}: {reason}; the file on disk is unchanged"
        ) from None
    if _sync_folder(real.parent):
        _names_synced[real] = _synced.get(real)


def create(path: Path, data: bytes) -> None:
    """Write a brand-new session file; never overwrites (SessionExists)."""
    if path.is_dir():
        raise SessionExists(f"{path} is a folder; give a file name for the new session")
    if path.exists() or path.is_symlink():
        raise SessionExists(f"{path} already exists; mahj never overwrites a session")
    if not path.parent.exists():
        raise SaveFailed(f"the folder {path.parent} does not exist")
    write_atomic(path, data, backup=False)


def take_back(path: Path, why: str) -> None:
    """Remove a session file just created (under its lock) when what had to follow its
    creation failed, so nothing is left half done. SaveFailed says what exists if the
    file cannot be removed either."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SaveFailed(
            f"{why}; the new session {path} was created but could not be made current "
            f"(nor removed: {exc.strerror}); use it with --session {path}"
        ) from None
