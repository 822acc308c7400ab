"""Correcting an earlier game of a table from its page, as `mahj fix` does: the game's
form filled in as it was recorded, sent to `POST /fix` (`game`, then the fields of
`/win`, or `wall=true` and those of `/wall`). The night is replayed with the game
replaced (`night.history.replace`); it is refused, naming the game, when a later game
would be seated differently (RULES.md §10), and the file stays as it was."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..core.errors import MahjError, Refused
from ..core.model import Wall, Win
from ..core.numbers import whole_number
from ..core.standings import Row, Standings
from ..night import build, history
from ..reports import board, shapes
from .common import page_error, refused, see
from .fields import chosen_of, entry_id, flag, how_won, text, wall_request, win_request
from .guard import Fields, Problem, json_response
from .organiser import Organiser, base_of
from .pages import render

WIN_ONLY = ("winner", "value", "line", "thrown_by", "self_pick", "exposures", "jokerless",
            "singles_pairs", "heavenly", "misnamed", "pays_for_table")  # fmt: skip
"""A win's fields, left out when a game's form is sent as a wall game."""


def fix_note(game: int, table: int | None, today: _dt.date | None = None) -> str:
    """The comment over a game corrected from a table's page."""
    day = (today or _dt.date.today()).isoformat()
    place = f"table {table}'s page" if table is not None else "the table's page"
    return f"Game {game} as it was before it was corrected on {place} (mahj serve) on {day}:"


def fixed_builder(fields: Fields, row: Row, club: bool) -> Callable[[Standings], build.Built]:
    """How to build game `row` again from the fields sent (a win's, or a wall game's)."""
    fields = {key: list(values) for key, values in fields.items()}
    wall = flag(fields, "wall")
    fields.pop("wall", None)
    fields.pop("table", None)
    if wall:
        for key in WIN_ONLY:
            fields.pop(key, None)
        asked = wall_request(fields)
        table = row.table if club else None
        return lambda standings: build.build_wall(
            standings, asked.options["dead"], table, asked.options["bets"]
        )
    asked = win_request(fields)
    return lambda standings: build.build_win(standings, **asked.options)


def recorded_choices(row: Row) -> dict[str, Any]:
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


class TableFix(Organiser):
    """The routes that correct an earlier game of a table."""

    async def fix_page(self, request: Request) -> Response:
        return await self.fix_view(request)

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
        try:
            source, night = await self.night(request)
            standings = night.standings
            row = _game_row(standings, game, number)
        except (Problem, MahjError) as exc:
            return page_error(request, exc, "No such game")
        card = standings.session.card
        house = standings.rules
        return render(
            request,
            "fix.html",
            status,
            base=base_of(source),
            table=number,
            club=standings.club,
            place=f"table {number}" if standings.club else "the table",
            game=board.game_line(row, standings),
            later=sum(1 for r in standings.rows if r.is_game and r.at > row.at),
            seats=row.seated,
            elsewhere=row.elsewhere,
            bettors=row.waiting if house.house_problem("bettor") is None else (),
            pays_for_table=house.house_problem("pay-for-table") is None,
            lines=card.lines if card is not None else (),
            tournament=not house.pays,
            chosen={**recorded_choices(row), **(chosen or {})},
            token=self.key_of(request),
            error=error,
        )

    async def api_fix(self, request: Request) -> Response:
        """`POST /fix`: game G typed again; 200 with the new status, or the refusal (for
        the table page's form, `page=table`, the table's page or the form again)."""
        source = self.source(request, "night")
        fields = how_won(await self.table_fields(request))
        page = fields.pop("page", [""])[0] == "table"
        raw: str | None = None
        try:
            eid = entry_id(fields)
            raw = text(fields, "game")
            if raw is None:
                raise Problem(
                    400, "say which game to correct (the field game); nothing was changed"
                )
            game = whole_number(raw, "game", 1, 100_000)
            fields.pop("game")
            table = text(fields, "table")
            _, night = await self.night(request)
            row = _game_row(
                night.standings, game, int(table) if table and table.isdigit() else None
            )
            make = fixed_builder(fields, row, night.standings.club)
            note = fix_note(game, row.table if night.standings.club else None)
            done, _ = await self.saving(source, history.replace, game, make, note, eid)
        except (Problem, MahjError) as exc:
            if not page or refused(exc)[0] in (401, 403, 413, 415):
                raise
            request.path_params.update(table=row_table(fields), game=_game_of(raw))
            status, message = refused(exc)
            return await self.fix_view(
                request, chosen=chosen_of(fields), error=message, status=status
            )
        self.saved(source)
        if page:
            return see(f"{base_of(source)}/table/{row.table}?fixed={game}")
        return json_response(shapes.status_json(done.after))


def _game_row(standings: Standings, game: int, table: int | None) -> Row:
    """Game `game`, played at `table` when one is named (Refused otherwise)."""
    at = history.game_at(standings, game)
    row = next(r for r in standings.rows if r.at == at)
    if table is not None and row.table != table:
        raise Refused(f"game {game} was played at table {row.table}, not table {table}")
    return row


def row_table(fields: Fields) -> int:
    raw = text(fields, "table") or ""
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 4 else 0


def _game_of(raw: str | None) -> int:
    return int(raw) if raw and raw.isascii() and raw.isdigit() and len(raw) < 7 else 0
