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


HEAD = """schema = 1
name = "night"
date = 2026-05-01
rules = "league"
players = ["Ruth", "Linda", "Kathy", "Pat"]
east = "Ruth"
"""
TABLES = [
    'kind = "win"\nwinner = "ruth"\nvalue = 25\nthrown_by = "LINDA"',
    'kind = "join"\nplayer = " Sue "',
    'kind = "wall"\nmood = "tense"',
    'kind = "win"\nwinner = "sue"\nvalue = 30\nself_pick = true',
    'kind = "join"\nplayer = "SUE"',
    'kind = "leave"\nplayer = "Pat"',
    'kind = "join"\nplayer = "pat"',
    'kind = "win"\nwinner = "Kathy"\nvalue = 50\nthrown_by = "Pat"\nnote = "kept"',
]


def test_reading_only_the_new_entry_reads_what_reading_the_whole_night_reads():
    """The kept night reads back only the entry a save added: for every entry of a night
    with arrivals in any spelling, departures, returns and unknown keys, that gives the
    session and the notes that reading the whole document gives."""
    from mahjcli.files.sessionfile import parse_appended, parse_doc, parse_text

    text = HEAD
    before = parse_text(text)
    for table in TABLES:
        text += "\n[[log]]\n" + table + "\n"
        doc = tomllib.loads(text)
        whole = parse_doc(text, doc)
        assert whole.session is not None and not whole.problems
        grown = parse_appended(before, text, doc)
        assert grown is not None
        assert grown.session == whole.session
        assert grown.notes == whole.notes
        assert grown.text == text
        before = whole
    assert any("unknown key" in n.message for n in before.notes)


@pytest.mark.parametrize(
    "table",
    [
        'kind = "win"\nwinner = "Nobody"\nvalue = 25\nthrown_by = "Linda"',
        'kind = "dance"',
        'kind = "join"\nplayer = ""',
    ],
)
def test_a_new_entry_that_does_not_read_cleanly_is_left_to_the_whole_reading(table: str):
    from mahjcli.files.sessionfile import parse_appended, parse_text

    before = parse_text(HEAD)
    text = HEAD + "\n[[log]]\n" + table + "\n"
    assert parse_appended(before, text, tomllib.loads(text)) is None


def test_a_document_that_is_not_one_entry_more_is_left_to_the_whole_reading():
    from mahjcli.files.sessionfile import parse_appended, parse_text

    text = HEAD + "\n[[log]]\n" + TABLES[0] + "\n"
    before = parse_text(text)
    assert parse_appended(before, text, tomllib.loads(text)) is None  # no entry more
    two = text + "\n[[log]]\n" + TABLES[2] + "\n\n[[log]]\n" + TABLES[2] + "\n"
    assert parse_appended(before, two, tomllib.loads(two)) is None  # two more
    broken = parse_text(HEAD + "players = 3\n")
    assert parse_appended(broken, text, tomllib.loads(text)) is None  # no night before
