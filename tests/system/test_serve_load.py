"""A small room under load, through benchmarks/serve_load.py: several tables posting
at once to one real `mahj serve --dir` on 127.0.0.1, screens open all along; every
game is in its table's file exactly once. Correctness only: the benchmark reports time."""

from __future__ import annotations

import importlib.util

import pytest

from mahjcli.web.processes import can_fork_workers
from tests.helpers import ROOT

pytestmark = pytest.mark.slow


def load_benchmark():
    spec = importlib.util.spec_from_file_location(
        "serve_load", ROOT / "benchmarks" / "serve_load.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_game_posted_at_once_is_recorded_exactly_once():
    bench = load_benchmark()
    out = bench.run(tables=8, games=6, screens=24)
    assert out.refused == [] and out.problems == []
    assert len(out.latencies) == 48
    assert out.screens_open == 24 and out.screens_heard == 24


def test_the_check_finds_a_lost_or_doubled_game(tmp_path):
    """The benchmark's own check is not blind: a file missing a game, or holding one twice,
    is named."""
    bench = load_benchmark()
    for name, values in (("short", [25, 26]), ("twice", [25, 26, 26]), ("right", [25, 26, 27])):
        log = "".join(f'\n[[log]]\nkind = "win"\nwinner = "Ruth"\nvalue = {v}\n' for v in values)
        (tmp_path / f"{name}.toml").write_text("schema = 1\n" + log)
    problems = bench.check_files(tmp_path, ["short", "twice", "right"], 3)
    assert [p.split(":")[0] for p in problems] == ["short", "twice"]


def test_the_host_s_share_and_the_serving_processes_are_counted():
    """The report's "steal" is the host's ticks over all ticks between two readings (none
    when the system does not tell); a room is served by the processes the server forked."""
    bench = load_benchmark()
    assert bench.stolen_share((1000, 10), (1400, 110)) == 0.25
    assert bench.stolen_share(None, (1400, 110)) is None
    assert bench.stolen_share((1000, 10), (1000, 10)) is None
    if not can_fork_workers():
        pytest.skip("a room served by several processes: Linux")
    out = bench.run(tables=4, games=2, screens=4, workers=2)
    assert out.refused == [] and out.problems == []
    assert out.processes == 2
