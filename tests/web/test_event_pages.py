"""A tournament event on the server: the standings and the round's seating on the room's
screen, a page to find one's seat, each table's card entry, and the API, all through the
same functions as `mahj event seating` and `mahj event score`."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.web.conftest import KEY, ODD, TOKEN, Serve, cli, cli_json, refusal
from tests.web.test_table_page import form_fields

PLAYERS = ["Ann", "Bea", "Cy", "Dot", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"]


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """Ten players, two tables and two byes a round; round 1 seated as listed."""
    path = tmp_path / "event.toml"
    cli("event", "new", "Club Cup", *PLAYERS, "--rounds", "3", "--given", "--seed", "5",
        "--date", "2026-04-18", "--session", str(path))  # fmt: skip
    return path


@pytest.fixture
def director(serve: Serve, event: Path) -> TestClient:
    client = serve(event)
    entered = client.get(f"/enter?key={TOKEN}", follow_redirects=False)
    assert entered.status_code == 303 and entered.headers["location"] == "/tables"
    return client


def test_the_screen_shows_the_seating_and_the_standings(serve: Serve, event: Path):
    page = serve(event).get("/").text
    assert "Club Cup" in page and "Round 1 seating" in page
    for name in PLAYERS[:8]:
        assert f'<span class="name">{name}</span>' in page
    assert "Byes: Ida, Jo" in page
    assert '<a href="/round/1/table/2">Table 2</a>' in page


def test_the_api_equals_the_commands_json(serve: Serve, event: Path):
    client = serve(event)
    assert client.get("/seating.json").json() == cli_json(
        "event", "seating", "1", "--session", str(event)
    )
    assert client.get("/standings.json").json() == cli_json(
        "event", "standings", "--session", str(event)
    )
    refusal(client.get("/seating.json?round=2"), 400)  # never seats a round by looking


def test_find_your_seat(serve: Serve, event: Path):
    page = html.unescape(serve(event).get("/round/1").text)
    assert '<span class="who">Ann</span> — table 1, seat A' in page
    assert '<span class="who">Ida</span> — bye' in page


def test_a_tables_card_from_the_phone_is_the_command_lines_card(
    director: TestClient, event: Path, tmp_path: Path
):
    twin = tmp_path / "twin.toml"
    twin.write_bytes(event.read_bytes())
    cli("event", "score", "1", "1", "Ann=45", "Bea=-10", "Cy=0", "Dot=20",
        "--session", str(twin))  # fmt: skip
    page = director.get("/round/1/table/1/totals").text
    assert page.count('name="points"') == 4
    fields = {"token": TOKEN, "player": ["Ann", "Bea", "Cy", "Dot"],
              "points": ["45", "-10", "0", "20"]}  # fmt: skip
    confirm = director.post("/round/1/table/1/totals/check", data=fields)
    assert confirm.status_code == 200, confirm.text
    assert "Ann +45, Bea -10, Cy 0, Dot +20" in confirm.text
    record = "/round/1/table/1/totals/record"
    done = director.post(record, data=form_fields(confirm.text, record))
    assert done.status_code == 200 and "The card in: Ann +45" in done.text
    assert event.read_text() == twin.read_text()
    assert "card in" in director.get("/").text


def test_a_paper_card_kept_on_a_phone_while_offline_goes_in_once(director: TestClient, event):
    """What the phone's script sends when the server answers again: the card's form as
    typed (with its id), straight to the record, answered in JSON; sent twice, in once."""
    fields = {"token": TOKEN, "player": ["Ann", "Bea", "Cy", "Dot"],
              "points": ["45", "-10", "0", "20"], "entry_id": "paper-card-01"}  # fmt: skip
    json_ask = {"Accept": "application/json"}
    first = director.post("/round/1/table/1/totals/record", data=fields, headers=json_ask)
    assert first.status_code == 200, first.text
    assert first.json() == {"page": "/round/1/table/1/totals?done=1", "repeated": False}
    after = event.read_bytes()
    again = director.post("/round/1/table/1/totals/record", data=fields, headers=json_ask)
    assert again.json()["repeated"] is True and event.read_bytes() == after
    # the id is recorded with the card: whatever else the write says, it is in once
    other = director.post("/round/1/table/1/totals/record", headers=json_ask,
                          data={**fields, "points": ["1", "2", "3", "4"]})  # fmt: skip
    assert other.json()["repeated"] is True and event.read_bytes() == after
    assert 'entry_id = "paper-card-01"' in event.read_text()


def test_a_card_that_does_not_add_up_is_refused_and_nothing_changes(
    director: TestClient, event: Path
):
    before = event.read_bytes()
    fields = {"token": TOKEN, "player": ["Ann", "Bea", "Cy", "Eve"],
              "points": ["45", "-10", "0", "20"]}  # fmt: skip
    page = director.post("/round/1/table/1/totals/check", data=fields)
    assert page.status_code == 400 and 'class="problem"' in page.text
    blank = {**fields, "player": PLAYERS[:4], "points": ["1", "", "2", "3"]}
    missing = director.post("/round/1/table/1/totals/record", data=blank)
    assert missing.status_code == 400
    # in the page's words: a box with a number in it, never NAME=POINTS
    said = html.unescape(missing.text)
    assert "Bea's total is missing (type 0 for no points)" in said and "NAME=POINTS" not in said
    word = {**blank, "points": ["1", "forty", "2", "3"]}
    said = html.unescape(director.post("/round/1/table/1/totals/check", data=word).text)
    assert "Bea's total must be a whole number, like 45 or -10, not 'forty'" in said
    assert event.read_bytes() == before


def test_post_score_records_a_card_and_answers_the_standings(serve: Serve, event: Path):
    client = serve(event)
    before = event.read_bytes()
    body = {"round": "1", "table": "2", "total": ["Eve=30", "Fay=0", "Gus=-10", "Hal=5"]}
    refusal(client.post("/score", data=body), 401)
    assert event.read_bytes() == before
    answer = client.post("/score", data=body, headers=KEY)
    assert answer.status_code == 200, answer.text
    assert answer.json() == cli_json("event", "standings", "--session", str(event))
    first = answer.json()["standings"][0]
    assert (first["place"], first["player"], first["points"], first["rounds"]) == (
        1,
        "Eve",
        30,
        [30],
    )
    again = event.read_bytes()
    message = refusal(client.post("/score", data=body, headers=KEY), 400)
    assert "replace" in message
    assert event.read_bytes() == again


def test_an_events_names_are_escaped(serve: Serve, tmp_path: Path):
    path = tmp_path / "odd.toml"
    cli("event", "new", "<i>Cup</i>", *ODD, "--given", "--session", str(path))
    client = serve(path)
    client.get(f"/enter?key={TOKEN}")
    for url in ("/", "/round/1", "/round/1/table/1", "/round/1/table/1/totals"):
        page = client.get(url).text
        assert "<script>alert" not in page and "<i>Cup" not in page, url
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "李" in page


def test_a_card_already_in_is_replaced_in_the_pages_words(director: TestClient, event: Path):
    """On the page there is no --replace to add: the director is told to tick "Replace the
    card that is in", and a win on an accepted paper card is refused pointing to that,
    not to a command that refuses a paper card; every refusal leaves the file as it was."""
    cli("event", "score", "1", "1", "Ann=45", "Bea=-10", "Cy=0", "Dot=20",
        "--session", str(event))  # fmt: skip
    page = director.get("/round/1/table/1/totals").text
    assert "Replace the card that is in" in page
    before = event.read_bytes()
    fields = {"token": TOKEN, "player": ["Ann", "Bea", "Cy", "Dot"],
              "points": ["40", "-10", "0", "25"]}  # fmt: skip
    said = html.unescape(director.post("/round/1/table/1/totals/check", data=fields).text)
    assert "tick “Replace the card that is in”" in said and "--replace" not in said
    win = {"token": TOKEN, "winner": "Ann", "value": "25", "how": "self"}
    said = html.unescape(director.post("/round/1/table/1/check", data=win).text)
    assert "accepted and no longer changes" in said and "mahj event" not in said
    assert "“Replace the card that is in” on its paper card page" in said
    assert event.read_bytes() == before
    answer = director.post("/score", headers=KEY,
                           data={"round": "1", "table": "2", "replace": "on",
                                 "total": ["Eve=30", "Fay=0", "Gus=-10", "Hal=5"]})  # fmt: skip
    assert "untick “Replace the card that is in”" in refusal(answer, 400)
    assert event.read_bytes() == before


def test_a_table_entering_game_by_game_is_not_offered_a_paper_card_form(serve: Serve, event: Path):
    """Its card is being entered on the table's page: the paper card page says so (and
    the director may replace it there); the tables' join code cannot."""
    cli("event", "win", "1", "1", "Ann", "25", "--self-pick", "--session", str(event))
    client = serve(event)
    code = client.app.state.keys.code  # type: ignore[attr-defined]
    assert client.get(f"/enter?code={code}", follow_redirects=False).status_code == 303
    page = html.unescape(client.get("/round/1/table/1/totals").text)
    assert 'name="points"' not in page
    assert "being entered game by game" in page and 'href="/round/1/table/1"' in page
    assert 'href="/director"' not in client.get("/round/1/table/1").text  # not the director
    director = serve(event)
    director.get(f"/enter?key={TOKEN}")
    page = director.get("/round/1/table/1/totals").text
    assert 'name="points"' in page and "Replace the card that is in" in page


