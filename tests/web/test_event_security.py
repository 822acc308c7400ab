"""Who may write to an event, and how: every write route of event day (a table's card,
the director's page, the scripts' API) writes only on POST, only with the entry link's
key carried by the form itself or the header, only from this server's own pages; every
refusal leaves the file byte for byte as it was."""

from __future__ import annotations

from html import unescape
from pathlib import Path

import pytest

from tests.web.conftest import KEY, TOKEN, Serve, refusal
from tests.web.test_security import NOT_POST

CARD = "/round/1/table/1"
GAME = {"result": "win", "winner": "Ann", "value": "25", "how": "self"}
ROUND = {"round": "1", "table": "1"}
WRITES = [
    (f"{CARD}/check", GAME),
    (f"{CARD}/enter", GAME),
    (f"{CARD}/undo", {}),
    (f"{CARD}/confirm", {"name": "Ann"}),
    (f"{CARD}/hand-in", {"name": "Ann"}),
    (f"{CARD}/totals/check", {"player": ["Ann"], "points": ["1"]}),
    (f"{CARD}/totals/record", {"player": ["Ann"], "points": ["1"]}),
    ("/score", {**ROUND, "total": ["Ann=1"]}),
    ("/director/start", {"round": "1"}),
    ("/director/call-time", {"round": "1"}),
    ("/director/accept", ROUND),
    ("/director/reopen", ROUND),
    ("/director/seat", {"round": "2"}),
    *(
        (f"/event/{action}", {**ROUND, "winner": "Ann", "value": "25", "self_pick": "on"})
        for action in (
            "win",
            "wall",
            "incomplete",
            "penalty",
            "undo",
            "confirm",
            "hand-in",
            "error",
            "accept",
            "reopen",
            "start",
            "call-time",
            "seat",
        )
    ),
]


def test_every_write_of_event_day_happens_only_on_post(serve: Serve, event: Path):
    client = serve(event)
    before = event.read_bytes()
    for route, fields in WRITES:
        for method in NOT_POST:
            answer = client.request(method, route, data=fields, headers=KEY)
            assert answer.status_code == 405, (route, method, answer.text)
            assert answer.headers["allow"] == "POST", route
            if method != "HEAD":
                assert list(answer.json()) == ["error"]
    assert event.read_bytes() == before
    win = client.post("/event/win", data={**ROUND, "winner": "Ann", "value": "25",
                                          "self_pick": "on"}, headers=KEY)  # fmt: skip
    assert win.status_code == 200 and event.read_bytes() != before


def test_the_cookie_alone_never_writes(serve: Serve, event: Path):
    """A form must carry the key itself: a cross-site form sent with the cookie cannot."""
    client = serve(event)
    client.get(f"/enter?key={TOKEN}")
    before = event.read_bytes()
    for route, fields in WRITES:
        answer = client.post(route, data=fields)
        assert answer.status_code == 401, (route, answer.text)
        assert "entry link" in answer.text
    assert event.read_bytes() == before


@pytest.mark.parametrize(
    "headers", [{"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"}]
)
def test_a_form_from_another_site_is_refused_even_with_the_key(
    serve: Serve, event: Path, headers: dict[str, str]
):
    client = serve(event)
    client.get(f"/enter?key={TOKEN}")
    before = event.read_bytes()
    for route, fields in WRITES:
        answer = client.post(route, data={**fields, "token": TOKEN}, headers=headers)
        assert answer.status_code == 403, (route, answer.text)
    assert event.read_bytes() == before


def test_the_api_refuses_in_json_and_changes_nothing(serve: Serve, event: Path):
    client = serve(event)
    before = event.read_bytes()
    cases = [
        ("/event/win", {**ROUND, "winner": "Ann", "value": "25"}, 400, "say how it was won"),
        ("/event/win", {"table": "1", "winner": "Ann"}, 400, "give the round"),
        (
            "/event/win",
            {**ROUND, "table": "9", "winner": "Ann", "value": "25", "self_pick": "on"},
            400,
            "tables 1 to 2",
        ),
        ("/event/wall", {**ROUND, "color": "red"}, 400, "unknown field 'color'"),
        ("/event/penalty", {**ROUND, "name": "Ann", "points": "-10"}, 400, "without a minus"),
        ("/event/confirm", {**ROUND, "name": "Ann"}, 400, "no card yet"),
        ("/event/hand-in", {**ROUND, "name": "Ann"}, 400, "no card yet"),
        ("/event/accept", ROUND, 400, "no card yet"),
        ("/event/seat", {"round": "3"}, 400, "round 2 is next to be seated"),
        ("/event/start", {"round": "1", "minutes": "601"}, 400, "from 1 to 600"),
        ("/event/error", {**ROUND, "caller": "Ann"}, 400, "only with the mj-in-error variant"),
        ("/event/undo", {**ROUND, "entry_id": "a" * 65}, 400, "entry_id"),
        ("/event/nothing", ROUND, 404, "Not Found"),
    ]
    for route, fields, status, words in cases:
        message = refusal(client.post(route, data=fields, headers=KEY), status)
        assert words in message, (route, message)
        assert "Traceback" not in message
    assert event.read_bytes() == before


