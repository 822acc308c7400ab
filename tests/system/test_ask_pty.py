"""The four quick questions at a real terminal: the installed `mahj win`, alone, in a
pseudo-terminal, answered key by key (TAB completing a name and a card line)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.helpers import installed_mahj

pexpect = pytest.importorskip("pexpect")
MAHJ = installed_mahj()


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    env["MAHJ_SESSION"] = str(tmp_path / "night.toml")
    env["TERM"] = "xterm"
    return env


def _run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([MAHJ, *args], capture_output=True, text=True, env=env, timeout=60)


def _spawn(env: dict[str, str]):
    child = pexpect.spawn(MAHJ, ["win"], env=env, encoding="utf-8", timeout=20,
                          dimensions=(24, 100))  # fmt: skip
    return child


def test_one_keystroke_answers_at_a_terminal(env):
    assert _run(env, "new", "Ruth", "Linda", "Kathy", "Pat", "--card", "sample").returncode == 0
    child = _spawn(env)
    child.expect_exact("Who called Mah Jongg? 1 Ruth  2 Linda  3 Kathy  4 Pat: ")
    child.send("3")  # no Enter: one keystroke
    child.expect_exact("Hand value or card line (TAB completes): ")
    child.send("drag\t")  # two lines begin so: TAB completes what they share
    child.expect_exact("on ")
    child.send("t\t\r")  # "Dragon t" + TAB completes "Dragon thread"
    child.expect_exact("Thrown by? 1 Ruth  2 Linda  3 Pat  s self-picked: ")
    child.send("1")
    child.expect_exact("Jokerless? y/N: ")
    child.send("y")
    child.expect_exact("Kathy wins Dragon thread, thrown by Ruth, jokerless. Record it? Y/n: ")
    child.send("\r")
    child.expect_exact("Ruth pays 160, Linda 80, Pat 80 → Kathy +320")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    totals = json.loads(_run(env, "total", "--json").stdout)["totals"]
    assert totals == {"Ruth": -160, "Linda": -80, "Kathy": 320, "Pat": -80}


def test_a_name_by_tab_and_backing_out_with_ctrl_c(env):
    assert _run(env, "new", "Ruth", "Linda", "Kathy", "Pat").returncode == 0
    before = Path(env["MAHJ_SESSION"]).read_bytes()
    child = _spawn(env)
    child.expect_exact("Who called Mah Jongg? ")
    child.send("K")  # a letter starts the name
    child.expect_exact("Name: K")
    child.send("\t\r")  # TAB completes Kathy
    child.expect_exact("Hand value: ")
    child.send("\x03")  # Ctrl-C
    child.expect_exact("Nothing recorded.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert Path(env["MAHJ_SESSION"]).read_bytes() == before
