"""`mahj serve`: the room's screen and every table's phone, on the local network."""

import contextlib
from pathlib import Path

import typer

from .shared import Commands, SessionOpt

commands = Commands()


@commands.command()
def serve(
    host: str = typer.Option(
        "127.0.0.1",
        "--host",
        help="The address to listen on: 0.0.0.0 for the room's network (default: only "
        "this computer).",
        metavar="H",
    ),
    port: str = typer.Option("8000", "--port", help="The port (0: any free one).", metavar="P"),
    folder: Path | None = typer.Option(
        None,
        "--dir",
        help="Serve every night in this folder (one file a table), instead of one night.",
        metavar="FOLDER",
        file_okay=False,
    ),
    event: bool = typer.Option(
        False, "--event", help="Serve the current event (or the event --session names)."
    ),
    session: Path | None = SessionOpt,
) -> None:
    """A scoreboard for the big screen and score entry from every table's phone.

    Prints the scoreboard's address, the entry link (its key lets a phone enter games)
    and the link's QR code; serves until Ctrl-C. The session file stays the only
    record: the command line can be used at the same time.

    Example: mahj serve --host 0.0.0.0
    """
    from ..core.numbers import whole_number
    from ..web import serve as web

    number = whole_number(port, "--port", 0, 65535)
    room, name = web.room_for(session, folder, event)
    ready = web.prepare(room, name, host, number)
    for line in ready.lines:
        typer.echo(line)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: the server has stopped cleanly
        ready.run()
    typer.echo("Stopped.")
