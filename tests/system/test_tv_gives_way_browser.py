"""The room's screen on a television (which cannot be scrolled) when room is short: what
matters most stays, the rest gives way. At the night's end "who pays whom" comes before
the lines of what the leavers already settled at the door; while the night runs, the
newest game stays in "Last games" whenever it fits, its note of earlier games dropped
first."""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.system.test_pages_fit_browser import _env, assert_on_one_screen
from tests.system.test_serve_process import start

pytestmark = pytest.mark.slow
SIZES = [(1920, 1080), (1280, 720)]  # the usual televisions (1366 and 2560 were checked by hand)
SHOWN = """() => {
    const seen = (q) => [...document.querySelectorAll(q)].filter((e) => e.offsetHeight);
    return {payments: seen('.payments:not(.settled) li').length,
            every: document.querySelectorAll('.payments:not(.settled) li').length,
            settled: seen('.payments.settled li').length,
            pagers: seen('.list-pager').map((e) => e.textContent),
            games: seen('.games li').map((e) => e.querySelector('.num').textContent),
            notes: seen('.more-note').map((e) => e.textContent),
            rules: seen('.end .rules, .end .sum').map((e) => e.textContent.split(':')[0])};
}"""


def _seated(cli, session: tuple[str, str], table: int) -> list[str]:  # type: ignore[no-untyped-def]
    status = json.loads(cli("status", "--json", *session))
    return list(next(t for t in status["tables"] if t["table"] == table)["seated"])


def _late_night(night: Path) -> None:
    """Two tables and a kitty, full names: seven players leave and settle up as they go
    (seven joining), two wall games last, so the kitty goes back at the end; seven
    payments are left to settle."""
    from tests.web.conftest import cli

    session = ("--session", str(night))
    names = [
        "Ruth Abernathy", "Linda Bellingham", "Kathy Castellanos", "Pat Donnelly",
        "Ann Eriksson", "Sue Fitzgerald", "José García", "Bea Hollingsworth", "Cy Iannucci",
        "Dot Jablonski", "Eve Kowalczyk", "Flo Lindqvist",
    ]  # fmt: skip
    cli("new", *names, "--tables", "2", "--house", "kitty", "--pie", "500", *session)
    for rnd, arrives in enumerate(["Gus", "Hal", "Ivy", "Jo", "Kit", "Lou", "Mo"]):
        for table in (1, 2):
            at = _seated(cli, session, table)
            if (rnd + table) % 5 == 0:
                cli("wall", "--table", str(table), *session)
                continue
            cli("win", at[rnd % len(at)], str(25 + 5 * (rnd * table % 4)),
                "--thrown-by", at[(rnd + 1 + table % 2) % len(at)], *session)  # fmt: skip
        cli("leave", _seated(cli, session, 1 + rnd % 2)[rnd % 3], "--settle", *session)
        cli("join", arrives, "--new", *session)
    cli("wall", "--table", "1", *session)
    cli("wall", "--table", "2", *session)


def _early_night(night: Path) -> None:
    """Two tables, eleven players, three games; then three players leave and settle up."""
    from tests.web.conftest import cli

    session = ("--session", str(night))
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "Ann", "[bold]Sue", "José", "李", "Bea", "Cy",
        "Dot", "--tables", "2", "--house", "kitty", "--pie", "500", *session)  # fmt: skip
    cli("wall", "--table", "1", *session)
    cli("win", "李", "30", "--self-pick", "--jokerless", *session)
    cli("win", "Kathy", "25", "--self-pick", *session)
    for name in ("José", "李", "Cy"):
        cli("leave", name, "--settle", *session)


