"""The API: `/status.json`, `/total.json`, `/log.json` are the commands' `--json`, and
`POST /win`, `POST /wall` record a game exactly as `mahj win` and `mahj wall` would
(the same numbers, the same refusals, the file untouched by a refusal)."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from tests.web.conftest import KEY, TOKEN, Serve, cli, cli_json, refusal


@pytest.mark.parametrize("sample", ["night", "club"])
def test_reads_equal_the_commands_json(request, serve: Serve, sample: str):
    path: Path = request.getfixturevalue(sample)
    client = serve(path)
    if sample == "night":
        cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(path))
    for name in ("status", "total", "log"):
        answer = client.get(f"/{name}.json")
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("application/json")
        assert answer.json() == cli_json(name, "--session", str(path)), name


def test_the_worked_night_through_the_api(serve: Serve, night: Path):
    """RULES.md §1's worked night, posted by a script: the same totals as the rule book."""
    client = serve(night)
    games = [
        ("/win", {"winner": "Ruth", "value": "25", "thrown_by": "Linda"}),
        ("/win", {"winner": "Kathy", "value": "30", "self_pick": "true"}),
        ("/win", {"winner": "Pat", "value": "25", "thrown_by": "Ruth", "jokerless": "on"}),
        ("/wall", {}),
    ]
    for route, fields in games:
        answer = client.post(route, data=fields, headers=KEY)
        assert answer.status_code == 200, answer.text
        assert answer.json() == cli_json("status", "--session", str(night))
    assert client.get("/total.json").json() == {
        "games": 4, "totals": {"Ruth": -60, "Linda": -160, "Kathy": 105, "Pat": 115}, "sum": 0,
        "settle": [{"from": "Linda", "to": "Pat", "amount": 115},
                   {"from": "Ruth", "to": "Kathy", "amount": 60},
                   {"from": "Linda", "to": "Kathy", "amount": 45}],
        "settle_fewest": True, "settled": [],
    }  # fmt: skip
    log = client.get("/log.json").json()["games"]
    assert [g["deltas"]["Pat"] for g in log] == [-25, -60, 200, 0]


def test_a_game_posted_is_the_same_file_as_the_command_line(tmp_path: Path, serve: Serve):
    by_page, by_cli = tmp_path / "a.toml", tmp_path / "b.toml"
    for path in (by_page, by_cli):
        cli("new", "Ruth", "Linda", "Kathy", "Pat", "--date", "2025-05-01", "--session", str(path))
    cli("win", "Kathy", "30", "--self-pick", "--jokerless", "--session", str(by_cli))
    fields = {"winner": "kathy", "value": "30", "self_pick": "yes", "jokerless": "1"}
    assert serve(by_page).post("/win", data=fields, headers=KEY).status_code == 200
    assert by_page.read_text() == by_cli.read_text()


def test_json_bodies_are_taken_too(serve: Serve, night: Path):
    client = serve(night)
    body = {"winner": "Pat", "value": 25, "thrown_by": "Ruth", "jokerless": True}
    answer = client.post("/win", json=body, headers=KEY)
    assert answer.status_code == 200, answer.text
    assert client.get("/total.json").json()["totals"]["Pat"] == 200


def test_a_name_typed_into_curl_as_it_is_reads_as_typed(serve: Serve, night: Path):
    """`curl -d name=José` sends the name's UTF-8 bytes as they are (a browser escapes
    them): the arrival is José, not JosÃ©; bytes that are not UTF-8 are refused."""
    client = serve(night)
    form = {**KEY, "content-type": "application/x-www-form-urlencoded"}
    answer = client.post("/join", content="name=José".encode(), headers=form)
    assert answer.status_code == 200, answer.text
    assert answer.json()["waiting"] == ["José"]
    before = night.read_bytes()
    bad = client.post("/join", content=b"name=Jos\xe9", headers=form)
    assert bad.status_code == 400 and "UTF-8" in bad.json()["error"]
    assert night.read_bytes() == before


