"""The installed `mahj`, run as a real program."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.helpers import ROOT, installed_mahj

MAHJ = installed_mahj()


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


def test_mahj_typed_alone_lists_the_commands_one_a_line(tmp_path):
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data")}
    result = run(env=env)
    assert result.returncode == 2 and "\\x0a" not in result.stderr
    assert "\n  win " in result.stderr and "\n  total " in result.stderr


def test_python_dash_m_runs_the_same_program(tmp_path):
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data")}
    sample = ROOT / "sample_sessions" / "rules-worked-night.toml"
    result = subprocess.run(
        [sys.executable, "-m", "mahjcli", "total", "--json", "--session", str(sample)],
        capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["totals"]["Pat"] == 115


SAMPLES = ROOT / "sample_sessions"
LEAGUE_RUNS = [
    ("status", "--json"),
    ("log",),
    ("total", "--coins"),
    ("check",),
    ("win", "Ruth", "25", "--thrown-by", "Linda"),
    ("wall",),
    ("take-back", "6"),
    ("join", "Sue"),
    ("leave", "Sue"),
    ("undo",),
    ("redo",),
    ("fix", "1", "Ruth", "25", "--thrown-by", "Kathy"),
    ("rename", "Pat", "Patricia"),
    ("table",),
    ("lines", "--card", "sample"),
    ("export",),
]
TOURNAMENT_RUNS = [
    ("win", "Linda", "30", "--thrown-by", "Susan", "--exposures", "2"),
    ("incomplete",),
    ("penalty", "Carol", "10", "--reason", "looked at a blind pass"),
    ("scorecard",),
]


def test_every_command_runs_as_a_real_program(tmp_path):
    """Each command once through the installed script (CliRunner tests cover the details);
    the nights, each its own file, run side by side, as a program started at once."""
    from concurrent.futures import ThreadPoolExecutor

    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    env.pop("MAHJ_SESSION", None)
    league = tmp_path / "league.toml"
    league.write_bytes((SAMPLES / "rules-worked-night.toml").read_bytes())
    tournament = tmp_path / "tournament.toml"
    tournament.write_bytes((SAMPLES / "tournament-two-rounds.toml").read_bytes())
    club = tmp_path / "club.toml"
    variant = tmp_path / "variant.toml"
    nights = [
        (league, LEAGUE_RUNS),
        (tournament, TOURNAMENT_RUNS),
        (club, [
            ("new", *"ABCDEFGHIJKL", "--tables", "2", "--house", "bettor"),
            ("open-table",),
            ("win", "I", "25", "--thrown-by", "J"),
            ("close-table", "3"),
            ("wall", "--table", "1", "--bet", "I=wall"),
        ]),
        (variant, [
            ("new", "A", "B", "C", "D", "--rules", "tournament", "--variant", "mj-in-error"),
            ("error", "A", "--intact", "C"),
        ]),
        (None, [
            ("new", "A", "B", "C", "--session", str(tmp_path / "new.toml"), "--stake", "0.05"),
            ("sessions",),
            ("use", str(tmp_path / "new.toml")),
            ("season", "--dir", str(SAMPLES / "season")),
            ("winners", "--dir", str(SAMPLES / "season")),
            ("event", "new", "Club cup", "A", "B", "C", "D", "--session",
             str(tmp_path / "cup.toml")),
        ]),
    ]  # fmt: skip

    def through(path: Path | None, runs: list[tuple[str, ...]]) -> set[str]:
        ran = set()
        for args in runs:
            result = run(*args, *(("--session", str(path)) if path else ()), env=env)
            assert result.returncode == 0, (args, result.stderr)
            assert result.stdout.strip() or path not in (league, tournament), args
            ran.add(args[0])
        return ran

    with ThreadPoolExecutor(len(nights)) as pool:
        ran = set().union(*pool.map(lambda night: through(*night), nights))
    assert '"C": 10' in run("total", "--json", "--session", str(variant), env=env).stdout
    from typer.main import get_command

    from mahjcli.cli import app

    ran.add("serve")  # a server runs until stopped: tests/system/test_serve_process.py
    assert ran == set(get_command(app).list_commands(None))  # type: ignore[attr-defined, arg-type]


def test_every_event_command_runs_as_a_real_program(tmp_path):
    """Each `mahj event` command once through the installed script, in the order of a
    small event's day (CliRunner tests cover the details)."""
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    profile = tmp_path / "errors.toml"
    profile.write_text('name = "Errors Cup"\nsource = "a sheet"\nmj_in_error = true\n', "utf-8")
    cup = ("--session", str(tmp_path / "cup.toml"))
    night = tmp_path / "table2.toml"
    steps = [
        ("new", "Cup", *"ABCDEFGH", "--rounds", "2", "--given", "--profile", str(profile)),
        ("add", "Zoe"), ("withdraw", "Zoe"), ("seating", "1"), ("where", "A"), ("check",),
        ("start", "1", "--minutes", "50"),
        ("win", "1", "1", "A", "25", "--self-pick"), ("wall", "1", "1"),
        ("error", "1", "1", "B", "--intact", "C"), ("penalty", "1", "1", "D", "10"),
        ("undo", "1", "1"),
        ("call-time", "1"), ("incomplete", "1", "1"),
        ("confirm", "1", "1", "A", "B", "C", "D"), ("hand-in", "1", "1", "A"),
        ("accept", "1", "1"), ("reopen", "1", "1"), ("scorecard", "1", "1"),
        ("card", "1", "2", str(night)), ("score", "1", "2", "E=10", "F=0", "G=0", "H=-10",
                                          "--replace"),
        ("standings",),
    ]  # fmt: skip
    made = run("new", "E", "F", "G", "H", "--rules", "tournament", "--profile", str(profile),
               "--session", str(night), env=env)  # fmt: skip
    assert made.returncode == 0, made.stderr
    four = (("win", "E", "25", "--self-pick"), ("wall",), ("wall",), ("wall",))
    for args in (*four, ("scorecard", "--accept")):
        assert run(*args, "--session", str(night), env=env).returncode == 0
    ran = set()
    for args in steps:
        result = run("event", *args, *cup, env=env)
        assert result.returncode == 0, (args, result.stderr)
        assert result.stdout.strip() and "Traceback" not in result.stderr, args
        ran.add(args[0])
    from typer.main import get_command

    from mahjcli.cli import app

    group = get_command(app).get_command(None, "event")  # type: ignore[attr-defined, arg-type]
    assert ran == set(group.list_commands(None))
