"""Fold a session's log into standings: payments, totals, East, the line and purses.

`fold` is the one place the night is replayed. It never raises for bad data: an entry
that cannot happen where it stands (a waiting winner, a heavenly hand by a non-East, a
leave that would empty the table) is reported as a `Problem` and skipped, so `mahj check`
can list every one and every command can refuse to work on a damaged night.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import rules
from .model import (
    GAMES_PER_ROUND,
    MIN_SEATED,
    Accept,
    Entry,
    Incomplete,
    Join,
    Leave,
    Penalty,
    Session,
    Wall,
    Win,
)
from .seating import SeatingError, Table


@dataclass(frozen=True)
class Problem:
    """Something wrong with one log entry (`index` counts from 0), or the whole file."""

    message: str
    index: int | None = None


@dataclass(frozen=True)
class Payment:
    """One loser's payment in a league game; `paid < owed` means they went pie."""

    payer: str
    owed: int
    paid: int

    @property
    def short(self) -> bool:
        """True when the pie stopped this player paying in full."""
        return self.paid < self.owed


@dataclass(frozen=True)
class Row:
    """One log entry as scored. `deltas` and `totals` line up with `Standings.players`."""

    index: int
    game: int
    """The game's number; a penalty, join or leave carries the number of the next game."""
    entry: Entry
    east: str
    """East for this game (for a penalty, join or leave: East of the game in progress)."""
    seated: tuple[str, ...]
    """The players seated for this game, East first, going to the right."""
    waiting: tuple[str, ...]
    deltas: tuple[int, ...]
    totals: tuple[int, ...]
    payments: tuple[Payment, ...] = ()
    notes: tuple[str, ...] = ()
    seat_change: str | None = None
    """For a join or leave: who sat down as a result (None when nobody did)."""

    @property
    def is_game(self) -> bool:
        """True for wins, wall games and games stopped by time."""
        return isinstance(self.entry, Win | Wall | Incomplete)

    @property
    def result(self) -> str:
        """`win`, `wall`, `incomplete`, `penalty`, `join` or `leave`."""
        return self.entry.kind


@dataclass(frozen=True)
class Standings:
    """Everything derived from a session, after its whole log."""

    session: Session
    players: tuple[str, ...]
    """Every player of the night: the starting players, then arrivals."""
    rows: tuple[Row, ...]
    games: int
    east: str
    seated: tuple[str, ...]
    """Seated for the next game, East first, going to the right."""
    waiting: tuple[str, ...]
    """The line, front first."""
    gone: tuple[str, ...]
    """Players who have left for the night."""
    totals: tuple[int, ...]
    problems: tuple[Problem, ...] = ()
    accepted: int = 0
    """Tournament: the score card is accepted through this game (a round's end), or 0."""

    @property
    def next_game(self) -> int:
        """The number of the next game to be scored."""
        return self.games + 1

    def totals_map(self) -> dict[str, int]:
        """Each player's total, in session order."""
        return dict(zip(self.players, self.totals, strict=True))

    def purses(self) -> dict[str, int] | None:
        """Each player's purse under the pie (pie plus total), or None without a pie."""
        pie = self.session.options.pie
        if pie is None:
            return None
        return {p: pie + t for p, t in zip(self.players, self.totals, strict=True)}

    def present(self) -> tuple[str, ...]:
        """Players still at the table, seated or waiting."""
        return self.seated + self.waiting


def apply_pie(owed: dict[str, int], purse: dict[str, int] | None) -> list[Payment]:
    """Each loser pays what they owe, or their whole purse if that is smaller (RULES.md §4).

    >>> [p.paid for p in apply_pie({"Ruth": 50, "Kathy": 50}, {"Ruth": 20, "Kathy": 900})]
    [20, 50]
    """
    if purse is None:
        return [Payment(p, amount, amount) for p, amount in owed.items()]
    return [Payment(p, amount, max(0, min(amount, purse[p]))) for p, amount in owed.items()]


def _check_seated(name: str, role: str, table: Table) -> str | None:
    if name in table.seats:
        return None
    if name in table.waiting:
        return f"{name} is waiting this game, so cannot be the {role}"
    return f"{name} is not at the table, so cannot be the {role}"


