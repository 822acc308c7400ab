"""`mahj event ...` through the command line: registration, seating, cards in both modes,
standings and results, and refusals that leave the event file byte-for-byte unchanged."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahjcli.cli import app
from mahjcli.files.paths import data_dir

PLAYERS = ["Ann", "Bea", "Cy", "Dot", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"]


class Run:
    """`mahj ARGS... --session EVENT` in-process."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __call__(self, *args: str, session: bool = True):
        argv = [*args, "--session", str(self.path)] if session else list(args)
        return CliRunner().invoke(app, argv, catch_exceptions=False)

    def ok(self, *args: str) -> str:
        result = self(*args)
        assert result.exit_code == 0, (result.stdout, result.stderr)
        return result.stdout

    def json(self, *args: str):
        return json.loads(self.ok(*args, "--json"))

    def refused(self, *args: str) -> str:
        """A command that must be refused with one Error line and the file unchanged."""
        before = self.path.read_bytes()
        result = self(*args)
        assert result.exit_code == 1, (result.stdout, result.stderr)
        assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
        assert "Traceback" not in result.stderr
        assert self.path.read_bytes() == before
        return result.stderr


@pytest.fixture
def ev(tmp_path: Path) -> Run:
    """An event of ten players (two tables, two byes a round), round 1 as listed."""
    run = Run(tmp_path / "event.toml")
    run.ok(
        "event",
        "new",
        "Club Cup",
        *PLAYERS,
        "--rounds",
        "3",
        "--given",
        "--seed",
        "5",
        "--date",
        "2026-04-18",
    )
    return run


def seats(run: Run, rnd: int, table: int) -> list[str]:
    sheet = run.json("event", "seating", str(rnd))
    return list(sheet["tables"][table - 1]["seats"].values())


def table_night(tmp_path: Path, four: list[str], name: str = "t.toml", *, accept=True) -> Path:
    """A table's tournament night in these seats: Ann-style game by game (RULES.md §6).

    seat A wins 30 thrown by B with 2 exposures (A +30, B -20); C self-picks a jokerless
    25 (+55); wall game with D dead (A, B, C +10, D -10); time called. Totals: A +40,
    B -10, C +65, D -10.
    """
    path = tmp_path / name
    run = Run(path)
    for args in (
        ("new", *four, "--rules", "tournament"),
        ("win", four[0], "30", "--thrown-by", four[1], "--exposures", "2"),
        ("win", four[2], "25", "--self-pick", "--jokerless"),
        ("wall", "--dead", four[3]),
        ("incomplete",),
        *([("scorecard", "--accept")] if accept else []),
    ):
        run.ok(*args)
    return path


def test_new_registers_and_seats_round_one(ev: Run):
    sheet = ev.json("event", "seating")
    assert sheet["round"] == 1
    assert sheet["tables"] == [
        {"table": 1, "seats": {"A": "Ann", "B": "Bea", "C": "Cy", "D": "Dot"}},
        {"table": 2, "seats": {"A": "Eve", "B": "Fay", "C": "Gus", "D": "Hal"}},
    ]
    assert sheet["byes"] == ["Ida", "Jo"]
    text = ev.path.read_text("utf-8")
    assert 'kind = "event"' in text and "seed = 5" in text and "date = 2026-04-18" in text


def test_the_sheet_lists_tables_and_everyone_alphabetically_within_80_columns(ev: Run):
    out = ev.ok("event", "seating", "1")
    assert "Club Cup · 2026-04-18 — round 1 seating" in out
    assert "Ann — table 1, seat A" in out and "Jo  — bye" in out
    assert max(len(line) for line in out.splitlines()) <= 80
    order = [line.split("—")[0].strip() for line in out.split("Player by player")[1].split("\n")]
    assert "Ann" in order[1]


def test_the_next_round_is_seated_once_and_then_printed_the_same(ev: Run):
    first = ev.json("event", "seating", "2")
    assert first["round"] == 2 and first["movement"] == "fewest-repeats"
    assert sorted(first["byes"]) != ["Ida", "Jo"]  # byes go in turn
    before = ev.path.read_bytes()
    assert ev.json("event", "seating", "2") == first
    assert ev.path.read_bytes() == before
    assert ev.path.with_name("event.toml.bak").exists()


