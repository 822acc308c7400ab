"""A player leaving from the organiser's page without "Settles up as they go" ticked: as
`mahj leave` does, the page says she did not settle up and how to settle her up as she
goes instead (take her leaving back, then leave again with the box ticked), unless she had
nothing to settle."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mahjcli.files import loader
from tests.web.conftest import KEY, TOKEN, Serve, cli
from tests.web.test_table_page import form_fields

REMINDER = (
    "Ruth did not settle up. To settle up as Ruth goes instead: tap “Take back Ruth's "
    "leaving”, then choose Ruth under “Someone leaves”, with “Settles up as they go” ticked."
)


def organiser(serve: Serve, path: Path) -> TestClient:
    client = serve(path)
    assert client.get(f"/enter?key={TOKEN}", follow_redirects=False).status_code == 303
    return client


def words(page: str) -> str:
    """The page's text as read, tags and spacing aside."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def leaves(client: TestClient, name: str, settle: bool = False) -> str:
    sent = {
        "name": name,
        "token": TOKEN,
        "page": "organiser",
        **({"settle": "on"} if settle else {}),
    }
    answer = client.post("/leave", data=sent)
    assert answer.status_code == 200, answer.text
    return answer.text


def test_a_winner_sent_home_unsettled_is_reminded_and_settled_after_all(serve: Serve, night: Path):
    """Ruth +100 leaves with the box unticked; taken back, she leaves again and is paid."""
    cli("join", "Sue", "--session", str(night))
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(night))
    client = organiser(serve, night)
    page = leaves(client, "Ruth")
    assert "Recorded: Ruth leaves." in words(page) and REMINDER in words(page), words(page)
    back = form_fields(page, "/undo")
    before = night.read_bytes()
    taken = client.post("/undo", data=back)
    assert taken.status_code == 200, taken.text
    said = words(taken.text)
    assert (
        "Taken back: Ruth leaves. Ruth is here again. To settle up as Ruth goes, choose Ruth "
        "under “Someone leaves”, with “Settles up as they go” ticked."
    ) in said, said
    assert re.search(r'<option value="Ruth" selected>', taken.text)
    assert loader.load(night).standings.gone == ()
    assert night.read_bytes() != before
    again = words(leaves(client, "Ruth", settle=True))
    assert "Settled: Ruth is paid by Linda 50, Kathy 25 and Pat 25." in again, again
    # the same take-back sent twice changes nothing more, and says why
    refused = client.post("/undo", data=back)
    assert refused.status_code == 400
    assert "nothing was taken back" in words(refused.text)
    assert loader.load(night).session.log[-1].settled_up


def test_a_square_player_leaving_is_not_told_to_settle_up(serve: Serve, night: Path):
    """Sue has won and lost nothing: as at the terminal, nothing to settle, nothing said."""
    cli("join", "Sue", "--session", str(night))
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(night))
    said = words(leaves(organiser(serve, night), "Sue"))
    assert "Recorded: Sue leaves; Ruth takes the seat." in said, said
    assert "did not settle up" not in said
    assert 'action="/undo"' not in said


def test_a_leaver_settled_as_she_goes_is_not_reminded(serve: Serve, night: Path):
    cli("join", "Sue", "--session", str(night))
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(night))
    said = words(leaves(organiser(serve, night), "Ruth", settle=True))
    assert "did not settle up" not in said and "Take back" not in said


def test_the_take_back_is_the_entry_shown_and_needs_the_organisers_key(serve: Serve, night: Path):
    """A game recorded since: the leave is no longer the last entry, nothing is taken back;
    the tables' join code cannot take anything back."""
    cli("join", "Sue", "--session", str(night))
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(night))
    client = organiser(serve, night)
    back = form_fields(leaves(client, "Ruth"), "/undo")
    cli("win", "Sue", "25", "--self-pick", "--session", str(night))
    before = night.read_bytes()
    late = client.post("/undo", data=back)
    assert late.status_code == 400 and "nothing was taken back" in words(late.text)
    assert night.read_bytes() == before
    code = client.app.state.keys.code  # type: ignore[attr-defined]
    script = serve(night).post("/undo", data={"at": back["at"][0], "token": code})
    assert script.status_code in (401, 403) and night.read_bytes() == before
    page = words(client.get("/organiser").text)
    assert "Take back Ruth" not in page


