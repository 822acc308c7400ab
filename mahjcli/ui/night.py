"""One night on the terminal: what a change did, the totals, the seats, the score sheet."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..core.model import WINDS, Penalty
from ..core.names import join_names
from ..core.settle import settle
from ..core.standings import Row, Standings
from ..reports.words import describe, outcome, plural, points, title
from .sheet import Column, Line, Sheet


def show_change(out: Console, after: Standings, notes: tuple[str, ...] = ()) -> None:
    """What the entry just recorded did: who paid whom, the totals and who deals next."""
    row = after.rows[-1]
    head = Text(f"Game {row.game}: " if row.is_game else "")
    head.append(describe(row), style="bold")
    out.print(head)
    if row.is_game or isinstance(row.entry, Penalty):
        out.print(Text("  " + outcome(row, after)))
    for note in (*notes, *row.notes):
        out.print(Text("  " + note, style="italic"))
    show_after(out, after)


def show_removed(out: Console, removed: Row, before: Standings, after: Standings) -> None:
    """What `mahj undo` took back, then the night as it now stands."""
    label = f"game {removed.game}" if removed.is_game else "entry"
    out.print(Text(f"Removed {label}: {describe(removed)}", style="bold"))
    if removed.is_game or isinstance(removed.entry, Penalty):
        out.print(Text("  (was: " + outcome(removed, before) + ")"))
    show_after(out, after)


def show_after(out: Console, standings: Standings) -> None:
    """The totals line and the seats for the next game."""
    out.print(totals_line(standings))
    for line in seating_lines(standings):
        out.print(line)


def totals_line(standings: Standings) -> Text:
    """`Totals: Ruth +100, Linda -50, ...`, with pie and left marks."""
    line = Text("Totals: ")
    purses = standings.purses()
    for i, (name, total) in enumerate(zip(standings.players, standings.totals, strict=True)):
        if i:
            line.append(", ")
        line.append(name)
        line.append(" " + points(total), style="red" if total < 0 else "green")
        if purses is not None and purses[name] <= 0:
            line.append(" (pie)", style="dim")
        if name in standings.gone:
            line.append(" (left)", style="dim")
    return line


def seating_lines(standings: Standings) -> list[Text]:
    """Who deals next, the seats to the right, and the line."""
    seats = Text("Next game ")
    seats.append(str(standings.next_game), style="bold")
    seats.append(": ")
    for i, name in enumerate(standings.seated):
        if i:
            seats.append(", ")
        seats.append(f"{WINDS[i] if i < len(WINDS) else 'Seat'} ")
        seats.append(name, style="bold" if i == 0 else "")
    lines = [seats]
    if standings.waiting:
        line = Text("Waiting: ")
        for i, name in enumerate(standings.waiting):
            if i:
                line.append(", ")
            line.append(name)
            if i == 0:
                line.append(" (sits in next)", style="dim")
        lines.append(line)
    return lines


def show_status(out: Console, standings: Standings) -> None:
    """`mahj status`: the night, the seats, who left, and the standings."""
    out.print(Text(title(standings), style="bold"))
    out.print(f"Games played: {standings.games}")
    for line in seating_lines(standings):
        out.print(line)
    if standings.gone:
        out.print(Text("Left: " + join_names(standings.gone), style="dim"))
    out.print(totals_table(standings))


def totals_table(standings: Standings, *, coins: bool = False) -> Table:
    """Standings, best first, with each purse when there is a pie."""
    table = Table(title_justify="left")
    table.add_column("", justify="right")
    table.add_column("Player")
    table.add_column("Total", justify="right")
    purses = standings.purses()
    if purses is not None:
        table.add_column("Purse", justify="right")
    ranked = sorted(zip(standings.players, standings.totals, strict=True), key=lambda p: -p[1])
    for place, (name, total) in enumerate(ranked, 1):
        player = Text(name, style="bold" if place == 1 and total > 0 else "")
        if name in standings.gone:
            player.append(" (left)", style="dim")
        shown = Text(points(total, coins=coins), style="red" if total < 0 else "")
        cells: list[Any] = [str(place), player, shown]
        if purses is not None:
            purse = purses[name]
            cells.append(points(purse, coins=coins, sign=False) + (" pie" if purse <= 0 else ""))
        table.add_row(*cells)
    return table


def show_total(out: Console, standings: Standings, *, coins: bool) -> None:
    """`mahj total`: the standings, that they sum to zero, and who pays whom."""
    out.print(Text(f"{title(standings)}: {plural(standings.games, 'game')}", style="bold"))
    out.print(totals_table(standings, coins=coins))


def show_settle(out: Console, standings: Standings, *, coins: bool) -> None:
    """The sum of the totals and, for a night that pays, the fewest payments."""
    grand = sum(standings.totals)
    if not standings.rules.pays:
        out.print(f"Table total: {points(grand, coins=coins, sign=False)}")
        return
    check = "sums to zero" if grand == 0 else f"sums to {grand}: check the session file!"
    out.print(Text(f"Sum of totals: {points(grand, coins=coins, sign=False)} ({check})"))
    transfers = settle(standings.totals_map())
    if transfers:
        out.print(Text("Settle up:", style="bold"))
        for t in transfers:
            amount = points(t.amount, coins=coins, sign=False)
            out.print(Text(f"  {t.payer} pays {t.payee} {amount}"))


def _delta_cell(delta: int, total: int, *, sat_out: bool, coins: bool) -> list[Line]:
    """A player's change (red when a loss; `-` when sitting out) over their running total."""
    change = "-" if sat_out else points(delta, coins=coins)
    return [(change, "" if delta >= 0 else "red"), (points(total, coins=coins, sign=False), "dim")]


