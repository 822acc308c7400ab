"""The director's page of an event, reached with the entry link's key: the round on the
floor with its clock (start it with its minutes, call time), every table's card (handed
in: accept it or give it back; accepted: reopen it to replace it; still missing), and
seating the next round. And the same writes for scripts, named like the commands
(`POST /event/ACTION`, fields `round`, `table`, ...), each answering with the state it
leaves: the table's card (`mahj event scorecard --json`) or the round's sheet (`mahj
event seating --json`)."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..core.clock import DEFAULT_MINUTES, clock_state
from ..core.errors import MahjError
from ..core.event import SEAT_LETTERS
from ..core.eventfold import EventStandings
from ..reports import event as views
from ..reports.eventboard import floor_round, profile_words, table_states
from ..reports.eventcard import card_json, card_view
from .common import refused, render, see
from .eventbase import EventBase, clock_view, server_now
from .eventforms import ACTIONS, DIRECTOR, asked, new_entry_id
from .guard import Problem, json_response

DONE = {
    "accept": "Accepted round {round}, table {table}'s card.",
    "reopen": "Round {round}, table {table}'s card is open again at the table.",
    "start": "Round {round}'s clock is running.",
    "call-time": "Time is called for round {round}.",
    "seat": "Round {round} is seated.",
    "again": "Nothing to change: that was done already.",
    "code": "Done: the room's screen shows what you chose.",
}
"""What the page says after each of the director's writes."""


class DirectorPages(EventBase):
    """The director's page and the scripts' writes."""

    def director_routes(self) -> list[BaseRoute]:
        return [
            Route("/director", self.director_page),
            Route("/director/join-code", self.director_join_code, methods=["POST"]),
            *(
                Route(f"/director/{action}", self.director_write, methods=["POST"])
                for action in DIRECTOR
            ),
            *(Route(f"/event/{action}", self.api_write, methods=["POST"]) for action in ACTIONS),
        ]

    async def director_page(self, request: Request) -> Response:
        query = request.query_params
        words = DONE.get(query.get("done", ""))
        if words is not None:
            shown = {k: v if (v := query.get(k, "")).isdigit() else "?" for k in ("round", "table")}
            words = words.format(**shown)
        return await self.director_view(request, done=words)

    async def director_view(
        self, request: Request, *, done: str | None = None, error: str | None = None,
        status: int = 200,
    ) -> Response:  # fmt: skip
        """The round on the floor, its clock and its cards, and what the director may do."""
        try:
            standings = (await self.opened(request)).standings
        except (Problem, MahjError) as exc:
            return self.refused_page(request, exc)
        token = self.director_key(request)
        if token is None:
            return render(
                request,
                "message.html",
                401,
                heading="The director's page",
                message="This page needs the entry link's key: open the link mahj serve "
                "printed (or scan its QR code) on this device first.",
            )
        return render(
            request,
            "event_director.html",
            status,
            **director_context(standings),
            token=token,
            code=self.keys.code,
            shown=self.source(request, "event").show_code,
            entry_id=new_entry_id(),
            done=done,
            error=error,
        )

    async def director_join_code(self, request: Request) -> Response:
        """The tables' join code shown on the room's screen or not, or changed."""
        source, page = await self.join_code_write(request)
        if page:
            return see("/director?done=code")
        return json_response({"code": self.keys.code, "shown": source.show_code})

    async def director_write(self, request: Request) -> Response:
        """Accept, give back or reopen a card; start the clock, call time; seat a round."""
        action = request.url.path.rsplit("/", 1)[1]
        try:
            fields = await self.organiser_fields(request)
            wanted = asked(action, fields, server_now())
            done = await self.make(request, wanted)
        except (Problem, MahjError) as exc:
            status, message = refused(exc)
            if status in (401, 403, 413, 415):
                return self.refused_page(request, exc)
            return await self.director_view(request, error=message, status=status)
        what = action if done.changed else "again"
        where = f"&round={wanted.round}" + (f"&table={wanted.table}" if wanted.table else "")
        return see(f"/director?done={what}{where}")

    async def api_write(self, request: Request) -> Response:
        """`POST /event/ACTION` (win, wall, incomplete, error, penalty, undo, confirm,
        hand-in, accept, reopen, start, call-time, seat): 200 with the table's card or
        the round's sheet as they are after it, or the refusal."""
        action = request.url.path.rsplit("/", 1)[1]
        form = self.organiser_fields if action in DIRECTOR else self.table_fields
        fields = await form(request)
        wanted = asked(action, fields, server_now())
        done = await self.make(request, wanted)
        now = server_now()
        if wanted.table is None:
            return json_response(views.seating_json(views.sheet(done.after, wanted.round, now)))
        return json_response(card_json(card_view(done.after, wanted.round, wanted.table, now)))


def director_context(standings: EventStandings) -> dict[str, Any]:
    """What the director's page shows of the round on the floor."""
    event = standings.event
    rnd = floor_round(standings)
    now = server_now()
    seating = event.seating(rnd)
    clock = clock_state(event.clock, rnd, now) if rnd else None
    tables = []
    for number, state in enumerate(table_states(standings, rnd, now) if rnd else (), 1):
        live = standings.live.get((rnd, number))
        assert seating is not None
        tables.append(
            {
                "table": number,
                "seats": seating.tables[number - 1],
                "state": state or "no card yet",
                "handed_in": live is not None and live.card.status == "handed-in",
                "accepted": (rnd, number) in standings.results,
                "detailed": live is not None or _detailed(standings, rnd, number),
            }
        )
    return {
        "title": views.event_title(standings),
        "profile": profile_words(standings),
        "round": rnd,
        "rounds": event.rounds,
        "clock": clock_view(clock, now),
        "started": clock is not None and clock.starts is not None,
        "minutes": clock.minutes if clock is not None and clock.minutes else DEFAULT_MINUTES,
        "tables": tables,
        "cards": views.cards_line(standings, rnd) if rnd else "",
        "all_in": not rnd or not standings.missing.get(rnd),
        "next": len(event.seatings) + 1 if len(event.seatings) < event.rounds else None,
        "letters": SEAT_LETTERS,
    }


def _detailed(standings: EventStandings, rnd: int, table: int) -> bool:
    """Whether the table's card in force was entered game by game (it may be reopened)."""
    result = standings.results.get((rnd, table))
    return result is not None and result.card.detailed
