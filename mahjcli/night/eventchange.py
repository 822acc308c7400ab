"""Every change to an event follows one path: take the lock, load and check the whole
event, build the change against it, fold the changed event, and save only if it holds
together. A refusal leaves the file byte-for-byte unchanged."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from ..core.errors import MahjError, Refused
from ..core.event import Event
from ..core.eventfold import EventStandings, fold_event
from ..files import atomic, eventload
from ..files.eventwrite import new_event_text
from ..files.lock import locked
from ..files.reading import stamp
from .eventbuild import Edit


class EventChange(NamedTuple):
    """An event before and after a change, and what to tell the director."""

    before: EventStandings
    after: EventStandings
    path: Path
    notes: tuple[str, ...] = ()
    changed: bool = True


def change(
    path: Path,
    build: Callable[[eventload.OpenEvent], Edit | None],
    seen: eventload.OpenEvent | None = None,
) -> EventChange:
    """Make the change `build` asks for (None: nothing to change), if the event still
    holds together after it, and save it only over the very file read (else nothing is
    changed: FileChanged). `seen` is the event as read a moment ago, before the lock was
    taken: it is used when the file is still that one (its stamp)."""
    with locked(path):
        if seen is not None and seen.loaded.stamp == stamp(path):
            opened = seen
        else:
            opened = eventload.load(path)
        edit = build(opened)
        if edit is None:
            return EventChange(opened.standings, opened.standings, path, changed=False)
        after = edited(opened, edit)
        data = edit.text.encode("utf-8")
        atomic.write_atomic(path, data, expect=opened.loaded.stamp)
        return EventChange(opened.standings, after, path, edit.notes)


def edited(opened: eventload.OpenEvent, edit: Edit) -> EventStandings:
    """The event after `edit`, as saving it makes it; refused, in the rules' own words,
    when it no longer holds together."""
    after = fold_event(edit.event, known=opened.standings.results)
    if after.problems:
        raise Refused(after.problems[0].message)
    return after


def start(path: Path, event: Event) -> EventStandings:
    """Write a new event's file (never over another) and make it the current event: both
    or neither, as a new night (`night.change.start`)."""
    standings = fold_event(event)
    if standings.problems:
        raise Refused(standings.problems[0].message)
    with locked(path):
        atomic.create(path, new_event_text(event).encode("utf-8"))
        try:
            eventload.set_current_event(path)
        except MahjError as exc:
            atomic.take_back(path, str(exc))
            raise
        except BaseException:  # a failing disk, a module that cannot be read: the same
            with contextlib.suppress(MahjError):
                atomic.take_back(path, "")
            raise
    return standings
