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
    `folder` (a folder with that night), `event` (the sample event, over) or `day` (an
    event during its first round: the clock running, cards being entered, one handed in)."""
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


def _check_an_event_game(page: Any, base: str, key: str) -> None:
    page.goto(f"{base}/round/1/table/1")
    page.locator("label[for=w3]").click()
    page.get_by_label("Value").fill("25")
    page.locator("label[for=t1]").click()
    page.locator("label[for=x2]").click()
    page.get_by_role("button", name="See the points").click()
    page.get_by_role("button", name="Put it on the card").wait_for()


def _show_the_event_code(page: Any, base: str, key: str) -> None:
    post(base, key, "/director/join-code", {"show": "true"})


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
    Page("the event's results", "event", "/results"),
    Page("an event's screen during a round", "day", "/", phone=False),
    Page("the join code on an event's screen", "day", "/", False, _show_the_event_code),
    Page("which table, at an event", "day", "/tables"),
    Page("a table's card during a round", "day", "/round/1/table/1"),
    Page("take back a card's last line", "day", "/round/1/table/1/take-back"),
    Page("a game checked before it goes on the card", "day", "", ready=_check_an_event_game),
    Page("a card handed in", "day", "/round/1/table/2"),
    Page("a paper card's totals", "day", "/round/1/table/1/totals"),
    Page("the director's page", "day", "/director"),
    Page("where do I sit", "day", "/where?name=ann"),
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


def event_day(path: Any) -> None:
    """The event the event-day pages show: eight players seated as given (table 1 Ann,
    Bea, Cy, Dot; table 2 Eve, Fay, Gus, Hal), round 1's clock running, two games on
    table 1's card, and table 2's four games confirmed and handed in."""
    names = ["Ann", "Bea", "Cy", "Dot", "Eve", "Fay", "Gus", "Hal"]
    at = ("--session", str(path))
    cli("event", "new", "Day Cup", *names, "--rounds", "3", "--given", *at)
    cli("event", "start", "1", "--minutes", "90", *at)
    for args in (
        ("1", "Ann", "25", "--self-pick"),
        ("1", "Bea", "30", "--thrown-by", "Cy", "--exposures", "1", "--dead", "Dot"),
        ("2", "Eve", "25", "--self-pick"),
        ("2", "Fay", "30", "--thrown-by", "Gus", "--exposures", "2"),
        ("2", "Gus", "35", "--self-pick", "--jokerless"),
        ("2", "Hal", "25", "--thrown-by", "Eve", "--exposures", "0"),
    ):
        cli("event", "win", "1", *args, *at)
    cli("event", "confirm", "1", "2", "Eve", "Fay", "Gus", "Hal", *at)
    cli("event", "hand-in", "1", "2", "Eve", *at)
