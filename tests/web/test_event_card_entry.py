"""A table's card at an event entered game by game from the scorekeeper's phone: each game
asked as a tournament night's `mahj win` asks it, checked, then put on the card; the
players confirm, the player RULES.md §6 names hands it in, the director accepts it. The
file is the command line's own (`mahj event win/wall/penalty/confirm/hand-in/accept`), and
every refusal leaves it byte for byte as it was."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.web.conftest import KEY, ODD, TOKEN, Serve, cli, cli_json
from tests.web.eventday import (
    EIGHT,
    check,
    entered,
    form,
    hidden,
    new_event,
    play,
    tap,
    text_of,
    without_ids,
)


@pytest.fixture
def phone(serve: Serve, event: Path) -> TestClient:
    return entered(serve, event)


ROUND = [
    ("game", {"winner": "Bea", "value": "30", "how": "by:Cy", "exposures": "2", "dead": "Dot"}),
    ("game", {"winner": "Ann", "value": "25", "how": "self", "jokerless": "on"}),
    ("wall", {"dead": "Dot"}),
    ("penalty", {"name": "Dot", "points": "10", "reason": "looked at a blind pass"}),
    ("game", {"winner": "Cy", "value": "25", "how": "by:Ann", "exposures": "3"}),
]
"""Round 1 at table 1 (Ann A, Bea B, Cy C, Dot D): RULES.md §6's numbers."""
CLI_ROUND = [
    ("win", "1", "1", "Bea", "30", "--thrown-by", "Cy", "--exposures", "2", "--dead", "Dot"),
    ("win", "1", "1", "Ann", "25", "--self-pick", "--jokerless"),
    ("wall", "1", "1", "--dead", "Dot"),
    ("penalty", "1", "1", "Dot", "10", "--reason", "looked at a blind pass"),
    ("win", "1", "1", "Cy", "25", "--thrown-by", "Ann", "--exposures", "3"),
]
TOTALS = {"Ann": 55 - 25 + 10, "Bea": 30 + 10, "Cy": -20 + 10 + 25, "Dot": -10 - 10}


def test_the_page_asks_every_question_of_mahj_win(phone: TestClient):
    page = phone.get("/round/1/table/1").text
    for name in ("Ann", "Bea", "Cy", "Dot"):
        assert f'name="winner" value="{name}"' in page
        assert f'name="how" value="by:{name}"' in page
        assert f'name="dead" value="{name}"' in page
    for field in ("value", "jokerless", "singles_pairs", "heavenly", "misnamed"):
        assert f'name="{field}"' in page
    exposures = page[
        page.index("Exposures on the winner") : page.index(
            "</fieldset>", page.index("Exposures on")
        )
    ]
    assert exposures.count('name="exposures"') == 5 and "checked" not in exposures  # asked
    assert "Game 1 of 4 · East: Ann" in page
    assert 'class="wall"' in page and 'class="penalty"' in page


def test_a_whole_round_on_the_phone_is_the_command_lines_card(
    phone: TestClient, event: Path, tmp_path: Path
):
    twin = tmp_path / "twin.toml"
    twin.write_bytes(event.read_bytes())
    first = check(phone, 1, 1, *ROUND[0][:1], **ROUND[0][1])
    assert first.status_code == 200
    said = text_of(first)
    assert "Bea wins 30, thrown by Cy, 2 exp." in said and "Bea +30 · Cy -20" in said
    assert event.read_bytes() == twin.read_bytes()  # nothing saved by looking
    for cls, fields in ROUND:
        done = play(phone, 1, 1, cls, **fields)
        assert done.status_code == 200, text_of(done)
        assert "On the card:" in done.text
    page = text_of(phone.get("/round/1/table/1"))
    assert "Time called" not in page
    for name, points in TOTALS.items():
        sign = "+" if points > 0 else ""
        assert (
            f'<dt>{name}</dt><dd class="{"minus" if points < 0 else "plus"}">{sign}{points}</dd>'
            in page
        )
    assert "Confirm the card" in page and "Game 5" not in page
    for args in CLI_ROUND:
        cli("event", *args, "--session", str(twin))
    assert without_ids(event.read_text()) == twin.read_text()
    assert event.read_text().count("entry_id = ") == 5
    card = cli_json("event", "scorecard", "1", "1", "--session", str(event))
    assert card["totals"] == TOTALS and card["games"] == 4


