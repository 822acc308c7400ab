"""Every page of `mahj serve` (the list in `every_page.py`), in a real browser, for
everyone: axe-core finds no serious or critical violation (text contrast at least WCAG
AA among them, every control labelled); a phone's page follows the phone's text size and
fits 320 px wide at 200% text (with the page's "Larger text" on as well), every button and
choice is at least 44 px, and every control is reached by the keyboard."""

from __future__ import annotations

import datetime as dt
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

WIDE = """() => {
  const past = (r) => r.right > 320.5;
  const boxes = [...document.querySelectorAll('body *')]
    .filter(e => past(e.getBoundingClientRect()) && !e.closest('.sr'))
    .map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').trim().slice(0, 40));
  // words that run out of their box (a long word in a heading) leave the box as it was
  const words = [], range = document.createRange();
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const text = walk.currentNode, in_ = text.parentElement;
    range.selectNodeContents(text);
    if (text.textContent.trim() && !in_.closest('.sr') && [...range.getClientRects()].some(past)) {
      words.push((in_.closest('h1, h2, h3') || in_).tagName + ' words: '
                 + text.textContent.trim().slice(0, 40));
    }
  }
  return boxes.concat(words);
}"""

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


def phone_text(tab: Any, percent: int) -> None:
    """The phone's own text size (its settings' font size), `percent` of the usual 16 px."""
    tab.context.new_cdp_session(tab).send(
        "Page.setFontSizes", {"fontSizes": {"standard": round(16 * percent / 100)}}
    )


def larger_text(tab: Any, on: bool) -> None:
    """The page's "Larger text" switch, as it leaves the page."""
    tab.evaluate(f"document.documentElement.classList.toggle('bigger-text', {str(on).lower()})")


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
        phone_text(tab, 200)
        body = tab.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
        if page.name != "the room's screen on a phone":  # fixed: its wide table must fit
            assert body >= 36, page.name  # 18 px at the usual size: it follows the phone's
        sticking = {"200%": tab.evaluate(WIDE)}
        larger_text(tab, True)
        sticking["200% and larger text"] = tab.evaluate(WIDE)
        headings = [e for e in sticking["200% and larger text"] if e.startswith(("H1", "H2", "H3"))]
        assert headings == [], page.name  # a long word in a heading breaks
        assert sticking == {"200%": [], "200% and larger text": []}, page.name
        larger_text(tab, False)
        phone_text(tab, 100)
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


def test_a_name_in_a_card_s_heading_reads_as_typed(browser, rooms):
    """The East's name and the card's state in a card's headings stay as the players typed
    them (McDonald is never MCDONALD), though other headings are in capitals."""
    base, key = rooms["day"]
    tab = browser.new_context(**PHONE).new_page()
    try:
        tab.goto(f"{base}/enter?key={key}")
        tab.goto(f"{base}/round/1/table/1")
        headings = [h.inner_text() for h in tab.locator("h2").all()]
        east = tab.locator("li.east .name").inner_text()
        assert f"Game 3 of 4 · East: {east}" in headings, headings
        assert "The card: being entered at the table" in headings, headings
    finally:
        tab.context.close()


def test_larger_text_makes_the_room_s_screen_on_a_phone_larger(browser, rooms):
    """Larger text, switched on at a table's page, reads larger on the room's screen seen
    on that phone too, whose type is otherwise fixed (so that its tables fit)."""
    base, key = rooms["night"]
    tab = browser.new_context(**PHONE).new_page()
    size = "parseFloat(getComputedStyle(document.querySelector('.standings td.who')).fontSize)"
    try:
        tab.goto(f"{base}/")
        usual = tab.evaluate(size)
        tab.goto(f"{base}/enter?key={key}")
        tab.goto(f"{base}/table/1")
        tab.get_by_role("button", name="Larger text").click()
        tab.goto(f"{base}/")
        assert tab.evaluate(size) >= usual * 1.2
    finally:
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
        assert looks[0][1].startswith('"✓ "') and looks[1][1] in ("none", "normal"), looks
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


def test_offline_a_kept_game_s_banner_leaves_room_for_the_form_and_is_said_once(browser, rooms):
    """A table's phone at 200% text with "Larger text" on loses the Wi-Fi and keeps a game:
    the banner that says so is shown in the page, never over the form (at this size it is
    taller than the screen), and its words, written again at each retry (every 3 s), are
    said once to a screen reader (each write of the banner is read out again)."""
    from playwright.sync_api import expect

    base, key = rooms["night"]
    tab = browser.new_context(**PHONE).new_page()
    try:
        phone_text(tab, 200)
        tab.goto(f"{base}/enter?key={key}")
        tab.goto(f"{base}/table/1")
        tab.get_by_role("button", name="Larger text").click()
        tab.context.set_offline(True)
        tab.locator("label[for=w1]").click()
        tab.locator("#value").fill("25")
        tab.locator("label[for=t2]").click()
        tab.get_by_role("button", name="See who pays whom").click()
        banner = tab.locator("#queue")
        expect(banner).to_contain_text("Offline")
        expect(banner).to_contain_text("kept on this phone")
        tab.evaluate("""() => { window.rewritten = 0;
            new MutationObserver((seen) => { window.rewritten += seen.length; })
              .observe(document.getElementById('queue'),
                       {childList: true, characterData: true, subtree: true}); }""")
        began = tab.evaluate("performance.now()")
        assert banner.is_visible()
        for control in ("label[for=w1]", "#value", "button.go"):
            seen = tab.evaluate(
                """(sel) => { const e = document.querySelector(sel);
                  e.scrollIntoView({block: 'center'});
                  const r = e.getBoundingClientRect();
                  return e.contains(document.elementFromPoint(r.x + r.width / 2,
                                                               r.y + r.height / 2)); }""",
                control,
            )
            assert seen, control  # not under the banner
        waited = tab.evaluate("performance.now()") - began
        tab.wait_for_timeout(max(0, 3500 - waited))  # a retry at least (every 3 s)
        assert tab.evaluate("window.rewritten") <= 1
    finally:
        tab.context.close()


