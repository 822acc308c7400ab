"""A director's mistakes and how mahj helps put them right: a table's night brought in
before the table accepted it, an event started twice, a withdrawal taken back, a hand
edit checked, a round number past the last one. Refusals are one Error line and leave
the event file as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahjcli.cli import app
from mahjcli.files.paths import data_dir

from .test_event import PLAYERS, Run


@pytest.fixture
def cup(tmp_path: Path) -> Run:
    """One table of four, one round, seated as listed."""
    run = Run(tmp_path / "ev.toml")
    run.ok("event", "new", "Cup", "Ann", "Bea", "Cy", "Dot", "--rounds", "1", "--given")
    return run


def one_game(tmp_path: Path, *more: tuple[str, ...]) -> Run:
    """The table's own night: Ann self-picks a 25 (+35), then `more`."""
    night = Run(tmp_path / "t1.toml")
    night.ok("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament")
    night.ok("win", "Ann", "25", "--self-pick")
    for args in more:
        night.ok(*args)
    return night


# ---- a table's night must be accepted by the table, short or not ------------------------


def test_a_short_night_the_table_never_accepted_is_refused_after_time_is_called(
    cup: Run, tmp_path: Path
):
    """Time called allows a card of fewer games; it does not take the table's acceptance
    away. Stopped by time (mahj incomplete), the table accepts it in its own file."""
    night = one_game(tmp_path, ("incomplete",))
    cup.ok("event", "call-time", "1")
    said = cup.refused("event", "card", "1", "1", str(night.path))
    assert "the table has not accepted its card" in said
    assert f"mahj scorecard --accept --session {night.path}" in said
    night.ok("scorecard", "--accept")
    out = cup.ok("event", "card", "1", "1", str(night.path))
    assert "Round 1, table 1 (game by game): Ann +35, Bea 0, Cy 0, Dot 0" in out


def test_a_round_cut_short_between_games_goes_in_with_the_totals_the_table_signed(
    cup: Run, tmp_path: Path
):
    """A night accepts only a whole round, or one ended by the game time stopped: a round
    that time cut short between games goes in with its signed totals (`--total`)."""
    night = one_game(tmp_path)
    assert "the card has 1 game," in cup.refused("event", "card", "1", "1", str(night.path))
    cup.ok("event", "call-time", "1")
    said = cup.refused("event", "card", "1", "1", str(night.path))
    assert "the table has not accepted its card" in said and "--total NAME=POINTS" in said
    signed = ["--total", "Ann=35", "--total", "Bea=0", "--total", "Cy=0", "--total", "Dot=0"]
    out = cup.ok("event", "card", "1", "1", str(night.path), *signed)
    assert "Ann +35, Bea 0, Cy 0, Dot 0" in out


def test_a_whole_round_the_table_never_accepted_is_refused_with_or_without_totals(
    cup: Run, tmp_path: Path
):
    night = one_game(tmp_path, ("wall",), ("wall",), ("wall",))
    signed = ["--total", "Ann=65", "--total", "Bea=30", "--total", "Cy=30", "--total", "Dot=30"]
    for called in (False, True):
        if called:
            cup.ok("event", "call-time", "1")
        said = cup.refused("event", "card", "1", "1", str(night.path), *signed)
        assert f"mahj scorecard --accept --session {night.path}" in said


# ---- an event started twice ----------------------------------------------------------


def test_another_event_started_says_it_is_now_current_and_how_to_go_back(tmp_path: Path):
    """A practice event started beside the real one takes every later `mahj event`
    command: `event new` says so, and names the command that goes back."""
    runner = CliRunner()
    real = runner.invoke(app, ["event", "new", "Real", *PLAYERS[:8], "--date", "2026-04-18"])
    assert real.exit_code == 0 and "now the current event" not in real.stdout
    first = data_dir() / "events" / "2026-04-18-Real.toml"
    practice = tmp_path / "practice.toml"
    made = runner.invoke(
        app, ["event", "new", "Practice", *PLAYERS[:4], "--session", str(practice)]
    )
    assert made.exit_code == 0, made.stderr
    assert f"It is now the current event (was {first}); mahj use {first} goes back to it." in (
        " ".join(made.stdout.split())
    )
    assert runner.invoke(app, ["use", str(first)]).exit_code == 0
    standings = json.loads(runner.invoke(app, ["event", "standings", "--json"]).stdout)
    assert len(standings["standings"]) == 8


