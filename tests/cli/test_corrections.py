"""RULES.md §10: a correction may change what a later game pays, never where it was played
or who sat at it. `mahj fix`, a hand edit, undo and redo; the table page's take-back is in
tests/web/test_table_page.py and the property over random club nights in
tests/system/test_corrections_property.py."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

CLUB = ["Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue"]


def refused(run, session: Path, *args: str) -> str:
    """Run a command that must be refused with one `Error:` line and the file untouched."""
    before = session.read_bytes()
    result = run(*args)
    assert result.exit_code == 1, result
    assert session.read_bytes() == before
    assert result.stderr.startswith("Error: ") and len(result.stderr.strip().splitlines()) == 1
    return result.stderr


def log_of(run) -> list[dict]:
    return json.loads(run("log", "--json").stdout)["games"]


def club_night(mahj) -> None:
    """The issue's club night: Ruth and Linda's game at table 1 (Ruth gets up, Sue sits),
    Bea and Cy's at table 2 (Ann gets up, Ruth sits there), then Ruth self-picks a 30 at
    table 2: Bea, Cy and Dot pay 60 each."""
    assert mahj("new", *CLUB, "--tables", "2").exit_code == 0
    assert mahj("win", "Ruth", "25", "-t", "Linda").exit_code == 0
    assert mahj("win", "Bea", "25", "-t", "Cy").exit_code == 0
    assert mahj("win", "Ruth", "30", "-s").exit_code == 0


def test_each_game_records_its_table_and_who_sat_there(mahj, session):
    club_night(mahj)
    log = tomllib.loads(session.read_text())["log"]
    assert [(e["table"], e["seats"]) for e in log] == [
        (1, ["Ruth", "Linda", "Kathy", "Pat"]),
        (2, ["Ann", "Bea", "Cy", "Dot"]),
        (2, ["Bea", "Cy", "Dot", "Ruth"]),
    ]


def test_a_fix_that_would_move_a_later_game_to_another_table_is_refused(mahj, session):
    club_night(mahj)
    error = refused(mahj, session, "fix", "1", "wall", "--table", "2")
    assert "changing game 1 like that would seat later games differently" in error
    assert (
        "game 2 was played at table 2 by Ann (East), Bea, Cy and Dot, but now Bea (East), "
        "Cy, Dot and Sue would sit there"
    ) in error
    assert "game 3 was played at table 2 by Bea (East), Cy, Dot and Ruth" in error
    assert "nothing was changed" in error
    assert "mahj fix 1 wall --table 1" in error and "take back the later games first" in error
    # game 3 still charges the players who sat at table 2
    assert log_of(mahj)[2]["deltas"] | {"Linda": 0} == {
        "Ruth": 180, "Linda": 0, "Kathy": 0, "Pat": 0, "Ann": 0, "Bea": -60, "Cy": -60,
        "Dot": -60, "Sue": 0,
    }  # fmt: skip


def test_the_fix_the_refusal_suggests_moves_nobody(mahj, session):
    club_night(mahj)
    before = [(g["table"], g["east"]) for g in log_of(mahj)]
    result = mahj("fix", "1", "wall", "--table", "1")
    assert result.exit_code == 0, result
    assert [(g["table"], g["east"]) for g in log_of(mahj)] == before
    assert log_of(mahj)[2]["deltas"]["Bea"] == -60  # game 3 is paid at table 2, as played


def test_a_game_made_a_wall_game_stays_at_its_own_table_without_table(mahj, session):
    """RULES.md §10: a game belongs to the table it was played at, so `mahj fix 2 wall` on a
    club night needs no --table (it asked for one, listing both tables)."""
    club_night(mahj)
    result = mahj("fix", "2", "wall")
    assert result.exit_code == 0, result.stderr
    assert "now: Wall game at table 2" in result.stdout
    assert [g["table"] for g in log_of(mahj)] == [1, 2, 2]


def test_an_older_file_without_seats_is_held_to_the_seats_it_had(mahj, session):
    """A file written before games recorded their seats: the correction compares each
    later game's table and seats before and after it, and refuses just the same."""
    club_night(mahj)
    text = re.sub(r"\n(table|seats) = .*", "", session.read_text())
    session.write_text(text)
    assert mahj("check").exit_code == 0
    error = refused(mahj, session, "fix", "1", "wall", "--table", "2")
    assert "game 3 was played at table 2 by Bea (East), Cy, Dot and Ruth" in error


def test_a_hand_edit_that_reseats_a_later_game_is_named_with_its_line(mahj, session):
    """Deleting game 1 by hand: Ruth never got up at table 1, so Sue, not Ruth, takes Ann's
    seat at table 2 and game 3 would be someone else's. `check` names the line, and every
    command refuses the night until it is put right."""
    club_night(mahj)
    text = session.read_text()
    first = text.index("\n[[log]]\n")
    second = text.index("\n[[log]]\n", first + 1)
    edited = text[:first] + text[second:]
    session.write_text(edited)
    seats_line = edited.splitlines().index('seats = ["Bea", "Cy", "Dot", "Ruth"]') + 1
    check = mahj("check")
    assert check.exit_code == 1
    assert check.stdout.splitlines() == [
        f"{session}:{seats_line}: log entry 2 (win): this game was played at table 2 by Bea "
        "(East), Cy, Dot and Ruth, but as the log before it now stands Bea (East), Cy, Dot "
        "and Sue would sit there"
    ]
    for args in (("total",), ("win", "Pat", "25", "-s")):
        result = mahj(*args)
        assert result.exit_code == 1 and f"{session}:{seats_line}:" in result.stderr


