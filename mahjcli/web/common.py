"""What every page and route of the server shares: the room, its watcher and its keys,
the templates, saving a file without blocking the server, the live scoreboard, and the
ways a refused request is answered."""

from __future__ import annotations

import functools
import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, cast
from urllib.parse import quote

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup, escape
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route
from starlette.templating import Jinja2Templates

from ..core.errors import MahjError
from ..core.names import listing, visible
from ..core.wording import isolated_rtl
from ..night.change import Change
from ..reports.words import points
from .fields import entry_id, flag, only, said_of, spot_of
from .guard import (
    Fields,
    Keys,
    Level,
    Problem,
    bearer,
    cookie_name,
    cookie_token,
    error_response,
    json_response,
    status_of,
    wants_json,
    write_fields,
)
from .source import Room, Shown, Source, named
from .watch import Watcher

T = TypeVar("T")
Handler = Callable[..., Awaitable[Response]]
H = TypeVar("H", bound=Handler)

# Autoescaping on for every page: a name (`<script>`, `[bold]Sue`, `李`) is shown as typed.
environment = Environment(
    loader=PackageLoader("mahjcli.web", "templates"),
    autoescape=True,
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)
environment.filters["points"] = points
environment.filters["shown"] = visible
environment.filters["url"] = lambda text: quote(str(text), safe="")
environment.filters["spot"] = spot_of
environment.filters["names"] = listing  # `Smith, Jane; Eve`: a comma in a name
environment.filters["rtl"] = isolated_rtl  # a sentence with an Arabic or Hebrew name
environment.filters["dated"] = lambda text: Markup(
    # A date in a title stays on one line: a phone broke it as "2026-12-" / "06".
    re.sub(r"\b\d{4}-\d{2}-\d{2}\b", r'<span class="date">\g<0></span>', str(escape(text)))
)
templates = Jinja2Templates(env=environment)


def qr_svg(link: str) -> Markup:
    """`link` as a QR code for a page, named for screen readers."""
    import qrcode
    import qrcode.image.svg

    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(link)
    drawing = code.make_image(image_factory=qrcode.image.svg.SvgPathImage).to_string(
        encoding="unicode"
    )
    named = 'class="qr" role="img" aria-label="QR code: the link that lets a phone enter games"'
    svg = re.sub(r'<svg width="[^"]*" height="[^"]*"', f"<svg {named}", drawing, count=1)
    return Markup(svg)


def base_of(source: Source) -> str:
    """Where a night's pages start: `` for the one night served, `/n/NAME` in a folder."""
    return f"/n/{quote(source.key, safe='')}" if source.key else ""


def join_code_shown(code: str, link: str) -> dict[str, Any]:
    """What the room's screen shows of the tables' join code (nothing when it is hidden):
    the code, its QR code, and the address to type it at (without `http://`, which a
    phone's browser does not need)."""
    if not code:
        return {"code": "", "qr": "", "enter_at": ""}
    at = f"{link.split('://', 1)[-1]}/enter"
    return {"code": code, "qr": qr_svg(f"{link}/enter?code={code}"), "enter_at": at}


def draw(template: str, **context: Any) -> str:
    """A page's text (a part of a page that is sent again as it is)."""
    return templates.get_template(template).render(context)


def render(request: Request, template: str, status: int = 200, **context: Any) -> Response:
    """One page."""
    return templates.TemplateResponse(
        request, template, context, status_code=status, headers={"Cache-Control": "no-store"}
    )


def page(heading: str = "Not possible") -> Callable[[H], H]:
    """A page's handler, whose refusals are shown as a page (an API's are JSON)."""

    def wrap(handler: H) -> H:
        @functools.wraps(handler)
        async def shown(self: Site, request: Request, **kept: Any) -> Response:
            try:
                return await handler(self, request, **kept)
            except (Problem, MahjError) as exc:
                return page_error(request, exc, heading)

        return cast(H, shown)

    return wrap


CODE_SAID = {
    "code-new": "A new join code is made (see it here under “See the join code here”): "
    "phones that joined with the old one type the new one, or scan it on the room's screen.",
    "code-shown": "The room's screen shows the join code and its QR code now.",
    "code-hidden": "The room's screen no longer shows the join code.",
}
"""What the organiser's (or director's) page says after its join-code form."""