def _win_problem(win: Win, table: Table, session: Session) -> str | None:
    """Why this win cannot be scored where it stands, or None."""
    tournament = session.options.rules == "tournament"
    for name, role in [(win.winner, "winner"), (win.thrown_by, "thrower")]:
        if name is not None and (why := _check_seated(name, role, table)):
            return why
    if win.thrown_by is not None and win.thrown_by == win.winner:
        return f"{win.winner} cannot both win and throw the winning tile"
    for name in win.dead:
        if why := _check_seated(name, "dead hand", table):
            return why
        if name == win.winner:
            return f"{name} won, so their hand cannot be dead"
    if win.heavenly:
        if win.winner != table.east_player:
            return (
                f"only East ({table.east_player}) can have a heavenly hand; "
                f"{win.winner} is not East this game"
            )
        if win.thrown_by is not None:
            return "a heavenly hand is complete as dealt, so nobody threw a tile for it"
    if tournament and win.thrown_by is not None and win.exposures is None:
        return (
            f"a thrown tournament win needs the number of exposures on {win.winner}'s rack "
            "(--exposures N); it is never assumed"
        )
    if win.misnamed and win.thrown_by is None:
        return "a mis-named discard needs a thrower; this win was self-picked"
    return None


def _win_effect(
    win: Win,
    seated: list[str],
    session: Session,
    purse: dict[str, int] | None,
    order: dict[str, int],
) -> tuple[dict[str, int], list[Payment], list[str]]:
    """Deltas (by name), league payments (thrower first, then in session order) and notes
    for one valid win."""
    notes: list[str] = []
    has_group = not win.singles_pairs
    if win.jokerless and not has_group:
        notes.append("jokerless is not counted: a singles-and-pairs hand cannot hold a joker")
    if session.options.rules == "tournament":
        deltas = {
            win.winner: rules.tournament_winner_points(
                win.value,
                self_picked=win.self_picked,
                jokerless=win.jokerless,
                has_group=has_group,
                heavenly=win.heavenly,
            )
        }
        if win.heavenly and (win.jokerless or win.self_picked):
            notes.append("a heavenly hand scores the card value only, with no bonus")
        if win.thrown_by is not None:
            deltas[win.thrown_by] = rules.tournament_thrower_points(
                win.exposures or 0,
                misnamed=win.misnamed,
                misnamed_adds=session.options.misnamed_adds,
            )
        return deltas, [], notes
    owed = rules.league_owed(
        win.winner,
        win.value,
        win.thrown_by,
        seated,
        jokerless=win.jokerless,
        has_group=has_group,
    )
    owed = dict(sorted(owed.items(), key=lambda kv: (kv[0] != win.thrown_by, order[kv[0]])))
    payments = apply_pie(owed, purse)
    deltas = {p.payer: -p.paid for p in payments}
    deltas[win.winner] = sum(p.paid for p in payments)
    return deltas, payments, notes


def _accept_problem(tournament: bool, games: int, accepted: int) -> str | None:
    """Why the score card cannot be accepted after `games` games, or None."""
    if not tournament:
        return "only a tournament table hands in a score card"
    if games == 0 or games % GAMES_PER_ROUND:
        return (
            f"a score card is accepted at the end of a round of {GAMES_PER_ROUND} games; "
            f"{games} games have been played"
        )
    if accepted == games:
        return f"the card for round {games // GAMES_PER_ROUND} is already accepted"
    return None


