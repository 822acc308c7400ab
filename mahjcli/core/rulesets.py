"""The rule sets a night can be played under, as objects: what each allows and how each
scores a game. A session holds one (`Session.rules`); nothing else in the program tells
league from tournament.

- `League` (RULES.md §1-§4, §7): losers pay the winner; games sum to zero; an optional pie
  and the night's house rules.
- `Tournament` (RULES.md §6, §7, Mah Jongg Master Points): points, not payments; exactly
  four players; penalties, time called and a score card; the profile's variants.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar, NamedTuple

from . import league, payments
from .house import RULES, House
from .league import Game
from .model import MAX_PIE, MAX_WAITING, MIN_SEATED, SEATS, Error, Wall, Win
from .money import stake_dollars
from .payments import Payment

MISNAMED_MODES = ("replace", "add")
"""Tournament: a mis-named discard's −25 replaces the thrower's penalty, or adds to it."""
DEFAULT_PROFILE = "mjmp"  # Mah Jongg Master Points (RULES.md §6): when a tournament names none
VARIANTS: dict[str, str] = {
    "three-exposures-30": "the thrower loses 30 when the winner had three or more exposures",
    "mj-in-error": "a Mah Jongg called in error scores 0 for all, or +10 for the one player "
    "who kept an intact hand",
    "dead-wall-0": "a dead hand in a wall game scores 0, not -10",
}
"""Tournament variants a night may name (besides `misnamed = "add"`), with their words."""


class WinScore(NamedTuple):
    """What one game does: each player's change, its payments (league: thrower first;
    None stands for the kitty) and notes that explain a rule applied."""

    deltas: dict[str, int]
    payments: tuple[Payment, ...] = ()
    notes: tuple[str, ...] = ()


SINGLES_PAIRS_NOTE = "jokerless is not counted: a singles-and-pairs hand cannot hold a joker"
HEAVENLY_NOTE = "a heavenly hand scores the card value only, with no bonus"


class Rules:
    """What every rule set answers; `League` and `Tournament` fill it in."""

    name: ClassVar[str]
    """How the session file and JSON name it: `league` or `tournament`."""
    pays: ClassVar[bool]
    """Points are payments between players: games sum to zero, money and settling up apply."""
    score_card: ClassVar[bool]
    """The table keeps a score card of rounds (and may accept it)."""
    needs_exposures: ClassVar[bool]
    """A thrown win cannot be scored without the winner's exposures."""
    table_size: ClassVar[int | None]
    """Exactly this many players at one table, or None for three to eight (or club nights)."""
    refusals: ClassVar[Mapping[str, str]]
    """Why an entry kind (or `misnamed`) cannot happen under these rules."""

    def refuses(self, what: str) -> str | None:
        """Why `what` (an entry kind, or `misnamed`) is not allowed, or None."""
        return self.refusals.get(what)

    def house_problem(self, rule: str) -> str | None:
        """Why house rule `rule` (a name of `house.RULES`) is not played tonight, or None."""
        return f"house rules are played at league tables, not at a {self.name} table"

    def house_rules(self) -> list[str]:
        """The house rules played tonight, as `RULE[=VALUE]`."""
        return []

    def players_problem(self, count: int, tables: int = 1) -> str | None:
        """Why a night cannot start with `count` players at `tables` tables, or None."""
        if self.table_size is not None and count != self.table_size:
            return f"a {self.name} table has exactly {self.table_size} players, not {count}"
        if tables > 1 and self.table_size is not None:
            return f"a {self.name} night plays at one table; leave out --tables"
        most = SEATS * tables + MAX_WAITING
        if not MIN_SEATED * tables <= count <= most:
            where = "a table needs" if tables == 1 else f"{tables} tables need"
            return f"{where} {MIN_SEATED * tables} to {most} players, not {count}"
        return None

    def options(self) -> dict[str, object]:
        """This rule set's settings, as the session file records them."""
        raise NotImplementedError

    def rule_notes(self, coins: int = 0) -> tuple[str, ...]:
        """The options in force, in words, under a night's standings (money: `coins`)."""
        return ()

    def score_win(self, win: Win, game: Game, has_group: bool) -> WinScore:
        """What a valid win does at a table where `game` is played."""
        raise NotImplementedError

    def score_wall(self, wall: Wall, game: Game) -> WinScore:
        """What a wall game does."""
        raise NotImplementedError

    def score_error(self, error: Error) -> WinScore:
        """What a Mah Jongg called in error does (where the rules score one): nothing."""
        return WinScore({})

    def winner_gain(
        self,
        value: int,
        *,
        self_picked: bool,
        jokerless: bool,
        has_group: bool,
        seated: int,
        heavenly: bool = False,
    ) -> int:
        """What the winner of such a hand gains (to choose the best of several lines)."""
        raise NotImplementedError

    def jokerless_paid(self, win: Win, has_group: bool) -> bool:
        """Whether the win's jokerless claim changed what it was worth (asked of
        `winner_gain`, so it follows every exception the rules make)."""
        if not win.jokerless:
            return False

        def gain(jokerless: bool) -> int:
            return self.winner_gain(
                win.value,
                self_picked=win.self_picked,
                jokerless=jokerless,
                has_group=has_group,
                seated=SEATS,
                heavenly=win.heavenly,
            )

        return gain(True) != gain(False)


