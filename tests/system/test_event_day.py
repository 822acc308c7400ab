"""Issue 29's "done when", as a director would run it: a 32-player event of four rounds
from `mahj serve` alone. Each table's phone (an HTTP client keeping its cookies, as a
browser does) enters every game of every round through the pages' own forms; the
director's page starts each round's clock, accepts every card and seats the next round;
in round 3 one table's time is called and it hands in three games; every player finds
their seat by name; the room's screen shows the clock and the standings during a round
and who sits where between rounds; nobody meets an opponent twice; the results page
prints the profile, the standings and the shared places. The file it leaves is checked
with the command line (`mahj event standings --json`, `mahj event check`)."""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.system.test_serve_process import MAHJ, start
from tests.web.eventday import hidden, play, tap, text_of

pytestmark = pytest.mark.slow

PLAYERS = [
    "Barbara", "Linda", "Susan", "Carol", "Nancy", "Karen", "Donna", "Sharon", "Ruth",
    "Kathy", "Pat", "Sue", "Joan", "Judy", "Marilyn", "Diane", "Gail", "Rita", "Elaine",
    "Helen", "Irene", "Fran", "Maxine", "Bea", "Ann", "Cy", "Dot", "Eve", "Fay", "Gus",
    "Hal", "Ida",
]  # fmt: skip
A, B, C, D = range(4)
SCRIPTS: list[list[tuple[str, dict[str, Any]]]] = [
    [("win", {"winner": B, "value": 30, "by": C, "exposures": 2, "dead": D}),
     ("win", {"winner": A, "value": 25, "jokerless": True}),
     ("wall", {"dead": D}),
     ("penalty", {"name": D, "points": 10, "reason": "looked at a blind pass"}),
     ("win", {"winner": C, "value": 25, "by": A, "exposures": 3})],
    [("win", {"winner": D, "value": 35, "by": B, "exposures": 0}),
     ("win", {"winner": C, "value": 50}),
     ("win", {"winner": A, "value": 25, "by": D, "exposures": 1}),
     ("wall", {})],
    [("wall", {}),
     ("win", {"winner": B, "value": 40, "by": A, "exposures": 3, "misnamed": True}),
     ("win", {"winner": D, "value": 25}),
     ("win", {"winner": A, "value": 30, "by": C, "exposures": 2})],
    [("win", {"winner": A, "value": 25}), ("win", {"winner": B, "value": 25}),
     ("win", {"winner": C, "value": 25}), ("win", {"winner": D, "value": 25})],
]  # fmt: skip
"""Each table plays one of these in a round (by seat: A is the first East); a win with no
thrower is self-picked."""
CALLED = (3, 5)
"""Round 3, table 5: time is called after its third game."""


