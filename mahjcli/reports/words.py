"""A night in words: points and money, what each entry recorded, who paid whom."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.model import Accept, Close, Error, Incomplete, Join, Leave, Open, Penalty, Wall, Win
from ..core.money import money
from ..core.names import join_names
from ..core.payments import Payment
from ..core.settle import SettleUp, Transfer
from ..core.standings import Row, Standings


def rate(standings: Standings, coins: int = 0) -> int:
    """Cents a point for showing this night: its stake when it is played for money, else a
    cent with `--coins`, else 0 (points)."""
    return standings.rules.stake or (1 if coins else 0)


def place_of(value: int, values: Sequence[int]) -> str:
    """A place as shown: one more than the number ahead, `=` before it when shared
    (RULES.md §9: equal totals share the place).

    >>> [place_of(v, [30, 25, 25, 0]) for v in (30, 25, 0)]
    ['1', '=2', '4']
    """
    return ("=" if values.count(value) > 1 else "") + str(1 + sum(v > value for v in values))


def points(n: int, *, coins: int = 0, sign: bool = True) -> str:
    """A number of points for people, or, with `coins` (cents a point: 1 for `--coins`,
    the stake on a night played for money), the money they are worth.

    >>> points(100), points(-50), points(0), points(115, coins=1), points(-5, coins=1)
    ('+100', '-50', '0', '+$1.15', '-$0.05')
    >>> points(150, coins=25)
    '+$37.50'
    """
    if coins:
        return money(n, coins, sign=sign)
    if n > 0 and sign:
        return f"+{n}"
    return str(n)


def payments_words(paid: Sequence[Transfer], coins: int = 0) -> list[str]:
    """Each payment as it is read out: `Ruth pays Sue 25` (in coins when `coins` says so)."""
    return [f"{t.payer} pays {t.payee} {points(t.amount, coins=coins, sign=False)}" for t in paid]


def _half_up(part: int, whole: int, scale: int) -> int:
    """`part / whole * scale` rounded to a whole number, halves away from zero (exact)."""
    scaled = abs(part) * scale
    rounded = (2 * scaled + whole) // (2 * whole)
    return -rounded if part < 0 else rounded


def percent(part: int, whole: int) -> str:
    """`part` as a share of `whole`, as people round it: halves go up.

    >>> percent(1, 8), percent(3, 8), percent(1, 3), percent(0, 5)
    ('13%', '38%', '33%', '0%')
    """
    return f"{_half_up(part, whole, 100)}%"


def per_game(total: int, games: int) -> str:
    """Points per game to one decimal place, signed, halves away from zero.

    >>> per_game(5, 20), per_game(-5, 20), per_game(100, 3), per_game(0, 4)
    ('+0.3', '-0.3', '+33.3', '0.0')
    """
    tenths = _half_up(total, games, 10)
    text = f"{abs(tenths) // 10}.{abs(tenths) % 10}"
    return ("-" if tenths < 0 else "+" if tenths > 0 else "") + text


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


def _bets(entry: Win | Wall) -> list[str]:
    said = [f"{bettor} bet on {player}" for bettor, player in entry.bets]
    return said + [f"{bettor} bet on a wall game" for bettor in entry.wall_bets]


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
        if entry.pays_for_table:
            extras.append(f"{entry.pays_for_table} pays for the table")
        if entry.dead:
            extras.append(f"{join_names(entry.dead)} dead")
        tail = ", ".join([how_won(entry), *extras, *_bets(entry)])
        return f"{entry.winner} wins {hand(entry)}, {tail}"
    if isinstance(entry, Wall):
        dead = f" ({join_names(entry.dead)} dead)" if entry.dead else ""
        bets = "".join(f", {bet}" for bet in _bets(entry))
        return f"Wall game{dead}{bets}"
    return _describe_other(row)


def _describe_other(row: Row) -> str:
    entry = row.entry
    if isinstance(entry, Incomplete):
        return "Time called: game not finished"
    if isinstance(entry, Error):
        kept = f"; {entry.intact} kept an intact hand" if entry.intact else ""
        return f"{entry.caller} calls Mah Jongg in error{kept}"
    if isinstance(entry, Penalty):
        reason = f" ({entry.reason})" if entry.reason else ""
        return f"Penalty: {entry.player} loses {entry.points}{reason}"
    if isinstance(entry, Accept):
        return f"Score card accepted through round {row.round - 1} (game {row.game - 1})"
    if isinstance(entry, Join):
        if row.seat_change:
            where = f" at table {row.table}" if row.elsewhere else ""
            return f"{entry.player} arrives and sits down{where}"
        return f"{entry.player} arrives and joins the line"
    if isinstance(entry, Leave):
        leaves = f"{entry.player} leaves" + (" and settles up" if entry.settled_up else "")
        if row.closed is not None:
            others = [name for name in row.seated if name != entry.player]
            moved = f"; sitting down at once: {row.seat_change}" if row.seat_change else ""
            return (
                f"{leaves}; table {row.closed} closes, too few to play: "
                f"{join_names(others)} go to the front of the line{moved}"
            )
        if row.seat_change:
            return f"{leaves}; {row.seat_change} takes the seat"
        return leaves
    if isinstance(entry, Open):
        return f"Table {row.table} opens: {join_names(row.seated)} (East {row.east})"
    if isinstance(entry, Close):
        moved = f"; sitting down at once: {row.seat_change}" if row.seat_change else ""
        return (
            f"Table {entry.table} closes: {join_names(row.seated)} go to the front of the "
            f"line{moved}"
        )
    raise AssertionError(entry)  # pragma: no cover


def _paid(pay: Payment, fmt: Callable[[int], str]) -> str:
    """`50`, or `20 of 50 — pie` when the pie stopped the payer paying in full."""
    return f"{fmt(pay.paid)} of {fmt(pay.owed)} — pie" if pay.short else fmt(pay.paid)


def _payment_clauses(row: Row, coins: int) -> list[str]:
    """The payments of a league game in words, group by group."""

    def fmt(n: int) -> str:
        return points(n, coins=coins, sign=False)

    entry = row.entry
    if isinstance(entry, Close | Leave):
        back = ", ".join(f"{p.payee} {fmt(p.paid)}" for p in row.payments)
        return [f"the kitty goes back: {back}"]
    winner = entry.winner if isinstance(entry, Win) else None
    seated = set(row.seated)
    clauses = []
    losers = [p for p in row.payments if winner and p.payee == winner and p.payer in seated]
    if losers:
        first, *rest = losers
        clauses.append(", ".join([f"{first.payer} pays {_paid(first, fmt)}"]
                                 + [f"{p.payer} {_paid(p, fmt)}" for p in rest]))  # fmt: skip
    kitty_in = [p for p in row.payments if p.payee is None]
    if kitty_in:
        each = ", ".join(f"{p.payer} {_paid(p, fmt)}" for p in kitty_in)
        clauses.append(f"into the kitty: {each} (kitty {fmt(row.kitty)})")
    for bettor in dict.fromkeys(p.payee for p in row.payments if p.payee not in seated):
        if bettor is None:
            continue
        paying = [p for p in row.payments if p.payee == bettor]
        clauses.append(f"to {bettor}: " + ", ".join(f"{p.payer} {_paid(p, fmt)}" for p in paying))
    for pay in row.payments:
        if pay.payer is not None and pay.payer not in seated:
            clauses.append(f"{pay.payer} pays {pay.payee} {_paid(pay, fmt)}")
        elif pay.payer is None:
            clauses.append(f"{pay.payee} takes the kitty, {fmt(pay.paid)}")
    return clauses


def settle_kind(found: SettleUp) -> str:
    """Whether a settle-up is known to be the fewest payments, in words: `the fewest
    payments`, or a short list."""
    if found.fewest:
        return "the fewest payments"
    return "a short list of payments (too many players to promise the fewest)"


def settled_words(row: Row, standings: Standings, *, coins: int = 0) -> str:
    """What a leaver paid or was paid as she settled up: `Sue pays Ruth 120 and Linda 35`,
    `Kathy pays Sue 80`, `Sue is paid by Kathy 80 and Pat 20`, `Sue was square, nothing
    paid`; empty when she did not."""
    entry = row.entry
    if not isinstance(entry, Leave) or not entry.settled_up:
        return ""
    if not entry.settled:
        return f"{entry.player} was square, nothing paid"
    coins = rate(standings, coins)

    def amount(n: int) -> str:
        return points(n, coins=coins, sign=False)

    def each(pairs: tuple[tuple[str, int], ...]) -> str:
        return join_names(f"{name} {amount(n)}" for name, n in pairs)

    said = [f"{entry.player} pays {each(entry.pays)}"] if entry.pays else []
    if len(entry.paid_by) == 1:
        payer, paid = entry.paid_by[0]
        said.append(f"{payer} pays {entry.player} {amount(paid)}")
    elif entry.paid_by:
        said.append(f"{entry.player} is paid by {each(entry.paid_by)}")
    return "; ".join(said)


def outcome(row: Row, standings: Standings, *, coins: int = 0) -> str:
    """Who paid whom for one entry, in words (`Linda pays 50, Kathy 25, Pat 25 → Ruth +100`)."""
    coins = rate(standings, coins)
    entry = row.entry
    if row.payments:
        gains = [
            f"{name} {points(d, coins=coins)}"
            for name, d in zip(standings.players, row.deltas, strict=True)
            if d > 0 and (isinstance(entry, Win | Close | Leave) or name not in row.seated)
        ]
        said = "; ".join(_payment_clauses(row, coins))
        return f"{said} → {', '.join(gains)}" if gains else said
    if isinstance(entry, Win | Wall | Penalty | Error) and any(row.deltas):
        changes = [
            f"{name} {points(d, coins=coins)}"
            for name, d in zip(standings.players, row.deltas, strict=True)
            if d
        ]
        zero = "everyone else 0" if isinstance(entry, Win | Error) else ""
        return ", ".join([*changes, zero] if zero else changes)
    if isinstance(entry, Wall):
        return "nobody pays"
    if isinstance(entry, Incomplete | Error):
        return "no points for anyone"
    return describe(row)


def title(standings: Standings) -> str:
    """The night in one line: name, date, rule set, stake, pie."""
    session = standings.session
    stake = session.rules.stake
    bits = [session.name or "Tonight"]
    if session.date:
        bits.append(session.date.isoformat())
    bits.append(session.rules.name)
    if stake:
        bits.append(f"{money(1, stake)} a point")
    if session.rules.pie is not None:
        pie = session.rules.pie
        bits.append(f"pie {money(pie, stake)} ({pie} points)" if stake else f"pie {pie}")
    return " · ".join(bits)


def seat_swap(row: Row, after: Standings) -> tuple[str, str] | None:
    """After a game with players waiting: who got up from its table and who took that
    seat, as the scorekeeper announces it; None when nobody moved."""
    now = next((t.seated for t in after.tables if t.table == row.table), ())
    up = [name for name in row.seated if name not in now]
    down = [name for name in now if name not in row.seated]
    if len(up) != 1 or len(down) != 1:
        return None
    return up[0], down[0]


def seat_moves(now: Standings, then: Standings) -> list[str]:
    """Who must move for the room to sit as in `then` rather than `now` (a game taken
    back): `Ruth sits down again at table 1`, `Sue moves to table 2`, `Eve goes back to
    the line`, each player once, in the night's order."""

    def places(standings: Standings) -> dict[str, int | None]:
        seats: dict[str, int | None] = {p: None for p in standings.waiting}
        seats.update({p: t.table for t in standings.tables for p in t.seated})
        return seats

    was, will = places(now), places(then)
    club = then.club or now.club
    moves = []
    for name in then.players:
        old, new = was.get(name), will.get(name)
        if name not in will or (name in was and old == new):
            continue  # not here, or in the same place
        if name not in was and new is None:
            moves.append(f"{name} is back in the line")
            continue
        if new is None:
            moves.append(f"{name} goes back to the line")
        elif old is None:
            moves.append(f"{name} sits down again" + (f" at table {new}" if club else ""))
        else:
            moves.append(f"{name} moves to table {new}")
    return moves


