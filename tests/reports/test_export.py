"""`mahj export`: CSV a spreadsheet opens cleanly, whose deltas re-add to `mahj total`."""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from pathlib import Path

import pytest

from tests.helpers import ROOT

SAMPLES = ROOT / "sample_sessions"
SEASON = SAMPLES / "season"
NIGHT_FILES = sorted(SEASON.glob("*.toml"))
HEADER = ["date", "session", "night", "rules", "game", "table", "east", "result", "winner",
          "value", "value_in_use", "thrown_by", "self_pick", "jokerless", "player", "status",
          "owed", "paid", "pie", "delta", "total", "what", "stake", "money",
          "money_total"]  # fmt: skip


def run_ok(mahj, *args: str):
    result = mahj(*args, use_session=False)
    assert result.exit_code == 0, result
    return result


def read_csv(text: str, *, seating: bool = False) -> list[dict[str, str]]:
    """The rows of games and penalties (or, with `seating`, the arrivals and departures)."""
    rows = csv.DictReader(io.StringIO(text, newline=""))
    return [r for r in rows if (r["result"] in ("join", "leave")) == seating]


def totals_shown(mahj, path: Path) -> dict[str, int]:
    return json.loads(run_ok(mahj, "total", "--json", "--session", str(path)).stdout)["totals"]


@pytest.mark.parametrize("path", NIGHT_FILES, ids=lambda p: p.stem)
def test_csv_deltas_re_add_to_the_totals_mahj_total_shows(mahj, path: Path):
    text = run_ok(mahj, "export", "--session", str(path)).stdout
    rows = read_csv(text)
    assert list(rows[0]) == HEADER
    summed: dict[str, int] = defaultdict(int)
    last_total: dict[str, int] = {}
    for row in rows:
        if row["status"] == "not arrived":  # before a late arrival came: no total
            assert (row["delta"], row["total"]) == ("0", "") and row["player"] not in summed
            continue
        summed[row["player"]] += int(row["delta"])
        # The running total is the sum of the deltas so far.
        assert int(row["total"]) == summed[row["player"]]
        last_total[row["player"]] = int(row["total"])
    expected = totals_shown(mahj, path)
    assert dict(summed) == expected
    assert last_total == expected


def test_csv_worked_night_rows(mahj):
    rows = read_csv(
        run_ok(mahj, "export", "--session", str(SAMPLES / "rules-worked-night.toml")).stdout
    )
    assert len(rows) == 4 * 4  # four players, four games
    game1 = {r["player"]: int(r["delta"]) for r in rows if r["game"] == "1"}
    assert game1 == {"Ruth": 100, "Linda": -50, "Kathy": -25, "Pat": -25}
    assert {r["east"] for r in rows if r["game"] == "3"} == {"Kathy"}
    assert [r["result"] for r in rows[::4]] == ["win", "win", "win", "wall"]
    assert rows[0]["date"] == "2026-11-29" and rows[0]["session"] == "rules-worked-night.toml"
    assert rows[0]["what"] == "Ruth wins 25, thrown by Linda"


def test_csv_marks_waiting_and_absent_players(mahj):
    rows = read_csv(run_ok(mahj, "export", "--session", str(SEASON / NIGHT_FILES[1].name)).stdout)
    # Pie night: Sue arrives after game 1 and waits in game 2; Linda waits in game 3.
    status = {(r["game"], r["player"]): r["status"] for r in rows}
    assert status[("1", "Sue")] == "not arrived"  # no running total before she came
    sue_1 = next(r for r in rows if (r["game"], r["player"]) == ("1", "Sue"))
    assert sue_1["total"] == "" and sue_1["delta"] == "0"
    assert status[("2", "Sue")] == "waiting"
    assert status[("3", "Linda")] == "waiting"
    assert status[("3", "Sue")] == "seated"
    assert len(rows) == 5 * 5  # every player of the night, every game
    arrivals = read_csv(
        run_ok(mahj, "export", "--session", str(SEASON / NIGHT_FILES[1].name)).stdout,
        seating=True,
    )
    assert [(r["result"], r["player"], r["status"]) for r in arrivals] == [("join", "Sue", "join")]


