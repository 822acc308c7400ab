"""A paper card's round totals typed on event day (RULES.md §9): with the tables' join code
the card is handed in, and counts only once the director accepts it (or gives it back,
and the table types it again); with the director's key it is accepted at once, as
`mahj event score` puts it in. The totals' boxes take a minus sign on any phone."""

from __future__ import annotations

import html
import re
from pathlib import Path

from starlette.testclient import TestClient
from typer.testing import CliRunner

from mahjcli.cli import app
from tests.web.conftest import KEY, TOKEN, Serve, cli, cli_json, refusal
from tests.web.eventday import hidden, new_event, text_of

PAPER = "/round/1/table/2/totals"
TYPED = {"player": ["Eve", "Fay", "Gus", "Hal"], "points": ["40", "-10", "25", "0"]}


def at_table(serve: Serve, path: Path) -> TestClient:
    """The event served, on a table's phone that opened it with the join code."""
    client = serve(path)
    code = client.app.state.keys.code  # type: ignore[attr-defined]
    assert client.get(f"/enter?code={code}", follow_redirects=False).status_code == 303
    return client


def director_of(serve: Serve, path: Path) -> TestClient:
    """The event served, on the director's phone (the key)."""
    client = serve(path)
    assert client.get(f"/enter?key={TOKEN}", follow_redirects=False).status_code == 303
    return client


def type_card(client: TestClient, points: list[str], **more: str) -> tuple[str, object]:
    """Type the four totals on the paper card's page, check them, then send them as the
    check page's button does: the check page, and the answer."""
    page = client.get(PAPER).text
    sent = {**hidden(page, f"{PAPER}/check"), **TYPED, "points": points, **more}
    checked = client.post(f"{PAPER}/check", data=sent)
    assert checked.status_code == 200, text_of(checked)
    return text_of(checked), client.post(
        f"{PAPER}/record", data=hidden(checked.text, f"{PAPER}/record")
    )


def points_of(path: Path) -> dict[str, int]:
    standings = cli_json("event", "standings", "--session", str(path))
    return {line["player"]: line["points"] for line in standings["standings"]}  # type: ignore[index]


def status_of(client: TestClient) -> str:
    return client.get("/round/1/table/2/card.json").json()["status"]


def test_a_paper_card_typed_at_the_table_is_handed_in_and_counts_once_accepted(
    serve: Serve, tmp_path: Path
):
    path = new_event(tmp_path)
    table = at_table(serve, path)
    checked, answer = type_card(table, TYPED["points"])
    assert "Eve hands it in (seat A in round 1)" in checked and "Hand in the card" in checked
    page = text_of(answer)
    assert "The card is handed in." in page
    assert "Handed in, waiting for the director: Eve +40, Fay -10, Gus +25, Hal 0" in page
    assert "The card in:" not in page and 'name="points"' not in page
    assert status_of(table) == "handed-in" and points_of(path)["Eve"] == 0
    # the table's page says where the card stands, not that it has no game
    card = text_of(table.get("/round/1/table/2"))
    assert "The paper card: handed in, waiting for the director" in card
    assert "No game on the card yet" not in card and "Accepted by the director" not in card
    # the director's page: the four totals beside Accept, and Give back, as for any card
    director = director_of(serve, path)
    desk = director.get("/director").text
    item = text_of_item(desk, 2)
    assert "handed in" in item and "The card: Eve +40, Fay -10, Gus +25, Hal 0" in item
    assert 'action="/director/accept"' in item and "Give it back to the table" in item
    accepted = director.post("/director/accept", data=hidden(desk, "/director/accept"))
    assert accepted.status_code == 200 and "Accepted round 1, table 2's card" in text_of(accepted)
    assert status_of(table) == "accepted" and points_of(path)["Eve"] == 40
    card = text_of(table.get("/round/1/table/2"))
    assert "The paper card: accepted by the director" in card
    assert "No game on the card yet" not in card
    assert "The card in: Eve +40" in text_of(table.get(PAPER))


