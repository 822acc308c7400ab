"""`mahj scorecard`: a tournament table's score card, for the screen, paper or scripts."""

from pathlib import Path

import typer

from .shared import JsonOpt, SessionOpt, emit_json

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
    from ..reports.scorecard import card_json

    path = paths.locate(session)
    if accept:
        standings = change.record(path, lambda n: build.build_accept(n.standings)).after
    else:
        standings = loader.load(path).standings
    card = build_card(standings)
    if json:
        emit_json(card_json(card))
        return
    from ..ui.console import console
    from ..ui.scorecard import CARD_WIDTH, print_card

    out = console()
    out.width = min(out.width, CARD_WIDTH)
    typer.echo(print_card(card, out))
