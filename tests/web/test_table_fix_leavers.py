"""A game corrected from a table's phone after a player settled up at the door: the page
says what she now owes, or is owed, beyond what she settled, in the words `mahj fix` uses
(docs/money.md), and a script's answer carries the same words."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.web.conftest import KEY, TOKEN, Serve, cli
from tests.web.test_table_page import form_fields

OWED_MORE = (
    "Ruth settled up when leaving (before game 2); after this correction Ruth is owed 50 "
    "more, which the night's final settle-up now includes"
)


@pytest.fixture
def gone(tmp_path: Path) -> Path:
    """Ruth wins 25 thrown by Linda (+100), then leaves and is paid 50, 25 and 25."""
    path = tmp_path / "r.toml"
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "--session", str(path))
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(path))
    cli("leave", "Ruth", "--settle", "--session", str(path))
    return path


def phone_fix(client: TestClient, **chosen: str) -> str:
    """Game 1 corrected with the table page's "Correct game 1"; the page shown after."""
    assert client.get(f"/enter?key={TOKEN}", follow_redirects=False).status_code == 303
    form = {**form_fields(client.get("/table/1/fix/1").text, "/fix"), **chosen}
    answer = client.post("/fix", data=form)
    assert answer.status_code == 200, answer.text
    return " ".join(html.unescape(answer.text).split())


def test_the_phone_says_a_leaver_is_owed_more_after_a_correction(
    serve: Serve, gone: Path, tmp_path: Path
):
    """Self-picked, not thrown: Ruth +150, 50 more than she was paid at the door."""
    same = tmp_path / "same.toml"
    same.write_bytes(gone.read_bytes())
    said = phone_fix(serve(gone), winner="Ruth", value="25", how="self")
    assert "Game 1 was corrected" in said and OWED_MORE in said, said
    terminal = " ".join(
        cli("fix", "1", "Ruth", "25", "--self-pick", "--session", str(same)).split()
    )
    assert OWED_MORE in terminal
    assert cli("total", "--session", str(gone)) == cli("total", "--session", str(same))


def test_the_phone_says_a_leaver_owes_more_after_a_correction(serve: Serve, gone: Path):
    """Ruth's 25 made 20: she was paid 100 at the door for a game now worth 80."""
    said = phone_fix(serve(gone), winner="Ruth", value="20", how="by:Linda")
    assert (
        "Ruth settled up when leaving (before game 2); after this correction Ruth owes 20 "
        "more, which the night's final settle-up now includes"
    ) in said, said


def test_a_correction_that_leaves_a_leaver_as_she_was_says_nothing_of_her(serve: Serve, gone: Path):
    """Linda threw it, Kathy is said to have: Ruth's total does not move."""
    said = phone_fix(serve(gone), winner="Ruth", value="25", how="by:Kathy")
    assert "Game 1 was corrected" in said and "settled up when leaving" not in said


def test_a_scripts_correction_carries_the_same_words(serve: Serve, gone: Path):
    fixed = {"game": "1", "winner": "Ruth", "value": "25", "self_pick": "true"}
    answer = serve(gone).post("/fix", data=fixed, headers=KEY)
    assert answer.status_code == 200, answer.text
    assert answer.json()["resettled"] == [OWED_MORE]
    assert answer.json()["left"] == ["Ruth"]  # and the status, as before


def test_taking_back_a_game_a_leaver_was_paid_for_says_so_before_it_is_tapped(
    serve: Serve, tmp_path: Path
):
    """Table 2's phone asks "take back game 1?": Ann, paid 100 for it at the door, would
    owe it back, and the page says so before anyone taps, as `mahj take-back` does."""
    path = tmp_path / "club.toml"
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "--tables", "2",
        "--session", str(path))  # fmt: skip
    cli("win", "Ann", "25", "--thrown-by", "Bea", "--session", str(path))
    cli("leave", "Ann", "--settle", "--session", str(path))
    client = serve(path)
    assert client.get(f"/enter?key={TOKEN}", follow_redirects=False).status_code == 303
    ask = " ".join(html.unescape(client.get("/table/2/undo").text).split())
    assert "Ann settled up when leaving (before game 2); after this correction Ann owes 100" in (
        ask
    ), ask
