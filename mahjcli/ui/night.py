"""One night on the terminal: what a change did, the totals, the seats, the score sheet."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from ..core.model import WINDS, Close, Leave, Penalty
from ..core.names import join_names
from ..core.standings import Row, Standings
from ..reports.words import describe, outcome, plural, points, rate, seat_swap, settled_words, title
from .console import fits, hang, wrap_units
from .sheet import Column, Line, Sheet
from .totals import show_totals


def show_change(out: Console, after: Standings, notes: tuple[str, ...] = ()) -> None:
    """What the entry just recorded did: who paid whom, the totals and who deals next."""
    row = after.rows[-1]
    head = Text(f"Game {row.game}: " if row.is_game else "")
    head.append(describe(row), style="bold")
    hang(out, head, len(head.plain) - len(describe(row)) or 2)  # under its first word
    if _has_points(row):
        hang(out, Text("  " + outcome(row, after)))
    if settled := settled_words(row, after):
        hang(out, Text("  Settled: " + settled))
    for note in (*notes, *row.notes):
        hang(out, Text("  " + note, style="italic"))
    if row.is_game and (swap := seat_swap(row, after)):
        up, down = swap
        out.print(Text(f"{up} gets up; {down} takes {up}'s seat."))
    show_after(out, after)


def old_night(after: Standings, away: int | None) -> tuple[str, ...]:
    """A note when an entry went into a night dated before today that was last saved
    `away` days ago (`paths.days_away`): `mahj new` may have been forgotten, and tonight's
    games are going into last week's night."""
    import datetime as _dt

    date = after.session.date
    if away is None or date is None or date >= _dt.date.today():
        return ()
    ago = {0: "earlier today", 1: "yesterday"}.get(away, f"{away} days ago")
    return (
        f"This went into the night of {date.isoformat()}, last played {ago}. If tonight "
        "is a new night: `mahj undo`, then `mahj new` with tonight's players.",
    )


def show_unsettled(out: Console, who: str) -> None:
    """After a leave recorded without settling up: how to settle her up as she goes."""
    from ..core.names import typed_back

    said = f"{who} did not settle up. To settle up as {who} goes instead: mahj undo, then "
    name = typed_back(who)
    command = f"--settle {name}" if name.startswith("--") else f"{name} --settle"
    hang(out, Text(said + "mahj leave " + command))


def show_removed(out: Console, removed: Row, before: Standings, after: Standings) -> None:
    """What `mahj undo` took back, then the night as it now stands."""
    label = f"game {removed.game}" if removed.is_game else "entry"
    out.print(Text(f"Removed {label}: {describe(removed)}", style="bold"))
    if removed.is_game or isinstance(removed.entry, Penalty):
        hang(out, Text("  (was: " + outcome(removed, before) + ")"))
    from ..reports.words import resettled

    for said in resettled(before, after):  # a game a leaver was paid for at the door
        out.print(Text(said))
    _show_moves(out, before, after)
    show_after(out, after)


def _show_moves(out: Console, before: Standings, after: Standings) -> None:
    """Who must get up, sit down or change tables for the room to sit as `after` says."""
    from ..reports.words import seat_moves

    moves = [Text(move) for move in seat_moves(before, after)]
    for line in wrap_units(Text("Then the seats change: "), moves, out.width) if moves else ():
        out.print(line)


