"""What several commands share, declared once: options, JSON output, number-taking
commands, and the night a read-only command works on."""

import re
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from .completion import player_names

if TYPE_CHECKING:
    from ..files.loader import Night

SessionOpt = typer.Option(
    None,
    "--session",
    help="Session file to use (default: $MAHJ_SESSION, else the current session).",
    metavar="FILE",
    envvar="MAHJ_SESSION",
    show_envvar=False,
    dir_okay=True,
)
JsonOpt = typer.Option(False, "--json", help="Print JSON for scripts instead of a table.")
CoinsOpt = typer.Option(False, "--coins", help="Show money at one cent a point ($0.25).")
DeadOpt = typer.Option(
    None, "--dead", help="A player whose hand was dead (repeatable).", metavar="NAME",
    autocompletion=player_names,
)  # fmt: skip

BetOpt = typer.Option(
    None,
    "--bet",
    help="House rule bettor: a waiting player's bet on a seated player, or on a wall game "
    "(repeatable).",
    metavar="BETTOR=PLAYER|wall",
)

NUMBERS = {"ignore_unknown_options": True, "allow_extra_args": True}
"""Context for commands whose values may be typed negative (`-5`): Click would take them
for options; `no_stray_options` then refuses whatever else was not an option."""


def emit_json(data: object) -> None:
    """Print one JSON document on stdout (names as typed, not escaped to ASCII)."""
    import json

    typer.echo(json.dumps(data, ensure_ascii=False))


def no_stray_options(ctx: typer.Context, *values: str | None) -> None:
    """A mistyped option (`--jokeles`) or an extra word is a usage error (exit 2)."""
    stray = [v for v in values if v and v.startswith("-") and not re.fullmatch(r"-[0-9.]+", v)]
    stray += [str(a) for a in ctx.args]
    if not stray:
        return
    first = stray[0]
    if first.startswith("-"):
        import difflib

        known = [o for p in ctx.command.params for o in p.opts if o.startswith("--")]
        close = difflib.get_close_matches(first.split("=")[0], known, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        ctx.fail(f"No such option: {first}{hint}")
    ctx.fail(f"Got unexpected extra argument ({first})")


def open_night(session: Path | None, *, coins: bool = False) -> "Night":
    """The night a report reads (loaded and checked); `--coins` only where points are money."""
    from ..core.errors import Refused
    from ..files import loader, paths

    night = loader.load(paths.locate(session))
    if coins and not night.standings.rules.pays:
        raise Refused(f"{night.standings.rules.name} points are not money; leave out --coins")
    return night
