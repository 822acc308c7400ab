"""One command at a time: every read-change-write holds an OS lock (`flock`; filelock
where there is none) on `.<file>.lock` beside the real file, readable by its owner only
(another user who could open it could stop every save). It dies with its process.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from ..core.errors import Busy, SaveFailed, SessionMissing


def lock_timeout() -> float:
    """Seconds a command waits for another one's lock: $MAHJ_LOCK_TIMEOUT, else 10."""
    try:
        seconds = float(os.environ.get("MAHJ_LOCK_TIMEOUT", ""))
    except ValueError:
        return 10.0
    return seconds if seconds >= 0 else 10.0


def lock_path(real: Path) -> Path:
    """The lock file of a session (given by its real path)."""
    return real.with_name(f".{real.name}.lock")


@contextlib.contextmanager
def locked(path: Path) -> Iterator[Path]:
    """Hold the session's lock, yielding its real path; Busy after lock_timeout() seconds."""
    real = Path(os.path.realpath(path))
    try:
        is_folder, parent_ok = _folder_and_parent(real)
    except OSError as exc:
        raise SessionMissing(f"cannot use {path}: {exc.strerror or exc}") from None
    if is_folder or not real.name:
        raise SessionMissing(f"{path} is a folder, not a session file; give the file's name")
    if not parent_ok:
        # filelock would create the missing folders; a mistyped path must not.
        raise SessionMissing(f"{path}: the folder {real.parent} does not exist; check the path")
    had_lock = os.path.lexists(lock_path(real))
    try:
        release = acquire(lock_path(real), lock_timeout())
    except TimeoutError:
        raise Busy(
            f"another mahj command is still using {path}; nothing was changed, "
            "try again in a moment"
        ) from None
    except PermissionError as exc:
        if not had_lock:  # no lock file to open: the folder cannot be written in
            raise SaveFailed(
                f"cannot lock {path}: the folder {real.parent} cannot be written in "
                f"({exc.strerror}); nothing was changed (copy the night to a folder of your "
                "own, or make this one writable)"
            ) from None
        raise SaveFailed(
            f"cannot lock {path}: its lock file {lock_path(real)} cannot be opened "
            f"({exc.strerror}); nothing was changed (if another user made it, ask them to "
            "remove it)"
        ) from None
    except OSError as exc:
        raise SaveFailed(f"cannot lock {path}: {_lock_problem(exc, lock_path(real))}") from None
    try:
        yield real
    finally:
        if not had_lock and not os.path.lexists(real):
            with contextlib.suppress(OSError):  # no session came of it (a mistyped --session)
                os.unlink(lock_path(real))
        with contextlib.suppress(OSError):  # closing the lock file lets it go in any case
            release()


def _lock_problem(exc: OSError, lock: Path) -> str:
    """Why the lock file cannot be used, and what to do about it."""
    if exc.errno == errno.ELOOP:  # opened without following links
        return (
            f"its lock file {lock} is a link, which mahj never follows; nothing was changed "
            "(remove the link, then try again)"
        )
    if exc.errno == errno.EROFS:
        return "the folder is read-only; nothing was changed (copy the night somewhere writable)"
    return f"{exc.strerror or exc}; nothing was changed"


_MISSING = (errno.ENOENT, errno.ENOTDIR, errno.ELOOP, errno.EBADF)


def _folder_and_parent(real: Path) -> tuple[bool, bool]:
    """Whether `real` is a folder, and whether its folder is one. Not `Path.is_dir`: newer
    Pythons take any failure to look (a folder this user may not enter) for "no"."""
    try:
        return stat.S_ISDIR(os.stat(real).st_mode), True
    except OSError as exc:
        if exc.errno not in _MISSING:
            raise
    try:
        return False, stat.S_ISDIR(os.stat(real.parent).st_mode)
    except OSError as exc:
        if exc.errno not in _MISSING:
            raise
    return False, False


def acquire(path: Path, timeout: float) -> Callable[[], None]:
    """Take the OS lock on `path` (TimeoutError after `timeout` seconds); returns its release."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return acquire_filelock(path, timeout)
    deadline = time.monotonic() + timeout
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
        _owner_only(fd)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            os.close(fd)
            if exc.errno not in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES):
                raise
            if time.monotonic() >= deadline:
                raise TimeoutError(str(path)) from None
            time.sleep(0.05)
            continue
        if _still_there(path, fd):
            break
        os.close(fd)  # its holder took the lock file away (`locked`): lock the new one

    def release() -> None:
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)

    return release


def _still_there(path: Path, fd: int) -> bool:
    """Whether the lock file held by `fd` is still the one at `path`."""
    try:
        return os.stat(path, follow_symlinks=False).st_ino == os.fstat(fd).st_ino
    except FileNotFoundError:
        return False


def _owner_only(fd: int) -> None:
    """Narrow a lock file an older mahj made readable by everyone to its owner."""
    with contextlib.suppress(OSError):
        info = os.fstat(fd)
        if info.st_mode & 0o077 and info.st_uid == os.geteuid():
            os.fchmod(fd, stat.S_IMODE(info.st_mode) & 0o700)


def acquire_filelock(path: Path, timeout: float) -> Callable[[], None]:
    """The same lock through filelock (Windows; the tests run it on POSIX too)."""
    from filelock import FileLock, Timeout

    lock = FileLock(str(path))
    try:
        lock.acquire(timeout=timeout)
    except Timeout:
        raise TimeoutError(str(path)) from None
    return lock.release
