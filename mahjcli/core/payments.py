"""The arithmetic of RULES.md §1, §2, §4 and §6, one function per rule, each written once.

Pure functions of plain values; the rule sets (`mahjcli.core.rulesets`) decide which apply.
"""

from collections.abc import Iterable
from typing import NamedTuple

# Tournament (Mah Jongg Master Points, item 13): RULES.md §6.
SELF_PICK_BONUS = 10
JOKERLESS_BONUS = 20
MISNAMED_PENALTY = 25
WALL_LIVE_POINTS = 10
WALL_DEAD_POINTS = -10
INTACT_HAND_POINTS = 10
"""Variant `mj-in-error`: the one player who kept an intact hand on a false call."""
THROWER_AT_THREE = 25
"""The thrower's penalty when the winner had three or more exposures (variant: 30)."""


def jokerless_counts(jokerless: bool, has_group: bool) -> bool:
    """Whether a claimed jokerless hand is paid as jokerless.

    A hand with no group of three or more (singles and pairs) cannot hold a joker, so its
    jokerless claim earns nothing.

    >>> jokerless_counts(True, True), jokerless_counts(True, False), jokerless_counts(False, True)
    (True, False, False)
    """
    return jokerless and has_group


def value_in_use(value: int, jokerless: bool, has_group: bool) -> int:
    """The card value, doubled when the hand is paid as jokerless (RULES.md §2).

    >>> value_in_use(25, True, True), value_in_use(50, True, False), value_in_use(40, False, True)
    (50, 50, 40)
    """
    return value * 2 if jokerless_counts(jokerless, has_group) else value


def loser_pays(unit: int, *, self_picked: bool, threw: bool) -> int:
    """What one seated loser pays for a value in use of `unit` (RULES.md §1): twice for
    the thrower and for everyone on a self-picked win, once otherwise.

    >>> loser_pays(25, self_picked=False, threw=True), loser_pays(25, self_picked=False,
    ...     threw=False), loser_pays(25, self_picked=True, threw=False)
    (50, 25, 50)
    """
    return 2 * unit if self_picked or threw else unit


def unit_and_extra(
    value: int, jokerless: bool, has_group: bool, flat: int | None = None
) -> tuple[int, int]:
    """The value in use, and what a jokerless hand adds to each payment instead of doubling
    when the house plays jokerless as flat points (RULES.md §7).

    >>> unit_and_extra(25, True, True), unit_and_extra(25, True, True, flat=10)
    ((50, 0), (25, 10))
    """
    if flat is None:
        return value_in_use(value, jokerless, has_group), 0
    return value, flat if jokerless_counts(jokerless, has_group) else 0


def league_owed(
    winner: str,
    value: int,
    thrown_by: str | None,
    seated: Iterable[str],
    *,
    jokerless: bool = False,
    has_group: bool = True,
    flat: int | None = None,
) -> dict[str, int]:
    """What each seated loser owes the winner of a league game (RULES.md §1).

    >>> league_owed("Ruth", 25, "Linda", ["Ruth", "Linda", "Kathy", "Pat"])
    {'Linda': 50, 'Kathy': 25, 'Pat': 25}
    >>> league_owed("Kathy", 30, None, ["Ruth", "Linda", "Kathy", "Pat"])
    {'Ruth': 60, 'Linda': 60, 'Pat': 60}
    >>> league_owed("Pat", 25, "Ruth", ["Ruth", "Linda", "Kathy", "Pat"], jokerless=True)
    {'Ruth': 100, 'Linda': 50, 'Kathy': 50}
    """
    unit, extra = unit_and_extra(value, jokerless, has_group, flat)
    return {
        player: loser_pays(unit, self_picked=thrown_by is None, threw=player == thrown_by) + extra
        for player in seated
        if player != winner
    }


def league_collects(
    value: int,
    *,
    seated: int,
    self_picked: bool,
    jokerless: bool,
    has_group: bool,
    flat: int | None = None,
) -> tuple[int, ...]:
    """Each loser's payment at a table of `seated`, the thrower first on a thrown win.

    >>> league_collects(25, seated=4, self_picked=False, jokerless=True, has_group=True)
    (100, 50, 50)
    >>> league_collects(25, seated=3, self_picked=True, jokerless=False, has_group=True)
    (50, 50)
    """
    unit, extra = unit_and_extra(value, jokerless, has_group, flat)
    return tuple(
        loser_pays(unit, self_picked=self_picked, threw=i == 0 and not self_picked) + extra
        for i in range(seated - 1)
    )


