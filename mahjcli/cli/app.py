"""The `mahj` command line: one Typer app, one command group per module of `mahjcli.cli`.

Commands stay thin: they parse, call `night/` or `files/`, and hand the result to
`reports/` and `ui/`. Heavy modules (Rich, tomli-w) are imported inside the commands that
need them, so starting `mahj` costs little more than starting Typer. A refusal
(`MahjError`) is turned into one `Error: ...` line and exit code 1 here, once.

The group loads lazily, the way Click documents for large command lines: a command is
built (Typer inspecting its signature) only when the command line names it, or when help
lists them all; the collector waits while all this starts (`main`, `started`).
"""

import contextlib
import errno
import functools
import gc
import importlib
import io
import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn

import typer
from typer._click import Context
from typer._click.exceptions import ClickException, UsageError
from typer.core import TyperGroup

from ..core.errors import MahjError
from .shared import WrappedGroup

if TYPE_CHECKING:
    from typer._click import Command

COMMANDS: dict[str, tuple[str, ...]] = {
    "night": ("new", "win", "wall", "undo"),
    "history": ("redo", "fix", "rename"),
    "seats": ("join", "leave", "open-table", "close-table"),
    "reports": ("status", "log", "total", "check"),
    "sessions": ("sessions", "use"),
    "cards": ("table", "lines"),
    "tournament": ("incomplete", "error", "penalty", "scorecard"),
    "season": ("season", "winners", "export"),
    "event": ("event",),
    "serve": ("serve",),
}
"""Each module of `mahjcli.cli` and the commands it declares, in the order help lists them."""


@functools.cache
def command_named(name: str) -> "Command | None":
    """The Click command called `name`, built on its own from its module's Typer app (the
    module's other commands are not built: Typer inspecting each signature costs more
    than parsing the command line); a module that is a group of its own (`mahj event
    ...`) is built whole. None for a name no module declares."""
    for module, names in COMMANDS.items():
        if name not in names:
            continue
        commands = importlib.import_module(f"mahjcli.cli.{module}").commands
        for info in commands.registered_commands:
            assert info.callback is not None
            if (info.name or typer.main.get_command_name(info.callback.__name__)) == name:
                return typer.main.get_command_from_info(
                    info,
                    pretty_exceptions_short=commands.pretty_exceptions_short,
                    rich_markup_mode=commands.rich_markup_mode,
                )
        group = typer.main.get_command(commands)
        assert isinstance(group, TyperGroup)
        return group.commands.get(name)
    return None


class MahjGroup(WrappedGroup):
    """The command group: builds a command only when it is asked for, and turns every
    refusal into one `Error:` line and exit code 1."""

    def list_commands(self, ctx: "Context") -> list[str]:
        """Every command, in the order of `COMMANDS`."""
        return [name for names in COMMANDS.values() for name in names]

    def get_command(self, ctx: "Context", cmd_name: str) -> "Command | None":
        """The command called `cmd_name`, built on first use."""
        return command_named(cmd_name)

    def invoke(self, ctx: "Context") -> Any:
        """Run the command; a `MahjError`, or a file system failure no command foresaw, is
        reported in one line, never shown as a traceback."""
        prepare_streams()
        refuse_repeats(self, ctx, [*ctx._protected_args, *ctx.args])
        started()
        try:
            return super().invoke(ctx)
        except MahjError as exc:
            error(str(exc))
        except ClickException as exc:  # a usage error quotes what was typed: escape it
            from ..core.names import visible

            exc.message = visible(exc.message)
            raise
        except OSError as exc:
            if exc.errno == errno.EPIPE:
                raise  # the reader went away (`mahj log | head -1`): see main()
            error(os_problem(exc))


