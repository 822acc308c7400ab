"""Payment charts: what each hand value pays under league or tournament rules.

Every number comes from `mahjcli.core.payments` (RULES.md §1, §2 and §6); nothing here
restates a rule. Pure: plain values and cells laid out as strings, which
`mahjcli.ui.paychart` draws.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..core import payments
from ..core.errors import Refused
from ..core.model import MAX_EXPOSURES, MAX_VALUE, MIN_SEATED, SEATS
from ..core.numbers import MAX_DIGITS, is_digits
from ..core.rulesets import RuleSet

DEFAULT_VALUES = (25, 30, 35, 40, 50, 75)
"""Values charted when neither --values nor a card gives them."""

COLUMNS = ("thrown", "self_picked", "jokerless_thrown", "jokerless_self_picked")
"""The four ways a hand is paid, in chart order (also the JSON keys)."""

HEADINGS = {
    "thrown": "Thrown",
    "self_picked": "Self-picked",
    "jokerless_thrown": "Jokerless\nthrown",
    "jokerless_self_picked": "Jokerless\nself-picked",
}

_HOW = {
    "thrown": (False, False),
    "self_picked": (True, False),
    "jokerless_thrown": (False, True),
    "jokerless_self_picked": (True, True),
}
"""Each column as (self-picked, jokerless)."""

Formatter = Callable[[int], str]


# ---- choosing what to chart ------------------------------------------------------------


def parse_values(text: str) -> tuple[int, ...]:
    """The hand values typed for --values (`25,30,...`), smallest first, each once.

    >>> parse_values("30, 25,30,75")
    (25, 30, 75)
    """
    found: set[int] = set()
    for raw in text.split(","):
        item = raw.strip()
        if not item:
            raise Refused(
                f"--values needs whole numbers separated by commas, like 25,30,35; got {text!r}"
            )
        if not is_digits(item):
            raise Refused(
                f"--values: {item!r} is not a whole number; give values from 1 to "
                f"{MAX_VALUE} separated by commas, like 25,30,35"
            )
        if len(item.lstrip("0")) > MAX_DIGITS or not 1 <= int(item) <= MAX_VALUE:
            shown = item if len(item) <= 20 else f"a number of {len(item)} digits"
            raise Refused(f"--values: {shown} is out of range; each value must be 1 to {MAX_VALUE}")
        found.add(int(item))
    return tuple(sorted(found))


def check_players(players: int, rules: RuleSet) -> int:
    """The seated count a chart is drawn for: 3 or 4 (exactly 4 at a fixed-size table)."""
    if rules.table_size is not None and players != rules.table_size:
        raise Refused(
            f"a {rules.name} table has exactly {rules.table_size} players; leave out --players"
        )
    if not MIN_SEATED <= players <= SEATS:
        raise Refused(
            f"--players must be {MIN_SEATED} or {SEATS} (the players seated), not {players}"
        )
    return players


# ---- league ------------------------------------------------------------------------------


class Cell(NamedTuple):
    """One way a league hand is paid: what the winner collects and what each loser pays."""

    collects: int
    pays: tuple[int, ...]
    """Each seated loser's payment, the thrower first on a thrown hand."""
    thrown: bool

    def text(self, fmt: Formatter = str) -> str:
        """`100 (50 + 25 + 25)`: the winner's collection, then each payment.

        >>> Cell(100, (50, 25, 25), True).text()
        '100 (50 + 25 + 25)'
        """
        return f"{fmt(self.collects)} ({self.breakdown(fmt)})"

    def breakdown(self, fmt: Formatter = str) -> str:
        """The payments alone: `50 + 25 + 25`."""
        return " + ".join(fmt(p) for p in self.pays)


def wrap_terms(terms: Sequence[str], width: int) -> list[str]:
    """`a + b + c`, broken before a `+` wherever a line would pass `width`.

    >>> wrap_terms(["$3.00", "$1.50", "$1.50"], 16)
    ['$3.00 + $1.50', '+ $1.50']
    """
    out: list[str] = []
    current = ""
    for i, term in enumerate(terms):
        piece = term if i == 0 else "+ " + term
        candidate = f"{current} {piece}" if current else piece
        if current and len(candidate) > width:
            out.append(current)
            current = piece
        else:
            current = candidate
    out.append(current)
    return out


class LeagueRow(NamedTuple):
    """One hand value and its four cells, in `COLUMNS` order."""

    value: int
    cells: tuple[Cell, ...]

    def cell(self, column: str) -> Cell:
        """The cell of one column (a key of `COLUMNS`)."""
        return self.cells[COLUMNS.index(column)]


class LeagueChart(NamedTuple):
    """Who pays what for each value, at a table with `seated` players."""

    seated: int
    rows: tuple[LeagueRow, ...]