def log_sheet(standings: Standings, *, coins: bool = False) -> Sheet:
    """The night as a score sheet: one row per entry, each player's change over their total.

    Drawn as a `Sheet` (the look of a Rich table, laid out by hand): a 40-game sheet draws
    in about 2 ms, against some 30 ms through `rich.table.Table` (benchmarks/bench.py).
    """
    columns = [Column("#", justify="right"), Column("East"), Column("What happened", wrap=True)]
    columns += [Column(name, justify="right") for name in standings.players]
    blank: list[Line] = [("", "")]
    rows: list[list[list[Line]]] = []
    for row in standings.rows:
        number = str(row.game) if row.is_game else ""
        east = row.east if row.is_game else ""
        what: list[Line] = [(describe(row), ""), *((note, "italic dim") for note in row.notes)]
        if row.is_game or isinstance(row.entry, Penalty):
            seated = set(row.seated)
            cells = [
                _delta_cell(d, t, sat_out=name not in seated, coins=coins)
                for name, d, t in zip(standings.players, row.deltas, row.totals, strict=True)
            ]
        else:
            cells = [blank for _ in standings.players]
        rows.append([[(number, "")], [(east, "")], what, *cells])
    footer: list[list[Line]] | None = None
    if standings.rows:
        footer = [blank, blank, [("Total", "bold")]]
        footer += [[(points(t, coins=coins), "bold")] for t in standings.totals]
    return Sheet(title(standings), columns, rows, footer)


def fits(out: Console, renderable: Any) -> bool:
    """True when `renderable` fits the console's width without cutting a word or number."""
    from rich.measure import Measurement

    unlimited = out.options.update_width(10_000)
    return Measurement.get(out, unlimited, renderable).minimum <= out.width


def log_lines(standings: Standings, *, coins: bool = False) -> list[Text]:
    """The score sheet in words, for a terminal too narrow for the sheet: each entry,
    who paid whom, and the running totals."""
    lines = [Text(title(standings), style="bold")]
    for row in standings.rows:
        head = Text(f"Game {row.game}, East {row.east}: " if row.is_game else "")
        head.append(describe(row), style="bold")
        lines.append(head)
        for note in row.notes:
            lines.append(Text("  " + note, style="italic dim"))
        if row.is_game or isinstance(row.entry, Penalty):
            lines.append(Text("  " + outcome(row, standings, coins=coins)))
            running = ", ".join(
                f"{name} {points(t, coins=coins)}"
                for name, t in zip(standings.players, row.totals, strict=True)
            )
            lines.append(Text("  Totals: " + running, style="dim"))
    return lines


def show_log(out: Console, standings: Standings, *, coins: bool) -> None:
    """`mahj log`: the score sheet, or the night in words where the sheet cannot fit."""
    if not standings.rows:
        out.print("No games yet. Record one with: mahj win NAME VALUE --thrown-by NAME")
        return
    sheet = log_sheet(standings, coins=coins)
    if fits(out, sheet):
        out.print(sheet)
    else:  # too narrow for a column per player: say it in words rather than cut numbers
        for line in log_lines(standings, coins=coins):
            out.print(line)
