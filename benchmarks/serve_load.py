"""How does `mahj serve` hold up in a full room?

    python benchmarks/serve_load.py                  # 50 tables x 20 games, 200 screens
    python benchmarks/serve_load.py --pace 1         # each table a game a second or so
    python benchmarks/serve_load.py --tables 6 --games 5 --screens 20
    python benchmarks/serve_load.py --workers 1       # the room served by one process

A club night seats at most 16 tables, so a room of 50 tables is served the way a
tournament room with one laptop runs: `mahj serve --dir FOLDER`, one session file a
table (each its own night, its own lock), all on one server. This starts the real
program on 127.0.0.1, opens the scoreboard streams (server-sent events) and keeps them
open, then every table posts its games at once (each table one game after the other,
as a table plays them) through `POST /n/TABLE/win` with the token. It prints the p50,
p99 and worst write latency and whether every screen heard of the changes, then checks
that every file holds exactly its table's games, each once, in order. The target is a
p99 under 150 ms on a 2-core machine; it reports, it asserts nothing about time (exit 1
only when a game is lost, doubled or refused, or a screen was dropped).

All at once (the default) every table posts its next game the moment the last one is
answered: 50 writes always waiting, the worst a room can do, so a write's latency is
mostly its wait behind the 49 others (each write loads, checks, replays and saves its
night with fsync, as `mahj win` does). `--pace S` lets each table pause a random 0 to
2S seconds between games, still far faster than real play (a game takes minutes).

The client speaks plain HTTP/1.1 over asyncio streams (one kept-alive connection a
table), on uvloop where it is installed (as the server runs), so that the measuring
costs as little as it can next to the server on the same processors. It also prints
the share of the processors' time the host of a virtual machine took for others during
the games ("steal"), where the system tells: runs with much of it are not comparable.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlencode

PLAYERS = ("Ruth", "Linda", "Kathy", "Pat")
TARGET_P99 = 0.150


class Result(NamedTuple):
    """What one run found."""

    latencies: list[float]
    refused: list[str]
    problems: list[str]
    screens_open: int
    screens_heard: int
    seconds: float
    processes: int = 1
    stolen: float | None = None
    """The share of the processors' time the machine did not get during the games (a
    virtual machine's "steal": its host ran other machines), where the system tells."""


def processor_times() -> tuple[int, int] | None:
    """The processors' time so far (Linux's /proc/stat, in ticks): all of it, and the
    part stolen by the host of a virtual machine; None where the system does not tell."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()
    except OSError:
        return None
    if fields[:1] != ["cpu"] or len(fields) < 9:
        return None
    ticks = [int(f) for f in fields[1:9]]  # user nice system idle iowait irq softirq steal
    return sum(ticks), ticks[7]


def stolen_share(before: tuple[int, int] | None, after: tuple[int, int] | None) -> float | None:
    """The share of the processors' time stolen between two `processor_times`."""
    if before is None or after is None or after[0] <= before[0]:
        return None
    return (after[1] - before[1]) / (after[0] - before[0])


def quick() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """The client's event loop: uvloop's, when it is installed (a quarter to a third less
    of the processors' time for the client here), else asyncio's own (None)."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def serving_processes(pid: int) -> int:
    """The server and the processes it forked to serve with it (Linux tells; else 1)."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 1
    return 1 + len(children)


def mahj() -> list[str]:
    """The installed `mahj` beside this Python (the project's .venv), else `python -m`."""
    beside = Path(sys.executable).parent / "mahj"
    return [str(beside)] if beside.exists() else [sys.executable, "-m", "mahjcli"]


def game(number: int) -> dict[str, str]:
    """Game `number` of a table (from 0): a value no other game of the table has, so
    each game can be found in the file exactly once. The winner and thrower take turns."""
    winner = PLAYERS[number % 4]
    thrower = PLAYERS[(number + 1) % 4]
    return {"winner": winner, "value": str(25 + number), "thrown_by": thrower}


