"""Many nights at once: season standings and the winners log, from the same fold as one
night. Pure: it takes nights already read and scored, so every number is the number
`mahj total` and `mahj log` show for that night.

Season standings are added up from one `Tally` per night: a few numbers per player,
small enough for the file layer to cache beside the night it came from.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, TypeVar

from ..core.model import Win
from ..core.names import fold_name
from ..core.rulesets import RULE_SETS
from ..core.standings import Standings
from .words import how_won, place_of, plural

STAT_KEYS = ("games", "wins", "self_picks", "jokerless", "threw", "points", "best")
"""A player's numbers for one night, in the order a tally lists them."""


class SeasonNight(NamedTuple):
    """One night of a season: where it came from (usually the file name) and its standings."""

    label: str
    standings: Standings

    @property
    def date(self) -> _dt.date | None:
        """The night's date, when the file has one."""
        return self.standings.session.date

    @property
    def rules(self) -> str:
        """The name of the night's rule set."""
        return self.standings.rules.name

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone who played that night."""
        return self.standings.players


class Tally(NamedTuple):
    """One night's contribution to the season: each player's numbers that night."""

    label: str
    rules: str
    date: _dt.date | None
    name: str
    players: dict[str, tuple[int, ...]]
    """Each player's numbers, in `STAT_KEYS` order (`best` is None before a first game,
    spelled as the JSON null when cached)."""

    def as_json(self) -> dict[str, Any]:
        """The tally as plain JSON values (for the cache)."""
        return {
            "label": self.label,
            "rules": self.rules,
            "date": self.date.isoformat() if self.date else None,
            "name": self.name,
            "players": {name: list(numbers) for name, numbers in self.players.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Tally:
        """A tally from `as_json`'s values (KeyError or ValueError when they are not one)."""
        date = _dt.date.fromisoformat(data["date"]) if data["date"] else None
        raw = data["players"]
        if not isinstance(raw, dict) or data["rules"] not in RULE_SETS:
            raise ValueError("not a tally")
        players = {str(k): tuple(v) for k, v in raw.items() if isinstance(v, list)}
        if len(players) != len(raw) or not all(map(_numbers, players.values())):
            raise ValueError("not a tally")
        return cls(str(data["label"]), data["rules"], date, str(data["name"]), players)


def _numbers(values: tuple[Any, ...]) -> bool:
    """Whether `values` are a night's numbers (`STAT_KEYS` order) as a tally keeps them."""
    whole = [isinstance(v, int) and not isinstance(v, bool) for v in values]
    return len(values) == len(STAT_KEYS) and all(whole[:-1]) and (whole[-1] or values[-1] is None)


def tally(night: SeasonNight) -> Tally:
    """What one night adds to each of its players' season."""
    standings = night.standings
    session = standings.session
    back = standings.kitty_returns()  # a kitty still full goes back at the night's end
    numbers: dict[str, list[Any]] = {
        name: [0, 0, 0, 0, 0, total + back.get(name, 0), None]
        for name, total in zip(standings.players, standings.totals, strict=True)
    }
    games, wins, self_picks, jokerless, threw, best = 0, 1, 2, 3, 4, 6
    for row in standings.rows:
        if not row.is_game:
            continue
        for name, delta in zip(standings.players, row.deltas, strict=True):
            if name in row.seated or delta:  # a waiting bettor's game counts to their best
                mine = numbers[name]
                mine[games] += name in row.seated
                mine[best] = delta if mine[best] is None else max(mine[best], delta)
        entry = row.entry
        if isinstance(entry, Win):
            mine = numbers[entry.winner]
            mine[wins] += 1
            mine[self_picks] += entry.self_picked
            mine[jokerless] += session.rules.jokerless_paid(entry, session.has_group(entry))
            if entry.thrown_by is not None:
                numbers[entry.thrown_by][threw] += 1
    return Tally(
        night.label,
        night.rules,
        night.date,
        session.name,
        {name: tuple(values) for name, values in numbers.items()},
    )


