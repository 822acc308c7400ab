"""The server's application: one night at `/`, one event at `/`, or a folder's nights
at `/n/NAME` under a room page listing them all; the entry link that lets a phone write;
the static files; one watcher for every screen; and every refusal as `{"error": ...}`."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from ..core.errors import MahjError
from ..reports import board
from .common import Site, api_error, base_of, join_code_shown, page_error, remember, render, see
from .eventpages import EventSite
from .guard import Guard, Keys, Problem, error_response
from .nightpages import ROOM_WRITES, NightSite
from .source import Room, Shown, Source
from .watch import Watcher


class RoomSite(Site):
    """The room page of a folder of nights: every night's tables and leaders at a glance."""

    def routes(self) -> list[BaseRoute]:
        return [
            *self.screen_routes(),
            *(Route(f"/{name}", self.which) for name in ("status.json", "total.json", "log.json")),
            *(Route(f"/{name}", self.which, methods=["POST"]) for name in ("win", "wall")),
        ]

    async def readings(self) -> list[tuple[Source, Shown]]:
        """Every night of the folder, as it is now."""
        return [(source, await self.shown(source)) for source in self.room.nights()]

    def left_out(self) -> list[str]:
        """The files of the folder that are not nights (events: served with --session)."""
        return sorted(s.path.name for s in self.room.sources.values() if s.kind != "night")

    def code(self) -> str:
        """The join code, when a night's organiser asked for it on the screen: in a folder
        the screen is the room's page, and one code opens every night."""
        return self.keys.code if any(s.show_code for s in self.room.nights()) else ""

    def context(self, readings: list[tuple[Source, Shown]], link: str) -> dict[str, Any]:
        nights = [
            {
                "name": source.path.stem,
                "file": source.path.name,
                "base": base_of(source),
                "error": shown.error,
                "board": board.board(shown.night.standings, recent=1) if shown.night else None,
            }
            for source, shown in readings
        ]
        where = self.room.folder
        folder = (where.resolve().name or str(where)) if where is not None else ""  # its name
        return {
            "heading": folder,
            "folder": folder,
            "nights": nights,
            "left_out": self.left_out(),
            "part_template": "room_part.html",
            **join_code_shown(self.code(), link),
        }

    async def board_page(self, request: Request) -> Response:
        context = self.context(await self.readings(), self.link_base(request))
        return self.screen(request, "", self.room.version, context)

    async def board_part(self, request: Request) -> Response:
        readings, link = await self.readings(), self.link_base(request)
        shown = tuple(each for _, each in readings)
        context = functools.partial(self.context, readings, link)
        return self.drawn(
            request, "room_part.html", shown, context, self.code(), link, *self.left_out()
        )

    async def board_events(self, request: Request) -> Response:
        return self.events(lambda: self.room.version)

    async def board_version(self, request: Request) -> Response:
        return self.version(self.room.version)

    async def which(self, request: Request) -> Response:
        names = ", ".join(s.key for s in self.room.nights()) or "none yet"
        return error_response(
            404,
            f"this server serves a folder of nights: ask /n/NAME{request.url.path} "
            f"(nights: {names})",
        )


def enter(site: Site) -> Route:
    """The entry link: `/enter?key=KEY` (the organiser's) or `/enter?code=CODE` (the
    tables' join code, scanned from the room's screen or typed in the form `/enter`
    shows) keeps it on the phone, then shows the tables (whose page links the organiser's
    page for the key)."""

    async def endpoint(request: Request) -> Response:
        given = request.query_params.get("key") or request.query_params.get("code")
        if given is None:
            return render(request, "enter.html", error=None)
        level = site.keys.level(given)
        if level is None:
            return render(
                request,
                "enter.html",
                401,
                error="That is not this room's code (or the link is an old one): type the "
                "code the room's screen shows, or scan its QR code again.",
            )
        kept = site.keys.key if level == "organiser" else site.keys.code
        return remember(see("/tables" if site.room.single is not None else "/"), request, kept)

    return Route("/enter", endpoint)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    browser = request.headers.get("accept", "").startswith("text/html")
    if exc.status_code == 405 and request.method == "GET" and browser:
        # the address a form was sent to, opened again (a tab brought back): its page
        return see(_form_page(request.url.path, getattr(request.app.state, "desk", "")))
    if exc.status_code == 404 and browser:  # a mistyped address: a page, in words
        words = (
            f"There is no page at {request.url.path}: check the address the screen shows, "
            "or start again from the scoreboard."
        )
        return render(request, "message.html", 404, heading="No such page", message=words)
    response = error_response(exc.status_code, str(exc.detail))
    response.headers.update(exc.headers or {})  # a 405's Allow
    return response


ROOM_FORMS = frozenset((*ROOM_WRITES, "close-night", "open-night", "key", "join-code"))
"""The writes of the organiser's (or the director's) page."""


def _form_page(path: str, desk: str) -> str:
    """The page whose form posts to `path`: the organiser's or the director's for the
    room's writes, else the page above it (`/round/1/table/2/check`: the table's).

    >>> _form_page("/n/mon/rename", "/organiser"), _form_page("/event/accept", "/director")
    ('/n/mon/organiser', '/director')
    >>> _form_page("/director/start", "/director"), _form_page("/round/1/table/2/check", "")
    ('/director', '/round/1/table/2')
    """
    parent, last = path.rsplit("/", 1)
    if parent.endswith("/director") or parent == "/event":
        return "/director"
    if last in ROOM_FORMS and desk:
        return f"{parent}{desk}"
    return parent or "/"


async def _refusal(request: Request, exc: Exception) -> Response:
    """A refusal no page handler caught (the key checked before the form is read): a page
    for a browser's form, which would otherwise show raw JSON, else `{"error": ...}`."""
    browser = request.headers.get("accept", "").startswith("text/html")  # a page's form
    if browser and request.method == "POST" and "authorization" not in request.headers:
        return page_error(request, exc)
    return api_error(exc)


async def _failure(request: Request, exc: Exception) -> Response:
    return error_response(
        500, f"the server failed ({type(exc).__name__}); check the night with mahj log"
    )


def make_app(
    room: Room, token: str | Keys, *, interval: float | None = None, address: str = ""
) -> Starlette:
    """The application serving `room`, writes allowed with `token` (the organiser's entry
    key, or the keys with the tables' join code); `address` is where phones reach it
    (`http://HOST:PORT`), for the room's screen's QR code."""
    watcher = Watcher(room) if interval is None else Watcher(room, interval)
    keys = token if isinstance(token, Keys) else Keys(token)
    routes: list[BaseRoute]
    single = room.single
    if single is None:
        night = NightSite(room, watcher, keys, address)
        site: Site = RoomSite(room, watcher, keys)
        routes = [*site.routes(), Mount("/n/{key}", routes=night.routes())]
    elif single.kind == "event":
        site = EventSite(room, watcher, keys, address)
        routes = site.routes()
    else:
        site = NightSite(room, watcher, keys, address)
        routes = site.routes()
    static = StaticFiles(packages=[("mahjcli.web", "static")])
    routes = [enter(site), Mount("/static", static, name="static"), *routes]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        watcher.start()
        try:
            yield
        finally:
            await watcher.stop()

    app = Starlette(
        routes=routes,
        middleware=[Middleware(Guard)],
        exception_handlers={
            HTTPException: _http_error,
            Problem: _refusal,
            MahjError: _refusal,
            Exception: _failure,
        },
        lifespan=lifespan,
    )
    app.state.watcher = watcher
    app.state.room = room
    app.state.keys = keys
    app.state.desk = "/director" if single is not None and single.kind == "event" else "/organiser"
    return app
