"""The room's screen read where it is: the final standings of an event that is over take
the television, large, as many places a page as fit; the scoreboard opened on a phone (its
*Standings* and *Scoreboard* links) has no text under 16px, and no name under 18px; the
television's grey text stays readable across the room."""

from __future__ import annotations

import shutil
import signal
from collections.abc import Iterator

import pytest

from tests.helpers import SAMPLES
from tests.system.test_pages_fit_browser import BELOW, _env
from tests.system.test_serve_process import start
from tests.web.conftest import cli

pytestmark = pytest.mark.slow
SIZES = """(selectors) => selectors.map((s) => [...document.querySelectorAll(s)]
    .filter((e) => e.getBoundingClientRect().height > 0)
    .map((e) => parseFloat(getComputedStyle(e).fontSize)))
    .map((found) => found.length ? Math.min(...found) : null)"""
EVENT_PHONE = ("article.table h3 .quiet", "article.table .wind", "article.table .name")
NIGHT = ("th", ".seats .wind", ".next", ".games .num", ".seats .name", "td.who")


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> Iterator[dict[str, str]]:
    """The sample event (every card in), an event under way and the sample club night."""
    folder = tmp_path_factory.mktemp("legible")
    shutil.copytree(SAMPLES / "spring-open", folder / "spring-open")
    night = folder / "club-night.toml"
    night.write_bytes((SAMPLES / "club-night.toml").read_bytes())
    cup = folder / "cup.toml"
    cli("event", "new", "Cup", "Ann", "Bea", "Cy", "Dot", "Eve", "Flo", "Gil", "Hal",
        "--rounds", "2", "--given", "--session", str(cup))  # fmt: skip
    cli("event", "start", "1", "--session", str(cup))
    cli("event", "win", "1", "1", "Ann", "25", "-s", "--session", str(cup))
    servers = {
        "over": start("--event", "--session", str(folder / "spring-open" / "spring-open.toml"),
                      env=_env(folder)),
        "under way": start("--event", "--session", str(cup), env=_env(folder)),
        "night": start("--session", str(night), env=_env(folder)),
    }  # fmt: skip
    try:
        yield {name: base for name, (_, base, _) in servers.items()}
    finally:
        for server, _, _ in servers.values():
            server.send_signal(signal.SIGINT)
            server.communicate(timeout=15)


@pytest.mark.parametrize(("size", "name_px"), [((1920, 1080), 34), ((1280, 720), 22)])
def test_the_final_standings_take_the_television(browser, served, size, name_px):
    """Spring Open over, 23 players: every place at once, across the whole screen, names
    in large type (they were 26px at 1920x1080 in a quarter of its width, 9 places a page),
    the round winners in the standings' own size, not small italics; no seating."""
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        page.goto(served["over"] + "/")
        page.wait_for_function("document.body.classList.contains('fit')")
        page.wait_for_timeout(200)
        shown = page.evaluate("""() => {
            const seen = (s) => [...document.querySelectorAll(s)]
                .filter((e) => e.getBoundingClientRect().height > 0);
            const note = seen('.standings .note')[0];
            return {places: seen('.standings tbody tr').length,
                    tables: seen('article.table').length,
                    pager: seen('.pager').length,
                    width: document.querySelector('section.standings').offsetWidth,
                    name: Math.min(...seen('td.who').map((e) =>
                        parseFloat(getComputedStyle(e).fontSize))),
                    note: [parseFloat(getComputedStyle(note).fontSize),
                           getComputedStyle(note).fontStyle]}; }""")
        below = page.evaluate(BELOW)
        tall = page.evaluate("document.documentElement.scrollHeight")
    finally:
        page.close()
    assert shown["places"] == 23 and shown["pager"] == 0, shown
    assert shown["tables"] == 0 and shown["width"] >= 0.9 * size[0], shown
    assert shown["name"] >= name_px, shown
    assert shown["note"][0] >= size[0] / 1920 * 22 and shown["note"][1] == "normal", shown
    assert below == [] and tall <= size[1], (below, tall)


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_the_scoreboard_on_a_phone_is_large_enough(browser, served, size):
    """A phone upright and on its side: an event's tables (at 390px their state was
    11.4px, seat letters 13px, names 16px; at 844px 8.9px, 10.1px and 12.5px) and a club
    night's standings headings (14.4px), seats, line and last games."""
    page = browser.new_page(viewport={"width": size[0], "height": size[1]}, is_mobile=True)
    try:
        page.goto(served["under way"] + "/")
        event = page.evaluate(SIZES, list(EVENT_PHONE))
        page.goto(served["night"] + "/")
        night = page.evaluate(SIZES, list(NIGHT))
    finally:
        page.close()
    assert event[0] >= 16 and event[1] >= 16 and event[2] >= 18, event
    # upright, the purse night's standings have no heading row (each purse under its total)
    headings = [px for px in night[:4] if px is not None]
    assert len(headings) >= 3 and min(headings) >= 16 and min(night[4:]) >= 18, night


def test_the_televisions_grey_text_is_larger(browser, served):
    """At 1920x1080 the night's column headings, wind labels, "first in line" and game
    numbers were 18-20px: now at least 21px; an event's names stay as they were."""
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    try:
        page.goto(served["night"] + "/")
        page.wait_for_function("document.body.classList.contains('fit')")
        night = page.evaluate(SIZES, list(NIGHT[:4]))
        page.goto(served["under way"] + "/")
        page.wait_for_function("document.body.classList.contains('fit')")
        event = page.evaluate(SIZES, list(EVENT_PHONE))
    finally:
        page.close()
    assert min(night) >= 21, night
    assert event[2] >= 36, event


def test_a_club_nights_end_gives_the_standings_the_height_of_the_television(browser, tmp_path):
    """Fourteen players and a kitty: at the night's end their names are large (they were
    25px at 1920x1080, the house rules and the sum taking the room under them), with
    every place at once; the house rules and the sum are under who pays whom."""
    from tests.system.every_page import post

    night = tmp_path / "fourteen.toml"
    names = ["Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue", "Eve", "Flo",
             "Gail", "Hal", "Ivy"]  # fmt: skip
    cli("new", *names, "--tables", "3", "--house", "kitty", "--session", str(night))
    for table in (1, 2, 3, 1, 2, 3):
        cli("wall", "--table", str(table), "--session", str(night))
    cli("win", "Cy", "40", "--thrown-by", "Dot", "--session", str(night))
    server, base, key = start("--session", str(night), env=_env(tmp_path))
    try:
        post(base, key, "/close-night", {})
        page = browser.new_page(viewport={"width": 1920, "height": 1080})
        page.goto(base + "/")
        page.wait_for_function("document.body.classList.contains('fit')")
        page.wait_for_timeout(200)
        shown = page.evaluate("""() => ({
            places: [...document.querySelectorAll('.final-standings tbody tr')]
                .filter((e) => e.getBoundingClientRect().bottom <= innerHeight).length,
            name: parseFloat(getComputedStyle(document.querySelector('td.who')).fontSize),
            notes: [...document.querySelectorAll('.final-settle .rules, .final-settle .sum')]
                .map((e) => e.textContent)})""")
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)
    assert shown["places"] == 14 and shown["name"] >= 32, shown
    assert any(n.startswith("House rules: kitty") for n in shown["notes"]), shown
    assert any(n.startswith("Sum of totals") for n in shown["notes"]), shown
