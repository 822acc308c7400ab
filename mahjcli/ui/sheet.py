"""A table drawn in the look of a Rich table, but laid out by hand.

Rich measures and wraps every cell of a `Table` through its general layout engine: a
40-game score sheet (some 400 cells) takes about 30 ms to draw, more than all the rest
of `mahj log`, and loading `rich.table` costs a few ms more. A `Sheet` knows its cells
are a few lines of plain text, and that only its wrap columns may need wrapping, so it
lays itself out in one pass and draws the same box (Rich's HEAVY_HEAD) about ten times
faster. It is a Rich renderable: `console.print(sheet)` draws it and `Measurement.get`
measures it. Text reaches the terminal as it is: no markup, no emoji codes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console, ConsoleOptions
    from rich.measure import Measurement
    from rich.segment import Segment
    from rich.style import Style
    from rich.text import Text

Line = tuple[str, ...]
"""One line of a cell: text and the name of its Rich style ("" for none), and more text
and style after it if the line changes style: `("Pat", "", " (left)", "dim")`."""
Cell = Sequence[Line]

# Rich's box.HEAVY_HEAD: top, header, under the header, body, between sections, bottom.
TOP = ("┏", "━", "┳", "┓")
HEAD = ("┃", "┃", "┃")
UNDER_HEAD = ("┡", "━", "╇", "┩")
BODY = ("│", "│", "│")
SECTION = ("├", "─", "┼", "┤")
BOTTOM = ("└", "─", "┴", "┘")
ASCII = {  # Rich's box.ASCII, for output that cannot show the lines (PYTHONIOENCODING=ascii)
    TOP: ("+", "-", "-", "+"),
    HEAD: ("|", "|", "|"),
    UNDER_HEAD: ("|", "-", "+", "|"),
    BODY: ("|", "|", "|"),
    SECTION: ("|", "-", "+", "|"),
    BOTTOM: ("+", "-", "-", "+"),
}


class Column:
    """A column's header, how its cells are justified, and whether it may wrap."""

    __slots__ = ("header", "justify", "wrap")

    def __init__(self, header: str, *, justify: str = "left", wrap: bool = False) -> None:
        self.header = header
        self.justify = justify
        self.wrap = wrap


def _plain(line: Line) -> str:
    return "".join(line[0::2])


def _longest_word(line: Line) -> int:
    from rich.cells import cell_len

    return max((cell_len(word) for word in _plain(line).split()), default=0)


def _runs(text: Text) -> Line:
    """A wrapped line of Rich text back into (text, style) runs (its spans never overlap)."""
    plain = text.plain
    out: list[str] = []
    at = 0
    for span in sorted(text.spans, key=lambda s: s.start):
        if span.start > at:
            out += [plain[at : span.start], ""]
        out += [plain[span.start : span.end], str(span.style)]
        at = span.end
    if at < len(plain) or not out:
        out += [plain[at:], ""]
    return tuple(out)


class Sheet:
    """A titled table of cells (each a few styled lines), with an optional total row."""

    def __init__(
        self,
        title: str,
        columns: Sequence[Column],
        rows: Sequence[Sequence[Cell]],
        footer: Sequence[Cell] | None = None,
    ) -> None:
        self.title = title
        self.columns = list(columns)
        self.rows = [list(row) for row in rows]
        self.footer = list(footer) if footer is not None else None
        self._measured: tuple[list[int], list[int]] | None = None

    # ---- layout ----------------------------------------------------------------------------

    def _header(self) -> list[Cell]:
        return [[(c.header, "")] for c in self.columns]

    def _all_rows(self) -> list[list[Cell]]:
        return [self._header(), *self.rows, *([self.footer] if self.footer is not None else [])]

    def _widths(self) -> tuple[list[int], list[int]]:
        """Each column's natural width, and its narrowest (a wrap column: its longest word)."""
        if self._measured is None:
            self._measured = self._measure()
        return self._measured

    def _measure(self) -> tuple[list[int], list[int]]:
        from rich.cells import cell_len

        natural = [0] * len(self.columns)
        for row in self._all_rows():
            for i, cell in enumerate(row):
                for line in cell:
                    width = cell_len(line[0]) if len(line) == 2 else cell_len(_plain(line))
                    if width > natural[i]:
                        natural[i] = width
        narrowest = list(natural)
        for i, column in enumerate(self.columns):
            if column.wrap:
                words = [_longest_word(line) for row in self._all_rows() for line in row[i]]
                narrowest[i] = max([1, *words])
        return natural, narrowest

    @staticmethod
    def _outer(widths: Sequence[int]) -> int:
        return sum(widths) + 3 * len(widths) + 1

    def layout(self, max_width: int) -> list[int]:
        """Column widths for a console `max_width` cells wide: the wrap columns give up
        width, down to their longest word, until the sheet fits (if it can)."""
        natural, narrowest = self._widths()
        widths = list(natural)  # a copy: the measured widths stay as they are
        excess = self._outer(widths) - max_width
        for i, column in enumerate(self.columns):
            if excess <= 0:
                break
            if column.wrap:
                give = min(excess, widths[i] - narrowest[i])
                widths[i] -= give
                excess -= give
        while excess > 0 and max(widths) > 1:  # still too wide: cut the widest (with …)
            widths[widths.index(max(widths))] -= 1
            excess -= 1
        return widths

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        from rich.measure import Measurement

        natural, narrowest = self._widths()
        return Measurement(self._outer(narrowest), self._outer(natural))

    # ---- drawing ---------------------------------------------------------------------------

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        from rich.text import Text

        widths = self.layout(options.max_width)
        draw = _Drawing(console, self.columns, widths, ascii_only=options.ascii_only)
        if self.title:
            title = Text(self.title, style="table.title", justify="left")
            width = min(self._outer(widths), options.max_width)
            yield from console.render(title, options.update(width=width))
        yield from draw.rule(TOP)
        yield from draw.row([[(c.header, "table.header")] for c in self.columns], HEAD)
        yield from draw.rule(UNDER_HEAD)
        for cells in self.rows:
            yield from draw.row(cells, BODY)
        if self.footer is not None:
            yield from draw.rule(SECTION)
            yield from draw.row(self.footer, BODY)
        yield from draw.rule(BOTTOM)


