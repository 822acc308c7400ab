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
(`.<file>.<pid>.<random>.tmp`); the backup it replaces is kept as the next spare (linked
under a temporary name before the new backup is renamed over it, then renamed to the
spare once the new file is in). So saving a file again and again creates and deletes no
file: on ext4 without a journal, each new file's inode is looked for past every inode
freed in the last minute or more, and a room of fifty tables saving at once spent a fifth
of its processors' time there, holding the folder's lock. A file put in place is thus
written again two saves later: a reader that opened it before and is still reading (a
page's thread, held up that long) sees it change, and reads the file again (`reading`).

A symlinked session is saved through its link. The next save removes the temporary files
a killed save left behind (see `leftovers`). For the crash tests, $MAHJ_CRASH_AT makes a
save kill itself at one of its steps (see `_crash`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path

from ..core.errors import SaveFailed, SessionExists
from .leftovers import clean_stale, swept_now
from .lock import real_path

CRASH_POINTS = ("after-write", "after-fsync", "before-replace")
"""Where a save can be made to kill itself ($MAHJ_CRASH_AT), for the crash tests (the
backup, made by a link, has only `before-replace`)."""


_CRASH_AT = os.environ.get("MAHJ_CRASH_AT")
"""The crash point armed for this process (read once, as the process starts)."""


def _crash(point: str, target: str) -> None:
    """Test hook: the process kills itself at `point` of a save when $MAHJ_CRASH_AT names
    it: `after-write`, `after-fsync` or `before-replace` for the session file itself,
    `bak:before-replace` for its backup (`bak:` and the others where it is copied)."""
    wanted = _CRASH_AT
    if wanted and wanted == (point if target == "session" else f"{target}:{point}"):
        import signal

        if hasattr(signal, "SIGKILL"):
            os.kill(os.getpid(), signal.SIGKILL)
        os._exit(137)  # pragma: no cover - no SIGKILL (Windows): die as abruptly


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
                    _synced[real] = _mark(info)
            finally:
                os.close(fd)
            reals.setdefault(real.parent, []).append(real)
    swept_now(reals)


def write_all(fd: int, data: bytes) -> None:
    """Write every byte (a nearly full disk may take them a few at a time)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[written:]


Mark = tuple[int, int, int, int, int]
_synced: dict[Path, Mark] = {}
"""The files this process saved, each as it was once fsynced and put in place: when a
file still is that one at the next save, it needs no fsync before it becomes the backup."""


def _mark(info: os.stat_result) -> Mark:
    """What tells one version of a file from another: its device and inode, size,
    modification time and change time (which every write and every rename moves, and
    which no program can set back)."""
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns


def spare_of(real: Path) -> Path:
    """The spare beside a session given by its real path: the backup before last, which
    the next save writes over (see the module's text)."""
    return real.with_name(f".{real.name}.spare")


def _rewritten(spare: Path, data: bytes, mode: int) -> Mark | None:
    """`data` written over the spare, fsynced, with `mode`: its mark once fsynced; None
    where there is no spare to write over (none, or not a regular file of one name that
    this user may write), and the save writes a new file."""
    flags = os.O_WRONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:  # a FIFO must not hang, a link must not be followed
        fd = os.open(spare, flags | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
            return None
        write_all(fd, data)
        _crash("after-write", "session")
        if info.st_size > len(data):
            os.ftruncate(fd, len(data))
        os.fsync(fd)
        _crash("after-fsync", "session")
        if stat.S_IMODE(info.st_mode) != mode:
            if hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
            else:  # pragma: no cover - Windows
                os.chmod(spare, mode)
        return _mark(os.fstat(fd))
    finally:
        os.close(fd)


def _written(real: Path, data: bytes, mode: int, target: str) -> tuple[Path, Mark]:
    """`data` in a new temporary file beside `real`, fsynced, with `mode`, and its mark
    once fsynced; on any failure the temporary file is removed."""
    temp = real.with_name(f".{real.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    fd = os.open(temp, flags, mode)
    try:
        try:
            write_all(fd, data)
            _crash("after-write", target)
            os.fsync(fd)
            _crash("after-fsync", target)
            mark = _mark(os.fstat(fd))
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
        _crash("before-replace", target)
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


def _keep_previous(real: Path, info: os.stat_result) -> tuple[bool, Path | None]:
    """Make the file as it is now `<file>.bak` too: a hard link under a temporary name,
    renamed over the old backup (fsync-ing the file first, in case whoever wrote it did
    not: unless it is still the one this process saved); a copy, written like a save,
    where links cannot be made. True when the backup is a link (the file and its backup
    are one until the new file is in); and the old backup under a temporary name, when it
    is kept to become the spare (a regular file of one name: see `_park`)."""
    mode = info.st_mode & 0o7777
    bak = backup_of(real)
    held: os.stat_result | None = None
    with contextlib.suppress(OSError):
        held = os.lstat(bak)
        same = (held.st_ino, held.st_dev) == (info.st_ino, info.st_dev)
        if same and info.st_ino and info.st_nlink > 1:  # st_ino 0: the system does not say
            return True, None  # already linked (a save died after linking): nothing to do
    temp = bak.with_name(f".{bak.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    if not (info.st_ino and _synced.get(real) == _mark(info)):
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
        return False, None
    parked = _park(bak, held)
    try:
        _put_in_place(temp, bak, "bak")
    except BaseException:
        if parked is not None:
            with contextlib.suppress(OSError):
                os.unlink(parked)
        raise
    return True, parked


def _park(bak: Path, held: os.stat_result | None) -> Path | None:
    """The old backup (as `held` tells it) linked under a temporary name, so that renaming
    the new backup over it does not delete it; None when it is not a regular file of one
    name (another name would see the spare written over) or cannot be linked."""
    if held is None or not stat.S_ISREG(held.st_mode) or held.st_nlink != 1:
        return None
    parked = bak.with_name(f".{bak.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    try:
        os.link(bak, parked)
    except OSError:
        return None
    return parked


def _keep_spare(parked: Path, spare: Path) -> None:
    """The old backup becomes the spare (best effort: else it is removed)."""
    try:
        os.replace(parked, spare)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(parked)


def _remember_synced(real: Path, written: Mark) -> None:
    """Remember the file just put in place as fsynced: as it is now (the rename moved its
    change time), when it still is the file written (best effort: else forget it)."""
    _synced.pop(real, None)
    with contextlib.suppress(OSError):
        now = _mark(os.stat(real))
        if now[:3] == written[:3]:
            _synced[real] = now


def _unshare(real: Path, mode: int) -> None:
    """After a save that failed once the backup was linked: make the backup a copy of its
    own again, so an edit of the file in place cannot change it too (best effort)."""
    with contextlib.suppress(OSError):
        _replace_with(backup_of(real), real.read_bytes(), mode, "bak")


def _sync_folder(folder: Path) -> None:
    """Make a rename durable (not every system can open a folder; then skip)."""
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


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
        spare = spare_of(real)
        over_spare = _rewritten(spare, data, mode) if kept else None
        if over_spare is not None:
            temp, mark = spare, over_spare
        else:
            temp, mark = _written(real, data, mode, "session")
        linked, parked = False, None
        try:
            if kept and info is not None:
                linked, parked = _keep_previous(real, info)
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
        finally:
            if parked is not None:
                _keep_spare(parked, spare)
        _remember_synced(real, mark)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise SaveFailed(
            f"could not save {path}: {reason}; the file on disk is unchanged"
        ) from None
    _sync_folder(real.parent)


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
