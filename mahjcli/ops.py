"""What the commands do to a session, between the file (`store`) and the rules (`scoring`).

Every change follows one path: take the lock, read and validate the whole night, build
the new entry against the current standings, replay the night with it (the same fold
that scores it decides whether it can happen), and only then save.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from . import store
from .errors import Refused, SessionInvalid
from .model import Accept, Entry, Session
from .scoring import Standings, fold
from .sessionfile import FileProblem, _Lines, append_entry, entry_to_dict, remove_last_entry


@dataclass(frozen=True)
class Night:
    """A valid session as read, and its standings."""

    loaded: store.Loaded
    session: Session
    standings: Standings

    @property
    def path(self) -> Path:
        """The session file."""
        return self.loaded.path


def problems(loaded: store.Loaded) -> tuple[list[FileProblem], Standings | None]:
    """Every problem in a session file (reading, then replaying), with lines; and the
    standings when the file could be replayed."""
    parsed = loaded.parsed
    if parsed.session is None:
        return list(parsed.problems), None
    standings = fold(parsed.session)
    if not standings.problems:
        return [], standings
    lines = _Lines(parsed.text)
    found = []
    for problem in standings.problems:
        if problem.index is None:
            found.append(FileProblem(problem.message, lines.top("players")))
        else:
            entry = parsed.session.log[problem.index]
            # Parsed entries line up with [[log]] tables one to one.
            found.append(
                FileProblem(
                    f"log entry {problem.index + 1} ({entry.kind}): {problem.message}",
                    lines.entry("log", problem.index),
                )
            )
    return found, standings


def open_night(path: Path) -> Night:
    """Read, validate and replay a session; SessionInvalid names the first problem."""
    loaded = store.read(path)
    found, standings = problems(loaded)
    if found or standings is None:
        bad = dataclasses.replace(
            loaded, parsed=dataclasses.replace(loaded.parsed, problems=tuple(found))
        )
        raise SessionInvalid(store.invalid_message(bad))
    assert loaded.parsed.session is not None
    return Night(loaded, loaded.parsed.session, standings)


@dataclass(frozen=True)
class Change:
    """A recorded entry, with the standings before and after it."""

    entry: Entry
    before: Standings
    after: Standings
    path: Path


def record(path: Path, build: Callable[[Night], Entry]) -> Change:
    """Add the entry `build` makes to the night, if the rules allow it where it stands."""
    with store.locked(path):
        night = open_night(path)
        entry = build(night)
        session = dataclasses.replace(night.session, log=(*night.session.log, entry))
        after = fold(session)
        if after.problems:
            raise Refused(after.problems[-1].message)
        text = append_entry(night.loaded.parsed.text, entry_to_dict(entry), night.loaded.parsed.doc)
        store.write_atomic(path, text.encode("utf-8"))
        return Change(entry, night.standings, after, path)


def undo(path: Path) -> Change:
    """Remove the last entry of the night."""
    with store.locked(path):
        night = open_night(path)
        if not night.session.log:
            raise Refused("there is nothing to undo: the night's log is empty")
        entry = night.session.log[-1]
        if isinstance(entry, Accept):
            raise Refused(
                f"the score card was accepted through game {night.standings.accepted}, and an "
                "accepted card does not change; record the next game instead"
            )
        session = dataclasses.replace(night.session, log=night.session.log[:-1])
        after = fold(session)
        text = remove_last_entry(night.loaded.parsed.text, night.loaded.parsed.doc)
        store.write_atomic(path, text.encode("utf-8"))
        return Change(entry, night.standings, after, path)
