"""Where sessions live: the data folder, the current session, new file names, the nights
in a folder, and the keys `mahj serve` keeps for a night in the data folder."""

from __future__ import annotations

import contextlib
import datetime as _dt
import hashlib
import json
import os
import stat
from collections import Counter
from pathlib import Path

from ..core.errors import SaveFailed, SessionMissing

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


_POINTERS = {
    "session": ("current", "current-session", "mahj new", "mahj new PLAYER..."),
    "event": ("current-event", "current-event", *["mahj event new NAME PLAYER..."] * 2),
}
"""Each kind's pointer file, its name in messages, and the command a message names when the
pointer is damaged and when there is none."""


def current_pointer(kind: str = "session") -> Path:
    """The file that names the current session (or event)."""
    return data_dir() / _POINTERS[kind][0]


POINTER_LIMIT = 64 * 1024
"""A pointer holds one path; anything longer is not one."""


def read_pointer(pointer: Path, what: str, start: str) -> Path | None:
    """The file a pointer in the data folder names (its bytes as the file system spells them),
    if any; SessionMissing names `what` pointer cannot be read, and the command that would
    `start` one."""
    from .reading import Unreadable, read_regular

    fix = f"pass --session FILE, or start one with `{start}`"
    try:
        data = read_regular(pointer, POINTER_LIMIT)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except (IsADirectoryError, Unreadable) as exc:
        reason = "it is a folder" if isinstance(exc, IsADirectoryError) else str(exc)
        raise SessionMissing(f"cannot read the {what} pointer {pointer}: {reason}; {fix}") from None
    raw = data.strip(b"\r\n")
    if not raw.strip():
        return None
    if b"\0" in raw or b"\n" in raw:
        raise SessionMissing(
            f"the {what} pointer {pointer} is damaged (it should hold one file name); {fix}"
        )
    return Path(os.fsdecode(raw))


def write_pointer(pointer: Path, path: Path) -> None:
    """Make a pointer in the data folder name `path`."""
    from .atomic import write_atomic

    write_atomic(pointer, os.fsencode(path.resolve()) + b"\n", backup=False)


def current_path(kind: str = "session") -> Path | None:
    """The session (or event) last made current, if any (`read_pointer`)."""
    return read_pointer(current_pointer(kind), *_POINTERS[kind][1:3])


def current_or_none(kind: str = "session") -> Path | None:
    """The current session (or event), or None also when its pointer is damaged (for what only
    offers a default)."""
    try:
        return current_path(kind)
    except SessionMissing:
        return None


def prepare_pointer() -> None:
    """SaveFailed, before anything is created, when the current-session pointer cannot be
    written."""
    directory = data_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveFailed(_folder_problem(directory, exc)) from None
    pointer = current_pointer()
    if pointer.is_dir() or not os.access(directory, os.W_OK):
        raise SaveFailed(
            f"cannot make a session current: {pointer} cannot be written; nothing was "
            "created (fix the data folder, or set $MAHJ_DATA_DIR to another one)"
        )


def _folder_problem(directory: Path, exc: OSError) -> str:
    why = "it is a file, not a folder" if isinstance(exc, FileExistsError) else exc.strerror
    return (
        f"cannot use the data folder {directory}: {why}; nothing was created (fix it, or set "
        "$MAHJ_DATA_DIR to another folder)"
    )


def set_current(path: Path) -> None:
    """Make `path` the current session."""
    prepare_pointer()
    write_pointer(current_pointer(), path)


def locate(option: Path | None, kind: str = "session") -> Path:
    """A command's session (or event): --session (or $MAHJ_SESSION), else the current one."""
    if option is not None:
        return option
    current = current_path(kind)
    if current is None:
        start = _POINTERS[kind][3]
        raise SessionMissing(f"no current {kind}; start one with `{start}` or pass --session FILE")
    return current


def days_away(path: Path) -> int | None:
    """Whole calendar days since `path`, the current night, was last saved (0: earlier
    today), when that was 12 hours ago or more: a night taken up again another day; else
    None (also for a night named otherwise, on purpose, and a file that cannot be read)."""
    import time

    current = current_or_none()
    if current is None or not same_file(path, current):
        return None
    try:
        saved = os.stat(path).st_mtime
    except OSError:
        return None
    if time.time() - saved < 12 * 3600:
        return None
    return (_dt.date.today() - _dt.date.fromtimestamp(saved)).days


def new_session_path(name: str, date: _dt.date) -> Path:
    """A fresh `<date>-<name>.toml` in the data folder (with -2, -3... if taken)."""
    directory = data_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveFailed(_folder_problem(directory, exc)) from None
    stem = f"{date.isoformat()}-{name}"
    candidate = directory / f"{stem}.toml"
    n = 2
    while candidate.exists() or candidate.is_symlink():
        candidate = directory / f"{stem}-{n}.toml"
        n += 1
    return candidate


def list_sessions() -> list[Path]:
    """The `*.toml` files in the data folder that are not folders."""
    directory = data_dir()
    found: list[Path] = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(directory):
            with contextlib.suppress(OSError):
                if entry.name.endswith(".toml") and not entry.is_dir():
                    found.append(Path(entry.path))
    return found


