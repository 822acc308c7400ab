"""`mahj scorecard`: a tournament table's score card, for the screen, paper or scripts."""

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from .shared import JsonOpt, SessionOpt, after_save, echo, emit_json

if TYPE_CHECKING:
    from ..reports.scorecard import ScoreCard

commands = typer.Typer()


@commands.command()
def scorecard(
    json: bool = JsonOpt,
    accept: bool = typer.Option(
        False,
        "--accept",
        help="The table accepts the card for the rounds played so far (at a round's "
        "end); accepted rounds can no longer be undone.",
    ),
    session: Path | None = SessionOpt,
) -> None:
    """A tournament table's score card: each game, round totals, who hands it in.

    Fits 80 columns, so it can go straight to paper: mahj scorecard > card.txt

    Example: mahj scorecard --accept
    """  # fmt: skip
    from ..files import loader, paths
    from ..night import build, change
    from ..reports.scorecard import build as build_card

    path = paths.locate(session)
    if accept:
        standings = change.record(path, lambda n: build.build_accept(n.standings)).after
    else:
        standings = loader.load(path).standings
    done: contextlib.AbstractContextManager[None] = contextlib.nullcontext()
    if accept:
        done = after_save(
            f"the score card WAS accepted through game {standings.games} in {path}",
            "do not accept it again",
        )
    with done:
        _print(build_card(standings), json)


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
