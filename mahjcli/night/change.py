"""Every change to a night follows one path, from the command line and from the page
alike: take the lock, load and check the whole night, build the new entry against its
standings, record with a game where it is played and who sits there (`core.placed`),
replay the night with the entry, append it to the text, and save, only if the replay
accepts it and the file is still the one read. A refusal leaves the file byte-for-byte
unchanged, and an edit made meanwhile (by hand, or by another program) is never saved
over."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from ..core import checks
from ..core.errors import FileChanged, MahjError, Refused
from ..core.fold import appended, fold
from ..core.model import Entry
from ..core.placed import placed
from ..core.session import Session
from ..core.standings import Standings
from ..files import atomic, loader, logedit, paths
from ..files.entryfile import recorded_ids
from ..files.lock import locked
from ..files.sessionwrite import append_entry, entry_to_dict, new_session_text
from .build import Built

TRIES = 3
"""How many times a change is built again when the file changed under it (a hand edit
saved just then); past that it is refused."""


class Change(NamedTuple):
    """A recorded (or removed) entry, the standings before and after it, and the notes
    to tell the scorekeeper."""

    entry: Entry | None
    """None when nothing was recorded: the entry id was already in the file."""
    before: Standings
    after: Standings
    path: Path
    notes: tuple[str, ...] = ()
    data: bytes = b""
    """What was written to the file (nothing when nothing was)."""

    @property
    def repeated(self) -> bool:
        """True when the write's entry id was already recorded, so nothing changed."""
        return self.entry is None


def record(
    path: Path, build: Callable[[loader.Night], Built], entry_id: str | None = None
) -> Change:
    """Add the entry `build` makes to the night, if the rules allow it where it stands.
    When the file changed between its reading and the save (an edit saved meanwhile),
    the entry is built again on the night as it now stands, so the edit is kept; if the
    entry no longer fits that night, it is refused, saying so. An `entry_id` already in
    the file records nothing (the night as it is comes back, `repeated`); a new one is
    written on the entry."""
    for attempt in range(1, TRIES + 1):
        try:
            return _record(path, build, entry_id, again=attempt > 1)
        except FileChanged:
            if attempt == TRIES:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


def _record(
    path: Path, build: Callable[[loader.Night], Built], entry_id: str | None, again: bool
) -> Change:
    """One try of `record`: lock, load, build, replay, append, save."""
    with locked(path):
        night = loader.load(path, keep_doc=True)
        if (same := already(night, entry_id)) is not None:
            return same
        try:
            built = build(night)
            entry = placed(built.entry, night.standings)
            built = built._replace(entry=entry._replace(entry_id=entry_id) if entry_id else entry)
            after = appended(night.session, built.entry)
        except Refused as exc:
            if not again:
                raise
            raise Refused(
                f"{path} changed while this was being recorded (it was saved meanwhile), "
                f"and on the night as it now stands: {exc}"
            ) from None
        parsed = night.loaded.parsed
        kept = logedit.without_redo(parsed.text)  # nothing undone can come back after this
        data = append_entry(kept, entry_to_dict(built.entry), parsed.doc).encode("utf-8")
        atomic.write_atomic(path, data, expect=night.loaded.stamp)
        return Change(built.entry, night.standings, after, path, built.notes, data)


def already(night: loader.Night, entry_id: str | None) -> Change | None:
    """The night unchanged, when `entry_id` is already in its file (recorded, or kept as a
    comment); None when it is not (or no id was given). Called under the lock."""
    if entry_id is None:
        return None
    if entry_id not in recorded_ids(night.session.log, night.loaded.parsed.text):
        return None
    standings = night.standings
    return Change(None, standings, standings, night.loaded.path, ("already recorded",))


def undo(path: Path, check: Callable[[loader.Night], None] | None = None) -> Change:
    """Remove the last entry of the night; `check` (under the lock, before anything is
    removed) may refuse it, e.g. when the last entry is no longer the one meant. When the
    file changed meanwhile, nothing is taken back (its last entry may be another now)."""
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
        data = logedit.undo_text(night.loaded.parsed.text, len(log)).encode("utf-8")
        atomic.write_atomic(path, data, expect=night.loaded.stamp)
        return Change(log[-1], night.standings, after, path, data=data)


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
        except BaseException:  # a failing disk, a module that cannot be read: the same
            with contextlib.suppress(MahjError):
                atomic.take_back(path, "")
            raise
    return fold(session)
