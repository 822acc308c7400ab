"""A table's paper card at an event (simple mode, RULES.md §9): its four round totals, as
a table's phone, the director's page or a script (`POST /score`) types them, and what the
paper card's page says of the table's card.

Typed with the organiser's key, the card is accepted at once, as `mahj event score` puts
it in (the director is the one entering it). Typed with the tables' join code, it is
handed in, and counts only once the director accepts it; the director may instead give
it back, and the table types it again."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, NamedTuple

from ..core.event import SEAT_LETTERS
from ..core.eventfold import EventStandings
from ..core.numbers import MINUS_SIGNS
from ..files.eventload import OpenEvent
from ..night import eventbuild, eventcards, eventchange
from ..reports import event as views
from ..reports.words import points
from .eventforms import Change
from .fields import entry_id, flag
from .guard import Fields, Problem


class PaperCard(NamedTuple):
    """A paper card as typed, and by whom."""

    typed: list[str]
    """NAME=POINTS for each of the table's four players."""
    replace: bool
    director: bool
    """Typed with the organiser's key: accepted at once (else handed in by the table)."""
    ident: str | None
    """The write's entry id (INTERFACE.md)."""


def paper_card(fields: Fields, director: bool, *, api: bool = False) -> PaperCard:
    """The four totals as NAME=POINTS, from the form's `player` and `points` pairs or the
    API's `total` fields; whether the card replaces one; who typed it. Replacing a card
    that is in (the director may have accepted it) is the `director`'s, never a table's
    join code's. The fields keep their `entry_id` (a check page sends it on)."""
    known = {"token", "replace", "total", "entry_id"}
    known |= {"round", "table"} if api else {"player", "points"}
    for key in fields:
        if key not in known:
            raise Problem(400, f"unknown field {key!r}; nothing was changed")
    typed = list(fields.get("total", []))
    names, values = fields.get("player", []), fields.get("points", [])
    if len(names) != len(values):
        raise Problem(400, "each player needs one total; nothing was changed")
    for name, typed_value in zip(names, values, strict=True):
        value = typed_value.translate(MINUS_SIGNS)
        if not value.strip():
            raise Problem(
                400, f"{name}'s total is missing (type 0 for no points); nothing was changed"
            )
        if not re.fullmatch(r"[+-]?[0-9]{1,6}", value.strip()):
            raise Problem(
                400,
                f"{name}'s total must be a whole number, like 45 or -10, not "
                f"{value.strip()[:20]!r}; nothing was changed",
            )
        typed.append(f"{name}={value.strip()}")
    if flag(fields, "replace") and not director:
        raise Problem(
            401,
            "only the director replaces a card that is in (a table's join code enters its "
            "own card once): ask the director; nothing was changed",
        )
    return PaperCard(typed, flag(fields, "replace"), director, entry_id({**fields}))


def paper_edit(rnd: int, table: int, card: PaperCard) -> Change:
    """The card put in: accepted (the director's) or handed in (the table's)."""

    def change(opened: OpenEvent) -> eventbuild.Edit | None:
        return eventcards.simple_card(
            opened, rnd, table, card.typed, card.replace, card.ident, at_table=not card.director
        )

    return change


def record_card(path: Any, rnd: int, table: int, card: PaperCard) -> eventchange.EventChange:
    """Put the card in; with an entry id, a card sent again changes nothing: one that put a
    card in already (even one replaced since), or one whose very totals are in as far as
    this write would take them (handed in, or accepted)."""
    put = paper_edit(rnd, table, card)

    def change(opened: OpenEvent) -> eventbuild.Edit | None:
        ident = card.ident
        if ident is not None and any(c.entry_id == ident for c in opened.event.cards):
            return None
        now = opened.event.current_cards(rnd).get(table)
        as_far = now is not None and now.status != "open" and (now.accepted or not card.director)
        if ident is not None and now is not None and not now.detailed and as_far:
            seats = eventbuild.table_seats(opened.event, rnd, table)
            if dict(now.totals) == eventbuild.typed_totals(seats, card.typed, "the card"):
                return None
        return put(opened)

    return eventchange.change(path, change)


def recorded_answer(done: eventchange.EventChange, rnd: int, table: int) -> dict[str, Any]:
    """What the phone's script is answered: the page to show, and whether the card was
    in already (where it stands is `card.json`'s `status`: `handed-in` or `accepted`)."""
    return {"page": f"/round/{rnd}/table/{table}/totals?done=1", "repeated": not done.changed}


def totals_context(
    standings: EventStandings, rnd: int, table: int, chosen: list[str] | None, done: bool
) -> dict[str, Any]:
    """What a paper card's page says of the table's card: the card in force (accepted by
    the director), a paper card handed in and waiting for the director, one the director
    gave back (its totals typed in again), or a card being entered game by game."""
    seats = eventbuild.table_seats(standings.event, rnd, table)
    result = standings.results.get((rnd, table))
    live = standings.live.get((rnd, table))
    paper = live is not None and not live.card.detailed
    handed = live if paper and live is not None and live.card.status == "handed-in" else None
    back = live if paper and handed is None else None
    said = views.cards_line(standings, rnd) if done else None
    if done and handed is not None:
        said = "The card is handed in."
    return {
        "title": views.event_title(standings),
        "seats": seats,
        "letters": SEAT_LETTERS,
        "chosen": [
            *(chosen or [str(back.totals[n]) if back else "" for n in seats]),
            *[""] * len(seats),
        ][: len(seats)],  # one box a seat, whatever was sent
        "result": totals_words(result.totals) if result is not None else None,
        "handed": totals_words(handed.totals) if handed is not None else None,
        "given_back": back is not None,
        "live": live is not None and live.card.detailed,
        "done": said,
    }


def totals_words(totals: Mapping[str, int]) -> str:
    """`Pat +20, Fran +40, Diane 0, Irene -10`."""
    return ", ".join(f"{name} {points(value)}" for name, value in totals.items())
