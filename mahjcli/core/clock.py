"""The round clock of an event (RULES.md §11): what the event file records (when the
director started a round's clock and for how long, when they called time) and the one
pure function that says where the clock stands at a given moment. Nothing about it is
stored but the director's actions, so a restarted server shows the same clock.

Times are aware datetimes in UTC, to the second.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable
from typing import NamedTuple

DEFAULT_MINUTES = 60
MAX_MINUTES = 600
WARNINGS = (10, 5)
"""Minutes left at which the tables are warned, the first one first."""


class ClockMark(NamedTuple):
    """One thing the director did to a round's clock: started it (`start`, `minutes`) or
    called time (`called`)."""

    round: int
    start: _dt.datetime | None = None
    minutes: int | None = None
    called: _dt.datetime | None = None


class Clock(NamedTuple):
    """A round's clock at one moment."""

    round: int
    starts: _dt.datetime | None
    """When it was started (None: time was called without a clock)."""
    minutes: int | None
    ends: _dt.datetime | None
    called: bool
    """Time is called: by the director, or because the clock ran out."""
    called_at: _dt.datetime | None
    left: int
    """Seconds left (0 once time is called)."""
    warning: int | None
    """10 or 5 while that many minutes or fewer are left, else None."""
    recorded: bool
    """The call is in the event file (False: the clock ran out and nobody recorded it yet)."""


def utc(moment: _dt.datetime) -> _dt.datetime:
    """An aware moment in UTC, to the second.

    >>> utc(_dt.datetime(2026, 12, 5, 9, 0, 30, 500, tzinfo=_dt.timezone(_dt.timedelta(hours=-5))))
    datetime.datetime(2026, 12, 5, 14, 0, 30, tzinfo=datetime.timezone.utc)
    """
    return moment.astimezone(_dt.UTC).replace(microsecond=0)


def stamp(moment: _dt.datetime) -> str:
    """A moment as JSON writes it: `2026-12-05T14:00:00Z`."""
    return utc(moment).strftime("%Y-%m-%dT%H:%M:%SZ")


def hhmm(moment: _dt.datetime | None) -> str:
    """A moment as the director reads it: local time, the minute the room's clocks show
    (`14:04` from 14:04:00 to 14:04:59). A clock's end is a whole minute (`clock_state`),
    so the minute said for time called is the moment it is called."""
    if moment is None:
        return "?"
    return moment.astimezone().strftime("%H:%M")


def left_words(clock: Clock) -> str:
    """The time left, in words: `23 minutes`, `1 minute`, `under a minute`."""
    whole = clock.left // 60
    if whole == 0:
        return "under a minute"
    return f"{whole} minute{'s' if whole != 1 else ''}"


def clock_state(marks: Iterable[ClockMark], rnd: int, now: _dt.datetime) -> Clock | None:
    """Where round `rnd`'s clock stands at `now` (None: nobody started it or called time).
    A start begins it again; time is called by the last call after it, or when it runs out:
    at the first whole minute once its minutes are up (started at 13:00:20 for 60 minutes,
    at 14:01:00).

    >>> t = _dt.datetime(2026, 12, 5, 13, 0, tzinfo=_dt.UTC)
    >>> marks = [ClockMark(2, start=t, minutes=60)]
    >>> c = clock_state(marks, 2, t + _dt.timedelta(minutes=52)); (c.left, c.warning, c.called)
    (480, 10, False)
    >>> clock_state(marks, 2, t + _dt.timedelta(minutes=61)).called
    True
    """
    starts = minutes = called = None
    seen = False
    for mark in marks:
        if mark.round != rnd:
            continue
        seen = True
        if mark.start is not None:
            starts, minutes, called = utc(mark.start), mark.minutes, None
        if mark.called is not None:
            called = utc(mark.called)
    if not seen:
        return None
    now = max(utc(now), starts) if starts else utc(now)  # a clock set back: never more left
    ends = None
    if starts and minutes:  # to the next whole minute: the one every screen says
        ends = starts + _dt.timedelta(minutes=minutes, seconds=-starts.second % 60)
    at = called
    if ends is not None and now >= ends:
        at = ends if called is None else min(called, ends)
    left = 0 if at is not None or ends is None else int((ends - now).total_seconds())
    warning = None
    if at is None and ends is not None:
        warning = min((w for w in WARNINGS if left <= w * 60), default=None)
    recorded = at is None or called is not None
    return Clock(rnd, starts, minutes, ends, at is not None, at, left, warning, recorded)
