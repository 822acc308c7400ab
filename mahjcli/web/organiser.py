"""The organiser's page of a night and the writes that change the whole room: an arrival,
a leaver (settling up as she goes, shown first), opening and closing a table, renaming a
misspelt player, closing the night on the room's screen, the tables' join code (shown on
the room's screen on demand, changed) and the entry key (changed). Each write goes
through the command line's own path (`night.change.record` with `night.build`'s
builders, `night.history.rename`), needs the organiser's key, and answers like
`POST /win`: 200 with the new `status.json`, or `{"error": ...}` with the file unchanged;
a form of the organiser's page (`page=organiser`) is answered with the page again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..core.errors import MahjError, Refused
from ..core.standings import Standings
from ..files.loader import Night
from ..night import build, change, history
from ..reports import board, shapes
from ..reports.words import describe, outcome, points, rate
from .common import Site, page_error, refused, see
from .fields import entry_id, flag, only, table_number, text
from .guard import Fields, Problem, cookie_name, json_response
from .pages import render
from .source import Source


class Done(NamedTuple):
    """What a write did: the night after it, and where its entry is in the log (None when
    it recorded none: a rename, or an entry id already recorded)."""

    after: Standings
    at: int | None


Save = Callable[[Path], Done]


def recorded(make: Callable[[Night], build.Built], eid: str | None) -> Save:
    """Record the entry `make` builds, as the command line does."""

    def save(path: Path) -> Done:
        done = change.record(path, make, eid)
        at = None if done.repeated else len(done.after.session.log) - 1
        return Done(done.after, at)

    return save


def base_of(source: Source) -> str:
    """Where a night's pages start: `` for the one night served, `/n/NAME` in a folder."""
    from urllib.parse import quote

    return f"/n/{quote(source.key, safe='')}" if source.key else ""


