"""Going back over a night: `mahj fix` (a past game typed again), `mahj take-back` (a
past game that was never played), `mahj redo` (what `mahj undo` took out), `mahj rename`
(a misspelt player)."""

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from .shared import NUMBERS, Commands, SessionOpt, saving

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ..core.standings import Standings
    from ..night.build import Built

commands = Commands()


@commands.command(context_settings=NUMBERS)
def fix(
    ctx: typer.Context,
    game: str = typer.Argument(
        ..., help="The game's number, as `mahj log` shows it.", metavar="GAME"
    ),
    words: list[str] | None = typer.Argument(
        None,
        help="The game as it should have been, in the words of `mahj win` (WINNER VALUE "
        "--thrown-by NAME ...), or `wall` and the words of `mahj wall`, or `incomplete` "
        "(tournament: time was called during it), or `error` and the words of `mahj error`.",
        metavar="WIN-OR-WALL",
    ),
    session: Path | None = SessionOpt,
) -> None:
    """Replace a past game with the one typed, and replay the night.

    Every total that changes is shown; the old entry stays in the file as a comment. The
    night is saved only if every later entry still stands.

    Example: mahj fix 3 Pat 25 --thrown-by Ruth --jokerless
    """  # fmt: skip
    from ..core.numbers import whole_number
    from ..files import paths
    from ..night import history

    typed = list(words or []) + [str(a) for a in ctx.args]
    if not typed:
        shown = game if game.isascii() and game.isdigit() and len(game) < 7 else "3"
        ctx.fail(
            f"say what game {shown} should have been, e.g. mahj fix {shown} Pat 25 "
            f"--thrown-by Ruth (or mahj fix {shown} wall)"
        )
    number = whole_number(game, "GAME", 1, 100_000)
    build = _builder(ctx, number, typed)
    path = paths.locate(session)
    with saving() as saved:
        done, was = history.replace(path, number, build, history.fix_note(number))
        saved(f"game {number} WAS replaced in {path}", "`mahj fix` it again to change it back")
        from ..night.retype import fix_back
        from ..ui.console import console
        from ..ui.night import show_fixed

        back = fix_back(number, was) if was is not None else None
        at = history.game_at(done.before, number)
        show_fixed(console(), at, done.before, done.after, back)


def _builder(ctx: typer.Context, number: int, typed: list[str]) -> "Callable[[Standings], Built]":
    """How to build the corrected game from its words: those of `mahj win`, or of
    `mahj wall` after the word `wall` (unless they are a win's: a player called Wall), or
    of `mahj error` after the word `error`."""
    from ..night import build
    from .night import win_choices
    from .shared import table_number

    first = typed[0].lower()
    if first == "incomplete" and len(typed) == 1:  # tournament: time called during it
        return build.build_incomplete
    if first == "error":  # a false Mah Jongg, unless the words are a win by a player "Error"
        said, as_win = _words(number, "error", typed[1:]), _words(number, "win", typed)
        if isinstance(said, str) and (isinstance(as_win, str) or as_win["value"] is None):
            ctx.fail(said)
        if not isinstance(said, str):
            caller, intact = said["caller"], said.get("intact")
            return lambda standings: build.build_error(standings, caller, intact)
    kind = "wall" if first == "wall" else "win"
    params = _words(number, kind, typed[1:] if first in ("win", "wall") else typed)
    if kind == "wall" and isinstance(params, str):
        as_win = _words(number, "win", typed)
        if not isinstance(as_win, str):
            kind, params = "win", as_win
    if isinstance(params, str):
        ctx.fail(params)  # a usage error, said against `mahj fix`, whose words these are
    if kind == "wall":
        dead = list(params.get("dead") or ()) or None
        bets = list(params.get("bet") or ()) or None
        table = table_number(params.get("table"))
        return lambda standings: build.build_wall(standings, dead, table, bets)
    choices = win_choices(params)
    if choices["winner"] is None:
        ctx.fail(f"say who won game {number}: mahj fix {number} WINNER VALUE --thrown-by NAME")

    def win(standings: "Standings") -> "Built":
        return build.build_win(standings, **choices)

    return win


def _words(number: int, kind: str, words: list[str]) -> "dict[str, Any] | str":
    """The options of `mahj win` or `mahj wall` read from `words`, or the usage error."""
    from .app import command_named
    from .shared import no_stray_options

    command = command_named(kind)
    assert command is not None
    try:
        sub = command.make_context(f"mahj fix {number} {kind}", list(words))
        no_stray_options(sub, sub.params.get("value"))
    except Exception as exc:
        said = getattr(exc, "format_message", None)  # a usage error: what it says
        message = said() if callable(said) else None
        if not (isinstance(message, str) and getattr(exc, "exit_code", None) == 2):
            raise
        return message
    return dict(sub.params)


@commands.command("take-back")
def take_back(
    game: str = typer.Argument(
        ..., help="The game's number, as `mahj log` shows it.", metavar="GAME"
    ),
    penalty: str | None = typer.Option(
        None,
        "--penalty",
        help="Tournament: take out this player's penalty numbered GAME instead of the game.",
        metavar="NAME",
    ),
    session: Path | None = SessionOpt,
) -> None:
    """Take one past game (or a penalty) out of the night: it went in twice, or was never
    played.

    The later games stay as they were played: it is refused, naming the game, if one of
    them would no longer stand or would sit differently without it. The file keeps the
    game as a comment.

    Example: mahj take-back 3  (or: mahj take-back 3 --penalty Pia)
    """  # fmt: skip
    from ..core.numbers import whole_number
    from ..files import paths
    from ..night import history

    number = whole_number(game, "GAME", 1, 100_000)
    path = paths.locate(session)
    with saving() as saved:
        done, at = history.take_back(path, number, penalty=penalty)
        what = "game" if penalty is None else "the penalty"
        saved(f"{what} {number} WAS taken out of {path}", "the file keeps it as a comment")
        from ..ui.console import console
        from ..ui.night import show_removed

        removed = next(row for row in done.before.rows if row.at == at)
        show_removed(console(), removed, done.before, done.after)


@commands.command()
def redo(session: Path | None = SessionOpt) -> None:
    """Put back the entry `mahj undo` just took out (before anything else is recorded).

    Example: mahj redo
    """
    from ..files import paths
    from ..night import history
    from .night import show

    path = paths.locate(session)
    show(lambda: history.redo(path), "Put back what `mahj undo` took out:")


@commands.command()
def rename(
    old: str = typer.Argument(..., help="The player's name as it is now.", metavar="OLD"),
    new: str = typer.Argument(..., help="The name as it should be.", metavar="NEW"),
    session: Path | None = SessionOpt,
) -> None:
    """Rename a misspelt player everywhere in the night (their points stay theirs).

    Example: mahj rename Kathey Kathy
    """
    from ..core.names import typed_back
    from ..files import paths
    from ..night import history

    path = paths.locate(session)
    with saving() as saved:
        was, now, standings = history.rename(path, old, new)
        back = f"`mahj rename {typed_back(now, was)}` changes it back"
        saved(f"{was} WAS renamed {now} in {path}", back)
        from ..ui.console import console
        from ..ui.night import show_renamed

        show_renamed(console(), was, now, standings)
