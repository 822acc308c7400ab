"""One night at one table, as recorded: the players in seat order, the first East, the
rule set, an optional card and the ordered log. Everything else is derived by the fold."""

import datetime as _dt
from typing import NamedTuple

from .cards import pairs_only_values
from .model import Card, CardLine, Entry, Join, Win
from .names import fold_name, name_problem
from .rulesets import League, RuleSet


class Session(NamedTuple):
    """One night, at one table or several (a club night), as recorded."""

    players: tuple[str, ...]
    """The players named at the start, in seat order (each to the right of the one before);
    they fill the tables in order (four a table, three where they run out) and the rest
    wait in this order."""
    easts: tuple[str, ...]
    """The first East of each table, table 1 first."""
    rules: RuleSet = League()
    log: tuple[Entry, ...] = ()
    name: str = ""
    date: _dt.date | None = None
    card: Card | None = None
    tables: int = 1
    """How many tables the night started with."""

    @property
    def east(self) -> str:
        """The first East of table 1."""
        return self.easts[0]

    def all_players(self) -> tuple[str, ...]:
        """Everyone who took part: the starting players, then arrivals in order."""
        names = list(self.players)
        seen = {fold_name(n) for n in names}
        for entry in self.log:
            if isinstance(entry, Join) and fold_name(entry.player) not in seen:
                seen.add(fold_name(entry.player))
                names.append(entry.player)
        return tuple(names)

    def card_line(self, name: str | None) -> CardLine | None:
        """The line of tonight's card with exactly this name, if there is one."""
        if name is None or self.card is None:
            return None
        return next((line for line in self.card.lines if line.name == name), None)

    def has_group(self, win: Win) -> bool:
        """Whether the winning hand has a group of three or more (so can hold a joker):
        the card's word for a line looked up on it, else no when every line of the card at
        that value is singles and pairs, else the win's singles-and-pairs flag."""
        line = self.card_line(win.line)
        if line is not None:
            return line.groups
        if self.card is not None and win.value in pairs_only_values(self.card):
            return False
        return not win.singles_pairs


def players_problem(players: list[str], rules: RuleSet, tables: int = 1) -> str | None:
    """Why this list cannot be a night's players, or None."""
    for p in players:
        if why := name_problem(p):
            return why
    seen: dict[str, str] = {}
    for p in players:
        key = fold_name(p.strip())
        if key in seen:
            return f"{seen[key]!r} and {p!r} are the same name; give each player a different name"
        seen[key] = p
    return rules.players_problem(len(players), tables)
