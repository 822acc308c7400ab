"""A picture of the night: `mahj total --chart`, `--html FILE` and `--svg FILE`."""

from __future__ import annotations

import itertools
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.helpers import ROOT

SAMPLES = ROOT / "sample_sessions"
WORKED = SAMPLES / "rules-worked-night.toml"
PIE = SAMPLES / "season" / "2026-01-15-pie-night.toml"
ANSI = re.compile(r"\x1b\[[0-9;]*m")
SVG_NS = "{http://www.w3.org/2000/svg}"


def run_ok(mahj, *args: str):
    result = mahj(*args, use_session=False)
    assert result.exit_code == 0, result
    return result


def chart_lines(stdout: str) -> list[str]:
    lines = stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if "Running totals" in line)
    end = next(i for i, line in enumerate(lines) if line.startswith("Sum of totals"))
    return lines[start:end]


def test_chart_without_colour_fits_80_columns_and_has_a_legend(mahj, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    out = run_ok(mahj, "total", "--chart", "--session", str(WORKED)).stdout
    assert "\x1b" not in out
    lines = chart_lines(out)
    assert max(len(line) for line in lines) <= 80
    assert len(lines) > 15
    axis = next(i for i, line in enumerate(lines) if "└" in line)
    body, numbers, legend = lines[1:axis], lines[axis + 1], " ".join(lines[axis + 2 :])
    assert len(body) == 14
    # A marker and the total for each player, so it reads without colour.
    for marker, name, total in [("●", "Ruth", "-60"), ("■", "Linda", "-160"),
                                ("▲", "Kathy", "+105"), ("◆", "Pat", "+115")]:  # fmt: skip
        assert f"{marker} {name} {total}" in legend
        assert any(marker in row for row in body), marker  # plotted, not only in the legend
    # Kathy (+105) and Pat (+115) share a row after games 3 and 4.
    assert "* several players" in legend
    assert numbers.split() == ["game", "1", "2", "3", "4"]
    assert body[0].lstrip().startswith("+200") and body[-1].lstrip().startswith("-200")


def test_chart_with_colour_fits_80_columns(mahj, monkeypatch):
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLUMNS", "80")
    out = run_ok(mahj, "total", "--chart", "--session", str(PIE)).stdout
    assert "\x1b[" in out
    plain = ANSI.sub("", out)
    lines = chart_lines(plain)
    assert max(len(line) for line in lines) <= 80
    # Each player's marker in the legend has its own colour.
    legend = next(line for line in out.splitlines() if "Ruth" in line and "Sue" in line)
    colours = re.findall(r"\x1b\[([0-9;]+)m[●■▲◆▼]", legend)
    assert len(colours) == 5 and len(set(colours)) == 5


def test_chart_never_wider_than_80_even_on_a_wide_terminal(mahj, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    out = run_ok(mahj, "total", "--chart", "--session", str(PIE)).stdout
    assert max(len(line) for line in chart_lines(out)) <= 80


def test_chart_shrinks_for_a_narrow_terminal(mahj, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    out = run_ok(mahj, "total", "--chart", "--session", str(PIE)).stdout
    assert max(len(line) for line in chart_lines(out)) <= 60


def test_chart_points_sit_on_the_right_rows():
    from mahjcli.files.loader import load
    from mahjcli.reports.pictures import series
    from mahjcli.ui.running_chart import terminal

    standings = load(WORKED).standings
    data = series(standings)
    assert data.labels == ("0", "1", "2", "3", "4")
    assert data.values[0] == (0, 100, 40, -60, -60)  # Ruth, by RULES.md §1
    assert data.values[3] == (0, -25, -85, 115, 115)  # Pat
    lines = [t.plain for t in terminal(standings, width=80, ascii_only=True)]
    # Ruth ("o") is the highest point after game 1 (+100): on the +100 grid line.
    row_100 = next(line for line in lines if line.strip().startswith("+100"))
    assert "o" in row_100
    assert all(ord(ch) < 128 for line in lines for ch in line)


def test_chart_of_an_empty_night(four):
    out = four("total", "--chart").stdout
    assert "No games yet" in out


def test_html_and_svg_are_written_with_every_name_and_total(mahj, tmp_path: Path):
    page, image = tmp_path / "night.html", tmp_path / "night.svg"
    result = run_ok(mahj, "total", "--session", str(PIE), "--html", str(page), "--svg", str(image))
    assert "night.html" in result.stderr and "night.svg" in result.stderr
    totals = {"Ruth": "-50", "Linda": "0", "Kathy": "+130", "Pat": "-150", "Sue": "+70"}
    html = page.read_text("utf-8")
    svg = image.read_text("utf-8")
    assert html.startswith("<!doctype html>") and '<meta charset="utf-8">' in html
    assert "<svg" in html and "<table" in html
    for name, total in totals.items():
        assert (
            f'<td>{name}</td><td class="num{" neg" if total.startswith("-") else ""}">{total}'
            in html
        )
    root = ET.fromstring(svg)  # a well-formed image
    assert root.tag == SVG_NS + "svg"
    texts = ["".join(t.itertext()) for t in root.iter(SVG_NS + "text")]
    places = {"Kathy": 1, "Sue": 2, "Linda": 3, "Ruth": 4, "Pat": 5}  # best first
    for name, total in totals.items():
        assert any(t.startswith(f"{places[name]} {name} {total}") for t in texts), name
    assert len(list(root.iter(SVG_NS + "polyline"))) == 5


def test_html_orders_the_standings_best_first_and_settles_up(mahj, tmp_path: Path):
    page = tmp_path / "worked.html"
    run_ok(mahj, "total", "--session", str(WORKED), "--html", str(page))
    html = page.read_text("utf-8")
    order = [html.index(f"<td>{n}</td>") for n in ("Pat", "Kathy", "Ruth", "Linda")]
    assert order == sorted(order)
    assert "Linda pays Pat 115" in html


def test_names_are_escaped_in_html_and_svg(mahj, tmp_path: Path):
    session = tmp_path / "odd.toml"
    odd = '<b>&"'
    run_ok(mahj, "new", odd, "Linda", "Kathy", "Pat", "--session", str(session))
    run_ok(mahj, "win", odd, "25", "--thrown-by", "Linda", "--session", str(session))
    page, image = tmp_path / "odd.html", tmp_path / "odd.svg"
    run_ok(mahj, "total", "--session", str(session), "--html", str(page), "--svg", str(image))
    for path in (page, image):
        text = path.read_text("utf-8")
        assert odd not in text
        assert "&lt;b&gt;&amp;&quot;" in text
    root = ET.fromstring(image.read_text("utf-8"))
    texts = ["".join(t.itertext()) for t in root.iter(SVG_NS + "text")]
    assert f"1 {odd} +100" in texts


def test_json_stays_clean_when_files_are_written(mahj, tmp_path: Path):
    image = tmp_path / "n.svg"
    result = run_ok(mahj, "total", "--json", "--svg", str(image), "--session", str(WORKED))
    assert json.loads(result.stdout) == {
        "games": 4, "totals": {"Ruth": -60, "Linda": -160, "Kathy": 105, "Pat": 115}, "sum": 0,
        "settle": [{"from": "Linda", "to": "Pat", "amount": 115},
                   {"from": "Ruth", "to": "Kathy", "amount": 60},
                   {"from": "Linda", "to": "Kathy", "amount": 45}],
        "settle_fewest": True, "settled": [],
    }  # fmt: skip
    assert image.exists()


def test_an_empty_night_still_makes_a_page_and_an_image(mahj, four, tmp_path: Path):
    page, image = tmp_path / "e.html", tmp_path / "e.svg"
    assert four("total", "--html", str(page), "--svg", str(image)).exit_code == 0
    assert "Ruth" in page.read_text("utf-8")
    ET.fromstring(image.read_text("utf-8"))


def test_writing_over_the_session_is_refused(mahj, four, session: Path):
    before = session.read_bytes()
    result = four("total", "--html", str(session))
    assert result.exit_code == 1 and result.stderr.startswith("Error: ")
    assert session.read_bytes() == before


def test_a_missing_folder_for_the_page_is_an_error(mahj, tmp_path: Path):
    result = mahj(
        "total", "--session", str(WORKED), "--svg", str(tmp_path / "no" / "x.svg"),
        use_session=False,
    )  # fmt: skip
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ")


@pytest.mark.parametrize("span, step", [(400, 100), (75, 20), (3, 1), (1000, 200), (60, 20)])
def test_grid_steps_are_round(span, step):
    from mahjcli.reports.pictures import nice_step

    assert nice_step(span) == step


def test_a_long_night_with_eight_players_still_fits(monkeypatch):

    from rich.console import Console

    from mahjcli.core.fold import fold
    from mahjcli.core.model import Wall, Win
    from mahjcli.core.session import Session
    from mahjcli.ui.running_chart import terminal

    players = ("Ruth", "Linda", "Kathy", "Pat", "Sue", "Barbara", "Carol", "Nancy")
    night = Session(players=players, easts=("Ruth",))
    log: list = []
    for game in range(90):
        seated = fold(night._replace(log=tuple(log))).seated
        if game % 7 == 6:
            log.append(Wall())
            continue
        winner = seated[game % 4]
        thrower = None if game % 3 == 0 else seated[(game + 1) % 4]
        log.append(Win(winner=winner, value=25 + 5 * (game % 6), thrown_by=thrower))
    standings = fold(night._replace(log=tuple(log)))
    assert not standings.problems and standings.games == 90
    for width in (80, 50):
        console = Console(width=width, no_color=True, record=True)
        lines = terminal(standings, width=width)
        for line in lines:
            console.print(line)
        text = console.export_text()
        assert max(len(line) for line in text.splitlines()) <= width
        numbers = next(line for line in text.splitlines() if line.lstrip().startswith("game"))
        assert numbers.split()[1] == "1" and numbers.split()[-1] == "90"
        for name in players:
            assert name in text


def _drawn_width(text: ET.Element) -> float:
    """How wide a `<text>` is drawn in DejaVu Sans (wider than most screens' fonts): its
    plain part and its bold total measured apart."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextPath

    size = float(text.get("font-size", "14"))
    parts = [(text.text or "", "normal")]
    parts += [(span.text or "", "bold") for span in text]
    parts += [(span.tail or "", "normal") for span in text]
    return sum(
        TextPath((0, 0), part, size=size, prop=FontProperties(family="DejaVu Sans", weight=w))
        .get_extents()
        .width
        for part, w in parts
        if part.strip()
    ) + size * 0.3 * sum(part.count(" ") for part, _ in parts)


LONG = ("Mary Elizabeth Fitzgerald-Worthington", "Margaret O'Sullivan-Henderson", "Ann", "Bea")


def _long_names_night(mahj, tmp_path: Path) -> tuple[ET.Element, ET.Element]:
    session = tmp_path / "long.toml"
    run_ok(mahj, "new", *LONG, "--session", str(session))
    run_ok(mahj, "win", "ann", "25", "-t", "mary", "--session", str(session))
    run_ok(mahj, "win", "bea", "25", "-t", "marg", "--session", str(session))
    page, image = tmp_path / "long.html", tmp_path / "long.svg"
    run_ok(mahj, "total", "--session", str(session), "--html", str(page), "--svg", str(image))
    embedded = re.search(r"<svg.*</svg>", page.read_text("utf-8"), re.S)
    assert embedded is not None
    return ET.fromstring(image.read_text("utf-8")), ET.fromstring(embedded.group(0))


def _is_place(text: ET.Element) -> bool:
    """A standings line: `2 NAME +75` (`=2` for a shared place)."""
    return any(re.match(rf"=?\d {re.escape(n)} [+-]?\d", "".join(text.itertext())) for n in LONG)


def test_long_names_and_their_totals_fit_the_picture(mahj, tmp_path: Path):
    """Names may be 40 letters long: the standings beside the chart are never cut at the
    picture's edge (a total of -75 shown as -7), and under the page's chart no player's
    name and total run into the next player's."""
    image, chart = _long_names_night(mahj, tmp_path)
    width = float(image.get("width", "0"))
    placed = [t for t in image.iter(SVG_NS + "text") if _is_place(t)]
    assert len(placed) == 4
    for text in placed:
        assert float(text.get("x", "0")) + _drawn_width(text) <= width, "".join(text.itertext())
    legend = [t for t in chart.iter(SVG_NS + "text") if _is_place(t)]
    assert len(legend) == 4
    rows: dict[str, list[ET.Element]] = {}
    for text in legend:
        rows.setdefault(text.get("y", ""), []).append(text)
    for row in rows.values():
        row.sort(key=lambda t: float(t.get("x", "0")))
        for left, right in itertools.pairwise(row):
            assert float(left.get("x", "0")) + _drawn_width(left) < float(right.get("x", "0")) - 36
    assert "75" in "".join("".join(t.itertext()) for t in placed)
