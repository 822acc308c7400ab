"""Seats, East and the waiting line (RULES.md §3), at one table or several (§8).

`Seating` is the room: the open tables, each with its seats and its East, and one waiting
line they all share. It is the only mutable value in the core: the fold drives one through
the log. At each table `seats[i + 1]` sits to the right of `seats[i]`, and the deal passes
to the right. A night of one table is a room with one table.
"""

from __future__ import annotations

from .model import MIN_SEATED, SEATS
from .names import listing


class TableSeats:
    """The players seated at one table, in the direction of play, and who deals next."""

    __slots__ = ("east", "seats")

    def __init__(self, seats: list[str], east: int = 0) -> None:
        self.seats = seats
        self.east = east

    @property
    def east_player(self) -> str:
        """The player who deals the next game at this table."""
        return self.seats[self.east]

    def in_deal_order(self) -> list[str]:
        """The seated players starting with East and going to the right."""
        return self.seats[self.east :] + self.seats[: self.east]


def table_sizes(players: int, tables: int) -> list[int]:
    """How many sit at each table when a club night starts: four, and three where the
    players run out (the rest wait).

    >>> table_sizes(11, 2), table_sizes(10, 3), table_sizes(5, 1)
    ([4, 4], [4, 3, 3], [4])
    """
    sizes = []
    left = players
    for remaining in range(tables, 0, -1):
        size = SEATS if left - SEATS >= MIN_SEATED * (remaining - 1) else MIN_SEATED
        sizes.append(size)
        left -= size
    return sizes


def place_words(table: int | None, tables: int) -> str:
    """Where a player who is here is: at a table, or in the line.

    >>> place_words(None, 1), place_words(1, 1), place_words(2, 3)
    ('waiting in the line', 'at the table', 'at table 2')
    """
    if table is None:
        return "waiting in the line"
    return "at the table" if tables == 1 else f"at table {table}"