def test_the_key_refused_at_an_event_is_the_directors(serve: Serve, event: Path):
    said = refusal(serve(event).post("/event/accept", data={"round": "1", "table": "1"}), 401)
    assert "the director's, at an event" in said


def test_change_something_on_a_paper_card_keeps_the_four_totals(director: TestClient):
    fields = {"token": TOKEN, "player": ["Ann", "Bea", "Cy", "Dot"],
              "points": ["50", "-20", "-20", "-10"]}  # fmt: skip
    confirm = director.post("/round/1/table/1/totals/check", data=fields).text
    again = form_fields(confirm, "/round/1/table/1/totals")
    page = director.post("/round/1/table/1/totals", data=again).text
    for value in ("50", "-20", "-10"):
        assert f'name="points" value="{value}"' in page
    assert 'name="points" value=""' not in page


def test_a_card_sent_again_with_its_entry_id_never_undoes_a_correction(serve: Serve, event: Path):
    """INTERFACE.md: an entry id is recorded once, and the same write sent again answers
    200 and changes nothing — even after the director corrected the card it put in."""
    client = serve(event)
    body = {"round": "1", "table": "2", "total": ["Eve=30", "Fay=0", "Gus=-10", "Hal=5"],
            "replace": "true", "entry_id": "card-r1t2-0001"}  # fmt: skip
    cli("event", "score", "1", "2", "Eve=10", "Fay=0", "Gus=0", "Hal=5", "--session", str(event))
    assert client.post("/score", data=body, headers=KEY).status_code == 200  # replaces it
    cli("event", "score", "1", "2", "Eve=40", "Fay=0", "Gus=-10", "Hal=-5", "--replace",
        "--session", str(event))  # fmt: skip  # the director corrects it
    corrected = event.read_bytes()
    for sent in (body, {k: v for k, v in body.items() if k != "replace"}):
        again = client.post("/score", data=sent, headers=KEY)
        assert again.status_code == 200, again.text
        assert event.read_bytes() == corrected
    totals = {line["player"]: line["points"] for line in again.json()["standings"]}
    assert (totals["Eve"], totals["Hal"]) == (40, -5)


