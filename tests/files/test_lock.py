"""The session lock: flock on POSIX, filelock on Windows; the two exclude each other, so
a mahj on either path waits for the other."""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

import filelock  # noqa: F401  (loaded with fcntl there, as filelock is on a real system)
import pytest

from mahjcli.files import lock

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock is POSIX")


def test_flock_waits_for_filelock_and_filelock_for_flock(tmp_path: Path):
    path = tmp_path / ".night.toml.lock"
    release = lock.acquire_filelock(path, 1)
    with pytest.raises(TimeoutError):
        lock.acquire(path, 0.1)
    release()
    release = lock.acquire(path, 1)
    with pytest.raises(TimeoutError):
        lock.acquire_filelock(path, 0.1)
    release()
    lock.acquire_filelock(path, 0.1)()  # free again


def test_without_fcntl_the_lock_is_filelock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """What Windows does: `import fcntl` fails, and filelock takes the same lock."""
    path = tmp_path / ".night.toml.lock"
    monkeypatch.setitem(sys.modules, "fcntl", None)  # the import now raises ImportError
    release = lock.acquire(path, 1)
    monkeypatch.delitem(sys.modules, "fcntl")
    with pytest.raises(TimeoutError):
        lock.acquire(path, 0.1)  # a POSIX mahj beside it waits
    release()


def test_a_whole_command_under_the_filelock_path(mahj, session: Path, monkeypatch):
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat").exit_code == 0
    monkeypatch.setitem(sys.modules, "fcntl", None)
    result = mahj("win", "Ruth", "25", "--thrown-by", "Linda")
    assert result.exit_code == 0, result
    assert "Ruth +100" in result.stdout


def test_a_link_repointed_while_a_command_holds_the_lock_is_never_saved_over(tmp_path: Path):
    """A symlinked session repointed while a command holds its lock: the night read from
    the first file is never saved over the second (the save sees another file there)."""
    from mahjcli.core.errors import FileChanged
    from mahjcli.files import atomic, loader

    tmp_path = tmp_path.resolve()
    first, second = tmp_path / "first.toml", tmp_path / "second.toml"
    first.write_text("first\n")
    second.write_text("second\n")
    link = tmp_path / "night.toml"
    link.symlink_to(first)
    with lock.locked(link) as real:
        assert real == first
        read = loader.read(link)
        link.unlink()
        link.symlink_to(second)
        with pytest.raises(FileChanged):
            atomic.write_atomic(link, b"saved\n", expect=read.stamp)
    assert first.read_text() == "first\n"
    assert second.read_text() == "second\n"


def test_a_missing_file_in_an_existing_folder_can_be_locked(tmp_path: Path):
    """The lock of a session not yet written (mahj new): its folder is looked at instead."""
    with lock.locked(tmp_path / "new.toml") as real:
        assert real == tmp_path.resolve() / "new.toml"
        assert lock.lock_path(real).exists()


def test_the_lock_file_is_its_owners_alone(tmp_path: Path):
    """Another user who could open the lock file could hold a lock on it and stop every
    save: it is made readable and writable by its owner only, and one an older mahj made
    readable by everyone is narrowed."""
    path = tmp_path / "night.toml"
    path.write_text("")
    with lock.locked(path) as real:
        made = lock.lock_path(real)
    assert made.stat().st_mode & 0o777 == 0o600
    made.chmod(0o644)
    with lock.locked(path):
        pass
    assert made.stat().st_mode & 0o777 == 0o600


def test_a_mistyped_session_leaves_no_lock_file_behind(mahj, session: Path, tmp_path: Path):
    """`--session` naming a file that is not there: the command is refused and the folder
    is as it was (no hidden lock file of a night that never existed)."""
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat").exit_code == 0
    before = sorted(p.name for p in tmp_path.iterdir())
    result = mahj("win", "Ruth", "25", "--session", str(tmp_path / "nihgt.toml"), use_session=False)
    assert result.exit_code == 1 and "no session file at" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_a_lock_file_taken_away_by_its_holder_is_not_held_by_the_next(tmp_path: Path):
    """A command that gave up on a night that was never made removes its lock file: one
    waiting on that file meanwhile locks the new lock file instead, so a third command
    cannot hold the night's lock at the same time."""
    path = tmp_path / ".night.toml.lock"
    release = lock.acquire(path, 1)
    taken: list[object] = []
    waiting = threading.Thread(target=lambda: taken.append(lock.acquire(path, 5)))
    waiting.start()
    time.sleep(0.2)
    path.unlink()
    release()
    waiting.join()
    with pytest.raises(TimeoutError):
        lock.acquire(path, 0.1)  # the waiter holds the lock file now at the path
    taken[0]()  # type: ignore[operator]


def test_a_lock_file_that_is_a_link_is_named_with_what_to_do(mahj, session: Path):
    """A link where the lock file goes (another program's, or a trick): it is never
    followed, the night is left as it was, and the message says to remove the link."""
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat").exit_code == 0
    before = session.read_bytes()
    lock_file = lock.lock_path(session.resolve())
    lock_file.unlink(missing_ok=True)
    lock_file.symlink_to(session.parent / "elsewhere")
    result = mahj("wall")
    assert result.exit_code == 1 and session.read_bytes() == before
    assert "is a link, which mahj never follows" in result.stderr
    assert "remove the link" in result.stderr
    assert not (session.parent / "elsewhere").exists()


@pytest.mark.parametrize("had_lock", [False, True])
def test_a_folder_that_cannot_be_written_in_is_named_not_a_lock_file(
    mahj, session: Path, monkeypatch: pytest.MonkeyPatch, had_lock: bool
):
    """With no lock file yet, a refused one can only mean the folder cannot be written in
    (a shared read-only folder): that is what the message says, not another user's lock."""
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat").exit_code == 0
    before = session.read_bytes()
    lock_file = lock.lock_path(session.resolve())
    lock_file.unlink(missing_ok=True)
    if had_lock:
        lock_file.touch()

    def refused(path: Path, timeout: float) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(lock, "acquire", refused)
    result = mahj("wall")
    assert result.exit_code == 1 and session.read_bytes() == before
    folder = f"the folder {session.resolve().parent} cannot be written in (Permission denied)"
    assert (folder in result.stderr) is not had_lock
    assert ("ask them to remove it" in result.stderr) is had_lock
