"""`mahj status`, `log`, `total`: what the table sees, and the JSON of INTERFACE.md."""

from __future__ import annotations

import json
import re

import pytest

from tests.helpers import ROOT


@pytest.fixture
def worked(four):
    four("win", "Ruth", "25", "--thrown-by", "Linda")
    four("win", "Kathy", "30", "--self-pick")
    four("win", "Pat", "25", "--thrown-by", "Ruth", "--jokerless")
    four("wall")
    return four


def test_total_json_matches_the_interface(worked):
    assert json.loads(worked("total", "--json").stdout) == {
        "games": 4,
        "totals": {"Ruth": -60, "Linda": -160, "Kathy": 105, "Pat": 115},
        "sum": 0,
        "settle": [
            {"from": "Linda", "to": "Pat", "amount": 115},
            {"from": "Ruth", "to": "Kathy", "amount": 60},
            {"from": "Linda", "to": "Kathy", "amount": 45},
        ],
        "settle_fewest": True,
        "settled": [],
    }


def test_status_json_matches_the_interface(worked):
    assert json.loads(worked("status", "--json").stdout) == {
        "next_game": 5,
        "east": "Ruth",
        "seated": ["Ruth", "Linda", "Kathy", "Pat"],
        "waiting": [],
        "purse": None,
        "rules": "league",
        "left": [],
    }


def test_log_json_matches_the_interface(worked):
    games = json.loads(worked("log", "--json").stdout)["games"]
    assert [g["game"] for g in games] == [1, 2, 3, 4]
    assert [g["east"] for g in games] == ["Ruth", "Linda", "Kathy", "Pat"]
    assert [g["result"] for g in games] == ["win", "win", "win", "wall"]
    assert games[0]["deltas"] == {"Ruth": 100, "Linda": -50, "Kathy": -25, "Pat": -25}
    assert games[2]["totals"] == {"Ruth": -60, "Linda": -160, "Kathy": 105, "Pat": 115}
    assert list(games[0]["deltas"]) == ["Ruth", "Linda", "Kathy", "Pat"]


def test_total_is_sorted_best_first_and_sums_to_zero(worked):
    out = worked("total").stdout
    order = [out.index(name) for name in ("Pat", "Kathy", "Ruth", "Linda")]
    assert order == sorted(order)
    assert "Sum of totals: 0 (sums to zero)" in out


def test_total_settles_up_in_coins(worked):
    out = worked("total", "--coins").stdout
    assert "+$1.15" in out and "-$1.60" in out
    assert "Settle up:" in out
    payments = [line.strip() for line in out.splitlines() if " pays " in line]
    assert payments == ["Linda pays Pat $1.15", "Ruth pays Kathy $0.60", "Linda pays Kathy $0.45"]


def test_log_is_a_score_sheet(worked):
    out = worked("log").stdout
    assert "Ruth wins 25, thrown by Linda" in out
    assert "Pat wins 25, thrown by Ruth, jokerless" in out
    assert "Wall game" in out
    total_line = next(line for line in out.splitlines() if "Total" in line)
    assert [cell.strip() for cell in total_line.split("│")[4:8]] == ["-60", "-160", "+105", "+115"]


def test_log_shows_dead_hands_and_the_kitty(mahj):
    """A dead hand and what went into (and out of) the kitty are on the score sheet, not only
    in what `mahj win` said at the time (RULES.md §1 dead hands; house rule kitty 25)."""
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--house", "kitty=25")
    mahj("win", "Ruth", "25", "--thrown-by", "Linda", "--dead", "Kathy")
    mahj("wall")
    mahj("win", "Kathy", "25", "--thrown-by", "Pat")
    out = mahj("log").stdout
    assert "Ruth wins 25, thrown by Linda, Kathy dead" in out
    assert "into the kitty: 100 (kitty 100)" in out
    assert "Kathy takes the kitty, 100" in out


def test_log_coins(worked):
    assert "+$1.00" in worked("log", "--coins").stdout


def test_empty_night_reports(four):
    assert "No games yet" in four("log").stdout
    assert json.loads(four("log", "--json").stdout) == {"games": [], "seating": []}
    assert json.loads(four("total", "--json").stdout)["games"] == 0


def test_five_player_night_with_pie(mahj):
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "--pie", "100")
    mahj("win", "Linda", "25", "--self-pick")
    mahj("win", "Linda", "25", "--self-pick")
    result = mahj("win", "Kathy", "30", "--thrown-by", "Ruth")
    assert "Ruth pays 50 of 60 — pie, Pat 0 of 30 — pie, Sue 30 → Kathy +80" in result.stdout
    status = json.loads(mahj("status", "--json").stdout)
    assert status == {
        "next_game": 4,
        "east": "Pat",
        "seated": ["Pat", "Sue", "Ruth", "Linda"],
        "waiting": ["Kathy"],
        "purse": {"Ruth": 0, "Linda": 400, "Kathy": 80, "Pat": 0, "Sue": 20},
        "rules": "league",
        "left": [],
    }
    human = mahj("status").stdout
    assert "Waiting: Kathy\n" in human and "0 pie" in human
    assert "Kathy gets up; Linda takes Kathy's seat." in result.stdout
    assert json.loads(mahj("total", "--json").stdout)["purse"]["Ruth"] == 0