def test_a_round_not_seated_yet_is_said_in_words(serve: Serve, event: Path):
    client = serve(event)
    page = client.get("/round/2")
    said = html.unescape(page.text)
    assert page.status_code == 400
    assert "Round 2 is not seated yet (round 1 is)" in said and "ROUND" not in said
    past = client.get("/round/7")  # the event has three rounds: 7 is never seated
    assert past.status_code == 400
    assert "The event has rounds 1 to 3, not 7" in html.unescape(past.text)
    assert "The event has rounds 1 to 3, not 5" in client.get("/seating.json?round=5").text
    assert "round=x" not in html.unescape(client.get("/seating.json?round=x").text)


def test_a_late_arrival_finds_her_first_rounds_seat_on_the_page(serve: Serve, event: Path):
    cli("event", "start", "1", "--session", str(event))
    for name in ("Zoe", "Yan", "Xi", "Wu"):
        cli("event", "add", name, "--session", str(event))
    cli("event", "seating", "2", "--session", str(event))
    client = serve(event)
    page = html.unescape(client.get("/where?name=zoe").text)
    assert "Round 2: Table" in page and "no seat" not in page
    asked = client.get("/where.json?name=zoe&round=1")
    assert asked.status_code == 400 and "round 2 is seated: ask for that round" in asked.text


def test_a_nights_address_on_an_event_says_where_the_events_are(serve: Serve, event: Path):
    """A script written for a night, pointed at an event: not a bare 404 but JSON naming
    the event's own addresses, and nothing written."""
    client = serve(event)
    before = event.read_bytes()
    for path in ("/status.json", "/total.json", "/log.json"):
        said = refusal(client.get(path), 404)
        assert "this server serves an event, not a night" in said and "/standings.json" in said
    for path in ("/win", "/wall", "/fix", "/join", "/leave", "/undo"):
        data = {"winner": "Ann", "value": "25", "self_pick": "on"}
        said = refusal(client.post(path, data=data, headers=KEY), 404)
        assert "/event/win" in said, said
    assert event.read_bytes() == before


def test_a_right_to_left_name_keeps_to_itself_in_the_events_sentences(serve: Serve, tmp_path):
    """The round's winners, the ties and a card's last line taken back name an Arabic name
    beside an amount: the name is set apart, so `Bea and محمد (+40)` keeps its amount
    where it is on the screen, the results page and the take-back page."""
    path = tmp_path / "cup.toml"
    cli("event", "new", "Cup", "محمد", "Bea", "Cy", "Dot", "--rounds", "2", "--given",
        "--session", str(path))  # fmt: skip
    cli("event", "start", "1", "--session", str(path))
    cli("event", "win", "1", "1", "محمد", "25", "--self-pick", "--session", str(path))
    client = serve(path)
    client.get(f"/enter?key={TOKEN}")
    apart = "\u2068محمد\u2069"
    taking = html.unescape(client.get("/round/1/table/1/take-back").text)
    assert f"{apart} +" in taking, taking
    cli("event", "undo", "1", "1", "--session", str(path))
    cli("event", "score", "1", "1", "محمد=40", "Bea=40", "Cy=-40", "Dot=-40",
        "--session", str(path))  # fmt: skip
    for route in ("/board", "/results"):
        page = html.unescape(client.get(route).text)
        assert f"Round 1: Bea and {apart} +40" in page, page
        assert f"Bea and {apart} (+40) share place 1." in page, page
