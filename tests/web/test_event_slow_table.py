"""A slow table on event day (RULES.md §11): its phone finds its unfinished card of an
earlier round from the round on the floor, and the director's page never offers to
start a round's clock again when a short card makes it refused."""

from __future__ import annotations

import html
from pathlib import Path

from starlette.testclient import TestClient

from tests.web.conftest import TOKEN, Serve, cli
from tests.web.eventday import new_event


def run(path: Path, *args: str) -> str:
    return cli("event", *args, "--session", str(path))


def phone_of(serve: Serve, path: Path) -> TestClient:
    """A table's phone (the join code)."""
    client = serve(path)
    code = client.app.state.keys.code  # type: ignore[attr-defined]
    assert client.get(f"/enter?code={code}", follow_redirects=False).status_code == 303
    return client


def test_a_paper_table_with_no_card_yet_finds_its_earlier_round_too(serve: Serve, tmp_path: Path):
    """Table 2 keeps its card on paper and has typed nothing when round 2 starts: its phone
    on round 2 leads back to round 1's card, where its totals go in."""
    path = new_event(tmp_path)
    run(path, "start", "1", "--minutes", "60")
    run(path, "score", "1", "1", "Ann=10", "Bea=0", "Cy=0", "Dot=0")
    run(path, "call-time", "1")
    run(path, "seating", "2")
    run(path, "start", "2", "--minutes", "50")
    phone = phone_of(serve, path)
    page = html.unescape(phone.get("/round/2/table/2").text)
    assert '<a href="/round/1/table/2"><strong>Round 1\'s card is not handed in yet:' in page
    assert "is not handed in yet" not in phone.get("/round/2/table/1").text


def test_a_slow_tables_phone_finds_its_earlier_card_from_the_round_on_the_floor(
    serve: Serve, tmp_path: Path
):
    path = new_event(tmp_path)
    run(path, "start", "1", "--minutes", "60")
    run(path, "score", "1", "1", "Ann=10", "Bea=0", "Cy=0", "Dot=0")
    run(path, "win", "1", "2", "Eve", "25", "--self-pick")
    run(path, "call-time", "1")
    run(path, "seating", "2")
    run(path, "start", "2", "--minutes", "50")
    phone = phone_of(serve, path)
    opened = phone.get("/table/2", follow_redirects=False)
    assert opened.headers["location"] == "/round/2/table/2"
    page = html.unescape(phone.get("/round/2/table/2").text)
    assert '<a href="/round/1/table/2"><strong>Round 1\'s card is not handed in yet:' in page
    assert "finish it (round 1, table 2)" in page
    # table 1's card is in: its page of round 2 has no such link
    assert "is not handed in yet" not in phone.get("/round/2/table/1").text
    run(path, "confirm", "1", "2", "Eve", "Fay", "Gus", "Hal")
    run(path, "hand-in", "1", "2", "Eve")
    assert "is not handed in yet" not in phone.get("/round/2/table/2").text


def test_a_paper_card_given_back_is_linked_to_its_paper_card_page(serve: Serve, tmp_path: Path):
    path = new_event(tmp_path)
    run(path, "score", "1", "1", "Ann=10", "Bea=0", "Cy=0", "Dot=0")
    phone = phone_of(serve, path)
    code = phone.app.state.keys.code  # type: ignore[attr-defined]
    body = {"round": "1", "table": "2", "total": ["Eve=30", "Fay=0", "Gus=-10", "Hal=5"]}
    assert phone.post("/score", data=body, headers={"Authorization": f"Bearer {code}"}).is_success
    run(path, "call-time", "1")
    run(path, "reopen", "1", "2")  # the director gives the paper card back
    run(path, "seating", "2")
    run(path, "start", "2")
    page = html.unescape(phone.get("/round/2/table/2").text)
    assert '<a href="/round/1/table/2/totals"><strong>Round 1\'s card is not handed in' in page


def director_page(serve: Serve, path: Path) -> str:
    client = serve(path)
    client.get(f"/enter?key={TOKEN}")
    return html.unescape(client.get("/director").text)


def test_start_the_clock_again_is_not_offered_once_a_short_card_is_accepted(
    serve: Serve, tmp_path: Path
):
    path = new_event(tmp_path)
    run(path, "start", "1", "--minutes", "60")
    run(path, "win", "1", "2", "Eve", "25", "--self-pick")
    assert "Start the clock again…" in director_page(serve, path)
    run(path, "call-time", "1")
    run(path, "confirm", "1", "2", "Eve", "Fay", "Gus", "Hal")
    run(path, "hand-in", "1", "2", "Eve")
    # handed in short: not offered, with what to do first
    page = director_page(serve, path)
    assert "Start the clock again…" not in page and 'action="/director/start"' not in page
    assert "give it back to the table first (“Give it back to the table”)" in page
    run(path, "accept", "1", "2")
    page = director_page(serve, path)
    assert "Start the clock again…" not in page and 'action="/director/start"' not in page
    assert (
        "Round 1, table 2's card was accepted with the games played before time was called; "
        "the round's clock cannot start again." in page
    )
    # what the page leaves out is what the command refuses
    refused = cli_refused(path, "start", "1", "--restart")
    assert "the round's clock cannot start again" in refused


def cli_refused(path: Path, *args: str) -> str:
    from typer.testing import CliRunner

    from mahjcli.cli import app

    result = CliRunner().invoke(app, ["event", *args, "--session", str(path)])
    assert result.exit_code != 0
    return result.stdout + result.stderr


def test_a_card_accepted_shows_no_clock_and_links_the_round_on_the_floor(
    serve: Serve, tmp_path: Path
):
    path = new_event(tmp_path)
    run(path, "start", "1", "--minutes", "60")
    for _ in range(4):
        run(path, "wall", "1", "1")
    run(path, "confirm", "1", "1", "Ann", "Bea", "Cy", "Dot")
    run(path, "hand-in", "1", "1", "Ann")
    run(path, "accept", "1", "1")
    run(path, "score", "1", "2", "Eve=0", "Fay=0", "Gus=0", "Hal=0")
    phone = phone_of(serve, path)
    before = html.unescape(phone.get("/round/1/table/1").text)
    assert "The card: accepted" in before and "data-clock" not in before  # the round is over
    run(path, "seating", "2")
    run(path, "start", "2", "--minutes", "50")
    page = html.unescape(phone.get("/round/1/table/1").text)
    assert '<a href="/round/2/table/1">round 2 is on the floor</a>' in page
    assert "data-clock" not in page  # not round 1's clock, still counting
