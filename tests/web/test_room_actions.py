"""Every table action and every change of the room from the page, with the command line's
rules and refusals: bets and pay-for-the-table, arrivals and leavers (settling up as she
goes), tables opened and closed, a misspelt name, an earlier game corrected (refused,
naming the game, when a later game would move), entry ids recorded once, the organiser's
key against the tables' join code, the key and the code changed while the night goes on,
and the night's end on the room's screen."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mahjcli.files import loader
from tests.web.conftest import KEY, TOKEN, Serve, cli, cli_json, refusal
from tests.web.test_table_page import form_fields

EVERYONE = ("Ruth", "Linda", "Kathy", "Pat")


@pytest.fixture
def bettors(tmp_path: Path) -> Path:
    """One table, Sue waiting; bettor, pay-for-the-table and the kitty played."""
    path = tmp_path / "bets.toml"
    cli("new", *EVERYONE, "Sue", "--house", "bettor", "--house", "pay-for-table",
        "--house", "kitty", "--session", str(path))  # fmt: skip
    return path


@pytest.fixture
def room(tmp_path: Path) -> Path:
    """Two tables and four waiting: Ann Bea Cy Dot | Eve Flo Gil Hal | Ida Joy Kay Lou."""
    path = tmp_path / "room.toml"
    names = ["Ann", "Bea", "Cy", "Dot", "Eve", "Flo", "Gil", "Hal", "Ida", "Joy", "Kay", "Lou"]
    cli("new", *names, "--tables", "2", "--session", str(path))
    return path


def totals(client: TestClient) -> dict[str, int]:
    return dict(client.get("/total.json").json()["totals"])


def refused_unchanged(client: TestClient, path: Path, route: str, fields: dict, words: str):
    """A refusal: 400 with the command line's words, the file byte for byte as it was."""
    before = path.read_bytes()
    message = refusal(client.post(route, data=fields, headers=KEY), 400)
    assert words in message, message
    assert path.read_bytes() == before
    return message


# ---- bets, pay-for-the-table, a wall bet --------------------------------------------------


def test_a_win_with_a_bet_pays_as_the_rule_book_says(serve: Serve, bettors: Path):
    """RULES.md §7: Sue bets on Ruth; Ruth wins 25 thrown by Linda."""
    client = serve(bettors)
    game = {"winner": "Ruth", "value": "25", "thrown_by": "Linda", "bet": "Sue=Ruth"}
    assert client.post("/win", data=game, headers=KEY).status_code == 200
    assert totals(client) == {"Ruth": 100, "Linda": -100, "Kathy": -50, "Pat": -50, "Sue": 100}


def test_a_bet_on_a_loser_pays_the_winner(serve: Serve, bettors: Path):
    client = serve(bettors)
    game = {"winner": "Ruth", "value": "25", "thrown_by": "Linda", "bet": "Sue=Kathy"}
    assert client.post("/win", data=game, headers=KEY).status_code == 200
    assert totals(client)["Ruth"] == 125 and totals(client)["Sue"] == -25


def test_pay_for_the_table_and_a_wall_bet(serve: Serve, bettors: Path, tmp_path: Path):
    client = serve(bettors)
    game = {"winner": "Ruth", "value": "25", "thrown_by": "Linda", "pays_for_table": "linda"}
    assert client.post("/win", data=game, headers=KEY).status_code == 200
    assert totals(client) == {"Ruth": 100, "Linda": -100, "Kathy": 0, "Pat": 0, "Sue": 0}
    # the same two games by the command line make the same file
    same = tmp_path / "same.toml"
    cli("new", *EVERYONE, "Sue", "--house", "bettor", "--house", "pay-for-table",
        "--house", "kitty", "--session", str(same))  # fmt: skip
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--pays-for-table", "Linda",
        "--session", str(same))  # fmt: skip
    assert client.post("/wall", data={"bet": "Ruth=wall"}, headers=KEY).status_code == 200
    cli("wall", "--bet", "Ruth=wall", "--session", str(same))
    assert bettors.read_text().split("[[log]]")[1:] == same.read_text().split("[[log]]")[1:]


