"""RULES.md §3: the deal passes right; five and six players share one table."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mahjcli.core.seating import Seating as Table


def test_four_players_deal_passes_right_every_game():
    table = Table.start(("Ruth", "Linda", "Kathy", "Pat"), "Kathy")
    easts = []
    for _ in range(8):
        easts.append(table.east_player)
        table.after_game()
    assert easts == ["Kathy", "Pat", "Ruth", "Linda"] * 2


def test_five_player_sequence_from_the_rules():
    table = Table.start(("Ruth", "Linda", "Kathy", "Pat", "Sue"), "Ruth")
    seen = []
    for _ in range(5):
        seen.append((table.east_player, list(table.seats), list(table.waiting)))
        table.after_game()
    assert seen == [
        ("Ruth", ["Ruth", "Linda", "Kathy", "Pat"], ["Sue"]),
        ("Linda", ["Sue", "Linda", "Kathy", "Pat"], ["Ruth"]),
        ("Kathy", ["Sue", "Ruth", "Kathy", "Pat"], ["Linda"]),
        ("Pat", ["Sue", "Ruth", "Linda", "Pat"], ["Kathy"]),
        ("Sue", ["Sue", "Ruth", "Linda", "Kathy"], ["Pat"]),
    ]


def test_newcomer_is_never_east_straight_away():
    table = Table.start(("A", "B", "C", "D", "E", "F"), "A")
    for _ in range(30):
        newcomer = table.waiting[0]
        table.after_game()
        assert table.east_player != newcomer


@given(n=st.integers(5, 8), east=st.integers(0, 3), start=st.integers(0, 40))
def test_every_n_games_each_deals_once_and_sits_out_n_minus_4(n, east, start):
    players = tuple(f"P{i}" for i in range(n))
    table = Table.start(players, players[east])
    for _ in range(start):
        table.after_game()
    deals = dict.fromkeys(players, 0)
    sat_out = dict.fromkeys(players, 0)
    for _ in range(n):
        deals[table.east_player] += 1
        for p in table.waiting:
            sat_out[p] += 1
        table.after_game()
    assert set(deals.values()) == {1}
    assert set(sat_out.values()) == {n - 4}


@given(n=st.integers(3, 4), east=st.integers(0, 2), games=st.integers(0, 20))
def test_east_visits_every_seat_in_turn(n, east, games):
    players = tuple(f"P{i}" for i in range(n))
    table = Table.start(players, players[east])
    for _ in range(games):
        table.after_game()
    assert table.east_player == players[(east + games) % n]


def test_arrival_sits_left_of_east_when_three_play():
    table = Table.start(("Ruth", "Linda", "Kathy"), "Linda")
    assert table.join("Sue") is True
    assert table.in_deal_order() == ["Linda", "Kathy", "Ruth", "Sue"]  # Sue deals last


def test_arrival_waits_when_four_sit():
    table = Table.start(("Ruth", "Linda", "Kathy", "Pat", "Sue"), "Ruth")
    assert table.join("Bea") is False
    assert table.waiting == ["Sue", "Bea"]


def test_leaver_replaced_in_same_seat_by_front_of_line():
    table = Table.start(("Ruth", "Linda", "Kathy", "Pat", "Sue", "Bea"), "Ruth")
    assert table.leave("Kathy") == "Sue"
    assert table.seats == ["Ruth", "Linda", "Sue", "Pat"]
    assert table.waiting == ["Bea"]
    assert table.east_player == "Ruth"


def test_east_leaving_passes_the_deal_right():
    table = Table.start(("Ruth", "Linda", "Kathy", "Pat", "Sue"), "Ruth")
    assert table.leave("Ruth") == "Sue"
    assert table.east_player == "Linda"
    table = Table.start(("Ruth", "Linda", "Kathy", "Pat"), "Kathy")
    assert table.leave("Kathy") is None
    assert table.in_deal_order() == ["Pat", "Ruth", "Linda"]


def test_waiting_player_leaves_the_line():
    table = Table.start(("Ruth", "Linda", "Kathy", "Pat", "Sue", "Bea"), "Ruth")
    assert table.leave("Sue") is None
    assert table.waiting == ["Bea"]


def test_table_never_drops_below_three():
    table = Table.start(("Ruth", "Linda", "Kathy", "Pat"), "Ruth")
    table.leave("Pat")
    assert "below 3" in (table.leave_problem("Kathy") or "")
    assert table.leave_problem("Ruth") == table.leave_problem("Kathy").replace("Kathy", "Ruth")
    assert table.seats == ["Ruth", "Linda", "Kathy"]


def test_leaver_seated_before_east_keeps_east_in_place():
    table = Table.start(("Ruth", "Linda", "Kathy", "Pat"), "Pat")
    assert table.leave("Ruth") is None
    assert table.in_deal_order() == ["Pat", "Linda", "Kathy"]
