"""The one way a night is loaded: read the file, check it, replay it.

Every command that reads a session comes through `load` (or `check`, which lists every
problem instead of stopping at the first), so a hand-edited entry is judged exactly like
a typed one: the reader checks each key, the fold checks each entry where it stands.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.errors import SessionInvalid, SessionMissing
from ..core.fold import Replay, fold
from ..core.problems import Problem
from ..core.session import Session
from ..core.standings import Standings
from .paths import backup_path
from .sessionfile import Parsed, decode, parse_appended, parse_doc, parse_text

if TYPE_CHECKING:
    from .lines import Locator


class Loaded(NamedTuple):
    """A session file as read: its path, exact bytes, and what they parse to."""

    path: Path
    data: bytes
    parsed: Parsed


class Night(NamedTuple):
    """A valid session as read, and its standings."""

    loaded: Loaded
    standings: Standings
    replay: Replay | None = None
    """The replay behind the standings, kept by a process that keeps the night between
    changes (`mahjcli.night.change.record` with `keep`) to replay only what it adds."""
    own_end: bool = False
    """True when the text ends with a [[log]] table this process added and read back
    (`as_saved`), so that the next one can be read back on its own."""

    @property
    def path(self) -> Path:
        """The session file."""
        return self.loaded.path

    @property
    def session(self) -> Session:
        """The night as recorded."""
        return self.standings.session


def read(path: Path, keep_doc: bool = False) -> Loaded:
    """Read a session file's bytes and parse them; SessionMissing when it cannot be read
    (missing, a folder, a FIFO or a device, unreadable, or far too large)."""
    return parse(path, read_bytes(path), keep_doc)


def read_bytes(path: Path, kind: str = "session", start: str = "mahj new PLAYER...") -> bytes:
    """A session file's bytes (or an event file's: `kind`, and the command that `start`s
    one); SessionMissing when it cannot be read."""
    from .reading import SESSION_LIMIT, Unreadable, read_regular

    try:
        return read_regular(path, SESSION_LIMIT)
    except FileNotFoundError:
        raise SessionMissing(f"no {kind} file at {path}; start one with `{start}`") from None
    except IsADirectoryError:
        raise SessionMissing(
            f"{path} is a folder, not a {kind} file; pass the file itself"
        ) from None
    except Unreadable as exc:
        raise SessionMissing(f"cannot read {path}: {exc}") from None


def parse(path: Path, data: bytes, keep_doc: bool = False) -> Loaded:
    """A session file's bytes, parsed."""
    text, problem = decode(data)
    if text is None:
        assert problem is not None
        return Loaded(path, data, Parsed("", None, (problem,)))
    return Loaded(path, data, parse_text(text, keep_doc))


def check(loaded: Loaded) -> tuple[list[Problem], Standings | None]:
    """Every problem of a session file (reading, then replaying) and the standings when
    it could be replayed."""
    parsed = loaded.parsed
    session = parsed.session or parsed.partial
    if session is None:
        return list(parsed.problems), None
    standings = fold(session, parsed.holes)
    found = list(parsed.problems)
    for problem in standings.problems:
        where = problem.where
        if where is not None and where.section == "log" and where.at is not None:
            entry = session.log[where.at]  # entries line up with [[log]] tables
            problem = Problem(f"log entry {where.at + 1} ({entry.kind}): {problem.message}", where)
        found.append(problem)
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


def invalid_message(loaded: Loaded, problems: list[Problem]) -> str:
    """One line that says what is wrong with a damaged file and what to do."""
    from .lines import Locator

    text = loaded.parsed.text
    return damaged(loaded.path, problems, Locator(text), "mahj check", loaded.parsed.event)


def damaged(
    path: Path, problems: list[Problem], locator: Locator, check: str, other_kind: bool
) -> str:
    """The line for a damaged night or event: the first problem with its line, how many
    more `check` lists, what to do (nothing to fix when the file is of the `other_kind`
    or from a newer mahj) and where the previous version is."""
    message = describe(path, problems[0], locator)
    if len(problems) > 1:
        message += f" (and {len(problems) - 1} more: `{check}` lists them)"
    if "newer mahj" in problems[0].message or other_kind:
        message += "; nothing was changed"
    else:
        message += f"; fix it with an editor (then run `{check}`), nothing was changed"
    bak = backup_path(path)
    if bak.exists():
        message += f"; the previous version is in {bak}"
    return message


def load(path: Path, keep_doc: bool = False, known: Night | None = None) -> Night:
    """Read, check and replay a session; SessionInvalid names the first problem. A change
    asks to `keep_doc`: the document read, to check its edit against without reading the
    text again (a report lets it go, so a long night costs no more memory).

    `known` is this file as read (or saved) a moment ago, by a process that keeps it (the
    server): when the file still holds exactly its bytes, it is that night, and nothing is
    parsed or replayed again; any other bytes are read afresh."""
    data = read_bytes(path)
    if known is not None and known.loaded.data == data and known.path == path:
        has_doc = known.loaded.parsed.doc is not None  # what a change edits against
        if has_doc or not keep_doc:
            return known
    loaded = parse(path, data, keep_doc)
    found, standings = check(loaded)
    if found or standings is None:
        raise SessionInvalid(invalid_message(loaded, found))
    return Night(loaded, standings)


def load_kept(path: Path) -> Night:
    """A night read to be changed again and again by a process that keeps it (the server,
    as it starts): `load` with its document and its replay, so that its first change, like
    every later one, replays only what it adds."""
    from ..core.fold import Replay

    night = load(path, keep_doc=True)
    return night._replace(replay=Replay.of(night.session))


def as_saved(
    path: Path,
    data: bytes,
    doc: dict[str, Any],
    replay: Replay,
    own_end: bool,
    before: Parsed | None = None,
) -> Night | None:
    """The night a save just wrote, as `load` would read it back: `data`, which tomllib
    reads as `doc` (the save compared them), replayed by `replay`; `own_end` when it ends
    with the [[log]] table the save added. None when the document does not read as
    exactly the session replayed (then the next change reads the file afresh). `before`:
    the night as read before the save, when `doc` is its document with one entry more
    (only that entry is read then)."""
    text, _ = decode(data)
    if text is None:
        return None
    grown = parse_appended(before, text, doc) if before is not None else None
    parsed = grown if grown is not None else parse_doc(text, doc)
    if parsed.problems or parsed.session != replay.session:
        return None
    loaded = Loaded(path, data, parsed._replace(doc=doc))
    return Night(loaded, replay.standings(), replay, own_end)
