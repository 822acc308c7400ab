"""`mahj win` alone: the four quick questions, answered through CliRunner's input (the
real terminal is tested in tests/system/test_ask_pty.py). Every answer ends in the same
record, checks and output as the one-line form."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjcli.cli import ask
from tests.conftest import Run


@pytest.fixture
def at_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ask, "interactive", lambda: True)


@pytest.fixture
def typing(session: Path):
    """Run `mahj win` with the keys typed."""
    from typer.testing import CliRunner

    from mahjcli.cli import app

    def run(keys: str, *args: str):
        return CliRunner().invoke(app, ["win", *args, "--session", str(session)], input=keys)

    return run


def _games(mahj: Run) -> list[dict]:
    return json.loads(mahj("log", "--json").stdout)["games"]


def _logged(session: Path) -> list[dict]:
    """The night's log as the session file keeps it (with its bets)."""
    import tomllib

    return tomllib.loads(session.read_text(encoding="utf-8"))["log"]


def test_numbers_and_keys_record_the_same_win_as_the_one_line_form(
    four: Run, at_terminal, typing, session: Path, tmp_path: Path
):
    result = typing("2\n" + "25\n" + "4\n" + "y\n" + "y\n")
    assert result.exit_code == 0, result.output
    assert "Who called Mah Jongg? 1 Ruth  2 Linda  3 Kathy  4 Pat: 2\n" in result.output
    # each player keeps her number: the winner's is not offered again
    assert "Thrown by? 1 Ruth  3 Kathy  4 Pat  s self-picked: 4\n" in result.output
    assert "Game 1: Linda wins 25, thrown by Pat, jokerless\n" in result.output
    assert "  Pat pays 100, Ruth 50, Kathy 50 → Linda +200\nRecord it? y or n: y\n" in result.output
    asked = result.output.split("Record it? y or n: y\n")[1]
    one_line = tmp_path / "one-line.toml"
    four("new", "Ruth", "Linda", "Kathy", "Pat", "--session", str(one_line), use_session=False)
    typed = four("win", "Linda", "25", "-t", "Pat", "-j", "--session", str(one_line),
                 use_session=False)  # fmt: skip
    assert asked.strip() == typed.stdout.strip()  # the same output, line for line
    assert (
        _games(four)
        == json.loads(four("log", "--json", "--session", str(one_line), use_session=False).stdout)[
            "games"
        ]
    )


def test_a_name_typed_a_self_pick_and_the_defaults(four: Run, at_terminal, typing):
    result = typing("ka\n" + "30\n" + "s\n" + "n\n" + "yes\n")
    assert result.exit_code == 0, result.output
    assert "Game 1: Kathy wins 30, self-picked\n" in result.output
    (game,) = _games(four)
    assert game["winner"] == "Kathy" and game["self_picked"] and not game["jokerless"]


def test_a_player_called_s_is_not_taken_for_a_self_pick(mahj: Run, at_terminal, typing):
    """With a player called S, `s` could be her or self-picked: it is asked again, saying
    what to type for each; `self-picked` in full is a self-pick."""
    assert mahj("new", "J", "S", "K", "P").exit_code == 0
    result = typing("1\n" + "25\n" + "s\n" + "1\n" + "2\n" + "n\n" + "y\n")
    assert result.exit_code == 0, result.output
    assert "Type 2 for S, or type self-picked in full." in result.output
    assert "J called Mah Jongg, so cannot have thrown the winning tile." in result.output
    assert "Game 1: J wins 25, thrown by S\n" in result.output
    assert mahj("undo").exit_code == 0
    result = typing("1\n" + "25\n" + "self-picked\n" + "n\n" + "y\n")
    assert "Game 1: J wins 25, self-picked\n" in result.output


