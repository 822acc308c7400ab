"""Standings to words, Rich tables and JSON-ready dicts. Names always reach Rich as `Text`.

Rich is imported inside the functions that draw, so `--json` never pays for it.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

from .model import GAMES_PER_ROUND, Accept, Incomplete, Join, Leave, Penalty, Wall, Win
from .scoring import Row, Standings
from .season import paid_jokerless

if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

    from .sheet import Line, Sheet

WINDS = ("East", "South", "West", "North")


def console(stderr: bool = False) -> Console:
    """A console that treats every string as plain text (no markup, no emoji codes)."""
    from rich.console import Console

    width = None
    if not (sys.stderr if stderr else sys.stdout).isatty() and "COLUMNS" not in os.environ:
        width = 100
    return Console(
        stderr=stderr, highlight=False, markup=False, emoji=False, width=width, soft_wrap=False
    )


def points(n: int, *, coins: bool = False, sign: bool = True) -> str:
    """A number of points (or, with `coins`, dollars at a cent a point) for people.

    >>> points(100), points(-50), points(0), points(115, coins=True), points(-5, coins=True)
    ('+100', '-50', '0', '+$1.15', '-$0.05')
    """
    if coins:
        text = f"${abs(n) // 100}.{abs(n) % 100:02d}"
        if n < 0:
            return "-" + text
        return ("+" if sign and n > 0 else "") + text
    if n > 0 and sign:
        return f"+{n}"
    return str(n)


def plural(count: int, noun: str) -> str:
    """`1 game`, `2 games`.

    >>> plural(1, "game"), plural(0, "game")
    ('1 game', '0 games')
    """
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def join_names(names: list[str]) -> str:
    """`A`, `A and B`, `A, B and C`."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def describe(row: Row) -> str:
    """What an entry records, in a few words."""
    entry = row.entry
    if isinstance(entry, Win):
        how = "self-picked" if entry.self_picked else f"thrown by {entry.thrown_by}"
        if entry.heavenly:
            how = "heavenly hand"
        hand = f"{entry.line} {entry.value}" if entry.line else str(entry.value)
        extras = []
        if entry.jokerless:
            extras.append("jokerless")
        if entry.singles_pairs and not entry.line:
            extras.append("singles and pairs")
        if entry.misnamed:
            extras.append("mis-named discard")
        if entry.exposures is not None:
            extras.append(f"{entry.exposures} exp.")
        tail = ", ".join([how, *extras])
        return f"{entry.winner} wins {hand}, {tail}"
    if isinstance(entry, Wall):
        dead = f" ({join_names(list(entry.dead))} dead)" if entry.dead else ""
        return f"Wall game{dead}"
    if isinstance(entry, Incomplete):
        return "Time called: game not finished"
    if isinstance(entry, Penalty):
        reason = f": {entry.reason}" if entry.reason else ""
        return f"{entry.player} penalty {entry.points}{reason}"
    if isinstance(entry, Accept):
        rounds = (row.game - 1) // GAMES_PER_ROUND
        return f"Score card accepted through round {rounds} (game {row.game - 1})"
    if isinstance(entry, Join):
        if row.seat_change:
            return f"{entry.player} arrives and sits down"
        return f"{entry.player} arrives and joins the line"
    if isinstance(entry, Leave):
        if row.seat_change:
            return f"{entry.player} leaves; {row.seat_change} takes the seat"
        return f"{entry.player} leaves"
    raise AssertionError(entry)  # pragma: no cover


def outcome(row: Row, standings: Standings, *, coins: bool = False) -> str:
    """Who paid whom for one entry, in words (`Linda pays 50, Kathy 25, Pat 25 → Ruth +100`)."""
    entry = row.entry

    def fmt(n: int) -> str:
        return points(n, coins=coins, sign=False)

    if isinstance(entry, Win) and row.payments:
        parts = []
        for i, pay in enumerate(row.payments):
            text = f"{pay.payer} pays {fmt(pay.paid)}" if i == 0 else f"{pay.payer} {fmt(pay.paid)}"
            if pay.short:
                text += " — pie"
            parts.append(text)
        won = row.deltas[standings.players.index(entry.winner)]
        return f"{', '.join(parts)} → {entry.winner} {points(won, coins=coins)}"
    if isinstance(entry, Win | Wall | Penalty) and any(row.deltas):
        changes = [
            f"{name} {points(d, coins=coins)}"
            for name, d in zip(standings.players, row.deltas, strict=True)
            if d
        ]
        zero = "everyone else 0" if isinstance(entry, Win) else ""
        return ", ".join([*changes, zero] if zero else changes)
    if isinstance(entry, Wall):
        return "nobody pays"
    if isinstance(entry, Incomplete):
        return "no points for anyone"
    return describe(row)


