"""The session lock: flock on POSIX, filelock on Windows; the two exclude each other, so
a mahj on either path waits for the other."""

from __future__ import annotations

import sys
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
