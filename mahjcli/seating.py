"""Seats, East and the waiting line (RULES.md §3).

`Table` is the only mutable value in the core: the fold in `mahjcli.scoring` drives one
through the log. Seats are kept in the direction of play: `seats[i + 1]` sits to the right
of `seats[i]`, and the deal passes to the right.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .model import MIN_SEATED, SEATS


class SeatingError(ValueError):
    """A join or leave that the table cannot take (the message says why)."""


@dataclass
class Table:
    """Who sits where, who deals next, and who waits (front of the line first)."""

    seats: list[str]
    east: int = 0
    waiting: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, players: tuple[str, ...], east: str) -> Table:
        """The opening table: the first four sit (all three, if three), the rest wait.

        >>> t = Table.start(("Ruth", "Linda", "Kathy", "Pat", "Sue"), "Linda")
        >>> t.east_player, t.waiting
        ('Linda', ['Sue'])
        """
        seats = list(players[:SEATS])
        if east not in seats:
            raise SeatingError(f"the first East must be one of the seated players: {east}")
        return cls(seats=seats, east=seats.index(east), waiting=list(players[SEATS:]))

    @property
    def east_player(self) -> str:
        """The player who deals the next game."""
        return self.seats[self.east]

    def in_deal_order(self) -> list[str]:
        """The seated players starting with East and going to the right."""
        return self.seats[self.east :] + self.seats[: self.east]

    def after_game(self) -> None:
        """Pass the deal; with a line, East stands up and the front of the line sits.

        >>> t = Table.start(("Ruth", "Linda", "Kathy", "Pat", "Sue"), "Ruth")
        >>> t.after_game(); t.in_deal_order(), t.waiting
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

    def leave(self, player: str) -> str | None:
        """Take a player off the table or out of the line; returns who took their seat.

        A seated leaver is replaced in the same seat by the front of the line; with nobody
        waiting the table plays on one short, but never with fewer than three. When East
        leaves, the deal passes to the right, as it does after a game.
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
        if len(self.seats) <= MIN_SEATED:
            raise SeatingError(
                f"{player} cannot leave: the table would drop below {MIN_SEATED} seated "
                "players and nobody is waiting to take the seat"
            )
        del self.seats[index]
        if index < self.east:
            self.east -= 1
        self.east %= len(self.seats)
        return None