def pie_problem(pie: object, label: str = "pie") -> str | None:
    """Why `pie` cannot be a night's pie, or None.

    >>> pie_problem(500) is None, pie_problem(0, "--pie")
    (True, '--pie must be a whole number of points from 1 to 1,000,000, not 0')
    """
    if isinstance(pie, bool) or not isinstance(pie, int) or not 0 < pie <= MAX_PIE:
        return f"{label} must be a whole number of points from 1 to {MAX_PIE:,}, not {pie}"
    return None


def _notes(win: Win, has_group: bool) -> tuple[str, ...]:
    return (SINGLES_PAIRS_NOTE,) if win.jokerless and not has_group else ()


@dataclass(frozen=True)
class League(Rules):
    """Social play: the losers pay the winner (RULES.md §1), with an optional pie (§4) and
    the night's house rules (§7)."""

    pie: int | None = None
    """Each player's purse at the start of the night (RULES.md §4), or None."""
    house: House = field(default_factory=House)
    stake: int = 0
    """Cents a point when the night is played for money (25: a quarter a point), else 0;
    only how amounts are shown (RULES.md §5)."""

    name: ClassVar[str] = "league"
    pays: ClassVar[bool] = True
    score_card: ClassVar[bool] = False
    needs_exposures: ClassVar[bool] = False
    table_size: ClassVar[int | None] = None
    refusals: ClassVar[Mapping[str, str]] = {
        "incomplete": "a game stopped by time is scored only at a tournament table; "
        "a league game nobody won is a wall game (mahj wall)",
        "penalty": "penalties are scored only at a tournament table (mahj new --rules tournament)",
        "accept": "only a tournament table hands in a score card",
        "misnamed": "a mis-named discard is scored only at a tournament table",
        "error": "a Mah Jongg in error is scored only at a tournament table; at a league "
        "table the caller's hand is dead (mahj win ... --dead NAME)",
    }

    def options(self) -> dict[str, object]:
        """`pie = N` when there is a pie, `house = [...]` when house rules are on, `stake`
        when the night is played for money."""
        out: dict[str, object] = {}
        if self.pie is not None:
            out["pie"] = self.pie
        if self.house.names():
            out["house"] = self.house.names()
        if self.stake:
            out["stake"] = stake_dollars(self.stake)
        return out

    def house_rules(self) -> list[str]:
        """The house rules played tonight, as `RULE[=VALUE]`."""
        return self.house.names()

    def house_problem(self, rule: str) -> str | None:
        """Why house rule `rule` is not played tonight, or None."""
        field, _, _, _ = RULES[rule]
        if getattr(self.house, field) not in (None, False):
            return None
        return f"{rule} is a house rule this night does not play (mahj new ... --house {rule})"

    def rule_notes(self, coins: int = 0) -> tuple[str, ...]:
        """The house rules on tonight, in money on a night played for it, or in coins."""
        words = self.house.words(self.stake or coins)
        return (f"House rules: {'; '.join(words)}.",) if words else ()

    def score_win(self, win: Win, game: Game, has_group: bool) -> WinScore:
        """Every payment the win brings (RULES.md §1, §7), each within its payer's purse (§4)."""
        paid = league.win_payments(win, game, self.house, has_group)
        return WinScore(payments.deltas_of(paid), tuple(paid), _notes(win, has_group))

    def score_wall(self, wall: Wall, game: Game) -> WinScore:
        """Nobody pays for a wall game, but the kitty and the wall bettors."""
        paid = league.wall_payments(wall, game, self.house)
        return WinScore(payments.deltas_of(paid), tuple(paid))

    def winner_gain(
        self,
        value: int,
        *,
        self_picked: bool,
        jokerless: bool,
        has_group: bool,
        seated: int,
        heavenly: bool = False,
    ) -> int:
        """What the losers pay together (a heavenly hand is paid as self-picked).

        >>> League().winner_gain(25, self_picked=False, jokerless=True, has_group=True,
        ...                      seated=4)
        200
        """
        return sum(
            payments.league_collects(
                value, seated=seated, self_picked=self_picked or heavenly, jokerless=jokerless,
                has_group=has_group, flat=self.house.jokerless_flat,
            )
        )  # fmt: skip


