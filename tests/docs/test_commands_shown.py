"""Every `mahj ...` command the README and the docs pages show, in a code block or inline,
is one mahj accepts: the command exists, knows every option named and takes that many
arguments, and with `--help` appended it exits 0. A command of `mahj event` is checked
within that group, and the game `mahj fix N` is given in the words of `mahj win` (or
`mahj wall`). The examples that are run (tests/docs/test_examples.py) are checked here
too; this is what catches a command in a block that is only shown (`mahj serve`, the
four quick questions)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer.core
from typer import Context
from typer.core import TyperGroup
from typer.main import get_command
from typer.testing import CliRunner

from mahjcli.cli import app
from tests.helpers import ROOT

FENCE = re.compile(r"^[ \t]*```[^\n]*\n(?P<body>.*?)^[ \t]*```[ \t]*$", re.M | re.S)
INLINE = re.compile(r"`(mahj [^`]+)`")
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
GENERATED = {"reference.md"}
"""Pages made from the commands themselves: their `mahj ...` words are help text."""


def shown_commands(text: str) -> list[str]:
    """Every `mahj ...` command a page shows: in code blocks and inline, once each."""
    commands: list[str] = []
    for block in FENCE.finditer(text):
        lines = iter(block.group("body").splitlines())
        for raw in lines:
            line = raw.strip().removeprefix("$ ")
            if not line.startswith("mahj "):
                continue
            while line.endswith("\\"):  # a command going on over the next line
                line = line[:-1].rstrip() + " " + next(lines, "").strip()
            commands.append(line)
    outside = FENCE.sub("", text)
    commands += [m.group(1) for m in INLINE.finditer(outside)]
    return list(dict.fromkeys(commands))


def every_command() -> list[tuple[str, str]]:
    found = []
    for page in PAGES:
        if page.name in GENERATED:
            continue
        text = page.read_text(encoding="utf-8")
        found += [(page.name, command) for command in shown_commands(text)]
    return found


COMMANDS = every_command()


def command_group() -> TyperGroup:
    """mahj's group of commands, as Click sees it."""
    group = get_command(app)
    assert isinstance(group, TyperGroup)
    return group


GROUP = command_group()


def words(command: str) -> list[str]:
    """The words of a command, up to a shell's redirection (`mahj scorecard > card.txt`)."""
    argv = shlex.split(command)
    cut = next((i for i, w in enumerate(argv) if w in {">", ">>", "|", "<"}), len(argv))
    return argv[:cut]


def parse_problem(command: str) -> str | None:
    """Why `command` would not parse, or None: its name, its options, its arguments."""
    argv = words(command)
    if argv[0] != "mahj" or len(argv) < 2:
        return "not a mahj command"
    if "--" not in argv and argv[-1] in {"--help", "-h"}:
        argv = argv[:-1]
    return words_problem(GROUP, "mahj", argv[1:]) if len(argv) > 1 else None


def words_problem(
    group: TyperGroup, path: str, words: list[str], parent: Context | None = None
) -> str | None:
    """Why the words after `path` would not parse: a command of `group` (or of a group
    under it, such as `mahj event`), with its options and arguments. Each context has its
    parent's, as when mahj runs (a command keeps the help option of the first context it
    sees: `-h` comes from mahj's own settings)."""
    name, rest = words[0], words[1:]
    if name.startswith("-"):  # an option of mahj itself
        known = {"--version", "--install-completion", "--show-completion", "--help", "-h"}
        return None if name in known else f"mahj has no option {name}"
    ctx = group.make_context(path, [name], parent=parent, resilient_parsing=True)
    cmd = group.get_command(ctx, name)
    if cmd is None:
        return f"there is no command {name!r} in {path}"
    if isinstance(cmd, TyperGroup):  # `mahj event` alone names the group
        return words_problem(cmd, f"{path} {name}", rest, ctx) if rest else None
    if path == "mahj" and name == "fix":
        return fix_problem(rest)
    sub = type(ctx)(cmd, info_name=name, parent=ctx)
    try:
        _, extra, _ = cmd.make_parser(sub).parse_args(list(rest))
    except Exception as exc:  # the parser's own usage error, with its message
        return str(exc)
    if extra:
        return f"{name} does not take these arguments: {extra}"
    return None


