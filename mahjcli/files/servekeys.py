"""The entry key and the tables' join code of what `mahj serve` serves, kept between two
runs of the server (a restart, a laptop gone to sleep), so that the phones' links and the
entries they keep to send again still work. One small file per night, event or folder,
readable by its owner only, in the data folder; losing it only means new keys."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path

FOLDER = "serve-keys"


def keys_path(served: Path) -> Path:
    """Where the keys of `served` (a file or a folder) are kept."""
    from .paths import data_dir

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
