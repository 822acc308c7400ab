"""What several commands share, declared once: options, printing (JSON, one-line
messages, and what a change that was saved prints), number-taking commands, and the
night a read-only command works on."""

import contextlib
import os
import re
import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import typer
from typer.core import TyperCommand, TyperGroup

from ..core.names import visible
from .completion import player_names

if TYPE_CHECKING:
    from ..core.problems import Problem
    from ..core.standings import Row
    from ..files.lines import Locator
    from ..files.loader import Night

SAVED_NOT_SHOWN = 3
"""Exit code when a change WAS saved but its result could not be printed (stdout closed,
full or failing): distinct from a refusal (1) and a usage error (2), so the change is
not typed again."""

SessionOpt = typer.Option(
    None,
    "--session",
    help="Session file to use (default: $MAHJ_SESSION, else the current session).",
    metavar="FILE",
    envvar="MAHJ_SESSION",
    show_envvar=False,
    dir_okay=True,
    readable=False,  # an unreadable file is mahj's to refuse (exit 1), not a usage error
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
    "(wall, or wall-game on a night with a player called Wall; repeatable).",
    metavar="BETTOR=PLAYER|wall",
)

NUMBERS = {"ignore_unknown_options": True, "allow_extra_args": True}
"""Context for commands whose values may be typed negative (`-5`): Click would take them
for options; `no_stray_options` then refuses whatever else was not an option."""


def emit_json(data: object) -> None:
    """Print one JSON document on stdout (names as typed, not escaped to ASCII)."""
    import json

    echo(json_text(json.dumps(data, ensure_ascii=False)))


def echo(text: str, *, err: bool = False, nl: bool = True) -> None:
    """Print text on stdout (or stderr) in the stream's own encoding, a character it
    cannot encode replaced (Click would switch an ASCII stream to UTF-8 instead)."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        return
    stream.write(text + "\n" if nl else text)
    stream.flush()


def print_file(text: str, bom: bool = False) -> None:
    """A whole file (CSV, page, SVG) on stdout: UTF-8 but on a terminal, whatever its
    encoding (`mahj export > x.csv` on Windows), `bom` marking a file (not a pipe) so."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None or sys.stdout.isatty():
        return echo(text, nl=False)
    to_file = False
    with contextlib.suppress(OSError, ValueError):  # no file behind it: no mark
        to_file = stat.S_ISREG(os.fstat(sys.stdout.fileno()).st_mode)
    sys.stdout.flush()
    buffer.write(("\ufeff" if bom and to_file else "").encode("utf-8") + text.encode("utf-8"))
    buffer.flush()


def json_text(text: str) -> str:
    """JSON text as it may be printed: every character a terminal would not show as
    itself written as its `\\u` escape (the same JSON value), and all of them when the
    output cannot encode the text (PYTHONIOENCODING=ascii).

    >>> json_text('{"n": "a\\u009bb", "m": "José"}')
    '{"n": "a\\\\u009bb", "m": "José"}'
    """
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeError, LookupError):
        return "".join(ch if ch.isascii() and (ch.isprintable() or ch == "\n") else _u(ch)
                       for ch in text)  # fmt: skip
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == "\n" else _u(ch) for ch in text)


def _u(ch: str) -> str:
    code = ord(ch)
    if code > 0xFFFF:  # a surrogate pair, as JSON spells it
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def say(text: str, *, err: bool = False) -> None:
    """Print one line, every control character in it escaped."""
    echo(visible(text), err=err)


def say_text(text: str, *, err: bool = False) -> None:
    """Print text of several lines, every control character in each line escaped (an
    event's name or a player's, as a hand edit left them, can never drive the terminal)."""
    echo("\n".join(visible(line) for line in text.split("\n")), err=err)


def entry_words(row: "Row") -> str:
    """`game 5 (Ruth wins 25, thrown by Linda)`, or `the entry (...)` for one that is not
    a game."""
    from ..reports.words import describe

    return f"game {row.game} ({describe(row)})" if row.is_game else f"the entry ({describe(row)})"


