"""What a new scorekeeper read that leaked the toolkit, and output laid out for the width
it is shown at: help in the command line's own words, dates refused in plain words, value
completion, `--version`, and no trailing blanks in piped output."""

from __future__ import annotations

import importlib.metadata
import os
import re
import subprocess

import pytest

from mahjcli import __version__
from tests.helpers import installed_mahj

COMMAND_NAMES = [
    "new", "win", "wall", "undo", "redo", "fix", "rename", "join", "leave", "open-table",
    "close-table", "status", "log", "total", "check", "sessions", "use", "table", "lines",
    "incomplete", "error", "penalty", "scorecard", "season", "winners", "export", "event",
]  # fmt: skip


@pytest.mark.parametrize("name", COMMAND_NAMES)
def test_help_shows_placeholders_not_python_types(mahj, name):
    out = mahj(name, "--help", use_session=False).stdout
    assert not re.search(r"<(str|int|float|list|bool|path)", out, re.IGNORECASE), out
    assert "{" not in out.splitlines()[0], out.splitlines()[0]  # usage: WINNER, not {WINNER}


EVENT_COMMANDS = ["new", "add", "withdraw", "seating", "score", "card", "standings", "check"]


@pytest.mark.parametrize("name", EVENT_COMMANDS)
def test_event_help_shows_placeholders_not_python_types(mahj, name):
    out = mahj("event", name, "--help", use_session=False).stdout
    assert out.startswith(f"Usage: mahj event {name} "), out
    assert not re.search(r"<(str|int|float|list|bool|path)", out, re.IGNORECASE), out
    assert "{" not in out.splitlines()[0], out.splitlines()[0]


def test_win_help_names_its_values(mahj):
    out = mahj("win", "--help", use_session=False).stdout
    assert out.startswith("Usage: mahj win [OPTIONS] [WINNER] [VALUE]")
    assert "-t, --thrown-by NAME" in out
    assert re.search(r"-j, --jokerless\s+The winner", out)  # a flag takes nothing


def test_new_usage_has_bare_players(mahj):
    assert mahj("new", "--help", use_session=False).stdout.startswith(
        "Usage: mahj new [OPTIONS] PLAYER..."
    )
    assert mahj("event", "new", "--help", use_session=False).stdout.startswith(
        "Usage: mahj event new [OPTIONS] NAME [PLAYER]...\n"  # not [PLAYER...]...
    )


@pytest.mark.parametrize(("typed", "usage"), [((), "mahj"), (("event",), "mahj event")])
def test_mahj_typed_alone_shows_its_help_as_help(mahj, typed, usage):
    said = mahj(*typed, use_session=False)
    assert said.exit_code == 2 and said.stdout == ""
    assert said.stderr.startswith(f"Usage: {usage} [OPTIONS] COMMAND [ARGS]...\n\n")
    assert "\\x0a" not in said.stderr and "\nCommands:\n  new " in said.stderr


@pytest.mark.parametrize("width", ["80", "100"])
def test_top_level_help_is_never_cut_off(mahj, monkeypatch, width):
    monkeypatch.setenv("COLUMNS", width)
    out = mahj("--help", use_session=False).stdout
    commands = out.split("Commands:")[1]
    assert "..." not in commands
    assert all(len(line) <= int(width) for line in out.splitlines())
    assert "four questions" in commands  # win's whole first sentence, wrapped


@pytest.mark.parametrize("width", ["80", "100"])
def test_event_help_is_never_cut_off(mahj, monkeypatch, width):
    monkeypatch.setenv("COLUMNS", width)
    commands = mahj("event", "--help", use_session=False).stdout.split("Commands:")[1]
    assert "..." not in commands
    assert "they play from the first round that has not started" in " ".join(commands.split())


