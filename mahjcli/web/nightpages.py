"""A night on the server, at `/` for one night or `/n/NAME` for each night of a folder: the
room's screen, the tables' pages (`web.nighttable`), the organiser's page, and the API,
whose writes answer 200 with the new `status.json` or `{"error": ...}` with the file
unchanged (a page's own form, `page=...`, is answered with the page)."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..core.errors import MahjError
from ..core.model import MAX_TABLES, Close, Leave
from ..core.numbers import whole_number
from ..core.standings import Row, Standings
from ..files.loader import Night
from ..night import build, change, door, history
from ..reports import board, shapes, words
from . import actions
from .common import CODE_SAID, base_of, join_code_shown, page, page_error, remember, render, see
from .fields import (
    entry_id,
    flag,
    incomplete_request,
    only,
    table_number,
    text,
    wall_request,
    win_request,
)
from .fields import said as said_about
from .guard import Fields, Problem, json_response
from .nighttable import NightTable
from .source import Shown, Source

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
    "rename": "Renamed everywhere in the night; the points stay the player's.",
    "closed": "The night is closed: the room's screen shows the final standings and "
    "the settle-up. Anything recorded now opens it again.",
    "open": "The room's screen shows the night going on.",
    "reclosed": "Something was recorded after the night was closed: it is open again.",
    **CODE_SAID,
}
"""What the organiser's page says after each of its other forms."""


