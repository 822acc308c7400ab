"""RULES.md §8, several tables and one waiting line, through the fold: the rule book's check,
tables of four and three, arrivals, opening and closing tables, points that follow a player;
and properties over random club nights with bettors, a kitty and a pie."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjcli.core.fold import fold
from mahjcli.core.house import House
from mahjcli.core.model import Close, Join, Leave, Open, Wall, Win
from mahjcli.core.rulesets import League
from mahjcli.core.session import Session
from mahjcli.core.standings import Standings, TableView

NINE = ("Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue")


def club(*log, players=NINE, tables=2, easts=(), house=House(), pie=None) -> Session:
    """A club night: `players` fill the tables in order (first-named Easts by default)."""
    return Session(
        players=tuple(players),
        easts=tuple(easts),
        rules=League(pie=pie, house=house),
        log=tuple(log),
        tables=tables,
    )


def played(session: Session) -> Standings:
    standings = fold(session)
    assert standings.problems == (), standings.problems
    return standings


def names(count: int) -> tuple[str, ...]:
    return tuple(f"P{i}" for i in range(1, count + 1))


def test_the_rule_books_check_table_2_finishes_first_then_table_1():
    # Ruth Linda Kathy Pat | Ann Bea Cy Dot, Sue waiting. Table 2 finishes first: Ann gets
    # up, Sue sits in Ann's seat, Bea deals next; then table 1: Ruth gets up, Ann sits.
    first = played(club(Win("Bea", 25, "Cy")))
    assert first.tables == (
        TableView(1, "Ruth", ("Ruth", "Linda", "Kathy", "Pat")),
        TableView(2, "Bea", ("Bea", "Cy", "Dot", "Sue")),
    )
    assert first.waiting == ("Ann",)
    row = first.rows[0]
    assert (row.table, row.east, row.seated, row.waiting) == (
        2, "Ann", ("Ann", "Bea", "Cy", "Dot"), ("Sue",),
    )  # fmt: skip
    # Bea +100: Cy threw (50), Ann and Dot 25; table 1 and Sue neither pay nor collect.
    assert row.deltas == (0, 0, 0, 0, -25, 100, -50, -25, 0)
    assert row.elsewhere == ("Ruth", "Linda", "Kathy", "Pat")

    both = played(club(Win("Bea", 25, "Cy"), Wall(table=1)))
    assert both.tables == (
        TableView(1, "Linda", ("Linda", "Kathy", "Pat", "Ann")),  # Ann in Ruth's seat
        TableView(2, "Bea", ("Bea", "Cy", "Dot", "Sue")),
    )
    assert both.waiting == ("Ruth",)
    assert (both.rows[1].table, both.rows[1].east) == (1, "Ruth")


@pytest.mark.parametrize(
    ("count", "tables", "sizes"),
    [(6, 2, [3, 3]), (7, 2, [4, 3]), (8, 2, [4, 4]), (11, 2, [4, 4]), (12, 2, [4, 4]),
     (9, 3, [3, 3, 3]), (10, 3, [4, 3, 3]), (11, 3, [4, 4, 3]), (13, 3, [4, 4, 4])],
)  # fmt: skip
def test_tables_of_four_and_three_where_the_players_run_out(count, tables, sizes):
    players = names(count)
    standings = played(club(players=players, tables=tables))
    at = 0
    for number, (view, size) in enumerate(zip(standings.tables, sizes, strict=True), 1):
        assert view == TableView(number, players[at], players[at : at + size])
        at += size
    assert standings.waiting == players[at:]


def test_each_table_has_its_own_first_east():
    standings = played(club(easts=("Kathy", "Dot")))
    assert [(t.east, t.seated) for t in standings.tables] == [
        ("Kathy", ("Kathy", "Pat", "Ruth", "Linda")),
        ("Dot", ("Dot", "Ann", "Bea", "Cy")),
    ]


def test_arrivals_fill_the_tables_of_three_then_join_the_line():
    # Ten at three tables: P1-P4 | P5 P6 P7 (East P6) | P8 P9 P10.
    session = club(
        Join("Kim"), Join("Lou"), Join("Max"), players=names(10), tables=3, easts=("P1", "P6")
    )
    standings = played(session)
    assert [row.seat_change for row in standings.rows] == ["Kim", "Lou", None]
    # Kim sits to East's left, so deals last at table 2; Lou likewise at table 3.
    assert standings.tables[1] == TableView(2, "P6", ("P6", "P7", "P5", "Kim"))
    assert standings.tables[2] == TableView(3, "P8", ("P8", "P9", "P10", "Lou"))
    assert standings.waiting == ("Max",)
    assert standings.players == (*names(10), "Kim", "Lou", "Max")


def test_opening_a_table_seats_the_front_four_of_the_line():
    twelve = names(12)  # P9-P12 wait
    standings = played(club(Open(), players=twelve))
    assert standings.tables[2] == TableView(3, "P9", ("P9", "P10", "P11", "P12"))
    assert standings.waiting == ()
    opened = played(club(Open(east="P11"), players=twelve))
    assert opened.tables[2] == TableView(3, "P11", ("P11", "P12", "P9", "P10"))
    # The new table plays: P10 wins there, and its East gets up after.
    after = played(club(Open(), Win("P10", 25, "P9"), Join("Zoe"), players=twelve))
    assert after.rows[1].table == 3 and after.rows[1].east == "P9"
    assert after.tables[2] == TableView(3, "P10", ("P10", "P11", "P12", "P9"))


@pytest.mark.parametrize(
    ("log", "words"),
    [
        ((Open(),), "a new table needs 4 players from the line; 1 is waiting"),
        ((Open(east="Ruth"),), "a new table needs 4"),
        ((Join("Tom"), Join("Uma"), Join("Val"), Open(east="Ruth")), "East must be one of"),
        ((Close(3),), "there is no table 3"),
        ((Close(2), Close(1)), "the only table cannot close"),
        ((Wall(),), "say which table played it"),
        ((Wall(table=3),), "there is no table 3 tonight"),
        ((Win("Ruth", 25, "Ann"),), "Ann sits at table 2"),
        ((Win("Sue", 25, "Ann"),), "Sue is waiting this game"),
        ((Win("Ruth", 25, "Linda", dead=("Bea",)),), "Bea sits at table 2"),
    ],
    ids=["open-short", "open-short-east", "open-east-not-in-front", "close-no-table",
         "close-last", "wall-no-table", "wall-table-3", "thrower-elsewhere", "winner-waiting",
         "dead-elsewhere"],
)  # fmt: skip
def test_club_night_refusals(log, words):
    standings = fold(club(*log))
    assert len(standings.problems) == 1, standings.problems
    assert words in standings.problems[0].message
    assert len(standings.rows) == len(log) - 1  # the refused entry scores nothing


def test_closing_a_table_sends_its_players_to_the_front_of_the_line_in_seat_order():
    # Table 2 plays first (Ann gets up, Sue sits, Bea deals), then closes: Bea, Cy, Dot and
    # Sue go to the front of the line, from East, ahead of Ann.
    standings = played(club(Wall(table=2), Close(2), Wall(table=1)))
    close = standings.rows[1]
    assert (close.table, close.seated) == (2, ("Bea", "Cy", "Dot", "Sue"))
    assert close.waiting == ("Ann",)
    # After table 1's game Ruth gets up and Bea, the front of the line, sits in her seat.
    assert standings.tables == (TableView(1, "Linda", ("Linda", "Kathy", "Pat", "Bea")),)
    assert standings.waiting == ("Cy", "Dot", "Sue", "Ann", "Ruth")


def test_a_table_dropping_below_three_closes_its_players_to_the_front_of_the_line():
    # Seven: P1-P4 | P5 P6 P7 with P7 East. P5 leaves, nobody waits: two are left, so table 2
    # closes and P7 (East) and P6 go to the front of the line in seat order.
    closed = played(club(Leave("P5"), players=names(7), easts=("P1", "P7")))
    assert closed.tables == (TableView(1, "P1", ("P1", "P2", "P3", "P4")),)
    assert closed.waiting == ("P7", "P6") and closed.gone == ("P5",)
    # Then table 1 plays: P1 gets up, P7 (the front) sits in P1's seat, P2 deals.
    standings = played(club(Leave("P5"), Wall(table=1), players=names(7), easts=("P1", "P7")))
    assert standings.tables == (TableView(1, "P2", ("P2", "P3", "P4", "P7")),)
    assert standings.waiting == ("P6", "P1")


def test_a_leaver_is_replaced_from_the_front_of_the_shared_line():
    standings = played(club(Leave("Bea")))
    assert standings.tables[1] == TableView(2, "Ann", ("Ann", "Sue", "Cy", "Dot"))
    assert standings.waiting == () and standings.gone == ("Bea",)
    # With nobody waiting, the next leaver's table plays on with three.
    three = played(club(Leave("Bea"), Leave("Cy")))
    assert three.tables[1] == TableView(2, "Ann", ("Ann", "Sue", "Dot"))


def test_a_players_points_follow_them_from_table_to_table():
    standings = played(
        club(
            Win("Ruth", 25, "Linda"),  # table 1: Ruth +100; she gets up, Sue sits
            Win("Ann", 25),  # table 2: Ann +150; she gets up, Ruth sits in her seat
            Win("Ruth", 25, "Bea"),  # table 2, East Bea: Ruth +100 more
        )
    )
    assert [row.table for row in standings.rows] == [1, 2, 2]
    assert standings.totals_map() == {
        "Ruth": 200, "Linda": -50, "Kathy": -25, "Pat": -25,
        "Ann": 150, "Bea": -100, "Cy": -75, "Dot": -75, "Sue": 0,
    }  # fmt: skip
    assert standings.tables[1] == TableView(2, "Cy", ("Cy", "Dot", "Ruth", "Ann"))
    assert standings.waiting == ("Bea",)


def test_each_table_keeps_its_own_kitty():
    # A wall at table 2 puts 100 in its kitty; a win at table 1 does not take it; the next
    # win at table 2 does (Dot wins 25 thrown by Cy: 50 + 25 + 25 + 100).
    eight = NINE[:8]
    standings = played(
        club(Wall(table=2), Win("Ruth", 25, "Linda"), Win("Dot", 25, "Cy"), players=eight,
             house=House(kitty=25))
    )  # fmt: skip
    wall, one, two = standings.rows
    assert (wall.kitty, one.kitty, two.kitty) == (100, 0, 0)
    assert one.deltas[0] == 100 and two.deltas[7] == 200
    assert standings.kitty_total() == 0


# ---- properties over random club nights --------------------------------------------------


def _bets(draw, standings: Standings, seated: tuple[str, ...]):
    """Some waiting players bet: each on a player at this game's table, or on a wall game."""
    bets, walls = [], []
    for bettor in standings.waiting:
        choice = draw(st.sampled_from([None, None, "wall", *seated]))
        if choice == "wall":
            walls.append(bettor)
        elif choice is not None:
            bets.append((bettor, choice))
    return tuple(bets), tuple(walls)


