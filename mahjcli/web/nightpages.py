"""A night on the server, at `/` for one night or `/n/NAME` for each night of a folder: the
room's screen; each table's page (the four questions, who pays whom before it is
recorded, taking back or correcting a game); the organiser's page; and the API, whose
writes answer 200 with the new `status.json` or `{"error": ...}` with the file unchanged
(a page's own form, `page=...`, is answered with the page)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..core.errors import MahjError, Refused
from ..core.model import MAX_TABLES, Wall, Win
from ..core.numbers import whole_number
from ..core.standings import Row, Standings
from ..files.loader import Night
from ..night import build, change, history
from ..reports import board, shapes, words
from . import actions
from .common import (
    Site,
    api_error,
    form_items,
    page,
    page_error,
    qr_svg,
    remember,
    render,
    see,
    without,
)
from .fields import (
    BLANK,
    chosen_of,
    entry_id,
    flag,
    how_won,
    only,
    table_number,
    text,
    wall_request,
    win_request,
)
from .guard import Fields, Problem, json_response, read_fields
from .source import Shown, Source

WIN_ONLY = ("winner", "value", "line", "thrown_by", "self_pick", "exposures", "jokerless",
            "singles_pairs", "heavenly", "misnamed", "pays_for_table")  # fmt: skip
"""A win's fields, left out when a game's form is sent as a wall game."""
ROOM_WRITES = {
    "join": (("name", "new"), ("name",)),
    "leave": (("name", "settle"), ("name",)),
    "open-table": (("east",), ()),
    "close-table": (("table",), ("table",)),
    "rename": (("old", "new"), ("old", "new")),
}
"""The organiser's writes that change the file: each one's fields, and those required."""
SAID = {
    "1": "Done.",
    "closed": "The night is closed: the room's screen shows the final standings and "
    "the settle-up. Anything recorded now opens it again.",
    "open": "The room's screen shows the night going on.",
    "code": "Done: the room's screen shows what you chose.",
}
"""What the organiser's page says after each of its other forms."""


def base_of(source: Source) -> str:
    """Where a night's pages start: `` for the one night served, `/n/NAME` in a folder."""
    return f"/n/{quote(source.key, safe='')}" if source.key else ""


