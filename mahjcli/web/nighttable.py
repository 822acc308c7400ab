"""A table's pages of a night, on the table's phone: the four quick questions, who pays
whom before it is recorded, taking back the table's last game, and correcting an earlier
game as `mahj fix` does (`POST /fix`; refused, naming the game, when a later game would
be seated differently: RULES.md §10)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from ..core.errors import MahjError, Refused
from ..core.numbers import whole_number
from ..core.standings import Row, Standings
from ..files.loader import Night
from ..night import build, change, history
from ..reports import board, shapes, words
from . import actions
from .common import Site, api_error, base_of, form_items, page, page_error, render, see, without
from .fields import (
    BLANK,
    WIN_ONE,
    chosen_of,
    entry_id,
    flag,
    how_won,
    incomplete_request,
    recorded_choices,
    small,
    text,
    wall_request,
    win_request,
)
from .guard import Fields, Problem, json_response, read_fields, wants_json
from .source import Source

WIN_ONLY = (*WIN_ONE, "line")
"""A win's fields, left out when a game's form is sent as a wall game."""


class NightTable(Site):
    """A night's file, and the pages of its tables."""

    kind = "night"

    async def night(self, request: Request) -> tuple[Source, Night]:
        """The night a request is about, as it is now (Problem 409 when it cannot be read)."""
        source, shown = await self.read(request)
        return source, cast(Night, shown.night)

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
        also: str | None = None,
        status: int = 200,
    ) -> Response:
        """The table's page: its seats, the four questions, its last games (and what the
        form just did, `done`, with `also` after it)."""
        source, night = await self.night(request)
        standings = night.standings
        number = request.path_params["table"]
        table = board.table_board(standings, number)
        if table is None:  # closed, or not open yet: the page follows the night till it is
            base = base_of(source)
            return render(request, "message.html", 404, heading="No such table",
                          message=f"table {number} is not playing now",
                          back=(f"{base}/tables", "The tables") if standings.club else None,
                          follow=f"{base}/table/{number}", base=base,
                          version=self.room.tag(source.version))  # fmt: skip
        played = board.games_at(standings, number)
        accepted = standings.accepted  # an accepted card's games do not change (RULES.md §6)
        return render(
            request,
            "table.html",
            status,
            **_about_table(source, standings, number, standings.waiting),
            title=board.board(standings).title,
            table=table,
            next_game=standings.next_game,
            token=self.key_of(request),
            chosen={**BLANK, **(chosen or {})},
            recent=[board.game_line(row, standings) for row in reversed(played[-3:])],
            earlier=[board.game_line(r, standings) for r in reversed(played) if r.game > accepted],
            accepted=accepted,
            names=[seat.name for seat in table.seats],
            organiser=self.level_of(request) == "organiser",
            version=self.room.tag(source.version),
            closed=source.closed,
            error=error,
            done=" ".join(w for w in (board.done_words(standings, number, done), also) if w),
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
            **_about_table(source, after, number),
            table=number,
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
        try:
            source = self.source(request, "night")
            fields = how_won(await self.table_fields(request))
            eid = entry_id({"entry_id": fields.get("entry_id", [])})
            _, make = _asked(without(fields, "entry_id"), number)
            done = await self.saving(source, change.record, make, eid)
        except (Problem, MahjError) as exc:
            if wants_json(request):  # `again`: the game may be shown to be put right and sent again
                again = isinstance(exc, MahjError) and not isinstance(exc, actions.Stale)
                return api_error(exc, **({"again": True} if again else {}))
            return await self.again(request, exc, self.table_view, chosen=chosen_of(fields))
        self.saved(source, done)
        row = next((r for r in done.after.rows if eid and r.entry.entry_id == eid), None)
        row = row if row is not None else done.after.rows[-1]
        to = f"{base_of(source)}/table/{number}?done={row.at}"
        if wants_json(request):
            return json_response({"game": row.game, "at": row.at, "page": to,
                                  "repeated": done.repeated})  # fmt: skip
        return see(to)

    async def undo(self, request: Request) -> Response:
        """Take back the table's last game (the form of the page `undo_view` shows)."""
        number = request.path_params["table"]
        try:
            source = self.source(request, "night")
            at = (await self.table_fields(request)).get("at", [""])[0]
            if not (at.isdigit() and at.isascii() and len(at) < 9):
                raise Problem(
                    400,
                    "say which game to take back (`at`, as the table's page sends it); "
                    "nothing was taken back",
                )
            spot = int(at)
            done = await self.saving(source, actions.undo, number, spot)
        except (Problem, MahjError) as exc:
            return await self.again(request, exc, self.undo_view)
        self.saved(source, done)
        gone = next(r.game for r in done.before.rows if r.at == spot)
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
        problem, later, moves, owed = actions.removal(night, last)
        if error is None and problem is not None:
            status, error = 400, problem
        return render(
            request,
            "undo.html",
            status,
            **_about_table(source, standings, number),
            table=number,
            game=board.game_line(last, standings),
            moves=moves,
            owed=owed,
            later=later,
            token=self.key_of(request) if problem is None else None,  # asked again if stale
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
        if history.accepted_problem(standings, row.at):
            why = f"game {game} is on the score card the table accepted, and an accepted card "
            why += "does not change"
            back = (
                f"{base_of(source)}/table/{number}",
                f"Back to {actions.where(standings, number)}",
            )
            return page_error(request, Refused(why), f"Game {game} stays as it is", back)
        return render(
            request,
            "fix.html",
            status,
            **_about_table(source, standings, number, row.waiting),
            table=number,
            game=board.game_line(row, standings),
            east_was=row.east,
            wall=row.result == "wall",
            later=sum(1 for r in standings.rows if r.is_game and r.at > row.at),
            seats=row.seated,
            elsewhere=row.elsewhere,
            chosen={**recorded_choices(row), **(chosen or {})},
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
        was = fields.pop("was", [None])[0]  # the game as the page showed it, and its East
        east_was = fields.pop("east_was", [None])[0]
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
            now = words.describe(row)
            moved = (was is not None and now != was) or east_was not in (None, row.east)
            if moved and change.already(night, eid) is None:
                raise Refused(
                    f"game {game} was changed since this page was shown (now: "
                    f"{now}, East {row.east}); nothing was changed: look at it again"
                )
            make = _fixed_builder(fields, row, club)
            note = actions.note("corrected", game, row.table if club else None)
            done, _ = await self.saving(source, history.replace, game, make, note, eid)
        except (Problem, MahjError) as exc:
            if not is_page:
                raise
            request.path_params.update(table=small(text(fields, "table"), 4),
                                       game=small(raw, 7))  # fmt: skip
            return await self.again(request, exc, self.fix_view, chosen=chosen_of(fields))
        self.saved(source)
        resettled = words.resettled(done.before, done.after)  # leavers paid at the door
        if is_page:  # the table's page, saying what the correction changed (RULES.md §10)
            later = words.repaid(done.before, done.after, row.at)
            each = "; ".join(f"game {r.game} now: {now} (was: {then})" for r, then, now in later)
            request.path_params.update(table=row.table)
            also = [f"Later games that pay differently: {each}."] if each else []
            also += [f"{said}." for said in resettled]
            return await self.table_view(request, done=("fixed", game), also=" ".join(also))
        return json_response({**shapes.status_json(done.after), "resettled": resettled})


def _asked(fields: Fields, table: int) -> tuple[str, actions.Builder]:
    """The game a table's form asks for, at that table."""
    fields = {key: list(values) for key, values in fields.items()}
    result = fields.pop("result", ["win"])[0]
    fields.setdefault("table", [str(table)])
    if fields["table"] != [str(table)]:
        raise Problem(400, f"this is table {table}'s page, not table {fields['table'][0]}'s")
    if result == "wall":
        return result, actions.wall_builder(wall_request(without(fields, *WIN_ONLY)))
    if result == "incomplete":  # time called at a tournament table: the form's choices go
        asked = incomplete_request(without(fields, *WIN_ONLY, "dead", "bet"))
        return result, actions.wall_builder(asked, build.build_incomplete)
    if result != "win":
        raise Problem(400, f"a game is a win, a wall game or time called, not {result!r}")
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


def _about_table(
    source: Source, standings: Standings, number: int, waiting: tuple[str, ...] = ()
) -> dict[str, Any]:
    """What each page of a table says of it and of the night's rules (`waiting`: who may bet)."""
    rules, card = standings.rules, standings.session.card
    return {
        "base": base_of(source),
        "place": actions.where(standings, number),
        "club": standings.club,
        "tournament": not rules.pays,
        "lines": card.lines if card is not None else (),
        "bettors": waiting if rules.house_problem("bettor") is None else (),
        "pays_for_table": rules.house_problem("pay-for-table") is None,
    }


def _game_row(standings: Standings, game: int, table: int | None) -> Row:
    """Game `game`, played at `table` when one is named (Refused otherwise)."""
    at = history.game_at(standings, game)
    row = next(r for r in standings.rows if r.at == at)
    if table is not None and row.table != table:
        raise Refused(f"game {game} was played at table {row.table}, not table {table}")
    return row


def _done(request: Request) -> tuple[str, int] | None:
    """`?done=AT`, `?removed=GAME` or `?fixed=GAME`: what the form just did."""
    for what in ("done", "removed", "fixed"):
        raw = request.query_params.get(what, "")
        if raw.isdigit() and raw.isascii() and len(raw) < 9:
            return what, int(raw)
    return None