def play_round(phone: TestClient) -> None:
    for cls, fields in ROUND:
        assert play(phone, 1, 1, cls, **fields).status_code == 200


def test_verified_handed_in_by_the_seat_of_the_round_then_accepted(phone: TestClient, event: Path):
    play_round(phone)
    before = event.read_bytes()
    # hand-in before everyone confirmed: refused, the file as it was
    early = phone.post("/round/1/table/1/hand-in", data={"token": TOKEN, "name": "Ann"})
    assert early.status_code == 400 and "every player confirms the card first" in text_of(early)
    assert event.read_bytes() == before
    for name, partner in (("Ann", "Cy"), ("Bea", "Dot"), ("Cy", "Ann"), ("Dot", "Bea")):
        done = tap(phone, 1, 1, "confirm", name)
        assert done.status_code == 200 and f"{name} confirmed the card." in text_of(done)
        assert f"✓ checked {partner}'s line" in text_of(done)
    page = text_of(phone.get("/round/1/table/1"))
    assert "Ann hands in the card" in page  # round 1: seat A, East of the starting seats
    assert "The card: confirmed, for Ann to hand in" in page
    assert "confirmed, to hand in" in text_of(phone.get("/director"))
    wrong = phone.post("/round/1/table/1/hand-in", data={"token": TOKEN, "name": "Dot"})
    assert wrong.status_code == 400
    assert "in round 1 the card is handed in by seat A: Ann" in text_of(wrong)
    done = tap(phone, 1, 1, "hand-in", "Ann")
    assert "Handed in by Ann" in text_of(done) and 'class="game"' not in done.text
    points = cli_json("event", "standings", "--session", str(event))["standings"]
    assert {line["player"]: line["points"] for line in points}["Ann"] == 0  # not yet counted
    director = text_of(phone.get("/director"))
    assert "Accept table 1's card" in director and "handed in" in director
    accepted = phone.post(
        "/director/accept", data={**hidden(director, "/director/accept"), "token": TOKEN}
    )
    assert accepted.status_code == 200 and "Accepted round 1, table 1's card." in text_of(accepted)
    standings = cli_json("event", "standings", "--session", str(event))
    assert {line["player"]: line["points"] for line in standings["standings"]}["Ann"] == 40
    page = text_of(phone.get("/round/1/table/1"))
    assert "Accepted by the director" in page and "<form" not in page.split("</header>", 1)[1]
    after = event.read_bytes()
    late = phone.post("/round/1/table/1/undo", data={"token": TOKEN})
    assert late.status_code == 400 and "accepted and no longer changes" in text_of(late)
    assert event.read_bytes() == after


def test_the_directors_page_says_what_came_in_and_comes_back_to_the_table(
    serve: Serve, phone: TestClient, event: Path
):
    """The list stays as drawn (no button moves under the director's finger): a line
    says which cards came in since, and an accept comes back to its table, saying so."""
    play_round(phone)
    for name in ("Ann", "Bea", "Cy", "Dot"):
        tap(phone, 1, 1, "confirm", name)
    drawn = phone.get("/director").text
    news = re.search(r'class="news"[^>]*data-part="([^"]*)"', drawn)
    assert news is not None and phone.get(html.unescape(news[1])).text.strip() == ""
    tap(phone, 1, 1, "hand-in", "Ann")
    line = phone.get(html.unescape(news[1])).text
    words = re.sub("<[^>]*>", "", line).strip()
    assert words == "Table 1 has handed in its card. Show the new list"
    assert re.search(r'href="/director\?at=[^"#]+#round-1-table-1"', line)
    assert serve(event).get(html.unescape(news[1])).text == ""  # without the key: nothing
    director = phone.get("/director").text
    assert 'id="round-1-table-1"' in director
    now = re.search(r'class="news"[^>]*data-part="([^"]*)"', director)
    assert now is not None and phone.get(html.unescape(now[1])).text.strip() == ""
    accepted = phone.post(
        "/director/accept",
        data={**hidden(director, "/director/accept"), "token": TOKEN},
        follow_redirects=False,
    )
    assert accepted.status_code == 303
    assert accepted.headers["location"].endswith("#round-1-table-1")
    page = phone.get(accepted.headers["location"]).text
    li = page.index('id="round-1-table-1"')
    said = page[li : page.index("</li>", li)]
    assert "Accepted round 1, table 1&#39;s card." in said
    assert page.count("Accepted round 1, table 1&#39;s card.") == 1


