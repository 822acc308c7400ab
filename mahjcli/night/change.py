"""Every change to a night follows one path: take the lock, load and check the whole
night, build the new entry against its standings, replay the night with the entry, and
save only if the replay accepts it. A refusal leaves the file byte-for-byte unchanged."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from ..core import checks
from ..core.errors import MahjError, Refused
from ..core.fold import Replay, fold
from ..core.model import Entry
from ..core.session import Session
from ..core.standings import Standings
from ..files import atomic, loader, logedit, paths
from ..files.lock import locked
from ..files.sessionwrite import (
    append_entry,
    appended,
    ends_with,
    entry_to_dict,
    new_session_text,
)
from .build import Built


class Change(NamedTuple):
    """A recorded (or removed) entry, the standings before and after it, and the notes
    to tell the scorekeeper."""

    entry: Entry
    before: Standings
    after: Standings
    path: Path
    notes: tuple[str, ...] = ()
    saved: loader.Night | None = None
    """The night as now saved, when `record` was asked to keep it; None when the next
    change is to read the file afresh."""


def record(
    path: Path,
    build: Callable[[loader.Night], Built],
    known: loader.Night | None = None,
    *,
    keep: bool = False,
) -> Change:
    """Add the entry `build` makes to the night, if the rules allow it where it stands.
    A process that keeps the night between changes (the server) asks to `keep` it: the
    change then carries the night as saved (`Change.saved`), to be passed back as
    `known` next time, when it is used if the file still holds exactly its bytes."""
    with locked(path):
        night = loader.load(path, keep_doc=True, known=known)
        built = build(night)
        session = night.session._replace(log=(*night.session.log, built.entry))
        replay = night.replay.extended(session) if night.replay else Replay.of(session)
        after = replay.standings()
        if after.problems:
            raise Refused(after.problems[-1].message)
        parsed = night.loaded.parsed
        entry = entry_to_dict(built.entry)
        text = append_entry(parsed.text, entry, parsed.doc, after_own=night.own_end)
        data = text.encode("utf-8")
        atomic.write_atomic(path, data)
        saved = None
        if keep and parsed.doc is not None:
            own_end = night.own_end or ends_with(text, entry)  # a [[log]] log stays one
            doc = appended(parsed.doc, entry)
            saved = loader.as_saved(path, data, doc, replay, own_end, before=parsed)
        return Change(built.entry, night.standings, after, path, built.notes, saved)


def undo(path: Path, check: Callable[[loader.Night], None] | None = None) -> Change:
    """Remove the last entry of the night; `check` (under the lock, before anything is
    removed) may refuse it, e.g. when the last entry is no longer the one meant."""
    with locked(path):
        night = loader.load(path)
        log = night.session.log
        if not log:
            raise Refused("there is nothing to undo: the night's log is empty")
        if check is not None:
            check(night)
        if why := checks.undo_problem(log[-1], night.standings.accepted):
            raise Refused(why)
        after = fold(night.session._replace(log=log[:-1]))
        text = logedit.undo_text(night.loaded.parsed.text, len(log))
        atomic.write_atomic(path, text.encode("utf-8"))
        return Change(log[-1], night.standings, after, path)


def start(path: Path, session: Session) -> Standings:
    """Write a new night's file (never over another) and make it the current session:
    both or neither. The pointer's folder is checked first; if pointing at the new file
    still fails, the file is taken back out (or, if even that fails, the message says
    exactly what exists and how to use it)."""
    paths.prepare_pointer()
    with locked(path):
        atomic.create(path, new_session_text(session).encode("utf-8"))
        try:
            paths.set_current(path)
        except MahjError as exc:
            atomic.take_back(path, str(exc))
            raise
    return fold(session)
