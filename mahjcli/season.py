"""Many nights at once: season standings and the winners log, from the same fold as one night.

Everything here is pure: it takes nights already read (a label, usually the file name, and
the `Session`) and folds each with `mahjcli.scoring.fold`, so every number is the number
`mahj total` and `mahj log` show for that night. No rule is written here a second time:
whether a win was paid as jokerless is asked of `mahjcli.rules`.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from . import rules
from .model import RULE_SETS, RuleSet, Session, Win, fold_name
from .scoring import Standings, fold


@dataclass(frozen=True)
class Night:
    """One night of a season: where it came from, the session and its standings."""

    label: str
    session: Session
    standings: Standings

    @property
    def date(self) -> _dt.date | None:
        """The night's date, when the file has one."""
        return self.session.date

    @property
    def rules(self) -> RuleSet:
        """`league` or `tournament`."""
        return self.session.options.rules


def nights(sessions: Iterable[tuple[str, Session]]) -> list[Night]:
    """Fold each session and sort the nights oldest first (undated ones first, by label)."""
    return ordered(Night(label, session, fold(session)) for label, session in sessions)


def ordered(folded: Iterable[Night]) -> list[Night]:
    """Nights already scored, oldest first (undated ones first, by label)."""
    return sorted(folded, key=_order)


def _order(night: Night) -> tuple[_dt.date, str]:
    return (night.date or _dt.date.min, night.label)


def in_dates(
    chosen: Sequence[Night], start: _dt.date | None, end: _dt.date | None
) -> tuple[list[Night], list[Night]]:
    """The nights dated within [start, end] (both included), and the undated nights that
    a date filter cannot place (none when there is no filter)."""
    if start is None and end is None:
        return list(chosen), []
    kept: list[Night] = []
    undated: list[Night] = []
    for night in chosen:
        if night.date is None:
            undated.append(night)
        elif (start is None or night.date >= start) and (end is None or night.date <= end):
            kept.append(night)
    return kept, undated


def known_players(chosen: Iterable[Night]) -> list[str]:
    """Every player of these nights, once each (case-insensitively), as first spelled."""
    seen: dict[str, str] = {}
    for night in chosen:
        for name in night.standings.players:
            seen.setdefault(fold_name(name), name)
    return list(seen.values())


def with_player(chosen: Iterable[Night], player: str) -> list[Night]:
    """The nights `player` took part in."""
    key = fold_name(player)
    return [n for n in chosen if any(fold_name(p) == key for p in n.standings.players)]


@dataclass
class PlayerStats:
    """One player's numbers over the nights of one rule set."""

    name: str
    nights: int = 0
    games: int = 0
    """Games they sat in: wins, wall games and games stopped by time."""
    wins: int = 0
    self_picks: int = 0
    jokerless: int = 0
    """Wins paid as jokerless (a singles-and-pairs hand claimed jokerless is not one)."""
    threw: int = 0
    points: int = 0
    best: int | None = None
    """Their largest change in a single game they sat in; None before their first game."""

    @property
    def per_game(self) -> float | None:
        """Points per game sat in."""
        return self.points / self.games if self.games else None

    @property
    def threw_share(self) -> float | None:
        """How often they threw the winning tile, as a share of the games they sat in."""
        return self.threw / self.games if self.games else None

    def as_json(self) -> dict[str, int]:
        """The INTERFACE.md shape (`best` is 0 for someone who never sat in a game)."""
        return {
            "nights": self.nights,
            "games": self.games,
            "wins": self.wins,
            "self_picks": self.self_picks,
            "jokerless": self.jokerless,
            "threw": self.threw,
            "points": self.points,
            "best": self.best if self.best is not None else 0,
        }


@dataclass(frozen=True)
class Block:
    """The standings of one rule set over a season: league and tournament never mix."""

    rules: RuleSet
    nights: tuple[Night, ...]
    players: tuple[PlayerStats, ...]
    """Most points first."""

    @property
    def first(self) -> _dt.date | None:
        """The earliest dated night."""
        dates = [n.date for n in self.nights if n.date is not None]
        return min(dates) if dates else None

    @property
    def last(self) -> _dt.date | None:
        """The latest dated night."""
        dates = [n.date for n in self.nights if n.date is not None]
        return max(dates) if dates else None

    def as_json(self) -> dict[str, object]:
        """`{"nights": N, "players": {name: stats}}` (INTERFACE.md)."""
        return {
            "nights": len(self.nights),
            "players": {p.name: p.as_json() for p in self.players},
        }


