"""What the fold derives from a session: one scored row per entry, and the standings."""

from typing import NamedTuple

from .model import Entry, Join, Leave, is_game
from .payments import Payment
from .problems import Problem
from .rulesets import RuleSet
from .session import Session
from .settle import SettleUp, Transfer, settle


class Row(NamedTuple):
    """One log entry as scored. `deltas` and `totals` line up with `Standings.players`."""

    at: int
    """The entry's place in the log, from 0."""
    game: int
    """The game's number; a penalty, join or leave carries the number of the next game."""
    round: int
    """Tournament: the score card's round this entry is on (four games a round, fewer when
    time was called in it: RULES.md §11); for other entries, the next game's round."""
    entry: Entry
    table: int
    """The table the game was played at (for other entries: the first open table)."""
    east: str
    """East for this game (for a penalty, join or leave: East of the game in progress)."""
    seated: tuple[str, ...]
    """The players seated at the game's table, East first, going to the right."""
    waiting: tuple[str, ...]
    deltas: tuple[int, ...]
    totals: tuple[int, ...]
    payments: tuple[Payment, ...] = ()
    notes: tuple[str, ...] = ()
    seat_change: str | None = None
    """For a join or leave: who sat down as a result (None when nobody did); for a table
    closing: who sat down at once at a table of three, as `Ruth at table 2`."""
    elsewhere: tuple[str, ...] = ()
    """Club nights: the players seated at the other tables during this game."""
    kitty: int = 0
    """What is in the game's table's kitty after it (house rule `kitty`)."""
    closed: int | None = None
    """The table this entry closed: a table closing, or a leave that left it too few."""

    @property
    def is_game(self) -> bool:
        """True for wins, wall games and games stopped by time."""
        return is_game(self.entry)

    @property
    def result(self) -> str:
        """The entry's kind: `win`, `wall`, `incomplete`, `penalty`, `join`, `leave`..."""
        return self.entry.kind

    @property
    def short(self) -> tuple[str, ...]:
        """The players the pie stopped paying in full in this entry (they went pie)."""
        return tuple(dict.fromkeys(p.payer for p in self.payments if p.short and p.payer))

    def owed_by(self, player: str) -> int:
        """What `player` owed in this entry's payments (before the pie)."""
        return sum(p.owed for p in self.payments if p.payer == player)

    @property
    def kitty_change(self) -> int:
        """What went into the kitties (negative: what came out) in this entry."""
        into = sum(p.paid for p in self.payments if p.payee is None)
        return into - sum(p.paid for p in self.payments if p.payer is None)


class TableView(NamedTuple):
    """One open table: its number, who deals next, and its players East first."""

    table: int
    east: str
    seated: tuple[str, ...]