def test_wrong_answers_are_asked_again(four: Run, at_terminal, typing):
    keys = "".join(
        a + "\n" for a in ("9", "xyz", "3", "abc", "0", "35", "?", "1", "q", "n", "ok", "y")
    )
    result = typing(keys)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Type a number from 1 to 4, or a name." in out
    assert "no player called 'xyz'" in out
    assert "Type the hand's value from the card as a number, like 25\n" in out
    assert "The value is a whole number from 1 to 1000." in out
    assert "Type y if the hand had no jokers, n if it had." in out
    assert "Type y to record this game, or n to leave it out." in out
    (game,) = _games(four)
    assert (game["winner"], game["value"], game["thrown_by"]) == ("Kathy", 35, "Ruth")


def test_a_player_who_cannot_be_the_answer_is_told_why_not_called_unknown(
    mahj: Run, at_terminal, typing
):
    """Sue waits this game and Ruth won: each answer says so, as the one-line form does,
    never that there is no player called that."""
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue")
    keys = "".join(a + "\n" for a in ("sue", "ruth", "25", "RUTH", "kathy", "n", "y"))
    result = typing(keys)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "no player called" not in out and "did you mean" not in out
    assert "Sue is waiting this game, so cannot have called Mah Jongg." in out
    assert "Ruth called Mah Jongg, so cannot have thrown the winning tile." in out
    (game,) = _games(mahj)
    assert (game["winner"], game["thrown_by"]) == ("Ruth", "Kathy")


def test_a_waiting_player_s_whole_name_is_never_taken_for_a_seated_one_it_begins(
    mahj: Run, at_terminal, typing
):
    """Sue waits; Sue Ann sits: `sue` is Sue, who cannot be the winner, not Sue Ann."""
    mahj("new", "Ruth", "Linda", "Sue Ann", "Pat", "Sue")
    result = typing("sue\n" + "\x03\n")
    assert "Sue is waiting this game, so cannot have called Mah Jongg." in result.output
    assert result.exit_code == 1 and _games(mahj) == []


def test_saying_no_or_stopping_records_nothing(four: Run, at_terminal, typing, session: Path):
    before = session.read_bytes()
    for keys in ("1\n" + "25\n" + "2\n" + "n\n" + "no\n", "1\n" + "25\n", "1\n" + "\x03\n"):
        result = typing(keys)
        assert result.exit_code == 1
        assert result.output.rstrip().endswith("Nothing recorded.")
        assert session.read_bytes() == before


def test_a_card_line_by_name(mahj: Run, at_terminal, typing):
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--card", "sample")
    result = typing("1\n" + "dragon th\n" + "2\n" + "y\n" + "y\n")
    assert result.exit_code == 0, result.output
    assert "Hand value or card line (TAB completes):" in result.output
    (game,) = _games(mahj)
    assert game["line"] == "Dragon thread" and game["value"] == 40


def test_tournament_asks_the_exposures_of_a_thrown_win(mahj: Run, at_terminal, typing):
    mahj("new", "A", "B", "C", "D", "--rules", "tournament")
    result = typing("1\n" + "25\n" + "2\n" + "6\n" + "2\n" + "n\n" + "y\n")
    assert result.exit_code == 0, result.output
    assert "Exposures on A's rack? 0 to 5: 6\n" in result.output  # as `--exposures` takes
    assert "Type a number from 0 to 5." in result.output
    shown = "Game 1: A wins 25, thrown by B, 2 exp.\n  A +25, B -20, everyone else 0\n"
    assert shown in result.output
    totals = json.loads(mahj("total", "--json").stdout)["totals"]
    assert totals == {"A": 25, "B": -20, "C": 0, "D": 0}


def test_only_the_players_seated_are_offered(mahj: Run, at_terminal, typing, session: Path):
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue")  # Sue waits
    mahj("leave", "Pat")  # Sue takes Pat's seat
    before = session.read_bytes()
    result = typing("5\n" + "pa\n" + "\x03\n")
    assert "1 Ruth  2 Linda  3 Kathy  4 Sue:" in result.output
    assert "Type a number from 1 to 4, or a name." in result.output
    assert "Pat has gone home, so cannot have called Mah Jongg." in result.output  # not a choice
    assert result.exit_code == 1 and session.read_bytes() == before


