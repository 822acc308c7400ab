"""Fold a session's log into standings: one step per kind of entry, applied in order.

`fold` is the one place a night is replayed. It never raises for bad data: an entry that
cannot happen where it stands (`mahjcli.core.checks`) is reported as a `Problem` and
skipped, so `mahj check` can list every one and every command can refuse a damaged night.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from . import checks
from .model import Accept, Entry, Incomplete, Join, Leave, Penalty, Wall, Win, is_game
from .payments import Payment
from .problems import Problem, Where
from .seating import Seating
from .session import Session
from .standings import Row, Standings


class Step(NamedTuple):
    """What one entry does, as its step function found it; the fold applies it."""

    deltas: Mapping[str, int] = MappingProxyType({})
    payments: tuple[Payment, ...] = ()
    notes: tuple[str, ...] = ()
    arrives: str | None = None
    departs: str | None = None
    accepts: bool = False


class State:
    """The night part-way through the log: what each step reads."""

    __slots__ = ("accepted", "games", "gone", "seating", "session", "totals")

    def __init__(self, session: Session, seating: Seating, totals: dict[str, int]) -> None:
        self.session = session
        self.seating = seating
        self.totals = totals
        self.games = 0
        self.accepted = 0
        self.gone: list[str] = []

    def purses(self) -> dict[str, int] | None:
        """Each player's purse under the pie before this entry, or None."""
        pie = self.session.rules.pie
        if pie is None:
            return None
        return {p: pie + t for p, t in self.totals.items()}


def _win(win: Win, state: State) -> Step | str:
    if why := checks.win_problem(win, state.seating, state.session):
        return why
    order = {name: i for i, name in enumerate(state.totals)}
    score = state.session.rules.score_win(
        win,
        state.seating.in_deal_order(),
        has_group=state.session.has_group(win),
        purses=state.purses(),
        order=order,
    )
    return Step(score.deltas, score.payments, score.notes)


def _wall(wall: Wall, state: State) -> Step | str:
    if why := checks.wall_problem(wall, state.seating, state.session):
        return why
    return Step(state.session.rules.score_wall(state.seating.in_deal_order(), wall.dead))


def _incomplete(entry: Incomplete, state: State) -> Step | str:
    return checks.incomplete_problem(entry, state.session) or Step()


def _penalty(penalty: Penalty, state: State) -> Step | str:
    if why := checks.penalty_problem(penalty, state.seating, state.session):
        return why
    return Step({penalty.player: -penalty.points})


def _join(join: Join, state: State) -> Step | str:
    return checks.join_problem(join, state.seating, state.session) or Step(arrives=join.player)


def _leave(leave: Leave, state: State) -> Step | str:
    return checks.leave_problem(leave, state.seating, state.session) or Step(departs=leave.player)


def _accept(accept: Accept, state: State) -> Step | str:
    why = checks.accept_problem(accept, state.session, state.games, state.accepted)
    return why or Step(accepts=True)


STEPS: dict[type[Any], Callable[[Any, State], Step | str]] = {
    Win: _win,
    Wall: _wall,
    Incomplete: _incomplete,
    Penalty: _penalty,
    Join: _join,
    Leave: _leave,
    Accept: _accept,
}
"""The step function of each kind of entry."""


def _apply(state: State, index: int, entry: Entry, step: Step) -> Row:
    """Apply one step to the state and return the entry's row."""
    seating = state.seating
    seated, east, waiting = (
        tuple(seating.in_deal_order()),
        seating.east_player,
        tuple(seating.waiting),
    )
    seat_change: str | None = None
    if step.arrives is not None:
        if step.arrives in state.gone:
            state.gone.remove(step.arrives)
        if seating.join(step.arrives):
            seat_change = step.arrives
    if step.departs is not None:
        seat_change = seating.leave(step.departs)
        state.gone.append(step.departs)
    for name, delta in step.deltas.items():
        state.totals[name] += delta
    if is_game(entry):
        state.games += 1
    if step.accepts:
        state.accepted = state.games
    row = Row(
        at=index,
        game=state.games if is_game(entry) else state.games + 1,
        entry=entry,
        east=east,
        seated=seated,
        waiting=waiting,
        deltas=tuple(step.deltas.get(p, 0) for p in state.totals),
        totals=tuple(state.totals.values()),
        payments=step.payments,
        notes=step.notes,
        seat_change=seat_change,
    )
    if is_game(entry):
        seating.after_game()
    return row


def fold(session: Session) -> Standings:
    """Replay the whole log and return the standings after it."""
    players = session.all_players()
    zero = tuple(0 for _ in players)
    if why := Seating.start_problem(session.players, session.east):
        problem = Problem(why, Where.top("east"))
        return Standings(session, players, (), 0, session.east, (), (), (), zero, (problem,))
    state = State(session, Seating.start(session.players, session.east), dict.fromkeys(players, 0))
    rows: list[Row] = []
    problems: list[Problem] = []
    for index, entry in enumerate(session.log):
        step = STEPS[type(entry)](entry, state)
        if isinstance(step, str):
            problems.append(Problem(step, Where.entry(index)))
        else:
            rows.append(_apply(state, index, entry, step))
    seating = state.seating
    return Standings(
        session=session,
        players=players,
        rows=tuple(rows),
        games=state.games,
        east=seating.east_player,
        seated=tuple(seating.in_deal_order()),
        waiting=tuple(seating.waiting),
        gone=tuple(state.gone),
        totals=tuple(state.totals.values()),
        problems=tuple(problems),
        accepted=state.accepted,
    )
