"""A tournament score card on the terminal and on paper: at most 80 columns wide."""

from __future__ import annotations

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..reports.scorecard import Round, ScoreCard, Seat, accepted, what
from ..reports.words import points

CARD_WIDTH = 80
"""The card never needs more columns than this, on screen or on paper."""
NAME_WIDTH = 9
"""Player columns are at most this wide; longer names fold onto a second line."""


def _seat(seat: Seat) -> str:
    return f"{seat.letter} {seat.wind} {seat.player}"


def _header(card: ScoreCard) -> list[Text]:
    session = card.standings.session
    title = Text("Tournament score card: ", style="bold")
    title.append(session.name or "Tonight", style="bold")
    if session.date:
        title.append(f" · {session.date.isoformat()}")
    seats = Text("Starting seats: " + ", ".join(_seat(s) for s in card.seats))
    (a, c), (b, d) = card.pairs
    pairs = Text(
        f"Verify each other's lines: {a.letter} {a.player} and {c.letter} {c.player}; "
        f"{b.letter} {b.player} and {d.letter} {d.player}."
    )
    rules = [Text(note, style="dim") for note in session.rules.rule_notes()]
    return [title, seats, pairs, *rules]


def _points_cell(n: int, style: str = "") -> Text:
    return Text(points(n), style=style or ("red" if n < 0 else ""), no_wrap=True)


def _round_table(card: ScoreCard, rnd: Round, widths: list[int]) -> Table:
    """One round: player columns in starting-seat order A, B, C, D."""
    order = [card.players.index(seat.player) for seat in card.seats]
    hand_in = rnd.hand_in
    state = "" if rnd.complete else f" ({rnd.games} of 4 games)"
    if accepted(card, rnd):
        state += " (accepted)"
    table = Table(
        title=Text(
            f"Round {rnd.number}{state}: card handed in by {hand_in.player} "
            f"({hand_in.letter}, {hand_in.wind} of the starting seats)"
        ),
        title_justify="left",
        title_style="bold",
        box=box.SIMPLE_HEAD,
        expand=True,
        show_edge=False,
        padding=(0, 0, 0, 1),
    )
    table.add_column("\nGame", justify="right", width=4, no_wrap=True)
    table.add_column("\nWhat happened", ratio=1, overflow="fold")
    for seat, width in zip(card.seats, widths, strict=True):
        header = Text(f"{seat.letter}\n{seat.player}", overflow="fold")
        table.add_column(header, justify="right", width=width, overflow="fold")

    def cells(values: tuple[int, ...], style: str = "") -> list[Text]:
        return [_points_cell(values[i], style) for i in order]

    for line in rnd.lines:
        said = Text(what(line))
        for note in line.row.notes:
            said.append("\n" + note, style="italic dim")
        table.add_row(str(line.game), said, *cells(line.points))
    table.add_section()
    table.add_row("", Text(f"Round {rnd.number} total", style="bold"), *cells(rnd.totals, "bold"))
    table.add_row("", Text("Running total", style="bold"), *cells(rnd.running, "bold"))
    return table


def _widths(card: ScoreCard) -> list[int]:
    """One width per seat's column, the same in every round so the card lines up."""
    numbers = [
        len(points(n))
        for rnd in card.rounds
        for values in (rnd.totals, rnd.running, *(line.points for line in rnd.lines))
        for n in values
    ]
    widest = max(numbers, default=3)
    return [max(widest, min(cell_len(seat.player), NAME_WIDTH)) for seat in card.seats]


def print_card(card: ScoreCard, out: Console) -> str:
    """The card as text, at most `CARD_WIDTH` columns wide, without trailing spaces."""
    with out.capture() as captured:
        for line in _header(card):
            out.print(line)
        if not card.rounds:
            out.print()
            out.print("No games yet. Record one with: mahj win NAME VALUE --thrown-by NAME")
        widths = _widths(card)
        for rnd in card.rounds:
            out.print()
            out.print(_round_table(card, rnd, widths))
    return "\n".join(line.rstrip() for line in captured.get().splitlines())
