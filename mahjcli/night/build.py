"""What the scorekeeper typed, turned into log entries against the night as it stands.

No I/O and no output: each builder returns the entry and the notes to show, or raises
`Refused` with a message that says what to do. Whether an entry can happen where it
stands (a waiting winner, a line off the card, a heavenly hand by a non-East) is the
fold's to say (`mahjcli.core.checks`), so typed and hand-edited entries meet one judge.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core import checks, numbers
from ..core.cards import best_line, find_line, value_problem
from ..core.errors import NoSuchPlayer, Refused
from ..core.model import (
    GAMES_PER_ROUND,
    MAX_VALUE,
    SEATS,
    Accept,
    CardLine,
    Close,
    Entry,
    Error,
    Incomplete,
    Join,
    Open,
    Penalty,
    Wall,
    Win,
    keys_of,
)
from ..core.names import (
    UnknownName,
    accent_twin,
    control_problem,
    fold_name,
    name_problem,
    one_edit,
    quoted,
    resolve,
    twin_refusal,
    unaccented,
)
from ..core.seating import place_words
from ..core.standings import Standings
from ..core.wording import field


class Built(NamedTuple):
    """An entry ready to record, and what to tell the scorekeeper about it."""

    entry: Entry
    notes: tuple[str, ...] = ()


def player(standings: Standings, typed: str, role: str = "player") -> str:
    """The player of this night that `typed` names (Refused with a suggestion if none)."""
    try:
        return resolve(typed, standings.players)
    except UnknownName as exc:
        raise NoSuchPlayer(f"{role}: {exc}", typed, role) from None


def whole_number(text: str, what: str, low: int, high: int) -> int:
    """A whole number typed in ASCII digits, within [low, high].

    >>> whole_number("25", "value", 1, 1000)
    25
    """
    return numbers.whole_number(text, what, low, high)


def dead_hands(standings: Standings, dead: list[str] | None) -> tuple[str, ...]:
    """The players named by --dead, each once, in the order first named."""
    return tuple(dict.fromkeys(player(standings, d, field("dead")) for d in dead or []))


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
    bets: list[str] | None = None,
    pays_for_table: str | None = None,
) -> Built:
    """A win from the `mahj win` options."""
    if thrown_by is not None and self_pick:
        raise Refused(f"give either {field('thrown_by')} or {field('self_pick')}, not both")
    if thrown_by is None and not self_pick and not heavenly:
        raise Refused(f"say how it was won: {field('thrown_by')} or {field('self_pick')}")
    span = keys_of("win")["exposures"]
    if exposures is not None and not standings.rules.needs_exposures:
        raise Refused(
            f"{field('exposures')} counts only at a tournament table; a league game pays "
            f"the same whatever the winner exposed: leave it out"
        )
    if exposures is not None and not span.low <= exposures <= span.high:
        raise Refused(
            f"{field('exposures')} must be from {span.low} to {span.high}, not {exposures}"
        )
    who = player(standings, winner, "winner")
    thrower = player(standings, thrown_by, "thrower") if thrown_by is not None else None
    on_players, on_wall = typed_bets(standings, bets)
    points = whole_number(value, field("value"), 1, MAX_VALUE) if value is not None else None
    line: CardLine | None = None
    notes: tuple[str, ...] = ()
    if lines:
        line, why = _scored_line(standings, lines, who, thrower, jokerless, heavenly)
        points = line.value if points is None else points
        singles_pairs = singles_pairs or not line.groups
        notes = (why,) if why else ()
    elif points is None:
        raise Refused(f"say what the hand was worth: {field('value')} (e.g. 25) or {field('line')}")
    elif (card := standings.session.card) and (why := value_problem(card, points, singles_pairs)):
        raise Refused(why)  # a new game only: a night saved before this check still reads
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
        pays_for_table=player(standings, pays_for_table, field("pays_for_table"))
        if pays_for_table is not None
        else None,
        bets=on_players,
        wall_bets=on_wall,
    )
    return Built(win, notes)


def typed_bets(
    standings: Standings, typed: list[str] | None
) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """`--bet BETTOR=PLAYER` (PLAYER may be the word `wall`, or `wall-game`) as the entry's
    `bets` and `wall_bets`. On a night with a player called Wall, her name exactly as
    written is a bet on her, and any other spelling of `wall` is refused as meaning either."""
    bets: list[tuple[str, str]] = []
    walls: list[str] = []
    known = {fold_name(p) for p in standings.players}
    for raw in typed or []:
        bettor, sign, target = raw.partition("=")
        for at in (i for i, ch in enumerate(raw) if ch == "=" and i > len(bettor)):
            if fold_name(bettor) not in known and fold_name(raw[:at]) in known:
                bettor, target = raw[:at], raw[at + 1 :]  # a bettor whose name holds `=`
        if not sign or not bettor.strip() or not target.strip():
            raise Refused(
                f"{field('bet')} {raw!r}: write it as BETTOR=PLAYER (or BETTOR=wall), like Sue=Ruth"
            )
        who = player(standings, bettor, field("bet"))
        said = fold_name(target.replace("-", " "))
        named = _named_wall(standings)
        if said == "wall" and named is not None and target.strip() != named:
            raise Refused(
                f"{field('bet')} {raw!r}: {named} is a player tonight, so {target.strip()!r} "
                f"could mean {named} or a wall game; write {bettor.strip()}=wall-game for a bet "
                f"on a wall game, or {bettor.strip()}={named} for a bet on {named}"
            )
        if said in ("wall", "wall game") and (named is None or said != "wall"):
            walls.append(who)
        else:
            bets.append((who, player(standings, target, field("bet"))))
    return tuple(bets), tuple(walls)


def _named_wall(standings: Standings) -> str | None:
    """The night's player whose name is the word `wall`, if any."""
    return next((p for p in standings.players if fold_name(p) == fold_name("wall")), None)


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
        raise Refused(checks.no_card(field("line")))
    try:
        found = [find_line(card, name) for name in typed]
    except UnknownName as exc:
        raise Refused(str(exc)) from None
    choice = best_line(
        found,
        rules=standings.rules,
        self_picked=thrower is None,
        jokerless=jokerless,
        seated=len(at.seated) if (at := standings.table_of(winner)) else len(standings.seated),
        heavenly=heavenly,
        card=card,
    )
    return choice.line, choice.explain(winner)