def test_the_phones_wall_bet_is_a_wall_game_though_a_player_is_called_wall(
    serve: Serve, tmp_path: Path
):
    """The table page's bet choices, sent as the phone sends them, on a night where a
    player is called Wall: "a wall game" is a wall bet and "Wall" a bet on her."""
    game = {"winner": "Wall", "value": "25", "thrown_by": "Bea"}
    for shown, eve in (("a wall game", -25), ("Wall", 100)):
        path = tmp_path / f"{eve}.toml"
        cli("new", "Wall", "Bea", "Cy", "Dot", "Eve", "--house", "bettor", "--session", str(path))
        client = serve(path)
        page = client.get("/table/1", params={"key": TOKEN}).text
        choices = re.findall(r'<option value="(Eve=[^"]*)"[^>]*>([^<]*)</option>', page)
        (bet,) = [value for value, words in choices if words == shown]
        assert client.post("/win", data={**game, "bet": bet}, headers=KEY).status_code == 200
        assert totals(client)["Eve"] == eve, shown


def test_bets_are_refused_as_the_command_line_refuses_them(serve: Serve, bettors: Path):
    client = serve(bettors)
    game = {"winner": "Ruth", "value": "25", "thrown_by": "Linda"}
    refused_unchanged(client, bettors, "/win", {**game, "bet": "Sue"}, "BETTOR=PLAYER")
    refused_unchanged(client, bettors, "/win", {**game, "bet": "Sue=Zed"}, "Zed")
    refused_unchanged(client, bettors, "/win", {**game, "pays_for_table": "Zed"}, "Zed")


# ---- entry ids ----------------------------------------------------------------------------


def test_the_same_entry_id_twice_records_one_game(serve: Serve, bettors: Path):
    client = serve(bettors)
    game = {"winner": "Ruth", "value": "25", "thrown_by": "Linda", "entry_id": "phone-7f3a9c"}
    first = client.post("/win", data=game, headers=KEY)
    data = bettors.read_bytes()
    again = client.post("/win", data=game, headers=KEY)
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json() == cli_json("status", "--session", str(bettors))
    assert bettors.read_bytes() == data
    assert client.get("/total.json").json()["games"] == 1
    assert loader.load(bettors).session.log[-1].entry_id == "phone-7f3a9c"


def test_a_table_page_sent_twice_records_once_even_when_its_table_moved_on(
    serve: Serve, night: Path
):
    """The second send of a game already recorded is answered as done, not refused as
    out of date (its own recording moved the table on)."""
    client = serve(night)
    fields = {"winner": "Ruth", "value": "25", "how": "by:Linda", "result": "win",
              "token": TOKEN, "table_games": "0", "entry_id": "tap-tap-0001"}  # fmt: skip
    one = client.post("/table/1/record", data=fields, headers={"accept": "application/json"})
    two = client.post("/table/1/record", data=fields, headers={"accept": "application/json"})
    assert one.status_code == two.status_code == 200
    assert one.json()["game"] == two.json()["game"] == 1 and two.json()["repeated"]
    assert client.get("/total.json").json()["games"] == 1


def test_an_overtaken_entry_is_told_plainly(serve: Serve, night: Path):
    client = serve(night)
    cli("win", "Kathy", "30", "--self-pick", "--session", str(night))
    fields = {"winner": "Ruth", "value": "25", "how": "by:Linda", "result": "win",
              "token": TOKEN, "table_games": "0", "entry_id": "late-phone-01"}  # fmt: skip
    before = night.read_bytes()
    answer = client.post("/table/1/record", data=fields, headers={"accept": "application/json"})
    message = refusal(answer, 400)
    assert "has recorded game 1 (Kathy wins 30, self-picked) since this page was shown" in message
    assert "again" not in answer.json()  # the phone shows the table as it is, never the game
    assert night.read_bytes() == before


def test_a_game_refused_for_what_it_says_may_be_filled_in_again(serve: Serve, night: Path):
    """A refusal of the game itself (not of a page the table moved on from): the phone may
    show it filled in again, to put right and send again."""
    client = serve(night)
    fields = {"winner": "Ruth", "value": "25", "how": "by:Ruth", "result": "win",
              "token": TOKEN, "table_games": "0", "entry_id": "phone-0001"}  # fmt: skip
    before = night.read_bytes()
    answer = client.post("/table/1/record", data=fields, headers={"accept": "application/json"})
    assert "cannot both win and throw" in refusal(answer, 400)
    assert answer.json()["again"] is True
    assert night.read_bytes() == before