def show_fixed(
    out: Console, at: int, before: Standings, after: Standings, back: str | None = None
) -> None:
    """What `mahj fix` changed: the game as it was and as it is now, every total that
    moved, and the command that takes the fix back (`back`)."""
    was = next(r for r in before.rows if r.at == at)
    now = next(r for r in after.rows if r.at == at)

    def money(n: int) -> str:
        return points(n, coins=rate(after))

    out.print(Text(f"Fixed game {now.game}:", style="bold"))
    for label, row, standings in (("was", was, before), ("now", now, after)):
        where = f" at table {row.table}" if standings.club else ""
        paid = f" ({outcome(row, standings)})" if _has_points(row) else ""
        hang(out, Text(f"  {label}: {describe(row)}{where}{paid}"))
    moved = [
        _unit(name, (f" {money(old)} → {money(new)}", "red" if new < old else "green"))
        for name, old, new in zip(after.players, before.totals, after.totals, strict=True)
        if old != new
    ]
    if moved:
        for line in wrap_units(Text("Totals that changed: "), moved, out.width):
            out.print(line)
    else:
        out.print(Text("Nobody's total changed."))
    from ..reports.words import repaid, resettled

    later = repaid(before, after, at)
    if later:
        out.print(Text("Later games that pay differently:"))
    for row, then, now_paid in later:
        hang(out, Text(f"  game {row.game} now: {now_paid} (was: {then})"))
    for said in resettled(before, after):
        out.print(Text(said))
    from .fixed import show_dropped_bets, show_new_rounds

    show_new_rounds(out, at, before, after)
    show_dropped_bets(out, was, now)
    if back:  # undo would take out the last entry instead
        hang(
            out,
            Text(f"To take this fix back: {back} (mahj undo takes out the last entry, not a fix)"),
        )
    _show_moves(out, before, after)
    show_after(out, after)


def show_renamed(out: Console, was: str, now: str, standings: Standings) -> None:
    """What `mahj rename` did, and the totals under the new name."""
    out.print(Text(f"{was} is now {now}, everywhere in the night."))
    for line in totals_lines(standings, out.width):
        out.print(line)


def show_after(out: Console, standings: Standings) -> None:
    """The totals line and the seats for the next game."""
    for line in [*totals_lines(standings, out.width), *seating_lines(standings, out.width)]:
        out.print(line)


def _unit(name: str, *parts: tuple[str, str]) -> Text:
    """One name and what goes with it, kept together."""
    unit = Text(name)
    for text, style in parts:
        unit.append(text, style=style)
    return unit


def totals_lines(standings: Standings, width: int) -> list[Text]:
    """`Totals: Ruth +100, Linda -50, ...`, with pie and left marks."""
    purses = standings.purses()
    coins = rate(standings)
    units = []
    for name, total in zip(standings.players, standings.totals, strict=True):
        parts = [(" " + points(total, coins=coins), "red" if total < 0 else "green")]
        if purses is not None and purses[name] <= 0:
            parts.append((" (pie)", "dim"))
        if name in standings.gone:
            parts.append((" (left)", "dim"))
        units.append(_unit(name, *parts))
    return wrap_units(Text("Totals: "), units, width)


def _winds(head: Text, seated: tuple[str, ...], width: int) -> list[Text]:
    units = [
        _unit(f"{WINDS[i] if i < len(WINDS) else 'Seat'} ", (name, "bold" if i == 0 else ""))
        for i, name in enumerate(seated)
    ]
    return wrap_units(head, units, width)


def started_lines(standings: Standings, width: int) -> list[Text]:
    """What `mahj new` says of the night it started: the stake (`--stake 5` is five
    dollars a point, easily typed for a nickel), the seats, and the card."""
    from ..core.money import money

    stake, card = standings.rules.stake, standings.session.card
    east = (
        "; East pays and collects double"
        if standings.rules.house_problem("east-double") is None
        else ""
    )
    lines = [Text(f"Stake: {money(1, stake)} a point (a 25 thrown costs the thrower "
                  f"{money(50, stake)}{east})")] if stake else []  # fmt: skip
    lines += seating_lines(standings, width)
    return lines + ([Text(f"Card: {card.name} ({len(card.lines)} lines)")] if card else [])


def seating_lines(standings: Standings, width: int) -> list[Text]:
    """Who deals next, the seats to the right (at each table of a club night), and the line."""
    if standings.club:
        lines = [Text(f"Next game {standings.next_game}:", style="bold")]
        for t in standings.tables:
            lines += _winds(Text(f"  Table {t.table}: "), t.seated, width)
    else:
        seats = Text("Next game ")
        seats.append(str(standings.next_game), style="bold")
        seats.append(": ")
        lines = _winds(seats, standings.seated, width)
    if standings.waiting:
        first = len(standings.waiting) > 1
        units = [
            _unit(name, *([(" (first in line)", "dim")] if i == 0 and first else []))
            for i, name in enumerate(standings.waiting)
        ]
        lines += wrap_units(Text("Waiting: "), units, width)
    return lines


