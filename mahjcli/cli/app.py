"""The `mahj` command line: one Typer app, one command group per module of `mahjcli.cli`.

Commands stay thin: they parse, call `night/` or `files/`, and hand the result to
`reports/` and `ui/`. Heavy modules (Rich, tomli-w) are imported inside the commands that
need them, so starting `mahj` costs little more than starting Typer. A refusal
(`MahjError`) is turned into one `Error: ...` line and exit code 1 here, once.

The group loads lazily, the way Click documents for large command lines: each module's
commands are built (Typer inspecting their signatures) only when the command line names
one of them, or when help lists them all.
"""

import functools
import importlib
import sys
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperGroup

from ..core.errors import MahjError

if TYPE_CHECKING:
    from typer._click import Command, Context

COMMANDS: dict[str, tuple[str, ...]] = {
    "night": ("new", "win", "wall", "undo"),
    "seats": ("join", "leave", "open-table", "close-table"),
    "reports": ("status", "log", "total", "check", "sessions"),
    "cards": ("table", "lines"),
    "tournament": ("incomplete", "error", "penalty", "scorecard"),
    "season": ("season", "winners", "export"),
    "event": ("event",),
}
"""Each module of `mahjcli.cli` and the commands it declares, in the order help lists them."""


@functools.cache
def commands_of(module: str) -> "Command":
    """The Click command (or group of commands) that one module's Typer app builds."""
    return typer.main.get_command(importlib.import_module(f"mahjcli.cli.{module}").commands)


class MahjGroup(TyperGroup):
    """The command group: builds a command only when it is asked for, and turns every
    refusal into one `Error:` line and exit code 1."""

    def list_commands(self, ctx: "Context") -> list[str]:
        """Every command, in the order of `COMMANDS`."""
        return [name for names in COMMANDS.values() for name in names]

    def get_command(self, ctx: "Context", cmd_name: str) -> "Command | None":
        """The command called `cmd_name`, built from its module on first use."""
        for module, names in COMMANDS.items():
            if cmd_name in names:
                built = commands_of(module)
                if isinstance(built, TyperGroup):
                    return built.get_command(ctx, cmd_name)
                return built
        return None

    def invoke(self, ctx: "Context") -> Any:
        """Run the command; a `MahjError` is reported, never shown as a traceback."""
        try:
            return super().invoke(ctx)
        except MahjError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(1) from None


app = typer.Typer(
    name="mahj",
    cls=MahjGroup,
    help="Score keeper for American mahjong: league payments, the waiting line, the pie "
    "and tournament points.\n\nExample: mahj new Ruth Linda Kathy Pat",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def _mahj() -> None:
    """Runs before every command (nothing to do: each command finds its own session)."""


def main() -> None:
    """Entry point for the `mahj` console script."""
    try:
        app()
    except BrokenPipeError:
        # The reader went away (`mahj log | head -1`): stop quietly.
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(0)
