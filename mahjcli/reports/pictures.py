"""A picture of the night: each player's running total game by game.

The series and its scale (shared with the terminal drawing in `mahjcli.ui.running_chart`),
a standalone SVG image, and an HTML page with the standings and the SVG inline. Every
name that reaches SVG or HTML is escaped.
"""

from __future__ import annotations

import html
from typing import NamedTuple

from ..core.standings import Standings
from .words import describe, plural, points, rate, settle_heading, settled_words
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
"""The Okabe-Ito palette: told apart by colour-blind eyes too."""
SVG_DASHES = ("", "6 3", "2 3", "8 3 2 3", "", "6 3", "2 3", "8 3 2 3")


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


# ---- SVG and HTML ----------------------------------------------------------------------

SVG_WIDTH = 720
PLOT_HEIGHT = 280
LEFT, RIGHT, TOP = 64, 24, 40
LEGEND_PER_ROW = 3


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _marker(shape: int, x: float, y: float, colour: str) -> str:
    """A small point marker: circle, square, triangle, diamond (then hollow ones)."""
    r = 4.5
    fill = colour if shape < 4 else "#ffffff"
    common = f'fill="{fill}" stroke="{colour}" stroke-width="1.5"'
    kind = shape % 4
    if kind == 0:
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" {common}/>'
    if kind == 1:
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r}" height="{2 * r}" {common}/>'
    if kind == 2:
        pts = f"{x:.1f},{y - r - 1:.1f} {x + r + 1:.1f},{y + r:.1f} {x - r - 1:.1f},{y + r:.1f}"
    else:
        top, right = f"{x:.1f},{y - r - 1:.1f}", f"{x + r + 1:.1f},{y:.1f}"
        pts = f"{top} {right} {x:.1f},{y + r + 1:.1f} {x - r - 1:.1f},{y:.1f}"
    return f'<polygon points="{pts}" {common}/>'


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


def svg(standings: Standings, *, coins: int = 0, title: str = "") -> str:
    """The chart as a standalone SVG image (legend with every player's total below it)."""
    coins = rate(standings, coins)
    data = series(standings)
    title = title or night_title(standings)
    height = TOP + PLOT_HEIGHT + 48 + -(-len(data.players) // LEGEND_PER_ROW) * 24 + 8
    low, high = scale(min(min(v) for v in data.values), max(max(v) for v in data.values))
    frame = _Frame(len(data.labels), low, high)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SVG_WIDTH}" height="{height}" '
        f'viewBox="0 0 {SVG_WIDTH} {height}" role="img" aria-label="{_esc(title)}" '
        'font-family="system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif">',
        f"<title>{_esc(title)}</title>",
        f'<rect width="{SVG_WIDTH}" height="{height}" fill="#ffffff"/>',
        f'<text x="{LEFT}" y="24" font-size="16" font-weight="bold" fill="#222">'
        f"{_esc(title)}</text>",
    ]
    out += _svg_axes(data, frame, coins)
    for p, values in enumerate(data.values):
        colour = SVG_COLOURS[p % len(SVG_COLOURS)]
        dash = SVG_DASHES[p % len(SVG_DASHES)]
        pts = " ".join(f"{frame.x(i):.1f},{frame.y(v):.1f}" for i, v in enumerate(values))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f"<g><title>{_esc(data.players[p])}</title>")
        out.append(
            f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2.5"'
            f'{dash_attr} stroke-linejoin="round"/>'
        )
        out.extend(_marker(p, frame.x(i), frame.y(v), colour) for i, v in enumerate(values) if i)
        out.append("</g>")
    out += _svg_legend(data, coins)
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


def _svg_legend(data: Series, coins: int) -> list[str]:
    """Each player's line, marker, name and total, three to a row under the plot."""
    out = []
    legend_top = TOP + PLOT_HEIGHT + 56
    cell = (SVG_WIDTH - LEFT - RIGHT) / LEGEND_PER_ROW
    for p, (name, total) in enumerate(zip(data.players, data.totals, strict=True)):
        colour = SVG_COLOURS[p % len(SVG_COLOURS)]
        dash = SVG_DASHES[p % len(SVG_DASHES)]
        x = LEFT + (p % LEGEND_PER_ROW) * cell
        y = legend_top + (p // LEGEND_PER_ROW) * 24
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x + 28:.1f}" y2="{y:.1f}" stroke="{colour}" '
            f'stroke-width="2.5"{dash_attr}/>'
        )
        out.append(_marker(p, x + 14, y, colour))
        out.append(
            f'<text x="{x + 36:.1f}" y="{y + 4:.1f}" font-size="13" fill="#222">{_esc(name)} '
            f'<tspan font-weight="bold">{_esc(points(total, coins=coins))}</tspan></text>'
        )
    return out


_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
       margin: 2rem auto; max-width: 760px; padding: 0 1rem; color: #222; }