def _game(draw, standings: Standings, house: House):
    table = draw(st.sampled_from(standings.tables))
    bets, walls = _bets(draw, standings, table.seated)
    if draw(st.integers(0, 3)) == 0:
        return Wall(table=table.table, bets=bets, wall_bets=walls)
    winner = draw(st.sampled_from(table.seated))
    others = [p for p in table.seated if p != winner]
    payer = draw(st.sampled_from(others)) if house.pay_for_table and draw(st.booleans()) else None
    return Win(
        winner,
        draw(st.sampled_from([25, 30, 35, 50, 75])),
        thrown_by=draw(st.one_of(st.none(), st.sampled_from(others))),
        jokerless=draw(st.booleans()),
        singles_pairs=draw(st.integers(0, 4)) == 0,
        pays_for_table=payer,
        bets=bets,
        wall_bets=walls,
    )


@st.composite
def club_nights(draw, max_entries: int = 25):
    """A valid random club night with the bettor, a kitty and often a pie, built one entry
    at a time against the fold."""
    tables = draw(st.integers(2, 3))
    players = names(draw(st.integers(3 * tables, 4 * tables + 4)))
    house = House(
        bettor=draw(st.sampled_from([25, 40])),
        kitty=draw(st.sampled_from([25, 10])),
        kitty_special=draw(st.booleans()),
        pay_for_table=draw(st.booleans()),
        east_double=draw(st.booleans()),
        jokerless_flat=draw(st.sampled_from([None, 10])),
    )
    session = club(
        players=players, tables=tables, house=house,
        pie=draw(st.sampled_from([None, 60, 150, 400])),
    )  # fmt: skip
    arrivals = 0
    for _ in range(draw(st.integers(0, max_entries))):
        standings = fold(session)
        kind = draw(st.sampled_from(["game"] * 6 + ["join", "leave", "open", "close"]))
        if kind == "game":
            entry = _game(draw, standings, house)
        elif kind == "join":
            arrivals += 1
            entry = Join(f"J{arrivals}")
        elif kind == "leave":
            entry = Leave(draw(st.sampled_from(standings.present())))
        elif kind == "open":
            entry = Open()
        else:
            entry = Close(draw(st.sampled_from(standings.tables)).table)
        candidate = session._replace(log=(*session.log, entry))
        if not fold(candidate).problems:
            session = candidate
    return session


