"""A night kept between saves (what `mahj serve` does): each save builds on the night as
it saved it while the file still holds exactly those bytes, and writes byte for byte what
a save that read the whole file again would write. Any other bytes, from an editor or the
command line, are read afresh."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from mahjcli.core.errors import MahjError
from mahjcli.files import loader
from mahjcli.files.loader import Night
from mahjcli.files.tomltext import inline_array
from mahjcli.night import build, change
from tests.files.test_layout_kept import SHAPES
from tests.web.conftest import cli


def win(value: int):
    def make(night: Night) -> build.Built:
        seated = night.standings.seated
        winner = seated[value % len(seated)]
        return build.build_win(
            night.standings, winner=winner, value=str(value), thrown_by=None, self_pick=True
        )

    return make


def wall(night: Night) -> build.Built:
    return build.build_wall(night.standings, None)


STEPS = [win(25), wall, win(30), win(50), wall, win(35)]


@pytest.mark.parametrize("shape", SHAPES, ids=list(SHAPES))
def test_kept_saves_write_what_fresh_saves_write(tmp_path: Path, shape: str):
    kept, fresh = tmp_path / "kept.toml", tmp_path / "fresh.toml"
    for path in (kept, fresh):
        path.write_bytes(SHAPES[shape].encode("utf-8"))
    known: Night | None = None
    for step in STEPS:
        done = change.record(kept, step, known, keep=True)
        change.record(fresh, step)
        assert kept.read_bytes() == fresh.read_bytes()
        assert done.saved is not None
        again = loader.load(kept, keep_doc=True)
        assert done.saved.standings == again.standings == done.after
        assert (
            done.saved.loaded.parsed.doc
            == again.loaded.parsed.doc
            == tomllib.loads(kept.read_text("utf-8").removeprefix("\ufeff"))
        )
        known = done.saved
    # after the first [[log]] table it added, each save reads back only its own table (a
    # log written as `log = [...]` with entries stays an array, read back whole each time)
    assert known is not None
    assert known.own_end is (inline_array(kept.read_text("utf-8"), "log") is None)


def test_a_night_kept_is_used_only_while_the_file_holds_its_bytes(tmp_path: Path):
    path = tmp_path / "night.toml"
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "--session", str(path))
    known = change.record(path, wall, None, keep=True).saved
    assert known is not None
    assert loader.load(path, known=known) is known
    # the same size and the same modification time, other bytes: read afresh
    data = path.read_bytes()
    stat = path.stat()
    edited = data.replace(b"Ruth", b"RUTH", 1)
    assert len(edited) == len(data) and edited != data
    path.write_bytes(edited)
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert loader.load(path, known=known) is not known
    assert loader.load(path, known=known).loaded.data == edited


def test_a_change_from_the_command_line_between_kept_saves_is_built_on(tmp_path: Path):
    path = tmp_path / "night.toml"
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "--session", str(path))
    known = change.record(path, win(25), None, keep=True).saved
    cli("win", "Kathy", "30", "--self-pick", "--session", str(path))
    done = change.record(path, wall, known, keep=True)
    assert done.before.games == 2 and done.after.games == 3
    assert [row.entry.kind for row in done.after.rows] == ["win", "win", "wall"]
    assert done.after == loader.load(path).standings


def test_a_refused_kept_save_leaves_the_file_and_the_kept_night(tmp_path: Path):
    path = tmp_path / "night.toml"
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "--session", str(path))
    known = change.record(path, win(25), None, keep=True).saved
    before = path.read_bytes()

    def nobody(night: Night) -> build.Built:
        return build.build_win(
            night.standings, winner="Sue", value="25", thrown_by=None, self_pick=True
        )

    with pytest.raises(MahjError, match="Sue"):
        change.record(path, nobody, known, keep=True)
    assert path.read_bytes() == before
    assert known is not None and loader.load(path, known=known) is known
    assert change.record(path, wall, known, keep=True).after.games == 2
