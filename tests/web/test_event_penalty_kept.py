"""A penalty refused on an event table's page comes back as it was typed: the penalty's
section open, the player still chosen, the points and the reason as typed, and the
message naming the box by the page's own label ("Points lost"), never the command line's
POINTS. "Change something" after a penalty is checked fills it in again the same way."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.web.conftest import Serve
from tests.web.eventday import check, entered, hidden, play, text_of

TABLE = "/round/1/table/1"


@pytest.fixture
def phone(serve: Serve, event: Path) -> TestClient:
    return entered(serve, event)


def penalty_form(page: str) -> dict[str, str]:
    """What the page's penalty form shows: the player chosen, the points, the reason, its
    entry id, and whether its section is open."""
    start = page.index('<details class="more"')
    body = page[start : page.index("</form>", page.index('<form class="penalty"'))]
    chosen = re.search(r'name="name" value="([^"]*)" checked', body)
    return {
        "open": str(bool(re.match(r'<details class="more"[^>]* open', body))),
        "name": chosen[1] if chosen else "",
        "points": re.search(r'name="points" value="([^"]*)"', body)[1],
        "reason": re.search(r'name="reason" value="([^"]*)"', body)[1],
        "entry_id": re.search(r'name="entry_id" value="([^"]*)"', body)[1],
    }


TYPED = {"name": "Dot", "points": "1O", "reason": "looked at a blind pass"}


def test_a_refused_penalty_keeps_what_was_typed(phone: TestClient, event: Path):
    before = event.read_bytes()
    refused = check(phone, 1, 1, "penalty", **TYPED)
    said = text_of(refused)
    assert refused.status_code == 400 and event.read_bytes() == before
    shown = penalty_form(refused.text)
    assert {k: shown[k] for k in ("open", "name", "points", "reason")} == {"open": "True", **TYPED}
    assert "Points lost must be a whole number, like 10, not '1O'" in said
    assert "POINTS" not in said


@pytest.mark.parametrize(
    ("points", "words"),
    [
        ("-10", "Points lost is the number of points lost, without a minus sign: 10, not -10"),
        ("", "Points lost is empty: type the points the player loses, like 10"),
        ("0", "Points lost must be from 1 to"),
    ],
)
def test_each_refusal_of_the_points_is_in_the_pages_words(
    phone: TestClient, points: str, words: str
):
    refused = check(phone, 1, 1, "penalty", **{**TYPED, "points": points})
    said = text_of(refused)
    assert refused.status_code == 400 and words in said and "POINTS" not in said
    assert penalty_form(refused.text)["points"] == points


def test_a_fixed_penalty_goes_on_the_card_and_the_page_is_fresh_again(phone: TestClient):
    refused = check(phone, 1, 1, "penalty", **TYPED)
    done = play(phone, 1, 1, "penalty", refused.text, **{**TYPED, "points": "10"})
    assert done.status_code == 200 and "Penalty: Dot loses 10" in text_of(done)
    fresh = penalty_form(done.text)
    assert fresh == {**fresh, "open": "False", "name": "", "points": "10", "reason": ""}


def test_change_something_after_a_penalty_fills_it_in_again(phone: TestClient, event: Path):
    checked = check(phone, 1, 1, "penalty", **{**TYPED, "points": "20"})
    assert checked.status_code == 200 and "Dot loses 20" in text_of(checked)
    back = phone.post(TABLE, data=hidden(checked.text, TABLE))
    shown = penalty_form(back.text)
    assert shown["open"] == "True" and shown["name"] == "Dot" and shown["points"] == "20"
    sent = hidden(checked.text, f"{TABLE}/enter")
    assert shown["entry_id"] == sent["entry_id"][0]  # the same penalty, never two
    game = back.text[back.text.index('<form class="game"') :]
    assert f'value="{shown["entry_id"]}"' not in game[: game.index("</form>")]


def test_a_penalty_refused_as_it_goes_on_the_card_is_kept_too(serve: Serve, event: Path):
    """Checked on one phone while another puts a game on: put on the card, it is refused
    (the card changed) and comes back as typed."""
    one, two = entered(serve, event), entered(serve, event)
    checked = check(one, 1, 1, "penalty", **TYPED | {"points": "20"})
    play(two, 1, 1, "wall")
    late = one.post(f"{TABLE}/enter", data=hidden(checked.text, f"{TABLE}/enter"))
    assert late.status_code == 400 and "has changed" in text_of(late)
    shown = penalty_form(late.text)
    assert shown["open"] == "True" and shown["name"] == "Dot" and shown["points"] == "20"