@dataclass(frozen=True)
class Tournament(Rules):
    """Mah Jongg Master Points (RULES.md §6): nobody pays; bonuses and penalties."""

    misnamed_adds: bool = False
    """A mis-named discard's −25 is added to the thrower's exposure penalty instead of
    replacing it (RULES.md §6 "a rule option may make it add instead")."""
    variants: tuple[str, ...] = ()
    """Named variants of the profile (`VARIANTS`)."""
    profile: str = DEFAULT_PROFILE  # the director's profile (RULES.md §7); then its source
    source: str = ""

    pie: ClassVar[None] = None
    """No pie at a tournament table."""
    stake: ClassVar[int] = 0
    """Tournament points are never money."""
    name: ClassVar[str] = "tournament"
    pays: ClassVar[bool] = False
    score_card: ClassVar[bool] = True
    needs_exposures: ClassVar[bool] = True
    table_size: ClassVar[int | None] = SEATS
    refusals: ClassVar[Mapping[str, str]] = {
        "join": "a tournament table plays with exactly four players; nobody can join",
        "leave": "a tournament table plays with exactly four players; nobody can leave",
        "open": "a tournament table plays alone; a club night opens tables",
        "close": "a tournament table plays alone; a club night closes tables",
    }

    @property
    def misnamed_mode(self) -> str:
        """`add` or `replace`, as typed and as the file records it."""
        return MISNAMED_MODES[1] if self.misnamed_adds else MISNAMED_MODES[0]

    @property
    def at_three(self) -> int:
        """The thrower's penalty at three or more exposures."""
        return 30 if "three-exposures-30" in self.variants else payments.THROWER_AT_THREE

    @property
    def dead_wall(self) -> int:
        """What a dead hand scores in a wall game."""
        return 0 if "dead-wall-0" in self.variants else payments.WALL_DEAD_POINTS

    def refuses(self, what: str) -> str | None:
        """As for every rule set, and a Mah Jongg in error only with its variant."""
        if what == "error" and "mj-in-error" not in self.variants:
            return (
                f"these rules ({self.profile}) do not score a Mah Jongg in error: the caller's "
                "hand is dead; record the game as it ended, with --dead NAME (it is scored "
                "only with the mj-in-error variant: a night started with --variant "
                "mj-in-error, an event whose profile says mj_in_error = true)"
            )
        return super().refuses(what)

    def options(self) -> dict[str, object]:
        """`misnamed`, the variants named, the profile's name and source unless mjmp's."""
        out: dict[str, object] = {"misnamed": self.misnamed_mode}
        if self.variants:
            out["variants"] = list(self.variants)
        if self.profile != DEFAULT_PROFILE:
            out["profile"] = self.profile
        if self.source:
            out["profile_source"] = self.source
        return out

    def rule_notes(self, coins: int = 0) -> tuple[str, ...]:
        """The profile and its source, how a mis-named discard scores, each variant."""
        how = "adds to" if self.misnamed_adds else "replaces"
        mjmp = self.profile == DEFAULT_PROFILE
        source = self.source or ("Mah Jongg Master Points" if mjmp else "")
        notes = [f"Profile: {self.profile}" + (f" ({source})." if source else ".")]
        notes += [f"A mis-named discard's -{payments.MISNAMED_PENALTY} {how} the thrower's "
                  "exposure penalty."]  # fmt: skip
        notes += [f"Variant {name}: {VARIANTS[name]}." for name in self.variants]
        return tuple(notes)

    def score_win(self, win: Win, game: Game, has_group: bool) -> WinScore:
        """The winner's points and the thrower's penalty; everyone else 0."""
        gain = self.winner_gain(
            win.value, self_picked=win.self_picked, jokerless=win.jokerless,
            has_group=has_group, seated=len(game.seated), heavenly=win.heavenly,
        )  # fmt: skip
        deltas = {win.winner: gain}
        if win.thrown_by is not None:
            deltas[win.thrown_by] = payments.tournament_thrower_points(
                win.exposures or 0, misnamed=win.misnamed, misnamed_adds=self.misnamed_adds,
                at_three=self.at_three,
            )  # fmt: skip
        notes = list(_notes(win, has_group))
        if win.heavenly and (win.jokerless or win.self_picked):
            notes.append(HEAVENLY_NOTE)
        return WinScore(deltas, (), tuple(notes))

    def score_wall(self, wall: Wall, game: Game) -> WinScore:
        """+10 for each live hand, −10 (or 0: `dead-wall-0`) for each dead one."""
        return WinScore(payments.tournament_wall_points(game.seated, wall.dead, self.dead_wall))

    def score_error(self, error: Error) -> WinScore:
        """Variant `mj-in-error`: 0 for all, or +10 for the one player with an intact hand."""
        if error.intact is None:
            return WinScore({})
        return WinScore({error.intact: payments.INTACT_HAND_POINTS})

    def winner_gain(
        self,
        value: int,
        *,
        self_picked: bool,
        jokerless: bool,
        has_group: bool,
        seated: int,
        heavenly: bool = False,
    ) -> int:
        """The winner's points.

        >>> Tournament().winner_gain(40, self_picked=True, jokerless=True, has_group=True,
        ...                          seated=4, heavenly=True)
        40
        """
        return payments.tournament_winner_points(
            value, self_picked=self_picked, jokerless=jokerless, has_group=has_group,
            heavenly=heavenly,
        )  # fmt: skip


