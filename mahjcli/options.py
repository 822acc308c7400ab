"""Options several commands share, declared once (imported by cli.py and the cli_* modules)."""

from __future__ import annotations

import typer

SessionOpt = typer.Option(
    None,
    "--session",
    help="Session file to use (default: $MAHJ_SESSION, else the current session).",
    metavar="FILE",
    dir_okay=True,
)
JsonOpt = typer.Option(False, "--json", help="Print JSON for scripts instead of a table.")
CoinsOpt = typer.Option(False, "--coins", help="Show money at one cent a point ($0.25).")
