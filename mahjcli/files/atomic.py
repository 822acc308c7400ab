"""Saving all or nothing.

A save writes the new version in a temporary file beside the session
(`.<file>.<pid>.<random>.tmp`), flushes and fsyncs it, keeps the previous version as
`<file>.bak`, checks that the file is still the one the change read (`expect`), renames
the new file over the old one with `os.replace`, and fsyncs the folder. A crash at any
moment leaves the old file or the new one, never a mix, and the backup holds the
version before. The backup is a new hard link to the previous file (made under a
temporary name and renamed over the old backup), or a copy where the file system has no
hard links. No file is ever written in place, so whoever reads a file reads one whole
version of it.

A symlinked session is saved through its link. Each save first removes what killed
saves of the same file left behind (temporary files of a process that is gone). For the
crash tests, $MAHJ_CRASH_AT makes a save kill itself at one of its steps (see `crash`).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from pathlib import Path

from ..core.errors import FileChanged, SaveFailed, SessionExists
from .reading import Stamp, stamp_of


def crash(point: str, target: str) -> None:
    """Test hook: the process kills itself at `point` of a save when $MAHJ_CRASH_AT names
    it: `after-write`, `after-fsync` or `before-replace` for the session file itself,
    `bak:before-replace` for its backup link (`bak:` and the others where it is copied)."""
    wanted = os.environ.get("MAHJ_CRASH_AT")
    if wanted and wanted == (point if target == "session" else f"{target}:{point}"):
        import signal

        if hasattr(signal, "SIGKILL"):
            os.kill(os.getpid(), signal.SIGKILL)
        os._exit(137)  # pragma: no cover - no SIGKILL (Windows): die as abruptly


def write_all(fd: int, data: bytes) -> None:
    """Write every byte (a nearly full disk may take them a few at a time)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[written:]


def backup_of(real: Path) -> Path:
    """The backup beside a session given by its real path (symlinks resolved)."""
    return real.with_name(real.name + ".bak")


def _temp_beside(real: Path) -> Path:
    return real.with_name(f".{real.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")


def _gone(pid: int) -> bool:
    """Whether process `pid` has ended (this process's own saves have ended too: a save
    removes its temporary file when it fails, and saves of one file never overlap)."""
    if pid == os.getpid():
        return True
    if os.name != "posix":  # pragma: no cover - Windows' os.kill(pid, 0) is not a probe
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        return False
    return False


def _sweep(real: Path) -> None:
    """Remove the temporary files killed saves of `real` (and of its backup) left behind."""
    pattern = re.compile(rf"^\.{re.escape(real.name)}(\.bak)?\.(\d+)\.[0-9a-f]+\.tmp$")
    with contextlib.suppress(OSError):
        for entry in os.scandir(real.parent):
            found = pattern.match(entry.name)
            if found and _gone(int(found.group(2))):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _written(real: Path, data: bytes, mode: int, target: str) -> Path:
    """`data` in a new temporary file beside `real`, fsynced, with `mode`; on any failure
    the temporary file is removed."""
    temp = _temp_beside(real)
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    fd = os.open(temp, flags, mode)
    try:
        try:
            write_all(fd, data)
            crash("after-write", target)
            os.fsync(fd)
            crash("after-fsync", target)
        finally:
            os.close(fd)
        os.chmod(temp, mode)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return temp


