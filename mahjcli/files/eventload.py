"""The one way an event is loaded (read, check, fold), where events live, and the
players file a director may register from."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from ..core.errors import Refused, SessionInvalid
from ..core.event import Event
from ..core.eventfold import EventStandings, fold_event
from ..core.problems import Problem
from ..core.wording import in_words
from .eventfile import ParsedEvent, parse_event_text
from .loader import Loaded, damaged, read_stamped
from .paths import current_or_none, current_pointer, data_dir, locate, write_pointer


class OpenEvent(NamedTuple):
    """A valid event as read, and its standings."""

    loaded: Loaded[ParsedEvent]
    standings: EventStandings

    @property
    def path(self) -> Path:
        """The event file."""
        return self.loaded.path

    @property
    def event(self) -> Event:
        """The event as recorded."""
        return self.standings.event


def read(path: Path) -> Loaded[ParsedEvent]:
    """Read an event file's bytes and parse them; SessionMissing when it cannot be read."""
    data, stamp = read_stamped(path, "event", "mahj event new NAME PLAYER...")
    return Loaded(path, data, parse_event_text(data), stamp)


def check(loaded: Loaded[ParsedEvent]) -> tuple[list[Problem], EventStandings | None]:
    """Every problem of an event file (reading, then folding), and its standings."""
    event = loaded.parsed.event
    if event is None:
        return list(loaded.parsed.problems), None
    standings = fold_event(event)
    # A file is checked on the command line: a field named as its option (`--exposures N`).
    found = [p._replace(message=in_words(p.message)) for p in standings.problems]
    return found, standings


def load(path: Path) -> OpenEvent:
    """Read, check and fold an event; SessionInvalid names the first problem."""
    loaded = read(path)
    found, standings = check(loaded)
    if found or standings is None:
        raise SessionInvalid(damaged(loaded, found, "mahj event check"))
    return OpenEvent(loaded, standings)


def current_event_pointer() -> Path:
    return current_pointer("event")


def set_current_event(path: Path) -> None:
    """Make `path` the current event."""
    data_dir().mkdir(parents=True, exist_ok=True)
    write_pointer(current_event_pointer(), path)


def locate_event(option: Path | None) -> Path:
    """The event a command works on: --session (or $MAHJ_SESSION), else the current one."""
    return locate(option, "event")


def current_event_or_none() -> Path | None:
    """The current event, or None also when its pointer is damaged."""
    return current_or_none("event")


def new_event_path(stem: str, date_text: str) -> tuple[Path, Path | None]:
    """A fresh `<date>-<name>.toml` in the data folder's `events/`, apart from the nights
    (with -2, -3... if taken), and the event of that name and date already there, if any."""
    folder = data_dir() / "events"
    folder.mkdir(parents=True, exist_ok=True)
    first = candidate = folder / f"{date_text}-{stem}.toml"
    n = 2
    while candidate.exists():
        candidate = folder / f"{date_text}-{stem}-{n}.toml"
        n += 1
    return candidate, first if candidate != first else None


ONE_COLUMN = [["name"], ["names"], ["player"], ["players"]]
"""A spreadsheet's one-column heading over a list of names (never a player's name)."""


def read_players_file(path: Path) -> list[tuple[str, str]]:
    """Names (and ids) from a players file: one name a line (as written, unless a comma
    needs quotes), or CSV rows `name,id` under a first row `name,id`. Blank lines and lines
    starting with # (notes) are skipped. A comma outside
    quotes in a file without that heading is refused, never guessed at: `Smith, Jane` may be
    a name written last name first, or a name and an id."""
    import csv

    from .reading import read_text

    text = read_text(path, "players file", "the players file itself", Refused)
    rows = [
        (number, line)
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    found: list[tuple[str, str]] = []
    heading = False
    for i, (number, line) in enumerate(rows):  # each line alone: a quote left open never runs on
        cells = [c.strip() for c in next(csv.reader([line]))]
        if ";" in cells[0]:
            raise Refused(
                f"{path}:{number}: {line.strip()!r} has a semicolon: a spreadsheet saved with "
                "semicolons between its columns; save it as CSV with commas (heading name,id), "
                "or as one name a line"
            )
        said = [c.casefold() for c in cells]
        while len(said) > 1 and not said[-1]:  # a spreadsheet's empty columns at the end
            said.pop()
        if i == 0 and (said[:2] == ["name", "id"] or said in ONE_COLUMN):
            heading = said[:2] == ["name", "id"]
            continue
        if not heading and _as_written(line.strip()):  # `"Bunny" Smith`, quotes and all
            cells = [line.strip()]
        used = 2 if heading else 1
        if any(cells[used:]):
            raise Refused(_comma_problem(path, number, line, heading))
        found.append((cells[0], cells[1] if heading and len(cells) > 1 else ""))
    return found


def _as_written(name: str) -> bool:
    """Whether a plain list's line is a name as it stands: no comma, and its quotes part of
    it (not `"Ann"` as a spreadsheet quotes a cell, nor a quote left open)."""
    wrapped = len(name) > 1 and name[0] == name[-1] == '"'
    return "," not in name and not wrapped and name.count('"') % 2 == 0


def _comma_problem(path: Path, number: int, line: str, heading: bool) -> str:
    where = f"{path}:{number}: {line.strip()!r}"
    if heading:
        return (
            f"{where} has more than a name and an id; put a name with a comma in quotes "
            '("Smith, Jane",1001)'
        )
    return (
        f"{where} has a comma: for a name written last name first put it in quotes "
        '("Smith, Jane"); for names with ids start the file with the heading name,id'
    )
