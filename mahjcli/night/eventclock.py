"""The round clock, changed by the director (RULES.md §11): start a round's clock, call
time. No I/O: each returns the event after the change and its file's text, or raises
`Refused`; `now` is passed in (the command line and the page pass the current time), so
the same change can be made and tested at any moment."""

from __future__ import annotations

import datetime as _dt

from ..core.clock import MAX_MINUTES, ClockMark, clock_state, hhmm, left_words, utc
from ..core.errors import Refused
from ..core.event import Event, restart_problem
from ..files import eventwrite
from ..files.eventload import OpenEvent
from .eventbuild import Edit


def seated_round(event: Event, rnd: int) -> None:
    """Refused unless round `rnd` is a seated round of the event."""
    if why := event.round_problem(rnd):
        raise Refused(why)


def _with(event: Event, text: str, mark: ClockMark) -> tuple[Event, str]:
    """The event with one more clock mark, and its file's text."""
    after = event._replace(clock=(*event.clock, mark))
    return after, eventwrite.append_tables(text, [("clock", eventwrite.clock_table(mark))])


def start(opened: OpenEvent, rnd: int, minutes: int, now: _dt.datetime, restart: bool) -> Edit:
    """Start round `rnd`'s clock at `now` for `minutes` (again, with `restart`)."""
    event = opened.event
    seated_round(event, rnd)
    if not 1 <= minutes <= MAX_MINUTES:
        raise Refused(f"--minutes must be from 1 to {MAX_MINUTES}, not {minutes}")
    if why := restart_problem(event, rnd, now):
        raise Refused(why)
    state = clock_state(event.clock, rnd, now)
    if state is not None and (state.starts is not None or state.called) and not restart:
        if state.starts is None:
            raise Refused(
                f"time was called for round {rnd} at {hhmm(state.called_at)}, and no new game "
                "starts; add --restart to start its clock again"
            )
        how = (
            f"time was called at {hhmm(state.called_at)}"
            if state.called
            else f"it runs until {hhmm(state.ends)}, {left_words(state)} left"
        )
        raise Refused(
            f"round {rnd}'s clock was started at {hhmm(state.starts)} and {how}; add --restart "
            "to start it again"
        )
    mark = ClockMark(rnd, start=utc(now), minutes=minutes)
    after, text = _with(event, opened.loaded.parsed.text, mark)
    started = clock_state(after.clock, rnd, now)
    assert started is not None  # the mark just made
    ends = started.ends
    note = (
        f"Round {rnd}'s clock started at {hhmm(now)}: {minutes} minute{'s' * (minutes != 1)}, "
        f"time is called at {hhmm(ends)}."
    )
    return Edit(after, text, (note,))


def call(opened: OpenEvent, rnd: int, now: _dt.datetime) -> Edit | None:
    """Call time for round `rnd` at `now` (None: it is called already, and recorded)."""
    event = opened.event
    seated_round(event, rnd)
    state = clock_state(event.clock, rnd, now)
    if state is not None and state.called and state.recorded:
        return None
    moment = state.called_at if state is not None and state.called_at is not None else utc(now)
    after, text = _with(event, opened.loaded.parsed.text, ClockMark(rnd, called=moment))
    return Edit(after, text, (f"Time is called for round {rnd} at {hhmm(moment)}.",))


def recorded_call(event: Event, text: str, rnd: int, now: _dt.datetime) -> tuple[Event, str]:
    """The event with a call of time recorded for round `rnd` when its clock ran out and
    nobody recorded it (so that the file alone says time was called), else as it is."""
    state = clock_state(event.clock, rnd, now)
    if state is None or state.recorded or state.called_at is None:
        return event, text
    return _with(event, text, ClockMark(rnd, called=state.called_at))