def test_a_damaged_event_file_is_shown_escaped(serve: Serve, event: Path):
    """The room's screen quotes a hand-edited name from the damaged file as text, never
    as markup."""
    client = serve(event)
    event.write_text(event.read_text().replace('["Ann", "Bea"', '["<b>x</b>", "Bea"', 1))
    page = client.get("/").text
    assert "table 1: &#39;&lt;b&gt;x&lt;/b&gt;&#39; is not a registered player" in page
    assert "<b>x</b>" not in page


# ---- the tables' join code ----------------------------------------------------------------


def test_the_join_code_enters_a_tables_card_but_never_the_directors_writes(
    serve: Serve, event: Path
):
    client = serve(event)
    code = client.app.state.keys.code  # type: ignore[attr-defined]
    as_table = {"Authorization": f"Bearer {code.lower()}"}
    game = {**ROUND, "winner": "Ann", "value": "25", "self_pick": "on"}
    assert client.post("/event/win", data=game, headers=as_table).status_code == 200
    before = event.read_bytes()
    for action, fields in [("start", {"round": "1"}), ("accept", ROUND), ("seat", {"round": "2"})]:
        for route in (f"/director/{action}", f"/event/{action}"):
            answer = client.post(route, data=fields, headers=as_table)
            assert answer.status_code == 401 and "organiser" in answer.text, route
    refusal(client.post("/director/join-code", data={"change": "true"}, headers=as_table), 401)
    assert event.read_bytes() == before
    client.cookies.clear()
    entered = client.get(f"/enter?code={code}", follow_redirects=False)
    assert entered.status_code == 303 and entered.headers["location"] == "/tables"
    assert client.get("/director").status_code == 401
    assert f'name="token" value="{code}"' in client.get(CARD).text


def test_a_write_address_opened_again_in_a_browser_shows_its_page(serve: Serve, event: Path):
    """A phone reopening the address a form was sent to (a tab brought back, the address
    bar) is shown the page the form was on, not a line of computer text; a script still
    gets 405."""
    client = serve(event)
    browser = {"accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    for route, page in ((f"{CARD}/check", CARD), (f"{CARD}/totals/check", f"{CARD}/totals"),
                        ("/director/start", "/director")):  # fmt: skip
        again = client.get(route, headers=browser, follow_redirects=False)
        assert again.status_code == 303 and again.headers["location"] == page, route
        assert client.get(route).status_code == 405


def test_only_the_director_replaces_a_card_that_is_in(serve: Serve, event: Path):
    """A table's paper card goes in with the join code; putting another over it (or over
    a card the director accepted) is the director's, never a phone's with the code."""
    client = serve(event)
    code = client.app.state.keys.code  # type: ignore[attr-defined]
    as_table = {"Authorization": f"Bearer {code}"}
    first = {**ROUND, "total": ["Ann=10", "Bea=20", "Cy=0", "Dot=-10"]}
    assert client.post("/score", data=first, headers=as_table).status_code == 200
    before = event.read_bytes()
    again = {**ROUND, "total": ["Ann=99", "Bea=20", "Cy=0", "Dot=-10"], "replace": "true"}
    assert "director" in refusal(client.post("/score", data=again, headers=as_table), 401)
    form = {"token": code, "player": ["Ann", "Bea", "Cy", "Dot"],
            "points": ["99", "20", "0", "-10"], "replace": "on"}  # fmt: skip
    for step in ("check", "record"):
        answer = client.post(f"{CARD}/totals/{step}", data=form)
        assert answer.status_code == 401 and "director" in unescape(answer.text), step
    assert event.read_bytes() == before
    client.get(f"/enter?code={code}")
    assert 'name="replace"' not in client.get(f"{CARD}/totals").text
    client.get(f"/enter?key={TOKEN}")
    assert 'name="replace"' in client.get(f"{CARD}/totals").text
    assert client.post("/score", data=again, headers=KEY).status_code == 200


def test_the_director_shows_the_join_code_on_the_screen_and_changes_it(serve: Serve, event: Path):
    client = serve(event)
    code = client.app.state.keys.code  # type: ignore[attr-defined]
    assert code not in client.get("/").text
    client.get(f"/enter?key={TOKEN}")
    page = client.get("/director").text
    assert 'action="/director/join-code"' in page and code in page
    shown = client.post("/director/join-code", data={"token": TOKEN, "page": "director",
                                                     "show": "true"})  # fmt: skip
    assert shown.status_code == 200
    assert "The room's screen shows the join code and its QR code now." in unescape(shown.text)
    for screen in (client.get("/").text, client.get("/board").text):
        assert code in screen and f"/enter?code={code}" not in screen  # the QR code holds it
        assert "<svg" in screen
    changed = client.post("/director/join-code", data={"change": "true"}, headers=KEY).json()
    assert changed["shown"] is True and changed["code"] != code
    assert changed["code"] in client.get("/board").text and code not in client.get("/board").text
    hidden = client.post("/director/join-code", data={"show": "false"}, headers=KEY).json()
    assert hidden["shown"] is False and changed["code"] not in client.get("/board").text