@settings(max_examples=60)
@given(club_nights())
def test_every_club_game_sums_to_zero_with_the_kitty_and_no_purse_goes_negative(session):
    standings = fold(session)
    assert standings.problems == ()
    pie = session.rules.pie
    for row in standings.rows:
        assert sum(row.deltas) + row.kitty_change == 0
        assert row.kitty >= 0
        if pie is not None:
            assert all(pie + total >= 0 for total in row.totals)
    assert sum(standings.totals) + standings.kitty_total() == 0
    assert sum(row.kitty_change for row in standings.rows) == standings.kitty_total()
    assert sum(standings.balances().values()) == 0


@settings(max_examples=60)
@given(club_nights())
def test_only_the_games_table_and_its_bettors_pay_or_collect(session):
    standings = fold(session)
    for row in standings.rows:
        entry = row.entry
        if not isinstance(entry, Win | Wall):
            continue
        bettors = {b for b, _ in entry.bets} | set(entry.wall_bets)
        for name, delta in zip(standings.players, row.deltas, strict=True):
            if name not in row.seated and name not in bettors:
                assert delta == 0, (name, row)
        assert all(p.payer in row.seated or p.payer in bettors or p.payer is None
                   for p in row.payments)  # fmt: skip


@settings(max_examples=60)
@given(club_nights())
def test_every_player_in_at_most_one_seat_and_nobody_lost_or_duplicated(session):
    standings = fold(session)
    here = list(session.players)
    for row in standings.rows:
        entry = row.entry
        if not isinstance(entry, Open):  # an Open row shows the new table, drawn from the line
            before = [*row.seated, *row.elsewhere, *row.waiting]
            assert sorted(before) == sorted(here), row
        if isinstance(entry, Join):
            here.append(entry.player)
        elif isinstance(entry, Leave):
            here.remove(entry.player)
    present = standings.present()
    assert len(present) == len(set(present))
    assert sorted(present) == sorted(here)
    assert set(present).isdisjoint(standings.gone)
    assert set(present) | set(standings.gone) == set(standings.players)
    for view in standings.tables:
        assert 3 <= len(view.seated) <= 4
        assert view.east == view.seated[0]


