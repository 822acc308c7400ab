"""`mahj join` and `mahj leave` (RULES.md §3, late arrivals and early leavers)."""

from __future__ import annotations

import json

import pytest


def status(run):
    return json.loads(run("status", "--json").stdout)


def test_arrival_sits_at_once_left_of_east_when_three_play(mahj):
    mahj("new", "Ruth", "Linda", "Kathy", "--east", "Linda")
    result = mahj("join", "Sue")
    assert result.exit_code == 0 and "Sue arrives and sits down" in result.stdout
    assert status(mahj)["seated"] == ["Linda", "Kathy", "Ruth", "Sue"]


def test_on_a_club_night_an_arrival_is_told_the_table_she_sits_at(mahj):
    mahj("new", "Ann", "Bea", "Cat", "Dee", "Eve", "Fay", "Gus", "Hal", "--tables", "2")
    mahj("leave", "Hal")  # table 2 plays with three
    result = mahj("join", "Jo")
    assert "Jo arrives and sits down at table 2" in result.stdout
    assert status(mahj)["tables"][1]["seated"][-1] == "Jo"


def test_arrival_joins_the_back_of_the_line(mahj):
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue")
    mahj("join", "Bea")
    assert status(mahj)["waiting"] == ["Sue", "Bea"]
    mahj("wall")
    assert status(mahj)["waiting"] == ["Bea", "Ruth"]


def test_a_name_already_at_the_table_is_refused(four, session):
    before = session.read_bytes()
    result = four("join", "ruth")
    assert result.exit_code == 1 and "Ruth is already here, at the table" in result.stderr
    assert session.read_bytes() == before


def test_leaver_is_replaced_by_the_front_of_the_line_and_keeps_points(mahj):
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue")
    mahj("win", "Pat", "25", "--thrown-by", "Ruth")  # then East Ruth gets up, Sue sits
    result = mahj("leave", "Pat")
    assert "Pat leaves; Ruth takes the seat" in result.stdout
    s = status(mahj)
    assert s["seated"] == ["Linda", "Kathy", "Ruth", "Sue"]
    assert s["waiting"] == [] and s["left"] == ["Pat"]
    assert json.loads(mahj("total", "--json").stdout)["totals"]["Pat"] == 100
    again = mahj("leave", "pat")  # typed twice (or by a second phone): said plainly
    assert again.exit_code == 1 and again.stderr == "Error: Pat has already left\n"


def test_table_plays_on_with_three_but_never_fewer(four, session):
    assert four("leave", "Pat").exit_code == 0
    assert status(four)["seated"] == ["Ruth", "Linda", "Kathy"]
    before = session.read_bytes()
    result = four("leave", "Kathy")
    assert result.exit_code == 1 and "below 3" in result.stderr
    assert session.read_bytes() == before


def test_a_leaver_who_comes_back_keeps_their_points(four):
    four("win", "Pat", "25", "--self-pick")
    four("leave", "Pat")
    result = four("join", "pat")
    assert "Pat comes back with their points" in result.stdout
    assert json.loads(four("total", "--json").stdout)["totals"]["Pat"] == 150
    assert list(json.loads(four("total", "--json").stdout)["totals"]) == [
        "Ruth", "Linda", "Kathy", "Pat"
    ]  # fmt: skip


def test_join_and_leave_show_in_the_log(mahj):
    mahj("new", "Ruth", "Linda", "Kathy", "Pat")
    mahj("join", "Sue")
    mahj("wall")
    log = json.loads(mahj("log", "--json").stdout)
    assert log["seating"] == [{"before_game": 1, "action": "join", "player": "Sue", "seated": None}]
    assert log["games"][0]["totals"] == {"Ruth": 0, "Linda": 0, "Kathy": 0, "Pat": 0, "Sue": 0}


