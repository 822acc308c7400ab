"""What happened at the table, as plain immutable values: cards and the entries of a log.

Each entry's keys are declared once, on its fields (`Annotated[..., Key(...)]`): the
session file's reader, its known-keys check and its writer all work from these
declarations (`keys_of`), so a new key is one line here. Every entry carries its `kind`
as its last field, so entries of different kinds never compare equal. Nothing derived
(totals, East, the line, purses) is a value of this module.
"""

import functools
import re
from typing import Annotated, Any, Literal, NamedTuple

MIN_SEATED = 3
SEATS = 4
MAX_VALUE = 1000
"""Largest hand value accepted; real cards print 25 to 75."""
MAX_EXPOSURES = 5
GAMES_PER_ROUND = 4
"""Four games make a round (one deal each), and a section of a tournament score card."""
MAX_PIE = 1_000_000
"""Largest pie accepted: $10,000 at a cent a point."""
MAX_TABLES = 16
"""Most tables a club night can run at once."""
MAX_WAITING = 4
"""Most players a night can start with in the waiting line (more: open another table)."""
WINDS = ("East", "South", "West", "North")
"""The seats of a table of four, East first and going to the right."""

KeyType = Literal["player", "players", "bets", "amounts", "flag", "count", "text", "line", "id"]
"""What kind of value a key of a log entry holds: a player's name, a list of names, a list
of bets (each `[bettor, player]`), a list of amounts (each `[player, points]`), true or
false, a whole number, text, a card line's name, or an entry id (`is_entry_id`)."""


class Key(NamedTuple):
    """How one key of a log entry is read and written."""

    type: KeyType
    required: bool = False
    low: int = 0
    high: int = 0
    what: str = ""
    """For a number: the words that say its range (`a whole number from 1 to 1000`)."""


PLAYER = Key("player", required=True)
MAYBE_PLAYER = Key("player")
PLAYERS = Key("players")
SEATED = Key("players", what="the players seated, East first")
"""Who sat at a game's table when it was recorded, East first and going to the right
(RULES.md §10: a correction may never seat a recorded game differently)."""
BETS = Key("bets")
FLAG = Key("flag")
TEXT = Key("text")
LINE = Key("line")
VALUE = Key("count", required=True, low=1, high=MAX_VALUE,
            what=f"a whole number from 1 to {MAX_VALUE}")  # fmt: skip
EXPOSURES = Key("count", low=0, high=MAX_EXPOSURES, what=f"a count from 0 to {MAX_EXPOSURES}")
POINTS = Key("count", required=True, low=1, high=MAX_VALUE,
             what=f"a whole number of points from 1 to {MAX_VALUE}")  # fmt: skip
MAX_SETTLED = 100_000_000
"""Largest payment a settle-up records: a million dollars at a cent a point."""
AMOUNTS = Key("amounts", low=1, high=MAX_SETTLED,
              what=f"a whole number of points from 1 to {MAX_SETTLED}")  # fmt: skip
TABLE = Key("count", low=1, high=MAX_TABLES, what=f"a table number from 1 to {MAX_TABLES}")
THE_TABLE = TABLE._replace(required=True)
ENTRY_ID = Key("id", what="8 to 64 letters, digits, - or _")
"""The id a phone (or a script) gave what it sent, so that it is recorded at most once."""
_ENTRY_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


def is_entry_id(text: object) -> bool:
    """Whether `text` can be an entry id: 8 to 64 ASCII letters, digits, `-` or `_`.

    >>> is_entry_id("k3x-9f_2a1"), is_entry_id("short"), is_entry_id("é" * 9)
    (True, False, False)
    """
    return isinstance(text, str) and _ENTRY_ID.fullmatch(text) is not None


class CardLine(NamedTuple):
    """One line of a year's card."""

    name: str
    value: int
    section: str = ""
    concealed: bool = False
    groups: bool = True
    """True when the line has at least one group of three or more tiles (pung, kong,
    quint); a line without one cannot hold a joker, so jokerless never doubles it."""


