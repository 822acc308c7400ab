"""Where an export may go: `mahj export --output`, `mahj total --html/--svg`.

A device or a FIFO is written through and stays what it was; a session, its backup, its
lock, a save's temporary file, the current-session pointer and someone else's symbolic
link are refused with one line and left byte for byte as they were; `-` is the screen.
Special files are made in the test's own folder (never the real /dev)."""

from __future__ import annotations

import os
import stat
import subprocess
import threading
from pathlib import Path

import pytest

from mahjcli.core.errors import Refused
from mahjcli.files.exports import write_export
from tests.helpers import device, fifo, installed_mahj

EXPORTS = [
    ("export", "--output"),
    ("export", "-o"),
    ("total", "--html"),
    ("total", "--svg"),
]


@pytest.fixture
def night(four, session: Path):
    """A night with one game, so its `.bak` exists too."""
    assert four("win", "Ruth", "25", "--thrown-by", "Linda").exit_code == 0
    return four


def one_error(result) -> str:
    assert result.exit_code == 1, result
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result
    assert "Traceback" not in result.stderr
    return lines[0]


def kind(path: Path) -> int:
    return stat.S_IFMT(os.lstat(path).st_mode)


# ---- devices and FIFOs are written through --------------------------------------------------


@pytest.mark.parametrize("how", EXPORTS, ids=" ".join)
def test_a_null_device_is_written_through_and_stays_a_device(night, tmp_path: Path, how):
    null = device(tmp_path, "null", 3)
    result = night(*how, str(null))
    assert result.exit_code == 0, result
    assert stat.S_ISCHR(os.lstat(null).st_mode)  # not replaced by a regular file
    assert os.major(os.lstat(null).st_rdev) == 1 and os.minor(os.lstat(null).st_rdev) == 3


@pytest.mark.parametrize("how", EXPORTS, ids=" ".join)
def test_a_full_device_is_one_error_and_stays_a_device(night, tmp_path: Path, how):
    full = device(tmp_path, "full", 7)
    message = one_error(night(*how, str(full)))
    assert "No space left on device" in message and "Wrote" not in message
    assert stat.S_ISCHR(os.lstat(full).st_mode)


@pytest.mark.parametrize("how", EXPORTS, ids=" ".join)
def test_a_fifo_nobody_reads_is_refused_at_once(night, tmp_path: Path, how):
    pipe = fifo(tmp_path, "pipe")
    message = one_error(night(*how, str(pipe)))
    assert "nobody reads from the FIFO" in message
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)


def test_a_fifo_that_is_read_gets_the_export(night, tmp_path: Path):
    pipe = fifo(tmp_path, "pipe")
    got: list[bytes] = []
    opened = threading.Event()

    def reader() -> None:
        """Hold the FIFO open for reading, and read until the writer has come and gone."""
        import time

        fd = os.open(pipe, os.O_RDONLY | os.O_NONBLOCK)
        opened.set()
        chunks: list[bytes] = []
        deadline = time.monotonic() + 30
        try:
            while time.monotonic() < deadline:
                try:
                    chunk = os.read(fd, 65536)
                except BlockingIOError:  # a writer is there, nothing written yet
                    chunk = None
                if chunk:
                    chunks.append(chunk)
                elif chunk == b"" and chunks:  # the writer closed its end
                    break
                else:
                    time.sleep(0.01)
        finally:
            os.close(fd)
        got.append(b"".join(chunks))

    thread = threading.Thread(target=reader)
    thread.start()
    assert opened.wait(10)
    result = night("export", "--output", str(pipe))
    thread.join(10)
    assert result.exit_code == 0, result
    assert got and got[0].decode("utf-8-sig").startswith("date,session,night")
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)


