"""Input that used to slip through: a ninth player, numbers spelt the way Python reads
them, an option given twice, an option after `--`, a date-time where a date belongs, a
card with no name. Each is refused with one line and the file left as it was."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

EIGHT = ("Ann", "Bea", "Cy", "Dot", "Eve", "Flo", "Gus", "Hal")


def refused(result, code: int = 1) -> str:
    assert result.exit_code == code, result
    assert "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1, result
    if code == 1:
        assert result.stderr.splitlines() == errors
    return errors[0]


# ---- a ninth player ----------------------------------------------------------------------------


def test_a_ninth_player_cannot_join(mahj, session: Path):
    assert mahj("new", *EIGHT).exit_code == 0
    before = session.read_bytes()
    message = refused(mahj("join", "Ivy"))
    assert message.startswith("Error: Ivy cannot join yet: 4 are waiting, the most the line holds")
    assert session.read_bytes() == before


def test_a_ninth_player_can_join_once_someone_has_left(mahj, session: Path):
    assert mahj("new", *EIGHT).exit_code == 0
    assert mahj("leave", "Hal").exit_code == 0
    assert mahj("join", "Ivy").exit_code == 0
    refused(mahj("join", "Hal"))  # coming back would make nine again


def test_a_ninth_player_written_in_by_hand_is_found_by_check(mahj, session: Path):
    assert mahj("new", *EIGHT).exit_code == 0
    lines = session.read_text(encoding="utf-8").count("\n")
    with session.open("a", encoding="utf-8") as f:
        f.write('\n[[log]]\nkind = "join"\nplayer = "Ivy"\n')
    checked = mahj("check", "--json")
    assert checked.exit_code == 1
    (problem,) = json.loads(checked.stdout)["problems"]
    assert problem["line"] == lines + 2
    assert "Ivy cannot join yet: 4 are waiting" in problem["message"]


# ---- one reading of numbers ----------------------------------------------------------------

SPELLINGS = ["1_000", "2_5", "+5", "٣", "２５", "2.5", "1e3", "0x19", "5 0", "½"]
NUMBERS = {
    "VALUE": lambda n: ("win", "Ann", n, "--self-pick"),
    "--exposures": lambda n: ("win", "Ann", "25", "--self-pick", "--exposures", n),
    "--pie": lambda n: ("new", "Ann", "Bea", "Cy", "--pie", n),
    "--players": lambda n: ("table", "--players", n),
    "--values": lambda n: ("table", "--values", f"25,{n}"),
    "POINTS": lambda n: ("penalty", "Ann", n),
}


@pytest.mark.parametrize("spelling", SPELLINGS)
@pytest.mark.parametrize("what", NUMBERS)
def test_every_number_is_read_the_same_way(mahj, tmp_path: Path, what: str, spelling: str):
    args = NUMBERS[what](spelling)
    rules = ("--rules", "tournament") if what == "POINTS" else ()
    night = tmp_path / "night.toml"
    if args[0] != "new":
        assert mahj("new", "Ann", "Bea", "Cy", "Dot", *rules).exit_code == 0
    before = night.read_bytes() if night.exists() else None
    message = refused(mahj(*args))
    assert "whole number" in message, message
    assert (night.read_bytes() if night.exists() else None) == before


@pytest.mark.parametrize("what", NUMBERS)
def test_plain_digits_with_spaces_around_are_fine(mahj, what: str):
    rules = ("--rules", "tournament") if what in ("POINTS", "--exposures") else ()
    if what != "--pie":
        assert mahj("new", "Ann", "Bea", "Cy", "Dot", *rules).exit_code == 0
    number = {"--players": " 4 ", "--exposures": " 2 "}.get(what, " 30 ")
    result = mahj(*NUMBERS[what](number))
    assert result.exit_code == 0, result


# ---- the command line itself ------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("win", "Ann", "25", "--thrown-by", "Bea", "--thrown-by", "Cy"),
        ("win", "Ann", "25", "--thrown-by=Bea", "--thrown-by", "Cy"),
        ("win", "Ann", "25", "--self-pick", "--exposures", "1", "--exposures", "2"),
        ("penalty", "Ann", "10", "--reason", "a", "--reason", "b"),
        ("export", "-o", "a.csv", "--output", "b.csv"),
        ("table", "--players", "3", "--players", "4"),
    ],
    ids=lambda a: " ".join(a[:2] + a[-2:]),
)
def test_an_option_given_twice_is_a_usage_error(mahj, session: Path, args):
    assert mahj("new", "Ann", "Bea", "Cy", "Dot").exit_code == 0
    before = session.read_bytes()
    message = refused(mahj(*args), code=2)
    assert "was given twice" in message and "give it once" in message
    assert session.read_bytes() == before


def test_a_repeatable_option_may_repeat(mahj, session: Path):
    assert mahj("new", "Ann", "Bea", "Cy", "Dot").exit_code == 0
    result = mahj("wall", "--dead", "Bea", "--dead", "Cy")
    assert result.exit_code == 0, result
    assert "Game 1: Wall game (Bea and Cy dead)" in result.stdout
    assert 'dead = ["Bea", "Cy"]' in session.read_text()


def test_the_session_given_twice_is_a_usage_error(mahj, tmp_path: Path):
    one, two = str(tmp_path / "one.toml"), str(tmp_path / "two.toml")
    result = mahj("new", "A", "B", "C", "--session", one, "--session", two, use_session=False)
    assert "--session was given twice" in refused(result, code=2)
    assert not Path(one).exists() and not Path(two).exists()


def test_an_option_after_double_dash_is_explained(mahj, session: Path):
    s = ("--session", str(session))
    assert mahj("new", *s, "--", "-Sue", "Bea", "Cy", "Dot", use_session=False).exit_code == 0
    before = session.read_bytes()
    message = refused(mahj("win", "--", "-Sue", "25", "--self-pick"), code=2)
    assert "--self-pick comes after `--`, which ends the options" in message
    assert "did you mean" not in message
    assert session.read_bytes() == before
    assert mahj("win", "--self-pick", *s, "--", "-Sue", "25", use_session=False).exit_code == 0


# ---- values in a file ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("2026-11-29T20:30:00", "2026-11-29T20:30:00"),
        ("20:30:00", "20:30:00"),
        ('["a", 1]', '["a", 1]'),
        ("{ day = 29 }", "{day = 29}"),
    ],
)
def test_a_value_of_the_wrong_kind_is_shown_as_toml_spells_it(mahj, session, value, shown):
    session.write_text(
        f'schema = 1\ndate = {value}\nplayers = ["Ann", "Bea", "Cy"]\n', encoding="utf-8"
    )
    checked = mahj("check")
    assert checked.exit_code == 1
    assert f"date must be a date like 2026-11-29, not {shown}" in checked.stdout
    assert "datetime." not in checked.stdout


# ---- cards -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [None, '""', '"   "'], ids=["missing", "empty", "blank"])
def test_a_card_needs_a_name(mahj, tmp_path: Path, session: Path, name):
    card = tmp_path / "card.toml"
    top = f"name = {name}\n" if name else ""
    card.write_text(top + '[[lines]]\nname = "Garden"\nvalue = 25\ngroups = true\n', "utf-8")
    message = refused(mahj("lines", "--card", str(card)))
    assert message == f'Error: {card}:1: the card needs a name, like name = "My 2026 card"'
    refused(mahj("new", "Ann", "Bea", "Cy", "--card", str(card)))
    assert not session.exists()


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("-self-pick", "--self-pick"), ("\u2014self-pick", "--self-pick"),
     ("\u2013jokerless", "--jokerless"), ("-thrown-by=Linda", "--thrown-by=Linda")],
)  # fmt: skip
def test_an_option_typed_with_one_dash_or_a_long_dash_is_told_the_two_dashes(
    four, session: Path, typed, meant
):
    """`-self-pick` is not read as the letters -s -e -l... ("No such option: -e"), and a
    word processor's long dash is named, both with the option meant."""
    before = session.read_bytes()
    line = refused(four("win", "Ruth", "25", typed), code=2)
    assert line == f"Error: No such option: {typed}; did you mean {meant} (two plain dashes)?"
    assert session.read_bytes() == before