def test_a_rename_or_a_new_join_code_sent_twice_is_done_once(serve: Serve, night: Path):
    """A rename and the join code add no line to the file: their entry id is kept by the
    server, so the second send (a lost answer) changes nothing and answers as the first."""
    client = serve(night)
    rename = {"old": "Linda", "new": "Lyn", "entry_id": "rename-0001"}
    first = client.post("/rename", data=rename, headers=KEY)
    data = night.read_bytes()
    again = client.post("/rename", data=rename, headers=KEY)
    other = client.post("/rename", data={**rename, "old": "Lyn", "new": "Lou"}, headers=KEY)
    assert first.status_code == again.status_code == other.status_code == 200, again.text
    assert again.json() == first.json() and "Lyn" in first.json()["seated"]
    assert night.read_bytes() == data
    code = {"change": "true", "entry_id": "new-code-0001"}
    one = client.post("/join-code", data=code, headers=KEY).json()["code"]
    assert client.post("/join-code", data=code, headers=KEY).json()["code"] == one
    assert client.post("/join-code", data={"change": "true"}, headers=KEY).json()["code"] != one


@pytest.mark.parametrize("bad", ["short", "x" * 65, "has space!", "é" * 10])
def test_a_malformed_entry_id_is_refused(serve: Serve, night: Path, bad: str):
    client = serve(night)
    game = {"winner": "Ruth", "value": "25", "thrown_by": "Linda", "entry_id": bad}
    refused_unchanged(client, night, "/win", game, "entry_id must be one id of 8 to 64")


# ---- arrivals, leavers, tables, names -----------------------------------------------------


def test_an_arrival_and_her_refusals(serve: Serve, night: Path):
    client = serve(night)
    answer = client.post("/join", data={"name": "Sue"}, headers=KEY)
    assert answer.status_code == 200 and answer.json()["waiting"] == ["Sue"]
    assert answer.json() == cli_json("status", "--session", str(night))
    refused_unchanged(client, night, "/join", {"name": "sue"}, "Sue is already here, waiting")
    message = refused_unchanged(client, night, "/join", {"name": "Lnda"}, "did you mean Linda")
    assert message.endswith("If Lnda is someone new, tick “Someone new”")
    assert (
        client.post("/join", data={"name": "Lnda", "new": "true"}, headers=KEY).status_code == 200
    )
    refused_unchanged(client, night, "/join", {}, "give the name")


def test_a_leaver_settles_up_as_she_goes(serve: Serve, night: Path):
    client = serve(night)
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(night))
    answer = client.post("/leave", data={"name": "Linda", "settle": "true"}, headers=KEY)
    assert answer.status_code == 200, answer.text
    leave = loader.load(night).session.log[-1]
    assert leave.kind == "leave" and leave.pays == (("Ruth", 50),)
    assert "Linda pays Ruth 50" in client.get("/board").text
    refused_unchanged(client, night, "/leave", {"name": "Linda"}, "Linda")


def test_the_organisers_page_says_what_a_leaver_paid_at_the_door(serve: Serve, night: Path):
    """What the organiser reads out at the door is what was recorded (games may have come
    in since the page's preview), as the command line's "Settled: ..." says it."""
    client = serve(night)
    client.get(f"/enter?key={TOKEN}")
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(night))
    sent = {"name": "Linda", "settle": "on", "token": TOKEN, "page": "organiser"}
    page = client.post("/leave", data=sent)
    said = html.unescape(page.text)
    assert "Recorded: Linda leaves and settles up" in said
    assert "Settled: Linda pays Ruth 50." in said, said


def test_open_and_close_a_table(serve: Serve, room: Path):
    client = serve(room)
    opened = client.post("/open-table", data={"east": "Joy"}, headers=KEY)
    assert opened.status_code == 200, opened.text
    assert [t["east"] for t in opened.json()["tables"]] == ["Ann", "Eve", "Joy"]
    words = "a new table needs 4 players from the line; 0 are waiting"
    refused_unchanged(client, room, "/open-table", {}, words)
    closed = client.post("/close-table", data={"table": "2"}, headers=KEY)
    assert closed.status_code == 200
    assert [t["table"] for t in closed.json()["tables"]] == [1, 3]
    assert closed.json()["waiting"][:4] == ["Eve", "Flo", "Gil", "Hal"]
    refused_unchanged(client, room, "/close-table", {"table": "2"}, "table 2")
    refused_unchanged(client, room, "/close-table", {"table": "x"}, "table")


