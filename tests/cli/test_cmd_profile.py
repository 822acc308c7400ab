"""`--profile NAME|FILE` on `mahj new` and `mahj event new` (RULES.md §7): the file
records the profile, options and all; the score card, the standings and the results page
print its name; a table's night must play the event's profile."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_event import PLAYERS, Run

COASTAL = """\
name = "Coastal Classic"
source = "Coastal League sheet, 2026"
dead_hand_wall_game = 0
thrower_three_exposures = 30
misnamed_discard = "add"
mj_in_error = true
"""


@pytest.fixture
def coastal(tmp_path: Path) -> Path:
    path = tmp_path / "coastal.toml"
    path.write_text(COASTAL, encoding="utf-8")
    return path


def test_a_night_plays_a_profile_file_and_its_card_prints_the_name(tmp_path, coastal):
    run = Run(tmp_path / "night.toml")
    run.ok("new", "Ann", "Bea", "Cy", "Dot", "--profile", str(coastal))
    text = run.path.read_text("utf-8")
    assert 'rules = "tournament"' in text and 'profile = "Coastal Classic"' in text
    assert 'profile_source = "Coastal League sheet, 2026"' in text
    out = run.ok("win", "Ann", "30", "--thrown-by", "Bea", "--exposures", "3", "--misnamed")
    assert "Bea -55" in out  # 30 at three exposures, and the mis-named 25 added
    wall = run.ok("wall", "--dead", "Cy")  # a dead hand scores 0, the others +10
    assert "Ann +10, Bea +10, Dot +10" in wall
    assert "Totals: Ann +40, Bea -45, Cy 0, Dot +10" in wall
    card = run.ok("scorecard")
    assert "Profile: Coastal Classic (Coastal League sheet, 2026)." in card
    assert run.json("scorecard")["profile"] == "Coastal Classic"


def test_a_night_without_a_profile_plays_master_points(tmp_path):
    run = Run(tmp_path / "night.toml")
    run.ok("new", "Ann", "Bea", "Cy", "Dot", "--profile", "mjmp")
    assert "Profile: mjmp (Mah Jongg Master Points)." in run.ok("scorecard")
    assert "Cy -10" in run.ok("wall", "--dead", "Cy")


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (("--variant", "mj-in-error"), "the profile names its options"),
        (("--misnamed", "add"), "the profile names its options"),
        (("--rules", "league"), "a profile is a tournament's"),
    ],
)
def test_a_profile_with_options_of_its_own_is_refused(tmp_path, coastal, extra, words):
    run = Run(tmp_path / "night.toml")
    result = run("new", "Ann", "Bea", "Cy", "Dot", "--profile", str(coastal), *extra)
    assert result.exit_code == 1 and words in result.stderr
    assert not run.path.exists()


def test_an_unknown_profile_or_a_bad_profile_file_is_one_error_line(tmp_path):
    run = Run(tmp_path / "night.toml")
    result = run("new", "Ann", "Bea", "Cy", "Dot", "--profile", "nmjl")
    assert result.exit_code == 1
    assert "no profile called 'nmjl' (mahj knows mjmp)" in result.stderr
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "X"\n\nthrower_three_exposures = 35\n', encoding="utf-8")
    result = run("new", "Ann", "Bea", "Cy", "Dot", "--profile", str(bad))
    assert result.exit_code == 1 and result.stderr.count("\n") == 1
    assert f"{bad}:3: thrower_three_exposures must be 25 or 30, not 35" in result.stderr
    assert not run.path.exists()


def test_an_event_records_its_profile_and_its_results_print_the_name(tmp_path, coastal):
    run = Run(tmp_path / "event.toml")
    out = run.ok("event", "new", "Cup", *PLAYERS[:8], "--profile", str(coastal), "--given")
    assert "profile Coastal Classic" in out
    text = run.path.read_text("utf-8")
    assert "[profile]" in text and "dead_hand_wall_game = 0" in text
    assert "OK" in run.ok("event", "check")
    standings = run.json("event", "standings")
    assert standings["profile"] == "Coastal Classic"
    assert standings["profile_source"] == "Coastal League sheet, 2026"
    page = tmp_path / "results.html"
    run.ok("event", "standings", "--html", str(page))
    assert "profile Coastal Classic" in page.read_text("utf-8")
    # a table's night under the same profile is accepted; under Master Points it is not
    table = Run(tmp_path / "t1.toml")
    table.ok("new", "Ann", "Bea", "Cy", "Dot", "--profile", str(coastal))
    mjmp = Run(tmp_path / "t2.toml")
    mjmp.ok("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament")
    for night in (table, mjmp):
        night.ok("win", "Ann", "30", "--thrown-by", "Bea", "--exposures", "3")
        night.ok("wall", "--dead", "Cy")
        night.ok("win", "Cy", "25", "--self-pick")
        night.ok("incomplete")
        night.ok("scorecard", "--accept")
    assert "profile Coastal Classic" in run.refused("event", "card", "1", "1", str(mjmp.path))
    run.ok("event", "call-time", "1")  # the table's last game was stopped by time
    out = run.ok("event", "card", "1", "1", str(table.path))
    assert "Ann +40, Bea -20, Cy +35, Dot +10" in out  # Bea -30 at three; Cy dead: 0


def test_a_hand_edit_of_the_events_profile_is_checked(tmp_path, coastal):
    run = Run(tmp_path / "event.toml")
    run.ok("event", "new", "Cup", *PLAYERS[:8], "--profile", str(coastal))
    text = run.path.read_text("utf-8")
    run.path.write_text(text.replace("mj_in_error = true", "mj_in_error = 2"), "utf-8")
    result = run("event", "check")
    assert result.exit_code == 1
    assert "profile: mj_in_error must be false or true, not 2" in result.stdout + result.stderr
    run.path.write_text(text.replace('name = "Coastal Classic"', 'name = "Bayside"'), "utf-8")
    assert run.json("event", "standings")["profile"] == "Bayside"