def test_a_name_escaped_from_another_encoding_is_refused_not_damaged(serve: Serve, night: Path):
    """`name=Ren%E9e` is Renée escaped from Latin-1: refused like the raw byte, never
    saved as `Ren\ufffde`; the same name escaped from UTF-8 goes in."""
    client = serve(night)
    form = {**KEY, "content-type": "application/x-www-form-urlencoded"}
    before = night.read_bytes()
    bad = client.post("/join", content=b"name=Ren%E9e", headers=form)
    assert bad.status_code == 400 and "UTF-8" in bad.json()["error"], bad.text
    assert night.read_bytes() == before
    good = client.post("/join", content=b"name=Ren%C3%A9e+O%27Hara", headers=form)
    assert good.json()["waiting"] == ["Renée O'Hara"]


def test_fields_in_the_address_of_a_write_are_refused_not_ignored(serve: Serve, tmp_path: Path):
    """`POST /wall?dead=Ann` (a script's `params=` instead of `data=`): the dead hand would
    be dropped without a word and the game scored wrong, so the write is refused."""
    path = tmp_path / "t.toml"
    cli("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament", "--session", str(path))
    client = serve(path)
    before = path.read_bytes()
    message = refusal(client.post("/wall?dead=Ann", headers=KEY), 400)
    assert "dead" in message and "body" in message, message
    assert path.read_bytes() == before
    assert client.post("/wall", data={"dead": "Ann"}, headers=KEY).status_code == 200
    assert client.get("/total.json").json()["totals"]["Ann"] == -10


def test_a_json_number_written_with_a_point_is_a_number(serve: Serve, night: Path):
    client = serve(night)
    body = {"winner": "Pat", "value": 25.0, "thrown_by": "Ruth"}
    assert client.post("/win", json=body, headers=KEY).status_code == 200
    assert client.get("/total.json").json()["totals"]["Pat"] == 100
    before = night.read_bytes()
    message = refusal(client.post("/win", json={**body, "value": 25.5}, headers=KEY), 400)
    assert "whole number" in message, message
    assert night.read_bytes() == before


REFUSED = [
    ({"winner": "Zed", "value": "25", "self_pick": "true"}, 400, "no player called 'Zed'"),
    ({"winner": "Ruth", "value": "25", "thrown_by": "Ruth"}, 400, "Ruth"),
    (
        {"winner": "Ruth", "value": "2500", "thrown_by": "Linda"},
        400,
        "the hand's value must be from 1 to 1000",
    ),
    ({"winner": "Ruth", "value": "25"}, 400, "self"),
    (
        {"winner": "Ruth", "value": "25", "thrown_by": "Linda", "self_pick": "true"},
        400,
        "give either who threw it or self-picked, not both",
    ),
    ({"winner": "Ruth", "value": "25", "thrown_by": "Linda", "colour": "red"}, 400, "colour"),
    ({"winner": "Ruth", "value": "25", "thrown_by": "Linda", "table": "3"}, 400, "table 3"),
    ({"value": "25", "thrown_by": "Linda"}, 400, "winner"),
    (
        {"winner": "Ruth", "value": "twenty", "thrown_by": "Linda"},
        400,
        "the hand's value must be a whole number like 25, not 'twenty'",
    ),
    ({"winner": "Ruth", "value": "25", "self_pick": "maybe"}, 400, "true or false"),
]


@pytest.mark.parametrize(("fields", "status", "words"), REFUSED)
def test_a_refused_win_answers_4xx_and_leaves_the_file_unchanged(
    serve: Serve, night: Path, fields: dict[str, str], status: int, words: str
):
    client = serve(night)
    before = night.read_bytes()
    message = refusal(client.post("/win", data=fields, headers=KEY), status)
    assert words in message
    assert night.read_bytes() == before


