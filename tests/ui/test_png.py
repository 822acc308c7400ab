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
    data = png(night.standings)
    assert size(data) == (1200, 675)  # 8 x 4.5 inches at 150 dpi


def test_names_are_drawn_as_typed_not_as_mathematics():
    night = loader.load(SAMPLES / "rules-worked-night.toml")
    session = night.session
    names = ("$Sue$", "A\\B", "[bold]Ann", "José")
    renamed = session._replace(players=names, easts=(names[0],), log=())
    standings = fold(renamed)
    legend = figure_of(standings, 0).axes[0].get_legend()
    texts = [t for t in legend.get_texts()]
    assert [t.get_text() for t in texts] == [f"{name} 0" for name in names]
    assert not any(t.get_parse_math() for t in texts)
    assert size(png(standings))[0] == 1200


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
