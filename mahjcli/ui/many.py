"""Many nights on the terminal: season standings, the winners log, the sessions list."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich import box
from rich.table import Table
from rich.text import Text

from ..core.names import listing
from ..core.rulesets import RULE_SETS
from ..reports.season import Block, PlayerStats, Season, WinRecord
from ..reports.words import per_game, percent, plural, points, rate, title
from .console import console, print_fitting, shown, wrap_units
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


def _block_title(block: Block) -> str:
    rules = RULE_SETS[block.rules]
    kind = rules.name.capitalize() + ("" if rules.pays else " points")
    return f"{kind}: {plural(len(block.nights), 'night')}{_span(block)}"


def _figures(p: PlayerStats) -> tuple[str, str, str]:
    """A player's share thrown, points per game and best game, as shown."""
    threw = str(p.threw) + (f" ({percent(p.threw, p.games)})" if p.games else "")
    each = per_game(p.points, p.games) if p.games else "-"
    best = points(p.best) if p.best is not None else "-"
    return threw, each, best


def season_table(block: Block, *, tight: bool = False) -> Table:
    """One rule set's season standings; `tight`: a space between columns, and the names
    wrapped, for a terminal too narrow for the roomy table (the numbers are never cut)."""
    table = _plain_table(_block_title(block))
    if tight:
        table.padding = (0, 0)
    table.add_column("", justify="right", no_wrap=True)
    table.add_column("Player", no_wrap=not tight, min_width=6, overflow="fold")
    for head in ("Nights", "Games", "Wins", "Self-\npicks", "Joker-\nless", "Threw"):
        table.add_column(head, justify="right", no_wrap=True)
    for head in ("Points", "Per\ngame", "Best\ngame"):
        table.add_column(head, justify="right", no_wrap=True)
    for p in block.players:
        threw, each, best = _figures(p)
        place = block.place(p)
        table.add_row(
            place,
            Text(p.name, style="bold" if place.lstrip("=") == "1" and p.points > 0 else ""),
            *map(str, (p.nights, p.games, p.wins, p.self_picks, p.jokerless)),
            threw,
            Text(points(p.points), style="red" if p.points < 0 else ""),
            each,
            best,
        )
    return table


def season_lines(block: Block, width: int) -> list[Text]:
    """One rule set's season standings in words, for a terminal too narrow for a table:
    a line for each player's name, then their numbers, broken only between numbers."""
    lines = [Text(_block_title(block), style="italic")]
    for p in block.players:
        threw, each, best = _figures(p)
        lines.append(Text(f"{block.place(p):>3}. {p.name}", style="bold"))
        scores = [f"{points(p.points)} points", f"{each} a game", f"best game {best}"]
        counts = [plural(p.nights, "night"), plural(p.games, "game"), plural(p.wins, "win")]
        counts += [f"{p.self_picks} self-picked", f"{p.jokerless} jokerless", f"threw {threw}"]
        for units in (scores, counts):
            lines += wrap_units(Text("    "), [Text(u) for u in units], width, indent="    ")
    return lines


def show_season(result: Season, empty: str = "") -> None:
    """`mahj season`: a table per rule set played, and what the columns mean; where the
    terminal is too narrow for the table, the standings in words; `empty` says why there
    is nothing to show."""
    out = console()
    shown = [b for b in result.blocks if b.nights]
    if not shown:
        out.print(
            Text(empty or "No nights found. Point at some with --dir FOLDER or give session files.")
        )
        return
    for block in shown:
        tables = (season_table(block), season_table(block, tight=True))
        print_fitting(out, tables, partial(season_lines, block, out.width))
        out.print()
    out.print(
        Text(
            "Per game: points per game sat in. Best game: the most won in one game. "
            "Threw: games in which they threw the winning tile (share of their games).",
            style="dim",
        )
    )


def _win_cells(w: WinRecord, both: bool) -> tuple[str, str, str, str]:
    """A win's date, night, hand and what was won, as shown."""
    hand = f"{w.win.line} {w.win.value}" if w.win.line else str(w.win.value)
    night = w.night.standings.session.name or w.night.label
    won = points(w.points, coins=rate(w.night.standings))  # money on a night played for it
    won += " pts" if both and not w.night.standings.rules.pays else ""
    return w.night.date.isoformat() if w.night.date else "", night, hand, won


def _winners_lines(wins: Sequence[WinRecord], both: bool, head: str, width: int) -> list[Text]:
    """The winners log in words, for a terminal too narrow for its table: a line for each
    win's date and night, then who won what, broken only between its parts."""
    lines = [Text(head, style="italic")]
    for w in wins:
        date, night, hand, won = _win_cells(w, both)
        jokerless = [f"jokerless {w.jokerless_word}"] if w.jokerless_word else []
        units = [f"{w.win.winner} {won}", f"hand {hand}", w.how, *jokerless]
        lines.append(Text(f"{date} {night}, game {w.game}".strip()))
        lines += wrap_units(Text("    "), [Text(u) for u in units], width, "    ")
    return lines


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
        date, night, hand, won = _win_cells(w, both)
        table.add_row(
            date, Text(night), str(w.game), Text(w.win.winner), Text(hand), Text(w.how),
            w.jokerless_word, won,
        )  # fmt: skip
    print_fitting(out, [table], lambda: _winners_lines(wins, both, str(table.title), out.width))
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
        night.append(listing(r["players"]) if r["ok"] else "(damaged: run mahj check)")
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
        players = listing(r["players"]) if r["ok"] else "(damaged: run mahj check)"
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
