"""Every HTML page mahj makes, in a real browser (Playwright driving the system chromium)
at a small phone's width (320 px), a common phone's (390 px) and a television's (1920 px):
none scrolls sideways, and nothing on it reaches past the screen's edge, not even inside
a box of its own that scrolls (a table only two players wide of twelve, with no hint to
scroll, is what this guards against). The event's screen on a 1920x1080 television lays
a round's tables out in a grid that uses the screen, and pages through a round too big
for one screen by itself. Every screen of the room fits a television (1920x1080 and
1280x720), which cannot be scrolled: a list too long pages, or shows what fits."""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import SAMPLES
from tests.system.test_serve_process import MAHJ, start

pytestmark = pytest.mark.slow
WIDTHS = (320, 390, 1920)
FITS = """() => {
    const w = innerWidth;
    const out = [...document.querySelectorAll('body *')].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && (r.right > w + 0.5 || r.left < -0.5);
    }).map((e) => e.tagName.toLowerCase() + '.' + e.className + ' '
                  + Math.round(e.getBoundingClientRect().right));
    return {scroll: document.documentElement.scrollWidth, inner: w, out: out.slice(0, 5)};
}"""


def _env(folder: Path) -> dict[str, str]:
    return {**os.environ, "MAHJ_DATA_DIR": str(folder / "data"), "NO_COLOR": "1"}


def _mahj(env: dict[str, str], *args: str) -> None:
    subprocess.run([MAHJ, *args], env=env, check=True, capture_output=True, timeout=120)


def assert_fits(browser, url: str, width: int, *, enter: str | None = None) -> None:
    """The page at `url` on a screen `width` pixels wide: no sideways scrolling at all."""
    context = browser.new_context(viewport={"width": width, "height": 900},
                                  is_mobile=width < 500, has_touch=width < 500)  # fmt: skip
    try:
        page = context.new_page()
        if enter:
            page.goto(enter)
        page.goto(url)
        found = page.evaluate(FITS)
    finally:
        context.close()
    assert found["inner"] == width and found["scroll"] <= width and found["out"] == [], (
        url,
        width,
        found,
    )


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> dict[str, Path]:
    """The pages `mahj` writes: two nights' --html pages and an event's results page."""
    folder = tmp_path_factory.mktemp("pages")
    env = _env(folder)
    pages = {}
    for name in ("club-night.toml", "five-player-pie-night.toml", "rules-worked-night.toml"):
        page = folder / (name.removesuffix(".toml") + ".html")
        _mahj(env, "total", "--html", str(page), "--session", str(SAMPLES / name))
        pages[name] = page
    event = folder / "spring-open"
    shutil.copytree(SAMPLES / "spring-open", event)
    results = folder / "results.html"
    _mahj(env, "event", "standings", "--html", str(results), "--session",
          str(event / "spring-open.toml"))  # fmt: skip
    pages["results"] = results
    return pages


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", ["club-night.toml", "five-player-pie-night.toml",
                                  "rules-worked-night.toml", "results"])  # fmt: skip
def test_written_pages_fit(browser, made, name, width):
    assert_fits(browser, made[name].as_uri(), width)


@pytest.fixture(scope="module")
def served_night(tmp_path_factory) -> Iterator[tuple[str, str]]:
    """The sample club night served: its address and the entry link."""
    folder = tmp_path_factory.mktemp("night")
    night = folder / "club-night.toml"
    night.write_bytes((SAMPLES / "club-night.toml").read_bytes())
    server, base, key = start("--session", str(night), env=_env(folder))
    try:
        yield base, f"{base}/enter?key={key}"
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)


# At 320 pixels each of these pages is checked with double text (test_pages_for_everyone),
# and a table's pages are a phone's, so only the screen is fitted to a television too.
@pytest.mark.parametrize(
    ("path", "width"),
    [("/", 390), ("/", 1920), ("/tables", 390), ("/table/1", 390), ("/table/2/undo", 390)],
)
def test_a_served_nights_pages_fit(browser, served_night, path, width):
    base, enter = served_night
    assert_fits(browser, base + path, width, enter=enter)


@pytest.fixture(scope="module")
def served_room(tmp_path_factory) -> Iterator[str]:
    """A folder of nights served (one file a table)."""
    folder = tmp_path_factory.mktemp("room")
    for name in ("club-night.toml", "five-player-pie-night.toml", "tournament-two-rounds.toml"):
        (folder / name).write_bytes((SAMPLES / name).read_bytes())
    server, base, _ = start("--dir", str(folder), env=_env(folder))
    try:
        yield base
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_rooms_page_fits(browser, served_room, width):
    assert_fits(browser, served_room + "/", width)


def _event(folder: Path, tables: int) -> Path:
    """An event of `tables` tables of four, round 1 seated."""
    path = folder / f"event-{tables}.toml"
    names = [f"Player {n:03d}" for n in range(1, 4 * tables + 1)]
    _mahj(_env(folder), "event", "new", f"Open of {tables} tables", *names, "--rounds", "4",
          "--seed", "7", "--session", str(path))  # fmt: skip
    return path