def _name(name: str, style: str = "") -> Text:
    from rich.text import Text

    return Text(name, style=style)


def _delta_cell(delta: int, total: int, *, sat_out: bool, coins: bool) -> list[Line]:
    """A player's change (red when a loss; `-` when sitting out) over their running total."""
    change = "-" if sat_out else points(delta, coins=coins)
    return [(change, "" if delta >= 0 else "red"), (points(total, coins=coins, sign=False), "dim")]


def log_table(standings: Standings, *, coins: bool = False) -> Sheet:
    """The night as a score sheet: one row per entry, each player's change over their total.

    Drawn as a `Sheet` (the look of a Rich table, laid out by hand): a long night's sheet
    draws some ten times faster than through `rich.table.Table`.
    """
    from .sheet import Column, Sheet

    columns = [Column("#", justify="right"), Column("East"), Column("What happened", wrap=True)]
    columns += [Column(name, justify="right") for name in standings.players]
    blank: list[Line] = [("", "")]
    rows: list[list[list[Line]]] = []
    for row in standings.rows:
        number = str(row.game) if row.is_game else ""
        east = row.east if row.is_game else ""
        what: list[Line] = [(describe(row), ""), *((note, "italic dim") for note in row.notes)]
        if row.is_game or isinstance(row.entry, Penalty):
            seated = set(row.seated)
            cells = [
                _delta_cell(d, t, sat_out=name not in seated, coins=coins)
                for name, d, t in zip(standings.players, row.deltas, row.totals, strict=True)
            ]
        else:
            cells = [blank for _ in standings.players]
        rows.append([[(number, "")], [(east, "")], what, *cells])
    footer: list[list[Line]] | None = None
    if standings.rows:
        footer = [blank, blank, [("Total", "bold")]]
        footer += [[(points(t, coins=coins), "bold")] for t in standings.totals]
    return Sheet(title(standings), columns, rows, footer)


def fits(console: Console, renderable: Any) -> bool:
    """True when `renderable` fits the console's width without cutting a word or number."""
    from rich.measure import Measurement

    unlimited = console.options.update_width(10_000)
    return Measurement.get(console, unlimited, renderable).minimum <= console.width


def log_lines(standings: Standings, *, coins: bool = False) -> list[Text]:
    """The score sheet in words, for a terminal too narrow for `log_table`: each entry,
    who paid whom, and the running totals."""
    from rich.text import Text

    lines = [Text(title(standings), style="bold")]
    for row in standings.rows:
        head = Text(f"Game {row.game}, East {row.east}: " if row.is_game else "")
        head.append(describe(row), style="bold")
        lines.append(head)
        for note in row.notes:
            lines.append(Text("  " + note, style="italic dim"))
        if row.is_game or isinstance(row.entry, Penalty):
            lines.append(Text("  " + outcome(row, standings, coins=coins)))
            running = ", ".join(
                f"{name} {points(t, coins=coins)}"
                for name, t in zip(standings.players, row.totals, strict=True)
            )
            lines.append(Text("  Totals: " + running, style="dim"))
    return lines


def title(standings: Standings) -> str:
    """The night in one line: name, date, rule set, pie."""
    session = standings.session
    bits = [session.name or "Tonight"]
    if session.date:
        bits.append(session.date.isoformat())
    bits.append("tournament" if session.options.rules == "tournament" else "league")
    if session.options.pie is not None:
        bits.append(f"pie {session.options.pie}")
    return " · ".join(bits)