def test_an_event_started_again_says_so_and_use_makes_the_first_current_again(
    tmp_path: Path,
):
    runner = CliRunner()
    args = ["event", "new", "Cup", *PLAYERS[:8], "--date", "2026-05-01"]
    assert runner.invoke(app, args).exit_code == 0
    first = data_dir() / "events" / "2026-05-01-Cup.toml"
    again = runner.invoke(app, args[:3] + PLAYERS[:4] + args[-2:])
    assert again.exit_code == 0, again.stderr
    out = again.stdout
    assert f"An event Cup of 2026-05-01 was started before, in {first}" in out
    assert "this is a new one, now the current event" in out
    assert f"To go back to it: mahj use {first}" in out
    assert len(json.loads(runner.invoke(app, ["event", "standings", "--json"]).stdout)[
        "standings"]) == 4  # fmt: skip
    night = runner.invoke(app, ["new", "Kim", "Lee", "May", "Ned"])
    assert night.exit_code == 0
    current = (data_dir() / "current").read_bytes()
    used = runner.invoke(app, ["use", str(first)])
    assert used.exit_code == 0, used.stderr
    assert f"{first} is now the current event (Cup, 2026-05-01)" in used.stdout
    assert "mahj event commands work on it" in used.stdout
    assert (data_dir() / "current").read_bytes() == current  # the night stays current
    standings = json.loads(runner.invoke(app, ["event", "standings", "--json"]).stdout)
    assert len(standings["standings"]) == 8
    shown = json.loads(runner.invoke(app, ["use", str(first), "--json"]).stdout)
    assert shown == {"current": str(first.resolve()), "was": str(first.resolve()),
                     "kind": "event"}  # fmt: skip


def test_use_refuses_a_damaged_event_and_keeps_the_current_one(cup: Run, tmp_path: Path):
    broken = tmp_path / "broken.toml"
    broken.write_text(cup.path.read_text("utf-8").replace('name = "Cy"', 'name = ""'), "utf-8")
    pointer = data_dir() / "current-event"
    before = pointer.read_bytes()
    result = CliRunner().invoke(app, ["use", str(broken)])
    assert result.exit_code == 1 and result.stderr.startswith("Error: ")
    assert "mahj event check" in result.stderr
    assert pointer.read_bytes() == before


# ---- a withdrawal taken back ---------------------------------------------------------


@pytest.fixture
def ten(tmp_path: Path) -> Run:
    run = Run(tmp_path / "event.toml")
    run.ok("event", "new", "Club Cup", *PLAYERS, "--rounds", "3", "--given", "--seed", "5")
    return run


def test_a_withdrawal_is_taken_back_while_no_round_after_it_has_started(ten: Run):
    ten.ok("event", "score", "1", "1", "Ann=10", "Bea=0", "Cy=0", "Dot=0")
    ten.ok("event", "seating", "2")
    seated = ten.path.read_text("utf-8")
    out = ten.ok("event", "withdraw", "hal")
    assert "Round 2 was seated again" in out
    out = ten.ok("event", "add", "HAL")
    assert "Hal is back: the withdrawal is taken back, and Hal plays from round 2." in out
    assert "Round 2 was seated again (no card of it was in): post the new sheet" in out
    assert "last_round" not in ten.path.read_text("utf-8")
    assert ten.path.read_text("utf-8") == seated  # as before the withdrawal
    assert "Hal is already registered" in ten.refused("event", "add", "Hal")


def test_a_withdrawal_before_round_one_is_taken_back(ten: Run):
    ten.ok("event", "withdraw", "Jo")
    out = ten.ok("event", "add", "jo")
    assert "Jo is back: the withdrawal is taken back, and Jo plays from round 1." in out
    sheet = ten.json("event", "seating", "1")
    assert "Jo" in sheet["byes"] or "Jo" in json.dumps(sheet["tables"])