def test_the_api_says_what_the_command_line_says(serve: Serve, night: Path):
    from typer.testing import CliRunner

    from mahjcli.cli import app

    said = (
        CliRunner()
        .invoke(app, ["win", "Lnda", "25", "--self-pick", "--session", str(night)])
        .stderr
    )
    message = refusal(
        serve(night).post("/win", data={"winner": "Lnda", "value": "25", "self_pick": "on"},
                          headers=KEY),
        400,
    )  # fmt: skip
    assert said == f"Error: {message}\n"


def test_a_wall_game_at_a_club_table(serve: Serve, club: Path):
    client = serve(club)
    before = client.get("/status.json").json()
    answer = client.post("/wall", data={"table": "2", "dead": "Cy"}, headers=KEY)
    assert answer.status_code == 200, answer.text
    after = answer.json()
    assert after["tables"][0] == before["tables"][0]
    assert after["tables"][1]["east"] != before["tables"][1]["east"]
    last = client.get("/log.json").json()["games"][-1]
    assert last["result"] == "wall" and last["game"] == before["next_game"]


def test_time_called_at_a_tournament_table_as_mahj_incomplete(serve: Serve, tmp_path: Path):
    path, same = tmp_path / "t.toml", tmp_path / "same.toml"
    for night in (path, same):
        cli("new", "Barbara", "Linda", "Susan", "Carol", "--rules", "tournament",
            "--session", str(night))  # fmt: skip
    client = serve(path)
    answer = client.post("/incomplete", data={"entry_id": "called-0001"}, headers=KEY)
    assert answer.status_code == 200, answer.text
    cli("incomplete", "--session", str(same))
    assert answer.json() == cli_json("status", "--session", str(same))  # East Linda now
    assert client.get("/log.json").json() == cli_json("log", "--session", str(same))
    again = client.post("/incomplete", data={"entry_id": "called-0001"}, headers=KEY)
    assert again.status_code == 200 and len(client.get("/log.json").json()["games"]) == 1
    before = path.read_bytes()
    refusal(client.post("/incomplete", data={"dead": "Carol"}, headers=KEY), 400)
    assert path.read_bytes() == before


def test_time_called_is_refused_on_a_league_night(serve: Serve, night: Path):
    client = serve(night)
    before = night.read_bytes()
    message = refusal(client.post("/incomplete", headers=KEY), 400)
    assert "only at a tournament table" in message and night.read_bytes() == before


def test_a_win_names_a_club_table_its_winner_does_not_sit_at(serve: Serve, club: Path):
    client = serve(club)
    seated = client.get("/status.json").json()["tables"]
    first = seated[0]["seated"]
    before = club.read_bytes()
    fields = {"winner": first[0], "value": "25", "thrown_by": first[1], "table": "2"}
    message = refusal(client.post("/win", data=fields, headers=KEY), 400)
    assert "sits at table 1, not table 2" in message
    assert club.read_bytes() == before


@pytest.mark.parametrize(
    "headers",
    [{}, {"Authorization": "Bearer wrong"}, {"Authorization": f"Basic {TOKEN}"},
     {"Authorization": f"Bearer {TOKEN}x"}, {"Authorization": "Bearer "}],
)  # fmt: skip
def test_a_write_without_the_token_is_401_and_changes_nothing(
    serve: Serve, night: Path, headers: dict[str, str]
):
    client = serve(night)
    before = night.read_bytes()
    for route, fields in (("/win", {"winner": "Ruth", "value": "25", "self_pick": "on"}),
                          ("/wall", {})):  # fmt: skip
        message = refusal(client.post(route, data=fields, headers=headers), 401)
        assert "key" in message
        assert "Authorization: Bearer KEY" in message, message  # a script: told the header
    assert night.read_bytes() == before


def test_a_page_sent_with_an_old_key_is_told_what_to_scan_not_the_header(serve: Serve, night: Path):
    fields = {"winner": "Ruth", "value": "25", "self_pick": "on", "token": "old-key-12345"}
    message = refusal(serve(night).post("/win", data=fields), 401)
    assert "scan the QR code" in message and "Bearer" not in message, message