def repaid(before: Standings, after: Standings, since: int) -> list[tuple[Row, str, str]]:
    """The games after log entry `since` that a correction made pay differently (RULES.md
    §10): each row as it is now, with what it paid before and what it pays now."""
    was = {row.at: row for row in before.rows}
    changed = []
    for row in after.rows:
        old = was.get(row.at)
        if row.at > since and row.is_game and old is not None and old.deltas != row.deltas:
            changed.append((row, outcome(old, before), outcome(row, after)))
    return changed


def beyond_the_door(standings: Standings) -> dict[str, tuple[int, int]]:
    """For each player who settled up as she left, what she owes (below 0) or is owed
    beyond it, leaving out what she won or lost after her last such departure, and what
    others settled with her at their own doors since (the final settle-up has that like
    anyone's); and that departure's game."""
    balances = standings.balances()  # net of every settle-up, with the kitties given back
    final = dict(zip(standings.players, standings.totals, strict=True))
    beyond: dict[str, tuple[int, int]] = {}
    rows = standings.settled_rows()
    for i, row in enumerate(rows):
        who = row.entry.player if isinstance(row.entry, Leave) else ""
        later = final.get(who, 0) - dict(zip(standings.players, row.totals, strict=True))[who]
        for since in rows[i + 1 :]:  # paid to her (or by her) at a later door
            for payer, payee, amount in getattr(since.entry, "settled", ()):
                later -= amount if payee == who else -amount if payer == who else 0
        beyond[who] = (balances.get(who, 0) - later, row.game)
    return beyond


