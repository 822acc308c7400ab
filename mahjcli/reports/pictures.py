"""A picture of the night: each player's running total game by game.

The series and its scale (shared with the terminal drawing in `mahjcli.ui.running_chart`),
each player's look (colour, marker and line, the same in the SVG and the PNG), the panel
beside the chart (the standings and the settle-up, `panel_lines`), and a standalone SVG
image (shown inline by the night's page). Every name in the SVG is escaped and isolated.
"""

from __future__ import annotations

import html
import textwrap
import unicodedata
from typing import NamedTuple

from ..core.standings import Standings
from ..core.wording import isolated_rtl
from .summary import Place, Summary, summary
from .words import points, rate
from .words import title as night_title

SVG_COLOURS = (
    "#0072B2",
    "#D55E00",
    "#009E73",
    "#CC79A7",
    "#E69F00",
    "#56B4E9",
    "#000000",
    "#999999",
)
"""The Okabe-Ito palette (its yellow, too pale on white, swapped for grey): told apart by
colour-blind eyes too."""
MARKERS = ("circle", "square", "triangle", "diamond", "down", "plus", "cross", "star")
"""Eight marker shapes; each player past the eighth has a hollow one and a dashed line."""
SERIES = len(SVG_COLOURS) * 2
"""How many players are drawn each in a look of their own (then the looks come round again)."""


class Look(NamedTuple):
    """How one player's line is drawn: colour, marker, hollow or filled, dashed or not."""

    colour: str
    marker: str
    hollow: bool
    dashed: bool


def look(index: int) -> Look:
    """The look of the player at `index` (session order): no two alike among the first
    sixteen. The first eight have each colour once, filled markers and solid lines; the
    next eight take the colours again with another marker, hollow, on a dashed line.

    >>> look(0), look(8)[1:]
    (Look(colour='#0072B2', marker='circle', hollow=False, dashed=False), ('diamond', True, True))
    >>> len({look(i) for i in range(SERIES)}), look(SERIES) == look(0)
    (16, True)
    """
    n = len(SVG_COLOURS)
    second = (index // n) % 2 == 1
    return Look(SVG_COLOURS[index % n], MARKERS[(index + 3 * second) % n], second, second)


class Series(NamedTuple):
    """Running totals: `values[p][i]` is player p's total after point i (point 0 = start)."""

    players: tuple[str, ...]
    labels: tuple[str, ...]
    """The x-axis label of each point: "0", then each game's number."""
    values: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]


def series(standings: Standings) -> Series:
    """Each player's total at the start and after every game (tournament penalties are
    counted in the game they were recorded during; a last penalty adds a final point)."""
    labels = ["0"]
    columns: list[tuple[int, ...]] = [tuple(0 for _ in standings.players)]
    for row in standings.rows:
        if row.is_game:
            labels.append(str(row.game))
            columns.append(row.totals)
    if columns[-1] != standings.totals:
        labels.append("end")
        columns.append(standings.totals)
    values = tuple(tuple(col[i] for col in columns) for i in range(len(standings.players)))
    return Series(standings.players, tuple(labels), values, standings.totals)


def nice_step(span: int) -> int:
    """A round step for about four to six grid lines over `span`.

    >>> nice_step(400), nice_step(75), nice_step(3)
    (100, 20, 1)
    """
    target = max(span / 5, 1)
    scale = 1
    while True:
        for m in (1, 2, 2.5, 5):
            step = int(m * scale)
            if step >= target and step == m * scale:
                return step
        scale *= 10