@pytest.fixture(scope="module")
def served_event(tmp_path_factory) -> Iterator[tuple[str, str]]:
    """The sample event served: its address and the entry link."""
    folder = tmp_path_factory.mktemp("event")
    shutil.copytree(SAMPLES / "spring-open", folder / "spring-open")
    event = folder / "spring-open" / "spring-open.toml"
    server, base, key = start("--event", "--session", str(event), env=_env(folder))
    try:
        yield base, f"{base}/enter?key={key}"
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)


@pytest.mark.parametrize(
    ("path", "width"),
    [("/", 320), ("/", 390), ("/", 1920), ("/round/3", 390), ("/round/3", 1920),
     ("/round/3/table/1", 390)],
)  # fmt: skip
def test_an_events_pages_fit(browser, served_event, path, width):
    base, enter = served_event
    assert_fits(browser, base + path, width, enter=enter)


TV = {"width": 1920, "height": 1080}
BELOW = """() => [...document.querySelectorAll('body *')].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.height > 0 && r.bottom > innerHeight + 0.5
            && getComputedStyle(e).visibility !== 'hidden';
    }).map((e) => e.tagName.toLowerCase() + '.' + e.className + ' '
                  + Math.round(e.getBoundingClientRect().bottom)).slice(0, 5)"""


def assert_on_one_screen(browser, url: str, size: tuple[int, int]) -> None:
    """The room's screen on a television of `size`: it cannot be scrolled, so nothing
    shown may reach below its bottom (a list too long pages, or shows what fits)."""
    width, height = size
    page = browser.new_page(viewport={"width": width, "height": height})
    try:
        page.goto(url)
        page.wait_for_function("document.body.classList.contains('fit')")
        below = page.evaluate(BELOW)
        tall = page.evaluate("document.documentElement.scrollHeight")
    finally:
        page.close()
    assert below == [] and tall <= height, (url, size, below, tall)


@pytest.fixture(scope="module")
def served_late(tmp_path_factory) -> Iterator[tuple[str, str]]:
    """The sample club night, closed by the organiser; and a 400-player event with round 1's
    cards in (ties among its standings): each served, their addresses."""
    from tests.web.conftest import cli

    folder = tmp_path_factory.mktemp("late")
    night = folder / "club-night.toml"
    night.write_bytes((SAMPLES / "club-night.toml").read_bytes())
    event = _event(folder, 100)
    seating = json.loads(cli("event", "seating", "1", "--json", "--session", str(event)))
    cards = []  # each table's card of round totals, as the director's key would type it
    for number, table in enumerate(seating["tables"], 1):
        names = list(table["seats"].values())
        points = [25 + number % 7 * 5, -10, number % 3 * 10, 0]
        totals = ", ".join(f'"{name}" = {p}' for name, p in zip(names, points, strict=True))
        cards.append(f"\n[[cards]]\nround = 1\ntable = {number}\ntotals = {{ {totals} }}\n")
    with event.open("a", encoding="utf-8") as file:  # written at once: 100 commands take long
        file.write("".join(cards))
    assert "OK" in cli("event", "check", "--session", str(event))
    servers = [start("--session", str(night), env=_env(folder)),
               start("--event", "--session", str(event), env=_env(folder))]  # fmt: skip
    try:
        (_, base, key), (_, event_base, _) = servers
        from tests.system.every_page import post

        post(base, key, "/close-night", {})
        yield base, event_base
    finally:
        for server, _, _ in servers:
            server.send_signal(signal.SIGINT)
            server.communicate(timeout=15)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_every_screen_of_the_room_fits_a_television(
    browser, served_night, served_event, served_late, size
):
    """The club night under way (its last games, the settle-up so far), the same night
    over, the sample event over, and a 400-player event's standings with shared places."""
    for url in (served_night[0], served_event[0], *served_late):
        assert_on_one_screen(browser, url + "/", size)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_the_screen_with_the_join_code_fits_a_television(browser, served_night, size):
    """The join code and its QR code take the top of the screen while the phones join:
    the club night under way below it still fits (the last games give way first)."""
    base, enter = served_night
    key = enter.split("key=", 1)[1]
    fits_with_the_join_code(browser, base, key, size)


def fits_with_the_join_code(browser, base: str, key: str, size) -> None:  # type: ignore[no-untyped-def]
    """The room's screen, the join code shown on it, still fits; then the code is hidden."""
    from tests.system.every_page import post

    post(base, key, "/join-code", {"show": "true"})
    try:
        assert_on_one_screen(browser, base + "/", size)
    finally:
        post(base, key, "/join-code", {"show": "false"})


def test_a_room_of_many_tables_fits_a_television_a_page_at_a_time(browser, tmp_path: Path):
    """`mahj serve --dir` over 14 tables' nights: the cards that fit, then the next page."""
    for n in range(1, 15):
        (tmp_path / f"table-{n:02}.toml").write_bytes((SAMPLES / "club-night.toml").read_bytes())
    server, base, _ = start("--dir", str(tmp_path), env=_env(tmp_path))
    try:
        for size in [(1920, 1080), (1280, 720)]:
            assert_on_one_screen(browser, base + "/", size)
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)


