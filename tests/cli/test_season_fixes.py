"""`mahj season` (and `winners`, `export --season`) as the organiser sees them: every figure
shown whole on a narrow terminal, a night given twice counted once, and an empty answer
that says why it is empty."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
from pathlib import Path

import pytest

from tests.helpers import ROOT

LONG = "Mary Ann Fitzgerald"
SPRING = ROOT / "sample_sessions" / "spring-open"


def run_ok(mahj, *args: str):
    result = mahj(*args, use_session=False)
    assert result.exit_code == 0, result
    return result


@pytest.fixture
def club(mahj, tmp_path: Path) -> Path:
    """A club night of two tables with big and small numbers and a 19-letter name."""
    night = tmp_path / "nights" / "club.toml"
    night.parent.mkdir()
    s = ("--session", str(night))
    players = ("Ruth", "Linda", "Kathy", LONG, "Geraldine", "Bea", "Cy", "Dot", "Sue")
    run_ok(mahj, "new", *players, "--tables", "2", "--date", "2026-10-01", *s)
    run_ok(mahj, "win", "Ruth", "30", "--self-pick", "--jokerless", *s)
    run_ok(mahj, "win", "Bea", "25", "--thrown-by", "Cy", *s)
    run_ok(mahj, "win", LONG, "50", "--self-pick", "--jokerless", *s)
    return night


def _figures(stats: dict) -> list[str]:
    """The figures of one player's line, as the table writes them."""
    signed = [f"+{n}" if n > 0 else str(n) for n in (stats["points"], stats["best"])]
    each = stats["points"] / stats["games"]
    return [*signed, f"{each:+.1f}" if each else "0.0", f"{stats['threw']} ("]


@pytest.mark.parametrize("width", [80, 60, 40])
def test_every_figure_is_whole_on_a_narrow_terminal(mahj, club: Path, monkeypatch, width: int):
    players = json.loads(run_ok(mahj, "season", str(club), "--json").stdout)["league"]["players"]
    monkeypatch.setenv("COLUMNS", str(width))
    out = run_ok(mahj, "season", str(club)).stdout
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= width
    words = re.findall(r"\S+", out)
    for name, stats in players.items():
        assert all(part in words for part in name.split()), name
        for figure in _figures(stats):
            assert figure in out, (name, figure, out)
            if not figure.endswith("("):
                assert figure in words, (name, figure, out)
    assert "Points" in words or "points" in out


def test_the_full_table_is_kept_where_it_fits(mahj, club: Path, monkeypatch):
    """At 100 columns each player is one line of the table: name, then every figure."""
    players = json.loads(run_ok(mahj, "season", str(club), "--json").stdout)["league"]["players"]
    monkeypatch.setenv("COLUMNS", "100")
    out = run_ok(mahj, "season", str(club)).stdout
    assert "Points" in out and "Threw" in out
    for name, stats in players.items():
        line = next(line for line in out.splitlines() if f" {name} " in line)
        assert all(figure in line for figure in _figures(stats)), (name, line)


@pytest.mark.parametrize("width", [80, 50])
def test_the_winners_log_shows_every_win_whole(mahj, club: Path, monkeypatch, width: int):
    wins = json.loads(run_ok(mahj, "winners", str(club), "--json").stdout)["wins"]
    monkeypatch.setenv("COLUMNS", str(width))
    out = run_ok(mahj, "winners", str(club)).stdout
    assert "…" not in out and max(len(line) for line in out.splitlines()) <= width
    words = re.findall(r"[^\s,]+", out)
    assert "2026-10-01" in words and "Fitzgerald" in words
    for win in wins:
        assert f"+{win['points']}" in words and str(win["value"]) in words, (win, out)


# ---- a night given twice counts once ---------------------------------------------------


@pytest.fixture
def one_night(mahj, tmp_path: Path) -> Path:
    folder = tmp_path / "d"
    folder.mkdir()
    s = ("--session", str(folder / "2026-10-01-night.toml"))
    run_ok(mahj, "new", "Ruth", "Linda", "Kathy", "Pat", "--date", "2026-10-01", *s)
    run_ok(mahj, "win", "Ruth", "30", "--self-pick", *s)
    return folder


