"""Where sessions live: the data folder, the current session, and new file names."""

from __future__ import annotations

import datetime as _dt
import os
from pathlib import Path

from ..core.errors import SessionMissing

APP = "mahj"


def data_dir() -> Path:
    """Where sessions live: $MAHJ_DATA_DIR, else the platform's user data folder."""
    override = os.environ.get("MAHJ_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def cache_dir() -> Path:
    """Where derived data may be cached: $MAHJ_CACHE_DIR, else the platform's cache folder."""
    override = os.environ.get("MAHJ_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir(APP, appauthor=False))


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
    from .atomic import write_atomic

    directory = data_dir()
    directory.mkdir(parents=True, exist_ok=True)
    write_atomic(_pointer(), (str(path.resolve()) + "\n").encode("utf-8"), backup=False)


def locate(option: Path | None) -> Path:
    """The session a command works on: --session (or $MAHJ_SESSION, which the command
    line reads into it), else the current one."""
    if option is not None:
        return option
    current = current_path()
    if current is None:
        raise SessionMissing(
            "no current session; start one with `mahj new PLAYER...` or pass --session FILE"
        )
    return current


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


def backup_path(path: Path) -> Path:
    """Where the previous version of a session is kept."""
    real = Path(os.path.realpath(path))
    return real.with_name(real.name + ".bak")
