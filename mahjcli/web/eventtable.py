"""What every page of an event shares (the event now, the server's clock, a change made
through `night.eventchange`), and each table's pages on the scorekeeper's phone: the table
chosen once, the round's clock, the card game by game (each asked as `mahj win` asks it and
checked first), the confirmations and the hand-in (RULES.md §6), or a paper card's totals."""

from __future__ import annotations

import datetime as _dt
from typing import Any, cast
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import BaseRoute, Route

from ..core.errors import MahjError, Refused
from ..core.event import CHECKS, SEAT_LETTERS, hand_in_seat
from ..core.eventfold import EventStandings
from ..core.model import GAMES_PER_ROUND, WINDS
from ..files.eventload import OpenEvent
from ..night import eventbuild, eventchange, eventplay
from ..reports import event as views
from ..reports.eventboard import clock_view, floor_round, profile_words, unfinished
from ..reports.eventcard import CardView, card_json, card_view, done_words
from . import eventforms
from .common import Site, draw, form_items, page, refused, remember, render, see, without
from .eventforms import ENTRIES, Asked, Change, lines_at, made, new_entry_id, number
from .eventpaper import paper_card, paper_edit, record_card, recorded_answer, totals_context
from .fields import chosen_of, small, text
from .guard import Fields, Problem, cookie_name, fields_of, json_response, read_fields, wants_json

TABLE = "/round/{round:int}/table/{table:int}"


def server_now() -> _dt.datetime:
    """The server's time now, in UTC: every page counts from it (a phone's may be wrong)."""
    return _dt.datetime.now(_dt.UTC)


class EventBase(Site):
    """An event's pages: its one file, read as it is now."""

    kind = "event"

    async def opened(self, request: Request) -> OpenEvent:
        """The event as it is now (Problem 409 when it cannot be read)."""
        return cast(OpenEvent, (await self.read(request))[1].event)

    async def floor(self, request: Request) -> tuple[OpenEvent, int]:
        """The event and the round on the floor (Problem 409 before any round is seated)."""
        opened = await self.opened(request)
        rnd = floor_round(opened.standings, server_now())
        if not rnd:
            raise Problem(409, "no round is seated yet (the director seats round 1)")
        return opened, rnd

    async def make(self, request: Request, wanted: Asked) -> eventchange.EventChange:
        """Make the change asked for (in a worker thread, after this file's earlier saves)."""
        source = self.source(request, "event")
        done = await self.saving(source, eventchange.change, wanted.change)
        self.saved(source)
        return done