def _twice(folder: Path, how: str) -> list[str]:
    night = str(folder / "2026-10-01-night.toml")
    if how == "link":
        os.symlink("2026-10-01-night.toml", folder / "again.toml")
    if how == "copy":  # a second download of the same file, byte for byte
        shutil.copy(night, folder / "2026-10-01-night (1).toml")
    return {
        "folder and file": [str(folder), night],
        "folder twice": [str(folder), str(folder)],
        "dir and folder": ["--dir", str(folder), str(folder)],
        "file twice": [night, night],
        "link": ["--dir", str(folder)],
        "copy": ["--dir", str(folder)],
    }[how]


HOW = ["folder and file", "folder twice", "dir and folder", "file twice", "link", "copy"]


@pytest.mark.parametrize("how", HOW)
def test_a_night_given_twice_counts_once_in_the_season(mahj, one_night: Path, how: str):
    once = json.loads(run_ok(mahj, "season", "--dir", str(one_night), "--json").stdout)
    result = run_ok(mahj, "season", *_twice(one_night, how), "--json")
    assert json.loads(result.stdout) == once
    assert once["league"]["nights"] == 1 and once["league"]["players"]["Ruth"]["points"] == 180
    assert "once" in result.stderr and "Error" not in result.stderr


@pytest.mark.parametrize("how", HOW)
def test_a_night_given_twice_counts_once_in_winners_and_export(mahj, one_night: Path, how: str):
    args = _twice(one_night, how)
    wins = json.loads(run_ok(mahj, "winners", *args, "--json").stdout)["wins"]
    assert len(wins) == 1
    sheet = run_ok(mahj, "export", "--season", *args).stdout
    rows = list(csv.DictReader(io.StringIO(sheet)))
    assert len(rows) == 4 and {r["player"] for r in rows} == {"Ruth", "Linda", "Kathy", "Pat"}
    nights = json.loads(run_ok(mahj, "export", *args, "--format", "json").stdout)["nights"]
    assert len(nights) == 1


def test_a_linked_night_is_named_by_its_own_file(mahj, one_night: Path):
    os.symlink("2026-10-01-night.toml", one_night / "0-link.toml")
    (night,) = json.loads(run_ok(mahj, "export", "--dir", str(one_night), "--format", "json")
                          .stdout)["nights"]  # fmt: skip
    assert night["session"] == "2026-10-01-night.toml"


# ---- an empty answer says why -----------------------------------------------------------


def test_a_date_filter_that_leaves_nothing_says_so(mahj, one_night: Path):
    result = run_ok(mahj, "season", "--dir", str(one_night), "--from", "2030-01-01")
    assert "Point at some" not in result.stdout
    assert "2030-01-01" in result.stdout and "night found" in result.stdout


def test_an_event_file_given_by_name_is_an_event_not_a_night(mahj, tmp_path: Path):
    event = tmp_path / "spring-open.toml"
    shutil.copy(SPRING / "spring-open.toml", event)
    result = run_ok(mahj, "season", str(event))
    said = result.stdout + result.stderr
    assert "Point at some" not in said
    assert "event, not a night" in said and "mahj event standings" in said


def test_event_files_inside_a_folder_are_left_out_quietly(mahj, one_night: Path):
    shutil.copy(SPRING / "spring-open.toml", one_night / "spring-open.toml")
    result = run_ok(mahj, "season", "--dir", str(one_night))
    assert result.stderr == "" and "League: 1 night" in result.stdout


@pytest.mark.parametrize("kept", ["card-template.toml", "profile-template.toml"])
def test_a_card_or_profile_beside_the_nights_is_left_out_quietly(mahj, one_night, kept):
    """The docs have a hostess keep her card or a director's profile with the nights: it
    is not a night, and not a damaged one either."""
    shutil.copy(ROOT / "docs" / kept, one_night / kept)
    for command in ("season", "winners"):
        result = run_ok(mahj, command, "--dir", str(one_night))
        assert result.stderr == "", command
    assert "League: 1 night" in run_ok(mahj, "season", "--dir", str(one_night)).stdout
    named = run_ok(mahj, "season", str(one_night / kept))
    assert f"left out {one_night / kept}: it is not a night" in named.stderr
    assert "damaged" not in named.stderr