def test_a_fixed_movement_moves_each_seat_as_the_rules_table_says(tmp_path: Path):
    run = Run(tmp_path / "e.toml")
    names = [f"P{i}" for i in range(12)]
    run.ok("event", "new", "Cup", *names, "--given", "--movement", "abcd")
    second = run.json("event", "seating", "2")
    # A up 1, B down 1, C up 2, D down 2 over three tables (wrapping round): table 2
    # gets A from table 1, B from table 3, C from table 3 (3 + 2 = 5, so 2) and D from
    # table 1 (1 - 2 = -1, so 2).
    assert second["tables"][1]["seats"] == {"A": "P0", "B": "P9", "C": "P10", "D": "P3"}
    assert second["movement"] == "abcd"


def test_a_simple_card_and_a_detailed_card(ev: Run, tmp_path: Path):
    ev.ok("event", "call-time", "1")  # each table's night ends with a game time stopped
    out = ev.ok("event", "score", "1", "2", "eve=25", "Fay=-10", "gus=0", "Hal=+5")
    assert "Round 1, table 2 (round totals): Eve +25, Fay -10, Gus 0, Hal +5" in out
    assert "Round 1: 1 of 2 cards in; missing table 1." in out
    night = table_night(tmp_path, ["Ann", "Bea", "Cy", "Dot"])
    out = ev.ok("event", "card", "1", "1", str(night))
    assert "Round 1, table 1 (game by game): Ann +40, Bea -10, Cy +65, Dot -10" in out
    assert "Round 1: all 2 cards are in." in out
    standings = ev.json("event", "standings")
    assert standings["rounds"] == 1
    top = standings["standings"][0]
    assert top == {
        "place": 1,
        "player": "Cy",
        "points": 65,
        "games": 4,
        "byes": 0,
        "rounds": [65],
        "id": None,
        "mahjongs": 1,
        "thrown": 0,
        "withdrew": False,
    }
    ida = next(s for s in standings["standings"] if s["player"] == "Ida")
    assert (ida["points"], ida["games"], ida["byes"], ida["rounds"]) == (0, 0, 1, [0])
    assert standings["round_winners"] == [{"round": 1, "players": ["Cy"], "points": 65}]


def test_a_card_from_a_night_is_the_round_the_table_accepted(ev: Run, tmp_path: Path):
    """A penalty typed after the round ended is on round 2 of the night's own card, so the
    round-1 card the table accepted (Dot +40) is the one the event takes, and it says the
    penalty stayed behind."""
    path = tmp_path / "late-penalty.toml"
    night = Run(path)
    night.ok("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament")
    for _ in range(4):
        night.ok("wall")
    night.ok("penalty", "Dot", "10", "--reason", "looked at a blind pass")
    night.ok("scorecard", "--accept")
    card = json.loads(night.ok("scorecard", "--json"))
    assert card["rounds"][0]["totals"]["Dot"] == 40
    out = ev.ok("event", "card", "1", "1", str(path), "--total", "Ann=40", "--total", "Bea=40",
                "--total", "Cy=40", "--total", "Dot=40")  # fmt: skip
    assert "Round 1, table 1 (game by game): Ann +40, Bea +40, Cy +40, Dot +40" in out
    assert "Dot's penalty" in out and "round 2" in out
    lines = ev.json("event", "scorecard", "1", "1")["lines"]
    assert [line["result"] for line in lines] == ["wall"] * 4


def test_equal_totals_share_a_place_in_the_json(ev: Run):
    ev.ok("event", "score", "1", "1", "Ann=20", "Bea=20", "Cy=5", "Dot=0")
    ev.ok("event", "score", "1", "2", "Eve=20", "Fay=0", "Gus=0", "Hal=-5")
    places = [(s["place"], s["player"]) for s in ev.json("event", "standings")["standings"]]
    assert places[:5] == [(1, "Ann"), (1, "Bea"), (1, "Eve"), (4, "Cy"), (5, "Dot")]


