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