def test_the_token_as_a_form_field_also_writes(serve: Serve, night: Path):
    fields = {"winner": "Ruth", "value": "25", "self_pick": "on", "token": TOKEN}
    assert serve(night).post("/win", data=fields).status_code == 200


def test_a_large_body_is_refused_before_it_is_read(serve: Serve, night: Path):
    client = serve(night)
    before = night.read_bytes()
    fields = {"winner": "Ruth", "value": "25", "self_pick": "on", "pad": "x" * 20_000}
    message = refusal(client.post("/win", data=fields, headers=KEY), 413)
    assert "16 KB" in message
    streamed = client.post(
        "/win", content=iter([b"winner=Ruth&"] + [b"x" * 4096] * 8), headers={
            **KEY, "content-type": "application/x-www-form-urlencoded"}
    )  # fmt: skip
    refusal(streamed, 413)
    assert night.read_bytes() == before


@pytest.mark.parametrize(
    ("content", "kind", "status"),
    [(b"{not json", "application/json", 400), (b"[1, 2]", "application/json", 400),
     (b"winner=Ruth", "text/plain", 415), (b'{"winner": {"a": 1}}', "application/json", 400)],
)  # fmt: skip
def test_a_malformed_body_is_a_400_not_a_500(
    serve: Serve, night: Path, content: bytes, kind: str, status: int
):
    client = serve(night)
    before = night.read_bytes()
    answer = client.post("/win", content=content, headers={**KEY, "content-type": kind})
    refusal(answer, status)
    assert night.read_bytes() == before


def test_reads_of_a_broken_file_say_what_is_wrong(serve: Serve, night: Path):
    client = serve(night)
    night.write_text("this is [not toml\n")
    message = refusal(client.get("/status.json"), 409)
    assert "night.toml:1:" in message
    screen = client.get("/")
    assert screen.status_code == 200 and "night.toml:1:" in screen.text  # it waits for a fix
    # the open pages name the file, not the folders of the laptop it is kept on
    assert str(night.parent) not in message and str(night.parent) not in screen.text
    written = refusal(client.post("/wall", headers=KEY), 409)  # a script's write, too
    assert "night.toml" in written and str(night.parent) not in written
    assert night.read_text() == "this is [not toml\n"


def test_a_file_gone_from_under_the_server_is_409_for_reads_and_writes(serve: Serve, night: Path):
    """The served night moved away: a phone keeps its game and sends it again (409, as
    for a file to fix) rather than dropping it; reads and writes answer alike."""
    client = serve(night)
    kept = night.read_bytes()
    night.unlink()
    read = refusal(client.get("/status.json"), 409)
    written = refusal(client.post("/wall", headers=KEY), 409)
    assert "night.toml" in read and "night.toml" in written
    assert not night.exists()
    night.write_bytes(kept)
    assert client.post("/wall", headers=KEY).status_code == 200


def test_log_json_of_one_table(serve: Serve, club: Path):
    client = serve(club)
    assert client.get("/log.json?table=2").json() == cli_json(
        "log", "--table", "2", "--session", str(club)
    )
    refusal(client.get("/log.json?table=x"), 400)


def test_log_json_takes_the_tables_mahj_log_takes(serve: Serve, tmp_path: Path):
    """A table playing with no game yet has an empty log, as `mahj log --table N` says; a
    table the night never had is refused in the command's words."""
    night = tmp_path / "club.toml"
    cli("new", *"ABCDEFGH", "--tables", "2", "--session", str(night))
    cli("win", "A", "25", "--thrown-by", "B", "--session", str(night))
    client = serve(night)
    answer = client.get("/log.json?table=2")
    assert answer.status_code == 200, answer.text
    assert answer.json() == cli_json("log", "--table", "2", "--session", str(night))
    assert answer.json()["games"] == []
    said = refusal(client.get("/log.json?table=3"), 400)
    assert said == "there is no table 3 tonight (tables: 1, 2)"


