"""Seats, East and the waiting line at one table (RULES.md §3).

`Seating` is the only mutable value in the core: the fold drives one through the log.
Seats are kept in the direction of play: `seats[i + 1]` sits to the right of `seats[i]`,
and the deal passes to the right.
"""

from __future__ import annotations

from .model import MIN_SEATED, SEATS


class Seating:
    """Who sits where, who deals next, and who waits (front of the line first)."""

    __slots__ = ("east", "seats", "waiting")

    def __init__(self, seats: list[str], east: int = 0, waiting: list[str] | None = None) -> None:
        self.seats = seats
        self.east = east
        self.waiting = waiting if waiting is not None else []

    @classmethod
    def start(cls, players: tuple[str, ...], east: str) -> Seating:
        """The opening table: the first four sit (all three, if three), the rest wait.

        >>> s = Seating.start(("Ruth", "Linda", "Kathy", "Pat", "Sue"), "Linda")
        >>> s.east_player, s.waiting
        ('Linda', ['Sue'])
        """
        seats = list(players[:SEATS])
        return cls(seats=seats, east=seats.index(east), waiting=list(players[SEATS:]))

    @staticmethod
    def start_problem(players: tuple[str, ...], east: str) -> str | None:
        """Why the night cannot start with this East, or None."""
        if east not in players[:SEATS]:
            return f"the first East must be one of the seated players: {east}"
        return None

    @property
    def east_player(self) -> str:
        """The player who deals the next game."""
        return self.seats[self.east]

    def in_deal_order(self) -> list[str]:
        """The seated players starting with East and going to the right."""
        return self.seats[self.east :] + self.seats[: self.east]

    def present(self) -> list[str]:
        """Everyone at the table, seated or waiting."""
        return [*self.seats, *self.waiting]

    def after_game(self) -> None:
        """Pass the deal; with a line, East stands up and the front of the line sits.

        >>> s = Seating.start(("Ruth", "Linda", "Kathy", "Pat", "Sue"), "Ruth")
        >>> s.after_game(); s.in_deal_order(), s.waiting
        (['Linda', 'Kathy', 'Pat', 'Sue'], ['Ruth'])
        """
        if self.waiting:
            self.waiting.append(self.seats[self.east])
            self.seats[self.east] = self.waiting.pop(0)
        self.east = (self.east + 1) % len(self.seats)

    def join(self, player: str) -> bool:
        """Seat an arrival to East's left (dealing last) if a seat is free, else queue them.

        Returns True when the player sat down at once.
        """
        if len(self.seats) < SEATS:
            self.seats.insert(self.east, player)
            self.east += 1
            return True
        self.waiting.append(player)
        return False

    def leave_problem(self, player: str) -> str | None:
        """Why `player` cannot leave now, or None."""
        if player not in self.seats and player not in self.waiting:
            return f"{player} is not at the table"
        if player in self.seats and not self.waiting and len(self.seats) <= MIN_SEATED:
            return (
                f"{player} cannot leave: the table would drop below {MIN_SEATED} seated "
                "players and nobody is waiting to take the seat"
            )
        return None

    def leave(self, player: str) -> str | None:
        """Take a player off the table or out of the line (see `leave_problem`); returns
        who took their seat.

        A seated leaver is replaced in the same seat by the front of the line; with nobody
        waiting the table plays on one short. When East leaves, the deal passes to the
        right, as it does after a game.
        """
        if player in self.waiting:
            self.waiting.remove(player)
            return None
        index = self.seats.index(player)
        if self.waiting:
            replacement = self.waiting.pop(0)
            self.seats[index] = replacement
            if index == self.east:
                self.east = (self.east + 1) % len(self.seats)
            return replacement
        del self.seats[index]
        if index < self.east:
            self.east -= 1
        self.east %= len(self.seats)
        return None