class Payment(NamedTuple):
    """One payment of a league game, from `payer` to `payee` (None: the kitty, RULES.md §7);
    `paid < owed` means the payer went pie."""

    payer: str | None
    payee: str | None
    owed: int
    paid: int

    @property
    def short(self) -> bool:
        """True when the pie stopped this payment being made in full."""
        return self.paid < self.owed


Due = tuple[str | None, str | None, int]
"""A payment owed: (payer, payee, amount); None is the kitty."""


def apply_pie(due: list[Due], purse: dict[str, int] | None) -> list[Payment]:
    """Each payment in turn, or what is left of the payer's purse if that is smaller, never
    below zero (RULES.md §4): a payer's purse is what it was before the game, less what they
    have paid in it so far. The kitty always pays in full.

    >>> [p.paid for p in apply_pie([("Ruth", "Linda", 50), ("Kathy", "Linda", 50)],
    ...                            {"Ruth": 20, "Kathy": 900})]
    [20, 50]
    >>> [p.paid for p in apply_pie([("Ruth", "Linda", 15), ("Ruth", "Sue", 15)], {"Ruth": 20})]
    [15, 5]
    """
    left = dict(purse) if purse is not None else None
    out = []
    for payer, payee, amount in due:
        paid = amount
        if left is not None and payer is not None:
            paid = max(0, min(amount, left[payer]))
            left[payer] -= paid
        out.append(Payment(payer, payee, amount, paid))
    return out


def deltas_of(paid: list[Payment]) -> dict[str, int]:
    """Each player's change from these payments (the kitty is not a player).

    >>> deltas_of([Payment("Linda", "Ruth", 50, 50), Payment("Pat", None, 25, 25)])
    {'Linda': -50, 'Ruth': 50, 'Pat': -25}
    """
    deltas: dict[str, int] = {}
    for p in paid:
        if p.payer is not None:
            deltas[p.payer] = deltas.get(p.payer, 0) - p.paid
        if p.payee is not None:
            deltas[p.payee] = deltas.get(p.payee, 0) + p.paid
    return deltas


def thrower_penalty(exposures: int, at_three: int = THROWER_AT_THREE) -> int:
    """Points a tournament thrower loses, by the winner's exposures (RULES.md §6); the
    `three-exposures-30` variant loses 30 at three or more.

    >>> [thrower_penalty(n) for n in range(6)], thrower_penalty(3, at_three=30)
    ([10, 10, 20, 25, 25, 25], 30)
    """
    if exposures <= 1:
        return 10
    if exposures == 2:
        return 20
    return at_three


def tournament_winner_points(
    value: int, *, self_picked: bool, jokerless: bool, has_group: bool, heavenly: bool
) -> int:
    """A tournament winner's points: card value, +10 self-picked, +20 jokerless.

    A heavenly hand scores the card value only.

    >>> tournament_winner_points(25, self_picked=True, jokerless=True, has_group=True,
    ...                          heavenly=False)
    55
    >>> tournament_winner_points(50, self_picked=True, jokerless=True, has_group=False,
    ...                          heavenly=False)
    60
    """
    if heavenly:
        return value
    points = value
    if self_picked:
        points += SELF_PICK_BONUS
    if jokerless_counts(jokerless, has_group):
        points += JOKERLESS_BONUS
    return points


def tournament_thrower_points(
    exposures: int, *, misnamed: bool, misnamed_adds: bool, at_three: int = THROWER_AT_THREE
) -> int:
    """The (negative) points of the player who threw a tournament winning tile.

    A mis-named discard costs 25 in place of the exposure penalty, or on top of it when
    the table's `misnamed_adds` option is on.

    >>> tournament_thrower_points(2, misnamed=False, misnamed_adds=False)
    -20
    >>> tournament_thrower_points(2, misnamed=True, misnamed_adds=False)
    -25
    >>> tournament_thrower_points(2, misnamed=True, misnamed_adds=True)
    -45
    """
    if not misnamed:
        return -thrower_penalty(exposures, at_three)
    if misnamed_adds:
        return -(thrower_penalty(exposures, at_three) + MISNAMED_PENALTY)
    return -MISNAMED_PENALTY


def tournament_wall_points(
    seated: Iterable[str], dead: Iterable[str], dead_points: int = WALL_DEAD_POINTS
) -> dict[str, int]:
    """Wall game points: +10 for each live hand, −10 for each dead one (the
    `dead-wall-0` variant: 0).

    >>> tournament_wall_points(["A", "B", "C", "D"], ["B"])
    {'A': 10, 'B': -10, 'C': 10, 'D': 10}
    >>> tournament_wall_points(["A", "B", "C", "D"], ["B"], dead_points=0)["B"]
    0
    """
    dead_set = set(dead)
    return {p: dead_points if p in dead_set else WALL_LIVE_POINTS for p in seated}
