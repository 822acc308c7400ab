"""A table's phone: the four quick questions, who pays whom before anything is saved,
the game recorded as `mahj win` records it, two phones never recording one game twice,
and taking back the table's last game."""

from __future__ import annotations

import html
import re
from pathlib import Path

from starlette.testclient import TestClient

from tests.web.conftest import TOKEN, Serve, cli, cli_json

ASK = {"token": TOKEN, "result": "win", "table_games": "0"}


def form_fields(page: str, action: str) -> dict[str, list[str]]:
    """The hidden fields of the form posting to `action` on a page."""
    import re

    start = page.index(f'action="{action}"')
    form = page[start : page.index("</form>", start)]
    found: dict[str, list[str]] = {}
    for n, v in re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', form):
        found.setdefault(html.unescape(n), []).append(html.unescape(v))
    return found


def test_the_four_questions_then_who_pays_whom_then_recorded(phone: TestClient, night: Path):
    page = phone.get("/table/1").text
    for name in ("Ruth", "Linda", "Kathy", "Pat"):
        assert f'name="winner" value="{name}"' in page
        assert f'name="how" value="by:{name}"' in page
    assert 'name="how" value="self"' in page and 'name="jokerless"' in page
    before = night.read_bytes()
    fields = {**ASK, "winner": "Pat", "value": "25", "how": "by:Ruth", "jokerless": "on"}
    confirm = phone.post("/table/1/check", data=fields)
    assert confirm.status_code == 200
    assert "Ruth pays 100, Linda 50, Kathy 50 → Pat +200" in html.unescape(confirm.text)
    assert night.read_bytes() == before  # nothing saved by looking
    hidden = form_fields(confirm.text, "/table/1/record")
    done = phone.post("/table/1/record", data=hidden)
    assert done.status_code == 200 and "Game 1 is recorded" in done.text
    assert cli_json("total", "--session", str(night))["totals"] == {
        "Ruth": -100, "Linda": -50, "Kathy": -50, "Pat": 200,
    }  # fmt: skip
    assert 'name="table_games" value="1"' in done.text
    cli("wall", "--session", str(night))  # the table plays on (another phone, the laptop)
    again = phone.get(str(done.url)).text  # the same page, as it follows the night
    assert "Game 1 is recorded" not in again and "Wall game" in html.unescape(again)


def test_a_jokerless_claim_not_doubled_says_why_before_and_after(phone: TestClient, night):
    """A singles-and-pairs hand claimed jokerless is paid at its value (RULES.md §1): the
    phone says why before it is recorded, and the table's page and the TV after."""
    fields = {**ASK, "winner": "Pat", "value": "50", "how": "self", "jokerless": "on",
              "singles_pairs": "on"}  # fmt: skip
    confirm = html.unescape(phone.post("/table/1/check", data=fields).text)
    reason = "jokerless is not counted: a singles-and-pairs hand cannot hold a joker"
    assert "Ruth pays 100, Linda 100, Kathy 100 → Pat +300" in confirm and reason in confirm
    phone.post("/table/1/record", data=form_fields(confirm, "/table/1/record"))
    assert reason in html.unescape(phone.get("/table/1").text)
    assert reason in html.unescape(phone.get("/").text)


def test_the_page_asks_every_claim_the_rules_book_pays_differently(phone: TestClient, night):
    """Singles and pairs (jokerless not doubled) is on the page as `mahj win
    --singles-pairs`; a league night has no tournament's mis-named discard, heavenly hand
    (paid as self-picked here), time called or points."""
    page = phone.get("/table/1").text
    assert 'name="singles_pairs"' in page and "Singles and pairs" in page
    assert 'name="misnamed"' not in page and 'name="heavenly"' not in page
    assert 'value="incomplete"' not in page
    assert "See who pays whom" in page and "See the points" not in page
    refused = phone.post("/table/1/check", data={**ASK, "result": "incomplete"})
    assert refused.status_code == 400 and "only at a tournament table" in html.unescape(
        refused.text
    )


