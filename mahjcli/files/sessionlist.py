"""The nights `mahj sessions` lists and `mahj use` picks from: every session file in the
data folder, newest first, and the current one wherever it is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.errors import MahjError
from ..core.model import is_game
from . import loader, paths


def _row(path: Path, current: Path | None, elsewhere: bool) -> dict[str, Any]:
    try:
        s = loader.read(path).parsed.session
    except MahjError:
        s = None
    return {
        "path": str(path),
        "date": s.date.isoformat() if s and s.date else None,
        "name": s.name if s else None,
        "players": list(s.all_players()) if s else [],
        "games": sum(1 for e in s.log if is_game(e)) if s else None,
        "rules": s.rules.name if s else None,
        "current": current is not None and paths.same_file(path, current),
        "ok": s is not None,
        "elsewhere": elsewhere,
        "mtime": paths.mtime(path),
    }


def listed() -> list[dict[str, Any]]:
    """One row per night, numbered from 1 in the order shown: the data folder's nights
    newest first, then the current night when it lives outside the data folder."""
    current = paths.current_or_none()
    rows = [_row(path, current, False) for path in paths.list_sessions()]
    rows.sort(key=lambda r: (r["date"] or "", r["mtime"]), reverse=True)
    if current is not None and not any(r["current"] for r in rows) and current.is_file():
        rows.append(_row(current, current, True))
    for number, r in enumerate(rows, start=1):
        del r["mtime"]
        r["number"] = number
    return rows


def pick(typed: str) -> Path:
    """The night `mahj use` means: a file's path, or a number from `mahj sessions`."""
    from ..core.errors import Refused
    from ..core.numbers import is_digits

    path = Path(typed)
    if is_digits(typed.strip()) and not path.exists():
        rows = listed()
        if not rows:
            raise Refused(
                f"there are no nights in {paths.data_dir()} to pick {typed} from; give the "
                "session file's path instead"
            )
        number = int(typed.strip())
        if not 1 <= number <= len(rows):
            raise Refused(
                f"there is no night {number} in `mahj sessions` (it lists 1 to {len(rows)}); "
                "give its number from there, or the session file's path"
            )
        return Path(rows[number - 1]["path"])
    return path
