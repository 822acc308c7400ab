"""What the scorekeeper typed, turned into log entries against the night as it stands.

No I/O and no output: each builder returns the entry and the notes to show, or raises
`Refused` with a message that says what to do. Whether an entry can happen where it
stands (a waiting winner, a line off the card, a heavenly hand by a non-East) is the
fold's to say (`mahjcli.core.checks`), so typed and hand-edited entries meet one judge.
"""

from __future__ import annotations

import datetime as _dt
import re
from typing import NamedTuple

from ..core import checks, numbers
from ..core.cards import best_line, find_line
from ..core.errors import Refused
from ..core.model import (
    MAX_VALUE,
    SEATS,
    Accept,
    Card,
    CardLine,
    Entry,
    Incomplete,
    Join,
    Leave,
    Penalty,
    Wall,
    Win,
    keys_of,
)
from ..core.names import UnknownName, control_problem, fold_name, name_problem, resolve
from ..core.rulesets import (
    RULE_SETS,
    League,
    RuleSet,
    Tournament,
    misnamed_problem,
    pie_problem,
    rules_problem,
)
from ..core.session import Session, players_problem
from ..core.standings import Standings


class Built(NamedTuple):
    """An entry ready to record, and what to tell the scorekeeper about it."""

    entry: Entry
    notes: tuple[str, ...] = ()


def player(standings: Standings, typed: str, role: str = "player") -> str:
    """The player of this night that `typed` names (Refused with a suggestion if none)."""
    try:
        return resolve(typed, standings.players)
    except UnknownName as exc:
        raise Refused(f"{role}: {exc}") from None


def whole_number(text: str, what: str, low: int, high: int) -> int:
    """A whole number typed in ASCII digits, within [low, high].

    >>> whole_number("25", "value", 1, 1000)
    25
    """
    return numbers.whole_number(text, what, low, high)


def dead_hands(standings: Standings, dead: list[str] | None) -> tuple[str, ...]:
    """The players named by --dead, each once, in the order first named."""
    return tuple(dict.fromkeys(player(standings, d, "--dead") for d in dead or []))


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
    if thrown_by is not None and self_pick:
        raise Refused("give either --thrown-by NAME or --self-pick, not both")
    if thrown_by is None and not self_pick and not heavenly:
        raise Refused("say how it was won: --thrown-by NAME or --self-pick")
    span = keys_of("win")["exposures"]
    if exposures is not None and not span.low <= exposures <= span.high:
        raise Refused(f"--exposures must be from {span.low} to {span.high}, not {exposures}")
    who = player(standings, winner, "winner")
    thrower = player(standings, thrown_by, "thrower") if thrown_by is not None else None
    points = whole_number(value, "VALUE", 1, MAX_VALUE) if value is not None else None
    line: CardLine | None = None
    notes: tuple[str, ...] = ()
    if lines:
        line, why = _scored_line(standings, lines, who, thrower, jokerless, heavenly)
        points = line.value if points is None else points
        singles_pairs = singles_pairs or not line.groups
        notes = (why,) if why else ()
    elif points is None:
        raise Refused("give the hand's VALUE (e.g. 25) or name its card line with --line")
    win = Win(
        winner=who,
        value=points,
        thrown_by=thrower,
        jokerless=jokerless,
        singles_pairs=singles_pairs,
        heavenly=heavenly,
        exposures=exposures,
        misnamed=misnamed,
        dead=dead_hands(standings, dead),
        line=line.name if line is not None else None,
    )
    return Built(win, notes)


def _scored_line(
    standings: Standings,
    typed: list[str],
    winner: str,
    thrower: str | None,
    jokerless: bool,
    heavenly: bool,
) -> tuple[CardLine, str | None]:
    """The card line a win is scored as, among those named, and why when several were."""
    card = standings.session.card
    if card is None:
        raise Refused(checks.no_card("--line"))
    try:
        found = [find_line(card, name) for name in typed]
    except UnknownName as exc:
        raise Refused(str(exc)) from None
    choice = best_line(
        found,
        rules=standings.rules,
        self_picked=thrower is None,
        jokerless=jokerless,
        seated=len(standings.seated),
        heavenly=heavenly,
        card=card,
    )
    return choice.line, choice.explain(winner)


def build_wall(standings: Standings, dead: list[str] | None) -> Built:
    """A wall game from `mahj wall`."""
    return Built(Wall(dead=dead_hands(standings, dead)))


def build_penalty(standings: Standings, name: str, points: str, reason: str) -> Built:
    """A tournament penalty from `mahj penalty`."""
    if points.strip().startswith("-"):
        raise Refused(
            f"POINTS is the number of points lost, without a minus sign: "
            f"mahj penalty {name} {points.strip().lstrip('-')}"
        )
    span = keys_of("penalty")["points"]
    lost = whole_number(points, "POINTS", span.low, span.high)
    if why := control_problem(reason, "--reason"):
        raise Refused(why)
    return Built(Penalty(player(standings, name), lost, reason.strip()))


def build_accept(standings: Standings) -> Built:
    """The table accepts its score card, from `mahj scorecard --accept`."""
    return Built(Accept())


def build_incomplete(standings: Standings) -> Built:
    """A game stopped by time, from `mahj incomplete`."""
    return Built(Incomplete())


def build_join(standings: Standings, name: str) -> Built:
    """An arrival from `mahj join`: a newcomer, or someone who left coming back."""
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
    try:
        who = resolve(name, standings.present())
    except UnknownName as exc:
        raise Refused(str(exc)) from None
    return Built(Leave(who))


def rule_set(rules: str, *, pie: int | None, misnamed: str) -> RuleSet:
    """The rule set `mahj new --rules ... --pie ... --misnamed ...` asks for."""
    if why := rules_problem(rules, "--rules"):
        raise Refused(why)
    if why := misnamed_problem(misnamed, "--misnamed"):
        raise Refused(why)
    if RULE_SETS[rules] is Tournament:
        if pie is not None:
            raise Refused("a tournament table has no pie; leave out --pie")
        return Tournament(misnamed_adds=misnamed == "add")
    if pie is not None and (why := pie_problem(pie, "--pie")):
        raise Refused(why)
    return League(pie=pie)


def new_session(
    players: list[str],
    *,
    east: str | None,
    rules: RuleSet,
    card: Card | None,
    name: str,
    date: _dt.date,
) -> Session:
    """A session for `mahj new`, refusing what a night cannot start with."""
    cleaned = [p.strip() for p in players]
    if why := players_problem(cleaned, rules):
        raise Refused(why)
    first = cleaned[0]
    if east is not None:
        try:
            first = resolve(east, cleaned[:SEATS])
        except UnknownName as exc:
            raise Refused(
                f"--east must be one of the first {SEATS} (seated) players: {exc}"
            ) from None
    return Session(players=tuple(cleaned), east=first, rules=rules, name=name, date=date, card=card)


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
    if control_problem(cleaned, "--name"):
        raise Refused(f"--name {name!r} contains a control character")
    return re.sub(r"\s+", "-", cleaned)
