"""A server about to serve reads its room's nights the way their saves will use them, so
that the first game entered at each table costs what every later one does: the night's
document and replay kept, the file made durable as it is, the folder looked through once
for a killed save's leftovers."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from mahjcli.files import atomic, leftovers, loader
from mahjcli.web import actions
from mahjcli.web.fields import wall_request
from mahjcli.web.source import Room
from tests.web.conftest import cli


def room_of(folder: Path, names: list[str]) -> Room:
    folder.mkdir(exist_ok=True)
    first = folder / f"{names[0]}.toml"
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "--session", str(first))
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(first))
    for number, name in enumerate(names[1:], start=1):
        shutil.copyfile(first, folder / f"{name}.toml")
        stamp = first.stat().st_mtime_ns + number * 1_000_000_000
        os.utime(folder / f"{name}.toml", ns=(stamp, stamp))
    return Room.of_folder(folder)


def test_a_kept_reading_holds_the_document_and_the_replay(tmp_path: Path):
    room_of(tmp_path / "room", ["one"])
    path = tmp_path / "room" / "one.toml"
    kept = loader.load_kept(path)
    plain = loader.load(path)
    assert kept.replay is not None and kept.loaded.parsed.doc is not None
    assert kept.standings == plain.standings == kept.replay.standings()
    assert loader.load(path, keep_doc=True, known=kept) is kept


def test_priming_keeps_each_night_so_its_first_save_reads_nothing_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    room = room_of(tmp_path / "room", ["one", "two"])
    room.prime()
    source = room.sources["two"]
    assert source.written is not None and source.written.replay is not None

    def whole(*args: object, **kwargs: object) -> None:
        raise AssertionError("the night was read whole")

    monkeypatch.setattr(loader, "parse", whole)
    done = actions.record(source, actions.wall_builder(wall_request({})))
    assert done.after.games == 2
    monkeypatch.undo()
    assert loader.load(source.path).standings == done.after


def test_priming_reads_only_the_nights_changed_last_and_passes_over_a_damaged_one(
    tmp_path: Path,
):
    room = room_of(tmp_path / "room", ["a", "b", "c"])  # c changed last, then b, then a
    (tmp_path / "room" / "c.toml").write_text("this is not a night", "utf-8")
    room.prime(most=2)
    written = {key: source.written is not None for key, source in room.sources.items()}
    assert written == {"a": False, "b": True, "c": False}


def test_priming_makes_the_files_durable_and_sweeps_the_folder_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    room = room_of(tmp_path / "room", ["one", "two"])
    folder = tmp_path / "room"
    dead = folder / f".one.toml.{2**22 + 12345}.0badc0de.tmp"  # no such process
    mine = folder / f".two.toml.{os.getpid()}.0badc0de.tmp"  # a save of this process
    dead.write_text("half", "utf-8")
    mine.write_text("half", "utf-8")
    monkeypatch.setattr(atomic, "_synced", {})  # nothing saved by this process before
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd) or real_fsync(fd))
    with leftovers.sweeping():
        room.prime()
        assert len(synced) == 2  # each file, once
        assert not dead.exists() and mine.exists()
        synced.clear()
        listed: list[object] = []
        real_scandir = os.scandir
        monkeypatch.setattr(os, "scandir", lambda p: listed.append(p) or real_scandir(p))
        actions.record(room.sources["one"], actions.wall_builder(wall_request({})))
    # the file it made durable needs no fsync before it becomes the backup: only the new
    # file and the folder are synced; and the folder is not listed again for leftovers
    assert len(synced) == 2 and listed == []


def test_priming_passes_over_a_fifo_without_waiting(tmp_path: Path):
    """A night replaced by a FIFO between the folder's listing and the priming is left
    to its page (which says why); the server does not wait for a writer."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    room = room_of(tmp_path / "room", ["one", "two"])
    (tmp_path / "room" / "two.toml").unlink()
    os.mkfifo(tmp_path / "room" / "two.toml")
    room.prime()  # would hang on the FIFO if it opened it to read
    assert room.sources["one"].written is not None and room.sources["two"].written is None


def test_before_serving_the_nights_read_are_set_aside_from_the_collector(tmp_path: Path):
    import gc

    from mahjcli.web import serve

    room = room_of(tmp_path / "room", ["one", "two"])
    before = gc.get_freeze_count()
    try:
        serve.ready_to_serve(room)
        kept = room.sources["two"].written
        assert kept is not None and kept.replay is not None
        assert gc.get_freeze_count() > before
        assert gc.is_tracked(kept) and not any(each is kept for each in gc.get_objects())
    finally:
        gc.unfreeze()
