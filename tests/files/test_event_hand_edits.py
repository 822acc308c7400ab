"""An event file edited by hand keeps what the director wrote: a player added to a list
written as `players = [...]` goes inside its brackets, and a card changed game by game
keeps the comments and the keys of its own that were added to its [[cards]] table. What
cannot be changed in place is refused with one Error line, the file left byte for byte."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tests.cli.test_event import Run

REGISTERED = """\
# Spring Open, typed by the director from the registration sheet
schema = 1
kind = "event"
name = "Spring Open"
rounds = 2
seed = 2026

players = [
    { name = "Ann", id = "1001" },  # paid cash
    { name = "Bea", id = "1002" },  # paid cheque
    { name = "Cy", id = "1003" },
    { name = "Dot", id = "1004" },  # arrives 9:15
]
"""
SEATED = """\
# typed by hand
schema = 1
kind = "event"
name = "Spring Open"
rounds = 2
seed = 2026

[[players]]
name = "Ann"
[[players]]
name = "Bea"
[[players]]
name = "Cy"
[[players]]
name = "Dot"

[[seating]]
round = 1
tables = [["Ann", "Bea", "Cy", "Dot"]]
"""
CARD_TABLES = (
    SEATED
    + """
[[cards]]  # table 1's card, from the paper
round = 1
table = 1
status = "open"

