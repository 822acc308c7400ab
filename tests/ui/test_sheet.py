"""The hand-laid-out Sheet draws exactly what the equivalent Rich Table draws.

`mahj log`, `status` and `total` draw their tables as `mahjcli.sheet.Sheet` for speed;
these tests hold it to Rich's own output, character for character, whenever the table
fits the terminal.
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from mahjcli.ui.sheet import Column, Sheet

NAMES = ["Ruth", "李", "שרה", "Pat😀", "[bold]Sue", ":smile:"]
WHAT = [
    "Ruth wins 25, thrown by Linda",
    "李 wins Dragon lights 30, self-picked, jokerless, 2 exp.",
    "Wall game (שרה and Pat😀 dead)",
    "[bold]Sue arrives and joins the line",
    "A-very-long-word-that-cannot-break-anywhere-at-all wins 50, thrown by Ruth",
]


def both(width: int, *, footer: bool = True, title: str = "Thursday · league"):
    """The same table as a Rich Table and as a Sheet."""
    table = Table(title=title or None, title_justify="left")
    columns = [Column("#", justify="right"), Column("East"), Column("What happened", wrap=True)]
    table.add_column("#", justify="right")
    table.add_column("East")
    table.add_column("What happened", overflow="fold")
    for name in NAMES:
        table.add_column(Text(name), justify="right")
        columns.append(Column(name, justify="right"))
    rows = []
    for n, what in enumerate(WHAT, 1):
        deltas = [(-1) ** (n + i) * 25 * i for i in range(len(NAMES))]
        cells = [[(f"{d:+d}" if d else "0", "red" if d < 0 else ""), (str(d * n), "dim")]
                 for d in deltas]  # fmt: skip
        table.add_row(str(n), Text(NAMES[n % len(NAMES)]), Text(what),
                      *[Text(c[0][0] + "\n" + c[1][0]) for c in cells])  # fmt: skip
        rows.append([[(str(n), "")], [(NAMES[n % len(NAMES)], "")], [(what, "")], *cells])
    foot = None
    if footer:
        table.add_section()
        table.add_row("", "", Text("Total"), *[Text(str(i)) for i in range(len(NAMES))])
        foot = [[("", "")], [("", "")], [("Total", "bold")]]
        foot += [[(str(i), "bold")] for i in range(len(NAMES))]
    return table, Sheet(title, columns, rows, foot)


def draw(renderable, width: int, **kw) -> str:
    out = io.StringIO()
    console = Console(file=out, width=width, markup=False, emoji=False, highlight=False, **kw)
    console.print(renderable)
    return out.getvalue()


@pytest.mark.parametrize("width", [200, 120, 100, 90])
@pytest.mark.parametrize("footer", [True, False])
def test_same_characters_as_a_rich_table(width: int, footer: bool):
    table, sheet = both(width, footer=footer)
    assert draw(sheet, width, color_system=None) == draw(table, width, color_system=None)


def test_same_without_a_title():
    table, sheet = both(120, title="")
    assert draw(sheet, 120, color_system=None) == draw(table, 120, color_system=None)


def test_measures_like_a_rich_table():
    table, sheet = both(100)
    console = Console(file=io.StringIO(), width=100)
    wide = console.options.update_width(10_000)
    assert Measurement.get(console, wide, sheet) == Measurement.get(console, wide, table)


def test_names_are_never_markup_or_emoji_codes():
    _, sheet = both(200)
    text = draw(sheet, 200, color_system=None)
    assert "[bold]Sue" in text and ":smile:" in text


def test_colour_reaches_the_terminal():
    _, sheet = both(200)
    text = draw(sheet, 200, force_terminal=True, color_system="standard", no_color=False)
    assert "\x1b[31m-50\x1b[0m" in text  # a loss in red
    assert "\x1b[1mTotal" in text  # the total row in bold


def test_narrow_terminal_wraps_only_the_wrap_column_and_never_overflows():
    _, sheet = both(90)
    natural = Measurement.get(Console(width=500), Console(width=500).options, sheet).maximum
    for width in (natural, natural - 10, 90):
        lines = draw(sheet, width, color_system=None).splitlines()
        assert max(len(line) for line in lines[1:]) <= width
    text = draw(sheet, 90, color_system=None)
    for name in NAMES:  # whole names, never cut
        assert name in text
