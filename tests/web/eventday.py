"""What the event-day web tests share: a small event on the server, a phone that opened
the entry link, and a table's page filled in and sent as a scorekeeper does it."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from tests.web.conftest import TOKEN, Serve, cli

EIGHT = ["Ann", "Bea", "Cy", "Dot", "Eve", "Fay", "Gus", "Hal"]
"""Two tables; round 1 seated as listed: Ann, Bea, Cy, Dot (A to D) at table 1."""


_MADE: dict[tuple[str, ...], bytes] = {}
"""Each event's file as `mahj event new` first made it in this run: the same command makes
the same file (its seed and date are given), and seating ten players can take a second."""


def new_event(tmp_path: Path, players: list[str] = EIGHT, *options: str) -> Path:
    """An event of `players`, round 1 seated as listed, four rounds."""
    path = tmp_path / "event.toml"
    key = (*players, "/", *options)
    if key in _MADE:
        path.write_bytes(_MADE[key])
        return path
    cli("event", "new", "Day Cup", *players, "--rounds", "4", "--given", "--seed", "3",
        "--date", "2026-12-05", "--session", str(path), *options)  # fmt: skip
    _MADE[key] = path.read_bytes()
    return path


def entered(serve: Serve, path: Path) -> TestClient:
    """The event served, on a phone that opened the entry link."""
    client = serve(path)
    assert client.get(f"/enter?key={TOKEN}", follow_redirects=False).status_code == 303
    return client


def form(page: str, cls: str) -> dict[str, list[str]]:
    """The hidden fields of the page's form of class `cls` (its action as `_action`)."""
    start = page.index(f'<form class="{cls}"')
    body = page[start : page.index("</form>", start)]
    found: dict[str, list[str]] = {"_action": [re.search(r'action="([^"]*)"', body)[1]]}
    for n, v in re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', body):
        found.setdefault(html.unescape(n), []).append(html.unescape(v))
    return found


def hidden(page: str, action: str) -> dict[str, list[str]]:
    """The hidden fields of the form posting to `action`."""
    start = page.index(f'action="{action}"')
    body = page[start : page.index("</form>", start)]
    found: dict[str, list[str]] = {}
    for n, v in re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', body):
        found.setdefault(html.unescape(n), []).append(html.unescape(v))
    return found


def check(
    client: TestClient, rnd: int, table: int, cls: str, page: str | None = None, **fields: Any
) -> Any:
    """Fill in the table page's form `cls` (game, wall, penalty, called) on the table's
    page (as it is now, or as `page` shows it) and ask what it would put on the card; the
    answer (200: the check page)."""
    if page is None:
        page = client.get(f"/round/{rnd}/table/{table}").text
    sent = form(page, cls)
    action = sent.pop("_action")[0]
    sent.update({k: v if isinstance(v, list) else [str(v)] for k, v in fields.items()})
    return client.post(action, data=sent)


def play(
    client: TestClient, rnd: int, table: int, cls: str, page: str | None = None, **fields: Any
) -> Any:
    """Fill in, check, then put it on the card; the table's page after it."""
    checked = check(client, rnd, table, cls, page, **fields)
    assert checked.status_code == 200, html.unescape(checked.text)
    base = f"/round/{rnd}/table/{table}"
    return client.post(f"{base}/enter", data=hidden(checked.text, f"{base}/enter"))


def tap(
    client: TestClient, rnd: int, table: int, action: str, name: str, page: str | None = None
) -> Any:
    """A player's button on the table's page (as it is now, or as `page` shows it):
    confirm (their name) or hand in."""
    if page is None:
        page = client.get(f"/round/{rnd}/table/{table}").text
    base = f"/round/{rnd}/table/{table}/{action}"
    start = page.index(f'<input type="hidden" name="name" value="{html.escape(name)}">')
    begin = page.rindex("<form", 0, start)
    body = page[begin : page.index("</form>", start)]
    assert f'action="{base}"' in body, body
    sent: dict[str, list[str]] = {}
    for n, v in re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', body):
        sent.setdefault(html.unescape(n), []).append(html.unescape(v))
    return client.post(base, data=sent)


def text_of(answer: Any) -> str:
    """A page's text, its entities read (names as typed)."""
    return html.unescape(answer.text)


def without_ids(text: str) -> str:
    """An event file's text without the entry ids the page gave its lines."""
    return re.sub(r', entry_id = "[A-Za-z0-9_-]+"', "", text)
