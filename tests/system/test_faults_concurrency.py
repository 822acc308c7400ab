"""Several `mahj` commands at once on one session: every change lands, a held lock makes a
command wait and then refuse cleanly, and a lock left by a killed process blocks nobody."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from filelock import FileLock

from tests.helpers import installed_mahj

pytestmark = pytest.mark.skipif(os.name != "posix", reason="uses SIGKILL")

PLAYERS = ("Ruth", "Linda", "Kathy", "Pat")


MAHJ = installed_mahj()


def env_with(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("MAHJ_CRASH_AT", None)
    env.update(extra)
    return env


def lock_path(session: Path) -> Path:
    """Where mahj keeps a session's lock (documented in mahjcli.store)."""
    return session.with_name(f".{session.name}.lock")


def error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("Error:")]


def test_twenty_wins_at_once_are_all_recorded(four, session: Path):
    values = [25 + i for i in range(20)]
    procs = [
        subprocess.Popen(
            [MAHJ, "win", PLAYERS[i % 4], str(value), "--self-pick", "--session", str(session)],
            env=env_with(MAHJ_LOCK_TIMEOUT="60"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i, value in enumerate(values)
    ]
    results = [(p, *p.communicate(timeout=120)) for p in procs]
    for proc, _out, err in results:
        assert proc.returncode == 0, err

    # Four seated, self-picked: each loser pays 2V, the winner collects 6V, whatever the
    # order the twenty processes got the lock in.
    expected = dict.fromkeys(PLAYERS, 0)
    for i, value in enumerate(values):
        for name in PLAYERS:
            expected[name] += 6 * value if name == PLAYERS[i % 4] else -2 * value
    total = json.loads(four("total", "--json").stdout)
    assert (total["games"], total["totals"]) == (20, expected)
    log = json.loads(four("log", "--json").stdout)["games"]
    recorded = sorted(max(game["deltas"].values()) // 6 for game in log)
    assert recorded == values  # each game exactly once
    assert four("check").exit_code == 0
    assert not [p for p in session.parent.iterdir() if p.name.endswith(".tmp")]


def test_undos_at_once_each_remove_exactly_one_game(four, session: Path):
    for value in range(25, 35):
        assert four("win", "Ruth", str(value), "--thrown-by", "Linda").exit_code == 0
    procs = [
        subprocess.Popen(
            [MAHJ, "undo", "--session", str(session)],
            env=env_with(MAHJ_LOCK_TIMEOUT="60"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(6)
    ]
    for proc in procs:
        _out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    games = json.loads(four("log", "--json").stdout)["games"]
    # The first four wins remain, exactly as recorded: 25, 26, 27, 28.
    assert [g["deltas"]["Ruth"] for g in games] == [100, 104, 108, 112]
    assert four("check").exit_code == 0


def test_a_held_lock_makes_a_command_wait_then_refuse(four, session: Path, monkeypatch):
    before = session.read_bytes()
    monkeypatch.setenv("MAHJ_LOCK_TIMEOUT", "0.5")
    holder = FileLock(str(lock_path(session)))
    holder.acquire()
    try:
        started = time.monotonic()
        result = four("win", "Ruth", "25", "--thrown-by", "Linda")
        waited = time.monotonic() - started
        assert result.exit_code == 1
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: another mahj command")
        assert str(session) in lines[0]
        assert waited >= 0.5  # it waited for the lock before giving up
        assert session.read_bytes() == before

        # The same through the installed program.
        proc = subprocess.run(
            [MAHJ, "undo", "--session", str(session)],
            env=env_with(MAHJ_LOCK_TIMEOUT="0.3"),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert proc.returncode == 1
        assert len(error_lines(proc.stderr)) == 1 and "Traceback" not in proc.stderr
        assert session.read_bytes() == before

        # Reading needs no lock.
        assert four("total", "--json").exit_code == 0
    finally:
        holder.release()
    assert four("win", "Ruth", "25", "--thrown-by", "Linda").exit_code == 0
    assert json.loads(four("total", "--json").stdout)["games"] == 1


def test_a_lock_left_by_a_killed_save_does_not_block(four, session: Path):
    before = session.read_bytes()
    killed = subprocess.run(
        [MAHJ, "win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(session)],
        env=env_with(MAHJ_CRASH_AT="before-replace"),
        capture_output=True,
        timeout=60,
    )
    assert killed.returncode == -signal.SIGKILL  # died holding the lock
    assert session.read_bytes() == before
    lock_path(session).touch()  # whether or not the dead process left its lock file

    proc = subprocess.run(
        [MAHJ, "win", "Kathy", "30", "--self-pick", "--session", str(session)],
        env=env_with(MAHJ_LOCK_TIMEOUT="5"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    total = json.loads(four("total", "--json").stdout)
    assert (total["games"], total["totals"]) == (
        1, {"Ruth": -60, "Linda": -60, "Kathy": 180, "Pat": -60}
    )  # fmt: skip


HOLDER = """
import sys
from filelock import FileLock

lock = FileLock(sys.argv[1])  # kept referenced: a collected lock is released
lock.acquire()
print("locked", flush=True)
sys.stdin.read()
"""


def test_a_lock_holder_killed_mid_way_releases_the_session(four, session: Path, monkeypatch):
    before = session.read_bytes()
    monkeypatch.setenv("MAHJ_LOCK_TIMEOUT", "0.2")
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(lock_path(session))],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        busy = four("wall")
        assert busy.exit_code == 1 and busy.stderr.startswith("Error: another mahj command")
        assert session.read_bytes() == before
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.communicate(timeout=30)
    assert lock_path(session).exists()  # the dead holder's lock file is still there...
    assert four("wall").exit_code == 0  # ...and blocks nothing
    assert json.loads(four("total", "--json").stdout)["games"] == 1


def test_five_news_on_one_path_make_one_session(mahj, session: Path):
    procs = [
        subprocess.Popen(
            [MAHJ, "new", *PLAYERS, "--east", PLAYERS[i % 4], "--session", str(session)],
            env=env_with(MAHJ_LOCK_TIMEOUT="60"),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(5)
    ]
    outputs = [p.communicate(timeout=120) for p in procs]
    results = [(p.returncode, out, err) for p, (out, err) in zip(procs, outputs, strict=True)]
    winners = [r for r in results if r[0] == 0]
    losers = [r for r in results if r[0] != 0]
    assert len(winners) == 1
    for code, _out, err in losers:
        assert code == 1
        assert error_lines(err) == [err.strip()]
        assert "already exists" in err
    status = json.loads(mahj("status", "--json").stdout)
    assert status["seated"][0] in PLAYERS and status["next_game"] == 1
    assert mahj("check").exit_code == 0
