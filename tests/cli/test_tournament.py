"""Tournament scoring (RULES.md §6) through the command line: every example and boundary,
and refusals that leave the session file byte-for-byte unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

PLAYERS = ("Barbara", "Linda", "Susan", "Nancy")


@pytest.fixture
def table(mahj):
    """A tournament table: Barbara (East), Linda, Susan, Nancy; mis-named replaces."""
    result = mahj("new", *PLAYERS, "--rules", "tournament")
    assert result.exit_code == 0, result
    return mahj


@pytest.fixture
def adding(mahj):
    """A tournament table where a mis-named discard's -25 adds to the exposure penalty."""
    result = mahj("new", *PLAYERS, "--rules", "tournament", "--misnamed", "add")
    assert result.exit_code == 0, result
    return mahj


def totals(run):
    return json.loads(run("total", "--json").stdout)["totals"]


def last_game(run):
    return json.loads(run("log", "--json").stdout)["games"][-1]


def ok(result):
    assert result.exit_code == 0, result
    return result


def refused(run, session: Path, *args: str) -> str:
    """Run a command that must be refused; the file must not change. Returns stderr."""
    before = session.read_bytes()
    result = run(*args)
    assert result.exit_code == 1, result
    assert result.stderr.startswith("Error: "), result
    assert "Traceback" not in result.stderr
    assert session.read_bytes() == before
    return result.stderr


# ---- the examples of RULES.md §6 -----------------------------------------------------------


def test_barbara_30_two_exposures_thrown_by_linda(table):
    ok(table("win", "Barbara", "30", "--thrown-by", "Linda", "--exposures", "2"))
    assert totals(table) == {"Barbara": 30, "Linda": -20, "Susan": 0, "Nancy": 0}


def test_susan_self_picks_a_jokerless_25_for_55(table):
    ok(table("win", "Susan", "25", "--self-pick", "--jokerless"))
    assert totals(table) == {"Barbara": 0, "Linda": 0, "Susan": 55, "Nancy": 0}


def test_carol_self_picks_a_50_singles_and_pairs_for_60_not_80(mahj):
    ok(mahj("new", "Carol", "Linda", "Susan", "Nancy", "--rules", "tournament"))
    result = ok(mahj("win", "Carol", "50", "--self-pick", "--jokerless", "--singles-pairs"))
    assert "cannot hold a joker" in result.stdout
    assert totals(mahj) == {"Carol": 60, "Linda": 0, "Susan": 0, "Nancy": 0}


def test_wall_game_with_nancy_dead(table):
    ok(table("wall", "--dead", "Nancy"))
    assert totals(table) == {"Barbara": 10, "Linda": 10, "Susan": 10, "Nancy": -10}
    assert last_game(table)["result"] == "wall"


def test_wall_game_all_live_is_plus_10_each_and_two_dead(table):
    ok(table("wall"))
    ok(table("wall", "--dead", "Linda", "--dead", "Susan"))
    assert totals(table) == {"Barbara": 20, "Linda": 0, "Susan": 0, "Nancy": 20}


def test_log_json_says_what_a_tournament_game_was_scored_from(table):
    ok(table("win", "Barbara", "30", "--thrown-by", "Linda", "--exposures", "2", "--dead", "Susan"))
    game = last_game(table)
    assert (game["exposures"], game["dead"], "misnamed" in game) == (2, ["Susan"], False)
    ok(table("wall", "--dead", "Nancy"))
    assert last_game(table)["dead"] == ["Nancy"]


def test_time_called_scores_nothing_and_passes_the_deal(table):
    result = ok(table("incomplete"))
    assert "Next game 2: East Linda" in result.stdout
    assert totals(table) == dict.fromkeys(PLAYERS, 0)
    game = last_game(table)
    assert game["result"] == "incomplete"
    assert game["deltas"] == dict.fromkeys(PLAYERS, 0)
    assert json.loads(table("status", "--json").stdout)["east"] == "Linda"
    assert json.loads(table("total", "--json").stdout)["games"] == 1


def test_thrown_jokerless_adds_20_and_the_thrower_pays_only_by_exposures(table):
    ok(table("win", "Linda", "25", "--thrown-by", "Nancy", "--jokerless", "--exposures", "1"))
    assert totals(table) == {"Barbara": 0, "Linda": 45, "Susan": 0, "Nancy": -10}


def test_others_score_nothing_dead_or_alive(table):
    ok(table("win", "Susan", "35", "--thrown-by", "Barbara", "--exposures", "0", "--dead", "Nancy"))
    assert totals(table) == {"Barbara": -10, "Linda": 0, "Susan": 35, "Nancy": 0}


# ---- exposures ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("exposures", "thrower"),
    [("0", -10), ("1", -10), ("2", -20), ("3", -25), ("4", -25), ("5", -25)],
)
def test_thrower_penalty_by_the_winners_exposures(table, exposures, thrower):
    ok(table("win", "Barbara", "30", "--thrown-by", "Linda", "--exposures", exposures))
    assert totals(table) == {"Barbara": 30, "Linda": thrower, "Susan": 0, "Nancy": 0}


