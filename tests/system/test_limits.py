"""Files and settings that used to crash or hang mahj: each now gets one `Error:` line (or,
for the commands over many nights, is named on stderr and skipped), never a traceback and
never a hang. Special files are made in the test's own folder, never in the real /dev."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import SAMPLES, device, fifo, installed_mahj, without_privileges

MAHJ = installed_mahj()
WORKED = SAMPLES / "rules-worked-night.toml"
DEEP = "schema = 1\nx = " + "[" * 900 + "]" * 900 + "\n"
DEEP_CARD = 'name = "c"\nx = ' + "[" * 900 + "]" * 900 + "\n"


def one_error(result, *words: str) -> str:
    assert result.exit_code == 1, result
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def run(*args: str, timeout: float = 20, **env: str) -> subprocess.CompletedProcess:
    full = {**os.environ, **env}
    return subprocess.run([MAHJ, *args], capture_output=True, text=True, timeout=timeout, env=full)


# ---- nested 900 deep --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args", [("check",), ("status",), ("total", "--json"), ("win", "A", "25", "--self-pick")]
)
def test_a_session_nested_900_deep_is_one_error(mahj, session: Path, args):
    session.write_text(DEEP, encoding="utf-8")
    result = mahj(*args)
    if args == ("check",):
        assert result.exit_code == 1 and "nested too deeply" in result.stdout, result
    else:
        one_error(result, "nested too deeply")
    assert session.read_text(encoding="utf-8") == DEEP


def test_a_card_nested_900_deep_is_one_error(mahj, tmp_path: Path, session: Path):
    card = tmp_path / "card.toml"
    card.write_text(DEEP_CARD, encoding="utf-8")
    one_error(mahj("lines", "--card", str(card)), "nested too deeply")
    one_error(mahj("new", "A", "B", "C", "--card", str(card)), "nested too deeply")
    assert not session.exists()


@pytest.mark.parametrize(
    "args",
    [("season",), ("winners",), ("sessions",), ("export", "--season"), ("season", "--json")],
    ids=" ".join,
)
def test_a_deep_file_in_the_data_folder_is_named_and_skipped(mahj, tmp_path: Path, args):
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(WORKED, data / "2026-11-29-good.toml")
    (data / "2026-11-30-deep.toml").write_text(DEEP, encoding="utf-8")
    result = mahj(*args, use_session=False)
    assert result.exit_code == 0, result
    assert "Traceback" not in result.stderr
    if args[0] == "sessions":
        assert "damaged" in result.stdout and "2026-11-29-good.toml" in result.stdout
    else:
        assert "2026-11-30-deep.toml" in result.stderr and "nested too deeply" in result.stderr
        assert "Ruth" in result.stdout


def test_completion_on_a_deep_file_or_a_fifo_offers_nothing_at_once(tmp_path: Path):
    deep = tmp_path / "deep.toml"
    deep.write_text(DEEP, encoding="utf-8")
    pipe = fifo(tmp_path, "pipe.toml")
    for session in (deep, pipe):
        line = f"mahj win --session {session} R"
        env = {"_MAHJ_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": "4"}
        done = run(timeout=10, **env)
        assert done.returncode == 0 and done.stdout.strip() == "" and done.stderr == ""


# ---- the current-session pointer --------------------------------------------------------------


def pointer(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir(exist_ok=True)
    return folder / "current"


def test_a_session_whose_name_is_not_utf8_can_be_current(mahj, tmp_path: Path):
    if sys.platform == "darwin":
        pytest.skip("macOS file names are always UTF-8")
    name = os.fsdecode(b"nuit-\xe9t\xe9.toml")  # Latin-1 bytes, as an old disk has them
    path = tmp_path / name
    made = mahj("new", "Ann", "Bea", "Cy", "--session", str(path), use_session=False)
    assert made.exit_code == 0, made
    assert "nuit-\\xe9t\\xe9.toml" in made.stdout
    assert pointer(tmp_path).read_bytes().endswith(b"nuit-\xe9t\xe9.toml\n")
    assert mahj("win", "Ann", "25", "--self-pick", use_session=False).exit_code == 0
    assert json.loads(mahj("total", "--json", use_session=False).stdout)["games"] == 1


def test_a_long_name_with_escaped_letters_is_never_cut_at_the_width(
    mahj, tmp_path: Path, monkeypatch
):
    """Each byte that is not UTF-8 is shown as `\\xe9`, wider than the letter Rich made room
    for: at every length around the width, the whole name is printed (the line runs on)."""
    if sys.platform == "darwin":
        pytest.skip("macOS file names are always UTF-8")
    monkeypatch.setenv("COLUMNS", "80")
    folder = tmp_path / ("p" * max(1, 60 - len(str(tmp_path))))
    folder.mkdir()
    for pad in range(12):
        name = os.fsdecode(b"x" * pad + b"nuit-\xe9t\xe9.toml")
        made = mahj("new", "Ann", "Bea", "Cy", "--session", str(folder / name), use_session=False)
        assert made.exit_code == 0, made
        assert "x" * pad + "nuit-\\xe9t\\xe9.toml" in made.stdout.replace("\n", ""), pad


def test_a_pointer_to_a_name_that_is_not_utf8_and_gone(mahj, tmp_path: Path):
    pointer(tmp_path).write_bytes(b"/nowhere/\xff\xfe.toml\n")
    one_error(mahj("status", use_session=False), "no session file at /nowhere/\\xff\\xfe.toml")


def test_a_damaged_pointer_is_one_error(mahj, tmp_path: Path):
    pointer(tmp_path).write_bytes(b"/a\x00b\n/c\n")
    one_error(mahj("status", use_session=False), "current-session pointer", "damaged")
    assert mahj("sessions", use_session=False).exit_code == 0  # still lists the nights
    assert mahj("table", use_session=False).exit_code == 0  # the chart needs no night


def test_a_fifo_as_pointer_does_not_hang(tmp_path: Path):
    (tmp_path / "data").mkdir()
    fifo(tmp_path / "data", "current")
    done = run("status", MAHJ_DATA_DIR=str(tmp_path / "data"), timeout=10)
    assert done.returncode == 1 and "FIFO" in done.stderr and done.stderr.count("\n") == 1


# ---- sessions that are not files ----------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [("status",), ("check",), ("win", "A", "25", "--self-pick"), ("undo",), ("new", "A", "B", "C")],
)
def test_the_root_folder_as_session_is_one_error(mahj, monkeypatch, args):
    one_error(mahj(*args, "--session", "/", use_session=False), "/ is a folder")
    monkeypatch.setenv("MAHJ_SESSION", "/")
    one_error(mahj(*args, use_session=False), "/ is a folder")


@pytest.mark.parametrize("args", [("status",), ("check",), ("win", "A", "25", "--self-pick")])
def test_a_fifo_as_session_is_refused_without_waiting(tmp_path: Path, args):
    pipe = fifo(tmp_path, "night.toml")
    done = run(*args, "--session", str(pipe), timeout=10)
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    assert "it is a FIFO (named pipe), not a file" in done.stderr
    assert os.path.exists(pipe) and not os.path.isfile(pipe)


def at_most_1gb() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


@pytest.mark.parametrize("args", [("status", "--session"), ("lines", "--card")], ids=" ".join)
def test_a_zero_device_as_session_or_card_is_refused_at_once(tmp_path: Path, args):
    """In a process of its own, held to 1 GB: an endless file must not be read at all."""
    zero = device(tmp_path, "zero", 5)
    done = subprocess.run(
        [MAHJ, *args, str(zero)], capture_output=True, text=True, timeout=20,
        preexec_fn=at_most_1gb,
    )  # fmt: skip
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert "it is a character device, not a file" in done.stderr


def test_a_session_larger_than_the_cap_is_refused(mahj, session: Path, monkeypatch):
    from mahjcli.files import reading

    assert mahj("new", "A", "B", "C").exit_code == 0
    monkeypatch.setattr(reading, "SESSION_LIMIT", 100)
    one_error(mahj("status"), "larger than", "this is not a mahj file")


# ---- permissions and failing drives ------------------------------------------------------------


def test_a_folder_without_search_permission_is_one_error(mahj, tmp_path: Path):
    prefix = without_privileges()
    folder = tmp_path / "closed"
    folder.mkdir()
    shutil.copy(WORKED, folder / "night.toml")
    folder.chmod(0o600)  # readable, not searchable
    try:
        for args in (
            ("status",),
            ("check",),
            ("win", "Ruth", "25", "--self-pick"),
            ("new", "A", "B", "C"),
        ):
            target = str(folder / ("new.toml" if args[0] == "new" else "night.toml"))
            done = subprocess.run(
                [*prefix, MAHJ, *args, "--session", target],
                capture_output=True, text=True, timeout=20,
                env={**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data")},
            )  # fmt: skip
            assert done.returncode == 1, (args, done.stderr)
            assert done.stderr.count("\n") == 1 and "Permission denied" in done.stderr
    finally:
        folder.chmod(0o700)
    assert (folder / "night.toml").read_bytes() == WORKED.read_bytes()


def test_eio_on_reading_the_session_is_one_error(four, session: Path, monkeypatch):
    before = session.read_bytes()
    real_fstat = os.fstat

    def failing(fd: int) -> os.stat_result:
        if os.readlink(f"/proc/self/fd/{fd}") == str(session):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        return real_fstat(fd)

    if not os.path.exists("/proc/self/fd"):
        pytest.skip("needs /proc to know which file a descriptor is")
    monkeypatch.setattr(os, "fstat", failing)
    one_error(four("status"), "Input/output error")
    one_error(four("win", "Ruth", "25", "--self-pick"), "Input/output error")
    assert session.read_bytes() == before


def test_eio_on_stat_is_one_error(four, session: Path, monkeypatch):
    before = session.read_bytes()
    real_stat = os.stat

    def failing(path, *args, **kwargs):
        if str(path) == str(session):
            raise OSError(errno.EIO, os.strerror(errno.EIO), str(path))
        return real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", failing)
    result = four("win", "Ruth", "25", "--self-pick")
    one_error(result, "Input/output error")
    monkeypatch.undo()
    assert session.read_bytes() == before


def test_eio_when_letting_go_of_the_lock_still_reports_the_saved_game(four, monkeypatch):
    fcntl = pytest.importorskip("fcntl")
    real_flock = fcntl.flock

    def failing(fd: int, how: int) -> None:
        if how == fcntl.LOCK_UN:
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real_flock(fd, how)

    monkeypatch.setattr(fcntl, "flock", failing)
    done = four("win", "Ruth", "25", "--self-pick")
    assert done.exit_code == 0 and done.stderr == "", done
    monkeypatch.undo()
    assert json.loads(four("total", "--json").stdout)["games"] == 1
    assert four("wall").exit_code == 0  # the lock was let go all the same


# ---- numbers and terminals ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("table", "--values", "9" * 5000),
        ("win", "Ruth", "9" * 5000, "--self-pick"),
        ("new", "A", "B", "C", "--pie", "9" * 5000),
        ("table", "--players", "9" * 5000),
    ],
    ids=["--values", "VALUE", "--pie", "--players"],
)
def test_a_number_of_5000_digits_is_one_error(four, args):
    assert "a number of 5000 digits" in one_error(four(*args))


COMMANDS = [
    ("status",), ("log",), ("total",), ("total", "--chart"), ("table",), ("check",),
    ("lines", "--card", "sample"), ("win", "Ruth", "25", "--self-pick"),
]  # fmt: skip


@pytest.mark.parametrize("columns", ["0", "abc", "-3", "99999999999"])
@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_a_strange_terminal_width_is_ignored(four, monkeypatch, columns, args):
    monkeypatch.setenv("COLUMNS", columns)
    result = four(*args)
    assert result.exit_code == 0, result


def test_columns_zero_in_a_real_process(tmp_path: Path):
    done = run("table", COLUMNS="0", MAHJ_DATA_DIR=str(tmp_path / "data"))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "League payments" in done.stdout


# ---- many nights: what cannot be read is named and skipped -----------------------------------


def season_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "season"
    (folder / "spring").mkdir(parents=True)
    shutil.copy(WORKED, folder / "spring" / "2026-11-29-worked.toml")
    return folder


def test_a_fifo_and_a_device_in_a_season_folder_are_named_and_skipped(mahj, tmp_path: Path):
    folder = season_folder(tmp_path)
    fifo(folder, "pipe.toml")
    device(folder, "zero.toml", 5)
    done = run("season", "--dir", str(folder), timeout=20)
    assert done.returncode == 0, done.stderr
    assert "pipe.toml" in done.stderr and "FIFO" in done.stderr
    assert "zero.toml" in done.stderr and "character device" in done.stderr
    assert "Ruth" in done.stdout


def test_an_unreadable_subfolder_is_named(tmp_path: Path):
    prefix = without_privileges()
    folder = season_folder(tmp_path)
    closed = folder / "closed"
    closed.mkdir()
    closed.chmod(0)
    try:
        done = subprocess.run(
            [*prefix, MAHJ, "season", "--dir", str(folder)],
            capture_output=True, text=True, timeout=20,
        )  # fmt: skip
    finally:
        closed.chmod(0o700)
    assert done.returncode == 0, done.stderr
    assert f"skipped folder {closed}: Permission denied" in done.stderr
    assert "Ruth" in done.stdout


def test_a_folder_on_another_file_system_is_named_and_left_out(tmp_path: Path, monkeypatch):
    from mahjcli.files import paths

    folder = season_folder(tmp_path)
    mount = folder / "proc"
    mount.mkdir()
    (mount / "x.toml").write_text("schema = 1\n", encoding="utf-8")
    real_lstat = os.lstat

    def elsewhere(path, *args, **kwargs):
        found = real_lstat(path, *args, **kwargs)
        if str(path) == str(mount):
            fields = list(found)
            fields[2] += 1  # st_dev
            return os.stat_result(fields)
        return found

    monkeypatch.setattr(os, "lstat", elsewhere)
    found, skipped = paths.find_sessions(folder)
    assert found == [folder / "spring" / "2026-11-29-worked.toml"]
    assert skipped == [f"skipped folder {mount}: it is another file system"]