class NightSite(Site):
    """The routes of a night."""

    kind = "night"

    def routes(self) -> list[BaseRoute]:
        table, post = "/table/{table:int}", ["POST"]
        return [
            *self.screen_routes(),
            Route("/status.json", self.api_read),
            Route("/total.json", self.api_read),
            Route("/log.json", self.api_read),
            Route("/tables", self.tables_page),
            Route(table, self.table_page, methods=["GET", "POST"]),
            Route(table + "/check", self.check, methods=post),
            Route(table + "/record", self.record, methods=post),
            Route(table + "/undo", self.undo_view),
            Route(table + "/undo", self.undo, methods=post),
            Route(table + "/fix/{game:int}", self.fix_view),
            Route("/win", self.api_game, methods=post),
            Route("/wall", self.api_game, methods=post),
            Route("/fix", self.api_fix, methods=post),
            Route("/organiser", self.organiser_view),
            *(Route(f"/{name}", self.room_write, methods=post) for name in ROOM_WRITES),
            Route("/close-night", self.close_night, methods=post),
            Route("/reopen-night", self.close_night, methods=post),
            Route("/join-code", self.join_code, methods=post),
            Route("/key", self.change_key, methods=post),
        ]

    async def night(self, request: Request) -> tuple[Source, Night]:
        """The night a request is about, as it is now (Problem 409 when it cannot be read)."""
        source = self.source(request, "night")
        shown = await self.shown(source)
        if shown.night is None:
            raise Problem(409, shown.error or "the night cannot be read")
        return source, shown.night

    # ---- the room's screen -------------------------------------------------------------

    def board_context(self, source: Source, shown: Shown, link: str) -> dict[str, Any]:
        """What the screen shows of a night (or why it cannot): the night going on, or its
        end once the organiser closed it; the join code and its QR code when shown."""
        code = self.keys.code if source.show_code else ""
        context: dict[str, Any] = {
            "base": base_of(source),
            "heading": source.path.name,
            "error": shown.error,
            "tables_link": True,
            "part_template": "night_part.html",
            "closed": source.closed,
            "code": code,
            "qr": qr_svg(f"{link}/enter?code={code}") if code else "",
        }
        if shown.night is not None:
            context["board"] = board.board(shown.night.standings)
            context["heading"] = context["board"].title
        return context

    @page()
    async def board_page(self, request: Request) -> Response:
        source = self.source(request, "night")
        context = self.board_context(source, await self.shown(source), self.link_base(request))
        return self.screen(request, context["base"], source.version, context)

    @page()
    async def board_part(self, request: Request) -> Response:
        source = self.source(request, "night")
        shown = await self.shown(source)
        link = self.link_base(request)
        shows = (str(source.closed), self.keys.code if source.show_code else "", link)
        context = lambda: self.board_context(source, shown, link)  # noqa: E731
        return self.drawn(request, "night_part.html", (shown,), context, *shows)

    # ---- the API (a refusal is answered `{"error": ...}` by `app.make_app`) --------------

    async def api_read(self, request: Request) -> Response:
        """`/status.json`, `/total.json`, `/log.json[?table=N]` as the commands print them."""
        _, night = await self.night(request)
        what = request.url.path.rsplit("/", 1)[1]
        if what == "log.json":
            table = _table_param(request, night)
            return json_response(shapes.log_json(night.standings, table))
        shape = shapes.status_json if what == "status.json" else shapes.total_json
        return json_response(shape(night.standings))

    async def api_game(self, request: Request) -> Response:
        """`POST /win`, `POST /wall`: 200 with the new status, or the refusal."""
        source = self.source(request, "night")
        fields = await self.table_fields(request)
        eid = entry_id(fields)
        if request.url.path.endswith("/win"):
            make = actions.win_builder(win_request(fields))
        else:
            make = actions.wall_builder(wall_request(fields))
        done = await self.saving(source, change.record, make, eid)
        self.saved(source, done)
        return json_response(shapes.status_json(done.after))

    # ---- a table's pages -------------------------------------------------------------

    @page()
    async def tables_page(self, request: Request) -> Response:
        source, night = await self.night(request)
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

    @page()
    async def table_page(self, request: Request) -> Response:
        """The table's page; a POST (from "Change something") fills the form again."""
        chosen = chosen_of(await read_fields(request)) if request.method == "POST" else {}
        return await self.table_view(request, chosen=chosen, done=_done(request))

    @page()
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
        source, night = await self.night(request)
        standings = night.standings
        number = request.path_params["table"]
        table = board.table_board(standings, number)
        if table is None:
            return page_error(
                request, Problem(404, f"table {number} is not playing now"), "No such table"
            )
        played = board.games_at(standings, number)
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
            tournament=not rules.pays,
            recent=[board.game_line(row, standings) for row in reversed(played[-3:])],
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
            result, make = _asked(without(fields, "entry_id"), number)
            row, after, notes = await run_in_threadpool(actions.preview, night, make)
        except (Problem, MahjError) as exc:
            return await self.again(request, exc, self.table_view, chosen=chosen_of(fields))
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
            _, make = _asked(without(fields, "entry_id"), number)
            done = await self.saving(source, change.record, make, eid)
        except (Problem, MahjError) as exc:
            if wants_json:
                return api_error(exc)
            return await self.again(request, exc, self.table_view, chosen=chosen_of(fields))
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
            at = (await self.table_fields(request)).get("at", [""])[0]
            spot = int(at) if at.isdigit() and at.isascii() and len(at) < 9 else None
            done = await self.saving(source, actions.undo, number, spot)
        except (Problem, MahjError) as exc:
            return await self.again(request, exc, self.undo_view)
        self.saved(source, done)
        gone = next((r.game for r in done.before.rows if r.at == spot), None)
        gone = gone if gone is not None else done.before.rows[-1].game
        return see(f"{base_of(source)}/table/{number}?removed={gone}")

    @page()
    async def undo_view(
        self, request: Request, *, error: str | None = None, status: int = 200
    ) -> Response:
        """The page asking "take back game N?" (or saying why it cannot be taken back)."""
        number = request.path_params["table"]
        source, night = await self.night(request)
        standings = night.standings
        last = actions.last_game(standings, number)
        if last is None:
            nothing = f"{actions.where(standings, number)} has no game to take back"
            return await self.table_view(request, error=nothing, status=400)
        problem, later = actions.removal(night, last)
        if error is None and problem is not None:
            status, error = 400, problem
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
            error=error,
        )

    # ---- correcting an earlier game (RULES.md §10), as `mahj fix` ---------------------

    @page("No such game")
    async def fix_view(
        self,
        request: Request,
        *,
        chosen: dict[str, Any] | None = None,
        error: str | None = None,
        status: int = 200,
    ) -> Response:
        """Game G of table N's page, as recorded, to correct."""
        number, game = request.path_params["table"], request.path_params["game"]
        source, night = await self.night(request)
        standings = night.standings
        row = _game_row(standings, game, number)
        card = standings.session.card
        house = standings.rules
        return render(
            request,
            "fix.html",
            status,
            base=base_of(source),
            table=number,
            club=standings.club,
            place=actions.where(standings, number),
            game=board.game_line(row, standings),
            later=sum(1 for r in standings.rows if r.is_game and r.at > row.at),
            seats=row.seated,
            elsewhere=row.elsewhere,
            bettors=row.waiting if house.house_problem("bettor") is None else (),
            pays_for_table=house.house_problem("pay-for-table") is None,
            lines=card.lines if card is not None else (),
            tournament=not house.pays,
            chosen={**_recorded_choices(row), **(chosen or {})},
            token=self.key_of(request),
            error=error,
        )

    async def api_fix(self, request: Request) -> Response:
        """`POST /fix`: game G typed again (`game`, then the fields of `/win`, or
        `wall=true` and those of `/wall`); refused, naming the game, when a later game
        would be seated differently. For the table page's form (`page=table`), the
        table's page or the form again."""
        source = self.source(request, "night")
        fields = how_won(await self.table_fields(request))
        is_page = fields.pop("page", [""])[0] == "table"
        raw = text(fields, "game")
        try:
            eid = entry_id(fields)
            if raw is None:
                raise Problem(
                    400, "say which game to correct (the field game); nothing was changed"
                )
            game = whole_number(fields.pop("game")[0], "game", 1, 100_000)
            table = text(fields, "table")
            _, night = await self.night(request)
            club = night.standings.club
            row = _game_row(
                night.standings, game, int(table) if table and table.isdigit() else None
            )
            make = _fixed_builder(fields, row, club)
            note = actions.note("corrected", game, row.table if club else None)
            done, _ = await self.saving(source, history.replace, game, make, note, eid)
        except (Problem, MahjError) as exc:
            if not is_page:
                raise
            request.path_params.update(table=_small(text(fields, "table"), 4),
                                       game=_small(raw, 7))  # fmt: skip
            return await self.again(request, exc, self.fix_view, chosen=chosen_of(fields))
        self.saved(source)
        if is_page:
            return see(f"{base_of(source)}/table/{row.table}?fixed={game}")
        return json_response(shapes.status_json(done.after))

    # ---- the organiser's page and the room's writes ----------------------------------

    async def room_write(self, request: Request) -> Response:
        """An arrival, a leaver (settling up as she goes), opening and closing a table,
        renaming a misspelt player: through the command line's own path."""
        action = request.url.path.rsplit("/", 1)[1]
        source = self.source(request, "night")
        fields = await self.organiser_fields(request)
        is_page = fields.pop("page", [""])[0] == "organiser"
        try:
            eid = entry_id(fields)
            only(fields, *ROOM_WRITES[action])
            if action == "rename":
                old, new = text(fields, "old") or "", text(fields, "new") or ""
                after, at = (await self.saving(source, history.rename, old, new))[2], None
            else:
                done = await self.saving(source, change.record, _room_builder(action, fields), eid)
                after = done.after
                at = None if done.repeated else len(after.session.log) - 1
        except (Problem, MahjError) as exc:
            if not is_page:
                raise
            return await self.again(request, exc, self.organiser_view)
        self.saved(source)
        if is_page:
            what = f"at={at}" if at is not None else "done=1"
            return see(f"{base_of(source)}/organiser?{what}")
        return json_response(shapes.status_json(after))

    async def close_night(self, request: Request) -> Response:
        """The room's screen shows the night's end (final standings, settle-up, house
        rules) until anything more is recorded, or the night going on again; the file is
        not changed."""
        closing = request.url.path.endswith("/close-night")
        source, night = await self.night(request)
        fields = await self.organiser_fields(request)
        is_page = fields.pop("page", [""])[0] == "organiser"
        entry_id(fields)
        only(fields, ())
        if closing and not source.closed:
            if night.standings.games == 0:
                raise Problem(400, "the night has no games yet: there is nothing to close")
            self.watcher.touch(source)
            source.closed_at = source.version
        elif not closing and source.closed:
            source.closed_at = None
            self.watcher.touch(source)
        if is_page:
            return see(f"{base_of(source)}/organiser?done={'closed' if closing else 'open'}")
        return json_response({**shapes.status_json(night.standings), "closed": source.closed})

    async def join_code(self, request: Request) -> Response:
        """The tables' join code shown on the room's screen or not, or changed."""
        source, is_page = await self.join_code_write(request)
        if is_page:
            return see(f"{base_of(source)}/organiser?done=code")
        return json_response({"code": self.keys.code, "shown": source.show_code})

    async def change_key(self, request: Request) -> Response:
        """A new entry key: every link, cookie and script with the old one stops working;
        this phone keeps the new one, and the page shows the new link once."""
        fields = await self.organiser_fields(request)
        is_page = fields.pop("page", [""])[0] == "organiser"
        entry_id(fields)
        only(fields, ())
        key = self.keys.new_key()
        link = f"{self.link_base(request)}/enter?key={key}"
        if is_page:
            response = await self.organiser_view(request, new_link=link)
        else:
            response = json_response({"key": key, "link": link})
        return remember(response, request, key)

    @page()
    async def organiser_view(
        self,
        request: Request,
        *,
        error: str | None = None,
        status: int = 200,
        new_link: str | None = None,
    ) -> Response:
        """Who sits where, who waits, and every form that changes the room."""
        source, night = await self.night(request)
        if self.keys.level(self.key_of(request)) != "organiser" and new_link is None:
            return page_error(
                request,
                Problem(401, "the organiser's page needs the entry link printed when mahj "
                        "serve started (a table's join code enters games only)"),
                "The organiser's page",
            )  # fmt: skip
        standings = night.standings
        return render(
            request,
            "organiser.html",
            status,
            base=base_of(source),
            board=board.board(standings),
            token=self.keys.key,
            present=standings.present(),
            players=standings.players,
            can_open=len(standings.waiting) >= 4,
            leaving=actions.leaving_words(standings),
            closed=source.closed,
            shown=source.show_code,
            code=self.keys.code,
            done=_organiser_done(standings, request),
            error=error,
            new_link=new_link,
        )