def test_the_last_games_follow_the_tables_with_no_empty_band(browser, tmp_path: Path):
    """A club night's start, 14 names in the standings beside three tables: the last games
    come right under the waiting line (they were pushed to the foot of the standings,
    under an empty band a quarter of the screen high)."""
    from tests.web.conftest import cli

    night = tmp_path / "club.toml"
    names = ["Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Eve", "Flo", "Gil"]
    cli("new", *names, "Hal", "Iris", "Jo", "--tables", "3", "--session", str(night))
    server, base, _ = start("--session", str(night), env=_env(tmp_path))
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    try:
        page.goto(base + "/")
        page.wait_for_function("document.body.classList.contains('fit')")
        gap = page.evaluate("""() => {
            const box = (s) => document.querySelector(s).getBoundingClientRect();
            return box('section.recent').top - box('section.tables').bottom; }""")
    finally:
        page.close()
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)
    assert 0 < gap < 50, gap


def test_a_big_events_standings_show_many_places_a_page(browser, served_late):
    """400 players: the standings page through by themselves, a screenful of places at a
    time, their notes kept short (the shared places show as =3 in the list itself)."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        page.goto(served_late[1] + "/")
        page.wait_for_function("document.querySelector('.standings .list-pager') !== null")
        label = page.locator(".standings .list-pager").inner_text()
    finally:
        page.close()
    first, last = re.match(r"Players (\d+)\D(\d+) of 400", label).groups()  # type: ignore[union-attr]
    assert int(first) == 1 and int(last) >= 8, label


SHOWN = """() => [...document.querySelectorAll('.seating article.table')]
    .filter((e) => e.getBoundingClientRect().height > 0)
    .map((e) => { const r = e.getBoundingClientRect();
                  return {table: parseInt(e.querySelector('h3').textContent.match(/\\d+/)[0]),
                          left: r.left, right: r.right, bottom: r.bottom}; })"""


@contextlib.contextmanager
def _tv(browser, tables: int, tmp_path: Path) -> Iterator[Any]:
    """The event's screen on a television, for an event of `tables` tables (the server
    and the page are closed afterwards, whatever happens)."""
    event = _event(tmp_path, tables)
    server, base, _ = start("--event", "--session", str(event), env=_env(tmp_path))
    page = None
    try:
        page = browser.new_page(viewport=TV)
        page.goto(base + "/")
        page.wait_for_function("document.body.classList.contains('fit')")
        yield page
    finally:
        if page is not None:
            page.close()
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)


def test_ten_tables_fill_a_television_at_once(browser, tmp_path: Path):
    with _tv(browser, 10, tmp_path) as page:
        shown = page.evaluate(SHOWN)
        size = page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
        )
        pager = page.locator(".seating-pager")
        assert pager.count() == 0 or not pager.is_visible()
    assert sorted(t["table"] for t in shown) == list(range(1, 11))  # every table at once
    assert size[0] <= 1920 and size[1] <= 1080  # one screen, no scrolling
    columns = {round(t["left"]) for t in shown}
    assert len(columns) >= 4  # a grid across the screen, not one narrow column
    assert max(t["right"] for t in shown) > 1920 / 2


def test_a_hundred_tables_page_through_by_themselves(browser, tmp_path: Path):
    with _tv(browser, 100, tmp_path) as page:
        seen: set[int] = set()
        pages = 0
        while len(seen) < 100 and pages < 20:
            shown = page.evaluate(SHOWN)
            assert shown and all(t["bottom"] <= 1080 for t in shown)
            size = page.evaluate(
                "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
            )
            assert size[0] <= 1920 and size[1] <= 1080, size
            assert len({round(t["left"]) for t in shown}) >= 4
            seen |= {t["table"] for t in shown}
            pages += 1
            label = page.locator(".seating-pager").inner_text()
            page.locator(".seating-pager").click()  # as the timer does, only sooner
            page.wait_for_function(
                "(was) => document.querySelector('.seating-pager').innerText !== was", arg=label
            )
        assert seen == set(range(1, 101))
        assert 2 <= pages <= 8  # each page uses the screen
        interval = page.evaluate("document.querySelector('.seating-pager').dataset.seconds")
        assert 5 <= int(interval) <= 20  # and it turns by itself


ONE_LINE = """() => [...document.querySelectorAll('.standings td.who')]
    .filter((e) => e.getBoundingClientRect().height > 0)
    .map((e) => { const r = document.createRange(); r.selectNodeContents(e);
                  const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
                  return [e.textContent, tops.size]; })"""


@pytest.mark.parametrize("width", WIDTHS)
def test_an_events_standings_keep_each_name_on_one_line(browser, served_event, width):
    """Three rounds played: beside the television's grid of tables (a quarter of the
    screen) and on a phone, each name is read whole, never squeezed to a letter a line;
    each player's rounds go under the name where the standings are narrow."""
    base, _ = served_event
    context = browser.new_context(viewport={"width": width, "height": 1080})
    try:
        page = context.new_page()
        page.goto(base + "/")
        names = page.evaluate(ONE_LINE)
    finally:
        context.close()
    assert names and all(lines == 1 for _, lines in names), names


