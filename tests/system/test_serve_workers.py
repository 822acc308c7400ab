"""`mahj serve --dir` served by several processes (Linux): the first one starts the
others, they share the port and the files, and they all end together however the first
one ends (Ctrl-C, SIGTERM, or killed outright)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

import pytest

from mahjcli.web.processes import can_fork_workers
from tests.helpers import installed_mahj

MAHJ = installed_mahj()
NIGHTS = ("t1", "t2", "t3", "t4")

pytestmark = [
    pytest.mark.skipif(
        not can_fork_workers(), reason="serving with several processes needs Linux's SO_REUSEPORT"
    )
]


class Served(NamedTuple):
    """A running `mahj serve`: the process, its base address and key, and the files its
    output goes to."""

    process: subprocess.Popen[bytes]
    base: str
    key: str
    out: Path
    err: Path

    @property
    def port(self) -> int:
        """The port it serves on."""
        return int(self.base.rsplit(":", 1)[1])

    def stopped(self, sig: signal.Signals) -> tuple[int, str, str]:
        """Send `sig`, wait for the end (15 s at most): its exit code, stdout and stderr."""
        self.process.send_signal(sig)
        code = self.process.wait(timeout=15)
        return code, self.out.read_text(), self.err.read_text()


Start = Callable[..., Served]


def until(ready: Callable[[], bool], seconds: float) -> bool:
    """Whether `ready()` came true within `seconds` (asked every few hundredths)."""
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def children(pid: int) -> list[int]:
    """The processes `pid` started (those still running or not yet waited for)."""
    try:
        return [int(each) for each in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def serving(pid: int, count: int) -> list[int]:
    """The children of `pid` once there are `count` of them (10 s at most)."""
    assert until(lambda: len(children(pid)) >= count, 10), children(pid)
    return children(pid)


def gone(pid: int) -> bool:
    """Whether the process has ended (a zombie that nobody has waited for yet counts)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True
    return bool(re.search(r"^State:\s+Z", status, re.M))


def room(folder: Path, env: dict[str, str]) -> Path:
    """A folder of the four nights t1..t4, all of Ruth, Linda, Kathy and Pat."""
    folder.mkdir()
    first = folder / "t1.toml"
    subprocess.run([MAHJ, "new", "Ruth", "Linda", "Kathy", "Pat", "--session", str(first)],
                   env=env, check=True, capture_output=True, timeout=30)  # fmt: skip
    for night in NIGHTS[1:]:
        shutil.copy(first, folder / f"{night}.toml")
    return folder


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """The environment of every `mahj` run: its own data folder, no colours."""
    return {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}


@pytest.fixture
def start(tmp_path: Path, env: dict[str, str]) -> Iterator[Start]:
    """Starts `mahj serve ARGS...` on any free port (`own_group`: in a process group of
    its own, as a terminal's command is, so that Ctrl-C can be sent to all); every process
    started is killed at the end of the test, with the processes it started."""
    started: list[subprocess.Popen[bytes]] = []

    def run(*args: str, own_group: bool = False) -> Served:
        n = len(started)
        out, err = tmp_path / f"serve{n}.out", tmp_path / f"serve{n}.err"
        with out.open("wb") as stdout, err.open("wb") as stderr:
            server = subprocess.Popen(
                [MAHJ, "serve", "--port", "0", *args],
                stdout=stdout,
                stderr=stderr,
                env=env,
                start_new_session=own_group,
            )
        started.append(server)
        found: re.Match[str] | None = None

        def printed() -> bool:
            nonlocal found
            found = re.search(r"^Enter games: (http://[^/]+)/enter\?key=(\S+)$",
                              out.read_text(), re.M)  # fmt: skip
            return found is not None or server.poll() is not None

        assert until(printed, 20) and found is not None, out.read_text() + err.read_text()
        return Served(server, found[1], found[2], out, err)

    yield run
    for server in started:
        others = children(server.pid) if server.poll() is None else []
        for pid in [*others, server.pid]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        server.wait(timeout=10)
        until(lambda ended=others: all(gone(pid) for pid in ended), 5)


def post(served: Served, night: str, value: int) -> int:
    """Ruth's win of `value` thrown by Linda, entered at `night` over a fresh connection:
    the answer's status."""
    asked = urllib.request.Request(
        f"{served.base}/n/{night}/win", data=f"winner=Ruth&value={value}&thrown_by=Linda".encode(),
        headers={"Authorization": f"Bearer {served.key}"},
    )  # fmt: skip
    with urllib.request.urlopen(asked, timeout=20) as answer:
        return answer.status


def status(served: Served, night: str) -> dict[str, object]:
    """`night`'s status.json, asked over a fresh connection."""
    with urllib.request.urlopen(f"{served.base}/n/{night}/status.json", timeout=10) as answer:
        assert answer.status == 200
        return json.load(answer)


