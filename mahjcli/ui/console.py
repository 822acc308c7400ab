"""The console every command draws on.

Everything it prints is shown escaped where it would not be seen as itself: a control
character in any text (a name, a reason, a card line, a file name) is printed as `\\x1b`,
never sent to the terminal, so nothing read from a user or a file can clear the screen,
retitle the window or hide a link. The escaping is done once, here, on everything drawn,
whatever the table or text it is in (`Escaped`).
"""

from __future__ import annotations

import errno
import os
import re
import sys
import textwrap
from typing import TYPE_CHECKING, Any

from rich.console import Console, RenderHook
from rich.segment import Segment
from rich.text import Text

from ..core.names import visible

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from rich.console import ConsoleOptions, ConsoleRenderable, RenderResult
    from rich.table import Column

PIPED_WIDTH = 100
"""Width of output that goes to a pipe or a file (no terminal to ask)."""
MAX_WIDTH = 1000
"""A wider $COLUMNS is taken as this many columns."""


def shown(text: str) -> str:
    """Printed text with every control character escaped (line breaks kept).

    >>> shown("Sue"), shown("a\\x1b[2Jb\\n")
    ('Sue', 'a\\\\x1b[2Jb\\n')
    """
    if text.isprintable():
        return text
    return "\n".join(visible(part) for part in text.split("\n"))


class _Escaped:
    """A renderable drawn as it would be, with the text of its segments escaped."""

    def __init__(self, inner: ConsoleRenderable) -> None:
        self.inner = inner

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        line: list[Segment] = []
        for segment in console.render(self.inner, options):
            text = segment.text
            if not segment.control and "\n" in text:
                *ended, rest = text.split("\n")
                for part in ended:
                    line.append(Segment(shown(part), segment.style))
                    yield from _trimmed(line)
                    yield Segment("\n", segment.style)
                    line = []
                if rest:
                    line.append(Segment(shown(rest), segment.style))
            elif segment.control or text.isprintable():
                line.append(segment)
            else:
                line.append(Segment(shown(text), segment.style))
        yield from _trimmed(line)


def _trimmed(line: list[Segment]) -> list[Segment]:
    """A drawn line without the spaces Rich pads it with on the right (a pipe or a file
    gets no trailing blanks), except where they are coloured in."""
    while line and not line[-1].control:
        last = line[-1]
        if last.style is not None and last.style.bgcolor is not None:
            break
        kept = last.text.rstrip(" ")
        if kept:
            line[-1] = Segment(kept, last.style)
            break
        line.pop()
    return line


class Escaped(RenderHook):
    """The render hook that escapes everything a console prints (`_Escaped`)."""

    def process_renderables(self, renderables: list[ConsoleRenderable]) -> list[Any]:
        """Each renderable, wrapped so its text is escaped as it is drawn."""
        return [_Escaped(r) for r in renderables]


def _columns() -> int | None:
    """$COLUMNS when it is a usable width (a positive whole number), else None."""
    raw = os.environ.get("COLUMNS", "").strip()
    if not re.fullmatch(r"[0-9]{1,9}", raw, flags=re.ASCII) or int(raw) < 1:
        return None
    return min(int(raw), MAX_WIDTH)


def _is_terminal(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return False


def _width(stream: object) -> int | None:
    """The width to draw at: $COLUMNS when usable, else None (Rich asks the terminal),
    else (output to a pipe or a file) PIPED_WIDTH. An unusable $COLUMNS (`0`, `abc`) is
    ignored."""
    width = _columns()
    if width is not None:
        return width
    if not _is_terminal(stream):
        return PIPED_WIDTH
    if "COLUMNS" not in os.environ:
        return None
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return 80


class _Console(Console):
    """Rich's console, except when the reader of the output goes away (`| head -1`), and
    that a line is never cut at the width: an escaped letter (`\\xe9` in a file name) is
    wider than the one Rich made room for, and the line runs on rather than lose the end."""

    def print(self, *objects: Any, **how: Any) -> None:
        how.setdefault("crop", False)
        super().print(*objects, **how)

    def on_broken_pipe(self) -> None:
        """Stop printing and raise, for the command to say what it did (Rich would exit
        with code 1 in silence, even after a game was saved)."""
        self.quiet = True
        raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))


def console(stderr: bool = False) -> Console:
    """A console that treats every string as plain text (no markup, no emoji codes) and
    escapes every control character it is given."""
    width = _width(sys.stderr if stderr else sys.stdout)
    out = _Console(
        stderr=stderr, highlight=False, markup=False, emoji=False, width=width, soft_wrap=False
    )
    out.push_render_hook(Escaped())
    return out


