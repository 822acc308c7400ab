"""Whether an entry can happen where it stands in the log: every check, written once.

The fold asks these for every entry, whether it was typed a moment ago or edited into
the file by hand, so a command and `mahj check` refuse exactly the same things. Each
returns the reason as a sentence, or None when the entry is fine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from .cards import value_problem
from .model import (
    GAMES_PER_ROUND,
    MAX_TABLES,
    MAX_WAITING,
    SEATS,
    WINDS,
    Accept,
    Close,
    Entry,
    Error,
    Incomplete,
    Join,
    Leave,
    Open,
    Penalty,
    Wall,
    Win,
)
from .names import join_names
from .seating import Seating, place_words
from .session import Session
from .wording import field

Waited = Mapping[int, frozenset[str]]
"""Each open table's waiting line when its game in progress began."""


def no_card(what: str) -> str:
    """Why a card line cannot be looked up on a night without a card."""
    return (
        f"this night has no card, so {what} cannot be looked up; give {field('value')} "
        f"instead (or start the night, or the event, with {field('card')})"
    )


def _at_table(name: str, role: str, table: int, seating: Seating) -> str | None:
    """Why `name` cannot play `role` in a game at `table`, or None."""
    at = seating.table_of(name)
    if at == table:
        return None
    if at is not None:
        return f"{name} sits at table {at}, so cannot be the {role} of a game at table {table}"
    if name in seating.waiting:
        return f"{name} is waiting this game, so cannot be the {role}"
    return f"{name} is not at the table, so cannot be the {role}"


def table_of_game(entry: Entry, seating: Seating) -> int | str:
    """The table a game is played at (a win's is its winner's), or why there is none."""
    if isinstance(entry, Win | Error):
        who = entry.winner if isinstance(entry, Win) else entry.caller
        table = seating.table_of(who)
        recorded = getattr(entry, "table", None)
        if table is not None and recorded is not None and table != recorded:
            return (
                f"{who} sits at table {table}, not at table {recorded} where this game was played"
            )
        if table is not None:
            return table
        role = "winner" if isinstance(entry, Win) else "caller"
        if who in seating.waiting:
            return f"{who} is waiting this game, so cannot be the {role}"
        return f"{who} is not at the table, so cannot be the {role}"
    chosen = getattr(entry, "table", None)
    if chosen is None:
        if len(seating.tables) > 1:
            tables = ", ".join(map(str, sorted(seating.tables)))
            return f"say which table played it ({field('table_n')}; tables open: {tables})"
        return seating.first()
    if chosen not in seating.tables:
        return (
            f"there is no table {chosen} tonight (tables open: "
            + ", ".join(map(str, sorted(seating.tables)))
            + ")"
        )
    return int(chosen)


PLAYED = "this game was played"
NOW = "as the log before it now stands"
"""How a seating problem (`seats_problem`) begins, and what it says of the seats derived
now; a correction's refusal names the game and speaks of the change instead."""


def seated_text(seats: tuple[str, ...]) -> str:
    """Who sat at a table, East first: `Bea (East), Cy, Dot and Ruth`.

    >>> seated_text(("Bea", "Cy", "Dot", "Ruth"))
    'Bea (East), Cy, Dot and Ruth'
    """
    return join_names([f"{seats[0]} ({WINDS[0]})", *seats[1:]]) if seats else "nobody"


def seats_problem(entry: Entry, seating: Seating) -> str | None:
    """A game recorded with its table and seats is played there by exactly those players,
    with the same East: whatever comes before it in the log (a fix, a game taken back, a
    hand edit) may change what it pays, never who played it (RULES.md §10)."""
    seats: tuple[str, ...] = getattr(entry, "seats", ())
    if not seats:
        return None
    recorded: int | None = getattr(entry, "table", None)
    if recorded is not None:
        table: int | str = recorded
    elif len(seating.tables) == 1:
        table = seating.first()
    else:
        table = table_of_game(entry, seating)
    if isinstance(table, str):
        return None  # the entry's own check says why it cannot be played
    at = f" at table {recorded}" if recorded is not None else ""
    was = f"{PLAYED}{at} by {seated_text(seats)}"
    if table not in seating.tables:
        return f"{was}, but {NOW} table {table} is not open"
    now = tuple(seating.in_deal_order(table))
    if now == seats:
        return None
    return f"{was}, but {NOW} {seated_text(now)} would sit there"


