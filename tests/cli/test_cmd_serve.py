"""`mahj serve` through the command line: what it prints before serving, and what it
refuses (with one Error line, before anything is served)."""

from __future__ import annotations

import os
import signal
import socket
import threading
import time
from pathlib import Path

import pytest

from mahjcli.web import processes
from mahjcli.web import serve as web
from mahjcli.web.source import Room


def test_help_has_an_example(mahj):
    result = mahj("serve", "--help", use_session=False)
    assert result.exit_code == 0
    assert "mahj serve --host 0.0.0.0" in result.stdout and "--port" in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--port", "http"), "--port"),
        (("--port", "70000"), "--port"),
        (("--host", "no.such.host.invalid"), "not an address of this computer"),
    ],
)
def test_refusals_say_what_to_do(four, args, words):
    result = four("serve", *args)
    assert result.exit_code == 1, result
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
    assert words in result.stderr


def test_a_missing_session_is_refused(mahj, tmp_path: Path):
    result = mahj("serve", "--session", str(tmp_path / "none.toml"), use_session=False)
    assert result.exit_code == 1 and "Error: " in result.stderr


def test_a_port_in_use_is_refused(four):
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = four("serve", "--port", str(port))
    assert result.exit_code == 1
    assert f"port {port} is already in use" in result.stderr


def test_what_the_organiser_reads_at_start(session: Path, four):
    ready = web.prepare(Room.of_file(session), "the night", "127.0.0.1", 0)
    try:
        lines = "\n".join(ready.lines)
        port = ready.sock.getsockname()[1]
        assert f"Scoreboard: http://127.0.0.1:{port}/" in lines
        assert f"Enter games: http://127.0.0.1:{port}/enter?key=" in lines
        assert "Warning" not in lines and "--host 0.0.0.0" in lines
        assert "█" in lines or "▀" in lines or "▄" in lines  # the QR code, as text
    finally:
        ready.sock.close()


def test_the_rooms_network_gets_a_warning(session: Path, four):
    ready = web.prepare(Room.of_file(session), "the night", "0.0.0.0", 0)
    try:
        warnings = [line for line in ready.lines if line.startswith("Warning")]
        assert len(warnings) == 1 and "every computer and phone on this network" in warnings[0]
    finally:
        ready.sock.close()


def test_the_qr_code_holds_the_link():
    text = web.qr_text("http://192.168.1.20:8000/enter?key=abc")
    rows = text.splitlines()
    assert len(rows) >= 12 and len({len(r) for r in rows}) == 1


def test_serve_one_thing_at_a_time(mahj, tmp_path: Path):
    result = mahj("serve", "--dir", str(tmp_path), "--event", use_session=False)
    assert result.exit_code == 1 and "serve one thing" in result.stderr