def _order(date: _dt.date | None, label: str) -> tuple[_dt.date, str]:
    return (date or _dt.date.min, label)


class Dated(Protocol):
    """A night as the season's filters see it (a `Tally` or a `SeasonNight`)."""

    @property
    def label(self) -> str: ...
    @property
    def date(self) -> _dt.date | None: ...
    @property
    def players(self) -> Iterable[str]: ...


N = TypeVar("N", bound=Dated)


def in_dates(
    chosen: Iterable[N], start: _dt.date | None, end: _dt.date | None
) -> tuple[list[N], list[N]]:
    """The nights dated within [start, end] (both included), oldest first (undated ones
    first, by label), and the undated nights that a date filter cannot place (none when
    there is no filter)."""
    ordered = sorted(chosen, key=lambda t: _order(t.date, t.label))
    if start is None and end is None:
        return ordered, []
    kept: list[N] = []
    undated: list[N] = []
    for night in ordered:
        if night.date is None:
            undated.append(night)
        elif (start is None or night.date >= start) and (end is None or night.date <= end):
            kept.append(night)
    return kept, undated


def known_players(chosen: Iterable[Dated]) -> list[str]:
    """Every player of these nights, once each (case-insensitively), as first spelled."""
    seen: dict[str, str] = {}
    for night in chosen:
        for name in night.players:
            seen.setdefault(fold_name(name), name)
    return list(seen.values())


def with_player(chosen: Iterable[N], player: str) -> list[N]:
    """The nights `player` took part in."""
    key = fold_name(player)
    return [n for n in chosen if any(fold_name(p) == key for p in n.players)]


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

    def add(self, numbers: tuple[Any, ...]) -> None:
        """Add one night's numbers (`STAT_KEYS` order)."""
        self.nights += 1
        games, wins, self_picks, jokerless, threw, points, best = numbers
        self.games += games
        self.wins += wins
        self.self_picks += self_picks
        self.jokerless += jokerless
        self.threw += threw
        self.points += points
        if best is not None:
            self.best = best if self.best is None else max(self.best, best)

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


class Block(NamedTuple):
    """The standings of one rule set over a season: league and tournament never mix."""

    rules: str
    nights: tuple[Tally, ...]
    players: tuple[PlayerStats, ...]
    """Most points first."""
    everyone: tuple[int, ...] = ()
    """Every player's points, the ones `--player` leaves out too: what places are among."""

    def place(self, stats: PlayerStats) -> str:
        """A player's place among everyone's points (`=2` when shared: RULES.md §9)."""
        return place_of(stats.points, self.everyone or [p.points for p in self.players])

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


def _took_part(numbers: tuple[Any, ...]) -> bool:
    """Whether a night's numbers (`STAT_KEYS` order) show a game sat in, a bet or points."""
    games, *_, points, best = numbers
    return bool(games or points) or best is not None


def block(rules: str, chosen: Sequence[Tally], player: str | None = None) -> Block:
    """Season standings of the nights of one rule set; only `player` and her nights when
    given (her place still among everyone's points). A night
    counts only once a game was played in it, and for a player only if they sat in a game,
    bet, or had points (a penalty): a night started and never played counts for nobody."""
    mine = tuple(n for n in chosen if n.rules == rules and any(map(_took_part, n.players.values())))
    stats: dict[str, PlayerStats] = {}
    for night in mine:
        for name, numbers in night.players.items():
            if _took_part(numbers):
                stats.setdefault(fold_name(name), PlayerStats(name)).add(numbers)
    players = list(stats.values())
    everyone = tuple(p.points for p in players)
    if player is not None:
        players = [p for p in players if fold_name(p.name) == fold_name(player)]
        mine = tuple(with_player(mine, player))
    players.sort(key=lambda p: (-p.points, fold_name(p.name)))
    return Block(rules, mine, tuple(players), everyone)