def test_csv_says_what_each_player_owed_and_paid_and_who_went_pie(mahj):
    rows = read_csv(
        run_ok(mahj, "export", "--session", str(SAMPLES / "five-player-pie-night.toml")).stdout
    )
    game4 = {r["player"]: r for r in rows if r["game"] == "4"}
    # Sue self-picks a 50: each seated loser owes 100; Linda had 90 left in her purse.
    assert (game4["Linda"]["owed"], game4["Linda"]["paid"], game4["Linda"]["pie"]) == (
        "100",
        "90",
        "yes",
    )
    assert (game4["Ruth"]["owed"], game4["Ruth"]["paid"], game4["Ruth"]["pie"]) == (
        "100",
        "100",
        "",
    )
    assert (game4["Sue"]["winner"], game4["Sue"]["value"], game4["Sue"]["self_pick"]) == (
        "Sue",
        "50",
        "yes",
    )
    assert game4["Sue"]["owed"] == "" and game4["Sue"]["delta"] == "290"
    game3 = next(r for r in rows if r["game"] == "3")
    assert (game3["value"], game3["value_in_use"], game3["jokerless"]) == ("25", "50", "yes")


def test_tournament_penalty_rows_keep_the_sum(mahj):
    path = SEASON / "2026-02-05-club-tournament.toml"
    rows = read_csv(run_ok(mahj, "export", "--session", str(path)).stdout)
    penalty = [r for r in rows if r["result"] == "penalty"]
    assert {r["player"]: int(r["delta"]) for r in penalty if r["delta"] != "0"} == {"Linda": -10}
    assert penalty[0]["game"] == "4"  # recorded during game 4
    assert sum(int(r["delta"]) for r in rows if r["player"] == "Linda") == -20


def test_season_csv_to_a_file_opens_as_utf8_in_a_spreadsheet(mahj, tmp_path: Path):
    out = tmp_path / "season.csv"
    result = run_ok(mahj, "export", "--season", "--dir", str(SEASON), "--output", str(out))
    assert result.stdout == ""
    assert "season.csv" in result.stderr
    data = out.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")  # the mark spreadsheets use to detect UTF-8
    assert b"\r\n" in data
    rows = read_csv(data.decode("utf-8-sig"))
    assert list(rows[0]) == HEADER
    assert {r["session"] for r in rows} == {p.name for p in NIGHT_FILES}
    # Per night and player, the deltas re-add to that night's total.
    for path in NIGHT_FILES:
        summed: dict[str, int] = defaultdict(int)
        for r in rows:
            if r["session"] == path.name:
                summed[r["player"]] += int(r["delta"])
        assert dict(summed) == totals_shown(mahj, path)
    # League and tournament stay told apart.
    assert {r["rules"] for r in rows if r["session"].endswith("tournament.toml")} == {"tournament"}


def test_names_survive_the_round_trip(mahj, tmp_path: Path):
    session = tmp_path / "unicode.toml"
    run_ok(mahj, "new", "Zoë", "李", "O'Brien, Jr", "Pat", "--session", str(session))
    run_ok(mahj, "win", "李", "25", "--thrown-by", "Zoë", "--session", str(session))
    out = tmp_path / "night.csv"
    run_ok(mahj, "export", "--session", str(session), "-o", str(out))
    rows = list(csv.DictReader(io.StringIO(out.read_text("utf-8-sig"), newline="")))
    assert {r["player"]: int(r["delta"]) for r in rows} == {
        "Zoë": -50, "李": 100, "O'Brien, Jr": -25, "Pat": -25,
    }  # fmt: skip


