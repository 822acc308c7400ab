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
from tests.web.conftest import KEY, ODD, TOKEN, Serve, cli, refusal

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
    for route in ("/table/1/record", "/table/1/check", "/table/1/undo", "/win", "/wall",
                  "/incomplete"):  # fmt: skip
        answer = phone.post(route, data={**WIN, "winner": "Ruth"})
        assert answer.status_code == 401, route
    assert night.read_bytes() == before
    # the phone is told what to do in its own terms, never about HTTP headers
    said = html.unescape(phone.post("/table/1/check", data={**WIN, "winner": "Ruth"}).text)
    assert "type the room's new code" in said and "Bearer" not in said
    assert 'href="/enter">Type the room\'s code</a>' in said, said
    script = phone.post("/win", data=WIN, headers={"Authorization": "Bearer wrong"})
    assert "Authorization: Bearer KEY" in script.text


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
    # a mistyped address in a browser: a page saying so, not a line of JSON
    typo = client.get("/enterr", headers={"Accept": "text/html,application/xhtml+xml"})
    assert typo.status_code == 404 and typo.headers["content-type"].startswith("text/html")
    assert "<title>No such page" in typo.text and "/enterr" in typo.text
    assert '<html lang="en">' in typo.text


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


def test_a_nights_name_is_escaped_in_its_titles_and_its_date_kept_whole(
    serve: Serve, tmp_path: Path
):
    night = tmp_path / "odd.toml"
    name = "<i>Tea</i> & 2026-01-02"
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "--name", name, "--date", "2026-12-06",
        "--session", str(night))  # fmt: skip
    client = serve(night)
    client.get(f"/enter?key={TOKEN}")
    for url in ("/", "/organiser"):
        page = client.get(url).text
        assert "<i>" not in page and "&lt;i&gt;Tea&lt;/i&gt; &amp; " in page, url
        assert '<span class="date">2026-12-06</span>' in page, url


def test_a_refusal_shows_the_typed_name_escaped(phone: TestClient, night: Path):
    fields = {**WIN, "winner": "<img src=x onerror=alert(1)>", "token": TOKEN, "result": "win"}
    page = phone.post("/table/1/check", data=fields).text
    assert "<img" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page


UNKNOWN_WINNER = '\n[[log]]\nkind = "win"\nwinner = "<b>x</b>"\nvalue = 25\nself_pick = true\n'
"""A hand-edited game whose winner is markup: `mahj check` quotes the name it refuses."""


def test_a_broken_file_is_shown_escaped(serve: Serve, tmp_path: Path):
    """The night's screen, and the folder's screens beside it, quote a hand-edited name
    from the damaged file as text, never as markup."""
    folder = tmp_path / "room"
    folder.mkdir()
    night = folder / "night.toml"
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "--session", str(night))
    one, room = serve(night), serve(folder)
    night.write_text(night.read_text() + UNKNOWN_WINNER)
    for page in (one.get("/").text, room.get("/").text, room.get("/n/night/").text):
        assert "unknown player &#39;&lt;b&gt;x&lt;/b&gt;&#39;" in page
        assert "<b>x</b>" not in page
        assert "night.toml:" in page


NOT_POST = ["HEAD", "OPTIONS", "PUT", "DELETE", "PATCH"]
GAME = {"winner": "Ruth", "value": "25", "thrown_by": "Linda"}
PHONE = {"winner": "Ruth", "value": "25", "how": "by:Linda", "result": "win", "token": TOKEN}
WRITES = [
    ("/win", GAME),
    ("/wall", {}),
    ("/table/1/check", {**PHONE, "table_games": "1"}),
    ("/table/1/record", {**PHONE, "table_games": "1"}),
    ("/table/1/undo", {"token": TOKEN, "at": "0"}),  # the game Kathy won, the first entry
]


