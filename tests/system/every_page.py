"""Every page `mahj serve` shows, in one list, for the checks every page must pass
(`test_pages_for_everyone.py`: axe-core finds no serious or critical violation; a phone's
page fits 320 px and 200% text, its controls at least 44 px). A new page joins the list
here: name it, say what is served (`night`, `folder` or `event`), its address, whether a
phone shows it, and what must happen first (`ready`: a function of the browser page and
the served base address, e.g. filling a form)."""

from __future__ import annotations

import json
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import Any, NamedTuple

from tests.web.conftest import cli

Ready = Callable[[Any, str, str], None]
"""What must happen before a page is checked: (browser page, base address, key)."""


class Page(NamedTuple):
    """One page to check."""

    name: str
    served: str
    """What is served: `night` (a two-table club night with house rules and games),
    `folder` (a folder with that night) or `event` (the sample event)."""
    path: str
    """Where the page is (after `ready`); "" when `ready` goes there itself."""
    phone: bool = True
    """Shown on a phone: checked at 320 px wide and at 200% text too."""
    ready: Ready | None = None


def post(base: str, key: str, route: str, fields: dict[str, str]) -> Any:
    """A write of the API, with the key."""
    data = urllib.parse.urlencode(fields).encode()
    asked = urllib.request.Request(
        f"{base}{route}", data=data, headers={"Authorization": f"Bearer {key}"}
    )
    with urllib.request.urlopen(asked, timeout=10) as answer:
        return json.load(answer)


def _check_a_game(page: Any, base: str, key: str) -> None:
    page.goto(f"{base}/table/1")
    page.locator("label[for=w1]").click()
    page.locator("#value").fill("25")
    page.locator("label[for=t2]").click()
    page.get_by_role("button", name="See who pays whom").click()
    page.get_by_role("button", name="Record game").wait_for()


def _show_the_code(page: Any, base: str, key: str) -> None:
    post(base, key, "/join-code", {"show": "true"})


def _close_the_night(page: Any, base: str, key: str) -> None:
    post(base, key, "/close-night", {})


def _reopen(page: Any, base: str, key: str) -> None:
    post(base, key, "/reopen-night", {})
    post(base, key, "/join-code", {"show": "false"})


PAGES: list[Page] = [
    Page("the room's screen", "night", "/", phone=False, ready=_reopen),
    Page("the room's screen on a phone", "night", "/"),
    Page("the join code on the room's screen", "night", "/", phone=False, ready=_show_the_code),
    Page("the night's end on the room's screen", "night", "/", phone=False, ready=_close_the_night),
    Page("which table", "night", "/tables"),
    Page("a table's page", "night", "/table/1", ready=_reopen),
    Page("who pays whom, before recording", "night", "", ready=_check_a_game),
    Page("take back a game", "night", "/table/2/undo"),
    Page("correct an earlier game", "night", "/table/1/fix/1"),
    Page("the organiser's page", "night", "/organiser"),
    Page("typing the room's code", "night", "/enter"),
    Page("a refusal", "night", "/table/9"),
    Page("a folder's nights", "folder", "/", phone=False),
    Page("an event's screen", "event", "/", phone=False),
    Page("find your seat", "event", "/round/1"),
    Page("a table's card at an event", "event", "/round/1/table/1"),
]


def club_night(path: Any) -> None:
    """The night the pages show: two tables and a line, bettor, kitty and pay-for-the-
    table, a few games, someone who left having settled up."""
    names = ["Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue", "Eve"]
    cli("new", *names, "--tables", "2", "--house", "bettor", "--house", "kitty",
        "--house", "pay-for-table", "--session", str(path))  # fmt: skip
    for args in (
        ("win", "Ruth", "25", "--thrown-by", "Linda", "--bet", "Sue=Ruth"),
        ("wall", "--table", "2", "--bet", "Eve=wall"),
        ("win", "Bea", "30", "--self-pick", "--jokerless"),
        ("win", "Kathy", "25", "--thrown-by", "Pat", "--pays-for-table", "Pat"),
        ("leave", "Dot", "--settle"),
    ):
        cli(*args, "--session", str(path))