class Card(NamedTuple):
    """A year's card: the lines a hand can be scored as, in the card's order."""

    name: str
    lines: tuple[CardLine, ...]
    year: int | None = None

    @property
    def title(self) -> str:
        """The card's name, with its year when the name does not already say it.

        >>> Card("Thursday card 2026", (), 2026).title, Card("Light", (), 2025).title
        ('Thursday card 2026', 'Light 2025')
        """
        name = self.name or "Card"
        if self.year is None or str(self.year) in name:
            return name
        return f"{name} {self.year}"


class Win(NamedTuple):
    """A game won by `winner`; `thrown_by` is None for a self-picked win."""

    winner: Annotated[str, PLAYER]
    value: Annotated[int, VALUE]
    thrown_by: Annotated[str | None, MAYBE_PLAYER] = None
    jokerless: Annotated[bool, FLAG] = False
    singles_pairs: Annotated[bool, FLAG] = False
    heavenly: Annotated[bool, FLAG] = False
    misnamed: Annotated[bool, FLAG] = False
    exposures: Annotated[int | None, EXPOSURES] = None
    dead: Annotated[tuple[str, ...], PLAYERS] = ()
    line: Annotated[str | None, LINE] = None
    """The card line the hand was scored as, when it was looked up on the card."""
    pays_for_table: Annotated[str | None, MAYBE_PLAYER] = None
    """House rule: the player whose error gave Mah Jongg pays what all the losers owed."""
    bets: Annotated[tuple[tuple[str, str], ...], BETS] = ()
    """House rule (bettor): waiting players' bets on a seated player, as (bettor, player)."""
    wall_bets: Annotated[tuple[str, ...], PLAYERS] = ()
    """House rule (bettor): waiting players who bet that the game would be a wall game."""
    table: Annotated[int | None, TABLE] = None
    """The table it was played at, as recorded on a club night (it is its winner's)."""
    seats: Annotated[tuple[str, ...], SEATED] = ()
    """Who sat at that table, East first, as recorded (older files leave it out)."""
    entry_id: Annotated[str | None, ENTRY_ID] = None
    kind: Literal["win"] = "win"

    @property
    def self_picked(self) -> bool:
        """True when nobody threw the winning tile (the file says `self_pick = true`)."""
        return self.thrown_by is None


class Wall(NamedTuple):
    """A wall game: the tiles ran out and nobody won."""

    dead: Annotated[tuple[str, ...], PLAYERS] = ()
    table: Annotated[int | None, TABLE] = None
    """The table it was played at (a club night); None at a night of one table."""
    bets: Annotated[tuple[tuple[str, str], ...], BETS] = ()
    wall_bets: Annotated[tuple[str, ...], PLAYERS] = ()
    seats: Annotated[tuple[str, ...], SEATED] = ()
    """Who sat at that table, East first, as recorded (older files leave it out)."""
    entry_id: Annotated[str | None, ENTRY_ID] = None
    kind: Literal["wall"] = "wall"


class Incomplete(NamedTuple):
    """A tournament game not finished when time was called."""

    seats: Annotated[tuple[str, ...], SEATED] = ()
    """Who sat at the table, East first, as recorded (older files leave it out)."""
    entry_id: Annotated[str | None, ENTRY_ID] = None
    kind: Literal["incomplete"] = "incomplete"


class Penalty(NamedTuple):
    """Tournament points lost by one player (e.g. 10 for looking at a blind-passed tile)."""

    player: Annotated[str, PLAYER]
    points: Annotated[int, POINTS]
    reason: Annotated[str, TEXT] = ""
    entry_id: Annotated[str | None, ENTRY_ID] = None
    kind: Literal["penalty"] = "penalty"


class Join(NamedTuple):
    """A player arrives: joins the line, or sits at once if fewer than four are seated."""

    player: Annotated[str, PLAYER]
    entry_id: Annotated[str | None, ENTRY_ID] = None
    kind: Literal["join"] = "join"


