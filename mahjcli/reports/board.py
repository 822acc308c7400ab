"""The room's screen and a table's page as plain values: the standings, each table's
seats and East, the waiting line, the last games, the pie and the kitty, and what a
table's page says its last form did. Built from the
same standings as every other report; the web layer only lays them out."""

from __future__ import annotations

from typing import NamedTuple

from ..core.model import WINDS, Open, Penalty
from ..core.standings import Row, Standings
from .summary import Place, Summary, summary
from .words import describe, outcome, points, rate, seat_swap, title

RECENT = 5
"""How many of the last games the screen shows."""


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
    summary: Summary
    """What the standings must show: the sum, a full kitty's refund, the settle-up."""


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
    """The games (wins, wall games, time called) played at one table since it last opened,
    in order: a table closed and opened again under its number starts afresh."""
    opened = max(
        (r.at for r in standings.rows if isinstance(r.entry, Open) and r.table == table),
        default=-1,
    )
    return tuple(r for r in standings.rows if r.is_game and r.table == table and r.at > opened)


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
    shown = summary(standings)
    return Board(
        title=title(standings),
        games=standings.games,
        next_game=standings.next_game,
        club=standings.club,
        tables=tables,
        waiting=standings.waiting,
        left=standings.gone,
        standings=shown.places,
        recent=tuple(game_line(row, standings) for row in reversed(games[-recent:])),
        pie=standings.rules.pie is not None,
        kitty=standings.rules.house_problem("kitty") is None,
        notes=shown.rules,
        pays=standings.rules.pays,
        summary=shown,
    )


def done_words(standings: Standings, table: int, done: tuple[str, int] | None) -> str | None:
    """`Game 8 is recorded: ...` (`done`: its place in the log; None once the table has
    recorded a later game) or `Game 8 was taken back.`"""
    if done is None:
        return None
    what, number = done
    if what == "removed":
        return f"Game {number} was taken back."
    if what == "fixed":
        row = next((r for r in standings.rows if r.is_game and r.game == number), None)
        if row is None:
            return f"Game {number} was corrected."
        line = game_line(row, standings)
        paid = f"; {line.paid}" if line.paid else ""
        return f"Game {number} was corrected: {line.what}{paid}."
    played = games_at(standings, table)
    row = next((r for r in played if r.at == number), None)
    if row is None:
        return "Recorded."
    if row is not played[-1]:  # the table has played on: its last games say it
        return None
    line = game_line(row, standings)
    words = f"Game {line.game} is recorded: {line.what}" + (f"; {line.paid}" if line.paid else "")
    if row is played[-1] and (swap := seat_swap(row, standings)):
        words += f". {swap[0]} gets up; {swap[1]} takes {swap[0]}'s seat"
    return words + "."
