"""The running totals drawn in the terminal: a marker per player as well as a colour, so
it reads with NO_COLOR, and never wider than 80 columns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rich.text import Text

from ..core.standings import Standings
from ..reports.pictures import Series, scale, series, ticks
from ..reports.words import points, rate

MAX_WIDTH = 80
HEIGHT = 14
"""Rows of the terminal plot."""

TERM_STYLES = (
    "bright_blue",
    "bright_red",
    "green",
    "magenta",
    "yellow",
    "cyan",
    "bright_white",
    "bright_black",
)
MARKERS = ("●", "■", "▲", "◆", "▼", "○", "□", "△")
ASCII_MARKERS = ("o", "#", "^", "x", "v", "+", "%", "@")
SHARED = "*"
"""Marks a point where several players stand on the same total."""


class _Plot(NamedTuple):
    """The plot's size and scale: game i is drawn in column `col(i)`, a value on `row`."""

    games: int
    width: int
    low: int
    high: int

    def col(self, i: float) -> int:
        return round(i * (self.width - 1) / self.games)

    def row(self, value: float) -> int:
        return round((self.high - value) * (HEIGHT - 1) / (self.high - self.low))


Grid = list[list[tuple[str, str]]]


def _draw(
    data: Series, plot: _Plot, rule: str, dot: str, markers: Sequence[str]
) -> tuple[Grid, bool]:
    """The plot's cells (character and style), and whether players shared a point."""
    grid: Grid = [[(" ", "")] * plot.width for _ in range(HEIGHT)]
    grid[plot.row(0)] = [(rule, "dim")] * plot.width
    # Dots between games first, markers on top of them.
    for p, values in enumerate(data.values):
        style = TERM_STYLES[p % len(TERM_STYLES)]
        for i in range(plot.games):
            c0, c1 = plot.col(i), plot.col(i + 1)
            for c in range(c0 + 1, c1):
                r = plot.row(values[i] + (values[i + 1] - values[i]) * (c - c0) / (c1 - c0))
                if grid[r][c][0] in (" ", rule):
                    grid[r][c] = (dot, style)
    owner: dict[tuple[int, int], int] = {}
    shared = False
    for p, values in enumerate(data.values):
        style = TERM_STYLES[p % len(TERM_STYLES)]
        for i in range(1, plot.games + 1):
            r, c = plot.row(values[i]), plot.col(i)
            if owner.get((r, c), p) != p:
                grid[r][c] = (SHARED, "bold")
                shared = True
            else:
                grid[r][c] = (markers[p % len(markers)], style)
                owner[(r, c)] = p
    return grid, shared


def terminal(
    standings: Standings,
    *,
    width: int = MAX_WIDTH,
    coins: int = 0,
    ascii_only: bool | None = None,
) -> list[Text]:
    """The chart as lines of Rich Text, at most `width` (and 80) columns wide; plain ASCII
    when `ascii_only` (by default, when standard output cannot encode the markers)."""
    coins = rate(standings, coins)
    if ascii_only is None:
        ascii_only = not _can_encode("".join(MARKERS) + "·─│┤└")
    data = series(standings)
    n = len(data.labels) - 1
    if n == 0:
        return [Text("No games yet: nothing to draw.")]
    width = min(width, MAX_WIDTH)
    markers = ASCII_MARKERS if ascii_only else MARKERS
    dot, rule, vbar, tick, corner = (
        (".", "-", "|", "+", "+") if ascii_only else ("·", "─", "│", "┤", "└")
    )
    low, high = scale(min(min(v) for v in data.values), max(max(v) for v in data.values))
    marks = ticks(low, high)
    tick_text = {t: points(t, coins=coins) for t in marks}
    label_w = max(4, *(len(s) for s in tick_text.values()))
    plot = _Plot(n, max(width - label_w - 2, 8), low, high)
    grid, shared = _draw(data, plot, rule, dot, markers)
    tick_rows = {plot.row(t): tick_text[t] for t in marks}
    games = f"{standings.games} game" + ("s" if standings.games != 1 else "")
    lines: list[Text] = [Text(f"Running totals, game by game ({games})", style="bold")]
    for r in range(HEIGHT):
        label = tick_rows.get(r, "")
        line = Text("")
        line.append(label.rjust(label_w) + " " + (tick if label else vbar), style="dim")
        for char, style in grid[r]:
            line.append(char, style=style)
        line.rstrip()
        lines.append(line)
    lines.append(Text(" " * label_w + " " + corner + rule * plot.width, style="dim"))
    columns = [plot.col(i) for i in range(n + 1)]
    lines.append(_game_numbers(data.labels, columns, label_w + 2, plot.width))
    lines.extend(_legend(data, markers, width, coins, shared))
    return lines


def _can_encode(text: str) -> bool:
    """Whether standard output can print `text`."""
    import sys

    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _game_numbers(labels: Sequence[str], cols: Sequence[int], indent: int, plot_w: int) -> Text:
    """`game` and the game numbers under the axis, as many as fit with a space between."""
    chars = [" "] * (indent + plot_w)
    head = "game"
    chars[indent - 1 - len(head) : indent - 1] = head
    taken: list[tuple[int, int]] = []
    # The last game always (ending at the last column at most), then from the left.
    for i in [len(labels) - 1, *range(1, len(labels) - 1)]:
        first = min(indent + cols[i], indent + plot_w - len(labels[i]))
        last = first + len(labels[i]) - 1
        if any(first <= b + 1 and a <= last + 1 for a, b in taken):
            continue
        taken.append((first, last))
        chars[first : last + 1] = labels[i]
    return Text("".join(chars).rstrip(), style="dim")


def _legend(
    data: Series, markers: Sequence[str], width: int, coins: int, shared: bool
) -> list[Text]:
    """`● Ruth +100   ■ Linda -50 ...`, wrapped to `width`."""
    items: list[Text] = []
    for p, (name, total) in enumerate(zip(data.players, data.totals, strict=True)):
        item = Text(markers[p % len(markers)], style=TERM_STYLES[p % len(TERM_STYLES)])
        item.append(" ")
        item.append(name)
        item.append(" " + points(total, coins=coins), style="bold")
        items.append(item)
    if shared:
        items.append(Text(f"{SHARED} several players", style="dim"))
    lines: list[Text] = []
    current = Text("")
    for item in items:
        if current.cell_len and current.cell_len + 3 + item.cell_len > width:
            lines.append(current)
            current = Text("")
        if current.cell_len:
            current.append("   ")
        current.append_text(item)
    lines.append(current)
    return lines
