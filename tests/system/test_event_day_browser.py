"""Event day in a real browser (Playwright driving the system chromium) on a real `mahj
serve`: a table's phone (390x844) enters a whole round of four games (exposures, a dead
hand, a penalty, a refusal on the way), the players confirm, the round's player hands the
card in and the director's phone accepts it, while the room's screen (1920x1080) follows;
the round's clock on the screen and a phone (whose own clock is three hours wrong):
started, warned at 10 and 5 minutes, time called, a short card accepted only then, and
the same clock after the server is started again; where do I sit; every event page
without sideways scrolling at 320 and 390 pixels."""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import signal
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mahjcli.night import eventchange, eventclock
from tests.system.test_pages_for_everyone import phone_text, violations
from tests.system.test_serve_process import MAHJ, start

pytestmark = pytest.mark.slow
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TV = {"viewport": {"width": 1920, "height": 1080}}
EIGHT = ["Ann", "Bea", "Cy", "Dot", "Eve", "Fay", "Gus", "Hal"]
PORT = os.environ.get("MAHJ_TEST_PORT", "")
"""Where `mahj serve` listens, on a machine that opens only some ports (unset: a free port
the system picks)."""
SHOTS = Path(os.environ.get("MAHJ_EVENT_SHOTS", "")) if os.environ.get("MAHJ_EVENT_SHOTS") else None
"""Where to keep this run's screenshots, to look at them (unset: none taken)."""


def shot(page: Any, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / name), full_page=True)


def fits(page: Any, width: int = 390) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


Serve = Callable[[], tuple[str, str]]


