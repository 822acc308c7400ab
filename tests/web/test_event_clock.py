"""The round's clock on the director's page, the room's screen and every table's page:
started with its minutes, warned at 10 and 5 minutes, time called (by the director, or
when it runs out); after it, a table records its game in progress only as time called
and hands in a short card, which the director accepts only then. The clock is the
file's, so a server started again shows the same one."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mahjcli.core.clock import stamp
from mahjcli.night import eventchange, eventclock
from tests.web.conftest import TOKEN, Serve, cli, cli_json
from tests.web.eventday import entered, form, hidden, play, tap, text_of


@pytest.fixture
def phone(serve: Serve, event: Path) -> TestClient:
    return entered(serve, event)


def started(path: Path, minutes_ago: float, again: bool = False) -> dt.datetime:
    """Round 1's clock of an hour, started `minutes_ago` (as the director's page starts
    it then)."""
    at = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=minutes_ago)
    eventchange.change(path, lambda o: eventclock.start(o, 1, 60, at, again))
    return at


def to_the_minute(moment: dt.datetime) -> dt.datetime:
    """Where a clock's time is called: the first whole minute at or after `moment`."""
    moment = moment.replace(microsecond=0)
    return moment + dt.timedelta(seconds=-moment.second % 60)


def seconds(shown: str) -> int:
    """`50:34` in seconds."""
    minutes, secs = shown.split(":")
    return int(minutes) * 60 + int(secs)


def clock_of(page: str) -> dict[str, str]:
    """The clock a page shows: its state, what it says and what its script counts from."""
    found = re.search(
        r'<div class="clock (\w+)" data-clock data-now="([^"]*)" data-ends="([^"]*)"', page
    )
    assert found, page
    left = re.search(r'<strong class="clock-left">([^<]*)</strong>', page)
    assert left
    return {"state": found[1], "now": found[2], "ends": found[3], "left": left[1]}


def test_the_director_starts_the_clock_and_every_page_shows_it(phone: TestClient, event: Path):
    page = text_of(phone.get("/director"))
    assert "The clock has not been started." in page
    before = event.read_bytes()
    bad = phone.post("/director/start", data={"token": TOKEN, "round": "1", "minutes": "0"})
    assert bad.status_code == 400 and "minutes must be from 1 to 600" in text_of(bad)
    assert event.read_bytes() == before
    fields = {**hidden(page, "/director/start"), "minutes": "50"}
    done = phone.post("/director/start", data=fields)
    assert done.status_code == 200 and "Round 1's clock is running." in text_of(done)
    assert "[[clock]]" in event.read_text() and "minutes = 50" in event.read_text()
    for url in ("/", "/round/1/table/2", "/director"):
        clock = clock_of(phone.get(url).text)
        assert clock["state"] == "running", url
        assert 50 * 60 - 1 <= seconds(clock["left"]) <= 50 * 60 + 59, url  # to a whole minute
        ends = dt.datetime.fromisoformat(clock["ends"].replace("Z", "+00:00"))
        now = dt.datetime.fromisoformat(clock["now"].replace("Z", "+00:00"))
        assert ends.second == 0 and (ends - now).total_seconds() == seconds(clock["left"])
        assert 2999 <= (ends - now).total_seconds() <= 3059  # the server's time, not the phone's
    seating = phone.get("/seating.json").json()
    assert seating["clock"]["minutes"] == 50 and seating["clock"]["called"] is False
    again = phone.post("/director/start", data=fields)  # the same form: started again
    assert again.status_code == 200 and "Start the clock again" in text_of(again)
    # Starting it again and calling time each ask first: their buttons are behind a
    # question that says what will happen (a mis-tap changes nothing).
    page = text_of(phone.get("/director"))
    for summary, question, button in (
        ("Start the clock again…", "Start round 1's clock again from the beginning?",
         "Yes, start it again"),
        ("Call time now…", "Call time for round 1 now? A game still being played scores 0",
         "Yes, call time now"),
    ):  # fmt: skip
        asked = page[page.index(f"<summary>{summary}</summary>") :]
        asked = asked[: asked.index("</details>")]
        assert question in asked and f">{button}</button>" in asked


