"""Escape codes in any text mahj is given never reach the terminal.

Typed text that holds a control character is refused (as names already were); a file
that holds one is damaged, and `mahj check` names the line; a file name (which nobody
can refuse) is printed escaped, by every command, on stdout and stderr alike."""

from __future__ import annotations

import json
import shutil
import unicodedata
from pathlib import Path

import pytest

from tests.helpers import SAMPLES

ESCAPES = {
    "clear screen": "\x1b[2J",
    "window title": "\x1b]0;pwned\x07",
    "hidden link": "\x1b]8;;http://evil.example/\x1b\\click\x1b]8;;\x1b\\",
    "8-bit CSI": "\x9b2J",
    "right-to-left override": "\u202e",
}
EVIL = list(ESCAPES.values())
IDS = list(ESCAPES)


def assert_shown_safely(*texts: str) -> None:
    """No control or format character at all, besides line breaks (the tests' terminal
    is colourless, so even an honest style code would be one too many)."""
    for text in texts:
        bad = [c for c in text if c != "\n" and unicodedata.category(c) in ("Cc", "Cf")]
        assert not bad, (bad, text)


def hidden_said(message: str) -> bool:
    """Whether a refusal names the kind of character refused: a control character, or
    an invisible one (a right-to-left override, a zero-width space)."""
    return "control character" in message or "invisible character" in message


def assert_one_safe_error(result) -> str:
    assert result.exit_code == 1, result
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result
    assert_shown_safely(result.stdout, result.stderr)
    return lines[0]


# ---- typed text is refused ----------------------------------------------------------------


@pytest.mark.parametrize("evil", EVIL, ids=IDS)
def test_a_penalty_reason_with_an_escape_is_refused(mahj, session: Path, evil: str):
    assert mahj("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament").exit_code == 0
    before = session.read_bytes()
    message = assert_one_safe_error(mahj("penalty", "Ann", "10", "--reason", f"look{evil}"))
    assert "--reason" in message and hidden_said(message)
    assert session.read_bytes() == before


@pytest.mark.parametrize("evil", EVIL, ids=IDS)
@pytest.mark.parametrize(
    "args",
    [("new", "Ann", "Bea", "Cy", "--name", "N{}"), ("new", "Ann", "Bea", "C{}y")],
    ids=["--name", "player"],
)
def test_a_new_night_with_an_escape_is_refused(mahj, session: Path, args, evil: str):
    assert_one_safe_error(mahj(*(a.format(evil) for a in args)))
    assert not session.exists()


@pytest.mark.parametrize("evil", EVIL, ids=IDS)
@pytest.mark.parametrize("field", ["name", "lines.name", "lines.section"])
def test_a_card_with_an_escape_is_refused(mahj, tmp_path: Path, session: Path, field, evil):
    card = {"name": "Card", "line": "Garden", "section": "Spring"}
    key = {"name": "name", "lines.name": "line", "lines.section": "section"}[field]
    card[key] += evil
    path = tmp_path / "card.toml"
    path.write_text(
        f"name = {json.dumps(card['name'])}\n\n[[lines]]\nname = {json.dumps(card['line'])}\n"
        f"section = {json.dumps(card['section'])}\nvalue = 25\ngroups = true\n",
        encoding="utf-8",
    )
    assert hidden_said(assert_one_safe_error(mahj("lines", "--card", str(path))))
    assert_one_safe_error(mahj("new", "Ann", "Bea", "Cy", "--card", str(path)))
    assert not session.exists()


# ---- text in a file is a problem `mahj check` points at -----------------------------------

TOURNAMENT = """\
schema = 1
name = "Thursday"
rules = "tournament"
players = ["Ann", "Bea", "Cy", "Dot"]

[card]
name = "Card"

[[card.lines]]
name = "Garden"
section = "Spring"
value = 25
groups = true

[[log]]
kind = "penalty"
player = "Ann"
points = 10
reason = "late"
"""
# (what, the text to replace, line it is on)
IN_FILE = [
    ("the night's name", 'name = "Thursday"', 2),
    ("the card's name", 'name = "Card"', 6),
    ("a line's name", 'name = "Garden"', 10),
    ("a line's section", 'section = "Spring"', 11),
    ("the penalty reason", 'reason = "late"', 19),
]
COMMANDS = [
    ("status",),
    ("log",),
    ("total",),
    ("scorecard",),
    ("lines",),
    ("table",),
    ("export",),
    ("win", "Ann", "25", "--self-pick"),
    ("undo",),
]


def toml_escaped(text: str) -> str:
    """`text` as a TOML basic string spells it (every control character as \\uXXXX)."""
    return "".join(
        f"\\u{ord(c):04x}" if unicodedata.category(c)[0] == "C" or c in '"\\' else c for c in text
    )