def test_a_card_handed_in_after_the_next_round_began_is_accepted_there(
    phone: TestClient, event: Path
):
    """Round 2 is on the floor; table 1's card of round 1 comes in late: the director's
    page lists round 1's cards still to come, says this one came in, and accepts it."""
    play_round(phone)
    for name in ("Ann", "Bea", "Cy", "Dot"):
        tap(phone, 1, 1, "confirm", name)
    for args in (("call-time", "1"), ("seating", "2"), ("start", "2")):
        cli("event", *args, "--session", str(event))
    drawn = phone.get("/director").text
    assert "Round 2's cards" in drawn and "Round 1's cards still to come" in drawn
    assert 'id="round-1-table-2"' in drawn  # no card yet
    news = re.search(r'class="news"[^>]*data-part="([^"]*)"', drawn)
    assert news is not None
    tap(phone, 1, 1, "hand-in", "Ann")
    line = re.sub("<[^>]*>", "", phone.get(html.unescape(news[1])).text).strip()
    assert line == "Round 1, table 1 has handed in its card. Show the new list"
    director = phone.get("/director").text
    assert "Accept round 1, table 1's card" in director
    accepted = phone.post(
        "/director/accept",
        data={**hidden(director, "/director/accept"), "token": TOKEN},
        follow_redirects=False,
    )
    assert accepted.headers["location"].endswith("#round-1-table-1")
    page = phone.get(accepted.headers["location"]).text
    # accepted, the card leaves round 1's short list: the page says so at its top
    assert 'id="round-1-table-1"' not in page and 'id="round-1-table-2"' in page
    assert page.count("Accepted round 1, table 1&#39;s card.") == 1
    points = cli_json("event", "standings", "--session", str(event))["standings"]
    assert {line["player"]: line["points"] for line in points}["Ann"] == 40


def test_refusals_are_the_command_lines_in_the_pages_words(phone: TestClient, event: Path):
    before = event.read_bytes()
    cases = [
        ({"winner": "Bea", "value": "30", "how": "by:Cy"}, "exposures on the winner's rack"),
        ({"winner": "Bea", "value": "30", "how": "by:Bea", "exposures": "0"}, "Bea"),
        ({"winner": "Bea", "value": "", "how": "self"}, "the hand's value"),
        ({"winner": "Bea", "value": "2000", "how": "self"}, "the hand's value must be from"),
        ({"winner": "Zed", "value": "25", "how": "self"}, "Zed"),
    ]
    for fields, words in cases:
        page = check(phone, 1, 1, "game", **fields)
        assert page.status_code == 400, fields
        said = text_of(page)
        assert 'class="problem"' in page.text and words in said, (fields, said)
        assert "VALUE" not in said and "--exposures" not in said  # the page's words
        assert f'value="{fields["winner"]}" checked' in page.text or fields["winner"] == "Zed"
    assert event.read_bytes() == before


def test_the_same_game_sent_twice_is_on_the_card_once(phone: TestClient, event: Path):
    checked = check(phone, 1, 1, "game", winner="Ann", value="25", how="self")
    sent = hidden(checked.text, "/round/1/table/1/enter")
    assert len(sent["entry_id"][0]) >= 8
    assert phone.post("/round/1/table/1/enter", data=sent).status_code == 200
    once = event.read_bytes()
    again = phone.post("/round/1/table/1/enter", data=sent)
    assert again.status_code == 200 and "nothing was entered twice" in again.text
    assert event.read_bytes() == once
    assert cli_json("event", "scorecard", "1", "1", "--session", str(event))["games"] == 1