def resettled(before: Standings, after: Standings) -> list[str]:
    """What a correction did to each leaver who had settled up: what they owe, or are owed,
    beyond it (the final settle-up has it); their leaving placed by the games as before."""
    coins, was, said = rate(after), beyond_the_door(before), []
    for who, (left, game) in beyond_the_door(after).items():
        before_it, game = was.get(who, (0, game))
        if left != before_it:
            amount = points(abs(left), coins=coins, sign=False)
            owes = f"owes {amount} more" if left < 0 else f"is owed {amount} more"
            owes += ", which the night's final settle-up now includes"
            owes = owes if left else "is square again, with nothing more to settle"
            said.append(f"{who} settled up when leaving (before game {game}); after this "
                        f"correction {who} {owes}")  # fmt: skip
    return said


def sittings(standings: Standings, table: int) -> list[tuple[str, tuple[Row, ...]]]:
    """Table `table`'s rows, parted where it closed and a new table took its number later
    in the night, each part named so that one is not taken for the other (`table 2
    (opened after game 9)`)."""
    parts: list[tuple[str, list[Row]]] = []
    start = "from the start"
    rows: list[Row] = []
    for row in standings.rows:
        if row.table != table:
            continue
        if isinstance(row.entry, Open):
            if rows:
                parts.append((start, rows))
            start, rows = f"opened {_after(row)}", []
        rows.append(row)
        if row.closed == table:
            parts.append((f"{start}, closed {_after(row)}", rows))
            start, rows = "", []
    if rows:
        parts.append((start, rows))
    return [(f"table {table} ({when})", tuple(part)) for when, part in parts]


def _after(row: Row) -> str:
    """`after game 9` (or `before game 1`) for an entry between games."""
    return f"after game {row.game - 1}" if row.game > 1 else "before game 1"