def test_a_folder_of_damaged_nights_says_so_not_that_none_was_found(mahj, one_night: Path):
    night = one_night / "2026-10-01-night.toml"
    night.write_text(night.read_text("utf-8").replace('"Linda"', '"Lnda"', 1), "utf-8")
    result = run_ok(mahj, "season", "--dir", str(one_night))
    assert "skipped damaged night" in result.stderr
    assert "Point at some" not in result.stdout
    assert "1 file found, but it is not a night mahj can read." in result.stdout


def test_equal_season_points_share_the_place(mahj, tmp_path: Path):
    # RULES.md §9: equal totals share the place, in the season's standings as on a night
    s = ("--session", str(tmp_path / "tie.toml"))
    run_ok(mahj, "new", "Ruth", "Linda", "Kathy", "Pat", *s)
    run_ok(mahj, "win", "Ruth", "25", "-t", "Linda", *s)
    run_ok(mahj, "win", "Kathy", "25", "-t", "Linda", *s)
    shown = run_ok(mahj, "season", s[1]).stdout
    places = re.findall(r"^\s*(=?\d+)\s+([A-Z]\w+)\s+\d", shown, re.M)
    assert places == [("=1", "Kathy"), ("=1", "Ruth"), ("3", "Pat"), ("4", "Linda")]


def test_one_players_season_line_keeps_her_place_among_everyone(mahj, tmp_path: Path):
    s = ("--session", str(tmp_path / "night.toml"))
    run_ok(mahj, "new", "Ruth", "Linda", "Kathy", "Pat", *s)
    run_ok(mahj, "win", "Ruth", "25", "-t", "Kathy", *s)
    shown = run_ok(mahj, "season", s[1], "--player", "Pat").stdout
    assert re.findall(r"^\s*(=?\d+)\s+(Pat)\s", shown, re.M) == [("=2", "Pat")]


def test_a_players_place_counts_the_players_she_never_met(mahj, tmp_path: Path):
    # Ruth never sat with Sue, and still has more points: Sue is second, not first
    one, two = ("--session", str(tmp_path / "a.toml")), ("--session", str(tmp_path / "b.toml"))
    run_ok(mahj, "new", "Ruth", "Linda", "Kathy", "Pat", *one)
    run_ok(mahj, "win", "Ruth", "50", "--self-pick", *one)
    run_ok(mahj, "new", "Sue", "Linda", "Kathy", "Ann", *two)
    run_ok(mahj, "win", "Sue", "25", "-t", "Linda", *two)
    shown = run_ok(mahj, "season", one[1], two[1], "--player", "sue").stdout
    assert re.findall(r"^\s*(=?\d+)\s+(Sue)\s", shown, re.M) == [("2", "Sue")]
    data = json.loads(run_ok(mahj, "season", one[1], two[1], "--player", "sue", "--json").stdout)
    assert data["league"]["nights"] == 1  # her nights, as before
    assert list(data["league"]["players"]) == ["Sue"]


def test_a_player_outside_the_dates_is_never_taken_for_another_name(mahj, tmp_path: Path):
    # Ann played only in January; Anne only in March. Ann's March is empty, not Anne's.
    one, two = ("--session", str(tmp_path / "jan.toml")), ("--session", str(tmp_path / "mar.toml"))
    run_ok(mahj, "new", "Ann", "Linda", "Kathy", "Pat", "--date", "2026-01-08", *one)
    run_ok(mahj, "win", "Ann", "25", "-t", "Linda", *one)
    run_ok(mahj, "new", "Anne", "Linda", "Kathy", "Pat", "--date", "2026-03-05", *two)
    run_ok(mahj, "win", "Anne", "50", "--self-pick", *two)
    nights = (one[1], two[1], "--from", "2026-03-01")
    for command in ("season", "winners"):
        shown = mahj(command, *nights, "--player", "Ann", use_session=False)
        assert "Anne" not in shown.stdout + shown.stderr, (command, shown)
    shown = run_ok(mahj, "season", *nights, "--player", "ann").stdout
    assert shown.strip() == "Ann played no game in the night chosen."
    data = json.loads(run_ok(mahj, "season", *nights, "--player", "ann", "--json").stdout)
    assert "Anne" not in json.dumps(data)
    # a name is shown as typed, never read as markup
    s = ("--session", str(tmp_path / "apr.toml"))
    run_ok(mahj, "new", "[bold]Sue", "Linda", "Kathy", "Pat", "--date", "2026-04-02", *s)
    shown = run_ok(
        mahj, "season", one[1], two[1], s[1], "--to", "2026-03-31", "--player", "[bold]sue"
    )
    assert shown.stdout.strip() == "[bold]Sue played no game in the 2 nights chosen."
    # a beginning that fits both names, anywhere in the season, is asked again
    shown = mahj("season", *nights, "--player", "An", use_session=False)
    assert shown.exit_code != 0 and "type more" in shown.stderr


