"""Where a game was played and who sat there, recorded with the game (RULES.md §10).

A game is written with the table it was played at (on a club night) and its seats, East
first; the fold checks them on every replay (`checks.seats_problem`), so a correction
can change what a later game pays but never who played it. Older files recorded neither:
a correction pins their games where the night as it stands seats them (`pinned`), so the
same check holds for them too.
"""

from __future__ import annotations

from .model import Entry, Error, Incomplete, Win, is_game
from .standings import Standings, TableView


def _table(entry: Entry, standings: Standings) -> TableView | None:
    """The open table a game about to be recorded is played at (a win's is its winner's),
    or None when the fold will say why it cannot be played."""
    if isinstance(entry, Win | Error):
        return standings.table_of(entry.winner if isinstance(entry, Win) else entry.caller)
    chosen = getattr(entry, "table", None)
    if chosen is not None:
        return next((t for t in standings.tables if t.table == chosen), None)
    if isinstance(entry, Incomplete) or len(standings.tables) == 1:
        return standings.tables[0] if standings.tables else None
    return None


def placed(entry: Entry, standings: Standings) -> Entry:
    """The game `entry`, about to be recorded after `standings`, with the table it is
    played at (club nights) and who sits there, East first; any other entry as it is."""
    if not is_game(entry) or getattr(entry, "seats", None):
        return entry
    view = _table(entry, standings)
    if view is None:
        return entry
    return _stamped(entry, view.table, view.seated, standings.club)


def _stamped(entry: Entry, table: int, seats: tuple[str, ...], club: bool) -> Entry:
    changes: dict[str, object] = {"seats": seats}
    if club and "table" in entry._fields:
        changes["table"] = table
    return entry._replace(**changes)  # type: ignore[arg-type]


def pinned(standings: Standings) -> tuple[Entry, ...]:
    """The night's log with every game that recorded no seats (an older file) pinned
    where the night as it stands seats it, so that a correction is checked against it."""
    log = list(standings.session.log)
    for row in standings.rows:
        if row.is_game and not getattr(row.entry, "seats", ()):
            log[row.at] = _stamped(row.entry, row.table, row.seated, standings.club)
    return tuple(log)
