"""The round clock's times as the director and the tables read them: to the nearest
minute, so a round that ends at 14:04:49 is said to end at 14:05, not 14:04."""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Iterator

import pytest

from mahjcli.core.clock import hhmm


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
        ((14, 4, 49), "14:05"),
        ((14, 4, 29), "14:04"),
        ((14, 4, 30), "14:05"),
        ((14, 5, 0), "14:05"),
        ((23, 59, 45), "00:00"),
    ],
)
def test_a_time_is_said_to_the_nearest_minute(utc_here, moment, said):
    assert hhmm(dt.datetime(2026, 12, 5, *moment, tzinfo=dt.UTC)) == said


def test_a_time_is_said_in_local_time(utc_here):
    new_york = dt.timezone(dt.timedelta(hours=-5))
    assert hhmm(dt.datetime(2026, 12, 5, 9, 4, 49, tzinfo=new_york)) == "14:05"
    assert hhmm(None) == "?"