def test_a_tournament_table_asks_for_points_a_misnamed_discard_and_time_called(
    serve: Serve, tmp_path: Path
):
    path = tmp_path / "t.toml"
    players = ("Barbara", "Linda", "Susan", "Carol")
    cli("new", *players, "--rules", "tournament", "--session", str(path))
    phone = serve(path)
    phone.get(f"/enter?key={TOKEN}")
    page = phone.get("/table/1").text
    assert "See the points" in page and "See who pays whom" not in page
    assert 'name="misnamed"' in page and 'name="heavenly"' in page
    assert 'value="incomplete"' in page
    heavenly = {**ASK, "winner": "Barbara", "value": "25", "how": "self", "jokerless": "on",
                "heavenly": "on"}  # fmt: skip
    assert "Barbara +25, everyone else 0" in html.unescape(  # V only: no bonus (RULES.md §6)
        phone.post("/table/1/check", data=heavenly).text
    )
    fields = {**ASK, "winner": "Barbara", "value": "30", "how": "by:Linda", "exposures": "2",
              "misnamed": "on"}  # fmt: skip
    confirm = html.unescape(phone.post("/table/1/check", data=fields).text)
    assert "Barbara +30, Linda -25" in confirm  # the -25 replaces the exposure penalty
    phone.post("/table/1/record", data=form_fields(confirm, "/table/1/record"))
    before = path.read_bytes()
    called = phone.post("/table/1/check", data={**ASK, "result": "incomplete", "table_games": "1"})
    assert called.status_code == 200 and path.read_bytes() == before  # looking saves nothing
    said = html.unescape(called.text)
    assert "Game 2" in said and "Time called: game not finished" in said
    phone.post("/table/1/record", data=form_fields(called.text, "/table/1/record"))
    games = cli_json("log", "--session", str(path))["games"]
    assert [g["result"] for g in games] == ["win", "incomplete"]
    assert cli_json("status", "--session", str(path))["east"] == "Susan"  # the deal passed


def test_change_something_keeps_the_choices(phone: TestClient):
    fields = {**ASK, "winner": "Kathy", "value": "30", "how": "self"}
    confirm = phone.post("/table/1/check", data=fields).text
    again = phone.post("/table/1", data=form_fields(confirm, "/table/1")).text
    assert 'value="Kathy" checked' in again and 'value="self" checked' in again
    assert 'value="30"' in again


def test_a_refusal_keeps_the_choices_and_says_why(phone: TestClient, night: Path):
    before = night.read_bytes()
    fields = {**ASK, "winner": "Ruth", "value": "25", "how": "by:Ruth"}
    page = phone.post("/table/1/check", data=fields)
    assert page.status_code == 400
    assert "Ruth" in page.text and 'class="problem"' in page.text
    assert 'value="Ruth" checked' in page.text
    assert night.read_bytes() == before


def test_a_wall_game_from_the_table(phone: TestClient, night: Path):
    confirm = phone.post("/table/1/check", data={**ASK, "result": "wall", "dead": "Kathy"})
    assert confirm.status_code == 200 and "Wall game" in confirm.text
    phone.post("/table/1/record", data=form_fields(confirm.text, "/table/1/record"))
    last = cli_json("log", "--session", str(night))["games"][-1]
    assert last["result"] == "wall" and all(v == 0 for v in last["deltas"].values())


def test_two_phones_cannot_record_one_game_twice(serve: Serve, night: Path):
    first, second = serve(night), serve(night)
    for client in (first, second):
        client.get(f"/enter?key={TOKEN}")
    fields = {**ASK, "winner": "Ruth", "value": "25", "how": "by:Linda"}
    hidden = form_fields(first.post("/table/1/check", data=fields).text, "/table/1/record")
    assert first.post("/table/1/record", data=hidden).status_code == 200
    after_one = night.read_bytes()
    late = second.post("/table/1/record", data=hidden)
    assert late.status_code == 400
    assert "has recorded game 1 (Ruth wins 25, thrown by Linda) since" in late.text
    assert night.read_bytes() == after_one


