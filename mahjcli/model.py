"""The session log as plain frozen values: what happened at the table, nothing derived.

A session is one night at one table: the rule set and its options, the players in seat
order, the first East, an optional card, and an ordered log of entries. Totals, East, the
waiting line and purses are never stored; `mahjcli.scoring.fold` derives them.
"""

from __future__ import annotations

import datetime as _dt
import unicodedata
from dataclasses import dataclass, field
from typing import ClassVar, Literal

RuleSet = Literal["league", "tournament"]
RULE_SETS: tuple[RuleSet, ...] = ("league", "tournament")

SCHEMA = 1
"""The session-file schema this program writes and the newest it reads."""

MIN_SEATED = 3
SEATS = 4
MAX_PLAYERS = 8
MAX_VALUE = 1000
"""Largest hand value accepted; real cards print 25 to 75."""
MAX_EXPOSURES = 5
GAMES_PER_ROUND = 4
"""Four games make a round (and a tournament score card's section)."""
MAX_PIE = 1_000_000
"""Largest pie accepted: $10,000 at a cent a point."""


@dataclass(frozen=True)
class Options:
    """The rule variants of one session, each explicit."""

    rules: RuleSet = "league"
    """`league`: payments between players (RULES.md §1); `tournament`: Master Points (§6)."""
    pie: int | None = None
    """League only: each player's purse at the start of the night (RULES.md §4); None = no pie."""
    misnamed_adds: bool = False
    """Tournament only: a mis-named discard's −25 is added to the exposure penalty instead
    of replacing it (RULES.md §6 "a rule option may make it add instead")."""


@dataclass(frozen=True)
class CardLine:
    """One line of a year's card."""

    name: str
    value: int
    section: str = ""
    concealed: bool = False
    groups: bool = True
    """True when the line has at least one group of three or more tiles (pung, kong,
    quint); a line without one cannot hold a joker, so jokerless never doubles it."""


@dataclass(frozen=True)
class Card:
    """A year's card: the lines a hand can be scored as."""

    name: str
    lines: tuple[CardLine, ...]
    year: int | None = None


@dataclass(frozen=True)
class Win:
    """A game won by `winner`; `thrown_by` is None for a self-picked win."""

    kind: ClassVar[str] = "win"
    winner: str
    value: int
    thrown_by: str | None = None
    jokerless: bool = False
    singles_pairs: bool = False
    heavenly: bool = False
    exposures: int | None = None
    misnamed: bool = False
    dead: tuple[str, ...] = ()
    line: str | None = None
    """The card line the hand was scored as, when it was looked up on the card."""

    @property
    def self_picked(self) -> bool:
        """True when nobody threw the winning tile."""
        return self.thrown_by is None


@dataclass(frozen=True)
class Wall:
    """A wall game: the tiles ran out and nobody won."""

    kind: ClassVar[str] = "wall"
    dead: tuple[str, ...] = ()


@dataclass(frozen=True)
class Incomplete:
    """A tournament game not finished when time was called."""

    kind: ClassVar[str] = "incomplete"


@dataclass(frozen=True)
class Penalty:
    """Tournament points lost by one player (e.g. 10 for looking at a blind-passed tile)."""

    kind: ClassVar[str] = "penalty"
    player: str
    points: int
    reason: str = ""


@dataclass(frozen=True)
class Join:
    """A player arrives: joins the line, or sits at once if fewer than four are seated."""

    kind: ClassVar[str] = "join"
    player: str


@dataclass(frozen=True)
class Leave:
    """A player leaves for the night; their points stay on the sheet."""

    kind: ClassVar[str] = "leave"
    player: str


@dataclass(frozen=True)
class Accept:
    """A tournament table accepts its score card for every round played so far; those
    rounds no longer change (RULES.md §6)."""

    kind: ClassVar[str] = "accept"


Entry = Win | Wall | Incomplete | Penalty | Join | Leave | Accept
GAME_KINDS = ("win", "wall", "incomplete")
"""Entries that are games: each one passes the deal."""


@dataclass(frozen=True)
class Session:
    """One night at one table, as recorded."""

    players: tuple[str, ...]
    """The players named at the start, in seat order (each to the right of the one before);
    the first four sit (all three, if three), the rest wait in this order."""
    east: str
    options: Options = field(default_factory=Options)
    log: tuple[Entry, ...] = ()
    name: str = ""
    date: _dt.date | None = None
    card: Card | None = None

    def all_players(self) -> tuple[str, ...]:
        """Everyone who took part: the starting players, then arrivals in order."""
        names = list(self.players)
        seen = {fold_name(n) for n in names}
        for entry in self.log:
            if isinstance(entry, Join) and fold_name(entry.player) not in seen:
                seen.add(fold_name(entry.player))
                names.append(entry.player)
        return tuple(names)


def fold_name(name: str) -> str:
    """The key two spellings of one name share: case-insensitive, Unicode-normalised.

    >>> fold_name("RUTH") == fold_name("ruth")
    True
    """
    return unicodedata.normalize("NFC", name).casefold()


def shown(value: object) -> str:
    """A value as it is spelled in a TOML file, for messages.

    >>> shown(True), shown("25"), shown(8.5)
    ('true', '"25"', '8.5')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return repr(value)
