"""What every page and route of the server shares: the room and its watcher, the token,
reading a file without blocking the server, the live scoreboard's stream and the ways a
request is answered when it is refused."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response, StreamingResponse
from starlette.routing import BaseRoute

from ..core.errors import MahjError
from .guard import Problem, cookie_token, error_response, json_response, status_of
from .pages import render
from .source import Room, Shown, Source
from .watch import Watcher

T = TypeVar("T")

SAVERS = 4
"""Saves that run at once, each in a worker thread holding its own file's lock: more
would only wait for each other (and for the processor) when a whole room enters its
games at once, and each would take longer."""


class Site:
    """The served room, its watcher and the token of this run."""

    def __init__(self, room: Room, watcher: Watcher, token: str) -> None:
        self.room = room
        self.watcher = watcher
        self.token = token
        self._savers: ThreadPoolExecutor | None = None

    async def saving(self, func: Callable[..., T], *args: Any) -> T:
        """Run a save (it blocks: lock, load, replay, fsync) in one of `SAVERS` threads
        kept for saves; the others wait their turn in the order they came. (The event
        loop's own hand-off to a pool of threads costs about a third of the instructions
        of anyio's hand-off through a limiter, measured per save.)"""
        if self._savers is None:
            self._savers = ThreadPoolExecutor(SAVERS, thread_name_prefix="mahj-save")
        # A request cancelled meanwhile (the server stopping) gets no answer, but its save,
        # once started, runs to its end under the lock: all or nothing, never half.
        return await asyncio.get_running_loop().run_in_executor(self._savers, func, *args)

    def close(self) -> None:
        """The server is stopping: the saving threads end once the saves under way and
        those already waiting are done (the process waits for them before it exits)."""
        if self._savers is not None:
            self._savers.shutdown(wait=False)
            self._savers = None

    def routes(self) -> list[BaseRoute]:
        """The site's routes."""
        raise NotImplementedError

    def key_of(self, request: Request) -> str | None:
        """The token, when this phone opened the entry link (its cookie holds it)."""
        return cookie_token(request, self.token)

    def source(self, request: Request, kind: str) -> Source:
        """The file a request is about (404 when there is none of that kind)."""
        key = request.path_params.get("key", "")
        source = self.room.sources.get(key)
        if source is None or source.kind != kind:
            raise Problem(
                404, f"there is no {kind} called {key!r} here" if key else f"no {kind} here"
            )
        return source

    async def shown(self, source: Source) -> Shown:
        """The file as it is now, read in a worker thread when it changed."""
        cached = source.cached()
        if cached is not None:
            return cached
        return await run_in_threadpool(source.shown)

    def events(self, version: Callable[[], int], scope: str | None = None) -> Response:
        """The live scoreboard's stream of versions (server-sent events) of one file
        (`scope`, its key) or of the whole room (None)."""
        return StreamingResponse(
            self.watcher.stream(version, scope),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    def version(self, number: int) -> Response:
        """The short poll's answer, for screens without server-sent events."""
        return json_response({"version": self.room.tag(number)})

    def saved(self, source: Source) -> None:
        """A save just went through `source`: look at it at once, so screens update now."""
        self.watcher.look_at(source)


def refused(exc: Exception) -> tuple[int, str]:
    """The status and message of a refusal."""
    if isinstance(exc, Problem):
        return exc.status, exc.message
    if isinstance(exc, MahjError):
        return status_of(exc), str(exc)
    raise exc


def api_error(exc: Exception) -> Response:
    """A refused API request: `{"error": "..."}` with its 4xx status."""
    status, message = refused(exc)
    return error_response(status, message)


def page_error(exc: Exception, heading: str = "Not possible") -> Response:
    """A refused page: the message, readable, with its status."""
    status, message = refused(exc)
    return render("message.html", status, heading=heading, message=message)


def see(url: str) -> Response:
    """After a form was taken: go to the page that shows the result (303)."""
    return RedirectResponse(url, status_code=303)


def form_items(
    fields: dict[str, list[str]], *, leave: tuple[str, ...] = ()
) -> list[tuple[str, Any]]:
    """A form's fields as (name, value) pairs, to carry on in hidden fields."""
    return [(key, value) for key, values in fields.items() if key not in leave for value in values]
