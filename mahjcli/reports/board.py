"""The room's screen and a table's page as plain values: the standings, each table's
seats and East, the waiting line, the last games, the pie and the kitty. Built from the
same standings as every other report; the web layer only lays them out."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core.model import WINDS, Penalty
from ..core.names import join_names
from ..core.standings import Row, Standings
from .words import describe, outcome, points, rate, settle_heading, settled_words, title

RECENT = 5
"""How many of the last games the screen shows."""


class Place(NamedTuple):
    """One line of the standings, best first."""

    place: int
    name: str
    total: str
    negative: bool
    purse: str = ""
    pie: bool = False
    left: bool = False


class Seat(NamedTuple):
    """One seat of a table: its wind and who sits in it."""

    wind: str
    name: str


class TableBoard(NamedTuple):
    """One open table: who deals next and the seats from East to the right."""

    table: int
    east: str
    seats: tuple[Seat, ...]
    games: int
    """Games played at this table tonight."""
    kitty: str = ""
    """What the table's kitty holds, when the night plays one."""


class GameLine(NamedTuple):
    """One entry of the night in words: what happened and who paid whom."""

    at: int
    game: int
    table: int
    east: str
    what: str
    paid: str
    notes: tuple[str, ...] = ()


class Board(NamedTuple):
    """Everything the room's screen shows of one night."""

    title: str
    games: int
    next_game: int
    club: bool
    tables: tuple[TableBoard, ...]
    waiting: tuple[str, ...]
    left: tuple[str, ...]
    standings: tuple[Place, ...]
    recent: tuple[GameLine, ...]
    pie: bool
    kitty: bool
    notes: tuple[str, ...]
    pays: bool
    settled: tuple[str, ...] = ()
    """What leavers paid or were paid as they settled up on leaving."""
    settle_heading: str = ""
    """Whether the settle-up below is the fewest payments, in words."""
    settle: tuple[str, ...] = ()
    """Who would pay whom, were the night to end now."""


def places(standings: Standings) -> tuple[Place, ...]:
    """The standings, best first (equal totals keep the session's order), as `mahj total`
    ranks them; each purse under the pie."""
    purses = standings.purses()
    coins = rate(standings)
    ranked = sorted(zip(standings.players, standings.totals, strict=True), key=lambda p: -p[1])
    found = []
    for place, (name, total) in enumerate(ranked, 1):
        purse = purses[name] if purses is not None else None
        found.append(
            Place(
                place=place,
                name=name,
                total=points(total, coins=coins),
                negative=total < 0,
                purse="" if purse is None else points(purse, coins=coins, sign=False),
                pie=purse is not None and purse <= 0,
                left=name in standings.gone,
            )
        )
    return tuple(found)


def game_line(row: Row, standings: Standings) -> GameLine:
    """One entry of the night in words (`Ruth wins 25, thrown by Linda`, `Linda pays 50,
    Kathy 25, Pat 25 → Ruth +100`)."""
    scored = row.is_game or isinstance(row.entry, Penalty) or any(row.deltas)
    return GameLine(
        at=row.at,
        game=row.game,
        table=row.table,
        east=row.east,
        what=describe(row),
        paid=outcome(row, standings) if scored else "",
        notes=row.notes,
    )


def games_at(standings: Standings, table: int) -> tuple[Row, ...]:
    """The games (wins, wall games, time called) played at one table, in order."""
    return tuple(row for row in standings.rows if row.is_game and row.table == table)


def table_board(standings: Standings, table: int) -> TableBoard | None:
    """One open table of the night, or None when no table of that number is open."""
    view = next((t for t in standings.tables if t.table == table), None)
    if view is None:
        return None
    kitty = ""
    if standings.rules.house_problem("kitty") is None:
        held = dict(standings.kitties).get(table, ())
        kitty = points(sum(a for _, a in held), coins=rate(standings), sign=False)
    seats = tuple(
        Seat(WINDS[i] if i < len(WINDS) else "Seat", name) for i, name in enumerate(view.seated)
    )
    return TableBoard(view.table, view.east, seats, len(games_at(standings, table)), kitty)


def board(standings: Standings, recent: int = RECENT) -> Board:
    """The night as the room's screen shows it."""
    games = [row for row in standings.rows if row.is_game or isinstance(row.entry, Penalty)]
    tables = tuple(
        found for t in standings.tables if (found := table_board(standings, t.table)) is not None
    )
    return Board(
        title=title(standings),
        games=standings.games,
        next_game=standings.next_game,
        club=standings.club,
        tables=tables,
        waiting=standings.waiting,
        left=standings.gone,
        standings=places(standings),
        recent=tuple(game_line(row, standings) for row in reversed(games[-recent:])),
        pie=standings.rules.pie is not None,
        kitty=standings.rules.house_problem("kitty") is None,
        notes=standings.rules.rule_notes(),
        pays=standings.rules.pays,
        **settle_words(standings),
    )


def settle_words(standings: Standings) -> dict[str, Any]:
    """The board's settle-up, in words: what leavers settled, and the rest."""
    if not standings.rules.pays or sum(standings.balances().values()) != 0:
        return {}
    coins = rate(standings)
    found = standings.settle_up()
    return {
        "settled": tuple(
            f"{settled_words(row, standings)} (before game {row.game})"
            for row in standings.settled_rows()
        ),
        "settle_heading": settle_heading(found),
        "settle": tuple(
            f"{t.payer} pays {t.payee} {points(t.amount, coins=coins, sign=False)}"
            for t in found.payments
        ),
    }


def seats_words(seated: tuple[str, ...]) -> str:
    """`East Ruth, South Linda, West Kathy, North Pat`.

    >>> seats_words(("Ruth", "Linda", "Kathy"))
    'East Ruth, South Linda, West Kathy'
    """
    return ", ".join(f"{WINDS[i]} {name}" for i, name in enumerate(seated) if i < len(WINDS))


def line_words(waiting: tuple[str, ...]) -> str:
    """The waiting line, front first: `Sue (first in line), Eve and Flo`.

    >>> line_words(("Sue", "Eve", "Flo")), line_words(())
    ('Sue (first in line), Eve and Flo', 'nobody')
    """
    if not waiting:
        return "nobody"
    first, *rest = waiting
    return join_names([f"{first} (first in line)", *rest])