def make_room(folder: Path, tables: int) -> list[str]:
    """`tables` started nights in `folder` (one written by `mahj new`, then copied)."""
    first = folder / "table-01.toml"
    subprocess.run(
        [*mahj(), "new", *PLAYERS, "--date", "2026-05-01", "--session", str(first)],
        check=True,
        capture_output=True,
        env={**os.environ, "MAHJ_DATA_DIR": str(folder.parent / "data")},
    )
    names = [f"table-{n:02d}" for n in range(1, tables + 1)]
    for name in names[1:]:
        shutil.copyfile(first, folder / f"{name}.toml")
    return names


def start_server(
    folder: Path, workers: int | None = None
) -> tuple[subprocess.Popen[str], str, int, str]:
    """`mahj serve --dir FOLDER --port 0` (and `--workers N`); its host, port and key, as
    it printed them."""
    asked = ["--workers", str(workers)] if workers is not None else []
    server = subprocess.Popen(
        [*mahj(), "serve", "--dir", str(folder), "--port", "0", *asked],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "MAHJ_DATA_DIR": str(folder.parent / "data")},
    )
    assert server.stdout is not None
    for line in server.stdout:
        if found := re.match(r"Enter games: http://([^:/]+):(\d+)/enter\?key=(\S+)", line):
            return server, found[1], int(found[2]), found[3]
    server.kill()
    raise SystemExit("mahj serve did not start: " + (server.stderr.read() if server.stderr else ""))


async def read_answer(reader: asyncio.StreamReader) -> tuple[int, bytes]:
    """One HTTP/1.1 answer with a Content-Length: its status and body."""
    status = int((await reader.readline()).split()[1])
    length = 0
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode("latin-1").partition(":")
        if name.strip().lower() == "content-length":
            length = int(value)
    return status, await reader.readexactly(length)


async def play_table(
    host: str, port: int, key: str, name: str, games: int, pace: float, out: Result
) -> None:
    """One table posting its games, one after the other, on one kept-alive connection."""
    reader, writer = await asyncio.open_connection(host, port)
    try:
        for number in range(games):
            if pace:
                await asyncio.sleep(random.uniform(0, 2 * pace))
            body = urlencode(game(number)).encode()
            head = (
                f"POST /n/{name}/win HTTP/1.1\r\nHost: {host}:{port}\r\n"
                f"Authorization: Bearer {key}\r\n"
                "Content-Type: application/x-www-form-urlencoded\r\n"
                f"Content-Length: {len(body)}\r\n\r\n"
            )
            began = time.perf_counter()
            writer.write(head.encode() + body)
            status, answer = await read_answer(reader)
            out.latencies.append(time.perf_counter() - began)
            if status != 200:
                out.refused.append(f"{name} game {number + 1}: {status} {answer[:200]!r}")
    finally:
        writer.close()


class Screen:
    """One open scoreboard: a server-sent events stream, counting the versions it hears."""

    def __init__(self) -> None:
        self.heard = 0
        self.open = False

    async def watch(self, host: str, port: int, path: str, ready: asyncio.Event) -> None:
        reader, writer = await asyncio.open_connection(host, port)
        try:
            writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n\r\n".encode())
            if b" 200 " not in await reader.readline():
                return
            self.open = True
            while line := await reader.readline():
                if line.startswith(b"data: "):  # the version now, then each change
                    self.heard += 1
                    ready.set()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            self.open = False
            writer.close()


async def run_room(
    host: str, port: int, key: str, names: list[str], games: int, screens: int, pace: float
) -> Result:
    """Open the screens, play every table at once, and see that the screens stayed."""
    out = Result([], [], [], 0, 0, 0.0)
    watching = [Screen() for _ in range(screens)]
    paths = ["/events"] + [f"/n/{n}/events" for n in names]
    tasks = []
    for i, screen in enumerate(watching):
        ready = asyncio.Event()
        tasks.append(asyncio.create_task(screen.watch(host, port, paths[i % len(paths)], ready)))
        await asyncio.wait_for(ready.wait(), 10)
    first = [s.heard for s in watching]
    began, times = time.perf_counter(), processor_times()
    await asyncio.gather(*(play_table(host, port, key, n, games, pace, out) for n in names))
    seconds, stolen = time.perf_counter() - began, stolen_share(times, processor_times())
    await asyncio.sleep(1.5)  # a screen hears of the last change within a second or so
    still = sum(s.open for s in watching)
    heard = sum(s.heard > f for s, f in zip(watching, first, strict=True))
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return out._replace(screens_open=still, screens_heard=heard, seconds=seconds, stolen=stolen)


