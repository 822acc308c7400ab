"""`mahj total --png FILE`: the running totals as a PNG for a group chat, drawn by
matplotlib (loaded only for this)."""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.text import Text

from mahjcli.core.fold import fold
from mahjcli.core.model import Win
from mahjcli.core.session import Session
from mahjcli.files import loader
from mahjcli.ui.png import figure_of, picture
from tests.helpers import SAMPLES

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
MARKS = "\u200e\u2068\u2069"
"""LEFT-TO-RIGHT MARK, FIRST STRONG ISOLATE, POP DIRECTIONAL ISOLATE: drawn as nothing."""


def plain(text: str) -> str:
    """A text as the player reads it: without the marks that only steer its direction."""
    return text.translate({ord(mark): None for mark in MARKS})


def size(data: bytes) -> tuple[int, int]:
    assert data.startswith(PNG_MAGIC)
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_a_club_night_is_drawn_as_a_png():
    night = loader.load(SAMPLES / "club-night.toml")
    width, height = size(picture(night.standings).data)
    assert width >= 1500 and height >= 720  # the chart, and the panel beside it


def test_names_are_drawn_as_typed_not_as_mathematics():
    night = loader.load(SAMPLES / "rules-worked-night.toml")
    session = night.session
    names = ("$Sue$", "A\\B", "[bold]Ann", "José")
    renamed = session._replace(players=names, easts=(names[0],), log=())
    standings = fold(renamed)
    texts = list(figure_of(standings, 0).findobj(Text))
    said = [plain(t.get_text()) for t in texts]
    for name in names:  # all on 0: they share the first place, in the session's order
        assert f"=1 {name}" in said
    assert not any(t.get_parse_math() for t in texts)
    assert size(picture(standings).data)[0] >= 1500


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
    standings = _many(16)
    figure = figure_of(standings, 0)
    chart, panel = figure.axes
    looks = {(line.get_color(), line.get_marker()) for line in chart.get_lines()[:16]}
    assert len(looks) == 16
    samples = [(line.get_color(), line.get_marker()) for line in panel.get_lines()]
    said = [plain(t.get_text()) for t in panel.findobj(Text) if t.get_text()]
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
    texts = [t for t in figure.findobj(Text) if t.get_text()]
    for name in names[:2]:
        places = [f"{eq}{n} {name}" for n in range(1, 5) for eq in ("", "=")]
        (drawn,) = [t for t in texts if plain(t.get_text()) in places]
        row = drawn.get_position()[1]
        (total,) = [t for t in texts if t.get_position()[1] == row and t.get_ha() == "right"]
        assert drawn.get_window_extent(renderer).x1 < total.get_window_extent(renderer).x0, name


def ink(text: Text, words: str | None = None) -> np.ndarray:
    """`words` (else the text's own) drawn alone in the text's font, as the player sees
    them: the darkness of each pixel, cut to the columns with ink."""
    figure = Figure(figsize=(8, 0.6), dpi=150)
    FigureCanvasAgg(figure)
    shown = text.get_text() if words is None else words
    figure.text(0.01, 0.3, shown, fontproperties=text.get_fontproperties(), parse_math=False)
    figure.canvas.draw()
    dark = 255 - np.asarray(figure.canvas.buffer_rgba())[:, :, 0].astype(int)
    columns = np.nonzero(dark.sum(axis=0))[0]
    return dark[:, columns[0] : columns[-1] + 1]


def starts(text: Text, words: str) -> bool:
    """Whether `words` are what the player sees first, at the left of the text."""
    whole, part = ink(text), ink(text, words)
    return np.array_equal(whole[:, : part.shape[1]], part)


def ends(text: Text, words: str) -> bool:
    """Whether `words` are what the player sees last, at the right of the text."""
    whole, part = ink(text), ink(text, words)
    return np.array_equal(whole[:, -part.shape[1] :], part)


def test_hebrew_and_arabic_names_leave_the_words_around_them_in_place():
    """A line that starts with a right-to-left name is still read left to right:
    `=3 فاطمة`, `שרה pays Cy 75`, `Ann pays فاطمة 75` (its number stays at the end), and
    the night's title keeps its date and rules after the night's own name."""
    names = ("فاطمة", "Ann", "שרה", "Cy")
    wins = (Win(names[0], 25, thrown_by="Ann"), Win("Cy", 25, thrown_by=names[2]))
    night = Session(players=names, easts=names[:1], log=wins, name="ليلة الخميس")
    standings = fold(night)
    texts = [t for t in figure_of(standings, 0).findobj(Text) if t.get_text()]
    for text in texts:  # each starts with the mark, each name kept whole in an isolate
        isolated = text.get_text()
        for name in names:
            isolated = isolated.replace(f"\u2068{name}\u2069", "")
        assert text.get_text().startswith("\u200e") and not any(n in isolated for n in names)
    read = {plain(t.get_text()): t for t in texts}
    assert starts(read["=1 فاطمة"], "=1") and starts(read["=3 שרה"], "=3")
    assert ends(read["Ann pays فاطمة 75"], "75") and starts(read["Ann pays فاطمة 75"], "Ann")
    assert ends(read["שרה pays Cy 75"], "75") and starts(read["שרה pays Cy 75"], "שרה")
    (heading,) = [t for t in texts if plain(t.get_text()).startswith("ليلة الخميس")]
    assert starts(heading, "ليلة الخميس") and ends(heading, "league")
    latin = read["=1 Cy"]  # the marks draw nothing: no box, no space
    assert np.array_equal(ink(latin), ink(latin, "=1 Cy"))