class Season(NamedTuple):
    """Season standings, one block per rule set (league first)."""

    blocks: tuple[Block, ...] = ()

    def as_json(self) -> dict[str, object]:
        """`mahj season --json` (INTERFACE.md)."""
        return {b.rules: b.as_json() for b in self.blocks}


def season(chosen: Sequence[Tally], player: str | None = None) -> Season:
    """Standings over the chosen nights (only `player`'s line when given)."""
    return Season(tuple(block(name, chosen, player) for name in RULE_SETS))


def nothing_shown(
    read: int,
    nights: Sequence[Dated],
    start: _dt.date | None,
    end: _dt.date | None,
    *,
    given: bool,
    found: int = 0,
    player: str | None = None,
) -> str:
    """Why a season has no standings to show: no nights found (`given`: in the files and
    folders named), none of the files `found` read as a night, none of those `read` in the
    dates, the `player` at none of the `nights` chosen, or none of those played."""
    chosen = len(nights)
    if not read and found:
        none = "it is not" if found == 1 else "none of them is"
        return f"{plural(found, 'file')} found, but {none} a night mahj can read."
    if not read:
        if given:
            return "No nights found in the files and folders given."
        return "No nights found. Point at some with --dir FOLDER or give session files."
    if not chosen and (start or end):
        if start and end:
            span = f"from {start.isoformat()} to {end.isoformat()}"
        else:
            span = f"on or after {start}" if start else f"on or before {end}"
        which = "the night found is not" if read == 1 else f"none of the {read} nights found is"
        return f"No nights {span}: {which} in those dates."
    which = "the night chosen" if chosen == 1 else f"the {chosen} nights chosen"
    if player is not None and not with_player(nights, player):
        return f"{player} played no game in {which}."
    return f"No games played yet in {which}."


class WinRecord(NamedTuple):
    """One win of the winners log."""

    night: SeasonNight
    game: int
    win: Win
    points: int
    """What the winner gained (payments collected, or tournament points)."""
    jokerless: bool
    """Paid as jokerless."""
    has_group: bool = True
    """The hand has a group of three or more (it could hold a joker)."""

    @property
    def jokerless_word(self) -> str:
        """`yes`, `` (not claimed), or why a jokerless claim was not paid: `no (heavenly)`
        (a tournament heavenly hand scores the card value only) or `no (pairs)` (a
        singles-and-pairs hand cannot hold a joker)."""
        if self.jokerless:
            return "yes"
        if not self.win.jokerless:
            return ""
        return "no (pairs)" if not self.has_group else "no (heavenly)"

    @property
    def how(self) -> str:
        """`thrown by Linda`, `self-picked` or `heavenly hand`."""
        return how_won(self.win)

    def as_json(self) -> dict[str, object]:
        """One item of `mahj winners --json` (with `stake` and `money`, in dollars, on a
        night played for money, as `mahj total --json` has them)."""
        date, stake = self.night.date, self.night.standings.rules.stake
        return {
            "date": date.isoformat() if date else None,
            "session": self.night.label,
            "night": self.night.standings.session.name,
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
            **({"stake": stake / 100, "money": self.points * stake / 100} if stake else {}),
        }


def winners(chosen: Sequence[SeasonNight], player: str | None = None) -> list[WinRecord]:
    """Every win of the chosen nights (only `player`'s when given), newest first."""
    found: list[WinRecord] = []
    for night in chosen:
        standings = night.standings
        session = standings.session
        for row in standings.rows:
            entry = row.entry
            if not isinstance(entry, Win):
                continue
            if player is not None and fold_name(entry.winner) != fold_name(player):
                continue
            gain = row.deltas[standings.players.index(entry.winner)]
            group = session.has_group(entry)
            paid = session.rules.jokerless_paid(entry, group)
            found.append(WinRecord(night, row.game, entry, gain, paid, group))
    found.sort(key=lambda w: (_order(w.night.date, w.night.label), w.game), reverse=True)
    return found
