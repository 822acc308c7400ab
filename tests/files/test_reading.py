"""The safe reader: a file is read whole, however the system hands out its bytes."""

from __future__ import annotations

import os
from pathlib import Path

from mahjcli.files import reading


def test_a_file_is_read_to_its_end_whatever_its_size_says(tmp_path: Path, monkeypatch):
    """A file that holds more than the system says (it grew, or a system that says 0),
    or one read a little at a time (some network file systems), is still read whole."""
    path = tmp_path / "night.toml"
    data = b"schema = 1\n" + b"# padding\n" * 300_000  # some 3 MB: more than one chunk
    path.write_bytes(data)
    real_fstat, real_read = os.fstat, os.read

    def says_nothing(fd: int) -> os.stat_result:
        info = real_fstat(fd)
        return os.stat_result((*info[:6], 0, *info[7:]))  # st_size 0

    monkeypatch.setattr(os, "fstat", says_nothing)
    assert reading.read_regular(path, reading.SESSION_LIMIT) == data
    monkeypatch.setattr(os, "fstat", real_fstat)
    monkeypatch.setattr(os, "read", lambda fd, n: real_read(fd, min(n, 1000)))
    assert reading.read_regular(path, reading.SESSION_LIMIT) == data  # short reads midway


def test_the_stamp_read_is_the_files_as_it_was_opened(tmp_path: Path):
    from mahjcli.files.reading import stamp

    path = tmp_path / "night.toml"
    path.write_bytes(b"schema = 1\n")
    data, seen = reading.read_stamped(path, reading.SESSION_LIMIT)
    assert data == b"schema = 1\n" and seen == stamp(path)
    with path.open("ab") as f:
        f.write(b"# more\n")
    assert stamp(path) != seen