LONG_NAMES = ("Wilhelmina", "Marguerite", "Bernadette", "Gwendolyn")
CUT = """(names) => {
    const cut = [], walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        for (const name of names) {
            const at = n.data.indexOf(name);
            if (at < 0 || !n.parentElement.getClientRects().length) continue;
            const r = document.createRange(); r.setStart(n, at); r.setEnd(n, at + name.length);
            const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
            if (tops.size > 1) cut.push(n.parentElement.tagName + " " + name);
        }
    }
    return cut;
}"""


def cut_names(browser, base: str, key: str, paths: tuple[str, ...], width: int, larger: bool):
    """The long names cut in two on the pages at `paths`: a name a line may hold is read
    whole (on the card, the seats, the choices, the standings), never split mid-word."""
    context = browser.new_context(viewport={"width": width, "height": 844}, is_mobile=True)
    found = []
    try:
        page = context.new_page()
        page.goto(f"{base}/enter?key={key}")
        page.evaluate(f"localStorage.setItem('mahj-larger-text', '{int(larger)}')")
        for path in paths:
            page.goto(base + path)
            found += [f"{path}: {cut}" for cut in page.evaluate(CUT, list(LONG_NAMES))]
    finally:
        context.close()
    return found


def test_an_event_phone_reads_long_names_whole_with_larger_text(browser, tmp_path: Path):
    """Every event page a phone opens has the larger-text switch the club night's pages
    have; with it on, a table's card, its paper-card form and the results keep each
    ten-letter name whole (the card's totals cut it in two beside its points)."""
    env = _env(tmp_path)
    event = tmp_path / "long.toml"
    _mahj(env, "event", "new", "Long Names Cup", *LONG_NAMES, "--rounds", "1",
          "--session", str(event))  # fmt: skip
    server, base, key = start("--event", "--session", str(event), env=env)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(f"{base}/enter?key={key}")
        for path in ("/tables", "/where", "/round/1", "/results", "/director"):
            page.goto(base + path)
            assert page.get_by_role("button", name="Larger text").count() == 1, path
        page.get_by_role("button", name="Larger text").click()
        page.goto(base + "/")  # the room's screen on this phone keeps the larger text
        assert page.evaluate("document.documentElement.classList.contains('bigger-text')")
        paths = ("/round/1/table/1", "/round/1/table/1/totals", "/results", "/")
        assert cut_names(browser, base, key, paths, 390, larger=True) == []
    finally:
        context.close()
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)


@pytest.mark.parametrize(("width", "larger"), [(320, False), (390, True)])
def test_a_club_night_s_phones_read_long_names_whole(browser, tmp_path: Path, width, larger):
    """A table's page (its seats and the winner's choices), the scoreboard's standings and
    the organiser's page, on a small phone and with larger text on a common one."""
    env = _env(tmp_path)
    night = tmp_path / "long.toml"
    _mahj(env, "new", *LONG_NAMES, "--session", str(night))
    server, base, key = start("--session", str(night), env=env)
    try:
        paths = ("/table/1", "/", "/organiser")
        assert cut_names(browser, base, key, paths, width, larger) == []
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)


PAYMENTS = """() => [...document.querySelectorAll('.settle .payments li')]
    .filter((e) => e.getBoundingClientRect().height > 0)
    .map((e) => [e.textContent, e.getBoundingClientRect().bottom])"""


def test_the_settle_up_pages_through_every_payment_once_on_a_television(browser, tmp_path: Path):
    """Three tables and a line, eleven payments to settle, on a television whose settle-up
    has room for a few rows only (as when the line is long): the payments are shown a
    page at a time, two to a row, each on exactly one page, the first page as full as
    any (two columns once counted as one: pages of 3, then 8 running off the screen)."""
    from tests.web.conftest import cli

    night = tmp_path / "many.toml"
    names = [f"Player{n:02}" for n in range(1, 17)]
    cli("new", *names, "--tables", "3", "--session", str(night))
    for rnd in range(3):
        for table in (1, 2, 3):
            status = json.loads(cli("status", "--json", "--session", str(night)))
            at = list(next(t for t in status["tables"] if t["table"] == table)["seated"])
            winner, thrower = at[rnd % 4], at[(rnd + table) % 4]
            if winner == thrower:
                thrower = at[(rnd + 2) % 4]
            cli("win", winner, str(25 + 5 * (rnd + table)), "--thrown-by", thrower,
                "--session", str(night))  # fmt: skip
    server, base, _ = start("--session", str(night), env=_env(tmp_path))
    page = browser.new_page(viewport=TV)
    try:
        page.goto(base + "/")
        page.wait_for_function("document.body.classList.contains('fit')")
        page.evaluate("""() => {
            document.querySelector('.settle .payments').setAttribute('data-room', '0.11');
            window.dispatchEvent(new Event('resize'));
        }""")
        every = page.evaluate("document.querySelectorAll('.settle .payments li').length")
        pager = page.locator(".settle .list-pager")
        pages = int(pager.inner_text().rsplit(" of ", 1)[1])
        assert every == 11 and pages >= 2
        shown: list[list[str]] = []
        for _ in range(pages):
            items = page.evaluate(PAYMENTS)
            assert all(bottom <= 1080 for _, bottom in items), items
            shown.append([text for text, _ in items])
            label = pager.inner_text()
            pager.click()
            page.wait_for_function(
                "(was) => document.querySelector('.settle .list-pager').innerText !== was",
                arg=label,
            )
        seen = [text for one in shown for text in one]
        assert len(seen) == len(set(seen)) == every, shown
        assert len(shown[0]) >= max(len(one) for one in shown), shown
    finally:
        page.close()
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)


