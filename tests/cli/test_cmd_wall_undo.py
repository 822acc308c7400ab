"""`mahj wall` and `mahj undo`."""

from __future__ import annotations

import json

from tests.helpers import without_undone


def test_wall_game_nobody_pays_and_the_deal_passes(four):
    result = four("wall")
    assert result.exit_code == 0
    assert "Game 1: Wall game" in result.stdout and "nobody pays" in result.stdout
    status = json.loads(four("status", "--json").stdout)
    assert status["east"] == "Linda" and status["next_game"] == 2
    assert json.loads(four("total", "--json").stdout)["totals"] == dict.fromkeys(
        ["Ruth", "Linda", "Kathy", "Pat"], 0
    )


def test_wall_with_an_unknown_dead_hand_is_refused(four, session):
    before = session.read_bytes()
    result = four("wall", "--dead", "Zed")
    assert result.exit_code == 1 and "no player called 'Zed'" in result.stderr
    assert session.read_bytes() == before


def test_undo_removes_the_last_entry_and_says_what(four, session):
    start = session.read_bytes()
    four("win", "Ruth", "25", "--thrown-by", "Linda")
    after_one = session.read_bytes()
    four("win", "Kathy", "30", "--self-pick")
    result = four("undo")
    assert result.exit_code == 0
    assert "Removed game 2: Kathy wins 30, self-picked" in result.stdout
    assert "(was: Ruth pays 60, Linda 60, Pat 60 → Kathy +180)" in result.stdout
    assert "Next game 2: East Linda" in result.stdout
    # The game is gone from the log; what it said stays as a comment for `mahj redo`.
    text = session.read_text(encoding="utf-8")
    assert text.startswith(after_one.decode("utf-8").rstrip("\n"))
    assert '# Undone: entry 2 (`mahj redo` puts it back)\n# [[log]]\n# kind = "win"\n' in text
    four("undo")
    kept = without_undone(session.read_text(encoding="utf-8"))
    assert kept.rstrip("\n") == start.decode("utf-8").rstrip("\n")


def test_undo_on_an_empty_night_is_refused(four, session):
    before = session.read_bytes()
    result = four("undo")
    assert result.exit_code == 1 and "nothing to undo" in result.stderr
    assert session.read_bytes() == before


def test_undo_of_a_join_puts_the_table_back(mahj):
    mahj("new", "Ruth", "Linda", "Kathy")
    mahj("join", "Sue")
    result = mahj("undo")
    assert "Removed entry: Sue arrives and sits down" in result.stdout
    status = json.loads(mahj("status", "--json").stdout)
    assert status["seated"] == ["Ruth", "Linda", "Kathy"]
