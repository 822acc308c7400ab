"""`mahj lines` on the terminal: a card's lines, never wider than a chart (80 columns)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from ..core.cards import jokerless_value
from ..core.model import Card
from .console import chart_console, print_notes


def print_lines(card: Card) -> None:
    """A card's lines: section, value, concealed, and the value in use when jokerless."""
    out, width = chart_console()
    table = Table(title=Text(f"{card.title}: {len(card.lines)} lines"), title_justify="left")
    table.add_column("Line", overflow="fold")
    table.add_column("Section", overflow="fold")
    table.add_column("Value", justify="right")
    table.add_column("Concealed")
    table.add_column("Jokerless", justify="right")
    for line in card.lines:
        table.add_row(
            Text(line.name),
            Text(line.section),
            str(line.value),
            "yes" if line.concealed else "no",
            str(jokerless_value(line)),
        )
    out.print(table, width=width)
    print_notes(
        out,
        width,
        [
            "Jokerless: the value in use when the hand has no jokers; doubled only for a "
            "line with a group of three or more (a pairs-only line cannot hold a joker).",
            'Score a hand by its line: mahj win NAME --line "LINE" --thrown-by NAME',
        ],
    )
