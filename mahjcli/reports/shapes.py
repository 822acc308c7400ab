"""The JSON that scripts rely on (INTERFACE.md), built from the same standings the tables
are drawn from, so the two can never disagree."""

from __future__ import annotations

from typing import Any

from ..core.model import Accept, Close, Error, Join, Leave, Open, Penalty, Wall, Win
from ..core.standings import Row, Standings
from .summary import summary


def total_json(standings: Standings) -> dict[str, Any]:
    """`mahj total --json` (INTERFACE.md)."""
    out: dict[str, Any] = {"games": standings.games, "totals": standings.totals_map()}
    purses = standings.purses()
    if purses is not None:
        out["purse"] = purses
    out.update(money_json(standings))
    out.update(summary(standings).json())
    return out


def money_json(standings: Standings) -> dict[str, Any]:
    """On a night played for money: `stake` (dollars a point) and `money` (each player's
    total in dollars). Nothing otherwise."""
    stake = standings.rules.stake
    if not stake:
        return {}
    return {
        "stake": stake / 100,
        "money": {name: total * stake / 100 for name, total in standings.totals_map().items()},
    }


def status_json(standings: Standings) -> dict[str, Any]:
    """`mahj status --json` (INTERFACE.md): on a club night `east` and `seated` describe the
    first open table and `tables` lists them all; `kitty` when the house plays one."""
    out: dict[str, Any] = {
        "next_game": standings.next_game,
        "east": standings.east,
        "seated": list(standings.seated),
        "waiting": list(standings.waiting),
        "purse": standings.purses(),
        "rules": standings.rules.name,
        "left": list(standings.gone),
    }
    if standings.club:
        out["tables"] = [
            {"table": t.table, "east": t.east, "seated": list(t.seated)} for t in standings.tables
        ]
    if house := standings.rules.house_rules():
        out["house"] = house
    if standings.rules.house_problem("kitty") is None:
        out["kitty"] = {str(table): sum(a for _, a in paid) for table, paid in standings.kitties}
    if standings.rules.stake:
        out["stake"] = standings.rules.stake / 100
    return out


def _game_json(standings: Standings, row: Row) -> dict[str, Any]:
    """One game (or penalty) of `mahj log --json`."""
    session, entry = standings.session, row.entry
    item: dict[str, Any] = {
        "game": row.game,
        "east": row.east,
        "result": row.result,
        "deltas": dict(zip(standings.players, row.deltas, strict=True)),
        "totals": dict(zip(standings.players, row.totals, strict=True)),
        "seated": list(row.seated),
    }
    if standings.club:
        item["table"] = row.table
    if row.payments:
        item["payments"] = [
            {"from": p.payer, "to": p.payee, "owed": p.owed, "paid": p.paid} for p in row.payments
        ]
    if row.short:
        item["pie"] = list(row.short)
    if isinstance(entry, Win):
        item["winner"] = entry.winner
        item["value"] = entry.value
        item["thrown_by"] = entry.thrown_by
        item["self_picked"] = entry.self_picked
        item["jokerless"] = entry.jokerless
        item["jokerless_paid"] = session.rules.jokerless_paid(entry, session.has_group(entry))
        item["heavenly"] = entry.heavenly
        if entry.line:
            item["line"] = entry.line
        if entry.exposures is not None:  # a tournament win: what the thrower's share came from
            item["exposures"] = entry.exposures
        if entry.misnamed:
            item["misnamed"] = True
    elif isinstance(entry, Penalty):
        item["player"] = entry.player
        item["points"] = entry.points
        item["reason"] = entry.reason
    elif isinstance(entry, Error):  # a Mah Jongg called in error (the mj-in-error variant)
        item["caller"] = entry.caller
        item["intact"] = entry.intact
    if isinstance(entry, Win | Wall) and entry.dead:  # a tournament's dead hands
        item["dead"] = list(entry.dead)
    if row.notes:
        item["notes"] = list(row.notes)
    return item


def log_json(standings: Standings, table: int | None = None) -> dict[str, Any]:
    """`mahj log --json` (INTERFACE.md); joins and leaves go under `seating`, a
    tournament card's acceptances under `accepted` (the last game each covers); `table`
    keeps only that table's rows, as `mahj log --table N` shows them."""
    games: list[dict[str, Any]] = []
    seating: list[dict[str, Any]] = []
    accepted: list[int] = []
    session = standings.session
    for row in standings.rows:
        if table is not None and row.table != table:
            continue
        entry = row.entry
        if isinstance(entry, Accept):
            accepted.append(row.game - 1)
            continue
        if isinstance(entry, Join | Leave | Open | Close):
            seating.append(
                {
                    "before_game": row.game,
                    "action": row.result,
                    "player": getattr(entry, "player", None),
                    "seated": row.seat_change,
                    **({"table": row.table, "players": list(row.seated)}
                       if isinstance(entry, Open | Close) else {}),
                    **({"settled": [{"from": payer, "to": payee, "amount": amount}
                                    for payer, payee, amount in entry.settled]}
                       if isinstance(entry, Leave) and entry.settled_up else {}),
                    **({"deltas": {p: d for p, d in zip(standings.players, row.deltas,
                                                         strict=True) if d}}
                       if any(row.deltas) else {}),  # a closing table's kitty goes back
                }
            )  # fmt: skip
            continue
        games.append(_game_json(standings, row))
    out: dict[str, Any] = {"games": games, "seating": seating}
    if session.rules.score_card:
        out["accepted"] = accepted
    return out