def line_problem(win: Win, session: Session) -> str | None:
    """A win scored as a card line must name a line of tonight's card, at its value; a
    value typed alone on a card night must be one printed on the card."""
    if win.line is None:
        card = session.card
        return value_problem(card, win.value, False) if card is not None else None
    if session.card is None:
        return no_card(f"the line {win.line!r}")
    line = session.card_line(win.line)
    if line is None:
        return f"the card {session.card.title!r} has no line called {win.line!r}"
    if line.value != win.value:
        return (
            f"{line.name!r} is worth {line.value} on the card, not {win.value}: make the "
            f"value {line.value}, or name the line it was"
        )
    if win.singles_pairs and line.groups:
        return (
            f"{line.name!r} has a group of three or more, so it is not a singles-and-pairs "
            f"hand; leave out {field('singles_pairs')}"
        )
    if line.concealed and win.exposures:
        return (
            f"{line.name!r} is a concealed hand, so its winner exposed nothing; give "
            f"{field('exposures')} 0, or name the line the hand was"
        )
    return None


def dead_problem(dead: Sequence[str], table: int, seating: Seating) -> str | None:
    """Every dead hand belongs to a player at the game's table."""
    for name in dead:
        if why := _at_table(name, "dead hand", table, seating):
            return why
    return None


def bets_problem(
    entry: Win | Wall,
    table: int,
    seating: Seating,
    session: Session,
    waited: frozenset[str] = frozenset(),
) -> str | None:
    """Bets (house rule `bettor`): each by a waiting player, once, on a player at the
    game's table or on a wall game. `waited`: the line when this table's game began; a
    bettor in it who has since sat down at another table (its game ended first) made her
    bet while she waited, so it stands."""
    bettors = [b for b, _ in entry.bets] + list(entry.wall_bets)
    if not bettors:
        return None
    if why := session.rules.house_problem("bettor"):
        return why
    for bettor in bettors:
        if bettor not in seating.waiting:
            at = seating.table_of(bettor)
            if bettor in waited and at is not None and at != table:
                continue
            where = "is not here" if at is None else f"sits at table {at}"
            if at == table:
                where = "plays this game"
            return f"{bettor} {where}; only a waiting player may bet"
        if bettors.count(bettor) > 1:
            return f"{bettor} bets twice on one game; a waiting player makes one bet"
    for bettor, player in entry.bets:
        if seating.table_of(player) != table:
            return f"{bettor} bets on {player}, who does not play this game at table {table}"
    return None


def win_problem(
    win: Win, seating: Seating, session: Session, waited: Waited = MappingProxyType({})
) -> str | None:
    """Why this win cannot be scored where it stands, or None (`waited`: each table's line
    when its game began)."""
    rules = session.rules
    if win.misnamed and (why := rules.refuses("misnamed")):
        return why
    if why := line_problem(win, session):
        return why
    table = table_of_game(win, seating)
    if isinstance(table, str):
        return table
    if win.thrown_by is not None and (why := _at_table(win.thrown_by, "thrower", table, seating)):
        return why
    if win.thrown_by is not None and win.thrown_by == win.winner:
        return f"{win.winner} cannot both win and throw the winning tile"
    if why := dead_problem(win.dead, table, seating):
        return why
    if win.winner in win.dead:
        return f"{win.winner} won, so their hand cannot be dead"
    if win.thrown_by is not None and win.thrown_by in win.dead:
        return (
            f"{win.thrown_by}'s hand was dead, and a dead hand stops discarding, so "
            f"{win.thrown_by} cannot have thrown the winning tile"
        )
    if why := _heavenly_problem(win, table, seating):
        return why
    if rules.needs_exposures and win.thrown_by is not None and win.exposures is None:
        return (
            f"a thrown {rules.name} win needs the number of exposures on {win.winner}'s rack "
            f"({field('exposures_n')}); it is never assumed"
        )
    if win.misnamed and win.thrown_by is None:
        return "a mis-named discard needs a thrower; this win was self-picked"
    if why := _pays_for_table_problem(win, table, seating, session):
        return why
    return bets_problem(win, table, seating, session, waited.get(table, frozenset()))


def _heavenly_problem(win: Win, table: int, seating: Seating) -> str | None:
    if not win.heavenly:
        return None
    east = seating.east_player(table)
    if win.winner != east:
        return f"only East ({east}) can have a heavenly hand; {win.winner} is not East this game"
    if win.thrown_by is not None:
        return "a heavenly hand is complete as dealt, so nobody threw a tile for it"
    return None


def _pays_for_table_problem(win: Win, table: int, seating: Seating, session: Session) -> str | None:
    payer = win.pays_for_table
    if payer is None:
        return None
    if why := session.rules.house_problem("pay-for-table"):
        return why
    if payer == win.winner:
        return f"{payer} won, so cannot pay for the table"
    return _at_table(payer, "player who pays for the table", table, seating)


def wall_problem(
    wall: Wall, seating: Seating, session: Session, waited: Waited = MappingProxyType({})
) -> str | None:
    """Why this wall game cannot be scored, or None."""
    table = table_of_game(wall, seating)
    if isinstance(table, str):
        return table
    bets = bets_problem(wall, table, seating, session, waited.get(table, frozenset()))
    return dead_problem(wall.dead, table, seating) or bets


