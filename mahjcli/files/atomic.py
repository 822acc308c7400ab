"""Saving all or nothing: the new version goes in a temporary file beside the real one
(`.<file>.<pid>.<random>.tmp`, fsynced), the previous one is kept as `<file>.bak` (a new
hard link, or a copy where there are none), `os.replace` puts the new file in place and
the folder is fsynced. No file is ever written in place, so a reader sees one version; a
crash leaves the old file or the new one, and the backup the one before.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from pathlib import Path

from ..core.errors import FileChanged, SaveFailed, SessionExists
from ..core.names import typed_value
from .reading import Stamp, stamp_of


def crash(point: str, target: str) -> None:
    """Test hook: die at `point` of a save when $MAHJ_CRASH_AT names it (`after-write`,
    `after-fsync`, `before-replace`; `bak:` before them for the backup)."""
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
    """The backup beside a session given by its real path."""
    return real.with_name(real.name + ".bak")


def _temp_beside(real: Path) -> Path:
    return real.with_name(f".{real.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")


def _gone(pid: int) -> bool:
    """Whether process `pid` has ended (this one's saves have: saves never overlap)."""
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
    """Remove what killed saves of `real` (and of its backup) left behind."""
    pattern = re.compile(rf"^\.{re.escape(real.name)}(\.bak)?\.(\d+)\.[0-9a-f]+\.tmp$")
    with contextlib.suppress(OSError):
        for entry in os.scandir(real.parent):
            found = pattern.match(entry.name)
            if found and _gone(int(found.group(2))):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _written(real: Path, data: bytes, mode: int, target: str) -> Path:
    """`data` in a new fsynced temporary file beside `real` (removed on any failure)."""
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
    """Make the file as it is (`info`) its backup: fsynced (whoever wrote it may not have),
    then hard-linked under a temporary name renamed over the old backup, or copied where
    links cannot be made. True when the backup is a link."""
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
            _put_in_place(_written(bak, real.read_bytes(), mode, "bak"), bak, "bak")
            return False
        _put_in_place(temp, bak, "bak")
        return True
    except PermissionError:
        with contextlib.suppress(FileNotFoundError):
            _refuse_backup(bak, os.lstat(bak), refused=True)
        raise


def _refuse_backup(bak: Path, held: os.stat_result, refused: bool = False) -> None:
    """SaveFailed when the backup is a folder, or (`refused`) another user's file in a
    sticky folder."""
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


def _unshare(real: Path, mode: int) -> None:
    """After a failed save, make a linked backup a copy again (an edit in place of the
    file must not change it too)."""
    with contextlib.suppress(OSError):
        bak = backup_of(real)
        _put_in_place(_written(bak, real.read_bytes(), mode, "bak"), bak, "bak")


def _sync_folder(folder: Path) -> None:
    """Make a rename durable (where a folder can be opened)."""
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def _read_only(real: Path, mode: int) -> bool:
    """No write permission for anyone (`chmod 444`, respected even by root), or for us."""
    return not mode & 0o222 or not os.access(real, os.W_OK)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _still(path: Path, real: Path, expect: Stamp | None, linked: bool = False) -> None:
    """FileChanged unless the file still has the stamp it was read with (once `linked` to
    its backup, whose link moved its change time: the rest of the stamp)."""
    try:
        now: Stamp | None = stamp_of(os.stat(real))
    except FileNotFoundError:
        now = None
    if linked and now is not None and expect is not None:
        now = (*now[:4], expect[4])
    if now != expect:
        raise FileChanged(
            f"{path} changed while mahj was saving it (an editor or another program wrote "
            "it meanwhile); mahj did not save over it, so nothing was lost: look at it, "
            "then run the command again"
        )


def write_atomic(
    path: Path, data: bytes, *, backup: bool = True, expect: Stamp | None = None
) -> None:
    """Replace `path` (through a symlink) with `data` atomically, keeping its permissions
    and (`backup`) its previous version; SaveFailed leaves it unchanged, and FileChanged
    when it is no longer the file read with the stamp `expect`."""
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
            if expect is not None:
                _still(path, real, expect, linked)  # an edit saved while the backup was made
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            if linked:
                _unshare(real, mode)
            raise
        try:
            _put_in_place(temp, real, "session")
        except BaseException:
            if linked:
                _unshare(real, mode)
            raise
    except OSError as exc:
        kept = "the file on disk is unchanged" if info is not None else "nothing was created"
        if exc.errno == errno.ENOSPC:
            kept += " (free some space on the disk, then run it again)"
        raise SaveFailed(f"could not save {path}: {exc.strerror or exc}; {kept}") from None
    _sync_folder(real.parent)


def create(path: Path, data: bytes) -> None:
    """Write a brand-new session file; never overwrites (SessionExists)."""
    if path.is_dir():
        raise SessionExists(f"{path} is a folder; give a file name for the new session")
    if path.exists() or path.is_symlink():
        raise SessionExists(f"{path} already exists; mahj never writes over a night or an event")
    if not path.parent.exists():
        raise SaveFailed(f"the folder {path.parent} does not exist")
    write_atomic(path, data, backup=False)


def take_back(path: Path, why: str) -> None:
    """Remove a session file just created when what had to follow failed (SaveFailed says
    what is left if it cannot be removed)."""
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SaveFailed(
            f"{why}; the new session {path} was created but could not be made current "
            f"(nor removed: {exc.strerror}); use it with --session {typed_value(str(path))}"
        ) from None