h1 { font-size: 1.4rem; margin-bottom: .2rem; }
p.sub { color: #555; margin-top: 0; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { padding: .3rem .7rem; border-bottom: 1px solid #ddd; text-align: left; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.neg { color: #b00020; }
svg { max-width: 100%; height: auto; }
figure { margin: 1rem 0; }
.mark { color: #666; font-size: .85em; }
footer { color: #888; font-size: .8rem; margin-top: 2rem; }
.scroll { overflow-x: auto; -webkit-overflow-scrolling: touch; }
.scroll table { margin: 0; }
table.log td:nth-child(3) { min-width: 10rem; }
@media (max-width: 520px) {
  body { margin: 1rem auto; padding: 0 .6rem; }
  h1 { font-size: 1.2rem; }
  th, td { padding: .25rem .4rem; }
  table.log { font-size: .9rem; }
}
"""


def page_head(title: str, css: str) -> list[str]:
    """The start of a page to share, up to `<body>`: readable on a phone as on a laptop."""
    return [
        "<!doctype html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_esc(title)}</title>",
        f"<style>{css}</style>",
        "</head>",
        "<body>",
    ]


def html_page(standings: Standings, *, coins: int = 0) -> str:
    """A page to send to the group: standings, the chart, game by game, and settling up."""
    coins = rate(standings, coins)
    title = night_title(standings)
    purses = standings.purses()
    ranked = sorted(
        zip(standings.players, standings.totals, strict=True), key=lambda pair: -pair[1]
    )

    def num(n: int, sign: bool = True) -> str:
        cls = "num neg" if n < 0 else "num"
        return f'<td class="{cls}">{_esc(points(n, coins=coins, sign=sign))}</td>'

    rows = []
    for place, (name, total) in enumerate(ranked, 1):
        left = ' <span class="mark">(left)</span>' if name in standings.gone else ""
        cells = f'<td class="num">{place}</td><td>{_esc(name)}{left}</td>{num(total)}'
        if purses is not None:
            pie = ' <span class="mark">pie</span>' if purses[name] <= 0 else ""
            cells += num(purses[name], sign=False).replace("</td>", f"{pie}</td>")
        rows.append(f"<tr>{cells}</tr>")
    purse_head = '<th class="num">Purse</th>' if purses is not None else ""
    kind = "" if standings.rules.pays else " · points, not payments"  # the title names the rules
    parts = [
        *page_head(title, _CSS),
        f"<h1>{_esc(title)}</h1>",
        f'<p class="sub">{plural(standings.games, "game")}{kind}</p>',
        '<table class="standings">',
        f'<thead><tr><th class="num">#</th><th>Player</th><th class="num">Total</th>'
        f"{purse_head}</tr></thead>",
        "<tbody>",
        *rows,
        "</tbody>",
        "</table>",
    ]
    if standings.games:
        parts += ["<figure>", svg(standings, coins=coins, title="Running totals").rstrip()]
        parts += ["<figcaption>Each player's running total after every game.</figcaption>"]
        parts += ["</figure>"]
        parts += _log_table(standings, coins)
    if standings.rules.pays and sum(standings.balances().values()) == 0:
        parts += _settle_html(standings, coins)
    parts += ["<footer>Made with mahj, the American mahjong score keeper.</footer>"]
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"


def _settle_html(standings: Standings, coins: int) -> list[str]:
    """What leavers settled as they went, then who pays whom, saying whether that is the
    fewest payments."""
    out = []
    if rows := standings.settled_rows():
        out += ["<h2>Settled as they left</h2>", '<ul class="settled">']
        for row in rows:
            words = settled_words(row, standings, coins=coins)
            out.append(f"<li>{_esc(words)} (before game {row.game})</li>")
        out.append("</ul>")
    found = standings.settle_up()
    if found.payments:
        out.append(f"<h2>{_esc(settle_heading(found))}</h2>")
        out.append("<ul>")
        for t in found.payments:
            amount = _esc(points(t.amount, coins=coins, sign=False))
            out.append(f"<li>{_esc(t.payer)} pays {_esc(t.payee)} {amount}</li>")
        out.append("</ul>")
    return out


def _log_table(standings: Standings, coins: int) -> list[str]:
    """Game by game: what happened and each player's change."""
    head = "".join(f'<th class="num">{_esc(name)}</th>' for name in standings.players)
    out = [
        "<h2>Game by game</h2>",
        '<div class="scroll">',
        '<table class="log">',
        f'<thead><tr><th class="num">#</th><th>East</th><th>What happened</th>{head}</tr></thead>',
        "<tbody>",
    ]
    arrivals = standings.arrivals()
    for row in standings.rows:
        if not (row.is_game or row.result == "penalty"):
            continue
        number = str(row.game)
        cells = []
        short = set(row.short)
        for name, delta in zip(standings.players, row.deltas, strict=True):
            if row.at < arrivals.get(name, -1):
                cells.append('<td class="num"></td>')  # not here yet
            elif name in row.seated or delta:
                cls = "num neg" if delta < 0 else "num"
                pie = ' <span class="mark">pie</span>' if name in short else ""
                cells.append(f'<td class="{cls}">{_esc(points(delta, coins=coins))}{pie}</td>')
            else:
                cells.append('<td class="num">–</td>')
        east = _esc(row.east) if row.is_game else ""
        notes = [*row.notes, *(
            f"{name} owed {points(row.owed_by(name), coins=coins, sign=False)}: pie"
            for name in row.short
        )]  # fmt: skip
        what = _esc(describe(row)) + "".join(f"<br><em>{_esc(n)}</em>" for n in notes)
        out.append(
            f'<tr><td class="num">{number}</td><td>{east}</td><td>{what}</td>{"".join(cells)}</tr>'
        )
    out += ["</tbody>", "</table>", "</div>"]
    return out