def nights_in(folder: Path) -> list[Path]:
    """The `*.toml` files directly in `folder`, by name (hidden files and folders left out)."""
    found: list[Path] = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            with contextlib.suppress(OSError):
                name = entry.name
                if name.endswith(".toml") and not name.startswith(".") and entry.is_file():
                    found.append(Path(entry.path))
    return sorted(found, key=lambda p: p.name)


def is_folder(path: Path) -> bool:
    """True for a folder (False also when it cannot be looked at)."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def find_sessions(folder: Path) -> tuple[list[Path], list[str]]:
    """Every `*.toml` in `folder` and the folders inside it, sorted, and what could not be
    looked into; links to folders and other file systems (/proc under /) are not entered."""
    found: list[Path] = []
    skipped: list[str] = []
    try:
        device = os.stat(folder).st_dev
    except OSError as exc:
        return [], [f"skipped folder {folder}: {exc.strerror}"]

    def unreadable(exc: OSError) -> None:
        skipped.append(f"skipped folder {exc.filename}: {exc.strerror}")

    for top, folders, names in os.walk(folder, onerror=unreadable):
        for sub in list(folders):
            inner = os.path.join(top, sub)
            try:
                elsewhere = os.lstat(inner).st_dev != device
            except OSError as exc:
                elsewhere = False
                skipped.append(f"skipped folder {inner}: {exc.strerror}")
            if elsewhere:
                folders.remove(sub)
                skipped.append(f"skipped folder {inner}: it is another file system")
        found.extend(Path(top, name) for name in names if name.endswith(".toml"))
    return sorted(found), skipped


def same_file(a: Path, b: Path) -> bool:
    """True when two paths name one file."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def distinct(found: list[Path]) -> tuple[list[Path], str]:
    """`found` with each file once (a file named twice, or reached by a link or another
    folder, is one file; so is a copy holding the same bytes, a night downloaded twice),
    where it first came, by its own name rather than a link's; and what was left out, in
    words (empty when nothing was). A path that cannot be looked at is kept as it is (its
    reader says why)."""
    kept: dict[tuple[int, int] | Path, Path] = {}
    sizes: dict[tuple[int, int] | Path, int] = {}
    again: list[tuple[Path, Path]] = []
    for path in found:
        try:
            info = os.stat(path)
        except (OSError, ValueError):
            kept.setdefault(path, path)
            continue
        key = (info.st_dev, info.st_ino)
        first = kept.get(key)
        if stat.S_ISREG(info.st_mode):  # never a FIFO or a device: reading one may wait
            sizes[key] = info.st_size
        if first is None:
            kept[key] = path
        elif first.is_symlink() and not path.is_symlink():
            kept[key] = path
            again.append((first, path))
        else:
            again.append((path, first))
    same_size = Counter(sizes.values())
    copies = _copies([p for k, p in kept.items() if k in sizes and same_size[sizes[k]] > 1])
    again += copies
    files = [p for p in kept.values() if p not in {path for path, _ in copies}]
    if len(again) > 1:
        such = f"such as {again[0][0]}"
        return files, f"{len(again)} files name a night given before ({such}); each counts once"
    if again:
        path, first = again[0]
        what = "was given twice" if path == first else f"is the same night as {first}"
        return files, f"{path} {what}; it counts once"
    return files, ""


def _copies(paths: list[Path]) -> list[tuple[Path, Path]]:
    """Each file whose bytes are those of an earlier one, with that one."""
    seen: dict[bytes, Path] = {}
    out = []
    for path in paths:
        try:
            data = path.read_bytes()
        except OSError:
            continue
        if data in seen:
            out.append((path, seen[data]))
        else:
            seen[data] = path
    return out


def mtime(path: Path) -> float:
    """When a file was last changed (0 when it cannot be looked at)."""
    try:
        return os.stat(path).st_mtime
    except (OSError, ValueError):
        return 0.0


# ---- the entry key and join code `mahj serve` keeps between two runs ------------------
# (a restart, a laptop gone to sleep), so the phones' links and the entries they keep to
# send again still work: one small file per night, event or folder, readable by its owner
# only; losing it only means new keys.

FOLDER = "serve-keys"


def keys_path(served: Path) -> Path:
    """Where the keys of `served` (a file or a folder) are kept."""
    name = hashlib.sha256(str(served.resolve()).encode("utf-8", "surrogateescape")).hexdigest()
    return data_dir() / FOLDER / f"{name[:24]}.json"


def read_keys(served: Path) -> tuple[str, str] | None:
    """The (key, code) kept for `served`, or None when there are none (or unreadable)."""
    try:
        data = json.loads(keys_path(served).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    key, code = data.get("key"), data.get("code")
    if isinstance(key, str) and isinstance(code, str) and key and code:
        return key, code
    return None


def keep_keys(served: Path, key: str, code: str) -> bool:
    """Keep (key, code) for `served`; False when they could not be written (the server
    runs on with them, a restart makes new ones)."""
    path = keys_path(served)
    temp = path.with_name(path.name + ".new")
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump({"served": str(served), "key": key, "code": code}, out)
        os.replace(temp, path)
        return True
    return False
