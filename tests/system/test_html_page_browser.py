"""The page `mahj total --html` writes, read in a real browser (the system chromium,
driven by Playwright) at a phone's width and a laptop's: nothing makes the phone scroll
sideways, not even game by game, which is a card a game (each player's change written
beside their name) on a phone and on a club night; text stays readable."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

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


RENDERED_LEFT = """([selector, needle]) => {
    const box = document.querySelector(selector);
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const at = n.data.indexOf(needle);
        if (at < 0) continue;
        const r = document.createRange(); r.setStart(n, at); r.setEnd(n, at + needle.length);
        return r.getBoundingClientRect().left;
    }
    return null;
}"""


def test_an_arabic_name_leaves_the_amounts_beside_it_as_they_are(browser, tmp_path: Path):
    """A right-to-left name keeps its direction to itself: `فاطمة pays محمد 25` reads with
    the 25 after the name, and a game's `محمد -50` keeps its minus sign before the 50."""
    from tests.web.conftest import cli

    night = tmp_path / "bidi.toml"
    cli("new", "Ann", "محمد", "فاطمة", "Bea", "--session", str(night))
    cli("win", "Ann", "25", "--thrown-by", "محمد", "--session", str(night))
    cli("win", "محمد", "30", "--thrown-by", "Bea", "--session", str(night))
    page_file = tmp_path / "bidi.html"
    page_file.write_text(html_page(loader.load(night).standings), encoding="utf-8")
    page = browser.new_page(viewport={"width": 900, "height": 900})
    try:
        page.goto(page_file.as_uri())
        plain = str.maketrans("", "", "\u2068\u2069")  # the isolates are not drawn
        settle = [li.inner_text().translate(plain) for li in page.locator("ul.settle li").all()]
        k, line = next((k, s) for k, s in enumerate(settle, 1) if s.startswith("فاطمة pays محمد"))
        item = f"ul.settle li:nth-child({k})"
        amount = line.split()[-1]
        assert (
            page.evaluate(RENDERED_LEFT, [item, "pays"])
            < page.evaluate(RENDERED_LEFT, [item, "محمد"])
            < page.evaluate(RENDERED_LEFT, [item, f" {amount}"])
        ), line
        first_card = "table.log tbody tr:first-child"
        minus = page.evaluate(RENDERED_LEFT, [first_card, "-"])
        fifty = page.evaluate(RENDERED_LEFT, [first_card, "50"])
        assert minus is not None and fifty is not None and minus < fifty
        # The room's screen, as `mahj serve` draws it: who pays whom, and the last games.
        from mahjcli.web.app import make_app
        from mahjcli.web.source import Room
        from tests.web.conftest import TOKEN

        with TestClient(make_app(Room.of_file(night), TOKEN)) as client:
            page.set_content(client.get("/").text)
        pays = page.locator("ul.payments li").all_inner_texts()
        k = next(k for k, s in enumerate(pays, 1) if s.translate(plain).startswith("فاطمة pays"))
        item = f"ul.payments li:nth-child({k})"
        assert (
            page.evaluate(RENDERED_LEFT, [item, "pays"])
            < page.evaluate(RENDERED_LEFT, [item, "محمد"])
            < page.evaluate(RENDERED_LEFT, [item, f" {amount}"])
        ), pays
    finally:
        page.close()
