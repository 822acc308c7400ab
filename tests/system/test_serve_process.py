"""`mahj serve` as a real program: it prints where it serves, answers the API, tells an
open scoreboard of a change made at the command line, and stops cleanly on Ctrl-C."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from mahjcli.web.serve import IDLE
from tests.helpers import installed_mahj

MAHJ = installed_mahj()


def start(
    *args: str, env: dict[str, str], files: int | None = None
) -> tuple[subprocess.Popen[str], str, str]:
    """A running `mahj serve ARGS...` (allowed to open at most `files` files); its base
    address and key, read from what it printed."""

    def limited() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    server = subprocess.Popen(
        [MAHJ, "serve", "--port", "0", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env=env, preexec_fn=limited if files else None,
    )  # fmt: skip
    assert server.stdout is not None
    printed = []
    for line in server.stdout:
        printed.append(line)
        if found := re.match(r"Enter games: (http://[^/]+)/enter\?key=(\S+)", line):
            return server, found[1], found[2]
    server.kill()
    raise AssertionError("".join(printed) + server.stderr.read() if server.stderr else "")


def test_serve_as_a_real_program(tmp_path: Path):
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    night = tmp_path / "night.toml"
    run = [MAHJ, "--session", str(night)]
    subprocess.run([MAHJ, "new", "Ruth", "Linda", "Kathy", "Pat", "--session", str(night)],
                   env=env, check=True, capture_output=True)  # fmt: skip
    server, base, key = start("--session", str(night), env=env)
    try:
        with urllib.request.urlopen(f"{base}/status.json", timeout=10) as answer:
            assert json.load(answer)["east"] == "Ruth"
        asked = urllib.request.Request(
            f"{base}/win", data=b"winner=Ruth&value=25&thrown_by=Linda",
            headers={"Authorization": f"Bearer {key}"},
        )  # fmt: skip
        with urllib.request.urlopen(asked, timeout=10) as answer:
            assert json.load(answer)["next_game"] == 2
        deep = b'{"winner": ' + b"[" * 5000 + b"]" * 5000 + b"}"
        for headers, status in (({}, 401), ({"Authorization": f"Bearer {key}"}, 400)):
            nested = urllib.request.Request(
                f"{base}/win", data=deep, headers={**headers, "Content-Type": "application/json"}
            )
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(nested, timeout=10)
            assert refused.value.code == status
        with urllib.request.urlopen(f"{base}/events", timeout=10) as events:
            assert events.readline() == b"retry: 1000\n"
            events.readline()
            first = events.readline()
            assert first.startswith(b"data: ")
            events.readline()
            began = time.monotonic()
            subprocess.run([*run[:1], "wall", *run[1:]], env=env, check=True, capture_output=True)
            second = events.readline()
            assert second.startswith(b"data: ") and second != first
            assert time.monotonic() - began < 15  # the watcher looks every half second
        log = subprocess.run([MAHJ, "log", "--json", "--session", str(night)], env=env,
                             capture_output=True, text=True, check=True)  # fmt: skip
        assert [g["result"] for g in json.loads(log.stdout)["games"]] == ["win", "wall"]
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=15)
    assert server.returncode == 0, err
    assert out.rstrip().endswith("Stopped.") and "Traceback" not in err


def night_served(tmp_path: Path, files: int | None = None):  # type: ignore[no-untyped-def]
    """A started night served by a real `mahj serve`: its environment, file, process,
    host, port and key."""
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    night = tmp_path / "night.toml"
    subprocess.run([MAHJ, "new", "Ruth", "Linda", "Kathy", "Pat", "--session", str(night)],
                   env=env, check=True, capture_output=True)  # fmt: skip
    server, base, key = start("--session", str(night), env=env, files=files)
    host, port = base.removeprefix("http://").rsplit(":", 1)
    return env, night, server, host, int(port), key


def win(host: str, port: int, key: str, value: int) -> int:
    """Ruth's win of `value`, thrown by Linda, posted over a fresh connection: the status."""
    asked = urllib.request.Request(
        f"http://{host}:{port}/win", data=f"winner=Ruth&value={value}&thrown_by=Linda".encode(),
        headers={"Authorization": f"Bearer {key}"},
    )  # fmt: skip
    try:
        with urllib.request.urlopen(asked, timeout=30) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as exc:
        return exc.code


def games_in(night: Path, env: dict[str, str]) -> list[int]:
    log = subprocess.run([MAHJ, "log", "--json", "--session", str(night)], env=env,
                         capture_output=True, text=True, check=True)  # fmt: skip
    return [g["value"] for g in json.loads(log.stdout)["games"]]


def stop(server: subprocess.Popen[str], sig: signal.Signals = signal.SIGINT) -> tuple[str, str]:
    """Stop the server with `sig`: it ends cleanly (exit 0, "Stopped.", no traceback)."""
    server.send_signal(sig)
    out, err = server.communicate(timeout=20)
    assert server.returncode == 0, err
    assert out.rstrip().endswith("Stopped.") and "Traceback" not in err
    return out, err


