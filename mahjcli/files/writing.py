"""The pieces every save is made of: writing every byte of a file, what tells one
version of a file from another, and the crash tests' hook ($MAHJ_CRASH_AT)."""

from __future__ import annotations

import errno
import os

CRASH_POINTS = ("after-write", "after-fsync", "before-replace")
"""Where a save can be made to kill itself ($MAHJ_CRASH_AT), for the crash tests (the
backup, made by a link, has only `before-replace`)."""


_CRASH_AT = os.environ.get("MAHJ_CRASH_AT")
"""The crash point armed for this process (read once, as the process starts)."""


def crash(point: str, target: str) -> None:
    """Test hook: the process kills itself at `point` of a save when $MAHJ_CRASH_AT names
    it: `after-write`, `after-fsync` or `before-replace` for the session file itself,
    `bak:before-replace` for its backup (`bak:` and the others where it is copied)."""
    wanted = _CRASH_AT
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


Mark = tuple[int, int, int, int, int]


def mark_of(info: os.stat_result) -> Mark:
    """What tells one version of a file from another: its device and inode, size,
    modification time and change time (which every write and every rename moves, and
    which no program can set back)."""
    return info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns
