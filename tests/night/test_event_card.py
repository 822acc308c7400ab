"""A table's card entered game by game at an event (RULES.md §6, §9, §11), through the
night functions a table's page calls: a whole round with exposures, a dead hand and a
penalty, verification, hand-in by the player the round names, the director's acceptance
and replacement; refusals as a tournament night's; and the round clock (warnings, time
called, a short card accepted only then, the same after reading the file again)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from mahjcli.core.clock import clock_state
from mahjcli.core.errors import Refused
from mahjcli.core.rulesets import Tournament
from mahjcli.files import eventload
from mahjcli.night import build, eventbuild, eventclock, eventplay
from mahjcli.night.eventchange import EventChange, change, start
from mahjcli.reports.event import seating_json, sheet
from mahjcli.reports.eventcard import card_json, card_view

T = dt.datetime(2026, 12, 5, 13, 0, tzinfo=dt.UTC)
PLAYERS = ["Ann", "Bea", "Cy", "Dot", "Eve", "Fay", "Gus", "Hal"]


def minutes(n: float) -> dt.datetime:
    return T + dt.timedelta(minutes=n)


class Event:
    """An event of eight players seated as listed (table 1: Ann Bea Cy Dot), one file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        made = eventbuild.new_event(
            "Cup", [(p, "") for p in PLAYERS], date=dt.date(2026, 12, 5), rounds=2,
            movement="fewest-repeats", seed=1, profile=Tournament(), given=True,
            tie_break=False,
        )  # fmt: skip
        start(path, made)

    def do(self, build) -> EventChange:  # type: ignore[no-untyped-def]
        return change(self.path, build)

    def refused(self, build) -> str:  # type: ignore[no-untyped-def]
        before = self.path.read_bytes()
        with pytest.raises(Refused) as caught:
            self.do(build)
        assert self.path.read_bytes() == before
        return str(caught.value)

    def game(self, make, when: dt.datetime = T, rnd: int = 1, table: int = 1):  # type: ignore[no-untyped-def]
        return self.do(lambda o: eventplay.enter(o, rnd, table, make, when))

    def card(self, when: dt.datetime = T, rnd: int = 1, table: int = 1) -> dict:
        standings = eventload.load(self.path).standings
        return card_json(card_view(standings, rnd, table, when))


def win(winner: str, value: str, **how):  # type: ignore[no-untyped-def]
    return lambda s: build.build_win(
        s, winner=winner, value=value, thrown_by=how.pop("thrown_by", None),
        self_pick=how.pop("self_pick", False), **how,
    )  # fmt: skip


@pytest.fixture
def ev(tmp_path: Path) -> Event:
    return Event(tmp_path / "cup.toml")


def play_round(ev: Event) -> None:
    """RULES.md §6's checks at table 1: Ann 30 with two exposures thrown by Bea (Ann +30,
    Bea -20); Bea self-picks a jokerless 25 (+55); a wall game with Dot dead (+10 each,
    Dot -10); Cy looked at a blind pass (-10); Dot self-picks 25 (+35)."""
    ev.game(win("Ann", "30", thrown_by="Bea", exposures=2))
    ev.game(win("bea", "25", self_pick=True, jokerless=True))
    ev.game(lambda s: build.build_wall(s, ["dot"]))
    ev.game(lambda s: build.build_penalty(s, "Cy", "10", "looked at a blind pass"))
    ev.game(win("Dot", "25", self_pick=True))