def test_version_matches_the_package(mahj):
    result = mahj("--version", use_session=False)
    assert result.exit_code == 0
    assert result.stdout == f"mahj {__version__}\n"
    assert importlib.metadata.version("mahjcli") == __version__


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--from", "2026-13-01"), "--from must be a date like 2026-11-26, not '2026-13-01'"),
        (("--to", "tomorrow"), "--to must be a date like 2026-11-26, not 'tomorrow'"),
        (("--from", "2026-12-05", "--to", "2026-12-01"),
         "--from 2026-12-05 is after --to 2026-12-01, so no night can be between them"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("command", ["season", "winners"])
def test_season_dates_refused_in_plain_words(mahj, four, command, args, message):
    result = mahj(command, *args, use_session=False)
    assert result.exit_code == 1, result
    assert result.stderr.startswith(f"Error: {message}") and result.stderr.count("\n") == 1
    assert "Value error" not in result.stderr and "formats" not in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("new", "A", "B", "C", "D", "--pie", "abc"), "--pie must be a whole number like 25"),
        (("win", "Ruth", "25", "-t", "Linda", "--exposures", "two"),
         "--exposures must be a whole number like 25, not 'two'"),
        (("table", "--players", "five"), "--players must be"),
    ],
)  # fmt: skip
def test_numbers_refused_in_plain_words(mahj, session, args, message):
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--rules", "tournament")
    result = mahj(*args)
    assert result.exit_code == 1, result
    assert message in result.stderr
    assert "Input should be" not in result.stderr and "unable to parse" not in result.stderr


def complete(line: str) -> list[str]:
    words = line.split(" ")
    env = {**os.environ, "_MAHJ_COMPLETE": "complete_bash", "COMP_WORDS": line,
           "COMP_CWORD": str(len(words) - 1)}  # fmt: skip
    proc = subprocess.run([installed_mahj()], env=env, capture_output=True, text=True, timeout=60)
    return proc.stdout.split()


@pytest.mark.parametrize(
    ("line", "offered"),
    [
        ("mahj new Ruth --rules ", ["league", "tournament"]),
        ("mahj new Ruth --rules t", ["tournament"]),
        ("mahj new Ruth --misnamed ", ["replace", "add"]),
        ("mahj new Ruth --variant m", ["mj-in-error"]),
        ("mahj new Ruth --house jokerless", ["jokerless-flat="]),
        ("mahj new Ruth --house kitty", ["kitty", "kitty-special"]),
        ("mahj table --rules l", ["league"]),
        ("mahj event new Cup --movement ", ["fewest-repeats", "abcd", "east-stays"]),
    ],
)
def test_option_values_complete_as_words_not_files(line, offered, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "league-notes.toml").write_text("")
    assert complete(line) == offered


def test_piped_output_has_no_trailing_blanks(four, monkeypatch):
    four("win", "Ruth", "25", "--thrown-by", "Linda")
    four("join", "Sue")
    monkeypatch.setenv("COLUMNS", "100")
    for args in (("status",), ("log",), ("total",), ("table",), ("lines", "--card", "sample")):
        out = four(*args).stdout
        assert out, args
        trailing = [line for line in out.splitlines() if line != line.rstrip(" ")]
        assert trailing == [], (args, trailing)


def test_a_name_nobody_has_lists_a_small_table_s_players(four):
    said = four("win", "Zed", "25", "--self-pick")
    assert said.exit_code == 1
    assert "no player called 'Zed' (known: Ruth, Linda, Kathy, Pat)" in said.stderr


def test_a_big_event_never_lists_its_whole_field_in_a_sentence(mahj):
    players = [f"Player{n:03d}" for n in range(1, 101)]
    assert mahj("event", "new", "Big Cup", *players).exit_code == 0
    words = " ".join(mahj("event", "standings").stdout.split())
    assert words.endswith("is shared equally. 100 players (0) share place 1.")  # listed above
    said = mahj("event", "where", "Zed")
    assert said.exit_code == 1 and "no player called 'Zed'" in said.stderr
    assert "Player050" not in said.stderr and len(said.stderr) < 200, said.stderr
    assert "100 players" in said.stderr
    many = mahj("event", "where", "Player0")  # 99 begin so: a few, and how many more
    assert "could be 'Player001', 'Player002'" in many.stderr and "or 87 more" in many.stderr
    assert len(many.stderr) < 300, many.stderr