def show_status(out: Console, standings: Standings) -> None:
    """`mahj status`: the night, the seats, who left, the kitty and the standings."""
    out.print(Text(title(standings), style="bold"))
    out.print(f"Games played: {standings.games}")
    for line in seating_lines(standings, out.width):
        out.print(line)
    if standings.gone:
        out.print(Text("Left: " + join_names(standings.gone), style="dim"))
    if standings.rules.house_problem("kitty") is None:
        out.print(kitty_line(standings))
    show_totals(out, standings)
    show_rule_notes(out, standings)


def kitty_line(standings: Standings, *, coins: int = 0) -> Text:
    """What is in the kitty (each table's, on a club night)."""
    coins = rate(standings, coins)
    held = {table: sum(a for _, a in paid) for table, paid in standings.kitties}
    if not standings.club:
        return Text(
            f"Kitty: {points(held.get(standings.tables[0].table, 0), coins=coins, sign=False)}"
        )
    each = ", ".join(
        f"{points(held.get(t.table, 0), coins=coins, sign=False)} at table {t.table}"
        for t in standings.tables
    )
    return Text(f"Kitty: {each}")


def show_rule_notes(out: Console, standings: Standings, *, coins: int = 0) -> None:
    """The line under the standings that names the night's house rules or variants."""
    for note in standings.rules.rule_notes(coins):
        out.print(Text(note, style="dim"))


def show_total(out: Console, standings: Standings, *, coins: int) -> None:
    """`mahj total`: the standings and the line naming the night's house rules."""
    coins = rate(standings, coins)
    out.print(Text(f"{title(standings)}: {plural(standings.games, 'game')}", style="bold"))
    show_totals(out, standings, coins=coins)
    show_rule_notes(out, standings, coins=coins)


def _delta_cell(
    delta: int, total: int, *, sat_out: bool, coins: int, pie: bool = False
) -> list[Line]:
    """A player's change (red when a loss; `-` when sitting out; marked when the pie
    stopped them paying in full) over their running total."""
    change = "-" if sat_out else points(delta, coins=coins) + (" pie" if pie else "")
    return [(change, "" if delta >= 0 else "red"), (points(total, coins=coins, sign=False), "dim")]


def shown_rows(standings: Standings, table: int | None = None) -> tuple[Row, ...]:
    """The rows of the night, or of one table's games and seat changes."""
    if table is None:
        return standings.rows
    return tuple(row for row in standings.rows if row.table == table)


def _has_points(row: Row) -> bool:
    return row.is_game or isinstance(row.entry, Penalty) or any(row.deltas)


def _pie_note(row: Row, name: str, coins: int) -> str:
    """`Sue owed 300, paid 290: pie`."""
    paid = sum(p.paid for p in row.payments if p.payer == name)
    owed = points(row.owed_by(name), coins=coins, sign=False)
    return f"{name} owed {owed}, paid {points(paid, coins=coins, sign=False)}: pie"


def _kitty_notes(row: Row, coins: int) -> list[Line]:
    """`into the kitty: 100 (kitty 100)` / `Ruth takes the kitty, 100` (house rule kitty)."""
    notes = []
    put = sum(p.paid for p in row.payments if p.payee is None)
    if put:
        kitty = points(row.kitty, coins=coins, sign=False)
        notes.append(f"into the kitty: {points(put, coins=coins, sign=False)} (kitty {kitty})")
    back = {p.payee: points(p.paid, coins=coins, sign=False) for p in row.payments if not p.payer}
    if back and isinstance(row.entry, Close | Leave):  # a table closing gives it back
        notes.append("the kitty goes back: " + ", ".join(f"{n} {a}" for n, a in back.items()))
    else:
        notes += [f"{name} takes the kitty, {amount}" for name, amount in back.items()]
    return [(note, "italic dim") for note in notes]