def test_two_tables_posting_at_the_same_moment_both_go_in(serve: Serve, tmp_path: Path):
    """Two phones of a club night (and the command line) at once: the lock takes them in
    turn, each game is in the file once, and the log agrees with what was answered."""
    import threading

    path = tmp_path / "club.toml"
    cli("new", *"ABCDEFGH", "--tables", "2", "--session", str(path))
    client = serve(path)
    answers: list[int] = []

    def table(first: str, second: str) -> None:
        for _ in range(4):
            fields = {"winner": first, "value": "25", "self_pick": "on"}
            answers.append(client.post("/win", data=fields, headers=KEY).status_code)

    threads = [threading.Thread(target=table, args=pair) for pair in (("A", "B"), ("E", "F"))]
    for thread in threads:
        thread.start()
    cli("wall", "--table", "1", "--session", str(path))
    for thread in threads:
        thread.join()
    assert answers == [200] * 8
    log = cli_json("log", "--session", str(path))
    games = log["games"]
    assert len(games) == 9 and [g["game"] for g in games] == list(range(1, 10))
    assert sorted(g["result"] for g in games) == ["wall"] + ["win"] * 8
    assert client.get("/log.json").json() == log


def test_a_night_played_for_money_shows_money_on_the_screen(serve: Serve, tmp_path: Path):
    path = tmp_path / "quarter.toml"
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "--stake", "0.25", "--session", str(path))
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(path))
    page = serve(path).get("/").text
    assert "+$25.00" in page and "-$12.50" in page
    assert "Linda pays $12.50, Kathy $6.25, Pat $6.25 → Ruth +$25.00" in page


def test_a_folder_of_nights_answers_each_nights_reads_under_its_name(serve: Serve, tmp_path: Path):
    """`mahj serve --dir`: each night's reads and writes are under /n/NAME, as the command
    line has them; the same address without a night is 404 naming the nights to ask for,
    and nothing is written; the room's screen says when it changed."""
    folder = tmp_path / "nights"
    folder.mkdir()
    for name in ("monday", "thursday"):
        cli("new", "Ruth", "Linda", "Kathy", "Pat", "--session", str(folder / f"{name}.toml"))
    client = serve(folder)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    for path in ("/status.json", "/total.json", "/log.json"):
        said = refusal(client.get(path), 404)
        assert f"ask /n/NAME{path}" in said and "monday, thursday" in said
        assert client.get(f"/n/thursday{path}").status_code == 200
    for path in ("/win", "/wall"):
        said = refusal(client.post(path, data={"winner": "Ruth", "value": "25"}, headers=KEY), 404)
        assert f"ask /n/NAME{path}" in said
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    version = client.get("/version.json").json()
    game = {"winner": "Ruth", "value": "25", "thrown_by": "Linda"}
    assert client.post("/n/monday/win", data=game, headers=KEY).status_code == 200
    assert client.get("/n/monday/total.json").json()["totals"]["Ruth"] == 100
    assert client.get("/n/monday/log.json").json()["games"][0]["winner"] == "Ruth"
    assert client.get("/version.json").json() != version


def test_the_rooms_page_names_each_night_by_its_title_as_a_link(serve: Serve, tmp_path: Path):
    """Each night of a folder is reached by its name as the night has it (a button-sized
    link), its file named under it; not by a file name alone. The link leads to the night's
    tables (a phone that scanned the room's code lands on this page: one tap to its night,
    one to its table; the night's scoreboard is linked from there)."""
    folder = tmp_path / "nights"
    folder.mkdir()
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "--name", "Table one", "--date", "2026-12-06",
        "--session", str(folder / "t1.toml"))  # fmt: skip
    page = html.unescape(serve(folder).get("/").text)
    link = (
        '<a class="night-link" href="/n/t1/tables">Table one · <span class="date">2026-12-06</span>'
    )
    assert link in page
    tables = html.unescape(serve(folder).get("/n/t1/tables", follow_redirects=True).text)
    assert "Ruth" in tables and "Scoreboard" in tables
    assert '<p class="meta">t1.toml · games 0</p>' in page


