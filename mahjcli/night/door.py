"""Leaving for the night (RULES.md §3, §5): who leaves, and what she settles at the door
against the players still here, with her stake in a kitty still in play (§7)."""

from __future__ import annotations

from typing import NamedTuple

from ..core.errors import Refused
from ..core.fold import fold
from ..core.model import Leave
from ..core.money import money
from ..core.names import UnknownName, fold_name, join_names, resolve
from ..core.settle import Transfer, settle_leaver
from ..core.standings import Standings
from ..core.wording import field
from .build import Built


def build_leave(standings: Standings, name: str, settle: bool = False) -> Built:
    """A departure from `mahj leave`; with `settle`, her settle-up against the players
    still here (RULES.md §5), recorded with it."""
    who = leaver(standings, name)
    if not settle:
        return Built(Leave(who))
    if not standings.rules.pays:
        raise Refused(
            f"nobody pays at a {standings.rules.name} table, so there is nothing to settle "
            f"up; {field('settle')}"
        )
    payments, owed, stake, tables = leaver_settle_up(standings, who)
    pays = tuple((t.payee, t.amount) for t in payments if t.payer == who)
    paid_by = tuple((t.payer, t.amount) for t in payments if t.payee == who)
    done = sum(t.amount for t in payments)
    notes: tuple[str, ...] = ()
    if done < abs(owed):
        notes = (
            f"the players still here cannot cover all of it: {_amount(standings, abs(owed) - done)}"
            " is left for the night's final settle-up",
        )
    if stake:
        notes += (kitty_keeps(standings, who, stake, tables),)
    return Built(Leave(who, pays, paid_by, square=owed == 0), notes)


def kitty_keeps(standings: Standings, who: str, stake: int, tables: tuple[int, ...] = ()) -> str:
    """What the door is told of a leaver's stake in the kitties of `tables` (default: those
    holding some of it in `standings`, her leaving recorded). RULES.md §7: a later win at
    its table takes each, under kitty-special a jokerless or self-picked one."""
    tables = tables or stake_tables(standings, who)
    amount, house = _amount(standings, stake), getattr(standings.rules, "house", None)
    win = "jokerless or self-picked win" if house is not None and house.kitty_special else "win"
    if len(tables) < 2:
        return (
            f"the kitty keeps {who}'s {amount}: a later {win} at that table takes it; if "
            f"nobody wins it, the night's final settle-up pays {who} the {amount} back"
        )
    return (f"the kitties of tables {join_names(map(str, tables))} keep {who}'s {amount}: a "
            f"later {win} at each table takes its kitty; if nobody wins one, the night's final "
            f"settle-up pays back {who}'s share of it")  # fmt: skip


def _amount(standings: Standings, points: int) -> str:
    """`120 points`, or its money on a night played for money."""
    stake = standings.rules.stake
    return money(points, stake, sign=False) if stake else f"{points} points"


def leaver(standings: Standings, name: str) -> str:
    """The player here that `name` names, to leave (Refused with a suggestion if none)."""
    try:
        return resolve(name, standings.present())
    except UnknownName as exc:
        gone = [p for p in standings.players if fold_name(p) == fold_name(name.strip())]
        if gone:
            raise Refused(f"{gone[0]} has already left") from None
        raise Refused(str(exc)) from None


class DoorSettle(NamedTuple):
    """At the door: her payments, the balance they settle, her stake in a kitty in play."""

    payments: tuple[Transfer, ...]
    owed: int
    stake: int
    tables: tuple[int, ...]
    """The tables whose kitties hold her stake."""


def leaver_settle_up(standings: Standings, who: str) -> DoorSettle:
    """What `who` would settle if she left now, against the players still here, and what
    she has to settle: her total as it stands once she has left (a table her leaving
    closes gives its kitty back), less what she settled before. Her stake in a kitty still
    in play stays there (RULES.md §7: a later win at her table takes it, or it is hers
    again in the final settle-up)."""
    session = standings.session
    gone = fold(session._replace(log=(*session.log, Leave(who))))
    unsettled = gone.unsettled()
    here = set(gone.present())
    others = {p: unsettled[p] for p in gone.players if p in here}  # ties: the session's order
    payments = settle_leaver(who, unsettled[who], others, gone.together())
    return DoorSettle(
        payments, unsettled[who], gone.kitty_returns().get(who, 0), stake_tables(gone, who)
    )


def owes_at_door(standings: Standings, who: str) -> bool:
    """Whether settling `who` up as she leaves now moves money (never where the night pays none)."""
    return standings.rules.pays and bool(leaver_settle_up(standings, who).payments)


def stake_tables(standings: Standings, who: str) -> tuple[int, ...]:
    """The tables whose kitties hold some of what `who` put in."""
    return tuple(t for t, paid in standings.kitties if any(name == who for name, _ in paid))