def paid_jokerless(win: Win, rule_set: RuleSet) -> bool:
    """Whether a recorded jokerless claim changed what the win was worth.

    Asked of the rules themselves, so it follows every exception they make (a
    singles-and-pairs hand, a tournament heavenly hand).
    """
    if not win.jokerless:
        return False
    has_group = not win.singles_pairs
    if rule_set == "tournament":

        def worth(jokerless: bool) -> int:
            return rules.tournament_winner_points(
                win.value,
                self_picked=win.self_picked,
                jokerless=jokerless,
                has_group=has_group,
                heavenly=win.heavenly,
            )

        return worth(True) != worth(False)
    return rules.value_in_use(win.value, True, has_group) != win.value


def block(rule_set: RuleSet, chosen: Sequence[Night], player: str | None = None) -> Block:
    """Season standings of the nights of one rule set; only `player` when given."""
    mine = tuple(n for n in chosen if n.rules == rule_set)
    stats: dict[str, PlayerStats] = {}

    def of(name: str) -> PlayerStats:
        key = fold_name(name)
        if key not in stats:
            stats[key] = PlayerStats(name)
        return stats[key]

    for night in mine:
        standings = night.standings
        for name, total in zip(standings.players, standings.totals, strict=True):
            s = of(name)
            s.nights += 1
            s.points += total
        for row in standings.rows:
            if not row.is_game:
                continue
            for name, delta in zip(standings.players, row.deltas, strict=True):
                if name in row.seated:
                    s = of(name)
                    s.games += 1
                    s.best = delta if s.best is None else max(s.best, delta)
            entry = row.entry
            if isinstance(entry, Win):
                s = of(entry.winner)
                s.wins += 1
                s.self_picks += entry.self_picked
                s.jokerless += paid_jokerless(entry, rule_set)
                if entry.thrown_by is not None:
                    of(entry.thrown_by).threw += 1
    players = list(stats.values())
    if player is not None:
        players = [p for p in players if fold_name(p.name) == fold_name(player)]
    players.sort(key=lambda p: (-p.points, fold_name(p.name)))
    return Block(rule_set, mine, tuple(players))


@dataclass(frozen=True)
class Season:
    """Season standings, league and tournament apart."""

    league: Block
    tournament: Block

    def blocks(self) -> tuple[Block, ...]:
        """Both blocks, league first."""
        return (self.league, self.tournament)

    def as_json(self) -> dict[str, object]:
        """`mahj season --json` (INTERFACE.md)."""
        return {b.rules: b.as_json() for b in self.blocks()}


def season(chosen: Sequence[Night], player: str | None = None) -> Season:
    """Standings over the chosen nights (only `player`'s line when given)."""
    league, tournament = (block(r, chosen, player) for r in RULE_SETS)
    return Season(league, tournament)


@dataclass(frozen=True)
class WinRecord:
    """One win of the winners log."""

    night: Night
    game: int
    win: Win
    points: int
    """What the winner gained (payments collected, or tournament points)."""
    jokerless: bool
    """Paid as jokerless."""

    @property
    def how(self) -> str:
        """`thrown by Linda`, `self-picked` or `heavenly hand`."""
        if self.win.heavenly:
            return "heavenly hand"
        if self.win.thrown_by is None:
            return "self-picked"
        return f"thrown by {self.win.thrown_by}"

    def as_json(self) -> dict[str, object]:
        """One item of `mahj winners --json`."""
        date = self.night.date
        return {
            "date": date.isoformat() if date else None,
            "session": self.night.label,
            "night": self.night.session.name,
            "rules": self.night.rules,
            "game": self.game,
            "player": self.win.winner,
            "value": self.win.value,
            "line": self.win.line,
            "how": self.how,
            "thrown_by": self.win.thrown_by,
            "self_picked": self.win.self_picked,
            "heavenly": self.win.heavenly,
            "jokerless": self.jokerless,
            "jokerless_claimed": self.win.jokerless,
            "points": self.points,
        }


def winners(chosen: Sequence[Night], player: str | None = None) -> list[WinRecord]:
    """Every win of the chosen nights (only `player`'s when given), newest first."""
    found: list[WinRecord] = []
    for night in chosen:
        standings = night.standings
        for row in standings.rows:
            entry = row.entry
            if not isinstance(entry, Win):
                continue
            if player is not None and fold_name(entry.winner) != fold_name(player):
                continue
            gain = row.deltas[standings.players.index(entry.winner)]
            found.append(
                WinRecord(night, row.game, entry, gain, paid_jokerless(entry, night.rules))
            )
    found.sort(key=lambda w: (_order(w.night), w.game), reverse=True)
    return found
