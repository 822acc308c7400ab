"""A tournament event on the server: the room's screen (the round's clock, its tables and
the standings; between rounds, who sits where by name), "where do I sit?", a round's
seating, the results page, and the API that reads (`/standings.json`, `/seating.json`,
`/where.json`, as the commands print them). Each table's page (`web.eventtable`), a
paper card's totals (`web.eventtotals`) and the director's page (`web.eventdirector`)
are parts of the same site."""

from __future__ import annotations

import time
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..core.clock import clock_state
from ..core.errors import MahjError, Refused
from ..core.event import SEAT_LETTERS
from ..core.eventfold import EventStandings
from ..core.model import WINDS
from ..reports import event as views
from ..reports.eventboard import current_round, event_board, floor_round, profile_words
from ..reports.eventwhere import spot, spot_json
from .common import qr_svg, render
from .eventbase import clock_view, server_now
from .eventdirector import DirectorPages
from .eventtable import TablePages
from .eventtotals import TotalsPages
from .guard import Problem, json_response
from .source import Shown, Source


class EventSite(TablePages, TotalsPages, DirectorPages):
    """The routes of an event."""

    def routes(self) -> list[BaseRoute]:
        """Every page and API route of an event."""
        return [
            Route("/", self.board_page),
            Route("/board", self.board_part),
            Route("/events", self.board_events),
            Route("/version.json", self.board_version),
            Route("/standings.json", self.standings_json),
            Route("/seating.json", self.seating_json),
            Route("/where.json", self.where_json),
            Route("/where", self.where_page),
            Route("/results", self.results_page),
            Route("/round/{round:int}", self.round_page),
            *self.table_routes(),
            *self.totals_routes(),
            *self.director_routes(),
        ]

    # ---- the room's screen -------------------------------------------------------------

    def board_context(self, source: Source, shown: Shown, link: str) -> dict[str, Any]:
        """What the screen shows of the event; the tables' join code and its QR code (to
        `link`/enter) when the director shows them."""
        context: dict[str, Any] = {
            "heading": source.path.name,
            "error": shown.error,
            "code": self.keys.code if source.show_code else "",
            "qr": qr_svg(f"{link}/enter?code={self.keys.code}") if source.show_code else "",
        }
        if shown.event is not None:
            now = server_now()
            page = event_board(shown.event.standings, now)
            context.update(page._asdict(), heading=page.title, letters=SEAT_LETTERS)
            context["clock"] = clock_view(page.clock, now)
        return {**context, "part_template": "event_part.html", "scripts": ["/static/event.js"]}

    async def board_page(self, request: Request) -> Response:
        source = self.source(request, "event")
        context = self.board_context(source, await self.shown(source), self.link_base(request))
        return self.screen(request, "", source.version, context)

    async def board_part(self, request: Request) -> Response:
        source = self.source(request, "event")
        shown = await self.shown(source)
        running = shown.event is not None and _clock_runs(shown.event.standings)
        # a running clock's part says the server's time: drawn again each second
        second = str(int(time.time())) if running else ""
        link = self.link_base(request)
        code = self.keys.code if source.show_code else ""
        return self.drawn(
            request, "event_part.html", (shown,), lambda: self.board_context(source, shown, link),
            second, code, link,
        )  # fmt: skip

    # ---- what the commands print as JSON (a refusal is answered {"error": ...}) ---------

    async def standings_json(self, request: Request) -> Response:
        opened = await self.opened(request)
        return json_response(views.standings_json(opened.standings))

    async def seating_json(self, request: Request) -> Response:
        """A seated round's sheet (the last one seated unless `?round=R`), with its clock;
        never seats one."""
        standings = (await self.opened(request)).standings
        rnd = _round(standings, request.query_params.get("round"))
        return json_response(views.seating_json(views.sheet(standings, rnd, server_now())))

    async def where_json(self, request: Request) -> Response:
        """`mahj event where NAME --json`: `?name=NAME` (any case), `&round=R`."""
        standings = (await self.opened(request)).standings
        name = request.query_params.get("name", "")
        if not name.strip():
            raise Problem(400, "give the player's name: /where.json?name=NAME")
        raw = request.query_params.get("round")
        rnd = _round(standings, raw) if raw is not None else floor_round(standings)
        return json_response(spot_json(spot(standings, name, rnd or None)))

    # ---- pages for everyone ------------------------------------------------------------

    async def where_page(self, request: Request) -> Response:
        """Where do I sit? A name typed or picked; its table, seat, opponents and points."""
        try:
            opened, rnd = await self.floor(request)
        except (Problem, MahjError) as exc:
            return self.refused_page(request, exc)
        standings = opened.standings
        typed = request.query_params.get("name", "")
        found, error = None, None
        if typed.strip():
            try:
                found = spot(standings, typed, rnd)
            except MahjError as exc:
                error = exc.words("page")
        seating = opened.event.seating(rnd)
        assert seating is not None
        return render(
            request,
            "event_where.html",
            400 if error else 200,
            title=views.event_title(standings),
            round=rnd,
            names=sorted((*seating.seated(), *seating.byes), key=str.casefold),
            typed=typed,
            found=found,
            error=error,
        )

    async def round_page(self, request: Request) -> Response:
        try:
            standings = (await self.opened(request)).standings
            rnd = _round(standings, str(request.path_params["round"]))
        except (Problem, MahjError) as exc:
            return self.refused_page(request, exc)
        page = views.sheet(standings, rnd)
        return render(
            request,
            "event_round.html",
            sheet=page,
            summary=views.sheet_summary(page),
            cards=views.cards_line(standings, rnd),
            letters=SEAT_LETTERS,
            winds=WINDS,
        )

    async def results_page(self, request: Request) -> Response:
        """The results: the profile, the winner's circle, the round winners, the standings
        with shared places, and how ties were settled."""
        try:
            standings = (await self.opened(request)).standings
        except (Problem, MahjError) as exc:
            return self.refused_page(request, exc)
        board = event_board(standings)
        size = views.circle(standings, None)
        return render(
            request,
            "event_results.html",
            board=board,
            profile=profile_words(standings),
            circle=board.lines[: len(standings.top(size))],
            size=size,
            players=len(standings.lines),
            played=standings.rounds,
            rounds=standings.event.rounds,
        )


def _clock_runs(standings: EventStandings) -> bool:
    """Whether the round on the floor has a clock running now."""
    rnd = floor_round(standings)
    clock = clock_state(standings.event.clock, rnd, server_now()) if rnd else None
    return clock is not None and not clock.called and clock.ends is not None


def _round(standings: EventStandings, raw: str | None) -> int:
    """A seated round: `raw`, or the last one seated."""
    seated = current_round(standings)
    if raw is None:
        if not seated:
            raise Refused("no round is seated yet")
        return seated
    from ..core.numbers import whole_number

    return whole_number(raw, "ROUND", 1, max(seated, 1))
