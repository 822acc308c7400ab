"""Disk and path faults: a full disk, a failing fsync or rename, symlinks, folders and
file names that try to leave the data folder. Every failure leaves the session file
byte-for-byte as it was, removes its temporary file and says so in one `Error:` line."""

from __future__ import annotations

import errno
import json
import os
import stat
import tomllib
from pathlib import Path

import pytest

from mahjcli.files import paths as store

WIN = ("win", "Kathy", "30", "--self-pick")


def temp_files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def one_error(result) -> str:
    """The single `Error:` line of a refused command (and no traceback)."""
    assert result.exit_code == 1, result
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result
    return lines[0]


def is_temp(fd: int) -> bool:
    """True when `fd` is one of mahj's temporary files (Linux names it in /proc)."""
    try:
        return os.readlink(f"/proc/self/fd/{fd}").endswith(".tmp")
    except OSError:
        return fd > 2


@pytest.fixture
def night(four, session: Path):
    """A league night with one game played, so saving also writes a `.bak`."""
    assert four("win", "Ruth", "25", "--thrown-by", "Linda").exit_code == 0
    return four


def backup(session: Path) -> Path:
    return session.with_name(session.name + ".bak")


# ---- the disk fails ---------------------------------------------------------------------


def no_hard_links(src, dst, *args, **kwargs) -> None:
    """os.link on a file system without hard links (FAT, some network shares)."""
    raise OSError(errno.EPERM, os.strerror(errno.EPERM))


@pytest.mark.parametrize(
    ("links", "failing"),
    [(True, 1), (False, 1), (False, 2)],
    ids=["session-write", "copied-backup-write", "session-write-after-copied-backup"],
)
def test_full_disk(night, session: Path, monkeypatch, links: bool, failing: int):
    """The disk fills up: the first few bytes go in, then ENOSPC. The backup is a second
    name of the previous file (nothing written); where links cannot be made it is a copy,
    written first."""
    before = session.read_bytes()
    bak_before = backup(session).read_bytes()
    if not links:
        monkeypatch.setattr(os, "link", no_hard_links)
    real_write = os.write
    temp_writes = {"n": 0}

    def full_disk(fd: int, data) -> int:
        if not is_temp(fd):
            return real_write(fd, data)
        temp_writes["n"] += 1
        if temp_writes["n"] < failing:
            return real_write(fd, data)
        if temp_writes["n"] == failing:
            return real_write(fd, bytes(data[:7]))  # a short write...
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))  # ...then the disk is full

    monkeypatch.setattr(os, "write", full_disk)
    message = one_error(night(*WIN))
    assert "No space left on device" in message
    assert str(session) in message and "unchanged" in message
    assert message.endswith("(free some space on the disk, then run it again)")
    assert session.read_bytes() == before
    assert backup(session).read_bytes() in (bak_before, before)
    assert temp_writes["n"] == failing + 1  # the short write was followed, not trusted
    assert temp_files(session.parent) == []

    monkeypatch.undo()
    assert night(*WIN).exit_code == 0  # space again: the same command now works


def test_a_new_night_on_a_full_disk_says_nothing_was_created(mahj, tmp_path: Path, monkeypatch):
    def full_disk(fd: int, data) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "write", full_disk)
    new = tmp_path / "new.toml"
    result = mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--session", str(new), use_session=False)
    message = one_error(result)
    assert "nothing was created (free some space on the disk, then run it again)" in message
    assert "unchanged" not in message and not new.exists() and temp_files(tmp_path) == []


def test_a_save_that_fails_after_the_backup_is_linked_leaves_them_apart(
    night, session: Path, monkeypatch
):
    """The new file could not be put in place once the backup was linked: the session is
    as it was, and its backup is a file of its own again (an edit in place of the one
    cannot change the other)."""
    before = session.read_bytes()
    real_replace = os.replace

    def refuse_the_session(src, dst) -> None:
        if Path(dst) == session:
            raise OSError(errno.EACCES, os.strerror(errno.EACCES))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", refuse_the_session)
    assert "Permission denied" in one_error(night(*WIN))
    monkeypatch.undo()
    assert session.read_bytes() == before == backup(session).read_bytes()
    assert session.stat().st_ino != backup(session).stat().st_ino
    assert session.stat().st_nlink == 1
    assert temp_files(session.parent) == []


