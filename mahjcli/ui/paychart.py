"""`mahj table` on the terminal: the payment chart, never wider than 80 columns so it
prints on paper."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text

from ..core import payments
from ..core.model import Card
from ..core.money import money
from ..reports.paychart import (
    COLUMNS,
    HEADINGS,
    Formatter,
    LeagueChart,
    league_grid,
)
from .console import chart_console, fits, hung, print_fitting, print_notes

if TYPE_CHECKING:
    from rich.console import Console

    from ..reports.pointchart import TournamentChart


def _overhead(columns: int) -> int:
    """Characters a Rich table with borders and padding 1 adds around its columns."""
    return 3 * columns + 1


def _bold_first(cell: str) -> Text:
    """The cell with what the winner collects (its first word) in bold."""
    ends = [i for i in (cell.find(" "), cell.find("\n")) if i != -1]
    cut = min(ends, default=len(cell))
    text = Text(cell[:cut], style="bold")
    text.append(cell[cut:])
    return text


def print_league(
    charts: list[LeagueChart],
    fmt: Formatter,
    *,
    coins: int,
    card: Card | None,
    pie: int | None,
    notes: list[str],
    flat: int | None = None,
) -> None:
    """The league chart: what the winner collects and what each loser pays (and, when the
    house doubles East, what everyone pays East when East wins)."""
    out, width = chart_console()
    for chart in charts:
        table = _league_table(chart, fmt, coins, width)
        print_fitting(out, [table], partial(_league_words, out, chart, fmt, str(table.title)))
    said = [
        "Each cell: what the winner collects (what each loser pays, the thrower first).",
        (
            "Jokerless doubles only a hand with a group of three or more; a "
            if flat is None
            else f"Jokerless adds {fmt(flat)} to each payment, only for a hand with a group "
            "of three or more; a "
        )
        + "singles-and-pairs hand is paid from the first two columns.",
        "A heavenly hand, or a win by exchanging for a joker in another player's "
        "exposure, is paid as self-picked.",
    ]
    if len(charts) > 1:
        said.append("East double: when East loses, East pays twice what the chart shows.")
    if pie is not None:
        said.append(f"Pie {fmt(pie)}: nobody pays more than what is left in their purse.")
    if card is not None:
        said.append(f"Values from the card: {card.title}.")
    print_notes(out, width, [*said, *notes])


def _league_table(chart: LeagueChart, fmt: Formatter, coins: int, width: int) -> Table:
    title = f"League payments, {chart.seated} seated"
    if chart.east_wins:
        title = f"When East wins (East collects double), {chart.seated} seated"
    if coins == 1:
        title += ", in coins (a cent a point)"
    elif coins:
        title += f", in money ({money(1, coins)} a point)"
    table = Table(title=title, title_justify="left", show_lines=chart.seated > 3)
    table.add_column("Value", justify="right")
    for column in COLUMNS:  # laid out to fit by `league_grid`: never wrapped again
        table.add_column(HEADINGS[column], justify="right", no_wrap=True)
    value_width = max([len("Value"), *(len(str(row.value)) for row in chart.rows)])
    room = width - _overhead(len(COLUMNS) + 1) - value_width
    grid = league_grid(chart, fmt, room)
    for row, cells in zip(chart.rows, grid, strict=True):
        table.add_row(str(row.value), *(_bold_first(cell) for cell in cells))
    return table


def _said(heading: str) -> str:
    """A column's heading as words in a line: `Jokerless self-picked`."""
    return heading.replace("\n", " ")


def _league_words(out: Console, chart: LeagueChart, fmt: Formatter, title: str) -> list[Text]:
    """The league chart in words, for a terminal too narrow for it: each value, then what
    the winner collects each way (and what each loser pays)."""
    lines = [Text(title)]
    for row in chart.rows:
        lines.append(Text(f"Value {row.value}:", style="bold"))
        for column, cell in zip(COLUMNS, row.cells, strict=True):
            lines += hung(out, Text(f"  {_said(HEADINGS[column])}: {cell.text(fmt)}"))
    return lines


def _tournament_words(out: Console, chart: TournamentChart, titles: list[str]) -> list[Text]:
    """The tournament chart in words, for a terminal too narrow for its tables."""
    lines = [Text(titles[0])]
    for row in chart.rows:
        lines.append(Text(f"Value {row.value}:", style="bold"))
        cells = zip(COLUMNS, row.cells(), strict=True)
        each = [f"{_said(HEADINGS[column])}: {cell}" for column, cell in cells]
        for words in [*each, f"Heavenly hand: {row.heavenly}"]:
            lines += hung(out, Text(f"  {words}"))
    lines.append(Text(titles[1]))
    how = "added to" if chart.misnamed_adds else "in place of"
    for band in chart.thrower:
        threw = f"  {band.label} exposures: threw the winning tile {band.points}"
        lines += hung(
            out, Text(f"{threw}, mis-named the discard {band.misnamed} ({how} the penalty)")
        )
    return lines


def print_tournament(chart: TournamentChart, rule_notes: list[str]) -> None:
    """The tournament chart: the winner's points and the thrower's penalty."""
    out, width = chart_console()
    points = Table(
        title="Tournament points for the winner (Mah Jongg Master Points)", title_justify="left"
    )
    points.add_column("Value", justify="right")
    for column in COLUMNS:
        points.add_column(HEADINGS[column], justify="right")
    points.add_column("Heavenly\nhand", justify="right")
    for row in chart.rows:
        points.add_row(str(row.value), *row.cells(), str(row.heavenly))
    how = "added to" if chart.misnamed_adds else "in place of"
    thrower = Table(title="The thrower's points, by the winner's exposures", title_justify="left")
    thrower.add_column("Winner's\nexposures")
    thrower.add_column("Threw the\nwinning tile", justify="right")
    thrower.add_column(f"Mis-named the discard\n({how} the penalty)", justify="right")
    for band in chart.thrower:
        thrower.add_row(band.label, str(band.points), str(band.misnamed))
    if fits(out, points) and fits(out, thrower):
        out.print(points)
        out.print(thrower)
    else:
        titles = [str(points.title), str(thrower.title)]
        for line in _tournament_words(out, chart, titles):
            out.print(line, overflow="fold")
    notes = [
        f"Bonuses add: self-picked +{payments.SELF_PICK_BONUS}; jokerless "
        f"+{payments.JOKERLESS_BONUS}, only for a hand with a group of three or more.",
        "A self-picked win has no thrower and no penalty; everyone else scores 0.",
        f"Wall game: {chart.wall_live:+d} for each live hand, {chart.wall_dead:+d} for a "
        "dead one. Time called: 0 for everyone.",
    ]
    print_notes(out, width, [*notes, *rule_notes[1:]])  # the first says the mis-named mode