def log_sheet(standings: Standings, rows: tuple[Row, ...], *, coins: int = 0) -> Sheet:
    """The night's `rows` as a score sheet: one row per entry, each player's change over
    their total (on a club night with a column for the table).

    Drawn as a `Sheet` (the look of a Rich table, laid out by hand): a 40-game sheet draws
    in about 2 ms, against some 30 ms through `rich.table.Table` (benchmarks/bench.py).
    """
    coins = rate(standings, coins)
    club = standings.club
    columns = [Column("#", justify="right"), *([Column("T", justify="right")] if club else [])]
    columns += [Column("East"), Column("What happened", wrap=True)]
    columns += [Column(name, justify="right") for name in standings.players]
    blank: list[Line] = [("", "")]
    lines: list[list[list[Line]]] = []
    arrivals = standings.arrivals()
    for row in rows:
        numbered = row.is_game or isinstance(row.entry, Penalty)
        number = str(row.game) if numbered else ""
        east = row.east if row.is_game else ""
        what: list[Line] = [(describe(row), ""), *((note, "italic dim") for note in row.notes)]
        if settled := settled_words(row, standings, coins=coins):
            what.append((settled, "italic dim"))
        what += [(_pie_note(row, name, coins), "italic dim") for name in row.short]
        what += _kitty_notes(row, coins)
        if _has_points(row):
            seated = set(row.seated)
            short = set(row.short)
            cells = [
                _delta_cell(
                    d, t, sat_out=name not in seated and not d, coins=coins, pie=name in short
                )
                if row.at >= arrivals.get(name, -1)
                else blank  # not here yet: no running total to show
                for name, d, t in zip(standings.players, row.deltas, row.totals, strict=True)
            ]
        else:
            cells = [blank for _ in standings.players]
        where: list[list[Line]] = [[(str(row.table), "")]] if club else []
        lines.append([[(number, "")], *where, [(east, "")], what, *cells])
    footer: list[list[Line]] | None = None
    if standings.rows:
        footer = [blank, *([blank] if club else []), blank, [("Total", "bold")]]
        footer += [[(points(t, coins=coins), "bold")] for t in standings.totals]
    return Sheet(title(standings), columns, lines, footer)


def log_lines(
    standings: Standings, rows: tuple[Row, ...], width: int, *, coins: int = 0
) -> list[Text]:
    """The score sheet in words, for a terminal too narrow for the sheet: each entry,
    who paid whom, and the running totals."""
    coins = rate(standings, coins)
    lines = [Text(title(standings), style="bold")]
    arrivals = standings.arrivals()
    for row in rows:
        where = f", table {row.table}" if standings.club else ""
        head = Text(f"Game {row.game}{where}, East {row.east}: " if row.is_game else "")
        if isinstance(row.entry, Penalty):
            head = Text(f"During game {row.game}: ")
        head.append(describe(row), style="bold")
        lines.append(head)
        for note in row.notes:
            lines.append(Text("  " + note, style="italic dim"))
        if settled := settled_words(row, standings, coins=coins):
            lines.append(Text("  " + settled, style="italic dim"))
        if _has_points(row):
            lines.append(Text("  " + outcome(row, standings, coins=coins)))
            running = [
                Text(f"{name} {points(t, coins=coins)}", style="dim")
                for name, t in zip(standings.players, row.totals, strict=True)
                if row.at >= arrivals.get(name, -1)
            ]
            lines += wrap_units(Text("  Totals: ", style="dim"), running, width, indent="    ")
    return lines


def show_log(out: Console, standings: Standings, *, coins: int, table: int | None = None) -> None:
    """`mahj log`: the score sheet, or the night in words where the sheet cannot fit."""
    coins = rate(standings, coins)
    if not standings.rows:
        out.print("No games yet. Record one with: mahj win NAME VALUE --thrown-by NAME")
        return
    if not shown_rows(standings, table):
        out.print(f"No games at table {table} yet.")
        return
    from ..reports.words import sittings

    parts = sittings(standings, table) if table is not None else []
    if len(parts) < 2:  # the whole night, or a table whose number was never used twice
        parts = [("", shown_rows(standings, table))]
    for label, rows in parts:
        if label:
            out.print(Text(label[:1].upper() + label[1:] + ":", style="bold"))
        sheet = log_sheet(standings, rows, coins=coins)
        if fits(out, sheet):
            out.print(sheet)
        else:  # too narrow for a column per player: say it in words rather than cut numbers
            for line in log_lines(standings, rows, out.width, coins=coins):
                hang(out, line, None if line.plain.startswith(" ") else 4)  # never at column 0
    show_rule_notes(out, standings, coins=coins)