def test_a_file_system_without_inode_numbers_still_updates_the_backup(
    night, session: Path, monkeypatch
):
    """Some network file systems say 0 for every file's inode: the backup is still made."""
    import mahjcli.files.atomic as atomic

    real_lstat = os.lstat
    monkeypatch.setattr(os, "link", no_hard_links)
    monkeypatch.setattr(os, "lstat", lambda p, *a, **k: _no_inode(real_lstat(p, *a, **k)))
    monkeypatch.setattr(atomic.Path, "stat", lambda self, **k: _no_inode(os.stat(self)))
    for _ in range(2):
        before = session.read_bytes()
        assert night(*WIN).exit_code == 0
        assert backup(session).read_bytes() == before != session.read_bytes()


def _no_inode(info: os.stat_result) -> os.stat_result:
    fields = list(info)
    fields[stat.ST_INO] = 0
    return os.stat_result(fields)


@pytest.mark.parametrize("links", [True, False], ids=["linked", "copied"])
def test_the_backup_holds_the_previous_version(night, session: Path, monkeypatch, links: bool):
    """Each save keeps the version it replaces as `.bak`: by a second name of that very
    file, or by a copy where the file system has no hard links; never the new version."""
    if not links:
        monkeypatch.setattr(os, "link", no_hard_links)
    for _ in range(3):
        before = session.read_bytes()
        before_inode = session.stat().st_ino
        assert night(*WIN).exit_code == 0
        assert backup(session).read_bytes() == before != session.read_bytes()
        assert (backup(session).stat().st_ino == before_inode) is links
        assert session.stat().st_nlink == backup(session).stat().st_nlink == 1
        assert temp_files(session.parent) == []


def test_failing_fsync(night, session: Path, monkeypatch):
    before = session.read_bytes()

    def broken_fsync(fd: int) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "fsync", broken_fsync)
    message = one_error(night(*WIN))
    assert "Input/output error" in message and "unchanged" in message
    assert session.read_bytes() == before
    assert temp_files(session.parent) == []


@pytest.mark.parametrize("failing", [1, 2], ids=["backup-rename", "session-rename"])
def test_failing_replace(night, session: Path, monkeypatch, failing: int):
    before = session.read_bytes()
    real_replace = os.replace
    calls = {"n": 0}

    def broken_replace(src, dst) -> None:
        calls["n"] += 1
        if calls["n"] == failing:
            raise OSError(errno.EACCES, os.strerror(errno.EACCES))
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", broken_replace)
    message = one_error(night(*WIN))
    assert "Permission denied" in message and "unchanged" in message
    assert session.read_bytes() == before
    assert temp_files(session.parent) == []
    assert night("check").exit_code == 0


def test_interrupted_save_removes_its_temp_file(night, session: Path, monkeypatch):
    """Ctrl-C in the middle of a save: the command stops (exit 130), the file is as it was."""
    before = session.read_bytes()

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    result = night(*WIN)
    assert result.exit_code == 130
    assert "Traceback" not in result.stderr
    assert session.read_bytes() == before
    assert temp_files(session.parent) == []


def test_full_disk_while_starting_a_night_creates_nothing(mahj, session: Path, monkeypatch):
    def full_disk(fd: int, data) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    real_write = os.write
    monkeypatch.setattr(
        os, "write", lambda fd, d: full_disk(fd, d) if is_temp(fd) else real_write(fd, d)
    )
    message = one_error(mahj("new", "Ruth", "Linda", "Kathy", "Pat"))
    assert "No space left on device" in message
    assert not session.exists()
    assert temp_files(session.parent) == []


def test_permissions_are_kept(night, session: Path):
    session.chmod(0o640)
    assert night(*WIN).exit_code == 0
    assert stat.S_IMODE(session.stat().st_mode) == 0o640
    assert stat.S_IMODE(backup(session).stat().st_mode) == 0o640


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root ignores permissions")
def test_read_only_folder(night, session: Path):
    before = session.read_bytes()
    session.parent.chmod(0o555)
    try:
        message = one_error(night(*WIN))
        assert str(session) in message
    finally:
        session.parent.chmod(0o755)
    assert session.read_bytes() == before


# ---- links, folders and names -------------------------------------------------------------