def test_a_misspelt_name_is_renamed(serve: Serve, night: Path):
    client = serve(night)
    cli("win", "Kathy", "30", "--self-pick", "--session", str(night))
    answer = client.post("/rename", data={"old": "kathy", "new": "Cathy"}, headers=KEY)
    assert answer.status_code == 200 and "Cathy" in answer.json()["seated"]
    assert totals(client)["Cathy"] == 180
    refused_unchanged(client, night, "/rename", {"old": "Cathy", "new": "ruth"}, "already a player")
    refused_unchanged(client, night, "/rename", {"old": "Zed", "new": "Zoe"}, "Zed")


def test_an_unknown_field_is_refused(serve: Serve, night: Path):
    client = serve(night)
    refused_unchanged(client, night, "/join", {"name": "Sue", "seat": "1"}, "unknown field 'seat'")


# ---- correcting an earlier game -----------------------------------------------------------


def test_an_earlier_game_is_corrected_as_mahj_fix_does(serve: Serve, night: Path, tmp_path: Path):
    client = serve(night)
    same = tmp_path / "same.toml"
    same.write_bytes(night.read_bytes())
    for path in (night, same):
        cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(path))
        cli("win", "Kathy", "30", "--self-pick", "--session", str(path))
    fixed = {"game": "1", "winner": "Ruth", "value": "30", "thrown_by": "Linda"}
    answer = client.post("/fix", data=fixed, headers=KEY)
    assert answer.status_code == 200, answer.text
    cli("fix", "1", "Ruth", "30", "--thrown-by", "Linda", "--session", str(same))
    assert totals(client) == cli_json("total", "--session", str(same))["totals"]
    assert client.post("/fix", data={"game": "2", "wall": "true"}, headers=KEY).status_code == 200
    assert client.get("/log.json").json()["games"][1]["result"] == "wall"


def test_a_correction_that_would_move_a_later_game_is_refused_naming_it(serve: Serve, room: Path):
    """Ann wins game 1 at table 1; had Eve (table 2) won it instead, table 2's East would
    have moved, and game 2 at table 2 was played with Eve dealing."""
    client = serve(room)
    cli("win", "Ann", "25", "--thrown-by", "Bea", "--session", str(room))
    cli("win", "Eve", "25", "--thrown-by", "Flo", "--session", str(room))
    fixed = {"game": "1", "winner": "Eve", "value": "25", "thrown_by": "Flo"}
    message = refused_unchanged(client, room, "/fix", fixed, "would seat later games differently")
    assert "game 2 was played" in message
    refused_unchanged(client, room, "/fix", {"game": "9", "wall": "true"}, "there is no game 9")
    refused_unchanged(client, room, "/fix", {"game": "1", "table": "2", "wall": "true"},
                      "game 1 was played at table 1")  # fmt: skip


def test_the_fix_page_refuses_on_the_page_with_the_choices_kept(serve: Serve, room: Path):
    client = serve(room)
    client.get(f"/enter?key={TOKEN}")
    cli("win", "Ann", "25", "--thrown-by", "Bea", "--session", str(room))
    cli("win", "Eve", "25", "--thrown-by", "Flo", "--session", str(room))
    page = client.get("/table/1/fix/1")
    assert page.status_code == 200 and "Correct game 1" in page.text
    assert "Make it a wall game" in page.text
    cli("wall", "--table", "1", "--session", str(room))
    assert "Make it a wall game" not in client.get("/table/1/fix/3").text  # it is one
    cli("undo", "--session", str(room))
    before = room.read_bytes()
    form = {"token": TOKEN, "page": "table", "game": "1", "table": "1", "winner": "Eve",
            "value": "25", "how": "by:Flo"}  # fmt: skip
    answer = client.post("/fix", data=form)
    assert answer.status_code == 400 and "would seat later games differently" in answer.text
    assert room.read_bytes() == before
    done = client.post("/fix", data={**form, "winner": "Ann", "value": "40", "how": "by:Bea"})
    assert done.status_code == 200 and "Game 1 was corrected: Ann wins 40" in done.text