def test_the_page_knows_of_a_game_typed_at_the_command_line(phone: TestClient, night: Path):
    cli("win", "Kathy", "30", "--self-pick", "--session", str(night))
    page = phone.get("/table/1").text
    assert "Kathy wins 30, self-picked" in page
    assert 'name="table_games" value="1"' in page


def test_a_club_table_shows_its_own_seats_and_records_there(serve: Serve, club: Path):
    client = serve(club)
    client.get(f"/enter?key={TOKEN}")
    status = cli_json("status", "--session", str(club))
    two = status["tables"][1]
    page = client.get("/table/2").text
    assert all(f'name="winner" value="{n}"' in page for n in two["seated"])
    assert all(f'name="winner" value="{n}"' not in page for n in status["tables"][0]["seated"])
    games = page.split('name="table_games" value="')[1].split('"')[0]
    fields = {**ASK, "table_games": games, "winner": two["seated"][1], "value": "25",
              "how": f"by:{two['seated'][2]}"}  # fmt: skip
    confirm = client.post("/table/2/check", data=fields)
    assert confirm.status_code == 200, confirm.text
    assert "gets up" in confirm.text  # somebody waits: the seat changes hands
    client.post("/table/2/record", data=form_fields(confirm.text, "/table/2/record"))
    after = cli_json("status", "--session", str(club))
    assert after["tables"][0] == status["tables"][0]
    assert after["tables"][1]["east"] == two["seated"][1]
    log = cli_json("log", "--session", str(club))["games"][-1]
    assert log["deltas"][two["seated"][1]] > 0


def test_taking_back_the_tables_last_game(phone: TestClient, night: Path):
    before = night.read_bytes()
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(night))
    ask = phone.get("/table/1/undo")
    assert ask.status_code == 200 and "Take back game 1?" in ask.text
    done = phone.post("/table/1/undo", data=form_fields(ask.text, "/table/1/undo"))
    assert done.status_code == 200 and "Game 1 was taken back" in done.text
    assert cli_json("total", "--session", str(night))["games"] == 0
    assert night.read_bytes() != before  # as `mahj undo`: the game stays as a comment
    assert "# " in night.read_text() and 'winner = "Ruth"' in night.read_text()
    cli("redo", "--session", str(night))  # and `mahj redo` can put it back
    assert cli_json("total", "--session", str(night))["games"] == 1
    cli("undo", "--session", str(night))
    nothing = phone.get("/table/1/undo")
    assert nothing.status_code == 400 and "no game to take back" in nothing.text


def test_taking_back_a_game_says_the_seats_go_back(serve: Serve, tmp_path: Path):
    """Five at the table: after game 1 Ruth got up and Sue took her seat. Taking game 1
    back says so before it is done, and seats them as before."""
    night = tmp_path / "five.toml"
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "--session", str(night))
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(night))
    phone = serve(night)
    phone.get(f"/enter?key={TOKEN}")
    ask = html.unescape(phone.get("/table/1/undo").text)
    assert "Then the seats change: Ruth sits down again, Sue goes back to the line." in ask
    phone.post("/table/1/undo", data=form_fields(ask, "/table/1/undo"))
    status = cli_json("status", "--session", str(night))
    assert status["seated"] == ["Ruth", "Linda", "Kathy", "Pat"] and status["waiting"] == ["Sue"]


