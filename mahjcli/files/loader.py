"""The one way a night is loaded: read the file, check it, replay it (`check` lists every
problem instead of stopping at the first), so a hand-edited entry is judged exactly like
a typed one. Also: whether a file holds a night or an event, and the nights `mahj
sessions` lists and `mahj use` picks from."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from ..core.errors import MahjError, SessionInvalid, SessionMissing
from ..core.fold import fold
from ..core.model import is_game
from ..core.problems import Problem
from ..core.session import Session
from ..core.standings import Standings
from ..core.wording import in_words
from . import paths as _paths
from . import reading
from .atomic import backup_of
from .reading import Stamp
from .sessionfile import Parsed, loads, parse_text, read_toml

if TYPE_CHECKING:
    from .lines import Locator

P = TypeVar("P")


class Loaded(NamedTuple, Generic[P]):
    """A night's or an event's file as read: its path, bytes, what they parse to, its stamp."""

    path: Path
    data: bytes
    parsed: P
    stamp: Stamp | None = None


class Night(NamedTuple):
    """A valid session as read, and its standings."""

    loaded: Loaded[Parsed]
    standings: Standings

    @property
    def path(self) -> Path:
        """The session file."""
        return self.loaded.path

    @property
    def session(self) -> Session:
        """The night as recorded."""
        return self.standings.session


def read(path: Path, keep_doc: bool = False) -> Loaded[Parsed]:
    """Read a session file and parse it; SessionMissing when it cannot be read."""
    data, stamp = read_stamped(path)
    return Loaded(path, data, parse_text(data, keep_doc), stamp)


def read_stamped(
    path: Path, kind: str = "session", start: str = "mahj new PLAYER..."
) -> tuple[bytes, Stamp]:
    """A session's (or an event's: `kind`, and the command that `start`s one) bytes and stamp;
    SessionMissing when it cannot be read."""
    try:
        return reading.read_stamped(path, reading.SESSION_LIMIT)
    except FileNotFoundError:
        if os.path.islink(path):  # `mahj new` would say it exists
            raise SessionMissing(
                f"{path} is a link to {os.readlink(path)}, which is not there; point it at "
                f"the {kind} file, or remove the link"
            ) from None
        moved = (
            "`mahj sessions` lists the nights (`mahj use N` picks one), or "
            if kind == "session"
            else ""
        )
        raise SessionMissing(f"no {kind} file at {path}; {moved}start one with `{start}`") from None
    except IsADirectoryError:
        raise SessionMissing(
            f"{path} is a folder, not a {kind} file; pass the file itself"
        ) from None
    except reading.Unreadable as exc:
        raise SessionMissing(f"cannot read {path}: {exc}") from None


def check(loaded: Loaded[Parsed]) -> tuple[list[Problem], Standings | None]:
    """Every problem of a session file (reading, then replaying), and its standings."""
    parsed = loaded.parsed
    session = parsed.session or parsed.partial
    if session is None:
        return list(parsed.problems), None
    standings = fold(session, parsed.holes)
    found = list(parsed.problems)
    for problem in standings.problems:
        where = problem.where
        message = in_words(problem.message)  # a file is checked on the command line
        if where is not None and where.section == "log" and where.at is not None:
            entry = session.log[where.at]  # entries line up with [[log]] tables
            game = 1 + sum(map(is_game, session.log[: where.at]))  # as `mahj log` numbers it
            kind = (
                f"{entry.kind}, game {game}"
                if is_game(entry) and game != where.at + 1
                else entry.kind
            )
            message = f"log entry {where.at + 1} ({kind}): {message}"
        found.append(Problem(message, where))
    if parsed.session is None:  # the partial night: every problem, in the file's order
        found.sort(key=_place)
        return found, None
    return found, standings


def _place(problem: Problem) -> int:
    """Where a problem stands in the file: the top keys first, then each entry in turn."""
    where = problem.where
    if where is None or where.section != "log" or where.at is None:
        return -1
    return where.at


def describe(path: Path, problem: Problem, locator: Locator) -> str:
    """`file:line: message`, the way compilers and bean-check point at a line."""
    line = locator.line(problem.where)
    return f"{path}:{line}: {problem.message}" if line else f"{path}: {problem.message}"


def damaged(loaded: Loaded[Any], problems: list[Problem], check: str) -> str:
    """The line for a damaged night or event: the first problem with its line, how many more
    `check` lists, what to do, and (for a file to mend) where the version before the last
    save is."""
    from .lines import Locator

    message = describe(loaded.path, problems[0], Locator(loaded.parsed.text))
    if len(problems) > 1:
        message += f" (and {len(problems) - 1} more: `{check}` lists them)"
    if "newer mahj" in problems[0].message or loaded.parsed.other_kind:
        return message + "; nothing was changed"  # a sound file: its backup is no help
    message += f"; fix it with an editor (then run `{check}`), nothing was changed"
    bak = backup_of(Path(os.path.realpath(loaded.path)))
    if bak.exists():
        message += f"; the version before mahj's last save is in {bak}"
    return message


def load(path: Path, keep_doc: bool = False) -> Night:
    """Read, check and replay a session; SessionInvalid names the first problem (`keep_doc`:
    keep the document read, for a change to check its edit against)."""
    loaded = read(path, keep_doc)
    found, standings = check(loaded)
    if found or standings is None:
        raise SessionInvalid(damaged(loaded, found, "mahj check"))
    return Night(loaded, standings)


def not_a_night(loaded: Loaded[Parsed]) -> bool:
    """A TOML file with none of a night's (or an event's) top keys: a card or a director's
    profile kept with the nights, not a damaged night. A file holding nothing at all is a
    night cut short (its check says "the file is empty")."""
    doc = loads(loaded.parsed.text)  # not BOM-stripped: a card saved with a BOM reads as damaged
    return bool(doc and not {"schema", "players", "log", "kind"} & doc.keys())


def holds_event(path: Path) -> bool:
    """Whether the file says it is an event's (`kind = "event"`), sound or not, not a night's;
    a file that cannot be read, or is not TOML, is taken for a night (its loader says why)."""
    try:
        data = reading.read_regular(path, reading.SESSION_LIMIT)
    except (OSError, reading.Unreadable):
        return False
    doc = read_toml(data, "a file")[1]
    return doc is not None and doc.get("kind") == "event"


# ---- the nights `mahj sessions` lists and `mahj use` picks from ----------------------


def _row(path: Path, current: Path | None, elsewhere: bool) -> dict[str, Any]:
    try:
        s = read(path).parsed.session
    except MahjError:
        s = None
    return {
        "path": str(path),
        "date": s.date.isoformat() if s and s.date else None,
        "name": s.name if s else None,
        "players": list(s.all_players()) if s else [],
        "games": sum(1 for e in s.log if is_game(e)) if s else None,
        "rules": s.rules.name if s else None,
        "current": current is not None and _paths.same_file(path, current),
        "ok": s is not None,
        "elsewhere": elsewhere,
        "mtime": _paths.mtime(path),
    }


def listed() -> list[dict[str, Any]]:
    """One row per night, numbered from 1 in the order shown: the data folder's nights
    newest first, then the current night when it lives outside the data folder."""
    current = _paths.current_or_none()
    rows = [_row(path, current, False) for path in _paths.list_sessions()]
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
                f"there are no nights in {_paths.data_dir()} to pick {typed} from; give the "
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
