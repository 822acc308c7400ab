"""Damaged and hand-edited session files: `mahj check` says what is wrong, on which line of
which file; every writing command refuses and leaves the bytes alone, pointing at the
`.bak` when there is one and the file is one to mend (not one a newer mahj wrote); what a
hand edit may legally add (a BOM, CRLF line endings, keys mahj does not know) survives a
save."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers import without_undone

BASE = """\
schema = 1
name = "Thursday"
date = 2026-11-26
rules = "league"
players = ["Ruth", "Linda", "Kathy", "Pat", "Sue"]
east = "Ruth"

# kept by hand
[[log]]
kind = "win"
winner = "Ruth"
value = 25
thrown_by = "Linda"

[[log]]
kind = "wall"
"""
# Line numbers in BASE, as an editor shows them.
LINE_LOG1, LINE_WINNER, LINE_VALUE, LINE_THROWN_BY = 9, 11, 12, 13
BASE_TOTALS = {"Ruth": 100, "Linda": -50, "Kathy": -25, "Pat": -25, "Sue": 0}


def edit(old: str, new: str | bytes) -> Callable[[bytes], bytes]:
    """Replace the first `old` with `new` (bytes when the edit is not UTF-8)."""
    raw = new if isinstance(new, bytes) else new.encode()

    def change(data: bytes) -> bytes:
        assert old.encode() in data
        return data.replace(old.encode(), raw, 1)

    return change


def cut_inside(marker: str) -> Callable[[bytes], bytes]:
    """The file cut off part-way through `marker`, as by a full disk or a bad copy."""

    def change(data: bytes) -> bytes:
        at = data.index(marker.encode()) + len(marker) // 2
        return data[:at]

    return change


# (name, damage, line the problem is on, words the message must contain)
DAMAGES = [
    ("empty", lambda data: b"", 1, "empty"),
    ("blank", lambda data: b"\n  \n\n", 1, "empty"),
    ("truncated-in-a-string", cut_inside('winner = "Ruth"'), LINE_WINNER, "not valid TOML"),
    ("truncated-in-a-header", cut_inside('[[log]]\nkind = "wall"'), 16, "not valid TOML"),
    ("truncated-mid-entry", lambda d: d[: d.index(b"value = 25")], LINE_LOG1, "value is missing"),
    ("invalid-toml", edit("value = 25", "value = = 25"), LINE_VALUE, "not valid TOML"),
    ("not-utf8", edit('thrown_by = "Linda"', b'thrown_by = "Lind\xe9"'), LINE_THROWN_BY, "UTF-8"),
    ("newer-schema", edit("schema = 1", "schema = 2"), 1, "newer mahj"),
    ("value-as-text", edit("value = 25", 'value = "25"'), LINE_VALUE, "value must be a whole"),
    ("value-as-bool", edit("value = 25", "value = true"), LINE_VALUE, "value must be a whole"),
    ("unknown-winner", edit('winner = "Ruth"', 'winner = "Rth"'), LINE_WINNER, "'Ruth'"),
    ("unknown-thrower", edit('"Linda"\n', '"Lnda"\n'), LINE_THROWN_BY, "unknown player 'Lnda'"),
    ("waiting-winner", edit('winner = "Ruth"', 'winner = "Sue"'), LINE_LOG1, "Sue is waiting"),
    (
        "players-not-a-list",
        edit('["Ruth", "Linda", "Kathy", "Pat", "Sue"]', '"Ruth, Linda"'),
        5,
        "list",
    ),
    ("duplicate-player", edit('"Sue"]', '"ruth"]'), 5, "same name"),
]
IDS = [d[0] for d in DAMAGES]

WRITING = [
    ("win", "Ruth", "25", "--thrown-by", "Linda"),
    ("wall",),
    ("undo",),
    ("join", "Ann"),
    ("leave", "Pat"),
    ("penalty", "Pat", "10"),
    ("incomplete",),
]
READING = [("status",), ("log", "--json"), ("total",)]


def damaged_bytes(damage: Callable[[bytes], bytes]) -> bytes:
    return damage(BASE.encode())


@pytest.mark.parametrize(("name", "damage", "line", "words"), DAMAGES, ids=IDS)
def test_check_names_the_file_and_the_line(mahj, session: Path, name, damage, line, words):
    session.write_bytes(damaged_bytes(damage))

    result = mahj("check")
    assert result.exit_code == 1
    first = result.stdout.splitlines()[0]
    assert first.startswith(f"{session}:{line}: "), first
    assert words in first

    result = mahj("check", "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False
    assert report["problems"][0]["line"] == line
    assert words in report["problems"][0]["message"]


@pytest.mark.parametrize("with_backup", [True, False], ids=["with-bak", "no-bak"])
@pytest.mark.parametrize(("name", "damage", "line", "words"), DAMAGES, ids=IDS)
def test_every_command_refuses_a_damaged_file(
    mahj, session: Path, name, damage, line, words, with_backup: bool
):
    data = damaged_bytes(damage)
    session.write_bytes(data)
    bak = session.with_name(session.name + ".bak")
    if with_backup:
        bak.write_text(BASE)
    for args in WRITING + READING:
        result = mahj(*args)
        assert result.exit_code == 1, (args, result)
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"Error: {session}:{line}: "), (args, lines)
        assert words in lines[0]
        # the backup is offered for a file to mend, not for one a newer mahj wrote
        offered = with_backup and name != "newer-schema"
        assert (str(bak) in lines[0]) is offered, (args, lines)
        assert result.stdout == ""
        assert session.read_bytes() == data, f"{args} changed a damaged file"
    if with_backup:
        assert bak.read_text() == BASE
    else:
        assert not bak.exists()


def test_the_bak_can_be_restored(mahj, session: Path):
    """What the message promises: the previous version is whole, and usable as it is."""
    session.write_text(BASE)
    assert mahj("win", "Kathy", "30", "--self-pick").exit_code == 0
    session.write_bytes(b'schema = 1\nplayers = ["Ruth", "Lin')  # an editor crashed
    message = mahj("wall").stderr
    bak = Path(message.rsplit(" ", 1)[1].strip())
    assert bak == session.with_name(session.name + ".bak") and bak.read_text() == BASE
    session.write_bytes(bak.read_bytes())
    assert mahj("check").exit_code == 0
    assert json.loads(mahj("total", "--json").stdout)["totals"] == BASE_TOTALS


# ---- legal hand edits survive a save ----------------------------------------------------

BOM = b"\xef\xbb\xbf"


@pytest.mark.parametrize(
    ("bom", "crlf"), [(True, False), (False, True), (True, True)], ids=["bom", "crlf", "both"]
)
def test_bom_and_crlf_are_accepted_and_kept(mahj, session: Path, bom: bool, crlf: bool):
    data = BASE.encode()
    if crlf:
        data = data.replace(b"\n", b"\r\n")
    if bom:
        data = BOM + data
    session.write_bytes(data)
    assert mahj("check").exit_code == 0
    assert json.loads(mahj("total", "--json").stdout)["totals"] == BASE_TOTALS

    # Game 3: East Kathy, seated Kathy, Pat, Sue, Ruth (Linda waits). Sue throws 30:
    # Sue pays 60, Pat 30, Ruth 30, Kathy +120.
    assert mahj("win", "Kathy", "30", "--thrown-by", "Sue").exit_code == 0
    after = session.read_bytes()
    assert after.startswith(BOM) is bom
    assert after.count(b"\r") == (after.count(b"\n") if crlf else 0)
    assert after.startswith(data), "the hand-kept part of the file was rewritten"
    assert json.loads(mahj("total", "--json").stdout)["totals"] == {
        "Ruth": 70,
        "Linda": -50,
        "Kathy": 95,
        "Pat": -55,
        "Sue": -60,
    }

    assert mahj("undo").exit_code == 0
    now = session.read_bytes().decode("utf-8")
    assert without_undone(now).encode("utf-8") == data  # plus the comment `mahj redo` reads
    assert now.count("\r") == (now.count("\n") if crlf else 0)
    assert mahj("redo").exit_code == 0
    assert session.read_bytes() == after


def test_unknown_keys_are_kept_through_a_win_and_an_undo(mahj, session: Path):
    text = BASE.replace(
        'rules = "league"', 'rules = "league"\nvenue = "Ruth\'s house"  # where we play'
    ).replace('thrown_by = "Linda"', 'thrown_by = "Linda"\nnote = "a lovely hand"')
    session.write_text(text)
    check = mahj("check")
    assert check.exit_code == 0
    assert "venue" in check.stdout and "note" in check.stdout  # mentioned, not dropped

    assert mahj("win", "Kathy", "30", "--thrown-by", "Sue").exit_code == 0
    doc = tomllib.loads(session.read_text())
    assert doc["venue"] == "Ruth's house"
    assert doc["log"][0]["note"] == "a lovely hand"
    assert len(doc["log"]) == 3
    assert "# where we play" in session.read_text()

    assert mahj("undo").exit_code == 0
    assert without_undone(session.read_text()) == text
    assert mahj("undo").exit_code == 0  # the wall game
    doc = tomllib.loads(session.read_text())
    assert doc["venue"] == "Ruth's house" and doc["log"][0]["note"] == "a lovely hand"
    assert json.loads(mahj("total", "--json").stdout)["games"] == 1