def test_missing_tables_are_always_shown(ev: Run):
    ev.ok("event", "score", "1", "2", "Eve=1", "Fay=2", "Gus=3", "Hal=4")
    out = ev.ok("event", "standings")
    assert "Round 1: 1 of 2 cards in; missing table 1." in out
    assert "Round 1: waiting for table 1" in out
    assert ev.json("event", "standings")["missing"] == [{"round": 1, "tables": [1]}]
    assert "Round 1: 1 of 2 cards in; missing table 1." in ev.ok("event", "seating", "1")


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("event", "score", "1", "1", "Ann=1", "Bea=2", "Cy=3"), "missing Dot"),
        (("event", "score", "1", "1", "Ann=1", "Bea=2", "Cy=3", "Zed=4"), "no player called"),
        (
            ("event", "score", "1", "1", "Ann=1", "Bea=2", "Cy=3", "eve=4"),
            "Eve plays at table 2 in round 1, not at this table; this table's seats are A Ann",
        ),
        (
            ("event", "win", "1", "1", "Ann", "25", "--thrown-by", "Ida"),
            "thrower: Ida has a bye in round 1; this table's players are Ann, Bea, Cy, Dot",
        ),
        (("event", "score", "1", "1", "Ann=1", "Bea=2", "Cy=3", "Dot=x"), "NAME=POINTS"),
        (("event", "score", "1", "1", "Ann=1", "ann=2", "Cy=3", "Dot=4"), "Ann is given twice"),
        (("event", "score", "1", "3", "Ann=1", "Bea=2", "Cy=3", "Dot=4"), "tables 1 to 2"),
        (("event", "score", "2", "1", "Ann=1", "Bea=2", "Cy=3", "Dot=4"), "not seated yet"),
        (("event", "score", "1", "1", "Ann=9999", "Bea=2", "Cy=3", "Dot=4"), "from -5000 to 5000"),
        (
            ("event", "score", "1", "1", "Ann=1", "Bea=2", "Cy=3", "Dot=4", "--replace"),
            "no card yet",
        ),
        (("event", "seating", "3"), "round 2 is next to be seated"),
        (("event", "seating", "4"), "rounds 1 to 3"),
        (("event", "seating", "1", "--movement", "abcd"), "round 1 is seated random or given"),
        (("event", "seating", "1", "--movement", "random"), "add --redraw"),
        (("event", "seating", "2", "--movement", "zigzag"), "--movement must be"),
        (("event", "withdraw", "Zed"), "no player called 'Zed'"),
        (("event", "add", "ann"), "Ann is already registered"),
        (("event", "add", "Ánn"), "Ann is already registered"),
        (("event", "standings", "--top", "0"), "--top must be from 1 to 2000, not 0"),
    ],
)
def test_refusals_leave_the_event_file_byte_for_byte_unchanged(ev: Run, args, says):
    assert says in ev.refused(*args)


def test_a_table_entered_twice_needs_replace_and_keeps_the_old_card(ev: Run):
    ev.ok("event", "score", "1", "1", "Ann=1", "Bea=2", "Cy=3", "Dot=4")
    says = ev.refused("event", "score", "1", "1", "Ann=5", "Bea=2", "Cy=3", "Dot=4")
    assert "already has a card; add --replace" in says
    out = ev.ok("event", "score", "1", "1", "Ann=5", "Bea=2", "Cy=3", "Dot=4", "--replace")
    assert "(replacing the card entered before)" in out
    text = ev.path.read_text("utf-8")
    assert text.count("[[cards]]") == 2 and "replace = true" in text
    assert ev.json("event", "standings")["standings"][0]["points"] == 5


def test_a_detailed_card_is_refused_unless_it_is_the_tables_accepted_round(ev: Run, tmp_path):
    ev.ok("event", "call-time", "1")  # each table's night ends with a game time stopped
    wrong_seats = table_night(tmp_path, ["Bea", "Ann", "Cy", "Dot"], "a.toml")
    assert "starting seats are A Bea, B Ann" in ev.refused(
        "event", "card", "1", "1", str(wrong_seats)
    )
    others = table_night(tmp_path, ["Eve", "Fay", "Gus", "Hal"], "b.toml")
    assert "is it the right file" in ev.refused("event", "card", "1", "1", str(others))
    unaccepted = table_night(tmp_path, ["Ann", "Bea", "Cy", "Dot"], "c.toml", accept=False)
    assert "mahj scorecard --accept" in ev.refused("event", "card", "1", "1", str(unaccepted))
    good = table_night(tmp_path, ["Ann", "Bea", "Cy", "Dot"], "d.toml")
    signed = ["--total", "Ann=40", "--total", "Bea=-10", "--total", "Cy=60", "--total", "Dot=-10"]
    says = ev.refused("event", "card", "1", "1", str(good), *signed)
    assert "the games add up to Ann +40, Bea -10, Cy +65, Dot -10, but the card handed in" in says
    assert "no event file" not in ev.refused("event", "card", "1", "1", str(ev.path))
    assert "no session file" in ev.refused("event", "card", "1", "1", str(tmp_path / "none.toml"))