class Standings(NamedTuple):
    """Everything derived from a session, after its whole log."""

    session: Session
    players: tuple[str, ...]
    """Every player of the night: the starting players, then arrivals."""
    rows: tuple[Row, ...]
    games: int
    tables: tuple[TableView, ...]
    """Every open table, lowest number first."""
    waiting: tuple[str, ...]
    """The shared line, front first."""
    gone: tuple[str, ...]
    """Players who have left for the night."""
    totals: tuple[int, ...]
    problems: tuple[Problem, ...] = ()
    accepted: int = 0
    """Tournament: the score card is accepted through this game (a round's end), or 0."""
    kitties: tuple[tuple[int, tuple[tuple[str, int], ...]], ...] = ()
    """House rule `kitty`: for each table whose kitty holds something, what each player
    put in it since it was last taken."""

    @property
    def rules(self) -> RuleSet:
        """The night's rule set."""
        return self.session.rules

    @property
    def east(self) -> str:
        """Who deals next at the first open table."""
        return self.tables[0].east if self.tables else self.session.east

    @property
    def seated(self) -> tuple[str, ...]:
        """Seated for the next game at the first open table, East first."""
        return self.tables[0].seated if self.tables else ()

    @property
    def club(self) -> bool:
        """True for a night of several tables (or one that ever had them)."""
        return self.session.tables > 1 or len(self.tables) > 1

    @property
    def next_game(self) -> int:
        """The number of the next game to be scored."""
        return self.games + 1

    def totals_map(self) -> dict[str, int]:
        """Each player's total, in session order."""
        return dict(zip(self.players, self.totals, strict=True))

    def purses(self) -> dict[str, int] | None:
        """Each player's purse under the pie (pie plus total), or None without a pie."""
        pie = self.rules.pie
        if pie is None:
            return None
        return {p: pie + t for p, t in zip(self.players, self.totals, strict=True)}

    def arrivals(self) -> dict[str, int]:
        """Where each late arrival first joined: the log position of their first arrival
        (the starting players are not listed). Before it they were not yet at the night,
        so their running total is not shown."""
        first: dict[str, int] = {}
        for row in self.rows:
            entry = row.entry
            if isinstance(entry, Join) and entry.player not in self.session.players:
                first.setdefault(entry.player, row.at)
        return first

    def table_named(self, table: int | None) -> int | None:
        """`table` (`mahj log --table N`, `/log.json?table=N`) when the night had it: it
        played a game or plays now; else refused, naming the tables."""
        known = {row.table for row in self.rows} | {t.table for t in self.tables}
        if table is not None and table not in known:
            from .errors import Refused

            tables = ", ".join(str(t) for t in sorted(known))
            raise Refused(f"there is no table {table} tonight (tables: {tables})")
        return table

    def table_of(self, player: str) -> TableView | None:
        """The open table `player` sits at, if any."""
        return next((t for t in self.tables if player in t.seated), None)

    def present(self) -> tuple[str, ...]:
        """Players still here, seated or waiting."""
        return tuple(p for t in self.tables for p in t.seated) + self.waiting

    def kitty_total(self) -> int:
        """What is in all the kitties."""
        return sum(amount for _, paid in self.kitties for _, amount in paid)

    def kitty_returns(self) -> dict[str, int]:
        """What the kitties still hold, by who put it in (given back at the night's end)."""
        back: dict[str, int] = {}
        for _, paid in self.kitties:
            for name, amount in paid:
                back[name] = back.get(name, 0) + amount
        return back

    def settled_rows(self) -> tuple[Row, ...]:
        """The departures at which a player settled up as she went (RULES.md §5)."""
        return tuple(
            row for row in self.rows if isinstance(row.entry, Leave) and row.entry.settled_up
        )

    def settled(self) -> tuple[Transfer, ...]:
        """Every payment made by players settling up as they left, in the log's order."""
        return tuple(
            Transfer(*paid)
            for row in self.settled_rows()
            if isinstance(row.entry, Leave)
            for paid in row.entry.settled
        )

    def unsettled(self) -> dict[str, int]:
        """Each player's total less what she has settled already (a payer's debt shrinks
        by what she paid, a payee's winnings by what she was paid)."""
        left = self.totals_map()
        for paid in self.settled():
            left[paid.payer] += paid.amount
            left[paid.payee] -= paid.amount
        return left

    def balances(self) -> dict[str, int]:
        """What the night's final settle-up settles: each player's total, less what she
        settled as she left, with the kitties given back."""
        back = self.kitty_returns()
        return {p: t + back.get(p, 0) for p, t in self.unsettled().items()}

    def settled_square(self) -> frozenset[str]:
        """The players gone for the night who settled up as they left and owe and are
        owed nothing more."""
        balances = self.balances()
        return frozenset(
            row.entry.player
            for row in self.settled_rows()
            if isinstance(row.entry, Leave)
            and row.entry.player in self.gone
            and balances[row.entry.player] == 0
        )

    def together(self) -> frozenset[frozenset[str]]:
        """Every two players who sat at a table together for a game."""
        return frozenset(
            frozenset((one, other))
            for row in self.rows
            if row.is_game
            for i, one in enumerate(row.seated)
            for other in row.seated[i + 1 :]
        )

    def settle_up(self) -> SettleUp:
        """The night's final settle-up: who pays whom to clear every balance."""
        return settle(self.balances(), self.together())
