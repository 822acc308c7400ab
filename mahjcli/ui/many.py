"""Many nights on the terminal: season standings, the winners log, the sessions list."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich import box
from rich.table import Table
from rich.text import Text

from ..core.rulesets import RULE_SETS
from ..reports.season import Block, Season, WinRecord
from ..reports.words import per_game, percent, plural, points, title
from .console import console, shown
from .night import show_after

if TYPE_CHECKING:
    from rich.console import Console

    from ..core.standings import Standings


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
            "Jokerless no (pairs): claimed but not counted; a singles-and-pairs hand cannot "
            "hold a joker."
        )
    if "no (heavenly)" in said:
        notes.append(
            "Jokerless no (heavenly): claimed but not counted; a heavenly hand scores the card "
            "value only."
        )
    if both:
        notes.append("pts = tournament points; the other wins are league payments collected.")
    for note in notes:
        out.print(Text(note, style="dim"))


def show_sessions(folder: str, rows: Sequence[dict[str, Any]]) -> None:
    """`mahj sessions`: the nights in the data folder, newest first, numbered for
    `mahj use`; the date and the file name are never cut (the file is what --session
    takes), the players wrap instead."""
    out = console()
    if not rows:
        out.print(
            f"No sessions in {shown(folder)} yet. Start one with: mahj new Ruth Linda Kathy Pat"
        )
        return
    longest = max(len(r["path"] if r["elsewhere"] else Path(r["path"]).name) for r in rows)
    if out.width < NARROW or longest > out.width - NARROW // 2:
        _sessions_stacked(out, folder, rows)
        return
    table = Table(title=Text(f"Sessions in {shown(folder)}"), title_justify="left")
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("", no_wrap=True)
    table.add_column("Date", no_wrap=True)
    table.add_column("Night: players", overflow="fold")
    table.add_column("Games", justify="right", no_wrap=True)
    table.add_column("File", no_wrap=True)
    for r in rows:
        file = r["path"] if r["elsewhere"] else Path(r["path"]).name
        night = Text(r["name"] or "", style="bold")
        night.append(": " if r["name"] else "")
        night.append(", ".join(r["players"]) if r["ok"] else "(damaged: run mahj check)")
        table.add_row(
            str(r["number"]),
            "*" if r["current"] else "",
            r["date"] or "",
            night,
            str(r["games"] if r["games"] is not None else ""),
            Text(shown(file)),
        )
    out.print(table)
    elsewhere = any(r["elsewhere"] for r in rows)
    out.print(
        "* = current session"
        + (" (the last row is outside the data folder)" if elsewhere else "")
        + "; `mahj use N` makes night N current"
    )


NARROW = 80
"""Below this width (or when a file name would leave the table too little room) the
sessions list is stacked, one night to a few lines, so the date and the file name are
never cut."""


def _sessions_stacked(out: Console, folder: str, rows: Sequence[dict[str, Any]]) -> None:
    out.print(Text(f"Sessions in {shown(folder)}", style="italic"))
    for r in rows:
        head = Text(f"{r['number']:>2}{' *' if r['current'] else '  '} ")
        head.append(r["date"] or "(no date)")
        head.append("  ")
        head.append(r["name"] or "", style="bold")
        if r["games"] is not None:
            head.append(f" ({plural(r['games'], 'game')})")
        out.print(head)
        players = ", ".join(r["players"]) if r["ok"] else "(damaged: run mahj check)"
        out.print(Text("     " + players), overflow="fold")
        file = r["path"] if r["elsewhere"] else Path(r["path"]).name
        out.print(Text("     " + shown(file)), soft_wrap=True)  # one line, for copying
    elsewhere = any(r["elsewhere"] for r in rows)
    out.print("* = current session" + (" (outside the data folder)" if elsewhere else ""))
    out.print("`mahj use N` makes night N current")


def show_used(out: Console, path: Path, was: Path | None, standings: Standings) -> None:
    """`mahj use`: which night is current now (and which was), and where it stands."""
    head = f"{shown(str(path))} is now the current session"
    out.print(Text(head + (f" (was {shown(str(was))})" if was else "")), soft_wrap=True)
    out.print(Text(f"{title(standings)}: {plural(standings.games, 'game')} played", style="bold"))
    show_after(out, standings)