def test_a_player_who_missed_a_round_cannot_come_back(ten: Run):
    ten.ok("event", "score", "1", "1", "Ann=10", "Bea=0", "Cy=0", "Dot=0")
    ten.ok("event", "withdraw", "Ann")
    ten.ok("event", "seating", "2")
    ten.ok("event", "start", "2")
    said = ten.refused("event", "add", "Ann")
    assert "Ann withdrew after round 1, and round 2 has started without Ann" in said
    assert "Ann's +10 points stay in the standings" in said


def test_a_late_registration_who_withdrew_before_playing_comes_back_later(ten: Run):
    ten.ok("event", "add", "Kim")  # plays from round 1
    ten.ok("event", "withdraw", "Kim")
    ten.ok("event", "start", "1")
    out = ten.ok("event", "add", "Kim")
    assert "Kim is back: the withdrawal is taken back, and Kim plays from round 2." in out
    assert "first_round = 2" in ten.path.read_text("utf-8")


# ---- a hand edit checked ------------------------------------------------------------


def test_check_names_what_a_hand_edited_game_is_missing_in_words(tmp_path: Path):
    run = Run(tmp_path / "ev.toml")
    run.ok("event", "new", "Cup", "Kim", "Lee", "May", "Ned", "--rounds", "1", "--given")
    run.ok("event", "win", "1", "1", "Kim", "25", "--thrown-by", "Lee", "--exposures", "2")
    text = run.path.read_text("utf-8")
    run.path.write_text(text.replace(", exposures = 2", ""), "utf-8")
    out = run("event", "check").stdout
    assert "needs the number of exposures on Kim's rack (--exposures N)" in out
    assert "\x1f" not in out
    checked = json.loads(run("event", "check", "--json").stdout)
    assert "(--exposures N)" in checked["problems"][0]["message"]


# ---- a round past the last one ------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("event", "win", "2", "1", "ann", "25", "-s"),
        ("event", "wall", "2", "1"),
        ("event", "score", "2", "1", "Ann=0", "Bea=0", "Cy=0", "Dot=0"),
        ("event", "scorecard", "2", "1"),
        ("event", "start", "2"),
        ("event", "where", "ann", "--round", "2"),
        ("event", "seating", "2"),
        ("event", "undo", "2", "1"),
        ("event", "confirm", "2", "1", "Ann"),
    ],
)
def test_a_round_past_the_last_one_is_named_as_such(cup: Run, args):
    said = cup.refused(*args)
    assert "the event has rounds 1 to 1, not 2" in said and "not seated yet" not in said


def test_a_table_past_the_last_one_is_named_as_such(cup: Run):
    said = cup.refused("event", "undo", "1", "5")
    assert "round 1 has tables 1 to 1, not 5" in said and "no card yet" not in said


def test_a_redraw_that_comes_out_the_same_says_the_sheet_stands(tmp_path: Path):
    """The draw comes from the event's seed, so `--redraw` of an unchanged field seats
    everyone where they were: it says so, rather than "post the new sheet" of the same
    seats; `--movement` gives other seats, and a new sheet."""
    run = Run(tmp_path / "event.toml")
    run.ok("event", "new", "Cup", *PLAYERS[:8], "--rounds", "3", "--seed", "5")
    sheet = run.ok("event", "seating", "1")
    said = run("event", "seating", "1", "--redraw").stderr  # what was done, beside the sheet
    assert "Round 1, seated again, has the same seats" in said, said
    assert "post the new sheet" not in said
    assert run.ok("event", "seating", "1") == sheet
    for table in run.json("event", "seating", "1")["tables"]:  # round 1's cards: all level
        level = [f"{name}=0" for name in table["seats"].values()]
        run.ok("event", "score", "1", str(table["table"]), *level)
    run.ok("event", "seating", "2")
    moved = run("event", "seating", "2", "--redraw", "--movement", "abcd").stderr
    assert "Round 2 was seated again (no card of it was in): post the new sheet" in moved
