"""Commands that change who plays: join, leave, and a club night's open-table and
close-table."""

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from ..core.model import Leave
from .completion import player_names
from .night import show
from .shared import Commands, SessionOpt, table_number

if TYPE_CHECKING:
    from ..core.standings import Standings

commands = Commands()


@commands.command()
def join(
    name: str = typer.Argument(
        ...,
        help="The arriving player's name (or a player who left, coming back).",
        metavar="NAME",
        autocompletion=player_names,
    ),
    new: bool = typer.Option(
        False, "--new", help="The name is someone new, although it looks like a player's."
    ),
    session: Path | None = SessionOpt,
) -> None:
    """A player arrives: they join the line, or sit at once if a seat is free.

    Example: mahj join Sue
    """  # fmt: skip
    from ..files import paths
    from ..night import build, change

    path = paths.locate(session)
    show(lambda: change.record(path, lambda n: build.build_join(n.standings, name, new)), path=path)


@commands.command()
def leave(
    name: str = typer.Argument(
        ..., help="The player leaving.", metavar="NAME", autocompletion=player_names
    ),
    settle: bool | None = typer.Option(
        None,
        "--settle/--no-settle",
        help="Settle up as they go: pay, or be paid by, the players still here (without "
        "either, mahj asks at a terminal).",
    ),
    session: Path | None = SessionOpt,
) -> None:
    """A player leaves for the night; the front of the line takes their seat.

    Example: mahj leave Pat --settle
    """
    from ..files import paths
    from ..night import change, door

    path = paths.locate(session)
    if settle is None:
        settle = _ask_to_settle(path, name)
    asked = bool(settle)
    done = show(lambda: change.record(path, lambda n: door.build_leave(n.standings, name, asked)))
    if settle is None and isinstance(done.entry, Leave):
        _offer_settle(done.before, done.entry.player)


def _ask_to_settle(path: Path, name: str) -> bool | None:
    """At a terminal, on a night that pays, ask whether a leaver with a balance settles up
    now (showing what she would pay or be paid); None where nobody can be asked."""
    from . import ask

    if not ask.interactive():
        return None
    from ..files import loader
    from ..night import door

    standings = loader.load(path).standings
    who = door.leaver(standings, name)
    if not door.owes_at_door(standings, who):
        return False
    from ..reports.words import payments_words, rate

    payments = door.leaver_settle_up(standings, who).payments
    each = ", ".join(payments_words(payments, rate(standings)))
    while True:  # as typer.confirm, but a wrong answer is told what to type
        answer = typer.prompt(f"Settle {who} up now ({each})? [y/N]", default="",
                              show_default=False).strip().casefold()  # fmt: skip
        if answer in ("y", "yes", "n", "no", ""):
            return answer in ("y", "yes")
        typer.echo(f"Type y to settle {who} up now, or n (or just Enter) to leave it for later.")


def _offer_settle(before: "Standings", who: str) -> None:
    """After a leave recorded without settling up (a script, or --no-settle not given):
    how to settle her up as she goes instead, when she has something to settle."""
    from ..night import door

    if not door.owes_at_door(before, who):
        return
    from ..ui.console import console
    from ..ui.night import show_unsettled

    show_unsettled(console(), who)


@commands.command("open-table")
def open_table(
    east: str | None = typer.Option(
        None, "--east", help="Its first East (default: the first of the four).", metavar="NAME"
    ),
    session: Path | None = SessionOpt,
) -> None:
    """Club night: open another table; the front four of the line sit at it.

    Example: mahj open-table --east Bea
    """
    from ..files import paths
    from ..night import build, change

    path = paths.locate(session)
    show(lambda: change.record(path, lambda n: build.build_open(n.standings, east)))


@commands.command("close-table")
def close_table(
    table: str = typer.Argument(..., help="The table that stops playing.", metavar="N"),
    session: Path | None = SessionOpt,
) -> None:
    """Club night: close a table; its players go to the front of the line, in seat order.

    Example: mahj close-table 2
    """
    from ..files import paths
    from ..night import build, change

    number = table_number(table, "N")
    assert number is not None
    path = paths.locate(session)
    show(lambda: change.record(path, lambda n: build.build_close(n.standings, number)))
