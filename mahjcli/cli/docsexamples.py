"""The console examples of the documentation, typed into mahj.

A page's examples are ```console blocks: `$ mahj ...` lines, each followed by what it
prints. A page is played from its top in a fresh home folder of its own (mahj's data
folder inside it, no current night, no `$MAHJ_SESSION`), block after block, so a page can
tell a whole evening or event day; a file an example needs is a code block with a title
(```text title="players.csv"), written into that folder where it stands on the page.
Output is drawn at 80 columns without colour; the home folder is shown as `~` and
today's date as `EXAMPLE_DAY`, so the pages read the same on every machine and day.
An event's round clock reads the moment a page sets with a comment of its own,
`<!-- clock: 2026-04-18 10:00 -->` (in UTC, shown as local time in UTC): every command
after it, until the next such comment, runs at that moment.

A block with `→` lines is a worked example of the rule book, checked by its own test
(what each `→` line claims, not the words printed): it is left alone here.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import os
import re
import shlex
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

EXAMPLE_DAY = "2026-11-29"
"""The date the examples show for today."""
WIDTH = 80
"""The terminal width the examples are drawn at."""
FENCE = re.compile(
    r"^(?P<indent>[ \t]*)```(?P<info>[^\n`]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$",
    re.M | re.S,
)
TITLE = re.compile(r'title="(?P<title>[^"]+)"')
CLOCK = re.compile(r"<!-- clock: (?P<at>\d{4}-\d\d-\d\d \d\d:\d\d) -->")
"""A page's comment that sets the moment the commands after it run at."""


class Command(NamedTuple):
    """One `$ mahj ...` of an example: its lines as written, and the output shown."""

    typed: str
    lines: list[str]
    shown: list[str]
    line: int
    """The page's line the command is on."""


class Block(NamedTuple):
    """A code block of a page: where its body starts and ends, and what it is."""

    start: int
    end: int
    indent: str
    lang: str
    title: str | None
    body: str
    line: int

    @property
    def checked(self) -> bool:
        """A worked example of the rule book (`→` lines), checked by its own test."""
        return self.lang == "console" and any(
            line.strip().startswith("→") for line in self.body.splitlines()
        )

    @property
    def transcript(self) -> bool:
        """A console block whose output is compared as printed."""
        return self.lang == "console" and not self.checked


def blocks(text: str) -> list[Block]:
    """Every fenced code block of a page, in order."""
    found = []
    for m in FENCE.finditer(text):
        info = m.group("info").strip()
        lang = info.split()[0].lstrip(".{") if info else ""
        title = TITLE.search(info)
        indent = m.group("indent")
        body = "".join(
            line.removeprefix(indent) for line in m.group("body").splitlines(keepends=True)
        )
        line = text.count("\n", 0, m.start()) + 1
        found.append(
            Block(m.start("body"), m.end("body"), indent, lang,
                  title.group("title") if title else None, body, line)
        )  # fmt: skip
    return found


def commands(block: Block) -> list[Command]:
    """The commands of a console block with the output shown under each; a command may
    go on over several lines, each but the last ending in a backslash."""
    found: list[Command] = []
    lines = block.body.splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            where = block.line + 1 + i
            raise ValueError(f"line {where}: output before any `$ mahj ...` line")
        start = i
        typed = lines[i][2:]
        while typed.endswith("\\") and i + 1 < len(lines):
            i += 1
            typed = typed[:-1].rstrip() + " " + lines[i].strip()
        i += 1
        shown_from = i
        while i < len(lines) and not lines[i].startswith("$ "):
            i += 1
        found.append(
            Command(typed.strip(), lines[start:shown_from], lines[shown_from:i],
                    block.line + 1 + start)
        )  # fmt: skip
    return found


class Played(NamedTuple):
    """A command as mahj answered it: the output and exit code."""

    command: Command
    printed: list[str]
    code: int


def tidy(output: str, home: str) -> list[str]:
    """What a command printed, as the page shows it: the home folder as `~`, today as
    `EXAMPLE_DAY`, no trailing spaces, no blank lines at the end."""
    text = output.replace(home, "~").replace(dt.date.today().isoformat(), EXAMPLE_DAY)
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


@contextlib.contextmanager
def fresh_home() -> Iterator[Path]:
    """A new, empty home folder, the working folder for as long as the page is played."""
    with tempfile.TemporaryDirectory(prefix="mahj-docs-") as folder:
        home = Path(folder).resolve()
        with contextlib.chdir(home):
            yield home


def environment(home: Path) -> dict[str, str | None]:
    """The terminal and folders every example runs with."""
    return {
        "HOME": str(home),
        "MAHJ_DATA_DIR": str(home / ".local" / "share" / "mahj"),
        "MAHJ_CACHE_DIR": str(home / ".cache" / "mahj"),
        "MAHJ_SESSION": None,
        "COLUMNS": str(WIDTH),
        "LINES": "50",
        "NO_COLOR": "1",
        "TERM": "dumb",
    }