def test_a_script_is_never_asked(four: Run, session: Path):
    before = session.read_bytes()
    result = four("win")  # CliRunner's stdin is not a terminal
    assert result.exit_code == 2
    assert "Missing argument 'WINNER'" in result.stderr
    assert "Who called" not in result.stdout
    assert session.read_bytes() == before


def test_short_flags_and_the_self_picked_spelling(four: Run):
    assert four("win", "Ruth", "25", "-t", "Linda", "-j").exit_code == 0
    assert four("win", "Linda", "25", "-s").exit_code == 0
    assert four("win", "Kathy", "25", "--self-picked").exit_code == 0
    games = _games(four)
    assert [(g["thrown_by"], g["self_picked"], g["jokerless"]) for g in games] == [
        ("Linda", False, True),
        (None, True, False),
        (None, True, False),
    ]


@pytest.fixture
def meanwhile(monkeypatch: pytest.MonkeyPatch, mahj: Run):
    """Record `args` (as a phone or another terminal would) while `Record it?` waits."""
    real = ask._yes_or_no

    def set_up(*args: str) -> None:
        def answer(term, prompt: str, *rest):
            if prompt.startswith("Record it?"):
                assert mahj(*args).exit_code == 0
            return real(term, prompt, *rest)

        monkeypatch.setattr(ask, "_yes_or_no", answer)

    return set_up


def test_a_game_whose_payments_changed_while_asked_is_not_recorded(
    mahj: Run, at_terminal, typing, meanwhile
):
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--house", "east-double")
    meanwhile("wall")  # the deal passes: Linda is East, so she would collect double
    result = typing("Linda\n" + "25\n" + "Kathy\n" + "n\n" + "y\n")
    assert "Kathy pays 50, Ruth 50, Pat 25 → Linda +125" in result.output
    assert result.exit_code == 1
    said = " ".join(result.output.split())
    assert "the night changed while you were answering" in said
    assert "thrown by Kathy; Kathy pays 100, Ruth 50, Pat 50 → Linda +200; nothing was" in said
    assert [g["result"] for g in _games(mahj)] == ["wall"]


def test_another_tables_game_meanwhile_only_moves_the_number_on(
    mahj: Run, at_terminal, typing, meanwhile
):
    mahj("new", *["Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot"], "--tables", "2")
    meanwhile("wall", "--table", "2")
    result = typing("Linda\n" + "25\n" + "Kathy\n" + "n\n" + "y\n")
    assert "Game 1 at table 1: Linda wins 25, thrown by Kathy" in result.output
    assert result.exit_code == 0, result.output
    assert "Record it? y or n: y\nGame 2: Linda wins 25, thrown by Kathy" in result.output
    assert [g["result"] for g in _games(mahj)] == ["wall", "win"]


def test_the_same_game_recorded_meanwhile_at_that_table_is_not_recorded_twice(
    mahj: Run, at_terminal, typing, meanwhile
):
    mahj("new", "Ruth", "Linda", "Kathy", "Pat")
    meanwhile("win", "Kathy", "25", "--thrown-by", "Pat")  # the table's phone was quicker
    result = typing("Kathy\n" + "25\n" + "Pat\n" + "n\n" + "y\n")
    assert result.exit_code == 1
    assert "the night changed while you were answering" in " ".join(result.output.split())
    assert [g["result"] for g in _games(mahj)] == ["win"]


def test_a_game_that_no_longer_fits_says_the_night_changed(
    mahj: Run, at_terminal, typing, meanwhile
):
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Ann")
    meanwhile("win", "Linda", "25", "--self-pick")  # Ruth, the winner asked, now waits
    result = typing("Ruth\n" + "25\n" + "s\n" + "n\n" + "y\n")
    said = " ".join(result.output.split())
    assert result.exit_code == 1 and "the night changed while you were answering" in said
    assert "Ruth is waiting this game" in said