class Saving:
    """A change on its way to the disk and then shown (`saving`): call it with what was
    done, in words, as soon as the change is saved."""

    def __init__(self) -> None:
        self.done: tuple[str, str] | None = None
        self.interrupted = False
        self.previous: Any = None  # the Ctrl-C handler this one stands in for

    def __call__(self, done: str, again: str) -> None:
        """The change is saved: from now on, a failure says that `done` WAS done and what
        doing it `again` would mean. A Ctrl-C held while it was saved takes effect now."""
        self.done = (done, again)
        self.release()
        if self.interrupted:
            raise KeyboardInterrupt

    def hold(self) -> None:
        """Hold Ctrl-C back until the change is saved (where Python's own handler is the
        one in place, in the main thread)."""
        import signal
        import threading

        if threading.current_thread() is not threading.main_thread():
            return
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self.previous = signal.signal(signal.SIGINT, self._held)

    def release(self) -> None:
        """Let Ctrl-C act at once again."""
        import signal

        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)
            self.previous = None

    def _held(self, signum: int, frame: object) -> None:
        """Ctrl-C while the change is saved: noted, to take effect once it is (a second
        one takes effect at once)."""
        if self.interrupted:
            raise KeyboardInterrupt
        self.interrupted = True


@contextlib.contextmanager
def saving() -> Iterator[Saving]:
    """A change saved, then shown. A Ctrl-C while it is saved takes effect once the save
    is over, so it never cuts between the save and the words that say so. Once the
    command names what it saved (calling what this yields), any failure to finish -- a
    standard output that is closed, full or failing, a reader that went away (`| head
    -1`), Ctrl-C, a part of mahj that cannot be loaded -- is one line on stderr saying it
    WAS done, and exit code SAVED_NOT_SHOWN, never a refusal's 1 nor Python's own."""
    state = Saving()
    state.hold()
    try:
        yield state
        if state.done is not None and sys.stdout is not None:
            sys.stdout.flush()
    except BaseException as exc:
        if state.done is None and state.interrupted and isinstance(exc, KeyboardInterrupt):
            _interrupted_twice()
        if state.done is None or _finished(exc):
            raise
        _saved_not_shown(*state.done, exc)
    finally:
        state.release()
    if state.done is None and state.interrupted:
        raise KeyboardInterrupt  # held while nothing was saved after all


INTERRUPTED = 130
"""Exit code of a command stopped by Ctrl-C (128 + SIGINT, as shells report it)."""


def _interrupted_twice() -> NoReturn:
    """Ctrl-C pressed again while a change was being saved (a disk that hangs): stop, and
    say that the save is whole either way."""
    with contextlib.suppress(Exception):
        say(
            "Error: interrupted while saving; the file holds either the version before or "
            "the one after, never a mix (look at it again to see which)",
            err=True,
        )
    raise typer.Exit(INTERRUPTED)


def _finished(exc: BaseException) -> bool:
    """Whether an exception only ends the command with success (exit code 0)."""
    if isinstance(exc, SystemExit):
        return exc.code in (0, None)
    return isinstance(exc, typer.Exit) and exc.exit_code == 0


def _saved_not_shown(done: str, again: str, exc: BaseException) -> NoReturn:
    """Say on stderr (when it can) that `done` WAS done although printing what it did
    failed, and exit with SAVED_NOT_SHOWN. Standard output is pointed at the null device
    first, so what it still holds cannot fail again as Python exits."""
    if isinstance(exc, KeyboardInterrupt):
        reason = "interrupted"
    elif isinstance(exc, OSError):
        reason = exc.strerror or str(exc)
    elif isinstance(exc, ImportError):
        reason = f"mahj could not load {exc.name or 'a part of itself'}"
    else:
        reason = f"{type(exc).__name__}: {exc}"
    with contextlib.suppress(Exception):
        import os

        assert sys.stdout is not None
        target = sys.stdout.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, target)
        os.close(devnull)
    with contextlib.suppress(Exception):
        say(f"Error: {done}, but what it did could not be printed ({reason}); {again}", err=True)
    raise typer.Exit(SAVED_NOT_SHOWN)


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
        if first.split("=")[0] in known:  # a real option, read as a word after `--`
            ctx.fail(
                f"{first} comes after `--`, which ends the options, so it is read as a "
                "word; put the options before `--`"
            )
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


