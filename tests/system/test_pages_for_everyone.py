"""Every page of `mahj serve` (the list in `every_page.py`), in a real browser, for
everyone: axe-core finds no serious or critical violation (text contrast at least WCAG
AA among them, every control labelled); a phone's page fits 320 px wide at 200% text,
every button and choice is at least 44 px, and every control is reached by the keyboard."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers import SAMPLES
from tests.system.every_page import PAGES, Page, club_night, event_day
from tests.system.test_serve_process import start

pytestmark = pytest.mark.slow
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TV = {"viewport": {"width": 1920, "height": 1080}}
SERIOUS = ("serious", "critical")

WIDE = """() => [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > 320.5 && !e.closest('.sr'))
  .map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').trim().slice(0, 40))"""

SMALL = """() => [...document.querySelectorAll(
  'button, select, input:not([type=hidden]):not(.choices input), .choices label, summary, '
  + '.pick a, .bar a')]
  .filter(e => e.getClientRects().length
                 && !e.closest('details:not([open]) > :not(summary)'))
  .map(e => [e.outerHTML.slice(0, 80), e.getBoundingClientRect()])
  .filter(([_, r]) => r.height < 44 || r.width < 44)
  .map(([h, r]) => h + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))"""


@pytest.fixture(scope="module")
def rooms(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, tuple[str, str]]]:
    """A night, a folder of nights, an event over and one under way, each served: base
    address and key."""
    tmp = tmp_path_factory.mktemp("pages")
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp / "data"), "NO_COLOR": "1"}
    folder = tmp / "folder"
    folder.mkdir()
    night = folder / "club.toml"
    club_night(night)
    event = tmp / "spring-open.toml"
    event.write_bytes((SAMPLES / "spring-open" / "spring-open.toml").read_bytes())
    day = tmp / "day-cup.toml"
    event_day(day)
    servers: list[subprocess.Popen[str]] = []
    served = {}
    for name, args in (("night", ("--session", str(night))), ("folder", ("--dir", str(folder))),
                       ("event", ("--session", str(event), "--event")),
                       ("day", ("--session", str(day), "--event"))):  # fmt: skip
        server, base, key = start(*args, env=env)
        servers.append(server)
        served[name] = (base, key)
    yield served
    for server in servers:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)


def violations(page: Any) -> list[str]:
    """axe-core's serious and critical violations on the page, in words."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']}: "
        + "; ".join(
            n["target"][0] + " " + n.get("failureSummary", "")[:160] for n in v["nodes"][:3]
        )
        for v in found
        if v["impact"] in SERIOUS
    ]


def opened(browser: Any, rooms: dict[str, tuple[str, str]], page: Page, sizes: dict) -> Any:
    base, key = rooms[page.served]
    tab = browser.new_context(**sizes).new_page()
    tab.goto(f"{base}/enter?key={key}")
    if page.ready is not None:
        page.ready(tab, base, key)
    if page.path:
        tab.goto(f"{base}{page.path}")
    tab.wait_for_load_state("networkidle")
    return tab


@pytest.mark.parametrize("page", PAGES, ids=[p.name for p in PAGES])
def test_every_page_for_everyone(browser, rooms, page: Page):
    tab = opened(browser, rooms, page, PHONE if page.phone else TV)
    try:
        assert violations(tab) == [], page.name
        if not page.phone:
            return
        tab.set_viewport_size({"width": 320, "height": 700})
        tab.evaluate("document.documentElement.style.fontSize = '200%'")
        assert tab.evaluate(WIDE) == [], page.name
        tab.evaluate("document.documentElement.style.fontSize = ''")
        assert tab.evaluate(SMALL) == [], page.name
    finally:
        tab.context.close()


def test_a_table_s_page_by_keyboard_alone(browser, rooms):
    """Tab reaches every choice of the form, space chooses, Enter sends."""
    from playwright.sync_api import expect

    base, key = rooms["night"]
    tab = browser.new_context(**PHONE).new_page()
    tab.goto(f"{base}/enter?key={key}")
    tab.goto(f"{base}/table/1")
    seen = []
    for _ in range(60):
        tab.keyboard.press("Tab")
        seen.append(tab.evaluate("document.activeElement.id || document.activeElement.textContent"))
    for wanted in ("bigger", "w1", "value", "t1", "jl", "pays", "bet1", "Dead hands"):
        assert wanted in seen, (wanted, seen)
    tab.focus("#t1")
    tab.keyboard.press("ArrowDown")
    assert tab.evaluate("document.activeElement.id") == "t2"
    tab.focus("#w2")
    tab.keyboard.press("Space")
    tab.locator("#value").fill("25")
    tab.focus("#t3")
    tab.keyboard.press("Space")
    tab.focus("#value")
    tab.keyboard.press("Enter")
    expect(tab.get_by_role("button", name="Record game")).to_be_visible()
    tab.context.close()


def test_larger_text_is_remembered(browser, rooms):
    base, key = rooms["night"]
    context = browser.new_context(**PHONE)
    tab = context.new_page()
    tab.goto(f"{base}/enter?key={key}")
    tab.goto(f"{base}/table/1")
    size = tab.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    tab.get_by_role("button", name="Larger text").click()
    assert tab.get_by_role("button", name="Larger text").get_attribute("aria-pressed") == "true"
    tab.goto(f"{base}/tables")
    bigger = tab.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert bigger >= size * 1.3
    assert tab.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def test_the_last_five_minutes_read_clearly(browser, tmp_path):
    """The clock's five-minute warning on a table's phone and the director's page passes
    axe's contrast check (it is shown only then, so the pages above never reach it)."""
    from tests.web.conftest import cli

    event = tmp_path / "event.toml"
    cli("event", "new", "Cup", "Ann", "Bea", "Cy", "Dot", "--rounds", "2", "--given",
        "--session", str(event))  # fmt: skip
    cli("event", "start", "1", "--minutes", "4", "--session", str(event))
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    server, base, key = start("--event", "--session", str(event), env=env)
    tab = browser.new_context(**PHONE).new_page()
    try:
        tab.goto(f"{base}/enter?key={key}")
        for path in ("/round/1/table/1", "/director"):
            tab.goto(base + path)
            assert tab.locator(".clock.warn5").count() == 1, path
            assert violations(tab) == [], path
    finally:
        tab.context.close()
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)