def test_a_long_payment_line_wraps_under_itself_at_80_columns(mahj, monkeypatch):
    """After a game the payments are one line a player reads aloud: wrapped at 80 columns,
    what follows stays indented under it, never back at the margin where it would read as
    a line of its own (the totals already wrap that way)."""
    monkeypatch.setenv("COLUMNS", "80")
    names = ("Bartholomew", "Christabel", "Wilhelmina", "Maximiliana", "Rosalind", "Gwendolyn")
    assert mahj("new", *names, "--house", "bettor").exit_code == 0
    said = mahj("win", "Wilhelmina", "50", "--thrown-by", "Christabel", "--jokerless",
                "--bet", "Rosalind=Wilhelmina", "--bet", "Gwendolyn=Christabel")  # fmt: skip
    assert said.exit_code == 0, said
    lines = said.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[0].startswith("Game 1: Wilhelmina wins 50") and lines[1].startswith("  ")
    start = next(i for i, line in enumerate(lines) if line.startswith("  ") and "pays" in line)
    ends = next(i for i in range(start, len(lines)) if "→" in lines[i])
    assert ends > start + 1  # it did wrap, twice
    assert all(line.startswith("  ") for line in lines[start : ends + 1])
    assert "→ Wilhelmina +600" in " ".join(said.stdout.split())


def test_the_settle_up_reminder_wraps_between_words_and_can_be_typed(mahj, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    assert mahj("new", "Ruth", "Mary Lou", "Kathy", "Pat", "Sue").exit_code == 0
    assert mahj("win", "Ruth", "25", "--thrown-by", "Mary Lou").exit_code == 0
    said = mahj("leave", "Mary Lou")
    assert said.exit_code == 0, said
    assert max(len(line) for line in said.stdout.splitlines()) <= 80
    command = next(line for line in said.stdout.splitlines() if "--settle" in line)
    assert 'mahj leave "Mary Lou" --settle' in command  # whole, on one line, as typed


@pytest.mark.parametrize("columns", ["40", "72"])
def test_what_a_leave_says_keeps_its_rest_indented_on_a_narrow_terminal(mahj, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", columns)
    assert mahj("new", "Ruth", "Mary Lou", "Kathy", "Pat", "Barbara Ann").exit_code == 0
    assert mahj("win", "Ruth", "25", "--thrown-by", "Mary Lou").exit_code == 0
    lines = mahj("leave", "Mary Lou").stdout.splitlines()
    assert max(len(line) for line in lines) <= int(columns)
    head = next(i for i, line in enumerate(lines) if line.startswith("Mary Lou leaves"))
    rest = lines[head + 1]
    assert rest.startswith("  ") or rest.startswith(("Totals", "Next")), lines
    told = next(i for i, line in enumerate(lines) if "did not settle up" in line)
    assert all(line.startswith("  ") for line in lines[told + 1 :]), lines


def test_a_long_name_in_a_narrow_total_is_folded_never_cut(mahj, monkeypatch):
    """Two names that differ only at the end stay two names on a 40-column terminal."""
    long = "Wolfeschlegelsteinhausenbergerdorff"
    assert mahj("new", long + "abc", long + "xyz", "Ann", "Bob").exit_code == 0
    assert mahj("win", "Ann", "25", "--self-pick").exit_code == 0
    monkeypatch.setenv("COLUMNS", "40")
    out = mahj("total").stdout
    table = out.split("Sum of totals")[0]
    assert "…" not in table and all(len(line) <= 40 for line in out.splitlines())
    cells = "".join(line.split("│")[2].strip() for line in table.splitlines() if "│" in line)
    assert long + "abc" in cells and long + "xyz" in cells


def test_a_command_mahj_suggests_quotes_names_the_way_every_shell_reads(mahj):
    """José needs no quotes, and Mary Lou gets double ones: single quotes are kept as part
    of the name by Windows' `cmd`, where the line would then be refused."""
    mahj("new", "José", "Mary Lou", "Ethel", "Marge")
    mahj("win", "José", "25", "-t", "mary lou")
    said = " ".join(mahj("fix", "1", "José", "40", "-t", "Ethel").stdout.split())
    assert 'To take this fix back: mahj fix 1 José 25 --thrown-by "Mary Lou"' in said