def test_a_card_reopened_and_handed_in_again_after_the_next_round_began(
    phone: TestClient, event: Path
):
    """The accepted card stays in force while the table replaces it; the replacement,
    handed in once round 2 is under way, is on the director's page to accept."""
    play_round(phone)
    for name in ("Ann", "Bea", "Cy", "Dot"):
        tap(phone, 1, 1, "confirm", name)
    tap(phone, 1, 1, "hand-in", "Ann")
    table_2 = ("score", "1", "2", "Eve=10", "Fay=0", "Gus=0", "Hal=0")  # round 1 all in
    for args in (table_2, ("accept", "1", "1"), ("reopen", "1", "1"), ("call-time", "1"),
                 ("seating", "2"), ("start", "2")):  # fmt: skip
        cli("event", *args, "--session", str(event))
    for name in ("Ann", "Bea", "Cy", "Dot"):
        tap(phone, 1, 1, "confirm", name)
    tap(phone, 1, 1, "hand-in", "Ann")
    director = phone.get("/director").text
    assert "Round 1's cards still to come" in director
    assert "Accept round 1, table 1's card" in director


def test_the_directors_page_reads_only_plain_numbers_from_its_address(phone: TestClient):
    for query in ("round=%C2%B2&table=1", f"round=1&table={'9' * 5000}", "round=-1&table=x"):
        answer = phone.get(f"/director?done=accept&{query}")
        assert answer.status_code == 200, query


def test_a_game_kept_on_a_phone_while_offline_is_sent_and_answered_in_json(
    phone: TestClient, event: Path
):
    """What a phone's script sends when the server answers again (a game kept while the
    Wi-Fi was down): the game's fields, straight to the card, answered in JSON: where to
    go, or why it was refused; sent twice, it is on the card once."""
    page = phone.get("/round/1/table/1").text
    sent = {**form(page, "game"), "winner": ["Ann"], "value": ["25"], "how": ["self"]}
    sent.pop("_action")
    json_ask = {"Accept": "application/json"}
    first = phone.post("/round/1/table/1/enter", data=sent, headers=json_ask)
    assert first.status_code == 200, first.text
    assert first.json()["page"] == "/round/1/table/1?entered=1"
    again = phone.post("/round/1/table/1/enter", data=sent, headers=json_ask)
    assert again.status_code == 200 and again.json()["repeated"] is True
    assert cli_json("event", "scorecard", "1", "1", "--session", str(event))["games"] == 1
    before = event.read_bytes()
    stale = phone.post(  # another game from the page as it was: the card changed since
        "/round/1/table/1/enter", data={**sent, "entry_id": ["other-game-01"]}, headers=json_ask
    )
    assert (
        stale.status_code == 400
        and "has changed since this page was shown (1 more line)" in stale.json()["error"]
    )
    assert event.read_bytes() == before


def test_a_second_phone_with_an_old_page_does_not_enter_the_game_twice(serve: Serve, event: Path):
    one, two = entered(serve, event), entered(serve, event)
    old = check(two, 1, 1, "game", winner="Ann", value="25", how="self")
    assert play(one, 1, 1, "game", winner="Ann", value="25", how="self").status_code == 200
    before = event.read_bytes()
    late = two.post("/round/1/table/1/enter", data=hidden(old.text, "/round/1/table/1/enter"))
    assert late.status_code == 400 and "has changed since this page was shown" in late.text
    assert event.read_bytes() == before