def test_taking_back_a_game_names_everyone_who_moves_at_every_table(serve: Serve, tmp_path: Path):
    """Two tables and Sue and Eve waiting. Game 1 at table 1: Ruth gets up, Sue sits down.
    Game 2 at table 2: Ann gets up, Eve (now first in line) sits down. Taking game 1 back
    means Sue was still first in line when Ann got up: Ruth sits down again at table 1,
    Sue moves to table 2 and Eve goes back to the line, as the page says beforehand."""
    night = tmp_path / "two.toml"
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue", "Eve",
        "--tables", "2", "--session", str(night))  # fmt: skip
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(night))
    cli("win", "Cy", "25", "--thrown-by", "Dot", "--session", str(night))
    phone = serve(night)
    phone.get(f"/enter?key={TOKEN}")
    ask = html.unescape(phone.get("/table/1/undo").text)
    said = re.search(r"Then the seats change: ([^<]*)\.<", ask)
    assert said is not None
    moves = set(said.group(1).split(", "))
    assert moves == {"Ruth sits down again at table 1", "Sue moves to table 2",
                     "Eve goes back to the line"}  # fmt: skip
    assert phone.post("/table/1/undo", data=form_fields(ask, "/table/1/undo")).status_code == 200
    status = cli_json("status", "--session", str(night))
    seated = {t["table"]: t["seated"] for t in status["tables"]}
    assert "Ruth" in seated[1] and "Sue" in seated[2] and "Eve" in status["waiting"]


def test_a_take_back_in_an_older_file_never_moves_a_later_game(serve: Serve, tmp_path: Path):
    """RULES.md §10 for a night written before games kept their seats: table 1's game 1
    (Ruth got up, Sue sat down) cannot be taken back once table 2 has played twice, since
    without it Sue, not Ruth, would have sat down at table 2 for game 3."""
    night = tmp_path / "older.toml"
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue",
        "--tables", "2", "--session", str(night))  # fmt: skip
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(night))
    cli("win", "Ann", "25", "--self-pick", "--session", str(night))
    cli("wall", "--table", "2", "--session", str(night))
    older = "".join(line for line in night.read_text().splitlines(keepends=True)
                    if not line.startswith("seats = "))  # fmt: skip
    night.write_text(older)
    phone = serve(night)
    phone.get(f"/enter?key={TOKEN}")
    ask = phone.get("/table/1/undo")
    assert ask.status_code == 400 and "game 3" in html.unescape(ask.text)
    sent = phone.post("/table/1/undo", data={"token": TOKEN, "at": "0"})
    assert sent.status_code == 400 and "game 3" in html.unescape(sent.text)
    assert night.read_text() == older


def test_a_table_opened_again_starts_afresh(serve: Serve, tmp_path: Path):
    """Table 2 closed after Ann's win and opened again for four others: its page shows none
    of the old table's games, and has none of them to take back."""
    night = tmp_path / "club.toml"
    names = ["Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue", "Tom"]
    cli("new", *names, "--tables", "2", "--session", str(night))
    cli("win", "Ann", "25", "--self-pick", "--session", str(night))
    cli("close-table", "2", "--session", str(night))
    cli("open-table", "--session", str(night))
    phone = serve(night)
    phone.get(f"/enter?key={TOKEN}")
    page = html.unescape(phone.get("/table/2").text)
    assert "Ann wins 25" not in page and 'name="table_games" value="0"' in page
    nothing = phone.get("/table/2/undo")
    assert nothing.status_code == 400 and "no game to take back" in nothing.text


def test_an_undo_page_shown_before_another_game_takes_back_nothing(phone: TestClient, night: Path):
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(night))
    hidden = form_fields(phone.get("/table/1/undo").text, "/table/1/undo")
    cli("wall", "--session", str(night))
    kept = night.read_bytes()
    late = phone.post("/table/1/undo", data=hidden)
    assert late.status_code == 400 and "not the one shown" in late.text
    assert night.read_bytes() == kept
    asked = form_fields(late.text, "/table/1/undo")  # the table's last game now, asked
    assert "<h1>Take back game 2?</h1>" in late.text and "Take back game 2</button>" in late.text
    assert phone.post("/table/1/undo", data=asked).status_code == 200
    assert [g["result"] for g in cli_json("log", "--json", "--session", str(night))["games"]] == [
        "win"
    ]