def table_number(typed: str | None, what: str = "--table") -> int | None:
    """A table's number as typed (the one number parser: `--table two` is refused)."""
    from ..core.model import MAX_TABLES
    from ..core.numbers import whole_number

    return None if typed is None else whole_number(typed, what, 1, MAX_TABLES)


def report_check(
    path: Path, found: "list[Problem]", notes: "list[Problem]", locator: "Locator", as_json: bool
) -> None:
    """What `mahj check` and `mahj event check` print: OK, or each problem as
    `file:line: message` (and the notes), or the same as JSON; exit 1 when there is a
    problem."""
    from ..files.loader import describe

    if as_json:
        emit_json(
            {
                "ok": not found,
                "problems": [{"message": p.message, "line": locator.line(p.where)} for p in found],
                "notes": [{"message": p.message, "line": locator.line(p.where)} for p in notes],
            }
        )
    else:
        for p in found:
            say(describe(path, p, locator))
        for p in notes:
            say("note: " + describe(path, p, locator))
        if not found:
            say(f"OK: {path}")
    if found:
        raise typer.Exit(1)


class WrappedGroup(TyperGroup):
    """A group of commands whose help lists each command's first sentence whole, wrapped
    to the terminal's width, never cut off with `...`."""

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The commands and what each does."""
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=1_000)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def placeholder(param: Any) -> str:
    """An argument as help names it: `WINNER`, `PLAYER` (never its Python type)."""
    return str(param.metavar or param.name).upper()


class PlainCommand(TyperCommand):
    """A command whose help speaks the command line's language, not Python's: a value's
    placeholder (`NAME`, `N`: each option declares its `metavar`) rather than its type
    (`<str>`), and required arguments bare in the usage line (`WINNER`, not
    `{WINNER}`), as Click and most programs write them."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        """`[OPTIONS] WINNER [VALUE]`, `[OPTIONS] PLAYER...`."""
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.get_params(ctx):
            if param.param_type_name == "argument":
                shown = placeholder(param)
                shown = shown if param.required else f"[{shown}]"
                many = param.nargs != 1 and not shown.endswith("...")
                pieces.append(shown + ("..." if many else ""))
        return pieces

    def format_options(self, ctx: Any, formatter: Any) -> None:
        """The arguments, each by its placeholder, then the options."""
        arguments, options = [], []
        for param in self.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is None:
                continue
            if param.param_type_name == "argument":
                arguments.append((placeholder(param), record[1]))
            else:
                options.append(record)
        for heading, rows in (("Arguments", arguments), ("Options", options)):
            if rows:
                with formatter.section(heading):
                    formatter.write_dl(rows)


F = TypeVar("F", bound=Callable[..., Any])


HELP_OPTIONS: dict[str, Any] = {"help_option_names": ["-h", "--help"]}
"""Every command's help options."""


class Commands(typer.Typer):
    """A module's commands: help drawn plainly (without Rich's help machinery, a third of
    the start-up again), each command a `PlainCommand`, and no completion options of
    its own (`mahj --install-completion` is the whole program's)."""

    def __init__(self, **settings: Any) -> None:
        settings["context_settings"] = {**HELP_OPTIONS, **settings.get("context_settings", {})}
        super().__init__(rich_markup_mode=None, add_completion=False, **settings)

    def command(  # type: ignore[override]
        self, name: str | None = None, *, cls: type[TyperCommand] = PlainCommand, **settings: Any
    ) -> Callable[[F], F]:
        """Declare a command (a `PlainCommand` unless told otherwise), with `-h` for help
        whichever way it is reached (Click settles a command's help option once)."""
        settings["context_settings"] = {**HELP_OPTIONS, **settings.get("context_settings", {})}
        return super().command(name, cls=cls, **settings)
