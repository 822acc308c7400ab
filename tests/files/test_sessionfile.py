"""The session file: parsing with line numbers, and appending that keeps the user's text."""

from __future__ import annotations

import datetime as dt
import tomllib

import pytest

from mahjcli.core.model import Join, Penalty, Wall, Win
from mahjcli.core.rulesets import League
from mahjcli.core.session import Session
from mahjcli.files.lines import Locator
from mahjcli.files.sessionfile import parse_text
from mahjcli.files.sessionwrite import (
    append_entry,
    entry_to_dict,
    new_session_text,
    remove_last_entry,
)

HEAD = """schema = 1
rules = "league"
players = ["Ruth", "Linda", "Kathy", "Pat"]
east = "Ruth"
"""


def problems(text):
    parsed = parse_text(text)
    assert parsed.session is None
    locate = Locator(text)
    return [(locate.line(p.where), p.message) for p in parsed.problems]


def test_first_line_is_the_schema_and_the_file_round_trips():
    session = Session(
        players=("Ruth", "Linda", "Kathy", "Pat", "Sue"),
        easts=("Linda",),
        rules=League(pie=500),
        log=(Win("Ruth", 25, thrown_by="Linda", jokerless=True), Wall(dead=("Pat",)), Join("Bea")),
        name="Thursday",
        date=dt.date(2026, 11, 29),
    )
    text = new_session_text(session)
    assert text.splitlines()[0] == "schema = 1"
    assert "[[log]]" in text
    assert parse_text(text).session == session


def test_nothing_derived_is_stored():
    text = new_session_text(Session(players=("A", "B", "C"), easts=("A",), log=(Win("A", 25),)))
    doc = tomllib.loads(text)
    assert set(doc) == {"schema", "rules", "players", "east", "log"}
    assert doc["log"] == [{"kind": "win", "winner": "A", "value": 25, "self_pick": True}]


def test_append_keeps_comments_and_layout():
    text = HEAD + "# Thursday at Ruth's\n"
    new = append_entry(text, entry_to_dict(Win("Ruth", 25, thrown_by="Linda")))
    assert new.startswith(text)
    assert parse_text(new).session.log == (Win("Ruth", 25, thrown_by="Linda"),)


def test_append_to_an_inline_log_falls_back_to_a_full_rewrite():
    text = HEAD + 'log = [{kind = "wall"}]\n'
    new = append_entry(text, {"kind": "wall"})
    assert parse_text(new).session.log == (Wall(), Wall())


@pytest.mark.parametrize(
    "log",
    ['log = [{kind = "wall"}]  # so far\n', 'log = [\n  {kind = "wall"},  # one\n]\n# the end\n'],
    ids=["one line", "one per line"],
)
def test_remove_last_entry_keeps_the_rest_exactly(log):
    """Taking the last element out of `log = [...]` gives back the text it had before it was
    added (a log of [[log]] tables is undone by logedit.undo_text, leaving a comment)."""
    text = HEAD + log
    longer = append_entry(text, {"kind": "win", "winner": "Pat", "value": 30, "self_pick": True})
    assert remove_last_entry(longer) == text


def test_windows_line_endings_and_bom_are_kept():
    text = "\ufeff" + HEAD.replace("\n", "\r\n")
    new = append_entry(text, {"kind": "wall"})
    assert new.startswith("\ufeff") and "\n" not in new.replace("\r\n", "")
    assert parse_text(new).session.log == (Wall(),)


def test_unknown_keys_are_kept_and_noted():
    text = HEAD + 'venue = "Ruth\'s kitchen"\n\n[[log]]\nkind = "wall"\nmood = "tense"\n'
    parsed = parse_text(text)
    assert parsed.session is not None
    assert [(Locator(text).line(n.where), n.message) for n in parsed.notes] == [
        (5, "unknown key 'venue' is kept but not used"),
        (9, "log entry 1 (wall): unknown key 'mood' is kept but not used"),
    ]
    new = append_entry(text, {"kind": "wall"})
    assert 'mood = "tense"' in new and "venue" in new


