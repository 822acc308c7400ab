"""RULES.md §6: once the table accepts a round's score card, it does not change."""

from __future__ import annotations

import json

import pytest


@pytest.fixture
def table(mahj):
    assert mahj("new", "Barbara", "Linda", "Susan", "Carol", "--rules", "tournament").exit_code == 0
    return mahj


def play_round(run):
    run("win", "Barbara", "30", "--thrown-by", "Linda", "--exposures", "2")
    run("win", "Susan", "25", "--self-pick", "--jokerless")
    run("wall", "--dead", "Carol")
    run("incomplete")


def test_accepting_a_round_fixes_it(table, session):
    play_round(table)
    result = table("scorecard", "--accept")
    assert result.exit_code == 0, result
    assert "Round 1 (accepted)" in result.stdout
    before = session.read_bytes()
    refused = table("undo")
    assert refused.exit_code == 1
    assert "accepted card does not change" in refused.stderr
    assert session.read_bytes() == before
    card = json.loads(table("scorecard", "--json").stdout)
    assert card["accepted_through"] == 4
    assert [r["accepted"] for r in card["rounds"]] == [True]
    assert card["totals"] == {"Barbara": 40, "Linda": -10, "Susan": 65, "Carol": -10}


def test_games_after_the_accepted_round_can_still_be_undone(table):
    play_round(table)
    table("scorecard", "--accept")
    table("wall")
    assert table("undo").exit_code == 0
    assert json.loads(table("total", "--json").stdout)["games"] == 4


@pytest.mark.parametrize("games", [0, 3, 5])
def test_a_card_is_accepted_only_at_the_end_of_a_round(table, session, games):
    for _ in range(games):
        table("wall")
    before = session.read_bytes()
    result = table("scorecard", "--accept")
    assert result.exit_code == 1 and "at the end of a round of 4 games" in result.stderr
    assert session.read_bytes() == before


def test_a_round_is_accepted_once(table, session):
    play_round(table)
    table("scorecard", "--accept")
    before = session.read_bytes()
    result = table("scorecard", "--accept")
    assert result.exit_code == 1 and "already accepted" in result.stderr
    assert session.read_bytes() == before


def test_league_tables_have_no_card_to_accept(four, session):
    before = session.read_bytes()
    result = four("scorecard", "--accept")
    assert result.exit_code == 1
    assert session.read_bytes() == before


def test_acceptance_is_an_entry_in_the_file_and_the_log(table, session):
    play_round(table)
    table("scorecard", "--accept")
    assert session.read_text().rstrip().endswith('[[log]]\nkind = "accept"')
    log = json.loads(table("log", "--json").stdout)
    assert log["accepted"] == [4]
    assert [g["result"] for g in log["games"]] == ["win", "win", "wall", "incomplete"]
    assert "Score card accepted through round 1 (game 4)" in table("log").stdout
