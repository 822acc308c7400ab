"""The only file I/O: where sessions live, reading and validating, the lock, atomic saves.

Saves write a temporary file in the same folder (`.<file>.<pid>.<random>.tmp`), fsync it,
keep the previous version as `<file>.bak` (written the same way), then `os.replace` the
new one in, so a crash at any moment leaves either the old or the new file, never a mix.
A symlinked session is saved through its link. Every read-change-write runs under a lock
file (`.<file>.lock` beside the real file, an OS lock that dies with its process); a
command waits up to $MAHJ_LOCK_TIMEOUT seconds (default 10) for it. The next save removes
the temporary files a killed save left behind. For the crash tests, $MAHJ_CRASH_AT makes a
save kill itself at one of its steps (see `_crash`).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import errno
import os
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .errors import (
    Busy,
    CardInvalid,
    SaveFailed,
    SessionExists,
    SessionInvalid,
    SessionMissing,
)
from .model import Card
from .sessionfile import FileProblem, Parsed, decode, parse_text

APP = "mahj"
LOCK_TIMEOUT = 10.0
"""Default seconds to wait for the lock ($MAHJ_LOCK_TIMEOUT overrides it)."""
CRASH_POINTS = ("after-write", "after-fsync", "before-replace")
"""Where a save can be made to kill itself ($MAHJ_CRASH_AT), for the crash tests."""


def data_dir() -> Path:
    """Where sessions live: $MAHJ_DATA_DIR, else the platform's user data folder."""
    override = os.environ.get("MAHJ_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def _pointer() -> Path:
    return data_dir() / "current"


def current_path() -> Path | None:
    """The session `mahj new` last made current, if any."""
    try:
        text = _pointer().read_text(encoding="utf-8").strip()
    except OSError:
        return None
    return Path(text) if text else None


def set_current(path: Path) -> None:
    """Make `path` the current session."""
    directory = data_dir()
    directory.mkdir(parents=True, exist_ok=True)
    write_atomic(_pointer(), (str(path.resolve()) + "\n").encode("utf-8"), backup=False)


def locate(option: Path | None) -> Path:
    """The session a command works on: --session, else $MAHJ_SESSION, else the current one."""
    if option is not None:
        return option
    env = os.environ.get("MAHJ_SESSION")
    if env:
        return Path(env)
    current = current_path()
    if current is None:
        raise SessionMissing(
            "no current session; start one with `mahj new PLAYER...` or pass --session FILE"
        )
    return current


@dataclass(frozen=True)
class Loaded:
    """A session file as read: its path, exact bytes, and what they parse to."""

    path: Path
    data: bytes
    parsed: Parsed


def where(path: Path, problem: FileProblem) -> str:
    """`file:line: message`, the way compilers and bean-check point at a line."""
    return (
        f"{path}:{problem.line}: {problem.message}"
        if problem.line
        else f"{path}: {problem.message}"
    )


def backup_path(path: Path) -> Path:
    """Where the previous version of a session is kept."""
    real = Path(os.path.realpath(path))
    return real.with_name(real.name + ".bak")


def read(path: Path) -> Loaded:
    """Read a session file; raises SessionMissing, or SessionInvalid naming the first problem."""
    if path.is_dir():
        raise SessionMissing(f"{path} is a folder, not a session file; pass the file itself")
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise SessionMissing(
            f"no session file at {path}; start one with `mahj new PLAYER...`"
        ) from None
    except OSError as exc:
        raise SessionMissing(f"cannot read {path}: {exc.strerror}") from None
    text, problem = decode(data)
    if text is None:
        assert problem is not None
        parsed = Parsed("", {}, None, (problem,))
    else:
        parsed = parse_text(text)
    return Loaded(path, data, parsed)


def invalid_message(loaded: Loaded) -> str:
    """One line that says what is wrong with a damaged file and what to do."""
    problems = loaded.parsed.problems
    message = where(loaded.path, problems[0])
    if len(problems) > 1:
        message += f" (and {len(problems) - 1} more: `mahj check` lists them)"
    if "newer mahj" in problems[0].message:
        message += "; nothing was changed"
    else:
        message += "; fix it with an editor (then run `mahj check`), nothing was changed"
    bak = backup_path(loaded.path)
    if bak.exists():
        message += f"; the previous version is in {bak}"
    return message


def load_valid(path: Path) -> Loaded:
    """Read a session and insist it is valid (SessionInvalid otherwise)."""
    loaded = read(path)
    if loaded.parsed.session is None:
        raise SessionInvalid(invalid_message(loaded))
    return loaded


def lock_timeout() -> float:
    """Seconds a command waits for another one's lock: $MAHJ_LOCK_TIMEOUT, else 10."""
    raw = os.environ.get("MAHJ_LOCK_TIMEOUT", "")
    try:
        seconds = float(raw)
    except ValueError:
        return LOCK_TIMEOUT
    return seconds if seconds >= 0 else LOCK_TIMEOUT


_held: set[Path] = set()
"""Real paths of the sessions whose lock this process holds."""


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the session's lock; waits up to lock_timeout() seconds, then raises Busy."""
    real = Path(os.path.realpath(path))
    if not real.parent.is_dir():
        # filelock would create the missing folders; a mistyped path must not.
        raise SessionMissing(f"{path}: the folder {real.parent} does not exist; check the path")
    try:
        release = _acquire(real.with_name(f".{real.name}.lock"), lock_timeout())
    except TimeoutError:
        raise Busy(
            f"another mahj command is still using {path}; nothing was changed, "
            "try again in a moment"
        ) from None
    except OSError as exc:
        raise SaveFailed(f"cannot lock {path}: {exc.strerror or exc}") from None
    _held.add(real)
    try:
        yield
    finally:
        _held.discard(real)
        release()


def _acquire(lock_path: Path, timeout: float) -> Callable[[], None]:
    """Take the OS lock on `lock_path` (TimeoutError after `timeout` seconds) and return
    what lets it go. Where there is flock (Linux, macOS), flock itself, which is what
    filelock uses there too and so excludes it; elsewhere, or on a file system without
    flock, filelock (which takes some 15 ms to import: most of a save's start-up)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return _acquire_filelock(lock_path, timeout)
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    deadline = time.monotonic() + timeout
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            break
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES):
                os.close(fd)
                if exc.errno == errno.ENOSYS:  # pragma: no cover - no flock here
                    return _acquire_filelock(lock_path, timeout)
                raise
            if time.monotonic() >= deadline:
                os.close(fd)
                raise TimeoutError(str(lock_path)) from None
            time.sleep(0.05)

    def release() -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)

    return release


def _acquire_filelock(lock_path: Path, timeout: float) -> Callable[[], None]:
    """The same lock through filelock (which falls back to a marker file without flock)."""
    from filelock import FileLock, Timeout

    lock = FileLock(str(lock_path))
    try:
        lock.acquire(timeout=timeout)
    except Timeout:
        raise TimeoutError(str(lock_path)) from None
    return lock.release


def _crash(point: str, target: str) -> None:
    """Test hook: the process kills itself at `point` of a save when $MAHJ_CRASH_AT names
    it: `after-write`, `after-fsync` or `before-replace` for the session file itself,
    `bak:` plus one of those for its backup copy."""
    wanted = os.environ.get("MAHJ_CRASH_AT")
    if wanted and wanted == (point if target == "session" else f"{target}:{point}"):
        import signal

        if hasattr(signal, "SIGKILL"):
            os.kill(os.getpid(), signal.SIGKILL)
        os._exit(137)  # pragma: no cover - no SIGKILL (Windows): die as abruptly


def _temp_pattern(real: Path) -> re.Pattern[str]:
    return re.compile(rf"^\.{re.escape(real.name)}(\.bak)?\.(\d+)\.[0-9a-f]+\.tmp$")


def _alive(pid: int) -> bool:
    """Whether process `pid` may still be running (when unsure: yes)."""
    if pid == os.getpid() or os.name != "posix":  # Windows' os.kill(pid, 0) is not a probe
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _clean_stale(real: Path) -> None:
    """Remove temporary files that a killed save left behind. Under the session's lock
    every one is stale (only the lock holder saves); otherwise only a dead process's."""
    pattern = _temp_pattern(real)
    under_lock = real in _held
    with contextlib.suppress(OSError):
        for entry in os.scandir(real.parent):
            m = pattern.match(entry.name)
            if m and (under_lock or not _alive(int(m.group(2)))):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _write_all(fd: int, data: bytes) -> None:
    """Write every byte (a nearly full disk may take them a few at a time)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[written:]


def _replace_with(real: Path, data: bytes, mode: int, target: str) -> None:
    """Write `data` to a temporary file beside `real`, fsync it, and rename it over
    `real`; on any failure the temporary file is removed and `real` is untouched."""
    temp = real.with_name(f".{real.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    fd = os.open(temp, flags, mode)
    try:
        try:
            _write_all(fd, data)
            _crash("after-write", target)
            os.fsync(fd)
            _crash("after-fsync", target)
        finally:
            os.close(fd)
        os.chmod(temp, mode)
        _crash("before-replace", target)
        os.replace(temp, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _sync_folder(folder: Path) -> None:
    """Make a rename durable (not every system can open a folder; then skip)."""
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def write_atomic(path: Path, data: bytes, *, backup: bool = True) -> None:
    """Replace `path`'s contents with `data` atomically, through a symlink if it is one,
    keeping the file's permissions and (with `backup`) its previous contents in `.bak`.

    A crash at any moment leaves `path` holding either the old or the new bytes; a
    failure (full disk, failing fsync or rename) raises SaveFailed with `path` unchanged.
    """
    real = Path(os.path.realpath(path))
    if real.is_dir():
        raise SaveFailed(f"{path} is a folder, not a session file; nothing was saved")
    _clean_stale(real)
    try:
        mode: int | None = None
        old: bytes | None = None
        with contextlib.suppress(FileNotFoundError):
            mode = real.stat().st_mode & 0o7777
            if backup:
                old = real.read_bytes()
        if mode is None:
            mode = 0o666 & ~_umask()
        if old is not None:
            _replace_with(real.with_name(real.name + ".bak"), old, mode, "bak")
        _replace_with(real, data, mode, "session")
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise SaveFailed(
            f"could not save {path}: {reason}; the file on disk is unchanged"
        ) from None
    _sync_folder(real.parent)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def create(path: Path, data: bytes) -> None:
    """Write a brand-new session file; never overwrites (SessionExists)."""
    if path.is_dir():
        raise SessionExists(f"{path} is a folder; give a file name for the new session")
    if path.exists() or path.is_symlink():
        raise SessionExists(f"{path} already exists; mahj never overwrites a session")
    if not path.parent.exists():
        raise SaveFailed(f"the folder {path.parent} does not exist")
    write_atomic(path, data, backup=False)


def new_session_path(name: str, date: _dt.date) -> Path:
    """A fresh `<date>-<name>.toml` in the data folder (with -2, -3... if taken)."""
    directory = data_dir()
    directory.mkdir(parents=True, exist_ok=True)
    stem = f"{date.isoformat()}-{name}"
    candidate = directory / f"{stem}.toml"
    n = 2
    while candidate.exists():
        candidate = directory / f"{stem}-{n}.toml"
        n += 1
    return candidate


def list_sessions() -> list[Path]:
    """The session files in the data folder."""
    directory = data_dir()
    if not directory.is_dir():
        return []
    return [p for p in directory.glob("*.toml") if p.is_file()]


def sample_card_text() -> str:
    """The text of the sample card shipped inside the package."""
    from importlib.resources import files

    return (files("mahjcli") / "data" / "sample_card.toml").read_text(encoding="utf-8")


def load_card(spec: str) -> Card:
    """A card from a file, or the sample card shipped with mahj for `sample`."""
    import tomllib

    from .cards import parse_card
    from .sessionfile import _Lines

    if spec == "sample":
        text, where_ = sample_card_text(), "the sample card"
    else:
        path = Path(spec)
        try:
            text = path.read_text(encoding="utf-8-sig")
        except FileNotFoundError:
            raise CardInvalid(
                f"no card file at {path}; give a card file or --card sample"
            ) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise CardInvalid(f"cannot read the card file {path}: {exc}") from None
        where_ = str(path)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardInvalid(f"{where_}: not valid TOML: {exc}") from None
    card, problems = parse_card(doc)
    if card is None:
        lines = _Lines(text)
        first = problems[0]
        line = (
            lines.entry("lines", first.line_index, first.key)
            if first.line_index is not None
            else (lines.top(first.key) if first.key else None)
        )
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        at = f"{where_}:{line}" if line else where_
        raise CardInvalid(f"{at}: {first.message}{more}")
    return card
