"""Event day on the command line: the round clock (mahj event start, call-time), a
table's card entered game by game and accepted, where a player sits, the seating sheet
by name; refusals are one Error line and leave the event file as it was."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import pytest

from .test_event import PLAYERS, Run, table_night


@pytest.fixture
def ev(tmp_path: Path) -> Run:
    """Ten players as listed: table 1 Ann Bea Cy Dot, table 2 Eve Fay Gus Hal, byes Ida, Jo."""
    run = Run(tmp_path / "event.toml")
    run.ok("event", "new", "Club Cup", *PLAYERS, "--rounds", "3", "--given", "--seed", "5")
    return run


def back_in_time(run: Run, minutes: int) -> None:
    """Move every start of a clock `minutes` into the past (a hand edit of the file)."""
    text = run.path.read_text("utf-8")

    def earlier(m: re.Match[str]) -> str:
        moment = dt.datetime.fromisoformat(m.group(1).replace("Z", "+00:00"))
        moment -= dt.timedelta(minutes=minutes)
        return "start = " + moment.strftime("%Y-%m-%dT%H:%M:%SZ")

    run.path.write_text(re.sub(r"start = (\S+)", earlier, text), "utf-8")


def test_a_table_enters_its_round_and_the_director_accepts_it(ev: Run):
    out = ev.ok("event", "win", "1", "1", "ann", "30", "--thrown-by", "Bea", "--exposures", "2")
    assert "1. Ann wins 30, thrown by Bea, 2 exp.: Ann +30, Bea -20" in out
    assert "Game 2 of 4: East Bea." in out
    assert "needs the number of exposures" in ev.refused(
        "event", "win", "1", "1", "Cy", "25", "--thrown-by", "Dot"
    )
    ev.ok("event", "win", "1", "1", "Bea", "25", "--self-pick", "--jokerless")
    ev.ok("event", "wall", "1", "1", "--dead", "Dot")
    ev.ok("event", "penalty", "1", "1", "Cy", "10", "--reason", "blind pass")
    out = ev.ok("event", "win", "1", "1", "Dot", "25", "--self-pick")
    assert "Totals: Ann +40, Bea +45, Cy 0, Dot +25" in out
    assert "To confirm: Ann checks Cy's line" in out and "Then Ann hands it in." in out
    assert "every player confirms the card first" in ev.refused("event", "hand-in", "1", "1", "Ann")
    out = ev.ok("event", "confirm", "1", "1", "Ann", "Bea", "Cy", "Dot")
    assert "Round 1, table 1: confirmed, for Ann to hand in" in out
    assert "handed in by seat A: Ann" in ev.refused("event", "hand-in", "1", "1", "Dot")
    assert "Handed in by Ann." in ev.ok("event", "hand-in", "1", "1", "Ann")
    out = ev.ok("event", "accept", "1", "1")
    assert "Round 1, table 1: accepted" in out and "1 of 2 cards in; missing table 2" in out
    card = ev.json("event", "scorecard", "1", "1")
    assert card["status"] == "accepted" and card["totals"]["Bea"] == 45
    standings = ev.json("event", "standings")
    assert (
        standings["standings"][0]["player"] == "Bea" and standings["standings"][0]["mahjongs"] == 1
    )
    assert "no longer changes" in ev.refused("event", "undo", "1", "1")
    assert "open again" in ev.ok("event", "reopen", "1", "1")


def test_the_clock_is_started_called_and_shown_with_the_seating(ev: Run):
    out = ev.ok("event", "start", "1", "--minutes", "50")
    assert re.search(r"Round 1's clock started at \d\d:\d\d: 50 minutes", out)
    assert "add --restart" in ev.refused("event", "start", "1")
    clock = ev.json("event", "seating", "1")["clock"]
    assert clock["round"] == 1 and clock["called"] is False and clock["ends"].endswith("Z")
    assert 49 * 60 <= clock["left"] < 51 * 60  # to the whole minute after 50 minutes
    assert "time has not been called" in ev.refused("event", "incomplete", "1", "1")
    back_in_time(ev, 46)  # four minutes and some seconds left (to the whole minute)
    assert ev.json("event", "seating", "1")["clock"]["warning"] == 5
    assert "minute" in ev.ok("event", "seating", "1").splitlines()[-1]
    out = ev.ok("event", "call-time", "1")
    assert "Time is called for round 1" in out
    assert "already called" in ev.ok("event", "call-time", "1")
    assert ev.json("event", "seating", "1")["clock"]["called"] is True
    assert "time was called for round 1" in ev.refused(
        "event", "win", "1", "2", "Eve", "25", "--self-pick"
    )
    assert "Time called: game not finished" in ev.ok("event", "incomplete", "1", "2")


def test_the_clocks_minutes_are_the_rooms(ev: Run, monkeypatch: pytest.MonkeyPatch):
    """Started at 08:41:42, the clock says 08:41 (not 08:42, a minute to come) and time is
    called at the minute it says, 08:43: a game at 08:42:50 goes in, one at 08:43:00 is
    refused."""
    import time

    at = dt.datetime(2026, 12, 5, 8, 41, 42, tzinfo=dt.UTC)
    monkeypatch.setattr("mahjcli.cli.eventday.now", lambda: at)
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    try:
        said = ev.ok("event", "start", "1", "--minutes", "1")
        assert "clock started at 08:41: 1 minute, time is called at 08:43." in said, said
        at += dt.timedelta(seconds=68)
        ev.ok("event", "win", "1", "1", "Ann", "25", "--self-pick")
        at += dt.timedelta(seconds=10)
        assert "time was called for round 1 at 08:43" in ev.refused(
            "event", "win", "1", "1", "Bea", "25", "--self-pick"
        )
    finally:
        monkeypatch.undo()
        time.tzset()


def test_a_game_finished_before_time_is_entered_after_the_call_with_before_time(ev: Run):
    """RULES.md §11: after time is called no new game starts, but the games a table finished
    are its own: taken back to correct one, the table enters it again (Ann's self-picked 25:
    +35, then Bea's self-picked 30 corrected to 35: +45)."""
    ev.ok("event", "start", "1", "--minutes", "50")
    ev.ok("event", "win", "1", "1", "Ann", "25", "--self-pick")
    ev.ok("event", "win", "1", "1", "Bea", "30", "--self-pick")
    ev.ok("event", "call-time", "1")
    took = ev.ok("event", "undo", "1", "1")
    assert "To enter it again as it finished, add --before-time" in took, took
    said = ev.refused("event", "win", "1", "1", "Bea", "35", "--self-pick")
    assert "no new game starts" in said and "add --before-time" in said
    out = ev.ok("event", "win", "1", "1", "Bea", "35", "--self-pick", "--before-time")
    assert "Entered as finished before time was called at " in out
    card = ev.json("event", "scorecard", "1", "1")
    assert card["totals"] == {"Ann": 35, "Bea": 45, "Cy": 0, "Dot": 0}
    ev.ok("event", "incomplete", "1", "1")
    said = ev.refused("event", "wall", "1", "1", "--before-time")
    assert "the card already ends with the game time stopped" in said


def test_a_clock_that_ran_out_is_time_called(ev: Run):
    ev.ok("event", "start", "1")
    back_in_time(ev, 61)
    assert ev.json("event", "seating", "1")["clock"]["called"] is True
    ev.ok("event", "incomplete", "1", "1")
    assert "called = " in ev.path.read_text("utf-8")  # the run-out is now in the file


def test_a_short_card_from_a_tables_night_is_accepted_once_time_was_called(ev: Run, tmp_path):
    night = Run(tmp_path / "t1.toml")
    night.ok("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament")
    night.ok("win", "Ann", "30", "--thrown-by", "Bea", "--exposures", "2")
    night.ok("wall")
    night.ok("win", "Cy", "25", "--self-pick")
    assert "the card has 3 games" in ev.refused("event", "card", "1", "1", str(night.path))
    ev.ok("event", "call-time", "1")
    assert "--total NAME=POINTS" in ev.refused("event", "card", "1", "1", str(night.path))
    signed = [f"--total={n}" for n in ("Ann=40", "Bea=-10", "Cy=45", "Dot=10")]
    out = ev.ok("event", "card", "1", "1", str(night.path), *signed)
    assert "Ann +40, Bea -10, Cy +45, Dot +10" in out


def test_where_do_i_sit_and_the_sheet_by_name(ev: Run):
    assert ev.ok("event", "where", "cY").splitlines()[:2] == [
        "Cy: round 1, table 1, seat C (West).",
        "Playing Ann (A), Bea (B), Dot (D).",
    ]
    assert ev.ok("event", "where", "IDA").splitlines() == [
        "Ida: a bye in round 1 (scores 0).", "Points: 0 so far."
    ]  # fmt: skip
    found = ev.json("event", "where", "eve")
    assert found == {
        "player": "Eve", "round": 1, "table": 2, "seat": "A", "wind": "East",
        "opponents": [{"seat": "B", "player": "Fay"}, {"seat": "C", "player": "Gus"},
                      {"seat": "D", "player": "Hal"}],
        "points": 0, "place": None,
    }  # fmt: skip
    assert "did you mean" in ev.refused("event", "where", "Evee")
    sheet = ev.ok("event", "seating", "1", "--by-name")
    lines = sheet.splitlines()
    assert lines[0] == "Club Cup · " + lines[0].split(" · ")[1] and "where do I sit?" in lines[0]
    assert lines[2:4] == ["Ann  table 1, seat A (East)", "Bea  table 1, seat B (South)"]
    assert "Ida  bye" in lines and "Jo   bye" in lines


def test_where_during_a_round_is_that_rounds_seat_even_with_the_next_one_seated(ev: Run):
    """Round 1 is being played (its clock runs) and the director seats round 2 early: a
    player asking where to sit is told round 1's seat, as the room's page tells her, until
    round 1's cards are all in or its time is called."""
    ev.ok("event", "start", "1")
    ev.ok("event", "seating", "2")
    assert ev.json("event", "where", "cy")["round"] == 1
    assert ev.json("event", "where", "cy", "--round", "2")["round"] == 2
    ev.ok("event", "call-time", "1")
    assert ev.json("event", "where", "cy")["round"] == 2  # time is up: off to round 2


def test_the_sheet_by_name_lines_up_wide_letters(tmp_path: Path):
    """李 takes two columns on a terminal: the sheet's second column still lines up."""
    run = Run(tmp_path / "wide.toml")
    run.ok("event", "new", "Cup", "李", "Bea", "Cy", "Dot", "--rounds", "1", "--given")
    lines = run.ok("event", "seating", "1", "--by-name").splitlines()[2:]
    assert lines == [
        "Bea  table 1, seat B (South)",
        "Cy   table 1, seat C (West)",
        "Dot  table 1, seat D (North)",
        "李   table 1, seat A (East)",
    ]


def test_where_does_a_withdrawn_player_sit_says_she_withdrew(ev: Run):
    """Not "no player called 'jo'": Jo is registered, and her friends asking must hear why
    she has no seat."""
    ev.ok("event", "withdraw", "Jo")
    said = ev.refused("event", "where", "jo")
    assert "Jo withdrew before round 1, so has no seat in round 1" in said
    assert "no player called" not in said


def test_where_does_a_player_who_went_home_sit_says_where_she_finished(ev: Run):
    """Her friends asking after round 1 hear her points and her place (shared here)."""
    ev.ok("event", "score", "1", "1", "Ann=30", "Bea=0", "Cy=-10", "Dot=-20")
    ev.ok("event", "score", "1", "2", "Eve=30", "Fay=0", "Gus=-10", "Hal=-20")
    ev.ok("event", "withdraw", "Bea")
    ev.ok("event", "seating", "2")
    said = ev.refused("event", "where", "bea")
    assert "Bea withdrew after round 1, so has no seat in round 2 (0 so far, place =3)" in said


def test_where_does_a_name_nobody_has_sit_speaks_of_every_player(ev: Run):
    """A name nobody of the event has: checked against every registered player (one
    who withdrew too), in one plain sentence."""
    ev.ok("event", "withdraw", "Jo")
    said = ev.refused("event", "where", "Zed")
    assert "no player called 'Zed'" in said and "(in round" not in said, said
    assert ") (" not in said


def test_the_card_as_json_says_who_checks_whom_and_who_hands_in(ev: Run):
    card = ev.json("event", "scorecard", "1", "2")
    assert card["status"] == "none" and card["east"] == "Eve" and card["lines"] == []
    assert [(s["player"], s["checks"]) for s in card["seats"]] == [
        ("Eve", "Gus"), ("Fay", "Hal"), ("Gus", "Eve"), ("Hal", "Fay"),
    ]  # fmt: skip
    assert card["hands_in"] == "Eve" and card["clock"] is None
    assert json.loads(json.dumps(card)) == card


def test_a_table_night_import_still_works_beside_live_cards(ev: Run, tmp_path: Path):
    ev.ok("event", "win", "1", "2", "Eve", "25", "--self-pick")
    ev.ok("event", "call-time", "1")  # each table's night ends with a game time stopped
    night = table_night(tmp_path, ["Ann", "Bea", "Cy", "Dot"])
    assert "Ann +40" in ev.ok("event", "card", "1", "1", str(night))
    # simple mode over a table still entering game by game needs --replace
    assert "--replace" in ev.refused("event", "score", "1", "2", "Eve=5", "Fay=0", "Gus=0", "Hal=0")
    out = ev.ok("event", "score", "1", "2", "Eve=5", "Fay=0", "Gus=0", "Hal=0", "--replace")
    assert "all 2 cards are in" in out


def test_an_event_with_a_card_scores_a_win_by_its_line(tmp_path: Path):
    run = Run(tmp_path / "e.toml")
    out = run.ok("event", "new", "Cup", "Ann", "Bea", "Cy", "Dot", "--card", "sample", "--given")
    assert "4 players, 4 rounds" in out
    assert "[card]" in run.path.read_text("utf-8")
    out = run.ok("event", "win", "1", "1", "Ann", "--line", "garden steps", "-s", "-j")
    assert "Ann wins Garden steps 25, self-picked, jokerless: Ann +55" in out
    out = run.ok("event", "win", "1", "1", "Bea", "--line", "Quiet path", "-s", "-j")
    assert "Bea +60" in out and "cannot hold a joker" in out
    assert "no card line called 'Nope'" in run.refused(
        "event", "win", "1", "1", "Cy", "--line", "Nope", "-s"
    )


def test_a_tables_night_scored_by_its_own_cards_lines_goes_in_by_value(ev: Run, tmp_path: Path):
    night = Run(tmp_path / "t.toml")
    night.ok("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament", "--card", "sample")
    night.ok("win", "Ann", "--line", "Garden steps", "--self-pick")
    for _ in range(3):
        night.ok("wall")
    night.ok("scorecard", "--accept")
    assert "Ann +65, Bea +30, Cy +30, Dot +30" in ev.ok("event", "card", "1", "1", str(night.path))


def test_a_mah_jongg_in_error_goes_on_the_card_when_the_profile_scores_one(tmp_path: Path):
    """RULES §7's variant: a false call scores 0 for all, or +10 for the one player who
    kept an intact hand; under Mah Jongg Master Points (no such variant) it is refused."""
    mjmp = Run(tmp_path / "plain.toml")
    mjmp.ok("event", "new", "Plain Cup", *PLAYERS[:4], "--rounds", "1", "--given")
    before = mjmp.path.read_bytes()
    assert "mj-in-error" in mjmp.refused("event", "error", "1", "1", "Cy", "--intact", "Dot")
    assert mjmp.path.read_bytes() == before
    profile = tmp_path / "errors.toml"
    profile.write_text('name = "Errors Cup"\nsource = "a sheet"\nmj_in_error = true\n', "utf-8")
    run = Run(tmp_path / "errors-cup.toml")
    run.ok("event", "new", "Errors Cup", *PLAYERS[:4], "--rounds", "1", "--given",
           "--profile", str(profile))  # fmt: skip
    out = run.ok("event", "error", "1", "1", "Cy", "--intact", "Dot")
    assert "1. Cy calls Mah Jongg in error; Dot kept an intact hand: Dot +10" in out
    assert "Game 2 of 4: East Bea." in out
    out = run.ok("event", "error", "1", "1", "cy")
    assert "2. Cy calls Mah Jongg in error: 0 for all" in out
    run.ok("event", "win", "1", "1", "Ann", "25", "--self-pick")
    run.ok("event", "wall", "1", "1")
    run.ok("event", "confirm", "1", "1", "Ann", "Bea", "Cy", "Dot")
    run.ok("event", "hand-in", "1", "1", "Ann")
    assert "Round 1: the card is in." in run.ok("event", "accept", "1", "1")
    card = run.json("event", "scorecard", "1", "1")
    assert card["totals"] == {"Ann": 45, "Bea": 10, "Cy": 10, "Dot": 20}
    places = [
        (line["player"], line["points"]) for line in run.json("event", "standings")["standings"]
    ]
    assert places[:2] == [("Ann", 45), ("Dot", 20)]


def test_the_events_card_and_standings_name_its_profile(tmp_path: Path):
    """RULES §7: a profile is recorded, and the score card and results print its name,
    so a player reading a card sees why a dead hand scored 0 rather than -10."""
    profile = tmp_path / "coastal.toml"
    profile.write_text(
        'name = "Coastal Cup"\nsource = "Coastal rule sheet 2026"\ndead_hand_wall_game = 0\n',
        "utf-8",
    )
    run = Run(tmp_path / "cup.toml")
    run.ok("event", "new", "Cup", *PLAYERS[:4], "--rounds", "1", "--given",
           "--profile", str(profile))  # fmt: skip
    run.ok("event", "wall", "1", "1", "--dead", "Cy")
    out = run.ok("event", "scorecard", "1", "1")
    assert "Profile: Coastal Cup (Coastal rule sheet 2026).\n" in out
    assert "1. Wall game (Cy dead): Ann +10, Bea +10, Dot +10" in out
    card = run.json("event", "scorecard", "1", "1")
    assert (card["profile"], card["profile_source"]) == ("Coastal Cup", "Coastal rule sheet 2026")
    assert "Profile: Coastal Cup (Coastal rule sheet 2026).\n" in run.ok("event", "standings")
    plain = Run(tmp_path / "plain.toml")
    plain.ok("event", "new", "Plain", *PLAYERS[:4], "--rounds", "1", "--given")
    assert "Profile: mjmp.\n" in plain.ok("event", "scorecard", "1", "1")
    assert plain.json("event", "scorecard", "1", "1")["profile_source"] is None


def test_calling_time_after_the_clock_ran_out_keeps_the_moment_it_ran_out(ev: Run):
    """RULES.md §11: time is called when the clock runs out. A director who types
    call-time ten minutes later records the moment the clock ran out (the whole minute
    after its 50 minutes), not the moment she typed it: the file and what she reads say
    the same time."""
    ev.ok("event", "start", "1", "--minutes", "50")
    back_in_time(ev, 60)  # the clock ran out ten minutes ago
    text = ev.path.read_text("utf-8")
    start = dt.datetime.fromisoformat(re.findall(r"start = (\S+)", text)[0].replace("Z", "+00:00"))
    ended = start + dt.timedelta(minutes=50, seconds=-start.second % 60)  # a whole minute
    out = ev.ok("event", "call-time", "1")
    called = re.findall(r"called = (\S+)", ev.path.read_text("utf-8"))
    assert called == [ended.strftime("%Y-%m-%dT%H:%M:%SZ")]
    assert ended.astimezone().strftime("%H:%M") in out


def test_a_tables_night_with_a_game_stopped_by_time_waits_for_time_to_be_called(ev: Run, tmp_path):
    """RULES.md §11: a game scores 0 for all only once time is called. A table's own night
    that says so before the director called time is refused, the event file unchanged;
    once time is called (or the round's clock ran out) it goes in."""
    night = Run(tmp_path / "t1.toml")
    night.ok("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament")
    for game in (("win", "Ann", "25", "--self-pick"), ("wall",), ("wall",), ("incomplete",)):
        night.ok(*game)
    night.ok("scorecard", "--accept")
    before = ev.path.read_bytes()
    said = ev.refused("event", "card", "1", "1", str(night.path))
    assert "game 4 is recorded as stopped by time" in said
    assert "time has not been called for the round" in said
    assert ev.path.read_bytes() == before
    ev.ok("event", "start", "1")
    back_in_time(ev, 61)  # the clock ran out: time is called
    assert "Ann +55, Bea +20, Cy +20, Dot +20" in ev.ok("event", "card", "1", "1", str(night.path))


def test_the_clock_does_not_start_again_over_a_game_time_stopped(ev: Run):
    """A table recorded its game in progress as time called; starting the clock again would
    leave its card neither open to play on nor able to be handed in: refused, naming the
    table and how to take that line back first."""
    ev.ok("event", "start", "1", "--minutes", "50")
    ev.ok("event", "win", "1", "1", "Ann", "25", "--self-pick")
    ev.ok("event", "call-time", "1")
    ev.ok("event", "incomplete", "1", "1")
    before = ev.path.read_bytes()
    said = ev.refused("event", "start", "1", "--minutes", "50", "--restart")
    assert "round 1, table 1's card ends with the game time stopped" in said
    assert "mahj event undo 1 1" in said
    assert ev.path.read_bytes() == before
    ev.ok("event", "undo", "1", "1")
    assert "clock started" in ev.ok("event", "start", "1", "--minutes", "50", "--restart")
    ev.ok("event", "wall", "1", "1")


def test_a_short_card_goes_in_once_the_clock_ran_out_and_the_file_says_time_was_called(
    ev: Run, tmp_path
):
    """RULES.md §11: time is called when the clock runs out; the director need not call
    it by hand before a short card from a table's night goes in."""
    ev.ok("event", "start", "1", "--minutes", "50")
    back_in_time(ev, 55)  # the clock ran out five minutes ago
    night = Run(tmp_path / "t1.toml")
    night.ok("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament")
    night.ok("win", "Ann", "25", "--self-pick")
    night.ok("wall")
    night.ok("incomplete")
    night.ok("scorecard", "--accept")
    out = ev.ok("event", "card", "1", "1", str(night.path))
    assert "Ann +45, Bea +10, Cy +10, Dot +10" in out
    assert "called = " in ev.path.read_text()  # the file alone says time was called


def test_the_clock_does_not_start_again_over_a_short_card_handed_in(ev: Run):
    """A card handed in with the games played before time was called could no longer be
    accepted with the clock running again: the restart is refused, naming the way out."""
    ev.ok("event", "start", "1", "--minutes", "50")
    ev.ok("event", "win", "1", "1", "Ann", "25", "--self-pick")
    ev.ok("event", "wall", "1", "1")
    ev.ok("event", "call-time", "1")
    ev.ok("event", "confirm", "1", "1", "Ann", "Bea", "Cy", "Dot")
    ev.ok("event", "hand-in", "1", "1", "Ann")
    said = ev.refused("event", "start", "1", "--minutes", "10", "--restart")
    assert "table 1's card was handed in" in said and "mahj event reopen 1 1" in said
    ev.ok("event", "accept", "1", "1")


def test_a_card_of_three_games_and_time_called_handed_in_or_accepted_says_its_way_out(ev: Run):
    """Three games and the game time stopped: handed in, the restart names `reopen` (an
    undo is refused on a card handed in); accepted, it cannot start again at all."""
    ev.ok("event", "start", "1", "--minutes", "50")
    for _ in range(3):
        ev.ok("event", "wall", "1", "1")
    ev.ok("event", "call-time", "1")
    ev.ok("event", "incomplete", "1", "1")
    ev.ok("event", "confirm", "1", "1", "Ann", "Bea", "Cy", "Dot")
    ev.ok("event", "hand-in", "1", "1", "Ann")
    said = ev.refused("event", "start", "1", "--minutes", "10", "--restart")
    assert "table 1's card was handed in" in said and "mahj event reopen 1 1" in said
    ev.ok("event", "accept", "1", "1")
    said = ev.refused("event", "start", "1", "--minutes", "10", "--restart")
    assert "table 1's card was accepted with the games played before time was called" in said
    assert "undo" not in said


def test_a_late_arrival_asking_where_to_sit_is_told_her_first_rounds_seat(ev: Run):
    """Registered while round 1 is played, she plays from round 2: once it is seated, that
    is where she sits (before, she is told it is not seated yet)."""
    ev.ok("event", "start", "1")
    ev.ok("event", "add", "Kim")
    said = ev.refused("event", "where", "kim")
    assert "Kim plays from round 2" in said and "once round 2 is seated" in said
    ev.ok("event", "seating", "2")
    found = ev.json("event", "where", "kim")
    assert found["round"] == 2 and found["player"] == "Kim"
    assert ev.json("event", "where", "cy")["round"] == 1  # the others: round 1 still


def test_a_tables_night_with_a_game_after_time_was_called_is_not_taken_as_one_round(
    ev: Run, tmp_path
):
    """Time called ends the round (RULES.md §11): a game typed after it is the next
    round's, never put on this round's card."""
    ev.ok("event", "call-time", "1")
    night = Run(tmp_path / "t1.toml")
    night.ok("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament")
    night.ok("win", "Ann", "25", "--self-pick")
    night.ok("wall")
    night.ok("incomplete")
    night.ok("penalty", "Bea", "10", "--reason", "after time")
    night.ok("win", "Cy", "25", "--self-pick")
    before = ev.path.read_bytes()
    said = ev.refused("event", "card", "1", "1", str(night.path))
    assert "game 4" in said and "round" in said
    assert ev.path.read_bytes() == before


def handed_in_card(ev: Run) -> None:
    """Round 1, table 1 played, confirmed and handed in by Ann (seat A), as the rules say."""
    ev.ok("event", "win", "1", "1", "Ann", "25", "--self-pick")
    for _ in range(3):
        ev.ok("event", "wall", "1", "1")
    ev.ok("event", "confirm", "1", "1", "Ann", "Bea", "Cy", "Dot")
    ev.ok("event", "hand-in", "1", "1", "Ann")


@pytest.mark.parametrize(
    ("typed", "edited", "says"),
    [
        ('handed_in = "Ann"', 'handed_in = "Dot"',
         "in round 1 the card is handed in by seat A: Ann, not Dot"),
        ('confirmed = ["Ann", "Bea", "Cy", "Dot"]', 'confirmed = ["Ann", "Bea", "Cy", "Ann"]',
         "Ann is listed twice in confirmed"),
    ],
)  # fmt: skip
def test_a_hand_edited_card_is_judged_as_the_commands_would(ev: Run, typed, edited, says):
    """`mahj event hand-in 1 1 Dot` is refused (seat A hands in round 1); the same edit made
    by hand is a problem `event check` names with its line, as is a doubled confirmation."""
    handed_in_card(ev)
    text = ev.path.read_text("utf-8")
    assert typed in text
    ev.path.write_text(text.replace(typed, edited), "utf-8")
    result = ev("event", "check")
    assert result.exit_code == 1, result.stdout
    line = 1 + ev.path.read_text("utf-8").splitlines().index(edited)
    assert f":{line}: " in result.stdout + result.stderr and says in result.stdout + result.stderr


def test_a_finished_card_says_how_many_have_confirmed_it(ev: Run):
    """Four games in: the card is not "being entered" any more but checked, and says how
    far the confirmations have got, until all four have and it names who hands it in."""
    ev.ok("event", "win", "1", "1", "Ann", "25", "--self-pick")
    assert "Round 1, table 1: being entered at the table" in ev.ok("event", "scorecard", "1", "1")
    for _ in range(3):
        ev.ok("event", "wall", "1", "1")
    said = ev.ok("event", "scorecard", "1", "1")
    assert "Round 1, table 1: finished, for the players to check and confirm" in said, said
    ev.ok("event", "confirm", "1", "1", "Ann")
    said = ev.ok("event", "scorecard", "1", "1")
    assert "Round 1, table 1: finished, 1 of 4 players has confirmed" in said, said
    ev.ok("event", "confirm", "1", "1", "Cy")
    said = ev.ok("event", "scorecard", "1", "1")
    assert "Round 1, table 1: finished, 2 of 4 players have confirmed" in said, said
    ev.ok("event", "confirm", "1", "1", "Bea", "Dot")
    assert "Round 1, table 1: confirmed, for Ann to hand in" in ev.ok(
        "event", "scorecard", "1", "1"
    )


def test_a_card_begun_game_by_game_and_emptied_gives_way_to_paper_totals(ev: Run):
    """A table starts on its phone, takes its one game back and keeps paper: its round
    totals go in with no --replace, as for a paper card given back."""
    ev.ok("event", "win", "1", "1", "Cy", "25", "--self-pick")
    assert "Took back the last line: Cy wins 25, self-picked." in ev.ok("event", "undo", "1", "1")
    ev.ok("event", "score", "1", "1", "Ann=10", "Bea=20", "Cy=35", "Dot=-10")
    card = ev.json("event", "scorecard", "1", "1")
    assert card["totals"] == {"Ann": 10, "Bea": 20, "Cy": 35, "Dot": -10}
    ev.ok("event", "win", "1", "2", "Eve", "25", "--self-pick")
    assert "already has a card; add --replace" in ev.refused(
        "event", "score", "1", "2", "Eve=10", "Fay=20", "Gus=35", "Hal=-10"
    )


def test_a_card_begun_and_emptied_gives_way_to_the_tables_night_too(ev: Run, tmp_path: Path):
    ev.ok("event", "win", "1", "1", "Cy", "25", "--self-pick")
    ev.ok("event", "undo", "1", "1")
    ev.ok("event", "call-time", "1")  # each table's night ends with a game time stopped
    night = table_night(tmp_path, ["Ann", "Bea", "Cy", "Dot"])
    assert "Ann +40" in ev.ok("event", "card", "1", "1", str(night))
