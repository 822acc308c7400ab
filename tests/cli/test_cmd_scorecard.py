"""`mahj scorecard`: lines per game, round totals, who hands the card in, the verification
pairs, JSON with the same content, 80 columns; and the sample tournament session."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mahjcli.files.loader import load as open_night
from mahjcli.reports import scorecard
from tests.helpers import ROOT

SAMPLE = ROOT / "sample_sessions" / "tournament-two-rounds.toml"


def ok(result):
    assert result.exit_code == 0, result
    return result


def card(run):
    return json.loads(ok(run("scorecard", "--json")).stdout)


@pytest.fixture
def shifted(mahj):
    """A tournament table listed Ann, Bea, Cat, Dot whose first East is Cat, so the starting
    seats are A East Cat, B South Dot, C West Ann, D North Bea."""
    ok(mahj("new", "Ann", "Bea", "Cat", "Dot", "--rules", "tournament", "--east", "Cat"))
    return mahj


def play_round_one(run):
    """Round 1 on the `shifted` table (Easts: Cat, Dot, Ann, Bea)."""
    ok(run("win", "Ann", "30", "--thrown-by", "Bea", "--exposures", "2"))  # Ann 30, Bea -20
    ok(run("win", "Dot", "25", "--self-pick", "--jokerless"))  # Dot 55
    ok(run("penalty", "Cat", "10", "--reason", "blind pass"))  # during game 3
    ok(run("wall", "--dead", "Bea"))  # +10 +10 +10, Bea -10
    ok(run("incomplete"))  # game 4: nothing


def test_round_totals_running_totals_and_penalty_on_a_line_of_its_own(shifted):
    play_round_one(shifted)
    ok(shifted("win", "Cat", "40", "--thrown-by", "Ann", "--exposures", "3"))  # game 5
    data = card(shifted)
    assert data["games"] == 5
    one, two = data["rounds"]
    assert [line["game"] for line in one["lines"]] == [1, 2, 3, 3, 4]
    penalty, wall = one["lines"][2], one["lines"][3]
    assert penalty["result"] == "penalty" and penalty["what"].startswith("Penalty: Cat loses 10")
    assert penalty["points"] == {"Ann": 0, "Bea": 0, "Cat": -10, "Dot": 0}
    assert penalty["penalties"] == [{"player": "Cat", "points": 10, "reason": "blind pass"}]
    assert wall["points"] == {"Ann": 10, "Bea": -10, "Cat": 10, "Dot": 10}
    assert wall["penalties"] == []
    assert one["lines"][4]["result"] == "incomplete"
    assert one["totals"] == {"Ann": 40, "Bea": -30, "Cat": 0, "Dot": 65}
    assert one["running"] == one["totals"]
    assert (one["complete"], one["games"]) == (True, 4)
    assert two["totals"] == {"Ann": -25, "Bea": 0, "Cat": 40, "Dot": 0}
    assert two["running"] == {"Ann": 15, "Bea": -30, "Cat": 40, "Dot": 65}
    assert (two["complete"], two["games"]) == (False, 1)
    assert data["totals"] == json.loads(shifted("total", "--json").stdout)["totals"]


def test_seats_pairs_and_hand_in_follow_the_starting_seats_for_rounds_1_to_5(shifted):
    for _ in range(17):
        ok(shifted("wall"))
    data = card(shifted)
    assert [(s["seat"], s["wind"], s["player"]) for s in data["seats"]] == [
        ("A", "East", "Cat"),
        ("B", "South", "Dot"),
        ("C", "West", "Ann"),
        ("D", "North", "Bea"),
    ]
    assert data["pairs"] == [["Cat", "Ann"], ["Dot", "Bea"]]
    hand_in = [(r["round"], r["hand_in"]["wind"], r["hand_in"]["player"]) for r in data["rounds"]]
    assert hand_in == [
        (1, "East", "Cat"),
        (2, "North", "Bea"),
        (3, "West", "Ann"),
        (4, "South", "Dot"),
        (5, "East", "Cat"),
    ]
    # Cat deals first in round 2 as in round 1, yet Bea (North) hands round 2 in.
    assert data["rounds"][1]["lines"][0]["east"] == "Cat"
    text = ok(shifted("scorecard")).stdout
    assert "Starting seats: A East Cat, B South Dot, C West Ann, D North Bea" in text
    assert "Verify each other's lines: A Cat and C Ann; B Dot and D Bea." in text
    assert "Round 1: card handed in by Cat (A, East of the starting seats)" in text
    assert "Round 2: card handed in by Bea (D, North of the starting seats)" in text
    assert "Round 3: card handed in by Ann (C, West of the starting seats)" in text
    assert "Round 4: card handed in by Dot (B, South of the starting seats)" in text
    assert "Round 5 (1 of 4 games): card handed in by Cat" in text


def test_text_card_has_every_line_and_total_of_the_json_in_seat_order(shifted):
    play_round_one(shifted)
    text = ok(shifted("scorecard")).stdout
    data = card(shifted)
    rows = {}
    in_order = []
    for line in text.splitlines():
        found = re.match(r"\s*(\d+|Round 1 total|Running total)\s", line)
        if found:
            rows[found.group(1)] = line.split()[-4:]
            in_order.append(line.split()[-4:])
    # Columns follow the starting seats A Cat, B Dot, C Ann, D Bea.
    assert re.search(r"^\s+A\s+B\s+C\s+D$", text, flags=re.M)
    assert re.search(r"Game\s+What happened\s+Cat\s+Dot\s+Ann\s+Bea$", text, flags=re.M)
    assert rows["1"] == ["0", "0", "+30", "-20"]
    assert rows["2"] == ["0", "+55", "0", "0"]
    assert rows["3"] == ["+10", "+10", "+10", "-10"]  # the wall game (the penalty: its own line)
    assert rows["4"] == ["0", "0", "0", "0"]
    assert rows["Round 1 total"] == ["0", "+65", "+40", "-30"]
    assert rows["Running total"] == ["0", "+65", "+40", "-30"]
    seat_order = ["Cat", "Dot", "Ann", "Bea"]
    for line, shown in zip(data["rounds"][0]["lines"], in_order, strict=False):
        assert [int(x) for x in shown] == [line["points"][name] for name in seat_order]
        assert " ".join(line["what"].split()) in " ".join(text.split())
    said = " ".join(text.split())
    assert "Penalty: Cat loses 10 (blind pass) -10" in said  # a line of its own, numbered 3
    assert "3 Wall game (Bea dead) +10 +10 +10 -10" in said


def test_a_penalty_in_a_game_not_yet_played_gets_its_own_line(shifted):
    play_round_one(shifted)
    ok(shifted("penalty", "Dot", "10"))
    data = card(shifted)
    line = data["rounds"][1]["lines"][0]
    assert (line["game"], line["result"], line["east"]) == (5, "penalty", "Cat")
    assert line["points"] == {"Ann": 0, "Bea": 0, "Cat": 0, "Dot": -10}
    assert data["rounds"][1]["games"] == 0
    assert data["totals"]["Dot"] == 55
    assert "Penalty: Dot loses 10" in ok(shifted("scorecard")).stdout


def test_no_games_yet(shifted):
    data = card(shifted)
    assert data["rounds"] == []
    assert data["totals"] == {"Ann": 0, "Bea": 0, "Cat": 0, "Dot": 0}
    assert "No games yet" in ok(shifted("scorecard")).stdout


def test_a_league_night_is_refused(four, session):
    before = session.read_bytes()
    for args in (("scorecard",), ("scorecard", "--json")):
        result = four(*args)
        assert result.exit_code == 1
        assert result.stdout == ""
        assert result.stderr.startswith("Error: the score card is for tournament nights")
        assert len(result.stderr.splitlines()) == 1
    assert session.read_bytes() == before


LONG = ("Bartholomew-Anne", "Christabel Ellingsworth", "Wilhelmina", "Maximiliana")


@pytest.mark.parametrize("columns", ["80", "100", "200"])
def test_fits_80_columns_with_long_names_and_reasons(mahj, monkeypatch, columns):
    monkeypatch.setenv("COLUMNS", columns)
    ok(mahj("new", *LONG, "--rules", "tournament", "--name", "A very long tournament name"))
    ok(mahj("win", "Wilhelmina", "75", "--thrown-by", "Maximiliana", "--exposures", "5"))
    ok(mahj("penalty", "Christabel", "1000", "--reason", "looked at a blind-passed tile " * 3))
    ok(mahj("win", "Christabel", "1000", "--self-pick", "--jokerless", "--singles-pairs"))
    text = ok(mahj("scorecard")).stdout
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= min(80, int(columns))
    assert all(line == line.rstrip() for line in lines)
    # Christabel's line: 1000 + 10 self-picked (no jokerless on singles and pairs) - 1000.
    penalty, line = card(mahj)["rounds"][0]["lines"][1:3]
    assert line["points"]["Christabel Ellingsworth"] == 1010
    assert penalty["penalties"][0]["points"] == 1000
    assert penalty["points"]["Christabel Ellingsworth"] == -1000
    said = " ".join(text.split())
    assert "Penalty: Christabel" in said and "Ellingsworth loses 1000" in said


def test_prints_cleanly_to_a_file_from_the_installed_command(tmp_path):
    copy = tmp_path / "card-night.toml"
    shutil.copy(SAMPLE, copy)
    out = tmp_path / "card.txt"
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "NO_COLOR", "TERM")}
    mahj = Path(sys.executable).parent / "mahj"
    with out.open("wb") as f:
        done = subprocess.run(
            [str(mahj), "scorecard", "--session", str(copy)], stdout=f, env=env, check=False
        )
    assert done.returncode == 0
    text = out.read_text(encoding="utf-8")
    assert "\x1b" not in text
    assert all(len(line) <= 80 and line == line.rstrip() for line in text.splitlines())
    assert "Round 2: card handed in by Barbara (D, North of the starting seats)" in text
    assert copy.read_bytes() == SAMPLE.read_bytes()


# ---- the sample session (totals worked out by hand) ----------------------------------------
#
# Players Barbara, Linda, Susan, Carol; first East Linda, so A East Linda, B South Susan,
# C West Carol, D North Barbara.                                 Barbara Linda Susan Carol
#  1 (E Linda)   Linda heavenly 25, jokerless claimed: value only       0   +25     0     0
#  2 (E Susan)   Barbara 30 thrown by Carol, 1 exp., mis-named: -25   +30     0     0   -25
#  3 (E Carol)   Susan 25 jokerless (+20) thrown by Linda, 2 exp.       0   -20   +45     0
#  4 (E Barbara) wall game, Carol dead                                +10   +10   +10   -10
#    round 1                                                          +40   +15   +55   -35
#  5             penalty during game 5: Susan -10                     0     0   -10     0
#  5 (E Linda)   Carol self-picks jokerless 25                          0     0     0   +55
#  6 (E Susan)   Linda 50 singles-and-pairs thrown by Barbara, 0 exp. -10   +50     0     0
#  7 (E Carol)   Susan 30 thrown by Linda, 4 exp.                       0   -25   +30     0
#  8 (E Barbara) time called                                            0     0     0     0
#    round 2                                                          -10   +25   +20   +55
#    total                                                            +30   +40   +75   +20

SAMPLE_LINES = [
    (0, 25, 0, 0),
    (30, 0, 0, -25),
    (0, -20, 45, 0),
    (10, 10, 10, -10),
    (0, 0, -10, 0),
    (0, 0, 0, 55),
    (-10, 50, 0, 0),
    (0, -25, 30, 0),
    (0, 0, 0, 0),
]


def test_sample_session_loads_and_gives_the_hand_worked_totals():
    night = open_night(SAMPLE)
    assert night.session.rules.name == "tournament"
    assert night.standings.problems == ()
    assert night.standings.games == 8
    built = scorecard.build(night.standings)
    assert built.players == ("Barbara", "Linda", "Susan", "Carol")
    assert [line.points for r in built.rounds for line in r.lines] == SAMPLE_LINES
    assert [r.totals for r in built.rounds] == [(40, 15, 55, -35), (-10, 25, 20, 55)]
    assert [r.hand_in.player for r in built.rounds] == ["Linda", "Barbara"]
    assert [(a.player, c.player) for a, c in built.pairs] == [
        ("Linda", "Carol"),
        ("Susan", "Barbara"),
    ]
    assert built.totals == (30, 40, 75, 20)
    assert night.standings.totals == built.totals


def test_sample_session_uses_every_tournament_rule():
    session = open_night(SAMPLE).session
    kinds = [entry.kind for entry in session.log]
    assert {"win", "wall", "incomplete", "penalty"} <= set(kinds)
    wins = [e for e in session.log if e.kind == "win"]
    assert {w.exposures for w in wins if w.thrown_by} >= {0, 1, 2, 4}  # every thrower band
    assert any(w.heavenly for w in wins)
    assert any(w.misnamed for w in wins)
    assert any(w.singles_pairs and w.jokerless for w in wins)
    assert any(w.self_picked and w.jokerless and not w.heavenly for w in wins)
    assert any(e.kind == "wall" and e.dead for e in session.log)


# ---- a table's night at an event, rounds 1 to 4 (RULES.md §6) ------------------------------

EVENT_HAND_IN = [(1, "A", "East", "Cat"), (2, "D", "North", "Bea"),
                 (3, "C", "West", "Ann"), (4, "B", "South", "Dot")]  # fmt: skip


@pytest.mark.parametrize(("rnd", "letter", "wind", "player"), EVENT_HAND_IN)
def test_a_tables_card_for_event_round_n_is_headed_and_handed_in_as_that_round(
    shifted, rnd, letter, wind, player
):
    """At an event each table keeps one night per round: the card of the round-N night
    says Round N and is handed in by the seat RULES.md §6 names for round N."""
    play_round_one(shifted)
    ok(shifted("scorecard", "--accept", "--round", str(rnd)))
    text = ok(shifted("scorecard", "--round", str(rnd))).stdout
    assert (
        f"Round {rnd} (accepted): card handed in by {player} "
        f"({letter}, {wind} of the starting seats)" in text
    )
    assert re.search(rf"^\s+Round {rnd} total\s+0\s+\+65\s+\+40\s+-30$", text, flags=re.M)
    assert not any(f"Round {n}" in text for n in range(1, 6) if n != rnd)
    (only,) = json.loads(ok(shifted("scorecard", "--json", "--round", str(rnd))).stdout)["rounds"]
    assert only["round"] == rnd and only["accepted"] is True
    assert only["hand_in"] == {"seat": letter, "wind": wind, "player": player}


def test_a_round_that_cannot_be_is_refused(shifted, session):
    before = session.read_bytes()
    for typed in ("0", "21", "two"):
        result = shifted("scorecard", "--round", typed)
        assert result.exit_code == 1
        assert result.stderr.startswith("Error: --round")
        assert session.read_bytes() == before


def test_time_called_ends_the_round_and_its_card_is_accepted_with_fewer_games(shifted):
    """RULES.md §11: once time is called no new game of the round starts, and the table
    hands in its card with the games it finished. The next game is round 2's first."""
    ok(shifted("win", "Ann", "30", "--self-pick"))  # Ann 40
    ok(shifted("wall"))  # +10 each
    ok(shifted("incomplete"))  # game 3: time called, 0 for all
    ok(shifted("scorecard", "--accept"))
    ok(shifted("win", "Bea", "25", "--self-pick"))  # game 4, round 2: Bea 35
    shown = card(shifted)
    assert [(r["round"], [line["game"] for line in r["lines"]]) for r in shown["rounds"]] == [
        (1, [1, 2, 3]),
        (2, [4]),
    ]
    first, second = shown["rounds"]
    assert first["complete"] and first["accepted"] and not second["accepted"]
    assert first["totals"] == {"Ann": 50, "Bea": 10, "Cat": 10, "Dot": 10}
    assert second["totals"] == {"Ann": 0, "Bea": 35, "Cat": 0, "Dot": 0}
    assert second["hand_in"]["seat"] == "D"  # round 2's card is handed in by D, as §6
    for _ in range(3):
        ok(shifted("wall"))
    ok(shifted("scorecard", "--accept"))  # round 2 is games 4 to 7
    assert card(shifted)["accepted_through"] == 7


