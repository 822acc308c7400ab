"""Starting a night: the rule set, the players and the first Easts `mahj new` was given,
refused with one line when a night cannot start like that."""

from __future__ import annotations

import datetime as _dt
import re

from ..core.errors import Refused
from ..core.house import parse as parse_house
from ..core.model import MAX_TABLES, SEATS, Card
from ..core.names import UnknownName, accent_twin, control_problem, resolve, twin_refusal
from ..core.rulesets import (
    RULE_SETS,
    League,
    RuleSet,
    Tournament,
    misnamed_problem,
    pie_problem,
    rules_problem,
    variants_problem,
)
from ..core.seating import table_sizes
from ..core.session import Session, players_problem


def rule_set(
    rules: str | None,
    *,
    pie: int | None,
    misnamed: str | None,
    house: list[str] | None = None,
    variants: list[str] | None = None,
    stake: int = 0,
    profile: Tournament | None = None,
) -> RuleSet:
    """The rule set `mahj new --rules ... --pie ... --house ... --variant ... --stake ...
    --profile ...` asks for (a profile means tournament rules, with its options)."""
    if profile is not None:
        if rules not in (None, Tournament.name):
            raise Refused(
                "a profile is a tournament's; leave out --rules or say --rules tournament"
            )
        if variants or misnamed is not None:
            raise Refused(
                "the profile names its options; leave out --variant and --misnamed (or write "
                "them in the profile file)"
            )
        rules = Tournament.name
    rules = rules or "league"
    if why := rules_problem(rules, "--rules"):
        raise Refused(why)
    if misnamed is not None and (why := misnamed_problem(misnamed, "--misnamed")):
        raise Refused(why)
    if RULE_SETS[rules] is Tournament:
        if pie is not None:
            raise Refused("a tournament table has no pie; leave out --pie")
        if stake:
            raise Refused("tournament points are not money; leave out --stake")
        if house:
            raise Refused("house rules are played at league tables; a tournament names --variant")
        if why := variants_problem(list(variants or []), "--variant"):
            raise Refused(why)
        if profile is not None:
            return profile
        return Tournament(misnamed_adds=misnamed == "add", variants=tuple(variants or ()))
    if variants:
        raise Refused("--variant names a tournament's variants; a league night names --house")
    if misnamed is not None:
        raise Refused("--misnamed is a tournament's option; add --rules tournament")
    if pie is not None and (why := pie_problem(pie, "--pie")):
        raise Refused(why)
    try:
        return League(pie=pie, house=parse_house(list(house or [])), stake=stake)
    except ValueError as exc:
        raise Refused(str(exc)) from None


def new_session(
    players: list[str],
    *,
    easts: list[str] | None,
    rules: RuleSet,
    card: Card | None,
    name: str,
    date: _dt.date,
    tables: int = 1,
) -> Session:
    """A session for `mahj new`, refusing what a night cannot start with. Players fill the
    tables in order; each `--east` names the first East of the table they sit at."""
    if not 1 <= tables <= MAX_TABLES:
        raise Refused(f"--tables must be from 1 to {MAX_TABLES}, not {tables}")
    cleaned = [p.strip() for p in players]
    if why := players_problem(cleaned, rules, tables):
        raise Refused(why)
    for i, player in enumerate(cleaned):
        if twin := accent_twin(player, cleaned[:i]):
            raise Refused(twin_refusal(player, twin))
    sizes = table_sizes(len(cleaned), tables)
    starts = [sum(sizes[:i]) for i in range(tables)]
    seated = [cleaned[a : a + n] for a, n in zip(starts, sizes, strict=True)]
    chosen = [table[0] for table in seated]
    named: set[int] = set()
    for typed in easts or []:
        try:
            east = resolve(typed, [p for table in seated for p in table])
        except UnknownName as exc:
            where = f"the first {SEATS} (seated) players" if tables == 1 else "the seated players"
            try:
                waiting = resolve(typed, cleaned)
            except UnknownName:
                raise Refused(f"--east must be one of {where}: {exc}") from None
            raise Refused(
                f"--east must be one of {where}: {waiting} waits for game 1; to have "
                f"{waiting} deal first, list {waiting} among the first {SEATS}"
                if tables == 1
                else f"--east must be one of {where}: {waiting} waits for game 1"
            ) from None
        number = next(i for i, table in enumerate(seated) if east in table)
        if number in named and chosen[number] != east:
            raise Refused(
                f"--east names two Easts for table {number + 1}: {chosen[number]} and {east}"
            )
        chosen[number] = east
        named.add(number)
    return Session(
        players=tuple(cleaned), easts=tuple(chosen), rules=rules, name=name, date=date,
        card=card, tables=tables,
    )  # fmt: skip


def night_date(text: str, what: str = "--date") -> _dt.date:
    """A date typed as YYYY-MM-DD (for --date, --from, --to).

    >>> night_date("2026-11-26")
    datetime.date(2026, 11, 26)
    >>> night_date("2026-13-01", "--from")
    Traceback (most recent call last):
    ...
    mahjcli.core.errors.Refused: --from must be a date like 2026-11-26, not '2026-13-01'
    """
    cleaned = text.strip()
    try:
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", cleaned, flags=re.ASCII):
            raise ValueError(cleaned)
        return _dt.date.fromisoformat(cleaned)
    except ValueError:
        typed = text if len(text) <= 20 else text[:20] + "..."
        raise Refused(f"{what} must be a date like 2026-11-26, not {typed!r}") from None


UNPORTABLE = re.compile(r'[\s<>:"|?*/\\]+')
"""Spaces, and the letters a file name cannot hold on Windows or a USB stick (a folder's
`/` and `\\` among them)."""


def file_stem(name: str, fallback: str = "night", what: str = "--name") -> str:
    """The part of a new file's name that comes from a night's or an event's name: its
    spaces and the letters some computers cannot hold in a file name (`:`, `/`, `?`, ...)
    become one `-`. The date goes before it, so no name can reach another folder.

    >>> file_stem("Thursday night"), file_stem('Spring Open: "Finals"'), file_stem("Fri 12/5")
    ('Thursday-night', 'Spring-Open-Finals', 'Fri-12-5')
    >>> file_stem("???"), file_stem("../x")
    ('night', '..-x')
    """
    cleaned = name.strip()
    if not cleaned:
        raise Refused(f"{what} cannot be empty")
    if why := control_problem(cleaned, what):
        raise Refused(why)
    return UNPORTABLE.sub("-", cleaned).strip("-") or fallback
