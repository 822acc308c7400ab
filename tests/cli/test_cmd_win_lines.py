"""`mahj new --card` and `mahj win --line`: scoring a hand by its card line (RULES.md §2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

SEATS = ("Ruth", "Linda", "Kathy", "Pat")


def totals(run):
    return json.loads(run("total", "--json").stdout)["totals"]


@pytest.fixture
def carded(mahj):
    """A league night, Ruth/Linda/Kathy/Pat, with the sample card."""
    result = mahj("new", *SEATS, "--card", "sample")
    assert result.exit_code == 0, result
    assert "Card: Light Mahjong Card (8 lines)" in result.stdout
    return mahj


# ---- RULES.md §2 checks ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        # Jokerless Garden steps: value in use 50; thrown pays 100/50/50, +200.
        (["Garden steps", "--jokerless", "--thrown-by", "Linda"],
         {"Ruth": 200, "Linda": -100, "Kathy": -50, "Pat": -50}),
        # ... self-picked: 100 each, +300.
        (["garden steps", "--jokerless", "--self-pick"],
         {"Ruth": 300, "Linda": -100, "Kathy": -100, "Pat": -100}),
        # Garden steps with a joker: 25, thrown 50/25/25.
        (["Garden steps", "--thrown-by", "Linda"],
         {"Ruth": 100, "Linda": -50, "Kathy": -25, "Pat": -25}),
        # Self-picked Quiet path, jokerless: stays 50, 100 each, +300.
        (["Quiet path", "--jokerless", "--self-pick"],
         {"Ruth": 300, "Linda": -100, "Kathy": -100, "Pat": -100}),
        # Jokerless Dragon thread: 80 (thrown 160/80/80).
        (["Dragon thread", "--jokerless", "--thrown-by", "Kathy"],
         {"Ruth": 320, "Linda": -80, "Kathy": -160, "Pat": -80}),
        # Dragon thread with a joker in a dragon pung: stays 40 (thrown 80/40/40).
        (["Dragon thread", "--thrown-by", "Kathy"],
         {"Ruth": 160, "Linda": -40, "Kathy": -80, "Pat": -40}),
    ],
)  # fmt: skip
def test_value_in_use_from_the_card(carded, args, expected):
    line, *rest = args
    result = carded("win", "Ruth", "--line", line, *rest)
    assert result.exit_code == 0, result
    assert totals(carded) == expected


def test_pairs_line_claimed_jokerless_says_why_it_is_not_doubled(carded):
    result = carded("win", "Ruth", "--line", "Quiet path", "--jokerless", "--self-pick")
    assert "cannot hold a joker" in result.stdout


def test_a_value_typed_alone_where_every_card_line_is_pairs_is_never_jokerless(carded):
    """Every 50 on the sample card is singles and pairs, so a jokerless 50 self-picked stays
    50: 100 each, +300 (RULES.md §2), and the scorer is told why."""
    result = carded("win", "Ruth", "50", "--jokerless", "--self-pick")
    assert result.exit_code == 0, result
    assert "cannot hold a joker" in result.stdout
    assert totals(carded) == {"Ruth": 300, "Linda": -100, "Kathy": -100, "Pat": -100}
    # A value with a line that has groups still doubles: jokerless 40 thrown is 160/80/80.
    assert carded("win", "Ruth", "40", "--jokerless", "--thrown-by", "Kathy").exit_code == 0
    assert totals(carded) == {"Ruth": 620, "Linda": -180, "Kathy": -260, "Pat": -180}


def test_a_value_alone_said_singles_and_pairs_needs_such_a_line_at_that_value(carded, session):
    """The sample card's only 25 (Garden steps) has pungs: a jokerless 25 self-picked said
    to be singles and pairs would be paid 50 each, not its 100 each (RULES.md §2). It is
    refused, as naming the line with --singles-pairs is; at 50 it is a singles-and-pairs
    line, and goes in."""
    before = session.read_bytes()
    result = carded("win", "Ruth", "25", "--self-pick", "--jokerless", "--singles-pairs")
    assert result.exit_code == 1 and session.read_bytes() == before
    assert "no singles-and-pairs line of the card" in result.stderr
    assert "is worth 25; leave out --singles-pairs, or name the line" in result.stderr
    assert carded("win", "Ruth", "50", "--self-pick", "--singles-pairs").exit_code == 0


def test_three_seated_with_a_card(mahj):
    assert mahj("new", "Ruth", "Linda", "Kathy", "--card", "sample").exit_code == 0
    result = mahj("win", "Ruth", "--line", "Garden steps", "--jokerless", "--thrown-by", "Linda")
    assert result.exit_code == 0, result
    assert totals(mahj) == {"Ruth": 150, "Linda": -100, "Kathy": -50}


def test_the_log_shows_the_line_name(carded):
    carded("win", "Ruth", "--line", "twin", "--thrown-by", "Linda")
    text = carded("log").stdout
    assert "Ruth wins Twin pillars 40, thrown by Linda" in text
    game = json.loads(carded("log", "--json").stdout)["games"][0]
    assert (game["line"], game["value"]) == ("Twin pillars", 40)


def test_a_matching_value_is_accepted(carded):
    result = carded("win", "Ruth", "25", "--line", "Garden steps", "--thrown-by", "Linda")
    assert result.exit_code == 0, result
    assert totals(carded)["Ruth"] == 100


# ---- the best of several lines ---------------------------------------------------------------


def test_best_line_jokerless_prefers_the_line_that_doubles(carded):
    result = carded(
        "win", "Ruth", "--line", "Quiet path", "--line", "Dragon thread", "--jokerless",
        "--thrown-by", "Linda",
    )  # fmt: skip
    assert result.exit_code == 0, result
    said = " ".join(result.stdout.split())  # notes wrap at the terminal's width
    assert "Scored as Dragon thread: it gives Ruth 320, the most of the lines named" in said
    assert "(Quiet path 200: no group of three, so jokerless is not counted)" in said
    assert totals(carded) == {"Ruth": 320, "Linda": -160, "Kathy": -80, "Pat": -80}


def test_best_line_with_jokers_takes_the_higher_value(carded):
    result = carded(
        "win", "Ruth", "--line", "Dragon thread", "--line", "Quiet path", "--line",
        "Garden steps", "--self-pick",
    )  # fmt: skip
    assert result.exit_code == 0, result
    said = " ".join(result.stdout.split())
    assert "Scored as Quiet path: it gives Ruth 300" in said
    assert "(Garden steps 150; Dragon thread 240)" in said  # the others in card order
    assert totals(carded)["Ruth"] == 300


def test_best_line_in_a_tournament(mahj):
    new = mahj("new", *SEATS, "--rules", "tournament", "--card", "sample")
    assert new.exit_code == 0, new
    result = mahj(
        "win", "Ruth", "--line", "Quiet path", "--line", "Dragon thread", "--jokerless",
        "--self-pick",
    )  # fmt: skip
    assert result.exit_code == 0, result
    assert totals(mahj) == {"Ruth": 70, "Linda": 0, "Kathy": 0, "Pat": 0}  # 40 + 10 + 20


def test_heavenly_tournament_hand_takes_the_line_with_the_higher_value(mahj):
    assert mahj("new", *SEATS, "--rules", "tournament", "--card", "sample").exit_code == 0
    result = mahj(
        "win", "Ruth", "--line", "Dragon thread", "--line", "Quiet path", "--jokerless",
        "--heavenly",
    )  # fmt: skip
    assert result.exit_code == 0, result
    assert totals(mahj)["Ruth"] == 50  # value only: Quiet path 50 beats Dragon thread 40


def test_the_card_is_copied_into_the_session(mahj, session, tmp_path):
    card = tmp_path / "club.toml"
    card.write_text('name = "Club"\nyear = 2026\n[[lines]]\nname = "Kongs"\nvalue = 35\n'
                    'section = "Kongs"\ngroups = true\n')  # fmt: skip
    assert mahj("new", *SEATS, "--card", str(card)).exit_code == 0
    assert 'name = "Kongs"' in session.read_text()
    card.unlink()
    assert mahj("win", "Pat", "--line", "kongs", "--self-pick").exit_code == 0
    assert totals(mahj)["Pat"] == 210


# ---- refusals leave the session byte-for-byte unchanged --------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["Ruth", "--line", "Garden stepz", "--thrown-by", "Linda"],
         "Error: no card line called 'Garden stepz'; did you mean 'Garden steps'?"),
        (["Ruth", "--line", "dragon", "--thrown-by", "Linda"],
         "Error: 'dragon' could be 'Dragon lights' or 'Dragon thread'"),
        (["Ruth", "30", "--line", "Garden steps", "--thrown-by", "Linda"],
         "Error: 'Garden steps' is worth 25 on the card, not 30: make the value 25, or name "
         "the line it was"),  # as in a hand-edited file, where the value cannot be left out
        (["Ruth", "--line", "Twin pillars", "--singles-pairs", "--self-pick"],
         "Error: 'Twin pillars' has a group of three or more"),
        (["Ruth", "x", "--line", "Garden steps", "--self-pick"],
         "Error: VALUE must be a whole number like 25, not 'x'"),
        (["Ruth", "--line", "Garden steps"],
         "Error: say how it was won"),
        (["Ruth", "45", "--self-pick"],
         "Error: no line of the card 'Light Mahjong Card 2025' is worth 45 (its values: 25, "
         "30, 40, 50); check the value, or name the line"),
        (["Ruth", "--line", "Garden steps", "--line", "Nope", "--self-pick"],
         "Error: no card line called 'Nope'"),
    ],
)  # fmt: skip
def test_refusals(carded, session, args, message):
    carded("win", "Kathy", "25", "--self-pick")
    before = session.read_bytes()
    result = carded("win", *args)
    assert result.exit_code == 1
    assert result.stderr.startswith(message), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert session.read_bytes() == before


def test_line_without_a_card_is_refused(four, session):
    before = session.read_bytes()
    result = four("win", "Ruth", "--line", "Garden steps", "--thrown-by", "Linda")
    assert result.exit_code == 1
    assert "this night has no card" in result.stderr
    assert session.read_bytes() == before


BAD_CARDS = [
    ('[[lines]]\nname = "Kongs"\nvalue = 25\ngroups = true\n'
     '[[lines]]\nname = "kongs"\nvalue = 30\ngroups = true\n',
     "line 'kongs' is named twice"),
    ('[[lines]]\nname = "Kongs"\nvalue = "twenty"\ngroups = true\n',
     "card line 'Kongs': value must be a whole number from 1 to 1000"),
    ('[[lines]]\nname = "Kongs"\nvalue = 2000\ngroups = true\n',
     "card line 'Kongs': value must be a whole number from 1 to 1000, not 2000"),
    ('[[lines]]\nname = "Kongs"\nvalue = 25\ngroups = true\nconceal = true\n',
     "card line 'Kongs': unknown key 'conceal'"),
    ('[[lines]]\nname = "Kongs"\ngroups = true\n',  # never "not None"
     "card line 'Kongs': value is missing (value = 25: the value printed on the card)"),
]  # fmt: skip


@pytest.mark.parametrize(("body", "message"), BAD_CARDS)
def test_bad_card_file_starts_no_night(mahj, session, tmp_path, body, message):
    card = tmp_path / "bad.toml"
    card.write_text(f'name = "Bad"\n{body}')
    result = mahj("new", *SEATS, "--card", str(card))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {card}:")
    assert message in result.stderr
    assert not session.exists()
    assert not (tmp_path / "data" / "current").exists()


@pytest.mark.parametrize(("body", "message"), BAD_CARDS)
def test_bad_card_file_leaves_an_existing_session_unchanged(four, session, tmp_path, body, message):
    four("win", "Ruth", "25", "--thrown-by", "Linda")
    before = session.read_bytes()
    card = tmp_path / "bad.toml"
    card.write_text(f'name = "Bad"\n{body}')
    result = four("new", *SEATS, "--card", str(card))
    assert result.exit_code == 1
    assert message in result.stderr
    assert session.read_bytes() == before


def test_missing_card_file(mahj, session, tmp_path):
    result = mahj("new", *SEATS, "--card", str(tmp_path / "nowhere.toml"))
    assert result.exit_code == 1
    assert "no card file at" in result.stderr
    assert not Path(session).exists()


def test_a_night_saved_with_such_a_game_before_the_check_still_reads(carded, session):
    """A bare 25 said singles and pairs, written before mahj refused it: the night still
    opens (its totals as they were), and a fix of that game is held to the check."""
    text = session.read_text() + (
        '\n[[log]]\nkind = "win"\nwinner = "Ruth"\nvalue = 25\nself_pick = true\n'
        "jokerless = true\nsingles_pairs = true\n"
    )
    session.write_text(text)
    assert carded("check").exit_code == 0
    assert totals(carded)["Ruth"] == 150
    fixed = carded("fix", "1", "Ruth", "25", "--self-pick", "--jokerless", "--singles-pairs")
    assert fixed.exit_code == 1 and "no singles-and-pairs line" in fixed.stderr
