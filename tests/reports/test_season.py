"""`mahj season` and `mahj winners` over the sample season, checked against numbers worked
out by hand from RULES.md (the tables below), never by calling the code under test."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.helpers import ROOT

SEASON = ROOT / "sample_sessions" / "season"
NAMES = {"R": "Ruth", "L": "Linda", "K": "Kathy", "P": "Pat", "S": "Sue"}

# Each night, worked out by hand. A game: (seated, winner, thrower, paid jokerless, deltas).
# winner None = wall game or time called; thrower None on a win = self-picked (or heavenly).
NIGHTS: dict[str, dict] = {
    "2026-01-08-thursday.toml": {
        "date": "2026-01-08",
        "rules": "league",
        "players": "RLKPS",
        "games": [
            # Ruth 25 thrown by Linda: 50/25/25.
            ("RLKP", "R", "L", False, {"R": 100, "L": -50, "K": -25, "P": -25}),
            # Sue self-picks 30: 60 each. Ruth waits.
            ("SLKP", "S", None, False, {"S": 180, "L": -60, "K": -60, "P": -60}),
            # Kathy jokerless 25 thrown by Pat: 100/50/50. Linda waits.
            ("SRKP", "K", "P", True, {"K": 200, "P": -100, "S": -50, "R": -50}),
            ("SRLP", None, None, False, {}),  # wall game; Kathy waits
            # Linda 35 thrown by Sue: 70/35/35. Pat waits.
            ("SRLK", "L", "S", False, {"L": 140, "S": -70, "R": -35, "K": -35}),
            # Pat self-picks a 50 singles-and-pairs "jokerless": no double, 100 each.
            ("PRLK", "P", None, False, {"P": 300, "R": -100, "L": -100, "K": -100}),
        ],
    },
    "2026-01-15-pie-night.toml": {
        "date": "2026-01-15",
        "rules": "league",
        "players": "RLKPS",  # Sue arrives after game 1 and waits
        "games": [
            ("RLKP", "L", "R", False, {"L": 120, "R": -60, "K": -30, "P": -30}),
            ("RLKP", "K", None, False, {"K": 210, "R": -70, "L": -70, "P": -70}),
            # Pie 150: Ruth (purse 20) owes 100, pays 20; Pat (purse 50) pays 50.
            ("RSKP", "S", "R", True, {"S": 120, "R": -20, "K": -50, "P": -50}),
            # Pat's purse is empty: she pays 0 of the 50 she owes.
            ("RSLP", "R", None, False, {"R": 100, "S": -50, "L": -50, "P": 0}),
            ("RSLK", None, None, False, {}),
        ],
    },
    "2026-01-22-card-night.toml": {
        "date": "2026-01-22",
        "rules": "league",
        "players": "RLKS",
        "games": [
            ("RLKS", "S", "K", False, {"S": 100, "K": -50, "R": -25, "L": -25}),  # Garden steps
            ("RLKS", "R", None, False, {"R": 240, "L": -80, "K": -80, "S": -80}),  # Twin pillars
            # Dragon thread 40 jokerless: value in use 80.
            ("RLKS", "L", "S", True, {"L": 320, "S": -160, "R": -80, "K": -80}),
            # Quiet path 50 (pairs only) claimed jokerless: stays 50.
            ("RLKS", "K", None, False, {"K": 300, "R": -100, "L": -100, "S": -100}),
            ("RLKS", "R", "L", False, {"R": 120, "L": -60, "K": -30, "S": -30}),  # Dragon lights
        ],
    },
    "2026-01-29-thursday.toml": {
        "date": "2026-01-29",
        "rules": "league",
        "players": "PSRLK",
        "games": [
            ("PSRL", "P", None, False, {"P": 150, "S": -50, "R": -50, "L": -50}),  # heavenly 25
            ("KSRL", "L", "R", False, {"L": 120, "R": -60, "S": -30, "K": -30}),
            ("KPRL", "K", "P", False, {"K": 100, "P": -50, "R": -25, "L": -25}),
            # Sue self-picks a jokerless 30: 120 each.
            ("KPSL", "S", None, True, {"S": 360, "K": -120, "P": -120, "L": -120}),
        ],
    },
    "2026-02-05-club-tournament.toml": {
        "date": "2026-02-05",
        "rules": "tournament",
        "players": "RLKP",
        "penalties": {"L": -10},
        "games": [
            ("RLKP", "R", "L", False, {"R": 30, "L": -20}),  # two exposures
            ("RLKP", "K", None, True, {"K": 55}),  # 25 + 10 + 20
            ("RLKP", None, None, False, {"R": 10, "L": 10, "K": 10, "P": -10}),  # Pat dead
            ("RLKP", "P", None, False, {"P": 60}),  # singles and pairs: 50 + 10 only
            ("RLKP", None, None, False, {}),  # time called
        ],
    },
}


def expected(files: list[str], only: str | None = None) -> dict:
    """The season JSON, computed from the hand-worked tables above."""
    out: dict = {}
    for rules in ("league", "tournament"):
        nights = [NIGHTS[f] for f in files if NIGHTS[f]["rules"] == rules]
        if only is not None:
            nights = [n for n in nights if only in n["players"]]
        players: dict[str, dict] = {}
        for night in nights:
            for p in night["players"]:
                s = players.setdefault(
                    p,
                    {"nights": 0, "games": 0, "wins": 0, "self_picks": 0, "jokerless": 0,
                     "threw": 0, "points": 0, "best": None},
                )  # fmt: skip
                s["nights"] += 1
                s["points"] += night.get("penalties", {}).get(p, 0)
            for seated, winner, thrower, jokerless, deltas in night["games"]:
                for p in seated:
                    d = deltas.get(p, 0)
                    s = players[p]
                    s["games"] += 1
                    s["points"] += d
                    s["best"] = d if s["best"] is None else max(s["best"], d)
                if winner:
                    players[winner]["wins"] += 1
                    players[winner]["self_picks"] += thrower is None
                    players[winner]["jokerless"] += jokerless
                if thrower:
                    players[thrower]["threw"] += 1
        if only is not None:
            players = {p: s for p, s in players.items() if p == only}
        out[rules] = {
            "nights": len(nights),
            "players": {NAMES[p]: s for p, s in players.items()},
        }
    return out


def test_hand_tables_are_consistent():
    for night in NIGHTS.values():
        for seated, _winner, _thrower, _jokerless, deltas in night["games"]:
            assert set(deltas) <= set(seated)
            if night["rules"] == "league":
                assert sum(deltas.values()) == 0


def season_json(mahj, *args: str) -> dict:
    result = mahj("season", *args, "--json", use_session=False)
    assert result.exit_code == 0, result
    return json.loads(result.stdout)


def test_season_json_matches_the_hand_worked_nights(mahj):
    out = season_json(mahj, "--dir", str(SEASON))
    assert out == expected(list(NIGHTS))
    # A few numbers spelled out, so a reader can check them against the tables above.
    league = out["league"]
    assert league["nights"] == 4
    assert league["players"]["Sue"] == {
        "nights": 4, "games": 15, "wins": 4, "self_picks": 2, "jokerless": 2, "threw": 2,
        "points": 140, "best": 360,
    }  # fmt: skip
    assert league["players"]["Pat"]["nights"] == 3
    assert league["players"]["Pat"]["jokerless"] == 0  # singles and pairs never counts
    assert league["players"]["Ruth"]["threw"] == 3
    assert sum(p["points"] for p in league["players"].values()) == 0
    tournament = out["tournament"]
    assert tournament["nights"] == 1
    assert tournament["players"]["Linda"]["points"] == -20  # -20 thrown, +10 wall, -10 penalty
    assert tournament["players"]["Linda"]["best"] == 10
    assert set(tournament["players"]) == {"Ruth", "Linda", "Kathy", "Pat"}


def test_season_json_shape_is_exactly_the_interface(mahj):
    out = season_json(mahj, "--dir", str(SEASON))
    assert list(out) == ["league", "tournament"]
    for block in out.values():
        assert set(block) == {"nights", "players"}
        for stats in block["players"].values():
            assert list(stats) == [
                "nights", "games", "wins", "self_picks", "jokerless", "threw", "points", "best"
            ]  # fmt: skip
            assert all(type(v) is int for v in stats.values())


def test_players_are_listed_best_first(mahj):
    out = season_json(mahj, "--dir", str(SEASON))
    assert list(out["league"]["players"]) == ["Sue", "Kathy", "Pat", "Linda", "Ruth"]
    assert list(out["tournament"]["players"]) == ["Kathy", "Pat", "Ruth", "Linda"]


def test_date_filters(mahj):
    out = season_json(mahj, "--dir", str(SEASON), "--from", "2026-01-15", "--to", "2026-01-22")
    assert out == expected(["2026-01-15-pie-night.toml", "2026-01-22-card-night.toml"])
    assert out["league"]["players"]["Kathy"]["points"] == 130 + 60
    assert out["tournament"] == {"nights": 0, "players": {}}
    # Both ends are included; one side alone works too.
    assert (
        season_json(mahj, "--dir", str(SEASON), "--from", "2026-02-05")["tournament"]["nights"] == 1
    )
    assert season_json(mahj, "--dir", str(SEASON), "--to", "2026-01-08") == expected(
        ["2026-01-08-thursday.toml"]
    )


def test_a_malformed_date_is_refused_in_plain_words(mahj):
    result = mahj("season", "--dir", str(SEASON), "--from", "15/01/2026", use_session=False)
    assert result.exit_code == 1
    assert result.stderr == "Error: --from must be a date like 2026-11-26, not '15/01/2026'\n"


def test_player_filter(mahj):
    out = season_json(mahj, "--dir", str(SEASON), "--player", "sue")
    assert out == expected(list(NIGHTS), only="S")
    assert out["tournament"] == {"nights": 0, "players": {}}
    pat = season_json(mahj, "--dir", str(SEASON), "--player", "PAT")
    assert pat["league"]["nights"] == 3
    assert list(pat["league"]["players"]) == ["Pat"]
    assert pat["tournament"]["players"]["Pat"]["points"] == 50


def test_unknown_player_is_refused_with_a_suggestion(mahj):
    result = mahj("season", "--dir", str(SEASON), "--player", "Suse", use_session=False)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ")
    assert "Sue" in result.stderr


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    """The sample season plus a file that is not TOML, one whose log cannot happen and one
    whose entry's kind is a list."""
    folder = tmp_path / "nights"
    shutil.copytree(SEASON, folder)
    (folder / "broken.toml").write_text("schema = 1\nplayers = [\n", encoding="utf-8")
    listed = 'schema = 1\nplayers = ["A", "B", "C", "D"]\n\n[[log]]\nkind = ["wall"]\n'
    (folder / "listed-kind.toml").write_text(listed, encoding="utf-8")
    bad = (folder / "2026-01-08-thursday.toml").read_text(encoding="utf-8")
    # Sue waits in game 1, so she cannot win it.
    bad = bad.replace('winner = "Ruth"', 'winner = "Sue"', 1)
    (folder / "waiting-winner.toml").write_text(bad, encoding="utf-8")
    return folder