def fold(session: Session) -> Standings:
    """Replay the whole log and return the standings after it."""
    players = session.all_players()
    position = {name: i for i, name in enumerate(players)}
    totals = [0] * len(players)
    zero = tuple(totals)
    problems: list[Problem] = []
    rows: list[Row] = []
    gone: list[str] = []
    try:
        table = Table.start(session.players, session.east)
    except SeatingError as exc:
        return Standings(
            session, players, (), 0, session.east, (), (), (), zero, (Problem(str(exc)),)
        )
    games = 0
    accepted = 0
    tournament = session.options.rules == "tournament"
    pie = session.options.pie
    # A win's effect depends only on the win and who sits where, unless the pie stops
    # someone paying in full; so a long log (which repeats itself) scores each distinct
    # (win, seating) once and shares the resulting tuples, while every purse still covers
    # what it owes. Seatings are shared the same way.
    effects: dict[
        tuple[Win, tuple[str, ...]], tuple[tuple[int, ...], tuple[Payment, ...], tuple[str, ...]]
    ] = {}
    shared: dict[tuple[str, ...], tuple[str, ...]] = {}

    for index, entry in enumerate(session.log):
        seated = table.in_deal_order()
        seated_now = tuple(seated)
        seated_now = shared.setdefault(seated_now, seated_now)
        east = table.east_player
        waiting = tuple(table.waiting)
        waiting = shared.setdefault(waiting, waiting)
        deltas_by_name: dict[str, int] = {}
        payments: list[Payment] = []
        notes: list[str] = []
        seat_change: str | None = None
        problem: str | None = None

        if isinstance(entry, Win):
            known = effects.get((entry, seated_now))
            if known is not None and (
                pie is None or all(pie + totals[position[p.payer]] >= p.owed for p in known[1])
            ):
                deltas, payments_now, notes_now = known
                for i, delta in enumerate(deltas):
                    totals[i] += delta
                games += 1
                rows.append(
                    Row(
                        index=index,
                        game=games,
                        entry=entry,
                        east=east,
                        seated=seated_now,
                        waiting=waiting,
                        deltas=deltas,
                        totals=tuple(totals),
                        payments=payments_now,
                        notes=notes_now,
                    )
                )
                table.after_game()
                continue
            problem = _win_problem(entry, table, session)
            if problem is None:
                purse = {p: pie + totals[position[p]] for p in seated} if pie is not None else None
                deltas_by_name, payments, notes = _win_effect(
                    entry, seated, session, purse, position
                )
        elif isinstance(entry, Wall):
            for name in entry.dead:
                if why := _check_seated(name, "dead hand", table):
                    problem = why
            if problem is None and tournament:
                deltas_by_name = rules.tournament_wall_points(seated, entry.dead)
        elif isinstance(entry, Incomplete):
            if not tournament:
                problem = "a game stopped by time is scored only at a tournament table"
        elif isinstance(entry, Penalty):
            if not tournament:
                problem = "penalties are scored only at a tournament table"
            elif entry.player not in position or entry.player in gone:
                problem = f"{entry.player} is not at the table"
            else:
                deltas_by_name = {entry.player: -entry.points}
        elif isinstance(entry, Join):
            if tournament:
                problem = "a tournament table plays with exactly four players"
            elif entry.player in table.seats or entry.player in table.waiting:
                problem = f"{entry.player} is already at the table"
            else:
                if entry.player in gone:
                    gone.remove(entry.player)
                if table.join(entry.player):
                    seat_change = entry.player
        elif isinstance(entry, Accept):
            problem = _accept_problem(tournament, games, accepted)
            if problem is None:
                accepted = games
        elif isinstance(entry, Leave):
            if tournament:
                problem = "a tournament table plays with exactly four players"
            elif entry.player not in table.seats and entry.player not in table.waiting:
                problem = f"{entry.player} is not at the table"
            else:
                try:
                    seat_change = table.leave(entry.player)
                    gone.append(entry.player)
                except SeatingError as exc:
                    problem = str(exc)

        if problem is not None:
            problems.append(Problem(problem, index))
            continue

        for name, delta in deltas_by_name.items():
            totals[position[name]] += delta
        is_game = isinstance(entry, Win | Wall | Incomplete)
        if is_game:
            games += 1
        row = Row(
            index=index,
            game=games if is_game else games + 1,
            entry=entry,
            east=east,
            seated=seated_now,
            waiting=waiting,
            deltas=tuple(deltas_by_name.get(p, 0) for p in players) if deltas_by_name else zero,
            totals=tuple(totals),
            payments=tuple(payments),
            notes=tuple(notes),
            seat_change=seat_change,
        )
        rows.append(row)
        if isinstance(entry, Win) and not any(p.short for p in row.payments):
            effects[entry, seated_now] = (row.deltas, row.payments, row.notes)
        if is_game:
            table.after_game()

    if len(table.seats) < MIN_SEATED:  # pragma: no cover - Table.leave refuses this
        problems.append(Problem(f"fewer than {MIN_SEATED} players are seated"))
    return Standings(
        session=session,
        players=players,
        rows=tuple(rows),
        games=games,
        east=table.east_player,
        seated=tuple(table.in_deal_order()),
        waiting=tuple(table.waiting),
        gone=tuple(gone),
        totals=tuple(totals),
        problems=tuple(problems),
        accepted=accepted,
    )
