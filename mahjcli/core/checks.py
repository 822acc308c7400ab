"""Whether an entry can happen where it stands in the log: every check, written once.

The fold asks these for every entry, whether it was typed a moment ago or edited into
the file by hand, so a command and `mahj check` refuse exactly the same things. Each
returns the reason as a sentence, or None when the entry is fine.
"""

from __future__ import annotations

from collections.abc import Sequence

from .model import GAMES_PER_ROUND, Accept, Incomplete, Join, Leave, Penalty, Wall, Win
from .seating import Seating
from .session import Session


def no_card(what: str) -> str:
    """Why a card line cannot be looked up on a night without a card."""
    return (
        f"this night has no card, so {what} cannot be looked up; give the hand's value "
        "instead (or start the night with --card)"
    )


def _seated(name: str, role: str, seating: Seating) -> str | None:
    if name in seating.seats:
        return None
    if name in seating.waiting:
        return f"{name} is waiting this game, so cannot be the {role}"
    return f"{name} is not at the table, so cannot be the {role}"


def line_problem(win: Win, session: Session) -> str | None:
    """A win scored as a card line must name a line of tonight's card, at its value."""
    if win.line is None:
        return None
    if session.card is None:
        return no_card(f"the line {win.line!r}")
    line = session.card_line(win.line)
    if line is None:
        return f"the card {session.card.title!r} has no line called {win.line!r}"
    if line.value != win.value:
        return (
            f"{line.name!r} is worth {line.value} on the card, not {win.value}; "
            "leave out the value or fix it"
        )
    if win.singles_pairs and line.groups:
        return (
            f"{line.name!r} has a group of three or more, so it is not a singles-and-pairs "
            "hand; leave out --singles-pairs"
        )
    return None


def dead_problem(dead: Sequence[str], seating: Seating) -> str | None:
    """Every dead hand belongs to a seated player."""
    for name in dead:
        if why := _seated(name, "dead hand", seating):
            return why
    return None


def win_problem(win: Win, seating: Seating, session: Session) -> str | None:
    """Why this win cannot be scored where it stands, or None."""
    rules = session.rules
    if win.misnamed and (why := rules.refuses("misnamed")):
        return why
    if why := line_problem(win, session):
        return why
    for name, role in [(win.winner, "winner"), (win.thrown_by, "thrower")]:
        if name is not None and (why := _seated(name, role, seating)):
            return why
    if win.thrown_by is not None and win.thrown_by == win.winner:
        return f"{win.winner} cannot both win and throw the winning tile"
    if why := dead_problem(win.dead, seating):
        return why
    if win.winner in win.dead:
        return f"{win.winner} won, so their hand cannot be dead"
    if win.thrown_by is not None and win.thrown_by in win.dead:
        return (
            f"{win.thrown_by}'s hand was dead, and a dead hand stops discarding, so "
            f"{win.thrown_by} cannot have thrown the winning tile"
        )
    if win.heavenly:
        if win.winner != seating.east_player:
            return (
                f"only East ({seating.east_player}) can have a heavenly hand; "
                f"{win.winner} is not East this game"
            )
        if win.thrown_by is not None:
            return "a heavenly hand is complete as dealt, so nobody threw a tile for it"
    if rules.needs_exposures and win.thrown_by is not None and win.exposures is None:
        return (
            f"a thrown {rules.name} win needs the number of exposures on {win.winner}'s rack "
            "(--exposures N); it is never assumed"
        )
    if win.misnamed and win.thrown_by is None:
        return "a mis-named discard needs a thrower; this win was self-picked"
    return None


def wall_problem(wall: Wall, seating: Seating, session: Session) -> str | None:
    """Why this wall game cannot be scored, or None."""
    return dead_problem(wall.dead, seating)


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
    """An arrival needs a rule set that lets players come and go, and not be here already."""
    if why := session.rules.refuses(join.kind):
        return why
    if join.player in seating.present():
        return f"{join.player} is already at the table"
    if why := session.rules.players_problem(len(seating.present()) + 1):
        return f"{join.player} cannot join: {why}"
    return None


def leave_problem(leave: Leave, seating: Seating, session: Session) -> str | None:
    """A leaver must be at the table, and the table must not drop below three."""
    if why := session.rules.refuses(leave.kind):
        return why
    return seating.leave_problem(leave.player)


def accept_problem(accept: Accept, session: Session, games: int, accepted: int) -> str | None:
    """A score card is accepted at a round's end, once."""
    if why := session.rules.refuses(accept.kind):
        return why
    if games == 0 or games % GAMES_PER_ROUND:
        return (
            f"a score card is accepted at the end of a round of {GAMES_PER_ROUND} games; "
            f"{games} games have been played"
        )
    if accepted == games:
        return f"the card for round {games // GAMES_PER_ROUND} is already accepted"
    return None


def undo_problem(last: object, accepted: int) -> str | None:
    """An accepted score card does not change, so its acceptance cannot be undone."""
    if isinstance(last, Accept):
        return (
            f"the score card was accepted through game {accepted}, and an accepted card "
            "does not change; record the next game instead"
        )
    return None
