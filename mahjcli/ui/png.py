"""The night's running totals as a PNG picture for the group chat (chat apps do not show
SVG), drawn by matplotlib. Imported only by `mahj total --png`: matplotlib takes a good
part of a second to load, which no other command should pay."""

from __future__ import annotations

import io
import warnings
from typing import TYPE_CHECKING

from ..core.standings import Standings
from ..reports.pictures import SVG_COLOURS, series
from ..reports.words import points, rate, title

if TYPE_CHECKING:
    from matplotlib.figure import Figure

FONTS = ["DejaVu Sans", "Noto Sans CJK SC", "Noto Sans CJK JP", "WenQuanYi Zen Hei",
         "Droid Sans Fallback", "sans-serif"]  # fmt: skip
"""Tried in order for each character, so a name in any script is drawn where the
computer has a font for it."""
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
STYLES = ("-", "--", ":", "-.")


def _fonts() -> list[str]:
    """The fonts of `FONTS` this computer has (matplotlib warns of every one it lacks)."""
    from matplotlib import font_manager

    have = {font.name for font in font_manager.fontManager.ttflist}
    return [name for name in FONTS if name in have] or ["sans-serif"]


def png(standings: Standings, *, coins: int = 0) -> bytes:
    """The running-totals picture: one line a player, the legend with final totals."""
    import matplotlib

    with warnings.catch_warnings():  # a missing glyph draws a box, never a warning on screen
        warnings.simplefilter("ignore")
        with matplotlib.rc_context({"font.family": _fonts()}):
            buffer = io.BytesIO()
            figure_of(standings, rate(standings, coins)).savefig(
                buffer, format="png", metadata={"Software": "mahj"}
            )
            return buffer.getvalue()


def figure_of(standings: Standings, coins: int) -> Figure:
    """The picture as a matplotlib figure: a line a player, the legend with each final
    total, the night's title; every text drawn as written (no mathematics)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    data = series(standings)
    figure = Figure(figsize=(8, 4.5), dpi=150, layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    xs = list(range(len(data.labels)))
    for p, name in enumerate(data.players):
        axes.plot(
            xs,
            data.values[p],
            color=SVG_COLOURS[p % len(SVG_COLOURS)],
            linestyle=STYLES[(p // len(SVG_COLOURS)) % len(STYLES)],
            marker=MARKERS[p % len(MARKERS)],
            markersize=5,
            linewidth=2,
            label=f"{name} {points(data.totals[p], coins=coins)}",
        )
    axes.axhline(0, color="#555555", linewidth=1)
    axes.xaxis.set_major_locator(MaxNLocator(nbins=12, integer=True))
    axes.xaxis.set_major_formatter(
        FuncFormatter(lambda v, _: data.labels[int(v)] if v in xs else "")
    )
    axes.yaxis.set_major_formatter(
        FuncFormatter(lambda v, _: points(int(v), coins=coins) if v == int(v) else "")
    )
    axes.set_xlabel("Game")
    axes.grid(axis="y", color="#dddddd")
    axes.set_title(title(standings), loc="left", fontsize=11)
    axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False, fontsize=9)
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    from matplotlib.text import Text

    for text in figure.findobj(Text):  # names as typed: a `$` starts no mathematics
        text.set_parse_math(False)
    return figure