def club_of(tmp_path: Path, players: str) -> Path:
    path = tmp_path / "club.toml"
    cli("new", *players.split(), "--tables", "2", "--session", str(path))
    return path


def test_a_club_table_takes_back_its_game_after_another_table_played(serve: Serve, tmp_path: Path):
    """Table 2's last game is not the night's last entry (table 1 played since): it is
    taken out alone, table 1's game stays, and the file keeps it as a comment."""
    path = club_of(tmp_path, "Ruth Linda Kathy Pat Ann Bea Cy Dot")
    cli("win", "Ann", "25", "--thrown-by", "Bea", "--session", str(path))
    cli("win", "Ruth", "30", "--self-pick", "--session", str(path))
    client = serve(path)
    client.get(f"/enter?key={TOKEN}")
    ask = client.get("/table/2/undo")
    assert ask.status_code == 200 and "Take back game 1?" in ask.text
    assert "1 later entry is kept and scored again without it" in ask.text
    assert "may move" not in ask.text
    assert "never who played it or at which table" in ask.text
    done = client.post("/table/2/undo", data=form_fields(ask.text, "/table/2/undo"))
    assert done.status_code == 200 and "Game 1 was taken back" in done.text
    games = cli_json("log", "--session", str(path))["games"]
    assert [(g["game"], g["east"], g["result"]) for g in games] == [(1, "Ruth", "win")]
    assert cli_json("total", "--session", str(path))["totals"]["Ann"] == 0
    text = path.read_text()
    assert "taken back on table 2's page" in text and '# winner = "Ann"' in text


def test_a_take_back_that_does_not_say_which_game_takes_back_nothing(serve: Serve, tmp_path: Path):
    """A take-back sent without the game the page showed (a script, a hand-made request)
    never falls on another table's game or an arrival: it is refused, the file as it was."""
    path = club_of(tmp_path, "Ruth Linda Kathy Pat Ann Bea Cy Dot")
    cli("win", "Ruth", "30", "--self-pick", "--session", str(path))
    cli("win", "Ann", "25", "--thrown-by", "Bea", "--session", str(path))
    cli("join", "Zoe", "--session", str(path))
    client = serve(path)
    before = path.read_bytes()
    for at in ({}, {"at": "abc"}, {"at": "99999999999"}):
        sent = client.post("/table/1/undo", data={"token": TOKEN, **at})
        assert sent.status_code == 400 and "nothing was taken back" in html.unescape(sent.text)
    assert path.read_bytes() == before


def test_a_game_that_later_games_rest_on_is_not_taken_back(serve: Serve, tmp_path: Path):
    """RULES.md §8: table 2 finishes, Ann gets up and Sue sits; table 1 finishes, Ruth
    gets up and Ann sits at table 1, then wins there thrown by Linda. Without table 2's
    game Ann would never have left table 2: that later win would not stand."""
    path = club_of(tmp_path, "Ruth Linda Kathy Pat Ann Bea Cy Dot Sue")
    for args in (("Bea", "25", "--thrown-by", "Cy"), ("Kathy", "25", "--self-pick"),
                 ("Ann", "25", "--thrown-by", "Linda")):  # fmt: skip
        cli("win", *args, "--session", str(path))
    client = serve(path)
    client.get(f"/enter?key={TOKEN}")
    ask = client.get("/table/2/undo")
    assert ask.status_code == 400 and "taking back game 1 would seat later games" in ask.text
    assert "game 3 was played at table 1 by Linda (East), Kathy, Pat and Ann" in ask.text
    assert (
        "correct game 1 as a wall game" in ask.text
        and "mahj fix" not in ask.text
        and "nothing was changed" not in ask.text  # nothing was asked yet
        and "take back the later games" in ask.text
        and 'action="/table/2/undo"' not in ask.text
    )
    before = path.read_bytes()
    forced = client.post("/table/2/undo", data={"token": TOKEN, "at": "0"})
    assert forced.status_code == 400 and "nothing was changed" in forced.text
    assert path.read_bytes() == before