def test_a_laptop_clock_set_back_never_shows_more_than_the_round(phone: TestClient, event: Path):
    """The laptop's clock put back five minutes after the director started an hour's round
    (so it was started, as the laptop now reads it, in five minutes' time): every page
    shows the full hour (to the whole minute it ends at), never 65 minutes, and counts down
    from it."""
    at = started(event, -5)
    full = (to_the_minute(at + dt.timedelta(minutes=60)) - at.replace(microsecond=0)).seconds
    for url in ("/", "/round/1/table/1", "/director"):
        clock = clock_of(phone.get(url).text)
        assert seconds(clock["left"]) == full < 61 * 60, url
        ends = dt.datetime.fromisoformat(clock["ends"].replace("Z", "+00:00"))
        now = dt.datetime.fromisoformat(clock["now"].replace("Z", "+00:00"))
        assert (ends - now).total_seconds() == full, url
    assert "Round 1: 60 minutes left" in cli("event", "seating", "--session", str(event))


@pytest.mark.parametrize(
    ("ago", "state", "words"),
    [
        (51, "warn10", "10-minute warning"),  # 9 minutes left and the seconds to the minute
        (56, "warn5", "5-minute warning"),
        (61, "called", "Time called"),
    ],
)
def test_warned_at_ten_and_five_minutes_then_time_called(
    phone: TestClient, event: Path, ago: float, state: str, words: str
):
    started(event, ago)
    for url in ("/", "/board", "/round/1/table/1", "/round/1/table/1/part", "/director"):
        page = phone.get(url).text
        assert clock_of(page)["state"] == state, url
        assert words in page, url
    if state == "called":
        assert 'data-ends=""' in phone.get("/").text  # nothing left to count down


def test_after_time_is_called_a_table_records_its_game_as_time_called_and_hands_in_three(
    phone: TestClient, event: Path
):
    started(event, 30)
    for winner in ("Ann", "Bea", "Cy"):
        assert play(phone, 1, 1, "game", winner=winner, value="25", how="self").status_code == 200
    before = event.read_bytes()
    assert "Confirm the card" not in phone.get("/round/1/table/1").text
    asked = phone.post("/round/1/table/1/confirm", data={"token": TOKEN, "name": "Ann"})
    assert asked.status_code == 400 and "has 3 of 4 games" in text_of(asked)
    table_page = phone.get("/round/1/table/1").text
    assert 'class="called"' not in table_page  # no "time called" before the call
    sent = {**form(table_page, "wall"), "result": ["incomplete"]}
    ahead = phone.post(sent.pop("_action")[0], data=sent)
    assert ahead.status_code == 400 and "time has not been called for round 1" in text_of(ahead)
    assert event.read_bytes() == before
    page = text_of(phone.get("/director"))
    called = phone.post("/director/call-time", data=hidden(page, "/director/call-time"))
    assert called.status_code == 200 and "Time is called for round 1." in text_of(called)
    page = text_of(phone.get("/round/1/table/1"))
    assert "Time called at" in page and "Game 4: time called, 0 for all" in page
    # no new game starts: the only game form is the one for a game finished before the call
    assert page.count('class="game"') == 1 and "A game that finished before time was called" in page
    game = {"token": TOKEN, "result": "win", "winner": "Dot", "value": "25", "how": "self"}
    late = phone.post("/round/1/table/1/check", data=game)
    assert late.status_code == 400 and "time was called for round 1" in text_of(late)
    assert "enter it under “A game that finished before time was called”" in text_of(late)
    assert play(phone, 1, 1, "called").status_code == 200
    card = cli_json("event", "scorecard", "1", "1", "--session", str(event))
    assert card["lines"][-1]["result"] == "incomplete" and card["finished"]
    for name in ("Ann", "Bea", "Cy", "Dot"):
        tap(phone, 1, 1, "confirm", name)
    tap(phone, 1, 1, "hand-in", "Ann")
    director = text_of(phone.get("/director"))
    done = phone.post("/director/accept", data=hidden(director, "/director/accept"))
    assert "Accepted round 1, table 1's card." in text_of(done)
    lines = cli_json("event", "standings", "--session", str(event))["standings"]
    assert {x["player"]: x["points"] for x in lines}["Ann"] == 35


def test_a_penalty_after_time_called_does_not_offer_time_called_again(
    phone: TestClient, event: Path
):
    """The card ends with the game time stopped; a penalty given after it is the card's
    last line, and the page still offers no game and no second time called."""
    started(event, 30)
    play(phone, 1, 1, "game", winner="Ann", value="25", how="self")
    cli("event", "call-time", "1", "--session", str(event))
    cli("event", "incomplete", "1", "1", "--session", str(event))
    cli("event", "penalty", "1", "1", "Bea", "10", "--session", str(event))
    page = phone.get("/round/1/table/1").text
    assert 'class="called"' not in page and 'class="game"' not in page


