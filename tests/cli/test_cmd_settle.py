"""Settling up (RULES.md §5) at the command line: the fewest payments for a big club night,
a leaver who settles as she goes (`mahj leave NAME --settle`), and the final settle-up that
covers only what remains."""

from __future__ import annotations

import json
import tomllib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from mahjcli.cli import app, ask
from mahjcli.core.fold import fold
from mahjcli.core.house import House
from mahjcli.core.model import Leave, Wall, Win
from mahjcli.core.rulesets import League
from mahjcli.core.session import Session
from mahjcli.night.build import build_join
from mahjcli.night.door import build_leave


def ok(result):
    assert result.exit_code == 0, result
    return result


def total(run) -> dict:
    return json.loads(ok(run("total", "--json")).stdout)


def payments(listed) -> list[tuple[str, str, int]]:
    return [(p["from"], p["to"], p["amount"]) for p in listed]


def settles(balances: dict[str, int], paid: list[tuple[str, str, int]]) -> dict[str, int]:
    left = dict(balances)
    for payer, payee, amount in paid:
        left[payer] += amount
        left[payee] -= amount
    return left


# ---- the reproduction: 20 players on 5 tables, 11 payments -----------------------

TWENTY = [f"P{i:02}" for i in range(1, 21)]
WINS = [("P04", 5, "P01"), ("P04", 20, "P02"), ("P04", 15, "P03"), ("P06", 20, "P05"),
        ("P08", 5, "P05"), ("P08", 15, "P07"), ("P10", 5, "P09"), ("P11", 30, "P09"),
        ("P11", 5, "P12"), ("P14", 10, "P13"), ("P15", 5, "P13"), ("P15", 20, "P16"),
        ("P18", 5, "P17")]  # fmt: skip


def test_twenty_players_on_five_tables_settle_in_eleven_payments(mahj):
    ok(mahj("new", *TWENTY, "--tables", "5", "--house", "pay-for-table"))
    for winner, value, thrower in WINS:
        ok(mahj("win", winner, str(value), "--thrown-by", thrower, "--pays-for-table", thrower))
    shown = total(mahj)
    balances = {name: points for name, points in shown["totals"].items() if points}
    assert len(balances) == 18
    assert shown["settle_fewest"] is True and len(shown["settle"]) == 11
    assert set(settles(shown["totals"], payments(shown["settle"])).values()) == {0}
    text = ok(mahj("total")).stdout
    assert "Settle up: the fewest payments" in text
    assert text.count(" pays ") == 11


def test_beyond_twenty_balances_every_view_says_it_is_a_short_list(mahj):
    """Twenty-four players, each a different balance: a short list, said in every view."""
    names = [f"P{i:02}" for i in range(1, 25)]
    ok(mahj("new", *names, "--tables", "6"))
    for table in range(6):
        seats = names[4 * table : 4 * table + 4]
        ok(mahj("win", seats[0], str(25 + 5 * table), "--thrown-by", seats[1]))
        ok(mahj("win", seats[2], str(30 + 5 * table), "--self-pick"))
    shown = total(mahj)
    assert shown["settle_fewest"] is False
    assert set(settles(shown["totals"], payments(shown["settle"])).values()) == {0}
    assert "Settle up: a short list of payments" in ok(mahj("total")).stdout
    assert "Settle up: a short list of payments" in ok(mahj("total", "--html", "-")).stdout


# ---- a leaver settles as she goes -----------------------------------------------------------