@pytest.mark.parametrize(("route", "fields"), WRITES)
def test_a_write_happens_only_on_post(serve: Serve, night: Path, route: str, fields: dict):
    """HEAD, OPTIONS, PUT, DELETE and PATCH never write, even with the key (HEAD of the
    page that asks "take back game N?" is that page, without its body); POST does."""
    cli("win", "Kathy", "30", "--self-pick", "--session", str(night))
    client = serve(night)
    before = night.read_bytes()
    for method in NOT_POST:
        answer = client.request(method, route, data=fields, headers=KEY)
        if method == "HEAD" and route == "/table/1/undo":
            assert answer.status_code == 200 and answer.text == ""
        else:
            assert answer.status_code == 405, (method, answer.text)
            assert answer.headers["allow"]
            if method != "HEAD":
                assert list(answer.json()) == ["error"]
        assert night.read_bytes() == before, method
    posted = client.post(route, data=fields, headers=KEY, follow_redirects=False)
    assert posted.status_code in (200, 303), posted.text
    assert (night.read_bytes() == before) == (route == "/table/1/check")  # a look saves nothing


def test_a_folder_s_nights_and_an_event_write_only_on_post(serve: Serve, tmp_path: Path):
    from tests.web.test_event_pages import PLAYERS

    folder = tmp_path / "room"
    folder.mkdir()
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "--session", str(folder / "one.toml"))
    event = tmp_path / "event.toml"
    cli("event", "new", "Cup", *PLAYERS, "--rounds", "3", "--given", "--seed", "5",
        "--session", str(event))  # fmt: skip
    totals = {"player": ["Ann", "Bea", "Cy", "Dot"], "points": ["45", "-10", "0", "20"]}
    score = {"round": "1", "table": "1",
             "total": ["Ann=45", "Bea=-10", "Cy=0", "Dot=20"]}  # fmt: skip
    served = [
        (serve(folder), folder / "one.toml", [("/n/one/win", GAME), ("/n/one/wall", {})]),
        (serve(event), event, [("/score", score), ("/round/1/table/1/totals/record", totals),
                               ("/round/1/table/1/totals/check", totals)]),
    ]  # fmt: skip
    for client, path, routes in served:
        before = path.read_bytes()
        for route, fields in routes:
            for method in NOT_POST:
                answer = client.request(method, route, data=fields, headers=KEY)
                assert answer.status_code == 405, (route, method, answer.text)
        assert path.read_bytes() == before
        route, fields = routes[0]
        assert client.post(route, data=fields, headers=KEY).status_code == 200
        assert path.read_bytes() != before


def nested(depth: int) -> bytes:
    return b'{"winner": ' + b"[" * depth + b"]" * depth + b"}"


def test_a_deeply_nested_json_body_is_a_4xx_with_or_without_the_key(serve: Serve, night: Path):
    client = serve(night)
    before = night.read_bytes()
    kind = {"content-type": "application/json"}
    assert len(nested(5000)) < guard.BODY_LIMIT
    message = refusal(client.post("/win", content=nested(5000), headers=kind), 401)
    assert "key" in message
    message = refusal(client.post("/win", content=nested(5000), headers={**KEY, **kind}), 400)
    assert "JSON" in message
    assert night.read_bytes() == before


def test_a_wrong_key_is_refused_before_the_body_is_read(serve: Serve, night: Path):
    """A wrong key in the header is a 401 whatever the body: too large, or unreadable."""
    client = serve(night)
    before = night.read_bytes()
    wrong = {"Authorization": "Bearer wrong"}
    big = {"winner": "Ruth", "value": "25", "self_pick": "on", "pad": "x" * 20_000}
    refusal(client.post("/win", data=big, headers=wrong), 401)
    kind = {"content-type": "multipart/form-data; boundary=xx"}
    refusal(client.post("/win", content=b"--xx\r\nnonsense", headers={**wrong, **kind}), 401)
    refusal(client.post("/win", content=b"--xx\r\nnonsense", headers={**KEY, **kind}), 400)
    refusal(client.post("/win", data=big, headers=KEY), 413)
    assert night.read_bytes() == before


