"""The `mahj` command line: one Typer app, one command group per module of `mahjcli.cli`.

Commands stay thin: they parse, call `night/` or `files/`, and hand the result to
`reports/` and `ui/`. Heavy modules (Rich, tomli-w) are imported inside the commands that
need them, so starting `mahj` costs little more than starting Typer. A refusal
(`MahjError`) is turned into one `Error: ...` line and exit code 1 here, once.

The group loads its commands lazily, the way Click documents it for large command lines
(a group whose `list_commands` and `get_command` read a table of names and import
paths): a module of commands is imported, and its commands built, only when the command
line names one of them, or when help lists them all. Adding a command is one line in
`COMMANDS`.
"""

import contextlib
import errno
import functools
import gc
import importlib
import io
import os
import re
import sys
from typing import Any, NoReturn

import typer
import typer.main

from ..core.errors import MahjError
from .shared import WrappedGroup

COMMANDS: dict[str, str] = {
    "new": "mahjcli.cli.night:commands",
    "win": "mahjcli.cli.night:commands",
    "wall": "mahjcli.cli.night:commands",
    "undo": "mahjcli.cli.night:commands",
    "redo": "mahjcli.cli.history:commands",
    "fix": "mahjcli.cli.history:commands",
    "take-back": "mahjcli.cli.history:commands",
    "rename": "mahjcli.cli.history:commands",
    "join": "mahjcli.cli.seats:commands",
    "leave": "mahjcli.cli.seats:commands",
    "open-table": "mahjcli.cli.seats:commands",
    "close-table": "mahjcli.cli.seats:commands",
    "status": "mahjcli.cli.reports:commands",
    "log": "mahjcli.cli.reports:commands",
    "total": "mahjcli.cli.reports:commands",
    "check": "mahjcli.cli.reports:commands",
    "sessions": "mahjcli.cli.sessions:commands",
    "use": "mahjcli.cli.sessions:commands",
    "table": "mahjcli.cli.cards:commands",
    "lines": "mahjcli.cli.cards:commands",
    "incomplete": "mahjcli.cli.tournament:commands",
    "error": "mahjcli.cli.tournament:commands",
    "penalty": "mahjcli.cli.tournament:commands",
    "scorecard": "mahjcli.cli.tournament:commands",
    "season": "mahjcli.cli.season:commands",
    "winners": "mahjcli.cli.season:commands",
    "export": "mahjcli.cli.season:commands",
    "event": "mahjcli.cli.event:commands",
    "serve": "mahjcli.cli.serve:commands",
}
"""Every command, in the order help lists them, and the Typer app that declares it
(`module:attribute`)."""
MEANT = {"start": "new", "begin": "new", "add": "join", "arrive": "join", "remove": "leave",
         "score": "total", "scores": "total", "standings": "total", "help": "--help"}  # fmt: skip
"""Everyday words for a command, and the command a player typing them means."""


@functools.cache
def built(where: str) -> Any:
    """The commands of the Typer app at `where` (`module:attribute`), built: a group, or
    the one command of an app that declares one."""
    module, _, attribute = where.partition(":")
    return typer.main.get_command(getattr(importlib.import_module(module), attribute))


def command_named(name: str) -> Any:
    """The command called `name`, built from its module's Typer app; None for a name no
    module declares."""
    where = COMMANDS.get(name)
    if where is None:
        return None
    group = built(where)
    commands = getattr(group, "commands", None)
    return group if commands is None else commands.get(name)


class MahjGroup(WrappedGroup):
    """The command group: builds a command only when it is asked for, refuses an option
    given twice, and turns every refusal into one `Error:` line and exit code 1."""

    def list_commands(self, ctx: Any) -> list[str]:
        """Every command, in the order of `COMMANDS`."""
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        """The command called `cmd_name`, built on first use."""
        return command_named(cmd_name)

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        """Read the command line; a usage error in it is shown escaped and cut."""
        try:
            return super().parse_args(ctx, args)
        except Exception as exc:
            _fit_usage(exc)
            raise

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """The command the command line names, once no option of it is given twice."""
        if not ctx.resilient_parsing:  # completing a word: never refuse
            refuse_repeats(self, ctx, args)
            if args and not args[0].startswith("-") and args[0] not in COMMANDS:
                from ..core.names import closest

                if near := MEANT.get(args[0].lower()) or closest(args[0], COMMANDS, cutoff=0.7):
                    ctx.fail(f"No such command {args[0]!r}. Did you mean {near!r}?")
        return super().resolve_command(ctx, args)

    def invoke(self, ctx: Any) -> Any:
        """Run the command; a `MahjError`, or a file system failure no command foresaw (a
        part of mahj itself that cannot be read), is reported in one line, never shown as
        a traceback."""
        prepare_streams()
        if not gc.isenabled():  # start-up is over (see `main`)
            gc.freeze()
            gc.enable()
        try:
            return super().invoke(ctx)
        except MahjError as exc:
            error(_named_by_env(str(exc)))
        except OSError as exc:
            if exc.errno == errno.EPIPE:  # the reader went away (`mahj total | head -1`)
                _quiet_exit()  # before Click's own handling, which would end with 1
            error(os_problem(exc))
        except ImportError as exc:
            error(import_problem(exc))
        except Exception as exc:
            _fit_usage(exc)
            raise