def test_a_player_who_comes_back_is_no_longer_marked_as_left(four):
    four("win", "Pat", "25", "--self-pick")
    four("leave", "Pat")
    assert json.loads(four("status", "--json").stdout)["left"] == ["Pat"]
    assert "Pat (left)" in four("status").stdout
    four("join", "Pat")
    status = json.loads(four("status", "--json").stdout)
    assert status["left"] == []
    assert "Pat" in status["seated"]
    for args in (("status",), ("total",), ("wall",)):
        assert "(left)" not in four(*args).stdout, args


def test_the_thrower_pays_first_even_when_seated_after_another_loser(four):
    """Ruth wins, thrown by Pat: Pat sits after Linda and Kathy but is listed first."""
    result = four("win", "Ruth", "25", "--thrown-by", "Pat")
    assert "Pat pays 50, Linda 25, Kathy 25 → Ruth +100" in result.stdout
    result = four("win", "Kathy", "30", "--thrown-by", "Pat")
    assert "Pat pays 60, Ruth 30, Linda 30 → Kathy +120" in result.stdout


def test_join_names_a_player_who_left_like_every_other_command(four, session):
    four("win", "Ruth", "25", "--thrown-by", "Pat")
    four("leave", "Pat")
    result = four("join", "pa")  # a unique beginning means Pat, as anywhere else
    assert result.exit_code == 0, result
    assert "Pat comes back with their points" in result.stdout
    totals = json.loads(four("total", "--json").stdout)["totals"]
    assert totals == {"Ruth": 100, "Linda": -25, "Kathy": -25, "Pat": -50}  # no new "pa"


@pytest.mark.parametrize(
    "typed, message",
    [
        ("Patt", "did you mean Pat (left, -50)? If Patt is someone new, add --new"),
        ("Ka", "'Ka' is Kathy, who is already here, at the table; if Ka is someone new, add --new"),
        ("kathy", "Kathy is already here, at the table"),
    ],
)
def test_a_new_name_that_looks_like_a_player_is_refused(four, session, typed, message):
    four("win", "Ruth", "25", "--thrown-by", "Pat")
    four("leave", "Pat")
    before = session.read_bytes()
    result = four("join", typed)
    assert result.exit_code == 1 and result.stderr == f"Error: {message}\n"
    assert session.read_bytes() == before


def test_a_beginning_two_players_share_is_asked_about_not_taken_as_someone_new(mahj, session):
    """Mary comes back, typed `Ma` with Marge at the table: that is no newcomer called Ma."""
    assert mahj("new", "Mary", "Marge", "Kathy", "Pat", "Sue").exit_code == 0
    assert mahj("win", "Mary", "25", "--self-pick").exit_code == 0
    assert mahj("leave", "Mary").exit_code == 0
    before = session.read_bytes()
    result = mahj("join", "Ma")
    assert result.exit_code == 1 and session.read_bytes() == before
    assert result.stderr == (
        "Error: did you mean Mary (left, +150) or Marge (here, -50)? If Ma is someone new, "
        "add --new\n"
    )
    assert mahj("join", "Ma", "--new").exit_code == 0  # she is
    assert "Ma" in json.loads(mahj("total", "--json").stdout)["totals"]


def test_new_says_it_is_someone_else_and_unlike_names_need_nothing(four):
    four("leave", "Pat")
    assert four("join", "Patt", "--new").exit_code == 0
    assert four("join", "Lisa").exit_code == 0  # not so like Linda that it is a typo
    players = list(json.loads(four("total", "--json").stdout)["totals"])
    assert players == ["Ruth", "Linda", "Kathy", "Pat", "Patt", "Lisa"]


def test_a_player_back_after_settling_at_the_door_is_told_only_what_changes_is_owed(mahj):
    mahj("new", "Ann", "Bea", "Cy", "Dot", "Eve")
    mahj("win", "Ann", "25", "-t", "Bea")
    mahj("leave", "Bea", "--settle")
    said = " ".join(mahj("join", "Bea").stdout.split())
    assert "Bea comes back with their points; they settled them as they left: only what " in said
    mahj("leave", "Cy", "--no-settle")
    said = " ".join(mahj("join", "Cy").stdout.split())
    assert "Cy comes back with their points" in said and "settled" not in said