def test_a_correction_of_amounts_alone_shows_each_later_game_that_pays_differently(mahj):
    """Under a pie of 100, game 1 fixed from a 25 to a 50: Linda's and Pat's purses empty
    in game 1, so game 2 (Kathy self-picks a 25) gets nothing from Linda."""
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--pie", "100").exit_code == 0
    assert mahj("win", "Ruth", "25", "-t", "Linda").exit_code == 0
    assert mahj("win", "Kathy", "25", "-s").exit_code == 0
    result = mahj("fix", "1", "Ruth", "50", "-t", "Linda")
    assert result.exit_code == 0, result
    out = " ".join(result.stdout.split())
    assert "Later games that pay differently:" in out
    assert "game 2 now: Ruth pays 50, Linda 0 of 50 — pie, Pat 50 → Kathy +100" in out
    assert "(was: Ruth pays 50, Linda 50, Pat 50 → Kathy +150)" in out


def test_a_correction_says_what_it_does_to_a_leaver_who_settled_up(mahj):
    """Olga settled up as she left, paid 100 for game 1; game 1 fixed to Pia winning
    thrown by Olga: her total goes from +100 to -50, so she owes 150 more, which the
    night's final settle-up has her pay."""
    assert mahj("new", "Nora", "Olga", "Pia", "Rosa", "Sue").exit_code == 0
    assert mahj("win", "Olga", "25", "--thrown-by", "Pia").exit_code == 0
    assert mahj("leave", "Olga", "--settle").exit_code == 0
    result = mahj("fix", "1", "Pia", "25", "--thrown-by", "Olga")
    assert result.exit_code == 0, result
    out = " ".join(result.stdout.split())
    assert (
        "Olga settled up when leaving (before game 2); after this correction Olga owes 150 "
        "more, which the night's final settle-up now includes" in out
    ), out


def test_a_kitty_that_moves_is_an_amount_and_allowed(mahj, session):
    """House rule kitty 25, two tables: game 1 at table 1 fixed into a wall game puts 100
    in table 1's kitty, which Linda's win there (game 3) then takes; table 2's game 2 is
    untouched and nobody moves."""
    players = ["Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot"]
    assert mahj("new", *players, "--tables", "2", "--house", "kitty").exit_code == 0
    assert mahj("win", "Ruth", "25", "-t", "Kathy").exit_code == 0
    assert mahj("win", "Ann", "25", "-t", "Bea").exit_code == 0
    assert mahj("win", "Linda", "25", "-t", "Kathy").exit_code == 0
    result = mahj("fix", "1", "wall", "--table", "1")
    assert result.exit_code == 0, result
    out = " ".join(result.stdout.split())
    assert "game 3 now:" in out and "Linda takes the kitty, 100" in out
    assert "game 2 now" not in result.stdout
    games = log_of(mahj)
    assert games[2]["deltas"]["Linda"] == 100 + 100
    assert sum(json.loads(mahj("total", "--json").stdout)["totals"].values()) == 0


def test_undo_and_redo_put_back_the_seats_recorded(mahj, session):
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue").exit_code == 0
    assert mahj("win", "Ruth", "25", "-t", "Linda").exit_code == 0
    assert mahj("win", "Kathy", "25", "-s").exit_code == 0
    saved = session.read_bytes()
    assert mahj("undo").exit_code == 0
    assert mahj("redo").exit_code == 0
    assert tomllib.loads(session.read_text())["log"] == tomllib.loads(saved.decode())["log"]
    assert tomllib.loads(session.read_text())["log"][1]["seats"] == [
        "Linda", "Kathy", "Pat", "Sue"
    ]  # fmt: skip


def test_undo_says_who_moves_for_the_seats_to_go_back(mahj):
    """Two tables, Sue and Eve waiting; Ruth wins at table 1 (Ruth up, Sue down), Cy at
    table 2 (Ann up, Eve down). `mahj undo` takes back table 2's game and says who moves:
    Ann sits down again at table 2 and Eve goes back to the line."""
    ten = ("Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue", "Eve")
    assert mahj("new", *ten, "--tables", "2").exit_code == 0
    assert mahj("win", "Ruth", "25", "-t", "Linda").exit_code == 0
    assert mahj("win", "Cy", "25", "-t", "Dot").exit_code == 0
    out = mahj("undo").stdout
    said = "Then the seats change: Ann sits down again at table 2, Eve goes back to the line\n"
    assert said in out


def test_a_correction_that_fills_the_kitty_tells_a_settled_leaver_she_is_owed(mahj):
    """Kitty on: Ruth wins 25 thrown by Kathy (Pat -25), Pat settles up as she leaves
    (pays Ruth 25). Game 1 becomes a wall game: Pat's total is still -25, but now her 25
    is in the kitty and goes back to her, so she is owed 25, as the settle-up says."""
    nine = ("Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue")
    assert mahj("new", *nine, "--tables", "2", "--house", "kitty").exit_code == 0
    assert mahj("win", "Ruth", "25", "-t", "Kathy").exit_code == 0
    assert mahj("leave", "Pat", "--settle").exit_code == 0
    fixed = mahj("fix", "1", "wall", "--table", "1").stdout
    assert "after this correction Pat is owed 25 more" in " ".join(fixed.split())
    assert "Ruth pays Pat 25" in mahj("total").stdout
