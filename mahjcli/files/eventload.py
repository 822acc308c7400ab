"""The one way an event is loaded: read the file, check it, fold it; where events live
(the data folder's `events/`, and the current event that `mahj event new` sets); and the
players file a director may register from.

Problems point at lines the way a session's do (`spring.toml:42: ...`); a key such as
`tables[4]` or `games[2]` points at the fifth table of a round or the third game of a
card, one item a line as mahj writes them.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import NamedTuple

from ..core.errors import Refused, SessionInvalid, SessionMissing
from ..core.event import Event
from ..core.eventfold import EventStandings, fold_event
from ..core.problems import Problem, Where
from .eventfile import ParsedEvent, parse_event_text
from .lines import Locator
from .loader import damaged, read_stamped
from .paths import data_dir, read_pointer, write_pointer
from .reading import Stamp
from .sessionfile import decode

_ITEM = re.compile(r"^(\w+)\[(\d+)\]$")


class EventLocator(Locator):
    """A line locator that also finds the n-th item of a list written one item a line."""

    def line(self, where: Where | None) -> int | None:
        """The 1-based line `where` points at, when it can be found."""
        if where is None or where.key is None or (m := _ITEM.match(where.key)) is None:
            return super().line(where)
        base = self.line(where._replace(key=m.group(1)))
        if base is None or m.group(1) not in self.lines[base - 1]:
            return base
        return self._item(base, int(m.group(2)))

    def _item(self, base: int, k: int) -> int:
        """The line of item k of the list whose key is on line `base` (else `base`)."""
        head = self.lines[base - 1].split("=", 1)[-1].split("#", 1)[0].strip()
        if head != "[":
            return base
        seen = -1
        for i in range(base, len(self.lines)):
            text = self.lines[i].strip()
            if text.startswith("]"):
                break
            if text.startswith(("[", "{")):
                seen += 1
                if seen == k:
                    return i + 1
        return base


class LoadedEvent(NamedTuple):
    """An event file as read: its path, exact bytes, and what they parse to."""

    path: Path
    data: bytes
    parsed: ParsedEvent
    stamp: Stamp | None = None
    """The file's stamp as it was read: a change saves only over that very file."""


class OpenEvent(NamedTuple):
    """A valid event as read, and its standings."""

    loaded: LoadedEvent
    standings: EventStandings

    @property
    def path(self) -> Path:
        """The event file."""
        return self.loaded.path

    @property
    def event(self) -> Event:
        """The event as recorded."""
        return self.standings.event


def read(path: Path) -> LoadedEvent:
    """Read an event file's bytes and parse them; SessionMissing when it cannot be read."""
    data, stamp = read_stamped(path, "event", "mahj event new NAME PLAYER...")
    text, problem = decode(data)
    if text is None:
        assert problem is not None
        return LoadedEvent(path, data, ParsedEvent("", None, (problem,)), stamp)
    return LoadedEvent(path, data, parse_event_text(text), stamp)


def check(loaded: LoadedEvent) -> tuple[list[Problem], EventStandings | None]:
    """Every problem of an event file (reading, then folding) and its standings when it
    could be read."""
    event = loaded.parsed.event
    if event is None:
        return list(loaded.parsed.problems), None
    standings = fold_event(event)
    return list(standings.problems), standings


def invalid_message(loaded: LoadedEvent, problems: list[Problem]) -> str:
    """One line that says what is wrong with a damaged event file and what to do."""
    locator = EventLocator(loaded.parsed.text)
    return damaged(loaded.path, problems, locator, "mahj event check", loaded.parsed.night)


def load(path: Path) -> OpenEvent:
    """Read, check and fold an event; SessionInvalid names the first problem."""
    loaded = read(path)
    found, standings = check(loaded)
    if found or standings is None:
        raise SessionInvalid(invalid_message(loaded, found))
    return OpenEvent(loaded, standings)


# ---- where events live -----------------------------------------------------------------


def events_dir() -> Path:
    """Where `mahj event new` puts events: `events/` in the data folder (apart from the
    nights, so `mahj sessions` and `mahj season` never mistake one for a night)."""
    return data_dir() / "events"


def _pointer() -> Path:
    return data_dir() / "current-event"


def current_event() -> Path | None:
    """The event `mahj event new` last made current, if any; SessionMissing when its
    pointer cannot be read (`paths.read_pointer`)."""
    return read_pointer(_pointer(), "current-event", "mahj event new NAME PLAYER...")


def set_current_event(path: Path) -> None:
    """Make `path` the current event."""
    data_dir().mkdir(parents=True, exist_ok=True)
    write_pointer(_pointer(), path)


def locate_event(option: Path | None) -> Path:
    """The event a command works on: --session (or $MAHJ_SESSION), else the current one."""
    if option is not None:
        return option
    current = current_event()
    if current is None:
        raise SessionMissing(
            "no current event; start one with `mahj event new NAME PLAYER...` or pass "
            "--session FILE"
        )
    return current


def new_event_path(stem: str, date_text: str) -> Path:
    """A fresh `<date>-<name>.toml` in the events folder (with -2, -3... if taken)."""
    folder = events_dir()
    folder.mkdir(parents=True, exist_ok=True)
    candidate = folder / f"{date_text}-{stem}.toml"
    n = 2
    while candidate.exists():
        candidate = folder / f"{date_text}-{stem}-{n}.toml"
        n += 1
    return candidate


def read_players_file(path: Path) -> list[tuple[str, str]]:
    """Names (and ids) from a players file: one name a line, or CSV rows `name,id` (a
    first row `name,id` is a heading). Blank lines and lines starting with # are skipped."""
    import csv

    from .reading import read_text

    text = read_text(path, "players file", "the players file itself", Refused)
    rows = [
        line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")
    ]
    found: list[tuple[str, str]] = []
    for row in csv.reader(rows):
        cells = [c.strip() for c in row] + [""]
        if not found and [c.casefold() for c in cells[:2]] == ["name", "id"]:
            continue
        found.append((cells[0], cells[1] if len(row) > 1 else ""))
    return found


def same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one existing file."""
    try:
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False
