"""Turning what the scorekeeper typed into log entries, against the night as it stands.

No I/O and no output: each builder returns an entry (and notes to show) or raises
`Refused` with a message that says what to do. Whether the entry can happen where it
stands (a waiting winner, a heavenly hand by a non-East) is left to the fold, so that rule
lives in one place.
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass

from . import cards
from .errors import Refused
from .model import (
    MAX_EXPOSURES,
    MAX_PIE,
    MAX_VALUE,
    RULE_SETS,
    SEATS,
    Accept,
    Card,
    Entry,
    Incomplete,
    Join,
    Leave,
    Options,
    Penalty,
    RuleSet,
    Session,
    Wall,
    Win,
    fold_name,
)
from .names import NameError_, name_problem, resolve
from .scoring import Standings
from .sessionfile import players_problem


def player(standings: Standings, typed: str, role: str = "player") -> str:
    """The player of this night that `typed` names (Refused with a suggestion if none)."""
    try:
        return resolve(typed, standings.players)
    except NameError_ as exc:
        raise Refused(f"{role}: {exc}") from None


def whole_number(text: str, what: str, low: int, high: int) -> int:
    """A whole number typed in ASCII digits, within [low, high].

    >>> whole_number("25", "value", 1, 1000)
    25
    """
    cleaned = text.strip()
    if not re.fullmatch(r"[0-9]+", cleaned, flags=re.ASCII):
        if re.fullmatch(r"-[0-9]+", cleaned, flags=re.ASCII):
            raise Refused(f"{what} must be from {low} to {high}, not {text}")
        raise Refused(f"{what} must be a whole number like 25, not {text!r}")
    if len(cleaned) > 9 or not low <= int(cleaned) <= high:
        raise Refused(f"{what} must be from {low} to {high}, not {cleaned}")
    return int(cleaned)


@dataclass(frozen=True)
class Built:
    """An entry ready to record, and what to tell the scorekeeper about it."""

    entry: Entry
    notes: tuple[str, ...] = ()


def build_win(
    standings: Standings,
    *,
    winner: str,
    value: str | None,
    thrown_by: str | None,
    self_pick: bool,
    jokerless: bool = False,
    singles_pairs: bool = False,
    heavenly: bool = False,
    exposures: int | None = None,
    misnamed: bool = False,
    dead: list[str] | None = None,
    lines: list[str] | None = None,
) -> Built:
    """A win from the `mahj win` options."""
    session = standings.session
    if thrown_by is not None and self_pick:
        raise Refused("give either --thrown-by NAME or --self-pick, not both")
    if heavenly and thrown_by is not None:
        raise Refused("a heavenly hand is complete as dealt: leave out --thrown-by")
    if thrown_by is None and not self_pick and not heavenly:
        raise Refused("say how it was won: --thrown-by NAME or --self-pick")
    if misnamed and session.options.rules != "tournament":
        raise Refused("a mis-named discard is scored only at a tournament table")
    if exposures is not None and not 0 <= exposures <= MAX_EXPOSURES:
        raise Refused(f"--exposures must be from 0 to {MAX_EXPOSURES}, not {exposures}")
    who = player(standings, winner, "winner")
    thrower = player(standings, thrown_by, "thrower") if thrown_by is not None else None
    dead_names = dead_hands(standings, dead)
    notes: list[str] = []
    line_name: str | None = None
    if lines:
        card = session.card
        if card is None:
            raise Refused(
                "this session has no card, so --line cannot be looked up; give the VALUE "
                "instead (or start the night with --card)"
            )
        found = []
        for typed in lines:
            try:
                found.append(cards.find_line(card, typed))
            except NameError_ as exc:
                raise Refused(str(exc)) from None
        choice = cards.best_line(
            found,
            rule_set=session.options.rules,
            self_picked=thrower is None,
            jokerless=jokerless,
            seated=len(standings.seated),
            heavenly=heavenly,
        )
        line = choice.line
        if value is not None and whole_number(value, "VALUE", 1, MAX_VALUE) != line.value:
            raise Refused(
                f"{line.name!r} is worth {line.value} on the card, not {value}; "
                "leave out VALUE or fix it"
            )
        if singles_pairs and line.groups:
            raise Refused(
                f"{line.name!r} has a group of three or more, so it is not a "
                "singles-and-pairs hand; leave out --singles-pairs"
            )
        points = line.value
        singles_pairs = not line.groups
        line_name = line.name
        if why := choice.explain(who):
            notes.append(why)
    elif value is None:
        raise Refused("give the hand's VALUE (e.g. 25) or name its card line with --line")
    else:
        points = whole_number(value, "VALUE", 1, MAX_VALUE)
    return Built(
        Win(
            winner=who,
            value=points,
            thrown_by=thrower,
            jokerless=jokerless,
            singles_pairs=singles_pairs,
            heavenly=heavenly,
            exposures=exposures,
            misnamed=misnamed,
            dead=dead_names,
            line=line_name,
        ),
        tuple(notes),
    )


def dead_hands(standings: Standings, dead: list[str] | None) -> tuple[str, ...]:
    """The players named by --dead, each once, in the order first named."""
    return tuple(dict.fromkeys(player(standings, d, "--dead") for d in dead or []))


def build_wall(standings: Standings, dead: list[str] | None) -> Built:
    """A wall game from `mahj wall`."""
    return Built(Wall(dead=dead_hands(standings, dead)))


def build_penalty(standings: Standings, name: str, points: str, reason: str) -> Built:
    """A tournament penalty from `mahj penalty`."""
    if standings.session.options.rules != "tournament":
        raise Refused(
            "penalties are scored only at a tournament table (mahj new --rules tournament)"
        )
    if points.strip().startswith("-"):
        raise Refused(
            f"POINTS is the number of points lost, without a minus sign: "
            f"mahj penalty {name} {points.strip().lstrip('-')}"
        )
    lost = whole_number(points, "POINTS", 1, MAX_VALUE)
    return Built(Penalty(player(standings, name), lost, reason.strip()))


def build_accept(standings: Standings) -> Built:
    """The table accepts its score card, from `mahj scorecard --accept`."""
    if standings.session.options.rules != "tournament":
        raise Refused("only a tournament table hands in a score card")
    return Built(Accept())


def build_incomplete(standings: Standings) -> Built:
    """A game stopped by time, from `mahj incomplete`."""
    if standings.session.options.rules != "tournament":
        raise Refused(
            "time is called only at a tournament table; for a league game nobody won, "
            "use `mahj wall`"
        )
    return Built(Incomplete())


def build_join(standings: Standings, name: str) -> Built:
    """An arrival from `mahj join`."""
    if standings.session.options.rules == "tournament":
        raise Refused("a tournament table plays with exactly four players; nobody can join")
    cleaned = name.strip()
    if why := name_problem(cleaned):
        raise Refused(why)
    present = {fold_name(p): p for p in standings.present()}
    if fold_name(cleaned) in present:
        raise Refused(f"{present[fold_name(cleaned)]} is already at the table")
    gone = {fold_name(p): p for p in standings.gone}
    returning = gone.get(fold_name(cleaned))
    notes = (f"{returning} comes back with their points",) if returning else ()
    return Built(Join(returning or cleaned), notes)


def build_leave(standings: Standings, name: str) -> Built:
    """A departure from `mahj leave`."""
    if standings.session.options.rules == "tournament":
        raise Refused("a tournament table plays with exactly four players; nobody can leave")
    try:
        who = resolve(name, standings.present())
    except NameError_ as exc:
        raise Refused(str(exc)) from None
    return Built(Leave(who))


def new_session(
    players: list[str],
    *,
    east: str | None,
    rules: str,
    pie: int | None,
    card: Card | None,
    name: str,
    misnamed: str,
    date: _dt.date,
) -> Session:
    """A session for `mahj new`, refusing what a night cannot start with."""
    if rules not in RULE_SETS:
        raise Refused(f"--rules must be league or tournament, not {rules!r}")
    rule_set: RuleSet = "tournament" if rules == "tournament" else "league"
    cleaned = [p.strip() for p in players]
    if why := players_problem(cleaned, rule_set):
        raise Refused(why)
    first = cleaned[0]
    if east is not None:
        try:
            first = resolve(east, cleaned[:SEATS])
        except NameError_ as exc:
            raise Refused(
                f"--east must be one of the first {SEATS} (seated) players: {exc}"
            ) from None
    if pie is not None:
        if rule_set == "tournament":
            raise Refused("a tournament table has no pie; leave out --pie")
        if not 0 < pie <= MAX_PIE:
            raise Refused(f"--pie must be a number of points from 1 to {MAX_PIE:,}, not {pie}")
    if misnamed not in ("replace", "add"):
        raise Refused(f"--misnamed must be replace or add, not {misnamed!r}")
    return Session(
        players=tuple(cleaned),
        east=first,
        options=Options(rules=rule_set, pie=pie, misnamed_adds=misnamed == "add"),
        name=name,
        date=date,
        card=card,
    )


def night_date(text: str) -> _dt.date:
    """The date typed for --date.

    >>> night_date("2026-11-26")
    datetime.date(2026, 11, 26)
    """
    try:
        return _dt.date.fromisoformat(text.strip())
    except ValueError:
        raise Refused(f"--date must be a date like 2026-11-26, not {text!r}") from None


def file_stem(name: str) -> str:
    """The part of a new session's file name that comes from --name.

    >>> file_stem("Thursday night")
    'Thursday-night'
    """
    cleaned = name.strip()
    if not cleaned:
        raise Refused("--name cannot be empty")
    if "/" in cleaned or "\\" in cleaned or ".." in cleaned or cleaned.startswith("."):
        raise Refused(
            f"--name {name!r} cannot contain '/', '\\' or '..' or start with '.'; "
            "it names the file, use --session PATH to choose a folder"
        )
    if name_problem(cleaned):
        raise Refused(f"--name {name!r} contains a control character")
    return re.sub(r"\s+", "-", cleaned)
