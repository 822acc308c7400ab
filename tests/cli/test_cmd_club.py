"""Club nights and house rules through the command line (RULES.md §7, §8; INTERFACE.md
"Added for club nights..."): `new --tables/--east/--house/--variant`, `win --bet` and
`--pays-for-table`, `wall --table --bet`, `open-table`, `close-table`, `error`, `log --table`,
`status`, `total` and `mahj table`; and every refusal the issue names."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from rich.cells import cell_len

ELEVEN = ("Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue", "Tom", "Uma")
TABLE_1, TABLE_2, LINE = ELEVEN[:4], ELEVEN[4:8], ELEVEN[8:]


def refused(result, code: int = 1) -> str:
    """The one `Error:` line of a refused command (and nothing else on stderr or stdout)."""
    assert result.exit_code == code, result
    assert "Traceback" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1 and result.stderr.splitlines() == errors, result
    assert result.stdout == ""
    return errors[0]


def ok(result):
    assert result.exit_code == 0, result
    return result


def status(run) -> dict:
    return json.loads(ok(run("status", "--json")).stdout)


def totals(run) -> dict[str, int]:
    return json.loads(ok(run("total", "--json")).stdout)["totals"]


def zeros(**changed: int) -> dict[str, int]:
    """Every one of the eleven at 0, but those named."""
    return {name: changed.get(name, 0) for name in ELEVEN}


def start(run, *options: str):
    ok(run("new", *ELEVEN, "--tables", "2", *options))
    return run


@pytest.fixture
def club(mahj):
    """Eleven at two tables, the bettor on: Ruth Linda Kathy Pat | Ann Bea Cy Dot; Sue, Tom
    and Uma waiting."""
    return start(mahj, "--house", "bettor")


# ---- starting a club night ---------------------------------------------------------------


def test_eleven_players_at_two_tables_and_three_waiting(mahj, session: Path):
    result = ok(mahj("new", *ELEVEN, "--tables", "2"))
    assert "  Table 1: East Ruth, South Linda, West Kathy, North Pat" in result.stdout
    assert "  Table 2: East Ann, South Bea, West Cy, North Dot" in result.stdout
    assert "Waiting: Sue (first in line), Tom, Uma" in result.stdout
    s = status(mahj)
    assert s["tables"] == [
        {"table": 1, "east": "Ruth", "seated": list(TABLE_1)},
        {"table": 2, "east": "Ann", "seated": list(TABLE_2)},
    ]
    assert (s["east"], s["seated"], s["waiting"]) == ("Ruth", list(TABLE_1), list(LINE))
    assert "house" not in s and "kitty" not in s
    recorded = tomllib.loads(session.read_text(encoding="utf-8"))
    assert (recorded["tables"], recorded["east"]) == (2, ["Ruth", "Ann"])
    assert recorded["players"] == list(ELEVEN)


def test_tables_of_three_where_the_players_run_out(mahj):
    ok(mahj("new", *ELEVEN[:7], "--tables", "2"))
    s = status(mahj)
    assert [t["seated"] for t in s["tables"]] == [list(TABLE_1), ["Ann", "Bea", "Cy"]]
    assert s["waiting"] == []


def test_east_once_a_table(mahj, session: Path):
    ok(mahj("new", *ELEVEN, "--tables", "2", "--east", "Linda", "--east", "cy"))
    assert status(mahj)["tables"] == [
        {"table": 1, "east": "Linda", "seated": ["Linda", "Kathy", "Pat", "Ruth"]},
        {"table": 2, "east": "Cy", "seated": ["Cy", "Dot", "Ann", "Bea"]},
    ]
    assert tomllib.loads(session.read_text(encoding="utf-8"))["east"] == ["Linda", "Cy"]


NEW_REFUSALS = [
    (("--tables", "2", "--east", "Ruth", "--east", "Linda"), ELEVEN,
     "--east names two Easts for table 1: Ruth and Linda"),
    (("--tables", "2", "--east", "Sue"), ELEVEN, "--east must be one of the seated players"),
    (("--tables", "2"), ELEVEN[:5], "2 tables need 6 to 12 players, not 5"),
    (("--tables", "2"), (*ELEVEN, "Val", "Wes"), "2 tables need 6 to 12 players, not 13"),
    (("--tables", "0"), ELEVEN[:4], "--tables must be from 1 to 16, not 0"),
    (("--tables", "2", "--rules", "tournament"), ELEVEN[:4], "plays at one table"),
    (("--house", "bettr"), ELEVEN[:5], "no house rule called 'bettr'"),
    (("--house", "east-double=2"), ELEVEN[:4], "east-double takes no value"),
    (("--house", "pay-for-table=yes"), ELEVEN[:4], "pay-for-table takes no value"),
    (("--house", "kitty-special"), ELEVEN[:4], "kitty-special needs the kitty too"),
    (("--house", "jokerless-flat"), ELEVEN[:4], "jokerless-flat needs a value"),
    (("--house", "kitty=0"), ELEVEN[:4], "kitty=0 needs a whole number of points"),
    (("--house", "bettor=abc"), ELEVEN[:5], "bettor=abc needs a whole number of points"),
    (("--house", "kitty", "--house", "kitty=30"), ELEVEN[:4], "kitty is named twice"),
    (("--rules", "tournament", "--house", "east-double"), ELEVEN[:4],
     "house rules are played at league tables"),
    (("--variant", "mj-in-error"), ELEVEN[:4], "--variant names a tournament's variants"),
    (("--misnamed", "add"), ELEVEN[:4], "--misnamed is a tournament's option; add --rules"),
    (("--misnamed", "replace"), ELEVEN[:4], "--misnamed is a tournament's option"),
    (("--rules", "tournament", "--variant", "four-exposures"), ELEVEN[:4],
     "no variant called 'four-exposures'"),
]  # fmt: skip


@pytest.mark.parametrize(("options", "players", "words"), NEW_REFUSALS)
def test_new_refuses_and_writes_nothing(mahj, session: Path, options, players, words):
    assert words in refused(mahj("new", *players, *options))
    assert not session.exists()


def test_house_rules_are_recorded_and_named(mahj, session: Path):
    ok(mahj("new", *ELEVEN[:5], "--house", "bettor", "--house", "kitty=30",
            "--house", "east-double", "--house", "jokerless-flat=10"))  # fmt: skip
    recorded = tomllib.loads(session.read_text(encoding="utf-8"))
    assert recorded["house"] == ["bettor=25", "kitty=30", "east-double", "jokerless-flat=10"]
    s = status(mahj)
    assert s["house"] == recorded["house"] and s["kitty"] == {}
    text = ok(mahj("status")).stdout
    assert "Kitty: 0" in text
    assert (
        "House rules: bettor (a wall bet collects 25 from each seated); kitty (30 from each "
        "seated player on a wall game); East pays and collects double; jokerless adds 10 "
        "instead of doubling." in " ".join(text.split())
    )


def test_house_rules_are_named_in_any_case(mahj, session: Path):
    ok(mahj("new", *ELEVEN[:4], "--house", "KITTY = 30", "--house", "East-Double"))
    recorded = tomllib.loads(session.read_text(encoding="utf-8"))
    assert recorded["house"] == ["kitty=30", "east-double"]


def test_house_rules_on_a_night_for_money_say_their_amounts_in_money(mahj, session: Path):
    """A stake makes everything mahj shows for the night money (docs/money.md): the house
    rules' amounts too, as the kitty's own line says it ("into the kitty: Ruth $0.25")."""
    house = ("bettor", "kitty=5", "jokerless-flat=10", "east-double")
    options = [word for rule in house for word in ("--house", rule)]
    ok(mahj("new", *ELEVEN[:5], "--stake", "0.05", "--pie", "$10", *options))
    line = ("House rules: bettor (a wall bet collects $1.25 from each seated); kitty ($0.25 "
            "from each seated player on a wall game); East pays and collects double; "
            "jokerless adds $0.50 instead of doubling.")  # fmt: skip
    assert "into the kitty: Ruth $0.25" in " ".join(ok(mahj("wall")).stdout.split())
    for command in ("status", "total", "log", "table"):
        assert line in " ".join(ok(mahj(command)).stdout.split()), command
    assert line in json.loads(ok(mahj("total", "--json")).stdout)["rule_notes"]
    points = ("--session", str(session.with_name("points.toml")))
    ok(mahj("new", *ELEVEN[:4], "--house", "kitty=5", *points, use_session=False))
    text = " ".join(ok(mahj("status", *points, use_session=False)).stdout.split())
    assert "House rules: kitty (5 from each seated player on a wall game)." in text


# ---- bets, pay for the table, wall games at a table --------------------------------------


def test_win_with_bets_on_the_winner_and_on_a_loser(club):
    # Ruth wins 25 thrown by Linda at table 1. Sue bet on Ruth: each loser pays her what
    # they pay Ruth (50 + 25 + 25). Tom bet on Kathy: he pays Ruth what Kathy pays, 25.
    result = ok(club("win", "Ruth", "25", "--thrown-by", "Linda", "--bet", "Sue=Ruth",
                     "--bet", "tom=kathy"))  # fmt: skip
    assert "Sue bet on Ruth, Tom bet on Kathy" in result.stdout
    assert totals(club) == zeros(Ruth=125, Linda=-100, Kathy=-50, Pat=-50, Sue=100, Tom=-25)


def test_a_wall_game_at_a_table_with_a_wall_bet(club):
    result = ok(club("wall", "--table", "2", "--bet", "Sue=wall"))
    assert "Wall game, Sue bet on a wall game" in result.stdout
    assert totals(club) == zeros(Ann=-25, Bea=-25, Cy=-25, Dot=-25, Sue=100)
    # Table 2's East (Ann) got up; Sue sat in her seat; table 1 did not move.
    s = status(club)
    assert s["tables"][1] == {"table": 2, "east": "Bea", "seated": ["Bea", "Cy", "Dot", "Sue"]}
    assert s["tables"][0]["seated"] == list(TABLE_1) and s["waiting"] == ["Tom", "Uma", "Ann"]


def test_a_wall_bettor_pays_when_someone_wins(club):
    # Ann wins a self-picked 30 at table 2: 60 from each loser, and 60 from Uma's wall bet.
    ok(club("win", "Ann", "30", "--self-pick", "--bet", "Uma=wall"))
    assert totals(club) == zeros(Ann=240, Bea=-60, Cy=-60, Dot=-60, Uma=-60)


def test_a_player_called_wall_and_a_bet_on_a_wall_game_are_told_apart(mahj, session: Path):
    """Names are data: with a player called Wall, `Eve=wall` could be either, so it is
    refused (the file unchanged) and says how to write each; `Eve=wall-game` is a wall
    bet (Wall wins 25 thrown by Bea: Eve pays Wall 25, as a loser who did not throw), and
    `Eve=Wall`, her name as written, a bet on Wall (each loser pays Eve what they pay
    Wall: 50, 25, 25)."""
    ok(mahj("new", "Wall", "Bea", "Cy", "Dot", "Eve", "--house", "bettor"))
    before = session.read_bytes()
    said = refused(mahj("win", "wall", "25", "-t", "bea", "--bet", "eve=wall"))
    assert "Wall is a player tonight" in said and "eve=wall-game" in said and "eve=Wall " in said
    assert session.read_bytes() == before
    ok(mahj("win", "wall", "25", "-t", "bea", "--bet", "eve=wall-game"))
    assert totals(mahj)["Eve"] == -25
    ok(mahj("undo"))
    ok(mahj("win", "wall", "25", "-t", "bea", "--bet", "eve=Wall"))
    assert totals(mahj) == {"Wall": 100, "Bea": -100, "Cy": -50, "Dot": -50, "Eve": 100}


def test_a_bettor_whose_name_holds_an_equals_sign(mahj):
    """`--bet BETTOR=PLAYER` with a bettor called `=Dot`: the bettor is the name the night
    knows (Ann wins 25 thrown by Bea; =Dot bet on Ann and collects 50, 25, 25)."""
    ok(mahj("new", "Ann", "Bea", "Cy", "Eve", "=Dot", "--house", "bettor"))
    ok(mahj("win", "ann", "25", "-t", "bea", "--bet", "=dot=ann"))
    assert totals(mahj) == {"Ann": 100, "Bea": -100, "Cy": -50, "Eve": -50, "=Dot": 100}


def test_a_line_grown_long_by_a_closed_table_is_counted_as_it_is(mahj):
    """Twelve at two tables; table 2 closes and its four join the line (eight waiting). A
    thirteenth arrival is refused with the line as it is: eight waiting, not four."""
    ok(mahj("new", *ELEVEN, "Zoe", "--tables", "2"))
    ok(mahj("close-table", "2"))
    said = refused(mahj("join", "Hal"))
    assert said.startswith("Error: Hal cannot join yet: 8 are waiting, more than the 4 the line")
    assert "4 of them can sit at a table of their own" in said


def test_under_the_pie_bettors_are_paid_in_the_order_their_bets_were_recorded(mahj):
    """RULES.md §7: under the pie the losers pay the winner first, then the bettors in the
    order their bets were recorded. Pie of 80: Ruth wins 25 thrown by Linda, and Sue then
    Ann bet on Ruth. Linda owes 50 each: Ruth gets 50, Sue the 30 left, Ann nothing; the
    others pay 25 each to all three. Recorded the other way round, Ann gets the 30."""
    ok(mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "Ann", "--house", "bettor",
            "--pie", "80"))  # fmt: skip
    for first, second in (("Sue", "Ann"), ("Ann", "Sue")):
        ok(mahj("win", "Ruth", "25", "-t", "Linda", "--bet", f"{first}=Ruth",
                "--bet", f"{second}=Ruth"))  # fmt: skip
        shown = totals(mahj)
        assert (shown[first], shown[second], shown["Ruth"], shown["Linda"]) == (80, 50, 100, -80)
        ok(mahj("undo"))


def test_a_bet_stands_though_another_tables_game_seated_the_bettor_first(club):
    """Sue bet on Ruth before table 1's game began, while she waited. Table 2's game ended
    first and seated her there; table 1's game, recorded after, keeps her bet: each loser
    pays her what they pay Ruth (50 + 25 + 25). Her bet on table 1's next game is refused:
    that game began once she sat down."""
    ok(club("wall", "--table", "2"))  # Ann gets up, Sue sits at table 2
    assert status(club)["tables"][1]["seated"] == ["Bea", "Cy", "Dot", "Sue"]
    ok(club("win", "Ruth", "25", "--thrown-by", "Linda", "--bet", "Sue=Ruth"))
    assert totals(club) == zeros(Ruth=100, Linda=-100, Kathy=-50, Pat=-50, Sue=100)
    said = refused(club("win", "Linda", "25", "--self-pick", "--bet", "Sue=Linda"))
    assert said == "Error: Sue sits at table 2; only a waiting player may bet"


def test_pay_for_the_table(mahj):
    start(mahj, "--house", "pay-for-table")
    # Losers would pay 50 + 25 + 25; Kathy's error pays all of it.
    result = ok(mahj("win", "Ruth", "25", "--thrown-by", "Linda", "--pays-for-table", "Kathy"))
    assert "Kathy pays for the table" in result.stdout
    assert totals(mahj) == zeros(Ruth=100, Kathy=-100)


def test_the_kitty_at_a_club_night(mahj):
    start(mahj, "--house", "kitty")
    ok(mahj("wall", "--table", "2"))  # Ann, Bea, Cy, Dot put 25 each in table 2's kitty
    assert status(mahj)["kitty"] == {"2": 100}
    assert "Kitty: 0 at table 1, 100 at table 2" in ok(mahj("status")).stdout
    ok(mahj("win", "Ruth", "25", "--thrown-by", "Linda"))  # table 1's win: no kitty there
    assert status(mahj)["kitty"] == {"2": 100}
    # Table 2 (East Bea, Sue in Ann's seat): Dot wins 25 thrown by Sue: 50 + 25 + 25 + 100.
    ok(mahj("win", "Dot", "25", "--thrown-by", "Sue"))
    assert status(mahj)["kitty"] == {}
    assert totals(mahj) == zeros(Ruth=100, Linda=-50, Kathy=-25, Pat=-25, Ann=-25, Bea=-50,
                                 Cy=-50, Dot=175, Sue=-50)  # fmt: skip


def test_total_names_the_house_rules_and_gives_a_full_kitty_back(mahj):
    start(mahj, "--house", "kitty")
    ok(mahj("wall", "--table", "2"))
    ok(mahj("win", "Ruth", "25", "--thrown-by", "Linda"))
    text = " ".join(ok(mahj("total")).stdout.split())
    assert "House rules: kitty (25 from each seated player on a wall game)." in text
    assert "Sum of totals with the kitty's 100: 0 (sums to zero)" in text
    assert "The kitty goes back to those who paid it: Ann 25, Bea 25, Cy 25, Dot 25" in text
    # Ann, Bea, Cy and Dot are square once their 25 comes back; only table 1 settles.
    settle = text[text.index("Settle up:") :]
    assert settle == (
        "Settle up: the fewest payments Linda pays Ruth 50 Kathy pays Ruth 25 Pat pays Ruth 25"
    )


def test_the_page_to_share_shows_a_closed_tables_kitty_going_back(mahj):
    start(mahj, "--house", "kitty")
    ok(mahj("wall", "--table", "2"))
    ok(mahj("win", "Ruth", "25", "--thrown-by", "Linda"))
    ok(mahj("close-table", "2"))  # Ann, Bea, Cy and Dot get their 25 back
    page = ok(mahj("total", "--html", "-")).stdout
    row = page[page.rindex("<tr>", 0, page.index("Table 2 closes")) :].split("</tr>")[0]
    assert "the kitty goes back to those who paid it" in row
    assert row.count("+25</td>") == 4
    assert '<td class="num game"></td>' in row  # no game number, no stray "· table 2"


# ---- opening and closing tables ----------------------------------------------------------


def test_open_a_table_from_the_front_four_of_the_line(mahj):
    ok(mahj("new", *ELEVEN, "Val", "--tables", "2"))
    result = ok(mahj("open-table", "--east", "uma"))
    assert "Table 3 opens: Uma, Val, Sue and Tom (East Uma)" in result.stdout
    s = status(mahj)
    assert s["tables"][2] == {"table": 3, "east": "Uma", "seated": ["Uma", "Val", "Sue", "Tom"]}
    assert s["waiting"] == []
    ok(mahj("win", "Tom", "25", "--thrown-by", "Sue"))  # a win at table 3, its winner's
    assert json.loads(ok(mahj("log", "--json")).stdout)["games"][0]["table"] == 3


def test_open_a_table_east_defaults_to_the_first_of_the_four(mahj):
    ok(mahj("new", *ELEVEN, "Val", "--tables", "2"))
    ok(mahj("open-table"))
    assert status(mahj)["tables"][2] == {"table": 3, "east": "Sue",
                                         "seated": ["Sue", "Tom", "Uma", "Val"]}  # fmt: skip


def test_close_a_table_its_players_go_to_the_front_of_the_line(club):
    ok(club("wall", "--table", "2"))  # Ann gets up, Sue sits in her seat, Bea deals
    result = ok(club("close-table", "2"))
    assert "Table 2 closes: Bea, Cy, Dot and Sue go to the front of the line" in result.stdout
    s = status(club)
    assert s["tables"] == [{"table": 1, "east": "Ruth", "seated": list(TABLE_1)}]
    assert s["waiting"] == ["Bea", "Cy", "Dot", "Sue", "Tom", "Uma", "Ann"]


def test_with_table_1_closed_east_and_seated_describe_the_first_open_table(club):
    ok(club("close-table", "1"))
    s = status(club)
    assert s["tables"] == [{"table": 2, "east": "Ann", "seated": list(TABLE_2)}]
    assert (s["east"], s["seated"]) == ("Ann", list(TABLE_2))
    assert s["waiting"] == [*TABLE_1, *LINE]
    # The next wall game needs no --table: only table 2 is open.
    ok(club("wall"))
    assert status(club)["tables"][0] == {"table": 2, "east": "Bea",
                                         "seated": ["Bea", "Cy", "Dot", "Ruth"]}  # fmt: skip


def test_a_leaver_closes_a_table_of_three(mahj):
    ok(mahj("new", *ELEVEN[:7], "--tables", "2"))
    result = ok(mahj("leave", "Bea"))
    assert "Bea leaves" in result.stdout
    s = status(mahj)
    assert [t["table"] for t in s["tables"]] == [1]
    assert s["waiting"] == ["Ann", "Cy"] and s["left"] == ["Bea"]


# ---- tournament variants -----------------------------------------------------------------

TOURNEY = ("Barbara", "Linda", "Susan", "Carol")


def test_mj_in_error_with_and_without_an_intact_hand(mahj):
    ok(mahj("new", *TOURNEY, "--rules", "tournament", "--variant", "mj-in-error"))
    ok(mahj("error", "Linda"))
    result = ok(mahj("error", "Susan", "--intact", "carol"))
    assert "Susan calls Mah Jongg in error; Carol kept an intact hand" in result.stdout
    assert totals(mahj) == {"Barbara": 0, "Linda": 0, "Susan": 0, "Carol": 10}
    assert status(mahj)["east"] == "Susan"  # each was a game: the deal passed twice


def test_three_exposures_30(mahj):
    ok(mahj("new", *TOURNEY, "--rules", "tournament", "--variant", "three-exposures-30"))
    ok(mahj("win", "Barbara", "30", "--thrown-by", "Linda", "--exposures", "3"))
    assert totals(mahj) == {"Barbara": 30, "Linda": -30, "Susan": 0, "Carol": 0}
    assert "Variant three-exposures-30" in " ".join(ok(mahj("total")).stdout.split())


# ---- log, status, total and the chart ----------------------------------------------------


def sheet_games(text: str) -> list[tuple[int, int]]:
    """(game, table) of each game row of a drawn score sheet (columns #, T, East, ...)."""
    cells = [line.split("│") for line in text.splitlines() if line.startswith("│")]
    return [(int(c[1]), int(c[2])) for c in cells if c[1].strip().isdigit()]


def test_log_shows_one_table_or_the_whole_night(club):
    ok(club("wall", "--table", "2"))
    ok(club("win", "Ruth", "25", "--thrown-by", "Linda"))
    assert sheet_games(ok(club("log")).stdout) == [(1, 2), (2, 1)]
    assert sheet_games(ok(club("log", "--table", "2")).stdout) == [(1, 2)]
    assert sheet_games(ok(club("log", "--table", "1")).stdout) == [(2, 1)]
    games = json.loads(ok(club("log", "--json")).stdout)["games"]
    assert [(g["game"], g["table"]) for g in games] == [(1, 2), (2, 1)]


def test_log_json_for_one_table_lists_only_its_games(club):
    ok(club("wall", "--table", "2"))
    ok(club("win", "Ruth", "25", "--thrown-by", "Linda"))
    games = json.loads(ok(club("log", "--json", "--table", "2")).stdout)["games"]
    assert [(g["game"], g["table"]) for g in games] == [(1, 2)]


def a_played_club_night(mahj):
    start(mahj, "--house", "bettor", "--house", "kitty", "--pie", "500")
    ok(mahj("wall", "--table", "2", "--bet", "Sue=wall"))
    ok(mahj("win", "Ruth", "25", "--thrown-by", "Linda", "--bet", "Tom=Ruth"))
    return mahj


@pytest.mark.parametrize("width", [100, 60])
@pytest.mark.parametrize("command", ["status", "total", "log"])
def test_club_night_reports_fit_the_terminal_with_nothing_cut(mahj, monkeypatch, width, command):
    a_played_club_night(mahj)
    monkeypatch.setenv("COLUMNS", str(width))
    text = ok(mahj(command)).stdout
    for line in text.splitlines():
        assert cell_len(line) <= width, line
    assert "…" not in text
    for name in ELEVEN:
        assert name in text
    if command == "status":
        flat = " ".join(text.split())
        # After table 2's wall game (Sue sits for Ann) and table 1's win (Tom sits for Ruth):
        assert "Table 1: East Linda, South Kathy, West Pat, North Tom" in flat
        assert "Table 2: East Bea, South Cy, West Dot, North Sue" in flat
        assert "Waiting: Uma (first in line), Ann, Ruth" in flat
        assert "Kitty: 0 at table 1, 100 at table 2" in flat
        assert "House rules:" in flat


def test_status_json_on_a_played_club_night(mahj):
    a_played_club_night(mahj)
    s = status(mahj)
    assert s["tables"] == [
        {"table": 1, "east": "Linda", "seated": ["Linda", "Kathy", "Pat", "Tom"]},
        {"table": 2, "east": "Bea", "seated": ["Bea", "Cy", "Dot", "Sue"]},
    ]
    assert (s["east"], s["seated"]) == ("Linda", ["Linda", "Kathy", "Pat", "Tom"])
    assert s["waiting"] == ["Uma", "Ann", "Ruth"]
    assert s["kitty"] == {"2": 100}
    # Game 1: Ann, Bea, Cy, Dot pay Sue 25 and the kitty 25 each. Game 2: Linda 50, Kathy
    # and Pat 25 to Ruth, and the same to Tom, who bet on her.
    expected = zeros(Ruth=100, Linda=-100, Kathy=-50, Pat=-50, Ann=-50, Bea=-50, Cy=-50,
                     Dot=-50, Sue=100, Tom=100)  # fmt: skip
    assert totals(mahj) == expected
    assert s["purse"] == {name: 500 + t for name, t in expected.items()}


def test_the_chart_follows_the_house(mahj):
    ok(mahj("new", *TABLE_1, "--house", "east-double", "--house", "jokerless-flat=10"))
    data = json.loads(ok(mahj("table", "--json", "--values", "25")).stdout)
    row = data["rows"][0]
    assert (row["thrown"]["collects"], row["thrown"]["pays"]) == (100, [50, 25, 25])
    # Jokerless adds 10 to each payment: 60 + 35 + 35.
    assert (row["jokerless_thrown"]["collects"], row["jokerless_thrown"]["pays"]) == (
        130, [60, 35, 35],
    )  # fmt: skip
    assert row["jokerless_self_picked"]["pays"] == [60, 60, 60]
    # When East wins every payment doubles: 100 + 50 + 50, and 120 + 70 + 70 jokerless.
    east = data["east_wins"][0]
    assert (east["thrown"]["collects"], east["thrown"]["pays"]) == (200, [100, 50, 50])
    assert (east["jokerless_thrown"]["collects"], east["jokerless_thrown"]["pays"]) == (
        260, [120, 70, 70],
    )  # fmt: skip
    assert data["house"] == ["east-double", "jokerless-flat=10"]
    text = " ".join(ok(mahj("table", "--values", "25")).stdout.split())
    assert "When East wins (East collects double), 4 seated" in text
    assert "East double: when East loses, East pays twice what the chart shows." in text
    assert "Jokerless adds 10 to each payment" in text
    assert ("House rules: East pays and collects double; jokerless adds 10 instead of "
            "doubling.") in text  # fmt: skip


def test_the_chart_of_a_night_without_house_rules_is_unchanged(four):
    data = json.loads(ok(four("table", "--json", "--values", "25")).stdout)
    assert "east_wins" not in data and data["house"] == []
    assert data["rows"][0]["jokerless_thrown"]["pays"] == [100, 50, 50]
    assert "House rules" not in ok(four("table")).stdout


def test_a_single_table_night_keeps_its_shapes(four):
    ok(four("win", "Ruth", "25", "--thrown-by", "Linda"))
    s = status(four)
    assert "tables" not in s and "house" not in s and "kitty" not in s
    assert "table" not in json.loads(ok(four("log", "--json")).stdout)["games"][0]
    assert json.loads(ok(four("total", "--json")).stdout) == {
        "games": 1, "totals": {"Ruth": 100, "Linda": -50, "Kathy": -25, "Pat": -25}, "sum": 0,
        "settle": [{"from": "Linda", "to": "Ruth", "amount": 50},
                   {"from": "Kathy", "to": "Ruth", "amount": 25},
                   {"from": "Pat", "to": "Ruth", "amount": 25}],
        "settle_fewest": True, "settled": [],
    }  # fmt: skip
    text = ok(four("status")).stdout
    assert "Table 1" not in text and "Kitty" not in text and "House rules" not in text


# ---- refusals: exit 1, one Error line, the file unchanged --------------------------------

CLUB_REFUSALS = [
    # A bet by a seated player (at the game's table, or at the other one).
    (("win", "Ruth", "25", "--thrown-by", "Linda", "--bet", "Kathy=Ruth"),
     "Kathy plays this game; only a waiting player may bet"),
    (("win", "Ruth", "25", "--thrown-by", "Linda", "--bet", "Bea=Ruth"),
     "Bea sits at table 2; only a waiting player may bet"),
    (("wall", "--table", "1", "--bet", "Ruth=wall"), "only a waiting player may bet"),
    # A bet on a waiting player, or on a player at another table.
    (("win", "Ruth", "25", "--thrown-by", "Linda", "--bet", "Tom=Uma"),
     "Tom bets on Uma, who does not play this game at table 1"),
    (("win", "Ruth", "25", "--thrown-by", "Linda", "--bet", "Tom=Bea"),
     "Tom bets on Bea, who does not play this game at table 1"),
    # A bettor betting twice.
    (("win", "Ruth", "25", "--thrown-by", "Linda", "--bet", "Tom=Ruth", "--bet", "Tom=wall"),
     "Tom bets twice on one game"),
    (("wall", "--table", "2", "--bet", "Tom=wall", "--bet", "tom=wall"),
     "Tom bets twice on one game"),
    # Bets written wrong, or by a stranger.
    (("win", "Ruth", "25", "--thrown-by", "Linda", "--bet", "Sue"), "write it as BETTOR=PLAYER"),
    (("win", "Ruth", "25", "--thrown-by", "Linda", "--bet", "Zed=Ruth"), "--bet"),
    # --table naming no table, or none named on a club night.
    (("wall", "--table", "3"), "there is no table 3 tonight (tables open: 1, 2)"),
    (("wall",), "say which table played it (--table N; tables open: 1, 2)"),
    (("close-table", "3"), "there is no table 3 (open: 1, 2)"),
    (("log", "--table", "3"), "there is no table 3 tonight (tables: 1, 2)"),
    # A game at one table cannot involve a player at the other, or one waiting.
    (("win", "Ruth", "25", "--thrown-by", "Bea"), "Bea sits at table 2"),
    (("win", "Tom", "25", "--self-pick"), "Tom is waiting this game"),
    (("wall", "--table", "1", "--dead", "Bea"), "Bea sits at table 2"),
    # A house rule's option on a night without it.
    (("win", "Ruth", "25", "--thrown-by", "Linda", "--pays-for-table", "Kathy"),
     "pay-for-table is a house rule this night does not play"),
    # Opening and closing.
    (("open-table",), "a new table needs 4 players from the line; 3 are waiting"),
    (("error", "Linda"), "a Mah Jongg in error is scored only at a tournament table"),
]  # fmt: skip


@pytest.mark.parametrize(("args", "words"), CLUB_REFUSALS)
def test_a_club_night_refuses_and_changes_nothing(club, session: Path, args, words):
    ok(club("wall", "--table", "2"))  # Sue sits for Ann: Tom, Uma and Ann wait
    before = session.read_bytes()
    assert words in refused(club(*args))
    assert session.read_bytes() == before


NO_HOUSE_REFUSALS = [
    (("win", "Ruth", "25", "--thrown-by", "Linda", "--bet", "Sue=Ruth"),
     "bettor is a house rule this night does not play (mahj new ... --house bettor)"),
    (("wall", "--table", "1", "--bet", "Sue=wall"), "bettor is a house rule"),
    (("win", "Ruth", "25", "--thrown-by", "Linda", "--pays-for-table", "Kathy"),
     "pay-for-table is a house rule"),
]  # fmt: skip


@pytest.mark.parametrize(("args", "words"), NO_HOUSE_REFUSALS)
def test_a_house_rules_option_on_a_night_without_it(mahj, session: Path, args, words):
    start(mahj)
    before = session.read_bytes()
    assert words in refused(mahj(*args))
    assert session.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("win", "Ruth", "25", "--thrown-by", "Linda", "--pays-for-table", "Ruth"),
         "Ruth won, so cannot pay for the table"),
        (("win", "Ruth", "25", "--thrown-by", "Linda", "--pays-for-table", "Ann"),
         "Ann sits at table 2"),
        (("win", "Ruth", "25", "--thrown-by", "Linda", "--pays-for-table", "Sue"),
         "Sue is waiting this game"),
    ],
)  # fmt: skip
def test_pay_for_the_table_refusals(mahj, session: Path, args, words):
    start(mahj, "--house", "pay-for-table")
    before = session.read_bytes()
    assert words in refused(mahj(*args))
    assert session.read_bytes() == before