def test_a_card_of_three_games_or_of_a_league_night_is_refused(ev: Run, tmp_path: Path):
    short = Run(tmp_path / "short.toml")
    short.ok("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament")
    short.ok("win", "Ann", "25", "--self-pick")
    assert "has 1 game, and an event round is 4" in ev.refused(
        "event", "card", "1", "1", str(short.path)
    )
    league = Run(tmp_path / "league.toml")
    league.ok("new", "Ann", "Bea", "Cy", "Dot")
    for _ in range(4):
        league.ok("wall")
    how = "a table's card comes from a night started with mahj new A B C D --rules tournament"
    said = ev.refused("event", "card", "1", "1", str(league.path))
    assert (
        f"is scored under league rules, not the event's profile mjmp; {how} --profile mjmp" in said
    )
    adding = Run(tmp_path / "adding.toml")
    adding.ok("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament", "--misnamed", "add")
    said = ev.refused("event", "card", "1", "1", str(adding.path))
    assert "under the mjmp profile with other options, not the event's profile mjmp" in said
    assert said.rstrip().endswith(f"{how} --profile mjmp")


def test_signed_totals_that_agree_are_accepted(ev: Run, tmp_path: Path):
    ev.ok("event", "call-time", "1")  # each table's night ends with a game time stopped
    night = table_night(tmp_path, ["Ann", "Bea", "Cy", "Dot"])
    signed = ["--total", "Ann=40", "--total", "Bea=-10", "--total", "Cy=65", "--total", "Dot=-10"]
    ev.ok("event", "card", "1", "1", str(night), *signed)
    assert "from = " in ev.path.read_text("utf-8")


def test_a_late_registration_and_a_withdrawal_before_a_round_starts(ev: Run):
    out = ev.ok("event", "add", "Kim", "--id", "K-1")
    assert "Kim is registered and plays from round 1." in out
    assert "Round 1 was seated again" in out
    sheet = ev.json("event", "seating", "1")
    assert len(sheet["byes"]) == 3
    out = ev.ok("event", "withdraw", "Jo")
    assert "Jo withdrew before round 1." in out
    sheet = ev.json("event", "seating", "1")
    assert len(sheet["byes"]) == 2 and "Jo" not in json.dumps(sheet)
    assert "Jo" not in [s["player"] for s in ev.json("event", "standings")["standings"]]


def test_once_a_round_has_started_changes_of_the_field_wait_for_the_next(ev: Run):
    ev.ok("event", "score", "1", "1", "Ann=1", "Bea=2", "Cy=3", "Dot=4")
    assert "plays from round 2" in ev.ok("event", "add", "Kim")
    out = ev.ok("event", "withdraw", "Ann")
    assert "Ann withdrew after round 1; their points stay in the standings." in out
    second = ev.json("event", "seating", "2")
    placed = [p for t in second["tables"] for p in t["seats"].values()] + second["byes"]
    assert "Kim" in placed and "Ann" not in placed
    ann = next(s for s in ev.json("event", "standings")["standings"] if s["player"] == "Ann")
    assert ann["withdrew"] and ann["points"] == 1
    assert "already withdrawn" in ev.refused("event", "withdraw", "Ann")
    ev.ok("event", "start", "2")
    assert "round 2 has started without Ann" in ev.refused("event", "add", "Ann")


def test_a_round_is_seated_again_only_before_it_starts(ev: Run):
    ev.ok("event", "seating", "2")
    again = ev("event", "seating", "2", "--redraw", "--movement", "east-stays")
    assert again.exit_code == 0 and "Round 2 was seated again" in again.stderr
    assert ev.json("event", "seating", "2")["movement"] == "east-stays"
    ev.ok("event", "score", "2", "1", *(f"{p}=0" for p in seats(ev, 2, 1)))
    assert "round 2 has started" in ev.refused("event", "seating", "2", "--redraw")


def test_standings_csv_and_html_escape_what_people_typed(tmp_path: Path):
    run = Run(tmp_path / "e.toml")
    odd = ['<b>Bo & "Al"</b>', "=SUM(A1)", "[bold]Sue", "José"]
    run.ok("event", "new", "Cup <i>", *odd, "--given", "--rounds", "1")
    run.ok("event", "score", "1", "1", f"{odd[0]}=10", "=SUM(A1)=5", "[bold]Sue=5", "José=0")
    page, sheet = tmp_path / "results.html", tmp_path / "results.csv"
    result = run("event", "standings", "--html", str(page), "--csv", str(sheet))
    assert result.exit_code == 0 and "Wrote" in result.stderr
    html = page.read_text("utf-8")
    assert "&lt;b&gt;Bo &amp; &quot;Al&quot;&lt;/b&gt;" in html and "<b>Bo" not in html
    assert "Cup &lt;i&gt;" in html and "Winner&#x27;s circle" not in html
    assert "Winner's circle (top 3)" in html and "=2. <bdi>=SUM(A1)</bdi>" in html
    csv = sheet.read_text("utf-8-sig").splitlines()
    assert csv[0] == "place,player,id,points,round_1,games,byes,mahjongs,thrown,withdrew"
    # a card of round totals says nothing of Mah Jonggs or tiles thrown: left empty, not 0
    assert csv[1] == '1,"<b>Bo & ""Al""</b>",,10,10,4,0,,,'
    line = json.loads(run.ok("event", "standings", "--json"))["standings"][0]
    assert (line["mahjongs"], line["thrown"]) == (None, None)
    assert "'=SUM(A1)" in csv[2]
    out = run.ok("event", "standings")
    assert "[bold]Sue" in out and "=2" in out