@pytest.fixture
def five(mahj):
    """Ruth, Linda, Kathy, Pat and Sue after two games (Sue sat down for game 2 in Ruth's
    seat, and Linda waits for game 3)."""
    ok(mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue"))
    ok(mahj("win", "Ruth", "25", "--thrown-by", "Linda"))  # Sue takes Ruth's seat
    ok(mahj("win", "Kathy", "30", "--self-pick"))
    assert total(mahj)["totals"] == {"Ruth": 100, "Linda": -110, "Kathy": 155, "Pat": -85,
                                     "Sue": -60}  # fmt: skip
    return mahj


def test_a_winner_who_leaves_is_paid_by_the_biggest_loser_still_here(five, session):
    result = ok(five("leave", "Ruth", "--settle"))
    assert "Ruth leaves and settles up" in result.stdout
    assert "Settled: Linda pays Ruth 100" in result.stdout
    entry = tomllib.loads(session.read_text())["log"][-1]
    assert entry == {"kind": "leave", "player": "Ruth", "paid_by": [["Linda", 100]]}
    shown = total(five)
    assert shown["totals"]["Ruth"] == 100  # her total stays as played
    assert shown["settled"] == [
        {"player": "Ruth", "before_game": 3, "from": "Linda", "to": "Ruth", "amount": 100}
    ]
    final = payments(shown["settle"])
    assert all("Ruth" not in (payer, payee) for payer, payee, _ in final)
    assert settles(shown["totals"], [*payments(shown["settled"]), *final]) == dict.fromkeys(
        shown["totals"], 0
    )
    seating = json.loads(ok(five("log", "--json")).stdout)["seating"]
    assert seating[-1]["settled"] == [{"from": "Linda", "to": "Ruth", "amount": 100}]
    text = ok(five("total")).stdout
    assert "Ruth (left, settled)" in text
    assert "Settled as they left:\n  Linda pays Ruth 100 (before game 3)" in text
    assert text.index("Settled as they left") < text.index("Settle up: the fewest payments")


def test_a_loser_who_leaves_pays_the_biggest_winners_first(five, session):
    ok(five("leave", "Linda", "--settle"))
    entry = tomllib.loads(session.read_text())["log"][-1]
    assert entry["pays"] == [["Kathy", 110]]
    log = ok(five("log")).stdout
    assert "Linda leaves and settles up" in log and "Linda pays Kathy 110" in log


def test_a_leaver_pays_a_table_mate_rather_than_a_stranger_when_it_takes_as_few(mahj, session):
    ok(
        mahj(
            "new",
            *["Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue"],
            "--tables",
            "2",
        )
    )
    ok(mahj("win", "Ruth", "25", "--thrown-by", "Linda"))  # table 1: Linda -50, Ruth +100
    ok(mahj("win", "Bea", "30", "--self-pick"))  # table 2: Bea +180, the most owed
    ok(mahj("leave", "Linda", "--settle"))
    entry = tomllib.loads(session.read_text(encoding="utf-8"))["log"][-1]
    assert entry["pays"] == [["Ruth", 50]]  # one payment either way: to the one she sat with


def test_a_leaver_who_comes_back_starts_from_her_settled_balance(five):
    ok(five("leave", "Ruth", "--settle"))  # Linda pays Ruth 100
    ok(five("join", "Ruth"))
    ok(five("wall"))  # Kathy gets up, Ruth takes her seat
    ok(five("win", "Pat", "25", "--thrown-by", "Ruth"))  # Ruth -50 since she came back
    shown = total(five)
    assert shown["totals"]["Ruth"] == 50  # the sheet: +100 as played, then -50
    ruth_final = [p for p in payments(shown["settle"]) if "Ruth" in p[:2]]
    assert ruth_final == [("Ruth", ruth_final[0][1], 50)]  # only what she lost since
    ok(five("leave", "Ruth", "--settle"))  # and she settles that as she goes again
    shown = total(five)
    assert [s["amount"] for s in shown["settled"] if s["player"] == "Ruth"] == [100, 50]
    assert all("Ruth" not in p[:2] for p in payments(shown["settle"]))
    everything = [*payments(shown["settled"]), *payments(shown["settle"])]
    assert set(settles(shown["totals"], everything).values()) == {0}


def test_undo_takes_back_the_leave_and_its_settle_up_together(five):
    ok(five("leave", "Ruth", "--settle"))
    ok(five("undo"))
    shown = total(five)
    assert shown["settled"] == [] and "Ruth" in {
        p for s in shown["settle"] for p in (s["from"], s["to"])
    }


def test_a_square_leaver_settles_nothing(mahj, session):
    ok(mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue"))
    result = ok(mahj("leave", "Sue", "--settle"))
    assert "Sue was square, nothing paid" in result.stdout
    log = tomllib.loads(session.read_text())["log"]
    assert log[-1] == {"kind": "leave", "player": "Sue", "square": True}


def test_what_the_players_still_here_cannot_cover_waits_for_the_end(mahj):
    """Pat wins 100, Linda's 50 of it; Linda leaves without settling, so Pat, leaving,
    can be paid only Ruth's and Kathy's 25 each: 50 waits for the final settle-up."""
    ok(mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue"))
    ok(mahj("win", "Pat", "25", "--thrown-by", "Linda"))
    ok(mahj("leave", "Linda", "--no-settle"))
    result = ok(mahj("leave", "Pat", "--settle"))
    assert "Settled: Pat is paid by Ruth 25 and Kathy 25" in result.stdout
    assert "50 points is left for the night's final settle-up" in result.stdout
    assert payments(total(mahj)["settle"]) == [("Linda", "Pat", 50)]


def test_a_settle_up_on_a_night_for_money_is_in_money(mahj):
    ok(mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--stake", "0.25"))
    ok(mahj("win", "Ruth", "25", "--thrown-by", "Linda"))
    result = ok(mahj("leave", "Ruth", "--settle"))
    said = "Ruth is paid by Linda $12.50, Kathy $6.25 and Pat $6.25"
    assert f"Settled: {said}" in result.stdout
    assert f"{said} (before game 2)" in ok(mahj("total")).stdout


def test_names_are_shown_as_typed_in_a_settle_up(mahj):
    ok(mahj("new", "[bold]Sue", "José", "李", "Pat"))
    ok(mahj("win", "李", "25", "--thrown-by", "[bold]Sue"))
    result = ok(mahj("leave", "李", "--settle"))
    said = "李 is paid by [bold]Sue 50, José 25 and Pat 25"
    assert said in result.stdout
    page = ok(mahj("total", "--html", "-")).stdout
    assert f"{said} (before game 2)" in page


def test_a_leave_without_settling_says_how_to_settle_instead(five):
    result = ok(five("leave", "Ruth"))
    assert "mahj undo, then mahj leave Ruth --settle" in result.stdout
    assert "Settled" not in result.stdout


def test_the_settle_up_suggested_runs_as_printed_for_any_name(mahj, session):
    """A name that starts with `-` goes after `--` (else it reads as an option)."""
    import shlex

    def run(*args: str):
        return ok(mahj(args[0], "--session", str(session), *args[1:], use_session=False))

    run("new", "--", "-2", "Ruth", "Linda", "Kathy", "Pat")
    run("win", "Ruth", "25", "--self-pick")
    said = run("leave", "--", "-2").stdout
    assert "mahj undo, then mahj leave --settle -- -2" in " ".join(said.split())
    run("undo")
    assert "Settled" in run(*shlex.split("mahj leave --settle -- -2")[1:]).stdout


def test_no_settle_means_no_offer(five):
    assert "--settle" not in ok(five("leave", "Ruth", "--no-settle")).stdout


@pytest.mark.parametrize(("answer", "settled"), [("y\n", True), ("n\n", False)])
def test_at_a_terminal_mahj_asks_whether_she_settles(five, session, monkeypatch, answer, settled):
    monkeypatch.setattr(ask, "interactive", lambda: True)
    result = CliRunner().invoke(
        app, ["leave", "Ruth", "--session", str(session)], input=answer, catch_exceptions=False
    )
    assert result.exit_code == 0, result.stdout
    assert "Settle Ruth up now (Linda pays Ruth 100)?" in result.stdout
    entry = tomllib.loads(session.read_text())["log"][-1]
    assert ("paid_by" in entry) is settled
    assert "mahj undo, then" not in result.stdout


def test_a_wrong_answer_to_the_settle_question_says_what_to_type(five, session, monkeypatch):
    monkeypatch.setattr(ask, "interactive", lambda: True)
    result = CliRunner().invoke(
        app, ["leave", "Ruth", "--session", str(session)], input="Yes please\ny\n",
        catch_exceptions=False,
    )  # fmt: skip
    assert result.exit_code == 0, result.stdout
    assert "Type y to settle Ruth up now, or n" in result.stdout
    assert "Error" not in result.stdout + result.stderr
    assert "paid_by" in tomllib.loads(session.read_text())["log"][-1]


def test_a_tournament_night_has_nothing_to_settle(mahj, session):
    ok(mahj("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament"))
    before = session.read_bytes()
    result = mahj("leave", "Dot", "--settle")
    assert result.exit_code == 1 and result.stderr.startswith("Error: ")
    assert "nothing to settle up" in result.stderr and "Traceback" not in result.stderr
    assert session.read_bytes() == before


def test_hand_edited_settle_ups_are_checked(five, session):
    ok(five("leave", "Ruth", "--settle"))
    text = session.read_text()
    for wrong, said in [
        ('paid_by = [["Ruth", 100]]', "settles up with the others"),
        ('paid_by = [["Nobody", 100]]', "unknown player 'Nobody' in paid_by"),
        ('paid_by = [["Linda", -5]]', "paid_by: Linda's amount must be a whole number"),
        ('paid_by = ["Linda"]', "paid_by must be a list of [player, points] pairs"),
    ]:
        session.write_text(text.replace('paid_by = [["Linda", 100]]', wrong))
        result = five("check")
        assert result.exit_code == 1 and said in result.stdout, (wrong, result)
    session.write_text(text.replace("paid_by", "pays"))  # she paid Linda: a real record
    assert five("check").exit_code == 0
    assert total(five)["settled"][0] == {
        "player": "Ruth", "before_game": 3, "from": "Ruth", "to": "Linda", "amount": 100
    }  # fmt: skip


def test_a_settle_up_with_a_player_who_already_left_is_refused_in_the_file(five, session):
    ok(five("leave", "Pat"))
    ok(five("leave", "Ruth", "--settle"))
    text = session.read_text().replace('paid_by = [["Linda", 100]]', 'paid_by = [["Pat", 85]]')
    session.write_text(text)
    result = five("check")
    assert result.exit_code == 1 and "Pat is not here, so Ruth cannot settle up" in result.stdout


def test_renaming_a_player_renames_her_in_settle_ups(five, session):
    ok(five("leave", "Ruth", "--settle"))
    ok(five("rename", "Linda", "Lynda"))
    entry = tomllib.loads(session.read_text())["log"][-1]
    assert entry["paid_by"] == [["Lynda", 100]]


def test_the_room_page_shows_what_was_settled_and_the_rest(five, session):
    from starlette.testclient import TestClient

    from mahjcli.web.app import make_app
    from mahjcli.web.source import Room

    ok(five("leave", "Ruth", "--settle"))
    with TestClient(make_app(Room.of_file(session), "t" * 20)) as client:
        page = client.get("/").text
    assert "Settled as they left" in page and "Linda pays Ruth 100 (before game 3)" in page
    assert "To settle up now: the fewest payments" in page
    assert "Kathy" in page[page.index("To settle up now") :]


# ---- every balance is settled exactly once ------------------------------------------------

CLUB = ("Ann", "Bea", "Cy", "Dot", "Eve", "Flo", "Gus", "Hal", "Ida")


@st.composite
def club_nights(draw):
    """A club night of two tables and one waiting, with the kitty, where players win,
    leave (settling up or not) and come back."""
    session = Session(
        players=CLUB,
        easts=(),
        rules=League(house=House(kitty=25), pie=draw(st.sampled_from([None, 300]))),
        tables=2,
    )
    for _ in range(draw(st.integers(1, 25))):
        standings = fold(session)
        kind = draw(st.sampled_from(["win", "win", "wall", "leave", "settle", "join"]))
        table = draw(st.sampled_from(standings.tables))
        if kind in ("win", "wall"):
            seated = list(table.seated)
            winner = draw(st.sampled_from(seated))
            thrower = draw(st.sampled_from([None, *[p for p in seated if p != winner]]))
            entry = (
                Win(winner, draw(st.sampled_from([25, 30, 50])), thrower)
                if kind == "win"
                else Wall(table=table.table)
            )
        elif kind == "join" and standings.gone:
            entry = build_join(standings, draw(st.sampled_from(standings.gone))).entry
        elif kind in ("leave", "settle"):
            entry = build_leave(
                standings, draw(st.sampled_from(standings.present())), kind == "settle"
            ).entry
        else:
            continue
        tried = session._replace(log=(*session.log, entry))
        if not fold(tried).problems:
            session = tried
    return session


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(club_nights())
def test_with_and_without_settled_leavers_every_balance_is_settled_exactly_once(session):
    standings = fold(session)
    assert standings.problems == ()
    back = standings.kitty_returns()
    owed = {p: t + back.get(p, 0) for p, t in standings.totals_map().items()}
    settled = [tuple(t) for t in standings.settled()]
    final = [tuple(t) for t in standings.settle_up().payments]
    assert sum(standings.balances().values()) == 0
    assert set(settles(owed, [*settled, *final]).values()) <= {0}
    # the same night with nobody settling as they left: the final settle-up does it all
    plain = session._replace(
        log=tuple(Leave(e.player) if isinstance(e, Leave) else e for e in session.log)
    )
    unsettled = fold(plain)
    assert unsettled.totals == standings.totals
    alone = [tuple(t) for t in unsettled.settle_up().payments]
    assert set(settles(owed, alone).values()) <= {0}


# ---- a leaver's stake in a kitty still being played ------------------------------------


def test_a_leaver_who_settles_is_told_her_stake_stays_in_the_kitty(mahj):
    """Kathy is paid 150 at the door, but 25 of hers is in the kitty: the door says so, and
    says when it comes back to her, so nobody is surprised to see her in the final list."""
    ok(mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--house", "kitty"))
    ok(mahj("wall"))
    ok(mahj("win", "Kathy", "25", "--thrown-by", "Linda"))  # takes the kitty of 100
    ok(mahj("wall"))  # 25 each into a new kitty
    ok(mahj("join", "Sue"))
    said = " ".join(ok(mahj("leave", "Kathy", "--settle")).stdout.split())
    assert "Settled: Kathy is paid by Linda 100 and Ruth 50" in said
    assert (
        "the kitty keeps Kathy's 25 points: a later win at that table takes it; if "
        "nobody wins it, the night's final settle-up pays Kathy the 25 points back" in said
    )
    ok(mahj("wall"))
    assert ("Pat", "Kathy", 25) in payments(total(mahj)["settle"])


def test_a_leaver_whose_table_closes_has_nothing_left_in_its_kitty(mahj):
    """Her leaving closes the table, so its kitty goes back at once: nothing stays."""
    ok(mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "Bea", "Ann", "Flo", "--tables", "2",
            "--house", "kitty=10"))  # fmt: skip
    ok(mahj("win", "Kathy", "25", "--thrown-by", "Linda"))
    ok(mahj("leave", "Pat", "--settle"))  # table 1 plays on with three
    ok(mahj("wall", "--table", "1"))
    said = " ".join(ok(mahj("leave", "Kathy", "--settle")).stdout.split())
    assert "table 1 closes" in said
    assert "kitty keeps" not in said


def test_a_leaver_with_no_stake_in_a_kitty_hears_nothing_of_it(mahj):
    ok(mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "--house", "kitty"))
    ok(mahj("win", "Kathy", "25", "--thrown-by", "Linda"))
    said = " ".join(ok(mahj("leave", "Linda", "--settle")).stdout.split())
    assert "Settled:" in said and "kitty" not in said


def test_a_night_where_nobody_owes_anything_says_so(mahj, tmp_path):
    """A night of wall games only: the settle-up is not left blank, it says nobody owes,
    on the terminal, the page to share and the picture alike."""
    ok(mahj("new", "Ruth", "Linda", "Kathy", "Pat"))
    ok(mahj("wall"))
    said = ok(mahj("total")).stdout
    assert said.rstrip().endswith("Nobody owes anybody anything more."), said
    assert total(mahj)["settle"] == []
    page, picture = tmp_path / "night.html", tmp_path / "night.svg"
    ok(mahj("total", "--html", str(page), "--svg", str(picture)))
    assert "Nobody owes anybody anything more." in page.read_text("utf-8")
    assert "Nobody owes anybody anything more." in picture.read_text("utf-8")


def test_a_night_settled_at_the_door_says_nobody_owes_anything_more(mahj):
    ok(mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue"))
    ok(mahj("win", "Ruth", "25", "--thrown-by", "Linda"))
    ok(mahj("leave", "Ruth", "--settle"))
    said = ok(mahj("total")).stdout
    assert "Settled as they left:" in said and "Nobody owes anybody anything more." in said


def test_a_tournament_table_has_no_settle_up_to_speak_of(mahj):
    ok(mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--rules", "tournament"))
    ok(mahj("wall"))
    assert "owes" not in ok(mahj("total")).stdout


def test_the_door_says_which_wins_take_the_kitty_and_names_each_table_holding_her_stake(mahj):
    """Under kitty-special only a jokerless or self-picked win takes the kitty; Ann's stake
    in two tables' kitties names both tables."""
    ok(mahj("new", "Ann", "Bea", "Cy", "Dot", "Eve", "Flo", "Gus", "Hal", "Ivy", "--tables", "2",
            "--house", "kitty", "--house", "kitty-special", "--stake", "0.25"))  # fmt: skip
    ok(mahj("wall", "--table", "1"))  # Ann gets up: Ivy sits; Ann waits
    ok(mahj("wall", "--table", "2"))  # Eve gets up; Ann sits at table 2
    ok(mahj("wall", "--table", "2"))
    said = " ".join(ok(mahj("leave", "Ann", "--settle")).stdout.split())
    assert (
        "the kitties of tables 1 and 2 keep Ann's $12.50: a later jokerless or self-picked "
        "win at each table takes its kitty; if nobody wins one, the night's final settle-up "
        "pays back Ann's share of it" in said
    ), said


def test_the_commands_suggested_for_a_name_that_starts_with_a_dash_run_as_printed(mahj, session):
    """As an option's value (`--penalty -x`) the name stands as it is; as a command's word
    it comes last, after `--`, with the options before it (`mahj fix 1 --thrown-by Bea --
    -x 25`): each suggestion runs as printed."""
    import re
    import shlex

    def run(*args: str):
        return mahj(args[0], "--session", str(session), *args[1:], use_session=False)

    def suggested(pattern: str, said: str) -> list[str]:
        found = re.search(pattern, " ".join(said.split()))
        assert found, said
        return shlex.split(found.group(1))[1:]

    ok(run("new", "--rules", "tournament", "--", "-x", "Bea", "Cy", "Dee"))
    ok(run("penalty", "--reason", "looked", "--", "-x", "10"))
    ok(run("win", "Bea", "25", "--self-pick"))
    ok(run("penalty", "--reason", "again", "--", "-x", "10"))
    words = suggested(
        r"\((mahj take-back 2 --penalty -x) takes it out\)", run("take-back", "2").stderr
    )
    assert "Removed" in ok(run(*words)).stdout
    ok(run("win", "--thrown-by", "Bea", "--exposures", "1", "--", "-x", "25"))
    said = ok(run("fix", "2", "Cy", "30", "--thrown-by", "Bea", "--exposures", "1")).stdout
    words = suggested(r"To take this fix back: (mahj fix 2 .*? -- -x 25) \(", said)
    assert "now: -x wins 25" in ok(run(*words)).stdout