def test_a_round_still_in_play_is_not_accepted(shifted):
    ok(shifted("wall"))
    ok(shifted("wall"))
    refused = shifted("scorecard", "--accept")
    assert refused.exit_code == 1
    assert "4 games" in refused.stderr and "time is called" in refused.stderr


def test_a_night_saved_when_time_called_did_not_end_the_round_still_opens(mahj, session):
    """Written before time called ended a round: game 3 stopped by time, game 4 played,
    then the card accepted after four games. It still reads, scores and undoes; only a new
    acceptance follows the round as it is counted now."""
    head = ('schema = 1\nname = "night"\ndate = 2026-11-20\nrules = "tournament"\n'
            'players = ["Ann", "Bea", "Cat", "Dot"]\neast = "Ann"\n')  # fmt: skip
    entries = ['kind = "win"\nwinner = "Ann"\nvalue = 25\nself_pick = true', 'kind = "wall"',
               'kind = "incomplete"', 'kind = "win"\nwinner = "Bea"\nvalue = 25\nself_pick = true',
               'kind = "accept"']  # fmt: skip
    session.write_text(head + "".join(f"\n[[log]]\n{e}\n" for e in entries), encoding="utf-8")
    assert ok(mahj("check")).stdout.startswith("OK")
    totals = json.loads(ok(mahj("total", "--json")).stdout)["totals"]
    assert totals == {"Ann": 45, "Bea": 45, "Cat": 10, "Dot": 10}