@pytest.mark.slow
def test_idle_connections_cannot_stop_the_server(tmp_path: Path):
    """1,500 connections that send nothing, or half a request (a phone gone mid-request):
    games are recorded meanwhile, and the server closes each of them within a few seconds."""
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < 1700:
        if hard != resource.RLIM_INFINITY and hard < 1700:
            pytest.skip("this system lets a process open too few files for the test")
        resource.setrlimit(resource.RLIMIT_NOFILE, (1700, hard))
    env, night, server, host, port, key = night_served(tmp_path)
    idle: list[socket.socket] = []
    try:
        idle = [socket.create_connection((host, port), timeout=10) for _ in range(1500)]
        for half in idle[::2]:
            half.sendall(b"GET /status.json HTTP/1.1\r\nHost: mahj\r\n")
        assert [win(host, port, key, value) for value in range(25, 31)] == [200] * 6
        deadline = time.monotonic() + IDLE + 5
        for each in idle:
            each.settimeout(max(0.1, deadline - time.monotonic()))
            assert each.recv(1) == b""  # closed by the server
        assert win(host, port, key, 31) == 200
    finally:
        for each in idle:
            each.close()
        _, err = stop(server)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert games_in(night, env) == list(range(25, 32))
    assert "Warning" not in err


@pytest.mark.slow
def test_requests_refused_for_too_many_connections_are_told_once(tmp_path: Path):
    """A server that may open only 300 files takes 150 connections at once: beyond them a
    request is answered 503, the organiser reads one warning, and once the silent
    connections are closed the room's requests go through again."""
    pytest.importorskip("resource")
    env, night, server, host, port, key = night_served(tmp_path, files=300)
    idle: list[socket.socket] = []
    try:
        idle = [socket.create_connection((host, port), timeout=10) for _ in range(200)]
        assert [win(host, port, key, 25) for _ in range(3)] == [503] * 3
        time.sleep(IDLE + 1)
        assert win(host, port, key, 26) == 200
    finally:
        for each in idle:
            each.close()
        _, err = stop(server)
    (told,) = err.splitlines()
    assert told.startswith("Warning: requests are being refused: 150 connections are open")
    assert games_in(night, env) == [26]


def test_sigterm_stops_the_server_once_the_saves_under_way_are_done(tmp_path: Path):
    env, night, server, host, port, key = night_served(tmp_path)
    answers: list[tuple[int, int]] = []

    def table(first: int) -> None:
        for value in range(first, first + 10):
            try:
                answers.append((value, win(host, port, key, value)))
            except OSError:  # the server has stopped taking connections
                return

    tables = [threading.Thread(target=table, args=(25 + 10 * n,)) for n in range(4)]
    for each in tables:
        each.start()
    while len(answers) < 4:
        time.sleep(0.01)
    stop(server, signal.SIGTERM)
    for each in tables:
        each.join()
    recorded = games_in(night, env)
    assert sorted(recorded) == sorted(set(recorded))  # each once
    assert {value for value, status in answers if status == 200} <= set(recorded)


def test_each_connection_sends_an_answer_at_once():
    """The server's connections do not hold a small answer back until the phone has
    acknowledged what came before (Nagle's rule, which can stall each answer by 40 ms or
    more on a phone's network): asyncio turns it off only on sockets it made itself, and the
    server's listening socket is made by mahj."""
    import asyncio

    from mahjcli.web.serve import bind

    async def accept() -> int:
        accepted: list[asyncio.BaseTransport] = []

        class Phone(asyncio.Protocol):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                accepted.append(transport)

        listening = bind("127.0.0.1", 0)
        server = await asyncio.get_running_loop().create_server(Phone, sock=listening)
        phone = socket.create_connection(listening.getsockname()[:2])
        for _ in range(100):
            if accepted:
                break
            await asyncio.sleep(0.05)
        option = (
            accepted[0].get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
        )
        phone.close()
        server.close()
        return int(option)

    assert asyncio.run(accept()) != 0


def test_a_table_cookie_of_one_odd_byte_asks_the_phone_its_table_again(tmp_path: Path):
    """An event phone's remembered table, garbled to the byte 0xB2 ("²", a digit to
    Python that int() refuses): the page to choose a table, never a server error. (The
    test client cannot send that byte; a raw request can.)"""
    from tests.web.conftest import cli

    event = tmp_path / "cup.toml"
    cli("event", "new", "Cup", *"ABCDEFGH", "--rounds", "2", "--given", "--session", str(event))
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data")}
    server, base, key = start("--event", "--session", str(event), env=env)
    host, port = base.removeprefix("http://").split(":")
    try:

        def asked(path: str, cookie: bytes) -> bytes:
            with socket.create_connection((host, int(port)), timeout=10) as phone:
                head = f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n".encode()
                phone.sendall(head + b"Cookie: " + cookie + b"\r\n\r\n")
                return b"".join(iter(lambda: phone.recv(65536), b""))

        entered = asked(f"/enter?key={key}", b"x=1")
        kept = re.search(rb"(?i)set-cookie: (mahj_key_\d+=[^;]+)", entered)
        assert kept is not None, entered[:300]
        answer = asked("/tables", kept[1] + b"; mahj_table_" + port.encode() + b"=\xb2")
        assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
        assert b"Which table is this phone?" in answer
    finally:
        stop(server)