def started(path: Path, env: dict[str, str]) -> tuple[subprocess.Popen[str], str, str]:
    """`mahj serve` on the event (at PORT when it is set); its base address and key."""
    if not PORT:
        return start("--event", "--session", str(path), env=env)
    server = subprocess.Popen(
        [MAHJ, "serve", "--event", "--session", str(path), "--port", PORT],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    assert server.stdout is not None
    for line in server.stdout:
        if found := re.match(r"Enter games: (http://[^/]+)/enter\?key=(\S+)", line):
            return server, found[1], found[2]
    server.kill()
    raise AssertionError(server.stderr.read() if server.stderr else "")


@pytest.fixture
def event(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    path = tmp_path / "day-cup.toml"
    subprocess.run([MAHJ, "event", "new", "Day Cup", *EIGHT, "--rounds", "3", "--given",
                    "--session", str(path)], env=env, check=True, capture_output=True)  # fmt: skip
    return path, env


@pytest.fixture
def serve(event) -> Iterator[Serve]:
    """Start (or start again) `mahj serve` on the event; every server stops at the end."""
    path, env = event
    servers: list[subprocess.Popen[str]] = []

    def stop() -> None:
        for old in servers:
            if old.poll() is None:
                old.send_signal(signal.SIGINT)
                old.communicate(timeout=15)

    def run() -> tuple[str, str]:
        stop()
        server, base, key = started(path, env)
        servers.append(server)
        return base, key

    def again(port: str) -> None:
        """Start it again at the same address (the phones' pages keep it), same key."""
        server = subprocess.Popen(
            [MAHJ, "serve", "--event", "--session", str(path), "--port", port],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip
        servers.append(server)
        assert server.stdout is not None
        for line in server.stdout:
            if line.startswith("Enter games: "):
                return
        raise AssertionError(server.stderr.read() if server.stderr else "")

    run.stop = stop  # type: ignore[attr-defined]
    run.again = again  # type: ignore[attr-defined]
    yield run
    for server in servers:
        if server.poll() is None:
            server.send_signal(signal.SIGINT)
            server.communicate(timeout=15)


def entered(browser: Any, base: str, key: str, **size: Any) -> Any:
    """A phone (or screen) that opened the entry link."""
    page = browser.new_context(**(size or PHONE)).new_page()
    page.goto(f"{base}/enter?key={key}")
    return page


def game(phone: Any, winner: int, value: str | None, how: str, exposures: int | None = None,
         *more: str) -> None:  # fmt: skip
    """Tap a game into the table's form (seats 1-4; `how`: a seat number or `self`)."""
    phone.locator(f"label[for=w{winner}]").tap()
    if value is not None:
        phone.get_by_label("Value").fill(value)
    phone.locator(f"label[for=t{how}]").tap()
    if exposures is not None:
        phone.locator(f"label[for=x{exposures}]").tap()
    for label in more:
        phone.locator(f"label[for={label}]").tap()


def put_on_card(phone: Any, said: str, check: str = "See the points") -> None:
    """Check what the form would put on the card, then put it there."""
    from playwright.sync_api import expect

    fits(phone)
    phone.get_by_role("button", name=check).tap()
    expect(phone.locator("p.what")).to_contain_text(said)
    fits(phone)
    phone.get_by_role("button", name="Put it on the card").tap()
    expect(phone.locator("p.done")).to_contain_text("On the card:")


def test_a_round_at_a_table_on_a_phone_with_the_screen_and_the_director(browser, serve):
    from playwright.sync_api import expect

    base, key = serve()
    tv = browser.new_context(**TV).new_page()
    tv.goto(f"{base}/")
    expect(tv.locator("section.where-all")).to_contain_text("Ann table 1 · A")
    shot(tv, "tv-between-rounds.png")
    director = entered(browser, base, key)
    director.get_by_role("link", name="The director's page").tap()
    director.get_by_role("button", name="Start round 1's clock").tap()
    expect(director.locator("p.done")).to_contain_text("Round 1's clock is running.")
    yes = director.get_by_role("button", name="Yes, call time now")
    expect(yes).to_be_hidden()  # calling time asks first: one tap never ends the round
    director.get_by_text("Call time now…").tap()
    expect(yes).to_be_visible()
    expect(director.get_by_text("Call time for round 1 now?")).to_be_visible()
    expect(tv.locator(".top .clock")).to_have_class(re.compile("running"), timeout=10000)
    expect(tv.locator("section.standings h2")).to_have_text("Standings")

    phone = entered(browser, base, key)
    expect(phone.get_by_role("heading", name="Which table is this phone?")).to_be_visible()
    phone.get_by_role("link", name=re.compile("Table 1")).tap()
    expect(phone.locator("h1")).to_have_text("Round 1, table 1")
    fits(phone)
    shot(phone, "phone-table-empty.png")
    game(phone, 2, "30", "3", 2, "dw4")  # Bea, thrown by Cy, 2 exposures, Dot dead
    put_on_card(phone, "Bea wins 30, thrown by Cy, 2 exp.")
    expect(tv.locator("article.table").first).to_contain_text("game 2 of 4", timeout=10000)
    game(phone, 1, "25", "4")  # Ann, thrown by Dot: the exposures not given
    phone.get_by_role("button", name="See the points").tap()
    expect(phone.locator("p.problem:visible")).to_contain_text("exposures on Ann's rack")
    expect(phone.locator("#w1")).to_be_checked()  # the choices are kept
    phone.locator("label[for=x0]").tap()
    put_on_card(phone, "Ann wins 25, thrown by Dot, 0 exp.")
    phone.locator("label[for=d4]").tap()
    phone.get_by_role("button", name="Wall game").tap()
    expect(phone.locator("p.what")).to_contain_text("Wall game (Dot dead)")
    phone.get_by_role("button", name="Put it on the card").tap()
    phone.locator("details.more summary").tap()
    phone.locator("label[for=p4]").tap()
    phone.get_by_label("Why").fill("looked at a blind pass")
    put_on_card(phone, "Penalty: Dot loses 10", "See the penalty")
    game(phone, 3, "25", "self", None, "f1")  # Cy self-picks a jokerless 25
    put_on_card(phone, "Cy wins 25, self-picked, jokerless")
    expect(phone.locator("dl.totals")).to_have_text(
        re.compile(r"Ann\s*\+35\s*Bea\s*\+40\s*Cy\s*\+45\s*Dot\s*-30")
    )
    shot(phone, "phone-table-four-games.png")
    for name, partner in (("Ann", "Cy"), ("Bea", "Dot"), ("Cy", "Ann"), ("Dot", "Bea")):
        phone.get_by_role("button", name=f"{name}: I checked {partner}'s line").tap()
        expect(phone.locator("p.done")).to_contain_text(f"{name} confirmed")
    fits(phone)
    phone.get_by_role("button", name="Ann hands in the card").tap()
    expect(phone.locator(".card-box")).to_contain_text("Handed in by Ann")
    expect(tv.locator("article.table").first).to_contain_text("handed in", timeout=10000)
    # the director's page, left open since the clock started, says the card came in
    expect(director.locator(".news-line")).to_contain_text(
        "Table 1 has handed in its card.", timeout=10000
    )
    expect(director.get_by_role("button", name="Accept table 1's card")).to_have_count(0)
    assert violations(director) == []  # the line, over the page, is readable by everyone
    director.get_by_role("link", name="Show the new list").tap()
    expect(director.get_by_role("button", name="Accept table 1's card")).to_be_in_viewport()
    shot(director, "phone-director.png")
    director.get_by_role("button", name="Accept table 1's card").tap()
    said = director.locator("#round-1-table-1 p.done")  # beside the table: the page comes back
    expect(said).to_contain_text("Accepted round 1, table 1's card.")
    expect(said).to_be_in_viewport()
    expect(tv.locator("article.table").first).to_contain_text("card in", timeout=10000)
    expect(tv.locator("section.standings tbody tr").first).to_contain_text("Cy", timeout=10000)
    expect(phone.locator(".card-box")).to_contain_text("Accepted by the director", timeout=10000)
    shot(tv, "tv-round.png")


def clock_started(path: Path, minutes_ago: float) -> None:
    """Round 1's clock of an hour started again, `minutes_ago` (as if long ago)."""
    at = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=minutes_ago)
    eventchange.change(path, lambda o: eventclock.start(o, 1, 60, at, True))


def test_the_clock_warns_calls_time_and_survives_a_restart(browser, serve, event):
    from playwright.sync_api import expect

    path, env = event
    base, key = serve()
    director = entered(browser, base, key)
    director.goto(f"{base}/director")
    director.get_by_label("Minutes").fill("50")
    director.get_by_role("button", name="Start round 1's clock").tap()
    tv = browser.new_context(**TV).new_page()
    tv.goto(f"{base}/")
    left = tv.locator(".top .clock-left")
    expect(left).to_have_text(re.compile(r"^(50:[0-5]\d|49:5\d)$"))  # to a whole minute
    first = left.inner_text()
    expect(left).not_to_have_text(first, timeout=10000)  # it counts down by itself
    wrong = browser.new_context(**PHONE).new_page()  # a phone whose clock is 3 hours fast
    wrong.clock.set_system_time(dt.datetime.now(dt.UTC) + dt.timedelta(hours=3))
    wrong.goto(f"{base}/round/1/table/2")
    expect(wrong.locator(".clock-left")).to_have_text(re.compile(r"^(50|49):\d\d$"))
    for name in ("Ann", "Bea", "Cy"):  # three games, by a script
        subprocess.run([MAHJ, "event", "win", "1", "1", name, "25", "--self-pick", "--session",
                        str(path)], env=env, check=True, capture_output=True)  # fmt: skip
    clock_started(path, 51)  # 9 minutes left and the seconds to its whole minute
    expect(tv.locator(".top .clock")).to_have_class(re.compile("warn10"), timeout=10000)
    expect(tv.locator(".top .clock-warning")).to_have_text("10-minute warning")
    expect(wrong.locator(".clock")).to_have_class(re.compile("warn10"), timeout=10000)
    shot(tv, "tv-warning.png")
    clock_started(path, 56)
    expect(tv.locator(".top .clock-warning")).to_have_text("5-minute warning", timeout=10000)
    phone = entered(browser, base, key)
    phone.goto(f"{base}/round/1/table/1")
    expect(phone.locator("section.verify")).to_have_count(0)  # a short card waits for time
    clock_started(path, 60.05)  # time is called at the whole minute after 3 s from now
    expect(tv.locator(".top .clock-left")).to_have_text("Time called", timeout=70_000)
    expect(phone.locator(".clock-called")).to_be_visible(timeout=10000)
    shot(tv, "tv-time-called.png")
    # the page, left alone, follows time being called by itself (a reload of our own
    # could meet that one half-way and find no page attached)
    game4 = phone.get_by_role("button", name="Game 4: time called, 0 for all")
    expect(game4).to_be_visible(timeout=10000)
    for name, partner in (("Ann", "Cy"), ("Bea", "Dot"), ("Cy", "Ann"), ("Dot", "Bea")):
        phone.get_by_role("button", name=f"{name}: I checked {partner}'s line").tap()
        expect(phone.locator("p.done")).to_contain_text(f"{name} confirmed")
    phone.get_by_role("button", name="Ann hands in the card").tap()
    expect(phone.locator(".card-box")).to_contain_text("Handed in by Ann")
    director.goto(f"{base}/director")
    director.get_by_role("button", name="Accept table 1's card").tap()
    expect(director.locator("p.done")).to_contain_text("Accepted")
    called = tv.locator(".top .clock-called").inner_text()
    base, key = serve()  # the server started again: the same clock, from the file
    tv.goto(f"{base}/")
    expect(tv.locator(".top .clock-left")).to_have_text("Time called")
    expect(tv.locator(".top .clock-called")).to_have_text(called)


def test_a_player_finds_their_seat_by_name(browser, serve):
    from playwright.sync_api import expect

    base, _ = serve()
    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{base}/")
    phone.get_by_role("link", name="Where do I sit?").first.tap()
    phone.get_by_label("Your name").fill("cY")
    phone.get_by_role("button", name="Find my seat").tap()
    expect(phone.locator(".seat-big")).to_have_text("Table 1 · seat C (West)")
    expect(phone.locator(".spot")).to_contain_text("Ann")
    fits(phone)
    shot(phone, "phone-where.png")
    phone.locator("details.everyone-box summary").tap()
    phone.get_by_role("link", name="Hal", exact=True).tap()
    expect(phone.locator(".seat-big")).to_have_text("Table 2 · seat D (North)")
    phone.get_by_label("Your name").fill("Zed")
    phone.get_by_role("button", name="Find my seat").tap()
    expect(phone.locator("p.problem")).to_contain_text("Zed")


PAGES = ["/", "/tables?pick=1", "/round/1/table/1", "/round/1/table/1/totals", "/director",
         "/where?name=ann", "/round/1", "/results"]  # fmt: skip


def test_every_event_page_fits_a_phone(browser, serve, event):
    """At 320 pixels, the narrowest phone (the other tests here fit each page at 390)."""
    from playwright.sync_api import expect

    width = 320
    path, env = event
    base, key = serve()
    for name, value in (("Ann", "25"), ("Bea", "30")):
        subprocess.run([MAHJ, "event", "win", "1", "1", name, value, "--self-pick", "--session",
                        str(path)], env=env, check=True, capture_output=True)  # fmt: skip
    phone = entered(browser, base, key, viewport={"width": width, "height": 800},
                    is_mobile=True, has_touch=True)  # fmt: skip
    for url in PAGES:
        phone.goto(base + url)
        fits(phone, width)
    phone.goto(f"{base}/round/1/table/1/totals")
    for name in EIGHT[:4]:
        expect(phone.get_by_label(f"{name}'s total")).to_be_visible()
    expect(phone.get_by_role("button", name="Check the card")).to_be_visible()
    phone.goto(f"{base}/round/1/table/1")
    game(phone, 3, "25", "1", 3)
    phone.get_by_role("button", name="See the points").tap()
    expect(phone.locator("p.what")).to_contain_text("Cy wins 25, thrown by Ann, 3 exp.")
    fits(phone, width)


def test_a_tables_card_follows_a_game_entered_elsewhere_and_its_clock_keeps_counting(
    browser, serve, event
):
    """A table's page open on a phone shows a game another phone (here the laptop) put on
    the card, and, left alone, offers the next game; its clock still counts down."""
    from playwright.sync_api import expect

    path, env = event
    base, key = serve()
    mahj = [MAHJ, "event"]
    subprocess.run([*mahj, "start", "1", "--minutes", "50", "--session", str(path)],
                   env=env, check=True, capture_output=True)  # fmt: skip
    phone = entered(browser, base, key)
    phone.goto(f"{base}/round/1/table/1")
    expect(phone.locator(".clock-left")).to_have_text(re.compile(r"^(49|50):\d\d$"))
    subprocess.run([*mahj, "win", "1", "1", "Bea", "30", "--self-pick", "--session", str(path)],
                   env=env, check=True, capture_output=True)  # fmt: skip
    expect(phone.locator("#live")).to_contain_text("Bea wins 30, self-picked", timeout=10_000)
    expect(phone.locator("form.game h2")).to_contain_text("Game 2 of 4", timeout=10_000)
    shown = phone.locator(".clock-left").text_content()
    expect(phone.locator(".clock-left")).not_to_have_text(shown or "", timeout=5_000)


def test_a_tables_page_left_alone_offers_time_called_once_time_is_called(browser, serve, event):
    """The director calls time while a table's page is open and nothing is typed on it:
    the page shows the time-called button at once, not the game form it would refuse;
    a page where a game is being typed keeps what was typed."""
    from playwright.sync_api import expect

    path, env = event
    base, key = serve()
    mahj = [MAHJ, "event"]
    subprocess.run([*mahj, "start", "1", "--minutes", "50", "--session", str(path)],
                   env=env, check=True, capture_output=True)  # fmt: skip
    idle, typing = entered(browser, base, key), entered(browser, base, key)
    idle.goto(f"{base}/round/1/table/1")
    typing.goto(f"{base}/round/1/table/1")
    for phone in (idle, typing):
        expect(phone.get_by_role("button", name="See the points")).to_be_visible()
    typing.get_by_label("Value").fill("35")
    subprocess.run([*mahj, "call-time", "1", "--session", str(path)],
                   env=env, check=True, capture_output=True)  # fmt: skip
    expect(idle.get_by_role("button", name="Game 1: time called, 0 for all")).to_be_visible(
        timeout=10_000
    )
    expect(idle.get_by_role("button", name="See the points")).to_have_count(0)
    expect(typing.locator(".clock-left")).to_have_text("Time called", timeout=10_000)
    expect(typing.get_by_label("Value")).to_have_value("35")
    # sent anyway: refused, the game shown again (under "finished before time was called")
    typing.locator("label[for=w1]").tap()
    typing.locator("label[for=tself]").tap()
    typing.get_by_role("button", name="See the points").tap()
    expect(typing.locator("p.problem").first).to_contain_text("time was called for round 1")
    expect(typing.locator("details.before-time").get_by_label("Value")).to_be_visible()
    expect(typing.locator("details.before-time").get_by_label("Value")).to_have_value("35")


def test_a_game_put_on_the_card_while_the_server_was_down_goes_on_once(browser, serve, event):
    """The venue's Wi-Fi drops (here: the server stops) as a table puts a checked game on
    its card: the phone keeps it, says so, and sends it when the server answers again (at
    the same address); then a wall game kept before it was even checked follows it."""
    from playwright.sync_api import expect

    path, env = event
    base, key = serve()
    phone = entered(browser, base, key)
    phone.goto(f"{base}/round/1/table/1")
    game(phone, 2, "30", "self")
    phone.get_by_role("button", name="See the points").tap()
    expect(phone.locator("p.what")).to_contain_text("Bea wins 30, self-picked")
    phone.wait_for_load_state("load")  # its script too
    port = base.rsplit(":", 1)[1]
    serve.stop()
    phone.get_by_role("button", name="Put it on the card").tap()
    expect(phone.locator("#queue")).to_contain_text("Offline", timeout=10000)
    expect(phone.locator("#queue")).to_contain_text("1 game kept on this phone")
    serve.again(port)  # the phone sends it by itself, then shows the card
    expect(phone.locator("#live")).to_contain_text("Bea wins 30, self-picked", timeout=15000)
    expect(phone.locator("p.done")).to_contain_text("On the card:")
    expect(phone.locator("#queue")).to_be_hidden()
    serve.stop()
    phone.get_by_role("button", name="Wall game").tap()  # kept before it was checked
    expect(phone.locator("#queue")).to_contain_text("1 game kept on this phone", timeout=10000)
    serve.again(port)
    expect(phone.locator("#live")).to_contain_text("Wall game", timeout=15000)
    scorecard = [MAHJ, "event", "scorecard", "1", "1", "--json", "--session", str(path)]
    card = subprocess.run(scorecard, env=env, check=True, capture_output=True, text=True)
    assert [line["what"] for line in json.loads(card.stdout)["lines"]] == [
        "Bea wins 30, self-picked",
        "Wall game",
    ]


def test_a_paper_card_recorded_while_the_server_was_down_goes_in_once(browser, serve, event):
    from playwright.sync_api import expect

    path, env = event
    base, key = serve()
    phone = entered(browser, base, key)
    phone.goto(f"{base}/round/1/table/2/totals")
    for name, points in (("Eve", "30"), ("Fay", "0"), ("Gus", "-10"), ("Hal", "5")):
        phone.get_by_label(f"{name}'s total").fill(points)
    phone.get_by_role("button", name="Check the card").tap()
    expect(phone.get_by_role("button", name="Record the card")).to_be_visible()
    phone.wait_for_load_state("load")
    port = base.rsplit(":", 1)[1]
    serve.stop()
    phone.get_by_role("button", name="Record the card").tap()
    expect(phone.locator("#queue")).to_contain_text("Offline", timeout=10000)
    serve.again(port)
    expect(phone.locator("main")).to_contain_text("The card in: Eve +30", timeout=15000)
    scorecard = [MAHJ, "event", "scorecard", "1", "2", "--json", "--session", str(path)]
    card = subprocess.run(scorecard, env=env, check=True, capture_output=True, text=True)
    assert json.loads(card.stdout)["totals"] == {"Eve": 30, "Fay": 0, "Gus": -10, "Hal": 5}


def mahj_event(path: Path, env: dict[str, str], *args: str) -> None:
    """`mahj event ARGS...` at the laptop, on the served event."""
    subprocess.run([MAHJ, "event", *args, "--session", str(path)], env=env, check=True,
                   capture_output=True)  # fmt: skip


def test_taking_back_a_line_asks_first(browser, serve, event):
    """One tap on *Take back the last line* only asks, naming the line; *No, keep it*
    goes back with the card as it was, and only *Yes* takes the line back."""
    from playwright.sync_api import expect

    path, env = event
    base, key = serve()
    mahj_event(path, env, "win", "1", "1", "Ann", "25", "--self-pick")
    mahj_event(path, env, "win", "1", "1", "Bea", "30", "--self-pick")
    phone = entered(browser, base, key)
    phone.goto(f"{base}/round/1/table/1")
    before = path.read_bytes()
    take_back = phone.get_by_role("button", name=re.compile("^Take back the last line"))
    phone.locator("details.more summary").tap()
    take_back.tap()
    asked = "Take back the last line: Bea wins 30, self-picked?"
    expect(phone.get_by_role("heading", level=1)).to_have_text(asked)
    assert path.read_bytes() == before  # asked, not done
    fits(phone)
    assert violations(phone) == []
    shot(phone, "phone-event-take-back.png")
    phone.set_viewport_size({"width": 320, "height": 700})
    phone_text(phone, 200)  # the narrowest phone, its text at 200%
    fits(phone, 320)
    phone.get_by_role("link", name="No, keep it").tap()
    expect(phone.locator("#live")).to_contain_text("Bea wins 30, self-picked")
    assert path.read_bytes() == before
    phone.locator("details.more summary").tap()
    take_back.tap()
    phone.get_by_role("button", name="Yes, take it back").tap()
    expect(phone.locator("p.done")).to_contain_text("The last line was taken back.")
    expect(phone.locator("#live")).not_to_contain_text("Bea wins 30")
    expect(phone.locator("#live")).to_contain_text("Ann wins 25, self-picked")


def test_the_directors_news_line_never_hides_the_last_controls(browser, serve, event):
    """At 200% text on the narrowest phone, the line at the foot of the director's page
    ("Table 1 has handed in its card") is taller than a fixed space under the page would
    be: scrolled to the end, every last control is above it, none under it."""
    from playwright.sync_api import expect

    path, env = event
    base, key = serve()
    director = entered(browser, base, key, viewport={"width": 320, "height": 700},
                       is_mobile=True, has_touch=True)  # fmt: skip
    phone_text(director, 200)
    director.goto(f"{base}/director")
    for name in ("Ann", "Bea", "Cy", "Dot"):
        mahj_event(path, env, "win", "1", "1", name, "25", "--self-pick")
    mahj_event(path, env, "confirm", "1", "1", "Ann", "Bea", "Cy", "Dot")
    mahj_event(path, env, "hand-in", "1", "1", "Ann")
    line = director.locator(".news-line")
    expect(line).to_contain_text("Table 1 has handed in its card.", timeout=10000)
    code = director.locator("details.code summary")
    last = director.get_by_role("button", name=re.compile("^Make a new join code"))

    def clear(control: Any) -> None:
        director.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        under, bar = control.bounding_box(), line.bounding_box()
        assert bar["height"] > 7 * 32, bar  # taller than the 7rem the page used to leave
        assert under["y"] + under["height"] <= bar["y"], (under, bar)

    clear(code)
    code.tap()
    clear(last)
    fits(director, 320)
    director.evaluate("window.scrollTo(0, 0)")  # at the top, the line is still on screen
    expect(line).to_be_in_viewport()
    shot(director, "phone-director-news-200.png")


def test_a_control_reached_by_keyboard_is_never_under_the_directors_news_line(
    browser, serve, event
):
    """With large text, the line at the foot of the director's page is tall: the button
    the keyboard moves to (a handed-in card's *Accept*) is brought into view above it, not
    under it."""
    from playwright.sync_api import expect

    path, env = event
    base, key = serve()
    director = entered(browser, base, key, viewport={"width": 390, "height": 700},
                       is_mobile=True, has_touch=True)  # fmt: skip
    phone_text(director, 200)
    for name in ("Ann", "Bea", "Cy", "Dot"):
        mahj_event(path, env, "win", "1", "1", name, "25", "--self-pick")
    mahj_event(path, env, "confirm", "1", "1", "Ann", "Bea", "Cy", "Dot")
    director.goto(f"{base}/director")
    mahj_event(path, env, "hand-in", "1", "1", "Ann")
    line = director.locator(".news-line")
    expect(line).to_contain_text("Table 1 has handed in its card.", timeout=10000)
    director.goto(f"{base}/director")  # table 1's card to accept is on the page now
    for name in ("Eve", "Fay", "Gus", "Hal"):
        mahj_event(path, env, "win", "1", "2", name, "25", "--self-pick")
    mahj_event(path, env, "confirm", "1", "2", "Eve", "Fay", "Gus", "Hal")
    mahj_event(path, env, "hand-in", "1", "2", "Eve")
    expect(line).to_contain_text("Table 2 has handed in its card.", timeout=10000)
    accept = director.get_by_role("button", name=re.compile("^Accept"))
    director.evaluate("window.scrollTo(0, 0)")
    for _ in range(80):
        director.keyboard.press("Tab")
        if accept.evaluate("b => b === document.activeElement"):
            break
    else:
        raise AssertionError("the keyboard never reached Accept")
    under, bar = accept.bounding_box(), line.bounding_box()
    assert under["y"] + under["height"] <= bar["y"], (under, bar)


def test_a_tables_page_left_alone_moves_on_with_the_room(browser, serve, event):
    """A refusal shown on a table's page stays while the page follows its card (so its
    forms are for the card as it is); once the card is accepted and the next round is on
    the floor, the page left alone links to it."""
    from playwright.sync_api import expect

    path, env = event
    base, key = serve()

    def run(*args: str) -> None:
        subprocess.run([MAHJ, "event", *args, "--session", str(path)],
                       env=env, check=True, capture_output=True)  # fmt: skip

    run("start", "1", "--minutes", "50")
    phone = entered(browser, base, key)
    phone.goto(f"{base}/round/1/table/1")
    phone.evaluate("""localStorage.setItem('mahj-refused', JSON.stringify(
        [{message: 'the card has changed', table: '1'}]))""")  # as a game sent and refused
    phone.reload()
    refused = phone.locator("#sent-problem")
    expect(refused).to_contain_text("the card has changed")
    run("wall", "1", "1")
    expect(phone.locator("form.game h2")).to_contain_text("Game 2 of 4", timeout=10_000)
    expect(refused).to_contain_text("the card has changed")  # not lost to the reload
    phone.goto(f"{base}/round/1/table/1")
    for _ in range(3):
        run("wall", "1", "1")
    seats = [name for name in EIGHT[:4]]
    run("confirm", "1", "1", *seats)
    run("hand-in", "1", "1", seats[0])
    run("accept", "1", "1")
    run("score", "1", "2", *(f"{name}=0" for name in EIGHT[4:]))
    run("seating", "2")
    run("start", "2", "--minutes", "50")
    link = phone.get_by_role("link", name="round 2 is on the floor")
    expect(link).to_be_visible(timeout=10_000)
