"""The round clock's times as the director and the tables read them: a round's clock runs
to a whole minute, so the minute every screen gives for time called is the moment time is
called (never a minute a game finished before it is refused at), and a start or a call is
said at the minute the room's clocks showed (never a minute still to come)."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterator

import pytest

from mahjcli.core.clock import ClockMark, clock_state, hhmm

T = dt.datetime(2026, 12, 5, 8, 41, 42, tzinfo=dt.UTC)
"""The director starts round 1's clock at 08:41:42."""


@pytest.fixture
def utc_here(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This machine's local time is UTC for the test (and as it was after it)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize(
    ("moment", "said"),
    [
        ((14, 4, 49), "14:04"),
        ((14, 4, 0), "14:04"),
        ((14, 4, 59), "14:04"),
        ((23, 59, 45), "23:59"),
    ],
)
def test_a_moment_is_said_at_the_minute_the_rooms_clocks_show(utc_here, moment, said):
    assert hhmm(dt.datetime(2026, 12, 5, *moment, tzinfo=dt.UTC)) == said


def test_a_time_is_said_in_local_time(utc_here):
    new_york = dt.timezone(dt.timedelta(hours=-5))
    assert hhmm(dt.datetime(2026, 12, 5, 9, 4, 49, tzinfo=new_york)) == "14:04"
    assert hhmm(None) == "?"


def test_a_clock_runs_to_the_whole_minute_it_says(utc_here):
    """Started at 08:41:42 for a minute, time is called at 08:43:00, the minute said, not
    at 08:42:42 (when a game finished at 08:42:50 was refused though every screen said time
    would be called at 08:43)."""
    marks = [ClockMark(1, start=T, minutes=1)]
    running = clock_state(marks, 1, T + dt.timedelta(seconds=68))  # 08:42:50
    assert not running.called and running.left == 10
    assert hhmm(running.ends) == "08:43" and running.ends.second == 0
    over = clock_state(marks, 1, T + dt.timedelta(seconds=78))  # 08:43:00
    assert over.called and over.called_at == dt.datetime(2026, 12, 5, 8, 43, tzinfo=dt.UTC)
    on_the_minute = dt.datetime(2026, 12, 5, 9, 0, tzinfo=dt.UTC)
    whole = clock_state([ClockMark(2, start=on_the_minute, minutes=60)], 2, on_the_minute)
    assert whole.ends == on_the_minute + dt.timedelta(minutes=60) and whole.left == 3600


def test_time_called_by_the_director_is_said_at_the_minute_it_was_called(utc_here):
    called = T + dt.timedelta(seconds=-6)  # 08:41:36
    clock = clock_state([ClockMark(1, called=called)], 1, T)
    assert clock.called and hhmm(clock.called_at) == "08:41"
