"""A real browser on `mahj serve`: a phone-sized page enters a game at table 2 of a club
night, and the room's screen, open in a second page, shows it within two seconds; a game
typed at the command line meanwhile shows up too. Playwright drives the system chromium
(Debian's package; `.ci/run` installs it). Set MAHJ_UPDATE_SCREENSHOT=1 to write the
README's picture, docs/screenshot-scoreboard.png, from this run."""

from __future__ import annotations

import os
import signal
import subprocess
from pathlib import Path

import pytest

from tests.helpers import ROOT, SAMPLES
from tests.system.test_serve_process import MAHJ, start

pytestmark = pytest.mark.slow
SCREENSHOT = ROOT / "docs" / "screenshot-scoreboard.png"


def test_a_phone_enters_a_game_and_the_screen_shows_it(browser, tmp_path: Path):
    from playwright.sync_api import expect

    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    night = tmp_path / "club-night.toml"
    night.write_bytes((SAMPLES / "club-night.toml").read_bytes())
    server, base, key = start("--session", str(night), env=env)
    try:
        tv = browser.new_page(viewport={"width": 1600, "height": 900})
        tv.goto(f"{base}/")
        expect(tv.locator("h1")).to_contain_text("Club night")
        phone = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
        ).new_page()
        phone.goto(f"{base}/enter?key={key}")
        phone.get_by_role("link", name="Table 2").click()
        phone.locator("ol.seats .name").first.wait_for()  # the table's page is open
        seats = phone.locator("ol.seats .name").all_inner_texts()
        winner, thrower = seats[1], seats[2]
        phone.locator("label[for=w2]").tap()
        phone.get_by_label("Value").fill("30")
        phone.locator("label[for=t3]").tap()
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        phone.get_by_role("button", name="See who pays whom").tap()
        expect(phone.locator("p.what")).to_have_text(f"{winner} wins 30, thrown by {thrower}")
        expect(phone.locator("p.pays")).to_contain_text(f"{thrower} pays 60")
        phone.get_by_role("button", name="Record game 8").tap()
        expect(phone.locator("p.done")).to_contain_text("Game 8 is recorded")
        games = tv.locator("section.recent li").first
        expect(games).to_contain_text(f"Game 8 · table 2 {winner} wins 30", timeout=10000)
        subprocess.run([MAHJ, "wall", "--table", "1", "--session", str(night)], env=env,
                       check=True, capture_output=True)  # fmt: skip
        expect(games).to_contain_text("Game 9 · table 1 Wall game", timeout=10000)
        if os.environ.get("MAHJ_UPDATE_SCREENSHOT"):
            tv.screenshot(path=str(SCREENSHOT), full_page=True)
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)
    assert server.returncode == 0
