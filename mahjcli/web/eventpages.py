"""A tournament event on the server: the room's screen (the round's clock, its tables and
the standings; between rounds, who sits where), "where do I sit?", a round's seating, the
results, the tables' pages (`web.eventtable`), the director's page (the clock, every
table's card to accept or reopen, seating the next round), and the API: the reads as the
commands print them, and the writes named like the commands (`POST /event/ACTION`),
each answering with the table's card or the round's sheet as it leaves them."""

from __future__ import annotations

import time
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Route

from ..core.clock import clock_state
from ..core.errors import MahjError, Refused
from ..core.event import SEAT_LETTERS
from ..core.eventfold import EventStandings
from ..core.model import WINDS
from ..core.numbers import whole_number
from ..reports import event as views
from ..reports.eventboard import (
    clock_view,
    current_round,
    director_context,
    director_news,
    event_board,
    floor_round,
    profile_words,
)
from ..reports.eventcard import card_json, card_view
from ..reports.eventpage import awaited
from ..reports.eventwhere import spot, spot_json
from .common import CODE_SAID, draw, join_code_shown, page, page_error, render, see
from .eventforms import ACTIONS, DIRECTOR, asked, new_entry_id
from .eventtable import TablePages, server_now
from .fields import small
from .guard import Fields, Problem, error_response, json_response
from .nightpages import ROOM_WRITES
from .source import Shown, Source

DONE = {
    "accept": "Accepted round {round}, table {table}'s card.",
    "reopen": "Round {round}, table {table}'s card is open again at the table.",
    "start": "Round {round}'s clock is running.",
    "call-time": "Time is called for round {round}.",
    "seat": "Round {round} is seated.",
    "again": "Nothing to change: that was done already.",
    **CODE_SAID,
}
"""What the director's page says after each of the director's writes."""


NIGHT_WRITES = ("win", "wall", "incomplete", "fix", *ROOM_WRITES, "undo")
"""A night's writes, which an event answers with its own addresses."""