def test_damaged_nights_are_named_and_skipped(mahj, mixed: Path):
    before = {p.name: p.read_bytes() for p in mixed.iterdir()}
    result = mahj("season", "--dir", str(mixed), "--json", use_session=False)
    assert result.exit_code == 0, result
    assert json.loads(result.stdout) == expected(list(NIGHTS))
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 3
    assert any("broken.toml" in w for w in warnings)
    assert any("listed-kind.toml:5: log entry 1: unknown kind ['wall']" in w for w in warnings)
    assert any("waiting-winner.toml" in w and "Sue" in w for w in warnings)
    assert {p.name: p.read_bytes() for p in mixed.iterdir()} == before


def test_damaged_night_warning_in_the_table_view_too(mahj, mixed: Path):
    result = mahj("season", "--dir", str(mixed), use_session=False)
    assert result.exit_code == 0
    assert "broken.toml" in result.stderr
    assert "broken.toml" not in result.stdout


def test_default_is_the_data_folder_and_files_can_be_named(mahj, tmp_path: Path):
    data = tmp_path / "data"
    shutil.copytree(SEASON, data)
    assert season_json(mahj) == expected(list(NIGHTS))
    two = [
        str(SEASON / "2026-01-08-thursday.toml"),
        str(SEASON / "2026-02-05-club-tournament.toml"),
    ]
    assert season_json(mahj, *two) == expected(
        ["2026-01-08-thursday.toml", "2026-02-05-club-tournament.toml"]
    )


