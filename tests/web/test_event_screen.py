"""The room's screen of an event, where do I sit, the director's page and the results:
between rounds the screen lists who sits where by name; during a round it shows the
clock, each table's card as it stands and the standings with the profile, shared places
and how ties were settled; a player finds their seat by name in any case; the results
page prints the profile, the standings and the shared places."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.web.conftest import KEY, TOKEN, Serve, cli, cli_json
from tests.web.eventday import entered, hidden, new_event, play, tap, text_of

TEN = ["Ann", "Bea", "Cy", "Dot", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"]


@pytest.fixture
def event(tmp_path: Path) -> Path:
    return new_event(tmp_path, TEN)


@pytest.fixture
def phone(serve: Serve, event: Path) -> TestClient:
    return entered(serve, event)


def test_between_rounds_the_screen_lists_who_sits_where_by_name(serve: Serve, event: Path):
    page = text_of(serve(event).get("/"))
    assert "Round 1: where do I sit?" in page
    names = page[page.index('<ol class="by-name"') :]
    assert '<span class="who">Ann</span> <span class="where">table 1 · A</span>' in names
    assert '<span class="who">Ida</span> <span class="where">bye</span>' in names
    order = [names.index(f'<span class="who">{n}</span>') for n in sorted(TEN)]
    assert order == sorted(order)
    assert "<h2>Standings</h2>" not in page
    assert '<article class="table open">' in page  # the round's tables stay on the screen


def test_during_a_round_the_screen_shows_the_clock_the_cards_and_the_standings(
    phone: TestClient, event: Path
):
    cli("event", "start", "1", "--minutes", "55", "--session", str(event))
    play(phone, 1, 1, "game", winner="Ann", value="25", how="self")
    cli("event", "score", "1", "2", "Eve=30", "Fay=0", "Gus=-10", "Hal=5",
        "--session", str(event))  # fmt: skip
    page = text_of(phone.get("/"))
    assert "where do I sit?" not in page and "<h2>Standings</h2>" in page
    assert '<div class="clock running"' in page and "Round 1</span>" in page
    assert "profile mjmp" in page
    assert "seated by given · 1 of 2 cards in; missing table 1." in page  # round 1 named once
    assert 'Table 1</a> <span class="quiet">game 2 of 4</span>' in page
    assert 'Table 2</a> <span class="quiet">card in</span>' in page
    assert "share the place" in page  # a shared place shares its prize
    assert "/static/event.js" in page
    assert '<a href="/round/1">Everyone\'s seat, by name</a>' in page  # not a second "where"
    for name in ("Bea", "Cy", "Dot"):
        cli("event", "win", "1", "1", name, "25", "--self-pick", "--session", str(event))
    page = text_of(phone.get("/"))
    assert 'Table 1</a> <span class="quiet">checking the card</span>' in page


def test_before_any_card_is_in_the_screen_says_nothing_of_ties(serve: Serve, event: Path):
    cli("event", "start", "1", "--session", str(event))
    page = text_of(serve(event).get("/"))
    assert "<h2>Standings</h2>" in page and "share" not in page


def test_shared_places_and_the_tie_break_on_the_screen_and_the_results(
    phone: TestClient, event: Path
):
    cli("event", "score", "1", "1", "Ann=30", "Bea=30", "Cy=0", "Dot=-10",
        "--session", str(event))  # fmt: skip
    cli("event", "score", "1", "2", "Eve=30", "Fay=0", "Gus=-10", "Hal=5",
        "--session", str(event))  # fmt: skip
    for url in ("/", "/results"):
        page = text_of(phone.get(url))
        assert '<td class="place">=1</td>' in page, url
        assert "prize for a shared place is shared equally" in page, url
        assert "profile mjmp" in page, url
    results = text_of(phone.get("/results"))
    assert "Winner's circle" in results and "Round winners" in results
    assert "Round 1: Ann, Bea and Eve +30" in results


def test_where_do_i_sit_by_name_in_any_case(phone: TestClient, event: Path):
    cli("event", "score", "1", "1", "Ann=30", "Bea=20", "Cy=0", "Dot=-10",
        "--session", str(event))  # fmt: skip
    page = text_of(phone.get("/where"))
    assert '<option value="Ann">' in page and "Find my seat" in page
    found = text_of(phone.get("/where?name=cY"))
    assert '<h2 class="player">Cy</h2>' in found and "Table 1 · seat C (West)" in found
    for seat, name in (("A", "Ann"), ("B", "Bea"), ("D", "Dot")):
        assert f'<span class="wind">{seat}</span> <span class="name">{name}</span>' in found
    assert "Points so far: 0 · place" in found
    bye = text_of(phone.get("/where?name=ida"))
    assert "A bye in round 1" in bye
    unknown = phone.get("/where?name=Zed")
    assert unknown.status_code == 400 and "Zed" in text_of(unknown)
    assert phone.get("/where.json?name=ANN").json() == cli_json(
        "event", "where", "ann", "--session", str(event)
    )


def test_the_director_seats_the_next_round_and_the_screen_shows_its_seats(
    phone: TestClient, event: Path
):
    for table, totals in ((1, ("Ann=30", "Bea=20", "Cy=0", "Dot=-10")),
                          (2, ("Eve=30", "Fay=0", "Gus=-10", "Hal=5"))):  # fmt: skip
        cli("event", "score", "1", str(table), *totals, "--session", str(event))
    page = text_of(phone.get("/director"))
    assert "Round 1: all 2 cards are in." in page
    seated = phone.post("/director/seat", data=hidden(page, "/director/seat"))
    assert seated.status_code == 200 and "Round 2 is seated." in text_of(seated)
    assert cli_json("event", "seating", "2", "--session", str(event))["round"] == 2
    screen = text_of(phone.get("/"))
    assert "Round 2: where do I sit?" in screen
    assert phone.get("/tables", follow_redirects=False).status_code == 200
    assert "round 2" in text_of(phone.get("/tables"))


def test_the_director_gives_a_card_back_and_reopens_an_accepted_one(phone: TestClient, event: Path):
    play(phone, 1, 1, "game", winner="Ann", value="25", how="self")
    cli("event", "call-time", "1", "--session", str(event))
    for name in ("Ann", "Bea", "Cy", "Dot"):
        tap(phone, 1, 1, "confirm", name)
    tap(phone, 1, 1, "hand-in", "Ann")
    page = text_of(phone.get("/director"))
    back = phone.post("/director/reopen", data=hidden(page, "/director/reopen"))
    assert "open again at the table" in text_of(back)
    assert "finished, for the players to check and confirm" in text_of(
        phone.get("/round/1/table/1")
    )
    for name in ("Ann", "Bea", "Cy", "Dot"):
        tap(phone, 1, 1, "confirm", name)
    tap(phone, 1, 1, "hand-in", "Ann")
    page = text_of(phone.get("/director"))
    phone.post("/director/accept", data=hidden(page, "/director/accept"))
    page = text_of(phone.get("/director"))
    assert "Reopen to replace it" in page
    phone.post("/director/reopen", data=hidden(page, "/director/reopen"))
    table = text_of(phone.get("/round/1/table/1"))
    assert "(to replace the accepted card)" in table and "Take back the last line" in table
    standings = cli_json("event", "standings", "--session", str(event))["standings"]
    assert {x["player"]: x["points"] for x in standings}["Ann"] == 35  # in force meanwhile


def test_the_directors_page_needs_the_key(serve: Serve, event: Path):
    page = serve(event).get("/director")
    assert page.status_code == 401 and "entry link" in page.text and TOKEN not in page.text


def test_the_api_answers_the_round_after_seating_it(serve: Serve, event: Path):
    client = serve(event)
    for table, totals in ((1, ("Ann=30", "Bea=20", "Cy=0", "Dot=-10")),
                          (2, ("Eve=30", "Fay=0", "Gus=-10", "Hal=5"))):  # fmt: skip
        cli("event", "score", "1", str(table), *totals, "--session", str(event))
    answer = client.post("/event/seat", data={"round": "2"}, headers=KEY)
    assert answer.status_code == 200
    assert answer.json() == client.get("/seating.json?round=2").json()


def test_the_results_page_shows_games_byes_and_who_withdrew_as_the_command_line_does(
    phone: TestClient, event: Path
):
    """RULES.md §9: the standings show games played; a player who went home is marked, on
    the served results as on `mahj event standings` and its --html page."""
    cli("event", "score", "1", "1", "Ann=30", "Bea=20", "Cy=0", "Dot=-10",
        "--session", str(event))  # fmt: skip
    cli("event", "withdraw", "Dot", "--session", str(event))
    results = text_of(phone.get("/results"))
    assert "<th>Games</th><th>Byes</th>" in results
    row = results[results.index('<td class="who">Dot') :]
    row = row[: row.index("</tr>")]
    assert '<td class="who">Dot <em>(withdrew)</em></td>' in row
    cells = '<span class="card">games </span>{}</td><td class="round">'
    cells += '<span class="card">byes </span>{}'
    assert cells.format(4, 0) in row
    ida = results[results.index('<td class="who">Ida') :]
    assert cells.format(0, 1) in ida[: ida.index("</tr>")]


def test_the_results_page_says_which_cards_are_awaited_as_its_html_file_does(
    phone: TestClient, event: Path, tmp_path: Path
):
    """Mid-round, the served results say under their heading which tables' cards are
    still awaited, as `mahj event standings --html` does: nobody takes them as final."""
    cli("event", "score", "1", "1", "Ann=30", "Bea=20", "Cy=0", "Dot=-10",
        "--session", str(event))  # fmt: skip
    results = text_of(phone.get("/results"))
    page = tmp_path / "results.html"
    cli("event", "standings", "--html", str(page), "--session", str(event))
    note = "Round 1: waiting for table 2"
    assert note in page.read_text("utf-8")
    assert f'<p class="note">{note}</p>' in results
    assert results.index(note) < results.index("Standings</h2>")