def _room_builder(action: str, fields: Fields) -> actions.Builder:
    """The entry an organiser's write asks for, built as the command line builds it."""
    name = text(fields, "name") or ""
    if action == "join":
        new = flag(fields, "new")
        return lambda n: build.build_join(n.standings, name, new)
    if action == "leave":
        settle = flag(fields, "settle")
        return lambda n: build.build_leave(n.standings, name, settle)
    if action == "open-table":
        east = text(fields, "east")
        return lambda n: build.build_open(n.standings, east)
    number = table_number(fields) or 0
    return lambda n: build.build_close(n.standings, number)


def _organiser_done(standings: Standings, request: Request) -> str | None:
    """What the organiser's last form did, for the page it comes back to."""
    raw = request.query_params.get("at", "")
    if not (raw.isascii() and raw.isdigit() and len(raw) < 9):
        return SAID.get(request.query_params.get("done", ""))
    row = next((r for r in standings.rows if r.at == int(raw)), None)
    if row is None:
        return "Recorded."
    paid = words.outcome(row, standings)
    said = words.describe(row)
    return f"Recorded: {said}" + (f" ({paid})" if paid != said else "") + "."


def _asked(fields: Fields, table: int) -> tuple[str, actions.Builder]:
    """The game a table's form asks for, at that table."""
    fields = {key: list(values) for key, values in fields.items()}
    result = fields.pop("result", ["win"])[0]
    fields.setdefault("table", [str(table)])
    if fields["table"] != [str(table)]:
        raise Problem(400, f"this is table {table}'s page, not table {fields['table'][0]}'s")
    if result == "wall":
        return result, actions.wall_builder(wall_request(without(fields, *WIN_ONLY)))
    if result != "win":
        raise Problem(400, f"a game is a win or a wall game, not {result!r}")
    return result, actions.win_builder(win_request(fields))


