"""Commands that change who plays: join, leave, and a club night's open-table and
close-table."""

from pathlib import Path

import typer

from .completion import player_names
from .night import show
from .shared import Commands, SessionOpt, table_number

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
    show(lambda: change.record(path, lambda n: build.build_join(n.standings, name, new)))


@commands.command()
def leave(
    name: str = typer.Argument(
        ..., help="The player leaving.", metavar="NAME", autocompletion=player_names
    ),
    session: Path | None = SessionOpt,
) -> None:
    """A player leaves for the night; the front of the line takes their seat.

    Example: mahj leave Pat
    """
    from ..files import paths
    from ..night import build, change

    path = paths.locate(session)
    show(lambda: change.record(path, lambda n: build.build_leave(n.standings, name)))


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