@pytest.mark.parametrize("evil", EVIL, ids=IDS)
@pytest.mark.parametrize(("what", "old", "line"), IN_FILE, ids=[w for w, _, _ in IN_FILE])
def test_an_escape_in_the_file_is_found_by_check_and_refused_by_all(
    mahj, session: Path, what, old, line, evil
):
    new = old[:-1] + toml_escaped(f" {evil} x") + '"'
    session.write_text(TOURNAMENT.replace(old, new, 1), encoding="utf-8")
    before = session.read_bytes()
    checked = mahj("check")
    assert checked.exit_code == 1
    assert_shown_safely(checked.stdout, checked.stderr)
    assert f"{session}:{line}:" in checked.stdout and hidden_said(checked.stdout)
    problems = json.loads(mahj("check", "--json").stdout)["problems"]
    assert [p["line"] for p in problems] == [line]
    for args in COMMANDS:
        assert hidden_said(assert_one_safe_error(mahj(*args)))
    assert session.read_bytes() == before


# ---- file names are shown escaped -----------------------------------------------------------

EVIL_NAME = "night\x1b[2J\x1b]0;pwned\x07\u202e.toml"


@pytest.fixture
def evil_night(mahj, tmp_path: Path) -> Path:
    """A good night in a file whose name holds escape codes."""
    path = tmp_path / EVIL_NAME
    shutil.copy(SAMPLES / "rules-worked-night.toml", path)
    return path


EVERY_COMMAND = [
    ("status",), ("status", "--json"), ("log",), ("log", "--json"), ("total",),
    ("total", "--chart"), ("total", "--json"), ("check",), ("check", "--json"), ("table",),
    ("export",), ("export", "--format", "json"), ("season",), ("winners",), ("sessions",),
    ("sessions", "--json"), ("win", "Ruth", "25", "--thrown-by", "Linda"), ("undo",),
    ("wall",), ("join", "Sue"), ("lines",), ("scorecard",), ("export", "--output", "x.toml"),
    ("total", "--html", "x.bak"),
]  # fmt: skip


@pytest.mark.parametrize("args", EVERY_COMMAND, ids=" ".join)
def test_every_command_shows_an_escaped_file_name(
    mahj, evil_night: Path, monkeypatch, tmp_path: Path, args
):
    data = tmp_path / "data"
    data.mkdir(exist_ok=True)
    shutil.copy(evil_night, data / EVIL_NAME)  # the season commands look here
    monkeypatch.setenv("MAHJ_SESSION", str(evil_night))
    monkeypatch.chdir(tmp_path)
    result = mahj(*args, use_session=False)
    assert result.exit_code in (0, 1), result
    assert_shown_safely(result.stdout, result.stderr)
    if args in (("check",), ("export",)):
        assert "\\x1b[2J" in result.stdout  # the name is there, escaped


def test_the_sessions_list_and_its_json_keep_the_name_readable(mahj, tmp_path: Path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(SAMPLES / "rules-worked-night.toml", data / EVIL_NAME)
    shown = mahj("sessions", use_session=False)
    assert shown.exit_code == 0 and "night\\x1b[2J\\x1b]0;pwned\\x07\\u202e.toml" in shown.stdout
    listed = json.loads(mahj("sessions", "--json", use_session=False).stdout)
    assert [Path(s["path"]).name for s in listed["sessions"]] == [EVIL_NAME]  # the same name


def test_a_rich_console_escapes_whatever_it_is_given():
    from rich.table import Table
    from rich.text import Text

    from mahjcli.ui.console import console

    out = console()
    table = Table(title="T\x1b]0;x")
    table.add_column("Who")
    table.add_row(Text("Sue\x1b[2J"))
    with out.capture() as captured:
        out.print(table)
        out.print("plain \x1b[31m text", style="bold")
    text = captured.get()
    assert_shown_safely(text)
    assert "Sue\\x1b[2J" in text and "plain \\x1b[31m text" in text


def test_a_refused_date_quotes_what_was_typed_escaped(mahj):
    result = mahj("season", "--from", "2026\x1b]0;x\x07", use_session=False)
    assert result.exit_code == 1, result
    assert_shown_safely(result.stdout, result.stderr)
    assert "\\x1b" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("win", "Ann", "25", "--self-pick", "--bogus\x1b[2J"),
        ("win", "Ann", "25", "--self-pick", "extra\x1b[2J"),
        ("clear\x1b[2J",),
        ("win", "Ann", "25", "--thrown-by", "B\x1b[2J", "--thrown-by", "C"),
    ],
    ids=["option", "argument", "command", "repeated"],
)
def test_a_usage_error_quotes_what_was_typed_escaped(mahj, args):
    assert mahj("new", "Ann", "Bea", "Cy", "Dot").exit_code == 0
    result = mahj(*args, use_session=args[0] not in ("season", "clear\x1b[2J"))
    assert result.exit_code == 2, result
    assert_shown_safely(result.stdout, result.stderr)
    assert "\\x1b" in result.stderr