def test_a_whole_round_entered_game_by_game_confirmed_handed_in_and_accepted(ev: Event):
    play_round(ev)
    card = ev.card()
    assert card["status"] == "open" and card["games"] == 4 and card["finished"]
    assert card["totals"] == {"Ann": 40, "Bea": 45, "Cy": 0, "Dot": 25}
    assert [line["points"] for line in card["lines"]] == [
        {"Ann": 30, "Bea": -20, "Cy": 0, "Dot": 0},
        {"Ann": 0, "Bea": 55, "Cy": 0, "Dot": 0},
        {"Ann": 10, "Bea": 10, "Cy": 10, "Dot": -10},
        {"Ann": 0, "Bea": 0, "Cy": -10, "Dot": 0},
        {"Ann": 0, "Bea": 0, "Cy": 0, "Dot": 35},
    ]
    assert [s["checks"] for s in card["seats"]] == ["Cy", "Dot", "Ann", "Bea"]
    assert card["hands_in"] == "Ann"  # East of the starting seats in round 1
    # not yet confirmed by everyone: no hand-in; a fifth game is refused
    assert "every player confirms the card first" in ev.refused(
        lambda o: eventplay.hand_in(o, 1, 1, "Ann", T)
    )
    assert "has its 4 games" in ev.refused(
        lambda o: eventplay.enter(o, 1, 1, win("Ann", "25", self_pick=True), T)
    )
    ev.do(lambda o: eventplay.confirm(o, 1, 1, ["ann", "Bea"], T))
    ev.do(lambda o: eventplay.confirm(o, 1, 1, ["Cy", "Dot"], T))
    assert ev.card()["confirmed"] == ["Ann", "Bea", "Cy", "Dot"]
    assert "handed in by seat A: Ann" in ev.refused(lambda o: eventplay.hand_in(o, 1, 1, "Dot", T))
    assert "not handed in yet" in ev.refused(lambda o: eventplay.accept(o, 1, 1, T))
    ev.do(lambda o: eventplay.hand_in(o, 1, 1, "ann", T))
    assert "is handed in" in ev.refused(lambda o: eventplay.take_back(o, 1, 1))
    done = ev.do(lambda o: eventplay.accept(o, 1, 1, T))
    assert done.after.results[1, 1].totals == {"Ann": 40, "Bea": 45, "Cy": 0, "Dot": 25}
    assert done.after.missing[1] == (2,)
    text = ev.path.read_text("utf-8")
    assert 'status = "' not in text and "totals" not in text  # accepted; totals are the games'
    assert 'confirmed = ["Ann", "Bea", "Cy", "Dot"]' in text and 'handed_in = "Ann"' in text
    # accepted: it no longer changes at the table
    assert "is accepted and no longer changes" in ev.refused(
        lambda o: eventplay.enter(o, 1, 1, win("Ann", "25", self_pick=True), T)
    )


def test_round_two_is_handed_in_by_north(ev: Event):
    ev.do(lambda o: eventbuild.seat(o, 2, "abcd", False))
    seats = eventload.load(ev.path).event.seatings[1].tables[0]
    assert ev.card(rnd=2)["hands_in"] == seats[3]


def test_a_refusal_is_a_tournament_nights(ev: Event):
    assert "needs the number of exposures" in ev.refused(
        lambda o: eventplay.enter(o, 1, 1, win("Ann", "30", thrown_by="Bea"), T)
    )
    assert "cannot both win and throw" in ev.refused(
        lambda o: eventplay.enter(o, 1, 1, win("Ann", "30", thrown_by="ann", exposures=1), T)
    )
    assert "winner: Eve plays at table 2 in round 1, not at this table" in ev.refused(
        lambda o: eventplay.enter(o, 1, 1, win("Eve", "30", self_pick=True), T)
    )
    assert "only East (Ann) can have a heavenly hand" in ev.refused(
        lambda o: eventplay.enter(o, 1, 1, win("Bea", "30", heavenly=True), T)
    )
    assert not ev.path.read_text("utf-8").count("[[cards]]")


def test_taking_back_the_last_game_clears_the_confirmations(ev: Event):
    play_round(ev)
    ev.do(lambda o: eventplay.confirm(o, 1, 1, ["Ann"], T))
    ev.do(lambda o: eventplay.take_back(o, 1, 1))
    card = ev.card()
    assert card["games"] == 3 and card["confirmed"] == [] and not card["finished"]
    assert "3 of 4 games" in ev.refused(lambda o: eventplay.confirm(o, 1, 1, ["Ann"], T))


def test_the_director_replaces_an_accepted_card_and_keeps_it_as_history(ev: Event):
    play_round(ev)
    for step in (
        lambda o: eventplay.confirm(o, 1, 1, ["Ann", "Bea", "Cy", "Dot"], T),
        lambda o: eventplay.hand_in(o, 1, 1, "Ann", T),
        lambda o: eventplay.accept(o, 1, 1, T),
        lambda o: eventplay.reopen(o, 1, 1),
        lambda o: eventplay.take_back(o, 1, 1),
    ):
        ev.do(step)
    after = eventload.load(ev.path).standings
    assert after.results[1, 1].totals["Dot"] == 25  # the accepted card is still in force
    ev.game(win("Dot", "30", self_pick=True))
    for step in (
        lambda o: eventplay.confirm(o, 1, 1, ["Ann", "Bea", "Cy", "Dot"], T),
        lambda o: eventplay.hand_in(o, 1, 1, "Ann", T),
        lambda o: eventplay.accept(o, 1, 1, T),
    ):
        ev.do(step)
    after = eventload.load(ev.path).standings
    assert after.results[1, 1].totals["Dot"] == 30
    text = ev.path.read_text("utf-8")
    assert text.count("[[cards]]") == 2 and "replace = true" in text


