"""An event on the terminal and on paper: the seating sheet to post and the standings to
read out, laid out as plain text at most 80 columns wide.

They are laid out by hand rather than as `rich.table` tables: a field of 400 players
would take Rich about half a second to draw. Names are never read as markup (the text is
printed as it is), and their widths are measured as the terminal shows them.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len, chop_cells

from ..core.event import SEAT_LETTERS
from ..core.eventfold import EventStandings
from ..core.model import WINDS
from ..core.names import listing
from ..reports.event import (
    Sheet,
    cards_line,
    circle,
    event_title,
    place_labels,
    round_cell,
    sheet_summary,
    tie_lines,
    where,
    winners_lines,
)
from ..reports.eventcard import profile_words
from ..reports.words import points

WIDTH = 80
"""Nothing here needs more columns than this, on screen or on paper."""
GAP = "  "


def fold_cell(text: str, width: int) -> list[str]:
    """`text` in pieces at most `width` columns wide (a long name folds, never cut): broken
    between words, and inside a word only when it is wider than the column itself."""
    if cell_len(text) <= width:
        return [text]
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if cell_len(joined := f"{line} {word}" if line else word) <= width:
            line = joined
            continue
        if line:
            lines.append(line)
        *whole, line = chop_cells(word, width) or [""]
        lines += whole
    return [*lines, line]


def pad(text: str, width: int, right: bool = False) -> str:
    """`text` padded with spaces to `width` columns (on the left when `right`)."""
    room = " " * max(0, width - cell_len(text))
    return room + text if right else text + room


def grid(rows: Sequence[Sequence[str]], widths: Sequence[int], right: Sequence[bool]) -> list[str]:
    """Rows of cells in columns; a cell too wide for its column folds onto more lines."""
    out = []
    for row in rows:
        pieces = [fold_cell(cell, w) for cell, w in zip(row, widths, strict=True)]
        for k in range(max(len(p) for p in pieces)):
            cells = [
                pad(p[k] if k < len(p) else "", w, r)
                for p, w, r in zip(pieces, widths, right, strict=True)
            ]
            out.append(GAP.join(cells).rstrip())
    return out


def columns(items: Sequence[str], width: int = WIDTH) -> list[str]:
    """Items in as many columns as fit, read down each column."""
    if not items:
        return []
    widest = max(cell_len(i) for i in items)
    count = max(1, (width + len(GAP)) // (widest + len(GAP)))
    per = -(-len(items) // count)
    cols = [items[i * per : (i + 1) * per] for i in range(count)]
    out = []
    for r in range(per):
        cells = [pad(col[r], widest) for col in cols if r < len(col)]
        out.append(GAP.join(cells).rstrip())
    return out


def said(text: str, indent: str = "") -> list[str]:
    """A sentence in lines of at most 80 columns (`indent` before each, and two more
    spaces before each line it runs on to)."""
    import textwrap

    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + "  ",
        break_on_hyphens=False,
    ) or [""]


def sheet_text(sheet: Sheet, standings: EventStandings) -> str:
    """The seating sheet: table by table, the byes, then everyone in alphabetical order."""
    seating = sheet.seating
    lines = said(f"{sheet.title} — round {seating.number} seating") + said(sheet_summary(sheet))
    if standings.event.started(seating.number):
        lines += said(cards_line(standings, seating.number))
    lines.append("")
    name_width = (WIDTH - 5 - 4 * len(GAP)) // 4
    head = ["Table", *(f"{s} {w}" for s, w in zip(SEAT_LETTERS, WINDS, strict=True))]
    rows = [[str(t), *table] for t, table in enumerate(seating.tables, 1)]
    widths = [5, *([name_width] * 4)]
    right = [True, False, False, False, False]
    lines += grid([head], widths, right)
    lines += grid(rows, widths, right)
    if seating.byes:
        lines += [
            "",
            *said("Byes (sit out this round; a bye scores 0): " + listing(seating.byes)),
        ]
    if sheet.again:
        pairs = [f"{a} and {b} (table {t})" for a, b, t in sheet.again]
        lines += ["", *said("Meeting again: " + "; ".join(pairs))]
    lines += ["", "Player by player"]
    longest = max((cell_len(p.player) for p in sheet.by_player), default=0)
    spots = [where(p) for p in sheet.by_player]
    two = (WIDTH - len(GAP)) // 2 - len(" — ") - max(map(cell_len, spots), default=0)
    names = min(longest, max(name_width, two))  # in line while two columns fit
    placed = zip(sheet.by_player, spots, strict=True)
    lines += columns([f"{pad(p.player, names)} — {spot}" for p, spot in placed])
    return "\n".join(line.rstrip() for line in lines)


def by_name_lines(sheet: Sheet) -> list[str]:
    """The seating sheet by player name, to post between rounds: `Ann  table 7, seat C
    (West)`, everyone of the round in alphabetical order."""
    widest = max((cell_len(p.player) for p in sheet.by_player), default=0)
    out = [f"{sheet.title} — round {sheet.seating.number}: where do I sit?", ""]
    for p in sheet.by_player:
        seat = f" ({WINDS[SEAT_LETTERS.index(p.seat)]})" if p.table is not None else ""
        out.append(f"{pad(p.player, widest)}  {where(p)}{seat}")
    return out


def standings_text(standings: EventStandings, top: int | None = None) -> str:
    """The standings: place, player, total, each round, games and byes; then the round
    winners and the winner's circle."""
    event = standings.event
    played = standings.rounds
    when = f"after round {played} of {event.rounds}" if played else "before any card is in"
    lines = said(f"{event_title(standings)} — standings {when}")
    lines += said(f"Profile: {profile_words(event.rules.profile, event.rules.source)}.")
    for r in range(1, played + 1):
        if standings.missing.get(r):
            lines += said(cards_line(standings, r))
    lines.append("")
    label = place_labels(standings)
    body = []
    for line in standings.lines:
        place = label[line.place]
        name = line.player.name + (" (withdrew)" if line.withdrew else "")
        rounds = [round_cell(line, i) for i in range(played)]
        body.append([place, name, points(line.points), *rounds, str(line.games), str(line.byes)])
    head = ["Place", "Player", "Total", *(f"R{r}" for r in range(1, played + 1)), "Games", "Byes"]
    widths = [max(cell_len(row[i]) for row in [head, *body]) for i in range(len(head))]
    fixed = sum(widths) - widths[1] + len(GAP) * (len(head) - 1)
    widths[1] = max(6, min(widths[1], WIDTH - fixed))
    right = [True, False, *([True] * (len(head) - 2))]
    lines += grid([head], widths, right)
    lines += grid(body, widths, right)
    if played:
        lines += ["", "Round winners:"]
        lines += [x for w in winners_lines(standings) for x in said(w, "  ")]
        size = circle(standings, top)
        best = [
            f"{label[line.place]} {line.player.name} {points(line.points)}"
            for line in standings.top(size)
        ]
        lines += ["", f"Winner's circle (top {size}):"]
        lines += [x for b in best for x in said(b, "  ")]
    lines.append("")
    lines += [x for line in tie_lines(standings, top) for x in said(line)]
    return "\n".join(line.rstrip() for line in lines)