class Site:
    """The served room, its watcher, and who may write (the organiser's key, the join code)."""

    kind = ""
    """The kind of file whose pages these are (a night's, an event's)."""
    routes: Callable[[], list[BaseRoute]]
    """The site's routes."""
    desk: Callable[[Source], str]
    """The organiser's page (a night's) or the director's (an event's)."""
    board_context: Callable[[Source, Shown, str], dict[str, Any]]
    """What the screen shows of the file (`source` as `shown`, phones reaching `link`)."""
    board_marker: Callable[[Source, Shown], str]
    """What the screen's part shows besides the file (the part is drawn again when it moves)."""

    def __init__(self, room: Room, watcher: Watcher, keys: Keys, address: str = "") -> None:
        self.room = room
        self.watcher = watcher
        self.keys = keys
        self.address = address
        """Where phones reach this server (`http://HOST:PORT`), for the join code's link."""
        self._drawn: dict[str, tuple[tuple[object, ...], tuple[Shown, ...], str]] = {}
        self.done_ids: set[str] = set()
        """The entry ids of the writes that leave no line in the file (a rename, the join
        code), kept while the server runs: the second send of one changes nothing."""

    def did(self, eid: str | None) -> None:
        """Count a write that leaves no line in the file as done under its entry id."""
        if eid is not None:
            self.done_ids.add(eid)

    async def saving(self, source: Source, save: Callable[..., T], *args: Any) -> T:
        """Run a save of `source` (`save(path, *args)`: it blocks on lock, load, replay,
        fsync) in a worker thread, after the page's saves of the same file that came first
        (they would otherwise wait for its lock by polling it). Once started, it runs to
        its end under the lock even when the request is cancelled meanwhile (the server
        stopping): all or nothing, never half."""
        async with source.turn:
            try:
                return await run_in_threadpool(save, source.path, *args)
            except MahjError as exc:  # said on a page: the file by its name, not its folders
                exc.args = (named(Exception.__str__(exc), source.path),)
                raise

    def screen_routes(self) -> list[BaseRoute]:
        """The room's screen, its part drawn again, and how it hears of a change."""
        return [
            Route("/", self.board_page),
            Route("/board", self.board_part),
            Route("/events", self.board_events),
            Route("/version.json", self.board_version),
        ]

    @page()
    async def board_page(self, request: Request) -> Response:
        source = self.source(request, self.kind)
        context = self.board_context(source, await self.shown(source), self.link_base(request))
        return self.screen(request, base_of(source), source.version, context)

    @page()
    async def board_part(self, request: Request) -> Response:
        source = self.source(request, self.kind)
        shown = await self.shown(source)
        link = self.link_base(request)
        shows = (self.board_marker(source, shown), self.keys.code if source.show_code else "", link)
        context = lambda: self.board_context(source, shown, link)  # noqa: E731
        return self.drawn(request, f"{self.kind}_part.html", (shown,), context, *shows)

    async def join_code(self, request: Request) -> Response:
        """`show=true|false`: the screen shows the join code and its QR code (in a folder, for
        every night: one code opens them all), or not; `change=true`: a new one. The key."""
        source = self.source(request, self.kind)
        fields = await self.organiser_fields(request)
        is_page = bool(fields.pop("page", [""])[0])
        eid = entry_id(fields)
        only(fields, ("show", "change"))
        if eid not in self.done_ids:
            if flag(fields, "change"):
                self.keys.new_code()
                self.watcher.touch(source)
            show = flag(fields, "show") if "show" in fields else source.show_code
            for each in self.room.nights() if self.kind == "night" else [source]:
                if each.show_code != show:
                    each.show_code = show
                    self.watcher.touch(each)
            self.did(eid)
        if is_page:
            what = "new" if flag(fields, "change") else "shown" if source.show_code else "hidden"
            return self.at_desk(request, fields, see(f"{self.desk(source)}?done=code-{what}"))
        return json_response({"code": self.keys.code, "shown": source.show_code})

    def link_base(self, request: Request) -> str:
        """`http://HOST:PORT` as phones reach it: the address printed, else this request's."""
        return self.address or str(request.base_url).rstrip("/")

    def at_desk(self, request: Request, fields: Fields, answer: Response) -> Response:
        """A page's answer to a write: the phone keeps the organiser's key it sent, if still it."""
        keep = self.holds_key(request, fields)
        return remember(answer, request, self.keys.key) if keep else answer

    def key_of(self, request: Request) -> str | None:
        """The key or join code this phone's cookie holds, while still good (for its forms)."""
        return cookie_token(request, self.keys)

    def level_of(self, request: Request) -> Level | None:
        """What this phone may do: the organiser's, a table's, or only look."""
        return self.keys.level(request.cookies.get(cookie_name(request)))

    async def table_fields(self, request: Request) -> Fields:
        """A table's write: its fields, once it carries the key or the join code."""
        return await write_fields(request, self.keys, "table")

    def holds_key(self, request: Request, fields: Fields) -> bool:
        """Whether a write came with the organiser's key (not the tables' join code)."""
        given = bearer(request) or next(iter(fields.get("token", [])), None)
        return self.keys.level(given) == "organiser"

    async def organiser_fields(self, request: Request) -> Fields:
        """A write for the whole room: its fields, once it carries the organiser's key."""
        return await write_fields(request, self.keys, "organiser")

    def source(self, request: Request, kind: str) -> Source:
        """The file a request is about (404 when there is none of that kind)."""
        key = request.path_params.get("key", "")
        source = self.room.sources.get(key)
        if source is None or source.kind != kind:
            raise Problem(
                404, f"there is no {kind} called {key!r} here" if key else f"no {kind} here"
            )
        return source

    async def read(self, request: Request) -> tuple[Source, Shown]:
        """The file a request is about, as it is now (Problem 409 when it cannot be read)."""
        source = self.source(request, self.kind)
        shown = await self.shown(source)
        if shown.night is None and shown.event is None:
            raise Problem(409, shown.error or f"the {self.kind} cannot be read")
        return source, shown

    async def shown(self, source: Source) -> Shown:
        """The file as it is now, read in a worker thread when it changed (its version
        moved first, so that the page carries the version its screens are then told)."""
        cached = source.cached()
        if cached is not None:
            return cached
        self.watcher.look_at(source)
        return await run_in_threadpool(source.shown)

    def screen(
        self, request: Request, base: str, version: int, context: dict[str, Any]
    ) -> Response:
        """The room's screen of what starts at `base`: its part (`context`), and where the
        page asks for it again (`/board`) and hears that it changed."""
        return render(
            request,
            "board.html",
            **context,
            part=f"{base}/board",
            events=f"{base}/events",
            poll=f"{base}/version.json",
            version=self.room.tag(version),
        )

    def drawn(
        self,
        request: Request,
        template: str,
        readings: tuple[Shown, ...],
        context: Callable[[], dict[str, Any]],
        *also: str,
    ) -> Response:
        """A scoreboard's part as drawn from these very readings of its files (and `also`),
        else drawn now: the screens that ask for it after a change draw it once, not once
        each (two hundred screens took a processor's whole time drawing the same board)."""
        marker = (*map(id, readings), *also)  # the readings kept below keep their ids
        kept = self._drawn.get(request.url.path)
        if kept is None or kept[0] != marker:
            kept = (marker, readings, draw(template, **context()))
            self._drawn[request.url.path] = kept
        return HTMLResponse(kept[2], headers={"Cache-Control": "no-store"})

    def events(self, version: Callable[[], int], scope: str | None = None) -> Response:
        """The scoreboard's stream of versions (server-sent events) of a file or the room."""
        return StreamingResponse(
            self.watcher.stream(version, scope),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    async def board_events(self, request: Request) -> Response:
        source = self.source(request, self.kind)
        return self.events(lambda: source.version, source.key)

    async def board_version(self, request: Request) -> Response:
        return self.version(self.source(request, self.kind).version)

    def version(self, number: int) -> Response:
        """The short poll's answer, for screens without server-sent events."""
        return json_response({"version": self.room.tag(number)})

    def saved(self, source: Source, done: Change | None = None) -> None:
        """A save just went through `source`: look at it at once, so screens update now
        (with the night the save replayed, when it says what it wrote)."""
        if done is not None and done.data:
            source.remember(done.data, done.after)
        self.watcher.look_at(source)

    async def again(
        self, request: Request, exc: Exception, view: Handler, *, json: bool = False, **kept: Any
    ) -> Response:
        """A form's page again (`view`), with what was wrong and the choices `kept`; a
        refused key, origin or body is a page of its own; `{"error": ...}` when the page's
        script sent the form (`json`: the form's answer is JSON to it)."""
        if json and wants_json(request):
            return api_error(exc)
        status, message = refused(exc)
        if status in (401, 403, 413, 415):
            return page_error(request, exc)
        return await view(request, error=message, status=status, **kept)


def refused(exc: Exception) -> tuple[int, str]:
    """The status and message of a refusal."""
    if isinstance(exc, Problem):
        return exc.status, exc.message
    if isinstance(exc, MahjError):
        return status_of(exc), said_of(exc)
    raise exc


def api_error(exc: Exception, **more: Any) -> Response:
    """A refused API request: `{"error": "...", **more}` with its 4xx status."""
    status, message = refused(exc)
    return error_response(status, message, **more)


def page_error(
    request: Request, exc: Exception, heading: str = "Not possible", back: Any = None
) -> Response:
    """A refused page: the message, readable, with its status (and `back`, a link as
    (address, words), to where the player came from)."""
    status, message = refused(exc)
    back = back or getattr(exc, "back", None)  # a code changed under a phone: where to type it
    return render(request, "message.html", status, heading=heading, message=message, back=back)


def see(url: str) -> Response:
    """After a form was taken: go to the page that shows the result (303)."""
    return RedirectResponse(url, status_code=303)


def form_items(fields: Fields, *, leave: tuple[str, ...] = ()) -> list[tuple[str, Any]]:
    """A form's fields as (name, value) pairs, to carry on in hidden fields."""
    return [(key, value) for key, values in fields.items() if key not in leave for value in values]


def remember(response: Response, request: Request, value: str, name: str = "") -> Response:
    """Keep `value` on the phone for a night (in the entry key's cookie unless `name`)."""
    kept = name or cookie_name(request)
    response.set_cookie(kept, value, max_age=24 * 3600, httponly=True, samesite="lax")
    return response


def without(fields: Fields, *keys: str) -> Fields:
    """The fields but `keys`."""
    return {key: values for key, values in fields.items() if key not in keys}
