"""Payment and points rules, one function per rule, each written once (RULES.md §1, §2, §6).

Everything here is pure arithmetic on plain values; the fold in `mahjcli.scoring` decides
who is seated and applies the pie.
"""

from __future__ import annotations

from collections.abc import Iterable

# Tournament (Mah Jongg Master Points, item 13): RULES.md §6.
SELF_PICK_BONUS = 10
JOKERLESS_BONUS = 20
MISNAMED_PENALTY = 25
WALL_LIVE_POINTS = 10
WALL_DEAD_POINTS = -10


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


def league_owed(
    winner: str,
    value: int,
    thrown_by: str | None,
    seated: Iterable[str],
    *,
    jokerless: bool = False,
    has_group: bool = True,
) -> dict[str, int]:
    """What each seated loser owes the winner of a league game (RULES.md §1).

    The thrower pays twice the value in use and the others once; on a self-picked win
    (`thrown_by` None) everyone pays twice.

    >>> league_owed("Ruth", 25, "Linda", ["Ruth", "Linda", "Kathy", "Pat"])
    {'Linda': 50, 'Kathy': 25, 'Pat': 25}
    >>> league_owed("Kathy", 30, None, ["Ruth", "Linda", "Kathy", "Pat"])
    {'Ruth': 60, 'Linda': 60, 'Pat': 60}
    >>> league_owed("Pat", 25, "Ruth", ["Ruth", "Linda", "Kathy", "Pat"], jokerless=True)
    {'Ruth': 100, 'Linda': 50, 'Kathy': 50}
    """
    unit = value_in_use(value, jokerless, has_group)
    return {
        player: 2 * unit if thrown_by is None or player == thrown_by else unit
        for player in seated
        if player != winner
    }


def thrower_penalty(exposures: int) -> int:
    """Points a tournament thrower loses, by the winner's exposures (RULES.md §6).

    >>> [thrower_penalty(n) for n in range(6)]
    [10, 10, 20, 25, 25, 25]
    """
    if exposures <= 1:
        return 10
    if exposures == 2:
        return 20
    return 25


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


def tournament_thrower_points(exposures: int, *, misnamed: bool, misnamed_adds: bool) -> int:
    """The (negative) points of the player who threw a tournament winning tile.

    A mis-named discard costs 25 in place of the exposure penalty, or on top of it when
    the session's `misnamed_adds` option is on.

    >>> tournament_thrower_points(2, misnamed=False, misnamed_adds=False)
    -20
    >>> tournament_thrower_points(2, misnamed=True, misnamed_adds=False)
    -25
    >>> tournament_thrower_points(2, misnamed=True, misnamed_adds=True)
    -45
    """
    if not misnamed:
        return -thrower_penalty(exposures)
    if misnamed_adds:
        return -(thrower_penalty(exposures) + MISNAMED_PENALTY)
    return -MISNAMED_PENALTY


def tournament_wall_points(seated: Iterable[str], dead: Iterable[str]) -> dict[str, int]:
    """Wall game points: +10 for each live hand, −10 for each dead one.

    >>> tournament_wall_points(["A", "B", "C", "D"], ["B"])
    {'A': 10, 'B': -10, 'C': 10, 'D': 10}
    """
    dead_set = set(dead)
    return {p: WALL_DEAD_POINTS if p in dead_set else WALL_LIVE_POINTS for p in seated}


def winner_gain(
    rules: str,
    value: int,
    *,
    self_picked: bool,
    jokerless: bool,
    has_group: bool,
    seated: int,
    heavenly: bool = False,
) -> int:
    """What the winner of a hand would gain, used to pick the best of several card lines.

    >>> winner_gain("league", 25, self_picked=False, jokerless=True, has_group=True, seated=4)
    200
    >>> winner_gain("tournament", 50, self_picked=True, jokerless=True, has_group=False,
    ...             seated=4)
    60
    >>> winner_gain("tournament", 40, self_picked=True, jokerless=True, has_group=True,
    ...             seated=4, heavenly=True)
    40
    """
    if rules == "tournament":
        return tournament_winner_points(
            value,
            self_picked=self_picked,
            jokerless=jokerless,
            has_group=has_group,
            heavenly=heavenly,
        )
    others = [f"p{i}" for i in range(1, seated)]
    owed = league_owed(
        "p0",
        value,
        None if self_picked else others[0],
        ["p0", *others],
        jokerless=jokerless,
        has_group=has_group,
    )
    return sum(owed.values())
