"""Reading a file as one version of it: a save that writes over a file it keeps (the
spare) while someone reads that file makes the reader read again, never keep a mix."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mahjcli.files import atomic, reading


def reading_with(monkeypatch: pytest.MonkeyPatch, meanwhile) -> list[int]:
    """Have `meanwhile(n)` run inside the n-th reading's first read (counted from 1): the
    numbers of the readings made."""
    real = os.read
    made: list[int] = []

    def read(fd: int, size: int) -> bytes:
        if os.lseek(fd, 0, os.SEEK_CUR) == 0:
            made.append(len(made) + 1)
            meanwhile(len(made))
        return real(fd, size)

    monkeypatch.setattr(reading.os, "read", read)
    return made


def test_a_file_written_while_it_is_read_is_read_again(tmp_path: Path, monkeypatch):
    path = tmp_path / "night.toml"
    path.write_bytes(b"schema = 1\n# old version, longer than the new one\n")

    def write_over(n: int) -> None:
        if n == 1:
            fd = os.open(path, os.O_WRONLY)
            os.write(fd, b"schema = 1\n# new\n")
            os.ftruncate(fd, len(b"schema = 1\n# new\n"))
            os.close(fd)

    made = reading_with(monkeypatch, write_over)
    assert reading.read_regular(path, reading.SESSION_LIMIT) == b"schema = 1\n# new\n"
    assert made == [1, 2]


def test_a_file_replaced_while_it_is_read_is_read_again(tmp_path: Path, monkeypatch):
    path = tmp_path / "night.toml"
    path.write_bytes(b"schema = 1\n# one\n")

    def save(n: int) -> None:
        if n == 1:
            atomic.write_atomic(path, b"schema = 1\n# two\n")

    made = reading_with(monkeypatch, save)
    assert reading.read_regular(path, reading.SESSION_LIMIT) == b"schema = 1\n# two\n"
    assert made == [1, 2]


def test_a_file_that_never_stops_changing_is_refused(tmp_path: Path, monkeypatch):
    path = tmp_path / "night.toml"
    path.write_bytes(b"schema = 1\n")
    made = reading_with(monkeypatch, lambda n: os.utime(path))  # moves the change time too
    with pytest.raises(reading.Unreadable, match="changed again and again"):
        reading.read_regular(path, reading.SESSION_LIMIT)
    assert len(made) == reading.READ_TRIES


def test_a_quiet_file_is_read_once(tmp_path: Path, monkeypatch):
    path = tmp_path / "night.toml"
    path.write_bytes(b"schema = 1\n" * 5000)
    made = reading_with(monkeypatch, lambda n: None)
    assert reading.read_regular(path, reading.SESSION_LIMIT) == b"schema = 1\n" * 5000
    assert made == [1]
