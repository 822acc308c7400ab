"""A table's page at an event, on the scorekeeper's phone: the table is chosen once and
remembered; the round's clock; the card as it grows; each game asked as a tournament
night's `mahj win` asks it (winner, value or card line, self-picked or thrown by whom,
the winner's exposures, ...), checked before it goes on the card; then each player
confirms the partner's line and the player RULES.md §6 names hands the card in. Every
write is one change of `night.eventchange` (`web.eventforms`), refused in the page's
words as the command line refuses it."""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Route

from ..core.errors import MahjError, Refused
from ..core.event import CHECKS, SEAT_LETTERS, hand_in_seat
from ..core.eventfold import fold_event
from ..core.model import GAMES_PER_ROUND, WINDS
from ..files.eventload import OpenEvent
from ..night.eventbuild import table_seats
from ..reports.event import event_title
from ..reports.eventboard import floor_round, profile_words
from ..reports.eventcard import STATES, CardView, card_json, card_view
from .common import draw, form_items, refused, render, see
from .eventbase import EventBase, clock_view, server_now
from .eventforms import ENTRIES, lines_at, made, new_entry_id
from .guard import Fields, Problem, cookie_name, json_response, read_fields

TABLE = "/round/{round:int}/table/{table:int}"
TABLE_COOKIE = "mahj_table"
BLANK = {
    "winner": "", "value": "", "line": "", "how": "", "exposures": "", "jokerless": False,
    "singles_pairs": False, "heavenly": False, "misnamed": False, "dead": (),
}  # fmt: skip
"""A game's form before anything is chosen."""
DONE = {
    "again": "That was on the card already; nothing was entered twice.",
    "undo": "The last line was taken back.",
    "hand-in": "The card is handed in: the director accepts it.",
}


def table_cookie(request: Request) -> str:
    """The cookie that remembers this phone's table (named with the port, as the key's)."""
    return cookie_name(request).replace("mahj_key", TABLE_COOKIE, 1)