def test_the_fix_page_keeps_what_the_game_claimed(serve: Serve, night: Path):
    """A singles-and-pairs hand corrected on the page stays one: its jokerless claim is
    still not doubled (RULES.md §1) when only the thrower is corrected."""
    client = serve(night)
    client.get(f"/enter?key={TOKEN}")
    cli("win", "Pat", "50", "--thrown-by", "Ruth", "--jokerless", "--singles-pairs",
        "--session", str(night))  # fmt: skip
    page = client.get("/table/1/fix/1").text
    assert re.search(r'name="singles_pairs" value="on" checked', page)
    form = {"token": TOKEN, "page": "table", "game": "1", "table": "1", "winner": "Pat",
            "value": "50", "how": "by:Linda", "jokerless": "on", "singles_pairs": "on"}  # fmt: skip
    assert client.post("/fix", data=form).status_code == 200
    assert totals(client) == {"Ruth": -50, "Linda": -100, "Kathy": -50, "Pat": 200}


def test_a_league_heavenly_hand_corrected_on_the_page_stays_one(serve: Serve, night: Path):
    client = serve(night)
    client.get(f"/enter?key={TOKEN}")
    cli("win", "Ruth", "25", "--self-pick", "--heavenly", "--session", str(night))
    page = client.get("/table/1/fix/1").text
    assert re.search(r'name="heavenly" value="on" checked', page)
    assert 'name="heavenly"' not in client.get("/table/1").text  # paid as self-picked: not asked


# ---- who may do what ----------------------------------------------------------------------


def test_the_join_code_enters_games_but_never_changes_the_room(serve: Serve, night: Path):
    client = serve(night)
    code = client.app.state.keys.code  # type: ignore[attr-defined]
    as_table = {"Authorization": f"Bearer {code.lower()}"}
    game = {"winner": "Ruth", "value": "25", "thrown_by": "Linda"}
    assert client.post("/win", data=game, headers=as_table).status_code == 200
    before = night.read_bytes()
    for route, fields in [("/join", {"name": "Sue"}), ("/close-night", {}), ("/key", {})]:
        assert "organiser" in refusal(client.post(route, data=fields, headers=as_table), 401)
    assert night.read_bytes() == before
    client.cookies.clear()
    assert client.get(f"/enter?code={code}", follow_redirects=False).status_code == 303
    assert client.get("/organiser").status_code == 401
    assert f'name="token" value="{code}"' in client.get("/table/1").text


def test_the_key_and_the_code_change_without_restarting(serve: Serve, night: Path):
    client = serve(night)
    code = client.app.state.keys.code  # type: ignore[attr-defined]
    changed = client.post("/key", headers=KEY)
    new_key = changed.json()["key"]
    assert new_key != TOKEN and changed.json()["link"].endswith(f"/enter?key={new_key}")
    game = {"winner": "Ruth", "value": "25", "thrown_by": "Linda"}
    refusal(client.post("/win", data=game, headers=KEY), 401)
    assert client.get(f"/enter?key={TOKEN}").status_code == 401
    new = {"Authorization": f"Bearer {new_key}"}
    assert client.post("/join-code", data={"change": "true"}, headers=new).status_code == 200
    refusal(client.post("/win", data=game, headers={"Authorization": f"Bearer {code}"}), 401)
    assert client.post("/win", data=game, headers=new).status_code == 200