def test_the_page_names_its_fields_where_the_terminal_names_options(phone: TestClient, night):
    """One message, each shell's words: the phone says "the hand's value", never VALUE or
    --line, which is what `mahj win` says for the same mistake."""
    cases = [
        ({"winner": "Ruth", "how": "self"},
         "say what the hand was worth: the hand's value (e.g. 25) or the card line",
         ("win", "Ruth", "--self-pick"),
         "say what the hand was worth: VALUE (e.g. 25) or --line NAME"),
        ({"winner": "Ruth", "how": "self", "value": "2500"},
         "the hand's value must be from 1 to 1000",
         ("win", "Ruth", "2500", "--self-pick"),
         "VALUE must be from 1 to 1000, not 2500"),
        ({"winner": "Ruth", "value": "25"},
         "say how it was won: who threw it or self-picked",
         ("win", "Ruth", "25"),
         "say how it was won: --thrown-by NAME or --self-pick"),
    ]  # fmt: skip
    from typer.testing import CliRunner

    from mahjcli.cli import app

    before = night.read_bytes()
    for fields, on_page, typed, in_terminal in cases:
        page = html.unescape(phone.post("/table/1/check", data={**ASK, **fields}).text)
        assert on_page in page, fields
        assert "VALUE" not in page and "--line" not in page and "--self-pick" not in page
        said = CliRunner().invoke(app, [*typed, "--session", str(night)]).stderr
        assert said == f"Error: {in_terminal}\n"
    assert night.read_bytes() == before


def test_a_game_checked_before_someone_sat_down_is_not_charged_to_them(
    serve: Serve, tmp_path: Path
):
    """A table of three sees who pays whom; before Record is tapped, Zoe arrives and sits
    down there. The game the phone showed was the three's: recording it now would charge
    Zoe, who did not play it. Refused, the file as it was; the page shown again records."""
    night = tmp_path / "three.toml"
    cli("new", "Ann", "Bea", "Cy", "--session", str(night))
    phone = serve(night)
    phone.get(f"/enter?key={TOKEN}")
    page = phone.get("/table/1").text
    sent = {**form_fields(page, "/table/1/check"), "result": "win", "winner": "Ann",
            "value": "25", "how": "by:Bea"}  # fmt: skip
    confirm = phone.post("/table/1/check", data=sent)
    assert "Bea pays 50, Cy 25 → Ann +75" in html.unescape(confirm.text)
    cli("join", "Zoe", "--session", str(night))
    before = night.read_bytes()
    late = phone.post("/table/1/record", data=form_fields(confirm.text, "/table/1/record"))
    said = html.unescape(late.text)
    assert late.status_code == 400 and "who sits at the table has changed" in said, said
    assert "now Ann, Bea, Cy, Zoe" in said
    assert night.read_bytes() == before
    page = phone.get("/table/1").text
    sent = {**form_fields(page, "/table/1/check"), "result": "win", "winner": "Ann",
            "value": "25", "how": "by:Bea"}  # fmt: skip
    confirm = phone.post("/table/1/check", data=sent)
    done = phone.post("/table/1/record", data=form_fields(confirm.text, "/table/1/record"))
    assert done.status_code == 200 and "Game 1 is recorded" in done.text


def test_a_tables_page_title_says_which_table_of_which_night(serve: Serve, tmp_path: Path):
    night = club_of(tmp_path, "Ann Bea Cy Dot Eve Flo Gil Hal")
    phone = serve(night)
    phone.get(f"/enter?key={TOKEN}")
    title = re.search(r"<title>([^<]*)</title>", phone.get("/table/2").text)
    assert title is not None and title[1].startswith("Table 2 · night · "), title