def test_two_servers_on_one_computer_keep_their_own_key_cookie(night: Path, tmp_path: Path):
    """Cookies ignore ports: the key of the server on port 8001 must not be replaced by
    the key of the one on port 8002 in a phone that opened both entry links."""
    from mahjcli.web.app import make_app
    from mahjcli.web.source import Room

    other = tmp_path / "other.toml"
    cli("new", "Ann", "Bea", "Cy", "Dot", "--session", str(other))
    phones = []
    for port, path, key in ((8001, night, TOKEN), (8002, other, "other-token-0123456789")):
        app = make_app(Room.of_file(path), key, interval=0.05)
        phone = TestClient(app, base_url=f"http://mahj.test:{port}")
        phone.__enter__()
        if phones:  # the same phone's browser: every cookie it holds goes to both
            phone.cookies = phones[0][0].cookies
        assert phone.get(f"/enter?key={key}", follow_redirects=False).status_code == 303
        phones.append((phone, key))
    try:
        phones[0][0].cookies = phones[1][0].cookies
        for phone, key in phones:
            assert f'name="token" value="{key}"' in phone.get("/table/1").text
    finally:
        for phone, _ in phones:
            phone.__exit__(None, None, None)


ROOM_WRITES = [
    ("/join", {"name": "Mo"}),
    ("/leave", {"name": "Kay", "settle": "true"}),
    ("/open-table", {}),
    ("/close-table", {"table": "2"}),
    ("/rename", {"old": "Ann", "new": "Anne"}),
    ("/fix", {"game": "1", "wall": "true"}),
    ("/win", {**GAME, "winner": "Ann", "thrown_by": "Bea", "entry_id": "bet-0001"}),
    ("/wall", {"table": "2", "entry_id": "wall-0001"}),
    ("/close-night", {}),
    ("/reopen-night", {}),
    ("/join-code", {"show": "true", "change": "true"}),
    ("/key", {}),
]


@pytest.mark.parametrize(("route", "fields"), ROOM_WRITES, ids=[r for r, _ in ROOM_WRITES])
def test_every_room_write_happens_only_on_post(serve: Serve, tmp_path: Path, route, fields):
    """Each write of the organiser's and the tables' pages: 405 for any other method,
    the file and the keys untouched; POST does it."""
    night = tmp_path / "room.toml"
    names = ["Ann", "Bea", "Cy", "Dot", "Eve", "Flo", "Gil", "Hal", "Ida", "Joy", "Kay"]
    cli("new", *names, "--tables", "2", "--session", str(night))
    cli("win", "Eve", "25", "--self-pick", "--session", str(night))
    if route == "/open-table":
        cli("join", "Lou", "--session", str(night))
    client = serve(night)
    keys = client.app.state.keys  # type: ignore[attr-defined]
    before, code = night.read_bytes(), keys.code
    for method in NOT_POST:
        answer = client.request(method, route, data=fields, headers=KEY)
        assert answer.status_code == 405, (method, answer.text)
        assert answer.headers["allow"] == "POST"
    assert night.read_bytes() == before and (keys.key, keys.code) == (TOKEN, code)
    posted = client.post(route, data=fields, headers=KEY)
    assert posted.status_code == 200, posted.text


def test_an_organisers_form_refused_is_not_sent_to_type_a_tables_code(phone: TestClient):
    """The organiser's key was changed: the page says to open the new entry link, and
    offers no "Type the room's code" (a join code enters games only)."""
    sent = {"name": "Zoe", "token": "old-key-1234", "page": "organiser"}
    answer = phone.post("/join", data=sent, headers={"Accept": "text/html"})  # a browser's form
    said = html.unescape(answer.text)
    assert answer.status_code == 401 and "<main>" in said, said
    assert "this needs the organiser's key" in said and 'href="/enter"' not in said, said
