"""A cache of each night's season tally, keyed on the file's real path and stamp (as
beancount caches its loads), so `mahj season` over years of nights does not replay them
all each time. Never trusted over the file, never needed: without it `season` is slower.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from .paths import cache_dir
from .reading import stamp as stamp_of_path

VERSION = 2
"""Bumped whenever what a tally holds changes."""
CACHE_LIMIT = 64 * 1024 * 1024
"""The largest cache read (a night's tally is a few hundred bytes); a larger one, like a
FIFO or a device in its place, is not used."""


def _file() -> Path:
    return cache_dir() / "season-tallies.json"


def stamp(path: Path) -> str | None:
    """The key of a session file as it is now: its real path and its stamp (None when it
    cannot be looked at)."""
    try:
        real = os.path.realpath(path)
    except (OSError, ValueError):
        return None
    now = stamp_of_path(Path(real))
    return None if now is None else "\0".join((real, *map(str, now)))


def load() -> dict[str, Any]:
    """Every cached tally by stamp (empty when there is no usable cache)."""
    from .reading import Unreadable, read_regular

    try:
        data = json.loads(read_regular(_file(), CACHE_LIMIT).decode("utf-8"))
    except (OSError, Unreadable, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return {}
    tallies = data.get("tallies")
    return tallies if isinstance(tallies, dict) else {}


def update(known: dict[str, Any], fresh: dict[str, Any]) -> None:
    """Keep this run's tallies beside those of other files that have not changed since
    (silently skipped when the cache folder is unusable)."""
    kept = {k: v for k, v in known.items() if k not in fresh and stamp(Path(k.split("\0")[0])) == k}
    tallies = {**kept, **fresh}
    if tallies == known:
        return
    from .atomic import write_atomic

    data = json.dumps({"version": VERSION, "tallies": tallies}, ensure_ascii=False)
    with contextlib.suppress(Exception):
        _file().parent.mkdir(parents=True, exist_ok=True)
        write_atomic(_file(), data.encode("utf-8"), backup=False)
