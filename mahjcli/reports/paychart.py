"""Payment charts: what each hand value pays under league rules (the tournament chart is
`mahjcli.reports.pointchart`).

Every number comes from `mahjcli.core.payments` (RULES.md §1, §2 and §6); nothing here
restates a rule. Pure: plain values and cells laid out as strings, which
`mahjcli.ui.paychart` draws.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..core import payments
from ..core.errors import Refused
from ..core.house import House
from ..core.model import MAX_VALUE, MIN_SEATED, SEATS
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

HOW = {
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


NEVER = "—"
"""A chart cell for a way a hand of that value can never be paid."""


class Cell(NamedTuple):
    """One way a league hand is paid: what the winner collects and what each loser pays."""

    collects: int
    pays: tuple[int, ...]
    """Each seated loser's payment, the thrower first on a thrown hand."""
    thrown: bool
    payable: bool = True
    """False for a jokerless cell of a value whose every card line is pairs only: no such
    hand is ever paid as jokerless (what it would collect is in the other columns)."""

    def text(self, fmt: Formatter = str) -> str:
        """`100 (50 + 25 + 25)`: the winner's collection, then each payment; `—` for a
        cell that can never be paid.

        >>> Cell(100, (50, 25, 25), True).text(), Cell(100, (50, 25, 25), True, False).text()
        ('100 (50 + 25 + 25)', '—')
        """
        if not self.payable:
            return NEVER
        return f"{fmt(self.collects)} ({self.breakdown(fmt)})"

    def breakdown(self, fmt: Formatter = str) -> str:
        """The payments alone: `50 + 25 + 25`."""
        if not self.payable:
            return NEVER
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
    """Who pays what for each value, at a table with `seated` players (`east_wins`: what
    everyone pays when East wins and the house doubles East's collection)."""

    seated: int
    rows: tuple[LeagueRow, ...]
    east_wins: bool = False


def league_cell(
    value: int,
    seated: int,
    *,
    self_picked: bool,
    jokerless: bool,
    flat: int | None = None,
    double: bool = False,
    pairs_only: bool = False,
) -> Cell:
    """One chart cell, from `payments.league_collects` for a hand with a group of three
    or more (`flat`: the house's flat jokerless points; `double`: East wins, East double;
    `pairs_only`: every line of this value is pairs only, so a jokerless cell is never paid).

    >>> league_cell(25, 4, self_picked=False, jokerless=True)
    Cell(collects=200, pays=(100, 50, 50), thrown=True, payable=True)
    >>> league_cell(25, 3, self_picked=True, jokerless=False)
    Cell(collects=100, pays=(50, 50), thrown=False, payable=True)
    >>> league_cell(25, 4, self_picked=False, jokerless=True, flat=10).pays
    (60, 35, 35)
    >>> league_cell(50, 4, self_picked=False, jokerless=True, pairs_only=True).text()
    '—'
    """
    pays = payments.league_collects(
        value, seated=seated, self_picked=self_picked, jokerless=jokerless,
        has_group=not pairs_only, flat=flat,
    )  # fmt: skip
    if double:
        pays = tuple(2 * p for p in pays)
    return Cell(sum(pays), pays, not self_picked, payable=not (jokerless and pairs_only))


def league_chart(
    values: Sequence[int],
    seated: int,
    house: House | None = None,
    *,
    east_wins: bool = False,
    pairs_only: frozenset[int] = frozenset(),
) -> LeagueChart:
    """The league payment chart for these values at a table of `seated` players, under the
    house's flat jokerless points (and East's double, for `east_wins`); the jokerless cells
    of the `pairs_only` values (`cards.pairs_only_values`) are never paid."""
    flat = house.jokerless_flat if house is not None else None
    return LeagueChart(
        seated,
        tuple(
            LeagueRow(
                value,
                tuple(
                    league_cell(
                        value,
                        seated,
                        self_picked=sp,
                        jokerless=jl,
                        flat=flat,
                        double=east_wins,
                        pairs_only=value in pairs_only,
                    )
                    for sp, jl in (HOW[c] for c in COLUMNS)
                ),
            )
            for value in values
        ),
        east_wins,
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
            if c.payable
            else NEVER
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
                "pairs_only": not row.cells[-1].payable,
                **{
                    column: {
                        "collects": cell.collects,
                        "pays": list(cell.pays),
                        "thrower": cell.pays[0] if cell.thrown else None,
                        "text": cell.text(fmt),
                        "payable": cell.payable,
                    }
                    for column, cell in zip(COLUMNS, row.cells, strict=True)
                },
            }
            for row in chart.rows
        ],
    }