def test_an_empty_folder_gives_zero_nights(mahj, tmp_path: Path):
    (tmp_path / "empty").mkdir()
    out = season_json(mahj, "--dir", str(tmp_path / "empty"))
    assert out == {
        "league": {"nights": 0, "players": {}},
        "tournament": {"nights": 0, "players": {}},
    }
    table = mahj("season", "--dir", str(tmp_path / "empty"), use_session=False)
    assert table.exit_code == 0
    assert "No nights found" in table.stdout


def test_a_night_never_played_counts_for_nobody(mahj, tmp_path: Path):
    """A night started and never played (or a player who came and sat in no game) adds no
    night to anyone: the season of the sample nights is the same with one beside them."""
    folder = tmp_path / "nights"
    shutil.copytree(SEASON, folder)
    before = season_json(mahj, "--dir", str(folder))
    night = folder / "2026-03-05-rained-off.toml"
    new = ("new", "Ruth", "Sue", "Pat", "Nell", "--session", str(night))
    assert mahj(*new, use_session=False).exit_code == 0
    assert mahj("join", "Zoe", "--session", str(night), use_session=False).exit_code == 0
    assert season_json(mahj, "--dir", str(folder)) == before
    assert "Nell" not in mahj("season", "--dir", str(folder), use_session=False).stdout


