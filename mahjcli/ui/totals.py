"""A night's standings on the terminal (`mahj total`, `mahj status`): a table where the
terminal is wide enough, the names wrapped where it is a little narrow, else in words;
an amount is never cut."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich import box
from rich.table import Table
from rich.text import Text

from ..reports.summary import Place, places
from .console import hung, print_fitting, wrap_units

if TYPE_CHECKING:
    from rich.console import Console

    from ..core.standings import Standings


def _player(p: Place) -> Text:
    first = p.place.lstrip("=") == "1" and p.total.startswith("+")
    player = Text(p.name, style="bold" if first else "")
    if p.left:
        player.append(f" {p.mark}", style="dim")
    return player


def totals_table(ranked: tuple[Place, ...], *, pie: bool, tight: bool = False) -> Table:
    """Standings, best first, with each purse when there is a pie; `tight`: a plain table
    with a space between columns, for a narrow terminal."""
    table = Table(title_justify="left")
    if tight:
        table.box, table.padding, table.show_edge = box.SIMPLE_HEAD, (0, 0), False
        table.collapse_padding = True
    table.add_column("", justify="right", no_wrap=True)
    table.add_column("Player", overflow="fold")  # wraps between words where it must
    table.add_column("Total", justify="right", no_wrap=True)
    if pie:
        table.add_column("Purse", justify="right", no_wrap=True)
    for p in ranked:
        cells: list[Any] = [p.place, _player(p), Text(p.total, style="red" if p.negative else "")]
        if pie:
            cells.append(p.purse + (" pie" if p.pie else ""))
        table.add_row(*cells)
    return table


def totals_words(out: Console, ranked: tuple[Place, ...], *, pie: bool) -> list[Text]:
    """The standings in words, for a terminal too narrow for the table: each player's
    place and name, then her total (and purse) on the line below."""
    lines = []
    for p in ranked:
        lines += hung(out, Text(f"{p.place:>3}. ") + _player(p), indent=5)
        units = [Text(f"total {p.total}", style="red" if p.negative else "")]
        if pie:
            units.append(Text(f"purse {p.purse}" + (" pie" if p.pie else "")))
        lines += wrap_units(Text("     "), units, out.width, indent="     ")
    return lines


def show_totals(out: Console, standings: Standings, *, coins: int = 0) -> None:
    """The standings as wide as the terminal allows, every amount whole."""
    ranked = places(standings, coins)
    pie = standings.purses() is not None
    tables = [totals_table(ranked, pie=pie), totals_table(ranked, pie=pie, tight=True)]
    print_fitting(out, tables, lambda: totals_words(out, ranked, pie=pie))