@pytest.mark.parametrize("relative", [False, True], ids=["absolute-link", "relative-link"])
def test_a_symlinked_session_is_updated_through_the_link(
    mahj, tmp_path: Path, session: Path, relative: bool
):
    real_folder = tmp_path / "real"
    real_folder.mkdir()
    target = real_folder / "thursday.toml"
    started = mahj(
        "new", "Ruth", "Linda", "Kathy", "Pat", "--session", str(target), use_session=False
    )
    assert started.exit_code == 0
    session.symlink_to(os.path.relpath(target, session.parent) if relative else target)
    link_text = os.readlink(session)

    assert mahj("win", "Ruth", "25", "--thrown-by", "Linda").exit_code == 0
    assert mahj("wall").exit_code == 0
    assert mahj("undo").exit_code == 0

    assert session.is_symlink() and os.readlink(session) == link_text
    total = json.loads(mahj("total", "--json").stdout)
    assert (total["games"], total["totals"]) == (
        1, {"Ruth": 100, "Linda": -50, "Kathy": -25, "Pat": -25}
    )  # fmt: skip
    assert b'winner = "Ruth"' in target.read_bytes()
    assert (real_folder / "thursday.toml.bak").exists()  # beside the real file
    assert not backup(session).exists()
    assert temp_files(real_folder) == [] and temp_files(session.parent) == []


def test_a_folder_as_the_session_is_refused(mahj, session: Path):
    session.mkdir()
    (session / "keep.txt").write_text("mine")
    for args in [
        ("win", "Ruth", "25", "--thrown-by", "Linda"),
        ("wall",),
        ("undo",),
        ("join", "Sue"),
        ("status",),
        ("total", "--json"),
        ("check",),
        ("new", "Ruth", "Linda", "Kathy", "Pat"),
    ]:
        message = one_error(mahj(*args))
        assert "folder" in message, args
    assert session.is_dir() and [p.name for p in session.iterdir()] == ["keep.txt"]


def test_a_session_in_a_missing_folder_creates_no_folder(mahj, tmp_path: Path):
    missing = tmp_path / "no" / "such" / "night.toml"
    for args in [("new", "Ruth", "Linda", "Kathy", "Pat"), ("win", "Ruth", "25", "--self-pick")]:
        message = one_error(mahj(*args, "--session", str(missing), use_session=False))
        assert "does not exist" in message
        assert not (tmp_path / "no").exists()


@pytest.mark.parametrize(
    "name", ["a/b", "../escape", "..", "back\\slash", "..\\up", "/abs", ".hidden"]
)
def test_a_name_that_looks_like_a_path_never_leaves_the_data_folder(
    mahj, tmp_path: Path, name: str
):
    """The name is kept as typed; the file is named after it, without a folder's `/` or
    `\\`, in the data folder itself (the date before it: `..` reaches nowhere)."""
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    made = mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--name", name, use_session=False)
    assert made.exit_code == 0, made
    new = [p for p in tmp_path.rglob("*") if p.relative_to(tmp_path) not in before]
    toml = [p for p in new if p.suffix == ".toml"]
    assert len(toml) == 1 and toml[0].parent == store.data_dir(), new
    assert "/" not in toml[0].name[10:] and "\\" not in toml[0].name
    assert tomllib.loads(toml[0].read_text("utf-8"))["name"] == name


# ---- the backup's name taken by something else ------------------------------------------------


def test_a_backup_that_is_a_folder_is_named(night, session: Path):
    before = session.read_bytes()
    backup(session).unlink()
    backup(session).mkdir()
    message = one_error(night(*WIN))
    assert f"{backup(session)} is a folder" in message
    assert session.read_bytes() == before
    assert temp_files(session.parent) == []


def test_another_users_backup_in_a_shared_sticky_folder_is_named(tmp_path: Path):
    """A shared folder with the sticky bit (like /tmp) lets only a file's owner replace
    it: a `.bak` planted there by someone else blocks the save, which names it."""
    import shutil
    import subprocess

    from tests.helpers import installed_mahj

    if not hasattr(os, "geteuid") or os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root (to plant another user's file) and setpriv")
    shared = tmp_path / "shared"
    shared.mkdir()
    session = shared / "s.toml"
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data")}
    mahj = [installed_mahj()]
    new = [*mahj, "new", "Ruth", "Linda", "Kathy", "Pat", "--session", str(session)]
    subprocess.run(new, env=env, check=True, capture_output=True)
    planted = shared / "s.toml.bak"
    planted.write_text("planted\n")
    os.chown(planted, 4321, 4321)
    os.chown(shared, 5555, 5555)  # nobody's own folder: only each file's owner may replace it
    shared.chmod(0o1777)
    before = session.read_bytes()
    as_a_user = ["setpriv", "--inh-caps=-fowner", "--bounding-set=-fowner"]  # no root bypass
    win = [*as_a_user, *mahj, "win", "Ruth", "25", "-t", "Linda", "--session", str(session)]
    done = subprocess.run(win, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done
    assert done.stderr.startswith(f"Error: the backup {planted} belongs to another user"), done
    assert done.stderr.count("\n") == 1
    assert session.read_bytes() == before and planted.read_text() == "planted\n"
    assert temp_files(shared) == []
