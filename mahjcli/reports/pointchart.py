"""The tournament points chart (Mah Jongg Master Points, RULES.md §6): a winner's points
for each value and the thrower's points by the winner's exposures. Every number comes from
`mahjcli.core.payments`; `mahjcli.ui.paychart` draws it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..core import payments
from ..core.model import MAX_EXPOSURES, SEATS
from .paychart import COLUMNS, HOW, NEVER


class TournamentRow(NamedTuple):
    """A winner's points for one value: `points` in `COLUMNS` order, and a heavenly hand."""

    value: int
    points: tuple[int, ...]
    heavenly: int
    pairs_only: bool = False
    """Every card line of this value is pairs only: the jokerless columns never score (the
    points shown there are what such a hand scores, without the bonus)."""

    def cells(self) -> tuple[str, ...]:
        """The points as printed, `—` for a column that never scores."""
        return tuple(
            NEVER if self.pairs_only and HOW[c][1] else str(p)
            for c, p in zip(COLUMNS, self.points, strict=True)
        )

    def get(self, column: str) -> int:
        """The points of one column (a key of `COLUMNS`)."""
        return self.points[COLUMNS.index(column)]


class ThrowerBand(NamedTuple):
    """The thrower's points when the winner had `low`..`high` exposures."""

    low: int
    high: int
    points: int
    misnamed: int
    """In place of `points` when the discard was mis-named (or added, by the option)."""

    @property
    def label(self) -> str:
        """`0-1`, `2`, `3+`."""
        if self.high == MAX_EXPOSURES and self.high > self.low:
            return f"{self.low}+"
        if self.high == self.low:
            return str(self.low)
        return f"{self.low}-{self.high}"


class TournamentChart(NamedTuple):
    """Winner's points per value and the thrower's penalty by the winner's exposures."""

    rows: tuple[TournamentRow, ...]
    thrower: tuple[ThrowerBand, ...]
    misnamed_adds: bool
    wall_live: int = payments.WALL_LIVE_POINTS
    wall_dead: int = payments.WALL_DEAD_POINTS


def tournament_row(value: int, pairs_only: bool = False) -> TournamentRow:
    """A winner's points for one value, from `payments.tournament_winner_points`.

    >>> tournament_row(25)
    TournamentRow(value=25, points=(25, 35, 45, 55), heavenly=25, pairs_only=False)
    >>> tournament_row(50, pairs_only=True).cells()
    ('50', '60', '—', '—')
    """

    def pts(self_picked: bool, jokerless: bool, heavenly: bool = False) -> int:
        return payments.tournament_winner_points(
            value,
            self_picked=self_picked,
            jokerless=jokerless,
            has_group=not pairs_only,
            heavenly=heavenly,
        )

    return TournamentRow(
        value,
        tuple(pts(*HOW[c]) for c in COLUMNS),
        pts(True, False, heavenly=True),
        pairs_only,
    )


def thrower_bands(
    misnamed_adds: bool, at_three: int = payments.THROWER_AT_THREE
) -> tuple[ThrowerBand, ...]:
    """Exposure counts grouped by the thrower's points
    (`payments.tournament_thrower_points`).

    >>> [(b.label, b.points, b.misnamed) for b in thrower_bands(False)]
    [('0-1', -10, -25), ('2', -20, -25), ('3+', -25, -25)]
    """
    bands: list[ThrowerBand] = []
    for exposures in range(MAX_EXPOSURES + 1):
        plain = payments.tournament_thrower_points(
            exposures, misnamed=False, misnamed_adds=misnamed_adds, at_three=at_three
        )
        named = payments.tournament_thrower_points(
            exposures, misnamed=True, misnamed_adds=misnamed_adds, at_three=at_three
        )
        last = bands[-1] if bands else None
        if last is not None and (last.points, last.misnamed) == (plain, named):
            bands[-1] = ThrowerBand(last.low, exposures, plain, named)
        else:
            bands.append(ThrowerBand(exposures, exposures, plain, named))
    return tuple(bands)


def tournament_chart(
    values: Sequence[int],
    *,
    misnamed_adds: bool = False,
    at_three: int = payments.THROWER_AT_THREE,
    pairs_only: frozenset[int] = frozenset(),
    wall_dead: int = payments.WALL_DEAD_POINTS,
) -> TournamentChart:
    """The tournament points chart for these values (`pairs_only`: as in `league_chart`)."""
    return TournamentChart(
        tuple(tournament_row(v, v in pairs_only) for v in values),
        thrower_bands(misnamed_adds, at_three),
        misnamed_adds,
        wall_dead=wall_dead,
    )


def tournament_json(chart: TournamentChart) -> dict[str, object]:
    """The tournament chart for `mahj table --json`."""
    return {
        "rules": "tournament",
        "players": SEATS,
        "values": [row.value for row in chart.rows],
        "rows": [
            {
                "value": row.value,
                **dict(zip(COLUMNS, row.points, strict=True)),
                "heavenly": row.heavenly,
                "pairs_only": row.pairs_only,
            }
            for row in chart.rows
        ],
        "thrower": [
            {
                "exposures": band.label,
                "min": band.low,
                "max": band.high,
                "points": band.points,
                "misnamed": band.misnamed,
            }
            for band in chart.thrower
        ],
        "misnamed_adds": chart.misnamed_adds,
        "wall": {"live": chart.wall_live, "dead": chart.wall_dead},
    }