def test_results_are_never_written_over_the_event(ev: Run, tmp_path: Path):
    assert "looks like an event file" in ev.refused("event", "standings", "--html", str(ev.path))


def test_results_are_never_written_over_a_night_its_backup_or_a_link_to_it(ev: Run, tmp_path: Path):
    """The results are an export like any other: a night (through a link too), a backup,
    a lock and the current-event pointer are refused, each left as it was."""
    night = tmp_path / "thursday.toml"
    CliRunner().invoke(app, ["new", "Ann", "Bea", "Cy", "Dot", "--session", str(night)])
    link = tmp_path / "results.html"
    link.symlink_to(night)
    backup, lock = tmp_path / "event.toml.bak", tmp_path / ".event.toml.lock"
    backup.write_text("kept", "utf-8")
    lock.write_text("", "utf-8")
    pointer = Path(os.environ["MAHJ_DATA_DIR"]) / "current-event"
    pointer.write_text(str(ev.path), "utf-8")
    targets = ((link, "--html"), (backup, "--csv"), (lock, "--csv"), (pointer, "--csv"))
    assert "--csv needs a file name" in ev.refused("event", "standings", "--csv", "-")
    assert not Path("-").exists()
    for target, option in targets:
        before = target.read_bytes()
        said = ev.refused("event", "standings", option, str(target))
        assert "never writes an export over it" in said, said
        assert target.read_bytes() == before


def test_the_tie_break_can_be_asked_for(ev: Run, tmp_path: Path):
    ev.ok("event", "call-time", "1")  # each table's night ends with a game time stopped
    night = table_night(tmp_path, ["Ann", "Bea", "Cy", "Dot"])
    ev.ok("event", "card", "1", "1", str(night))
    ev.ok("event", "score", "1", "2", "Eve=65", "Fay=0", "Gus=0", "Hal=0")
    plain = ev.json("event", "standings")["standings"]
    assert [(s["place"], s["player"]) for s in plain[:2]] == [(1, "Cy"), (1, "Eve")]
    split = ev.json("event", "standings", "--tie-break")
    assert split["tie_break"] is True
    # Eve's card is round totals: her Mah Jonggs are not known, so the tie stands
    assert [(s["place"], s["player"]) for s in split["standings"][:2]] == [(1, "Cy"), (1, "Eve")]
    assert split["ties"][0]["not_detailed"] == ["Eve"] and split["ties"][0]["settled_by"] == []
    out = ev.ok("event", "standings", "--tie-break")
    assert "Tie-break: most Mah Jonggs, then fewest winning tiles thrown" in out
    assert "Cy and Eve (+65) share place 1: the tie-break needs every round" in out
    assert "a prize for a shared place is shared equally" in " ".join(out.split())


def test_the_winners_circle_size_is_the_directors_choice(ev: Run):
    ev.ok("event", "score", "1", "1", "Ann=4", "Bea=3", "Cy=2", "Dot=1")
    ev.ok("event", "score", "1", "2", "Eve=-1", "Fay=-2", "Gus=-3", "Hal=-4")
    assert ev.json("event", "standings")["top"] == {"size": 3, "players": ["Ann", "Bea", "Cy"]}
    top = ev.json("event", "standings", "--top", "1")["top"]
    assert top == {"size": 1, "players": ["Ann"]}


def test_check_lists_each_problem_with_its_line(ev: Run):
    assert ev.ok("event", "check").startswith("OK: ")
    text = ev.path.read_text("utf-8")
    ev.path.write_text(text.replace('["Eve", "Fay", "Gus", "Hal"]', '["Eve", "Fay", "Gus", "Hl"]'))
    result = ev("event", "check")
    assert result.exit_code == 1
    line = next(i for i, x in enumerate(text.splitlines(), 1) if '"Eve", "Fay"' in x)
    assert (
        f"event.toml:{line}: seating 1: table 2: 'Hl' is not a registered player" in result.stdout
    )
    checked = json.loads(ev("event", "check", "--json").stdout)
    assert checked["ok"] is False and checked["problems"][0]["line"] == line
    says = ev.refused("event", "standings")
    assert f"event.toml:{line}:" in says and "nothing was changed" in says
    assert "event.toml.bak" not in says or ev.path.with_name("event.toml.bak").exists()


