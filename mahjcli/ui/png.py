"""The night as a PNG picture for the group chat (chat apps do not show SVG), drawn by
matplotlib: each player's running total, and beside it the panel a chat wants to read
(the standings, best first, as the chart's legend; the house rules; the sum; a full
kitty's refund; who pays whom). Imported only by `mahj total --png`: matplotlib takes a
good part of a second to load, which no other command should pay."""

from __future__ import annotations

import io
import logging
import re
import warnings
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.standings import Standings
from ..reports.pictures import (
    Look,
    PanelLine,
    look,
    panel_lines,
    purse_letters,
    purse_words,
    series,
    width_of,
)
from ..reports.summary import summary
from ..reports.words import points, rate, title

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.text import Text

FONTS = ["DejaVu Sans", "Noto Sans CJK SC", "Noto Sans CJK JP", "Noto Sans CJK TC",
         "Noto Sans CJK KR", "WenQuanYi Zen Hei", "Droid Sans Fallback",  # Linux
         "PingFang SC", "Hiragino Sans GB", "Hiragino Sans", "Apple SD Gothic Neo",  # macOS
         "Microsoft YaHei", "Microsoft JhengHei", "Yu Gothic", "Meiryo",  # Windows
         "Malgun Gothic", "Arial Unicode MS", "sans-serif"]  # fmt: skip
"""Tried in order for each character, so a name in any script is drawn where the
computer has a font for it."""
LTR, FSI, PDI = "\u200e", "\u2068", "\u2069"
"""LEFT-TO-RIGHT MARK, FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (drawn as
nothing): each text reads left to right, a name in it right to left where it is written
so, its neighbours left where they are (matplotlib lays a text out right to left when its
first letter is Hebrew or Arabic)."""
MARKERS = {"circle": "o", "square": "s", "triangle": "^", "diamond": "D", "down": "v",
           "plus": "P", "cross": "X", "star": "*"}  # fmt: skip
"""The picture's marker shapes in matplotlib's letters."""
PANEL_COLUMNS = 34
"""The panel's words are wrapped at about this many letters."""
FONT = 11
LINE = 0.27
"""Inches from one line of the panel to the next, at `FONT` points."""
CHART = (7.0, 4.8)
"""The chart's own width and least height, in inches."""


def _fonts() -> list[str]:
    """The fonts of `FONTS` this computer has (matplotlib warns of every one it lacks)."""
    from matplotlib import font_manager

    have = {font.name for font in font_manager.fontManager.ttflist}
    return [name for name in FONTS if name in have] or ["sans-serif"]


class Picture(NamedTuple):
    """The PNG, and what to tell the player when a letter in it is drawn as a box."""

    data: bytes
    warning: str
    """One sentence (without `warning: `), or "" when every letter was drawn."""


def picture(standings: Standings, *, coins: int = 0) -> Picture:
    """The picture (the running totals, and the standings and settle-up beside them), and a
    warning naming the letters no font on this computer has."""
    import matplotlib

    finder = logging.getLogger("matplotlib.font_manager")  # "findfont: ... bold": its own
    level = finder.level
    finder.setLevel(logging.ERROR)
    with warnings.catch_warnings(record=True) as said:  # each missing glyph, never on screen
        warnings.simplefilter("always")
        try:
            with matplotlib.rc_context({"font.family": _fonts()}):
                buffer = io.BytesIO()
                figure_of(standings, rate(standings, coins)).savefig(
                    buffer, format="png", metadata={"Software": "mahj"}
                )
        finally:
            finder.setLevel(level)
    letters = _missing(str(w.message) for w in said)
    return Picture(buffer.getvalue(), _missing_words(letters, _names(standings)))


def _missing(warned: Iterable[str]) -> str:
    """The letters matplotlib warned it has no glyph for ("Glyph 26446 (...) missing from
    font(s) ..."), each once, in the order met; the marks of `LTR` draw as nothing."""
    letters = ""
    for words in warned:
        glyph = re.match(r"Glyph (\d+) ", words)
        letter = chr(int(glyph[1])) if glyph else ""
        if letter and letter not in letters + LTR + FSI + PDI:
            letters += letter
    return letters


def _names(standings: Standings) -> list[str]:
    """The names the picture shows: the players', and the night's."""
    return [name for name in (*standings.players, standings.session.name) if name]


def _missing_words(letters: str, names: Iterable[str]) -> str:
    """What to tell the player of `letters` drawn as boxes: which, where, and what to do;
    "" when there are none."""
    if not letters:
        return ""
    where = [name for name in names if any(ch in name for ch in letters)]
    boxes, it = ("a box", "it") if len(letters) == 1 else ("boxes", "them")
    inside = f" (in {', '.join(where)})" if where else ""
    return (
        f"the PNG shows {', '.join(letters)} as {boxes}{inside}: this computer has no font "
        f"for {it}; install one, or use --html FILE or --svg FILE, which a browser draws "
        "with the fonts it has"
    )


