"""A league game's payments with the night's house rules (RULES.md §1, §4, §7).

Each rule is one step, written once: what each seated loser owes (the thrower twice,
everyone twice on a self-pick; jokerless doubles, or adds a flat amount), East's double,
paying for the table, the bettors mirroring the player they bet on, the kitty; then the
pie keeps every payer within their purse. Every game sums to zero, the kitty counting as
an account.
"""

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from .house import House
from .model import Wall, Win
from .payments import (
    Due,
    Payment,
    apply_pie,
    jokerless_counts,
    league_owed,
    loser_pays,
    unit_and_extra,
)


class Game(NamedTuple):
    """Where a game is played: the seated players (East first), each player's place in the
    session (to list payments), the purses before it (None without a pie), and what is in
    this table's kitty."""

    seated: Sequence[str]
    order: Mapping[str, int]
    purses: Mapping[str, int] | None = None
    kitty: int = 0


def owed_to_winner(win: Win, game: Game, house: House, has_group: bool) -> dict[str, int]:
    """What each seated loser owes the winner, thrower first, with jokerless (doubling or
    flat), East's double and paying for the table applied.

    >>> game = Game(["Ruth", "Linda", "Kathy", "Pat"], {"Ruth": 0, "Linda": 1, "Kathy": 2,
    ...             "Pat": 3})
    >>> owed_to_winner(Win("Ruth", 25, thrown_by="Pat"), game, House(), True)
    {'Pat': 50, 'Linda': 25, 'Kathy': 25}
    >>> owed_to_winner(Win("Linda", 25, thrown_by="Ruth"), game, House(east_double=True), True)
    {'Ruth': 100, 'Kathy': 25, 'Pat': 25}
    """
    owed = league_owed(
        win.winner, win.value, win.thrown_by, game.seated, jokerless=win.jokerless,
        has_group=has_group, flat=house.jokerless_flat,
    )  # fmt: skip
    owed = dict(sorted(owed.items(), key=lambda kv: (kv[0] != win.thrown_by, game.order[kv[0]])))
    east = game.seated[0]
    if house.east_double:
        for p in owed:
            if east in (p, win.winner):
                owed[p] *= 2
    if win.pays_for_table is not None:
        return {win.pays_for_table: sum(owed.values())}
    return owed


def non_thrower_pays(win: Win, game: Game, house: House, has_group: bool) -> int:
    """What a seated loser who did not throw pays on this win (what a wall bettor pays the
    winner when someone wins instead, RULES.md §7): twice that to East under East double.

    >>> game = Game(["Ruth", "Linda", "Kathy", "Pat"], {})
    >>> win = Win("Ruth", 25, thrown_by="Linda")
    >>> non_thrower_pays(win, game, House(), True), non_thrower_pays(
    ...     win, game, House(east_double=True), True)
    (25, 50)
    """
    unit, extra = unit_and_extra(win.value, win.jokerless, has_group, house.jokerless_flat)
    pays = loser_pays(unit, self_picked=win.self_picked, threw=False) + extra
    return pays * 2 if house.east_double and win.winner == game.seated[0] else pays


def kitty_taken(win: Win, game: Game, house: House, has_group: bool) -> bool:
    """Whether this win takes the table's kitty: any win, or with `kitty-special` only a
    jokerless (as paid) or self-picked one."""
    if house.kitty is None or game.kitty == 0:
        return False
    if not house.kitty_special:
        return True
    return win.self_picked or jokerless_counts(win.jokerless, has_group)


def win_payments(win: Win, game: Game, house: House, has_group: bool) -> list[Payment]:
    """Every payment of a league win: the losers to the winner, the bettors, the kitty."""
    owed = owed_to_winner(win, game, house, has_group)
    due: list[Due] = [(p, win.winner, amount) for p, amount in owed.items()]
    for bettor, player in win.bets:
        if player == win.winner:  # the bettor collects what the winner collects, from each
            due += [(p, bettor, amount) for p, amount in owed.items()]
        elif owed.get(player):  # the bettor pays what the player bet on pays
            due.append((bettor, win.winner, owed[player]))
    if win.wall_bets:
        due += [
            (b, win.winner, non_thrower_pays(win, game, house, has_group)) for b in win.wall_bets
        ]
    if kitty_taken(win, game, house, has_group):
        due.append((None, win.winner, game.kitty))
    return apply_pie(due, None if game.purses is None else dict(game.purses))


def wall_payments(wall: Wall, game: Game, house: House) -> list[Payment]:
    """A wall game: each seated player pays each wall bettor, then feeds the kitty (the
    bettors before the kitty, as on a win, so under the pie the kitty is paid last)."""
    due: list[Due] = []
    if house.bettor is not None:
        due += [(p, b, house.bettor) for b in wall.wall_bets for p in game.seated]
    if house.kitty is not None:
        due += [(p, None, house.kitty) for p in game.seated]
    return apply_pie(due, None if game.purses is None else dict(game.purses))
