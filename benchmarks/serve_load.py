"""How does `mahj serve` (one process) hold up in a room?

    python benchmarks/serve_load.py                   # both rooms below, one after the other
    python benchmarks/serve_load.py club              # a club night at the pace of play
    python benchmarks/serve_load.py burst             # 50 tables posting all at once
    python benchmarks/serve_load.py club --games 5 --screens 20
    python benchmarks/serve_load.py club --every 30 --games 4   # nearer a real room's pace

`club`: one club night of 16 tables (`mahj new ... --tables 16`, one file), served by
`mahj serve --session FILE`, with 200 screens open on the scoreboard; each table posts a
game every 2 s (`POST /win` with its table and the games its page showed, as a phone
does). Target: p99 of a write under 100 ms.

Where the machine has two processors or more (Linux), the server runs on one and the tables
and screens on the others: in a room they are the phones, other machines.

`burst`: a room of 50 tables, one night a table (`mahj serve --dir FOLDER`), 200 screens
open; every table posts its 20 games one after the other as fast as it is answered, all
tables at once (always 50 writes waiting: far beyond any real room). Target: all 1,000
games recorded exactly once, p99 under 1 s.

Every screen holds the scoreboard's stream (server-sent events) and, like the page's
script, fetches the board again when told of a change (one fetch at a time). The client
speaks plain HTTP/1.1 over asyncio streams, one kept-alive connection a table. Each room
prints the write latency (p50, p99, worst), the screens that stayed and heard of the
changes, the server's processor time per game, and checks every file: each game in it
exactly once, in order. Nothing about time is asserted: the exit code is 1 only when a
game is lost, doubled or refused, or a screen was dropped.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import tomllib
from pathlib import Path
from typing import IO, NamedTuple
from urllib.parse import urlencode

SEATS = ("A", "B", "C", "D")
ALL_CPUS = set(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else set()


class Room(NamedTuple):
    """One way of using the server: how many tables, games a table, screens, the pause
    between a table's games (0: at once), whether the tables share one club night's file,
    and the p99 target."""

    name: str
    tables: int
    games: int
    screens: int
    every: float
    club: bool
    target: float


ROOMS = {
    "club": Room("club", tables=16, games=10, screens=200, every=2.0, club=True, target=0.100),
    "burst": Room("burst", tables=50, games=20, screens=200, every=0.0, club=False, target=1.0),
}


class Result(NamedTuple):
    """What one run found."""

    latencies: list[float]
    refused: list[str]
    problems: list[str]
    screens_open: int = 0
    screens_heard: int = 0
    seconds: float = 0.0
    cpu: float | None = None
    """The server's processor time (user and system) during the games, in seconds."""


def player(table: int, seat: int) -> str:
    """The name of the player in `seat` (0-3) of `table` (from 1): `T07C`."""
    return f"T{table:02d}{SEATS[seat]}"


def game(table: int, number: int, club: bool) -> dict[str, str]:
    """Game `number` (from 0) of `table`: a value no other game of the table has, so each
    can be found in the file exactly once; the winner and thrower take turns."""
    names = [player(table if club else 1, seat) for seat in range(4)]
    fields = {"winner": names[number % 4], "value": str(25 + number)}
    fields["thrown_by"] = names[(number + 1) % 4]
    if club:
        fields |= {"table": str(table), "table_games": str(number)}
    return fields


def mahj() -> list[str]:
    """The installed `mahj` beside this Python (the project's .venv), else `python -m`."""
    beside = Path(sys.executable).parent / "mahj"
    return [str(beside)] if beside.exists() else [sys.executable, "-m", "mahjcli"]


def environment(folder: Path) -> dict[str, str]:
    return {**os.environ, "MAHJ_DATA_DIR": str(folder.parent / "data"), "NO_COLOR": "1"}


def make_room(folder: Path, room: Room) -> tuple[list[str], list[str]]:
    """The files of the room, and what `mahj serve` is asked to serve them."""

    def new(path: Path, *args: str) -> None:
        command = [*mahj(), "new", *args, "--session", str(path)]
        subprocess.run(command, check=True, capture_output=True, env=environment(folder))

    if room.club:
        path = folder / "club.toml"
        new(path, *(player(t, s) for t in range(1, room.tables + 1) for s in range(4)),
            "--tables", str(room.tables))  # fmt: skip
        return ["club"], ["--session", str(path)]
    first = folder / "table-01.toml"
    new(first, *(player(1, s) for s in range(4)))
    names = [f"table-{n:02d}" for n in range(1, room.tables + 1)]
    for name in names[1:]:
        shutil.copyfile(first, folder / f"{name}.toml")
    return names, ["--dir", str(folder)]


def processors() -> tuple[set[int], set[int]]:
    """The processors for the server and for the tables and screens: apart when there are
    two or more (in a room the phones are other machines; sharing one processor, the
    measuring would slow the server it measures), else the same."""
    mine = sorted(ALL_CPUS)
    if len(mine) < 2:
        return set(mine), set(mine)
    return {mine[0]}, set(mine[1:])