def test_a_game_taken_back_and_the_same_game_entered_meanwhile_is_not_recorded_twice(
    mahj: Run, at_terminal, typing, monkeypatch: pytest.MonkeyPatch
):
    mahj("new", "Ruth", "Linda", "Kathy", "Pat")
    mahj("wall")
    real = ask._yes_or_no

    def answer(term, prompt: str, *rest):
        if prompt.startswith("Record it?"):  # the phone takes its wall back, enters the win
            assert mahj("undo").exit_code == 0
            assert mahj("win", "Kathy", "25", "--thrown-by", "Pat").exit_code == 0
        return real(term, prompt, *rest)

    monkeypatch.setattr(ask, "_yes_or_no", answer)
    result = typing("Kathy\n" + "25\n" + "Pat\n" + "n\n" + "y\n")
    assert result.exit_code == 1, result.output
    assert [g["result"] for g in _games(mahj)] == ["win"]


def test_a_name_nobody_has_is_told_among_those_who_can_answer(
    mahj: Run, at_terminal, typing, session: Path
):
    """Sue and Eve wait: a mistyped thrower is told among the three who could have thrown
    it, not among the night's six; a waiting player's name says why she cannot be it."""
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "Eve")
    before = session.read_bytes()
    result = typing("1\n" + "25\n" + "zed\n" + "eve\n" + "\x03\n")
    assert "no player called 'zed' (known: Linda, Kathy, Pat)\n" in result.output
    assert "Eve is waiting" in result.output
    assert result.exit_code == 1 and session.read_bytes() == before


def test_a_start_that_fits_a_waiting_player_too_is_asked_again(
    mahj: Run, at_terminal, typing, session: Path
):
    """`Ma` is Marge (seated) or Mary (waiting): refused as the one-line form refuses it."""
    mahj("new", "Ruth", "Marge", "Kathy", "Pat", "Mary")
    before = session.read_bytes()
    result = typing("1\n" + "25\n" + "²\n" + "ma\n" + "\x03\n")
    assert "no player called '²'" in result.output  # not Python's words for a bad number
    assert "'ma' could be 'Marge' or 'Mary'; type more of the player's name" in result.output
    assert result.exit_code == 1 and session.read_bytes() == before


def test_a_value_no_line_of_the_card_is_worth_is_asked_again_at_once(
    mahj: Run, at_terminal, typing
):
    """45 on the sample card (25, 30, 40, 50): refused at the value question, in the one-line
    form's words, and asked again; the answers after it are not thrown away."""
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--card", "sample")
    result = typing("1\n" + "45\n" + "30\n" + "2\n" + "n\n" + "y\n")
    assert result.exit_code == 0, result.output
    said = (
        "Hand value or card line (TAB completes): 45\n"
        "  no line of the card 'Light Mahjong Card 2025' is worth 45 (its values: 25, 30, 40, "
        "50); check the value, or name the line\n"
        "Hand value or card line (TAB completes): 30\n"
        "Thrown by?"
    )
    assert said in result.output
    (game,) = _games(mahj)
    assert game["value"] == 30


def test_a_bettor_night_asks_what_each_waiting_player_bet_on(
    mahj: Run, at_terminal, typing, session: Path
):
    """Sue and Eve wait: each is asked; a player at the table by number or name, `wall`, or
    Enter for no bet. An answer the rules refuse is said and asked again."""
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "Eve", "--house", "bettor")
    keys = ["1", "25", "2", "n", "zed", "eve", "3", "wall", "y"]
    result = typing("".join(k + "\n" for k in keys))
    assert result.exit_code == 0, result.output
    out = result.output
    ask_sue = (
        "Sue bet on? 1 Ruth  2 Linda  3 Kathy  4 Pat, wall for a wall game, or Enter for no bet: "
    )
    assert ask_sue + "zed\n  no player called 'zed'" in out
    assert "  Sue bets on Eve, who does not play this game at table 1\n" + ask_sue + "3\n" in out
    assert "Eve bet on? 1 Ruth  2 Linda  3 Kathy  4 Pat, wall for a wall game, or Enter" in out
    assert "Pays for the table" not in out and "pays for the table" not in out
    shown = "Game 1: Ruth wins 25, thrown by Linda, Sue bet on Kathy, Eve bet on a wall game\n"
    assert shown in out
    (game,) = _logged(session)
    assert game["bets"] == [["Sue", "Kathy"]] and game["wall_bets"] == ["Eve"]