@pytest.mark.parametrize("command", ["season", "winners", "export"])
def test_a_mistyped_night_is_refused_not_reported_empty(mahj, tmp_path: Path, command: str):
    """`mahj export nihgt.toml > night.csv` must not write an empty sheet and say it went
    well: a file named that is not there is refused (exit 1), naming it."""
    result = mahj(command, str(tmp_path / "nihgt.toml"), use_session=False)
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith("Error: no session file at") and "nihgt.toml" in result.stderr


def test_a_missing_folder_is_refused(mahj, tmp_path: Path):
    result = mahj("season", "--dir", str(tmp_path / "nope"), use_session=False)
    assert result.exit_code == 1
    assert "nope" in result.stderr


def test_an_undated_night_is_kept_without_filters_and_named_with_one(mahj, tmp_path: Path):
    folder = tmp_path / "nights"
    folder.mkdir()
    text = (SEASON / "2026-01-22-card-night.toml").read_text(encoding="utf-8")
    (folder / "undated.toml").write_text(text.replace("date = 2026-01-22\n", ""), "utf-8")
    assert season_json(mahj, "--dir", str(folder))["league"]["nights"] == 1
    result = mahj("season", "--dir", str(folder), "--from", "2026-01-01", use_session=False)
    assert result.exit_code == 0
    assert "undated.toml" in result.stderr


def test_table_shows_points_per_game_and_share_thrown(mahj):
    result = mahj("season", "--dir", str(SEASON), use_session=False)
    assert result.exit_code == 0, result
    out = result.stdout
    assert "League: 4 nights, 2026-01-08 to 2026-01-29" in out
    assert "Tournament points: 1 night, 2026-02-05" in out
    sue = next(line for line in out.splitlines() if " Sue " in line)
    # 140 points in 15 games = +9.3 a game; threw 2 of 15 = 13%.
    assert "+140" in sue and "+9.3" in sue and "2 (13%)" in sue and "+360" in sue
    ruth = next(line for line in out.splitlines() if " Ruth " in line and "-115" in line)
    assert "-6.4" in ruth and "3 (17%)" in ruth  # -115 / 18, 3 of 18