def test_penalty_gets_the_number_of_the_game_in_progress(mahj):
    mahj("new", "A", "B", "C", "D", "--rules", "tournament")
    mahj("win", "A", "25", "--self-pick")
    mahj("penalty", "B", "10", "--reason", "looked at a blind pass")
    games = json.loads(mahj("log", "--json").stdout)["games"]
    assert [(g["game"], g["result"]) for g in games] == [(1, "win"), (2, "penalty")]
    assert games[1]["deltas"]["B"] == -10
    assert json.loads(mahj("total", "--json").stdout)["games"] == 1


def test_log_json_names_a_mah_jongg_in_error_error(mahj):
    mahj("new", "A", "B", "C", "D", "--rules", "tournament", "--variant", "mj-in-error")
    mahj("win", "A", "25", "--self-pick")
    mahj("wall")
    mahj("error", "b")
    mahj("penalty", "C", "10", "--reason", "looked at a blind pass")
    mahj("incomplete")
    mahj("error", "C", "--intact", "d")
    games = json.loads(mahj("log", "--json").stdout)["games"]
    results = [g["result"] for g in games]
    assert results == ["win", "wall", "error", "penalty", "incomplete", "error"]
    assert games[2]["deltas"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    # who called it and who kept a hand intact, as the sheet says, names as registered
    assert (games[2]["caller"], games[2]["intact"]) == ("B", None)
    assert (games[5]["caller"], games[5]["intact"]) == ("C", "D")


def test_a_penalty_is_a_numbered_labelled_line_of_its_own_in_every_view(mahj, monkeypatch):
    mahj("new", "A", "B", "C", "D", "--rules", "tournament")
    mahj("win", "A", "25", "--thrown-by", "B", "--exposures", "0")
    mahj("penalty", "B", "10", "--reason", "looked at a blind pass")
    sheet = [line for line in mahj("log").stdout.splitlines() if "Penalty" in line]
    assert len(sheet) == 1
    assert re.match(r"│ 2 │\s+│ Penalty: B loses 10 \(looked at a blind pass\)", sheet[0])
    assert "-10" in sheet[0] and "+25" not in sheet[0]  # not merged with game 1's -10
    monkeypatch.setenv("COLUMNS", "40")  # the night in words
    words = " ".join(mahj("log").stdout.split())
    assert "During game 2: Penalty: B loses 10 (looked at a blind pass) B -10" in words


def test_tournament_points_are_not_money(mahj, session):
    mahj("new", "A", "B", "C", "D", "--rules", "tournament")
    for command in ("total", "log"):
        result = mahj(command, "--coins")
        assert result.exit_code == 1 and "not money" in result.stderr


def test_misnamed_discard_is_a_tournament_rule(four, session):
    before = session.read_bytes()
    result = four("win", "Ruth", "25", "--thrown-by", "Linda", "--misnamed")
    assert result.exit_code == 1 and "only at a tournament table" in result.stderr
    assert session.read_bytes() == before


def test_log_json_says_whether_jokerless_was_paid(four):
    four("win", "Ruth", "50", "--self-pick", "--jokerless", "--singles-pairs")
    four("win", "Linda", "25", "--self-pick", "--jokerless")
    games = json.loads(four("log", "--json").stdout)["games"]
    assert [(g["jokerless"], g["jokerless_paid"]) for g in games] == [(True, False), (True, True)]


def test_a_dead_hand_named_twice_counts_once(mahj, session):
    mahj("new", "A", "B", "C", "D", "--rules", "tournament")
    mahj("wall", "--dead", "B", "--dead", "b")
    games = json.loads(mahj("log", "--json").stdout)["games"]
    assert games[0]["deltas"] == {"A": 10, "B": -10, "C": 10, "D": 10}
    assert 'dead = ["B"]' in session.read_text()


def test_total_title_counts_games_in_words(four):
    four("wall")
    assert ": 1 game\n" in four("total").stdout


def test_the_pie_shows_in_every_record_of_the_game(mahj, tmp_path):
    night = str(ROOT / "sample_sessions" / "five-player-pie-night.toml")
    # Game 4: Sue self-picks a 50; Linda owes 100 with 90 left: she pays 90 (pie).
    game = json.loads(mahj("log", "--json", "--session", night, use_session=False).stdout)
    four, six = game["games"][3], game["games"][5]
    assert four["pie"] == ["Linda"]
    assert {"from": "Linda", "to": "Sue", "owed": 100, "paid": 90} in four["payments"]
    assert six["pie"] == ["Linda"]  # Linda, pie, throws in game 6 and pays 0
    assert {"from": "Linda", "to": "Bea", "owed": 50, "paid": 0} in six["payments"]
    sheet = mahj("log", "--session", night, use_session=False).stdout
    assert "-90 pie" in sheet and "0 pie" in sheet
    assert "Linda owed 100, paid 90: pie" in sheet
    page = tmp_path / "night.html"
    mahj("total", "--html", str(page), "--session", night, use_session=False)
    html = page.read_text(encoding="utf-8")
    assert 'Pat <span class="mark">(left)</span>' in html
    assert '<span class="mark">pie</span>' in html and "Linda owed 100: pie" in html