def start_server(
    folder: Path, asked: list[str], errors: IO[str]
) -> tuple[subprocess.Popen[str], str, int, str]:
    """`mahj serve ASKED --port 0`, what it says on stderr going to the file `errors` (a
    pipe nobody reads while it runs would fill and stop the server); its host, port and
    key, as it printed them. The rest of what it prints is read and dropped."""
    server_cpus, _ = processors()
    server = subprocess.Popen(
        [*mahj(), "serve", *asked, "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=errors,
        text=True,
        env=environment(folder),
        preexec_fn=(lambda: os.sched_setaffinity(0, server_cpus)) if server_cpus else None,
    )
    assert server.stdout is not None
    for line in server.stdout:
        if found := re.match(r"Enter games: http://([^:/]+):(\d+)/enter\?key=(\S+)", line):
            threading.Thread(target=server.stdout.read, daemon=True).start()
            return server, found[1], int(found[2]), found[3]
    server.kill()
    errors.seek(0)
    raise SystemExit("mahj serve did not start: " + errors.read())


def cpu_seconds(pid: int) -> float | None:
    """A process's processor time so far (Linux's /proc; None where it does not tell)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def read_answer(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """One HTTP/1.1 answer with a Content-Length: its status and body."""
    status = int((await reader.readline()).split()[1])
    length = 0
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode("latin-1").partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
    return status, await reader.readexactly(length)


class Client(NamedTuple):
    host: str
    port: int
    key: str

    async def connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        return await asyncio.open_connection(self.host, self.port)

    def head(self, method: str, path: str, extra: str = "") -> bytes:
        return f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n{extra}\r\n".encode()


async def play_table(
    client: Client, room: Room, table: int, name: str, out: Result, began: float
) -> None:
    """One table posting its games one after the other, on one kept-alive connection:
    every `room.every` seconds from a moment of its own, or each as soon as answered."""
    reader, writer = await client.connect()
    path = "/win" if room.club else f"/n/{name}/win"
    start = began + random.uniform(0, room.every)
    try:
        for number in range(room.games):
            if room.every:
                await asyncio.sleep(max(0.0, start + number * room.every - time.perf_counter()))
            if reader.at_eof():  # the server closed it while idle: a browser opens another
                writer.close()
                reader, writer = await client.connect()
            body = urlencode(game(table, number, room.club)).encode()
            extra = (
                f"Authorization: Bearer {client.key}\r\n"
                "Content-Type: application/x-www-form-urlencoded\r\n"
                f"Content-Length: {len(body)}\r\n"
            )
            sent = time.perf_counter()
            writer.write(client.head("POST", path, extra) + body)
            status, answer = await read_answer(reader)
            out.latencies.append(time.perf_counter() - sent)
            if status != 200:
                out.refused.append(f"{name} game {number + 1}: {status} {answer[:200]!r}")
    finally:
        writer.close()


class Screen:
    """One open scoreboard: its stream of versions, and the board fetched again on each
    new one (one fetch at a time, a later version fetched once the fetch ends)."""

    def __init__(self, events: str, part: str) -> None:
        self.events, self.part = events, part
        self.heard = 0
        self.open = False
        self.fetched = 0
        self._wanted = asyncio.Event()

    async def watch(self, client: Client, ready: asyncio.Event) -> None:
        reader, writer = await client.connect()
        fetching = asyncio.create_task(self.fetch(client))
        try:
            writer.write(client.head("GET", self.events))
            if b" 200 " not in await reader.readline():
                return
            self.open = True
            while line := await reader.readline():
                if line.startswith(b"data: "):  # the version now, then each change
                    self.heard += 1
                    if self.heard > 1:
                        self._wanted.set()
                    ready.set()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            self.open = False
            fetching.cancel()
            writer.close()

    async def fetch(self, client: Client) -> None:
        reader, writer = await client.connect()
        try:
            while True:
                await self._wanted.wait()
                self._wanted.clear()
                writer.write(client.head("GET", self.part))
                status, _ = await read_answer(reader)
                self.fetched += status == 200
        finally:
            writer.close()


async def run_room(client: Client, room: Room, names: list[str], pid: int) -> Result:
    """Open the screens, play every table, and see that the screens stayed."""
    out = Result([], [], [])
    bases = [""] if room.club else ["", *(f"/n/{n}" for n in names)]
    shown = (bases[n % len(bases)] for n in range(room.screens))
    screens = [Screen(f"{base}/events", f"{base}/board") for base in shown]
    tasks = []
    for screen in screens:
        ready = asyncio.Event()
        tasks.append(asyncio.create_task(screen.watch(client, ready)))
        await asyncio.wait_for(ready.wait(), 10)
    first = [s.heard for s in screens]
    began, cpu = time.perf_counter(), cpu_seconds(pid)
    await asyncio.gather(
        *(
            play_table(client, room, table, names[0] if room.club else names[table - 1], out, began)
            for table in range(1, room.tables + 1)
        )
    )
    seconds, after = time.perf_counter() - began, cpu_seconds(pid)
    await asyncio.sleep(1.5)  # a screen hears of the last change within a second or so
    still = sum(s.open for s in screens)
    heard = sum(s.heard > f for s, f in zip(screens, first, strict=True))
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    used = after - cpu if after is not None and cpu is not None else None
    return out._replace(screens_open=still, screens_heard=heard, seconds=seconds, cpu=used)


def check_files(folder: Path, room: Room, names: list[str]) -> list[str]:
    """Every table's games are in its file, each exactly once and in order."""
    problems = []
    wanted = [25 + n for n in range(room.games)]
    for name in names:
        log = tomllib.loads((folder / f"{name}.toml").read_text("utf-8")).get("log", [])
        for table in range(1, room.tables + 1) if room.club else [0]:
            mine = (e for e in log if not room.club or e.get("winner", "")[1:3] == f"{table:02d}")
            values = [entry.get("value") for entry in mine]
            if values != wanted:
                where = f"{name} table {table}" if room.club else name
                problems.append(f"{where}: the file holds games of values {values}")
    return problems


def run(room: Room) -> Result:
    """One whole run in a temporary folder; the server is stopped afterwards."""
    with tempfile.TemporaryDirectory(prefix="mahj-serve-load-") as tmp:
        folder = Path(tmp) / "room"
        folder.mkdir()
        names, asked = make_room(folder, room)
        errors = (Path(tmp) / "stderr.txt").open("w+", encoding="utf-8")
        server, host, port, key = start_server(folder, asked, errors)
        _, client_cpus = processors()
        try:
            if client_cpus:
                os.sched_setaffinity(0, client_cpus)
            out = asyncio.run(run_room(Client(host, port, key), room, names, server.pid))
        finally:
            if client_cpus:
                os.sched_setaffinity(0, ALL_CPUS)
            server.send_signal(signal.SIGINT)
            server.wait(timeout=30)
            with errors:
                errors.seek(0)
                err = errors.read()
        problems = check_files(folder, room, names)
        if server.returncode != 0:
            problems.append(f"mahj serve ended with {server.returncode}: {err.strip()}")
        if "Traceback" in err:
            problems.append(err)
        return out._replace(problems=problems)


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of `values` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def report(out: Result, room: Room) -> bool:
    """Print what the run found; True when nothing was lost, doubled, refused or dropped."""
    total = room.tables * room.games
    lat = out.latencies
    pace = f"a game every {room.every:g} s a table" if room.every else "all at once"
    kind = "one club night" if room.club else "one night a table"
    print(f"{room.name}: {room.tables} tables ({kind}) x {room.games} games, {pace}, ", end="")
    print(f"{room.screens} screens; mahj serve in one process")
    server_cpus, client_cpus = processors()
    if server_cpus != client_cpus:
        print(f"  processors: the server on {sorted(server_cpus)}, tables and screens on ", end="")
        print(f"{sorted(client_cpus)}")
    print(f"  games posted: {len(lat)} of {total} in {out.seconds:.1f} s")
    if lat:
        p50, p99 = percentile(lat, 0.50), percentile(lat, 0.99)
        print(f"  write latency: p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, ", end="")
        print(f"worst {max(lat) * 1000:.1f} ms")
        met = "met" if p99 < room.target else "MISSED"
        print(f"  p99 target {room.target * 1000:.0f} ms: {met}")
    if out.cpu is not None and lat:
        print(f"  server processor time: {out.cpu / len(lat) * 1000:.1f} ms a game ", end="")
        print(f"({out.cpu:.1f} s in all, {out.cpu / max(out.seconds, 1e-9):.0%} of one core)")
    print(f"  screens still open at the end: {out.screens_open} of {room.screens}")
    print(f"  screens that heard of the changes: {out.screens_heard} of {room.screens}")
    for line in [*out.refused[:10], *out.problems[:10]]:
        print(f"  PROBLEM: {line}")
    whole = not out.refused and not out.problems and len(lat) == total
    whole = whole and out.screens_open == out.screens_heard == room.screens
    print("  every game recorded exactly once: " + ("yes" if whole else "NO"))
    return whole


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rooms", nargs="*", help="club, burst (default: both)")
    parser.add_argument("--tables", type=int)
    parser.add_argument("--games", type=int)
    parser.add_argument("--screens", type=int)
    parser.add_argument("--every", type=float, help="seconds between a table's games (0: at once)")
    args = parser.parse_args()
    unknown = set(args.rooms) - set(ROOMS)
    if unknown:
        parser.error(f"no room called {', '.join(sorted(unknown))}: choose club or burst")
    whole = True
    for name in args.rooms or list(ROOMS):
        room = ROOMS[name]
        for field in ("tables", "games", "screens", "every"):
            if getattr(args, field) is not None:
                room = room._replace(**{field: getattr(args, field)})
        whole = report(run(room), room) and whole
    return 0 if whole else 1


if __name__ == "__main__":
    sys.exit(main())