def test_table_fits_80_columns(mahj, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("COLUMNS", "80")
    result = mahj("season", "--dir", str(SEASON), use_session=False)
    assert result.exit_code == 0
    assert max(len(line) for line in result.stdout.splitlines()) <= 80
    assert "Kathy" in result.stdout and "…" not in result.stdout


# ---- winners -----------------------------------------------------------------------------


def winners_json(mahj, *args: str) -> list[dict]:
    result = mahj("winners", *args, "--json", use_session=False)
    assert result.exit_code == 0, result
    return json.loads(result.stdout)["wins"]


def test_winners_log_has_every_win_newest_first(mahj):
    wins = winners_json(mahj, "--dir", str(SEASON))
    by_hand = [
        (NIGHTS[f]["date"], i + 1, NAMES[g[1]])
        for f in NIGHTS
        for i, g in enumerate(NIGHTS[f]["games"])
        if g[1]
    ]
    assert [(w["date"], w["game"], w["player"]) for w in wins] == sorted(by_hand, reverse=True)
    assert len(wins) == 21
    first = wins[0]
    assert first["player"] == "Pat" and first["date"] == "2026-02-05" and first["game"] == 4
    assert first["points"] == 60 and first["rules"] == "tournament"
    assert first["jokerless"] is False and first["jokerless_claimed"] is True


def test_winners_carry_line_how_and_jokerless(mahj):
    wins = winners_json(mahj, "--dir", str(SEASON), "--from", "2026-01-22", "--to", "2026-01-29")
    card = {w["game"]: w for w in wins if w["night"] == "Card night"}
    assert card[3]["line"] == "Dragon thread" and card[3]["value"] == 40
    assert card[3]["how"] == "thrown by Sue" and card[3]["jokerless"] is True
    assert card[3]["points"] == 320
    assert card[4]["line"] == "Quiet path" and card[4]["jokerless"] is False
    heavenly = next(w for w in wins if w["date"] == "2026-01-29" and w["game"] == 1)
    assert heavenly["how"] == "heavenly hand" and heavenly["self_picked"] is True
    assert heavenly["points"] == 150


def test_winners_for_one_player(mahj):
    wins = winners_json(mahj, "--dir", str(SEASON), "--player", "sue")
    assert [(w["date"], w["points"]) for w in wins] == [
        ("2026-01-29", 360),
        ("2026-01-22", 100),
        ("2026-01-15", 120),
        ("2026-01-08", 180),
    ]


def test_winners_table(mahj):
    result = mahj("winners", "--dir", str(SEASON), use_session=False)
    assert result.exit_code == 0, result
    lines = result.stdout.splitlines()
    assert "21 wins, newest first" in lines[0]
    body = [line for line in lines if line.strip().startswith("2026-")]
    assert body[0].split()[0] == "2026-02-05" and body[-1].split()[0] == "2026-01-08"
    assert "Dragon thread 40" in result.stdout
    assert "no (pairs)" in result.stdout  # the singles-and-pairs jokerless claims
    assert "a singles-and-pairs hand cannot hold a joker" in result.stdout


def test_season_commands_have_help_with_an_example(mahj):
    for command in ("season", "winners", "export"):
        result = mahj(command, "--help", use_session=False)
        assert result.exit_code == 0
        assert "Example: mahj " + command in result.stdout


def test_installed_command_runs_the_sample_season(tmp_path: Path):
    import os
    import subprocess
    import sys

    env = {**os.environ, "MAHJ_DATA_DIR": str(tmp_path), "NO_COLOR": "1", "COLUMNS": "80"}
    mahj = Path(sys.executable).with_name("mahj")
    command = [str(mahj)] if mahj.exists() else [sys.executable, "-m", "mahjcli"]
    done = subprocess.run(
        [*command, "season", "--dir", str(SEASON), "--json"],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == expected(list(NIGHTS))


def test_a_kitty_given_back_at_the_end_counts_in_the_season(mahj, tmp_path: Path):
    """RULES.md §7: a kitty still full when the night ends goes back to those who put it
    in. Ruth wins 25 thrown by Linda (Ruth +100, Linda -50, Kathy and Pat -25), then a
    wall game puts 25 of each in the kitty, which goes back: the night's points are what
    changed hands, Ruth +100, Linda -50, Kathy and Pat -25, adding up to zero. The same
    night with the table closed (its kitty given back there and then) counts the same."""
    folder = tmp_path / "nights"
    folder.mkdir()
    for name in ("open", "closed"):
        night = ("--session", str(folder / f"{name}.toml"))
        for command in (
            ("new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "Nell", "Zoe", "Bea", "--tables",
             "2", "--house", "kitty"),
            ("win", "Ruth", "25", "--thrown-by", "Linda"),
            ("wall", "--table", "1"),
        ):  # fmt: skip
            assert mahj(*command, *night, use_session=False).exit_code == 0
    closed = ("--session", str(folder / "closed.toml"))
    assert mahj("close-table", "1", *closed, use_session=False).exit_code == 0
    players = season_json(mahj, "--dir", str(folder))["league"]["players"]
    points = {name: players[name]["points"] for name in ("Ruth", "Linda", "Kathy", "Pat")}
    assert points == {"Ruth": 200, "Linda": -100, "Kathy": -50, "Pat": -50}