def test_a_session_and_an_event_are_never_confused(ev: Run, tmp_path: Path):
    night = table_night(tmp_path, ["Ann", "Bea", "Cy", "Dot"])
    result = CliRunner().invoke(app, ["total", "--session", str(ev.path)])
    assert result.exit_code == 1 and "this is a tournament event file" in result.stderr
    assert "nothing was changed" in result.stderr and "fix it" not in result.stderr
    wrong = Run(night)
    says = wrong.refused("event", "standings")
    assert "this is a night's session file, not an event file" in says
    assert "nothing was changed" in says and "fix it" not in says


def test_an_event_s_file_name_works_on_every_computer(tmp_path: Path):
    name = 'Spring Open: "Finals"?'
    made = CliRunner().invoke(app, ["event", "new", name, *PLAYERS[:4], "--date", "2026-05-01"])
    assert made.exit_code == 0, made.stderr
    path = tmp_path / "data" / "events" / "2026-05-01-Spring-Open-Finals.toml"
    assert tomllib.loads(path.read_text(encoding="utf-8"))["name"] == name


def test_without_session_the_current_event_is_used(tmp_path: Path, monkeypatch):
    runner = CliRunner()
    made = runner.invoke(app, ["event", "new", "Cup", *PLAYERS[:8], "--date", "2026-05-01"])
    assert made.exit_code == 0, made.stderr
    path = tmp_path / "data" / "events" / "2026-05-01-Cup.toml"
    assert path.exists() and str(path) in made.stdout
    assert runner.invoke(app, ["event", "standings"]).exit_code == 0
    assert (
        "2026-05-01-Cup-2.toml"
        in runner.invoke(app, ["event", "new", "Cup", *PLAYERS[:4], "--date", "2026-05-01"]).stdout
    )
    monkeypatch.setenv("MAHJ_SESSION", str(path))
    assert (
        len(json.loads(runner.invoke(app, ["event", "standings", "--json"]).stdout)["standings"])
        == 8
    )
    assert runner.invoke(app, ["sessions", "--json"]).exit_code == 0
    listed = json.loads(runner.invoke(app, ["sessions", "--json"]).stdout)["sessions"]
    assert listed == []  # events live apart from the nights


def test_no_current_event_says_how_to_start_one():
    result = CliRunner().invoke(app, ["event", "standings"])
    assert result.exit_code == 1
    assert "no current event; start one with `mahj event new NAME PLAYER...`" in result.stderr


def test_new_refuses_what_an_event_cannot_start_with(tmp_path: Path):
    runner = CliRunner()
    target = tmp_path / "e.toml"

    def refused(*args: str) -> str:
        result = runner.invoke(app, ["event", "new", *args, "--session", str(target)])
        assert result.exit_code == 1 and result.stderr.startswith("Error: "), result.stderr
        assert not target.exists()
        return result.stderr

    assert "needs 4 to 2000 players" in refused("Cup", "Ann", "Bea", "Cy")
    assert "the same name" in refused("Cup", "Ann", "Bea", "Cy", "ann")
    said = refused("Cup", "José", "Bea", "Cy", "Jose")
    assert "'José' and 'Jose' differ only by accents, and a name typed without them" in said
    assert "--movement must be" in refused("Cup", *PLAYERS, "--movement", "zigzag")
    assert "no profile called 'nmjl'" in refused("Cup", *PLAYERS, "--profile", "nmjl")
    assert "--rounds must be from 1 to 20" in refused("Cup", *PLAYERS, "--rounds", "0")
    assert "no players file" in refused("Cup", "--players", str(tmp_path / "none.csv"))
    target.write_text("mine", encoding="utf-8")
    result = runner.invoke(app, ["event", "new", "Cup", *PLAYERS, "--session", str(target)])
    assert result.exit_code == 1 and target.read_text("utf-8") == "mine"


def test_players_from_a_file_with_ids(tmp_path: Path):
    listed = tmp_path / "players.csv"
    listed.write_text("name,id\nAnn,1001\nBea,1002\nCy,1003\nDot,1004\n", encoding="utf-8")
    run = Run(tmp_path / "e.toml")
    run.ok("event", "new", "Cup", "--players", str(listed), "Eve")
    text = run.path.read_text("utf-8")
    assert 'name = "Ann"\nid = "1001"' in text and 'name = "Eve"\n' in text
    assert run.json("event", "standings")["standings"][0]["id"] in {
        "1001",
        "1002",
        "1003",
        "1004",
        None,
    }