@pytest.mark.parametrize("text", ["", "\n\n", "# Thursday\n"], ids=["empty", "blank", "comment"])
def test_an_empty_night_file_is_named_as_damaged_not_passed_over(mahj, one_night: Path, text):
    """A night whose copy was cut short holds nothing: it is a damaged night, named with its
    line, not a card or a profile left out without a word."""
    cut = one_night / "2026-10-08-night.toml"
    cut.write_text(text, "utf-8")
    for command in ("season", "winners"):
        result = run_ok(mahj, command, "--dir", str(one_night))
        assert f"skipped damaged night {cut}:1: " in result.stderr, (command, result.stderr)
    assert "League: 1 night" in run_ok(mahj, "season", "--dir", str(one_night)).stdout


def test_export_counts_nights_as_the_season_does_and_says_which_had_no_game(
    mahj, one_night: Path, tmp_path: Path
):
    """A rained-off night (no game) is in the export but counts for nobody in the season:
    the export says so rather than a count the season never shows."""
    s = ("--session", str(one_night / "2026-10-08-night.toml"))
    run_ok(mahj, "new", "Ruth", "Linda", "Kathy", "Pat", "--date", "2026-10-08", *s)
    assert "League: 1 night" in run_ok(mahj, "season", "--dir", str(one_night)).stdout
    out = tmp_path / "season.csv"
    said = run_ok(mahj, "export", "--season", "--dir", str(one_night), "--output", str(out))
    assert f"Wrote {out} (2 nights, 1 of them without a game)" in said.stderr, said.stderr
    said = run_ok(mahj, "export", "--season", str(one_night / "2026-10-01-night.toml"),
                  "--output", str(out))  # fmt: skip
    assert f"Wrote {out} (1 night)" in said.stderr, said.stderr


def test_a_damaged_nights_check_command_works_in_a_folder_with_a_space(mahj, tmp_path: Path):
    folder = tmp_path / "my nights"
    folder.mkdir()
    (folder / "b.toml").write_text('schema = 1\nplayers = ["A"\n', encoding="utf-8")
    said = mahj("season", "--dir", str(folder), use_session=False).stderr
    assert f'`mahj check --session "{folder / "b.toml"}"` lists all' in " ".join(said.split())


def test_a_season_export_spells_each_player_as_the_season_does(mahj, tmp_path: Path):
    """One week's `ann` and `Mary  Lou` are the next week's `Ann` and `Mary Lou`: `mahj
    season` counts them as one player each, and so does a spreadsheet of the export (as
    player, winner, thrower and East), spelt as first typed, as `season` lists them."""
    folder = tmp_path / "nights"
    folder.mkdir()
    first, second = ("--session", str(folder / "n1.toml")), ("--session", str(folder / "n2.toml"))
    run_ok(mahj, "new", "ann", "Jose", "Mary  Lou", "Bea", "--date", "2026-11-01", *first)
    run_ok(mahj, "win", "ann", "25", "--thrown-by", "bea", *first)
    run_ok(mahj, "new", "Ann", "JOSE", "Mary Lou", "BEA", "--date", "2026-11-08", *second)
    run_ok(mahj, "win", "jose", "25", "--thrown-by", "mary lou", *second)
    rows = list(
        csv.DictReader(io.StringIO(run_ok(mahj, "export", "--season", "--dir", str(folder)).stdout))
    )
    assert {r["player"] for r in rows} == {"ann", "Jose", "Mary  Lou", "Bea"}
    assert {r["winner"] for r in rows} == {"ann", "Jose"}
    assert {r["thrown_by"] for r in rows} == {"Bea", "Mary  Lou"}
    assert {r["east"] for r in rows} == {"ann"}