def text_of_item(page: str, table: int) -> str:
    """The director's page's item for a table of round 1, its entities read."""
    found = re.search(rf'<li id="round-1-table-{table}".*?</li>', page, re.S)
    assert found is not None
    return html.unescape(found[0])


def test_a_paper_card_given_back_is_typed_again_at_the_table(serve: Serve, tmp_path: Path):
    path = new_event(tmp_path)
    table = at_table(serve, path)
    type_card(table, TYPED["points"])
    # handed in, the table cannot type it again (a script neither): the director decides
    before = path.read_bytes()
    code = table.app.state.keys.code  # type: ignore[attr-defined]
    again = table.post(f"{PAPER}/record", data={**TYPED, "token": code})
    assert again.status_code == 400 and "is handed in: the director accepts it" in text_of(again)
    assert path.read_bytes() == before
    director = director_of(serve, path)
    desk = director.get("/director").text
    back = director.post("/director/reopen", data=hidden(desk, "/director/reopen"))
    assert back.status_code == 200 and "open again at the table" in text_of(back)
    assert "given back to the table" in text_of_item(director.get("/director").text, 2)
    assert status_of(table) == "open" and points_of(path)["Eve"] == 0
    page = text_of(table.get(PAPER))
    assert "The director gave the card back to the table" in page
    for value in TYPED["points"]:  # the boxes hold what was typed before
        assert f'name="points" value="{value}"' in page
    assert "given back to the table" in text_of(table.get("/round/1/table/2"))
    # what a card entered game by game takes is refused, saying what to do: type it again
    before = path.read_bytes()
    for args in (("confirm", "1", "2", "Eve", "Fay", "Gus", "Hal"), ("hand-in", "1", "2", "Eve"),
                 ("undo", "1", "2"), ("accept", "1", "2"), ("wall", "1", "2")):  # fmt: skip
        said = CliRunner().invoke(app, ["event", *args, "--session", str(path)])
        assert said.exit_code == 1, (args, said.stdout)
        assert "given back to the table: type its four round totals again" in said.stderr, args
    assert path.read_bytes() == before
    shown = cli("event", "scorecard", "1", "2", "--session", str(path))
    assert "given back to the table, to type its totals again" in shown
    _, answer = type_card(table, ["45", "-10", "20", "0"])
    assert "Handed in, waiting for the director: Eve +45" in text_of(answer)
    assert path.read_text().count("[[cards]]") == 2  # the card given back stays as history
    desk = director.get("/director").text
    director.post("/director/accept", data=hidden(desk, "/director/accept"))
    assert points_of(path)["Eve"] == 45 and points_of(path)["Gus"] == 20


def test_the_directors_paper_card_is_accepted_at_once_and_may_be_replaced(
    serve: Serve, tmp_path: Path
):
    path = new_event(tmp_path)
    director = director_of(serve, path)
    checked, answer = type_card(director, TYPED["points"])
    assert "Record the card" in checked and "hands it in" not in checked
    assert "The card in: Eve +40, Fay -10, Gus +25, Hal 0 (accepted by the director)" in text_of(
        answer
    )
    assert status_of(director) == "accepted" and points_of(path)["Eve"] == 40
    _, answer = type_card(director, ["30", "-10", "25", "0"], replace="on")
    assert "The card in: Eve +30" in text_of(answer) and points_of(path)["Eve"] == 30


def test_post_score_hands_in_with_the_join_code_and_accepts_with_the_key(
    serve: Serve, tmp_path: Path
):
    path = new_event(tmp_path)
    client = serve(path)
    code = client.app.state.keys.code  # type: ignore[attr-defined]
    body = {"round": "1", "table": "2", "total": ["Eve=30", "Fay=0", "Gus=-10", "Hal=5"]}
    answer = client.post("/score", data=body, headers={"Authorization": f"Bearer {code}"})
    assert answer.status_code == 200, answer.text
    assert status_of(client) == "handed-in" and points_of(path)["Eve"] == 0
    body = {"round": "1", "table": "1", "total": ["Ann=10", "Bea=0", "Cy=0", "Dot=-5"]}
    assert client.post("/score", data=body, headers=KEY).status_code == 200
    assert points_of(path)["Ann"] == 10
    card = client.get("/round/1/table/1/card.json").json()
    assert (card["status"], card["detailed"]) == ("accepted", False)
    said = refusal(client.post("/event/accept", data={"round": "1", "table": "2"},
                               headers={"Authorization": f"Bearer {code}"}), 401)  # fmt: skip
    assert "organiser" in said or "director" in said