@pytest.fixture(scope="module")
def long_named_club(tmp_path_factory) -> Iterator[tuple[str, str]]:
    """Three tables, a kitty, fifteen players (three waiting, long names among them) and a
    dozen games, so that eleven payments are to settle: served, its address and key."""
    from tests.web.conftest import cli

    folder = tmp_path_factory.mktemp("longclub")
    night = folder / "club.toml"
    names = ["Bartholomew-Alexandra Featherstonehaugh", "[bold]Sue", "<b>Ann</b>", "José",
             "Ruth", "Linda", "Kathy", "Pat", "Bea", "Cy", "Dot", "Eve", "Flo",
             "Maximiliana Wolfeschlegelsteinhausen", "Gil"]  # fmt: skip
    cli("new", *names, "--tables", "3", "--house", "kitty=25", "--session", str(night))
    for rnd in range(4):
        for table in (1, 2, 3):
            if table == 3 and rnd % 2:
                cli("wall", "--table", "3", "--session", str(night))
                continue
            status = json.loads(cli("status", "--json", "--session", str(night)))
            at = list(next(t for t in status["tables"] if t["table"] == table)["seated"])
            winner, thrower = at[(rnd + table) % 4], at[(rnd + table + 1) % 4]
            cli("win", winner, str(25 + 5 * (rnd + table)), "--thrown-by", thrower,
                "--session", str(night))  # fmt: skip
    server, base, key = start("--session", str(night), env=_env(folder))
    try:
        yield base, key
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_a_long_line_and_long_names_fit_a_television_with_the_settle_up_in_pages(
    browser, long_named_club, size
):
    """The waiting line is one strip under the tables that fill their row, so the settle-up
    keeps room for a page of payments; with the join code shown too, a settle-up that
    would still not fit gives way rather than run off the screen a line at a time."""

    base, key = long_named_club
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        page.goto(base + "/")
        page.wait_for_function("document.body.classList.contains('fit')")
        label = page.locator(".settle .list-pager").inner_text()
        first, last = re.match(r"Payments (\d+)\D(\d+) of", label).groups()  # type: ignore[union-attr]
        assert int(last) - int(first) + 1 >= 4, label
    finally:
        page.close()
    assert_on_one_screen(browser, base + "/", size)
    fits_with_the_join_code(browser, base, key, size)


SETTLE_SHOWN = """() => ({
    payments: [...document.querySelectorAll('.settle .payments:not(.settled) li')]
        .filter((e) => e.getBoundingClientRect().height > 0).length,
    pager: [...document.querySelectorAll('.settle .list-pager')].map((e) => e.textContent),
    games: [...document.querySelectorAll('.recent .games li')]
        .filter((e) => e.getBoundingClientRect().height > 0).length})"""


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (1366, 768), (2560, 1440)])
def test_a_busy_night_keeps_who_pays_whom_after_a_leaver_settles(browser, tmp_path: Path, size):
    """Four tables and a kitty, five games, then a player leaves and settles: the lines of
    what she settled come under the settle-up. The settle-up still shows a page of its
    payments (it turns by itself); the last games give way before it, never it to them."""
    from tests.web.conftest import cli

    night = tmp_path / "busy.toml"
    names = [f"{t}{n}" for t in "ABCD" for n in range(1, 5)] + ["W1"]
    session = ("--session", str(night))
    cli("new", *names, "--tables", "4", "--house", "kitty", *session)
    for game in (("A1", "25", "--thrown-by", "A2"), ("B3", "30", "--self-pick"),
                 ("C2", "25", "--thrown-by", "C4"),
                 ("D4", "40", "--thrown-by", "D1", "--jokerless")):  # fmt: skip
        cli("win", *game, *session)
    cli("wall", "--table", "3", *session)
    cli("leave", "B3", "--settle", *session)
    server, base, _ = start(*session, env=_env(tmp_path))
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        page.goto(base + "/")
        page.wait_for_function("document.body.classList.contains('fit')")
        shown = page.evaluate(SETTLE_SHOWN)
    finally:
        page.close()
    try:
        assert shown["payments"] >= 2 and len(shown["pager"]) == 1, shown
        assert shown["pager"][0].startswith("Payments 1\u2013"), shown
        assert_on_one_screen(browser, base + "/", size)
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)