class Leave(NamedTuple):
    """A player leaves for the night; their points stay on the sheet. When she settles up
    as she goes (RULES.md §5), the payments made then are recorded with her leaving."""

    player: Annotated[str, PLAYER]
    pays: Annotated[tuple[tuple[str, int], ...], AMOUNTS] = ()
    """Settling up: the players she paid, and how much, as (player, points)."""
    paid_by: Annotated[tuple[tuple[str, int], ...], AMOUNTS] = ()
    """Settling up: the players who paid her, and how much, as (player, points)."""
    square: Annotated[bool, FLAG] = False
    """She settled up as she left and was square: nobody paid, and nobody was paid."""
    entry_id: Annotated[str | None, ENTRY_ID] = None
    kind: Literal["leave"] = "leave"

    @property
    def settled_up(self) -> bool:
        """Whether she settled up as she left (with payments, or square).

        >>> Leave("Sue").settled_up, Leave("Sue", square=True).settled_up
        (False, True)
        """
        return self.square or bool(self.pays or self.paid_by)

    @property
    def settled(self) -> tuple[tuple[str, str, int], ...]:
        """The payments of her settle-up, as (payer, payee, points).

        >>> Leave("Sue", pays=(("Ruth", 120),), paid_by=(("Pat", 5),)).settled
        (('Sue', 'Ruth', 120), ('Pat', 'Sue', 5))
        """
        paid = tuple((self.player, payee, amount) for payee, amount in self.pays)
        return paid + tuple((payer, self.player, amount) for payer, amount in self.paid_by)


class Error(NamedTuple):
    """A tournament game ended by a Mah Jongg called in error: the caller and every player
    who exposed their hand are dead (the `mj-in-error` variant scores it)."""

    caller: Annotated[str, PLAYER]
    intact: Annotated[str | None, MAYBE_PLAYER] = None
    """The one player who kept an intact hand, if exactly one did."""
    seats: Annotated[tuple[str, ...], SEATED] = ()
    """Who sat at the table, East first, as recorded (older files leave it out)."""
    entry_id: Annotated[str | None, ENTRY_ID] = None
    kind: Literal["error"] = "error"


class Open(NamedTuple):
    """A club night opens another table: the front four of the line sit at it."""

    east: Annotated[str | None, MAYBE_PLAYER] = None
    """Its first East (default: the first of the four)."""
    entry_id: Annotated[str | None, ENTRY_ID] = None
    kind: Literal["open"] = "open"


class Close(NamedTuple):
    """A club night closes a table: its players go to the front of the line, in seat order."""

    table: Annotated[int, THE_TABLE]
    entry_id: Annotated[str | None, ENTRY_ID] = None
    kind: Literal["close"] = "close"


class Accept(NamedTuple):
    """A tournament table accepts its score card for every round played so far; those
    rounds no longer change (RULES.md §6)."""

    entry_id: Annotated[str | None, ENTRY_ID] = None
    kind: Literal["accept"] = "accept"


Entry = Win | Wall | Incomplete | Error | Penalty | Join | Leave | Open | Close | Accept
ENTRY_TYPES: dict[str, type[Entry]] = {
    cls._field_defaults["kind"]: cls
    for cls in (Win, Wall, Incomplete, Error, Penalty, Join, Leave, Open, Close, Accept)
}
"""Every kind of log entry, by the `kind` its [[log]] table names."""
GAMES = frozenset({"win", "wall", "incomplete", "error"})
"""The kinds of entry that are games: each passes the deal."""

SHAPE_KEYS: dict[tuple[str, str], dict[str, Key]] = {("win", "thrown_by"): {"self_pick": FLAG}}
"""Keys a file may hold that say how an entry is shaped rather than set a field, by the
field they follow: `self_pick = true` is a win without a thrower."""


def is_game(entry: Entry) -> bool:
    """True for wins, wall games and games stopped by time.

    >>> is_game(Wall()), is_game(Join("Sue"))
    (True, False)
    """
    return entry.kind in GAMES


@functools.cache
def keys_of(kind: str) -> dict[str, Key]:
    """The keys of one kind of entry, in the order they are written (besides `kind`).

    >>> list(keys_of("penalty"))
    ['player', 'points', 'reason', 'entry_id']
    """
    cls = ENTRY_TYPES[kind]
    hints = cls.__annotations__  # evaluated as the class is made (no string annotations here)
    keys: dict[str, Key] = {}
    for name in cls._fields:
        metadata: tuple[Any, ...] = getattr(hints[name], "__metadata__", ())
        if metadata:
            keys[name] = metadata[0]
        keys.update(SHAPE_KEYS.get((kind, name), {}))
    return keys