@pytest.mark.parametrize(
    "sub", ["new", "add", "withdraw", "seating", "score", "card", "standings", "check"]
)
def test_every_event_command_has_help_with_an_example(sub: str):
    result = CliRunner().invoke(app, ["event", sub, "--help"])
    assert result.exit_code == 0
    assert "Example: mahj event " + sub in result.stdout


def test_the_event_group_has_help_with_an_example():
    result = CliRunner().invoke(app, ["event", "--help"])
    assert result.exit_code == 0 and "Example: mahj event new" in result.stdout
    assert "event" in CliRunner().invoke(app, ["--help"]).stdout


def test_a_tables_night_may_spell_the_names_in_another_case(ev: Run, tmp_path: Path):
    ev.ok("event", "call-time", "1")  # each table's night ends with a game time stopped
    night = table_night(tmp_path, ["ann", "BEA", "cy", "dot"])
    out = ev.ok("event", "card", "1", "1", str(night))
    assert "Ann +40, Bea -10, Cy +65, Dot -10" in out
    text = ev.path.read_text("utf-8")
    assert 'winner = "Ann"' in text and '"ann"' not in text


def test_a_late_registration_withdrawn_before_playing_is_not_listed(ev: Run):
    ev.ok("event", "score", "1", "1", "Ann=1", "Bea=2", "Cy=3", "Dot=4")
    ev.ok("event", "add", "Kim")
    assert "Kim withdrew before playing a round." in ev.ok("event", "withdraw", "Kim")
    ev.ok("event", "score", "1", "2", "Eve=1", "Fay=2", "Gus=3", "Hal=4")
    ev.ok("event", "seating", "2")
    ev.ok("event", "score", "2", "1", *(f"{p}=0" for p in seats(ev, 2, 1)))
    listed = [s["player"] for s in ev.json("event", "standings")["standings"]]
    assert "Kim" not in listed and len(listed) == 10


def test_round_numbers_start_at_one(ev: Run):
    assert "the event has rounds 1 to 3, not 0" in ev.refused("event", "seating", "0")


def test_an_event_name_with_a_slash_is_kept_and_its_file_named_without_it(tmp_path: Path):
    """`Open 12/5` is a natural title: kept as typed, its file named `...-Open-12-5.toml`
    in the events folder (a `/` can never reach another folder)."""
    result = CliRunner().invoke(app, ["event", "new", "Open 12/5", *PLAYERS])
    assert result.exit_code == 0, result.stderr
    (made,) = (data_dir() / "events").glob("*-Open-12-5.toml")
    assert 'name = "Open 12/5"' in made.read_text("utf-8")
    assert CliRunner().invoke(app, ["event", "new", "../up", *PLAYERS]).exit_code == 0
    assert [p.name[11:] for p in sorted((data_dir() / "events").glob("*.toml"))] == [
        "..-up.toml", "Open-12-5.toml"
    ]  # fmt: skip
    assert not list(data_dir().parent.glob("*up*"))


def test_long_names_fold_and_the_sheet_and_standings_still_fit_80_columns(tmp_path: Path):
    run = Run(tmp_path / "e.toml")
    long = [f"{n} Wolfeschlegelsteinhausen-Bergerdorff"[:40] for n in PLAYERS]
    run.ok("event", "new", "Cup", *long, "李小龍", "--given")
    sheet = run.ok("event", "seating", "1")
    assert max(len(line) for line in sheet.splitlines()) <= 80
    assert f"{long[0]} — table 1, seat A" in sheet
    run.ok("event", "score", "1", "1", *(f"{n}=10" for n in long[:4]))
    standings = run.ok("event", "standings")
    assert max(len(line) for line in standings.splitlines()) <= 80


def test_a_full_name_on_the_posted_sheet_breaks_between_its_words(tmp_path: Path):
    """A first name and surname wider than the sheet's column go on two lines at the space
    ("Elizabeth" / "Montgomery"), never cut inside a word; the list by player keeps its
    names in line while two columns still fit."""
    run = Run(tmp_path / "e.toml")
    names = ["Elizabeth Montgomery", "Margaret O'Callaghan", "Dorothy Vanderbilt",
             "Christine Rodriguez", "Ann Lee", "Bea Kim", "Cy Wu", "Dot Ng"]  # fmt: skip
    run.ok("event", "new", "Cup", *names, "--given", "--rounds", "2")
    sheet = run.ok("event", "seating", "1")
    grid = sheet.split("Player by player")[0]
    words = grid.split()
    for name in names:
        assert all(word in words for word in name.split()), (name, grid)
    listed = [line for line in sheet.split("Player by player")[1].splitlines() if line]
    assert len(listed) == 4 and all(line.count("—") == 2 for line in listed), listed
    assert len({line.index("—") for line in listed}) == 1, listed  # in line, both columns
    assert len({line.rindex("—") for line in listed}) == 1, listed
    assert max(len(line) for line in sheet.splitlines()) <= 80


