"""The rule sets a night can be played under, as objects: what each allows and how each
scores a win and a wall game. A session holds one (`Session.rules`); nothing else in the
program tells league from tournament.

- `League` (RULES.md §1-§4): losers pay the winner; games sum to zero; an optional pie.
- `Tournament` (RULES.md §6, Mah Jongg Master Points): points, not payments; exactly four
  players; penalties, time called and a score card; the mis-named discard's option.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, NamedTuple

from . import payments
from .model import MAX_PIE, MAX_PLAYERS, MIN_SEATED, SEATS, Win
from .payments import Payment

MISNAMED_MODES = ("replace", "add")
"""Tournament: a mis-named discard's −25 replaces the thrower's penalty, or adds to it."""


class WinScore(NamedTuple):
    """What one win does: each player's change, the league payments (thrower first) and
    notes that explain a rule applied."""

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
    """Exactly this many players, or None for three to eight."""
    refusals: ClassVar[Mapping[str, str]]
    """Why an entry kind (or `misnamed`) cannot happen under these rules."""

    def refuses(self, what: str) -> str | None:
        """Why `what` (an entry kind, or `misnamed`) is not allowed, or None."""
        return self.refusals.get(what)

    def players_problem(self, count: int) -> str | None:
        """Why a night cannot start with `count` players under these rules, or None."""
        if self.table_size is not None and count != self.table_size:
            return f"a {self.name} table has exactly {self.table_size} players, not {count}"
        if not MIN_SEATED <= count <= MAX_PLAYERS:
            return f"a table needs {MIN_SEATED} to {MAX_PLAYERS} players, not {count}"
        return None

    def options(self) -> dict[str, object]:
        """This rule set's settings, as the session file records them."""
        raise NotImplementedError

    def rule_notes(self) -> tuple[str, ...]:
        """The options in force, in words, for the line under a night's standings."""
        return ()

    def score_win(
        self,
        win: Win,
        seated: Sequence[str],
        *,
        has_group: bool,
        purses: Mapping[str, int] | None,
        order: Mapping[str, int],
    ) -> WinScore:
        """What a valid win does; `seated` East first, `order` each player's place in the
        session (for listing payments), `purses` under a pie."""
        raise NotImplementedError

    def score_wall(self, seated: Sequence[str], dead: Sequence[str]) -> dict[str, int]:
        """Each player's change after a wall game (empty: nobody's changes)."""
        raise NotImplementedError

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


@dataclass(frozen=True)
class League(Rules):
    """Social play: the losers pay the winner (RULES.md §1), with an optional pie (§4)."""

    pie: int | None = None
    """Each player's purse at the start of the night (RULES.md §4), or None."""

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
    }

    def options(self) -> dict[str, object]:
        """`pie = N` when there is a pie."""
        return {"pie": self.pie} if self.pie is not None else {}

    def score_win(
        self,
        win: Win,
        seated: Sequence[str],
        *,
        has_group: bool,
        purses: Mapping[str, int] | None,
        order: Mapping[str, int],
    ) -> WinScore:
        """The losers' payments (RULES.md §1), each within their purse (§4)."""
        owed = payments.league_owed(
            win.winner, win.value, win.thrown_by, seated,
            jokerless=win.jokerless, has_group=has_group,
        )  # fmt: skip
        listed = dict(sorted(owed.items(), key=lambda kv: (kv[0] != win.thrown_by, order[kv[0]])))
        paid = payments.apply_pie(listed, dict(purses) if purses is not None else None)
        deltas = {p.payer: -p.paid for p in paid}
        deltas[win.winner] = sum(p.paid for p in paid)
        notes = (SINGLES_PAIRS_NOTE,) if win.jokerless and not has_group else ()
        return WinScore(deltas, tuple(paid), notes)

    def score_wall(self, seated: Sequence[str], dead: Sequence[str]) -> dict[str, int]:
        """Nobody pays for a wall game."""
        return {}

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
                value, seated=seated, self_picked=self_picked or heavenly,
                jokerless=jokerless, has_group=has_group,
            )
        )  # fmt: skip


@dataclass(frozen=True)
class Tournament(Rules):
    """Mah Jongg Master Points (RULES.md §6): nobody pays; bonuses and penalties."""

    misnamed_adds: bool = False
    """A mis-named discard's −25 is added to the thrower's exposure penalty instead of
    replacing it (RULES.md §6 "a rule option may make it add instead")."""

    pie: ClassVar[None] = None
    """No pie at a tournament table."""
    name: ClassVar[str] = "tournament"
    pays: ClassVar[bool] = False
    score_card: ClassVar[bool] = True
    needs_exposures: ClassVar[bool] = True
    table_size: ClassVar[int | None] = SEATS
    refusals: ClassVar[Mapping[str, str]] = {
        "join": "a tournament table plays with exactly four players; nobody can join",
        "leave": "a tournament table plays with exactly four players; nobody can leave",
    }

    @property
    def misnamed_mode(self) -> str:
        """`add` or `replace`, as typed and as the file records it."""
        return MISNAMED_MODES[1] if self.misnamed_adds else MISNAMED_MODES[0]

    def options(self) -> dict[str, object]:
        """`misnamed = "replace"` or `"add"`."""
        return {"misnamed": self.misnamed_mode}

    def rule_notes(self) -> tuple[str, ...]:
        """How the mis-named discard is scored tonight."""
        how = "adds to" if self.misnamed_adds else "replaces"
        return (f"A mis-named discard's -{payments.MISNAMED_PENALTY} {how} the thrower's "
                "exposure penalty.",)  # fmt: skip

    def score_win(
        self,
        win: Win,
        seated: Sequence[str],
        *,
        has_group: bool,
        purses: Mapping[str, int] | None,
        order: Mapping[str, int],
    ) -> WinScore:
        """The winner's points and the thrower's penalty; everyone else 0."""
        deltas = {
            win.winner: self.winner_gain(
                win.value, self_picked=win.self_picked, jokerless=win.jokerless,
                has_group=has_group, seated=len(seated), heavenly=win.heavenly,
            )
        }  # fmt: skip
        if win.thrown_by is not None:
            deltas[win.thrown_by] = payments.tournament_thrower_points(
                win.exposures or 0, misnamed=win.misnamed, misnamed_adds=self.misnamed_adds
            )
        notes = []
        if win.jokerless and not has_group:
            notes.append(SINGLES_PAIRS_NOTE)
        if win.heavenly and (win.jokerless or win.self_picked):
            notes.append(HEAVENLY_NOTE)
        return WinScore(deltas, (), tuple(notes))

    def score_wall(self, seated: Sequence[str], dead: Sequence[str]) -> dict[str, int]:
        """+10 for each live hand, −10 for each dead one."""
        return payments.tournament_wall_points(seated, dead)

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