# ---- the clock ---------------------------------------------------------------------------


def test_the_clock_warns_at_ten_and_five_minutes_and_calls_time_when_it_runs_out(ev: Event):
    ev.do(lambda o: eventclock.start(o, 1, 60, T, False))
    event = eventload.load(ev.path).event
    assert clock_state(event.clock, 1, minutes(30)).warning is None
    assert clock_state(event.clock, 1, minutes(50)).warning == 10
    assert clock_state(event.clock, 1, minutes(55.5)).warning == 5
    late = clock_state(event.clock, 1, minutes(61))
    assert late.called and late.called_at == minutes(60) and not late.recorded
    # the same clock after the file is read again (a restarted server)
    again = eventload.load(ev.path).event
    assert clock_state(again.clock, 1, minutes(50)) == clock_state(event.clock, 1, minutes(50))
    standings = eventload.load(ev.path).standings
    shown = seating_json(sheet(standings, 1, minutes(10)))["clock"]
    assert shown["round"] == 1 and shown["ends"] == "2026-12-05T14:00:00Z"
    assert shown["called"] is False and shown["left"] == 50 * 60


def test_time_called_allows_only_the_game_in_progress_as_time_called(ev: Event):
    ev.do(lambda o: eventclock.start(o, 1, 60, T, False))
    ev.game(win("Ann", "30", thrown_by="Bea", exposures=2), minutes(10))
    ev.game(lambda s: build.build_wall(s, []), minutes(25))
    assert "time has not been called for round 1 (30 minutes left)" in ev.refused(
        lambda o: eventplay.enter(o, 1, 1, build.build_incomplete, minutes(30))
    )
    assert "2 of 4 games" in ev.refused(lambda o: eventplay.confirm(o, 1, 1, ["Ann"], minutes(59)))
    # the clock runs out: no new game starts; the game in progress is time called
    assert "time was called for round 1" in ev.refused(
        lambda o: eventplay.enter(o, 1, 1, win("Cy", "25", self_pick=True), minutes(61))
    )
    ev.game(build.build_incomplete, minutes(61))
    text = ev.path.read_text("utf-8")
    assert "called = 2026-12-05T14:00:00Z" in text  # the run-out recorded with the entry
    assert "already ends with the game time stopped" in ev.refused(
        lambda o: eventplay.enter(o, 1, 1, build.build_incomplete, minutes(62))
    )
    card = ev.card(minutes(62))
    assert card["games"] == 3 and card["finished"] and card["totals"]["Ann"] == 40


def test_a_card_of_fewer_than_four_games_is_accepted_only_once_time_was_called(ev: Event):
    ev.game(win("Ann", "30", thrown_by="Bea", exposures=2))
    ev.game(lambda s: build.build_wall(s, []))
    ev.game(win("Cy", "25", self_pick=True))
    assert "3 of 4 games" in ev.refused(lambda o: eventplay.confirm(o, 1, 1, ["Ann"], T))
    ev.do(lambda o: eventclock.call(o, 1, minutes(45)))
    ev.do(lambda o: eventplay.confirm(o, 1, 1, ["Ann", "Bea", "Cy", "Dot"], minutes(46)))
    ev.do(lambda o: eventplay.hand_in(o, 1, 1, "Ann", minutes(46)))
    done = ev.do(lambda o: eventplay.accept(o, 1, 1, minutes(47)))
    assert done.after.results[1, 1].totals == {"Ann": 40, "Bea": -10, "Cy": 45, "Dot": 10}
    # without the call in the file, the short card is a problem of the file
    text = ev.path.read_text("utf-8")
    cut = text.replace("[[clock]]\nround = 1\ncalled = 2026-12-05T13:45:00Z\n", "")
    assert cut != text
    ev.path.write_text(cut, "utf-8")
    found, _ = eventload.check(eventload.read(ev.path))
    assert "a card of fewer is accepted only once time was called for round 1" in found[0].message


