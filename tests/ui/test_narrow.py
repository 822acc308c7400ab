"""A night's tables on a terminal of any width from 20 to 120 columns: every amount is
shown whole (never `+$150…`), the names wrap instead, and no line runs past the edge."""

from __future__ import annotations

import re

import pytest

LONG = "Mary Louise Fitzgerald"
WIDTHS = range(20, 121)

PIE = ("--stake", "0.25", "--pie", "$50")
NIGHTS = {
    "points": (
        ("Ruth", "Linda", "Kathy", "Pat"),
        [("Ruth", "50", "--self-pick", "--jokerless"), ("Kathy", "25", "--thrown-by", "Pat")],
        ["+575", "-225", "-100", "-250"],
        [],
    ),
    "pie": (
        ("Ruth", "Linda", "Kathy", "Pat", *PIE),
        [("Ruth", "50", "--self-pick", "--jokerless")],
        ["+$150.00", "-$50.00"],
        ["$200.00", "$0.00"],
    ),
    "long names": (
        (LONG, "Linda", "Kathy", "Bernadette Montgomery-Smythe", "--stake", "0.25"),
        [(LONG, "50", "--self-pick", "--jokerless"), ("Kathy", "25", "--thrown-by", "Linda")],
        ["+$143.75", "-$56.25", "-$25.00", "-$62.50"],
        [],
    ),
}


def words(out: str) -> list[str]:
    """What a player reads as one word or number (commas and brackets set apart)."""
    return re.findall(r"[^\s,()]+", out)


def assert_whole(out: str, width: int, figures: list[str], names: list[str]) -> None:
    assert "…" not in out, out
    too_long = [line for line in out.splitlines() if len(line) > width]
    assert not too_long, (width, too_long, out)
    shown = words(out)
    for figure in figures:
        assert figure in shown, (width, figure, out)
    for name in names:
        assert all(part in shown for part in name.split()), (width, name, out)


@pytest.fixture(params=list(NIGHTS))
def night(request, mahj) -> tuple[list[str], list[str], list[str]]:
    """A night of each kind, played: its totals, its purses, and the players' names."""
    players, games, totals, purses = NIGHTS[request.param]
    assert mahj("new", *players).exit_code == 0
    for game in games:
        done = mahj("win", *game)
        assert done.exit_code == 0, done
    return totals, purses, [name for name in players if not name.startswith("-")][:4]


@pytest.mark.parametrize("command", ["total", "status"])
def test_the_standings_keep_every_amount_whole_at_every_width(mahj, night, monkeypatch, command):
    totals, purses, names = night
    for width in WIDTHS:
        monkeypatch.setenv("COLUMNS", str(width))
        done = mahj(command)
        assert done.exit_code == 0, done
        assert_whole(done.stdout, width, totals + purses, names)


def test_the_score_sheet_keeps_every_amount_whole_at_every_width(mahj, night, monkeypatch):
    totals, _, names = night
    for width in WIDTHS:
        monkeypatch.setenv("COLUMNS", str(width))
        done = mahj("log")
        assert done.exit_code == 0, done
        assert_whole(done.stdout, width, totals, names)


def test_the_settle_up_keeps_every_amount_whole_at_every_width(mahj, monkeypatch):
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat", *PIE).exit_code == 0
    assert mahj("win", "Ruth", "50", "--self-pick", "--jokerless").exit_code == 0
    for width in WIDTHS:
        monkeypatch.setenv("COLUMNS", str(width))
        out = mahj("total").stdout
        settle = out[out.index("Settle up") :]
        assert_whole(settle, width, [], [])
        assert words(settle).count("$50.00") == 3, (width, settle)
        assert all(line.startswith("  ") for line in settle.splitlines()[-3:]), (width, settle)


@pytest.mark.parametrize(
    "args, figures",
    [
        ((), ["100", "150", "200", "300", "50", "25", "450", "600", "900"]),
        (("--coins", "--players", "3"), ["$1.00", "$0.50", "$0.25", "$3.00", "$1.50"]),
        (("--rules", "tournament"), ["25", "35", "105", "-10", "-25"]),
    ],
)
def test_the_payment_chart_keeps_every_amount_whole_at_every_width(
    mahj, monkeypatch, args, figures
):
    for width in WIDTHS:
        monkeypatch.setenv("COLUMNS", str(width))
        done = mahj("table", *args, use_session=False)
        assert done.exit_code == 0, done
        assert_whole(done.stdout, min(width, 80), figures, [])


def test_the_season_and_the_winners_log_keep_every_figure_whole_at_every_width(
    mahj, tmp_path, monkeypatch
):
    """A season whose long name makes the full table just too wide (at 82 to 92 columns it
    once cut `+480` to `Poin…`) is shown with the names wrapped, or in words, instead."""
    folder = tmp_path / "nights"
    folder.mkdir()
    s = ("--session", str(folder / "club.toml"))
    players = ("Ruth", "Linda", "Kathy", LONG, "Geraldine", "Bea", "Cy", "Dot", "Sue")
    started = mahj("new", *players, "--tables", "2", "--date", "2026-10-01", *s, use_session=False)
    assert started.exit_code == 0, started
    for game in [
        ("Ruth", "30", "--self-pick", "--jokerless"),
        ("Bea", "25", "--thrown-by", "Cy"),
        (LONG, "50", "--self-pick", "--jokerless"),
    ]:
        assert mahj("win", *game, *s, use_session=False).exit_code == 0
    for width in WIDTHS:
        monkeypatch.setenv("COLUMNS", str(width))
        season = mahj("season", str(folder), use_session=False).stdout
        assert_whole(season, width, ["+480", "+240.0", "+360", "-320", "-160.0"], [LONG])
        winners = mahj("winners", str(folder), use_session=False).stdout
        assert_whole(winners, width, ["+600", "+100", "2026-10-01"], [LONG])


def test_the_night_in_words_never_starts_a_wrapped_line_at_the_left_edge(mahj, monkeypatch):
    """Where the score sheet cannot fit, a game's line and who paid whom wrap under
    themselves, indented: only a game's first line starts at the left edge."""
    names = ("Rosemary", "Jacqueline", "Elizabeth", "Bernadette", "Christina")
    assert mahj("new", *names).exit_code == 0
    assert mahj("win", "Elizabeth", "30", "--self-pick").exit_code == 0
    monkeypatch.setenv("COLUMNS", "50")
    lines = mahj("log").stdout.splitlines()[1:]
    assert lines[0].startswith("Game 1, East Rosemary: Elizabeth wins 30")
    assert all(line.startswith("  ") for line in lines[1:]), lines
