"""A refusal about one box of a form (a penalty's points typed "1O", a thrown win with no
exposures, a name already taken) is said at the top of the page, as every refusal is,
and also marks that box (aria-invalid, outlined) and links to it ("Go to Points lost"):
the box may be three phone screens below the message. What was chosen and typed stays.
A refusal about no box in particular marks none."""

from __future__ import annotations

import re
from pathlib import Path

from starlette.testclient import TestClient

from tests.web.conftest import TOKEN, Serve, cli
from tests.web.eventday import check, entered, text_of


def marked(page: str) -> list[str]:
    """The tags marked invalid on a page."""
    return re.findall(r'<[^>]*aria-invalid="true"[^>]*>', page)


def alert(page: str) -> str:
    """The refusal at the top of the page (its tags kept)."""
    return re.search(r'<p class="problem" role="alert">(.*?)</p>', page, re.S)[1]


def organiser(serve: Serve, path: Path) -> TestClient:
    client = serve(path)
    assert client.get(f"/enter?key={TOKEN}", follow_redirects=False).status_code == 303
    return client


def test_a_rename_to_a_name_taken_keeps_both_choices_and_points_at_the_name(
    serve: Serve, club: Path
):
    client, before = organiser(serve, club), club.read_bytes()
    sent = {"token": TOKEN, "page": "organiser", "old": "Flo", "new": "Ruth"}
    refused = client.post("/rename", data=sent)
    assert refused.status_code == 400 and club.read_bytes() == before
    said = alert(refused.text)
    assert "there is already a player called Ruth; choose another name" in said
    assert '<a href="#rename-new">Go to the name as it should be</a>' in said
    assert '<option value="Flo" selected>Flo</option>' in refused.text
    (box,) = marked(refused.text)
    assert 'id="rename-new"' in box and 'value="Ruth"' in box


def test_an_arrival_refused_keeps_the_name_and_points_at_it(serve: Serve, club: Path):
    client, before = organiser(serve, club), club.read_bytes()
    refused = client.post("/join", data={"token": TOKEN, "page": "organiser", "name": "Ruth"})
    assert refused.status_code == 400 and club.read_bytes() == before
    assert '<a href="#join-name">Go to the name</a>' in alert(refused.text)
    (box,) = marked(refused.text)
    assert 'id="join-name"' in box and 'value="Ruth"' in box


def test_a_penalty_s_points_typed_wrong_are_marked_and_linked(serve: Serve, event: Path):
    phone, before = entered(serve, event), event.read_bytes()
    refused = check(phone, 1, 1, "penalty", name="Dot", points="1O", reason="")
    assert refused.status_code == 400 and event.read_bytes() == before
    said = alert(refused.text)
    assert "Points lost must be a whole number, like 10, not &#39;1O&#39;" in said
    assert '<a href="#points">Go to Points lost</a>' in said
    (box,) = marked(refused.text)
    assert 'id="points"' in box and 'value="1O"' in box


def test_a_thrown_win_without_exposures_points_at_the_exposures(serve: Serve, event: Path):
    phone, before = entered(serve, event), event.read_bytes()
    refused = check(phone, 1, 1, "game", winner="Bea", value="25", how="by:Ann")
    assert refused.status_code == 400 and event.read_bytes() == before
    said = alert(refused.text)
    assert "needs the number of exposures on Bea&#39;s rack" in said
    assert '<a href="#exposures">Go to the exposures</a>' in said
    (group,) = marked(refused.text)
    assert 'id="exposures"' in group and 'role="radiogroup"' in group
    assert 'value="by:Ann" checked' in refused.text  # what was chosen stays


def test_a_club_table_s_value_out_of_range_points_at_the_value(serve: Serve, night: Path):
    phone = serve(night)
    phone.get(f"/enter?key={TOKEN}")
    sent = {"token": TOKEN, "result": "win", "table_games": "0", "winner": "Pat",
            "value": "0", "how": "self"}  # fmt: skip
    refused = phone.post("/table/1/check", data=sent)
    assert refused.status_code == 400
    assert '<a href="#value">Go to the hand&#39;s value</a>' in alert(refused.text)
    (box,) = marked(refused.text)
    assert 'id="value"' in box and 'value="0"' in box


def test_a_refusal_about_no_box_marks_none(serve: Serve, night: Path):
    """A game entered on a page shown before another game was recorded at the table."""
    phone = serve(night)
    phone.get(f"/enter?key={TOKEN}")
    cli("win", "Ruth", "25", "--self-pick", "--session", str(night))
    sent = {"token": TOKEN, "result": "win", "table_games": "0", "winner": "Pat",
            "value": "25", "how": "self"}  # fmt: skip
    refused = phone.post("/table/1/check", data=sent)
    assert refused.status_code == 400 and "since this page was shown" in text_of(refused)
    assert marked(refused.text) == [] and "Go to" not in alert(refused.text)


def test_a_penalty_s_reason_with_a_control_character_points_at_why(serve: Serve, event: Path):
    refused = check(entered(serve, event), 1, 1, "penalty", name="Dot", points="10",
                    reason="bell\x07")  # fmt: skip
    assert refused.status_code == 400
    assert '<a href="#reason">Go to Why</a>' in alert(refused.text)
    (box,) = marked(refused.text)
    assert 'id="reason"' in box


def test_a_correction_s_value_out_of_range_points_at_the_value_on_the_fix_page(
    serve: Serve, night: Path
):
    cli("win", "Ruth", "25", "--self-pick", "--session", str(night))
    phone, before = serve(night), night.read_bytes()
    phone.get(f"/enter?key={TOKEN}")
    sent = {"token": TOKEN, "page": "table", "game": "1", "table": "1",
            "was": "Ruth wins 25, self-picked",
            "winner": "Pat", "value": "0", "how": "self"}  # fmt: skip
    refused = phone.post("/fix", data=sent)
    assert refused.status_code == 400 and night.read_bytes() == before
    assert "<h1>Correct game 1</h1>" in refused.text
    (box,) = marked(refused.text)
    assert 'id="fvalue"' in box and 'value="0"' in box
    assert '<a href="#fvalue">Go to the hand&#39;s value</a>' in alert(refused.text)
