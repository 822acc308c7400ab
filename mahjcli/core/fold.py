"""Fold a session's log into standings: one step per kind of entry, applied in order.

`fold` is the one place a night is replayed. It never raises for bad data: an entry that
cannot happen where it stands (`mahjcli.core.checks`) is reported as a `Problem` and
skipped, so `mahj check` can list every one and every command can refuse a damaged night.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import filterfalse
from types import MappingProxyType
from typing import Any, NamedTuple

from . import checks
from .league import Game
from .model import (
    GAMES_PER_ROUND,
    SEATS,
    Accept,
    Close,
    Entry,
    Error,
    Incomplete,
    Join,
    Leave,
    Open,
    Penalty,
    Wall,
    Win,
    is_game,
)
from .payments import Payment
from .problems import Problem, Where
from .seating import Seating
from .session import Session
from .standings import Row, Standings, TableView


class Step(NamedTuple):
    """What one entry does, as its step function found it; the fold applies it."""

    deltas: Mapping[str, int] = MappingProxyType({})
    payments: tuple[Payment, ...] = ()
    notes: tuple[str, ...] = ()
    table: int | None = None
    """The table a game was played at (its deal passes)."""
    arrives: str | None = None
    departs: str | None = None
    opens: bool = False
    opens_east: str | None = None
    closes: int | None = None
    """The table that closes (a Close, or a leave that leaves it too few to play)."""
    at: int | None = None
    """The table a departure happened at (the leaver's; none from the line), or the one an
    arrival sits down at (none when they join the line)."""
    accepts: bool = False


class State:
    """The night part-way through the log: what each step reads."""

    __slots__ = (
        "accepted",
        "began",
        "ended",
        "games",
        "gone",
        "kitties",
        "order",
        "seating",
        "session",
        "totals",
        "waited",
        "zeros",
    )

    def __init__(self, session: Session, seating: Seating, totals: dict[str, int]) -> None:
        self.session = session
        self.seating = seating
        self.totals = totals
        self.order = MappingProxyType({name: i for i, name in enumerate(totals)})
        """Each player's place in the night's list (the players never change during it)."""
        self.zeros = (0,) * len(totals)
        self.games = 0
        self.accepted = 0
        self.ended = 0
        """Rounds ended: four games, or fewer when time was called (RULES.md §11)."""
        self.began = 0
        """Games played before the round in progress began."""
        self.gone: list[str] = []
        self.kitties: dict[int, list[tuple[str, int]]] = {}
        """Each table's kitty: what each player put in since it was last taken."""
        self.waited = {table: frozenset(seating.waiting) for table in seating.tables}
        """Each table's waiting line when its game in progress began (a bet made then
        stands, though another table's game may seat the bettor before this one ends)."""

    def game(self, table: int) -> Game:
        """The game about to be played at `table`."""
        pie = self.session.rules.pie
        purses = {p: pie + t for p, t in self.totals.items()} if pie is not None else None
        kitty = sum(amount for _, amount in self.kitties.get(table, ()))
        return Game(self.seating.in_deal_order(table), self.order, purses, kitty)


def _win(win: Win, state: State) -> Step | str:
    if why := checks.win_problem(win, state.seating, state.session, state.waited):
        return why
    table = checks.table_of_game(win, state.seating)
    assert isinstance(table, int)
    score = state.session.rules.score_win(win, state.game(table), state.session.has_group(win))
    return Step(score.deltas, score.payments, score.notes, table)


def _wall(wall: Wall, state: State) -> Step | str:
    if why := checks.wall_problem(wall, state.seating, state.session, state.waited):
        return why
    table = checks.table_of_game(wall, state.seating)
    assert isinstance(table, int)
    score = state.session.rules.score_wall(wall, state.game(table))
    return Step(score.deltas, score.payments, score.notes, table)


def _error(error: Error, state: State) -> Step | str:
    if why := checks.error_problem(error, state.seating, state.session):
        return why
    table = checks.table_of_game(error, state.seating)
    assert isinstance(table, int)
    return Step(state.session.rules.score_error(error).deltas, table=table)


def _incomplete(entry: Incomplete, state: State) -> Step | str:
    return checks.incomplete_problem(entry, state.session) or Step(table=state.seating.first())


def _penalty(penalty: Penalty, state: State) -> Step | str:
    if why := checks.penalty_problem(penalty, state.seating, state.session):
        return why
    return Step({penalty.player: -penalty.points})


def _join(join: Join, state: State) -> Step | str:
    if why := checks.join_problem(join, state.seating, state.session):
        return why
    tables = state.seating.tables
    short = (number for number in sorted(tables) if len(tables[number].seats) < SEATS)
    return Step(arrives=join.player, at=next(short, None))


def _leave(leave: Leave, state: State) -> Step | str:
    if why := checks.leave_problem(leave, state.seating, state.session):
        return why
    closing = state.seating.closes_if_leaves(leave.player)
    deltas, back = _kitty_back(state, closing) if closing is not None else ({}, ())
    at = state.seating.table_of(leave.player)
    return Step(deltas, back, departs=leave.player, closes=closing, at=at)


def _kitty_back(state: State, table: int) -> tuple[dict[str, int], tuple[Payment, ...]]:
    """A closing table's kitty goes back to those who put it in: one payment each, of
    all they put in (in the order they first did)."""
    deltas: dict[str, int] = {}
    for payer, amount in state.kitties.get(table, ()):
        deltas[payer] = deltas.get(payer, 0) + amount
    return deltas, tuple(Payment(None, p, a, a) for p, a in deltas.items())


def _open(entry: Open, state: State) -> Step | str:
    why = checks.open_problem(entry, state.seating, state.session)
    return why or Step(opens=True, opens_east=entry.east)


def _close(entry: Close, state: State) -> Step | str:
    if why := checks.close_problem(entry, state.seating, state.session):
        return why
    deltas, back = _kitty_back(state, entry.table)
    return Step(deltas, back, closes=entry.table)


def _accept(accept: Accept, state: State) -> Step | str:
    why = checks.accept_problem(accept, state.session, state.games, state.accepted, state.began)
    return why or Step(accepts=True)


STEPS: dict[type[Any], Callable[[Any, State], Step | str]] = {
    Win: _win,
    Wall: _wall,
    Error: _error,
    Incomplete: _incomplete,
    Penalty: _penalty,
    Join: _join,
    Leave: _leave,
    Open: _open,
    Close: _close,
    Accept: _accept,
}
"""The step function of each kind of entry."""


def _seat_changes(state: State, step: Step) -> tuple[str | None, int | None]:
    """Apply an arrival, departure, opening or closing: who sat down as a result, and the
    table a new one opened as."""
    seating = state.seating
    if step.arrives is not None:
        if step.arrives in state.gone:
            state.gone.remove(step.arrives)
        return (step.arrives if seating.join(step.arrives) is not None else None), None
    if step.departs is not None:
        state.gone.append(step.departs)
        return seating.leave(step.departs), None
    if step.opens:
        return None, seating.open_table(step.opens_east)
    if step.closes is not None:
        seated = seating.close_table(step.closes)
        return (", ".join(f"{name} at table {table}" for name, table in seated) or None), None
    return None, None


def _kitty(state: State, table: int, payments: tuple[Payment, ...]) -> int:
    """Move money into and out of `table`'s kitty; what it holds after."""
    kitty = state.kitties.setdefault(table, [])
    for pay in payments:
        if pay.payer is None:
            kitty.clear()
        elif pay.payee is None and pay.paid:
            kitty.append((pay.payer, pay.paid))
    return sum(amount for _, amount in kitty)


def _apply(state: State, index: int, entry: Entry, step: Step) -> Row:
    """Apply one step to the state and return the entry's row."""
    seating = state.seating
    table = next(t for t in (step.table, step.closes, step.at, seating.first()) if t is not None)
    seated, east = tuple(seating.in_deal_order(table)), seating.east_player(table)
    waiting = tuple(seating.waiting)
    elsewhere = tuple(filterfalse(set(seated).__contains__, seating.seated()))
    seat_change, opened = _seat_changes(state, step)
    if opened is not None:
        table, east = opened, seating.east_player(opened)
        seated = tuple(seating.in_deal_order(opened))
    for table_gone in set(state.kitties) - set(seating.tables):
        del state.kitties[table_gone]  # a closed table's kitty went back to its payers
    if opened is not None:
        state.waited[opened] = frozenset(seating.waiting)
    for name, delta in step.deltas.items():
        state.totals[name] += delta
    kitty = _kitty(state, table, step.payments) if step.table is not None else 0
    game = is_game(entry)
    if game:
        state.games += 1
    if step.accepts:
        state.accepted = state.games
    row = Row(
        at=index,
        game=state.games if game else state.games + 1,
        round=state.ended + 1,
        entry=entry,
        table=table,
        east=east,
        seated=seated,
        waiting=waiting,
        deltas=tuple(map(step.deltas.get, state.totals, state.zeros))
        if step.deltas
        else state.zeros,
        totals=tuple(state.totals.values()),
        payments=step.payments,
        notes=step.notes,
        seat_change=seat_change,
        elsewhere=elsewhere,
        kitty=kitty,
        closed=step.closes,
    )
    if game:
        seating.after_game(table)
        state.waited[table] = frozenset(seating.waiting)
        _round_over(state, entry)
    return row


def _round_over(state: State, entry: Entry) -> None:
    """A game just played ends its round after four games, or at once when it was
    stopped by time (RULES.md §11: no new game of the round starts)."""
    if isinstance(entry, Incomplete) or state.games - state.began >= GAMES_PER_ROUND:
        state.ended += 1
        state.began = state.games


def _pass_deal(state: State, entry: Entry) -> None:
    """A game that cannot be scored where it stands still passes the deal (at its table,
    or the only one), so `mahj check` names it alone rather than every later game the
    rotation would otherwise put out of step."""
    if not is_game(entry):
        return
    recorded = getattr(entry, "table", None)
    table = (
        recorded if recorded in state.seating.tables else checks.table_of_game(entry, state.seating)
    )
    if isinstance(table, str):
        if len(state.seating.tables) != 1:
            return
        table = state.seating.first()
    state.games += 1
    state.seating.after_game(table)
    state.waited[table] = frozenset(state.seating.waiting)
    _round_over(state, entry)


def fold(session: Session, holes: frozenset[int] = frozenset()) -> Standings:
    """Replay the whole log and return the standings after it. The entries at `holes`
    stand in for ones that could not be read: each only passes the deal if it is a game."""
    return Replay.of(session, holes).standings()


def appended(session: Session, entry: Entry) -> Standings:
    """The night with `entry` added at the end of its log, as recording it makes it;
    refused, in the rules' own words, when the rules do not allow it there."""
    after = fold(session._replace(log=(*session.log, entry)))
    if after.problems:
        from .errors import Refused

        raise Refused(after.problems[-1].message)
    return after


class Replay:
    """A night replayed entry by entry: the state after the last one, the rows and the
    problems (`fold` replays a log with one)."""

    __slots__ = ("players", "problems", "rows", "session", "state")

    def __init__(self, session: Session, state: State | None, problems: list[Problem]) -> None:
        self.session = session
        self.players = session.all_players()
        self.state = state
        """None when the night cannot even start (the problem says why)."""
        self.rows: list[Row] = []
        self.problems = problems

    @classmethod
    def of(cls, session: Session, holes: frozenset[int] = frozenset()) -> Replay:
        """The whole log replayed."""
        if why := Seating.start_problem(session.players, session.easts, session.tables):
            return cls(session, None, [Problem(why, Where.top("east"))])
        seating = Seating.start(session.players, session.easts, session.tables)
        replay = cls(session, None, [])
        replay.state = State(session, seating, dict.fromkeys(replay.players, 0))
        for index, entry in enumerate(session.log):
            replay._replay(index, entry, index in holes)
        return replay

    def _replay(self, index: int, entry: Entry, hole: bool = False) -> None:
        state = self.state
        assert state is not None
        if hole:
            _pass_deal(state, entry)
            return
        if is_game(entry) and (moved := checks.seats_problem(entry, state.seating)):
            self.problems.append(Problem(moved, Where.entry(index, "seats")))
            _pass_deal(state, entry)
            return
        step = STEPS[type(entry)](entry, state)
        if isinstance(step, str):
            self.problems.append(Problem(step, Where.entry(index)))
            _pass_deal(state, entry)
        else:
            self.rows.append(_apply(state, index, entry, step))

    def standings(self) -> Standings:
        """The standings after the replayed log."""
        session, players, state = self.session, self.players, self.state
        if state is None:
            zero = tuple(0 for _ in players)
            return Standings(session, players, (), 0, (), (), (), zero, tuple(self.problems))
        seating = state.seating
        tables = tuple(
            TableView(n, seating.east_player(n), tuple(seating.in_deal_order(n)))
            for n in sorted(seating.tables)
        )
        kitties = tuple((n, tuple(paid)) for n, paid in sorted(state.kitties.items()) if paid)
        return Standings(
            session=session,
            players=players,
            rows=tuple(self.rows),
            games=state.games,
            tables=tables,
            waiting=tuple(seating.waiting),
            gone=tuple(state.gone),
            totals=tuple(state.totals.values()),
            problems=tuple(self.problems),
            accepted=state.accepted,
            kitties=kitties,
        )
