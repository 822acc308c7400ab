"""A night on the server: the room's screen, each table's page (the four quick questions,
who pays whom before it is recorded, taking back the table's last game), and the API
(`/status.json`, `/total.json`, `/log.json` as the commands print them; `POST /win`,
`POST /wall`). Mounted at `/` for one night, at `/n/NAME` for each night of a folder."""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..core.errors import MahjError, Refused
from ..files.loader import Night
from ..night import change
from ..reports import board, shapes, words
from . import actions
from .common import api_error, form_items, page_error, refused, see
from .fields import BLANK, chosen_of, entry_id, how_won, wall_request, win_request
from .guard import Fields, Problem, json_response, read_fields
from .organiser import base_of
from .pages import qr_svg, render
from .source import Shown, Source
from .tablefix import WIN_ONLY, TableFix


class NightSite(TableFix):
    """The routes of a night."""

    kind = "night"

    def routes(self) -> list[BaseRoute]:
        """Every page and API route of a night."""
        table = "/table/{table:int}"
        return [
            Route("/", self.board_page),
            Route("/board", self.board_part),
            Route("/events", self.board_events),
            Route("/version.json", self.board_version),
            Route("/status.json", self.status_json),
            Route("/total.json", self.total_json),
            Route("/log.json", self.log_json),
            Route("/tables", self.tables_page),
            Route(table, self.table_page, methods=["GET", "POST"]),
            Route(table + "/check", self.check, methods=["POST"]),
            Route(table + "/record", self.record, methods=["POST"]),
            Route(table + "/undo", self.undo_view),
            Route(table + "/undo", self.undo, methods=["POST"]),
            Route(table + "/fix/{game:int}", self.fix_page),
            Route("/win", self.api_win, methods=["POST"]),
            Route("/wall", self.api_wall, methods=["POST"]),
            Route("/fix", self.api_fix, methods=["POST"]),
            *self.organiser_routes(),
        ]

    # ---- the room's screen -------------------------------------------------------------

    def board_context(self, source: Source, shown: Shown, link: str = "") -> dict[str, Any]:
        """What the screen shows of a night (or why it cannot show it): the night going
        on, or its end once the organiser closed it; the join code and its QR code (to
        `link`/enter) when the organiser shows them."""
        context: dict[str, Any] = {
            "base": base_of(source),
            "heading": source.path.name,
            "error": shown.error,
            "tables_link": True,
            "part_template": "night_part.html",
            "closed": source.closed,
            "code": self.keys.code if source.show_code else "",
            "qr": qr_svg(f"{link}/enter?code={self.keys.code}") if source.show_code else "",
        }
        if shown.night is not None:
            context["board"] = board.board(shown.night.standings)
            context["heading"] = context["board"].title
        return context

    async def board_page(self, request: Request) -> Response:
        try:
            source = self.source(request, "night")
        except Problem as exc:
            return page_error(request, exc)
        link = self.link_base(request)
        context = self.board_context(source, await self.shown(source), link)
        return self.screen(request, context["base"], source.version, context)

    async def board_part(self, request: Request) -> Response:
        try:
            source = self.source(request, "night")
        except Problem as exc:
            return page_error(request, exc)
        shown = await self.shown(source)
        link = self.link_base(request)
        shows = (str(source.closed), self.keys.code if source.show_code else "", link)
        return self.drawn(
            request,
            "night_part.html",
            (shown,),
            lambda: self.board_context(source, shown, link),
            *shows,
        )

    # ---- the API: what the commands print as JSON, and writes ---------------------------

    # A refusal here is answered `{"error": ...}` by the application (`app.make_app`).

    async def status_json(self, request: Request) -> Response:
        _, night = await self.night(request)
        return json_response(shapes.status_json(night.standings))

    async def total_json(self, request: Request) -> Response:
        _, night = await self.night(request)
        return json_response(shapes.total_json(night.standings))

    async def log_json(self, request: Request) -> Response:
        _, night = await self.night(request)
        return json_response(shapes.log_json(night.standings, _table_param(request, night)))

    async def api_win(self, request: Request) -> Response:
        return await self._api_write(request, "win")

    async def api_wall(self, request: Request) -> Response:
        return await self._api_write(request, "wall")

    async def _api_write(self, request: Request, result: str) -> Response:
        """Record a game sent by a script: 200 with the new status, or the refusal."""
        source = self.source(request, "night")
        fields = await self.table_fields(request)
        eid = entry_id(fields)
        asked = win_request(fields) if result == "win" else wall_request(fields)
        make = actions.win_builder(asked) if result == "win" else actions.wall_builder(asked)
        done = await self.saving(source, change.record, make, eid)
        self.saved(source, done)
        return json_response(shapes.status_json(done.after))

    # ---- a table's page ----------------------------------------------------------------

    async def tables_page(self, request: Request) -> Response:
        try:
            source, night = await self.night(request)
        except (Problem, MahjError) as exc:
            return page_error(request, exc)
        standings = night.standings
        tables = [t for v in standings.tables if (t := board.table_board(standings, v.table))]
        if len(tables) == 1 and not standings.club:
            return see(f"{base_of(source)}/table/{tables[0].table}")
        return render(
            request,
            "tables.html",
            base=base_of(source),
            title=board.board(standings).title,
            tables=tables,
            club=standings.club,
            token=self.key_of(request),
            organiser=self.level_of(request) == "organiser",
            error=None,
        )

    async def table_page(self, request: Request) -> Response:
        """The table's page; a POST (from "Change something") fills the form again."""
        chosen: dict[str, Any] = dict(BLANK)
        if request.method == "POST":
            try:
                chosen = chosen_of(await read_fields(request))
            except Problem as exc:
                return page_error(request, exc)
        return await self.table_view(request, chosen=chosen, done=_done(request))

    async def table_view(
        self,
        request: Request,
        *,
        chosen: dict[str, Any] | None = None,
        error: str | None = None,
        done: tuple[str, int] | None = None,
        status: int = 200,
    ) -> Response:
        """The table's page: its seats, the four questions, its last games."""
        try:
            source, night = await self.night(request)
        except (Problem, MahjError) as exc:
            return page_error(request, exc)
        standings = night.standings
        number = request.path_params["table"]
        table = board.table_board(standings, number)
        if table is None:
            return page_error(
                request, Problem(404, f"table {number} is not playing now"), "No such table"
            )
        played = board.games_at(standings, number)
        recent = [board.game_line(row, standings) for row in reversed(played[-3:])]
        card = standings.session.card
        rules = standings.rules
        return render(
            request,
            "table.html",
            status,
            base=base_of(source),
            title=board.board(standings).title,
            place=actions.where(standings, number),
            club=standings.club,
            table=table,
            next_game=standings.next_game,
            token=self.key_of(request),
            chosen={**BLANK, **(chosen or {})},
            lines=card.lines if card is not None else (),
            tournament=not standings.rules.pays,
            recent=recent,
            earlier=[board.game_line(row, standings) for row in reversed(played)],
            names=[seat.name for seat in table.seats],
            bettors=standings.waiting if rules.house_problem("bettor") is None else (),
            pays_for_table=rules.house_problem("pay-for-table") is None,
            organiser=self.level_of(request) == "organiser",
            version=self.room.tag(source.version),
            error=error,
            done=actions.done_words(standings, number, done),
        )

    async def check(self, request: Request) -> Response:
        """Who pays whom if the game is recorded as asked (nothing saved yet)."""
        number = request.path_params["table"]
        fields: Fields = {}
        try:
            source, night = await self.night(request)
            fields = how_won(await self.table_fields(request))
            eid = entry_id({"entry_id": fields.get("entry_id", [])})
            result, make = _asked(_without(fields, "entry_id"), number)
            row, after, notes = await run_in_threadpool(actions.preview, night, make)
        except (Problem, MahjError) as exc:
            return await self._refused(request, exc, fields)
        return render(
            request,
            "confirm.html",
            base=base_of(source),
            table=number,
            place=actions.where(after, number),
            club=after.club,
            game=board.game_line(row, after),
            notes=notes,
            swap=words.seat_swap(row, after),
            hidden=[*form_items(fields, leave=("result", "entry_id")), ("result", result)],
            entry_id=eid or "",
            result=result,
        )

    async def record(self, request: Request) -> Response:
        """Record the game just checked; then the table's page says so. Sent by the
        page's script (`Accept: application/json`, an entry it keeps until it is sent),
        the answer is JSON: the game's place, or `{"error": ...}`."""
        number = request.path_params["table"]
        fields: Fields = {}
        wants_json = "application/json" in request.headers.get("accept", "")
        try:
            source = self.source(request, "night")
            fields = how_won(await self.table_fields(request))
            eid = entry_id({"entry_id": fields.get("entry_id", [])})
            _, make = _asked(_without(fields, "entry_id"), number)
            done = await self.saving(source, change.record, make, eid)
        except (Problem, MahjError) as exc:
            if wants_json:
                return api_error(exc)
            return await self._refused(request, exc, fields)
        self.saved(source, done)
        row = next((r for r in done.after.rows if eid and r.entry.entry_id == eid), None)
        row = row if row is not None else done.after.rows[-1]
        to = f"{base_of(source)}/table/{number}?done={row.at}"
        if wants_json:
            return json_response({"game": row.game, "at": row.at, "page": to,
                                  "repeated": done.repeated})  # fmt: skip
        return see(to)

    async def undo(self, request: Request) -> Response:
        """Take back the table's last game (the form of the page `undo_view` shows)."""
        number = request.path_params["table"]
        try:
            source = self.source(request, "night")
            fields = await self.table_fields(request)
            at = fields.get("at", [""])[0]
            spot = int(at) if at.isdigit() and at.isascii() and len(at) < 9 else None
            done = await self.saving(source, actions.undo, number, spot)
        except (Problem, MahjError) as exc:
            if refused(exc)[0] in (401, 403, 413, 415):
                return page_error(request, exc)
            return await self.undo_view(request, exc)
        self.saved(source, done)
        gone = next((r.game for r in done.before.rows if r.at == spot), None)
        gone = gone if gone is not None else done.before.rows[-1].game
        return see(f"{base_of(source)}/table/{number}?removed={gone}")

    async def undo_view(self, request: Request, error: Exception | None = None) -> Response:
        """The page asking "take back game N?" (or saying why it cannot be taken back)."""
        number = request.path_params["table"]
        try:
            source, night = await self.night(request)
        except (Problem, MahjError) as exc:
            return page_error(request, exc)
        standings = night.standings
        last = actions.last_game(standings, number)
        if last is None:
            nothing = f"{actions.where(standings, number)} has no game to take back"
            return await self.table_view(request, error=nothing, status=400)
        status, message = refused(error) if error is not None else (200, None)
        problem, later = actions.removal(night, last)
        if error is None and problem is not None:
            status, message = 400, problem
        return render(
            request,
            "undo.html",
            status,
            base=base_of(source),
            table=number,
            place=actions.where(standings, number),
            game=board.game_line(last, standings),
            later=later,
            club=standings.club,
            token=self.key_of(request),
            error=message,
        )

    async def _refused(self, request: Request, exc: Exception, fields: Fields) -> Response:
        """The table's page again, the choices kept, with what was wrong."""
        status, message = refused(exc)
        if status in (401, 403, 413, 415):
            return page_error(request, exc)
        return await self.table_view(
            request, chosen=chosen_of(fields), error=message, status=status
        )


