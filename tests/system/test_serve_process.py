"""`mahj serve` as a real program: it prints where it serves, answers the API, tells an
open scoreboard of a change made at the command line, and stops cleanly on Ctrl-C."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

from tests.helpers import installed_mahj

MAHJ = installed_mahj()


def start(*args: str, env: dict[str, str]) -> tuple[subprocess.Popen[str], str, str]:
    """A running `mahj serve ARGS...`; its base address and key, read from what it printed."""
    server = subprocess.Popen(
        [MAHJ, "serve", "--port", "0", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env=env,
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
            assert time.monotonic() - began < 5
        log = subprocess.run([MAHJ, "log", "--json", "--session", str(night)], env=env,
                             capture_output=True, text=True, check=True)  # fmt: skip
        assert [g["result"] for g in json.loads(log.stdout)["games"]] == ["win", "wall"]
    finally:
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=15)
    assert server.returncode == 0, err
    assert out.rstrip().endswith("Stopped.") and "Traceback" not in err
