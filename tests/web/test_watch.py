"""The file is the truth: one watcher looks at the served files, and every open screen
hears of a change within a moment, whoever made it (the page, or the command line)."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mahjcli.files.reading import stamp
from mahjcli.web.app import make_app
from mahjcli.web.source import Room, Source
from mahjcli.web.watch import Watcher
from tests.web.conftest import KEY, TOKEN, Serve, cli


def test_a_save_changes_the_stamp_even_at_the_same_size(night: Path):
    before = stamp(night)
    cli("wall", "--session", str(night))
    middle = stamp(night)
    cli("undo", "--session", str(night))
    assert before is not None and middle is not None
    assert len({before, middle, stamp(night)}) == 3  # the size came back; the inode did not
    assert stamp(night.with_name("missing.toml")) is None


def test_the_screen_sees_a_command_line_change_by_itself(serve: Serve, night: Path):
    client = serve(night)
    first = client.get("/version.json").json()["version"]
    cli("win", "Kathy", "30", "--self-pick", "--session", str(night))
    deadline = time.monotonic() + 10  # it looks every half second; a busy machine is slower
    while client.get("/version.json").json()["version"] == first:
        assert time.monotonic() < deadline, "the change was not seen"
        time.sleep(0.02)
    assert "Kathy wins 30, self-picked" in client.get("/board").text


def test_a_write_through_the_page_is_seen_at_once(serve: Serve, night: Path):
    client = serve(night)
    first = client.get("/version.json").json()["version"]
    client.post("/wall", headers=KEY)
    assert client.get("/version.json").json()["version"] != first


def test_the_screen_shows_the_file_not_the_save_when_an_edit_follows_it(serve: Serve, night: Path):
    """The page keeps the night its own save wrote only while the file holds exactly
    those bytes: an edit made just after the save is what the screen shows."""
    client = serve(night)
    game = {"winner": "Ruth", "value": "25", "thrown_by": "Linda"}
    assert client.post("/win", data=game, headers=KEY).status_code == 200
    assert "Ruth wins 25, thrown by Linda" in client.get("/board").text
    assert client.post("/win", data={**game, "value": "30"}, headers=KEY).status_code == 200
    text = night.read_text("utf-8")
    night.write_text(text.replace("value = 30", "value = 40"), "utf-8")  # just after it
    deadline = time.monotonic() + 10
    while "Ruth wins 40" not in (board := client.get("/board").text):
        assert time.monotonic() < deadline, "the edit was not shown"
        time.sleep(0.02)
    assert "Ruth wins 30" not in board


def test_every_stream_hears_of_a_change_from_one_watcher(night: Path):
    """Many open screens share one watcher: each gets the new version, none polls."""

    async def scenario() -> list[list[str]]:
        room = Room.of_file(night)
        source = room.single
        assert source is not None
        watcher = Watcher(room, interval=0.02)
        watcher.start()
        streams = [
            watcher.stream(lambda: source.version, source.key, keepalive=5) for _ in range(50)
        ]
        heard = [[await s.__anext__(), await s.__anext__()] for s in streams]
        await asyncio.to_thread(cli, "wall", "--session", str(night))
        nexts = await asyncio.wait_for(asyncio.gather(*(s.__anext__() for s in streams)), 2)
        for said, more in zip(heard, nexts, strict=True):
            said.append(more)
        await watcher.stop()
        ends = [await anext(s, "end") for s in streams]
        assert ends == ["end"] * 50  # a stopping server ends every stream
        return heard

    heard = asyncio.run(scenario())
    tag = heard[0][1].removeprefix("data: ").split("-")[0]
    assert all(h == ["retry: 1000\n\n", f"data: {tag}-0\n\n", f"data: {tag}-1\n\n"] for h in heard)


def test_a_quiet_stream_says_it_is_still_there(night: Path):
    async def scenario() -> str:
        room = Room.of_file(night)
        watcher = Watcher(room, interval=0.02)
        watcher.start()
        stream = watcher.stream(lambda: 0, keepalive=0.05)
        [await stream.__anext__() for _ in range(2)]
        said = await stream.__anext__()
        await watcher.stop()
        return said

    assert asyncio.run(scenario()) == ": still here\n\n"


def test_a_folder_of_nights_sees_a_night_arrive(serve: Serve, tmp_path: Path):
    folder = tmp_path / "room"
    folder.mkdir()
    client = serve(folder)
    page = client.get("/").text
    assert "No nights in this folder yet" in page
    # the room's screen names the folder, not the folders of the laptop it is kept in
    assert "<title>room · mahj</title>" in page and str(tmp_path) not in page
    cli("new", "Ann", "Bea", "Cy", "Dot", "--session", str(folder / "table-1.toml"))
    deadline = time.monotonic() + 10
    while "table-1" not in client.get("/board").text:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert client.get("/n/table-1/status.json").json()["seated"] == ["Ann", "Bea", "Cy", "Dot"]


def test_a_save_at_one_table_wakes_only_the_screens_that_show_it(tmp_path: Path):
    folder = tmp_path / "room"
    folder.mkdir()
    for name in ("one", "two"):
        cli("new", "Ann", "Bea", "Cy", "Dot", "--session", str(folder / f"{name}.toml"))

    async def scenario() -> tuple[bool, bool, bool]:
        room = Room.of_folder(folder)
        watcher = Watcher(room, interval=0.02)
        watcher.start()
        one, two = room.sources["one"], room.sources["two"]
        # Up to 10 s for what must wake (a busy machine may take a while to save); a wrong
        # wake of table two would come with table one's, so a moment after it is enough.
        waits = {scope: asyncio.create_task(watcher.changes(10, scope))
                 for scope in ("one", "two", None)}  # fmt: skip
        await asyncio.sleep(0.05)
        await asyncio.to_thread(cli, "wall", "--session", str(one.path))
        heard_one, heard_all = await asyncio.gather(waits["one"], waits[None])
        await asyncio.sleep(0.3)
        heard_two = waits["two"].done() and waits["two"].result()
        waits["two"].cancel()
        await watcher.stop()
        # one save may be seen twice (keeping the backup touches the old file's change
        # time just before the new one is put in place); the other table is never woken
        assert two.version == 0 and one.version >= 1
        return heard_one, heard_two, heard_all

    assert asyncio.run(scenario()) == (True, False, True)


async def watching(night: Path, settle: float) -> tuple[Source, Watcher, AsyncIterator[str]]:
    """In the running event loop: the night served alone, its watcher started (looking
    at the file only when told, after its first look, which is over before this returns:
    else it could see a test's first save before the test tells it), and one screen's
    stream of it."""
    room = Room.of_file(night)
    source = room.single
    assert source is not None
    watcher = Watcher(room, interval=60, settle=settle)
    watcher.start()
    await asyncio.sleep(0.01)
    return source, watcher, watcher.stream(lambda: source.version, source.key, keepalive=5)


def test_a_burst_of_saves_through_the_page_wakes_each_screen_once(night: Path):
    """A room entering games at once: the version moves with every save (the short poll
    sees it at once), and a screen that looks again after the burst is told once, of the
    last version, and of nothing more after it."""

    async def scenario() -> tuple[list[int], list[str], list[str]]:
        source, watcher, stream = await watching(night, settle=0.1)
        said = [await stream.__anext__(), await stream.__anext__()]
        versions = []
        for _ in range(3):
            await asyncio.to_thread(cli, "wall", "--session", str(night))
            watcher.look_at(source)
            versions.append(source.version)
        said.append(await asyncio.wait_for(stream.__anext__(), 10))
        quiet = asyncio.create_task(stream.__anext__())
        await asyncio.sleep(0.3)
        still = [] if quiet.done() else ["quiet"]
        quiet.cancel()
        await watcher.stop()
        return versions, said, still

    versions, said, still = asyncio.run(scenario())
    assert versions == [1, 2, 3]
    tag = said[1].removeprefix("data: ").split("-")[0]
    assert said[1:] == [f"data: {tag}-0\n\n", f"data: {tag}-3\n\n"]
    assert still == ["quiet"]  # one wake for the three saves, nothing more after it


SETTLE = 2.0


def test_a_lone_save_wakes_the_screens_at_once_and_a_burst_at_most_every_settle(night: Path):
    """After a quiet moment a save through the page is on the screens at once; the saves
    that follow it closely wake them again only `settle` seconds after that, together."""

    async def scenario() -> tuple[float, float, float, list[str]]:
        source, watcher, stream = await watching(night, settle=SETTLE)
        await stream.__anext__(), await stream.__anext__()  # retry, then version 0
        loop = asyncio.get_running_loop()
        waiting = asyncio.create_task(stream.__anext__())
        before = loop.time()  # the first wake comes after this, however long the save
        await asyncio.to_thread(cli, "wall", "--session", str(night))
        started = loop.time()
        watcher.look_at(source)
        first = await asyncio.wait_for(waiting, 10)
        lone = loop.time() - started
        waiting = asyncio.create_task(stream.__anext__())
        await asyncio.sleep(1.0)  # the screen waits for the next change
        await asyncio.to_thread(cli, "wall", "--session", str(night))
        again = loop.time()
        watcher.look_at(source)
        second = await asyncio.wait_for(waiting, 10)
        gap, after = loop.time() - before, loop.time() - again
        await watcher.stop()
        return lone, gap, after, [first, second]

    # The bounds leave a busy machine most of a second: at once is well before the settle,
    # and counting the settle from the first wake ends it a second before counting it
    # from the second save would. The gap counts from before the first save, so a slow
    # save or a late delivery of the first wake only lengthens it.
    lone, gap, after, said = asyncio.run(scenario())
    assert lone < SETTLE / 2  # at once, not after the settle
    assert gap >= SETTLE - 0.05  # the second save waited for the settle since the first wake
    assert after < SETTLE - 0.3  # and no longer than that
    assert [s.rsplit("-", 1)[1] for s in said] == ["1\n\n", "2\n\n"]


def test_a_folder_served_as_dot_is_named_by_its_name(
    serve: Serve, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    folder = tmp_path / "club"
    folder.mkdir()
    monkeypatch.chdir(folder)
    page = serve(Path(".")).get("/").text  # `mahj serve --dir .`
    assert "<h1>club</h1>" in page and "<title>club · mahj</title>" in page


def test_a_page_drawn_after_a_change_is_not_drawn_again_when_the_change_is_seen(night: Path):
    """A page opened just after a change made at the terminal (before the server's next
    look at the file) carries the version the server then tells its screens: the part
    is not fetched and drawn again a moment later (which reset the round's clock and
    made a screen reader miss its warning)."""
    app = make_app(Room.of_file(night), TOKEN, interval=3600)  # one look, at the start
    with TestClient(app, base_url="http://mahj.test") as client:
        cli("win", "Kathy", "30", "--self-pick", "--session", str(night))
        page = client.get("/")
        assert "Kathy wins 30, self-picked" in page.text
        drawn = re.search(r'data-version="([^"]+)"', page.text)
        assert drawn is not None
        app.state.watcher.look()  # the server's next look at the file
        assert client.get("/version.json").json()["version"] == drawn[1]