def test_the_season_counts_a_tables_nights_and_leaves_the_event_file_alone():
    from tests.helpers import SAMPLES

    result = CliRunner().invoke(app, ["season", "--json", "--dir", str(SAMPLES / "spring-open")])
    assert result.exit_code == 0 and result.stderr == ""
    season = json.loads(result.stdout)
    assert season["tournament"]["nights"] == 5 and season["league"]["nights"] == 0


def test_changes_of_the_field_wait_for_the_round_after_the_last_one_started(ev: Run):
    ev.ok("event", "seating", "2")
    ev.ok("event", "score", "2", "1", *(f"{p}=0" for p in seats(ev, 2, 1)))
    assert "Kim is registered and plays from round 3." in ev.ok("event", "add", "Kim")
    assert [len(ev.json("event", "seating", str(r))["byes"]) for r in (1, 2)] == [2, 2]


ROUND_TAKERS = [("seating", "{r}"), ("start", "{r}"), ("call-time", "{r}"),
                ("where", "Ann", "--round", "{r}"), ("scorecard", "{r}", "1"),
                ("score", "{r}", "1", "Ann=1", "Bea=2", "Cy=3", "Dot=4"),
                ("win", "{r}", "1", "Ann", "25", "--self-pick"), ("wall", "{r}", "1"),
                ("undo", "{r}", "1"), ("accept", "{r}", "1")]  # fmt: skip


@pytest.mark.parametrize("command", ROUND_TAKERS, ids=lambda c: c[0])
@pytest.mark.parametrize("rnd", ["0", "4", "25", "007"])
def test_a_round_out_of_range_is_told_the_events_own_rounds(ev: Run, command, rnd):
    """A three-round event: round 0, 4 or 25 is "the event has rounds 1 to 3", never the
    limit of every event (20)."""
    args = [part.format(r=rnd) for part in command]
    said = ev.refused("event", *args)
    assert f"the event has rounds 1 to 3, not {int(rnd)}" in said, said


@pytest.mark.parametrize("table", ["0", "3", "700"])
def test_a_table_out_of_range_is_told_the_rounds_own_tables(ev: Run, table):
    said = ev.refused("event", "scorecard", "1", table)
    assert f"round 1 has tables 1 to 2, not {int(table)}" in said, said


@pytest.mark.parametrize("typed", ["2.5", "two"])
def test_a_round_that_is_not_a_number_is_refused_as_every_number_is(ev: Run, typed):
    said = ev.refused("event", "scorecard", typed, "1")
    assert f"ROUND must be a whole number like 25, not '{typed}'" in said, said


def test_a_card_names_a_withdrawn_player_and_a_name_with_a_dash_as_typed(tmp_path: Path):
    """A withdrawn player named on a card is said to have withdrawn; a name written with a
    dash (Anne–Marie) is read as written, the dash no minus sign."""
    run = Run(tmp_path / "e.toml")
    run.ok("event", "new", "Cup", "Anne–Marie", "Bea", "Cy", "Dot", "Eve", "Fay", "Gus", "Hal",
           "Ida", "--given", "--rounds", "2")  # fmt: skip
    run.ok("event", "withdraw", "Ida")
    said = run.refused("event", "score", "1", "1", "Anne–Marie=5", "Bea=0", "Cy=0", "Ida=0")
    assert "Ida withdrew before round 1; this table's seats are" in said
    run.ok("event", "score", "1", "1", "Anne–Marie=–5", "Bea=0", "Cy=0", "Dot=10")
    points = {s["player"]: s["points"] for s in run.json("event", "standings")["standings"]}
    assert points["Anne–Marie"] == -5


def test_a_withdrawn_player_typed_without_her_accents_comes_back(tmp_path: Path):
    """`mahj event add zoe` brings back Zoë, who withdrew before round 1, as `mahj join
    zoe` brings her back to a night; it never registers a new Zoe beside her."""
    run = Run(tmp_path / "e.toml")
    run.ok("event", "new", "Cup", "Zoë", "Bea", "Cy", "Dot", "Eve", "--given", "--rounds", "2")
    run.ok("event", "withdraw", "Zoë")
    assert "Zoë is back" in run.ok("event", "add", "zoe")
    assert "Zoë is already registered" in run.refused("event", "add", "ZOE")