def _asked(fields: Fields, table: int) -> tuple[str, actions.Builder]:
    """The game a table's form asks for, at that table."""
    fields = {key: list(values) for key, values in fields.items()}
    result = fields.pop("result", ["win"])[0]
    fields.setdefault("table", [str(table)])
    if fields["table"] != [str(table)]:
        raise Problem(400, f"this is table {table}'s page, not table {fields['table'][0]}'s")
    if result == "wall":
        for key in WIN_ONLY:
            fields.pop(key, None)
        return result, actions.wall_builder(wall_request(fields))
    if result != "win":
        raise Problem(400, f"a game is a win or a wall game, not {result!r}")
    return result, actions.win_builder(win_request(fields))


def _without(fields: Fields, *keys: str) -> Fields:
    """The fields but `keys`."""
    return {key: values for key, values in fields.items() if key not in keys}


def _table_param(request: Request, night: Night) -> int | None:
    """`/log.json?table=N`, as `mahj log --table N`."""
    raw = request.query_params.get("table")
    if raw is None:
        return None
    from ..core.model import MAX_TABLES
    from ..core.numbers import whole_number

    table = whole_number(raw, "--table", 1, MAX_TABLES)
    if table not in {row.table for row in night.standings.rows}:
        raise Refused(f"table {table} has played no games tonight")
    return table


def _done(request: Request) -> tuple[str, int] | None:
    """`?done=AT`, `?removed=GAME` or `?fixed=GAME`: what the form just did."""
    for what in ("done", "removed", "fixed"):
        raw = request.query_params.get(what, "")
        if raw.isdigit() and raw.isascii() and len(raw) < 9:
            return what, int(raw)
    return None
