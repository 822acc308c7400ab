"""The fold: RULES.md §1 worked night, §3 seats, §4 pie, and properties over random nights."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjcli.core.fold import fold
from mahjcli.core.model import Join, Leave, Wall, Win
from mahjcli.core.rulesets import League
from mahjcli.core.session import Session

SEATS = ("Ruth", "Linda", "Kathy", "Pat")


def night(*log, players=SEATS, east="Ruth", **options):
    return Session(players=tuple(players), easts=(east,), rules=League(**options), log=tuple(log))


WORKED = night(
    Win("Ruth", 25, thrown_by="Linda"),
    Win("Kathy", 30),
    Win("Pat", 25, thrown_by="Ruth", jokerless=True),
    Wall(),
)


def test_worked_night_game_by_game():
    standings = fold(WORKED)
    assert [row.deltas for row in standings.rows] == [
        (100, -50, -25, -25),
        (-60, -60, 180, -60),
        (-100, -50, -50, 200),
        (0, 0, 0, 0),
    ]
    assert standings.totals == (-60, -160, 105, 115)
    assert [row.east for row in standings.rows] == ["Ruth", "Linda", "Kathy", "Pat"]
    assert standings.east == "Ruth" and standings.next_game == 5


def test_east_never_keeps_the_deal_even_after_winning():
    standings = fold(night(Win("Ruth", 25, thrown_by="Pat"), Win("Linda", 25)))
    assert [row.east for row in standings.rows] == ["Ruth", "Linda"]
    assert standings.east == "Kathy"


def test_three_seated_payments():
    standings = fold(night(Win("Ruth", 25, thrown_by="Linda"), Win("Ruth", 25), players=SEATS[:3]))
    assert standings.rows[0].deltas == (75, -50, -25)
    assert standings.rows[1].deltas == (100, -50, -50)


def test_singles_and_pairs_jokerless_is_not_doubled_and_says_why():
    standings = fold(night(Win("Ruth", 50, jokerless=True, singles_pairs=True)))
    assert standings.rows[0].deltas == (300, -100, -100, -100)
    assert "cannot hold a joker" in standings.rows[0].notes[0]


def test_heavenly_is_paid_as_self_picked_and_only_east_may_declare_it():
    standings = fold(night(Win("Ruth", 25, heavenly=True)))
    assert standings.rows[0].deltas == (150, -50, -50, -50)
    bad = fold(night(Win("Linda", 25, heavenly=True)))
    assert bad.problems and "only East (Ruth)" in bad.problems[0].message


def test_dead_hands_still_pay():
    standings = fold(night(Win("Ruth", 25, thrown_by="Linda", dead=("Pat",))))
    assert standings.rows[0].deltas == (100, -50, -25, -25)


def test_pie_check_from_the_rules():
    # Pat wins a 120 thrown by Ruth twice: Ruth -480 (purse 20 of a 500 pie).
    standings = fold(
        night(
            Win("Pat", 120, thrown_by="Ruth"),
            Win("Pat", 120, thrown_by="Ruth"),
            Win("Linda", 25),
            pie=500,
        )
    )
    assert standings.rows[1].totals[0] == -480
    last = standings.rows[2]
    assert last.deltas == (-20, 120, -50, -50)
    assert [(p.payer, p.owed, p.paid, p.short) for p in last.payments] == [
        ("Ruth", 50, 20, True),
        ("Kathy", 50, 50, False),
        ("Pat", 50, 50, False),
    ]
    assert standings.purses() == {"Ruth": 0, "Linda": 380, "Kathy": 210, "Pat": 1410}


def test_pie_player_collects_in_full_and_can_go_pie_again():
    standings = fold(
        night(
            Win("Linda", 50, thrown_by="Ruth"),  # Ruth owes 100 of a 100 pie: pie
            Win("Ruth", 25, thrown_by="Linda"),  # Ruth collects 100 in full
            Win("Kathy", 50, thrown_by="Ruth"),  # and pays her whole purse again
            pie=100,
        )
    )
    assert standings.rows[1].deltas[0] == 100
    assert standings.rows[2].deltas[0] == -100
    assert standings.purses()["Ruth"] == 0


def test_the_same_win_again_pays_only_what_is_left_in_the_purse():
    # Linda pays 50 of her 70 the first time; the same hand at the same seats four games
    # later finds only 20 in her purse.
    standings = fold(
        night(
            Win("Ruth", 25, thrown_by="Linda"),
            Wall(),
            Wall(),
            Wall(),
            Win("Ruth", 25, thrown_by="Linda"),
            pie=70,
        )
    )
    assert standings.rows[0].deltas == (100, -50, -25, -25)
    assert standings.rows[4].deltas == (70, -20, -25, -25)
    assert standings.purses() == {"Ruth": 240, "Linda": 0, "Kathy": 20, "Pat": 20}


def test_a_player_before_east_leaving_does_not_skip_a_deal():
    # After three walls Pat is East; Ruth (seated before her) leaves: Pat still deals.
    standings = fold(night(Wall(), Wall(), Wall(), Leave("Ruth"), Wall()))
    assert standings.rows[4].east == "Pat"
    assert standings.east == "Linda"


def test_waiting_players_neither_pay_nor_collect():
    standings = fold(night(Win("Linda", 25), players=(*SEATS, "Sue")))
    assert standings.rows[0].deltas == (-50, 150, -50, -50, 0)


def test_joiner_appears_in_every_players_map():
    standings = fold(night(Win("Ruth", 25, thrown_by="Pat"), Join("Sue")))
    assert standings.players == (*SEATS, "Sue")
    assert standings.rows[0].deltas == (100, -25, -25, -50, 0)
    assert standings.waiting == ("Sue",)


def test_leaver_keeps_points():
    standings = fold(night(Win("Pat", 25), Leave("Pat")))
    assert standings.totals == (-50, -50, -50, 150)
    assert standings.seated == ("Linda", "Kathy", "Ruth")
    assert standings.gone == ("Pat",)


def test_waiting_winner_is_a_problem():
    standings = fold(night(Win("Sue", 25), players=(*SEATS, "Sue")))
    assert standings.problems[0].message == "Sue is waiting this game, so cannot be the winner"
    assert standings.problems[0].where.at == 0


# ---- properties over random nights -------------------------------------------------------


@st.composite
def nights(draw):
    """A valid random league night, built one entry at a time against the fold."""
    n = draw(st.integers(3, 8))
    players = tuple(f"P{i}" for i in range(n))
    pie = draw(st.one_of(st.none(), st.integers(20, 400)))
    session = night(players=players, east=players[draw(st.integers(0, min(n, 4) - 1))], pie=pie)
    joined = 0
    for _ in range(draw(st.integers(0, 25))):
        standings = fold(session)
        seated = list(standings.seated)
        kind = draw(st.sampled_from(["win", "win", "win", "wall", "join", "leave"]))
        if kind == "win":
            winner = draw(st.sampled_from(seated))
            thrower = draw(
                st.one_of(st.none(), st.sampled_from([p for p in seated if p != winner]))
            )
            entry = Win(
                winner,
                draw(st.sampled_from([25, 30, 35, 40, 50, 75])),
                thrown_by=thrower,
                jokerless=draw(st.booleans()),
                singles_pairs=draw(st.booleans()),
            )
        elif kind == "wall":
            entry = Wall()
        elif kind == "join":
            joined += 1
            entry = Join(f"J{joined}")
        else:
            present = list(standings.present())
            if len(seated) <= 3 and not standings.waiting:
                continue
            entry = Leave(draw(st.sampled_from(present)))
            if entry.player in seated and not standings.waiting and len(seated) <= 3:
                continue
        candidate = session._replace(log=(*session.log, entry))
        if not fold(candidate).problems:
            session = candidate
    return session


@settings(max_examples=150)
@given(nights())
def test_every_game_sums_to_zero_purses_stay_non_negative_waiting_pay_nothing(session):
    standings = fold(session)
    assert not standings.problems
    pie = session.rules.pie
    for row in standings.rows:
        assert sum(row.deltas) == 0
        for name, delta, total in zip(standings.players, row.deltas, row.totals, strict=True):
            if name not in row.seated:
                assert delta == 0
            if pie is not None:
                assert pie + total >= 0
    assert sum(standings.totals) == 0


@settings(max_examples=150)
@given(nights())
def test_without_pie_every_seated_loser_pays_and_thrower_pays_double(session):
    session = session._replace(rules=League())
    standings = fold(session)
    for row in standings.rows:
        entry = row.entry
        if not isinstance(entry, Win):
            continue
        by_name = dict(zip(standings.players, row.deltas, strict=True))
        losers = [p for p in row.seated if p != entry.winner]
        assert all(by_name[p] < 0 for p in losers)
        if entry.thrown_by is not None:
            others = [by_name[p] for p in losers if p != entry.thrown_by]
            assert all(by_name[entry.thrown_by] == 2 * o for o in others)
        else:
            assert len({by_name[p] for p in losers}) == 1


@settings(max_examples=100)
@given(nights())
def test_replaying_after_undo_gives_the_state_before(session):
    if not session.log:
        return
    whole = fold(session)
    undone = fold(session._replace(log=session.log[:-1]))
    last = whole.rows[-1]
    # The table as it stood before the last entry...
    assert undone.seated == last.seated
    assert undone.waiting == last.waiting
    assert undone.games == whole.games - (1 if last.is_game else 0)
    # ...and every earlier row scored exactly as before.
    assert len(undone.rows) == len(whole.rows) - 1
    for a, b in zip(undone.rows, whole.rows, strict=False):
        assert (a.entry, a.east, a.seated, a.game) == (b.entry, b.east, b.seated, b.game)
        before = dict(zip(whole.players, b.totals, strict=True))
        assert dict(zip(undone.players, a.totals, strict=True)) == {
            n: before[n] for n in undone.players
        }
    expected = (
        dict(zip(whole.players, whole.rows[-2].totals, strict=True))
        if len(whole.rows) > 1
        else dict.fromkeys(whole.players, 0)
    )
    assert undone.totals_map() == {n: expected[n] for n in undone.players}
