"""The command reference: every command's `--help`, as mahj prints it at 80 columns."""

from __future__ import annotations

from typer import Context
from typer.core import TyperGroup

COMMAND_WIDTH = 80


def command_paths() -> list[list[str]]:
    """Every command of mahj, groups first then their commands, in help's order."""
    from typer.main import get_command

    from .app import app

    top = get_command(app)
    assert isinstance(top, TyperGroup)
    paths: list[list[str]] = [[]]

    def walk(group: TyperGroup, path: list[str], parent: Context | None) -> None:
        # A context made without parsing anything: parsing would settle each command's
        # help option from a context that does not have mahj's settings (`-h`).
        ctx = Context(group, info_name=path[-1] if path else "mahj", parent=parent)
        for name in group.list_commands(ctx):
            command = group.get_command(ctx, name)
            assert command is not None, name
            paths.append([*path, name])
            if isinstance(command, TyperGroup):
                walk(command, [*path, name], ctx)

    walk(top, [], None)
    return paths


def help_text(path: list[str]) -> str:
    """What `mahj PATH --help` prints, without trailing spaces."""
    from typer.testing import CliRunner

    from .app import app

    env: dict[str, str | None] = {
        "COLUMNS": str(COMMAND_WIDTH),
        "NO_COLOR": "1",
        "TERM": "dumb",
        "MAHJ_SESSION": None,
    }
    result = CliRunner().invoke(app, [*path, "--help"], env=env, prog_name="mahj")
    if result.exit_code != 0:
        raise RuntimeError(f"mahj {' '.join(path)} --help failed: {result.output}")
    return "\n".join(line.rstrip() for line in result.output.rstrip().splitlines())


def reference() -> str:
    """The generated part of the command reference page: one section per command."""
    parts = []
    for path in command_paths():
        title = " ".join(["mahj", *path])
        parts.append(f"## `{title}`\n\n```text\n{help_text(path)}\n```\n")
    return "\n".join(parts)