def check_files(folder: Path, names: list[str], games: int) -> list[str]:
    """Every table's file holds its games, each exactly once and in order."""
    problems = []
    for name in names:
        log = tomllib.loads((folder / f"{name}.toml").read_text("utf-8")).get("log", [])
        values = [entry.get("value") for entry in log]
        if values != [25 + n for n in range(games)]:
            problems.append(f"{name}: the file holds games of values {values}")
    return problems


def run(
    tables: int = 50,
    games: int = 20,
    screens: int = 200,
    pace: float = 0.0,
    workers: int | None = None,
) -> Result:
    """One whole run in a temporary folder; the server is stopped afterwards."""
    with tempfile.TemporaryDirectory(prefix="mahj-serve-load-") as tmp:
        folder = Path(tmp) / "room"
        folder.mkdir()
        names = make_room(folder, tables)
        server, host, port, key = start_server(folder, workers)
        try:
            with asyncio.Runner(loop_factory=quick()) as runner:
                out = runner.run(run_room(host, port, key, names, games, screens, pace))
            out = out._replace(processes=serving_processes(server.pid))
        finally:
            server.send_signal(signal.SIGINT)
            _, err = server.communicate(timeout=30)
        problems = check_files(folder, names, games)
        if server.returncode != 0:
            problems.append(f"mahj serve ended with {server.returncode}: {err.strip()}")
        if "Traceback" in err:
            problems.append(err)
        return out._replace(problems=problems)


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of `values` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def report(out: Result, tables: int, games: int, screens: int, pace: float) -> bool:
    """Print what the run found; True when nothing was lost, doubled, refused or dropped."""
    total = tables * games
    lat = out.latencies
    how = f"a pause of 0-{2 * pace:g} s between games" if pace else "all at once"
    print(f"mahj serve under load: {tables} tables x {games} games ({how}), {screens} screens")
    print(f"  served by {out.processes} process" + ("es" if out.processes > 1 else ""))
    print(f"  games posted: {len(lat)} of {total} in {out.seconds:.2f} s")
    if out.stolen is not None:
        print(f"  processor time taken by the host meanwhile (steal): {out.stolen:.0%}")
    if lat:
        p50, p99 = percentile(lat, 0.50), percentile(lat, 0.99)
        verdict = "PASS" if p99 < TARGET_P99 else "FAIL"
        print(f"  write latency: p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, ", end="")
        print(f"worst {max(lat) * 1000:.1f} ms, mean {statistics.mean(lat) * 1000:.1f} ms")
        print(f"  p99 target {TARGET_P99 * 1000:.0f} ms: {verdict}")
    print(f"  screens still open at the end: {out.screens_open} of {screens}")
    print(f"  screens that heard of the changes: {out.screens_heard} of {screens}")
    for line in out.refused[:10]:
        print(f"  refused: {line}")
    for line in out.problems[:10]:
        print(f"  PROBLEM: {line}")
    whole = not out.refused and not out.problems and len(lat) == total
    whole = whole and out.screens_open == screens and out.screens_heard == screens
    print("  every game recorded exactly once: " + ("yes" if whole else "NO"))
    return whole


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--screens", type=int, default=200)
    parser.add_argument("--pace", type=float, default=0.0, help="mean pause between games")
    parser.add_argument("--workers", type=int, help="mahj serve --workers N (default: its own)")
    args = parser.parse_args()
    out = run(args.tables, args.games, args.screens, args.pace, args.workers)
    return 0 if report(out, args.tables, args.games, args.screens, args.pace) else 1


if __name__ == "__main__":
    sys.exit(main())