@pytest.mark.parametrize("count", ["-1", "6"])
def test_exposures_out_of_range_are_refused(table, session, count):
    args = ("win", "Barbara", "30", "--thrown-by", "Linda", "--exposures", count)
    assert "--exposures must be from 0 to 5" in refused(table, session, *args)


def test_a_thrown_win_without_exposures_is_refused(table, session):
    error = refused(table, session, "win", "Barbara", "30", "--thrown-by", "Linda")
    assert "--exposures" in error
    assert "never assumed" in error


def test_self_pick_with_exposures_is_recorded_and_changes_nothing(table, session):
    ok(table("win", "Susan", "25", "--self-pick", "--exposures", "3"))
    assert "exposures = 3" in session.read_text(encoding="utf-8")
    ok(table("win", "Nancy", "25", "--self-pick"))
    assert totals(table) == {"Barbara": 0, "Linda": 0, "Susan": 35, "Nancy": 35}


# ---- mis-named discard -------------------------------------------------------------------


@pytest.mark.parametrize(("exposures", "thrower"), [("0", -25), ("2", -25), ("3", -25)])
def test_misnamed_replaces_the_exposure_penalty(table, session, exposures, thrower):
    assert 'misnamed = "replace"' in session.read_text(encoding="utf-8")
    args = ("--thrown-by", "Linda", "--exposures", exposures, "--misnamed")
    ok(table("win", "Barbara", "30", *args))
    assert totals(table) == {"Barbara": 30, "Linda": thrower, "Susan": 0, "Nancy": 0}
    assert last_game(table)["misnamed"] is True


@pytest.mark.parametrize(("exposures", "thrower"), [("0", -35), ("2", -45), ("3", -50)])
def test_misnamed_adds_to_the_exposure_penalty(adding, session, exposures, thrower):
    assert 'misnamed = "add"' in session.read_text(encoding="utf-8")
    args = ("--thrown-by", "Linda", "--exposures", exposures, "--misnamed")
    ok(adding("win", "Barbara", "30", *args))
    assert totals(adding) == {"Barbara": 30, "Linda": thrower, "Susan": 0, "Nancy": 0}


def test_misnamed_on_a_self_pick_is_refused(table, session):
    error = refused(table, session, "win", "Barbara", "30", "--self-pick", "--misnamed")
    assert "needs a thrower" in error


def test_misnamed_mode_must_be_replace_or_add(mahj, session):
    result = mahj("new", *PLAYERS, "--rules", "tournament", "--misnamed", "double")
    assert result.exit_code == 1
    assert "--misnamed must be replace or add" in result.stderr
    assert not session.exists()


# ---- heavenly hand -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "extra", [[], ["--jokerless"], ["--self-pick"], ["--self-pick", "--jokerless"]]
)
def test_heavenly_hand_is_card_value_only(table, extra):
    result = ok(table("win", "Barbara", "40", "--heavenly", *extra))
    assert totals(table) == {"Barbara": 40, "Linda": 0, "Susan": 0, "Nancy": 0}
    if extra:
        assert "card value only" in result.stdout


def test_heavenly_hand_only_for_east(table, session):
    ok(table("wall"))  # East is now Linda
    error = refused(table, session, "win", "Barbara", "40", "--heavenly")
    assert "only East (Linda)" in error


# ---- penalties ---------------------------------------------------------------------------


def test_penalty_counts_in_the_game_during_which_it_was_recorded(table):
    ok(table("win", "Barbara", "30", "--thrown-by", "Linda", "--exposures", "2"))
    result = ok(table("penalty", "Susan", "10", "--reason", "looked at a blind-passed tile"))
    assert "Susan -10" in result.stdout
    assert totals(table) == {"Barbara": 30, "Linda": -20, "Susan": -10, "Nancy": 0}
    entry = last_game(table)
    assert entry["result"] == "penalty"
    assert entry["game"] == 2
    assert entry["points"] == 10
    assert entry["reason"] == "looked at a blind-passed tile"
    assert json.loads(table("total", "--json").stdout)["games"] == 1


def test_penalty_before_the_first_game_and_twice_in_one_game(table):
    ok(table("penalty", "Nancy", "10"))
    ok(table("penalty", "nancy", "10", "--reason", "again"))
    assert totals(table) == {"Barbara": 0, "Linda": 0, "Susan": 0, "Nancy": -20}
    games = json.loads(table("log", "--json").stdout)["games"]
    assert [g["game"] for g in games] == [1, 1]


@pytest.mark.parametrize("points", ["0", "ten", "1001"])
def test_penalty_points_must_be_a_positive_whole_number(table, session, points):
    assert "POINTS" in refused(table, session, "penalty", "Nancy", points)


