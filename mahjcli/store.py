"""The only file I/O: where sessions live, reading and validating, the lock, atomic saves.

Saves write a temporary file in the same folder, flush and fsync it, keep the previous
version as `<file>.bak`, then `os.replace` the new one in, so a crash at any moment
leaves either the old or the new file, never a mix. Every read-change-write runs under a
lock file (`.<file>.lock`, an OS lock that dies with its process).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import os
import re
from collections.abc import Iterator
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
LOCK_TIMEOUT = float(os.environ.get("MAHJ_LOCK_TIMEOUT", "10"))
CRASH_POINTS = ("after-write", "after-fsync", "before-replace")


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
    message += "; fix it with an editor, nothing was changed"
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


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the session's lock; waits up to LOCK_TIMEOUT seconds, then raises Busy."""
    from filelock import FileLock, Timeout

    real = Path(os.path.realpath(path))
    lock = FileLock(str(real.with_name(f".{real.name}.lock")))
    try:
        lock.acquire(timeout=LOCK_TIMEOUT)
    except Timeout:
        raise Busy(f"another mahj command is still using {path}; try again in a moment") from None
    except OSError as exc:
        raise SaveFailed(f"cannot lock {path}: {exc.strerror}") from None
    try:
        yield
    finally:
        lock.release()


def _crash(point: str) -> None:
    """Test hook: $MAHJ_CRASH_AT names a point in a save where the process kills itself."""
    if os.environ.get("MAHJ_CRASH_AT") == point:
        import signal

        os.kill(os.getpid(), signal.SIGKILL)


def _temp_pattern(real: Path) -> re.Pattern[str]:
    return re.compile(rf"^\.{re.escape(real.name)}(\.bak)?\.\d+\.[0-9a-f]+\.tmp$")


def _clean_stale(real: Path) -> None:
    """Remove temporary files that a killed save left behind (we hold the lock)."""
    pattern = _temp_pattern(real)
    with contextlib.suppress(OSError):
        for entry in os.scandir(real.parent):
            if pattern.match(entry.name):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _replace_with(real: Path, data: bytes, mode: int | None) -> None:
    temp = real.with_name(f".{real.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600 if mode is None else mode)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                _crash("after-write")
                os.fsync(handle.fileno())
                _crash("after-fsync")
            if mode is not None:
                os.chmod(temp, mode)
            _crash("before-replace")
            os.replace(temp, real)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise SaveFailed(
            f"could not save {real}: {reason}; the file on disk is unchanged"
        ) from None
    with contextlib.suppress(OSError):
        dir_fd = os.open(real.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def write_atomic(path: Path, data: bytes, *, backup: bool = True) -> None:
    """Replace `path`'s contents with `data` atomically, through a symlink if it is one,
    keeping the file's permissions and (with `backup`) its previous contents in `.bak`."""
    real = Path(os.path.realpath(path))
    if real.is_dir():
        raise SaveFailed(f"{path} is a folder, not a session file")
    _clean_stale(real)
    mode: int | None = None
    old: bytes | None = None
    with contextlib.suppress(FileNotFoundError):
        mode = real.stat().st_mode & 0o7777
        if backup:
            old = real.read_bytes()
    if mode is None:
        mode = 0o666 & ~_umask()
    if old is not None:
        _replace_with(real.with_name(real.name + ".bak"), old, mode)
    _replace_with(real, data, mode)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def create(path: Path, data: bytes) -> None:
    """Write a brand-new session file; never overwrites (SessionExists)."""
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


def load_card(spec: str) -> Card:
    """A card from a file, or the sample card shipped with mahj for `sample`."""
    import tomllib

    from .cards import load_sample_text, parse_card
    from .sessionfile import _Lines

    if spec == "sample":
        text, where_ = load_sample_text(), "the sample card"
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
