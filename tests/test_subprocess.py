"""The installed `mahj`, run as a real program."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

MAHJ = shutil.which("mahj", path=str(Path(sys.executable).parent)) or "mahj"


def run(*args, env):
    return subprocess.run([MAHJ, *args], capture_output=True, text=True, env=env, timeout=60)


def test_a_whole_worked_night_through_the_installed_program(tmp_path):
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    env.pop("MAHJ_SESSION", None)
    assert run("new", "Ruth", "Linda", "Kathy", "Pat", env=env).returncode == 0
    run("win", "Ruth", "25", "--thrown-by", "Linda", env=env)
    run("win", "Kathy", "30", "--self-pick", env=env)
    run("win", "Pat", "25", "--thrown-by", "Ruth", "--jokerless", env=env)
    run("wall", env=env)
    result = run("total", "--json", env=env)
    assert result.returncode == 0
    assert json.loads(result.stdout)["totals"] == {
        "Ruth": -60, "Linda": -160, "Kathy": 105, "Pat": 115
    }  # fmt: skip
    refused = run("win", "Zed", "25", "--self-pick", env=env)
    assert refused.returncode == 1
    assert refused.stderr.startswith("Error: ") and "Traceback" not in refused.stderr


def test_python_dash_m_runs_the_same_program(tmp_path):
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data")}
    sample = Path(__file__).parent.parent / "sample_sessions" / "rules-worked-night.toml"
    result = subprocess.run(
        [sys.executable, "-m", "mahjcli", "total", "--json", "--session", str(sample)],
        capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["totals"]["Pat"] == 115
