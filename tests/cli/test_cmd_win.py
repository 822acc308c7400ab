"""`mahj win`: recording wins and showing who pays whom."""

from __future__ import annotations

import json

import pytest


def totals(run):
    return json.loads(run("total", "--json").stdout)["totals"]


def test_payments_in_words_running_totals_and_next_deal(four):
    result = four("win", "Ruth", "25", "--thrown-by", "Linda")
    assert result.exit_code == 0, result
    lines = result.stdout.splitlines()
    assert lines[0] == "Game 1: Ruth wins 25, thrown by Linda"
    assert lines[1].strip() == "Linda pays 50, Kathy 25, Pat 25 → Ruth +100"
    assert "Totals: Ruth +100, Linda -50, Kathy -25, Pat -25" in result.stdout
    assert "Next game 2: East Linda" in result.stdout


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--thrown-by", "Linda"], {"Ruth": 100, "Linda": -50, "Kathy": -25, "Pat": -25}),
        (["--self-pick"], {"Ruth": 150, "Linda": -50, "Kathy": -50, "Pat": -50}),
        (["--thrown-by", "Linda", "--jokerless"],
         {"Ruth": 200, "Linda": -100, "Kathy": -50, "Pat": -50}),
        (["--self-pick", "--jokerless"], {"Ruth": 300, "Linda": -100, "Kathy": -100, "Pat": -100}),
        (["--heavenly"], {"Ruth": 150, "Linda": -50, "Kathy": -50, "Pat": -50}),
        (["--self-pick", "--heavenly"], {"Ruth": 150, "Linda": -50, "Kathy": -50, "Pat": -50}),
    ],
)  # fmt: skip
def test_a_25_point_hand(four, args, expected):
    assert four("win", "Ruth", "25", *args).exit_code == 0
    assert totals(four) == expected


def test_three_seated(mahj):
    mahj("new", "Ruth", "Linda", "Kathy")
    mahj("win", "Ruth", "25", "--thrown-by", "Linda")
    assert totals(mahj) == {"Ruth": 75, "Linda": -50, "Kathy": -25}
    mahj("win", "Ruth", "25", "--self-pick")
    assert totals(mahj) == {"Ruth": 175, "Linda": -100, "Kathy": -75}


def test_singles_and_pairs_marked_jokerless_is_paid_plain_with_a_notice(four):
    result = four("win", "Ruth", "50", "--self-pick", "--jokerless", "--singles-pairs")
    assert result.exit_code == 0
    assert "cannot hold a joker" in result.stdout
    assert totals(four)["Ruth"] == 300


def test_names_match_case_insensitively_and_by_unique_beginning(four):
    assert four("win", "RUTH", "25", "--thrown-by", "lin").exit_code == 0
    assert totals(four)["Linda"] == -50


def test_a_name_typed_with_two_spaces_for_one_is_the_same_player(mahj):
    mahj("new", "Mary Ann", "Linda", "Kathy", "Pat")
    assert mahj("win", "mary  ann", "25", "--thrown-by", "Linda").exit_code == 0
    assert json.loads(mahj("total", "--json").stdout)["totals"]["Mary Ann"] == 100


def test_a_name_typed_without_its_accents_is_that_player(mahj):
    """A US keyboard has no é: `jose` (or `zoe`, or `Jo`) is José when no other name fits."""
    assert mahj("new", "José", "Zoë", "Renée", "Pat", "--east", "Jose").exit_code == 0
    assert mahj("win", "zoe", "25", "--thrown-by", "jose").exit_code == 0
    assert mahj("win", "RENEE", "25", "--self-pick").exit_code == 0
    said = json.loads(mahj("total", "--json").stdout)
    assert said["totals"] == {"José": -100, "Zoë": 50, "Renée": 125, "Pat": -75}


def test_a_whole_name_without_accents_comes_before_the_start_of_another(mahj):
    """`jose` is all of José's name and the start of Joseph's: it is José."""
    mahj("new", "José", "Joseph", "Zoë", "Zoey")
    assert mahj("win", "jose", "25", "-t", "zoe").exit_code == 0
    said = json.loads(mahj("total", "--json").stdout)["totals"]
    assert said == {"José": 100, "Joseph": -25, "Zoë": -50, "Zoey": -25}


def twins(mahj, session, *names: str) -> None:
    """A night whose first two players differ only by accents: `mahj new` refuses that,
    so the second is written in by hand (an older night may hold such a pair)."""
    mahj("new", names[0], "X" + names[1][1:], *names[2:])
    session.write_text(session.read_text("utf-8").replace("X" + names[1][1:], names[1]), "utf-8")


def test_a_name_without_accents_that_fits_two_is_refused_not_taken_for_a_third(mahj, session):
    twins(mahj, session, "José", "Josè", "Josefina", "Pat")
    before = session.read_bytes()
    result = mahj("win", "jose", "25", "-t", "pat")
    assert result.exit_code == 1 and session.read_bytes() == before
    assert "'jose' could be 'José' or 'Josè'; type it with its accents" in result.stderr