def test_a_script_takes_back_the_last_entry_it_names(serve: Serve, night: Path):
    cli("leave", "Pat", "--no-settle", "--session", str(night))
    client = serve(night)
    at = str(len(loader.load(night).session.log) - 1)
    for wrong in ({"at": str(int(at) + 1)}, {"at": at, "was": "Kathy leaves"}, {}):
        assert client.post("/undo", data=wrong, headers=KEY).status_code == 400
    answer = client.post("/undo", data={"at": at}, headers=KEY)
    assert answer.status_code == 200 and answer.json()["left"] == []


def test_a_take_back_happens_only_on_post(serve: Serve, night: Path):
    cli("leave", "Pat", "--no-settle", "--session", str(night))
    client, before = serve(night), night.read_bytes()
    for method in ("GET", "PUT", "DELETE"):
        assert client.request(method, "/undo", data={"at": "0"}, headers=KEY).status_code == 405
    assert night.read_bytes() == before


@pytest.mark.parametrize(
    ("house", "said"), [((), ")"), (("--house", "kitty"), "; its kitty goes back)")]
)
def test_closing_a_table_gives_its_kitty_back_only_on_a_kitty_night(
    serve: Serve, tmp_path: Path, house: tuple[str, ...], said: str
):
    path = tmp_path / "club.toml"
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "--tables", "2",
        *house, "--session", str(path))  # fmt: skip
    page = words(organiser(serve, path).get("/organiser").text)
    assert f"Table to close (its players go to the front of the line{said}" in page


def test_a_leaver_with_a_stake_in_the_kitty_is_told_it_stays_there(serve: Serve, tmp_path: Path):
    """The list of what each would settle, and the door's words once she has, both say the
    kitty keeps Kathy's 25 (the next win takes it, or it comes back to her at the end)."""
    path = tmp_path / "kitty.toml"
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "--house", "kitty", "--session", str(path))
    for line in (["wall"], ["win", "Kathy", "25", "--thrown-by", "Linda"], ["wall"],
                 ["join", "Sue"]):  # fmt: skip
        cli(*line, "--session", str(path))
    client = organiser(serve, path)
    listed = words(client.get("/organiser").text)
    assert "Kathy : Linda pays Kathy 100; Ruth pays Kathy 50; 25 stays in the kitty" in listed, (
        listed
    )
    assert "Sue : square: nothing to settle Leaves" in listed
    said = words(leaves(client, "Kathy", settle=True))
    assert (
        "Settled: Kathy is paid by Linda 100 and Ruth 50. The kitty keeps Kathy's 25 points: "
        "a later win at that table takes it; if nobody wins it, the night's final "
        "settle-up pays Kathy the 25 points back."
    ) in said, said


def test_the_take_back_is_offered_again_whenever_the_page_is_opened(serve: Serve, night: Path):
    """Ruth went home unsettled; the organiser opens her page again later (from the links,
    no answer in the address): the button is still there until anything else is recorded,
    and a table's close is offered the same way."""
    cli("join", "Sue", "--session", str(night))
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(night))
    client = organiser(serve, night)
    leaves(client, "Ruth")
    again = client.get("/organiser").text
    assert "Ruth did not settle up." in words(again), words(again)
    back = form_fields(again, "/undo")
    assert client.post("/undo", data=back).status_code == 200
    assert loader.load(night).standings.gone == ()
    leaves(client, "Ruth")
    cli("wall", "--session", str(night))  # something else recorded: nothing to take back
    later = client.get("/organiser").text
    assert 'action="/undo"' not in later and "did not settle up" not in words(later)


def test_a_table_closed_is_offered_back_when_the_page_is_opened_again(serve: Serve, club: Path):
    cli("close-table", "2", "--session", str(club))
    page = organiser(serve, club).get("/organiser").text
    assert "Take back closing table 2" in words(page), words(page)


def test_the_join_code_and_rename_forms_say_what_they_did(serve: Serve, night: Path):
    """A new join code is not "what you chose" for the screen: the page says a new code is
    made and where to see it; showing and hiding say so; a rename says it was done."""
    client = organiser(serve, night)
    sent = {"token": TOKEN, "page": "organiser"}
    said = words(client.post("/join-code", data={**sent, "change": "true"}).text)
    assert "A new join code is made (see it here under “See the join code here”)" in said, said
    said = words(client.post("/join-code", data={**sent, "show": "true"}).text)
    assert "The room's screen shows the join code and its QR code now." in said, said
    said = words(client.post("/join-code", data={**sent, "show": "false"}).text)
    assert "The room's screen no longer shows the join code." in said, said
    said = words(client.post("/rename", data={**sent, "old": "Kathy", "new": "Kathi"}).text)
    assert "Renamed everywhere in the night; the points stay the player's." in said, said