def test_the_two_dashes_are_told_in_a_fix_and_an_event_command_too(four, session: Path):
    four("win", "Ruth", "25", "-t", "Pat")
    before = session.read_bytes()
    line = refused(four("fix", "1", "Linda", "25", "\u2014self-pick"), code=2)
    assert line.endswith("did you mean --self-pick (two plain dashes)?")
    assert session.read_bytes() == before
    names = ("Ann", "Bea", "Cat", "Dot", "Eve", "Fay", "Gail", "Hope")
    line = refused(four("event", "new", "Cup", *names, "\u2014rounds", "2", use_session=False), 2)
    assert line == "Error: No such option: \u2014rounds; did you mean --rounds (two plain dashes)?"


def test_a_name_with_two_letters_swapped_is_suggested_accents_aside(mahj, session: Path):
    """`Jsoe` is José with two letters swapped (the accent left off, as a keyboard does):
    that is the name suggested, never Sue, the winner named on the same line; and a
    one-letter slip (`x`) is not taken for a one-letter name (李)."""
    assert mahj("new", "Sue", "José", "李", "Nora").exit_code == 0
    assert refused(mahj("win", "Jsoe", "25", "--self-pick")) == (
        "Error: winner: no player called 'Jsoe'; did you mean 'José'?"
    )
    said = refused(mahj("win", "sue", "25", "--thrown-by", "Jsoe"))
    assert said.endswith("did you mean 'José'?"), said
    assert "did you mean" not in refused(mahj("win", "x", "25", "--self-pick"))
