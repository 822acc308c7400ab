"""Small rooms under load, through benchmarks/serve_load.py: tables posting to one real
`mahj serve` on 127.0.0.1 (a club night's tables sharing one file; a folder's tables
posting all at once), screens open and fetching the board all along; every game is in
its file exactly once. Correctness only: the benchmark reports time."""

from __future__ import annotations

import importlib.util

import pytest

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


@pytest.mark.parametrize(
    "room",
    [
        {"name": "club", "tables": 4, "games": 3, "screens": 12, "every": 0.3},
        {"name": "burst", "tables": 8, "games": 6, "screens": 24},
    ],
)
def test_every_game_posted_is_recorded_exactly_once(room: dict):
    bench = load_benchmark()
    asked = bench.ROOMS[room["name"]]._replace(**room)
    out = bench.run(asked)
    assert out.refused == [] and out.problems == []
    assert len(out.latencies) == asked.tables * asked.games
    assert out.screens_open == out.screens_heard == asked.screens


def test_the_check_finds_a_lost_or_doubled_game(tmp_path):
    """The benchmark's own check is not blind: a file missing a game, or holding one twice,
    is named; on a club night, the table whose games are wrong."""
    bench = load_benchmark()
    room = bench.ROOMS["burst"]._replace(tables=3, games=3)
    for name, values in (("short", [25, 26]), ("twice", [25, 26, 26]), ("right", [25, 26, 27])):
        log = "".join(f'\n[[log]]\nkind = "win"\nwinner = "T01A"\nvalue = {v}\n' for v in values)
        (tmp_path / f"{name}.toml").write_text("schema = 1\n" + log)
    problems = bench.check_files(tmp_path, room, ["short", "twice", "right"])
    assert [p.split(":")[0] for p in problems] == ["short", "twice"]
    club = bench.ROOMS["club"]._replace(tables=2, games=1)
    log = '\n[[log]]\nkind = "win"\nwinner = "T02B"\nvalue = 25\n'
    (tmp_path / "club.toml").write_text("schema = 1\n" + log * 2)
    problems = bench.check_files(tmp_path, club, ["club"])
    assert [p.split(":")[0] for p in problems] == ["club table 1", "club table 2"]