def _club_night(night: Path) -> None:
    """Five tables, twenty players, fifteen games; three leave and settle up at the door:
    twelve payments are left to settle."""
    from tests.web.conftest import cli

    session = ("--session", str(night))
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Eve", "Flo", "Gus",
        "Hal", "Ivy", "Jo", "Kit", "Lou", "Max", "Ned", "Olive", "Peg", "--tables", "5",
        "--house", "kitty", *session)  # fmt: skip
    for rnd in range(3):
        for table in (1, 2, 3, 4, 5):
            a, b, c, _ = _seated(cli, session, table)
            how = (rnd + table) % 3
            if how == 0:
                cli("win", a, str(25 + 5 * rnd), "--thrown-by", b, *session)
            elif how == 1:
                cli("win", c, "30", "--self-pick", *session)
            else:
                cli("win", b, "50", "--thrown-by", c, *session)
    for name in ("Ruth", "Eve", "Ivy"):
        cli("leave", name, "--settle", *session)


@pytest.fixture(scope="module")
def nights(tmp_path_factory) -> Iterator[dict[str, str]]:
    """The late night, closed by the organiser, and the early night: served, their
    addresses."""
    from tests.system.every_page import post

    folder = tmp_path_factory.mktemp("tv")
    _late_night(folder / "late.toml")
    _early_night(folder / "early.toml")
    _club_night(folder / "club.toml")
    servers = {name: start("--session", str(folder / f"{name}.toml"), env=_env(folder))
               for name in ("late", "early", "club")}  # fmt: skip
    try:
        for name in ("late", "club"):
            _, base, key = servers[name]
            post(base, key, "/close-night", {})
        yield {name: base for name, (_, base, _) in servers.items()}
    finally:
        for server, _, _ in servers.values():
            server.send_signal(signal.SIGINT)
            server.communicate(timeout=15)


def _shown(browser, url: str, size: tuple[int, int]) -> dict:  # type: ignore[no-untyped-def,type-arg]
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        page.goto(url)
        page.wait_for_function("document.body.classList.contains('fit')")
        return page.evaluate(SHOWN)  # type: ignore[no-any-return]
    finally:
        page.close()


@pytest.mark.parametrize("size", SIZES)
def test_at_the_nights_end_who_pays_whom_comes_before_what_was_settled(browser, nights, size):
    """Seven payments left, seven lines of what was settled at the door, the kitty going
    back: all seven payments at once (they were shown two at a time, a page of four,
    under every line of the door's history); those lines give way."""
    shown = _shown(browser, nights["late"] + "/", size)
    assert shown["every"] == 7, shown
    assert shown["payments"] == 7 and shown["settled"] == 0, shown
    assert shown["rules"] == ["House rules", "Sum of totals with the kitty's 200"], shown  # stay
    assert not any(p.startswith("Payments") for p in shown["pagers"]), shown
    assert_on_one_screen(browser, nights["late"] + "/", size)


@pytest.mark.parametrize("size", SIZES)
def test_at_the_nights_end_many_payments_leave_room_for_the_doors_lines(browser, nights, size):
    """Twelve payments in two columns leave room for the three lines of what was settled
    at the door, which explain them (without them Ruth at -5 seems to pay 195)."""
    shown = _shown(browser, nights["club"] + "/", size)
    assert shown["every"] == 12 and shown["payments"] == 12, shown
    assert shown["settled"] == 3, shown
    assert not any(p.startswith("Payments") for p in shown["pagers"]), shown
    assert_on_one_screen(browser, nights["club"] + "/", size)


@pytest.mark.parametrize("size", SIZES)
def test_the_newest_game_shows_when_it_fits_below_the_settle_up(browser, nights, size):
    """Three games and three leavers who settled: below the settle-up there is room for
    the newest game, so "Last games" shows it (the whole section went, leaving a
    quarter of the screen bare, for want of room for its note of earlier games too)."""
    shown = _shown(browser, nights["early"] + "/", size)
    assert shown["games"] and shown["games"][0].startswith("Game 3"), shown
    earlier = 3 - len(shown["games"])  # the note is left out when room is short
    assert shown["notes"] in ([], [f"and {earlier} earlier game" + "s" * (earlier > 1)]), shown
    assert_on_one_screen(browser, nights["early"] + "/", size)
