"""`mahj total --png FILE`: the running totals as a PNG for a group chat, drawn by
matplotlib (loaded only for this)."""

from __future__ import annotations

import struct
from pathlib import Path

from mahjcli.core.fold import fold
from mahjcli.files import loader
from mahjcli.ui.png import figure_of, png
from tests.helpers import SAMPLES

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG_MAGIC)
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_a_club_night_is_drawn_as_a_png():
    night = loader.load(SAMPLES / "club-night.toml")
    width, height = size(png(night.standings))
    assert width >= 1500 and height >= 720  # the chart, and the panel beside it


def test_names_are_drawn_as_typed_not_as_mathematics():
    night = loader.load(SAMPLES / "rules-worked-night.toml")
    session = night.session
    names = ("$Sue$", "A\\B", "[bold]Ann", "José")
    renamed = session._replace(players=names, easts=(names[0],), log=())
    standings = fold(renamed)
    from matplotlib.text import Text

    texts = list(figure_of(standings, 0).findobj(Text))
    said = [t.get_text() for t in texts]
    for name in names:  # all on 0: they share the first place, in the session's order
        assert f"=1 {name}" in said
    assert not any(t.get_parse_math() for t in texts)
    assert size(png(standings))[0] >= 1500


def test_total_png_writes_the_file_and_says_so(four, tmp_path: Path):
    four("win", "Ruth", "25", "--thrown-by", "Linda")
    target = tmp_path / "night.png"
    result = four("total", "--png", str(target))
    assert result.exit_code == 0, result
    assert f"Wrote {target}" in result.stderr
    assert "Settle up:" in result.stdout  # the table is still printed
    assert target.read_bytes().startswith(PNG_MAGIC)


def test_a_png_is_never_printed(four):
    result = four("total", "--png", "-")
    assert result.exit_code == 2
    assert "--png needs a file name" in result.stderr


def test_a_png_is_written_through_a_device_never_over_it(four, tmp_path: Path):
    result = four("total", "--png", "/dev/null")
    assert result.exit_code == 0, result
    assert Path("/dev/null").is_char_device()
    (tmp_path / "folder").mkdir()
    refused = four("total", "--png", str(tmp_path / "folder"))
    assert refused.exit_code == 1 and "is a folder" in refused.stderr


def _many(count: int):
    """A club night of `count` players, two games at each table, so everyone has a total."""
    from mahjcli.core.model import Win
    from mahjcli.core.session import Session

    names = tuple(f"Player {chr(65 + i)}" for i in range(count))
    night = Session(players=names, easts=names[::4], tables=count // 4)
    log: list[Win] = []
    for game in range(2 * (count // 4)):
        table = fold(night._replace(log=tuple(log))).tables[game % (count // 4)]
        log.append(Win(winner=table.seated[game % 3], value=25 + 5 * game,
                       thrown_by=table.seated[3]))  # fmt: skip
    return fold(night._replace(log=tuple(log)))


def test_sixteen_players_are_sixteen_looks_and_the_legend_is_the_standings():
    """No two of sixteen players share a colour and a marker shape (on a 13-player night
    the first and the ninth were both blue circles); the panel beside the chart lists them
    best first, each beside a sample of their line, then who pays whom."""
    from matplotlib.text import Text

    standings = _many(16)
    figure = figure_of(standings, 0)
    chart, panel = figure.axes
    looks = {(line.get_color(), line.get_marker()) for line in chart.get_lines()[:16]}
    assert len(looks) == 16
    samples = [(line.get_color(), line.get_marker()) for line in panel.get_lines()]
    said = [t.get_text() for t in panel.findobj(Text) if t.get_text()]
    ranked = sorted(zip(standings.totals, standings.players, strict=True), key=lambda p: -p[0])
    places = [text for text in said if text[:2].strip().isdigit() and "Player" in text]
    assert places == [f"{n} {name}" for n, (_, name) in enumerate(ranked, 1)]
    drawn = chart.get_lines()[:16]  # a line a player, in the session's order
    by_name = {name: (line.get_color(), line.get_marker())
               for name, line in zip(standings.players, drawn, strict=True)}  # fmt: skip
    assert samples == [by_name[name] for _, name in ranked]
    assert "Settle up: the fewest payments" in said and any(" pays " in text for text in said)


def test_the_svg_draws_sixteen_looks_too():
    import xml.etree.ElementTree as ET

    from mahjcli.reports.pictures import svg

    root = ET.fromstring(svg(_many(16)))
    ns = "{http://www.w3.org/2000/svg}"
    groups = [g for g in root.iter(ns + "g") if g.find(ns + "polyline") is not None]
    looks = set()
    for g in groups:
        line = g.find(ns + "polyline")
        first = next(el for el in g if el.tag != ns + "title" and el is not line)
        shape = first.tag if first.tag != ns + "polygon" else first.get("points", "").count(",")
        looks.add((line.get("stroke"), shape))
    assert len(groups) == 16 and len(looks) == 16


def test_a_long_name_never_runs_into_its_total():
    """Names may be 40 letters: in the panel beside the chart each standing's name ends
    before its total begins, as drawn."""
    night = loader.load(SAMPLES / "rules-worked-night.toml")
    names = ("Bartholomew-Featherstonehaugh Wolfeschle", "Mary Elizabeth Fitzgerald-Worth",
             "Kathy", "Pat")  # fmt: skip
    standings = fold(night.session._replace(players=names, easts=(names[0],)))
    figure = figure_of(standings, 0)
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    from matplotlib.text import Text

    texts = [t for t in figure.findobj(Text) if t.get_text()]
    for name in names[:2]:
        places = [f"{eq}{n} {name}" for n in range(1, 5) for eq in ("", "=")]
        (drawn,) = [t for t in texts if t.get_text() in places]
        row = drawn.get_position()[1]
        (total,) = [t for t in texts if t.get_position()[1] == row and t.get_ha() == "right"]
        assert drawn.get_window_extent(renderer).x1 < total.get_window_extent(renderer).x0, name