def ticks(low: int, high: int) -> list[int]:
    step = nice_step(high - low)
    first = -(-low // step) * step
    return list(range(first, high + 1, step))


def scale(low: int, high: int) -> tuple[int, int]:
    """The plotted range: shows zero, ends on round numbers, and is never empty.

    >>> scale(-185, 180), scale(0, 0)
    ((-200, 200), (0, 1))
    """
    low, high = min(low, 0), max(high, 0)
    if high == low:
        return low, low + 1
    step = nice_step(high - low)
    return (low // step) * step, -(-high // step) * step


# ---- the panel beside the chart: standings and settle-up -------------------------------


class PanelLine(NamedTuple):
    """One line of the panel: a heading, a player's place (drawn with their look), or words."""

    kind: str
    """`heading`, `place`, `words` or `gap` (an empty line)."""
    text: str
    place: Place | None = None
    look: Look | None = None
    labels: bool = False
    """A heading that also heads the two amounts of a pie night's places: `Total`, `Purse`."""


def purse_words(p: Place) -> str:
    """`$200.00`, `$0.00 pie` (her purse is empty), or "" on a night without a pie."""
    return p.purse + (" pie" if p.pie else "") if p.purse else ""


def purse_letters(places: tuple[Place, ...]) -> int:
    """Letters of the widest purse: the purse column's width (0 without a pie)."""
    return max((width_of(purse_words(p)) for p in places), default=0)


def width_of(text: str) -> int:
    """Columns `text` takes: East Asian wide letters count two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def panel_lines(standings: Standings, shown: Summary, columns: int) -> list[PanelLine]:
    """The standings (best first, each with the look of their line: the chart's legend),
    the rules, the sum, a full kitty's refund, what leavers settled as they went and the
    settle-up (or that nobody owes), wrapped at `columns` (between words only)."""
    index = {name: i for i, name in enumerate(standings.players)}

    def wrapped(text: str, indent: str = "", kind: str = "words") -> list[PanelLine]:
        lines = textwrap.wrap(text, columns, subsequent_indent=indent, break_long_words=False,
                              break_on_hyphens=False)  # fmt: skip
        return [PanelLine(kind, line) for line in lines]

    out = [PanelLine("heading", "Standings", labels=shown.purses is not None)]
    out += [PanelLine("place", p.words, p, look(index[p.name])) for p in shown.places]
    for note in shown.rules:
        out += wrapped(note)
    out += wrapped(shown.sum_words)
    out += wrapped(shown.kitty_words)  # "" when no kitty goes back: no line
    if shown.settled:
        out += [PanelLine("gap", ""), PanelLine("heading", "Settled as they left")]
        for settled in shown.settled:
            out += wrapped(settled.words, "  ")
    if shown.settle:
        out += [PanelLine("gap", ""), *wrapped(shown.settle_heading, kind="heading")]
        for words in shown.settle_words():
            out += wrapped(words, "  ")
    if shown.settle_none and not shown.settle:
        out += [PanelLine("gap", ""), *wrapped(shown.settle_none)]
    return out


# ---- SVG and HTML ----------------------------------------------------------------------

SVG_WIDTH = 720
"""The chart's width; the standalone image adds the panel beside it."""
PLOT_HEIGHT = 280
LEFT, RIGHT, TOP = 64, 24, 40
LEGEND_PER_ROW = 3
PANEL_FONT = 14
PANEL_LINE = 22


def _esc(text: str) -> str:
    return html.escape(isolated_rtl(text), quote=True)  # an RTL name keeps to itself


def _marker(look_: Look, x: float, y: float) -> str:
    """A small point marker in the player's shape, filled or hollow."""
    r = 4.5
    fill = "#ffffff" if look_.hollow else look_.colour
    common = f'fill="{fill}" stroke="{look_.colour}" stroke-width="1.5"'
    shape = look_.marker
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" {common}/>'
    if shape == "square":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}" {common}/>'
    a, b = r + 1, r * 0.45
    corners = {
        "triangle": [(0, -a), (a, r), (-a, r)],
        "down": [(0, a), (a, -r), (-a, -r)],
        "diamond": [(0, -a), (a, 0), (0, a), (-a, 0)],
        "plus": [(-b, -a), (b, -a), (b, -b), (a, -b), (a, b), (b, b), (b, a), (-b, a), (-b, b),
                 (-a, b), (-a, -b), (-b, -b)],
        "cross": [(-a, -a + b), (-a + b, -a), (0, -b), (a - b, -a), (a, -a + b), (b, 0),
                  (a, a - b), (a - b, a), (0, b), (-a + b, a), (-a, a - b), (-b, 0)],
        "star": [(0, -a - 1), (b * 1.2, -b), (a + 1, -b), (b * 1.5, b * 0.8), (a, a + 0.5),
                 (0, b * 2), (-a, a + 0.5), (-b * 1.5, b * 0.8), (-a - 1, -b), (-b * 1.2, -b)],
    }[shape]  # fmt: skip
    pts = " ".join(f"{x + dx:.1f},{y + dy:.1f}" for dx, dy in corners)
    return f'<polygon points="{pts}" {common}/>'


def _dash(look_: Look) -> str:
    return ' stroke-dasharray="7 4"' if look_.dashed else ""


class _Frame(NamedTuple):
    """Where the plot sits in the SVG image, and its scale."""

    points: int
    low: int
    high: int

    @property
    def plot_width(self) -> float:
        return SVG_WIDTH - LEFT - RIGHT

    def x(self, i: int) -> float:
        return LEFT + i * self.plot_width / max(self.points - 1, 1)

    def y(self, value: int) -> float:
        return TOP + (self.high - value) * PLOT_HEIGHT / (self.high - self.low)


def svg(standings: Standings, *, coins: int = 0, title: str = "", panel: bool = True) -> str:
    """The chart as a standalone SVG image: with `panel`, the standings and the settle-up
    beside it (the standings are the legend); without, a legend under the plot."""
    coins = rate(standings, coins)
    data = series(standings)
    shown = summary(standings, coins)
    title = title or night_title(standings)
    chart_height = TOP + PLOT_HEIGHT + 48
    if panel:
        purse = purse_letters(shown.places)
        gap = purse and purse + 3  # the purse column's own width, apart from the total
        letters = max(34, *(width_of(p.words) + 5 + gap for p in shown.places))
        lines = panel_lines(standings, shown, letters)
        width = SVG_WIDTH + 24 + letters * PANEL_FONT * 0.62 + 12
        height = max(chart_height, TOP + len(lines) * PANEL_LINE) + 12
    else:
        width = SVG_WIDTH
        height = chart_height + -(-len(data.players) // _per_row(shown)) * 24 + 8
    low, high = scale(min(min(v) for v in data.values), max(max(v) for v in data.values))
    frame = _Frame(len(data.labels), low, high)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height}" '
        f'viewBox="0 0 {width:.0f} {height}" role="img" aria-label="{_esc(title)}" '
        'font-family="system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif">',
        f"<title>{_esc(title)}</title>",
        f'<rect width="{width:.0f}" height="{height}" fill="#ffffff"/>',
        f'<text x="{LEFT}" y="24" font-size="16" font-weight="bold" fill="#222">'
        f"{_esc(title)}</text>",
    ]
    out += _svg_axes(data, frame, coins)
    for p, values in enumerate(data.values):
        style = look(p)
        pts = " ".join(f"{frame.x(i):.1f},{frame.y(v):.1f}" for i, v in enumerate(values))
        out.append(f"<g><title>{_esc(data.players[p])}</title>")
        out.append(
            f'<polyline points="{pts}" fill="none" stroke="{style.colour}" stroke-width="2.5"'
            f'{_dash(style)} stroke-linejoin="round"/>'
        )
        out.extend(_marker(style, frame.x(i), frame.y(v)) for i, v in enumerate(values) if i)
        out.append("</g>")
    if panel:
        out += _svg_panel(lines, SVG_WIDTH + 24, width - 12, purse)
    else:
        out += _svg_legend(standings, shown)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _svg_axes(data: Series, frame: _Frame, coins: int) -> list[str]:
    """Grid lines with their values, and the game numbers under the plot."""
    out = []
    for t in ticks(frame.low, frame.high):
        y = frame.y(t)
        colour, stroke = ("#555", 1.5) if t == 0 else ("#ddd", 1)
        out.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{SVG_WIDTH - RIGHT}" y2="{y:.1f}" '
            f'stroke="{colour}" stroke-width="{stroke}"/>'
        )
        out.append(
            f'<text x="{LEFT - 8}" y="{y + 4:.1f}" font-size="12" text-anchor="end" '
            f'fill="#444">{_esc(points(t, coins=coins))}</text>'
        )
    step = max(1, -(-len(data.labels) // 24))
    for i, label in enumerate(data.labels):
        if i % step and i != len(data.labels) - 1:
            continue
        out.append(
            f'<text x="{frame.x(i):.1f}" y="{TOP + PLOT_HEIGHT + 18}" font-size="12" '
            f'text-anchor="middle" fill="#444">{_esc(label)}</text>'
        )
    out.append(
        f'<text x="{LEFT + frame.plot_width / 2:.1f}" y="{TOP + PLOT_HEIGHT + 36}" '
        'font-size="12" text-anchor="middle" fill="#444">game</text>'
    )
    return out


def _sample(style: Look, x: float, y: float) -> list[str]:
    """A player's line and marker, as the legend shows them."""
    return [
        f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x + 28:.1f}" y2="{y:.1f}" stroke="{style.colour}" '
        f'stroke-width="2.5"{_dash(style)}/>',
        _marker(style, x + 14, y),
    ]


def _svg_legend(standings: Standings, shown: Summary) -> list[str]:
    """Each player's line, marker, place, name and total, best first, three to a row
    under the plot."""
    out = []
    legend_top = TOP + PLOT_HEIGHT + 56
    per_row = _per_row(shown)
    cell = (SVG_WIDTH - LEFT - RIGHT) / per_row
    index = {name: i for i, name in enumerate(standings.players)}
    for n, place in enumerate(shown.places):
        x = LEFT + (n % per_row) * cell
        y = legend_top + (n // per_row) * 24
        out += _sample(look(index[place.name]), x, y)
        out.append(
            f'<text x="{x + 36:.1f}" y="{y + 4:.1f}" font-size="13" fill="#222">'
            f"{place.place} {_esc(place.name)} "
            f'<tspan font-weight="bold">{_esc(place.total)}</tspan></text>'
        )
    return out


def _per_row(shown: Summary) -> int:
    """Players a row of the legend under the plot: three, fewer when a long name and its
    total would run into the next."""
    letters = max(width_of(f"{p.place} {p.name} {p.total}") for p in shown.places)
    return max(1, min(LEGEND_PER_ROW, int((SVG_WIDTH - LEFT - RIGHT) // (letters * 8.1 + 52))))


def _svg_panel(lines: list[PanelLine], left: float, right: float, purse: int) -> list[str]:
    """The panel beside the chart, a line each: headings (over a pie night's `Total` and
    `Purse`), places with their look, words."""
    out, columns = [], (f"{right - (purse + 1) * PANEL_FONT * 0.62:.1f}", f"{right:.1f}")
    for n, line in enumerate(lines):
        y = TOP + n * PANEL_LINE + PANEL_FONT
        if line.kind == "heading":
            out.append(
                f'<text x="{left:.1f}" y="{y}" font-size="{PANEL_FONT + 1}" font-weight="bold" '
                f'fill="#222">{_esc(line.text)}</text>'
            )
            for x, label in zip(columns, ("Total", "Purse"), strict=True) if line.labels else ():
                out.append(
                    f'<text x="{x}" y="{y}" font-size="{PANEL_FONT}" text-anchor="end" '
                    f'fill="#555">{label}</text>'
                )
        elif line.place is not None and line.look is not None:
            out += _sample(line.look, left, y - 5)
            out.append(_svg_place(line.place, left + 36, y, columns))
        elif line.text:
            out.append(
                f'<text x="{left:.1f}" y="{y}" font-size="{PANEL_FONT}" fill="#333" '
                f'xml:space="preserve">{_esc(line.text)}</text>'
            )
    return out


def _svg_place(p: Place, x: float, y: int, columns: tuple[str, str]) -> str:
    """`1 Ruth +100`, the total bold; with a purse, each amount right-aligned in a column."""
    gone = f" {p.mark}" if p.left else ""
    colour = "#b00020" if p.negative else "#222"
    purse = purse_words(p)
    at = [f' x="{c}" text-anchor="end"' for c in columns] if purse else ["", ""]
    return (
        f'<text x="{x:.1f}" y="{y}" font-size="{PANEL_FONT}" fill="#222">'
        f"{p.place} {_esc(p.name)}{_esc(gone)} "
        f'<tspan{at[0]} font-weight="bold" fill="{colour}">{_esc(p.total)}</tspan>'
        + (f"<tspan{at[1]}> {_esc(purse)}</tspan>" if purse else "")
        + "</text>"
    )