class TablePages(EventBase):
    """The tables' pages of an event."""

    def table_routes(self) -> list[BaseRoute]:
        totals, post = TABLE + "/totals", ["POST"]
        return [
            Route("/tables", self.tables_page),
            Route("/table/{table:int}", self.choose_table),
            Route(TABLE, self.card_page, methods=["GET", "POST"]),
            Route(TABLE + "/part", self.card_part),
            Route(TABLE + "/card.json", self.card_data),
            Route(TABLE + "/check", self.check, methods=post),
            Route(TABLE + "/take-back", self.take_back, methods=["GET", "POST"]),
            *(
                Route(f"{TABLE}/{action}", self.write, methods=post)
                for action in ("enter", "undo", "confirm", "hand-in")
            ),
            Route(totals, self.totals_page, methods=["GET", "POST"]),
            Route(totals + "/check", self.totals_check, methods=post),
            Route(totals + "/record", self.totals_record, methods=post),
            Route("/score", self.api_score, methods=post),
        ]

    @page()
    async def tables_page(self, request: Request) -> Response:
        """Which table is this phone? (Straight to it when the phone said so before.)"""
        opened, rnd = await self.floor(request)
        seating = opened.event.seating(rnd)
        assert seating is not None
        mine = small(request.cookies.get(_table_cookie(request)), 6)
        if 1 <= mine <= len(seating.tables) and "pick" not in request.query_params:
            return see(f"/round/{rnd}/table/{mine}")
        return render(
            request,
            "event_tables.html",
            round=rnd,
            title=views.event_title(opened.standings),
            tables=list(enumerate(seating.tables, 1)),
            token=self.key_of(request),
        )

    @page()
    async def choose_table(self, request: Request) -> Response:
        """This phone's table from now on: its page for the round on the floor."""
        table = request.path_params["table"]
        _, rnd = await self.floor(request)
        response = see(f"/round/{rnd}/table/{table}")
        return remember(response, request, str(table), _table_cookie(request))

    async def card_of(self, request: Request) -> tuple[OpenEvent, CardView, dict[str, Any]]:
        """The event, the table's card now, and what the live part of its page shows
        (refused unless the round is seated and has this table)."""
        rnd, table = request.path_params["round"], request.path_params["table"]
        opened = await self.opened(request)
        eventbuild.table_seats(opened.event, rnd, table)
        now = server_now()
        view = card_view(opened.standings, rnd, table, now)
        checks = [
            (SEAT_LETTERS[s], WINDS[s], name, view.seats[CHECKS[s]], name in view.confirmed)
            for s, name in enumerate(view.seats)
        ]
        floor = floor_round(opened.standings, now)
        part = {
            "view": view,
            "checks": checks,
            # an accepted card's round is over for its table: no clock counting down
            "clock": clock_view(view.clock, now) if view.status != "accepted" else None,
            "games_per_round": GAMES_PER_ROUND,
            "floor": floor,
            # the page's forms are for this: when it moves on, a page left alone is drawn again
            "drawn_for": f"{eventplay.card_mark(opened.event, rnd, table)} {view.state} {floor}",
        }
        return opened, view, part

    @page()
    async def card_part(self, request: Request) -> Response:
        """The live part of a table's page: the clock and the card."""
        html = draw("event_card_part.html", **(await self.card_of(request))[2])
        return HTMLResponse(html, headers={"Cache-Control": "no-store"})

    async def card_data(self, request: Request) -> Response:
        """`mahj event scorecard ROUND TABLE --json`."""
        return json_response(card_json((await self.card_of(request))[1]))

    @page()
    async def card_page(self, request: Request) -> Response:
        """The table's page; a POST (from "Change something") fills the form in again."""
        chosen = await read_fields(request) if request.method == "POST" else {}
        return await self.card_view(request, chosen=chosen)

    @page()
    async def card_view(
        self,
        request: Request,
        *,
        chosen: Fields | None = None,
        error: str | None = None,
        status: int = 200,
    ) -> Response:
        """A table's page: the clock, the card, what may be done at the table now, and
        what a write just did (its address says: `done_words`)."""
        rnd, table = request.path_params["round"], request.path_params["table"]
        opened, view, part = await self.card_of(request)
        lines = lines_at(opened, rnd, table)
        penalty = eventforms.penalty_typed(chosen)  # sent back: its own form shows it
        game = {} if penalty else chosen or {}
        rules = opened.event.rules
        card = opened.event.card
        stopped = any(line.result == "incomplete" for line in view.lines)
        called = view.clock is not None and view.clock.called
        return render(
            request,
            "event_table.html",
            status,
            **part,
            title=views.event_title(opened.standings),
            profile=profile_words(opened.standings),
            unfinished=unfinished(opened.standings, rnd, table),  # a slow table's earlier card
            token=self.key_of(request),
            director=self.keys.level(self.key_of(request)) == "organiser",
            chosen=chosen_of(game),
            penalty=penalty,
            entry_id=new_entry_id(),
            game_id=game.get("entry_id", [""])[0] or f"{new_entry_id()}-g",
            version=self.room.tag(self.source(request, "event").version),
            hands_in_seat=SEAT_LETTERS[hand_in_seat(rnd)],
            at_three=rules.at_three,
            errors="mj-in-error" in rules.variants,
            seen=len(lines),
            mark=eventplay.card_mark(opened.event, rnd, table),
            last_id=getattr(lines[-1], "entry_id", None) or "" if lines else "",
            card_lines=card.lines if card is not None else (),
            # the game in progress may be recorded as time called (once: it ends the card)
            time_called=called and view.games < GAMES_PER_ROUND and not stopped,
            done=done_words(request.query_params, view),
            error=error,
        )

    async def check(self, request: Request) -> Response:
        """What a game (or penalty) would put on the card; nothing saved yet."""
        rnd, table = request.path_params["round"], request.path_params["table"]
        fields: Fields = {}
        try:
            opened = await self.opened(request)
            fields = await self.table_fields(request)
            wanted = made(_result(fields), rnd, table, without(fields, "result"), server_now())
            edit = await run_in_threadpool(_checked, opened, wanted.change)
        except (Problem, MahjError) as exc:
            return await self.again(request, exc, self.card_view, chosen=fields)
        view = card_view(edit[1], rnd, table, server_now())
        return render(
            request,
            "event_check.html",
            round=rnd,
            table=table,
            line=view.lines[-1],
            totals=view.totals,
            game=view.games,
            notes=edit[0].notes,
            hidden=form_items(fields),
        )

    async def write(self, request: Request) -> Response:
        """Put a checked game on the card; take back its last line; a player confirms;
        the card is handed in. Then the table's page says what happened. Sent by the
        page's script (`Accept: application/json`: a game kept on the phone while the
        server did not answer), the answer is JSON: the page to show, or the refusal."""
        rnd, table = request.path_params["round"], request.path_params["table"]
        action = request.url.path.rsplit("/", 1)[1]
        fields: Fields = {}
        try:
            fields = await self.table_fields(request)
            if action == "enter":
                action, fields = _result(fields), without(fields, "result")
            done = await self.make(request, _asked(action, rnd, table, fields))
        except (Problem, MahjError) as exc:
            kept = {"result": [action], **fields} if action in (*ENTRIES, "enter") else {}
            return await self.again(request, exc, self.card_view, json=True, chosen=kept)
        to = f"/round/{rnd}/table/{table}"
        if not done.changed:
            to += "?done=undone" if action == "undo" else "?done=again"
        elif action in ENTRIES:
            to += "?entered=1"
        elif action == "confirm":
            to += f"?done=confirm&who={quote(fields.get('name', [''])[0])}"
        else:
            to += f"?done={action}"
        if wants_json(request):
            return json_response({"page": to, "repeated": not done.changed})
        return see(to)

    @page()
    async def take_back(self, request: Request) -> Response:
        """The page asking "take back the last line: ...?" (from the table's page's button,
        with the card it showed; at its own address, the card now): only its Yes, sending
        `undo` what `take_back_fields` says, takes the line back."""
        query = fields_of(request.query_params.multi_items())
        asked = await read_fields(request) if request.method == "POST" else query
        (opened, view, _), status, error = await self.card_of(request), 200, None
        try:
            fields = view.round, view.table, asked
            sent = await run_in_threadpool(eventforms.take_back_fields, opened, *fields)
        except (Problem, MahjError) as exc:
            (status, error), sent = refused(exc), {}
        return render(request, "event_take_back.html", status, view=view, sent=form_items(sent),
                      error=error, token=self.key_of(request))  # fmt: skip

    # ---- a paper card's round totals (simple mode) -------------------------------------

    async def totals_page(self, request: Request) -> Response:
        """A paper card's page; a POST (from "Change something") fills the totals in again."""
        sent = await read_fields(request) if request.method == "POST" else {}
        return await self.totals_view(request, chosen=sent.get("points"))

    @page()
    async def totals_view(
        self,
        request: Request,
        *,
        chosen: list[str] | None = None,
        error: str | None = None,
        status: int = 200,
    ) -> Response:
        """A table's paper card: its four seats, each with a box for the round total, and
        where the table's card stands (`eventpaper.totals_context`)."""
        rnd, table = request.path_params["round"], request.path_params["table"]
        standings = (await self.opened(request)).standings
        done = request.query_params.get("done") == "1"
        return render(
            request,
            "event_totals.html",
            status,
            **totals_context(standings, rnd, table, chosen, done),
            round=rnd,
            table=table,
            token=self.key_of(request),
            director=self.keys.level(self.key_of(request)) == "organiser",
            entry_id=new_entry_id(),
            error=error,
        )

    async def totals_check(self, request: Request) -> Response:
        """The card as it would go in (nothing saved yet)."""
        rnd, table = request.path_params["round"], request.path_params["table"]
        fields: Fields = {}
        try:
            opened = await self.opened(request)
            fields = await self.table_fields(request)
            card = paper_card(fields, self.holds_key(request, fields))
            edit, _ = await run_in_threadpool(_checked, opened, paper_edit(rnd, table, card))
        except (Problem, MahjError) as exc:
            return await self.again(request, exc, self.totals_view, chosen=fields.get("points"))
        return render(
            request,
            "event_totals_check.html",
            round=rnd,
            table=table,
            card=edit.event.cards[-1],
            notes=edit.notes,
            hidden=form_items(fields),
        )

    async def totals_record(self, request: Request) -> Response:
        """Put the paper card in; answered in JSON to the phone's script (a card kept on
        the phone while the server did not answer), as a game on the card is."""
        rnd, table = request.path_params["round"], request.path_params["table"]
        fields: Fields = {}
        try:
            source = self.source(request, "event")
            fields = await self.table_fields(request)
            card = paper_card(fields, self.holds_key(request, fields))
            done = await self.saving(source, record_card, rnd, table, card)
        except (Problem, MahjError) as exc:
            points = fields.get("points")
            return await self.again(request, exc, self.totals_view, json=True, chosen=points)
        self.saved(source)
        answer = recorded_answer(done, rnd, table)
        return json_response(answer) if wants_json(request) else see(answer["page"])

    async def api_score(self, request: Request) -> Response:
        """`POST /score`: `round`, `table`, `total` (NAME=POINTS, once a player), `replace`,
        as `mahj event score ROUND TABLE NAME=POINTS...`; 200 with the standings (a card
        sent with the join code is handed in: it counts once the director accepts it)."""
        source = self.source(request, "event")
        fields = await self.table_fields(request)
        rnd, table = number(fields, "round", 10_000), number(fields, "table", 10_000)
        card = paper_card(fields, self.holds_key(request, fields), api=True)
        done = await self.saving(source, record_card, rnd, table, card)
        self.saved(source)
        return json_response(views.standings_json(done.after))