def test_the_last_games_say_how_many_earlier_games_there_are(browser, served_night):
    """The screen is sent the latest few games and shows those that fit: the line under
    them counts every earlier game of the night, not only the ones it was sent."""
    page = browser.new_page(viewport={"width": 1920, "height": 1200})
    try:
        page.goto(served_night[0] + "/")
        page.wait_for_function("document.querySelector('.more-note') !== null")
        shown = page.evaluate(
            "[...document.querySelectorAll('.games li')].filter((e) => e.offsetHeight)"
            ".map((e) => e.querySelector('.num').textContent)"
        )
        note = page.locator(".more-note").inner_text()
    finally:
        page.close()
    assert shown and shown[0].startswith("Game 7"), shown
    last = int(re.match(r"Game (\d+)", shown[-1])[1])  # type: ignore[index]
    assert note == f"and {last - 1} earlier games", (shown, note)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_an_event_under_way_with_the_join_code_and_long_names_uses_the_screen(
    browser, tmp_path: Path, size
):
    """Forty-two players, two with long names, round 1's first cards in and the join code
    shown: a page of the round's tables holds at least a whole row of them (never one
    table a page), and the standings a place a line (round 1's points would only say the
    total again), so the screen still answers "where is my table?" and "how am I doing?"."""
    from tests.system.every_page import post
    from tests.web.conftest import cli

    names = [f"Player {n:02d}" for n in range(1, 41)]
    names += ["Maximiliana Wolfeschlegelsteinhausen", "Mary-Catherine O'Donnell-Fitzpatrick"]
    event = tmp_path / "event.toml"
    cli("event", "new", "Spring Open", *names, "--rounds", "4", "--seed", "3",
        "--session", str(event))  # fmt: skip
    cli("event", "start", "1", "--session", str(event))
    seating = json.loads(cli("event", "seating", "1", "--json", "--session", str(event)))
    for number, table in enumerate(seating["tables"][:6], 1):
        seats = list(table["seats"].values())
        totals = [f"{name}={p}" for name, p in zip(seats, (40, 20, -10, 0), strict=True)]
        cli("event", "score", "1", str(number), *totals, "--session", str(event))
    server, base, key = start("--event", "--session", str(event), env=_env(tmp_path))
    post(base, key, "/director/join-code", {"show": "true"})
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        page.goto(base + "/")
        page.wait_for_function("document.body.classList.contains('fit')")
        shown = page.evaluate(SHOWN)
        places = page.evaluate(
            "[...document.querySelectorAll('.standings tbody tr')]"
            ".filter((e) => e.getBoundingClientRect().height > 0).length"
        )
        rounds = page.evaluate(
            "[...document.querySelectorAll('.standings td.round')]"
            ".filter((e) => e.getBoundingClientRect().height > 0).length"
        )
        below = page.evaluate(BELOW)
        tall = page.evaluate("document.documentElement.scrollHeight")
    finally:
        page.close()
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)
    assert len({round(t["left"]) for t in shown}) >= 4, shown  # a row of tables at least
    assert all(t["bottom"] <= size[1] for t in shown), shown
    assert rounds == 0 and places >= 6, (rounds, places)
    assert below == [] and tall <= size[1], (below, tall)


SEAT_BESIDE = """() => [...document.querySelectorAll('.seats li')]
    .filter((e) => e.getBoundingClientRect().height > 0)
    .map((e) => { const w = e.querySelector('.wind').getBoundingClientRect(),
                        n = e.querySelector('.name').getBoundingClientRect();
                  return [e.querySelector('.name').textContent,
                          n.top < w.bottom && n.left >= w.right - 0.5]; })"""
LONG_NAME = "Mary-Lou Henderson-Whitfield"


def test_a_long_name_sits_beside_its_seat_on_the_screen(browser, tmp_path: Path):
    """The event's screen and a club night's, a long name among the seats, on a TV, a
    laptop and a phone: each name starts on its seat's line and wraps within its own
    column, never below a seat left bare (which reads as an empty seat across the room)."""
    env = _env(tmp_path)
    event, night = tmp_path / "cup.toml", tmp_path / "club.toml"
    names = [LONG_NAME, "Ann", "Bea", "Cy", "Dot", "Eve", "Fay", "Gus"]
    _mahj(env, "event", "new", "Cup", *names, "--rounds", "2", "--given",
          "--session", str(event))  # fmt: skip
    _mahj(env, "event", "start", "1", "--session", str(event))
    _mahj(env, "new", *names, "--tables", "2", "--session", str(night))
    servers = [start("--event", "--session", str(event), env=env),
               start("--session", str(night), env=env)]  # fmt: skip
    found = []
    try:
        for _, base, key in servers:
            page = browser.new_page()
            try:
                page.goto(f"{base}/enter?key={key}")
                for size in ((1920, 1080), (1280, 720), (390, 844)):
                    page.set_viewport_size({"width": size[0], "height": size[1]})
                    for path in ("/", "/table/1") if base == servers[1][1] else ("/",):
                        page.goto(base + path)
                        found += [(size, path, *seat) for seat in page.evaluate(SEAT_BESIDE)]
            finally:
                page.close()
    finally:
        for server, _, _ in servers:
            server.send_signal(signal.SIGINT)
            server.communicate(timeout=15)
    assert len([f for f in found if f[2] == LONG_NAME]) == 9, found
    assert all(beside for *_, beside in found), [f for f in found if not f[3]]