def started() -> None:
    """Start-up is over. What it made (the modules, Typer's commands) lives until mahj
    exits, so the garbage collector, held off by `main` while it was made, leaves it
    alone from now on (`gc.freeze`) and runs again for what the command does. It is the
    pattern Python's documentation of `gc.freeze` describes (disable early, freeze,
    enable; there for a process about to fork), here sparing every command the
    collector's passes over its start-up objects (some 7% of its instructions, the pass
    at exit included). Nothing to do when the collector is running (the command line
    called from Python, as in tests)."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def error(message: str) -> NoReturn:
    """Report a refusal: one `Error:` line on stderr (escaped), exit code 1."""
    from ..core.names import visible
    from .shared import echo

    with contextlib.suppress(OSError, ValueError):
        echo(visible(f"Error: {message}"), err=True)
    raise typer.Exit(1)


def os_problem(exc: OSError) -> str:
    """An operating-system failure in words: what failed, on which file."""
    reason = exc.strerror or str(exc)
    where = exc.filename if exc.filename is not None else ""
    if isinstance(where, bytes):
        where = os.fsdecode(where)
    if where:
        return f"{where}: {reason}; nothing was changed"
    return f"could not write the output: {reason}; nothing was changed"


def refuse_repeats(group: TyperGroup, ctx: "Context", args: list[str]) -> None:
    """A usage error (exit 2) when an option that takes one value is given twice:
    `--thrown-by Linda --thrown-by Kathy` must not silently keep the last."""
    if not args:
        return
    command = group.get_command(ctx, args[0])
    if command is None:
        return
    takes_one: dict[str, str] = {}
    takes_value: set[str] = set()
    for param in command.params:
        if param.param_type_name != "option" or getattr(param, "is_flag", False):
            continue
        takes_value.update(param.opts)
        if not param.multiple and not getattr(param, "count", False):
            long = [o for o in param.opts if o.startswith("--")]
            takes_one.update(dict.fromkeys(param.opts, (long or param.opts)[0]))
    seen: dict[str, str] = {}
    rest = iter(args[1:])
    for word in rest:
        if word == "--":
            break
        name, has_value, value = word.partition("=")
        if name not in takes_value:
            continue
        if not has_value:
            value = next(rest, "")
        if name in takes_one:
            canon = takes_one[name]
            if canon in seen:
                message = f"{canon} was given twice ({seen[canon]!r} and {value!r}); give it once"
                raise UsageError(message, ctx=Context(command, info_name=args[0], parent=ctx))
            seen[canon] = value


def _plain_help() -> None:
    """Help that speaks the command line's language, not Python's: a value's placeholder
    (`NAME`, `N`) rather than its type (`<str>`, `<int>`), nothing after a flag, and
    required arguments bare in the usage line (`WINNER`, not `{WINNER}`), as Click and
    most programs write them."""
    from typer.core import TyperArgument, TyperOption

    def argument_type(self: TyperArgument, ctx: Context) -> str | None:
        return None

    def option_type(self: TyperOption, ctx: Context) -> str | None:
        if self.is_flag or self.count:
            return None
        return self.metavar or self.name.upper() if self.name else None

    def usage_name(self: TyperArgument) -> str:
        name = self.display_name_raw if self.required else f"[{self.display_name_raw}]"
        return name + ("..." if self.nargs != 1 else "")

    TyperArgument.display_type_rich = argument_type  # type: ignore[method-assign,assignment]
    TyperOption.display_type_rich = option_type  # type: ignore[method-assign]
    TyperArgument._usage_display_name = usage_name  # type: ignore[method-assign]


_plain_help()

app = typer.Typer(
    name="mahj",
    cls=MahjGroup,
    help="Score keeper for American mahjong: league payments, the waiting line, the pie "
    "and tournament points.\n\nExample: mahj new Ruth Linda Kathy Pat",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 120},
)


def _version(asked: bool) -> None:
    if asked:
        from .. import __version__

        typer.echo(f"mahj {__version__}")
        raise typer.Exit()


@app.callback()
def _mahj(
    version: bool = typer.Option(
        False,
        "--version",
        help="Print mahj's version and stop.",
        is_eager=True,
        callback=_version,
    ),
) -> None:
    """Runs before every command (nothing to do: each command finds its own session)."""


class _Closed(io.TextIOBase):
    """Standing in for a standard output that was closed before mahj started (`>&-`):
    writing to it fails the way writing to a closed file does, so it is reported."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        """Fail: there is nowhere to write."""
        raise OSError(errno.EBADF, "standard output is closed")

    def isatty(self) -> bool:
        """Never a terminal."""
        return False


def prepare_streams() -> None:
    """Standard output that cannot encode a character (PYTHONIOENCODING=ascii) prints a
    replacement instead of failing; a closed one fails when written to."""
    if sys.stdout is None:
        sys.stdout = _Closed()
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(Exception):
                reconfigure(errors="replace" if stream is sys.stdout else "backslashreplace")


def main() -> None:
    """Entry point for the `mahj` console script. The collector waits while mahj starts
    (see `started`)."""
    gc.disable()
    try:
        app()
    except BrokenPipeError:
        # The reader went away (`mahj log | head -1`): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(0)