def test_open_and_close_refusals(mahj, session: Path):
    ok(mahj("new", *ELEVEN, "Val", "--tables", "2"))
    before = session.read_bytes()
    assert "--east" in refused(mahj("open-table", "--east", "Ruth"))
    assert session.read_bytes() == before
    ok(mahj("close-table", "2"))
    before = session.read_bytes()
    assert "the only table cannot close" in refused(mahj("close-table", "1"))
    assert session.read_bytes() == before


@pytest.mark.parametrize(
    ("variants", "args", "words"),
    [
        ((), ("error", "Linda"), "scored only with the mj-in-error variant"),
        (("--variant", "mj-in-error"), ("error", "Linda", "--intact", "Linda"),
         "cannot be the intact one"),
        (("--variant", "mj-in-error"), ("error", "Zed"), "caller"),
        (("--variant", "mj-in-error"), ("win", "Barbara", "25", "--self-pick", "--bet",
                                        "Linda=Barbara"), "house rules are played at league"),
    ],
)  # fmt: skip
def test_tournament_refusals(mahj, session: Path, variants, args, words):
    ok(mahj("new", *TOURNEY, "--rules", "tournament", *variants))
    before = session.read_bytes()
    assert words in refused(mahj(*args))
    assert session.read_bytes() == before


