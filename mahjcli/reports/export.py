"""One night or a season as CSV or JSON text, for spreadsheets and scripts (no I/O here).

CSV has one row per player per game (and per tournament penalty), with the change and the
running total, so a spreadsheet can re-add the night; every player of the night gets a
row, with `status` saying whether they sat in, waited, or were not at the table.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from .season import SeasonNight
from .shapes import log_json
from .words import describe

CSV_COLUMNS = (
    "date",
    "session",
    "night",
    "rules",
    "game",
    "table",
    "east",
    "result",
    "player",
    "status",
    "delta",
    "total",
    "what",
)

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _cell(text: str) -> str:
    """Text a spreadsheet shows as text: a leading `=`, `+`, `-` or `@` would make it a
    formula, so such text gets a leading apostrophe (the spreadsheet convention).

    >>> _cell("Ruth"), _cell("=SUM(A1)")
    ('Ruth', "'=SUM(A1)")
    """
    return "'" + text if text.startswith(_FORMULA_START) else text


def csv_rows(chosen: Sequence[SeasonNight]) -> list[dict[str, object]]:
    """The CSV rows, oldest night first, each game's players in the night's order."""
    out: list[dict[str, object]] = []
    for night in chosen:
        standings = night.standings
        date = night.date.isoformat() if night.date else ""
        for row in standings.rows:
            if not (row.is_game or row.result == "penalty"):
                continue
            what = describe(row)
            for name, delta, total in zip(standings.players, row.deltas, row.totals, strict=True):
                if name in row.seated:
                    status = "seated"
                elif name in row.waiting:
                    status = "waiting"
                elif name in row.elsewhere:
                    status = "other table"
                else:
                    status = "away"
                out.append(
                    {
                        "date": date,
                        "session": _cell(night.label),
                        "night": _cell(standings.session.name),
                        "rules": night.rules,
                        "game": row.game,
                        "table": row.table,
                        "east": _cell(row.east),
                        "result": row.result,
                        "player": _cell(name),
                        "status": status,
                        "delta": delta,
                        "total": total,
                        "what": _cell(what),
                    }
                )
    return out


def to_csv(chosen: Sequence[SeasonNight]) -> str:
    """The CSV text: a header row, then one row per player per game (CRLF line ends)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=CSV_COLUMNS)
    writer.writeheader()
    writer.writerows(csv_rows(chosen))
    return buffer.getvalue()


def night_json(night: SeasonNight) -> dict[str, Any]:
    """One night for `mahj export --format json`: who played, totals and each game."""
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
        "log": log["games"],
        "seating": log["seating"],
    }


def to_json(chosen: Sequence[SeasonNight]) -> dict[str, Any]:
    """`{"nights": [...]}`, oldest first."""
    return {"nights": [night_json(n) for n in chosen]}