def totals_table(standings: Standings, *, coins: bool = False, title: str = "") -> Sheet:
    """Standings, best first, with each purse when there is a pie (drawn as a `Sheet`)."""
    from .sheet import Column, Sheet

    columns = [Column("", justify="right"), Column("Player", wrap=True)]
    columns.append(Column("Total", justify="right"))
    purses = standings.purses()
    if purses is not None:
        columns.append(Column("Purse", justify="right"))
    ranked = sorted(
        zip(standings.players, standings.totals, strict=True), key=lambda pair: -pair[1]
    )
    rows: list[list[list[Line]]] = []
    for place, (name, total) in enumerate(ranked, 1):
        player: tuple[str, ...] = (name, "bold" if place == 1 and total > 0 else "")
        if name in standings.gone:
            player += (" (left)", "dim")
        cells: list[list[Line]] = [
            [(str(place), "")],
            [player],
            [(points(total, coins=coins), "red" if total < 0 else "")],
        ]
        if purses is not None:
            purse = purses[name]
            cells.append(
                [(points(purse, coins=coins, sign=False) + (" pie" if purse <= 0 else ""), "")]
            )
        rows.append(cells)
    return Sheet(title, columns, rows)


def seating_lines(standings: Standings) -> list[Text]:
    """Who deals next, the seats to the right, and the line."""
    from rich.text import Text

    lines = []
    seats = Text("Next game ")
    seats.append(str(standings.next_game), style="bold")
    seats.append(": ")
    for i, name in enumerate(standings.seated):
        if i:
            seats.append(", ")
        seats.append(f"{WINDS[i] if i < 4 else 'Seat'} ")
        seats.append(name, style="bold" if i == 0 else "")
    lines.append(seats)
    if standings.waiting:
        line = Text("Waiting: ")
        for i, name in enumerate(standings.waiting):
            if i:
                line.append(", ")
            line.append(name)
            if i == 0:
                line.append(" (sits in next)", style="dim")
        lines.append(line)
    return lines


# ---- JSON ------------------------------------------------------------------------------


def total_json(standings: Standings) -> dict[str, Any]:
    """`mahj total --json` (INTERFACE.md)."""
    out: dict[str, Any] = {"games": standings.games, "totals": standings.totals_map()}
    purses = standings.purses()
    if purses is not None:
        out["purse"] = purses
    return out


def status_json(standings: Standings) -> dict[str, Any]:
    """`mahj status --json` (INTERFACE.md)."""
    return {
        "next_game": standings.next_game,
        "east": standings.east,
        "seated": list(standings.seated),
        "waiting": list(standings.waiting),
        "purse": standings.purses(),
        "rules": standings.session.options.rules,
        "left": list(standings.gone),
    }


def log_json(standings: Standings) -> dict[str, Any]:
    """`mahj log --json` (INTERFACE.md); joins and leaves go under `seating`, a
    tournament card's acceptances under `accepted` (the last game each covers)."""
    games: list[dict[str, Any]] = []
    seating: list[dict[str, Any]] = []
    accepted: list[int] = []
    for row in standings.rows:
        if isinstance(row.entry, Accept):
            accepted.append(row.game - 1)
            continue
        if isinstance(row.entry, Join | Leave):
            seating.append(
                {
                    "before_game": row.game,
                    "action": row.result,
                    "player": row.entry.player,
                    "seated": row.seat_change,
                }
            )
            continue
        item: dict[str, Any] = {
            "game": row.game,
            "east": row.east,
            "result": row.result,
            "deltas": dict(zip(standings.players, row.deltas, strict=True)),
            "totals": dict(zip(standings.players, row.totals, strict=True)),
            "seated": list(row.seated),
        }
        entry = row.entry
        if isinstance(entry, Win):
            item["winner"] = entry.winner
            item["value"] = entry.value
            item["thrown_by"] = entry.thrown_by
            item["self_picked"] = entry.self_picked
            item["jokerless"] = entry.jokerless
            item["jokerless_paid"] = paid_jokerless(entry, standings.session.options.rules)
            item["heavenly"] = entry.heavenly
            if entry.line:
                item["line"] = entry.line
        elif isinstance(entry, Penalty):
            item["player"] = entry.player
            item["points"] = entry.points
            item["reason"] = entry.reason
        if row.notes:
            item["notes"] = list(row.notes)
        games.append(item)
    out: dict[str, Any] = {"games": games, "seating": seating}
    if standings.session.options.rules == "tournament":
        out["accepted"] = accepted
    return out
