"""A table's page left open on a phone while another phone changed the card: a player's
confirmation or the hand-in tapped there is refused (the player never saw the card as it
is now), a take-back tapped there says the line was taken back already; the same tap
sent twice on the card as it is stays harmless, and a script that does not say what it
was shown is answered as before. Where do I sit? writes a shared place as the standings
do (`=2`)."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.web.conftest import KEY, TOKEN, Serve, cli
from tests.web.eventday import entered, form, play, tap, text_of


def four_games(phone: TestClient, last: dict[str, str] | None = None) -> None:
    """Three wall games at table 1, then game 4 (default: Dot self-picks 50, Dot +90)."""
    for _ in range(3):
        assert play(phone, 1, 1, "wall").status_code == 200
    game = last if last is not None else {"winner": "Dot", "value": "50", "how": "self"}
    cls = "wall" if not game else "game"
    assert play(phone, 1, 1, cls, **game).status_code == 200


def take_back_and_enter(phone: TestClient) -> None:
    """Take back the last line, then enter game 4 again: Cy self-picks 25."""
    undo = form(phone.get("/round/1/table/1").text, "undo")
    assert phone.post(undo.pop("_action")[0], data=undo).status_code == 200
    assert play(phone, 1, 1, "game", winner="Cy", value="25", how="self").status_code == 200


def test_a_confirmation_from_a_page_showing_an_older_card_is_refused(serve: Serve, event: Path):
    one, two = entered(serve, event), entered(serve, event)
    four_games(one)
    asleep = one.get("/round/1/table/1").text  # phone one shows Dot +90, then sleeps
    assert '<dt>Dot</dt><dd class="plus">+90</dd>' in one.get("/round/1/table/1/part").text
    take_back_and_enter(two)  # Dot +30 now
    before = event.read_bytes()
    late = tap(one, 1, 1, "confirm", "Bea", page=asleep)
    said = text_of(late)
    assert late.status_code == 400 and "confirmed the card" not in said
    assert "card has changed since it was shown" in said and "check the card" in said
    assert "Cy wins 25, self-picked" in said  # the page shows the card as it is now
    assert event.read_bytes() == before
    done = tap(one, 1, 1, "confirm", "Bea", page=late.text)  # seen now: confirmed
    assert done.status_code == 200 and "Bea confirmed the card." in text_of(done)


def test_a_card_changed_at_the_laptop_is_told_apart_by_its_lines(serve: Serve, event: Path):
    """Lines typed on the command line carry no entry id: the page's mark is of the lines
    themselves, so a game taken back and another entered there is a changed card, and
    the same game entered again is the card the player saw."""
    phone = entered(serve, event)
    at = ("--session", str(event))
    for _ in range(3):
        cli("event", "wall", "1", "1", *at)
    cli("event", "win", "1", "1", "Dot", "50", "--self-pick", *at)
    asleep = phone.get("/round/1/table/1").text
    cli("event", "undo", "1", "1", *at)
    cli("event", "win", "1", "1", "Cy", "25", "--self-pick", *at)
    late = tap(phone, 1, 1, "confirm", "Bea", page=asleep)
    assert late.status_code == 400 and "card has changed since it was shown" in late.text
    cli("event", "undo", "1", "1", *at)
    cli("event", "win", "1", "1", "Dot", "50", "--self-pick", *at)  # as it was shown
    done = tap(phone, 1, 1, "confirm", "Bea", page=asleep)
    assert done.status_code == 200 and "Bea confirmed the card." in text_of(done)


def test_a_hand_in_from_a_page_showing_an_older_card_is_refused(serve: Serve, event: Path):
    one, two = entered(serve, event), entered(serve, event)
    four_games(one)
    for name in ("Ann", "Bea", "Cy", "Dot"):
        tap(one, 1, 1, "confirm", name)
    asleep = one.get("/round/1/table/1").text  # "Ann hands in the card", Dot +90
    take_back_and_enter(two)
    for name in ("Ann", "Bea", "Cy", "Dot"):
        tap(two, 1, 1, "confirm", name)
    before = event.read_bytes()
    late = tap(one, 1, 1, "hand-in", "Ann", page=asleep)
    assert late.status_code == 400 and "card has changed since it was shown" in late.text
    assert event.read_bytes() == before
    done = tap(one, 1, 1, "hand-in", "Ann")
    assert done.status_code == 200 and "The card is handed in" in text_of(done)


def test_the_same_confirmation_tapped_twice_is_harmless(phone_of: TestClient, event: Path):
    four_games(phone_of)
    page = phone_of.get("/round/1/table/1").text
    first = tap(phone_of, 1, 1, "confirm", "Bea", page=page)
    assert first.status_code == 200 and "Bea confirmed the card." in text_of(first)
    once = event.read_bytes()
    again = tap(phone_of, 1, 1, "confirm", "Bea", page=page)  # the same tap, sent again
    assert again.status_code == 200 and event.read_bytes() == once
    other = tap(phone_of, 1, 1, "confirm", "Cy", page=page)  # the page before Bea's tap
    assert other.status_code == 200 and "Cy confirmed the card." in text_of(other)


def test_a_script_that_does_not_say_what_it_was_shown_is_answered_as_before(
    serve: Serve, event: Path
):
    one, two = entered(serve, event), entered(serve, event)
    four_games(one)
    take_back_and_enter(two)
    sent = one.post("/round/1/table/1/confirm", data={"token": TOKEN, "name": "Bea"})
    assert sent.status_code == 200 and "Bea confirmed the card." in text_of(sent)
    api = {"round": "1", "table": "1", "name": "Cy", "entry_id": "confirm-cy-01"}
    assert one.post("/event/confirm", data=api, headers=KEY).status_code == 200
    assert one.post("/event/confirm", data=api, headers=KEY).status_code == 200


def test_a_take_back_from_an_older_page_says_the_line_was_taken_back_already(
    serve: Serve, event: Path
):
    one, two = entered(serve, event), entered(serve, event)
    four_games(one, {})  # game 4: a wall game
    asleep = one.get("/round/1/table/1").text
    assert "Take back the last line: Wall game" in asleep
    take_back_and_enter(two)
    before = event.read_bytes()
    undo = form(asleep, "undo")
    late = one.post(undo.pop("_action")[0], data=undo)
    said = text_of(late)
    assert late.status_code == 200 and event.read_bytes() == before
    assert "nothing was entered twice" not in said
    assert "already been taken back" in said and "nothing was taken back" in said


def test_where_do_i_sit_writes_a_shared_place_as_the_standings_do(serve: Serve, event: Path):
    at = ("--session", str(event))
    cli("event", "score", "1", "1", "Ann=25", "Bea=25", "Cy=0", "Dot=-10", *at)
    cli("event", "score", "1", "2", "Eve=40", "Fay=25", "Gus=0", "Hal=0", *at)
    assert "=2  Bea" in cli("event", "standings", *at)
    assert "+25 so far, place =2." in cli("event", "where", "bea", *at)
    assert "+40 so far, place 1." in cli("event", "where", "eve", *at)
    client = serve(event)
    page = html.unescape(client.get("/where?name=bea").text)
    assert "place =2" in page and "place 2<" not in page
    assert client.get("/where.json?name=bea").json()["place"] == 2  # JSON: the number


@pytest.fixture
def phone_of(serve: Serve, event: Path) -> TestClient:
    return entered(serve, event)
