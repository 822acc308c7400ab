"""The whole club night from the phones, in a real browser on a real `mahj serve`, at a
phone's size (390×844) and the room's TV (1920×1080): a bet and a pay-for-the-table win
entered on a table's phone; a late arrival and a table opened from the organiser's page;
a correction refused because a later game would move; the night closed and the settle-up
on the TV; and a game entered while the server was stopped, recorded exactly once when
it is back (the same entry sent twice is recorded once too)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.system.every_page import club_night, post
from tests.system.test_serve_process import MAHJ, start

pytestmark = pytest.mark.slow
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TV = {"viewport": {"width": 1920, "height": 1080}}


class Served:
    """A night served by a real `mahj serve`, which a test may stop and start again on
    the same address (the data folder, and so the keys, kept)."""

    def __init__(self, night: Path, env: dict[str, str]) -> None:
        self.night, self.env = night, env
        self.server: subprocess.Popen[str] | None = None
        self.base = self.key = ""

    def start(self) -> None:
        """Serve the night: on any free port the first time, then on the same one."""
        if not self.base:
            self.server, self.base, self.key = start("--session", str(self.night), env=self.env)
            return
        port = self.base.rsplit(":", 1)[1]
        self.server = subprocess.Popen(
            [MAHJ, "serve", "--session", str(self.night), "--port", port],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.env,
        )  # fmt: skip
        assert self.server.stdout is not None
        for line in self.server.stdout:
            if line.startswith("Enter games: "):
                assert line.strip().endswith(f"/enter?key={self.key}"), line  # the same key
                return
        raise AssertionError(self.server.stderr.read() if self.server.stderr else "")

    def stop(self) -> None:
        if self.server is not None:
            self.server.send_signal(signal.SIGINT)
            self.server.communicate(timeout=15)
            assert self.server.returncode == 0
            self.server = None

    def games(self) -> list[dict[str, Any]]:
        out = subprocess.run([MAHJ, "log", "--json", "--session", str(self.night)],
                             env=self.env, check=True, capture_output=True, text=True)  # fmt: skip
        return list(json.loads(out.stdout)["games"])


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    night = tmp_path / "club.toml"
    club_night(night)
    room = Served(night, env)
    room.start()
    yield room
    room.stop()


def east_of_table_1(served: Served) -> str:
    import urllib.request

    with urllib.request.urlopen(f"{served.base}/status.json", timeout=10) as answer:
        return str(json.load(answer)["tables"][0]["east"])


def phone_of(browser: Any, served: Served, code: bool = True) -> Any:
    """A phone that scanned the join code from the TV (or the organiser's link)."""
    page = browser.new_context(**PHONE).new_page()
    if code:
        shown = post(served.base, served.key, "/join-code", {"show": "false"})
        page.goto(f"{served.base}/enter?code={shown['code']}")
    else:
        page.goto(f"{served.base}/enter?key={served.key}")
    return page


def type_game(phone: Any, value: str, winner: int = 1, thrower: int = 2, bet_on: str = "") -> None:
    """On a table's page: the `winner`-th seat wins `value`, thrown by the `thrower`-th (the
    first waiting player betting `bet_on`), then *See who pays whom*."""
    phone.locator(f"label[for=w{winner}]").tap()
    phone.locator("#value").fill(value)
    phone.locator(f"label[for=t{thrower}]").tap()
    if bet_on:
        phone.locator("#bet1").select_option(label=bet_on)
    phone.get_by_role("button", name="See who pays whom").tap()


def test_a_bet_and_pay_for_the_table_from_a_phone(browser, served: Served):
    from playwright.sync_api import expect

    from tests.web.conftest import cli

    tv = browser.new_context(**TV).new_page()
    tv.goto(f"{served.base}/")
    phone = phone_of(browser, served)
    phone.get_by_role("link", name="Table 1").click()
    phone.locator("ol.seats .name").first.wait_for()  # the table's page is open
    seats = phone.locator("ol.seats .name").all_inner_texts()
    bettor = phone.locator("fieldset.bets label").first.inner_text().removesuffix(" bet on")
    type_game(phone, "25", bet_on=seats[0])
    expect(phone.locator("p.what")).to_contain_text(f"{bettor} bet on {seats[0]}")
    phone.get_by_role("button", name="Change something").tap()  # the game comes back...
    expect(phone.locator("#value")).to_have_value("25")
    cli("wall", "--table", "2", "--session", str(served.night))
    expect(tv.locator("section.recent li").first).to_contain_text("Wall game", timeout=10000)
    phone.wait_for_timeout(1500)  # ...and another table's game does not wipe it
    expect(phone.locator("#value")).to_have_value("25")
    phone.get_by_role("button", name="See who pays whom").tap()
    expect(phone.locator("p.pays")).to_contain_text(bettor)
    phone.get_by_role("button", name="Record game").tap()
    expect(phone.locator("p.done")).to_contain_text("is recorded")
    expect(tv.locator("section.recent li").first).to_contain_text(f"{bettor} bet on", timeout=10000)
    said = phone.locator("p.done").inner_text()
    phone.evaluate("window.marker = 1")
    with phone.expect_navigation(timeout=5000):  # another table's game: shown again...
        cli("wall", "--table", "2", "--session", str(served.night))
    assert phone.evaluate("window.marker") is None
    expect(phone.locator("p.done")).to_have_text(said)  # ...still saying what it recorded

    seats = phone.locator("ol.seats .name").all_inner_texts()
    phone.locator("label[for=w1]").tap()
    phone.locator("#value").fill("30")
    phone.locator("label[for=t2]").tap()
    phone.locator("#pays").select_option(value=seats[1])
    phone.get_by_role("button", name="See who pays whom").tap()
    expect(phone.locator("p.what")).to_contain_text(f"{seats[1]} pays for the table")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.get_by_role("button", name="Record game").tap()
    expect(phone.locator("p.done")).to_contain_text(f"{seats[1]} pays 120")
    expect(tv.locator("section.recent li").first).to_contain_text(
        f"{seats[1]} pays for the table", timeout=10000
    )
    assert "pays_for_table" in str(served.games()[-1]) or served.night.read_text().count(
        f'pays_for_table = "{seats[1]}"'
    )


def test_an_arrival_and_a_table_opened_by_the_organiser(browser, served: Served):
    from playwright.sync_api import expect

    from tests.web.conftest import cli

    tv = browser.new_context(**TV).new_page()
    tv.goto(f"{served.base}/")
    organiser = phone_of(browser, served, code=False)
    organiser.get_by_role("link", name="Organiser", exact=True).click()
    expect(organiser.get_by_role("heading", name="The organiser's page")).to_be_visible()
    for name in ("Mo", "Nan", "Olive"):
        organiser.get_by_label("Name", exact=True).fill(name)
        organiser.get_by_role("button", name="Arrives").tap()
        expect(organiser.locator("p.done")).to_contain_text(f"Recorded: {name} arrives")
    expect(tv.locator("article.line")).to_contain_text("Olive", timeout=10000)
    organiser.get_by_role("button", name="Open a table").tap()
    expect(organiser.locator("p.done")).to_contain_text("Recorded: Table 3 opens")
    expect(tv.get_by_role("heading", name="Table 3")).to_be_visible(timeout=10000)
    # left alone, the organiser's page follows the night (what each would settle too)
    played = len([g for g in served.games() if g["result"] != "penalty"])
    cli("win", east_of_table_1(served), "25", "--self-pick", "--session", str(served.night))
    expect(organiser.locator("p.meta")).to_contain_text(
        f"games played: {played + 1}", timeout=10000
    )
    expect(organiser.locator("p.done")).to_contain_text("Recorded: Table 3 opens")
    # what each would settle, opened to be read out, stays open and follows the night too
    organiser.get_by_text("What each would settle, leaving now").click()
    cli("win", east_of_table_1(served), "30", "--self-pick", "--session", str(served.night))
    meta = organiser.locator("p.meta")
    expect(meta).to_contain_text(f"games played: {played + 2}", timeout=10000)
    settle = organiser.locator("details", has_text="What each would settle")
    expect(settle).to_have_attribute("open", "")


def test_a_correction_that_would_move_a_later_game_is_refused(browser, served: Served):
    from playwright.sync_api import expect

    before = served.night.read_bytes()
    phone = phone_of(browser, served)
    phone.goto(f"{served.base}/table/1")
    phone.get_by_text("Correct an earlier game").click()
    phone.get_by_role("link", name="Game 1").click()
    expect(phone.get_by_role("heading", name="Correct game 1")).to_be_visible()
    phone.get_by_text("Someone at another table won it").click()
    phone.locator("label[for=fwo1]").tap()
    phone.locator("label[for=ftself]").tap()
    phone.locator("#fbet1").select_option(value="")
    phone.get_by_role("button", name="Correct game 1").tap()
    expect(phone.locator("p.problem")).to_contain_text("would seat later games differently")
    expect(phone.locator("p.problem")).to_contain_text("game 2 was played")
    assert served.night.read_bytes() == before


def test_the_night_closed_and_the_settle_up_on_the_tv(browser, served: Served):
    from playwright.sync_api import expect

    tv = browser.new_context(**TV).new_page()
    tv.goto(f"{served.base}/")
    organiser = phone_of(browser, served, code=False)
    organiser.goto(f"{served.base}/organiser")
    organiser.get_by_role("button", name="Show the join code on the screen").tap()
    code = post(served.base, served.key, "/join-code", {})["code"]
    expect(tv.locator(".join-code")).to_contain_text(code, timeout=10000)
    assert served.key not in tv.content()
    organiser.get_by_role("button", name="Hide the join code").tap()
    organiser.get_by_role("button", name="Close the night").tap()
    expect(tv.get_by_role("heading", name="Final standings")).to_be_visible(timeout=10000)
    total = subprocess.run([MAHJ, "total", "--session", str(served.night)], env=served.env,
                           check=True, capture_output=True, text=True).stdout  # fmt: skip
    for line in tv.locator(".end .payments li").all_inner_texts():
        assert line in total, (line, total)
    expect(tv.locator(".end")).to_contain_text("House rules: bettor")
    assert tv.evaluate("document.documentElement.scrollHeight") <= 1080 * 1.5
    font = tv.evaluate("parseFloat(getComputedStyle(document.querySelector('.end li')).fontSize)")
    assert font >= 24  # read across the room


def test_a_game_entered_while_the_server_was_down_is_recorded_once(browser, served: Served):
    from playwright.sync_api import expect

    phone = phone_of(browser, served)
    phone.goto(f"{served.base}/table/1")
    games = len(served.games())
    phone.locator("label[for=w1]").tap()
    phone.locator("#value").fill("25")
    phone.locator("label[for=tself]").tap()
    phone.get_by_role("button", name="See who pays whom").tap()
    expect(phone.get_by_role("button", name="Record game")).to_be_visible()
    phone.wait_for_load_state("load")  # its script too
    served.stop()
    phone.get_by_role("button", name="Record game").tap()
    expect(phone.locator("#queue")).to_contain_text("Offline", timeout=10000)
    expect(phone.locator("#queue")).to_contain_text("1 game kept on this phone")
    assert len(served.games()) == games
    served.start()
    expect(phone.locator("p.done")).to_contain_text("is recorded", timeout=10000)
    assert len(served.games()) == games + 1
    phone.reload()
    expect(phone.locator("#queue")).to_be_hidden()
    assert len(served.games()) == games + 1

    # the same entry sent twice (a double tap, a retry): recorded once
    fields = {"token": post(served.base, served.key, "/join-code", {})["code"],
              "winner": east_of_table_1(served), "value": "25",
              "how": "self", "result": "win", "entry_id": "twice-sent-0001"}  # fmt: skip
    other = phone.context.new_page()
    other.goto(f"{served.base}/tables")
    sent = other.evaluate(
        """async (fields) => {
            const send = () => fetch('/table/1/record', {method: 'POST',
              headers: {'Accept': 'application/json'}, body: new URLSearchParams(fields)});
            const answers = await Promise.all([send(), send()]);
            return answers.map(a => a.status);
        }""",
        fields,
    )
    assert sent == [200, 200]
    assert len(served.games()) == games + 2


def test_a_game_kept_before_it_was_checked_is_recorded_when_the_server_is_back(
    browser, served: Served
):
    from playwright.sync_api import expect

    phone = phone_of(browser, served)
    phone.goto(f"{served.base}/table/2")
    phone.wait_for_load_state("load")
    games = len(served.games())
    served.stop()
    asked: list[str] = []
    phone.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    phone.get_by_role("button", name="Wall game").tap()
    expect(phone.locator("#queue")).to_contain_text("1 game kept on this phone", timeout=10000)
    # it was never shown for the table to check: the phone says it goes in as typed
    expect(phone.locator("#queue")).to_contain_text(
        "it goes on the card as typed, without the check of who pays whom"
    )
    # nothing seemed to happen, so the same game is tapped again: the phone asks first
    phone.get_by_role("button", name="Wall game").tap()
    for _ in range(100):  # the phone tries the server first (up to 10 s), then asks
        if asked:
            break
        phone.wait_for_timeout(100)
    assert asked and "already kept on this phone" in asked[0], asked
    expect(phone.locator("#queue")).to_contain_text("1 game kept on this phone")
    served.start()
    expect(phone.locator("p.done")).to_contain_text("Wall game", timeout=10000)
    assert [g["result"] for g in served.games()[games:]] == ["wall"]


def test_a_kept_game_waits_for_the_new_join_code_and_then_goes_in(browser, served: Served):
    """The Wi-Fi drops, a game is kept; meanwhile the organiser makes a new join code. The
    game is not thrown away: the phone says to scan the new code, keeps it, and once the
    phone has joined again it goes in, once, and the phone shows its table's page saying
    so (it stayed on the list of tables, with the seats from before the game)."""
    from playwright.sync_api import expect

    phone = phone_of(browser, served)
    phone.goto(f"{served.base}/table/2")
    phone.wait_for_load_state("load")
    games = len(served.games())
    phone.context.set_offline(True)
    phone.get_by_role("button", name="Wall game").tap()
    expect(phone.locator("#queue")).to_contain_text("1 game kept on this phone", timeout=10000)
    expect(phone.locator("#queue")).to_be_in_viewport()  # seen where the button was tapped
    new = post(served.base, served.key, "/join-code", {"change": "true"})["code"]
    phone.context.set_offline(False)
    expect(phone.locator("#queue")).to_contain_text("join code", timeout=10000)
    expect(phone.locator("#queue")).to_contain_text("1 game kept on this phone")
    assert len(served.games()) == games
    phone.goto(f"{served.base}/enter?code={new}")
    expect(phone).to_have_url(re.compile(r"/table/2\?done="), timeout=10000)
    expect(phone.locator("#queue")).to_be_hidden(timeout=10000)
    assert [g["result"] for g in served.games()[games:]] == ["wall"]
    phone.reload()
    assert [g["result"] for g in served.games()[games:]] == ["wall"]


def test_a_whole_club_night_from_the_phones(browser, tmp_path: Path):
    """Issue 30's night: two tables, a bettor and a kitty, an arrival, a leaver settling
    up, a table closed and the night closed, with two tables' phones, the organiser's phone
    and the TV; nobody touches the laptop after `mahj serve`."""
    from playwright.sync_api import expect

    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    night = tmp_path / "club.toml"
    subprocess.run([MAHJ, "new", "Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot",
                    "Sue", "--tables", "2", "--house", "bettor", "--house", "kitty",
                    "--session", str(night)], env=env, check=True, capture_output=True)  # fmt: skip
    room = Served(night, env)
    room.start()
    try:
        tv = browser.new_context(**TV).new_page()
        tv.goto(f"{room.base}/")
        organiser = browser.new_context(**PHONE).new_page()
        organiser.goto(f"{room.base}/enter?key={room.key}")
        organiser.get_by_role("link", name="Organiser", exact=True).click()
        organiser.get_by_role("button", name="Show the join code on the screen").tap()
        code = tv.locator(".join-code .code-text")
        expect(code).to_be_visible(timeout=10000)
        tables = {}
        for number in (1, 2):
            phone = browser.new_context(**PHONE).new_page()
            phone.goto(f"{room.base}/enter?code={code.inner_text()}")  # as its camera would
            phone.get_by_role("link", name=f"Table {number}").click()
            tables[number] = phone
        organiser.get_by_role("button", name="Hide the join code").tap()

        def game(phone: Any, bet: str | None = None, wall: bool = False) -> None:
            if wall:
                if bet:
                    phone.locator("#bet1").select_option(label=bet)
                phone.get_by_role("button", name="Wall game").tap()
            else:
                phone.locator("label[for=w1]").tap()
                phone.locator("#value").fill("25")
                phone.locator("label[for=t2]").tap()
                if bet:
                    phone.locator("#bet1").select_option(label=bet)
                phone.get_by_role("button", name="See who pays whom").tap()
            phone.wait_for_url("**/check")
            problems = phone.locator("p.problem:visible").all_inner_texts()
            assert not problems, (phone.url, problems)
            phone.get_by_role("button", name="Record game").tap()
            expect(phone.locator("p.done")).to_contain_text("is recorded")

        east = tables[1].locator("ol.seats .name").first.inner_text()
        game(tables[1], bet=east)  # Sue, waiting, bets on the winner
        # table 2's page, left alone, follows the night: Sue sits now, Ruth waits
        expect(tables[2].locator("fieldset.bets label").first).to_contain_text("Ruth")
        game(tables[2], bet="a wall game", wall=True)  # the kitty fills; a wall bet
        organiser.get_by_label("Name", exact=True).fill("Eve")
        organiser.get_by_role("button", name="Arrives").tap()
        expect(organiser.locator("p.done")).to_contain_text("Eve arrives")
        expect(tables[2].locator("fieldset.bets")).to_contain_text("Eve bet on")
        game(tables[2])  # takes the kitty
        # the organiser's page, left alone, follows the night by itself
        expect(organiser.locator("p.meta")).to_contain_text("games played: 3", timeout=10000)
        organiser.get_by_label("Who leaves").select_option("Pat")
        organiser.get_by_role("button", name="Leaves").tap()
        expect(organiser.locator("p.done")).to_contain_text("Pat leaves and settles up")
        organiser.get_by_label("Table to close").select_option("2")
        organiser.get_by_role("button", name="Close the table").tap()
        expect(organiser.locator("p.done")).to_contain_text("Table 2 closes")
        expect(tables[1].locator("fieldset.bets label")).to_have_count(5)
        game(tables[1])
        expect(tv.locator("section.recent li").first).to_contain_text(
            "Game 4 · table 1", timeout=10000
        )
        expect(organiser.locator("p.meta")).to_contain_text("games played: 4", timeout=10000)
        organiser.get_by_role("button", name="Close the night").tap()
        expect(tv.get_by_role("heading", name="Final standings")).to_be_visible(timeout=10000)
        total = subprocess.run([MAHJ, "total", "--session", str(night)], env=env, check=True,
                               capture_output=True, text=True).stdout  # fmt: skip
        for line in tv.locator(".end .payments li").all_inner_texts():
            assert line in total, (line, total)
        expect(tv.locator(".end")).to_contain_text("Settled as they left")
        log = room.games()
        assert [g["result"] for g in log] == ["win", "wall", "win", "win"]
    finally:
        room.stop()


def test_a_refused_game_says_why_first_and_is_never_sent_again(browser, served: Served):
    """A game refused (the winner cannot have thrown their own winning tile): the
    keyboard, and a screen reader, start at the words that say why. Then a game at another
    table changes the night: a table page left alone shows the night again, while the
    refused page stays as it is, its words and what was typed in place (its form is never
    sent again), and so does a page whose form the keyboard is in."""
    from playwright.sync_api import expect

    from tests.web.conftest import cli

    refused = phone_of(browser, served)
    refused.goto(f"{served.base}/table/1")
    refused.locator("label[for=w1]").tap()
    refused.locator("#value").fill("25")
    refused.locator("label[for=t1]").tap()
    refused.get_by_role("button", name="See who pays whom").tap()
    problem = refused.locator(".problem[role=alert]:not([hidden])")
    expect(problem).to_contain_text("cannot both win and throw")
    expect(problem).to_be_focused()
    where = refused.url
    asked: list[tuple[str, str]] = []
    refused.on("request", lambda request: asked.append((request.method, request.url)))
    typing = phone_of(browser, served)
    typing.goto(f"{served.base}/table/1")
    typing.evaluate("window.marker = 1")
    typing.focus("#w2")  # a choice reached by the keyboard, not yet made
    alone = phone_of(browser, served)
    alone.goto(f"{served.base}/table/1")
    alone.evaluate("window.marker = 1")

    with alone.expect_navigation(timeout=5000):  # the server tells the pages within a second
        cli("wall", "--table", "2", "--session", str(served.night))
    assert alone.evaluate("window.marker") is None  # shown again
    assert alone.url == f"{served.base}/table/1"
    assert typing.evaluate("window.marker") == 1  # not shown again under the keyboard
    assert refused.url == where and refused.locator("#value").input_value() == "25"
    expect(problem).to_contain_text("cannot both win and throw")
    assert [a for a in asked if a[0] == "POST"] == [], asked


def test_a_game_refused_for_a_bet_comes_back_filled_in(browser, served: Served):
    """A player who got up from table 2 during table 1's game bets on it; table 2 records
    again first and seats her. Table 1's game is refused for the bet alone (she was not in
    the line when it began), and comes back filled in (winner, value, thrower) for the
    table to send again without her bet. A game refused because the table moved on
    (another phone recorded it) comes back empty: it may be the same game."""
    from playwright.sync_api import expect

    from tests.web.conftest import cli

    cli("wall", "--table", "2", "--session", str(served.night))  # Cy gets up, Linda sits
    phone = phone_of(browser, served)
    phone.goto(f"{served.base}/table/1")
    seats = phone.locator("ol.seats .name").all_inner_texts()
    bettor = phone.locator("fieldset.bets label").first.inner_text().removesuffix(" bet on")
    type_game(phone, "30", bet_on=seats[0])
    expect(phone.locator("p.what")).to_contain_text(f"{bettor} bet on {seats[0]}")
    cli("wall", "--table", "2", "--session", str(served.night))  # he sits down there
    games = len(served.games())
    phone.get_by_role("button", name="Record game").tap()
    problem = phone.locator("#sent-problem")
    expect(problem).to_contain_text(f"{bettor} sits at table 2")
    expect(problem).to_contain_text("The game is filled in again below")
    expect(phone.locator("#value")).to_have_value("30")
    expect(phone.locator("#w1")).to_be_checked()
    expect(phone.locator("#t2")).to_be_checked()
    assert len(served.games()) == games
    phone.get_by_role("button", name="See who pays whom").tap()
    phone.get_by_role("button", name="Record game").tap()
    expect(phone.locator("p.done")).to_contain_text(f"{seats[0]} wins 30")
    assert len(served.games()) == games + 1

    other = phone_of(browser, served)
    for page in (phone, other):
        page.goto(f"{served.base}/table/1")
        type_game(page, "35", winner=2, thrower=3)
    other.get_by_role("button", name="Record game").tap()
    expect(other.locator("p.done")).to_contain_text("wins 35")
    phone.get_by_role("button", name="Record game").tap()
    expect(phone.locator("#sent-problem")).to_contain_text("has recorded game")
    expect(phone.locator("#sent-problem")).not_to_contain_text("filled in again")
    expect(phone.locator("#value")).to_have_value("")
    assert len(served.games()) == games + 2
    next_game = phone.locator("section.seated h2").inner_text()
    with phone.expect_navigation(timeout=5000):  # the refused page still follows the night
        cli("wall", "--table", "2", "--session", str(served.night))
    expect(phone.locator("section.seated h2")).not_to_have_text(next_game)
    expect(phone.locator("#sent-problem")).to_contain_text("has recorded game")  # still said
    with phone.expect_navigation(timeout=5000):  # until the table records another game
        cli("wall", "--table", "1", "--session", str(served.night))
    expect(phone.locator("#sent-problem")).to_be_hidden()


def test_a_closed_tables_phone_comes_back_when_the_closing_is_taken_back(browser, served: Served):
    """Table 2 closes: its phone says it is not playing now, with a way to the tables; the
    closing taken back, the phone is on the table's page again by itself."""
    from playwright.sync_api import expect

    from tests.web.conftest import cli

    phone = phone_of(browser, served)
    phone.goto(f"{served.base}/table/2")
    seats = phone.locator("ol.seats .name").all_inner_texts()
    with phone.expect_navigation(timeout=5000):
        cli("close-table", "2", "--session", str(served.night))
    expect(phone.get_by_role("heading", name="No such table")).to_be_visible()
    expect(phone.get_by_role("link", name="The tables")).to_be_visible()
    with phone.expect_navigation(timeout=5000):
        cli("undo", "--session", str(served.night))
    expect(phone.locator("ol.seats .name")).to_have_text(seats)
    assert phone.url == f"{served.base}/table/2"