class _Drawing:
    """One sheet being drawn on one console at fixed column widths."""

    def __init__(
        self, console: Console, columns: Sequence[Column], widths: list[int], *, ascii_only: bool
    ) -> None:
        self.console = console
        self.columns = columns
        self.widths = widths
        self.styles: dict[str, Style | None] = {}
        self.ascii_only = ascii_only

    def style(self, name: str) -> Style | None:
        """A style by name (looked up once), None for none."""
        if name not in self.styles:
            self.styles[name] = self.console.get_style(name) if name else None
        return self.styles[name]

    def rule(self, parts: tuple[str, str, str, str]) -> Iterator[Segment]:
        """A horizontal border line."""
        from rich.segment import Segment

        left, fill, cross, right = ASCII[parts] if self.ascii_only else parts
        yield Segment(left + cross.join(fill * (w + 2) for w in self.widths) + right)
        yield Segment.line()

    def fit(self, i: int, cell: Cell) -> list[Line]:
        """A cell's lines, a wrap column's wrapped to its width as Rich wraps them."""
        from rich.cells import cell_len
        from rich.text import Text

        if not self.columns[i].wrap:
            return list(cell)
        out: list[Line] = []
        for line in cell:
            if cell_len(_plain(line)) <= self.widths[i]:
                out.append(line)
                continue
            text = Text.assemble(*zip(line[0::2], line[1::2], strict=True))
            for part in text.wrap(self.console, self.widths[i], overflow="fold"):
                part.rstrip()
                out.append(_runs(part))
        return out

    def row(self, cells: Sequence[Cell], bars: tuple[str, str, str]) -> Iterator[Segment]:
        """One row of cells, as many lines high as its tallest cell."""
        from rich.segment import Segment

        lines = [self.fit(i, cell) for i, cell in enumerate(cells)]
        height = max(1, *(len(cell) for cell in lines))
        for n in range(height):
            yield from self._line([cell[n] if n < len(cell) else ("", "") for cell in lines], bars)
            yield Segment.line()

    def _line(self, parts: list[Line], bars: tuple[str, str, str]) -> Iterator[Segment]:
        """One printed line of a row: each column's part, justified, between the bars."""
        from rich.cells import cell_len, set_cell_size
        from rich.segment import Segment

        left, middle, right = ASCII[bars] if self.ascii_only else bars
        last = len(parts) - 1
        plain = left  # unstyled text is gathered into one segment: fewer to print
        for i, line in enumerate(parts):
            width = self.widths[i]
            gap = width - cell_len(_plain(line))
            if gap < 0:  # only when the console is narrower than the sheet can be
                cut = set_cell_size(_plain(line), width - 1) + "…" if width > 1 else "…"
                line, gap = (cut, line[1]), 0
            right_justified = self.columns[i].justify == "right"
            plain += " " * (gap + 1) if right_justified else " "
            for k in range(0, len(line), 2):
                look = self.style(line[k + 1])
                if look is None:
                    plain += line[k]
                else:
                    yield Segment(plain)
                    yield Segment(line[k], look)
                    plain = ""
            plain += " " if right_justified else " " * (gap + 1)
            plain += middle if i < last else right
        yield Segment(plain)