def build_wall(
    standings: Standings,
    dead: list[str] | None,
    table: int | None = None,
    bets: list[str] | None = None,
) -> Built:
    """A wall game from `mahj wall`, at the table named (a club night with one table open
    records that one)."""
    dead_names = dead_hands(standings, dead)
    if table is None and standings.club and len(standings.tables) == 1:
        table = standings.tables[0].table
    on_players, on_wall = typed_bets(standings, bets)
    return Built(Wall(dead=dead_names, table=table, bets=on_players, wall_bets=on_wall))


def build_open(standings: Standings, east: str | None) -> Built:
    """A new table from `mahj open-table`: the front four of the line sit at it (with too
    few waiting, that is the refusal, whoever is named East)."""
    if east and len(standings.waiting) < SEATS:
        return Built(Open(east))  # refused by the fold: too few in the line
    first = resolve_in(east, standings.waiting[:SEATS], "--east") if east else None
    return Built(Open(first))


def build_close(standings: Standings, table: int) -> Built:
    """A table closes, from `mahj close-table`."""
    return Built(Close(table))


def build_error(standings: Standings, caller: str, intact: str | None) -> Built:
    """A Mah Jongg called in error, from `mahj error`."""
    kept = player(standings, intact, "--intact") if intact is not None else None
    return Built(Error(player(standings, caller, "caller"), kept))


def resolve_in(typed: str, names: tuple[str, ...] | list[str], role: str) -> str:
    """The name among `names` that `typed` means (Refused with a suggestion if none)."""
    try:
        return resolve(typed, names)
    except UnknownName as exc:
        raise Refused(f"{role}: {exc}") from None