def test_penalty_is_refused_at_a_league_table(four, session):
    assert "tournament" in refused(four, session, "penalty", "Ruth", "10")


def test_time_called_is_refused_at_a_league_table(four, session):
    assert "mahj wall" in refused(four, session, "incomplete")


# ---- exactly four players ----------------------------------------------------------------


@pytest.mark.parametrize("players", [(*PLAYERS, "Carol"), PLAYERS[:3]])
def test_new_tournament_needs_exactly_four(mahj, session, players):
    result = mahj("new", *players, "--rules", "tournament")
    assert result.exit_code == 1
    assert f"exactly 4 players, not {len(players)}" in result.stderr
    assert not session.exists()


def test_new_tournament_never_overwrites(table, session):
    before = session.read_bytes()
    result = table("new", "Ann", "Bea", "Cat", "Dot", "--rules", "tournament")
    assert result.exit_code == 1
    assert session.read_bytes() == before


def test_tournament_has_no_pie(mahj, session):
    result = mahj("new", *PLAYERS, "--rules", "tournament", "--pie", "500")
    assert result.exit_code == 1
    assert "no pie" in result.stderr
    assert not session.exists()


@pytest.mark.parametrize("args", [("join", "Carol"), ("leave", "Nancy")])
def test_nobody_joins_or_leaves_a_tournament_table(table, session, args):
    assert "exactly four players" in refused(table, session, *args)


def test_a_hand_edited_fifth_player_is_reported(table, session):
    text = session.read_text(encoding="utf-8")
    session.write_text(text.replace('"Nancy"]', '"Nancy", "Carol"]'), encoding="utf-8")
    result = table("check")
    assert result.exit_code == 1
    assert "exactly 4 players, not 5" in result.stdout


# ---- how totals read ---------------------------------------------------------------------


def test_total_shows_a_plain_table_total_not_a_zero_sum_check(table):
    ok(table("win", "Barbara", "30", "--thrown-by", "Linda", "--exposures", "2"))
    ok(table("wall", "--dead", "Nancy"))
    result = ok(table("total"))
    # 30 - 20 + (10 + 10 + 10 - 10) = 30
    assert "Table total: 30" in result.stdout
    assert "sums to" not in result.stdout
    assert "Settle" not in result.stdout
    assert "pays" not in result.stdout


def test_status_and_log_on_a_tournament_night(table):
    ok(table("win", "Susan", "25", "--self-pick", "--jokerless"))
    ok(table("penalty", "Linda", "10", "--reason", "blind pass"))
    status = ok(table("status"))
    assert "tournament" in status.stdout
    assert "Next game 2: East Linda" in status.stdout
    log = ok(table("log"))
    assert "Susan wins 25, self-picked, jokerless" in log.stdout
    assert "Penalty: Linda loses 10 (blind pass)" in log.stdout
    assert "+55" in log.stdout


def test_equal_totals_share_the_place(table):
    # RULES.md §9: players with equal totals share the place. Barbara and Susan both +25;
    # Nancy 0; Linda threw both (one exposure each: -10 twice).
    ok(table("win", "Barbara", "25", "--thrown-by", "Linda", "--exposures", "1"))
    ok(table("win", "Susan", "25", "--thrown-by", "Linda", "--exposures", "1"))
    rows = [line.split("│")[1:4] for line in ok(table("total")).stdout.splitlines() if "│" in line]
    places = [(place.strip(), name.strip(), total.strip()) for place, name, total in rows]
    assert places == [
        ("=1", "Barbara", "+25"),
        ("=1", "Susan", "+25"),
        ("3", "Nancy", "0"),
        ("4", "Linda", "-20"),
    ]


def test_a_line_without_a_group_is_not_said_to_double_at_a_tournament(mahj):
    # tournament jokerless adds 20 (RULES.md §6); it never doubles, so the note about the
    # line left unscored must not speak of doubling
    ok(mahj("new", *PLAYERS, "--rules", "tournament", "--card", "sample"))
    said = ok(mahj("win", "Linda", "--line", "Dragon thread", "--line", "Quiet path",
                   "--jokerless", "--self-pick"))  # fmt: skip
    words = " ".join(said.stdout.split())
    assert "Quiet path" in words and "no group of three" in words
    assert "double" not in words


def test_a_concealed_line_with_exposures_is_refused(mahj, session):
    # a concealed hand exposes nothing, so the thrower's loss cannot rest on exposures
    ok(mahj("new", *PLAYERS, "--rules", "tournament", "--card", "sample"))
    said = refused(mahj, session, "win", "Susan", "--line", "Quiet path", "--thrown-by",
                   "Nancy", "--exposures", "2")  # fmt: skip
    assert "concealed" in said and "--exposures 0" in said
    ok(mahj("win", "Susan", "--line", "Quiet path", "--thrown-by", "Nancy", "--exposures", "0"))
    assert totals(mahj)["Nancy"] == -10
