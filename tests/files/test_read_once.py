"""A change reads its night's file once and its own edit once (not three times), and a
report keeps nothing of the document it read, so a long night costs no extra memory."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from mahjcli.files import loader
from mahjcli.night import build, change


def test_a_report_lets_the_document_go_and_a_change_keeps_it(four, session: Path):
    four("win", "Ruth", "25", "--thrown-by", "Linda")
    assert loader.load(session).loaded.parsed.doc is None
    kept = loader.load(session, keep_doc=True).loaded.parsed.doc
    assert kept == tomllib.loads(session.read_text())


def test_recording_a_game_reads_toml_twice(four, session: Path, monkeypatch: pytest.MonkeyPatch):
    four("win", "Ruth", "25", "--thrown-by", "Linda")
    calls: list[int] = []
    real = tomllib.loads

    def counting(text: str, **kw: object) -> dict[str, object]:
        calls.append(len(text))
        return real(text, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(tomllib, "loads", counting)

    def make(night: loader.Night) -> build.Built:
        return build.build_win(night.standings, winner="Kathy", value="30", thrown_by=None,
                               self_pick=True)  # fmt: skip

    done = change.record(session, make)
    assert len(calls) == 2  # the file, then the edit read back before it is saved
    assert done.after.totals_map()["Kathy"] == 180 - 25


def test_a_file_is_read_whole_in_one_go_even_when_its_size_says_less(tmp_path: Path, monkeypatch):
    """A file is read in one call, sized by what the system says it holds; a file that
    holds more than it says (it grew, or a system that says 0) is still read to its end."""
    import os

    from mahjcli.files import reading

    path = tmp_path / "night.toml"
    data = b"schema = 1\n" + b"# padding\n" * 300_000  # some 3 MB: more than one chunk
    path.write_bytes(data)
    reads: list[int] = []
    real_read = os.read

    def counted(fd: int, n: int) -> bytes:
        reads.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(os, "read", counted)
    assert reading.read_regular(path, reading.SESSION_LIMIT) == data
    assert reads == [len(data) + 1]
    real_fstat = os.fstat

    def says_nothing(fd: int) -> os.stat_result:
        info = real_fstat(fd)
        return os.stat_result((*info[:6], 0, *info[7:]))  # st_size 0

    monkeypatch.setattr(os, "fstat", says_nothing)
    reads.clear()
    assert reading.read_regular(path, reading.SESSION_LIMIT) == data
    assert reads == [1, 1024 * 1024, 1024 * 1024, 1024 * 1024]  # the last one reads short
    monkeypatch.setattr(os, "fstat", real_fstat)
    monkeypatch.setattr(os, "read", lambda fd, n: real_read(fd, min(n, 1000)))
    assert reading.read_regular(path, reading.SESSION_LIMIT) == data  # short reads midway