def test_a_phone_whose_key_was_changed_is_told_in_a_page_not_in_json(serve: Serve, night: Path):
    """The organiser's second phone still shows the old key's forms: what it sends is
    refused with a readable page; a script is still answered in JSON."""
    client = serve(night)
    new_key = client.post("/key", headers=KEY).json()["key"]
    form = {"old": "Linda", "new": "Lyn", "token": TOKEN, "page": "organiser"}
    before = night.read_bytes()
    page = client.post("/rename", data=form, headers={"accept": "text/html,*/*;q=0.8"})
    assert page.status_code == 401 and page.headers["content-type"].startswith("text/html")
    assert "organiser" in page.text and '"error"' not in page.text
    script = client.post("/rename", data=form)
    assert script.status_code == 401 and "error" in script.json()
    reopened = client.get("/rename", headers={"accept": "text/html"}, follow_redirects=False)
    assert reopened.headers["location"] == "/organiser"  # the page the form was on
    wants_json = {"accept": "application/json, text/html;q=0.1"}
    assert client.post("/rename", data=form, headers=wants_json).json()["error"]
    night.write_text("[not toml\n")  # a read from a browser still gets JSON
    broken = client.get("/status.json", headers={"accept": "text/html,*/*;q=0.8"})
    assert broken.status_code == 409 and "error" in broken.json()
    night.write_bytes(before)
    assert night.read_bytes() == before and new_key != TOKEN


def test_the_organiser_page_needs_the_key_and_offers_every_room_action(serve: Serve, room: Path):
    client = serve(room)
    assert client.get("/organiser").status_code == 401
    client.get(f"/enter?key={TOKEN}")
    page = client.get("/organiser").text
    for action in ("/join", "/leave", "/open-table", "/close-table", "/rename", "/close-night",
                   "/join-code", "/key"):  # fmt: skip
        assert f'action="{action}"' in page, action
    assert "Settles up as they go" in page  # a leaver is not assumed to be a woman
    full = client.post("/join", data={"name": "Mo", "token": TOKEN, "page": "organiser"})
    assert full.status_code == 400 and "open it with “Open a table”, then Mo" in full.text
    assert re.search(r'<input[^>]*id="join-name"[^>]*value="Mo"', full.text)  # kept as typed
    opened = client.post("/open-table", data={"token": TOKEN, "page": "organiser"})
    assert "Recorded: Table 3 opens: Ida, Joy, Kay and Lou (East Ida)" in opened.text
    answer = client.post("/join", data={"name": "Mo", "token": TOKEN, "page": "organiser"})
    assert answer.status_code == 200 and "Recorded: Mo arrives and joins the line" in answer.text
    refused = client.post("/join", data={"name": "mo", "token": TOKEN, "page": "organiser"})
    assert refused.status_code == 400 and "Mo is already here, waiting in the line" in refused.text


def test_a_tournament_tables_organiser_page_offers_only_what_it_can_do(
    serve: Serve, tmp_path: Path
):
    """A tournament table plays with its four at one table: nobody arrives, leaves or
    opens a table, and its night ends with standings, not payments."""
    path = tmp_path / "t.toml"
    cli("new", "Barbara", "Linda", "Susan", "Carol", "--rules", "tournament", "--session",
        str(path))  # fmt: skip
    client = serve(path)
    client.get(f"/enter?key={TOKEN}")
    page = client.get("/organiser").text
    for action in ("/join", "/leave", "/open-table", "/close-table"):
        assert f'action="{action}"' not in page, action
    for action in ("/rename", "/close-night", "/join-code", "/key"):
        assert f'action="{action}"' in page, action
    assert "Waiting" not in page and "who pays whom" not in page
    assert "the final standings large enough to read across the room" in page
    cli("win", "Linda", "25", "--self-pick", "--session", str(path))
    assert client.post("/close-night", headers=KEY).status_code == 200
    client.app.state.room.look()  # type: ignore[attr-defined]  # the watcher's next look
    screen = client.get("/board").text
    assert "the night is over" in screen and "Final standings" in screen
    assert "Settle" not in screen and "pays" not in screen  # points, not money


# ---- the night's end and the join code on the room's screen ------------------------------


def test_closing_the_night_shows_the_end_until_a_game_is_recorded(serve: Serve, night: Path):
    client = serve(night)
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(night))
    before = night.read_bytes()
    closed = client.post("/close-night", headers=KEY)
    assert closed.status_code == 200 and closed.json()["closed"] is True
    assert night.read_bytes() == before
    client.app.state.room.look()  # type: ignore[attr-defined]  # the watcher's next look
    screen = client.get("/board").text
    assert "the night is over" in screen and "Final standings" in screen
    assert "Linda pays Ruth 50" in screen
    closed_words = "The organiser has closed the night: the room's screen shows its end."
    assert closed_words in html.unescape(client.get("/table/1").text)  # the tables are told
    game = {"winner": "Kathy", "value": "25", "self_pick": "true"}
    assert client.post("/win", data=game, headers=KEY).status_code == 200
    assert "the night is over" not in client.get("/board").text
    assert closed_words not in html.unescape(client.get("/table/1").text)
    client.get(f"/enter?key={TOKEN}")  # the organiser's page, come back to after the close
    page = html.unescape(client.get("/organiser?done=closed").text)
    assert "The night is closed" not in page
    assert "Something was recorded after the night was closed: it is open again." in page
    assert "open again" not in html.unescape(client.get("/organiser").text)