[[cards.games]]
kind = "win"   # Ann's
winner = "Ann"
value = 25
self_pick = true
"""
)


def lines_of(text: str) -> list[str]:
    return text.splitlines()


@pytest.fixture
def ev(tmp_path: Path) -> Run:
    return Run(tmp_path / "event.toml")


def write(ev: Run, text: str) -> str:
    ev.path.write_text(text, encoding="utf-8")
    assert "OK: " in ev.ok("event", "check")
    return text


def test_a_player_added_to_a_list_written_inline_goes_inside_its_brackets(ev: Run):
    before = write(ev, REGISTERED)
    assert "Eve is registered" in ev.ok("event", "add", "Eve", "--id", "1005")
    after = ev.path.read_text("utf-8")
    assert [line for line in lines_of(after) if "Eve" not in line] == lines_of(before)
    assert tomllib.loads(after)["players"][-1] == {"name": "Eve", "id": "1005"}
    assert after.index("Eve") < after.rindex("]")
    assert ev.ok("event", "check").startswith("OK: ")


def test_a_withdrawal_from_a_list_written_inline_keeps_its_comments(ev: Run):
    before = write(ev, REGISTERED.replace("]\n", '    { name = "Eve" },\n]\n'))
    ev.ok("event", "withdraw", "Dot")
    after = ev.path.read_text("utf-8")
    assert "# paid cash" in after and "# paid cheque" in after and "# arrives 9:15" in after
    assert after.startswith("# Spring Open, typed by the director")
    assert lines_of(after)[:11] == lines_of(before)[:11]
    assert tomllib.loads(after)["players"][3] == {"name": "Dot", "id": "1004", "last_round": 0}


def test_a_player_added_to_an_event_with_a_card_of_game_tables_keeps_them(ev: Run):
    before = write(ev, CARD_TABLES)
    ev.ok("event", "add", "Eve")
    after = ev.path.read_text("utf-8")
    assert after.startswith(before)
    assert "[[cards.games]]" in after and "# table 1's card, from the paper" in after


def test_a_game_added_to_a_card_of_game_tables_is_refused_not_rewritten(ev: Run):
    write(ev, CARD_TABLES)
    said = ev.refused("event", "wall", "1", "1")
    assert "[[cards.games]]" in said and "games = [" in said and "nothing was changed" in said


def test_a_card_keeps_its_comments_and_keys_through_the_round(ev: Run):
    ev.ok("event", "new", "Open", "Ann", "Bea", "Cy", "Dot", "--rounds", "2", "--given")
    ev.ok("event", "win", "1", "1", "Ann", "25", "--self-pick")
    mine = '# game 1 disputed; floor judge upheld it\nnote = "judge: Mrs K"\n'
    text = ev.path.read_text("utf-8")
    text = text.replace('status = "open"\n', 'status = "open"  # on the phones\n' + mine)
    text = text.replace("self_pick = true },", "self_pick = true },  # Ann's, checked")
    write(ev, text)
    assert "unknown key 'note' is kept but not used" in ev.ok("event", "check")

    def kept() -> str:
        now = ev.path.read_text("utf-8")
        assert mine in now and "# Ann's, checked" in now, now
        assert tomllib.loads(now)["cards"][0]["note"] == "judge: Mrs K"
        return now

    before = kept()
    ev.ok("event", "wall", "1", "1")
    after = kept()
    assert [line for line in lines_of(after) if "wall" not in line] == lines_of(before)
    ev.ok("event", "wall", "1", "1")
    ev.ok("event", "undo", "1", "1")  # what it took back stays as a comment, to put back
    assert kept().replace('\n# Taken back: { kind = "wall" }\n', "", 1) == after
    ev.ok("event", "wall", "1", "1")
    ev.ok("event", "wall", "1", "1")
    ev.ok("event", "confirm", "1", "1", "Ann", "Bea", "Cy", "Dot")
    kept()
    ev.ok("event", "hand-in", "1", "1", "Ann")
    assert 'status = "handed-in"  # on the phones' in kept()
    ev.ok("event", "accept", "1", "1")
    now = kept()
    assert "# on the phones" in now and "status =" not in now
    assert ev.json("event", "scorecard", "1", "1")["status"] == "accepted"


def test_a_game_taken_back_from_games_written_tightly_keeps_their_comment(ev: Run):
    ev.ok("event", "new", "Open", "Ann", "Bea", "Cy", "Dot", "--rounds", "2", "--given")
    ev.ok("event", "win", "1", "1", "Ann", "25", "--self-pick")
    ev.ok("event", "wall", "1", "1")
    text = ev.path.read_text("utf-8")
    # the last game's line starts after a comment: only the game itself is taken off
    games = text[text.index("games = [") :]
    one_line = 'games = [{ kind = "win", winner = "Ann", value = 25, self_pick = true }, # Ann\'s\n'
    write(ev, text.replace(games, one_line + '{ kind = "wall" }]\n'))
    ev.ok("event", "undo", "1", "1")
    after = ev.path.read_text("utf-8")
    assert "self_pick = true }, # Ann's\n]" in after
    assert after.endswith(']\n\n# Taken back: { kind = "wall" }\n')
    assert len(tomllib.loads(after)["cards"][0]["games"]) == 1


def test_seating_again_a_round_written_inline_is_refused_not_rewritten(ev: Run):
    seated = '\nseating = [\n  { round = 1, tables = [["Ann", "Bea", "Cy", "Dot"]] },  # a hat\n]\n'
    write(ev, REGISTERED + seated)
    said = ev.refused("event", "add", "Eve")  # round 1 has not started: seated again
    assert "[[seating]]" in said and "nothing was changed" in said


def test_windows_line_endings_and_a_byte_order_mark_are_kept_on_a_card(ev: Run):
    ev.ok("event", "new", "Open", "Ann", "Bea", "Cy", "Dot", "--rounds", "2", "--given")
    ev.ok("event", "win", "1", "1", "Ann", "25", "--self-pick")
    text = ev.path.read_text("utf-8").replace('status = "open"\n', 'status = "open"  # phones\n')
    ev.path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    for _ in range(3):
        ev.ok("event", "wall", "1", "1")
    ev.ok("event", "confirm", "1", "1", "Ann", "Bea", "Cy", "Dot")
    ev.ok("event", "hand-in", "1", "1", "Ann")
    ev.ok("event", "accept", "1", "1")
    data = ev.path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and data.count(b"\n") == data.count(b"\r\n")
    assert (
        b"# phones\r\n" in data and ev.json("event", "scorecard", "1", "1")["status"] == "accepted"
    )


def test_a_game_taken_back_leaves_the_comment_written_on_its_line(ev: Run):
    ev.ok("event", "new", "Open", "Ann", "Bea", "Cy", "Dot", "--rounds", "2", "--given")
    ev.ok("event", "win", "1", "1", "Ann", "25", "--self-pick")
    ev.ok("event", "wall", "1", "1")
    text = ev.path.read_text("utf-8").replace('{ kind = "wall" },', '{ kind = "wall" },  # late')
    write(ev, text)
    ev.ok("event", "undo", "1", "1")
    after = ev.path.read_text("utf-8")
    assert "# late" in after and '{ kind = "wall" },' not in after
    took = '\n# Taken back: { kind = "wall" }\n'  # after a blank line below the games
    assert took in after
    assert [line for line in lines_of(after.replace(took, "", 1)) if "late" not in line] == [
        line for line in lines_of(text) if "late" not in line
    ]


def test_a_key_of_the_directors_own_inside_a_game_stays_with_it(ev: Run):
    ev.ok("event", "new", "Open", "Ann", "Bea", "Cy", "Dot", "--rounds", "2", "--given")
    ev.ok("event", "win", "1", "1", "Ann", "25", "--self-pick")
    text = ev.path.read_text("utf-8").replace(
        "self_pick = true },", 'self_pick = true, note = "Sue checked" },  # Ann\'s'
    )
    write(ev, text)
    ev.ok("event", "wall", "1", "1")
    after = ev.path.read_text("utf-8")
    assert tomllib.loads(after)["cards"][0]["games"][0]["note"] == "Sue checked"
    assert 'note = "Sue checked" },  # Ann\'s' in after  # on its own game's line
    assert [line for line in lines_of(after) if "wall" not in line] == lines_of(text)
    ev.ok("event", "wall", "1", "1")
    ev.ok("event", "wall", "1", "1")
    four = ev.path.read_text("utf-8")
    ev.ok("event", "confirm", "1", "1", "Ann", "Bea")  # the games do not change
    confirmed = ev.path.read_text("utf-8")
    assert [line for line in lines_of(confirmed) if "confirmed" not in line] == lines_of(four)


def test_a_round_seated_again_keeps_the_directors_keys_and_comments(ev: Run):
    """A late registration seats round 1 again (it has not started): what the director
    wrote into its [[seating]] table stays with it."""
    ev.ok("event", "new", "Open", "Ann", "Bea", "Cy", "Dot", "--rounds", "2", "--given")
    text = ev.path.read_text("utf-8").replace(
        "[[seating]]\nround = 1\n",
        "[[seating]]  # as posted at 9:40\nround = 1\n"
        '# the first room\nroom = "hall B"  # by the window\n',
    )
    write(ev, text)
    ev.ok("event", "add", "Eve")
    after = ev.path.read_text("utf-8")
    assert "[[seating]]  # as posted at 9:40\nround = 1\n" in after
    assert "# the first room\n" in after and 'room = "hall B"  # by the window\n' in after
    seated = tomllib.loads(after)["seating"]
    assert seated[0]["room"] == "hall B" and "Eve" in str(seated[0])


INLINE = """\
schema = 1
kind = "event"
name = "Inline Open"
rounds = 3
seed = 7
players = [
  { name = "Ann" }, { name = "Bea" }, { name = "Cy" }, { name = "Dot" },
  { name = "Eve" }, { name = "Fay" }, { name = "Gil" }, { name = "Hal" }, { name = "Ivy" },
]
seating = [
  { round = 1, movement = "random", byes = ["Fay"], tables = [
    ["Dot", "Ann", "Cy", "Eve"],
    ["Ivy", "Hal", "Gil", "Bea"],
  ] },
]
cards = []
clock = []
"""


@pytest.mark.parametrize(
    "args",
    [
        ("score", "1", "1", "Dot=10", "Ann=20", "Cy=-10", "Eve=-20"),
        ("wall", "1", "2"),
        ("start", "1"),
    ],
)
def test_an_event_written_all_inline_takes_a_card_or_a_clock_inside_its_brackets(
    ev: Run, args: tuple[str, ...]
):
    """Lists written `cards = []` after a seating whose table rows stand on lines of their
    own: what a command adds goes inside the brackets, and the file still reads (it was
    once added as a [[cards]] table after them, which no command could read again)."""
    write(ev, INLINE)
    ev.ok("event", *args)
    after = ev.path.read_text("utf-8")
    assert "[[" not in after
    assert after.startswith(INLINE.split("cards = [")[0])
    assert "OK: " in ev.ok("event", "check")


@pytest.mark.parametrize("started", [False, True])
def test_a_late_player_joins_a_players_list_whose_key_is_quoted(ev: Run, started: bool):
    """`'players' = [...]` is the same key to TOML: a late registrant goes inside it,
    whether round 1 is seated again or has started."""
    text = INLINE.replace("players = [", "'players' = [").split("seating = [")[0] + (
        '\n[[seating]]\nround = 1\nmovement = "random"\nbyes = ["Fay"]\ntables = [\n'
        '    ["Dot", "Ann", "Cy", "Eve"],\n    ["Ivy", "Hal", "Gil", "Bea"],\n]\n'
    )
    write(ev, text)
    if started:
        ev.ok("event", "start", "1")
    ev.ok("event", "add", "Jo")
    after = ev.path.read_text("utf-8")
    assert after.count("'players' = [") == 1 and "[[players]]" not in after
    assert tomllib.loads(after)["players"][-1]["name"] == "Jo"
    assert "OK: " in ev.ok("event", "check")


def test_a_round_seated_again_keeps_a_dotted_key_and_a_comment_on_its_movement(ev: Run):
    """Whatever the director wrote in a round's [[seating]] stays, in its order: a dotted
    key of her own, a comment line, and the comment after a key mahj writes again
    (`movement`), which goes on a line of its own with them, after the round's new
    seating."""
    ev.ok("event", "new", "Open", "Ann", "Bea", "Cy", "Dot", "--rounds", "2", "--given")
    text = ev.path.read_text("utf-8").replace(
        'movement = "given"\n',
        'movement = "given"  # drawn by hand at 9:55\nprinted.at = "10:05"\n# posted\n',
    )
    write(ev, text)
    ev.ok("event", "add", "Eve")
    after = ev.path.read_text("utf-8")
    mine = after[after.index("[[seating]]") :]
    assert '# drawn by hand at 9:55\nprinted.at = "10:05"\n# posted\n' in mine
    assert tomllib.loads(after)["seating"][0]["printed"] == {"at": "10:05"}


def test_seating_again_leaves_no_table_labels_of_its_own_behind(ev: Run):
    """mahj labels each table of a seating (`# table 2`); seated again with fewer tables,
    the old labels go with the old tables (only what the director wrote stays)."""
    ev.ok("event", "new", "Open", *[f"P{n}" for n in range(1, 13)], "--rounds", "2", "--given")
    ev.ok("event", "withdraw", "P12")
    after = ev.path.read_text("utf-8")
    tables = tomllib.loads(after)["seating"][0]["tables"]
    assert len(tables) == 2
    assert [line for line in lines_of(after) if line.startswith("# table")] == []
    assert after.count("# table") == 2


def test_a_header_comment_on_windows_line_endings_is_kept_when_seated_again(ev: Run):
    ev.ok("event", "new", "Open", "Ann", "Bea", "Cy", "Dot", "--rounds", "2", "--given")
    text = ev.path.read_text("utf-8").replace("[[seating]]\n", "[[seating]]  # first draw\n")
    ev.path.write_bytes(text.replace("\n", "\r\n").encode("utf-8"))
    assert "OK: " in ev.ok("event", "check")
    ev.ok("event", "add", "Eve")
    after = ev.path.read_bytes().decode("utf-8")
    assert "[[seating]]  # first draw\r\nround = 1\r\n" in after
    assert "\r\r" not in after and after.count("\n") == after.count("\r\n")