@pytest.mark.parametrize(
    ("entry", "line", "message"),
    [
        ('kind = "win"\nwinner = "Lnda"\nvalue = 25\nself_pick = true', 8,
         "log entry 1 (win): unknown player 'Lnda'; did you mean 'Linda'?"),
        ('kind = "win"\nwinner = "Ruth"\nvalue = "25"\nself_pick = true', 9,
         "log entry 1 (win): value must be a whole number from 1 to 1000, not \"25\""),
        ('kind = "win"\nwinner = "Ruth"\nvalue = true\nself_pick = true', 9,
         "log entry 1 (win): value must be a whole number from 1 to 1000, not true"),
        ('kind = "win"\nwinner = "Ruth"\nvalue = 0\nself_pick = true', 9,
         "log entry 1 (win): value must be a whole number from 1 to 1000, not 0"),
        ('kind = "win"\nwinner = "Ruth"\nvalue = 25\nthrown_by = "Ruth"', 6, None),
        ('kind = "win"\nwinner = "Ruth"\nvalue = 25', 6,
         'log entry 1 (win): say how it was won: thrown_by = "Name" or self_pick = true'),
        ('kind = "bet"', 7, "log entry 1: unknown kind 'bet' (win, wall, incomplete, error, "
         "penalty, join, leave, open, close or accept)"),
        ("kind = []", 7, "log entry 1: unknown kind [] (win, wall, incomplete, error, "
         "penalty, join, leave, open, close or accept)"),
        ('kind = { is = "win" }', 7, "log entry 1: unknown kind {'is': 'win'} (win, wall, "
         "incomplete, error, penalty, join, leave, open, close or accept)"),
        ('kind = "wall"\ndead = "Pat"', 8, 'log entry 1 (wall): dead must be a list of names, '
         'like dead = ["Pat"]'),
    ],
)  # fmt: skip
def test_bad_entries_are_reported_with_their_line(entry, line, message):
    text = HEAD + "\n[[log]]\n" + entry + "\n"
    parsed = parse_text(text)
    if message is None:
        # A winner who also threw parses, and the fold refuses it.
        from mahjcli.core.fold import fold

        standings = fold(parsed.session)
        assert standings.problems[0].message == "Ruth cannot both win and throw the winning tile"
        return
    assert problems(text) == [(line, message)]


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("", 1, "the file is empty"),
        ('schema = 1\nplayers = ["A", "B"\n', 2, "not valid TOML"),
        ("schema = 2\n" + HEAD[11:], 1, "newer mahj (schema 2"),
        ("schema = 0\n" + HEAD[11:], 1, "schema must be 1, not 0"),
        ('rules = "league"\n', 1, "no `schema = 1` line"),
        (HEAD.replace('"Pat"', '"ruth"'), 3, "are the same name"),
        (HEAD.replace('east = "Ruth"', 'east = "Zed"'), 4, "east ('Zed') must be one of"),
        (HEAD + "pie = -5\n", 5, "pie must be a whole number of points from 1 to"),
        (HEAD.replace('"league"', '"casino"'), 2, "rules must be league or tournament"),
    ],
)
def test_bad_files_are_reported_with_their_line(text, line, fragment):
    (got,) = problems(text)
    assert got[0] == line
    assert fragment in got[1]


def test_names_in_the_log_match_case_insensitively_and_keep_the_players_spelling():
    text = HEAD + '\n[[log]]\nkind = "win"\nwinner = "ruth"\nvalue = 25\nthrown_by = "LINDA"\n'
    assert parse_text(text).session.log == (Win("Ruth", 25, thrown_by="Linda"),)


def test_arrivals_can_be_named_later_in_the_log():
    text = HEAD + (
        '\n[[log]]\nkind = "join"\nplayer = "Sue"\n'
        '\n[[log]]\nkind = "penalty"\nplayer = "sue"\npoints = 10\n'
    )
    assert parse_text(text).session.log == (Join("Sue"), Penalty("Sue", 10))


@pytest.mark.parametrize(
    ("log", "line"),
    [
        ('log = [\n  { kind = "wall" },\n  { kind = "win", winner = "Lnda", value = 25,'
         ' self_pick = true },\n]\n', 7),
        ('log = [{ kind = "wall" }, { kind = "win", winner = "Lnda", value = 25,'
         ' self_pick = true }]\n', 5),
    ],
    ids=["one a line", "all on one line"],
)  # fmt: skip
def test_a_problem_in_a_log_written_inline_has_its_line(log: str, line: int):
    """A log written as `log = [...]` (which session-file.md shows): each problem is named
    with the line its entry is on, or the line of `log =` when they share one."""
    message = "log entry 2 (win): unknown player 'Lnda'; did you mean 'Linda'?"
    assert problems(HEAD + log) == [(line, message)]


def test_a_byte_order_mark_before_a_first_line_key_is_no_obstacle():
    """A file saved by Notepad starts with a byte-order mark: a log written `log = [...]`
    on its first line still takes a game inside its brackets, and a players list there is
    renamed in place (both were refused, asking for the layout the file already had)."""
    from mahjcli.files import logedit

    logged = '\ufefflog = [\n  {kind = "wall"},  # first\n]\n' + HEAD
    new = append_entry(logged, {"kind": "wall"})
    assert new.startswith('\ufefflog = [\n  {kind = "wall"},  # first\n')
    assert parse_text(new).session.log == (Wall(), Wall())
    first = "\ufeff" + HEAD.replace('rules = "league"\n', "").replace("schema = 1\n", "")
    first += 'schema = 1\n\n[[log]]\nkind = "wall"\n'
    assert first.startswith('\ufeffplayers = ["Ruth"')
    doc = tomllib.loads(first.removeprefix("\ufeff"))
    expected = {**doc, "players": ["Ruthie", "Linda", "Kathy", "Pat"], "east": "Ruthie"}
    renamed = logedit.rename_player(first, "Ruth", "Ruthie", expected)
    assert renamed == first.replace('"Ruth"', '"Ruthie"')


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("\ufeffpie = 0\n" + HEAD, 1),  # after a byte-order mark
        (HEAD + '\n[["log"]]\nkind = "wall"\n\n[["log"]]\nkind = "win"\nwinner = "Ruth"\n'
         'value = 25\nthrown_by = "Lnda"\n', 13),  # a quoted header is the same table
        (HEAD + "\n[['log']]\nkind = 'win'\n'winner' = 'Lnda'\nvalue = 25\nself_pick = true\n",
         8),  # a quoted key is the same key
    ],
)  # fmt: skip
def test_a_problem_is_named_at_its_line_in_any_valid_spelling(text, line):
    assert [found for found, _ in problems(text)] == [line]
