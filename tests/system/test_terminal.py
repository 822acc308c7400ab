"""Output under real terminals, through the installed `mahj`: a reader that goes away, colour
switched off, dumb terminals, files, a 40-column window, and names in any script."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import pytest
from rich.cells import cell_len

from tests.helpers import installed_mahj

pytestmark = pytest.mark.skipif(os.name != "posix", reason="pipes, ptys and sh are POSIX")

NAMES = ["Ruth", "李", "שרה", "Pat😀", "[bold]Sue"]
"""Latin, CJK (two cells wide), Hebrew (right to left), an emoji, and Rich markup."""
TOTALS = {"Ruth": -25, "李": 40, "שרה": -110, "Pat😀": -85, "[bold]Sue": 180}


MAHJ = installed_mahj()


@pytest.fixture
def night(mahj, session: Path) -> Path:
    """Five players with names in several scripts, three games played."""
    assert mahj("new", *NAMES).exit_code == 0
    assert mahj("win", "李", "25", "--thrown-by", "שרה").exit_code == 0
    assert mahj("win", "[bold]Sue", "30", "--self-pick").exit_code == 0
    assert mahj("wall").exit_code == 0
    assert json.loads(mahj("total", "--json").stdout)["totals"] == TOTALS
    return session


def terminal_env(**changes: str | None) -> dict[str, str]:
    """A colour terminal's environment, then `changes` (None removes a variable)."""
    env = dict(os.environ)
    for key in ("NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE", "COLUMNS", "LINES"):
        env.pop(key, None)
    env["TERM"] = "xterm-256color"
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


def run_into_file(tmp_path: Path, session: Path, *args: str, **env: str | None) -> str:
    out = tmp_path / "out.txt"
    with out.open("wb") as handle:
        proc = subprocess.run(
            [MAHJ, *args, "--session", str(session)],
            stdout=handle,
            stderr=subprocess.PIPE,
            env=terminal_env(**env),
            timeout=60,
        )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    return out.read_text(encoding="utf-8")


def run_on_a_tty(session: Path, *args: str, **env: str | None) -> str:
    """Run `mahj` with a pseudo-terminal as stdout, as a person at a terminal would."""
    import pty

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [MAHJ, *args, "--session", str(session)],
        stdin=slave,
        stdout=slave,
        stderr=subprocess.PIPE,
        env=terminal_env(COLUMNS="100", **env),
    )
    os.close(slave)
    chunks = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    assert proc.wait(timeout=60) == 0
    assert proc.stderr is not None and proc.stderr.read() == b""
    return b"".join(chunks).decode("utf-8")


SGR = re.compile(r"\x1b\[([0-9;]*)m")


def colour_codes(text: str) -> list[int]:
    """The colour parameters (foreground/background) of the SGR escapes in `text`."""
    codes = []
    for match in SGR.finditer(text):
        for part in match.group(1).split(";"):
            if part and (30 <= int(part) <= 49 or 90 <= int(part) <= 107):
                codes.append(int(part))
    return codes


# ---- pipes --------------------------------------------------------------------------------


def test_log_into_head(night: Path):
    proc = subprocess.run(
        ["sh", "-c", '"$0" log --session "$1" | head -1', MAHJ, str(night)],
        capture_output=True,
        timeout=60,
    )
    assert proc.stderr == b""  # mahj's stderr too: no traceback, no "Exception ignored"
    lines = proc.stdout.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("night")


@pytest.mark.parametrize(
    "args",
    [("log",), ("total",), ("log", "--json"), ("status",), ("table",), ("win", "--help")],
    ids=repr,
)
def test_a_closed_pipe_is_no_error(night: Path, args):
    """`mahj total | head -1`: the reader went away, nothing was refused: exit 0, as a
    script with `set -o pipefail` expects, and nothing on stderr."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone before mahj writes a byte
    try:
        proc = subprocess.run(
            [MAHJ, *args, "--session", str(night)],
            stdout=write_end,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    finally:
        os.close(write_end)
    assert b"Traceback" not in proc.stderr and b"Exception" not in proc.stderr
    assert proc.stderr == b""
    assert proc.returncode == 0


def test_a_closed_pipe_after_a_win_keeps_the_game(mahj, night: Path):
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run(
            [MAHJ, "win", "Ruth", "25", "--self-pick", "--session", str(night)],
            stdout=write_end,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    finally:
        os.close(write_end)
    # Saved, but not shown: one line says so, and exit code 3 (a script must not retry).
    assert proc.returncode == 3
    (line,) = proc.stderr.decode().splitlines()
    assert line.startswith("Error: game 4 (Ruth wins 25, self-picked) WAS recorded")
    assert "Broken pipe" in line
    # Game 4: Ruth back in, seated with Pat😀, [bold]Sue and 李 (East Pat😀).
    total = json.loads(mahj("total", "--json").stdout)
    assert total["games"] == 4
    assert total["totals"]["Ruth"] == -25 + 150


# ---- colour and escape codes ------------------------------------------------------------------


@pytest.mark.parametrize("command", ["log", "total", "status"])
def test_output_to_a_file_has_no_escape_codes(tmp_path: Path, night: Path, command: str):
    text = run_into_file(tmp_path, night, command)
    assert "\x1b" not in text
    for name in NAMES:
        assert name in text


def test_a_colour_terminal_gets_colour(night: Path):
    """The check the next two tests rely on: on a tty, totals are coloured."""
    assert colour_codes(run_on_a_tty(night, "total"))


def test_no_color_means_no_colour(night: Path):
    text = run_on_a_tty(night, "total", NO_COLOR="1")
    assert colour_codes(text) == []
    assert "[bold]Sue" in text


def test_a_dumb_terminal_gets_no_escape_codes(night: Path):
    text = run_on_a_tty(night, "log", TERM="dumb")
    assert "\x1b" not in text
    assert "[bold]Sue" in text


# ---- width and names ------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["total", "status", "log"])
def test_forty_columns(tmp_path: Path, night: Path, command: str):
    text = run_into_file(tmp_path, night, command, COLUMNS="40")
    lines = text.splitlines()
    assert lines
    for line in lines:
        assert cell_len(line) <= 40, line
    # Still readable: no number is cut short, every name is shown whole.
    assert "…" not in text
    for name in NAMES:
        assert name in text


def test_names_are_shown_as_typed(tmp_path: Path, night: Path):
    text = run_into_file(tmp_path, night, "total")
    rows = {
        line.split("│")[2].strip(): line.split("│")[3].strip()
        for line in text.splitlines()
        if line.count("│") == 4
    }
    assert rows == {
        "[bold]Sue": "+180",
        "李": "+40",
        "Ruth": "-25",
        "Pat😀": "-85",
        "שרה": "-110",
    }
    settle = text[text.index("Settle up") :]
    assert "שרה pays [bold]Sue 110" in settle


def test_json_keeps_names_unescaped(night: Path):
    proc = subprocess.run(
        [MAHJ, "total", "--json", "--session", str(night)],
        capture_output=True,
        env=terminal_env(),
        timeout=60,
    )
    assert proc.returncode == 0
    assert json.loads(proc.stdout.decode("utf-8"))["totals"] == TOTALS
    assert "李".encode() in proc.stdout  # UTF-8, not \\u674e