def test_a_night_without_games_cannot_close(serve: Serve, night: Path):
    client = serve(night)
    assert "no games yet" in refusal(client.post("/close-night", headers=KEY), 400)


def test_the_screen_shows_the_join_code_only_when_asked(serve: Serve, night: Path):
    client = serve(night)
    code = client.app.state.keys.code  # type: ignore[attr-defined]
    assert code not in client.get("/board").text
    assert client.post("/join-code", data={"show": "true"}, headers=KEY).json()["shown"]
    screen = client.get("/board").text
    assert code in screen and "<svg" in screen and TOKEN not in screen
    # the address to type it at, for a phone that cannot scan (the TV has no address bar)
    said = " ".join(re.sub(r"<[^>]+>", " ", screen).split())
    assert "or open mahj.test/enter and type the code" in said
    client.post("/join-code", data={"show": "false"}, headers=KEY)
    assert code not in client.get("/board").text


def test_a_correction_from_a_page_shown_before_another_is_refused(serve: Serve, night: Path):
    """Two phones open game 1 to correct it: the first makes it 30; the second, still
    showing 25, would silently put 25 back (and its own change) over the first's. It is
    refused, naming the game as it is now; the same form sent twice changes it once."""
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(night))
    first, second = serve(night), serve(night)
    for phone in (first, second):
        phone.get(f"/enter?key={TOKEN}")
    shown = second.get("/table/1/fix/1").text
    page = first.get("/table/1/fix/1").text
    sent = {**form_fields(page, "/fix"), "winner": "Ruth", "value": "30", "how": "by:Linda",
            "entry_id": "fix-one-by-first"}  # fmt: skip
    assert first.post("/fix", data=sent).status_code == 200
    after = night.read_bytes()
    assert first.post("/fix", data=sent).status_code == 200  # sent again: once
    assert night.read_bytes() == after
    stale = {**form_fields(shown, "/fix"), "winner": "Ruth", "value": "25", "how": "by:Kathy"}
    late = second.post("/fix", data=stale)
    said = html.unescape(late.text)
    assert late.status_code == 400 and "game 1 was changed since this page was shown" in said
    assert "now: Ruth wins 30, thrown by Linda" in said
    assert night.read_bytes() == after


def test_a_correction_for_a_game_renumbered_since_the_page_was_shown_is_refused(
    serve: Serve, tmp_path: Path
):
    """Table 1's phone shows game 3 (a wall game) to correct it; meanwhile table 2's game 1
    is taken back, so table 1's next wall game, alike in words, is game 3 now. The form is
    refused, and no game changes."""
    night = tmp_path / "two.toml"
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "--tables", "2",
        "--session", str(night))  # fmt: skip
    for table in ("2", "1", "1", "1"):
        cli("wall", "--table", table, "--session", str(night))
    phone = serve(night)
    phone.get(f"/enter?key={TOKEN}")
    shown = phone.get("/table/1/fix/3").text
    cli("take-back", "1", "--session", str(night))  # table 2's only game
    before = night.read_bytes()
    sent = {**form_fields(shown, "/fix"), "winner": "Ruth", "value": "30", "how": "self"}
    late = phone.post("/fix", data=sent)
    said = html.unescape(late.text)
    assert late.status_code == 400 and "game 3 was changed since this page was shown" in said
    assert "(now: Wall game, East Kathy)" in said  # it showed Linda's
    assert night.read_bytes() == before


