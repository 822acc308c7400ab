"""Who may write, and what a page shows: the token (in the link, the form, or the
header; compared in constant time), forms only from this server's own pages, and every
name and file text escaped on every page."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from mahjcli.web import guard
from tests.web.conftest import ODD, TOKEN, Serve, cli, refusal

WIN = {"winner": "Ruth", "value": "25", "how": "by:Linda", "table_games": "0"}


def test_the_token_is_compared_in_constant_time(monkeypatch: pytest.MonkeyPatch):
    calls = []
    real = guard.hmac.compare_digest
    monkeypatch.setattr(
        guard.hmac, "compare_digest", lambda a, b: calls.append((a, b)) or real(a, b)
    )
    assert guard.same(TOKEN, TOKEN)
    assert not guard.same(TOKEN[:-1] + "?", TOKEN)
    assert not guard.same("", TOKEN) and not guard.same(None, TOKEN)
    assert not guard.same("é" * 5, TOKEN)
    assert len(calls) == 3


def test_new_tokens_are_long_and_never_repeat():
    tokens = {guard.new_token() for _ in range(50)}
    assert len(tokens) == 50
    assert all(len(t) >= 22 and re.fullmatch(r"[A-Za-z0-9_-]+", t) for t in tokens)


def test_the_entry_link_keeps_the_key_only_when_it_is_right(serve: Serve, night: Path):
    client = serve(night)
    wrong = client.get("/enter?key=nope", follow_redirects=False)
    assert wrong.status_code == 401 and "mahj_key" not in wrong.headers.get("set-cookie", "")
    right = client.get(f"/enter?key={TOKEN}", follow_redirects=False)
    assert right.status_code == 303 and right.headers["location"] == "/tables"
    cookie = right.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie
    assert f'name="token" value="{TOKEN}"' in client.get("/table/1").text


def test_a_phone_without_the_link_sees_the_table_but_no_form(serve: Serve, night: Path):
    page = serve(night).get("/table/1").text
    assert "Ruth" in page and TOKEN not in page
    assert "<form" not in page and "entry link" in page


def test_the_cookie_alone_never_writes(phone: TestClient, night: Path):
    """A form must carry the token itself: a cross-site form, which the browser would
    send with the cookie, cannot know it."""
    before = night.read_bytes()
    for route in ("/table/1/record", "/table/1/check", "/table/1/undo", "/win", "/wall"):
        answer = phone.post(route, data={**WIN, "winner": "Ruth"})
        assert answer.status_code == 401, route
    assert night.read_bytes() == before


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
        {"Origin": "http://mahj.test.evil.example"},
    ],
)
def test_a_form_from_another_site_is_refused_even_with_the_token(
    phone: TestClient, night: Path, headers: dict[str, str]
):
    before = night.read_bytes()
    fields = {**WIN, "token": TOKEN, "result": "win"}
    for route in ("/table/1/record", "/table/1/check", "/win"):
        answer = phone.post(route, data=fields, headers=headers)
        assert answer.status_code == 403, (route, answer.text)
        assert "own pages" in answer.text
    assert night.read_bytes() == before


@pytest.mark.parametrize("origin", ["http://mahj.test", "null"])
def test_a_form_from_this_server_goes_through(phone: TestClient, night: Path, origin: str):
    fields = {**WIN, "token": TOKEN, "result": "win"}
    headers = {"Origin": origin, "Sec-Fetch-Site": "same-origin"}
    answer = phone.post("/table/1/record", data=fields, headers=headers, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    assert "Ruth wins 25" in cli("log", "--session", str(night))


def test_every_answer_forbids_framing_and_foreign_scripts(serve: Serve, night: Path):
    client = serve(night)
    for url in ("/", "/table/1", "/status.json", "/nowhere"):
        headers = client.get(url).headers
        assert "script-src 'self'" in headers["content-security-policy"], url
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "same-origin"


def test_an_unknown_address_is_a_404_in_json_and_a_wrong_method_a_405(serve: Serve, night: Path):
    client = serve(night)
    refusal(client.get("/nowhere"), 404)
    refusal(client.get("/win"), 405)
    page = client.get("/table/9")
    assert page.status_code == 404 and "table 9 is not playing now" in page.text


@pytest.fixture
def odd(tmp_path: Path) -> Path:
    """A night whose names are markup in HTML and in Rich, and not in ASCII."""
    path = tmp_path / "odd.toml"
    cli("new", *ODD, "--session", str(path))
    cli("win", "José", "25", "--thrown-by", "李", "--session", str(path))
    return path


def shows_escaped(page: str, names: list[str]) -> None:
    assert "<script>alert" not in page
    for name in names:
        assert html.escape(name, quote=False) in page, name


def test_names_are_escaped_on_every_page(serve: Serve, odd: Path):
    client = serve(odd)
    client.get(f"/enter?key={TOKEN}")
    for url in ("/", "/board", "/tables", "/table/1", "/table/1/undo"):
        page = client.get(url).text
        shows_escaped(page, [*ODD[:2], "José", "李"])
        assert "<bold>" not in page
    fields = {"winner": ODD[0], "value": "25", "how": "self", "token": TOKEN,
              "table_games": "1", "result": "win"}  # fmt: skip
    confirm = client.post("/table/1/check", data=fields).text
    shows_escaped(confirm, ODD)
    assert f'name="winner" value="{html.escape(ODD[0])}"' in confirm


def test_a_refusal_shows_the_typed_name_escaped(phone: TestClient, night: Path):
    fields = {**WIN, "winner": "<img src=x onerror=alert(1)>", "token": TOKEN, "result": "win"}
    page = phone.post("/table/1/check", data=fields).text
    assert "<img" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page


def test_a_broken_file_is_shown_escaped(serve: Serve, night: Path):
    client = serve(night)
    night.write_text('[session]\nplayers = ["<b>x</b>"\n')
    page = client.get("/").text
    assert "<b>x</b>" not in page
    assert "night.toml" in page
