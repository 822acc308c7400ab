"""A table that keeps a paper card (simple mode): each player's round total from the signed
card, checked, then put in, as `mahj event score ROUND TABLE NAME=POINTS...` puts it
in; and the same from a script (`POST /score`). Every card goes in through
`night.eventchange` and `night.eventcards`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..core.errors import MahjError, Refused
from ..core.event import SEAT_LETTERS
from ..core.eventfold import fold_event
from ..files.eventload import OpenEvent
from ..night import eventbuild, eventcards, eventchange
from ..reports import event as views
from ..reports.words import points
from .common import form_items, refused, render, see
from .eventbase import EventBase
from .eventforms import entry_id, number
from .fields import flag
from .guard import Fields, Problem, json_response

TOTALS = "/round/{round:int}/table/{table:int}/totals"


class TotalsPages(EventBase):
    """Simple mode: a table's round totals from its paper card."""

    def totals_routes(self) -> list[BaseRoute]:
        return [
            Route(TOTALS, self.totals_page),
            Route(TOTALS + "/check", self.totals_check, methods=["POST"]),
            Route(TOTALS + "/record", self.totals_record, methods=["POST"]),
            Route("/score", self.api_score, methods=["POST"]),
        ]

    async def totals_page(self, request: Request) -> Response:
        return await self.totals_view(request, done=request.query_params.get("done") == "1")

    async def totals_view(
        self,
        request: Request,
        *,
        chosen: list[str] | None = None,
        error: str | None = None,
        done: bool = False,
        status: int = 200,
    ) -> Response:
        """A table's paper card: its four seats, each with a box for the round total."""
        rnd, table = request.path_params["round"], request.path_params["table"]
        try:
            standings = (await self.opened(request)).standings
            seats = eventbuild.table_seats(standings.event, rnd, table)
        except (Problem, MahjError) as exc:
            return self.refused_page(request, exc)
        result = standings.results.get((rnd, table))
        return render(
            request,
            "event_totals.html",
            status,
            round=rnd,
            table=table,
            title=views.event_title(standings),
            seats=seats,
            letters=SEAT_LETTERS,
            chosen=chosen or [""] * len(seats),
            token=self.key_of(request),
            result=totals_words(result.totals) if result is not None else None,
            done=views.cards_line(standings, rnd) if done else None,
            error=error,
        )

    async def totals_check(self, request: Request) -> Response:
        """The card as it would go in (nothing saved yet)."""
        rnd, table = request.path_params["round"], request.path_params["table"]
        fields: Fields = {}
        try:
            opened = await self.opened(request)
            fields = await self.table_fields(request)
            typed, replace = card_fields(fields)
            edit = await run_in_threadpool(_preview, opened, rnd, table, typed, replace)
        except (Problem, MahjError) as exc:
            return await self._totals_refused(request, exc, fields)
        card = edit.event.cards[-1]
        return render(
            request,
            "event_totals_check.html",
            round=rnd,
            table=table,
            totals=totals_words(card.totals),
            notes=edit.notes,
            hidden=form_items(fields),
        )

    async def totals_record(self, request: Request) -> Response:
        rnd, table = request.path_params["round"], request.path_params["table"]
        fields: Fields = {}
        try:
            source = self.source(request, "event")
            fields = await self.table_fields(request)
            typed, replace = card_fields(fields)
            ident = entry_id(fields)
            await self.saving(source, _record, rnd, table, typed, replace, ident)
        except (Problem, MahjError) as exc:
            return await self._totals_refused(request, exc, fields)
        self.saved(source)
        return see(f"/round/{rnd}/table/{table}/totals?done=1")

    async def api_score(self, request: Request) -> Response:
        """`POST /score`: `round`, `table`, `total` (NAME=POINTS, once a player), `replace`,
        as `mahj event score ROUND TABLE NAME=POINTS...`; 200 with the standings."""
        source = self.source(request, "event")
        fields = await self.table_fields(request)
        rnd, table = number(fields, "round", 10_000), number(fields, "table", 10_000)
        typed, replace = card_fields(fields, api=True)
        ident = entry_id(fields)
        done = await self.saving(source, _record, rnd, table, typed, replace, ident)
        self.saved(source)
        return json_response(views.standings_json(done.after))

    async def _totals_refused(self, request: Request, exc: Exception, fields: Fields) -> Response:
        status, message = refused(exc)
        if status in (401, 403, 413, 415):
            return self.refused_page(request, exc)
        chosen = fields.get("points")
        return await self.totals_view(request, chosen=chosen, error=message, status=status)


def card_fields(fields: Fields, *, api: bool = False) -> tuple[list[str], bool]:
    """The four totals as NAME=POINTS, and whether the card replaces one: from the form's
    `player` and `points` pairs, or the API's `total` fields."""
    known = {"token", "replace", "total", "entry_id"}
    known |= {"round", "table"} if api else {"player", "points"}
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
    path: Any, rnd: int, table: int, typed: list[str], replace: bool, ident: str | None
) -> eventchange.EventChange:
    """Put the card in; with an entry id, a card sent again that is in already (these
    very totals, on the table's card of round totals) changes nothing."""

    def change(opened: OpenEvent) -> eventbuild.Edit | None:
        card = opened.event.current_cards(rnd).get(table)
        if ident is not None and card is not None and not card.detailed:
            seats = eventbuild.table_seats(opened.event, rnd, table)
            if dict(card.totals) == eventbuild.typed_totals(seats, typed, "the card"):
                return None
        return eventcards.simple_card(opened, rnd, table, typed, replace)

    return eventchange.change(path, change)


def totals_words(totals: Mapping[str, int]) -> str:
    """`Pat +20, Fran +40, Diane 0, Irene -10`."""
    return ", ".join(f"{name} {points(value)}" for name, value in totals.items())
