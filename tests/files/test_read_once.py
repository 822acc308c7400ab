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
