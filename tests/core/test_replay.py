"""Replaying only what a change adds (the server keeps its nights between saves): the
standings are exactly the whole log's, and the replay that was extended stays as it was."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjcli.core.fold import Replay, fold
from mahjcli.core.model import Join, Wall, Win
from mahjcli.core.rulesets import League
from tests.core.test_club import club_nights
from tests.core.test_fold import WORKED, night, nights


@settings(max_examples=80, deadline=None)
@given(nights(), st.data())
def test_a_replay_extended_by_the_rest_of_the_log_is_the_whole_replay(session, data):
    split = data.draw(st.integers(0, len(session.log)))
    start = session._replace(log=session.log[:split])
    first = Replay.of(start)
    kept = first.standings()
    assert first.extended(session).standings() == fold(session)
    assert first.standings() == kept == fold(start)  # the extended replay is untouched


@settings(max_examples=40, deadline=None)
@given(club_nights(max_entries=15), st.data())
def test_a_club_night_extended_entry_by_entry_is_the_whole_replay(session, data):
    """Kitties, tables opening and closing, the shared line: one entry at a time."""
    replay = Replay.of(session._replace(log=()))
    for end in range(1, len(session.log) + 1):
        replay = replay.extended(session._replace(log=session.log[:end]))
    assert replay.standings() == fold(session)


def test_an_entry_that_cannot_stand_is_a_problem_as_in_the_whole_replay():
    bad = WORKED._replace(log=(*WORKED.log, Win("Nobody", 25)))
    extended = Replay.of(WORKED).extended(bad).standings()
    assert extended == fold(bad)
    assert extended.problems[0].where.at == len(WORKED.log)


def test_an_arrival_or_another_night_is_replayed_whole():
    """Every row holds a total for each player of the night: a new player means every
    row again, as does a log that is not this one's with more at its end."""
    base = night(Win("Ruth", 25, thrown_by="Linda"), players=("Ruth", "Linda", "Kathy", "Pat"))
    replay = Replay.of(base)
    arrived = base._replace(log=(*base.log, Join("Sue"), Wall()))
    assert replay.extended(arrived).standings() == fold(arrived)
    assert len(replay.extended(arrived).players) == 5
    other = base._replace(log=(Win("Kathy", 30), Wall()))
    assert replay.extended(other).standings() == fold(other)
    pie = base._replace(rules=League(pie=200), log=(*base.log, Wall()))
    assert replay.extended(pie).standings() == fold(pie)


def test_a_night_that_cannot_start_is_replayed_whole():
    broken = night(players=("Ruth", "Linda"))
    replay = Replay.of(broken)
    assert replay.standings() == fold(broken) and replay.standings().problems
    more = broken._replace(log=(Wall(),))
    assert replay.extended(more).standings() == fold(more)