class Seating:
    """The room: every open table (by number) and the shared line, front first."""

    __slots__ = ("tables", "waiting")

    def __init__(self, tables: dict[int, TableSeats], waiting: list[str] | None = None) -> None:
        self.tables = tables
        self.waiting = waiting if waiting is not None else []

    @classmethod
    def start(cls, players: tuple[str, ...], easts: tuple[str, ...], tables: int = 1) -> Seating:
        """The opening room: players fill the tables in order, the rest wait in order;
        `easts` names each table's first East (a table not named: its first player).

        >>> s = Seating.start(("Ruth", "Linda", "Kathy", "Pat", "Sue"), ("Linda",))
        >>> s.east_player(1), s.waiting
        ('Linda', ['Sue'])
        """
        seated: dict[int, TableSeats] = {}
        at = 0
        for number, size in enumerate(table_sizes(len(players), tables), 1):
            seats = list(players[at : at + size])
            at += size
            east = next((seats.index(e) for e in easts if e in seats), 0)
            seated[number] = TableSeats(seats, east)
        return cls(seated, list(players[at:]))

    @staticmethod
    def start_problem(players: tuple[str, ...], easts: tuple[str, ...], tables: int) -> str | None:
        """Why the night cannot start like this, or None."""
        if len(players) < MIN_SEATED * tables:
            return f"{tables} tables need at least {MIN_SEATED * tables} players"
        room = Seating.start(players, (), tables)
        named: dict[int, str] = {}
        for east in easts:
            table = room.table_of(east)
            if table is None:
                return f"the first East must be one of the seated players: {east}"
            if table in named:
                return f"{named[table]} and {east} cannot both be East of table {table}"
            named[table] = east
        return None

    # ---- questions ------------------------------------------------------------------------

    def table_of(self, player: str) -> int | None:
        """The table `player` sits at, or None (waiting, or not here)."""
        return next((n for n, t in self.tables.items() if player in t.seats), None)

    def first(self) -> int:
        """The lowest-numbered open table."""
        return min(self.tables)

    def east_player(self, table: int) -> str:
        """Who deals the next game at `table`."""
        return self.tables[table].east_player

    def in_deal_order(self, table: int) -> list[str]:
        """The players at `table`, East first and going to the right."""
        return self.tables[table].in_deal_order()

    def seated(self) -> list[str]:
        """Every seated player, table by table."""
        return [p for n in sorted(self.tables) for p in self.tables[n].seats]

    def present(self) -> list[str]:
        """Everyone here, seated or waiting."""
        return [*self.seated(), *self.waiting]

    # ---- changes ----------------------------------------------------------------------------

    def after_game(self, table: int) -> None:
        """Pass the deal at `table`; with a line, its East stands up to the back of the line
        and the front of the line sits in the seat just vacated.

        >>> s = Seating.start(("Ruth", "Linda", "Kathy", "Pat", "Sue"), ("Ruth",))
        >>> s.after_game(1); s.in_deal_order(1), s.waiting
        (['Linda', 'Kathy', 'Pat', 'Sue'], ['Ruth'])
        """
        seats = self.tables[table]
        if self.waiting:
            self.waiting.append(seats.seats[seats.east])
            seats.seats[seats.east] = self.waiting.pop(0)
        seats.east = (seats.east + 1) % len(seats.seats)

    def join(self, player: str) -> int | None:
        """An arrival fills a table of three (the lowest-numbered), in the seat to its East's
        left so they deal last, or joins the back of the line. Returns the table, if any."""
        self.waiting.append(player)
        seated = self._fill()
        return seated[0][1] if seated else None

    def _fill(self) -> list[tuple[str, int]]:
        """Nobody waits while a table plays with three: the front of the line fills each
        table of three (lowest number first), in the seat to its East's left so they deal
        last. Returns who sat down, and where."""
        seated = []
        for number in sorted(self.tables):
            seats = self.tables[number]
            while len(seats.seats) < SEATS and self.waiting:
                player = self.waiting.pop(0)
                seats.seats.insert(seats.east, player)
                seats.east += 1
                seated.append((player, number))
        return seated

    def leave_problem(self, player: str) -> str | None:
        """Why `player` cannot leave now, or None."""
        table = self.table_of(player)
        if table is None and player not in self.waiting:
            return f"{player} is not at the table"
        short = table is not None and len(self.tables[table].seats) <= MIN_SEATED
        if short and not self.waiting and len(self.tables) == 1:
            return (
                f"{player} cannot leave: the table would drop below {MIN_SEATED} seated "
                "players and nobody is waiting to take the seat"
            )
        return None

    def closes_if_leaves(self, player: str) -> int | None:
        """The table that would close if `player` left now (three left, nobody waiting)."""
        table = self.table_of(player)
        if table is None or self.waiting or len(self.tables[table].seats) > MIN_SEATED:
            return None
        return table

    def leave(self, player: str) -> str | None:
        """Take a player off their table or out of the line (see `leave_problem`); returns
        who took their seat (or, when their table closes, who sat down at once elsewhere,
        as `Ruth at table 2`). The front of the line takes a leaver's seat; with nobody
        waiting a table of four plays on with three, and a table of three closes. When East
        leaves, the deal passes to the right, as it does after a game."""
        table = self.table_of(player)
        if table is None:
            self.waiting.remove(player)
            return None
        seats = self.tables[table]
        index = seats.seats.index(player)
        if self.waiting:
            seats.seats[index] = self.waiting.pop(0)
            if index == seats.east:
                seats.east = (seats.east + 1) % len(seats.seats)
            return seats.seats[index]
        del seats.seats[index]
        if index < seats.east:
            seats.east -= 1
        seats.east %= len(seats.seats)
        if len(seats.seats) < MIN_SEATED:
            seated = self.close_table(table)
            return ", ".join(f"{name} at table {number}" for name, number in seated) or None
        return None

    def open_problem(self, east: str | None) -> str | None:
        """Why a table cannot be opened now, or None."""
        if len(self.waiting) < SEATS:
            return (
                f"a new table needs {SEATS} players from the line; {len(self.waiting)} "
                f"{'is' if len(self.waiting) == 1 else 'are'} waiting"
            )
        if east is not None and east not in self.waiting[:SEATS]:
            return f"the new table's East must be one of {listing(self.waiting[:SEATS])}"
        return None

    def open_table(self, east: str | None) -> int:
        """The front four of the line sit at a new table (the lowest free number)."""
        number = next(n for n in range(1, len(self.tables) + 2) if n not in self.tables)
        seats = self.waiting[:SEATS]
        del self.waiting[:SEATS]
        self.tables[number] = TableSeats(seats, seats.index(east) if east else 0)
        return number

    def close_problem(self, table: int) -> str | None:
        """Why `table` cannot be closed now, or None."""
        if table not in self.tables:
            return f"there is no table {table} (open: {', '.join(map(str, sorted(self.tables)))})"
        if len(self.tables) == 1:
            return "the only table cannot close; start a new night instead"
        return None

    def close_table(self, table: int) -> list[tuple[str, int]]:
        """Close a table: its players go to the front of the line, in seat order from East,
        and the front of the line fills any table of three. Returns who sat down, and where.

        >>> s = Seating.start(tuple("ABCDEFG"), (), tables=2)
        >>> s.close_table(1), s.in_deal_order(2), s.waiting
        ([('A', 2)], ['E', 'F', 'G', 'A'], ['B', 'C', 'D'])
        """
        leaving = self.tables.pop(table).in_deal_order()
        self.waiting[:0] = leaving
        return self._fill()
