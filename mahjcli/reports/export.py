"""One night or a season as CSV or JSON text, for spreadsheets and scripts (no I/O here).

CSV has one row per player per game (and per tournament penalty), with the change and the
running total, so a spreadsheet can re-add the night; every player of the night gets a
row, with `status` saying whether they sat in, waited, sat at another table, or were not
there; what they owed and paid (`pie` when the pie stopped them paying in full); and the
game itself: winner, value, value in use, thrower, self-pick, jokerless. Arrivals and
departures have a row each, and a table closing whose kitty goes back a row for each
player; a kitty still full at the night's end goes back in a row for each who paid it.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from typing import Any

from ..core.model import Join, Leave, Win
from ..core.names import fold_name
from ..core.payments import unit_and_extra
from ..core.rulesets import League
from ..core.standings import Row, Standings
from .season import SeasonNight, known_players
from .shapes import log_json, money_json
from .words import describe, settled_words

CSV_COLUMNS = (
    "date", "session", "night", "rules", "game", "table", "east", "result",
    "winner", "value", "value_in_use", "thrown_by", "self_pick", "jokerless",
    "player", "status", "owed", "paid", "pie", "delta", "total", "what",
    "stake", "money", "money_total",
)  # fmt: skip
"""The columns of `mahj export` CSV: the game (blank where it does not apply), then the
player's part in it; on a night played for money, the stake (dollars a point) and the
delta and total in dollars."""

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(text: str) -> str:
    """Text a spreadsheet shows as text: a leading `=`, `+`, `-` or `@` would make it a
    formula, so such text gets a leading apostrophe (the spreadsheet convention).

    >>> _cell("Ruth"), _cell("=SUM(A1)")
    ('Ruth', "'=SUM(A1)")
    """
    return "'" + text if text.startswith(_FORMULA_START) else text


def _names(chosen: Sequence[SeasonNight]) -> Callable[[str], str]:
    """A player's cell as the season spells the name (as first spelled, as `mahj season`
    lists it), so that a week's `ann` and another's `Ann` are one player in a spreadsheet."""
    first = {fold_name(name): name for name in known_players(chosen)}
    return lambda name: _cell(first.get(fold_name(name), name))


def _status(row: Row, name: str) -> str:
    if name in row.seated:
        return "seated"
    if name in row.waiting:
        return "waiting"
    return "other table" if name in row.elsewhere else "away"


def _night_cells(night: SeasonNight) -> dict[str, object]:
    """The columns that say which night a row is of."""
    return {
        "date": night.date.isoformat() if night.date else "",
        "session": _cell(night.label),
        "night": _cell(night.standings.session.name),
        "rules": night.rules,
    }


def _game_cells(night: SeasonNight, row: Row, named: Callable[[str], str]) -> dict[str, object]:
    """The columns that describe the game (or the arrival, departure or penalty)."""
    standings = night.standings
    cells: dict[str, object] = {
        **_night_cells(night),
        "game": row.game,
        "table": row.table,
        "east": named(row.east) if row.is_game else "",
        "result": row.result,
        "what": _cell(describe(row)),
    }
    entry = row.entry
    if isinstance(entry, Win):
        has_group = standings.session.has_group(entry)
        paid_jokerless = standings.rules.jokerless_paid(entry, has_group)
        rules = standings.rules  # jokerless as flat points adds to each payment, not doubles
        flat = rules.house.jokerless_flat if isinstance(rules, League) else None
        in_use = (
            unit_and_extra(entry.value, paid_jokerless, has_group, flat)[0] if rules.pays else ""
        )
        cells.update(
            winner=named(entry.winner), value=entry.value, value_in_use=in_use,
            thrown_by=named(entry.thrown_by or ""), self_pick="yes" if entry.self_picked else "no",
            jokerless="yes" if paid_jokerless else ("not paid" if entry.jokerless else "no"),
        )  # fmt: skip
    return cells


def _money(standings: Standings, delta: int, total: int) -> dict[str, object]:
    """The money columns of a player's row: blank unless the night has a stake."""
    stake = standings.rules.stake
    if not stake:
        return {}
    return {
        "stake": f"{stake // 100}.{stake % 100:02d}",
        "money": f"{delta * stake / 100:.2f}",
        "money_total": f"{total * stake / 100:.2f}",
    }