def error_problem(error: Error, seating: Seating, session: Session) -> str | None:
    """A Mah Jongg in error: only where the rules score one, by a seated caller."""
    if why := session.rules.refuses(error.kind):
        return why
    table = table_of_game(error, seating)
    if isinstance(table, str):
        return table
    if error.intact == error.caller:
        return f"{error.caller} called in error, so their hand cannot be the intact one"
    if error.intact is not None:
        return _at_table(error.intact, "player with the intact hand", table, seating)
    return None


def incomplete_problem(entry: Incomplete, session: Session) -> str | None:
    """Time can be called only where the rule set allows it."""
    return session.rules.refuses(entry.kind)


def penalty_problem(penalty: Penalty, seating: Seating, session: Session) -> str | None:
    """A penalty needs a rule set that scores them, and a player at the table."""
    if why := session.rules.refuses(penalty.kind):
        return why
    if penalty.player not in seating.present():
        return f"{penalty.player} is not at the table"
    return None


def join_problem(join: Join, seating: Seating, session: Session) -> str | None:
    """An arrival needs a rule set that lets players come and go, not be here already, and
    room: at most four waiting beyond the seats of the open tables."""
    if why := session.rules.refuses(join.kind):
        return why
    if join.player in seating.present():
        place = place_words(seating.table_of(join.player), len(seating.tables))
        return f"{join.player} is already here, {place}"
    tables = len(seating.tables)
    if len(seating.present()) >= SEATS * tables + MAX_WAITING:
        waiting = len(seating.waiting)
        most = "the most" if waiting == MAX_WAITING else f"more than the {MAX_WAITING}"
        full = f"{join.player} cannot join yet: {waiting} are waiting, {most} the line holds"
        if tables >= MAX_TABLES or seating.open_problem(None):
            return f"{full}, and no more tables can open tonight"
        return (
            f"{full}; {SEATS} of them can sit at a table of their own: open it with "
            f"{field('open_table')}, then {join.player} can join"
        )
    return None


def leave_problem(leave: Leave, seating: Seating, session: Session) -> str | None:
    """A leaver must be here, and the last table must not drop below three; one who settles
    up as she goes settles with players still here, on a night that pays."""
    if why := session.rules.refuses(leave.kind) or seating.leave_problem(leave.player):
        return why
    if not leave.settled:
        return None
    if not session.rules.pays:
        return f"nobody pays at a {session.rules.name} table, so there is nothing to settle up"
    for payer, payee, _ in leave.settled:
        other = payee if payer == leave.player else payer
        if other == leave.player:
            return f"{leave.player} settles up with the others, not with {leave.player}"
        if other not in seating.present():
            return f"{other} is not here, so {leave.player} cannot settle up with {other}"
    return None


def open_problem(entry: Open, seating: Seating, session: Session) -> str | None:
    """A club night opens a table when four are waiting."""
    return session.rules.refuses(entry.kind) or seating.open_problem(entry.east)


def close_problem(entry: Close, seating: Seating, session: Session) -> str | None:
    """A club night closes an open table, never its last one."""
    return session.rules.refuses(entry.kind) or seating.close_problem(entry.table)


def accept_problem(
    accept: Accept, session: Session, games: int, accepted: int, began: int
) -> str | None:
    """A score card is accepted at a round's end (`began`, the games before the round in
    progress, is `games` once it ended: four games, or time called), once. A night saved
    before time called ended a round may hold one after any fourth game: it still reads
    (`night.build.build_accept` holds a new one to the round as counted now)."""
    if why := session.rules.refuses(accept.kind):
        return why
    if games == 0 or (began != games and games % GAMES_PER_ROUND):
        return round_not_over(games - began, waiting=began > accepted)
    if accepted == games:
        return "the card for the round just played is already accepted"
    return None


def round_not_over(played: int, waiting: bool = False) -> str:
    """Why a score card is not accepted yet: `played` games of its round, not ended
    (`waiting`: the round before it ended but was not accepted before this one began)."""
    return (
        f"a score card is accepted at the end of a round of {GAMES_PER_ROUND} games (or once "
        f"time is called in it); {played} {'game' if played == 1 else 'games'} of this round "
        f"{'has' if played == 1 else 'have'} been played"
    ) + (
        "; the round before it is over but was not accepted before this round began, so it "
        "is accepted with this round when this round ends"
        if waiting
        else ""
    )


def undo_problem(last: object, accepted: int) -> str | None:
    """An accepted score card does not change, so its acceptance cannot be undone."""
    if isinstance(last, Accept):
        return (
            f"the score card was accepted through game {accepted}, and an accepted card "
            "does not change; record the next game instead"
        )
    return None