def test_take_back_the_last_line_once(phone: TestClient, event: Path):
    play(phone, 1, 1, "game", winner="Ann", value="25", how="self")
    play(phone, 1, 1, "wall")
    page = phone.get("/round/1/table/1").text
    undo = {**form(page, "undo")}
    undo.pop("_action")
    assert "Take back the last line: Wall game" in page
    done = phone.post("/round/1/table/1/undo", data=undo)
    assert done.status_code == 200 and "The last line was taken back." in done.text
    once = event.read_bytes()
    again = phone.post("/round/1/table/1/undo", data=undo)  # the same tap, sent again
    assert again.status_code == 200 and "already been taken back" in again.text
    assert event.read_bytes() == once
    assert cli_json("event", "scorecard", "1", "1", "--session", str(event))["games"] == 1


def test_a_game_taken_back_is_not_put_back_by_its_phone_sending_it_again(
    phone: TestClient, event: Path
):
    """The phone's answer lost, the table takes the game back; the phone, online again,
    sends its kept copy: the id was recorded once, so nothing is entered (INTERFACE.md)."""
    checked = check(phone, 1, 1, "game", winner="Ann", value="25", how="self")
    sent = hidden(checked.text, "/round/1/table/1/enter")
    assert phone.post("/round/1/table/1/enter", data=sent).status_code == 200
    undo = {**form(phone.get("/round/1/table/1").text, "undo")}
    undo.pop("_action")
    assert phone.post("/round/1/table/1/undo", data=undo).status_code == 200
    text = event.read_text("utf-8")
    assert f'# entry_id = "{sent["entry_id"][0]}"' in text and "# Taken back: " in text
    once = event.read_bytes()
    again = phone.post("/round/1/table/1/enter", data=sent)
    assert again.status_code == 200 and "nothing was entered twice" in again.text
    assert event.read_bytes() == once
    assert cli_json("event", "scorecard", "1", "1", "--session", str(event))["games"] == 0
    assert cli("event", "check", "--session", str(event)).startswith("OK")
    # the same game typed afresh (a new id) goes on
    play(phone, 1, 1, "game", winner="Ann", value="25", how="self")
    assert cli_json("event", "scorecard", "1", "1", "--session", str(event))["games"] == 1


def test_a_fifth_game_is_refused_and_the_round_is_over(phone: TestClient, event: Path):
    play_round(phone)
    before = event.read_bytes()
    fields = {"token": TOKEN, "result": "win", "winner": "Ann", "value": "25", "how": "self"}
    late = phone.post("/round/1/table/1/enter", data=fields)
    assert late.status_code == 400 and "the card has its 4 games" in text_of(late)
    assert event.read_bytes() == before


def test_without_the_key_a_phone_sees_the_card_but_no_form(serve: Serve, event: Path):
    page = serve(event).get("/round/1/table/1").text
    assert "Ann" in page and TOKEN not in page and "<form" not in page
    assert "entry link" in page


def test_the_card_is_json_for_scripts(phone: TestClient, event: Path):
    play(phone, 1, 1, "game", winner="Ann", value="25", how="self")
    assert (
        phone.get("/round/1/table/1/card.json").json()["totals"]
        == cli_json("event", "scorecard", "1", "1", "--session", str(event))["totals"]
    )


def test_a_phone_remembers_its_table(phone: TestClient):
    picked = phone.get("/tables")
    assert picked.status_code == 200 and "Which table is this phone?" in picked.text
    chose = phone.get("/table/2", follow_redirects=False)
    assert chose.status_code == 303 and chose.headers["location"] == "/round/1/table/2"
    again = phone.get("/tables", follow_redirects=False)
    assert again.status_code == 303 and again.headers["location"] == "/round/1/table/2"
    assert phone.get("/tables?pick=1").status_code == 200
    name = next(c for c in phone.cookies if c.startswith("mahj_table"))
    phone.cookies.delete(name)
    key = "; ".join(f"{k}={v}" for k, v in phone.cookies.items())
    for odd in ("²", "9" * 40, "0", "7"):  # a cookie typed or mangled: the phone picks again
        cookie = [(b"cookie", f"{key}; {name}={odd}".encode("latin-1"))]  # ² as one byte
        picked = phone.get("/tables", headers=cookie, follow_redirects=False)
        assert "Which table is this phone?" in picked.text, odd


