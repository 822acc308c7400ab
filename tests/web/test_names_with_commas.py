"""A name registered last name first (`"Smith, Jane"` in a players' CSV) in every list of
names: the byes, a shared place, the names a refusal knows, a table's players on the
phones and the director's page. Listed with `;` between names when one has a comma, so no
list seems to hold one player more (three byes read as four)."""

from __future__ import annotations

import html
from pathlib import Path

from tests.cli.test_event import Run
from tests.web.conftest import TOKEN, Serve


def comma_cup(tmp_path: Path) -> Run:
    players = tmp_path / "players.csv"
    players.write_text('name,id\nAnn,1\nBea,2\nCy,3\nDee,4\n"Smith, Jane",5\nEve,6\n', "utf-8")
    run = Run(tmp_path / "comma.toml")
    run.ok("event", "new", "Comma", "--players", str(players), "--rounds", "2", "--given")
    return run


def test_a_name_with_a_comma_in_the_commands_lists(tmp_path: Path):
    run = comma_cup(tmp_path)
    sheet = " ".join(run.ok("event", "seating", "1").split())
    assert "a bye scores 0): Smith, Jane; Eve" in sheet, sheet
    run.ok("event", "score", "1", "1", "Ann=10", "Bea=0", "Cy=0", "Dee=0")
    standings = " ".join(run.ok("event", "standings").split())
    assert "Bea; Cy; Dee; Eve and Smith, Jane (0) share place 2." in standings, standings
    said = run.refused("event", "withdraw", "Zed")
    assert "(known: Ann; Bea; Cy; Dee; Smith, Jane; Eve)" in said, said


def test_a_name_with_a_comma_on_the_phones_and_the_directors_page(tmp_path: Path, serve: Serve):
    run = comma_cup(tmp_path)
    run.ok("event", "score", "1", "1", "Ann=10", "Bea=0", "Cy=0", "Dee=0")
    run.ok("event", "seating", "2")
    client = serve(run.path)
    client.get(f"/enter?key={TOKEN}")
    tables = " ".join(html.unescape(client.get("/tables").text).split())
    director = " ".join(html.unescape(client.get("/director").text).split())
    seated = [t for t in (tables, director) if "Smith, Jane;" in t or "; Smith, Jane" in t]
    assert len(seated) == 2, (tables, director)


def test_a_name_with_a_comma_at_a_night(tmp_path: Path, serve: Serve):
    """At a night too: the waiting line the terminal prints, the phone's "Which table are
    you?" and the organiser's page list her among the others with semicolons."""
    from tests.web.conftest import cli

    night = tmp_path / "night.toml"
    cli("new", "Ann", "Smith, Jane", "Bea", "Dee", "Gus", "Hal", "Ivy", "Jo", "Eve",
        "Ruth, Mary", "Fay", "--tables", "2", "--session", str(night))  # fmt: skip
    status = " ".join(cli("status", "--session", str(night)).split())
    assert "Waiting: Eve (first in line); Ruth, Mary; Fay" in status, status
    assert "Table 1: East Ann; South Smith, Jane; West Bea; North Dee" in status, status
    client = serve(night)
    client.get(f"/enter?key={TOKEN}")
    tables = " ".join(html.unescape(client.get("/tables").text).split())
    assert "Ann; Smith, Jane; Bea; Dee" in tables, tables
    organiser = " ".join(html.unescape(client.get("/organiser").text).split())
    assert "Ann (East); Smith, Jane; Bea; Dee" in organiser, organiser
    assert "Eve; Ruth, Mary; Fay" in organiser, organiser
