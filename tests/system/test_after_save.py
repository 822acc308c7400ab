"""When the game is saved but its result cannot be printed, the scorekeeper is told so.

Through the installed `mahj`: output that cannot encode a name (PYTHONIOENCODING=ascii
or latin-1, with José and 李 at the table) is printed with replacements, by every
command; a standard output that is closed, or full, after a save gives one line on
stderr saying the game WAS recorded and what `mahj undo` would remove, and exit code 3
(neither a refusal, 1, nor a usage error, 2), so the game is not typed in twice."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.helpers import device, installed_mahj

pytestmark = pytest.mark.skipif(os.name != "posix", reason="closing fd 1 is POSIX")

MAHJ = installed_mahj()
PLAYERS = ("José", "李", "Kathy", "Pat")
SAVED_NOT_SHOWN = 3


def run(session: Path | None, *args: str, encoding: str | None = None, **how):
    """The installed `mahj ARGS... --session SESSION` (no --session for None)."""
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("MAHJ_SESSION", None)
    if encoding is not None:
        env["PYTHONIOENCODING"] = encoding
    how.setdefault("stdout", subprocess.PIPE)
    chosen = ["--session", str(session)] if session is not None else []
    return subprocess.run(
        [MAHJ, *args, *chosen],
        stderr=subprocess.PIPE, env=env, timeout=60, **how,
    )  # fmt: skip


def games(session: Path) -> int:
    """The games the session file records (read straight from the file)."""
    from mahjcli.files import loader

    return loader.load(session).standings.games


@pytest.fixture
def night(mahj, session: Path) -> Path:
    assert mahj("new", *PLAYERS).exit_code == 0
    assert mahj("win", "José", "25", "--thrown-by", "李").exit_code == 0
    return session


# ---- names the output cannot encode -----------------------------------------------------


@pytest.mark.parametrize("encoding", ["ascii", "latin-1:strict"])
def test_a_win_prints_with_replacements(night: Path, encoding: str):
    done = run(night, "win", "李", "30", "--self-pick", encoding=encoding)
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    text = done.stdout.decode(encoding.split(":")[0])
    assert "Game 2: ? wins 30, self-picked" in text and "Kathy" in text
    assert games(night) == 2


READS = [
    ("status",), ("log",), ("total",), ("total", "--chart"), ("total", "--json"), ("check",),
    ("table",), ("export",), ("export", "--format", "json"), ("log", "--json"),
    ("lines", "--card", "sample"), ("scorecard",),
]  # fmt: skip


def in_encoding(encoding: str, *args: str):
    """`mahj ARGS...` in this process, its stdout an `encoding` stream that refuses what
    it cannot encode (as PYTHONIOENCODING sets it up)."""
    from typer.testing import CliRunner

    from mahjcli.cli import app

    return CliRunner(charset=encoding).invoke(app, list(args), catch_exceptions=False)


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("args", READS, ids=" ".join)
def test_every_read_prints_with_replacements(night: Path, tmp_path: Path, args, encoding):
    if args == ("scorecard",):
        night = tmp_path / "tournament.toml"
        made = in_encoding(
            encoding, "new", *PLAYERS, "--rules", "tournament", "--session", str(night)
        )
        assert made.exit_code == 0
    done = in_encoding(encoding, *args, "--session", str(night))
    assert done.exit_code == 0, done.stderr
    assert done.stderr_bytes == b""
    if args == ("export",):  # a CSV is a file's contents: UTF-8, every name kept
        assert "李" in done.stdout_bytes.decode("utf-8")
    else:
        done.stdout_bytes.decode(encoding)  # what was printed is in the encoding asked for
    if "json" in args or "--json" in args:
        json.loads(done.stdout_bytes)  # and JSON stays JSON, every name kept as an escape
        assert "\\u674e" in done.stdout


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("args", [("season",), ("winners",), ("sessions",)], ids=" ".join)
def test_every_season_command_prints_with_replacements(night: Path, encoding: str, args):
    extra = () if args == ("sessions",) else (str(night),)
    done = in_encoding(encoding, *args, *extra)
    assert done.exit_code == 0 and done.stderr_bytes == b"", done.stderr
    done.stdout_bytes.decode(encoding)


@pytest.mark.parametrize("args", [("export",), ("total", "--html", "-"), ("total", "--svg", "-")])
def test_a_file_printed_to_a_file_keeps_every_name_whatever_the_encoding(night: Path, args):
    # `mahj export > night.csv` where the output's encoding (Windows: cp1252) has no 李
    done = run(night, *args, encoding="cp1252")
    assert done.returncode == 0 and done.stderr == b""
    text = done.stdout.decode("utf-8")
    assert "李" in text and "José" in text


def test_a_csv_redirected_into_a_file_opens_as_utf8_in_a_spreadsheet(night: Path, tmp_path):
    # `mahj export > night.csv`: a byte-order mark first, as --output writes, so that a
    # spreadsheet reads José as José and not as JosÃ©; a pipe gets none (a script reads it)
    with (tmp_path / "night.csv").open("wb") as file:
        done = run(night, "export", encoding="cp1252", stdout=file)
    assert done.returncode == 0
    data = (tmp_path / "night.csv").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and "José" in data.decode("utf-8-sig")
    assert not run(night, "export", encoding="cp1252").stdout.startswith(b"\xef\xbb\xbf")


def test_json_cannot_lose_a_name_to_the_encoding(night: Path):
    done = run(night, "total", "--json", encoding="ascii")
    assert done.returncode == 0
    assert json.loads(done.stdout.decode("ascii"))["totals"] == {
        "José": 100, "李": -50, "Kathy": -25, "Pat": -25
    }  # fmt: skip


# ---- stdout closed or full after the save ---------------------------------------------------


def close_stdout() -> None:
    os.close(1)


def assert_saved_not_shown(done: subprocess.CompletedProcess, *words: str) -> str:
    assert done.returncode == SAVED_NOT_SHOWN, done.stderr
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), lines
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def test_a_win_with_stdout_closed_is_recorded_and_says_so(night: Path):
    done = run(night, "win", "Kathy", "30", "--self-pick", stdout=None, preexec_fn=close_stdout)
    assert_saved_not_shown(
        done, "game 2 (Kathy wins 30, self-picked) WAS recorded", "standard output is closed",
        "`mahj undo` would remove it",
    )  # fmt: skip
    assert games(night) == 2


def test_a_win_with_stdout_full_is_recorded_and_says_so(night: Path, tmp_path: Path):
    full = device(tmp_path, "full", 7)
    with full.open("wb") as out:
        done = run(night, "win", "Kathy", "30", "--self-pick", stdout=out)
    assert_saved_not_shown(done, "game 2 (Kathy wins 30", "WAS recorded", "No space left")
    assert games(night) == 2


def test_an_undo_with_stdout_full_is_done_and_says_what_would_go_next(mahj, night, tmp_path):
    full = device(tmp_path, "full", 7)
    assert mahj("wall").exit_code == 0
    with full.open("wb") as out:
        done = run(night, "undo", stdout=out)
    assert_saved_not_shown(
        done, "game 2 (Wall game) WAS removed",
        "`mahj undo` again would also remove game 1 (José wins 25, thrown by 李)",
    )  # fmt: skip
    assert games(night) == 1


@pytest.mark.parametrize(
    ("args", "shows"),
    [
        (("join", "Sue"), "show_change"),
        (("wall",), "show_change"),
        (("leave", "Pat"), "show_change"),
        (("undo",), "show_removed"),
    ],
    ids=["join", "wall", "leave", "undo"],
)
def test_every_change_says_it_was_saved(mahj, night: Path, monkeypatch, args, shows):
    """Each command that saves, when printing fails (here: the disk behind stdout is
    full), says what was saved, and exits 3."""
    import errno

    from mahjcli.ui import night as ui_night

    def full(*_args: object, **_kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    before = games(night)
    monkeypatch.setattr(ui_night, shows, full)
    done = mahj(*args)
    monkeypatch.undo()
    assert done.exit_code == SAVED_NOT_SHOWN, done
    (line,) = done.stderr.splitlines()
    assert ("WAS removed" if args == ("undo",) else "WAS recorded") in line
    assert "No space left on device" in line
    assert games(night) == before + {"wall": 1, "undo": -1}.get(args[0], 0)


def test_a_new_night_with_stdout_closed_is_started_and_says_so(tmp_path: Path):
    session = tmp_path / "fresh.toml"
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run(
        [MAHJ, "new", *PLAYERS, "--session", str(session)],
        stderr=subprocess.PIPE, env=env, timeout=60, preexec_fn=close_stdout,
    )  # fmt: skip
    assert_saved_not_shown(done, "the night WAS started", "do not start it again")
    assert games(session) == 0


def test_a_read_with_stdout_full_is_one_error_line(night: Path, tmp_path: Path):
    full = device(tmp_path, "full", 7)
    with full.open("wb") as out:
        done = run(night, "log", stdout=out)
    assert done.returncode == 1
    assert done.stderr.decode().splitlines() == [
        "Error: could not write the output: No space left on device; nothing was changed"
    ]


def test_a_rename_that_cannot_be_shown_says_how_to_change_it_back(mahj, night, monkeypatch):
    """The command it suggests runs as printed, whatever the names hold (here an
    apostrophe, which an unquoted suggestion left the shell waiting for)."""
    import errno
    import shlex

    from mahjcli.ui import night as ui_night

    def full(*_args: object, **_kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(ui_night, "show_renamed", full)
    done = mahj("rename", "Kathy", "Zoë O'Brien")
    monkeypatch.undo()
    assert done.exit_code == SAVED_NOT_SHOWN, done
    back = done.stderr.split("`")[1]
    assert back == 'mahj rename "Zoë O\'Brien" Kathy'
    assert mahj(*shlex.split(back)[1:]).exit_code == 0
    assert "Kathy" in mahj("status").stdout