class NightSite(NightTable):
    """The routes of a night."""

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
            Route("/incomplete", self.api_game, methods=post),
            Route("/fix", self.api_fix, methods=post),
            Route("/organiser", self.organiser_view),
            *(Route(f"/{name}", self.room_write, methods=post) for name in ROOM_WRITES),
            Route("/undo", self.take_back, methods=post),
            Route("/close-night", self.close_night, methods=post),
            Route("/reopen-night", self.close_night, methods=post),
            Route("/join-code", self.join_code, methods=post),
            Route("/key", self.change_key, methods=post),
        ]

    # ---- the room's screen -------------------------------------------------------------

    def board_context(self, source: Source, shown: Shown, link: str) -> dict[str, Any]:
        """What the screen shows of a night (or why it cannot): the night going on, or its
        end once the organiser closed it; the join code and its QR code when shown."""
        context: dict[str, Any] = {
            "base": base_of(source),
            "heading": source.path.name,
            "error": shown.error,
            "tables_link": True,
            "part_template": "night_part.html",
            "closed": source.closed,
            **join_code_shown(self.keys.code if source.show_code else "", link),
        }
        if shown.night is not None:
            context["board"] = board.board(shown.night.standings)
            context["heading"] = context["board"].title
        return context

    def board_marker(self, source: Source, shown: Shown) -> str:
        """Whether the organiser closed the night (its screen shows the end)."""
        return str(source.closed)

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
        """`POST /win`, `POST /wall`, `POST /incomplete`: 200 with the new status, or the
        refusal."""
        source = self.source(request, "night")
        fields = await self.table_fields(request)
        eid = entry_id(fields)
        if request.url.path.endswith("/win"):
            make = actions.win_builder(win_request(fields))
        elif request.url.path.endswith("/incomplete"):
            make = actions.wall_builder(incomplete_request(fields), build.build_incomplete)
        else:
            make = actions.wall_builder(wall_request(fields))
        done = await self.saving(source, change.record, make, eid)
        self.saved(source, done)
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
                if eid in self.done_ids:
                    after = (await self.night(request))[1].standings
                else:
                    after = (await self.saving(source, history.rename, old, new))[2]
                    self.did(eid)
                at = None
            else:
                done = await self.saving(source, change.record, _room_builder(action, fields), eid)
                after = done.after
                at = None if done.repeated else len(after.session.log) - 1
        except (Problem, MahjError) as exc:
            if not is_page:
                raise
            typed = {f"{action}-{key}": text(fields, key) or "" for key in ROOM_WRITES[action][0]}
            view = self.organiser_view
            answer = await self.again(request, exc, view, typed=typed, form=action, sent=fields)
            return self.at_desk(request, fields, answer)
        self.saved(source)
        if is_page:
            what = f"at={at}" if at is not None else f"done={'rename' if action == 'rename' else 1}"
            return self.at_desk(request, fields, see(f"{self.desk(source)}?{what}"))
        return json_response(shapes.status_json(after))

    async def take_back(self, request: Request) -> Response:
        """The night's last entry taken back, as `mahj undo` does: the one the organiser's
        page showed (`at`, its place in the night's log), or nothing."""
        source = self.source(request, "night")
        fields = await self.organiser_fields(request)
        is_page = fields.pop("page", [""])[0] == "organiser"
        eid = None
        try:
            eid = entry_id(fields)
            only(fields, ("at", "was"), ("at",))
            at = whole_number(fields["at"][0], "at", 0, 99_999_999)
            was = text(fields, "was")  # what the page said of it
            if eid in self.done_ids:  # sent twice: taken back once
                return await self._taken_already(request, source, fields if is_page else None)
            done = await self.saving(source, change.undo, actions.last_entry(at, was))
            self.did(eid)
        except (Problem, MahjError) as exc:
            if eid is not None and eid in self.done_ids:  # the same tap, taken back meanwhile
                return await self._taken_already(request, source, fields if is_page else None)
            if not is_page:
                raise
            answer = await self.again(request, exc, self.organiser_view, sent=fields)
            return self.at_desk(request, fields, answer)
        self.saved(source, done)
        if not is_page:
            return json_response(shapes.status_json(done.after))
        said, leaver = actions.taken_back(done.before, at)
        answer = await self.organiser_view(request, said=said, leaver=leaver, sent=fields)
        return self.at_desk(request, fields, answer)

    async def _taken_already(
        self, request: Request, source: Source, page: Fields | None
    ) -> Response:
        """A take-back sent twice (a double tap): answered as done, once (`page`: the page's
        form's fields; None for a script)."""
        if page is not None:
            return self.at_desk(request, page, see(self.desk(source)))
        return json_response(shapes.status_json((await self.night(request))[1].standings))

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
            self.watcher.look_at(source)  # a change not seen yet must not reopen it later
            self.watcher.touch(source)
            source.closed_at = source.version
        elif not closing and source.closed:
            source.closed_at = None
            self.watcher.touch(source)
        if is_page:
            done = "closed" if closing else "open"
            return self.at_desk(request, fields, see(f"{self.desk(source)}?done={done}"))
        return json_response({**shapes.status_json(night.standings), "closed": source.closed})

    def desk(self, source: Source) -> str:
        return f"{base_of(source)}/organiser"

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
        typed: dict[str, str] | None = None,
        form: str = "",
        said: str | None = None,
        leaver: str = "",
        sent: Fields | None = None,
    ) -> Response:
        """Who sits where, who waits, and every form that changes the room (after a
        refusal, what its `form` had, `typed` by the boxes' ids; what was just taken back,
        `said`, and the player to choose under "Someone leaves")."""
        source, night = await self.night(request)
        keyed = new_link is not None or (sent is not None and self.holds_key(request, sent))
        if self.keys.level(self.key_of(request)) != "organiser" and not keyed:
            return page_error(
                request,
                Problem(401, "the organiser's page needs the entry link printed when mahj "
                        "serve started (a table's join code enters games only)"),
                "The organiser's page",
            )  # fmt: skip
        standings = night.standings
        done, take_back = _organiser_done(standings, request, source.closed)
        return render(
            request,
            "organiser.html",
            status,
            base=base_of(source),
            version=self.room.tag(source.version),
            board=board.board(standings),
            token=self.keys.key,
            present=standings.present(),
            players=standings.players,
            can_open=len(standings.waiting) >= 4,
            tournament=not standings.rules.pays,
            leaving=actions.leaving_words(standings),
            closed=source.closed,
            shown=source.show_code,
            code=self.keys.code,
            done=said or done,
            take_back=None if said else take_back,
            leaver=leaver,
            error=_about(error, form, typed or {}, standings),
            new_link=new_link,
            typed=typed or {},
        )


