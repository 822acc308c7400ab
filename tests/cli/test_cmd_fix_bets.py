"""`mahj fix` replaces the whole game with what is typed: a game's bets left out of the
fix no longer count, and mahj says so, with the words that keep them (RULES.md §7, §10)."""

from __future__ import annotations


def test_a_fix_that_leaves_out_the_bets_says_they_are_gone_and_how_to_keep_them(mahj):
    assert (
        mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue Ann", "--house", "bettor").exit_code == 0
    )
    assert mahj("win", "Ruth", "25", "-t", "Linda", "--bet", "Sue Ann=Ruth").exit_code == 0
    fixed = mahj("fix", "1", "Ruth", "25", "-t", "Kathy")
    assert fixed.exit_code == 0, fixed
    said = " ".join(fixed.stdout.split())
    assert "Sue Ann +100 → 0" in said
    assert "Game 1's bet (Sue Ann on Ruth) is not in the fix, so it no longer counts" in said
    assert 'fix it again with --bet "Sue Ann=Ruth" added' in said


def test_a_fix_that_keeps_the_bets_says_nothing_of_them(mahj):
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "--house", "bettor").exit_code == 0
    assert mahj("win", "Ruth", "25", "-t", "Linda", "--bet", "Sue=Ruth").exit_code == 0
    fixed = mahj("fix", "1", "Ruth", "25", "-t", "Kathy", "--bet", "Sue=Ruth")
    assert fixed.exit_code == 0, fixed
    assert "no longer count" not in fixed.stdout


def test_a_fix_that_keeps_one_bet_and_leaves_out_another_names_the_one_left_out(mahj):
    players = ("Ann", "Bea", "Cy", "Dot", "Mary Lou", "Fay")
    assert mahj("new", *players, "--house", "bettor").exit_code == 0
    won = mahj("win", "Ann", "25", "-t", "Bea", "--bet", "Mary Lou=Ann", "--bet", "Fay=wall")
    assert won.exit_code == 0, won
    fixed = mahj("fix", "1", "Ann", "35", "-t", "Bea", "--bet", "Mary Lou=Ann")
    said = " ".join(fixed.stdout.split())
    assert "Game 1's bet (Fay on a wall game) is not in the fix" in said, said
    assert "--bet Fay=wall added" in said