CHART_WIDTH = 80
"""A chart is never wider than this, so it fits any terminal and prints on paper."""


def chart_console() -> tuple[Console, int]:
    """The console, no wider than a chart, and the width charts are drawn at on it."""
    out = console()
    out.width = min(out.width, CHART_WIDTH)
    return out, out.width


def print_notes(out: Console, width: int, notes: list[str]) -> None:
    """Notes under a chart, each wrapped to its width (printed at once: one pass through
    the console instead of one per note)."""
    if notes:
        out.print(Text("\n".join(textwrap.fill(note, width) for note in notes)), width=width)


def hang(out: Console, text: Text, indent: int | None = None) -> None:
    """A line that may be long (who paid whom, a note), wrapped at the terminal's width
    between words, every line after the first `indent` spaces in (two more than the
    first's own), so the rest never reads as a line of its own."""
    for line in hung(out, text, indent):
        out.print(line, no_wrap=True, overflow="fold")


def hung(out: Console, text: Text, indent: int | None = None) -> list[Text]:
    """The lines `hang` prints (indented less where a long word would not fit whole)."""
    from rich.cells import cell_len

    if indent is None:
        indent = len(text.plain) - len(text.plain.lstrip(" ")) + 2
    if text.cell_len <= out.width:
        return [text]
    longest = max(map(cell_len, text.plain.split()), default=0)
    indent = max(0, min(indent, out.width - longest))
    lines = text.wrap(out, max(out.width - indent, 10))
    for line in lines:
        line.rstrip()
    return [Text(" " * indent) + line if i else line for i, line in enumerate(lines)]


def wrap_units(head: Text, units: list[Text], width: int, indent: str = "  ") -> list[Text]:
    """`head` then the units separated by commas (semicolons when a unit has a comma, as a
    name written last name first does), broken into lines no wider than `width` only
    between units, so a name is never parted from its number.

    >>> [t.plain for t in wrap_units(Text("Totals: "), [Text("Ruth +100"), Text("Sue -5")], 20)]
    ['Totals: Ruth +100,', '  Sue -5']
    """
    lines = [head.copy()]
    fresh = True  # nothing but the head or the indent on the line yet
    mark = ";" if any("," in unit.plain for unit in units) else ","
    for i, unit in enumerate(units):
        piece = unit.copy()
        if i < len(units) - 1:
            piece.append(mark)
        line = lines[-1]
        gap = 0 if fresh else 1
        if not fresh and line.cell_len + gap + piece.cell_len > width:
            lines.append(Text(indent))
            line, gap = lines[-1], 0
        if gap:
            line.append(" ")
        line.append_text(piece)
        fresh = False
    return lines


def fits(out: Console, renderable: Any) -> bool:
    """True when `renderable` is drawn at the console's width without cutting a word or
    number. A table gives way only in its columns that wrap, the widest first (Rich's own
    order; a column that does not wrap is never narrowed unless everything is cut): it fits
    when its whole width does, or when narrowing its wrapping columns as Rich does leaves
    each as wide as its longest word."""
    from rich.measure import Measurement
    from rich.table import Table

    unlimited = out.options.update_width(10_000)
    drawn = Measurement.get(out, unlimited, renderable)
    if not isinstance(renderable, Table):
        return drawn.minimum <= out.width
    excess = drawn.maximum - out.width
    spans = [_span(out, column) for column in renderable.columns if not column.no_wrap]
    level = max((widest for widest, _ in spans), default=0)
    while excess > sum(max(0, widest - level) for widest, _ in spans):
        if level == 0:
            return False
        level -= 1
    return all(level >= word for widest, word in spans if widest > level)


LONG_WORD = 20
"""In a column that folds (the names), a word longer than this may be folded over lines
rather than have the table give way to words: a name of one long word."""


def _span(out: Console, column: Column) -> tuple[int, int]:
    """A column's widest line, and the narrowest it may be: its longest word (at most
    LONG_WORD in a column that folds), at least its least width."""
    from rich.measure import Measurement

    unlimited = out.options.update_width(10_000)
    sizes = [Measurement.get(out, unlimited, cell) for cell in (column.header, *column.cells)]
    word = max(m.minimum for m in sizes)
    if column.overflow == "fold":
        word = min(word, LONG_WORD)
    least = column.min_width or 0
    return max(least, *(m.maximum for m in sizes)), max(least, word)


def print_fitting(out: Console, tables: Sequence[Any], words: Callable[[], list[Text]]) -> None:
    """The first of `tables` that fits the terminal with every number whole; where none
    does, the same `words` (lines that break between numbers, never inside one)."""
    for table in tables:
        if fits(out, table):
            out.print(table)
            return
    for line in words():
        out.print(line, overflow="fold")
