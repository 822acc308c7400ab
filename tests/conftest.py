"""Shared fixtures: every test gets its own data folder and a plain, fixed-width terminal."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from typer.testing import CliRunner

from mahjcli.cli import app

Run = Callable[..., "Result"]

# Hypothesis's per-example deadline times a test on a machine shared with other work: a
# 0.2 ms example once took 308 ms there and failed a run. Speed is the benchmarks' job.
settings.register_profile("mahj", deadline=None)
settings.load_profile("mahj")


@pytest.fixture(autouse=True)
def _no_waiting_for_the_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """In this process, a save does not wait for the disk (an fsync took most of the time
    of the tests that save many times: the random nights ran 37 s, 7 s without). What a
    save asks of the disk is tested where it matters: tests/files/test_atomic.py counts the
    fsyncs, and tests/system/test_faults_*.py make them fail or kill real programs."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests (a real browser, a real server, a whole event) first, so that the
    many short ones fill the gaps at the end rather than one long test running alone."""
    items.sort(key=lambda item: "tests/system/" not in item.nodeid.replace(os.sep, "/"))


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Two tests at a time for each processor: much of the suite waits on a browser, a
    server or a clock rather than computing (on 2 processors 4:26 instead of 5:18)."""
    usable = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None  # not macOS
    return 2 * (len(usable) if usable is not None else os.cpu_count() or 1)


class Result:
    """What one CliRunner call printed and returned."""

    def __init__(self, exit_code: int, stdout: str, stderr: str) -> None:
        self.exit_code = exit_code
        self.stdout = stdout
        self.stderr = stderr

    def __repr__(self) -> str:
        return f"Result({self.exit_code}, stdout={self.stdout!r}, stderr={self.stderr!r})"


@pytest.fixture(scope="session", autouse=True)
def _isolated_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Module- and session-wide fixtures (set up before any test's own folder) never touch
    the real data folder either: the whole run has a data folder of its own."""
    run = tmp_path_factory.mktemp("run")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MAHJ_DATA_DIR", str(run / "data"))
        patch.setenv("MAHJ_CACHE_DIR", str(run / "cache"))
        patch.delenv("MAHJ_SESSION", raising=False)
        yield


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path) -> Iterator[None]:
    """No test touches the real data folder, and output is plain at 100 columns. The
    settings have a patcher of their own, so a test's `monkeypatch.undo()` keeps them."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MAHJ_DATA_DIR", str(tmp_path / "data"))
        patch.setenv("MAHJ_CACHE_DIR", str(tmp_path / "cache"))
        patch.delenv("MAHJ_SESSION", raising=False)
        patch.setenv("COLUMNS", "100")
        patch.setenv("NO_COLOR", "1")
        patch.setenv("TERM", "dumb")
        patch.setenv("MAHJ_LOCK_TIMEOUT", "2")
        yield


@pytest.fixture
def session(tmp_path: Path) -> Path:
    """A path for a session file (not yet created)."""
    return tmp_path / "night.toml"


@pytest.fixture
def mahj(session: Path) -> Run:
    """Run `mahj ARGS...` in-process against the `session` file; returns a Result."""

    def run(*args: str, use_session: bool = True) -> Result:
        argv = [*args]
        if use_session:
            argv += ["--session", str(session)]
        result = CliRunner().invoke(app, argv, catch_exceptions=False)
        return Result(result.exit_code, result.stdout, result.stderr)

    return run


@pytest.fixture
def four(mahj: Run) -> Run:
    """A league night with Ruth, Linda, Kathy and Pat already started."""
    result = mahj("new", "Ruth", "Linda", "Kathy", "Pat")
    assert result.exit_code == 0, result
    return mahj
