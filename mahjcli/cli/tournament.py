"""A tournament table's own commands: incomplete, error, penalty, and the score card."""

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from .completion import player_names
from .night import show
from .shared import (
    NUMBERS,
    Commands,
    JsonOpt,
    SessionOpt,
    echo,
    emit_json,
    no_stray_options,
    saving,
)

if TYPE_CHECKING:
    from ..reports.scorecard import ScoreCard

commands = Commands()


@commands.command()
def scorecard(
    json: bool = JsonOpt,
    accept: bool = typer.Option(
        False,
        "--accept",
        help="The table accepts the card for the rounds played so far (at a round's "
        "end); accepted rounds can no longer be undone.",
    ),
    event_round: str | None = typer.Option(
        None,
        "--round",
        help="At an event: the round this table's night is (default 1). The card is "
        "headed with it and handed in by the seat that round names.",
        metavar="N",
    ),
    session: Path | None = SessionOpt,
) -> None:
    """A tournament table's score card: each game, round totals, who hands it in.

    Fits 80 columns, so it can go straight to paper: mahj scorecard > card.txt

    At an event, a table's night for round 2: mahj scorecard --round 2

    Example: mahj scorecard --accept
    """  # fmt: skip
    from ..core.event import MAX_ROUNDS
    from ..core.numbers import whole_number
    from ..files import loader, paths
    from ..night import build, change
    from ..reports.scorecard import build as build_card

    first = 1 if event_round is None else whole_number(event_round, "--round", 1, MAX_ROUNDS)
    path = paths.locate(session)
    if not accept:
        _print(build_card(loader.load(path).standings, first), json)
        return
    with saving() as saved:
        standings = change.record(path, lambda n: build.build_accept(n.standings)).after
        saved(
            f"the score card WAS accepted through game {standings.games} in {path}",
            "do not accept it again",
        )
        _print(build_card(standings, first), json)


def _print(card: "ScoreCard", as_json: bool) -> None:
    from ..reports.scorecard import card_json

    if as_json:
        emit_json(card_json(card))
        return
    from ..ui.console import console
    from ..ui.scorecard import CARD_WIDTH, print_card

    out = console()
    out.width = min(out.width, CARD_WIDTH)
    echo(print_card(card, out))


@commands.command()
def incomplete(session: Path | None = SessionOpt) -> None:
    """Tournament: time was called before the game finished (0 for everyone).

    Example: mahj incomplete
    """
    from ..files import paths
    from ..night import build, change

    path = paths.locate(session)
    show(lambda: change.record(path, lambda n: build.build_incomplete(n.standings)))


@commands.command()
def error(
    caller: str = typer.Argument(
        ..., help="Who called Mah Jongg in error.", autocompletion=player_names, metavar="CALLER"
    ),
    intact: str | None = typer.Option(
        None,
        "--intact",
        help="The one player who kept an intact hand (the others exposed theirs).",
        autocompletion=player_names,
        metavar="NAME",
    ),
    session: Path | None = SessionOpt,
) -> None:
    """Tournament (variant mj-in-error): a Mah Jongg called in error ended the game.

    Example: mahj error Linda --intact Pat
    """
    from ..files import paths
    from ..night import build, change

    path = paths.locate(session)
    show(lambda: change.record(path, lambda n: build.build_error(n.standings, caller, intact)))


@commands.command(context_settings=NUMBERS)
def penalty(
    ctx: typer.Context,
    name: str = typer.Argument(
        ..., help="The player penalised.", metavar="NAME", autocompletion=player_names
    ),
    points: str = typer.Argument(..., help="Points lost, e.g. 10.", metavar="POINTS"),
    reason: str = typer.Option(
        "", "--reason", help="Why, e.g. 'looked at a blind pass'.", metavar="TEXT"
    ),
    session: Path | None = SessionOpt,
) -> None:
    """Tournament: a player loses points, such as 10 for looking at a blind-passed tile.

    Example: mahj penalty Pat 10 --reason "looked at a blind pass"
    """  # fmt: skip
    from ..files import paths
    from ..night import build, change

    no_stray_options(ctx, points)
    path = paths.locate(session)
    show(
        lambda: change.record(
            path, lambda n: build.build_penalty(n.standings, name, points, reason)
        )
    )