def _named_by_env(message: str) -> str:
    """A refusal about the file $MAHJ_SESSION names says so: set once in a terminal, the
    variable is easily forgotten, and it comes before the current night and event."""
    env = os.environ.get("MAHJ_SESSION")
    if (
        not env
        or "$MAHJ_SESSION" in message
        or not re.search(rf"(?<![\w./-]){re.escape(env)}(?![\w-]|\.\w)", message)
    ):
        return message
    return f"{message} ($MAHJ_SESSION names {env}: unset it to use the current one)"


def _fit_usage(exc: Exception) -> None:
    """A usage error (Click's `message`, shown by `show`) quotes what was typed: escape
    it and cut it. `mahj` or `mahj event` typed alone is not one: its message is the
    help, lines and all (the class is named, not imported, as Typer does: older Clicks
    print the help without it)."""
    message = getattr(exc, "message", None)
    if type(exc).__name__ == "NoArgsIsHelpError":
        return
    if isinstance(message, str) and hasattr(exc, "show"):
        exc.message = fit(message)  # type: ignore[attr-defined]


def fit(message: str) -> str:
    """A message as it may be shown: escaped, and every long run of characters (a
    10,000-character name echoed back) cut."""
    from ..core.names import shortened, visible

    return visible(shortened(message))


def error(message: str) -> NoReturn:
    """Report a refusal: one `Error:` line on stderr (escaped and cut), exit code 1."""
    from .shared import echo

    with contextlib.suppress(OSError, ValueError):
        echo(fit(f"Error: {message}"), err=True)
    raise typer.Exit(1)


def import_problem(exc: ImportError) -> str:
    """A part of mahj (or of a library it uses) that could not be loaded, in words."""
    what = exc.name or "one of its modules"
    return (
        f"mahj could not load {what} ({exc}); nothing was changed (a disk error? if it "
        "happens again, reinstall mahj)"
    )


def os_problem(exc: OSError) -> str:
    """An operating-system failure in words: what failed, on which file."""
    reason = exc.strerror or str(exc)
    where = exc.filename if exc.filename is not None else ""
    if isinstance(where, bytes):
        where = os.fsdecode(where)
    if where:
        return f"{where}: {reason}; nothing was changed"
    return f"could not write the output: {reason}; nothing was changed"


def refuse_repeats(group: WrappedGroup, ctx: Any, args: list[str]) -> None:
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
    where = typer.Context(command, info_name=args[0], parent=ctx)
    # Options that take negative numbers for values let Click pass on what it does not
    # know; those of a command that hands its words on (`mahj fix`) are checked there.
    strict = command.context_settings.get("ignore_unknown_options") and not any(
        p.param_type_name == "argument" and p.nargs == -1 for p in command.params
    )
    seen: dict[str, str] = {}
    longs = {o for p in command.params for o in p.opts if o.startswith("--")}
    under = (
        [group.get_command(ctx, "win"), group.get_command(ctx, "wall")] if args[0] == "fix" else []
    )
    if hasattr(command, "get_command") and len(args) > 1:  # `mahj event win ...`
        under.append(command.get_command(where, args[1]))
    longs.update(
        o for c in under if c is not None for p in c.params for o in p.opts if o[:2] == "--"
    )
    rest = iter(args[1:])
    for word in rest:
        if word == "--":
            break
        bare = word.lstrip("-\u2010\u2011\u2012\u2013\u2014\u2015\u2212")  # and long dashes
        if bare != word and not word.startswith("--") and f"--{bare.split('=')[0]}" in longs:
            where.fail(f"No such option: {word}; did you mean --{bare} (two plain dashes)?")
        if strict:
            unknown_letters(command, where, word, takes_value)
        name, has_value, value = word.partition("=")
        if name not in takes_value:
            continue
        if not has_value:
            value = next(rest, "")
        if name in takes_one:
            canon = takes_one[name]
            if canon in seen:
                message = f"{canon} was given twice ({seen[canon]!r} and {value!r}); give it once"
                where.fail(message)
            seen[canon] = value


def unknown_letters(command: Any, ctx: typer.Context, word: str, takes_value: set[str]) -> None:
    """A usage error (exit 2) for a short option this command does not have, alone or in
    a group (`-Sh`), as Click gives for every command. A command that takes negative
    numbers (`mahj win ... -5`) lets Click pass on what it does not know, and Click then
    acts on the rest of the group: `win -Sh` printed help for its `-h` and exited 0."""
    if not word.startswith("-") or word.startswith("--") or re.fullmatch(r"-[0-9.]+", word):
        return
    shorts = {o for p in command.params for o in p.opts if len(o) == 2}
    shorts.update(o for o in ctx.help_option_names if len(o) == 2)
    for letter in word[1:]:
        option = "-" + letter
        if option not in shorts:
            ctx.fail(f"No such option: {option}")
        if option in takes_value:
            return  # the rest of the word is its value (`-tLinda`)


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
    """Entry point for the `mahj` console script. The garbage collector waits while mahj
    starts, and what start-up made (modules, commands: kept until mahj exits) is set
    aside from it for good once the command runs (`gc.freeze`): the collector's passes
    over them cost every command some 50 ms of a 300 ms run on this project's machine."""
    gc.disable()
    try:
        app()
    except OSError as exc:
        if exc.errno == errno.EPIPE:  # the reader went away (`mahj log | head -1`)
            _quiet_exit()
        error_and_exit(os_problem(exc))  # a part of mahj read as it starts, say
    except ImportError as exc:
        error_and_exit(import_problem(exc))


def error_and_exit(message: str) -> NoReturn:
    """`error`, outside the command line's own handling of how it ends."""
    try:
        error(message)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)


def _quiet_exit() -> NoReturn:
    """Stop quietly: the reader of the output went away."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    sys.exit(0)