def test_a_new_acceptance_follows_the_round_as_time_called_ends_it(shifted):
    ok(shifted("wall"))
    ok(shifted("wall"))
    ok(shifted("incomplete"))  # round 1 ends here
    ok(shifted("wall"))  # round 2's first game: four games in all, but round 2 goes on
    refused = shifted("scorecard", "--accept")
    assert refused.exit_code == 1 and "1 game of this round has been played" in refused.stderr


def test_a_round_not_accepted_before_the_next_began_is_said_to_wait_for_it(mahj):
    """Time called in round 1, then round 2's first game recorded before the accept: the
    refusal says round 1 is over and will be accepted with round 2."""
    ok(mahj("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament"))
    ok(mahj("win", "Ann", "25", "--thrown-by", "Bea", "--exposures", "1"))
    ok(mahj("incomplete"))
    ok(mahj("win", "Cy", "30", "--self-pick"))
    refused = mahj("scorecard", "--accept")
    assert refused.exit_code == 1
    said = " ".join(refused.stderr.split())
    assert (
        "1 game of this round has been played; the round before it is over but was not "
        "accepted before this round began, so it is accepted with this round when this round "
        "ends" in said
    ), said
    for _ in range(3):
        ok(mahj("wall"))  # round 2 ends with its fourth game: both rounds are accepted
    ok(mahj("scorecard", "--accept"))
    accepted = mahj("fix", "1", "wall")
    assert accepted.exit_code == 1 and "accepted" in accepted.stderr