def _put_in_place(temp: Path, real: Path, target: str) -> None:
    """Rename `temp` over `real`; on failure `temp` is removed and `real` untouched."""
    try:
        crash("before-replace", target)
        os.replace(temp, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _keep_previous(real: Path, info: os.stat_result, mode: int) -> bool:
    """Make the file as it is now (`info`) its backup: fsynced first (whoever wrote it may
    not have), then a new hard link to it under a temporary name, renamed over the old
    backup; a copy, written like a save, where links cannot be made. True when the backup
    is a link (the file and its backup are one until the new file is in)."""
    bak = backup_of(real)
    with contextlib.suppress(FileNotFoundError):
        held = os.lstat(bak)
        _refuse_backup(bak, held)
        if info.st_ino and (held.st_ino, held.st_dev) == (info.st_ino, info.st_dev):
            return True  # already linked (a save died after linking): nothing to do
    fd = os.open(real, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    try:
        os.fsync(fd)
    except OSError:
        pass  # a file system that cannot sync a file opened for reading (Windows)
    finally:
        os.close(fd)
    temp = _temp_beside(bak)
    try:
        try:
            os.link(real, temp)
        except OSError:  # no hard links here (FAT, some network shares, another owner's file)
            _put_in_place(_written(bak, _read(real), mode, "bak"), bak, "bak")
            return False
        _put_in_place(temp, bak, "bak")
        return True
    except PermissionError:
        with contextlib.suppress(FileNotFoundError):
            _refuse_backup(bak, os.lstat(bak), refused=True)
        raise


def _refuse_backup(bak: Path, held: os.stat_result, refused: bool = False) -> None:
    """SaveFailed naming the backup when it cannot be replaced: a folder, or (`refused`:
    its replacement was refused) another user's file in a folder that lets only a file's
    owner replace it (a shared folder with the sticky bit)."""
    if stat.S_ISDIR(held.st_mode):
        raise SaveFailed(
            f"the backup {bak} is a folder, so the previous version cannot be kept there; "
            "nothing was changed (move that folder away, then try again)"
        )
    owner = getattr(os, "geteuid", None)
    if refused and owner is not None and held.st_uid != owner():
        raise SaveFailed(
            f"the backup {bak} belongs to another user and this folder lets only its owner "
            "replace it; nothing was changed (ask them to remove it, or keep the night in "
            "a folder of your own)"
        )


def _read(real: Path) -> bytes:
    with open(real, "rb") as f:
        return f.read()


def _unshare(real: Path, mode: int) -> None:
    """After a save that failed once the backup was linked: make the backup a copy of its
    own again, so an edit of the file in place cannot change it too (best effort)."""
    with contextlib.suppress(OSError):
        bak = backup_of(real)
        _put_in_place(_written(bak, _read(real), mode, "bak"), bak, "bak")


def _sync_folder(folder: Path) -> None:
    """Make a rename durable (not every system can open a folder; then skip)."""
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _read_only(real: Path, mode: int) -> bool:
    """True when a file says it must not be written: no write permission for anyone
    (`chmod 444`, which even the administrator's mahj respects), or none for this user."""
    return not mode & 0o222 or not os.access(real, os.W_OK)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _still(path: Path, real: Path, expect: Stamp | None) -> None:
    """FileChanged unless the file is still the one read (`expect`: its stamp then)."""
    try:
        now: Stamp | None = stamp_of(os.stat(real))
    except FileNotFoundError:
        now = None
    if now != expect:
        raise FileChanged(
            f"{path} changed while mahj was saving it (an editor or another program wrote "
            "it meanwhile); mahj did not save over it, so nothing was lost: look at it, "
            "then run the command again"
        )


def write_atomic(
    path: Path, data: bytes, *, backup: bool = True, expect: Stamp | None = None
) -> None:
    """Replace `path`'s contents with `data` atomically, through a symlink if it is one,
    keeping the file's permissions and (with `backup`) its previous contents in `.bak`.

    A crash at any moment leaves `path` holding either the old or the new bytes; a
    failure (full disk, failing fsync or rename) raises SaveFailed with `path` unchanged.
    With `expect` (the file's stamp when it was read), FileChanged when the file is no
    longer that one just before the new version would go in.
    """
    real = Path(os.path.realpath(path))
    try:
        info: os.stat_result | None = None
        with contextlib.suppress(FileNotFoundError):
            info = os.stat(real)
        if info is not None and stat.S_ISDIR(info.st_mode):
            raise SaveFailed(f"{path} is a folder, not a session file; nothing was saved")
        if info is not None and _read_only(real, info.st_mode):
            raise SaveFailed(
                f"{path} is read-only, so mahj leaves it as it is; nothing was changed "
                f"(make it writable first if you mean to change it: chmod u+w {path})"
            )
        _sweep(real)
        mode = info.st_mode & 0o7777 if info is not None else 0o666 & ~_umask()
        temp = _written(real, data, mode, "session")
        linked = False
        try:
            if expect is not None:
                _still(path, real, expect)
            if backup and info is not None:
                linked = _keep_previous(real, info, mode)
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
