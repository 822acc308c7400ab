"""A tournament event on the server: the standings and the round's seating on the room's
screen, a page to find one's seat, each table's card entry (each player's round total,
from the signed card), and the API (`/standings.json`, `/seating.json` as `mahj event
standings --json` and `mahj event seating --json` print them; `POST /score`). Every card
goes in through `night.eventchange` and `night.eventcards`, as `mahj event score`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..core.errors import MahjError, Refused
from ..core.event import SEAT_LETTERS
from ..core.eventfold import EventStandings, fold_event
from ..core.model import WINDS
from ..files.eventload import OpenEvent
from ..night import eventbuild, eventcards, eventchange
from ..reports import event as views
from ..reports.eventboard import current_round, event_board
from .common import Site, form_items, page_error, refused, see
from .fields import flag
from .guard import Fields, Problem, json_response, write_fields
from .pages import render
from .source import Shown, Source

CARD = "/round/{round:int}/table/{table:int}"


class EventSite(Site):
    """The routes of an event."""

    kind = "event"

    def routes(self) -> list[BaseRoute]:
        """Every page and API route of an event."""
        return [
            Route("/", self.board_page),
            Route("/board", self.board_part),
            Route("/events", self.board_events),
            Route("/version.json", self.board_version),
            Route("/standings.json", self.standings_json),
            Route("/seating.json", self.seating_json),
            Route("/round/{round:int}", self.round_page),
            Route(CARD, self.card_page),
            Route(CARD + "/check", self.card_check, methods=["POST"]),
            Route(CARD + "/card", self.card_record, methods=["POST"]),
            Route("/score", self.api_score, methods=["POST"]),
        ]

    async def opened(self, request: Request) -> OpenEvent:
        """The event as it is now (Problem 409 when it cannot be read)."""
        shown = await self.shown(self.source(request, "event"))
        if shown.event is None:
            raise Problem(409, shown.error or "the event cannot be read")
        return shown.event

    def board_context(self, source: Source, shown: Shown) -> dict[str, Any]:
        context: dict[str, Any] = {"heading": source.path.name, "error": shown.error}
        if shown.event is not None:
            page = event_board(shown.event.standings)
            context.update(page._asdict(), heading=page.title, letters=SEAT_LETTERS)
        return {**context, "part_template": "event_part.html"}

    async def board_page(self, request: Request) -> Response:
        source = self.source(request, "event")
        context = self.board_context(source, await self.shown(source))
        return self.screen(request, "", source.version, context)

    async def board_part(self, request: Request) -> Response:
        source = self.source(request, "event")
        shown = await self.shown(source)
        return self.drawn(
            request, "event_part.html", (shown,), lambda: self.board_context(source, shown)
        )

    # A refusal of the API is answered `{"error": ...}` by the application (`app.make_app`).

    async def standings_json(self, request: Request) -> Response:
        opened = await self.opened(request)
        return json_response(views.standings_json(opened.standings))

    async def seating_json(self, request: Request) -> Response:
        """A seated round's sheet (the last one seated unless `?round=R`); never seats one."""
        standings = (await self.opened(request)).standings
        rnd = _round(standings, request.query_params.get("round"))
        return json_response(views.seating_json(views.sheet(standings, rnd)))

    async def round_page(self, request: Request) -> Response:
        try:
            standings = (await self.opened(request)).standings
            rnd = _round(standings, str(request.path_params["round"]))
        except (Problem, MahjError) as exc:
            return page_error(request, exc)
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

    async def card_page(self, request: Request) -> Response:
        return await self.card_view(request, done=request.query_params.get("done") == "1")

    async def card_view(
        self,
        request: Request,
        *,
        chosen: list[str] | None = None,
        error: str | None = None,
        done: bool = False,
        status: int = 200,
    ) -> Response:
        """A table's card entry: its four seats, each with a box for the round total."""
        rnd, table = request.path_params["round"], request.path_params["table"]
        try:
            standings = (await self.opened(request)).standings
            seats = eventbuild.table_seats(standings.event, rnd, table)
        except (Problem, MahjError) as exc:
            return page_error(request, exc)
        result = standings.results.get((rnd, table))
        return render(
            request,
            "event_card.html",
            status,
            round=rnd,
            table=table,
            title=views.event_title(standings),
            seats=seats,
            letters=SEAT_LETTERS,
            chosen=chosen or [""] * len(seats),
            token=self.key_of(request),
            result=_totals_words(result.card.totals) if result is not None else None,
            done=views.cards_line(standings, rnd) if done else None,
            error=error,
        )

    async def card_check(self, request: Request) -> Response:
        """The card as it would go in (nothing saved yet)."""
        rnd, table = request.path_params["round"], request.path_params["table"]
        fields: Fields = {}
        try:
            opened = await self.opened(request)
            fields = await write_fields(request, self.token)
            typed, replace = _card_fields(fields)
            edit = await run_in_threadpool(_preview, opened, rnd, table, typed, replace)
        except (Problem, MahjError) as exc:
            return await self._refused(request, exc, fields)
        card = edit.event.cards[-1]
        return render(
            request,
            "event_confirm.html",
            round=rnd,
            table=table,
            totals=_totals_words(card.totals),
            notes=edit.notes,
            hidden=form_items(fields),
        )

    async def card_record(self, request: Request) -> Response:
        rnd, table = request.path_params["round"], request.path_params["table"]
        fields: Fields = {}
        try:
            source = self.source(request, "event")
            fields = await write_fields(request, self.token)
            typed, replace = _card_fields(fields)
            await self.saving(source, _record, rnd, table, typed, replace)
        except (Problem, MahjError) as exc:
            return await self._refused(request, exc, fields)
        self.saved(source)
        return see(f"/round/{rnd}/table/{table}?done=1")

    async def api_score(self, request: Request) -> Response:
        """`POST /score`: `round`, `table`, `total` (NAME=POINTS, once a player), `replace`,
        as `mahj event score ROUND TABLE NAME=POINTS...`; 200 with the standings."""
        source = self.source(request, "event")
        fields = await write_fields(request, self.token)
        rnd, table = _whole(fields, "round"), _whole(fields, "table")
        typed, replace = _card_fields(fields, api=True)
        done = await self.saving(source, _record, rnd, table, typed, replace)
        self.saved(source)
        return json_response(views.standings_json(done.after))

    async def _refused(self, request: Request, exc: Exception, fields: Fields) -> Response:
        status, message = refused(exc)
        if status in (401, 403, 413, 415):
            return page_error(request, exc)
        chosen = fields.get("points")
        return await self.card_view(request, chosen=chosen, error=message, status=status)


