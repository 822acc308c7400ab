"""What `mahj serve` serves: one night, one event, or every night in a folder (a room of
tables, one file each). The file is the truth: each is read again whenever its stamp
(size, modification time, inode) changed, whoever changed it."""

from __future__ import annotations

import asyncio
import os
import secrets
import sys
import threading
from pathlib import Path
from typing import Literal, NamedTuple

from ..core.errors import MahjError
from ..core.standings import Standings
from ..files import eventload, loader
from ..files.loader import holds_event
from ..files.paths import nights_in
from ..files.reading import SESSION_LIMIT, Stamp, read_stamped, stamp
from ..files.sessionfile import Parsed
from ..files.sessionwrite import entry_to_dict

Kind = Literal["night", "event"]


class Shown(NamedTuple):
    """A file as last read: its stamp, and the night or event, or why it cannot be shown."""

    stamp: Stamp | None
    night: loader.Night | None = None
    event: eventload.OpenEvent | None = None
    error: str | None = None


def read_file(path: Path, kind: Kind) -> Shown:
    """Read, check and replay a night or an event; a refusal is kept as its message."""
    before = stamp(path)
    try:
        if kind == "event":
            return Shown(before, event=eventload.load(path))
        return Shown(before, night=loader.load(path))
    except MahjError as exc:
        return Shown(before, error=named(str(exc), path))
    except OSError as exc:
        return Shown(before, error=f"cannot read {path.name}: {exc.strerror or exc}")


def named(message: str, path: Path) -> str:
    """A message for pages anyone in the room may open: the file by its name, not by the
    folders of the laptop it is kept on (the command line and `mahj check` say those)."""
    for folder in {str(path.parent), str(path.parent.resolve()), str(path.resolve().parent)}:
        message = message.replace(f"{folder}{os.sep}", "")
    return message


class Source:
    """One file served, its version (one more for every change seen) and its last reading."""

    def __init__(self, path: Path, key: str, kind: Kind) -> None:
        self.path = path
        self.key = key
        self.kind: Kind = kind
        self.version = 0
        self.seen = stamp(path)
        self._shown: Shown | None = None
        self._reading = threading.Lock()
        self.turn = asyncio.Lock()
        """Held by the page's save of the file under way (`Site.saving`)."""
        self.closed_at: int | None = None
        """The version at which the organiser closed the night (the room's screen shows
        its end), until the file changes."""
        self.show_code = False
        """The room's screen shows the tables' join code and its QR code."""

    @property
    def closed(self) -> bool:
        """The organiser closed the night, and nothing was recorded since."""
        return self.closed_at is not None and self.closed_at == self.version

    def changed(self) -> bool:
        """Look at the file; True (and one version more) when it changed since last time."""
        now = stamp(self.path)
        if now == self.seen:
            return False
        self.seen = now
        self.version += 1
        return True

    def cached(self) -> Shown | None:
        """The last reading, when the file has not changed since (no reading needed)."""
        shown = self._shown
        if shown is not None and shown.stamp is not None and shown.stamp == stamp(self.path):
            return shown
        return None

    def remember(self, data: bytes, standings: Standings) -> None:
        """A page's save just wrote `data`, the night `standings` replayed: kept as the
        reading when the file holds exactly those bytes still, so the screens are drawn
        without reading and replaying the night again (the one reuse the server makes).
        When a reading is under way already, it is left to do the job (the server never
        waits for it here)."""
        if not self._reading.acquire(blocking=False):
            return
        try:
            now, opened = read_stamped(self.path, SESSION_LIMIT)
            if now == data:
                parsed = Parsed(data.decode("utf-8"), standings.session, ())
                loaded = loader.Loaded(self.path, data, parsed, opened)
                before, self._shown = (
                    self._shown,
                    Shown(opened, night=loader.Night(loaded, standings)),
                )
                warn(dropped(before, self._shown))  # an editor's older copy saved before it
        except OSError:
            pass
        finally:
            self._reading.release()

    def shown(self) -> Shown:
        """The file as it is now: the last reading if it is still current, else read
        afresh (one reader at a time; the others use what it read)."""
        with self._reading:
            shown = self.cached()
            if shown is None:
                before, shown = self._shown, read_file(self.path, self.kind)
                self._shown = shown
                warn(dropped(before, shown))
            return shown


