"""What every page of an event shares: the event as it is now, the server's clock (the
one time every page counts from: a phone's own clock may be wrong), the round's clock
as a page shows it, and making a change through `night.eventchange`."""

from __future__ import annotations

import datetime as _dt
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ..core.clock import Clock, hhmm, left_words, stamp
from ..core.errors import MahjError
from ..files.eventload import OpenEvent
from ..night import eventchange
from ..reports.eventboard import floor_round
from .common import Site, page_error
from .eventforms import Asked
from .guard import Problem


def server_now() -> _dt.datetime:
    """The server's time now, in UTC."""
    return _dt.datetime.now(_dt.UTC)


def clock_view(clock: Clock | None, now: _dt.datetime) -> dict[str, Any] | None:
    """A round's clock as a page draws it, and what its script counts down from: the
    server's `now` and the end, so that a phone whose own clock is wrong never drifts."""
    if clock is None or (clock.ends is None and not clock.called):
        return None
    warned = f"warn{clock.warning}" if clock.warning else "running"
    state = "called" if clock.called else warned
    return {
        "round": clock.round,
        "state": state,
        "called": clock.called,
        "shown": f"{clock.left // 60}:{clock.left % 60:02d}",
        "left_words": left_words(clock),
        "at": hhmm(clock.ends) if clock.ends is not None else "",
        "called_at": hhmm(clock.called_at) if clock.called else hhmm(clock.ends),
        "warning": f"{clock.warning}-minute warning" if clock.warning else "",
        "now": stamp(now),
        "ends": stamp(clock.ends) if clock.ends is not None and not clock.called else "",
    }


class EventBase(Site):
    """An event's pages: its one file, read as it is now."""

    kind = "event"

    async def opened(self, request: Request) -> OpenEvent:
        """The event as it is now (Problem 409 when it cannot be read)."""
        shown = await self.shown(self.source(request, "event"))
        if shown.event is None:
            raise Problem(409, shown.error or "the event cannot be read")
        return shown.event

    async def floor(self, request: Request) -> tuple[OpenEvent, int]:
        """The event and the round on the floor (Problem 409 before any round is seated)."""
        opened = await self.opened(request)
        rnd = floor_round(opened.standings)
        if not rnd:
            raise Problem(409, "no round is seated yet (the director seats round 1)")
        return opened, rnd

    async def make(self, request: Request, wanted: Asked) -> eventchange.EventChange:
        """Make the change asked for (in a worker thread, after this file's earlier saves)."""
        source = self.source(request, "event")
        done = await self.saving(source, _change, wanted)
        self.saved(source)
        return done

    def director_key(self, request: Request) -> str | None:
        """The organiser's key the director's page carries in its forms, when this device
        opened the pages with it (a table's join code enters games only)."""
        return self.keys.key if self.level_of(request) == "organiser" else None

    def refused_page(self, request: Request, exc: Exception) -> Response:
        """A page that cannot be shown, with why."""
        if not isinstance(exc, Problem | MahjError):
            raise exc
        return page_error(request, exc)


def _change(path: Any, wanted: Asked) -> eventchange.EventChange:
    return eventchange.change(path, wanted.change)
