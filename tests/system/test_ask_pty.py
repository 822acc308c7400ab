"""The quick questions at a real terminal: the installed `mahj win`, alone, in a
pseudo-terminal, typed key by key (slow) and all at once (fast), with TAB completing a
name and a card line. Every answer is a line ended by Enter, so an Enter typed out of
habit never answers the next question, and nothing is recorded before `y`."""

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


def _games(env: dict[str, str]) -> list[dict]:
    return json.loads(_run(env, "log", "--json").stdout)["games"]


def _four(env: dict[str, str], *more: str) -> bytes:
    assert _run(env, "new", "Ruth", "Linda", "Kathy", "Pat", *more).returncode == 0
    return Path(env["MAHJ_SESSION"]).read_bytes()


JOKERLESS_30 = "Ruth pays 120, Linda 60, Pat 60 → Kathy +240"


def _confirm_and_check(child, env: dict[str, str], before: bytes) -> None:
    """At the last question nothing is saved yet; `y` Enter saves exactly what was typed."""
    child.expect_exact("Record it? y or n: ")
    assert Path(env["MAHJ_SESSION"]).read_bytes() == before  # nothing recorded yet
    child.send("y\r")
    child.expect_exact("Totals")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    (game,) = _games(env)
    assert (game["winner"], game["value"], game["thrown_by"]) == ("Kathy", 30, "Ruth")
    assert game["jokerless"] is True
    assert game["deltas"] == {"Ruth": -120, "Linda": -60, "Kathy": 240, "Pat": -60}


def test_the_issue_keys_typed_fast_ask_every_question_and_wait_for_y(env):
    """`3` Enter `30` Enter `1` Enter `y` Enter, all sent before the first question is
    even shown: the `y` answers "Jokerless?", and the game waits to be confirmed."""
    before = _four(env)
    child = _spawn(env)
    child.send("3\r30\r1\ry\r")
    child.expect_exact("Jokerless? y or n: ")
    child.expect_exact("Game 1: Kathy wins 30, thrown by Ruth, jokerless")
    child.expect_exact(JOKERLESS_30)
    _confirm_and_check(child, env, before)


def test_the_issue_keys_typed_slowly_with_stray_enters(env):
    """Key by key, each question waited for, and an extra Enter after every answer: the
    extra Enter answers nothing (the next question is simply asked again)."""
    before = _four(env)
    child = _spawn(env)
    child.expect_exact("Who called Mah Jongg? 1 Ruth  2 Linda  3 Kathy  4 Pat: ")
    child.send("3")
    child.send("\r")
    child.expect_exact("Hand value: ")
    child.send("\r")  # a stray Enter: the same question again
    child.expect_exact("Hand value: ")
    for key in "30":
        child.send(key)
    child.send("\r")
    child.expect_exact("Thrown by? 1 Ruth  2 Linda  4 Pat  s self-picked: ")
    child.send("\r")
    child.expect_exact("Thrown by? ")
    child.send("1")
    child.send("\r")
    child.expect_exact("Jokerless? y or n: ")
    child.send("\r")
    child.expect_exact("Jokerless? y or n: ")
    child.send("y")
    child.send("\r")
    child.expect_exact(JOKERLESS_30)
    child.expect_exact("Record it? y or n: ")
    child.send("\r")  # Enter alone does not record: asked again
    _confirm_and_check(child, env, before)


def test_stray_enters_typed_fast_answer_nothing(env):
    before = _four(env)
    child = _spawn(env)
    child.send("3\r\r30\r\r1\r\ry\r\r")  # every answer with a doubled Enter
    child.expect_exact(JOKERLESS_30)
    _confirm_and_check(child, env, before)


def test_no_at_the_end_records_nothing(env):
    before = _four(env)
    child = _spawn(env)
    child.send("3\r30\r1\rn\r")
    child.expect_exact("Game 1: Kathy wins 30, thrown by Ruth\r\n")
    child.expect_exact("Record it? y or n: ")
    child.send("n\r")
    child.expect_exact("Nothing recorded.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert Path(env["MAHJ_SESSION"]).read_bytes() == before


def test_a_card_line_by_tab(env):
    _four(env, "--card", "sample")
    child = _spawn(env)
    child.expect_exact("Who called Mah Jongg? 1 Ruth  2 Linda  3 Kathy  4 Pat: ")
    child.send("3\r")
    child.expect_exact("Hand value or card line (TAB completes): ")
    child.send("drag\t")  # two lines begin so: TAB completes what they share
    child.expect_exact("on ")
    child.send("t\t\r")  # "Dragon t" + TAB completes "Dragon thread"
    child.expect_exact("Thrown by? 1 Ruth  2 Linda  4 Pat  s self-picked: ")
    child.send("1\r")
    child.expect_exact("Jokerless? y or n: ")
    child.send("y\r")
    child.expect_exact("Game 1: Kathy wins Dragon thread 40, thrown by Ruth, jokerless")
    child.expect_exact("Ruth pays 160, Linda 80, Pat 80 → Kathy +320")
    child.expect_exact("Record it? y or n: ")
    child.send("yes\r")
    child.expect_exact("Totals")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    totals = json.loads(_run(env, "total", "--json").stdout)["totals"]
    assert totals == {"Ruth": -160, "Linda": -80, "Kathy": 320, "Pat": -80}


def test_a_name_by_tab_and_backing_out_with_ctrl_c(env):
    before = _four(env)
    child = _spawn(env)
    child.expect_exact("Who called Mah Jongg? ")
    child.send("K\t")  # TAB completes Kathy
    child.expect_exact("athy")
    child.send("\r")
    child.expect_exact("Hand value: ")
    child.send("\x03")  # Ctrl-C
    child.expect_exact("Nothing recorded.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert Path(env["MAHJ_SESSION"]).read_bytes() == before


def test_the_house_rules_questions_an_enter_for_nobody_and_tab_for_wall(env):
    """A night playing pay-for-the-table and the bettor: after the four questions, who pays
    for the table (Enter: nobody) and what Sue, waiting, bet on (TAB completes `wall`)."""
    assert _run(env, "new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "--house", "bettor",
                "--house", "pay-for-table").returncode == 0  # fmt: skip
    child = _spawn(env)
    child.send("3\r30\r1\rn\r")
    child.expect_exact("Did someone's error give Mah Jongg?")
    child.expect_exact("Who pays for the table? 1 Ruth  2 Linda  4 Pat, or Enter for nobody: ")
    child.send("\r")
    child.expect_exact("Sue bet on? 1 Ruth  2 Linda  3 Kathy  4 Pat, wall for a wall game, or ")
    child.expect_exact("Enter for no bet: ")
    child.send("wa\t")
    child.expect_exact("ll")
    child.send("\r")
    child.expect_exact("Game 1: Kathy wins 30, thrown by Ruth, Sue bet on a wall game")
    child.expect_exact("Record it? y or n: ")
    child.send("y\r")
    child.expect_exact("Totals")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    totals = json.loads(_run(env, "total", "--json").stdout)["totals"]
    assert totals == {"Ruth": -60, "Linda": -30, "Kathy": 150, "Pat": -30, "Sue": -30}