def fields_of(seats: list[str], kind: str, game: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A script's game as the table page's form fields."""
    if kind == "wall":
        return "wall", {"dead": seats[game["dead"]]} if "dead" in game else {}
    if kind == "penalty":
        return "penalty", {**game, "name": seats[game["name"]]}
    sent: dict[str, Any] = {"winner": seats[game["winner"]], "value": game["value"]}
    sent["how"] = f"by:{seats[game['by']]}" if "by" in game else "self"
    if "by" in game:
        sent["exposures"] = game["exposures"]
    sent.update({k: "on" for k in ("jokerless", "misnamed") if game.get(k)})
    if "dead" in game:
        sent["dead"] = seats[game["dead"]]
    return "game", sent


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, str, Path, dict[str, str]]]:
    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path / "data"), "NO_COLOR": "1"}
    event = tmp_path / "winter-open.toml"
    subprocess.run([MAHJ, "event", "new", "Winter Open", *PLAYERS, "--rounds", "4",
                    "--seed", "29", "--session", str(event)],
                   env=env, check=True, capture_output=True)  # fmt: skip
    server, base, key = start("--event", "--session", str(event), env=env)
    try:
        yield base, key, event, env
    finally:
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=15)
    assert server.returncode == 0


def phone(base: str, key: str) -> httpx.Client:
    """A phone that opened the entry link (its cookies kept, redirects followed)."""
    client = httpx.Client(base_url=base, follow_redirects=True, timeout=30)
    assert client.get(f"/enter?key={key}").status_code == 200
    return client


def director_does(
    director: httpx.Client, action: str, page: str | None = None, **fields: str
) -> str:
    """Press a button of the director's page (the first form posting to `action`); the
    page after it."""
    page = page or text_of(director.get("/director"))
    sent = {**hidden(page, f"/director/{action}"), **fields}
    answer = director.post(f"/director/{action}", data=sent)
    assert answer.status_code == 200, text_of(answer)
    return text_of(answer)


def play_table(client: httpx.Client, rnd: int, table: int, seats: list[str]) -> None:
    """A table's round on its phone: every game, then (unless its time is called) the
    players confirm and the round's player hands the card in."""
    script = SCRIPTS[(table + rnd) % len(SCRIPTS)]
    games = script[:3] if (rnd, table) == CALLED else script
    page = client.get(f"/round/{rnd}/table/{table}").text
    for kind, game in games:
        cls, sent = fields_of(seats, kind, game)
        done = play(client, rnd, table, cls, page, **sent)
        assert done.status_code == 200 and "On the card:" in done.text, text_of(done)
        page = done.text
    if (rnd, table) != CALLED:
        hand_in(client, rnd, table, seats, page)


def hand_in(
    client: httpx.Client, rnd: int, table: int, seats: list[str], page: str | None = None
) -> None:
    """Each player confirms, then the round's player hands the card in."""
    for name in seats:
        done = tap(client, rnd, table, "confirm", name, page)
        assert done.status_code == 200
        page = done.text
    who = seats[(0, 3, 2, 1)[(rnd - 1) % 4]]  # East, North, West, South (RULES.md §6)
    assert f"Handed in by {who}" in text_of(tap(client, rnd, table, "hand-in", who, page))


def test_a_32_player_event_of_four_rounds_from_mahj_serve_alone(served):
    base, key, event, env = served
    director = phone(base, key)
    phones = {table: phone(base, key) for table in range(1, 9)}
    for table, client in phones.items():  # each phone chooses its table once
        assert client.get(f"/table/{table}").url.path == f"/round/1/table/{table}"
    met: set[frozenset[str]] = set()
    for rnd in range(1, 5):
        sheet = director.get(f"/seating.json?round={rnd}").json()
        tables = [list(t["seats"].values()) for t in sheet["tables"]]
        assert sheet["repeats"] == 0 and len(tables) == 8
        for seats in tables:  # nobody meets an opponent twice
            pairs = {frozenset(p) for p in itertools.combinations(seats, 2)}
            assert not pairs & met
            met |= pairs
        screen = text_of(director.get("/"))
        assert f"Round {rnd}: where do I sit?" in screen
        for name in PLAYERS:  # every player finds their seat by name, in any case
            t, s = next((n, seats.index(name)) for n, seats in enumerate(tables, 1)
                        if name in seats)  # fmt: skip
            found = text_of(director.get("/where", params={"name": name.lower()}))
            assert f"Table {t} · seat {'ABCD'[s]}" in found, name
        started = director_does(director, "start", minutes="60")
        assert f"Round {rnd}'s clock is running." in started
        for table, client in phones.items():
            assert client.get("/tables").url.path == f"/round/{rnd}/table/{table}"
            play_table(client, rnd, table, tables[table - 1])
        screen = text_of(director.get("/"))
        assert '<div class="clock' in screen and "<h2>Standings</h2>" in screen
        if rnd == CALLED[0]:
            assert "game 4 of 4" in screen
            director_does(director, "call-time")
            hand_in(phones[CALLED[1]], rnd, CALLED[1], tables[CALLED[1] - 1])
        page = text_of(director.get("/director"))
        while "Accept table" in page:
            page = director_does(director, "accept", page)
            assert "Accepted round" in page
        assert f"Round {rnd}: all 8 cards are in." in page
        if rnd < 4:
            assert f"Round {rnd + 1} is seated." in director_does(director, "seat", page)
    standings = director.get("/standings.json").json()
    printed = subprocess.run([MAHJ, "event", "standings", "--json", "--session", str(event)],
                             env=env, check=True, capture_output=True, text=True)  # fmt: skip
    assert standings == json.loads(printed.stdout)
    assert standings["rounds"] == 4 and len(standings["standings"]) == 32
    assert all(line["games"] >= 15 for line in standings["standings"])
    assert director.get("/round/3/table/5/card.json").json()["games"] == 3
    subprocess.run([MAHJ, "event", "check", "--session", str(event)], env=env, check=True,
                   capture_output=True)  # fmt: skip
    results = text_of(director.get("/results"))
    assert "profile mjmp" in results
    places = [line["place"] for line in standings["standings"]]
    shared = {p for p in places if places.count(p) > 1}
    assert shared  # the scripts make equal totals
    for line in standings["standings"]:
        label = f"={line['place']}" if line["place"] in shared else str(line["place"])
        assert f'<td class="place">{label}</td><td class="who">{line["player"]}</td>' in results
    assert "a prize for a shared place is shared equally" in results