def warn(lines: list[str]) -> None:
    """Say each line on the server's terminal."""
    for line in lines:
        print(line, file=sys.stderr, flush=True)


def dropped(before: Shown | None, after: Shown) -> list[str]:
    """A warning for each entry a page recorded (it has an entry id) that the night as last
    read held and the file now lacks to the last letter, even as the comment an undo, a fix
    or a take-back leaves: an editor saved an older copy over it. With what puts it back."""
    if before is None or before.night is None or after.night is None:
        return []
    from ..core.names import typed_value
    from ..night.retype import retyped
    from ..reports.words import describe

    path, text = after.night.path, after.night.loaded.data
    gone = {id(e): e for e in before.night.session.log
            if (ident := getattr(e, "entry_id", None)) and ident.encode() not in text}  # fmt: skip
    rows = {id(row.entry): row for row in before.night.standings.rows if id(row.entry) in gone}
    out = []
    for key, entry in gone.items():
        what = describe(rows[key]) if key in rows else entry.kind
        again = retyped(entry_to_dict(entry), "--session", typed_value(str(path)))
        if again:
            again = f". If that was not meant, record it again: {again}"
        out.append(
            f"Warning: {path.name} was saved without what a phone recorded ({what}); "
            f"an editor that opened the file before may have saved its older copy over it"
            f"{again or ''}"
        )
    return out


class Room:
    """Everything served: sources by key (the file's stem in a folder, "" for one file),
    and the folder whose nights come and go."""

    def __init__(self, sources: list[Source], folder: Path | None = None) -> None:
        self.sources = {s.key: s for s in sources}
        self.folder = folder
        self.boot = secrets.token_hex(4)
        """Tells this run's versions from an earlier run's (a page open across a restart)."""
        self.version = 0

    @classmethod
    def of_file(cls, path: Path) -> Room:
        """One night or one event."""
        return cls([Source(path, "", "event" if holds_event(path) else "night")])

    @classmethod
    def of_folder(cls, folder: Path) -> Room:
        """Every night in a folder (events in it are left out: serve one with --session)."""
        room = cls([], folder)
        room.rescan()
        return room

    @property
    def single(self) -> Source | None:
        """The one file served, when it is not a folder."""
        return self.sources.get("") if self.folder is None else None

    def nights(self) -> list[Source]:
        """The nights of a folder, by file name."""
        return sorted(
            (s for s in self.sources.values() if s.kind == "night"), key=lambda s: s.path.name
        )

    def rescan(self) -> bool:
        """A folder's nights now: True when one came or went."""
        if self.folder is None:
            return False
        found = {p.stem: p for p in nights_in(self.folder)}
        gone = [key for key in self.sources if key not in found]
        for key in gone:
            del self.sources[key]
        fresh = [key for key in found if key not in self.sources]
        for key in fresh:
            path = found[key]
            self.sources[key] = Source(path, key, "event" if holds_event(path) else "night")
        return bool(gone or fresh)

    def look(self) -> list[str]:
        """Look at every file (and the folder): the keys of the files that changed, came
        or went (the room has one version more when there is any)."""
        before = set(self.sources)
        came_or_went = self.rescan()
        changed = [s.key for s in list(self.sources.values()) if s.changed()]
        if came_or_went:
            changed += sorted(before ^ set(self.sources))
        if changed:
            self.version += 1
        return changed

    def look_at(self, source: Source) -> bool:
        """Look at one file (just saved through the page); True when it changed."""
        if not source.changed():
            return False
        self.version += 1
        return True

    def tag(self, version: int) -> str:
        """A version as the pages see it."""
        return f"{self.boot}-{version}"