def test_a_room_is_served_by_one_process_a_processor_at_most_four(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(processes, "can_fork_workers", lambda: True)
    room, night = Room([], tmp_path), Room([])
    for cpus, workers in ((1, 1), (2, 2), (8, 4)):
        monkeypatch.setattr(processes, "processors", lambda cpus=cpus: cpus)
        assert processes.workers_for(room, None) == workers
        assert processes.workers_for(night, None) == 1  # one night or event: one file's lock
    assert processes.workers_for(night, 3) == 3
    monkeypatch.setattr(processes, "can_fork_workers", lambda: False)
    monkeypatch.setattr(processes, "processors", lambda: 8)
    assert processes.workers_for(room, None) == 1 and processes.workers_for(room, 1) == 1
    with pytest.raises(web.Refused, match="--workers above 1 needs Linux"):
        processes.workers_for(room, 2)


@pytest.mark.parametrize("given", ["0", "two", "-1", "65"])
def test_workers_must_be_a_whole_number_from_one(four, given: str):
    result = four("serve", "--workers", given)
    assert result.exit_code == 1 and result.stderr.startswith("Error: --workers")
    assert result.stderr.count("\n") == 1


@pytest.mark.skipif(not processes.can_fork_workers(), reason="one port shared by processes: Linux")
def test_every_process_listens_on_the_same_port_and_a_taken_port_is_refused():
    socks = web.bind_all("127.0.0.1", 0, 3)
    try:
        ports = {sock.getsockname()[1] for sock in socks}
        assert len(socks) == 3 and len(ports) == 1
        port = ports.pop()
        with pytest.raises(web.Refused, match=f"port {port} is already in use"):
            web.bind_all("127.0.0.1", port, 2)  # another mahj serve sharing its port
    finally:
        for sock in socks:
            sock.close()
    with socket.create_server(("127.0.0.1", 0)) as taken:  # another program
        port = taken.getsockname()[1]
        with pytest.raises(web.Refused, match=f"port {port} is already in use"):
            web.bind_all("127.0.0.1", port, 2)


def test_the_processors_counted_are_those_this_process_may_use(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(processes.os, "sched_getaffinity", lambda pid: {0}, raising=False)
    monkeypatch.setattr(processes.os, "cpu_count", lambda: 8)
    assert processes.processors() == 1  # a container or taskset gives this process one
    monkeypatch.delattr(processes.os, "sched_getaffinity")
    assert processes.processors() == 8
    monkeypatch.setattr(processes.os, "cpu_count", lambda: None)
    assert processes.processors() == 1


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the other serving processes are forked")
@pytest.mark.parametrize(
    ("command", "words"),
    [
        ("kill -KILL $$", "killed by SIGKILL"),
        ("exit 3", "exit code 3"),
    ],
)
def test_another_process_ending_while_serving_is_told_of(capsys, command: str, words: str):
    workers = processes.Workers(threading.Event())
    workers.pids.append(spawned(command))
    workers.watch()
    assert told_of(workers, 0)
    workers.stop()
    (told,) = capsys.readouterr().err.splitlines()
    assert told.startswith(f"Warning: a serving process ({workers.pids[0]}) ended ({words})")
    assert "still served by 1 of its 2 processes" in told


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the other serving processes are forked")
def test_a_process_stopped_cleanly_is_only_told_of_when_nobody_stopped_the_room(
    capsys, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(processes, "STOPPED_WITHIN", 0.05)
    stopping = threading.Event()
    workers = processes.Workers(stopping)
    workers.pids += [spawned("true"), spawned("sleep 30")]
    workers.watch()
    assert told_of(workers, 0)
    stopping.set()  # the room stops: the second one's end is expected
    workers.stop()
    (told,) = capsys.readouterr().err.splitlines()
    assert f"({workers.pids[0]}) ended (exit code 0)" in told
    assert "still served by 2 of its 3 processes" in told
    assert workers.ended[workers.pids[1]].signal == signal.SIGTERM  # as it was stopped


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the other serving processes are forked")
def test_one_that_will_not_stop_is_killed_after_the_grace_time(
    capsys, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(processes, "KILL_AFTER", 0.2)
    workers = processes.Workers(threading.Event())
    stubborn = spawned("trap '' TERM; while :; do sleep 0.05; done")
    workers.pids.append(stubborn)
    time.sleep(0.2)  # the trap is set
    workers.watch()
    started = time.monotonic()
    workers.stop()
    assert time.monotonic() - started < 5
    assert workers.ended[stubborn].signal == signal.SIGKILL
    (told,) = capsys.readouterr().err.splitlines()
    assert told == (
        f"Warning: a serving process ({stubborn}) was still running 0.2 s after it was told "
        "to stop, and was killed (a save it was making is all or nothing)"
    )


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the other serving processes are forked")
def test_one_that_does_not_end_even_when_killed_is_told_of_and_left(
    capsys, monkeypatch: pytest.MonkeyPatch
):
    never = threading.Event()

    def stuck(pid: int) -> processes.Ended:
        never.wait()
        return processes.Ended()

    monkeypatch.setattr(processes, "wait_for_end", stuck)
    monkeypatch.setattr(processes, "KILL_AFTER", 0.1)
    monkeypatch.setattr(processes, "GONE_AFTER", 0.1)
    workers = processes.Workers(threading.Event())
    workers.pids.append(spawned("sleep 30"))  # as if stuck on a hung disk: never seen to end
    workers.watch()
    started = time.monotonic()
    workers.stop()
    assert time.monotonic() - started < 5
    told = capsys.readouterr().err.splitlines()
    assert told[-1] == (
        f"Warning: a serving process ({workers.pids[0]}) did not end even when killed; it is left"
    )
    never.set()  # its thread now reaps it
    assert told_of(workers, 0)


def test_how_a_process_ended_in_words():
    assert str(processes.Ended(code=3)) == "exit code 3"
    assert str(processes.Ended(signal=signal.SIGKILL)) == "killed by SIGKILL"
    assert str(processes.Ended(signal=99)) == "killed by signal 99"
    assert str(processes.Ended()) == "how is not known"  # another waited for it
    assert processes.Ended(code=0).clean and not processes.Ended(signal=15).clean


def spawned(command: str) -> int:
    """The pid of a shell running `command`, started as a serving process is: a child
    that only `Workers` waits for."""
    return os.posix_spawn("/bin/sh", ["sh", "-c", command], os.environ)


def told_of(workers: processes.Workers, index: int) -> bool:
    """Whether the thread waiting for the `index`-th process finished within 5 s."""
    waiting = workers._waiting[index]
    waiting.join(5)
    return not waiting.is_alive()