def test_a_letter_no_font_here_can_draw_is_named_in_a_warning(four, monkeypatch):
    """李 with only DejaVu Sans is drawn as a box: the PNG is still made, and the player is
    told which letter, in which name, and what draws it (a page or an SVG, in a browser)."""
    from mahjcli.ui import png as drawing

    monkeypatch.setattr(drawing, "FONTS", ["DejaVu Sans"])
    names = ("李", "Ann", "Bob", "Cy")
    standings = fold(Session(players=names, easts=names[:1], log=(Win("Ann", 25),)))
    drawn = drawing.picture(standings)
    assert size(drawn.data)[0] >= 1500
    assert drawn.warning.startswith("the PNG shows 李 as a box (in 李): ")
    assert "no font" in drawn.warning and "\n" not in drawn.warning
    offered = four("total", "--help").stdout  # only what `mahj total` can do
    assert "--html FILE" in drawn.warning and "--html FILE" in offered
    assert "--svg FILE" in drawn.warning and "--svg FILE" in offered
    latin = fold(Session(players=(*names[1:], "Di"), easts=("Ann",), log=(Win("Ann", 25),)))
    assert drawing.picture(latin).warning == ""


def test_total_png_warns_of_a_letter_drawn_as_a_box(mahj, monkeypatch, tmp_path: Path):
    """The PNG is still written; one line on stderr names the letter and what to do."""
    from mahjcli.ui import png as drawing

    monkeypatch.setattr(drawing, "FONTS", ["DejaVu Sans"])
    mahj("new", "李", "Ann", "Bob", "Cy")
    mahj("win", "Ann", "25", "--self-pick")
    result = mahj("total", "--png", str(tmp_path / "night.png"))
    assert result.exit_code == 0, result
    (line,) = [line for line in result.stderr.splitlines() if line.startswith("warning: ")]
    assert "李" in line and "--svg FILE" in line
    assert (tmp_path / "night.png").read_bytes().startswith(PNG_MAGIC)


def _pie_night():
    """Ruth wins everything on a $50 pie at a quarter a point: three purses are empty."""
    from mahjcli.core.rulesets import League

    players = ("Ruth", "Linda", "Kathy", "Pat")
    win = Win("Ruth", 50, jokerless=True)  # self-picked
    return fold(Session(players, players[:1], League(pie=200, stake=25), (win,)))


def test_the_png_labels_each_total_and_each_purse():
    """On a pie night each standing shows two amounts: the picture heads them `Total`
    and `Purse`, each amount right under its heading, so a purse is not read as a win."""
    _, panel = figure_of(_pie_night(), 25).axes
    texts = {plain(t.get_text()): t for t in panel.findobj(Text) if t.get_text()}
    assert {"Standings", "Total", "Purse", "1 Ruth", "+$150.00", "$200.00"} <= set(texts)
    assert {"=2 Linda", "-$50.00", "$0.00 pie"} <= set(texts)
    for heading, amounts in (
        ("Total", ["+$150.00", "-$50.00"]),
        ("Purse", ["$200.00", "$0.00 pie"]),
    ):
        x, y = texts[heading].get_position()
        assert y == texts["Standings"].get_position()[1]  # on the heading's line
        for amount in amounts:
            assert texts[amount].get_position()[0] == x and texts[amount].get_ha() == "right"
    assert texts["Total"].get_position()[0] < texts["Purse"].get_position()[0]
    row = texts["1 Ruth"].get_position()[1]
    assert texts["+$150.00"].get_position()[1] == row == texts["$200.00"].get_position()[1]


def test_the_svg_labels_each_total_and_each_purse():
    import xml.etree.ElementTree as ET

    from mahjcli.reports.pictures import svg

    ns = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(svg(_pie_night(), coins=25))
    texts = list(root.iter(ns + "text"))
    said = ["".join(t.itertext()) for t in texts]
    assert "1 Ruth +$150.00 $200.00" in said and "=2 Linda -$50.00 $0.00 pie" in said
    heading = texts[said.index("Standings")]
    labels = {t.text: t for t in texts if t.get("y") == heading.get("y") and t is not heading}
    assert set(labels) == {"Total", "Purse"}
    ruth = texts[said.index("1 Ruth +$150.00 $200.00")]
    total, purse = list(ruth)
    assert (total.text, purse.text.strip()) == ("+$150.00", "$200.00")
    for label, amount in ((labels["Total"], total), (labels["Purse"], purse)):
        assert label.get("x") == amount.get("x")
        assert label.get("text-anchor") == amount.get("text-anchor") == "end"
    assert float(labels["Total"].get("x")) < float(labels["Purse"].get("x"))


def test_the_font_finders_complaints_never_reach_the_screen(monkeypatch, caplog):
    """On a computer whose fallback font has no bold (Debian's Droid Sans Fallback), the
    picture was written with three lines of "findfont: Failed to find font weight bold"
    under it (Python prints a library's warnings on the terminal when nobody set up
    logging, as mahj does not). The font finder's complaints are its own: here a family it
    cannot find; nothing of it is logged for the terminal."""
    import logging

    import mahjcli.ui.png as png

    caplog.set_level(logging.DEBUG)
    monkeypatch.setattr(png, "_fonts", lambda: ["No Such Font Family", "DejaVu Sans"])
    drawn = picture(loader.load(SAMPLES / "club-night.toml").standings)
    assert drawn.data.startswith(b"\x89PNG")
    found = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert found == [], found
    assert logging.getLogger("matplotlib.font_manager").level == logging.NOTSET  # as it was