def csv_rows(chosen: Sequence[SeasonNight]) -> list[dict[str, object]]:
    """The CSV rows, oldest night first: each game's (and penalty's) players in the
    night's order, and one row for each arrival and departure."""
    out: list[dict[str, object]] = []
    named = _names(chosen)
    for night in chosen:
        standings = night.standings
        arrivals = standings.arrivals()
        for row in standings.rows:
            game = _game_cells(night, row, named)
            if isinstance(row.entry, Join | Leave):
                settled = settled_words(row, standings)  # in money on a night played for it
                what = {"what": _cell(f"{describe(row)}; settled: {settled}")} if settled else {}
                out.append({**game, "player": named(row.entry.player), "status": row.result,
                            **what})  # fmt: skip
            if not (row.is_game or row.result == "penalty" or any(row.deltas)):
                continue  # a table closing moves money only when its kitty goes back
            short = set(row.short)
            for name, delta, total in zip(standings.players, row.deltas, row.totals, strict=True):
                if row.at < arrivals.get(name, -1):
                    # not here yet: nothing paid, and no running total to show
                    out.append({**game, "player": named(name), "status": "not arrived", "delta": 0})
                    continue
                owed = row.owed_by(name)
                paid = sum(p.paid for p in row.payments if p.payer == name)
                out.append(
                    {
                        **game,
                        "player": named(name),
                        "status": _status(row, name),
                        "owed": owed or "",
                        "paid": paid if owed else "",
                        "pie": "yes" if name in short else "",
                        "delta": delta,
                        "total": total,
                        **_money(standings, delta, total),
                    }
                )
        out += _kitty_back(night, named)
    return out


def _kitty_back(night: SeasonNight, named: Callable[[str], str]) -> list[dict[str, object]]:
    """A row for each player given back what a kitty still held at the night's end."""
    standings = night.standings
    back = standings.kitty_returns()
    return [
        {**_night_cells(night), "result": "kitty back", "player": named(name),
         "status": "kitty back", "delta": back[name], "total": total + back[name],
         "what": "The kitty goes back to those who paid it",
         **_money(standings, back[name], total + back[name])}
        for name, total in zip(standings.players, standings.totals, strict=True)
        if back.get(name)
    ]  # fmt: skip


def to_csv(chosen: Sequence[SeasonNight]) -> str:
    """The CSV text: a header row, then one row per player per game (CRLF line ends)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=CSV_COLUMNS, restval="")
    writer.writeheader()
    writer.writerows(csv_rows(chosen))
    return buffer.getvalue()


def night_json(night: SeasonNight) -> dict[str, Any]:
    """One night for `mahj export --format json`: who played, totals and each game (and,
    as `mahj total --json` has them, the stake and each total in money on a night played
    for money, and what a kitty still full gives back at the end)."""
    standings = night.standings
    log = log_json(standings)
    return {
        "session": night.label,
        "name": standings.session.name,
        "date": night.date.isoformat() if night.date else None,
        "rules": night.rules,
        "players": list(standings.players),
        "games": standings.games,
        "totals": standings.totals_map(),
        **money_json(standings),
        "log": log["games"],
        "seating": log["seating"],
        **({"kitty_back": back} if (back := standings.kitty_returns()) else {}),
    }


def to_json(chosen: Sequence[SeasonNight]) -> dict[str, Any]:
    """`{"nights": [...]}`, oldest first."""
    return {"nights": [night_json(n) for n in chosen]}