class TablePages(EventBase):
    """The tables' pages of an event."""

    def table_routes(self) -> list[BaseRoute]:
        return [
            Route("/tables", self.tables_page),
            Route("/table/{table:int}", self.choose_table),
            Route(TABLE, self.card_page, methods=["GET", "POST"]),
            Route(TABLE + "/part", self.card_part),
            Route(TABLE + "/card.json", self.card_data),
            Route(TABLE + "/check", self.check, methods=["POST"]),
            *(
                Route(f"{TABLE}/{action}", self.write, methods=["POST"], name=action)
                for action in ("enter", "undo", "confirm", "hand-in")
            ),
        ]

    async def tables_page(self, request: Request) -> Response:
        """Which table is this phone? (Straight to it when the phone said so before.)"""
        try:
            opened, rnd = await self.floor(request)
        except (Problem, MahjError) as exc:
            return self.refused_page(request, exc)
        seating = opened.event.seating(rnd)
        assert seating is not None
        mine = request.cookies.get(table_cookie(request), "")
        remembered = mine.isdigit() and len(mine) < 6 and 1 <= int(mine) <= len(seating.tables)
        if remembered and "pick" not in request.query_params:
            return see(f"/round/{rnd}/table/{int(mine)}")
        return render(
            request,
            "event_tables.html",
            round=rnd,
            title=event_title(opened.standings),
            tables=list(enumerate(seating.tables, 1)),
            token=self.key_of(request),
        )

    async def choose_table(self, request: Request) -> Response:
        """This phone's table from now on: its page for the round on the floor."""
        table = request.path_params["table"]
        try:
            _, rnd = await self.floor(request)
        except (Problem, MahjError) as exc:
            return self.refused_page(request, exc)
        response = see(f"/round/{rnd}/table/{table}")
        response.set_cookie(
            table_cookie(request), str(table), max_age=24 * 3600, httponly=True, samesite="lax"
        )
        return response

    def view_of(self, opened: OpenEvent, rnd: int, table: int) -> tuple[CardView, dict[str, Any]]:
        """The table's card now, and what its part of the page shows."""
        now = server_now()
        view = card_view(opened.standings, rnd, table, now)
        checks = [
            (SEAT_LETTERS[s], WINDS[s], name, view.seats[CHECKS[s]], name in view.confirmed)
            for s, name in enumerate(view.seats)
        ]
        part = {
            "view": view,
            "state": STATES[view.status],
            "checks": checks,
            "clock": clock_view(view.clock, now),
            "games_per_round": GAMES_PER_ROUND,
        }
        return view, part

    async def card_part(self, request: Request) -> Response:
        """The live part of a table's page: the clock and the card."""
        rnd, table = request.path_params["round"], request.path_params["table"]
        try:
            opened = await self.opened(request)
            self.seated(opened, rnd, table)
        except (Problem, MahjError) as exc:
            return self.refused_page(request, exc)
        _, part = self.view_of(opened, rnd, table)
        html = draw("event_card_part.html", **part)
        return HTMLResponse(html, headers={"Cache-Control": "no-store"})

    async def card_data(self, request: Request) -> Response:
        """`mahj event scorecard ROUND TABLE --json`."""
        rnd, table = request.path_params["round"], request.path_params["table"]
        opened = await self.opened(request)
        self.seated(opened, rnd, table)
        return json_response(card_json(card_view(opened.standings, rnd, table, server_now())))

    @staticmethod
    def seated(opened: OpenEvent, rnd: int, table: int) -> None:
        """Refused unless the round is seated and has this table."""
        table_seats(opened.event, rnd, table)

    async def card_page(self, request: Request) -> Response:
        """The table's page; a POST (from "Change something") fills the form in again."""
        chosen: Fields = {}
        if request.method == "POST":
            try:
                chosen = await read_fields(request)
            except Problem as exc:
                return self.refused_page(request, exc)
        query = request.query_params
        done = DONE.get(query.get("done", ""))
        if query.get("done") == "confirm":
            done = f"confirmed:{query.get('who', '')}"
        return await self.card_view(request, chosen=chosen, done=done, entered="entered" in query)

    async def card_view(
        self,
        request: Request,
        *,
        chosen: Fields | None = None,
        error: str | None = None,
        done: str | None = None,
        entered: bool = False,
        status: int = 200,
    ) -> Response:
        """A table's page: the clock, the card, and what may be done at the table now."""
        rnd, table = request.path_params["round"], request.path_params["table"]
        try:
            opened = await self.opened(request)
            self.seated(opened, rnd, table)
        except (Problem, MahjError) as exc:
            return self.refused_page(request, exc)
        view, part = self.view_of(opened, rnd, table)
        if entered and view.lines:
            done = f"On the card: {view.lines[-1].what.rstrip('.')}."
        if done is not None and done.startswith("confirmed:"):
            who = done.removeprefix("confirmed:")
            done = f"{who if who in view.seats else 'The player'} confirmed the card."
        lines = lines_at(opened, rnd, table)
        rules = opened.event.rules
        card = opened.event.card
        return render(
            request,
            "event_table.html",
            status,
            **part,
            title=event_title(opened.standings),
            profile=profile_words(opened.standings),
            floor=floor_round(opened.standings),
            token=self.key_of(request),
            chosen=_chosen(chosen or {}),
            entry_id=new_entry_id(),
            game_id=(chosen or {}).get("entry_id", [""])[0] or f"{new_entry_id()}-g",
            version=self.room.tag(self.source(request, "event").version),
            hands_in_seat=SEAT_LETTERS[hand_in_seat(rnd)],
            at_three=rules.at_three,
            errors="mj-in-error" in rules.variants,
            seen=len(lines),
            last_id=getattr(lines[-1], "entry_id", None) or "" if lines else "",
            card_lines=card.lines if card is not None else (),
            time_called=_may_call_time(view),
            done=done,
            error=error,
        )

    async def check(self, request: Request) -> Response:
        """What a game (or penalty) would put on the card; nothing saved yet."""
        rnd, table = request.path_params["round"], request.path_params["table"]
        fields: Fields = {}
        try:
            opened = await self.opened(request)
            fields = await self.table_fields(request)
            result = _result(fields)
            wanted = made(result, rnd, table, _without(fields, "result"), server_now())
            view, notes = await run_in_threadpool(_preview, opened, wanted.change, rnd, table)
        except (Problem, MahjError) as exc:
            return await self._refused(request, exc, fields)
        return render(
            request,
            "event_check.html",
            round=rnd,
            table=table,
            line=view.lines[-1],
            totals=view.totals,
            game=view.games,
            notes=notes,
            hidden=form_items(fields),
        )

    async def write(self, request: Request) -> Response:
        """Put a checked game on the card; take back its last line; a player confirms;
        the card is handed in. Then the table's page says what happened."""
        rnd, table = request.path_params["round"], request.path_params["table"]
        action = request.url.path.rsplit("/", 1)[1]
        fields: Fields = {}
        try:
            fields = await self.table_fields(request)
            if action == "enter":
                action, fields = _result(fields), _without(fields, "result")
            done = await self.make(request, made(action, rnd, table, fields, server_now()))
        except (Problem, MahjError) as exc:
            return await self._refused(request, exc, fields if action in ENTRIES else {})
        page = f"/round/{rnd}/table/{table}"
        if not done.changed:
            return see(f"{page}?done=again")
        if action in ENTRIES:
            return see(f"{page}?entered=1")
        if action == "confirm":
            who = fields.get("name", [""])[0]
            from urllib.parse import quote

            return see(f"{page}?done=confirm&who={quote(who)}")
        return see(f"{page}?done={action}")

    async def _refused(self, request: Request, exc: Exception, fields: Fields) -> Response:
        """The table's page again, the game's choices kept, with what was wrong."""
        status, message = refused(exc)
        if status in (401, 403, 413, 415):
            return self.refused_page(request, exc)
        return await self.card_view(request, chosen=fields, error=message, status=status)