def test_the_totals_boxes_bring_up_a_keyboard_with_a_minus_sign(serve: Serve, tmp_path: Path):
    """iPhones give `inputmode="numeric"` a digits-only keypad: no minus sign, so a
    negative total could not be typed. Each box keeps its label for a screen reader."""
    path = new_event(tmp_path)
    page = at_table(serve, path).get(PAPER).text
    boxes = re.findall(r'<input type="text"[^>]*name="points"[^>]*>', page)
    assert len(boxes) == 4
    for box, name in zip(boxes, TYPED["player"], strict=True):
        assert "inputmode" not in box and 'pattern="[0-9]*"' not in box
        assert f'aria-label="{name}&#39;s total"' in box or f'aria-label="{name}\'s total"' in box


def test_a_minus_sign_as_a_phone_or_a_word_processor_types_it_is_a_minus(
    serve: Serve, tmp_path: Path
):
    """`−10` (the minus sign) and `–10` (a dash a phone puts for it) look like -10 on a
    small screen: read as -10 on the paper card's page and by `mahj event score`."""
    path = new_event(tmp_path)
    _, answer = type_card(director_of(serve, path), ["40", "\u221210", "25", "\u20135"])
    assert "The card in: Eve +40, Fay -10, Gus +25, Hal -5" in text_of(answer)
    assert points_of(path)["Fay"] == -10 and points_of(path)["Hal"] == -5
    cli(
        "event", "score", "1", "1", "Ann=10", "Bea=\u22125", "Cy=0", "Dot=0", "--session", str(path)
    )
    assert points_of(path)["Bea"] == -5


def test_a_card_sent_with_a_total_missing_is_refused_in_words(serve: Serve, tmp_path: Path):
    """A form that sends three totals for four seats (a script, a page cut short) is
    refused with the page again, its boxes as sent and the fourth empty: never an error
    page. Sending five is refused the same way. Nothing is saved."""
    path = new_event(tmp_path)
    before = path.read_bytes()
    client = at_table(serve, path)
    page = client.get(PAPER).text
    for points in (["40", "-10", "25"], ["40", "-10", "25", "0", "5"]):
        for route in (f"{PAPER}/check", f"{PAPER}/record"):
            sent = {**hidden(page, f"{PAPER}/check"), **TYPED, "points": points}
            answer = client.post(route, data=sent)
            assert answer.status_code == 400, (route, points, text_of(answer))
            assert "each player needs one total; nothing was changed" in text_of(answer)
            boxes = re.findall(r'name="points" value="([^"]*)"', answer.text)
            assert boxes == [*points, ""][:4], (route, boxes)
        again = client.post(PAPER, data={"points": points})  # "Change something"
        assert again.status_code == 200
        assert re.findall(r'name="points" value="([^"]*)"', again.text) == [*points, ""][:4]
    assert path.read_bytes() == before


def test_the_directors_page_offers_to_replace_an_accepted_paper_card(serve: Serve, tmp_path: Path):
    """As for a card entered game by game ("Reopen to replace it"), the director's page
    leads from an accepted paper card to typing its totals again; it offered nothing."""
    path = new_event(tmp_path)
    director = director_of(serve, path)
    type_card(director, TYPED["points"])
    page = director.get("/director").text
    item = page[page.index('id="round-1-table-2"') :]
    item = item[: item.index("</li>")]
    form = re.search(r'<form method="get" action="([^"]+)">\s*<button[^>]*>([^<]+)</button>', item)
    assert form and form[1] == PAPER and "Replace its totals" in form[2], item
    assert "Replace the card that is in" in text_of(director.get(form[1]))