def test_names_are_shown_as_typed_on_the_tables_pages(serve: Serve, tmp_path: Path):
    path = new_event(tmp_path, ODD)
    phone = entered(serve, path)
    play(phone, 1, 1, "game", winner=ODD[0], value="25", how=f"by:{ODD[3]}", exposures="1")
    for url in ("/round/1/table/1", "/tables?pick=1", "/director", "/where?name=jos"):
        page = phone.get(url).text
        assert "<script>alert" not in page, url
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page or url.startswith("/where")
    assert "[bold]Sue" in phone.get("/where?name=%5Bbold%5Dsue").text


def test_a_script_enters_games_by_the_api(serve: Serve, event: Path):
    client = serve(event)
    before = event.read_bytes()
    win = {"round": "1", "table": "1", "winner": "Bea", "value": "30", "thrown_by": "Cy",
           "exposures": "2", "entry_id": "script-0001"}  # fmt: skip
    answer = client.post("/event/win", data=win)
    assert answer.status_code == 401 and event.read_bytes() == before
    answer = client.post("/event/win", data=win, headers=KEY)
    assert answer.status_code == 200, answer.text
    assert answer.json()["totals"] == {"Ann": 0, "Bea": 30, "Cy": -20, "Dot": 0}
    once = event.read_bytes()
    again = client.post("/event/win", data=win, headers=KEY)
    assert again.status_code == 200 and again.json() == answer.json()
    assert event.read_bytes() == once
    bad = client.post("/event/win", data={**win, "entry_id": "short"}, headers=KEY)
    assert bad.status_code == 400 and "entry_id" in bad.json()["error"]
    wrong = client.post("/event/win", data={**win, "entry_id": "script-0002",
                                            "exposures": ""}, headers=KEY)  # fmt: skip
    assert wrong.status_code == 400 and "exposures on" in wrong.json()["error"]
    assert event.read_bytes() == once


def test_a_scripts_undo_sent_twice_takes_back_one_line(serve: Serve, event: Path):
    client = serve(event)
    for n, winner in enumerate(("Ann", "Bea"), 1):
        win = {"round": "1", "table": "1", "winner": winner, "value": "25", "self_pick": "on",
               "entry_id": f"game-000{n}"}  # fmt: skip
        assert client.post("/event/win", data=win, headers=KEY).status_code == 200
    vague = {"round": "1", "table": "1", "entry_id": "undo-0001"}
    assert "names the line" in client.post("/event/undo", data=vague, headers=KEY).text
    undo = {**vague, "last_id": "game-0002"}
    first = client.post("/event/undo", data=undo, headers=KEY)
    assert first.status_code == 200 and first.json()["games"] == 1
    again = client.post("/event/undo", data=undo, headers=KEY)
    assert again.status_code == 200 and again.json()["games"] == 1


def test_a_mah_jongg_in_error_on_the_phone_when_the_profile_scores_one(serve: Serve, tmp_path):
    """Only under a profile that scores one (RULES §7): 0 for all, or +10 to the one
    player who kept an intact hand; the phone offers it, checks it, then puts it on."""
    (tmp_path / "plain").mkdir()
    plain = entered(serve, new_event(tmp_path / "plain"))
    assert "Mah Jongg called in error" not in plain.get("/round/1/table/1").text
    profile = tmp_path / "errors.toml"
    profile.write_text('name = "Errors Cup"\nsource = "a sheet"\nmj_in_error = true\n', "utf-8")
    path = new_event(tmp_path, EIGHT, "--profile", str(profile))
    client = entered(serve, path)
    before = path.read_bytes()
    checked = check(client, 1, 1, "error", caller="Cy", intact="Dot")
    assert "Cy calls Mah Jongg in error; Dot kept an intact hand" in text_of(checked)
    assert "The card would then stand at: Ann 0, Bea 0, Cy 0, Dot +10." in text_of(checked)
    assert path.read_bytes() == before  # a check saves nothing
    page = text_of(play(client, 1, 1, "error", caller="Cy", intact="Dot"))
    assert "On the card: Cy calls Mah Jongg in error; Dot kept an intact hand." in page
    page = text_of(play(client, 1, 1, "error", caller="Bea"))
    assert "On the card: Bea calls Mah Jongg in error." in page
    card = client.get("/round/1/table/1/card.json").json()
    assert card["totals"] == {"Ann": 0, "Bea": 0, "Cy": 0, "Dot": 10}