def _result(fields: Fields) -> str:
    """What the form enters: a win, a wall game, time called, an error or a penalty."""
    result = fields.get("result", ["win"])[0]
    if result not in ENTRIES:
        raise Problem(400, f"a card's line is {', '.join(ENTRIES)}, not {result!r}")
    return result


def _without(fields: Fields, *keys: str) -> Fields:
    return {k: v for k, v in fields.items() if k not in keys}


def _preview(
    opened: OpenEvent, change: Any, rnd: int, table: int
) -> tuple[CardView, tuple[str, ...]]:
    """The card as it would be with the entry on it, checked as a save checks it."""
    edit = change(opened)
    if edit is None:
        raise Refused("that was on the card already; nothing was entered twice")
    after = fold_event(edit.event, known=opened.standings.results)
    if after.problems:
        raise Refused(after.problems[0].message)
    return card_view(after, rnd, table, server_now()), edit.notes


def _may_call_time(view: CardView) -> bool:
    """Whether the game in progress may be recorded as time called now."""
    called = view.clock is not None and view.clock.called
    last = view.lines[-1].result if view.lines else ""
    return called and view.games < GAMES_PER_ROUND and last != "incomplete"


def _chosen(fields: Fields) -> dict[str, Any]:
    """What the game's form had chosen, to show it again."""

    def one(key: str) -> str:
        return fields.get(key, [""])[0]

    how = one("how")
    if one("self_pick") in ("true", "on"):
        how = "self"
    elif one("thrown_by"):
        how = f"by:{one('thrown_by')}"
    flags = {key: one(key) in ("true", "on", "1", "yes") for key in
             ("jokerless", "singles_pairs", "heavenly", "misnamed")}  # fmt: skip
    return {**BLANK, "winner": one("winner"), "value": one("value"), "line": one("line"),
            "how": how, "exposures": one("exposures"), "dead": tuple(fields.get("dead", [])),
            **flags}  # fmt: skip