def _table_cookie(request: Request) -> str:
    """The cookie that remembers this phone's table (named with the port, as the key's)."""
    return cookie_name(request).replace("mahj_key", "mahj_table", 1)


def _result(fields: Fields) -> str:
    """What the form enters: a win, a wall game, time called, an error or a penalty."""
    result = fields.get("result", ["win"])[0]
    if result not in ENTRIES:
        raise Problem(400, f"a card's line is {', '.join(ENTRIES)}, not {result!r}")
    if result == "penalty":
        eventforms.page_penalty(fields)
    return result


def _asked(action: str, rnd: int, table: int, fields: Fields) -> Asked:
    """The write a table's page asks for; a player's confirmation or the hand-in only on
    the card the page showed (its lines marked `card`), when the page says it (a page
    drawn before may still send `seen`, the count the mark covers)."""
    if action not in ("confirm", "hand-in"):
        return made(action, rnd, table, fields, server_now())
    wanted = made(action, rnd, table, without(fields, "seen", "card"), server_now())
    shown = eventplay.as_shown(wanted.change, rnd, table, text(fields, "card"))
    return wanted._replace(change=shown)


def _checked(opened: OpenEvent, change: Change) -> tuple[eventbuild.Edit, EventStandings]:
    """The change made, and the event after it, checked as a save checks it; nothing saved."""
    edit = change(opened)
    if edit is None:
        raise Refused("that was on the card already; nothing was entered twice")
    return edit, eventchange.edited(opened, edit)