def moments(text: str) -> list[tuple[int, dt.datetime]]:
    """Each clock comment of a page: where it is, and the moment it sets (UTC)."""
    return [
        (m.start(), dt.datetime.fromisoformat(m.group("at")).replace(tzinfo=dt.UTC))
        for m in CLOCK.finditer(text)
    ]


@contextlib.contextmanager
def clock_at(moment: dt.datetime | None) -> Iterator[None]:
    """The event commands' clock stopped at `moment` (None: the real clock), and local
    time in UTC, so a page's times read the same on every machine."""
    from unittest import mock

    from . import eventday, eventshared

    old = os.environ.get("TZ")
    os.environ["TZ"] = "UTC"
    time.tzset()
    try:
        if moment is None:
            yield
        else:
            at = moment

            def stopped() -> dt.datetime:
                return at

            # `now` of the event commands, and its name in the module that imports it
            with (
                mock.patch.object(eventshared, "now", stopped),
                mock.patch.object(eventday, "now", stopped),
            ):
                yield
    finally:
        if old is None:
            del os.environ["TZ"]
        else:
            os.environ["TZ"] = old
        time.tzset()


def play(command: Command, home: Path, moment: dt.datetime | None = None) -> Played:
    """Type one command, in the page's home folder (at `moment`, when a page sets one)."""
    from typer.testing import CliRunner

    from .app import app

    argv = shlex.split(command.typed)
    if not argv or argv[0] != "mahj":
        raise ValueError(f"line {command.line}: an example runs mahj only, not {command.typed!r}")
    with clock_at(moment):
        result = CliRunner().invoke(app, argv[1:], env=environment(home), catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise RuntimeError(f"line {command.line}: `{command.typed}` failed") from result.exception
    return Played(command, tidy(result.output, str(home)), result.exit_code)


def play_page(text: str) -> list[Played]:
    """Every transcript of a page, played in order in a fresh home folder (files the page
    gives by title are written there as they come)."""
    played: list[Played] = []
    clock = moments(text)
    with fresh_home() as home:
        for block in blocks(text):
            if block.title and block.lang != "console":
                target = home / block.title
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(block.body, encoding="utf-8")
            elif block.transcript:
                moment = next((at for where, at in reversed(clock) if where < block.start), None)
                played += [play(command, home, moment) for command in commands(block)]
    return played


def failures(played: list[Played]) -> list[str]:
    """Each command that failed in a way no page means: a usage mistake (exit code 2), or
    anything but done (0) and refused (1)."""
    return [
        f"line {p.command.line}: `{p.command.typed}` exited {p.code}"
        for p in played
        if p.code not in (0, 1)
    ]


def differences(played: list[Played]) -> list[str]:
    """Each command whose output is no longer the one the page shows, as a diff."""
    import difflib

    found = []
    for p in played:
        if p.printed != p.command.shown:
            diff = difflib.unified_diff(
                p.command.shown, p.printed, "the page", "mahj now", lineterm="", n=2
            )
            found.append(f"line {p.command.line}: `{p.command.typed}`\n" + "\n".join(diff))
    return found


def refusals(played: list[Played]) -> list[str]:
    """Each command mahj refused (exit code 1), with the first line it printed: a page
    may mean one, and whoever writes it should see each."""
    return [
        f"line {p.command.line}: `{p.command.typed}`: {(p.printed or [''])[0]}"
        for p in played
        if p.code == 1
    ]


def refreshed(text: str, played: list[Played]) -> str:
    """The page with each transcript's output replaced by what mahj printed."""
    printed = {p.command.line: p.printed for p in played}
    out, last = [], 0
    for block in blocks(text):
        if not block.transcript:
            continue
        body = []
        for command in commands(block):
            body += command.lines + printed[command.line]
        out.append(text[last : block.start])
        out.append("".join(f"{block.indent}{line}\n" if line else "\n" for line in body))
        last = block.end
    out.append(text[last:])
    return "".join(out)


def pages(folder: Path) -> list[Path]:
    """The documentation's pages, in name order, and the README beside the folder."""
    readme = folder.parent / "README.md"
    return sorted(folder.glob("*.md")) + ([readme] if readme.is_file() else [])


def stale_pages(folder: Path) -> dict[Path, list[str]]:
    """Each page whose examples no longer show what mahj prints, with what differs."""
    found = {}
    for page in pages(folder):
        text = page.read_text(encoding="utf-8")
        if not any(b.transcript for b in blocks(text)):
            continue
        played = play_page(text)
        if why := failures(played) + differences(played):
            found[page] = why
    return found


def refresh(folder: Path) -> list[Path]:
    """Write what mahj prints now under every example, and say which examples mahj
    refuses; returns the pages changed."""
    changed = []
    for page in pages(folder):
        text = page.read_text(encoding="utf-8")
        if not any(b.transcript for b in blocks(text)):
            continue
        played = play_page(text)
        if failed := failures(played):
            raise ValueError(f"{page.name}: " + "; ".join(failed))
        for refused in refusals(played):
            print(f"{page.name}: {refused}")
        new = refreshed(text, played)
        if new != text:
            page.write_text(new, encoding="utf-8")
            changed.append(page)
    return changed