def test_text_that_a_spreadsheet_would_run_as_a_formula_is_quoted(mahj, tmp_path: Path):
    session = tmp_path / "formula.toml"
    run_ok(mahj, "new", "=1+1", "Linda", "Kathy", "Pat", "--session", str(session))
    run_ok(mahj, "win", "Linda", "25", "--thrown-by", "=1+1", "--session", str(session))
    rows = read_csv(run_ok(mahj, "export", "--session", str(session)).stdout)
    assert rows[0]["player"] == "'=1+1"
    assert rows[0]["east"] == "'=1+1"
    assert rows[0]["delta"] == "-50"  # numbers stay numbers


def test_json_export_of_one_night(mahj):
    path = SAMPLES / "rules-worked-night.toml"
    out = json.loads(run_ok(mahj, "export", "--session", str(path), "--format", "json").stdout)
    (night,) = out["nights"]
    assert night["totals"] == {"Ruth": -60, "Linda": -160, "Kathy": 105, "Pat": 115}
    assert night["date"] == "2026-11-29" and night["rules"] == "league"
    assert night["games"] == 4
    assert [g["deltas"]["Pat"] for g in night["log"]] == [-25, -60, 200, 0]


def test_json_export_of_the_season(mahj, tmp_path: Path):
    target = tmp_path / "season.json"
    run_ok(mahj, "export", "--season", "--dir", str(SEASON), "--format", "json", "-o", str(target))
    out = json.loads(target.read_text("utf-8"))
    assert [n["session"] for n in out["nights"]] == [p.name for p in NIGHT_FILES]  # oldest first
    for night, path in zip(out["nights"], NIGHT_FILES, strict=True):
        assert night["totals"] == totals_shown(mahj, path)
        re_added: dict[str, int] = defaultdict(int)
        for game in night["log"]:
            for name, delta in game["deltas"].items():
                re_added[name] += delta
        assert dict(re_added) == night["totals"]


def test_export_defaults_to_the_current_session(mahj, four):
    four("win", "Ruth", "25", "--thrown-by", "Linda")
    rows = read_csv(run_ok(mahj, "export").stdout)
    assert {r["player"]: int(r["total"]) for r in rows} == {
        "Ruth": 100, "Linda": -50, "Kathy": -25, "Pat": -25,
    }  # fmt: skip


def test_season_export_filters_by_date_and_player(mahj):
    args = ("export", "--season", "--dir", str(SEASON))
    rows = read_csv(run_ok(mahj, *args, "--from", "2026-01-20").stdout)
    assert {r["date"] for r in rows} == {"2026-01-22", "2026-01-29", "2026-02-05"}
    rows = read_csv(run_ok(mahj, *args, "--player", "sue").stdout)
    assert {r["date"] for r in rows} == {"2026-01-08", "2026-01-15", "2026-01-22", "2026-01-29"}


def test_refusals_write_nothing(mahj, tmp_path: Path):
    path = SAMPLES / "rules-worked-night.toml"
    before = path.read_bytes()
    bad = mahj("export", "--session", str(path), "-o", str(path), use_session=False)
    assert bad.exit_code == 1 and bad.stderr.startswith("Error: ")
    assert path.read_bytes() == before
    toml = tmp_path / "other.toml"
    assert mahj("export", "--session", str(path), "-o", str(toml), use_session=False).exit_code == 1
    assert not toml.exists()
    both = mahj("export", "--session", str(path), "--season", use_session=False)
    assert both.exit_code == 2
    fmt = mahj("export", "--session", str(path), "--format", "xlsx", use_session=False)
    assert fmt.exit_code == 2
    lonely = mahj("export", "--session", str(path), "--from", "2026-01-01", use_session=False)
    assert lonely.exit_code == 2


def test_a_damaged_session_is_refused_when_exported_alone(mahj, tmp_path: Path):
    broken = tmp_path / "broken.toml"
    broken.write_text("schema = 1\nplayers = [\n", encoding="utf-8")
    result = mahj("export", "--session", str(broken), use_session=False)
    assert result.exit_code == 1
    assert "broken.toml" in result.stderr and result.stdout == ""