def test_a_started_clock_is_not_started_again_without_restart(ev: Event):
    ev.do(lambda o: eventclock.start(o, 1, 60, T, False))
    assert "add --restart" in ev.refused(lambda o: eventclock.start(o, 1, 50, minutes(5), False))
    ev.do(lambda o: eventclock.start(o, 1, 50, minutes(5), True))
    event = eventload.load(ev.path).event
    assert clock_state(event.clock, 1, minutes(6)).ends == minutes(55)
    assert "round 2 is not seated yet" in ev.refused(lambda o: eventclock.start(o, 2, 60, T, False))
    # a started round keeps its seating
    assert "has started" in ev.refused(lambda o: eventbuild.seat(o, 1, "random", True))


def test_time_called_by_hand_is_not_undone_by_starting_the_clock(ev: Event):
    """RULES.md §11: once time is called no new game starts; starting the clock after the
    director called time needs --restart, as after a clock that ran out."""
    ev.game(win("Ann", "30", thrown_by="Bea", exposures=2))
    ev.do(lambda o: eventclock.call(o, 1, minutes(5)))
    message = ev.refused(lambda o: eventclock.start(o, 1, 50, minutes(6), False))
    assert "time was called for round 1 at" in message and "add --restart" in message


def test_time_called_at_a_table_needs_the_call_and_ends_the_card(ev: Event):
    """Without a clock the director calls time by hand; until then a table cannot record
    a game as time called. After it, the card ends there: no game and no second time
    called comes after it, though a penalty may still be given (§11)."""
    ev.game(win("Ann", "25", self_pick=True))
    message = ev.refused(lambda o: eventplay.enter(o, 1, 1, build.build_incomplete, T))
    assert "time has not been called for round 1" in message
    assert "mahj event call-time 1" in message
    ev.do(lambda o: eventclock.call(o, 1, minutes(1)))
    ev.game(build.build_incomplete, minutes(2))
    for make in (win("Cy", "25", self_pick=True), build.build_incomplete):
        message = ev.refused(lambda o, m=make: eventplay.enter(o, 1, 1, m, minutes(3), True))
        assert "already ends with the game time stopped" in message, message
    ev.game(lambda s: build.build_penalty(s, "Cy", "10", "looked at a blind pass"), minutes(3))
    assert ev.card(minutes(3))["totals"]["Cy"] == -10


def test_the_clock_cannot_start_again_under_a_card_accepted_short(ev: Event):
    """A card of fewer than four games was accepted because time was called: starting the
    round's clock again (even with --restart) would take the call away from under it."""
    ev.game(win("Ann", "30", self_pick=True))
    ev.do(lambda o: eventclock.call(o, 1, minutes(5)))
    ev.do(lambda o: eventplay.confirm(o, 1, 1, ["Ann", "Bea", "Cy", "Dot"], minutes(6)))
    ev.do(lambda o: eventplay.hand_in(o, 1, 1, "Ann", minutes(6)))
    ev.do(lambda o: eventplay.accept(o, 1, 1, minutes(7)))
    for restart in (False, True):
        message = ev.refused(lambda o, r=restart: eventclock.start(o, 1, 50, minutes(8), r))
        assert "table 1's card" in message, message


def test_a_card_with_games_after_time_called_is_a_problem_of_the_file(ev: Event):
    """A hand edit (or a tournament night's file handed in) with a game after the game
    time stopped: the event names the entry."""
    ev.do(lambda o: eventclock.call(o, 1, minutes(1)))
    ev.game(build.build_incomplete, minutes(2))
    text = ev.path.read_text("utf-8")
    wall_after = text.replace('kind = "incomplete"', 'kind = "incomplete" }, { kind = "wall"')
    ev.path.write_text(wall_after, "utf-8")
    found, _ = eventload.check(eventload.read(ev.path))
    assert found and "entry 2 (wall): time was called at this table in entry 1" in found[0].message


def test_a_full_card_says_so_to_time_called_as_to_a_game(ev: Event):
    for _ in range(4):
        ev.game(lambda s: build.build_wall(s, []))
    ev.do(lambda o: eventclock.call(o, 1, minutes(1)))
    for make in (build.build_incomplete, lambda s: build.build_wall(s, [])):
        message = ev.refused(lambda o, m=make: eventplay.enter(o, 1, 1, m, minutes(2)))
        assert message.endswith(": the card has its 4 games; confirm it and hand it in"), message
