"""A leaver who settled up at the door, then a game of hers corrected: a square settle-up is
recorded like any other, and what a correction says she owes or is owed is net of what
she settled at the door, the same as the night's final settle-up."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path


def ok(result):
    assert result.exit_code == 0, result
    return result


def said(result) -> str:
    return " ".join(ok(result).stdout.split())


def square_leaver(mahj) -> None:
    """Ruth leaves square after a wall game, settling up."""
    ok(mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue"))
    ok(mahj("wall"))
    out = said(mahj("leave", "Ruth", "--settle"))
    assert "Ruth was square, nothing paid" in out, out


def test_a_square_settle_up_is_written_in_the_file(mahj, session: Path):
    square_leaver(mahj)
    log = tomllib.loads(session.read_text(encoding="utf-8"))["log"]
    assert log[-1] == {"kind": "leave", "player": "Ruth", "square": True}


def test_a_square_leaver_shows_as_left_and_settled(mahj):
    square_leaver(mahj)
    out = said(mahj("total"))
    assert "Ruth (left, settled)" in out, out
    assert "Settled as they left: Ruth was square, nothing paid (before game 2)" in out, out


def test_a_fix_after_a_square_settle_up_says_what_she_now_owes(mahj):
    square_leaver(mahj)
    out = said(mahj("fix", "1", "Linda", "25", "--thrown-by", "Ruth"))
    assert (
        "Ruth settled up when leaving (before game 2); after this correction Ruth owes 50 "
        "more, which the night's final settle-up now includes" in out
    ), out
    shown = json.loads(ok(mahj("total", "--json")).stdout)
    assert {"from": "Ruth", "to": "Linda", "amount": 50} in shown["settle"]


def test_leaving_without_settling_is_not_written_square(mahj, session: Path):
    ok(mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue"))
    ok(mahj("wall"))
    ok(mahj("leave", "Ruth", "--no-settle"))
    log = tomllib.loads(session.read_text(encoding="utf-8"))["log"]
    assert log[-1] == {"kind": "leave", "player": "Ruth"}
    assert "Ruth (left)" in said(mahj("total"))


def test_square_with_payments_is_a_problem_in_the_file(mahj, session: Path):
    square_leaver(mahj)
    text = session.read_text(encoding="utf-8").replace(
        "square = true", 'square = true\npaid_by = [["Linda", 5]]'
    )
    session.write_text(text, encoding="utf-8")
    result = mahj("check")
    assert result.exit_code != 0
    assert "square" in result.stdout + result.stderr


def settled_winner(mahj, *stake: str) -> None:
    """Ruth wins 25 thrown by Linda and leaves, paid 100 in all; game 1 then becomes her
    30 (she is owed 20 more)."""
    ok(mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue", *stake))
    ok(mahj("win", "Ruth", "25", "--thrown-by", "Linda"))
    ok(mahj("leave", "Ruth", "--settle"))
    out = said(mahj("fix", "1", "Ruth", "30", "--thrown-by", "Linda"))
    owed = "$5.00" if stake else "20"
    assert f"after this correction Ruth is owed {owed} more" in out, out


def test_a_second_fix_says_what_she_owes_net_of_the_door(mahj):
    """Ruth was paid 100 at the door; with game 1 now Linda's 25 thrown by Ruth her total
    is -50, so she owes 150 more (not 170, measured from the 20 she was owed)."""
    settled_winner(mahj)
    out = said(mahj("fix", "1", "Linda", "25", "--thrown-by", "Ruth"))
    assert "after this correction Ruth owes 150 more, which the night's final" in out, out
    shown = json.loads(ok(mahj("total", "--json")).stdout)
    assert shown["settle"] == [{"from": "Ruth", "to": "Linda", "amount": 150}]


def test_a_second_fix_on_a_stake_night_says_it_in_money(mahj):
    settled_winner(mahj, "--stake", "0.25")
    out = said(mahj("fix", "1", "Linda", "25", "--thrown-by", "Ruth"))
    assert "after this correction Ruth owes $37.50 more, which" in out, out
    assert "Ruth pays Linda $37.50" in said(mahj("total"))


def test_a_fix_that_squares_her_again_says_so(mahj):
    settled_winner(mahj)
    out = said(mahj("fix", "1", "Ruth", "25", "--thrown-by", "Linda"))
    assert (
        "Ruth settled up when leaving (before game 2); after this correction Ruth is square "
        "again, with nothing more to settle" in out
    ), out
    assert "Ruth (left, settled)" in said(mahj("total"))


def test_a_leaver_who_came_back_is_told_only_what_the_correction_did_to_her_door(mahj):
    """Eve settles up at the door (Bea 75 and Cy 25 pay her 100), comes back and wins 150
    more; game 2 corrected to a 30 makes her door total 120: she is owed 20 more, not her
    later winnings too (those the final settle-up has anyway)."""
    played = [("new", "Ann", "Bea", "Cy", "Dot", "Eve"), ("win", "Ann", "25", "-t", "Bea"),
              ("win", "Eve", "25", "-t", "Cy"), ("leave", "Eve", "--settle"), ("join", "Eve"),
              ("win", "Cy", "25", "-t", "Dot"), ("win", "Eve", "25", "--self-pick")]  # fmt: skip
    for args in played:
        assert mahj(*args).exit_code == 0, args
    out = " ".join(mahj("fix", "2", "Eve", "30", "-t", "Cy").stdout.split())
    assert "after this correction Eve is owed 20 more" in out, out


def test_a_square_settle_up_shows_in_the_log_for_scripts(mahj):
    square_leaver(mahj)
    (left,) = json.loads(ok(mahj("log", "--json")).stdout)["seating"]
    assert left["action"] == "leave" and left["settled"] == []  # settled, nothing paid
    ok(mahj("join", "Ruth"))
    ok(mahj("leave", "Ruth"))  # this time without settling up: no "settled"
    assert "settled" not in json.loads(ok(mahj("log", "--json")).stdout)["seating"][-1]


def test_taking_back_a_game_says_what_a_leaver_paid_at_the_door_now_owes(mahj):
    """Ann was paid 100 at the door for game 1, which is then taken back (it was never
    played): the take-back says she now owes that 100 back, as a fix would, and places her
    leaving by the games as the take-back names them (after game 1, before game 2; it said
    "before game 1", the numbers of the night without it)."""
    ok(mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "--tables", "2"))
    ok(mahj("win", "Ann", "25", "--thrown-by", "Bea"))
    ok(mahj("leave", "Ann", "--settle"))
    out = said(mahj("take-back", "1"))
    assert "Ann settled up when leaving (before game 2); after this correction Ann owes 100" in (
        out
    ), out


def test_undoing_another_leavers_settle_up_says_nothing_of_a_returned_leavers_door(mahj):
    """Ruth is paid 100 at the door, comes back and wins 100 more; Kathy then pays her 50 at
    Kathy's own door, which is undone. Ruth's door is untouched: nothing is said of it (she
    is owed her later winnings, so "square again" would be wrong), and the final settle-up
    pays her the 100 she won since."""
    played = [("new", "Ruth", "Linda", "Kathy", "Pat", "Sue"),
              ("win", "Ruth", "25", "--thrown-by", "Linda"), ("leave", "Ruth", "--settle"),
              ("join", "Ruth"), ("wall",), ("win", "Ruth", "25", "--thrown-by", "Kathy"),
              ("leave", "Kathy", "--settle")]  # fmt: skip
    for args in played:
        ok(mahj(*args))
    out = said(mahj("undo"))
    assert "Removed entry: Kathy leaves and settles up" in out, out
    assert "Ruth settled up when leaving" not in out, out
    owed = json.loads(ok(mahj("total", "--json")).stdout)["settle"]
    assert sum(p["amount"] for p in owed if p["to"] == "Ruth") == 100, owed
