"""store: saves keep the file's permissions and make the rename itself durable."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mahjcli.files import atomic as store


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_save_keeps_permissions_the_umask_would_narrow(tmp_path: Path):
    path = tmp_path / "night.toml"
    path.write_text("schema = 1\n")
    path.chmod(0o664)
    old = os.umask(0o077)
    try:
        store.write_atomic(path, b"schema = 1\n# saved\n")
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == 0o664
    assert path.read_bytes() == b"schema = 1\n# saved\n"
    assert (tmp_path / "night.toml.bak").read_bytes() == b"schema = 1\n"


@pytest.mark.skipif(os.name != "posix", reason="directory fsync is POSIX")
def test_a_save_flushes_the_file_and_its_folder(tmp_path: Path, monkeypatch):
    path = tmp_path / "night.toml"
    path.write_text("schema = 1\n")
    synced: list[str] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{fd}") if Path("/proc/self/fd").exists() else "?")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", spy)
    store.write_atomic(path, b"schema = 1\n# saved\n", backup=False)
    assert str(tmp_path) in synced  # the folder, so the rename survives a power cut
    assert any(s.endswith(".tmp") for s in synced)  # the new file's bytes, before the rename


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="names an open file by /proc")
def test_the_file_becoming_the_backup_is_fsynced_unless_this_process_saved_it(
    tmp_path: Path, monkeypatch
):
    """Before the file becomes the backup it is fsynced, in case whoever wrote it did not;
    the file this process saved and fsynced itself, still as it was, is not again."""
    path = tmp_path.resolve() / "night.toml"
    path.write_text("schema = 1\n")
    synced: list[str] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", spy)

    def saved(text: str) -> bool:
        """Save; whether the file as it was (now the backup) was fsynced."""
        synced.clear()
        store.write_atomic(path, text.encode())
        assert path.read_text() == text
        return str(path) in synced

    assert saved("schema = 1\n# one\n") is True  # written by someone else
    assert saved("schema = 1\n# two\n") is False  # the one just saved and fsynced
    assert path.with_name("night.toml.bak").read_text() == "schema = 1\n# one\n"
    path.write_text("schema = 1\n# an editor, same inode\n")
    assert saved("schema = 1\n# three\n") is True
    info = path.stat()
    with path.open("r+b") as f:  # rewritten in place, same size, its time put back
        f.write(path.read_bytes().replace(b"three", b"THREE"))
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert path.stat().st_size == info.st_size and path.stat().st_mtime_ns == info.st_mtime_ns
    assert saved("schema = 1\n# three and a half\n") is True  # its change time moved
    other = tmp_path / "other.toml"
    other.write_text("schema = 1\n# four\n")
    os.replace(other, path)  # another program's save, a new file
    assert saved("schema = 1\n# five\n") is True
    assert path.with_name("night.toml.bak").read_text() == "schema = 1\n# four\n"


def test_while_serving_a_file_is_looked_at_for_leftovers_every_few_seconds(tmp_path: Path):
    """Every save removes what a killed save left; while the server runs, a file's first
    save does, and the next ones look again only once `SWEEP_EVERY` seconds have passed."""
    path = tmp_path.resolve() / "night.toml"
    path.write_text("schema = 1\n")
    leftover = path.with_name(f".{path.name}.999999999.0badc0de.tmp")

    def saved(text: str) -> bool:
        """Save, and say whether a leftover planted just before is still there."""
        leftover.write_text("torn")
        store.write_atomic(path, text.encode())
        assert path.read_text() == text
        return leftover.exists()

    assert [saved("schema = 1\n# one\n"), saved("schema = 1\n# two\n")] == [False, False]
    with store.sweeping():
        assert saved("schema = 1\n# three\n") is False  # the first save while serving
        assert saved("schema = 1\n# four\n") is True  # looked a moment ago
        store._swept[path] -= store.SWEEP_EVERY + 1  # as if the last look was long ago
        assert saved("schema = 1\n# five\n") is False
    assert saved("schema = 1\n# six\n") is False  # no longer serving: every save looks
