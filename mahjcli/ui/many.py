"""Many nights on the terminal: season standings, the winners log, the sessions list."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.table import Table
from rich.text import Text

from ..core.rulesets import RULE_SETS
from ..reports.season import Block, Season, WinRecord
from ..reports.words import per_game, percent, plural, points
from .console import console, shown


def _plain_table(title: str) -> Table:
    return Table(
        title=title,
        title_justify="left",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        show_edge=False,
        collapse_padding=True,
    )


def _span(block: Block) -> str:
    first, last = block.first, block.last
    if first is None or last is None:
        return ""
    return f", {first.isoformat()}" + ("" if first == last else f" to {last.isoformat()}")


def season_table(block: Block) -> Table:
    """One rule set's season standings."""
    rules = RULE_SETS[block.rules]
    kind = rules.name.capitalize() + ("" if rules.pays else " points")
    table = _plain_table(f"{kind}: {plural(len(block.nights), 'night')}{_span(block)}")
    table.add_column("", justify="right", no_wrap=True)
    table.add_column("Player", no_wrap=True, min_width=6)
    for head in ("Nights", "Games", "Wins", "Self-\npicks", "Joker-\nless", "Threw"):
        table.add_column(head, justify="right", no_wrap=True)
    for head in ("Points", "Per\ngame", "Best\ngame"):
        table.add_column(head, justify="right", no_wrap=True)
    for place, p in enumerate(block.players, 1):
        threw = str(p.threw)
        if p.games:
            threw += f" ({percent(p.threw, p.games)})"
        each = per_game(p.points, p.games) if p.games else "-"
        table.add_row(
            str(place),
            Text(p.name, style="bold" if place == 1 and p.points > 0 else ""),
            str(p.nights),
            str(p.games),
            str(p.wins),
            str(p.self_picks),
            str(p.jokerless),
            threw,
            Text(points(p.points), style="red" if p.points < 0 else ""),
            each,
            points(p.best) if p.best is not None else "-",
        )
    return table


def show_season(result: Season) -> None:
    """`mahj season`: a table per rule set played, and what the columns mean."""
    out = console()
    shown = [b for b in result.blocks if b.nights]
    if not shown:
        out.print("No nights found. Point at some with --dir FOLDER or give session files.")
        return
    for block in shown:
        out.print(season_table(block))
        out.print()
    out.print(
        Text(
            "Per game: points per game sat in. Best game: the most won in one game. "
            "Threw: games in which they threw the winning tile (share of their games).",
            style="dim",
        )
    )


def show_winners(wins: Sequence[WinRecord], both: bool) -> None:
    """`mahj winners`: every win, newest first; `both` when league and tournament mix."""
    out = console()
    if not wins:
        out.print("No wins found in the nights chosen.")
        return
    table = _plain_table(f"Winners log: {plural(len(wins), 'win')}, newest first")
    table.add_column("Date", no_wrap=True)
    table.add_column("Night", ratio=1)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Player", no_wrap=True)
    table.add_column("Hand", ratio=1)
    table.add_column("How", ratio=1, overflow="fold")
    table.add_column("Jokerless", no_wrap=True)
    table.add_column("Won", justify="right", no_wrap=True)
    for w in wins:
        hand = f"{w.win.line} {w.win.value}" if w.win.line else str(w.win.value)
        night = w.night.standings.session.name or w.night.label
        pays = w.night.standings.rules.pays
        won = points(w.points) + (" pts" if both and not pays else "")
        table.add_row(
            w.night.date.isoformat() if w.night.date else "",
            Text(night),
            str(w.game),
            Text(w.win.winner),
            Text(hand),
            Text(w.how),
            w.jokerless_word,
            won,
        )
    out.print(table)
    notes = []
    said = {w.jokerless_word for w in wins}
    if "no (pairs)" in said:
        notes.append(
            "Jokerless no (pairs): claimed but not paid; a singles-and-pairs hand cannot "
            "hold a joker."
        )
    if "no (heavenly)" in said:
        notes.append(
            "Jokerless no (heavenly): claimed but not paid; a heavenly hand scores the card "
            "value only."
        )
    if both:
        notes.append("pts = tournament points; the other wins are league payments collected.")
    for note in notes:
        out.print(Text(note, style="dim"))


def show_sessions(folder: str, rows: Sequence[dict[str, Any]]) -> None:
    """`mahj sessions`: the nights in the data folder, newest first."""
    out = console()
    if not rows:
        out.print(
            f"No sessions in {shown(folder)} yet. Start one with: mahj new Ruth Linda Kathy Pat"
        )
        return
    table = Table(title=Text(f"Sessions in {shown(folder)}"), title_justify="left")
    for col in ("", "Date", "Night", "Players", "Games", "File"):
        table.add_column(col)
    for r in rows:
        table.add_row(
            "*" if r["current"] else "",
            r["date"] or "",
            Text(r["name"] or ""),
            Text(", ".join(r["players"]) if r["ok"] else "(damaged: run mahj check)"),
            str(r["games"] if r["games"] is not None else ""),
            Text(shown(r["file"])),
        )
    out.print(table)
    out.print("* = current session")