def test_each_answer_is_named_as_a_screen_reader_says_it(browser, rooms):
    """On a club table's form and an event table's: a chosen winner is still called by
    their name alone (the tick before it is only shown), the dead-hand boxes are a group
    named "Dead hands", and the value box says what it takes (only digits), as a screen
    reader describes it and under the browser's own words when it refuses "25a"."""
    from playwright.sync_api import expect

    tab = browser.new_context(**PHONE).new_page()
    try:
        for served, path, dead in (("night", "/table/1", "Dead hands"),
                                   ("day", "/round/1/table/1", "Dead hands:")):  # fmt: skip
            base, key = rooms[served]
            tab.goto(f"{base}/enter?key={key}")
            tab.goto(base + path)
            winner = tab.locator("label[for=w1]").inner_text()
            tab.locator("label[for=w1]").click()
            who = tab.get_by_role("group", name="1. Who called Mah Jongg?")
            expect(who.get_by_role("radio", name=winner, exact=True)).to_be_checked()
            if served == "night":
                tab.locator("summary", has_text="Dead hands").click()  # it opens
            group = tab.get_by_role("group", name=dead, exact=True)
            expect(group.get_by_role("checkbox")).to_have_count(4)
            value = tab.locator("form.game input[name=value]")
            value.fill("25a")
            assert value.evaluate("(box) => box.validity.patternMismatch"), path
            # what a screen reader says of the box, and the refusal's second line
            expect(value).to_have_accessible_description("Digits only, for example 25")
    finally:
        tab.context.close()


def test_the_clock_says_its_warning_once(browser, tmp_path):
    """A screen reader is told of the round's 10-minute warning once, as the countdown
    crosses it (the countdown itself, changing each second, is never read out)."""
    from playwright.sync_api import expect

    from mahjcli.night import eventchange, eventclock
    from tests.web.conftest import cli

    event = tmp_path / "event.toml"
    cli("event", "new", "Cup", "Ann", "Bea", "Cy", "Dot", "--rounds", "2", "--given",
        "--session", str(event))  # fmt: skip
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    server, base, key = start("--event", "--session", str(event), env=env)
    tab = browser.new_context(**PHONE).new_page()
    try:
        tab.goto(f"{base}/enter?key={key}")
        # an 11-minute round with 603 s and the seconds to its whole minute left: 3 to 62 s
        # before its warning
        at = dt.datetime.now(dt.UTC) - dt.timedelta(seconds=11 * 60 - 603)
        eventchange.change(event, lambda o: eventclock.start(o, 1, 11, at, False))
        tab.goto(f"{base}/round/1/table/1")
        said = tab.locator(".clock [role=status]")
        assert said.count() == 1
        assert said.text_content() == "" and said.bounding_box()["width"] <= 1
        expect(said).to_have_text("10-minute warning", timeout=70_000)
        tab.evaluate("""() => { window.rewritten = 0;
            new MutationObserver((seen) => { window.rewritten += seen.length; })
              .observe(document.querySelector('.clock [role=status]'),
                       {childList: true, characterData: true, subtree: true}); }""")
        tab.wait_for_timeout(1500)  # three ticks
        assert tab.evaluate("window.rewritten") == 0
    finally:
        tab.context.close()
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)


def test_the_director_calling_time_is_said_on_a_tables_phone(browser, tmp_path):
    """The director calls time early: the table's page is shown again with the clock
    stopped, the standings' screen has its part drawn again, and on both a screen
    reader is told "Time called"."""
    from playwright.sync_api import expect

    from mahjcli.night import eventchange, eventclock
    from tests.web.conftest import cli

    event = tmp_path / "event.toml"
    cli("event", "new", "Cup", "Ann", "Bea", "Cy", "Dot", "--rounds", "2", "--given",
        "--session", str(event))  # fmt: skip
    now = dt.datetime.now(dt.UTC)
    eventchange.change(event, lambda o: eventclock.start(o, 1, 90, now, False))
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    server, base, key = start("--event", "--session", str(event), env=env)
    tab = browser.new_context(**PHONE).new_page()
    try:
        tab.goto(f"{base}/enter?key={key}")
        tab.goto(f"{base}/round/1/table/1")
        screen = browser.new_context(**TV).new_page()  # the room's television
        screen.goto(f"{base}/")
        for page in (tab, screen):
            expect(page.locator(".clock-words")).to_contain_text("time is called at")
        eventchange.change(event, lambda o: eventclock.call(o, 1, dt.datetime.now(dt.UTC)))
        for page in (tab, screen):
            expect(page.locator(".clock-left")).to_have_text("Time called", timeout=8000)
            expect(page.locator(".clock [role=status]")).to_have_text("Time called")
    finally:
        tab.context.close()
        screen.context.close()
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)