def _round(standings: EventStandings, raw: str | None) -> int:
    """A seated round: `raw`, or the last one seated."""
    seated = current_round(standings)
    if raw is None:
        if not seated:
            raise Refused("no round is seated yet")
        return seated
    from ..core.numbers import whole_number

    rnd = whole_number(raw, "ROUND", 1, max(seated, 1))
    return rnd


def _whole(fields: Fields, key: str) -> int:
    from ..core.numbers import whole_number

    raw = fields.get(key, [""])[0]
    if not raw.strip():
        raise Problem(400, f"give the {key}; nothing was changed")
    return whole_number(raw, key.upper(), 1, 10_000)


def _card_fields(fields: Fields, *, api: bool = False) -> tuple[list[str], bool]:
    """The four totals as NAME=POINTS, and whether the card replaces one: from the form's
    `player` and `points` pairs, or the API's `total` fields."""
    known = {"token", "replace", "total"} | ({"round", "table"} if api else {"player", "points"})
    for key in fields:
        if key not in known:
            raise Problem(400, f"unknown field {key!r}; nothing was changed")
    typed = list(fields.get("total", []))
    names, values = fields.get("player", []), fields.get("points", [])
    if len(names) != len(values):
        raise Problem(400, "each player needs one total; nothing was changed")
    typed += [f"{name}={value.strip() or '?'}" for name, value in zip(names, values, strict=True)]
    return typed, flag(fields, "replace")


def _preview(
    opened: OpenEvent, rnd: int, table: int, typed: list[str], replace: bool
) -> eventbuild.Edit:
    """The event with the card in, checked as a save would check it; nothing saved."""
    edit = eventcards.simple_card(opened, rnd, table, typed, replace)
    after = fold_event(edit.event, known=opened.standings.results)
    if after.problems:
        raise Refused(after.problems[0].message)
    return edit


def _record(
    path: Any, rnd: int, table: int, typed: list[str], replace: bool
) -> eventchange.EventChange:
    return eventchange.change(
        path, lambda opened: eventcards.simple_card(opened, rnd, table, typed, replace)
    )


def _totals_words(totals: Mapping[str, int]) -> str:
    """`Pat +20, Fran +40, Diane 0, Irene -10`."""
    from ..reports.words import points

    return ", ".join(f"{name} {points(value)}" for name, value in totals.items())
