"""The pictures of "The room's screen" page, taken from a real `mahj serve` in a real
browser: the room's TV during a club night, a phone entering a game, the organiser's page,
the TV showing the join code and then the night's end, and an event's screen and its
"find your seat" page. Each page is checked for what a player must see
(and a phone's page for fitting the phone's width) before it is photographed.

These run only when asked to take the pictures, which are then written to docs/img/:
`MAHJ_DOCS_SCREENSHOTS=1 .venv/bin/python -m pytest tests/system/test_docs_screens.py -n 0`;
commit them with the page they belong to. (Every flow they photograph is also played, and
checked, by the other browser tests, so the plain run leaves them out.)"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import ROOT, SAMPLES
from tests.system.test_serve_process import start

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not os.environ.get("MAHJ_DOCS_SCREENSHOTS"), reason="takes the docs' pictures"
    ),
]
IMAGES = ROOT / "docs" / "img"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TV = {"viewport": {"width": 1920, "height": 1080}}


def picture(page: Any, name: str) -> None:
    """Photograph the page for the docs."""
    page.screenshot(path=str(IMAGES / name), full_page=name.startswith("phone"))


def fits_the_phone(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Any]:
    """Start `mahj serve ARGS` in a fresh data folder; stops it after the test."""
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    servers = []

    def serve(*args: str) -> tuple[str, str]:
        server, base, key = start(*args, env=env)
        servers.append(server)
        return base, key

    yield serve
    for server in servers:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)
        assert server.returncode == 0


def test_a_club_night_on_the_tv_and_a_phone(browser, served, tmp_path: Path):
    from playwright.sync_api import expect

    night = tmp_path / "club-night.toml"
    night.write_bytes((SAMPLES / "club-night.toml").read_bytes())
    base, key = served("--session", str(night))
    tv = browser.new_context(**TV).new_page()
    tv.goto(f"{base}/")
    expect(tv.locator("h1")).to_contain_text("Club night")
    expect(tv.locator("section.recent li").first).to_contain_text("Game 7")
    picture(tv, "scoreboard-tv.png")

    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{base}/enter?key={key}")
    expect(phone.get_by_role("heading", name="Which table are you?")).to_be_visible()
    fits_the_phone(phone)
    picture(phone, "phone-tables.png")
    phone.get_by_role("link", name="Table 2").click()
    phone.locator("ol.seats .name").first.wait_for()  # the table's page is open
    seats = phone.locator("ol.seats .name").all_inner_texts()
    phone.locator("label[for=w2]").tap()
    phone.get_by_label("Value").fill("30")
    phone.locator("label[for=t3]").tap()
    fits_the_phone(phone)
    picture(phone, "phone-game.png")
    phone.get_by_role("button", name="See who pays whom").tap()
    expect(phone.locator("p.pays")).to_contain_text(f"{seats[2]} pays 60")
    fits_the_phone(phone)
    picture(phone, "phone-confirm.png")


def test_an_event_on_the_tv_and_a_phone(browser, served, tmp_path: Path):
    from playwright.sync_api import expect

    event = tmp_path / "spring-open.toml"
    text = (SAMPLES / "spring-open" / "spring-open.toml").read_text("utf-8")
    event.write_text(text[: text.index("[[clock]]")], "utf-8")  # round 3 seated, not begun
    base, _ = served("--session", str(event), "--event")
    tv = browser.new_context(**TV).new_page()
    tv.goto(f"{base}/")
    expect(tv.locator("h1")).to_contain_text("Spring Open")
    expect(tv.get_by_text("Everyone's seat, by name").first).to_be_visible()
    picture(tv, "event-tv.png")

    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{base}/")
    phone.get_by_text("Everyone's seat, by name").first.click()
    expect(phone.locator("main")).to_contain_text("table")
    fits_the_phone(phone)
    picture(phone, "phone-find-your-seat.png")


def test_the_organiser_and_the_night_s_end(browser, served, tmp_path: Path):
    from playwright.sync_api import expect

    from tests.system.every_page import club_night

    night = tmp_path / "club.toml"
    club_night(night)
    base, key = served("--session", str(night))
    tv = browser.new_context(**TV).new_page()
    tv.goto(f"{base}/")
    organiser = browser.new_context(**PHONE).new_page()
    organiser.goto(f"{base}/enter?key={key}")
    organiser.goto(f"{base}/organiser")
    expect(organiser.get_by_role("heading", name="The organiser's page")).to_be_visible()
    fits_the_phone(organiser)
    picture(organiser, "phone-organiser.png")
    organiser.get_by_role("button", name="Show the join code on the screen").tap()
    expect(tv.locator(".join-code svg")).to_be_visible(timeout=10000)
    picture(tv, "join-code-tv.png")
    organiser.get_by_role("button", name="Hide the join code").tap()
    organiser.get_by_role("button", name="Close the night").tap()
    expect(tv.get_by_role("heading", name="Final standings")).to_be_visible(timeout=10000)
    expect(tv.locator(".end")).to_contain_text("Cy pays Bea 170")
    picture(tv, "night-end-tv.png")


def test_event_day_on_the_phones_and_the_tv(browser, served, tmp_path: Path):
    """A table's page with its card and the clock, a game checked before it goes on the
    card, the players confirming, the director's page, where do I sit, and the TV with
    the round's clock."""
    import subprocess

    from playwright.sync_api import expect

    from tests.system.test_serve_process import MAHJ

    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    event = tmp_path / "winter-open.toml"
    names = ["Barbara", "Linda", "Susan", "Carol", "Nancy", "Karen", "Donna", "Sharon",
             "Ruth", "Kathy", "Pat", "Sue", "Joan", "Judy", "Marilyn", "Diane"]  # fmt: skip
    subprocess.run([MAHJ, "event", "new", "Winter Open", *names, "--rounds", "4", "--given",
                    "--date", "2026-12-05", "--session", str(event)],
                   env=env, check=True, capture_output=True)  # fmt: skip
    base, key = served("--event", "--session", str(event))
    director = browser.new_context(**PHONE).new_page()
    director.goto(f"{base}/enter?key={key}")
    director.get_by_role("link", name="The director's page").click()
    director.get_by_label("Minutes").fill("50")
    director.get_by_role("button", name="Start round 1's clock").click()
    expect(director.locator("p.done")).to_contain_text("clock is running")
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{base}/enter?key={key}")
    phone.get_by_role("link", name="Table 1").click()
    for winner, value, thrower, exposures in ((2, "30", 3, 2), (1, "25", 4, 1)):
        phone.locator(f"label[for=w{winner}]").tap()
        phone.get_by_label("Value").fill(value)
        phone.locator(f"label[for=t{thrower}]").tap()
        phone.locator(f"label[for=x{exposures}]").tap()
        phone.get_by_role("button", name="See the points").tap()
        expect(phone.locator("p.what")).to_contain_text(f"wins {value}")
        if value == "25":
            fits_the_phone(phone)
            picture(phone, "phone-event-check.png")
        phone.get_by_role("button", name="Put it on the card").tap()
        expect(phone.locator("p.done")).to_contain_text("On the card")
    fits_the_phone(phone)
    picture(phone, "phone-event-table.png")
    for args in (("wall",), ("win", "Susan", "25", "--self-pick")):
        subprocess.run([MAHJ, "event", args[0], "1", "1", *args[1:], "--session", str(event)],
                       env=env, check=True, capture_output=True)  # fmt: skip
    checked = phone.get_by_role("button", name="Barbara: I checked Susan's line")
    expect(checked).to_be_visible(timeout=10000)  # the page follows its card by itself
    checked.tap()
    expect(phone.locator("p.done")).to_contain_text("Barbara confirmed")
    fits_the_phone(phone)
    picture(phone, "phone-event-confirm.png")
    director.goto(f"{base}/director")
    fits_the_phone(director)
    picture(director, "phone-event-director.png")
    where = browser.new_context(**PHONE).new_page()
    where.goto(f"{base}/where?name=carol")
    expect(where.locator(".seat-big")).to_contain_text("Table 1")
    fits_the_phone(where)
    picture(where, "phone-event-where.png")
    tv = browser.new_context(**TV).new_page()
    tv.goto(f"{base}/")
    expect(tv.locator(".top .clock")).to_be_visible()
    picture(tv, "event-tv-clock.png")
