"""Equal totals in an event's standings (RULES.md §9, §11): they share a place and its
prize; with the tie-break, most Mah Jonggs then fewest thrown split them, but only when
every tied player played every round game by game, else the tie stands. Each tie says
how it was settled, for the standings and the results page to print. A `Line` is one
player's line of the standings (`mahjcli.core.eventfold` makes them)."""

from __future__ import annotations

from typing import NamedTuple

from .event import Player
from .names import fold_name


class Line(NamedTuple):
    """One player's line of the standings. `rounds` has one value per round played so
    far: the round's points, 0 for a bye, None when the player was not in that round or
    their table's card is not in yet."""

    player: Player
    place: int
    points: int
    rounds: tuple[int | None, ...]
    games: int
    byes: int
    mahjongs: int
    thrown: int
    states: tuple[str, ...] = ()
    """For each round: `played`, `bye`, `missing` (the table's card is not in yet) or
    `out` (not in that round's field)."""
    detailed: bool = True
    """Every round the player played was entered game by game (so the tie-break, which
    counts Mah Jonggs and winning tiles thrown, can be applied to them)."""

    @property
    def withdrew(self) -> bool:
        """True when the player withdrew from the event."""
        return self.player.last_round is not None


class Tie(NamedTuple):
    """Players with equal totals, and how the tie was settled (RULES.md §9, §11)."""

    place: int
    """The first place the tied players take."""
    players: tuple[str, ...]
    """In the order the standings list them."""
    points: int
    settled_by: tuple[str, ...] = ()
    """What split them: `most Mah Jonggs`, `fewest thrown` (empty: the tie stands)."""
    shared: tuple[tuple[str, ...], ...] = ()
    """The groups still sharing a place after it (each shares its place and its prize)."""
    not_detailed: tuple[str, ...] = ()
    """Tied players with a card of round totals: the tie-break could not be applied."""


def placed(lines: list[Line], tie_break: bool) -> tuple[Line, ...]:
    """Lines best first with their places (see `settle`)."""
    return settle(lines, tie_break)[0]


def settle(lines: list[Line], tie_break: bool) -> tuple[tuple[Line, ...], tuple[Tie, ...]]:
    """Lines best first with their places, and every tie: equal totals share a place and
    the next place skips (1, 2, 2, 4). With the tie-break, players of equal totals are
    split by most Mah Jonggs, then fewest thrown, when every one of them played every
    round game by game (else the tie stands), and share a place only when those are
    equal too."""
    ordered = sorted(lines, key=lambda line: (-line.points, fold_name(line.player.name)))
    out: list[Line] = []
    ties: list[Tie] = []
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and ordered[j].points == ordered[i].points:
            j += 1
        group, first = ordered[i:j], i + 1
        i = j
        if len(group) == 1:
            out.append(group[0]._replace(place=first))
            continue
        short = tuple(x.player.name for x in group if not x.detailed)
        if not tie_break or short:
            out += [x._replace(place=first) for x in group]
            names = tuple(x.player.name for x in group)
            ties.append(
                Tie(first, names, group[0].points, (), (names,), short if tie_break else ())
            )
            continue
        out += _split(group, first)
        ties.append(_tie(out[-len(group) :], first))
    return tuple(out), tuple(ties)


def _split(group: list[Line], first: int) -> list[Line]:
    """Equal totals split by most Mah Jonggs, then fewest thrown."""

    def rank(line: Line) -> tuple[int, int]:
        return (-line.mahjongs, line.thrown)

    ordered = sorted(group, key=lambda line: (rank(line), fold_name(line.player.name)))
    out: list[Line] = []
    for k, line in enumerate(ordered):
        same = out and rank(out[-1]) == rank(line)
        out.append(line._replace(place=out[-1].place if same else first + k))
    return out


def _tie(group: list[Line], first: int) -> Tie:
    """How a split group was settled, and who still shares a place."""
    used = []
    if len({x.mahjongs for x in group}) > 1:
        used.append("most Mah Jonggs")
    by_wins: dict[int, set[int]] = {}
    for x in group:
        by_wins.setdefault(x.mahjongs, set()).add(x.thrown)
    if any(len(thrown) > 1 for thrown in by_wins.values()):
        used.append("fewest thrown")
    places: dict[int, list[str]] = {}
    for x in group:
        places.setdefault(x.place, []).append(x.player.name)
    shared = tuple(tuple(names) for names in places.values() if len(names) > 1)
    names = tuple(x.player.name for x in group)
    return Tie(first, names, group[0].points, tuple(used), shared)
