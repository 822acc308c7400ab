"""Taking back a line of an event table's card asks first, as a club night's take-back
does: the button on the table's page opens a page naming the line, with *Yes* and a way
back, and only *Yes* takes it back (by the same `POST .../undo` scripts send, carrying
the card the page showed: a card changed meanwhile is refused, never a second line gone)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.web.conftest import KEY, TOKEN, Serve, cli_json
from tests.web.eventday import entered, hidden, play, text_of

TABLE = "/round/1/table/1"


@pytest.fixture
def phone(serve: Serve, event: Path) -> TestClient:
    return entered(serve, event)


def tapped(client: TestClient, page: str, words: str):  # type: ignore[no-untyped-def]
    """The button whose text starts with `words` tapped, as a browser sends its form: to
    the button's `formaction` (else the form's action), by its `formmethod` (else the
    form's method), with the form's fields."""
    at = page.index(words)
    start, end = page.rindex("<form", 0, at), page.index("</form>", at)
    body, button = page[start:end], page[page.rindex("<button", 0, at) : at]
    opening = body[: body.index(">") + 1]

    def attribute(tag: str, name: str) -> str | None:
        found = re.search(rf'\s{name}="([^"]*)"', tag)
        return html.unescape(found[1]) if found else None

    url = attribute(button, "formaction") or attribute(opening, "action") or TABLE
    method = attribute(button, "formmethod") or attribute(opening, "method") or "get"
    fields: dict[str, list[str]] = {}
    for name, value in re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', body):
        fields.setdefault(html.unescape(name), []).append(html.unescape(value))
    if method.lower() == "get":
        return client.get(url, params=fields)
    return client.post(url, data=fields)


def two_lines(phone: TestClient) -> str:
    """Ann self-picks 25, then Dot pays a penalty of 10: the table's page after them."""
    play(phone, 1, 1, "game", winner="Ann", value="25", how="self")
    play(phone, 1, 1, "penalty", name="Dot", points="10", reason="blind pass")
    return phone.get(TABLE).text


def test_one_tap_on_take_back_only_asks(phone: TestClient, event: Path):
    page = two_lines(phone)
    before = event.read_bytes()
    asked = tapped(phone, page, "Take back the last line")
    said = text_of(asked)
    assert asked.status_code == 200, said
    assert event.read_bytes() == before  # nothing taken back yet
    assert "Take back the last line: Penalty: Dot loses 10" in said
    assert "The last line was taken back" not in said
    assert "Yes, take it back" in said
    assert f'<a href="{TABLE}">' in asked.text  # the way back: the card as it was


def test_yes_on_the_question_takes_back_that_line_once(phone: TestClient, event: Path):
    asked = text_of(tapped(phone, two_lines(phone), "Take back the last line"))
    done = tapped(phone, asked, "Yes, take it back")
    assert done.status_code == 200 and "The last line was taken back." in text_of(done)
    card = cli_json("event", "scorecard", "1", "1", "--session", str(event))
    assert [line["what"] for line in card["lines"]] == ["Ann wins 25, self-picked"]
    once = event.read_bytes()
    again = tapped(phone, asked, "Yes, take it back")  # the same Yes, sent again
    assert again.status_code == 200 and "already been taken back" in text_of(again)
    assert event.read_bytes() == once


def test_a_question_left_open_while_the_card_changed_takes_back_nothing(serve: Serve, event: Path):
    """Phone one asks to take back Dot's penalty; meanwhile phone two puts Bea's game on:
    phone one's Yes is refused. Phone two then takes Bea's game and the penalty back and
    puts Cy's game on: phone one's Yes, sent again, says the penalty is gone already."""
    one, two = entered(serve, event), entered(serve, event)
    asked = text_of(tapped(one, two_lines(one), "Take back the last line"))
    play(two, 1, 1, "game", winner="Bea", value="30", how="self")
    before = event.read_bytes()
    late = tapped(one, asked, "Yes, take it back")
    assert late.status_code == 400 and "has changed since this page was shown" in text_of(late)
    assert event.read_bytes() == before
    for _ in range(2):
        question = text_of(tapped(two, two.get(TABLE).text, "Take back the last line"))
        assert tapped(two, question, "Yes, take it back").status_code == 200
    play(two, 1, 1, "game", winner="Cy", value="25", how="self")
    before = event.read_bytes()
    again = tapped(one, asked, "Yes, take it back")
    assert again.status_code == 200 and "already been taken back" in text_of(again)
    assert event.read_bytes() == before
    card = cli_json("event", "scorecard", "1", "1", "--session", str(event))
    assert [line["what"] for line in card["lines"]] == [
        "Ann wins 25, self-picked", "Cy wins 25, self-picked"
    ]  # fmt: skip


def test_a_question_asked_from_an_older_page_says_the_card_changed(serve: Serve, event: Path):
    one, two = entered(serve, event), entered(serve, event)
    asleep = two_lines(one)
    play(two, 1, 1, "game", winner="Bea", value="30", how="self")
    before = event.read_bytes()
    asked = tapped(one, asleep, "Take back the last line")
    said = text_of(asked)
    assert asked.status_code == 400 and "has changed since this page was shown" in said
    assert "Yes, take it back" not in said and event.read_bytes() == before


def test_the_question_is_a_page_of_its_own(phone: TestClient, event: Path):
    """Its own address (GET) asks about the last line as the card stands; without the
    key it shows no Yes; with nothing on the card it says so."""
    assert phone.get(f"{TABLE}/take-back").status_code == 400  # nothing to take back yet
    two_lines(phone)
    asked = phone.get(f"{TABLE}/take-back")
    assert asked.status_code == 200
    assert "Take back the last line: Penalty: Dot loses 10" in text_of(asked)
    sent = hidden(text_of(asked), f"{TABLE}/undo")
    assert sent["seen"] == ["2"] and sent["token"] == [TOKEN]
    looker = phone.__class__(phone.app, base_url="http://mahj.test")
    assert "Yes, take it back" not in text_of(looker.get(f"{TABLE}/take-back"))


def test_scripts_take_back_as_before(serve: Serve, event: Path):
    """`POST .../undo` and `POST /event/undo` keep their fields and answers."""
    client = serve(event)
    cli_json("event", "standings", "--session", str(event))
    for name in ("Ann", "Bea"):
        game = {"round": "1", "table": "1", "winner": name, "value": "25", "self_pick": "on"}
        assert client.post("/event/win", data=game, headers=KEY).status_code == 200
    undo = {"token": TOKEN, "seen": "2"}
    assert client.post(f"{TABLE}/undo", data=undo, follow_redirects=False).status_code == 303
    api = {"round": "1", "table": "1", "seen": "1", "entry_id": "undo-script-01"}
    assert client.post("/event/undo", data=api, headers=KEY).json()["lines"] == []