# ---- the season counts a player across tables --------------------------------------------


def test_the_season_counts_a_player_across_tables_and_a_bettors_gains(
    club, session: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("MAHJ_CACHE_DIR", str(tmp_path / "cache"))  # not the user's cache
    ok(club("win", "Ruth", "25", "--thrown-by", "Linda", "--bet", "Sue=Ruth"))  # table 1
    # Ruth got up and Sue sat for her; the line is Tom, Uma, Ruth.
    ok(club("wall", "--table", "2"))  # Ann gets up, Tom sits; line Uma, Ruth, Ann
    ok(club("wall", "--table", "1"))  # Linda gets up, Uma sits; line Ruth, Ann, Linda
    ok(club("wall", "--table", "2"))  # Bea gets up, Ruth sits at table 2
    ok(club("win", "Ruth", "30", "--self-pick"))  # table 2: 60 each from Cy, Dot and Tom
    data = json.loads(ok(club("season", "--json", str(session), use_session=False)).stdout)
    players = data["league"]["players"]
    # Ruth sat in games 1 (table 1) and 5 (table 2): +100 and +180.
    assert players["Ruth"] == {
        "nights": 1,
        "games": 2,
        "wins": 2,
        "self_picks": 1,
        "jokerless": 0,
        "threw": 0,
        "points": 280,
        "best": 180,
    }
    # Sue bet on Ruth while waiting (+100), then sat in game 3 (a wall game, 0).
    assert players["Sue"] == {
        "nights": 1,
        "games": 1,
        "wins": 0,
        "self_picks": 0,
        "jokerless": 0,
        "threw": 0,
        "points": 100,
        "best": 100,
    }
    # Linda threw in game 1 (-50 to Ruth, -50 to Sue) and dealt game 3.
    assert players["Linda"] == {
        "nights": 1,
        "games": 2,
        "wins": 0,
        "self_picks": 0,
        "jokerless": 0,
        "threw": 1,
        "points": -100,
        "best": 0,
    }


def test_a_leaver_is_on_her_own_tables_sheet(club):
    """Cy leaves table 2 and Sue takes her seat: that is table 2's news, on its sheet (its
    T column says 2), not table 1's."""
    ok(club("leave", "Cy"))
    rows = [line.split("│") for line in ok(club("log")).stdout.splitlines()]
    assert [r[2].strip() for r in rows if len(r) > 4 and "Cy leaves" in r[4]] == ["2"]
    assert "Cy leaves" in ok(club("log", "--table", "2")).stdout
    assert "Cy leaves" not in ok(club("log", "--table", "1")).stdout


def test_opening_a_table_with_too_few_waiting_says_so_whoever_is_named_east(club, session):
    """Three wait: no table can open, and that is what is said, even when the East named
    is not in the line (a second phone opening the same table again named its East)."""
    before = session.read_bytes()
    for east in ("Sue", "Gus", "Ruth"):
        said = refused(club("open-table", "--east", east))
        assert "a new table needs 4 players from the line; 3 are waiting" in said, said
    assert session.read_bytes() == before


def test_a_kitty_going_back_gives_one_amount_for_each_player(mahj):
    """Two wall games into a table's kitty, then the table closes: the log says each
    player's 50 once, as `mahj total` adds it up, not one 25 a wall game."""
    ok(mahj("new", "A", "B", "C", "D", "E", "F", "G", "H", "--tables", "2", "--house", "kitty"))
    ok(mahj("wall", "--table", "1"))
    ok(mahj("wall", "--table", "1"))
    closed = ok(mahj("close-table", "1")).stdout
    assert "the kitty goes back: A 50, B 50, C 50, D 50 → A +50, B +50" in closed, closed
    log = ok(mahj("log")).stdout
    assert "the kitty goes back: A 50, B 50" in log and "takes the kitty" not in log, log
