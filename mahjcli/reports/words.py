"""A night in words: points and money, what each entry recorded, who paid whom."""

from __future__ import annotations

from ..core.model import GAMES_PER_ROUND, Accept, Incomplete, Join, Leave, Penalty, Wall, Win
from ..core.names import join_names
from ..core.standings import Row, Standings


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


def how_won(win: Win) -> str:
    """`thrown by Linda`, `self-picked` or `heavenly hand`."""
    if win.heavenly:
        return "heavenly hand"
    return "self-picked" if win.self_picked else f"thrown by {win.thrown_by}"


def hand(win: Win) -> str:
    """The hand's value, after its card line when it was looked up: `Garden steps 25`."""
    return f"{win.line} {win.value}" if win.line else str(win.value)


def describe(row: Row) -> str:
    """What an entry records, in a few words."""
    entry = row.entry
    if isinstance(entry, Win):
        extras = []
        if entry.jokerless:
            extras.append("jokerless")
        if entry.singles_pairs and not entry.line:
            extras.append("singles and pairs")
        if entry.misnamed:
            extras.append("mis-named discard")
        if entry.exposures is not None:
            extras.append(f"{entry.exposures} exp.")
        tail = ", ".join([how_won(entry), *extras])
        return f"{entry.winner} wins {hand(entry)}, {tail}"
    if isinstance(entry, Wall):
        dead = f" ({join_names(entry.dead)} dead)" if entry.dead else ""
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


def title(standings: Standings) -> str:
    """The night in one line: name, date, rule set, pie."""
    session = standings.session
    bits = [session.name or "Tonight"]
    if session.date:
        bits.append(session.date.isoformat())
    bits.append(session.rules.name)
    if session.rules.pie is not None:
        bits.append(f"pie {session.rules.pie}")
    return " · ".join(bits)