def test_the_rooms_page_lists_every_player_of_each_night(serve: Serve, tmp_path: Path):
    """A night of five (a bettor): every player's total is on the room's page, the biggest
    loser too (it listed the first four, and the totals shown did not add up to zero)."""
    import re

    folder = tmp_path / "room"
    folder.mkdir()
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "--house", "bettor",
        "--session", str(folder / "monday.toml"))  # fmt: skip
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--bet", "Sue=Ruth",
        "--session", str(folder / "monday.toml"))  # fmt: skip
    page = html.unescape(serve(folder).get("/").text)
    listed = re.findall(r'<li><span class="who">([^<]*)</span> <span class="\w+">([^<]*)<', page)
    assert dict(listed) == {"Ruth": "+100", "Sue": "+100", "Kathy": "-50", "Pat": "-50",
                            "Linda": "-100"}, listed  # fmt: skip


def test_a_folders_join_code_shown_is_on_the_rooms_page(serve: Serve, tmp_path: Path):
    """In a folder the TV shows the room's page: "Show the join code on the screen" from
    any night's organiser's page shows it there (one code opens every night), and hiding
    it from any night's page takes it off everywhere (one night hid it while the TV kept
    showing it for another)."""
    folder = tmp_path / "room"
    folder.mkdir()
    for name in ("monday", "tuesday"):
        cli("new", "Ruth", "Linda", "Kathy", "Pat", "--session", str(folder / f"{name}.toml"))
    client = serve(folder)
    assert 'class="join-code"' not in client.get("/board").text
    code = client.post("/n/monday/join-code", data={"show": "true"}, headers=KEY).json()["code"]
    for page in ("/", "/board"):
        shown = client.get(page).text
        assert 'class="join-code"' in shown and code in shown, page
    assert code in client.get("/n/tuesday/").text  # one code, shown for every night
    client.post("/n/tuesday/join-code", data={"show": "false"}, headers=KEY)  # hidden anywhere
    for page in ("/board", "/n/monday/", "/n/tuesday/"):
        assert 'class="join-code"' not in client.get(page).text, page


def test_a_file_served_by_a_relative_path_is_named_without_its_folders(
    serve: Serve, night: Path, monkeypatch: pytest.MonkeyPatch
):
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(night))
    monkeypatch.chdir(night.parent)
    client = serve(Path(night.name))  # `mahj serve --session night.toml`
    night.write_text(night.read_text().replace('thrown_by = "Linda"', 'thrown_by = "Lnda"'))
    message = refusal(client.get("/total.json"), 409)
    assert "night.toml.bak" in message  # it says where the version before the last save is
    assert str(night.parent) not in message and str(night.parent) not in client.get("/").text


def test_the_screen_marks_the_leaders_and_nobody_while_all_are_level(serve: Serve, night: Path):
    """At the start everyone is level: nobody is picked out as leading (the first listed
    was, as if she led). Two sharing first place are both marked; one leader alone."""
    import re

    def leaders() -> list[str]:
        page = serve(night).get("/").text
        return re.findall(
            r'<tr class="lead"><td class="place">[^<]*</td><td class="who">([^<]*)<', page
        )

    assert leaders() == []
    cli("win", "Ruth", "25", "--self-pick", "--session", str(night))
    cli("win", "Linda", "25", "--self-pick", "--session", str(night))
    assert leaders() == ["Ruth", "Linda"]
    cli("win", "Kathy", "30", "--self-pick", "--session", str(night))
    assert leaders() == ["Kathy"]
