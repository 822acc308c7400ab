"""The nights on this computer: `mahj sessions` lists them, `mahj use` makes one current."""

from typing import TYPE_CHECKING

import typer

from .shared import Commands, JsonOpt, emit_json, saving

if TYPE_CHECKING:
    from pathlib import Path

    from ..core.standings import Standings

commands = Commands()


@commands.command()
def sessions(json: bool = JsonOpt) -> None:
    """List the nights in the data folder, newest first, and which one is current.

    Example: mahj sessions
    """
    from ..files import loader, paths

    rows = loader.listed()
    if json:
        emit_json({"dir": str(paths.data_dir()), "sessions": rows})
        return
    from ..ui.many import show_sessions

    show_sessions(str(paths.data_dir()), rows)


@commands.command()
def use(
    night: str = typer.Argument(
        ...,
        help="The session file (or an event's file), or the night's number in `mahj sessions`.",
        metavar="FILE-OR-NUMBER",
    ),
    json: bool = JsonOpt,
) -> None:
    """Make a night the current one again: the commands that follow work on it.

    An event's file makes that event the current one for the `mahj event` commands.

    Example: mahj use 2
    """
    from ..files import loader, paths

    path = loader.pick(night)
    if loader.holds_event(path):
        _use_event(path, json)
        return
    standings = loader.load(path).standings
    was = paths.current_or_none()
    again = was is not None and paths.same_file(was, path)
    with saving() as saved:
        if not again:
            paths.set_current(path)
        saved(f"{path} WAS made the current session", "commands now work on it")
        if json:
            emit_json({"current": str(path.resolve()), "was": str(was) if was else None})
            return
        _show_used(path, None if again else was, standings)


def _use_event(path: "Path", json: bool) -> None:
    """`mahj use EVENT-FILE`: that event is the current one for `mahj event` (a damaged
    one is refused, and the current event stays); the current night stays as it is."""
    from ..core.names import typed_back
    from ..files import eventload, paths
    from .shared import say_text

    event = eventload.load(path).event
    was = eventload.current_event_or_none()
    again = was is not None and paths.same_file(was, path)
    with saving() as saved:
        if not again:
            eventload.set_current_event(path)
        saved(f"{path} WAS made the current event", "mahj event commands now work on it")
        if json:
            shown = str(was) if was else None
            emit_json({"current": str(path.resolve()), "was": shown, "kind": "event"})
            return
        named = ", ".join(str(x) for x in (event.name, event.date) if x)
        lines = [f"{path} is now the current event ({named}): mahj event commands work on it."]
        if was is not None and not again:
            lines.append(f"It was {was}; mahj use {typed_back(str(was))} goes back to it.")
        if note := env_note(path, event=True):
            lines.append(note)
        say_text("\n".join(lines))


def _show_used(path: "Path", was: "Path | None", standings: "Standings") -> None:
    """What `mahj use` says: the night now current, and a $MAHJ_SESSION that overrides it."""
    from ..ui.console import console
    from ..ui.many import show_used

    out = console()
    show_used(out, path, was, standings)
    if note := env_note(path):
        out.print(note, soft_wrap=True, markup=False, highlight=False)


def env_note(path: "Path", event: bool = False) -> str | None:
    """What to say when a night (or an `event`) is made current while $MAHJ_SESSION names
    another file: the commands go on using that one (the variable is easily forgotten)."""
    import os
    from pathlib import Path

    from ..files import paths

    env = os.environ.get("MAHJ_SESSION")
    if not env or paths.same_file(Path(env), path):
        return None
    users, current = ("mahj event commands", "event") if event else ("commands", "session")
    return (
        f"Note: $MAHJ_SESSION names {env}, which {users} use before the current {current}; "
        "unset it to work on this one."
    )