def fix_problem(rest: list[str]) -> str | None:
    """`mahj fix GAME WORDS`: GAME a game's number, and WORDS those of `mahj win`, or
    `wall` and those of `mahj wall` (else a win by a player called Wall), or
    `incomplete`, or `error` and those of `mahj error`."""
    if not rest:  # `mahj fix` alone names the command
        return None
    if len(rest) < 2 or not rest[0].isdigit():
        return "fix takes a game's number and the game as it should have been"
    first = rest[1].lower()
    if first == "incomplete" and len(rest) == 2:
        return None
    if first == "error" and words_problem(GROUP, "mahj", ["error", *rest[2:]]) is None:
        return None
    if first == "wall":
        wall = words_problem(GROUP, "mahj", ["wall", *rest[2:]])
        return wall and words_problem(GROUP, "mahj", ["win", *rest[1:]]) and wall
    return words_problem(GROUP, "mahj", ["win", *(rest[2:] if first == "win" else rest[1:])])


def test_the_pages_show_commands():
    pages = {page for page, _ in COMMANDS}
    assert {"README.md", "rules.md", "running-an-event.md", "rooms-screen.md"} <= pages
    assert len(COMMANDS) > 200


@pytest.mark.parametrize(("page", "command"), COMMANDS, ids=[f"{p}: {c}" for p, c in COMMANDS])
def test_command_parses(page: str, command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert parse_problem(command) is None, (page, command, parse_problem(command))
    argv = words(command)[1:]
    if argv[0].startswith("-"):  # `mahj --install-completion`: an option of mahj itself
        return
    monkeypatch.setattr(typer.core, "HAS_RICH", False)  # plain help: quicker, same exit
    at = argv.index("--") if "--" in argv else len(argv)  # after `--` it would be a name
    result = CliRunner().invoke(app, [*argv[:at], "--help", *argv[at:]], catch_exceptions=False)
    assert result.exit_code == 0, (page, command, result.output)


def test_a_wrong_command_does_not_parse():
    assert parse_problem("mahj win Olga 30 --thrown-by") is not None
    assert parse_problem("mahj win Olga 30 --thrownby Pia") is not None
    assert parse_problem("mahj wlal") is not None
    assert parse_problem("mahj close-table 1 2") is not None
    assert parse_problem("mahj win Olga 30 --thrown-by Pia --exposures 2") is None
    assert parse_problem("mahj event seatin 2") is not None
    assert parse_problem("mahj event score 1 2 Ann=20 --tie-break") is not None
    assert parse_problem("mahj event seating 2 --movement abcd") is None
    assert parse_problem("mahj fix 3 Pia 25 --thrownby Olga") is not None
    assert parse_problem("mahj fix Pia 25 --thrown-by Olga") is not None
    assert parse_problem("mahj fix 3 wall --dead Rosa") is None
    assert parse_problem("mahj fix 3 Pia 25 --thrown-by Olga") is None
    assert parse_problem("mahj --install-completion") is None
    assert parse_problem("mahj --colour") is not None


def test_a_command_in_a_shown_block_is_found():
    text = "Serve it:\n\n```sh\nmahj serve --host 0.0.0.0\n```\n\nthen `mahj win Ruth 25 -s`."
    assert shown_commands(text) == ["mahj serve --host 0.0.0.0", "mahj win Ruth 25 -s"]


def test_every_page_is_read():
    assert {p.name for p in PAGES} >= {"README.md", "rules.md", "getting-started.md"}
    assert all(isinstance(p, Path) and p.is_file() for p in PAGES)