def test_a_chosen_answer_shows_in_a_high_contrast_theme(browser, rooms):
    """Windows' contrast themes (forced colours) repaint every control alike: a chosen
    answer still stands out (and carries a tick in any theme), and the main button keeps
    its outline."""
    base, key = rooms["night"]
    tab = browser.new_context(**PHONE, forced_colors="active").new_page()
    try:
        tab.goto(f"{base}/enter?key={key}")
        tab.goto(f"{base}/table/1")
        tab.locator(".choices label").first.click()
        looks = tab.evaluate("""() => [...document.querySelectorAll('.choices label')]
            .slice(0, 2).map((l) => { const s = getComputedStyle(l);
              return [s.backgroundColor, getComputedStyle(l, '::before').content]; })""")
        assert looks[0][0] != looks[1][0], looks
        assert looks[0][1] == '"✓ "' and looks[1][1] in ("none", "normal"), looks
        border = tab.evaluate(
            "getComputedStyle(document.querySelector('button.go')).borderTopWidth"
        )
        assert border != "0px", border
    finally:
        tab.context.close()


def test_a_screen_updating_keeps_the_keyboards_place_and_says_nothing_twice(browser, tmp_path):
    """Someone tabbing through the room's screen when a game comes in keeps their place
    (the link they were on has the focus again); a save that changes nothing a part shows
    leaves that part, and what a screen reader hears of it, alone."""
    from tests.web.conftest import cli

    night = tmp_path / "night.toml"
    cli("new", "Ann", "Bea", "Cy", "Dot", "--session", str(night))
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    server, base, key = start("--session", str(night), env=env)
    tab = browser.new_context(**TV).new_page()
    try:
        tab.goto(f"{base}/enter?key={key}")
        tab.goto(base + "/")
        tab.locator(".top a").first.focus()
        cli("win", "Ann", "25", "--self-pick", "--session", str(night))
        tab.get_by_text("Games played: 1", exact=False).wait_for()
        assert tab.evaluate("document.activeElement.textContent") == "enter a game"
        tab.evaluate("""() => { window.changed = 0;
            new MutationObserver(() => { window.changed += 1; })
              .observe(document.querySelector('[data-part][data-events]'),
                       {childList: true, subtree: true}); }""")
        night.write_text(night.read_text("utf-8") + "\n# a note, changing nothing shown\n")
        tab.wait_for_timeout(2500)  # the watcher looks every half second
        assert tab.evaluate("window.changed") == 0
    finally:
        tab.context.close()
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)