def test_a_player_back_is_found_without_her_accents(mahj):
    """Zoë leaves, and comes back typed `zoe`: she is Zoë with her points, not a newcomer."""
    mahj("new", "Zoë", "Ruth", "Pat", "Bev", "Ann")
    mahj("win", "Zoë", "25", "-t", "Ruth")
    mahj("leave", "zoe")
    assert "Zoë comes back with their points" in mahj("join", "zoe").stdout
    said = json.loads(mahj("total", "--json").stdout)["totals"]
    assert list(said) == ["Zoë", "Ruth", "Pat", "Bev", "Ann"] and said["Zoë"] == 100


def test_a_name_without_accents_that_fits_two_players_is_refused(mahj, session):
    twins(mahj, session, "René", "Rène", "Ruth", "Pat")
    before = session.read_bytes()
    result = mahj("win", "rene", "25", "--self-pick")
    assert result.exit_code == 1 and "'rene' could be 'René' or 'Rène'" in result.stderr
    assert session.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["Zed", "25", "--self-pick"], "no player called 'Zed'"),
        (["Rut", "25", "--thrown-by", "Lnda"], "did you mean 'Linda'"),
        (["Ruth", "25", "--thrown-by", "Ruth"], "cannot both win and throw"),
        (["Ruth", "25"], "--thrown-by NAME or --self-pick"),
        (["Ruth", "25", "--self-pick", "--thrown-by", "Pat"], "not both"),
        (["Ruth", "0", "--self-pick"], "from 1 to 1000"),
        (["Ruth", "-5", "--self-pick"], "from 1 to 1000"),
        (["Ruth", "abc", "--self-pick"], "whole number"),
        (["Ruth", "8.5", "--self-pick"], "whole number"),
        (["Ruth", "２５", "--self-pick"], "whole number"),
        (["Ruth", "99999999999999999999999", "--self-pick"], "from 1 to 1000"),
        (["Ruth", "--self-pick"], "say what the hand was worth: VALUE (e.g. 25) or --line NAME"),
        (["Linda", "25", "--heavenly"], "only East (Ruth)"),
        (["Ruth", "25", "--heavenly", "--thrown-by", "Pat"], "complete as dealt"),
        (["Ruth", "25", "--self-pick", "--line", "Garden steps"], "has no card"),
    ],
)
def test_refusals_leave_the_file_unchanged(four, session, args, fragment):
    before = session.read_bytes()
    result = four("win", *args)
    assert result.exit_code == 1, result
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
    assert fragment in result.stderr
    assert "Traceback" not in result.stderr
    assert session.read_bytes() == before


def test_a_waiting_player_cannot_win_or_throw(mahj, session):
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue")
    before = session.read_bytes()
    for args in (["Sue", "25", "--self-pick"], ["Ruth", "25", "--thrown-by", "Sue"]):
        result = mahj("win", *args)
        assert result.exit_code == 1 and "Sue is waiting this game" in result.stderr
    assert session.read_bytes() == before


def test_missing_session_is_a_clear_error(mahj):
    result = mahj("win", "Ruth", "25", "--self-pick")
    assert result.exit_code == 1
    assert "no session file at" in result.stderr and "mahj new" in result.stderr
    assert "`mahj sessions` lists the nights (`mahj use N` picks one)" in result.stderr  # moved?


def test_malformed_command_line_exits_2(four):
    assert four("win").exit_code == 2
    # a number that is not one is refused like a VALUE that is not one (exit 1)
    assert four("win", "Ruth", "25", "--self-pick", "--exposures", "two").exit_code == 1


def test_two_players_whose_names_differ_only_by_accents_are_refused(mahj, session):
    """`jose` typed on a phone could be either: a night cannot start with José and Jose, nor
    take a newcomer Zoe beside Zoë, nor rename Ann to Zoe; Zoë may drop her accent."""
    said = mahj("new", "José", "Ann", "Jose", "Bea")
    assert said.exit_code == 1 and not session.exists()
    assert "'José' and 'Jose' differ only by accents" in said.stderr
    mahj("new", "Zoë", "Ann", "Bea", "Cy")
    before = session.read_bytes()
    for args, words in (
        (("join", "zoe"), "'zoe' is Zoë, who is already here, at the table; a new player needs"),
        (("join", "zoe", "--new"), "'Zoë' and 'zoe' differ only by accents"),
        (("rename", "Ann", "Zoe"), "'Zoë' and 'Zoe' differ only by accents"),
    ):
        refused = mahj(*args)
        assert refused.exit_code == 1 and words in refused.stderr, refused.stderr
        assert session.read_bytes() == before
    assert mahj("rename", "Zoë", "Zoe").exit_code == 0


def test_a_mark_that_makes_another_letter_is_no_accent(mahj):
    """Jun and Shun (ジュン, シュン) differ by a mark that makes another letter: two players,
    each found by her own name."""
    assert mahj("new", "ジュン", "シュン", "Ann", "Bea").exit_code == 0
    assert mahj("win", "シュン", "25", "--thrown-by", "ジュン").exit_code == 0
    said = json.loads(mahj("total", "--json").stdout)["totals"]
    assert said["シュン"] == 100 and said["ジュン"] == -50