def test_a_correction_on_the_page_says_which_later_games_pay_differently(
    serve: Serve, tmp_path: Path
):
    """RULES.md §10, the kitty example of the club-night guide, on the table's page: game 1
    becomes a win, so the kitty was empty when Pia won game 2; the page says so."""
    night = tmp_path / "kitty.toml"
    cli("new", "Nora", "Olga", "Pia", "Rosa", "--house", "kitty", "--session", str(night))
    cli("wall", "--session", str(night))
    cli("win", "Pia", "30", "--thrown-by", "Olga", "--session", str(night))
    client = serve(night)
    client.get(f"/enter?key={TOKEN}")
    form = {**form_fields(client.get("/table/1/fix/1").text, "/fix"), "winner": "Nora",
            "value": "25", "how": "by:Rosa"}  # fmt: skip
    done = client.post("/fix", data=form)
    said = html.unescape(done.text)
    assert done.status_code == 200 and "Game 1 was corrected: Nora wins 25" in said
    assert (
        "Later games that pay differently: game 2 now: Olga pays 60, Nora 30, Rosa 30 → "
        "Pia +120 (was: Olga pays 60, Nora 30, Rosa 30; Pia takes the kitty, 100 → Pia +220)"
        in said
    ), said


def test_the_organisers_old_tab_writes_and_is_answered_though_the_phone_joined_a_table(
    serve: Serve, room: Path
):
    """The organiser's page stays open on a phone that then scans the tables' join code (its
    cookie now holds the code). A form sent from that old page carries the key, so it is
    done; the answer is the organiser's page saying so (or what was wrong), never "the
    organiser's page needs the entry link" over a change that went through."""
    client = serve(room)
    client.get(f"/enter?key={TOKEN}")
    closed = client.post("/close-table", data={"table": "2", "token": TOKEN, "page": "organiser"})
    undo = form_fields(closed.text, "/undo")
    code = client.app.state.keys.code  # type: ignore[attr-defined]
    client.get(f"/enter?code={code}")
    assert client.get("/organiser").status_code == 401  # the phone is a table's now
    before = room.read_bytes()
    taken = client.post("/undo", data=undo)
    assert room.read_bytes() != before  # table 2's closing is taken back...
    assert taken.status_code == 200, taken.text  # ...and the page says so
    assert "Taken back: Table 2 closes" in taken.text, taken.text
    assert client.get("/organiser").status_code == 200  # the phone keeps the key it sent
    client.get(f"/enter?code={code}")
    joined = client.post("/join", data={"name": "ann", "token": TOKEN, "page": "organiser"})
    assert joined.status_code == 400, joined.text
    assert "Ann is already here" in joined.text, joined.text
    client.get(f"/enter?code={code}")
    answer = client.post("/open-table", data={"token": TOKEN, "page": "organiser"})
    assert answer.status_code == 200, answer.text
    assert "Recorded: Table 3 opens" in answer.text


def test_a_write_answered_after_the_key_changed_does_not_hand_out_the_new_key(room: Path):
    """The organiser changes the key on one phone while a write sent from another phone
    with the old key waits for the night's file (`mahj win` saving it at that moment). The
    write goes through, as the old key was good when it came; its answer gives that phone
    neither the new key nor the organiser's page."""
    import asyncio

    import httpx

    from mahjcli.files import lock
    from mahjcli.web.app import make_app
    from mahjcli.web.source import Room

    async def race() -> tuple[httpx.Response, str, int]:
        transport = httpx.ASGITransport(app=make_app(Room.of_file(room), TOKEN, interval=0.05))
        async with (
            httpx.AsyncClient(transport=transport, base_url="http://mahj.test") as old,
            httpx.AsyncClient(transport=transport, base_url="http://mahj.test") as desk,
        ):
            with lock.locked(room):  # another save of the night under way
                form = {"token": TOKEN, "page": "organiser"}
                write = asyncio.create_task(old.post("/open-table", data=form))
                await asyncio.sleep(0.3)  # its key is checked; it waits for the file
                new = (await desk.post("/key", headers=KEY)).json()["key"]
            answer = await write
            return answer, new, (await old.get("/organiser")).status_code

    answer, new, organiser = asyncio.run(race())
    assert len(loader.load(room).session.log) == 1  # done: the key was good when it came
    assert answer.status_code == 303
    assert new not in answer.headers.get("set-cookie", "")
    assert organiser == 401