def build_penalty(standings: Standings, name: str, points: str, reason: str) -> Built:
    """A tournament penalty from `mahj penalty`."""
    if points.strip().startswith("-"):
        raise Refused(
            f"POINTS is the number of points lost, without a minus sign: "
            f"{points.strip().lstrip('-')}, not {points.strip()}"
        )
    span = keys_of("penalty")["points"]
    lost = whole_number(points, "POINTS", span.low, span.high)
    if why := control_problem(reason, "--reason"):
        raise Refused(why)
    return Built(Penalty(player(standings, name), lost, reason.strip()))


def build_accept(standings: Standings) -> Built:
    """The table accepts its score card, from `mahj scorecard --accept`: at the end of a
    round, its four games played or time called in it (RULES.md §11)."""
    played = [r for r in standings.rows if r.is_game]
    if played and played[-1].entry.kind != "incomplete":
        n = sum(1 for r in played if r.round == played[-1].round)  # games of this round
        if n < GAMES_PER_ROUND:
            raise Refused(checks.round_not_over(n, len(played) - n > standings.accepted))
    return Built(Accept())


def build_incomplete(standings: Standings) -> Built:
    """A game stopped by time, from `mahj incomplete`."""
    return Built(Incomplete())


def build_join(standings: Standings, name: str, new: bool = False) -> Built:
    """An arrival from `mahj join`: someone who left coming back (named as anywhere else:
    in any case, by a unique beginning, or spelt nearly right), or a newcomer. A new name
    that is close to a known player's is refused unless `new` says it is someone new."""
    cleaned = name.strip()
    if why := name_problem(cleaned):
        raise Refused(why)
    known = _known_as(standings, cleaned, new)
    if known is None and (twin := accent_twin(cleaned, standings.players)):
        raise Refused(twin_refusal(cleaned, twin))
    if known is not None and known in standings.present():
        view = standings.table_of(known)
        place = place_words(view.table if view else None, len(standings.tables))
        if fold_name(known) == fold_name(cleaned):
            raise Refused(f"{known} is already here, {place}")
        new_one = (
            "a new player needs a different name (add an initial)"
            if accent_twin(cleaned, [known])
            else f"if {cleaned} is someone new, {field('new')}"
        )
        raise Refused(f"{quoted(cleaned)} is {known}, who is already here, {place}; {new_one}")
    if known is not None:
        said = f"{known} comes back with their points"
        if standings.totals_map()[known] and not standings.unsettled()[known]:
            said += "; they settled them as they left: only what changes from now on is owed"
        return Built(Join(known), (said,))
    return Built(Join(cleaned))


SLIP = 4
"""The shortest name a one-letter difference is taken as a slip for: `Sal` and `Hal`, or
`Jo` and `Joe`, are different people."""


def _known_as(standings: Standings, typed: str, new: bool) -> str | None:
    """The player of tonight that `typed` names, None for a newcomer; Refused when a new
    name begins two players' names (`Ma`: Mary or Marge?) or is likely a slip for a
    player's (one letter added, left out, changed or two swapped: `Lnda`), never for a
    plainly different name (`Ida` is not `Linda`)."""
    players, key = list(standings.players), fold_name(typed)
    exact = next((p for p in players if fold_name(p) == key), None)
    if exact is not None or new:
        return exact
    plain = [p for p in players if unaccented(fold_name(p)) == unaccented(key)]
    if len(plain) == 1:  # `zoe` for Zoë, typed on a keyboard without accents
        return plain[0]
    starts = [p for p in players if fold_name(p).startswith(fold_name(typed))]
    if len(starts) == 1:
        return starts[0]
    near = starts or [  # the beginning of two players' names, or a slip for one's
        p for p in players if one_edit(typed, p) and len(max(p, typed, key=len)) >= SLIP
    ]
    if near:
        totals = standings.totals_map()
        said = " or ".join(
            f"{p} ({'left' if p in standings.gone else 'here'}, {totals[p] and f'{totals[p]:+d}'})"
            for p in near
        )
        raise Refused(f"did you mean {said}? If {typed} is someone new, {field('new')}")
    return None