RuleSet = League | Tournament
RULE_SETS: dict[str, type[RuleSet]] = {League.name: League, Tournament.name: Tournament}
"""Each rule set by the name the session file and `--rules` use."""


def rules_problem(name: object, label: str = "rules") -> str | None:
    """Why `name` names no rule set, or None.

    >>> rules_problem("tournament") is None, rules_problem("casual")
    (True, "rules must be league or tournament, not 'casual'")
    """
    if isinstance(name, str) and name in RULE_SETS:
        return None
    return f"{label} must be {' or '.join(RULE_SETS)}, not {name!r}"


def misnamed_problem(mode: object, label: str = "misnamed") -> str | None:
    """Why `mode` is not a mis-named discard mode, or None."""
    if mode in MISNAMED_MODES:
        return None
    return f"{label} must be {' or '.join(MISNAMED_MODES)}, not {mode!r}"


def variants_problem(names: object, label: str = "variants") -> str | None:
    """Why these are not tournament variants, or None."""
    if not isinstance(names, list | tuple) or not all(isinstance(n, str) for n in names):
        return f'{label} must be a list of names, like variants = ["mj-in-error"]'
    for name in names:
        if name not in VARIANTS:
            return f"{label}: no variant called {name!r} (the variants: {', '.join(VARIANTS)})"
    if len(set(names)) < len(names):
        return f"{label}: a variant is named twice"
    return None