def test_two_processes_share_the_games_and_stop_on_ctrl_c(tmp_path: Path, env, start: Start):
    folder = room(tmp_path / "room", env)
    served = start("--dir", str(folder), "--workers", "2")
    (child,) = serving(served.process.pid, 1)
    assert children(served.process.pid) == [child]
    games = [(night, 25 + 5 * (4 * round_ + table)) for round_ in range(4)
             for table, night in enumerate(NIGHTS)]  # fmt: skip
    assert [post(served, night, value) for night, value in games[:4]] == [200] * 4
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda game: post(served, *game), games[4:]))
    assert answers == [200] * 12
    for night in NIGHTS:
        session = str(folder / f"{night}.toml")
        log = subprocess.run([MAHJ, "log", "--json", "--session", session], env=env,
                             capture_output=True, text=True, check=True, timeout=30)  # fmt: skip
        entered = [game["value"] for game in json.loads(log.stdout)["games"]]
        assert sorted(entered) == sorted(value for each, value in games if each == night)
        assert [status(served, night)["next_game"] for _ in range(6)] == [5] * 6
    stops_cleanly(served, signal.SIGINT, child)


def stops_cleanly(served: Served, sig: signal.Signals, child: int) -> None:
    """`sig` to the first process: it ends as Ctrl-C ends it (exit 0, "Stopped.", no
    traceback), and the other serving process is gone within 5 s."""
    code, out, err = served.stopped(sig)
    assert code == 0, err
    assert out.rstrip().endswith("Stopped.") and "Traceback" not in err
    assert until(lambda: gone(child), 5)


def test_sigterm_stops_every_process(tmp_path: Path, env, start: Start):
    served = start("--dir", str(room(tmp_path / "room", env)), "--workers", "2")
    (child,) = serving(served.process.pid, 1)
    assert status(served, "t1")["next_game"] == 1
    stops_cleanly(served, signal.SIGTERM, child)


def test_a_worker_killed_while_serving_is_told_of_and_the_others_go_on(
    tmp_path: Path, env, start: Start
):
    folder = room(tmp_path / "room", env)
    served = start("--dir", str(folder), "--workers", "3")
    first, second = serving(served.process.pid, 2)
    os.kill(first, signal.SIGKILL)
    assert until(lambda: "Warning" in served.err.read_text(), 10), served.err.read_text()
    (told,) = served.err.read_text().splitlines()
    assert told.startswith(f"Warning: a serving process ({first}) ended (killed by SIGKILL)")
    assert "still served by 2 of its 3 processes" in told and "restart mahj serve" in told
    assert until(lambda: gone(first), 5) and children(served.process.pid) == [second]
    assert [post(served, "t1", 25 + 5 * game) for game in range(8)] == [200] * 8
    assert [status(served, "t1")["next_game"] for _ in range(6)] == [9] * 6
    stops_cleanly(served, signal.SIGINT, second)
    assert served.err.read_text().splitlines() == [told]


def test_ctrl_c_at_the_terminal_stops_every_process_without_a_warning(
    tmp_path: Path, env, start: Start
):
    served = start("--dir", str(room(tmp_path / "room", env)), "--workers", "3", own_group=True)
    others = serving(served.process.pid, 2)
    assert status(served, "t2")["next_game"] == 1
    os.killpg(served.process.pid, signal.SIGINT)  # what Ctrl-C does: to every process
    assert served.process.wait(timeout=15) == 0
    assert served.out.read_text().rstrip().endswith("Stopped.")
    assert served.err.read_text() == ""
    assert until(lambda: all(gone(pid) for pid in others), 5)


def test_a_worker_ends_when_the_first_process_is_killed(tmp_path: Path, env, start: Start):
    served = start("--dir", str(room(tmp_path / "room", env)), "--workers", "2")
    (child,) = serving(served.process.pid, 1)
    served.process.kill()
    served.process.wait(timeout=10)
    assert until(lambda: gone(child), 10), Path(f"/proc/{child}/status").read_text()

    def free() -> bool:
        with socket.socket() as plain:
            try:
                plain.bind(("127.0.0.1", served.port))
            except OSError:
                return False
            return True

    assert until(free, 5)


def test_workers_sets_how_many_processes_serve(tmp_path: Path, env, start: Start):
    alone = start("--dir", str(room(tmp_path / "one", env)), "--workers", "1")
    three = start("--dir", str(room(tmp_path / "three", env)), "--workers", "3")
    assert status(alone, "t1")["next_game"] == 1
    assert children(alone.process.pid) == []
    assert len(serving(three.process.pid, 2)) == 2
    assert status(three, "t2")["next_game"] == 1
    assert len(children(three.process.pid)) == 2


def test_a_second_server_on_the_same_port_is_refused(tmp_path: Path, env, start: Start):
    folder = room(tmp_path / "room", env)
    served = start("--dir", str(folder), "--workers", "2")
    serving(served.process.pid, 1)
    second = subprocess.run(
        [MAHJ, "serve", "--dir", str(folder), "--workers", "2", "--port", str(served.port)],
        env=env, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert second.returncode == 1
    lines = second.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and "already in use" in lines[0]
    assert [status(served, "t3")["next_game"] for _ in range(4)] == [1] * 4