def _fixed_builder(fields: Fields, row: Row, club: bool) -> Callable[[Standings], build.Built]:
    """How to build game `row` again from the fields sent (a win's, or a wall game's)."""
    wall = flag(fields, "wall")
    fields = without(fields, "wall", "table")
    if wall:
        dead_bets = wall_request(without(fields, *WIN_ONLY)).options
        table = row.table if club else None
        return lambda s: build.build_wall(s, dead_bets["dead"], table, dead_bets["bets"])
    options = win_request(fields).options
    return lambda s: build.build_win(s, **options)


def _recorded_choices(row: Row) -> dict[str, Any]:
    """A recorded game as the form shows it."""
    entry = row.entry
    bets = {bettor: target for bettor, target in getattr(entry, "bets", ())}
    bets.update({bettor: "wall" for bettor in getattr(entry, "wall_bets", ())})
    chosen: dict[str, Any] = {"dead": list(getattr(entry, "dead", ())), "bets": bets,
                              "wall": isinstance(entry, Wall)}  # fmt: skip
    if isinstance(entry, Win):
        chosen.update(
            winner=entry.winner,
            value=str(entry.value) if entry.line is None else "",
            line=entry.line or "",
            how="self" if entry.thrown_by is None else f"by:{entry.thrown_by}",
            exposures="" if entry.exposures is None else str(entry.exposures),
            jokerless=entry.jokerless,
            pays=entry.pays_for_table or "",
        )
    return chosen


def _game_row(standings: Standings, game: int, table: int | None) -> Row:
    """Game `game`, played at `table` when one is named (Refused otherwise)."""
    at = history.game_at(standings, game)
    row = next(r for r in standings.rows if r.at == at)
    if table is not None and row.table != table:
        raise Refused(f"game {game} was played at table {row.table}, not table {table}")
    return row


def _small(raw: str | None, digits: int) -> int:
    """A number from a query or form, 0 unless it is a few plain digits."""
    return int(raw) if raw and raw.isascii() and raw.isdigit() and len(raw) < digits else 0


def _table_param(request: Request, night: Night) -> int | None:
    """`/log.json?table=N`, as `mahj log --table N`."""
    raw = request.query_params.get("table")
    if raw is None:
        return None
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