def test_a_game_taken_back_after_time_is_called_is_entered_again_as_finished_before(
    phone: TestClient, event: Path
):
    """RULES.md §11: no new game starts once time is called, but a game finished before the
    call is the table's, even entered (or entered again, corrected) after it."""
    started(event, 30)
    for winner in ("Ann", "Bea"):
        play(phone, 1, 1, "game", winner=winner, value="25", how="self")
    page = text_of(phone.get("/director"))
    phone.post("/director/call-time", data=hidden(page, "/director/call-time"))
    undo = form(phone.get("/round/1/table/1").text, "undo")
    undo.pop("_action")
    assert phone.post("/round/1/table/1/undo", data=undo).status_code == 200
    page = phone.get("/round/1/table/1").text
    assert form(page, "game")["before_time"] == ["on"]
    done = play(phone, 1, 1, "game", page, winner="Bea", value="30", how="self")
    assert done.status_code == 200 and "Bea wins 30" in text_of(done)
    card = cli_json("event", "scorecard", "1", "1", "--session", str(event))
    assert [line["what"] for line in card["lines"]] == [
        "Ann wins 25, self-picked", "Bea wins 30, self-picked"
    ]  # fmt: skip
    assert card["totals"]["Bea"] == 40  # self-picked 30: +10 +30 (RULES.md §5)
    # a script says the same with the field before_time
    api = {"round": "1", "table": "2", "winner": "Eve", "value": "25", "self_pick": "true"}
    key = {"Authorization": f"Bearer {TOKEN}"}
    late = phone.post("/event/win", data=api, headers=key)
    assert late.status_code == 400 and "time was called" in late.text, late.text
    done = phone.post("/event/win", data={**api, "before_time": "true"}, headers=key)
    assert done.status_code == 200
    assert done.json()["lines"][-1]["what"] == "Eve wins 25, self-picked"


def test_a_short_card_is_handed_in_only_once_time_is_called(phone: TestClient, event: Path):
    started(event, 10)
    for winner in ("Ann", "Bea", "Cy"):
        play(phone, 1, 1, "game", winner=winner, value="25", how="self")
    before = event.read_bytes()
    refused = phone.post("/round/1/table/1/hand-in", data={"token": TOKEN, "name": "Ann"})
    assert refused.status_code == 400 and "it is handed in when the round is over" in text_of(
        refused
    )
    assert event.read_bytes() == before
    started(event, 61, again=True)  # started again an hour ago: it has run out
    page = text_of(phone.get("/round/1/table/1"))
    assert "Confirm the card" in page
    for name in ("Ann", "Bea", "Cy", "Dot"):
        tap(phone, 1, 1, "confirm", name)
    assert "Handed in by Ann" in text_of(tap(phone, 1, 1, "hand-in", "Ann"))
    director = text_of(phone.get("/director"))
    assert "Accepted" in text_of(
        phone.post("/director/accept", data=hidden(director, "/director/accept"))
    )
    card = cli_json("event", "scorecard", "1", "1", "--session", str(event))
    assert card["status"] == "accepted" and card["games"] == 3
    assert "called = " in event.read_text()  # the file itself says time was called


def test_the_clock_survives_a_restart_of_the_server(serve: Serve, event: Path):
    at = started(event, 52)
    first = clock_of(serve(event).get("/").text)
    second = clock_of(serve(event).get("/").text)  # another server on the same file
    ends = stamp(to_the_minute(at + dt.timedelta(minutes=60)))
    assert first["ends"] == second["ends"] == ends
    assert first["state"] == second["state"] == "warn10"


def test_the_clock_is_asked_for_by_scripts_too(serve: Serve, event: Path):
    from tests.web.conftest import KEY

    client = serve(event)
    answer = client.post("/event/start", data={"round": "1", "minutes": "45"}, headers=KEY)
    assert answer.status_code == 200 and answer.json()["clock"]["minutes"] == 45
    once = event.read_bytes()
    retry = {"round": "1", "minutes": "45", "entry_id": "start-r1-xyz"}
    assert client.post("/event/start", data=retry, headers=KEY).status_code == 200
    assert event.read_bytes() == once  # started already: the same request changes nothing
    plain = client.post("/event/start", data={"round": "1", "minutes": "45"}, headers=KEY)
    assert plain.status_code == 400 and "add --restart" in plain.json()["error"]
    called = client.post("/event/call-time", data={"round": "1"}, headers=KEY)
    assert called.status_code == 200 and called.json()["clock"]["called"] is True
    after = event.read_bytes()
    assert client.post("/event/call-time", data={"round": "1"}, headers=KEY).status_code == 200
    assert event.read_bytes() == after