def test_an_export_to_a_device_through_the_installed_program(night, tmp_path: Path, session):
    null, full = device(tmp_path, "null", 3), device(tmp_path, "full", 7)
    mahj = installed_mahj()
    ok = subprocess.run(
        [mahj, "total", "--svg", str(null), "--session", str(session)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert ok.returncode == 0 and "Traceback" not in ok.stderr
    bad = subprocess.run(
        [mahj, "export", "--output", str(full), "--session", str(session)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert bad.returncode == 1
    assert bad.stderr.startswith("Error: could not write to") and bad.stderr.count("\n") == 1
    assert stat.S_ISCHR(os.lstat(null).st_mode) and stat.S_ISCHR(os.lstat(full).st_mode)


# ---- what an export never replaces ----------------------------------------------------------


def protected(session: Path) -> dict[str, Path]:
    """Every file mahj keeps beside a session, by what it is."""
    folder = session.parent
    temp = folder / f".{session.name}.{os.getpid()}.0a1b2c3d.tmp"
    temp.write_bytes(b"half a save")
    return {
        "session": session,
        "backup": session.with_name(session.name + ".bak"),
        "lock": folder / f".{session.name}.lock",
        "temporary": temp,
        "pointer": Path(os.environ["MAHJ_DATA_DIR"]) / "current",
        "another session": folder / "other.toml",
    }


@pytest.mark.parametrize("how", EXPORTS, ids=" ".join)
@pytest.mark.parametrize(
    "what", ["session", "backup", "lock", "temporary", "pointer", "another session"]
)
def test_an_export_never_replaces_a_file_mahj_keeps(night, session: Path, how, what):
    (session.parent / "other.toml").write_text("schema = 1\n", encoding="utf-8")
    target = protected(session)[what]
    assert target.exists(), target
    before, inode = target.read_bytes(), os.stat(target).st_ino
    message = one_error(night(*how, str(target)))
    assert "never writes an export over it" in message
    assert target.read_bytes() == before and os.stat(target).st_ino == inode


def test_a_session_under_another_name_is_not_replaced(night, session: Path, tmp_path: Path):
    copy = tmp_path / "thursday.txt"
    copy.write_bytes(session.read_bytes())
    message = one_error(night("export", "--output", str(copy)))
    assert "holds a mahj session" in message
    assert copy.read_bytes() == session.read_bytes()


def test_the_lock_is_not_replaced_so_a_second_writer_still_waits(night, session: Path):
    """The lock file is what keeps two writers apart: it must stay the file it was."""
    lock = session.parent / f".{session.name}.lock"
    inode = os.stat(lock).st_ino
    one_error(night("total", "--html", str(lock)))
    assert os.stat(lock).st_ino == inode
    from mahjcli.files.lock import locked

    with locked(session):
        busy = night("win", "Kathy", "30", "--self-pick")
    assert busy.exit_code == 1 and "another mahj command" in busy.stderr


# ---- symbolic links ---------------------------------------------------------------------------


def test_someone_elses_link_is_not_followed(night, tmp_path: Path):
    if os.geteuid() != 0:
        pytest.skip("only root can give a link to someone else")
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me\n", encoding="utf-8")
    planted = tmp_path / "night.csv"
    planted.symlink_to(victim)
    os.lchown(planted, 65534, 65534)
    message = one_error(night("export", "--output", str(planted)))
    assert "belongs to someone else" in message
    assert victim.read_text(encoding="utf-8") == "keep me\n" and planted.is_symlink()


def test_a_link_to_a_backup_is_refused(night, session: Path, tmp_path: Path):
    backup = session.with_name(session.name + ".bak")
    before = backup.read_bytes()
    link = tmp_path / "night.csv"
    link.symlink_to(backup)
    message = one_error(night("export", "--output", str(link)))
    assert "a link to" in message and "backup" in message
    assert backup.read_bytes() == before


def test_my_own_link_is_followed_and_stays_a_link(night, tmp_path: Path):
    target = tmp_path / "shared" / "night.csv"
    target.parent.mkdir()
    target.write_text("old\n", encoding="utf-8")
    link = tmp_path / "night.csv"
    link.symlink_to(target)
    assert night("export", "--output", str(link)).exit_code == 0
    assert link.is_symlink()
    assert target.read_text(encoding="utf-8-sig").startswith("date,session,night")


# ---- other targets --------------------------------------------------------------------------


@pytest.mark.parametrize("how", EXPORTS, ids=" ".join)
def test_a_folder_is_refused(night, tmp_path: Path, how):
    folder = tmp_path / "out"
    folder.mkdir()
    assert "is a folder" in one_error(night(*how, str(folder)))
    assert list(folder.iterdir()) == []


def test_a_read_only_file_is_refused(night, tmp_path: Path):
    target = tmp_path / "night.csv"
    target.write_text("mine\n", encoding="utf-8")
    target.chmod(0o444)
    assert "read-only" in one_error(night("export", "--output", str(target)))
    assert target.read_text(encoding="utf-8") == "mine\n"


def test_a_socket_is_refused(tmp_path: Path):
    import socket

    path = tmp_path / "s.sock"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(path))
        with pytest.raises(Refused, match="is a socket"):
            write_export(path, b"x")
    assert stat.S_ISSOCK(os.lstat(path).st_mode)


def test_a_plain_file_is_replaced_whole(tmp_path: Path):
    target = tmp_path / "night.csv"
    target.write_text("old contents, longer than the new\n", encoding="utf-8")
    target.chmod(0o640)
    write_export(target, b"new\n")
    assert target.read_bytes() == b"new\n" and stat.S_IMODE(os.stat(target).st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["night.csv"]  # no temporary file left


# ---- `-` is the screen --------------------------------------------------------------------


def test_output_dash_prints_the_export(night, tmp_path: Path):
    printed = night("export", "--output", "-")
    assert printed.exit_code == 0 and printed.stderr == ""
    assert printed.stdout == night("export").stdout
    assert printed.stdout.startswith("date,session,night")
    assert not (Path.cwd() / "-").exists()


@pytest.mark.parametrize(("option", "start"), [("--html", "<!doctype html>"), ("--svg", "<svg")])
def test_a_picture_to_dash_is_printed_instead_of_the_table(night, option, start):
    printed = night("total", option, "-")
    assert printed.exit_code == 0, printed
    assert printed.stdout.startswith(start)
    assert printed.stdout.count("Sum of totals") == 1  # the picture's own: no table after it


def test_two_things_cannot_print_at_once(night):
    assert night("total", "--html", "-", "--svg", "-").exit_code == 2
    assert night("total", "--svg", "-", "--json").exit_code == 2