@settings(max_examples=100)
@given(
    sizes=st.lists(st.sampled_from([3, 4]), min_size=2, max_size=3),
    picks=st.lists(st.integers(0, 2), max_size=30),
    starts=st.lists(st.integers(0, 3), min_size=3, max_size=3),
)
def test_with_nobody_waiting_each_tables_east_visits_every_seat_in_turn(sizes, picks, starts):
    sizes = sorted(sizes, reverse=True)  # a night seats its tables of four first
    players = names(sum(sizes))
    tables, at = [], 0
    for size in sizes:
        tables.append(players[at : at + size])
        at += size
    easts = [t[s % len(t)] for t, s in zip(tables, starts, strict=False)]
    log = []
    played_at = [0] * len(tables)
    for pick in picks:
        number = pick % len(tables)
        log.append(Wall(table=number + 1))
        played_at[number] += 1
    standings = played(club(*log, players=players, tables=len(tables), easts=easts))
    seen = [0] * len(tables)
    for row in standings.rows:
        seats = tables[row.table - 1]
        start = seats.index(easts[row.table - 1])
        assert row.east == seats[(start + seen[row.table - 1]) % len(seats)]
        seen[row.table - 1] += 1
    for view, seats, east, games in zip(standings.tables, tables, easts, played_at, strict=True):
        start = seats.index(east)
        assert view.east == seats[(start + games) % len(seats)]
        assert sorted(view.seated) == sorted(seats)  # nobody moved
