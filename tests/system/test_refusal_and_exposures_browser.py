"""An event table's phone in a real browser: the five exposures buttons stay whole ("4+"
on one line) and at least 44 px wide on a 320 px phone and at 200% text, with the page's
"Larger text" on or off; and a refusal's "Go to ..." link takes the player to the box it
is about, three screens below the message, with the keyboard there (axe-core finding
nothing serious on the page that says it)."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.system.test_pages_for_everyone import PHONE, larger_text, phone_text, violations
from tests.system.test_serve_process import start
from tests.web.eventday import new_event

pytestmark = pytest.mark.slow

BUTTONS = """() => [...document.querySelectorAll('form.game .choices.small label')].map(l => {
  const range = document.createRange();
  range.selectNodeContents(l);
  const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  const box = l.getBoundingClientRect();
  return [l.textContent.trim(), Math.round(box.width), Math.round(box.height), lines.size];
})"""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    tmp: Path = tmp_path_factory.mktemp("exposures")
    event = new_event(tmp)
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp / "data"), "NO_COLOR": "1"}
    server, base, key = start("--event", "--session", str(event), env=env)
    yield base, key
    server.send_signal(signal.SIGINT)
    server.communicate(timeout=15)


def table_page(browser: Any, served: tuple[str, str]) -> Any:
    base, key = served
    tab = browser.new_context(**PHONE).new_page()
    tab.goto(f"{base}/enter?key={key}")
    tab.goto(f"{base}/round/1/table/1")
    return tab


@pytest.mark.parametrize(("width", "percent"), [(320, 100), (390, 200), (320, 200)])
def test_the_exposures_buttons_stay_whole_and_big_enough(browser, served, width, percent):
    tab = table_page(browser, served)
    try:
        tab.set_viewport_size({"width": width, "height": 800})
        phone_text(tab, percent)
        for larger in (False, True):
            larger_text(tab, larger)
            buttons = tab.evaluate(BUTTONS)
            assert [b[0] for b in buttons] == ["0", "1", "2", "3", "4+"]
            thin = [b for b in buttons if b[1] < 44 or b[2] < 44 or b[3] != 1]
            assert thin == [], (width, percent, larger, buttons)
    finally:
        tab.context.close()


def test_go_to_the_box_a_refusal_is_about(browser, served):
    tab = table_page(browser, served)
    try:
        tab.click("details.more > summary")
        tab.click("form.penalty label >> nth=1")
        tab.fill("form.penalty input[name=points]", "1O")
        tab.click("form.penalty button")
        tab.wait_for_selector(".problem[role=alert] a", timeout=10_000)
        assert tab.evaluate("document.activeElement.getAttribute('role')") == "alert"
        assert violations(tab) == []
        tab.get_by_role("link", name="Go to Points lost").click()
        assert tab.evaluate("document.activeElement.id") == "points"
        top = tab.evaluate("document.getElementById('points').getBoundingClientRect().top")
        assert 0 < top < 844, top
        outline = tab.evaluate(
            "getComputedStyle(document.querySelector('[aria-invalid=true]')).outlineStyle"
        )
        assert outline != "none"
    finally:
        tab.context.close()
