"""What the fold derives from a session: one scored row per entry, and the standings."""

from __future__ import annotations

from typing import NamedTuple

from .model import Entry, is_game
from .payments import Payment
from .problems import Problem
from .rulesets import RuleSet
from .session import Session


class Row(NamedTuple):
    """One log entry as scored. `deltas` and `totals` line up with `Standings.players`."""

    at: int
    """The entry's place in the log, from 0."""
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
        return is_game(self.entry)

    @property
    def result(self) -> str:
        """`win`, `wall`, `incomplete`, `penalty`, `join`, `leave` or `accept`."""
        return self.entry.kind


class Standings(NamedTuple):
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
    def rules(self) -> RuleSet:
        """The night's rule set."""
        return self.session.rules

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

    def present(self) -> tuple[str, ...]:
        """Players still at the table, seated or waiting."""
        return self.seated + self.waiting
