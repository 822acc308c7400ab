"""The page `mahj total --html` writes, read in a real browser (the system chromium,
driven by Playwright) at a phone's width and a laptop's: nothing makes the phone scroll
sideways, not even game by game, which is a card a game (each player's change written
beside their name) on a phone and on a club night; text stays readable."""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjcli.files import loader
from mahjcli.reports.nightpage import html_page
from tests.helpers import SAMPLES

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def page_file(tmp_path_factory) -> Path:
    """The club night's page: twelve players, so its game-by-game table is wide."""
    standings = loader.load(SAMPLES / "club-night.toml").standings
    path = tmp_path_factory.mktemp("page") / "club-night.html"
    path.write_text(html_page(standings), encoding="utf-8")
    return path


def layout(browser, page_file: Path, width: int) -> dict[str, float]:
    context = browser.new_context(viewport={"width": width, "height": 900}, is_mobile=width < 500)
    page = context.new_page()
    page.goto(page_file.as_uri())
    found = page.evaluate(
        """() => {
        const box = (q) => document.querySelector(q).getBoundingClientRect();
        const size = (q) => parseFloat(getComputedStyle(document.querySelector(q)).fontSize);
        return {
            page: document.documentElement.scrollWidth,
            standings: box('table.standings').right,
            chart: box('figure svg').right,
            chartWidth: box('figure svg').width,
            logBox: box('table.log').right,
            cards: getComputedStyle(document.querySelector('table.log tr')).display,
            settle: box('ul.settle').right,
            smallest: Math.min(size('table.standings td'), size('table.log td')),
        };
    }"""
    )
    context.close()
    return found


def test_a_phone_never_scrolls_sideways(browser, page_file):
    found = layout(browser, page_file, 390)
    assert found["page"] <= 390, found
    for part in ("standings", "chart", "logBox", "settle"):
        assert found[part] <= 390, (part, found)
    assert found["chartWidth"] >= 340, found  # the chart uses the phone's width
    assert found["cards"] == "block", found  # twelve players: a card a game
    assert found["smallest"] >= 13, found


def test_a_laptop_sees_everything_at_once(browser, page_file):
    found = layout(browser, page_file, 1000)
    assert found["page"] <= 1000, found
    assert found["smallest"] >= 14, found
    assert found["chartWidth"] >= 600, found
    assert found["cards"] == "block", found  # twelve columns would not fit: cards here too