class Organiser(Site):
    """The organiser's page and the room's writes of a night."""

    def organiser_routes(self) -> list[BaseRoute]:
        """The organiser's page and every write for the whole room."""
        post = ["POST"]
        return [
            Route("/organiser", self.organiser_page),
            Route("/join", self.join, methods=post),
            Route("/leave", self.leave, methods=post),
            Route("/open-table", self.open_table, methods=post),
            Route("/close-table", self.close_table, methods=post),
            Route("/rename", self.rename, methods=post),
            Route("/close-night", self.close_night, methods=post),
            Route("/reopen-night", self.reopen_night, methods=post),
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

    # ---- the writes ----------------------------------------------------------------------

    async def join(self, request: Request) -> Response:
        def parse(fields: Fields, eid: str | None) -> Save:
            only(fields, ("name", "new"), ("name",))
            name, new = text(fields, "name") or "", flag(fields, "new")
            return recorded(lambda n: build.build_join(n.standings, name, new), eid)

        return await self._write(request, parse)

    async def leave(self, request: Request) -> Response:
        def parse(fields: Fields, eid: str | None) -> Save:
            only(fields, ("name", "settle"), ("name",))
            name, settle = text(fields, "name") or "", flag(fields, "settle")
            return recorded(lambda n: build.build_leave(n.standings, name, settle), eid)

        return await self._write(request, parse)

    async def open_table(self, request: Request) -> Response:
        def parse(fields: Fields, eid: str | None) -> Save:
            only(fields, ("east",))
            east = text(fields, "east")
            return recorded(lambda n: build.build_open(n.standings, east), eid)

        return await self._write(request, parse)

    async def close_table(self, request: Request) -> Response:
        def parse(fields: Fields, eid: str | None) -> Save:
            only(fields, ("table",), ("table",))
            number = table_number(fields) or 0
            return recorded(lambda n: build.build_close(n.standings, number), eid)

        return await self._write(request, parse)

    async def rename(self, request: Request) -> Response:
        def parse(fields: Fields, eid: str | None) -> Save:
            only(fields, ("old", "new"), ("old", "new"))
            old, new = text(fields, "old") or "", text(fields, "new") or ""

            def save(path: Path) -> Done:
                return Done(history.rename(path, old, new)[2], None)

            return save

        return await self._write(request, parse)

    async def _write(
        self, request: Request, parse: Callable[[Fields, str | None], Save]
    ) -> Response:
        """A write for the whole room: the organiser's key, the fields `parse` reads, the
        change saved through the night's one path; the answer as `POST /win`'s, or the
        organiser's page again for its own forms."""
        source = self.source(request, "night")
        fields = await self.organiser_fields(request)
        page = fields.pop("page", [""])[0] == "organiser"
        try:
            save = parse(fields, entry_id(fields))
            done = await self.saving(source, save)
        except (Problem, MahjError) as exc:
            if not page:
                raise
            status, message = refused(exc)
            return await self.organiser_view(request, error=message, status=status)
        self.saved(source)
        if page:
            what = f"at={done.at}" if done.at is not None else "done=1"
            return see(f"{base_of(source)}/organiser?{what}")
        return json_response(shapes.status_json(done.after))

    async def close_night(self, request: Request) -> Response:
        """The room's screen shows the night's end (final standings, settle-up, house
        rules) until anything more is recorded; the file is not changed."""
        return await self._screen(request, closing=True)

    async def reopen_night(self, request: Request) -> Response:
        """The room's screen shows the night going on again."""
        return await self._screen(request, closing=False)

    async def _screen(self, request: Request, closing: bool) -> Response:
        source, night = await self.night(request)
        fields = await self.organiser_fields(request)
        page = fields.pop("page", [""])[0] == "organiser"
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
        if page:
            return see(f"{base_of(source)}/organiser?done={'closed' if closing else 'open'}")
        return json_response({**shapes.status_json(night.standings), "closed": source.closed})

    async def join_code(self, request: Request) -> Response:
        """The tables' join code shown on the room's screen or not, or changed."""
        source, page = await self.join_code_write(request)
        if page:
            return see(f"{base_of(source)}/organiser?done=code")
        return json_response({"code": self.keys.code, "shown": source.show_code})

    async def change_key(self, request: Request) -> Response:
        """A new entry key: every link, cookie and script with the old one stops working;
        this phone keeps the new one, and the page shows the new link once."""
        fields = await self.organiser_fields(request)
        page = fields.pop("page", [""])[0] == "organiser"
        entry_id(fields)
        only(fields, ())
        key = self.keys.new_key()
        link = f"{self.link_base(request)}/enter?key={key}"
        if page:
            response = await self.organiser_view(request, new_link=link)
        else:
            response = json_response({"key": key, "link": link})
        response.set_cookie(cookie_name(request), key, max_age=24 * 3600, httponly=True,
                            samesite="lax")  # fmt: skip
        return response

    # ---- the page --------------------------------------------------------------------------

    async def organiser_page(self, request: Request) -> Response:
        return await self.organiser_view(request)

    async def organiser_view(
        self,
        request: Request,
        *,
        error: str | None = None,
        status: int = 200,
        new_link: str | None = None,
    ) -> Response:
        """Who sits where, who waits, and every form that changes the room."""
        try:
            source, night = await self.night(request)
        except (Problem, MahjError) as exc:
            return page_error(request, exc)
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
            leaving=leaving_words(standings),
            closed=source.closed,
            shown=source.show_code,
            code=self.keys.code,
            done=done_words(standings, request),
            error=error,
            new_link=new_link,
        )


def leaving_words(standings: Standings) -> list[tuple[str, str]]:
    """Each player here, with what settling up as she leaves now would pay."""
    if not standings.rules.pays:
        return []
    coins = rate(standings)
    out = []
    for who in standings.present():
        try:
            payments, owed = build.leaver_settle_up(standings, who)
        except Refused:
            continue
        if owed == 0:
            out.append((who, "square: nothing to settle"))
            continue
        words = [
            f"{t.payer} pays {t.payee} {points(t.amount, coins=coins, sign=False)}"
            for t in payments
        ]
        left = abs(owed) - sum(t.amount for t in payments)
        if left:
            words.append(f"{points(left, coins=coins, sign=False)} left for the final settle-up")
        out.append((who, "; ".join(words)))
    return out


def done_words(standings: Standings, request: Request) -> str | None:
    """What the organiser's last form did, for the page it comes back to."""
    raw = request.query_params.get("at", "")
    if raw.isascii() and raw.isdigit() and len(raw) < 9:
        row = next((r for r in standings.rows if r.at == int(raw)), None)
        if row is None:
            return "Recorded."
        paid = outcome(row, standings)
        return f"Recorded: {describe(row)}" + (f" ({paid})" if paid != describe(row) else "") + "."
    said: dict[str, str] = {
        "1": "Done.",
        "closed": "The night is closed: the room's screen shows the final standings and "
        "the settle-up. Anything recorded now opens it again.",
        "open": "The room's screen shows the night going on.",
        "code": "Done: the room's screen shows what you chose.",
    }
    return said.get(request.query_params.get("done", ""))