class EventSite(TablePages):
    """The routes of an event."""

    def routes(self) -> list[BaseRoute]:
        post = ["POST"]
        return [
            *self.screen_routes(),
            Route("/standings.json", self.standings_json),
            Route("/seating.json", self.seating_json),
            Route("/where.json", self.where_json),
            Route("/where", self.where_page),
            Route("/results", self.results_page),
            Route("/round/{round:int}", self.round_page),
            *self.table_routes(),
            Route("/director", self.director_view),
            Route("/director/news", self.director_news),
            Route("/director/join-code", self.join_code, methods=post),
            *(Route(f"/director/{name}", self.director_write, methods=post) for name in DIRECTOR),
            *(Route(f"/event/{name}", self.api_write, methods=post) for name in ACTIONS),
            *(
                Route(f"/{name}", self.night_only)
                for name in ("status.json", "total.json", "log.json")
            ),
            *(Route(f"/{name}", self.night_only, methods=post) for name in NIGHT_WRITES),
        ]

    async def night_only(self, request: Request) -> Response:
        """A night's address asked of an event: what to ask instead."""
        return error_response(
            404,
            "this server serves an event, not a night: ask /standings.json, /seating.json or "
            "/where.json?name=NAME; a table's game goes to /event/ACTION (/event/win, "
            "/event/wall, ... with round and table) and a card of totals to /score",
        )

    # ---- the room's screen -------------------------------------------------------------

    def board_context(self, source: Source, shown: Shown, link: str) -> dict[str, Any]:
        """What the screen shows of the event; the tables' join code and its QR code when
        the director shows them."""
        context: dict[str, Any] = {
            "heading": source.path.name,
            "error": shown.error,
            **join_code_shown(self.keys.code if source.show_code else "", link),
            "part_template": "event_part.html",
            "scripts": ["/static/event.js"],
        }
        if shown.event is not None:
            now = server_now()
            board = event_board(shown.event.standings, now)
            context.update(board._asdict(), heading=board.title, letters=SEAT_LETTERS)
            context["clock"] = clock_view(board.clock, now)
        return context

    def board_marker(self, source: Source, shown: Shown) -> str:
        """The second now while the round's clock runs (its part says the server's time)."""
        running = shown.event is not None and _clock_runs(shown.event.standings)
        return str(int(time.time())) if running else ""

    # ---- what the commands print as JSON (a refusal is answered {"error": ...}) ---------

    async def standings_json(self, request: Request) -> Response:
        opened = await self.opened(request)
        return json_response(views.standings_json(opened.standings))

    async def seating_json(self, request: Request) -> Response:
        """A seated round's sheet (the last one seated unless `?round=R`); never seats one."""
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
        rnd = _round(standings, raw) if raw is not None else None
        return json_response(spot_json(spot(standings, name, rnd, server_now())))

    # ---- pages for everyone ------------------------------------------------------------

    @page()
    async def where_page(self, request: Request) -> Response:
        """Where do I sit? A name typed or picked; its table, seat, opponents and points."""
        opened, rnd = await self.floor(request)
        standings = opened.standings
        typed = request.query_params.get("name", "")
        found, error = None, None
        if typed.strip():
            try:
                found = spot(standings, typed, now=server_now())  # a late arrival: her round
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

    @page()
    async def round_page(self, request: Request) -> Response:
        standings = (await self.opened(request)).standings
        rnd = _round(standings, str(request.path_params["round"]))
        sheet = views.sheet(standings, rnd)
        return render(
            request,
            "event_round.html",
            sheet=sheet,
            summary=views.sheet_summary(sheet),
            cards=views.cards_line(standings, rnd),
            letters=SEAT_LETTERS,
            winds=WINDS,
        )

    @page()
    async def results_page(self, request: Request) -> Response:
        """The profile, the winner's circle, the round winners, the standings with shared
        places, and how ties were settled."""
        standings = (await self.opened(request)).standings
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
            awaited=awaited(standings),
        )

    # ---- the director's page, and the writes for scripts ------------------------------

    @page()
    async def director_view(
        self,
        request: Request,
        *,
        error: str | None = None,
        status: int = 200,
        sent: Fields | None = None,
    ) -> Response:
        """The round on the floor, its clock and its cards, and what the director may do
        (`sent`: a write's fields, whose key shows it whatever the phone's cookie holds)."""
        standings = (await self.opened(request)).standings
        keyed = sent is not None and self.holds_key(request, sent)
        if self.level_of(request) != "organiser" and not keyed:
            needs = Problem(
                401,
                "This page needs the entry link's key: open the link mahj serve printed (or "
                "scan its QR code) on this device first.",
            )
            return page_error(request, needs, "The director's page")
        query = request.query_params
        done = DONE.get(query.get("done", "")) if error is None else None
        if done is not None:
            shown = {k: v if (v := query.get(k, "")).isdigit() else "?" for k in ("round", "table")}
            done = done.format(**shown)
        context = director_context(standings, server_now())
        at = tuple(small(query.get(k), 5) for k in ("round", "table"))
        listed = [*context["tables"], *(t for e in context["earlier"] for t in e["tables"])]
        # said beside the card's table (the page comes back there), unless it is not listed
        on = any((t["round"], t["table"]) == at for t in listed)
        return render(
            request,
            "event_director.html",
            status,
            **context,
            done_at=at if on else None,
            version=self.room.tag(self.source(request, "event").version),
            token=self.keys.key,
            code=self.keys.code,
            shown=self.source(request, "event").show_code,
            entry_id=new_entry_id(),
            done=done,
            error=error,
        )

    def desk(self, source: Source) -> str:
        return "/director"

    async def director_write(self, request: Request) -> Response:
        """Accept, give back or reopen a card; start the clock, call time; seat a round."""
        action = request.url.path.rsplit("/", 1)[1]
        fields = None
        try:
            fields = await self.organiser_fields(request)
            wanted = asked(action, fields, server_now())
            done = await self.make(request, wanted)
        except (Problem, MahjError) as exc:  # (no fields: the key itself refused)
            answer = await self.again(request, exc, self.director_view, sent=fields)
            return self.at_desk(request, fields or {}, answer)
        what = action if done.changed else "again"
        where = f"&round={wanted.round}" + (f"&table={wanted.table}" if wanted.table else "")
        there = f"#round-{wanted.round}-table-{wanted.table}" if wanted.table else ""
        return self.at_desk(request, fields, see(f"/director?done={what}{where}{there}"))

    async def director_news(self, request: Request) -> Response:
        """The director's page's live line: the cards handed in since it was drawn."""
        if self.level_of(request) != "organiser":
            return HTMLResponse("", headers={"Cache-Control": "no-store"})
        source = self.source(request, "event")
        context = director_context((await self.opened(request)).standings, server_now())
        new, there = director_news(context, request.query_params.get("seen", ""))
        version = self.room.tag(source.version)
        html = draw("event_director_news.html", new=new, there=there, version=version)
        return HTMLResponse(html, headers={"Cache-Control": "no-store"})

    async def api_write(self, request: Request) -> Response:
        """`POST /event/ACTION`: 200 with the table's card or the round's sheet as they are
        after it, or the refusal."""
        action = request.url.path.rsplit("/", 1)[1]
        form = self.organiser_fields if action in DIRECTOR else self.table_fields
        wanted = asked(action, await form(request), server_now())
        done = await self.make(request, wanted)
        now = server_now()
        if wanted.table is None:
            return json_response(views.seating_json(views.sheet(done.after, wanted.round, now)))
        return json_response(card_json(card_view(done.after, wanted.round, wanted.table, now)))


def _clock_runs(standings: EventStandings) -> bool:
    """Whether the round on the floor has a clock running now."""
    now = server_now()
    rnd = floor_round(standings, now)
    clock = clock_state(standings.event.clock, rnd, now) if rnd else None
    return clock is not None and not clock.called and clock.ends is not None


def _round(standings: EventStandings, raw: str | None) -> int:
    """A seated round: `raw`, or the last one seated."""
    seated = current_round(standings)
    if raw is None:
        if not seated:
            raise Refused("no round is seated yet")
        return seated
    rnd = whole_number(raw, "the round", 1, 1_000)
    if rnd > standings.event.rounds:
        raise Refused(f"The event has rounds 1 to {standings.event.rounds}, not {rnd}")
    if rnd > seated:
        ready = f"rounds 1 to {seated} are" if seated > 1 else "round 1 is" if seated else "none is"
        raise Refused(f"Round {rnd} is not seated yet ({ready})")
    return rnd