def test_picking_a_name_on_a_phone_each_name_is_one_wide_target(browser, tmp_path: Path):
    """ "Or pick your name": each name is a target the width of its column, at least 44 px
    high, and a long name's wrapped lines sit close together (it reads as one name, not
    three)."""
    from tests.web.conftest import cli

    event = tmp_path / "event.toml"
    names = ["李", "Pat", "Bartholomew-Alexandra Featherstonehaugh", "Ann", "Bea", "Cy",
             "Dot", "Eve"]  # fmt: skip
    cli("event", "new", "Cup", *names, "--rounds", "2", "--given", "--session", str(event))
    server, base, _ = start("--event", "--session", str(event), env=_env(tmp_path))
    page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page.goto(base + "/where")
        page.get_by_text("Or pick your name").click()
        found = page.evaluate("""() => [...document.querySelectorAll('.names a')].map((a) => {
            const r = a.getBoundingClientRect(), range = document.createRange();
            range.selectNodeContents(a);
            const tops = [...new Set([...range.getClientRects()].map((x) => Math.round(x.top)))];
            const steps = tops.slice(1).map((t, i) => t - tops[i]);
            return [a.textContent, r.width, r.height, Math.max(0, ...steps)]; })""")
    finally:
        page.close()
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)
    assert len(found) == 8
    for name, width, height, step in found:
        assert width >= 120 and height >= 44, (name, width, height)
        assert step < 36, (name, step)  # wrapped lines a line apart, not a target apart


@pytest.mark.parametrize("size", [(1280, 720)])  # the list pages: the harder case
def test_where_do_i_sit_on_the_screen_reads_down_each_column(browser, tmp_path: Path, size):
    """Between rounds the screen lists every player by name in columns: the names run
    down the first column, then the next, as a sheet pinned on a wall does (a player
    reading down a column finds her name where the alphabet puts it)."""
    env = _env(tmp_path)
    names = ["Ann", "Barbara", "Bea", "Bev", "Carol", "Cy", "Diane", "Donna", "Dot", "Elaine",
             "Eve", "Flo", "Fran", "Gail", "Gwen", "Hattie", "Helen", "Ida", "Irene", "Jean",
             "Joan", "Judy", "Karen", "Kathy", "Kay", "Linda", "Lou", "Mae", "Marilyn",
             "Nancy", "Nell", "Olive", "Pat", "Peg", "Rita", "Rose", "Ruth", "Sharon", "Sue",
             "Susan"]  # fmt: skip
    event = tmp_path / "big.toml"
    _mahj(env, "event", "new", "Big Day", *names, "--rounds", "3", "--seed", "3",
          "--session", str(event))  # fmt: skip
    server, base, _ = start("--event", "--session", str(event), env=env)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    try:
        page = context.new_page()
        page.goto(base + "/")
        page.wait_for_timeout(300)
        shown = page.evaluate("""() => Array.from(document.querySelectorAll('.by-name li'))
            .filter((li) => li.getBoundingClientRect().height > 0)
            .map((li) => { const r = li.getBoundingClientRect();
                           return [Math.round(r.left), Math.round(r.top),
                                   li.querySelector('.who').textContent]; })""")
        lefts = sorted({left for left, _, _ in shown})
        assert len(lefts) >= 2, shown  # the list takes more than one column here
        down = [who for _, _, who in sorted(shown, key=lambda s: (s[0], s[1]))]
        assert down == sorted(down, key=str.casefold), down
    finally:
        context.close()
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)


ONE_LINE_DATE = """(selector) => {
    const heading = document.querySelector(selector);
    const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
    const texts = [];
    while (walker.nextNode()) texts.push(walker.currentNode);
    const whole = texts.map((t) => t.data).join('');
    const found = /\\d{4}-\\d{2}-\\d{2}/.exec(whole);
    if (!found) return {whole, lines: 0};
    const at = (offset) => {
        for (const t of texts) {
            if (offset <= t.data.length) return [t, offset];
            offset -= t.data.length;
        }
    };
    const range = document.createRange();
    range.setStart(...at(found.index));
    range.setEnd(...at(found.index + found[0].length));
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return {whole, lines: tops.size};
}"""


@pytest.mark.parametrize("width", [320, 360])
def test_a_phone_reads_the_nights_date_on_one_line(browser, served_night, width):
    """The night's title wraps between its parts, never inside its date ("2026-11-" above
    "26" read as two things)."""
    base, enter = served_night
    context = browser.new_context(viewport={"width": width, "height": 800}, is_mobile=True)
    try:
        page = context.new_page()
        page.goto(enter)
        seen = []
        for path, selector in (("/", "h1"), ("/organiser", ".meta")):
            page.goto(base + path)
            seen.append((path, page.evaluate(ONE_LINE_DATE, selector)))
    finally:
        context.close()
    assert [found["lines"] for _, found in seen] == [1, 1], seen


