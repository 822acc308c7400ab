"""A game typed into a night left another day says so: a weekly group that forgets
`mahj new` would otherwise put tonight's games into last week's night without a word."""

from __future__ import annotations

import datetime as _dt
import os
import time
from pathlib import Path

LAST_WEEK = (_dt.date.today() - _dt.timedelta(days=7)).isoformat()
NOTE = "This went into the night of"


def left_days_ago(path: Path, days: float) -> None:
    then = time.time() - days * 86400
    os.utime(path, (then, then))


def test_a_game_in_last_weeks_night_says_which_night_and_how_to_start_tonight(mahj, session):
    assert mahj("new", "Ann", "Bea", "Cy", "Dot", "--date", LAST_WEEK).exit_code == 0
    left_days_ago(session, 7)
    said = " ".join(mahj("win", "Ann", "25", "-t", "Bea").stdout.split())
    assert f"{NOTE} {LAST_WEEK}, last played 7 days ago." in said
    assert "If tonight is a new night: `mahj undo`, then `mahj new` with tonight's players." in said
    assert NOTE not in mahj("wall").stdout  # said once: the night is now played today


def test_the_note_comes_for_a_wall_game_and_an_arrival_too(mahj, session):
    mahj("new", "Ann", "Bea", "Cy", "Dot", "--date", LAST_WEEK)
    left_days_ago(session, 1.2)
    assert NOTE in mahj("wall").stdout
    left_days_ago(session, 3)
    assert "last played 3 days ago" in " ".join(mahj("join", "Eve").stdout.split())


def test_no_note_for_a_night_typed_in_later_or_played_past_midnight(mahj, session):
    mahj("new", "Ann", "Bea", "Cy", "Dot", "--date", LAST_WEEK)
    assert NOTE not in mahj("win", "Ann", "25", "-t", "Bea").stdout  # typed in today
    left_days_ago(session, 0.1)  # a game before midnight, the next after it
    assert NOTE not in mahj("win", "Bea", "25", "-t", "Ann").stdout


def test_no_note_for_tonights_night_left_since_this_morning(mahj, session):
    mahj("new", "Ann", "Bea", "Cy", "Dot")
    left_days_ago(session, 0.6)
    assert NOTE not in mahj("win", "Ann", "25", "-t", "Bea").stdout


def test_no_note_for_last_weeks_night_named_on_purpose(mahj, session, tmp_path):
    """Typing in last week's sheet with --session, while tonight is the current night: the
    note (and its `mahj undo`, which works on the current night) is not for it."""
    mahj("new", "Ann", "Bea", "Cy", "Dot", "--date", LAST_WEEK)
    left_days_ago(session, 7)
    tonight = tmp_path / "tonight.toml"
    mahj("new", "Eve", "Flo", "Gus", "Hal", "--session", str(tonight), use_session=False)
    assert NOTE not in mahj("win", "Ann", "25", "-t", "Bea").stdout
