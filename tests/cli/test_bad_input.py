"""Bad command-line input: each mistake is refused with exactly one `Error:` line on stderr,
exit 1 (2 when Click itself cannot parse the command line), no traceback, and the session
file byte-for-byte unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjcli.files import paths as store


def refused(result, code: int = 1) -> str:
    """The one `Error:` line of a refused command."""
    assert result.exit_code == code, result
    assert "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1, result
    if code == 1:
        assert result.stderr.splitlines() == errors, result  # nothing else on stderr
    assert result.stdout == ""
    return errors[0]


@pytest.fixture
def five(mahj, session: Path):
    """Five at one table: Ruth (East), Linda, Lisa, Pat seated; Sue waiting."""
    assert mahj("new", "Ruth", "Linda", "Lisa", "Pat", "Sue").exit_code == 0
    return mahj


WIN_MISTAKES = [
    # (arguments, words in the error)
    (("win", "Rth", "25", "--self-pick"), "did you mean 'Ruth'"),
    (("win", "Ruth", "25", "--thrown-by", "Lnda"), "did you mean 'Linda'"),
    (("win", "Zebedee", "25", "--self-pick"), "no player called 'Zebedee'"),
    (("win", "Li", "25", "--self-pick"), "'Linda' or 'Lisa'"),
    (("win", "Ruth", "25", "--thrown-by", "li"), "'Linda' or 'Lisa'"),
    (("win", "Ruth", "25", "--thrown-by", "RUTH"), "cannot both win and throw"),
    (("win", "Sue", "25", "--self-pick"), "Sue is waiting"),
    (("win", "Ruth", "25", "--thrown-by", "Sue"), "Sue is waiting"),
    (("win", "Ruth", "0", "--self-pick"), "from 1 to 1000"),
    (("win", "Ruth", "-5", "--self-pick"), "from 1 to 1000"),
    (("win", "Ruth", "abc", "--self-pick"), "whole number"),
    (("win", "Ruth", "8.5", "--self-pick"), "whole number"),
    (("win", "Ruth", "２５", "--self-pick"), "whole number"),
    (("win", "Ruth", "1e3", "--self-pick"), "whole number"),
    (("win", "Ruth", "", "--self-pick"), "whole number"),
    (("win", "Ruth", "1001", "--self-pick"), "from 1 to 1000"),
    (("win", "Ruth", "9" * 40, "--self-pick"), "from 1 to 1000"),
    (("win", "Ruth", "25", "--thrown-by", "Linda", "--self-pick"), "not both"),
    (("win", "Ruth", "25"), "--thrown-by NAME or --self-pick"),
    (("win", "Linda", "25", "--heavenly"), "only East (Ruth)"),
    (("win", "Ruth", "25", "--heavenly", "--thrown-by", "Linda"), "heavenly"),
    (("win", "Ruth", "25", "--self-pick", "--exposures", "-1"), "--exposures"),
    (("win", "Ruth", "25", "--self-pick", "--exposures", "abc"), "--exposures must be a whole"),
    (("win", "Ruth", "25", "--self-pick", "--dead", "Zed"), "no player called 'Zed'"),
    (("win", "Ruth", "25", "--self-pick", "--dead", "Sue"), "Sue is waiting"),
    (("win", "Ruth", "25", "--self-pick", "--dead", "Ruth"), "cannot be dead"),
    (("win", "Ruth", "--line", "Garden steps", "--self-pick"), "no card"),
    (("wall", "--dead", "Sue"), "Sue is waiting"),
    (("penalty", "Pat", "10"), "tournament"),
    (("incomplete",), "tournament"),
    (("join", "ruth"), "already here, at the table"),
    (("join", " Sue "), "already here, waiting in the line"),
    (("join", "   "), "empty"),
    (("join", "Ann\tB"), "control character"),
    (("join", "Ann\x1b[31m"), "control character"),
    (("leave", "Zed"), "no player called 'Zed'"),
    (("undo",), "nothing to undo"),
]


@pytest.mark.parametrize(("args", "words"), WIN_MISTAKES, ids=[repr(a) for a, _ in WIN_MISTAKES])
def test_a_mistake_is_refused_and_changes_nothing(five, session: Path, args, words):
    before = session.read_bytes()
    message = refused(five(*args))
    assert words in message
    assert session.read_bytes() == before


USAGE_MISTAKES = [
    ("win", "Ruth", "25", "--self-pick", "--bogus"),
    ("win", "Ruth", "25", "extra", "--self-pick"),
    ("win",),
    ("win", "Ruth", "--jokeles", "--thrown-by", "Linda"),
    ("penalty", "Pat", "10", "--reasn", "x"),
    ("new",),
]


@pytest.mark.parametrize("args", USAGE_MISTAKES, ids=[repr(a) for a in USAGE_MISTAKES])
def test_a_malformed_command_line_is_a_usage_error(five, session: Path, args):
    before = session.read_bytes()
    refused(five(*args), code=2)
    assert session.read_bytes() == before


TOURNAMENT_MISTAKES = [
    (("penalty", "Pat", "-5"), "without a minus sign: 5, not -5"),
    (("win", "Ruth", "25", "--thrown-by", "Linda"), "--exposures N"),
    (("win", "Ruth", "25", "--self-pick", "--misnamed"), "needs a thrower"),
    (("penalty", "Pat", "0"), "from 1 to 1000"),
    (("penalty", "Pat", "abc"), "whole number"),
    (("penalty", "Pat", "8.5"), "whole number"),
    (("penalty", "Pat", "１０"), "whole number"),
    (("penalty", "Pat", "9" * 30), "from 1 to 1000"),
    (("penalty", "Zed", "10"), "no player called 'Zed'"),
    (("join", "Sue"), "exactly four"),
    (("leave", "Pat"), "exactly four"),
]


@pytest.mark.parametrize(
    ("args", "words"), TOURNAMENT_MISTAKES, ids=[repr(a) for a, _ in TOURNAMENT_MISTAKES]
)
def test_a_tournament_mistake_is_refused(mahj, session: Path, args, words):
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--rules", "tournament").exit_code == 0
    before = session.read_bytes()
    assert words in refused(mahj(*args))
    assert session.read_bytes() == before


def test_leaving_below_three_is_refused(mahj, session: Path):
    assert mahj("new", "Ruth", "Linda", "Kathy").exit_code == 0
    before = session.read_bytes()
    assert "below 3" in refused(mahj("leave", "Kathy"))
    assert session.read_bytes() == before


NEW_MISTAKES = [
    (("Ruth", "Linda", "Ruth"), "same name"),
    (("Ruth", "Linda", "RUTH"), "same name"),
    (("Ruth", "Linda", " Ruth "), "same name"),
    (("Ruth", "Linda", "ruth  "), "same name"),
    (("Ruth", "", "Kathy"), "empty"),
    (("Ruth", "   ", "Kathy"), "empty"),
    (("Ruth", "\t", "Kathy"), "empty"),
    (("Ruth", "Lin\tda", "Kathy"), "control character"),
    (("Ruth", "Lin\nda", "Kathy"), "control character"),
    (("Ruth", "Lin\x00da", "Kathy"), "control character"),
    (("Ruth", "\x1b[2JLinda", "Kathy"), "control character"),
    (("Ruth", "Lin\u200bda", "Kathy"), "an invisible character"),  # zero-width space
    (("Ruth", "Lin\u202eda", "Kathy"), "an invisible character"),  # right-to-left override
    (("Ruth", "L" * 41, "Kathy"), "at most 40"),
    (("Ruth", "Linda"), "3 to 8"),
    (tuple(f"P{i}" for i in range(9)), "3 to 8"),
]


@pytest.mark.parametrize(("players", "words"), NEW_MISTAKES, ids=[repr(p) for p, _ in NEW_MISTAKES])
def test_new_refuses_bad_players_and_writes_nothing(mahj, session: Path, players, words):
    assert words in refused(mahj("new", *players))
    assert not session.exists()
    assert store.current_path() is None


FIVE = ("Ruth", "Linda", "Kathy", "Pat", "Sue")
FOUR = FIVE[:4]
NEW_OPTION_MISTAKES = [
    (FIVE, ("--east", "Sue"), "--east"),  # Sue waits, so cannot deal first
    (FOUR, ("--east", "Zed"), "--east"),
    (FOUR, ("--rules", "casino"), "--rules"),
    (FIVE, ("--rules", "tournament"), "exactly 4"),
    (FOUR, ("--pie", "0"), "--pie"),
    (FOUR, ("--pie", "-100"), "--pie"),
    (FOUR, ("--rules", "tournament", "--pie", "500"), "no pie"),
    (FOUR, ("--card", "no-such-card.toml"), "no card file"),
    (FOUR, ("--name", ""), "--name"),
    (FOUR, ("--name", "night\x07"), "control character"),
]


@pytest.mark.parametrize(("players", "args", "words"), NEW_OPTION_MISTAKES)
def test_new_refuses_bad_options(mahj, session: Path, players, args, words):
    assert words in refused(mahj("new", *players, *args))
    assert not session.exists()


def test_new_never_overwrites(four, session: Path):
    before = session.read_bytes()
    assert "already exists" in refused(four("new", "Ann", "Bea", "Cy"))
    assert session.read_bytes() == before


def test_the_waiting_player_can_win_once_seated(five, session: Path):
    """The refusals above are about where Sue sits, not about Sue: after game 1 she takes
    Ruth's seat; after game 2 Ruth takes Linda's, and Linda is the one waiting."""
    assert five("wall").exit_code == 0
    assert five("win", "Sue", "25", "--thrown-by", "Linda").exit_code == 0
    before = session.read_bytes()
    assert "Linda is waiting" in refused(five("win", "Linda", "25", "--self-pick"))
    assert session.read_bytes() == before
    totals = json.loads(five("total", "--json").stdout)["totals"]
    assert totals == {"Ruth": 0, "Linda": -50, "Lisa": -25, "Pat": -25, "Sue": 100}


def test_heavenly_by_east_is_accepted(five):
    assert five("win", "ruth", "25", "--heavenly").exit_code == 0
    totals = json.loads(five("total", "--json").stdout)["totals"]
    assert totals == {"Ruth": 150, "Linda": -50, "Lisa": -50, "Pat": -50, "Sue": 0}


def test_two_letters_swapped_suggest_the_player_meant(mahj, session: Path):
    """A name typed with two neighbouring letters swapped suggests that player, not one
    who merely shares letters with it (Nroa is Nora, not Rosa)."""
    assert mahj("new", "Nora", "Olga", "Pia", "Rosa").exit_code == 0
    before = session.read_bytes()
    assert "did you mean 'Nora'?" in refused(mahj("win", "Nroa", "25", "--self-pick"))
    assert "did you mean 'Rosa'?" in refused(mahj("win", "Rsoa", "25", "--self-pick"))
    assert session.read_bytes() == before


def test_a_suggested_name_is_shown_as_typed(mahj, session: Path):
    """A name with a backslash, an emoji joined by a zero-width joiner, or an apostrophe
    is suggested as the players wrote it, never escaped as a program writes a string."""
    assert mahj("new", "back\\slash", "👩\u200d🦳 Nana", "O'Brien", "Pat").exit_code == 0
    before = session.read_bytes()
    assert "did you mean 'back\\slash'?" in refused(mahj("leave", "backslash"))
    assert "did you mean '👩\u200d🦳 Nana'?" in refused(mahj("win", "Pat", "25", "-t", "nana"))
    assert 'did you mean "O\'Brien"?' in refused(mahj("win", "Pat", "25", "-t", "OBrian"))
    assert session.read_bytes() == before
