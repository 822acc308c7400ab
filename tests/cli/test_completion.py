"""Shell completion: player names and card lines from the session being worked on.

The callbacks are tested directly with the parsed command line Typer hands them, then
through Typer's own completion machinery in a real `mahj` process, the way bash calls it
on TAB (_MAHJ_COMPLETE=complete_bash with COMP_WORDS and COMP_CWORD).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from mahjcli.cli import completion


@pytest.fixture(autouse=True)
def _no_completion_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("COMP_WORDS", "COMP_CWORD", "_TYPER_COMPLETE_ARGS", "_MAHJ_COMPLETE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(sys, "argv", ["mahj"])


@pytest.fixture
def night(mahj, session: Path) -> Path:
    """Ruth, Linda, Kathy, Pat and a waiting Lisa, the sample card; Sue arrives later."""
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Lisa", "--card", "sample").exit_code == 0
    assert mahj("win", "Ruth", "25", "--thrown-by", "Linda").exit_code == 0
    assert mahj("join", "Sue").exit_code == 0
    return session


def parsed(session: Path | None) -> Any:
    """The command line as Typer has parsed it so far (only --session matters)."""
    return SimpleNamespace(params={"session": str(session) if session else None})


def players(session: Path | None, typed: str) -> list[str]:
    return completion.player_names(parsed(session), typed)


def lines(session: Path | None, typed: str) -> list[str]:
    return completion.line_names(parsed(session), typed)


EVERYONE = ["Ruth", "Linda", "Kathy", "Pat", "Lisa", "Sue"]


# ---- which session ------------------------------------------------------------------------


def test_the_session_named_on_the_line_else_the_current_one(mahj, tmp_path: Path, night: Path):
    assert players(night, "L") == ["Linda", "Lisa"]
    other = tmp_path / "other.toml"
    made = mahj("new", "Bea", "Cora", "Dot", "--session", str(other), use_session=False)
    assert made.exit_code == 0, made
    assert players(night, "") == EVERYONE
    assert players(None, "") == ["Bea", "Cora", "Dot"]  # `new` made it current


# ---- what completes -------------------------------------------------------------------------


def test_names_match_in_any_case_and_include_arrivals(night: Path):
    assert players(night, "") == EVERYONE
    assert players(night, "Li") == ["Linda", "Lisa"]
    # Typer only passes on completions that start with exactly what was typed, so the
    # typed letters are kept; mahj matches names in any case.
    assert players(night, "su") == ["sue"]
    assert players(night, "LI") == ["LInda", "LIsa"]
    assert players(night, "x") == []


def test_card_lines_match_in_any_case(night: Path):
    assert lines(night, "Dragon") == ["Dragon lights", "Dragon thread"]
    assert lines(night, "q") == ["quiet path", "quiet crossroads"]
    assert len(lines(night, "")) == 8


def test_bash_gets_spaces_escaped(monkeypatch, night: Path):
    monkeypatch.setenv("COMP_WORDS", f"mahj win Ruth --session {night} --line Dr")
    assert lines(night, "Dr") == ["Dragon\\ lights", "Dragon\\ thread"]


def test_a_night_without_a_card_completes_no_lines(four, session: Path):
    assert lines(session, "") == []
    assert players(session, "") == ["Ruth", "Linda", "Kathy", "Pat"]


@pytest.mark.parametrize(
    "content",
    [
        None,
        b"",
        b"schema = 1\nplayers = [",
        b"\xff\xfe not utf-8",
        b'schema = 1\nplayers = ["A"]\n',
    ],
    ids=["missing", "empty", "not TOML", "not UTF-8", "invalid session"],
)
def test_a_missing_or_damaged_session_completes_nothing(tmp_path: Path, content):
    path = tmp_path / "bad.toml"
    if content is not None:
        path.write_bytes(content)
    assert players(path, "") == []
    assert lines(path, "") == []


def test_a_folder_for_a_session_completes_nothing(tmp_path: Path):
    assert players(tmp_path, "") == []


def test_no_session_anywhere_completes_nothing():
    assert players(None, "R") == []


# ---- through Typer, as bash calls the installed mahj ------------------------------------------


def mahj_script() -> list[str]:
    beside = Path(sys.executable).parent / "mahj"
    return [str(beside)] if beside.exists() else [sys.executable, "-m", "mahjcli"]


def complete(line: str, **env: str) -> list[str]:
    """What `mahj` offers when bash asks it to complete the last word of `line`."""
    words = line.split(" ")
    full = dict(os.environ)
    for name in ("COMP_WORDS", "COMP_CWORD", "_TYPER_COMPLETE_ARGS"):
        full.pop(name, None)
    full.update(_MAHJ_COMPLETE="complete_bash", COMP_WORDS=line, COMP_CWORD=str(len(words) - 1))
    full.update(env)
    proc = subprocess.run(mahj_script(), env=full, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    return [line for line in proc.stdout.splitlines() if line]


def test_bash_completes_winner_thrower_dead_and_line(night: Path):
    before = night.read_bytes()
    s = f"--session {night}"
    assert complete(f"mahj win {s} L") == ["Linda", "Lisa"]
    assert complete(f"mahj win Ruth 25 {s} --thrown-by K") == ["Kathy"]
    assert complete(f"mahj win Ruth 25 {s} --thrown-by kat") == ["kathy"]
    assert complete(f"mahj win Ruth 25 {s} --thrown-by Kathy --dead P") == ["Pat"]
    assert complete(f"mahj win Ruth {s} --line Dragon") == ["Dragon\\ lights", "Dragon\\ thread"]
    assert complete(f"mahj leave {s} S") == ["Sue"]
    assert night.read_bytes() == before  # completing never writes


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_reads_a_completed_name_back_as_it_is(tmp_path: Path):
    """What TAB puts on the line is read by bash as the name itself: a quote, a bracket or
    a space in a name does not leave bash waiting for the end of a quote. (Once such a
    character has been typed, Typer offers nothing more: it compares what was typed,
    unescaped, with the start of each name as bash must be given it.)"""
    night = tmp_path / "names.toml"
    names = ("O'Brien", "=SUM(A1)", "[bold]Sue", "Mary Lou", "José", "李", "Ann$")
    run = [*mahj_script(), "new", *names, "--session", str(night)]
    assert subprocess.run(run, capture_output=True, timeout=60).returncode == 0
    offered = set(complete(f"mahj leave --session {night} "))  # TAB on a word not begun
    read: set[str] = set()
    for word in offered:
        echo = subprocess.run(["bash", "-c", f"printf '%s\\n' {word}"], capture_output=True,
                              text=True, timeout=10)  # fmt: skip
        assert echo.returncode == 0 and echo.stderr == "", (word, echo.stderr)
        read.add(echo.stdout.removesuffix("\n"))
    assert read == set(names)


def test_bash_uses_mahj_session_when_the_line_names_none(night: Path):
    assert complete("mahj penalty R", MAHJ_SESSION=str(night)) == ["Ruth"]


def test_bash_completes_nothing_for_a_damaged_session(tmp_path: Path):
    bad = tmp_path / "bad.toml"
    bad.write_text("schema = 1\nplayers = [\n", encoding="utf-8")
    assert complete(f"mahj win --session {bad} R") == []


def test_completion_does_not_load_rich(night: Path):
    """Completion runs on every TAB: it must not pay for drawing tables."""
    code = (
        "import sys\n"
        "from types import SimpleNamespace\n"
        "from mahjcli.cli import completion\n"
        f"ctx = SimpleNamespace(params={{'session': {str(night)!r}}})\n"
        "names = completion.player_names(ctx, 'R')\n"
        "heavy = [m for m in ('rich', 'tomli_w', 'filelock') if m in sys.modules]\n"
        "print(names, heavy)\n"
    )
    env = dict(os.environ)
    proc = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.stdout.strip() == "['Ruth'] []", proc.stderr


def test_bash_reads_session_given_with_equals_and_quotes(tmp_path: Path, night: Path):
    spaced = tmp_path / "my night.toml"
    spaced.write_bytes(night.read_bytes())
    line = f'mahj win --session="{spaced}" L'
    assert complete(line, COMP_CWORD="3") == ["Linda", "Lisa"]  # the quoted path is one word


def test_zsh_passes_the_line_in_typer_complete_args(night: Path):
    full = {k: v for k, v in os.environ.items() if k not in ("COMP_WORDS", "COMP_CWORD")}
    full.update(
        _MAHJ_COMPLETE="complete_zsh", _TYPER_COMPLETE_ARGS=f"mahj leave --session {night} K"
    )
    proc = subprocess.run(mahj_script(), env=full, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "Kathy" in proc.stdout
