"""A picture of the night: each player's running total game by game.

Three drawings of the same series: lines of Rich `Text` for the terminal (a marker per
player as well as a colour, so it reads with NO_COLOR, and never wider than 80 columns), a
standalone SVG image, and an HTML page with the standings and the SVG inline. Every name
that reaches SVG or HTML is escaped. Rich is imported only by the terminal drawing.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .render import describe, points
from .scoring import Standings

if TYPE_CHECKING:
    from rich.text import Text

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


@dataclass(frozen=True)
class Series:
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


def _nice_step(span: int) -> int:
    """A round step for about four to six grid lines over `span`.

    >>> _nice_step(400), _nice_step(75), _nice_step(3)
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


def _ticks(low: int, high: int) -> list[int]:
    step = _nice_step(high - low)
    first = -(-low // step) * step
    return list(range(first, high + 1, step))


def _scale(low: int, high: int) -> tuple[int, int]:
    """The plotted range: shows zero, ends on round numbers, and is never empty.

    >>> _scale(-185, 180), _scale(0, 0)
    ((-200, 200), (0, 1))
    """
    low, high = min(low, 0), max(high, 0)
    if high == low:
        return low, low + 1
    step = _nice_step(high - low)
    return (low // step) * step, -(-high // step) * step


def terminal(
    standings: Standings,
    *,
    width: int = MAX_WIDTH,
    coins: bool = False,
    ascii_only: bool | None = None,
) -> list[Text]:
    """The chart as lines of Rich Text, at most `width` (and 80) columns wide; plain ASCII
    when `ascii_only` (by default, when standard output cannot encode the markers)."""
    from rich.text import Text

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

    low, high = _scale(min(min(v) for v in data.values), max(max(v) for v in data.values))
    ticks = _ticks(low, high)
    tick_text = {t: points(t, coins=coins) for t in ticks}
    label_w = max(4, *(len(s) for s in tick_text.values()))
    plot_w = max(width - label_w - 2, 8)

    def col(i: float) -> int:
        return round(i * (plot_w - 1) / n)

    def row_of(value: float) -> int:
        return round((high - value) * (HEIGHT - 1) / (high - low))

    grid: list[list[tuple[str, str]]] = [[(" ", "")] * plot_w for _ in range(HEIGHT)]
    zero = row_of(0)
    grid[zero] = [(rule, "dim")] * plot_w
    # Dots between games first, markers on top of them.
    for p, values in enumerate(data.values):
        style = TERM_STYLES[p % len(TERM_STYLES)]
        for i in range(n):
            c0, c1 = col(i), col(i + 1)
            for c in range(c0 + 1, c1):
                v = values[i] + (values[i + 1] - values[i]) * (c - c0) / (c1 - c0)
                r = row_of(v)
                if grid[r][c][0] in (" ", rule):
                    grid[r][c] = (dot, style)
    owner: dict[tuple[int, int], int] = {}
    shared = False
    for p, values in enumerate(data.values):
        style = TERM_STYLES[p % len(TERM_STYLES)]
        for i in range(1, n + 1):
            r, c = row_of(values[i]), col(i)
            if owner.get((r, c), p) != p:
                grid[r][c] = (SHARED, "bold")
                shared = True
            else:
                grid[r][c] = (markers[p % len(markers)], style)
                owner[(r, c)] = p

    tick_rows = {row_of(t): tick_text[t] for t in ticks}
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
    lines.append(Text(" " * label_w + " " + corner + rule * plot_w, style="dim"))
    lines.append(_game_numbers(data.labels, [col(i) for i in range(n + 1)], label_w + 2, plot_w))
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
    from rich.text import Text

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
    data: Series, markers: Sequence[str], width: int, coins: bool, shared: bool
) -> list[Text]:
    """`● Ruth +100   ■ Linda -50 ...`, wrapped to `width`."""
    from rich.text import Text

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


# ---- SVG and HTML ----------------------------------------------------------------------

SVG_WIDTH = 720
PLOT_HEIGHT = 280
LEFT, RIGHT, TOP = 64, 24, 40


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


def svg(standings: Standings, *, coins: bool = False, title: str = "") -> str:
    """The chart as a standalone SVG image (legend with every player's total below it)."""
    from .render import title as night_title

    data = series(standings)
    title = title or night_title(standings)
    n = max(len(data.labels) - 1, 1)
    per_row = 3
    legend_rows = -(-len(data.players) // per_row)
    height = TOP + PLOT_HEIGHT + 48 + legend_rows * 24 + 8
    plot_w = SVG_WIDTH - LEFT - RIGHT
    low, high = _scale(min(min(v) for v in data.values), max(max(v) for v in data.values))

    def x_of(i: int) -> float:
        return LEFT + i * plot_w / n

    def y_of(v: int) -> float:
        return TOP + (high - v) * PLOT_HEIGHT / (high - low)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SVG_WIDTH}" height="{height}" '
        f'viewBox="0 0 {SVG_WIDTH} {height}" role="img" aria-label="{_esc(title)}" '
        'font-family="system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif">',
        f"<title>{_esc(title)}</title>",
        f'<rect width="{SVG_WIDTH}" height="{height}" fill="#ffffff"/>',
        f'<text x="{LEFT}" y="24" font-size="16" font-weight="bold" fill="#222">'
        f"{_esc(title)}</text>",
    ]
    for t in _ticks(low, high):
        y = y_of(t)
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
            f'<text x="{x_of(i):.1f}" y="{TOP + PLOT_HEIGHT + 18}" font-size="12" '
            f'text-anchor="middle" fill="#444">{_esc(label)}</text>'
        )
    out.append(
        f'<text x="{LEFT + plot_w / 2:.1f}" y="{TOP + PLOT_HEIGHT + 36}" font-size="12" '
        'text-anchor="middle" fill="#444">game</text>'
    )
    for p, values in enumerate(data.values):
        colour = SVG_COLOURS[p % len(SVG_COLOURS)]
        dash = SVG_DASHES[p % len(SVG_DASHES)]
        pts = " ".join(f"{x_of(i):.1f},{y_of(v):.1f}" for i, v in enumerate(values))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(f"<g><title>{_esc(data.players[p])}</title>")
        out.append(
            f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2.5"'
            f'{dash_attr} stroke-linejoin="round"/>'
        )
        out.extend(_marker(p, x_of(i), y_of(v), colour) for i, v in enumerate(values) if i)
        out.append("</g>")
    legend_top = TOP + PLOT_HEIGHT + 56
    cell = (SVG_WIDTH - LEFT - RIGHT) / per_row
    for p, (name, total) in enumerate(zip(data.players, data.totals, strict=True)):
        colour = SVG_COLOURS[p % len(SVG_COLOURS)]
        x = LEFT + (p % per_row) * cell
        y = legend_top + (p // per_row) * 24
        out.append(
            f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x + 28:.1f}" y2="{y:.1f}" stroke="{colour}" '
            f'stroke-width="2.5"'
            + (
                f' stroke-dasharray="{SVG_DASHES[p % len(SVG_DASHES)]}"'
                if SVG_DASHES[p % 8]
                else ""
            )
            + "/>"
        )
        out.append(_marker(p, x + 14, y, colour))
        out.append(
            f'<text x="{x + 36:.1f}" y="{y + 4:.1f}" font-size="13" fill="#222">{_esc(name)} '
            f'<tspan font-weight="bold">{_esc(points(total, coins=coins))}</tspan></text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


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
footer { color: #888; font-size: .8rem; margin-top: 2rem; }
"""


def html_page(standings: Standings, *, coins: bool = False) -> str:
    """A page to send to the group: standings, the chart, game by game, and settling up."""
    from .render import title as night_title

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
        cells = f'<td class="num">{place}</td><td>{_esc(name)}</td>{num(total)}'
        if purses is not None:
            cells += num(purses[name], sign=False)
        rows.append(f"<tr>{cells}</tr>")
    purse_head = '<th class="num">Purse</th>' if purses is not None else ""
    kind = "tournament points" if standings.session.options.rules == "tournament" else "league"
    parts = [
        "<!doctype html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_esc(title)}</title>",
        f"<style>{_CSS}</style>",
        "</head>",
        "<body>",
        f"<h1>{_esc(title)}</h1>",
        f'<p class="sub">{standings.games} games · {kind}</p>',
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
    if standings.session.options.rules == "league" and sum(standings.totals) == 0:
        from .settle import settle

        transfers = settle(standings.totals_map())
        if transfers:
            parts.append("<h2>Settle up</h2>")
            parts.append("<ul>")
            for t in transfers:
                amount = _esc(points(t.amount, coins=coins, sign=False))
                parts.append(f"<li>{_esc(t.payer)} pays {_esc(t.payee)} {amount}</li>")
            parts.append("</ul>")
    parts += ["<footer>Made with mahj, the American mahjong score keeper.</footer>"]
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"


def _log_table(standings: Standings, coins: bool) -> list[str]:
    """Game by game: what happened and each player's change."""
    head = "".join(f'<th class="num">{_esc(name)}</th>' for name in standings.players)
    out = [
        "<h2>Game by game</h2>",
        '<table class="log">',
        f'<thead><tr><th class="num">#</th><th>East</th><th>What happened</th>{head}</tr></thead>',
        "<tbody>",
    ]
    for row in standings.rows:
        if not (row.is_game or row.result == "penalty"):
            continue
        number = str(row.game) if row.is_game else ""
        cells = []
        for name, delta in zip(standings.players, row.deltas, strict=True):
            if name in row.seated or delta:
                cls = "num neg" if delta < 0 else "num"
                cells.append(f'<td class="{cls}">{_esc(points(delta, coins=coins))}</td>')
            else:
                cells.append('<td class="num">–</td>')
        east = _esc(row.east) if row.is_game else ""
        what = _esc(describe(row)) + "".join(f"<br><em>{_esc(n)}</em>" for n in row.notes)
        out.append(
            f'<tr><td class="num">{number}</td><td>{east}</td><td>{what}</td>{"".join(cells)}</tr>'
        )
    out += ["</tbody>", "</table>"]
    return out