@pytest.mark.parametrize("closed", [False, True], ids=["kitty-at-the-end", "table-closed"])
def test_csv_deltas_re_add_to_what_changes_hands_with_a_kitty(mahj, tmp_path: Path, closed):
    """RULES.md §7: a kitty still full goes back to those who put it in, when its table
    closes or at the night's end. Ruth wins 25 thrown by Linda, then a wall game fills the
    kitty: re-added, the CSV's deltas give what the settle-up settles, Ruth +100, Linda
    -50, Kathy and Pat -25, and the last total of each player is that figure too."""
    night = tmp_path / "kitty.toml"
    s = ("--session", str(night))
    run_ok(mahj, "new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "Nell", "Zoe", "Bea",
           "--tables", "2", "--house", "kitty", *s)  # fmt: skip
    run_ok(mahj, "win", "Ruth", "25", "--thrown-by", "Linda", *s)
    run_ok(mahj, "wall", "--table", "1", *s)
    if closed:
        run_ok(mahj, "close-table", "1", *s)
    rows = list(csv.DictReader(io.StringIO(run_ok(mahj, "export", *s).stdout, newline="")))
    added: dict[str, int] = defaultdict(int)
    last: dict[str, str] = {}
    for row in rows:
        if row["delta"]:
            added[row["player"]] += int(row["delta"])
            last[row["player"]] = row["total"]
    expected = {"Ruth": 100, "Linda": -50, "Kathy": -25, "Pat": -25}
    assert {name: added[name] for name in expected} == expected
    assert {name: int(last[name]) for name in expected} == expected
    (exported,) = json.loads(run_ok(mahj, "export", "--format", "json", *s).stdout)["nights"]
    games = [g["deltas"] for g in exported["log"]] + [
        e.get("deltas", {}) for e in exported["seating"]
    ] + [exported.get("kitty_back", {})]  # fmt: skip
    assert {name: sum(d.get(name, 0) for d in games) for name in expected} == expected
    if closed:  # a script reading the log finds the kitty going back with the closing
        log = json.loads(run_ok(mahj, "log", "--json", *s).stdout)
        (closing,) = [e for e in log["seating"] if e["action"] == "close"]
        assert closing["deltas"] == {"Ruth": 25, "Linda": 25, "Kathy": 25, "Pat": 25}


def test_csv_says_what_a_leaver_settled_at_the_door(mahj, tmp_path: Path):
    """Money that changed hands at the door is in the spreadsheet: Ann wins 25 thrown by
    Bea (Bea -50), and Bea settles up as she leaves, paying Ann 50."""
    s = ("--session", str(tmp_path / "door.toml"))
    run_ok(mahj, "new", "Ann", "Bea", "Cy", "Dot", "Eve", *s)
    run_ok(mahj, "win", "Ann", "25", "--thrown-by", "Bea", *s)
    run_ok(mahj, "leave", "Bea", "--settle", *s)
    (left,) = read_csv(run_ok(mahj, "export", *s).stdout, seating=True)
    assert left["player"] == "Bea" and left["what"].endswith("settled: Bea pays Ann 50")


@pytest.mark.parametrize(
    ("house", "in_use"), [([], "50"), (["--house", "jokerless-flat=10"], "25")]
)
def test_value_in_use_is_what_each_payment_is_counted_from(mahj, tmp_path: Path, house, in_use):
    """RULES.md §7: jokerless as flat points adds 10 to each payment instead of doubling, so
    a jokerless 25 thrown by B pays 60/35/35 and its value in use stays 25."""
    s = ("--session", str(tmp_path / "flat.toml"))
    run_ok(mahj, "new", "A", "B", "C", "D", *house, *s)
    run_ok(mahj, "win", "A", "25", "--thrown-by", "B", "--jokerless", *s)
    (row, *_) = read_csv(run_ok(mahj, "export", *s).stdout)
    assert (row["value"], row["value_in_use"], row["jokerless"]) == ("25", in_use, "yes")