def _about(error: str | None, form: str, typed: dict[str, str], standings: Standings) -> str | None:
    """An organiser's refused write, about its box: an arrival's name; a rename's new
    name, or the player chosen when the night no longer has them."""
    if not error or form not in ("join", "rename"):
        return error
    if form == "join":
        return said_about(error, "join")
    old_known = typed.get("rename-old") in standings.players
    return said_about(error, "rename-new" if old_known else "rename-old")


def _room_builder(action: str, fields: Fields) -> actions.Builder:
    """The entry an organiser's write asks for, built as the command line builds it."""
    name = text(fields, "name") or ""
    if action == "join":
        new = flag(fields, "new")
        return lambda n: build.build_join(n.standings, name, new)
    if action == "leave":
        settle = flag(fields, "settle")
        return lambda n: door.build_leave(n.standings, name, settle)
    if action == "open-table":
        east = text(fields, "east")
        return lambda n: build.build_open(n.standings, east)
    number = table_number(fields) or 0
    return lambda n: build.build_close(n.standings, number)


def _organiser_done(
    standings: Standings, request: Request, closed: bool
) -> tuple[str | None, tuple[int, str, str] | None]:
    """What the organiser's last form did, for the page it comes back to; after a table
    closed, or a leaver who did not settle up though she had something to settle, while it
    can still be taken back (it is the night's last entry, whenever the page is opened):
    its place in the log, what its button takes back ("closing table 2", "Ruth's leaving")
    and how the log describes it."""
    raw = request.query_params.get("at", "")
    log = standings.session.log
    if not (raw.isascii() and raw.isdigit() and len(raw) < 9):
        done = request.query_params.get("done", "")
        stale = done in ("closed", "open") and closed != (done == "closed")  # a game since
        said = SAID.get(f"re{done}" if stale else done)
        final = next((r for r in standings.rows if r.at == len(log) - 1), None)
        more, offer = _offer(standings, final) if final is not None else ("", None)
        return (f"{said or ''} {more}".strip() or None), offer
    row = next((r for r in standings.rows if r.at == int(raw)), None)
    if row is None:
        return "Recorded.", None
    paid = words.outcome(row, standings)
    said = words.describe(row)
    settled = words.settled_words(row, standings)  # what is read out at the door
    done = f"Recorded: {said}" + (f" ({paid})" if paid != said else "") + "."
    done += f" Settled: {settled}." if settled else ""
    last = row.at == len(log) - 1  # else something came after: it stays
    leaver = row.entry.player if isinstance(row.entry, Leave) and row.entry.settled_up else ""
    if last and (stake := standings.kitty_returns().get(leaver, 0)):
        kept = door.kitty_keeps(standings, leaver, stake)
        done += f" {kept[0].upper()}{kept[1:]}."
    who = actions.unsettled_leaver(standings, row.at)
    if who is not None and not last:
        return f"{done} {who} did not settle up.", None
    more, offer = _offer(standings, row) if last else ("", None)
    return f"{done} {more}".strip(), offer


def _offer(standings: Standings, row: Row) -> tuple[str, tuple[int, str, str] | None]:
    """The take-back the organiser's page offers for the night's last entry, `row` (a table
    closing, or a leaver who did not settle up what she had to), and what it says of it."""
    said = words.describe(row)
    if isinstance(row.entry, Close):
        return "", (row.at, f"closing table {row.entry.table}", said)
    who = actions.unsettled_leaver(standings, row.at)
    if who is None:
        return "", None
    return (
        f"{who} did not settle up. To settle up as {who} goes instead: tap “Take back "
        f"{who}'s leaving”, then choose {who} under “Someone leaves”, with “Settles up as "
        "they go” ticked."
    ), (row.at, f"{who}'s leaving", said)


def _table_param(request: Request, night: Night) -> int | None:
    """`/log.json?table=N`, as `mahj log --table N`."""
    raw = request.query_params.get("table")
    return (
        None
        if raw is None
        else night.standings.table_named(whole_number(raw, "--table", 1, MAX_TABLES))
    )