def test_a_purse_nights_standings_fit_every_phone_with_names_whole(browser, tmp_path: Path):
    """Place, name, total and purse on a phone of 320 to 430 pixels, during the night and
    at its end: nothing past the screen's edge, and a name of ten letters read whole (the
    leader's in bold)."""
    from tests.system.every_page import post

    env = _env(tmp_path)
    night = tmp_path / "pie.toml"
    _mahj(env, "new", *LONG_NAMES, "--pie", "200", "--stake", "0.25", "--session", str(night))
    _mahj(env, "win", "Gwendolyn", "50", "--self-pick", "--jokerless", "--session", str(night))
    server, base, key = start("--session", str(night), env=env)
    phones = {w: browser.new_context(viewport={"width": w, "height": 844}, is_mobile=True)
              for w in (320, 360, 390, 430)}  # fmt: skip
    try:
        for when in ("during the night", "at its end"):
            for width, phone in phones.items():
                page = phone.pages[0] if phone.pages else phone.new_page()
                page.goto(base + "/")
                found = page.evaluate(FITS)
                assert found["scroll"] <= width and found["out"] == [], (when, width, found)
                assert page.evaluate(CUT, list(LONG_NAMES)) == [], (when, width)
            post(base, key, "/close-night", {})
    finally:
        for phone in phones.values():
            phone.close()
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)


STANDINGS_CUT = """() => [...document.querySelectorAll('.standings td.who')].filter((cell) => {
    const r = document.createRange(); r.selectNodeContents(cell.firstChild);
    return cell.firstChild.data.split(' ').length === 1
        && new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1;
}).map((cell) => cell.firstChild.data)"""


def test_a_nights_standings_grow_into_the_televisions_room_with_every_word_whole(
    browser, tmp_path: Path
):
    """Six players leave most of a television's standings empty: their names and totals
    grow to be read from across the room (they were 26 px), but never so far that a name
    of one long word breaks in two; on one screen still."""
    env = _env(tmp_path)
    night = tmp_path / "six.toml"
    names = (*LONG_NAMES, "Maximilianafitzgeraldsonwrights", "Jo")
    _mahj(env, "new", *names, "--session", str(night))
    _mahj(env, "win", "Wilhelmina", "25", "--self-pick", "--session", str(night))
    server, base, _ = start("--session", str(night), env=env)
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    try:
        page.goto(base + "/")
        page.wait_for_function("document.body.classList.contains('fit')")
        size = "parseFloat(getComputedStyle(document.querySelector('.standings td.who')).fontSize)"
        assert page.evaluate(size) >= 32
        assert page.evaluate(STANDINGS_CUT) == []
        assert page.evaluate(BELOW) == []
    finally:
        page.close()
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)


def test_a_small_events_standings_grow_into_their_column_during_a_round(browser, tmp_path: Path):
    """Eight players during round 1: their standings take the larger type their column has
    room for (they were 26 px, with the column's lower half empty)."""
    event = _event(tmp_path, 2)
    _mahj(_env(tmp_path), "event", "start", "1", "--session", str(event))
    server, base, _ = start("--event", "--session", str(event), env=_env(tmp_path))
    page = browser.new_page(viewport=TV)
    try:
        page.goto(base + "/")
        page.wait_for_function("document.body.classList.contains('fit')")
        size = "parseFloat(getComputedStyle(document.querySelector('.standings td.who')).fontSize)"
        assert page.evaluate(size) >= 30
        assert page.evaluate(STANDINGS_CUT) == [] and page.evaluate(BELOW) == []
    finally:
        page.close()
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)


def test_a_money_purse_nights_standings_grow_no_wider_than_their_panel(browser, tmp_path: Path):
    """Totals and purses in dollars take room across: on a television the standings grow
    only as far as their panel is wide (the purse column once passed the screen's edge)."""
    env = _env(tmp_path)
    night = tmp_path / "money.toml"
    _mahj(env, "new", *LONG_NAMES, "Evangeline", "--pie", "200", "--stake", "0.25",
          "--session", str(night))  # fmt: skip
    _mahj(env, "win", "Marguerite", "50", "--thrown-by", "Wilhelmina", "--jokerless",
          "--session", str(night))  # fmt: skip
    _mahj(env, "win", "Bernadette", "45", "--self-pick", "--session", str(night))
    server, base, _ = start("--session", str(night), env=env)
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    try:
        for width, height in ((1920, 1080), (1280, 720)):
            page.set_viewport_size({"width": width, "height": height})
            page.goto(base + "/")
            page.wait_for_function("document.body.classList.contains('fit')")
            found = page.evaluate(FITS)
            assert found["scroll"] <= width and found["out"] == [], (width, found)
            inside = page.evaluate("""() => {
                const table = document.querySelector('.standings table').getBoundingClientRect();
                const panel = document.querySelector('.standings').getBoundingClientRect();
                return table.right <= panel.right; }""")
            assert inside, width
    finally:
        page.close()
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)