@pytest.mark.parametrize("how", ["called", "ran out"])
def test_once_time_is_up_a_slow_card_does_not_hold_the_next_round_back(
    phone: TestClient, event: Path, how: str
):
    """Table 1's card of round 1 is in, table 2's is still being argued over; round 2 is
    seated and round 1's time is up. The floor is round 2: the director's page starts
    its clock, players find their round-2 seats, a phone picking its table goes there,
    and the slow table's page still says where round 2 is."""
    started(event, 70 if how == "ran out" else 10)
    cli("event", "score", "1", "1", "Ann=10", "Bea=10", "Cy=10", "Dot=-30",
        "--session", str(event))  # fmt: skip
    cli("event", "seating", "2", "--session", str(event))
    if how == "called":
        cli("event", "call-time", "1", "--session", str(event))
    page = text_of(phone.get("/director"))
    assert "Round 2's clock" in page and "Start round 2's clock" in page
    assert "Round 1's cards still to come" in page
    seat = cli_json("event", "where", "Ann", "--round", "2", "--session", str(event))
    where = text_of(phone.get("/where", params={"name": "ann"}))
    assert f"Table {seat['table']} · seat {seat['seat']}" in where and "Round 2" in where
    chosen = phone.get("/table/2", follow_redirects=False)
    assert chosen.headers["location"] == "/round/2/table/2"
    slow = phone.get("/round/1/table/2").text
    assert '<a href="/round/2/table/2">round 2 is on the floor</a>' in slow
    started_2 = phone.post(
        "/director/start", data=hidden(phone.get("/director").text, "/director/start")
    )
    assert "Round 2's clock is running." in text_of(started_2)


def test_before_time_is_up_a_seated_next_round_waits_for_the_cards(phone: TestClient, event: Path):
    """Round 2 seated early (to post the sheet) while round 1 is still being played: the
    floor stays round 1."""
    started(event, 10)
    cli("event", "seating", "2", "--session", str(event))
    page = text_of(phone.get("/director"))
    assert "Round 1's clock" in page and "Start round 2's clock" not in page
    assert phone.get("/table/2", follow_redirects=False).headers["location"] == "/round/1/table/2"


def test_once_every_card_is_in_the_screen_drops_the_rounds_clock(serve: Serve, event: Path):
    """Time was called and both cards are in: the room's screen no longer shows the round
    in red as "Time called" (the director's page still has its clock)."""
    started(event, 10)
    cli("event", "call-time", "1", "--session", str(event))
    page = serve(event).get("/").text
    assert "data-clock" in page  # a card still to come: the clock stays
    for table, names in ((1, ("Ann", "Bea", "Cy", "Dot")), (2, ("Eve", "Fay", "Gus", "Hal"))):
        cli("event", "score", "1", str(table), *(f"{n}=10" for n in names),
            "--session", str(event))  # fmt: skip
    page = serve(event).get("/").text
    assert "data-clock" not in page and "Time called" not in page


def test_the_directors_old_tab_is_answered_though_the_phone_joined_a_table(
    phone: TestClient, event: Path
):
    """The director's page stays open on a phone that then scans the tables' join code. A
    form from that old page carries the key, so it is done, and the answer is the
    director's page saying so (or what was wrong), not a page asking for the key."""
    page = text_of(phone.get("/director"))
    code = phone.app.state.keys.code  # type: ignore[attr-defined]
    phone.get(f"/enter?code={code}")
    assert phone.get("/director").status_code == 401  # the phone is a table's now
    bad = phone.post("/director/start", data={**hidden(page, "/director/start"), "minutes": "0"})
    assert bad.status_code == 400 and "minutes must be from 1 to 600" in text_of(bad)
    phone.get(f"/enter?code={code}")
    done = phone.post("/director/start", data={**hidden(page, "/director/start"), "minutes": "50"})
    assert done.status_code == 200 and "Round 1's clock is running." in text_of(done)
    assert "minutes = 50" in event.read_text()
