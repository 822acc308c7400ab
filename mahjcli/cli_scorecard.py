"""`mahj scorecard`: a tournament table's score card, for the screen, paper or scripts."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from .scorecard import Line, Round, ScoreCard, Seat

CARD_WIDTH = 80
"""The card never needs more columns than this, on screen or on paper."""
NAME_WIDTH = 9
"""Player columns are at most this wide; longer names fold onto a second line."""


def _seat(seat: Seat) -> str:
    return f"{seat.letter} {seat.wind} {seat.player}"


def _what(line: Line) -> str:
    """What happened in one game, in words, penalties included."""
    from . import render

    parts = []
    if line.game_row is None:
        parts.append("game in progress")
    else:
        parts.append(render.describe(line.game_row))
    parts.extend(render.describe(row) for row in line.penalties)
    return "; ".join(parts)


def _named(players: tuple[str, ...], values: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(players, values, strict=True))


def _seat_json(seat: Seat) -> dict[str, str]:
    return {"seat": seat.letter, "wind": seat.wind, "player": seat.player}


def card_json(card: ScoreCard) -> dict[str, Any]:
    """`mahj scorecard --json`: the same content as the printed card."""
    from .model import Penalty

    session = card.standings.session
    players = card.players

    def line_json(line: Line) -> dict[str, Any]:
        row = line.game_row
        first = row if row is not None else line.penalties[0]
        return {
            "game": line.game,
            "east": first.east,
            "result": row.result if row is not None else None,
            "what": _what(line),
            "points": _named(players, line.points),
            "penalties": [
                {"player": p.player, "points": p.points, "reason": p.reason}
                for p in (row.entry for row in line.penalties)
                if isinstance(p, Penalty)
            ],
            "notes": list(row.notes) if row is not None else [],
        }

    def round_json(rnd: Round) -> dict[str, Any]:
        return {
            "round": rnd.number,
            "games": rnd.games,
            "complete": rnd.complete,
            "accepted": _accepted(card, rnd),
            "hand_in": _seat_json(rnd.hand_in),
            "lines": [line_json(line) for line in rnd.lines],
            "totals": _named(players, rnd.totals),
            "running": _named(players, rnd.running),
        }

    return {
        "name": session.name,
        "date": session.date.isoformat() if session.date else None,
        "rules": session.options.rules,
        "misnamed": "add" if session.options.misnamed_adds else "replace",
        "games": card.standings.games,
        "accepted_through": card.standings.accepted,
        "seats": [_seat_json(s) for s in card.seats],
        "pairs": [[a.player, c.player] for a, c in card.pairs],
        "rounds": [round_json(r) for r in card.rounds],
        "totals": _named(players, card.totals),
    }


def _header(card: ScoreCard) -> list[Text]:
    from rich.text import Text

    session = card.standings.session
    title = Text("Tournament score card: ", style="bold")
    title.append(session.name or "Tonight", style="bold")
    if session.date:
        title.append(f" · {session.date.isoformat()}")
    mode = "adds to" if session.options.misnamed_adds else "replaces"
    seats = Text("Starting seats: " + ", ".join(_seat(s) for s in card.seats))
    (a, c), (b, d) = card.pairs
    pairs = Text(
        f"Verify each other's lines: {a.letter} {a.player} and {c.letter} {c.player}; "
        f"{b.letter} {b.player} and {d.letter} {d.player}."
    )
    rule = Text(f"A mis-named discard's -25 {mode} the thrower's exposure penalty.", style="dim")
    return [title, seats, pairs, rule]


def _points_cell(n: int, style: str = "") -> Text:
    from rich.text import Text

    from .render import points

    return Text(points(n), style=style or ("red" if n < 0 else ""), no_wrap=True)


def _accepted(card: ScoreCard, rnd: Round) -> bool:
    """True when the table has accepted this round's card (it no longer changes)."""
    from .model import GAMES_PER_ROUND

    return rnd.complete and rnd.number * GAMES_PER_ROUND <= card.standings.accepted


def _round_table(card: ScoreCard, rnd: Round, widths: list[int]) -> Table:
    """One round: player columns in starting-seat order A, B, C, D."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    order = [card.players.index(seat.player) for seat in card.seats]
    hand_in = rnd.hand_in
    state = "" if rnd.complete else f" ({rnd.games} of 4 games)"
    if _accepted(card, rnd):
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
        what = Text(_what(line))
        if line.game_row is not None:
            for note in line.game_row.notes:
                what.append("\n" + note, style="italic dim")
        table.add_row(str(line.game), what, *cells(line.points))
    table.add_section()
    table.add_row("", Text(f"Round {rnd.number} total", style="bold"), *cells(rnd.totals, "bold"))
    table.add_row("", Text("Running total", style="bold"), *cells(rnd.running, "bold"))
    return table


def _widths(card: ScoreCard) -> list[int]:
    """One width per seat's column, the same in every round so the card lines up."""
    from rich.cells import cell_len

    from .render import points

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


def register(app: typer.Typer) -> None:
    """Add this module's commands to `app`."""
    from .cli import handled
    from .options import JsonOpt, SessionOpt

    @app.command()
    @handled
    def scorecard(
        json: bool = JsonOpt,
        accept: bool = typer.Option(
            False,
            "--accept",
            help="The table accepts the card for the rounds played so far (at a round's "
            "end); accepted rounds can no longer be undone.",
        ),
        session: Path | None = SessionOpt,
    ) -> None:
        """A tournament table's score card: each game, round totals, who hands it in.

        Fits 80 columns, so it can go straight to paper: mahj scorecard > card.txt

        Example: mahj scorecard --accept
        """  # fmt: skip
        from . import actions, ops, render, store
        from .scorecard import build

        path = store.locate(session)
        if accept:
            standings = ops.record(path, lambda n: actions.build_accept(n.standings).entry).after
        else:
            standings = ops.open_night(path).standings
        card = build(standings)
        if json:
            import json as json_module

            typer.echo(json_module.dumps(card_json(card), ensure_ascii=False))
            return
        out = render.console()
        out.width = min(out.width, CARD_WIDTH)
        typer.echo(print_card(card, out))