def test_change_something_on_the_check_page_gives_back_the_form_as_filled(
    phone: TestClient, event: Path
):
    """The check page's "Change something" takes the scorekeeper back to the table's page
    with the game as she filled it in (Ann, 30, thrown by Bea, 2 exposures), nothing saved."""
    before = event.read_bytes()
    fields = {"winner": "Ann", "value": "30", "how": "thrown", "thrown_by": "Bea", "exposures": "2"}
    checked = check(phone, 1, 1, "game", **fields)
    back = hidden(checked.text, "/round/1/table/1")
    again = phone.post("/round/1/table/1", data=back)
    assert again.status_code == 200 and event.read_bytes() == before
    page = again.text[again.text.index('<form class="game"') :]
    page = page[: page.index("</form>")]
    chosen = dict(re.findall(r'name="(\w+)" value="([^"]*)" checked', page))
    assert chosen == {"winner": "Ann", "how": "by:Bea", "exposures": "2"}
    assert 'name="value" value="30"' in page


def test_a_page_left_open_after_the_card_was_accepted_is_told_so(phone: TestClient, event: Path):
    """A phone still showing the card as it was before the director accepted it sends a
    penalty, or takes back the last line: each is refused saying the card is accepted
    (ask the director), never that a line was taken back or that it was already done."""
    play_round(phone)
    stale = phone.get("/round/1/table/1").text
    checked = check(phone, 1, 1, "penalty", stale, name="Bea", points="10", reason="blind pass")
    assert checked.status_code == 200
    for name in ("Ann", "Bea", "Cy", "Dot"):
        tap(phone, 1, 1, "confirm", name)
    tap(phone, 1, 1, "hand-in", "Ann")
    cli("event", "accept", "1", "1", "--session", str(event))
    before = event.read_bytes()
    sent = phone.post("/round/1/table/1/enter", data=hidden(checked.text, "/round/1/table/1/enter"))
    undo = phone.post("/round/1/table/1/undo", data=hidden(stale, "/round/1/table/1/undo"))
    for answer in (sent, undo):
        said = text_of(answer)
        assert answer.status_code == 400, said
        assert "card is accepted and no longer changes; the director may replace it" in said
        assert "taken back" not in said and "already" not in said
    assert event.read_bytes() == before


def test_the_director_sees_what_a_card_says_before_accepting_it(phone: TestClient, event: Path):
    """A handed-in card shows its four totals beside its accept button; a card handed in
    again after the director reopened an accepted one says it is to replace that one."""

    def handed_in() -> str:
        """Table 1's card confirmed and handed in: its item on the director's page."""
        for name in ("Ann", "Bea", "Cy", "Dot"):
            tap(phone, 1, 1, "confirm", name)
        tap(phone, 1, 1, "hand-in", "Ann")
        page = text_of(phone.get("/director"))
        item = page[page.index('id="round-1-table-1"') :]
        return item[: item.index("</li>")]

    play_round(phone)
    item = handed_in()
    assert "Ann +40, Bea +40, Cy +15, Dot -20" in item and "Accept table 1's card" in item
    assert "to replace" not in item
    for args in (("accept", "1", "1"), ("reopen", "1", "1"), ("undo", "1", "1")):
        cli("event", *args, "--session", str(event))
    play(phone, 1, 1, "game", winner="Cy", value="30", how="by:Ann", exposures="3")
    item = handed_in()
    assert "handed in, to replace the accepted card" in item
    assert "Ann +40, Bea +40, Cy +20, Dot -20" in item  # Cy 30, not 25; Ann still −25
    # the table's page, opened from the director's list, leads back to it
    assert '<a href="/director">Director</a>' in phone.get("/round/1/table/1").text