def test_an_accepted_score_card_is_not_offered_for_taking_back_or_correcting(
    serve: Serve, tmp_path: Path
):
    """RULES.md §6: an accepted card does not change. The table's page offers neither a
    take-back nor a correction of its games, and says so plainly if asked anyway."""
    night = tmp_path / "table.toml"
    cli("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament", "--session", str(night))
    for _ in range(4):
        cli("wall", "--session", str(night))
    cli("scorecard", "--accept", "--session", str(night))
    phone = serve(night)
    assert phone.get(f"/enter?key={TOKEN}", follow_redirects=False).status_code == 303
    page = phone.get("/table/1").text
    assert "/table/1/undo" not in page and "/table/1/fix/" not in page
    assert "Games 1–4 are on the score card the table accepted" in html.unescape(page)
    before = night.read_bytes()
    for path in ("/table/1/undo", "/table/1/fix/2"):
        asked = phone.get(path)
        said = html.unescape(asked.text)
        assert asked.status_code == 400, path
        assert "accepted card does not change" in said, path
        assert "log entry" not in said and "wall game" not in said, path
    assert night.read_bytes() == before
    cli("wall", "--session", str(night))  # game 5 is on the next card: it may be taken back
    page = phone.get("/table/1").text
    assert "Take back game 5" in page and "/table/1/fix/5" in page and "/table/1/fix/4" not in page


def test_a_wall_game_another_table_depends_on_is_refused_with_what_this_phone_can_do(
    serve: Serve, tmp_path: Path
):
    """Table 1's wall game sent Ruth to the line, and table 2 seated her since: taking it
    back is refused, and the page neither offers to make the wall game a wall game nor to
    keep it where it was played (that is a correction's advice): the later games come back
    first, each on its own table's page."""
    path = club_of(tmp_path, "Ruth Linda Kathy Pat Ann Bea Cy Dot Eve")
    for table in ("1", "2", "2"):
        cli("wall", "--table", table, "--session", str(path))
    client = serve(path)
    client.get(f"/enter?key={TOKEN}")
    before = path.read_bytes()
    ask = client.get("/table/1/undo")  # the page says so before anything is tapped
    said = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", ask.text)).split())
    assert "would sit there; take back the later games first, each on its table's page" in said
    assert "as a wall game" not in said and "keep it" not in said
    assert path.read_bytes() == before


def test_a_right_to_left_name_keeps_to_itself_in_a_phones_sentences(serve: Serve, tmp_path):
    """On the table's phone (its last games, who pays whom before recording, a correction)
    an Arabic name is set apart, so the amounts beside it stay where they are; what the
    forms send back is the name as it is."""
    night = tmp_path / "night.toml"
    cli("new", "Ann", "محمد", "Cy", "Bea", "--session", str(night))
    cli("win", "Ann", "25", "--thrown-by", "محمد", "--session", str(night))
    phone = serve(night)
    phone.get(f"/enter?key={TOKEN}")
    apart = "\u2068محمد\u2069"
    last = phone.get("/table/1").text
    last = last[last.index("Last games here") :]
    assert f"{apart} pays" in last.split("</ol>")[0], last
    confirm = phone.post("/table/1/check", data={**ASK, "winner": "محمد", "value": "30",
                                                 "how": "by:Bea", "table_games": "1"})  # fmt: skip
    assert confirm.status_code == 200, confirm.text
    assert apart in confirm.text
    fix = phone.get("/table/1/fix/1").text
    assert f"Recorded: Ann wins 25, thrown by {apart}" in html.unescape(fix), fix
    for page in (confirm.text, fix):
        for form in re.findall(r'value="([^"]*)"', page):
            assert "\u2068" not in form and "\u2069" not in form, form
