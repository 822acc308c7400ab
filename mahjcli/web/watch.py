"""One watcher for the whole server: it looks at the served files about every half second
(and at once after a save made through the page), and wakes every open scoreboard
connection of what changed. Two hundred screens cost two hundred sleeping coroutines,
not two hundred pollers, and a save at one table of a room wakes only the screens that
show it. A save through the page after a quiet moment wakes its screens at once; saves
that come in a burst (a room of tables entering games at once) wake each screen at most
every `SETTLE` seconds, once for all the saves since: a screen is told of a change
within a second either way."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

from .source import Room, Source

INTERVAL = 0.5
"""Seconds between two looks at the files."""
SETTLE = 1.0
"""Seconds at least between two wakes of the screens by saves through the page (the
version, which the short poll reads, moves at once). Each wake has every screen fetch its
board again: with two hundred screens open and fifty tables entering games at once, once
a second instead of twice took a fifth less of the server's time per game."""
KEEPALIVE = 15.0
"""Seconds of silence after which a scoreboard connection gets a comment line, so that
proxies and phones do not take it for dead."""


class Watcher:
    """Looks at the room's files and tells the waiting streams when they change: a
    stream of one file's screen wakes only when that file changed, the room's screen
    on any change."""

    def __init__(self, room: Room, interval: float = INTERVAL, settle: float = SETTLE) -> None:
        self.room = room
        self.interval = interval
        self.settle = settle
        self.closed = False
        self._changed: dict[str | None, asyncio.Event] = {}
        self._soon: set[str] = set()
        """The files saved through the page whose screens are woken at the next settle."""
        self._waking: asyncio.TimerHandle | None = None
        self._woken = float("-inf")
        """When (the loop's time) the screens were last woken by saves through the page."""
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def _event(self, scope: str | None) -> asyncio.Event:
        """What the streams of `scope` (a file's key; None: the whole room) wait on."""
        if scope not in self._changed:
            self._changed[scope] = asyncio.Event()
        return self._changed[scope]

    def look(self) -> bool:
        """Look at the files now; wake the streams of what changed."""
        changed = self.room.look()
        self._wake(changed)
        return bool(changed)

    def look_at(self, source: Source) -> None:
        """A save just went through `source` (in the event loop): its version moves now;
        its screens wake at once after a quiet moment, else `settle` seconds after they
        were last woken, with every other save since."""
        if not self.room.look_at(source):
            return
        if self._loop is None or self.settle <= 0:
            self._wake([source.key])
            return
        self._soon.add(source.key)
        if self._waking is None:
            wait = max(0.0, self._woken + self.settle - self._loop.time())
            self._waking = self._loop.call_later(wait, self._wake_soon)

    def touch(self, source: Source) -> None:
        """What the screens show of `source` changed though its file did not (the night
        closed, the join code shown): a version more, its screens woken at once."""
        source.version += 1
        self.room.version += 1
        self._wake([source.key])

    def _wake_soon(self) -> None:
        keys, self._soon, self._waking = sorted(self._soon), set(), None
        if self._loop is not None:
            self._woken = self._loop.time()
        self._wake(keys)

    def _wake(self, keys: list[str]) -> None:
        if not keys:
            return
        for scope in (*keys, None):
            if (event := self._changed.pop(scope, None)) is not None:
                event.set()

    async def run(self) -> None:
        """Look every `interval` seconds until closed."""
        while not self.closed:
            self.look()
            await asyncio.sleep(self.interval)

    def start(self) -> None:
        """Start looking (in the running event loop)."""
        if self._task is None:
            self._loop = asyncio.get_running_loop()
            self._task = self._loop.create_task(self.run())

    async def stop(self) -> None:
        """Stop looking and end every stream."""
        self.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def close(self) -> None:
        """End every stream (the server is stopping)."""
        self.closed = True
        if self._waking is not None:
            self._waking.cancel()
            self._waking = None
        events, self._changed = self._changed, {}
        for event in events.values():
            event.set()

    def close_soon(self) -> None:
        """`close`, from a signal handler: run in the event loop as soon as it can."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.close)
        else:
            self.closed = True

    async def changes(self, timeout: float, scope: str | None = None) -> bool:
        """Wait until the next change of `scope` (True) or `timeout` seconds (False)."""
        event = self._event(scope)
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            return False
        return True

    async def stream(
        self, version: Callable[[], int], scope: str | None = None, keepalive: float = KEEPALIVE
    ) -> AsyncIterator[str]:
        """Server-sent events: the scope's version now, then again each time it changes;
        a comment line after `keepalive` seconds of quiet."""
        yield "retry: 1000\n\n"
        last: int | None = None
        while not self.closed:
            now = version()
            if now != last:
                last = now
                yield f"data: {self.room.tag(now)}\n\n"
            elif not await self.changes(keepalive, scope) and not self.closed:
                yield ": still here\n\n"