def _style(of: Look) -> dict[str, Any]:
    """matplotlib's words for a player's look."""
    return {
        "color": of.colour,
        "marker": MARKERS[of.marker],
        "markerfacecolor": "white" if of.hollow else of.colour,
        "markeredgecolor": of.colour,
        "linestyle": "--" if of.dashed else "-",
    }


def figure_of(standings: Standings, coins: int) -> Figure:
    """The picture as a matplotlib figure: the chart on the left, the panel on the right;
    every text drawn as written (no mathematics)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    shown = summary(standings, coins)
    lines = panel_lines(standings, shown, PANEL_COLUMNS)
    inches = FONT * 0.62 / 72  # a letter, about; a standing's words start 13% in, its total
    purse = purse_letters(shown.places)  # and a pie night's purse, each in a column
    gap = purse and purse + 3
    panel_width = max(3.2, *(inches * (width_of(line.text) + 2 + gap * bool(line.place))
                             / (0.87 if line.place else 1) for line in lines))  # fmt: skip
    height = max(CHART[1], 0.9 + LINE * len(lines))
    figure = Figure(figsize=(CHART[0] + panel_width, height), dpi=150, layout="constrained")
    FigureCanvasAgg(figure)
    figure.suptitle(title(standings), x=0.01, ha="left", fontsize=13, fontweight="bold")
    chart, panel = figure.subplots(1, 2, width_ratios=[CHART[0], panel_width])
    _chart(chart, standings, coins)
    _panel(panel, lines, height, 1 - inches * (purse + 1) / panel_width)
    from matplotlib.text import Text

    _as_typed(figure.findobj(Text), _names(standings))
    return figure


def _as_typed(texts: Iterable[Text], names: list[str]) -> None:
    """Every text drawn as written: a `$` starts no mathematics, and each reads left to
    right with each name in it isolated (kept whole, in its own direction)."""
    longest = sorted(map(re.escape, names), key=len, reverse=True)  # `Anne` before `Ann`
    name = re.compile(rf"(?<!\w)(?:{'|'.join(longest)})(?!\w)")
    for text in texts:
        text.set_parse_math(False)
        if words := text.get_text():
            text.set_text(LTR + name.sub(lambda m: FSI + m[0] + PDI, words))


def _chart(axes: Axes, standings: Standings, coins: int) -> None:
    """Each player's running total game by game, in their own look."""
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    data = series(standings)
    xs = list(range(len(data.labels)))
    for p, name in enumerate(data.players):
        axes.plot(xs, data.values[p], markersize=6, linewidth=2, label=name, **_style(look(p)))
    axes.axhline(0, color="#555555", linewidth=1)
    axes.xaxis.set_major_locator(MaxNLocator(nbins=12, integer=True))
    axes.xaxis.set_major_formatter(
        FuncFormatter(lambda v, _: data.labels[int(v)] if v in xs else "")
    )
    axes.yaxis.set_major_formatter(
        FuncFormatter(lambda v, _: points(int(v), coins=coins) if v == int(v) else "")
    )
    axes.tick_params(labelsize=FONT)
    axes.set_xlabel("Game", fontsize=FONT)
    axes.grid(axis="y", color="#dddddd")
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)


def _panel(axes: Axes, lines: list[PanelLine], height: float, total_x: float) -> None:
    """The standings (each with a sample of their line: the legend), then the words; on a
    pie night each total ends at `total_x` and each purse at the right, under `Total` and
    `Purse`."""
    axes.set_axis_off()
    rows = max(len(lines), (height - 0.9) / LINE)
    axes.set_xlim(0, 1)
    axes.set_ylim(rows, 0)
    for n, line in enumerate(lines):
        y = n + 0.5
        if line.kind == "heading":
            axes.text(0, y, line.text, fontsize=FONT + 1, fontweight="bold", va="center")
            for x, label in ((total_x, "Total"), (1, "Purse")) if line.labels else ():
                axes.text(x, y, label, fontsize=FONT, va="center", ha="right", color="#555555")
        elif line.place is not None and line.look is not None:
            p = line.place
            axes.plot([0, 0.1], [y, y], linewidth=2, markersize=6, markevery=[1],
                      **_style(line.look))  # fmt: skip
            gone = f" {p.mark}" if p.left else ""
            axes.text(0.13, y, f"{p.place} {p.name}{gone}", fontsize=FONT, va="center")
            purse = purse_words(p)
            axes.text(total_x if purse else 1, y, p.total, fontsize=FONT, va="center", ha="right",
                      fontweight="bold", color="#b00020" if p.negative else "#222222")  # fmt: skip
            if purse:
                axes.text(1, y, purse, fontsize=FONT, va="center", ha="right", color="#222222")
        elif line.text:
            axes.text(0, y, line.text, fontsize=FONT, va="center", color="#333333")
