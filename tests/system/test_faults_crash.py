"""Crashes mid-save: the installed `mahj` is killed with SIGKILL at injected points of a save
and at random moments, and the session file must always hold the old or the new log whole.

A save writes the new version in a temporary file beside the session and fsyncs it, then
gives the old version the name `<file>.bak` too (a hard link under a temporary name,
renamed over the old backup), then renames the new file over the old one. These tests kill the
real program at each of those steps ($MAHJ_CRASH_AT) and at random times, then check the
bytes on disk, that the file still loads, and that the next save sweeps up the leftovers.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import installed_mahj

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX-only")

WIN = ("win", "Ruth", "25", "--thrown-by", "Linda")
"""A win that is valid at any point of a four-player league night."""


MAHJ = installed_mahj()


def run_mahj(
    session: Path, *args: str, crash_at: str | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the installed `mahj` on `session`, optionally with a crash point armed."""
    env = dict(os.environ)
    env.pop("MAHJ_CRASH_AT", None)
    if crash_at is not None:
        env["MAHJ_CRASH_AT"] = crash_at
    return subprocess.run(
        [MAHJ, *args, "--session", str(session)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def temp_files(folder: Path) -> list[str]:
    """Temporary files a save left in `folder`."""
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def totals(mahj) -> dict[str, object]:
    """`mahj total --json`, parsed: the games and each total (the settle-up follows them)."""
    result = mahj("total", "--json")
    assert result.exit_code == 0, result
    data = json.loads(result.stdout)
    return {"games": data["games"], "totals": data["totals"]}


def wins_appended(session: Path, count: int) -> list[bytes]:
    """What each of the next `count` WINs appends to the session (worked out on a copy):
    each game records who sat, East first, so the blocks turn with the deal."""
    from typer.testing import CliRunner

    from mahjcli.cli import app

    copy = session.with_name("copy-" + session.name)
    copy.write_bytes(session.read_bytes())
    blocks = []
    for _ in range(count):
        before = copy.read_bytes()
        result = CliRunner().invoke(app, [*WIN, "--session", str(copy)])
        assert result.exit_code == 0, result.stderr
        blocks.append(copy.read_bytes()[len(before) :])
    for leftover in copy.parent.glob("*copy-" + session.name + "*"):
        leftover.unlink()
    return blocks


@pytest.fixture
def night(four, session: Path):
    """A league night with one game already played (so a `.bak` exists)."""
    assert four(*WIN).exit_code == 0
    return four


# ---- the injected points ----------------------------------------------------------------

SESSION_POINTS = ["after-write", "after-fsync", "before-replace"]
BAK_POINTS = ["bak:before-replace"]
"""The backup is a link, not written: it is made under a temporary name, then renamed."""

LEFT = {
    # The new version is written in a temporary file; the file is linked under a temporary
    # name, renamed over the old backup.
    "after-write": 1,
    "after-fsync": 1,
    "bak:before-replace": 2,  # the new file, the backup's link
    "before-replace": 1,  # the new file
}
"""How many temporary files a save killed at each point leaves behind."""

TOTALS = [
    {"Ruth": 100, "Linda": -50, "Kathy": -25, "Pat": -25},
    {"Ruth": 200, "Linda": -100, "Kathy": -50, "Pat": -50},
]


@pytest.mark.parametrize("point", SESSION_POINTS + BAK_POINTS)
@pytest.mark.parametrize("games", [1, 2])
def test_killed_at_an_injected_point_keeps_the_old_log(night, session: Path, point: str, games):
    if games == 2:
        assert night(*WIN).exit_code == 0
    before = session.read_bytes()
    bak = session.with_name(session.name + ".bak")
    bak_before = bak.read_bytes()

    proc = run_mahj(session, "win", "Kathy", "30", "--self-pick", crash_at=point)

    assert proc.returncode == -signal.SIGKILL, proc
    assert session.read_bytes() == before, "the session file changed although the save died"
    # The new file is written first, then the backup made, then the new file put in: killed
    # before that last step, the backup is untouched; killed just before it, the backup
    # already holds the previous version, which is the current one.
    assert bak.read_bytes() == (before if point == "before-replace" else bak_before)
    # The killed save left its temporary files behind; they must not matter.
    leftovers = temp_files(session.parent)
    assert len(leftovers) == LEFT[point], leftovers
    assert all(name.startswith(f".{session.name}.") for name in leftovers)

    check = night("check")
    assert check.exit_code == 0, check
    assert totals(night) == {"games": games, "totals": TOTALS[games - 1]}

    # The next save works and sweeps up what the dead one left.
    assert night("win", "Kathy", "30", "--self-pick").exit_code == 0
    assert temp_files(session.parent) == []
    assert bak.read_bytes() == before
    assert totals(night)["games"] == games + 1
    assert night("check").exit_code == 0


def test_killed_while_creating_a_session_leaves_no_session(mahj, session: Path):
    proc = run_mahj(session, "new", "Ruth", "Linda", "Kathy", "Pat", crash_at="before-replace")
    assert proc.returncode == -signal.SIGKILL
    assert not session.exists()
    assert len(temp_files(session.parent)) == 1
    # Starting again works, and the leftover is cleaned.
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat").exit_code == 0
    assert temp_files(session.parent) == []
    assert mahj("check").exit_code == 0


def test_killed_undo_keeps_the_game(night, session: Path):
    before = session.read_bytes()
    proc = run_mahj(session, "undo", crash_at="after-fsync")
    assert proc.returncode == -signal.SIGKILL
    assert session.read_bytes() == before
    assert totals(night)["games"] == 1


def test_stale_temp_files_are_ignored_and_cleaned_by_the_next_save(night, session: Path):
    folder = session.parent
    before = session.read_bytes()
    dead_pid = 999_999_999  # larger than any real process id
    stale = [
        folder / f".{session.name}.{dead_pid}.0badc0de.tmp",
        folder / f".{session.name}.bak.{dead_pid}.00ff00ff.tmp",
        folder / f".{session.name}.{os.getpid()}.12345678.tmp",
    ]
    for path in stale:
        path.write_bytes(b'schema = 1\nplayers = ["half a fi')  # a torn write
    unrelated = [folder / ".other.toml.123.abcdef01.tmp", folder / "notes.tmp"]
    for path in unrelated:
        path.write_text("not ours")

    # Reading ignores them.
    assert night("check").exit_code == 0
    assert night("total", "--json").exit_code == 0
    assert session.read_bytes() == before
    sessions = night("sessions", "--json", use_session=False)
    assert all(".tmp" not in s["path"] for s in json.loads(sessions.stdout)["sessions"])

    # The next save removes them (it holds the lock, so no save of ours is running), and
    # leaves other files alone.
    assert night("wall").exit_code == 0
    assert not any(p.exists() for p in stale)
    assert all(p.read_text() == "not ours" for p in unrelated)
    assert totals(night)["games"] == 2


# ---- random moments -----------------------------------------------------------------------


def test_killed_at_random_moments_holds_old_or_new(night, session: Path):
    rng = random.Random()
    seed = rng.randrange(2**32)
    rng.seed(seed)
    bak = session.with_name(session.name + ".bak")

    # One full run tells how long a `mahj win` takes here and what it appends.
    old = session.read_bytes()
    started = time.monotonic()
    assert run_mahj(session, *WIN).returncode == 0
    full = time.monotonic() - started
    block = session.read_bytes()[len(old) :]
    assert session.read_bytes() == old + block and b"[[log]]" in block

    outcomes = []
    block = wins_appended(session, 1)[0]
    for trial in range(12):
        old = session.read_bytes()
        old_bak = bak.read_bytes()
        delay = rng.uniform(0.4 * full, 1.1 * full)
        proc = subprocess.Popen(
            [MAHJ, *WIN, "--session", str(session)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            proc.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=30)
        now = session.read_bytes()
        where = f"trial {trial}, kill after {delay:.3f}s, seed {seed}"
        assert now in (old, old + block), f"torn session file ({where})"
        assert bak.read_bytes() in (old_bak, old), f"torn backup ({where})"
        outcomes.append(now == old + block)
        assert night("check").exit_code == 0, where
        if now != old:
            block = wins_appended(session, 1)[0]

    assert night("wall").exit_code == 0  # a clean save after all that
    assert temp_files(session.parent) == []
    wins = 2 + sum(outcomes)
    assert totals(night) == {
        "games": wins + 1,
        "totals": {"Ruth": 100 * wins, "Linda": -50 * wins, "Kathy": -25 * wins, "Pat": -25 * wins},
    }


WORKER = """
import sys
from mahjcli.cli import app

args = sys.argv[1:]
try:
    app(args, standalone_mode=False)  # one whole save first, however slow the machine
except SystemExit:
    pass
print("ready", file=sys.stderr, flush=True)
while True:
    try:
        app(args, standalone_mode=False)
    except SystemExit:
        pass
"""


def test_killed_in_the_middle_of_saving_holds_whole_logs(night, session: Path):
    """A process that saves wins back to back spends most of its time inside a save, so a
    kill at a random moment lands in the middle of one (write, fsync, backup, rename)."""
    rng = random.Random()
    seed = rng.randrange(2**32)
    rng.seed(seed)
    bak = session.with_name(session.name + ".bak")
    base = session.read_bytes()
    turn = wins_appended(session, 4)  # the seats come round again after four games
    assert night(*WIN).exit_code == 0

    def count(data: bytes, where: str) -> int:
        assert data.startswith(base), f"the start of the file changed ({where})"
        whole, k = base, 0
        while len(whole) < len(data):
            whole += turn[k % 4]
            k += 1
        assert data == whole, f"torn file ({where})"
        return k

    recorded = 1
    for trial in range(6):
        worker = subprocess.Popen(
            [sys.executable, "-c", WORKER, *WIN, "--session", str(session)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        assert worker.stderr is not None
        assert worker.stderr.readline() == b"ready\n"
        delay = rng.uniform(0.05, 0.35)
        try:
            worker.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            worker.send_signal(signal.SIGKILL)
        worker.wait(timeout=30)
        worker.stderr.close()
        where = f"trial {trial}, kill after {delay:.3f}s, seed {seed}"
        k = count(session.read_bytes(), where)
        assert k > recorded, where  # the worker's first save always lands
        assert count(bak.read_bytes(), where) in (k - 1, k), where
        recorded = k
        assert night("check").exit_code == 0, where

    assert recorded > 2, "the worker never got a save done; the test proved nothing"
    assert night("wall").exit_code == 0
    assert temp_files(session.parent) == []
    wins = 1 + recorded  # the night's first game is part of `base`
    assert totals(night) == {
        "games": wins + 1,
        "totals": {"Ruth": 100 * wins, "Linda": -50 * wins, "Kathy": -25 * wins, "Pat": -25 * wins},
    }