def league_cell(value: int, seated: int, *, self_picked: bool, jokerless: bool) -> Cell:
    """One chart cell, from `payments.league_collects` for a hand with a group of three
    or more.

    >>> league_cell(25, 4, self_picked=False, jokerless=True)
    Cell(collects=200, pays=(100, 50, 50), thrown=True)
    >>> league_cell(25, 3, self_picked=True, jokerless=False)
    Cell(collects=100, pays=(50, 50), thrown=False)
    """
    pays = payments.league_collects(
        value, seated=seated, self_picked=self_picked, jokerless=jokerless, has_group=True
    )
    return Cell(sum(pays), pays, not self_picked)


def league_chart(values: Sequence[int], seated: int) -> LeagueChart:
    """The league payment chart for these values at a table of `seated` players."""
    return LeagueChart(
        seated,
        tuple(
            LeagueRow(
                value,
                tuple(
                    league_cell(value, seated, self_picked=sp, jokerless=jl)
                    for sp, jl in (_HOW[c] for c in COLUMNS)
                ),
            )
            for value in values
        ),
    )


def league_grid(chart: LeagueChart, fmt: Formatter, room: int) -> list[list[str]]:
    """Each row's four cells as text, so that the four columns need at most `room`
    characters in all where that can be done: `100 (50 + 25 + 25)` on one line if every
    cell fits, else what the winner collects over the payments, and the payments broken
    over more lines only if they still do not fit.

    >>> chart = league_chart([25], 4)
    >>> league_grid(chart, str, 80)[0][0], league_grid(chart, str, 60)[0][0]
    ('100 (50 + 25 + 25)', '100\\n50 + 25 + 25')
    """
    headings = [max(len(part) for part in HEADINGS[c].split("\n")) for c in COLUMNS]

    def need(text: Callable[[Cell], str]) -> int:
        return sum(
            max([headings[i], *(len(text(row.cells[i])) for row in chart.rows)])
            for i in range(len(COLUMNS))
        )

    if need(lambda c: c.text(fmt)) <= room:
        return [[cell.text(fmt) for cell in row.cells] for row in chart.rows]
    width = 0 if need(lambda c: c.breakdown(fmt)) <= room else room // len(COLUMNS)
    return [
        [
            "\n".join([fmt(c.collects), *wrap_terms([fmt(p) for p in c.pays], width or room)])
            for c in row.cells
        ]
        for row in chart.rows
    ]


def league_json(chart: LeagueChart, fmt: Formatter = str) -> dict[str, object]:
    """The league chart for `mahj table --json`; points are integers, `text` as printed."""
    return {
        "rules": "league",
        "players": chart.seated,
        "values": [row.value for row in chart.rows],
        "rows": [
            {
                "value": row.value,
                **{
                    column: {
                        "collects": cell.collects,
                        "pays": list(cell.pays),
                        "thrower": cell.pays[0] if cell.thrown else None,
                        "text": cell.text(fmt),
                    }
                    for column, cell in zip(COLUMNS, row.cells, strict=True)
                },
            }
            for row in chart.rows
        ],
    }


# ---- tournament --------------------------------------------------------------------------


class TournamentRow(NamedTuple):
    """A winner's points for one value: `points` in `COLUMNS` order, and a heavenly hand."""

    value: int
    points: tuple[int, ...]
    heavenly: int

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


def tournament_row(value: int) -> TournamentRow:
    """A winner's points for one value, from `payments.tournament_winner_points`.

    >>> tournament_row(25)
    TournamentRow(value=25, points=(25, 35, 45, 55), heavenly=25)
    """

    def pts(self_picked: bool, jokerless: bool, heavenly: bool = False) -> int:
        return payments.tournament_winner_points(
            value, self_picked=self_picked, jokerless=jokerless, has_group=True, heavenly=heavenly
        )

    return TournamentRow(
        value,
        tuple(pts(*_HOW[c]) for c in COLUMNS),
        pts(True, False, heavenly=True),
    )


def thrower_bands(misnamed_adds: bool) -> tuple[ThrowerBand, ...]:
    """Exposure counts grouped by the thrower's points
    (`payments.tournament_thrower_points`).

    >>> [(b.label, b.points, b.misnamed) for b in thrower_bands(False)]
    [('0-1', -10, -25), ('2', -20, -25), ('3+', -25, -25)]
    """
    bands: list[ThrowerBand] = []
    for exposures in range(MAX_EXPOSURES + 1):
        plain = payments.tournament_thrower_points(
            exposures, misnamed=False, misnamed_adds=misnamed_adds
        )
        named = payments.tournament_thrower_points(
            exposures, misnamed=True, misnamed_adds=misnamed_adds
        )
        last = bands[-1] if bands else None
        if last is not None and (last.points, last.misnamed) == (plain, named):
            bands[-1] = ThrowerBand(last.low, exposures, plain, named)
        else:
            bands.append(ThrowerBand(exposures, exposures, plain, named))
    return tuple(bands)


def tournament_chart(values: Sequence[int], *, misnamed_adds: bool = False) -> TournamentChart:
    """The tournament points chart for these values."""
    return TournamentChart(
        tuple(tournament_row(v) for v in values), thrower_bands(misnamed_adds), misnamed_adds
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