def test_an_enter_is_no_bet_and_a_bet_given_is_not_asked_again(
    mahj: Run, at_terminal, typing, session: Path
):
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "Eve", "--house", "bettor")
    result = typing("1\n" + "25\n" + "s\n" + "n\n" + "\n" + "y\n", "--bet", "Sue=Ruth")
    assert result.exit_code == 0, result.output
    assert "Sue bet on?" not in result.output
    assert "Eve bet on? 1 Ruth  2 Linda  3 Kathy  4 Pat, wall for a wall game" in result.output
    assert "Game 1: Ruth wins 25, self-picked, Sue bet on Ruth\n" in result.output
    (game,) = _logged(session)
    assert game["bets"] == [["Sue", "Ruth"]] and "wall_bets" not in game


def test_pay_for_the_table_asks_who_pays(mahj: Run, at_terminal, typing, session: Path):
    """The winner's number is not offered; typed, the rules say why not. Enter: nobody."""
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--house", "pay-for-table")
    result = typing("1\n" + "25\n" + "2\n" + "n\n" + "1\n" + "kat\n" + "y\n")
    assert result.exit_code == 0, result.output
    out = result.output
    asked = "Who pays for the table? 2 Linda  3 Kathy  4 Pat, or Enter for nobody: "
    assert "Did someone's error give Mah Jongg?\n" + asked + "1\n" in out
    assert "  Ruth won, so cannot pay for the table\n" + asked + "kat\n" in out
    assert "Game 1: Ruth wins 25, thrown by Linda, Kathy pays for the table\n" in out
    (game,) = _logged(session)
    assert game["pays_for_table"] == "Kathy"
    assert mahj("undo").exit_code == 0
    result = typing("1\n" + "25\n" + "2\n" + "n\n" + "\n" + "y\n")
    assert "Game 1: Ruth wins 25, thrown by Linda\n" in result.output
    assert "pays_for_table" not in _logged(session)[0]
    assert mahj("undo").exit_code == 0
    result = typing("1\n" + "25\n" + "2\n" + "n\n" + "y\n", "--pays-for-table", "Pat")
    assert "Who pays for the table?" not in result.output
    assert _logged(session)[0]["pays_for_table"] == "Pat"


def test_at_a_club_night_a_bettor_seated_at_another_table_since_the_game_began_is_asked(
    mahj: Run, at_terminal, typing, session: Path
):
    """Eleven at two tables; table 2's wall game seats Sue (waiting when table 1's game
    began) and sends Ann to the line. At table 1's win the line is asked, then Sue, as
    `--bet` allows; nobody else at table 2 is. Bets are on table 1's players."""
    players = ["Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue", "Tom", "Uma"]
    mahj("new", *players, "--tables", "2", "--house", "bettor")
    assert mahj("wall", "--table", "2").exit_code == 0
    result = typing("1\n" + "25\n" + "2\n" + "n\n" + "8\n" + "\n" + "\n" + "\n" + "1\n" + "y\n")
    assert result.exit_code == 0, result.output
    out = result.output
    menu = " bet on? 1 Ruth  2 Linda  3 Kathy  4 Pat, wall for a wall game, or Enter for no bet: "
    asked = [line.partition(menu)[0] for line in out.splitlines() if menu in line]
    assert asked == ["Tom", "Tom", "Uma", "Ann", "Sue"]
    assert "  Tom bets on Sue, who does not play this game at table 1\n" in out
    assert "Game 2 at table 1: Ruth wins 25, thrown by Linda, Sue bet on Ruth\n" in out
    assert _logged(session)[-1]["bets"] == [["Sue", "Ruth"]]
