"""One watcher for the whole server: it looks at the served files about every half second
(and at once after a save made through the page), and wakes every open scoreboard
connection when something changed. Two hundred screens cost two hundred sleeping
coroutines, not two hundred pollers."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable

from .source import Room

INTERVAL = 0.5
"""Seconds between two looks at the files."""
KEEPALIVE = 15.0
"""Seconds of silence after which a scoreboard connection gets a comment line, so that
proxies and phones do not take it for dead."""


class Watcher:
    """Looks at the room's files and tells the waiting streams when they change."""

    def __init__(self, room: Room, interval: float = INTERVAL) -> None:
        self.room = room
        self.interval = interval
        self.closed = False
        self._changed: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def _event(self) -> asyncio.Event:
        if self._changed is None:
            self._changed = asyncio.Event()
        return self._changed

    def look(self) -> bool:
        """Look at the files now; wake every stream when something changed."""
        changed = self.room.look()
        if changed:
            self._wake()
        return changed

    def _wake(self) -> None:
        event, self._changed = self._event(), asyncio.Event()
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
        self._wake()

    def close_soon(self) -> None:
        """`close`, from a signal handler: run in the event loop as soon as it can."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self.close)
        else:
            self.closed = True

    async def changes(self, timeout: float) -> bool:
        """Wait until the next change (True) or `timeout` seconds (False)."""
        event = self._event()
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            return False
        return True

    async def stream(
        self, version: Callable[[], int], keepalive: float = KEEPALIVE
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
            elif not await self.changes(keepalive) and not self.closed:
                yield ": still here\n\n"
