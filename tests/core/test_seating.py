"""RULES.md §3: the deal passes right; five and six players share one table; and §8:
several tables share one waiting line."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mahjcli.core.seating import Seating, table_sizes


class Table:
    """A night of one table, seen through the room it is (table 1 and the line)."""

    def __init__(self, room: Seating) -> None:
        self.room = room

    @classmethod
    def start(cls, players: tuple[str, ...], east: str) -> Table:
        return cls(Seating.start(players, (east,)))

    @property
    def east_player(self) -> str:
        return self.room.east_player(1)

    @property
    def seats(self) -> list[str]:
        return self.room.tables[1].seats

    @property
    def waiting(self) -> list[str]:
        return self.room.waiting

    def in_deal_order(self) -> list[str]:
        return self.room.in_deal_order(1)

    def after_game(self) -> None:
        self.room.after_game(1)

    def join(self, player: str) -> bool:
        return self.room.join(player) is not None

    def leave(self, player: str) -> str | None:
        return self.room.leave(player)

    def leave_problem(self, player: str) -> str | None:
        return self.room.leave_problem(player)


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
    why = table.leave_problem("Kathy")
    assert why is not None and "below 3" in why
    assert table.leave_problem("Ruth") == why.replace("Kathy", "Ruth")
    assert table.seats == ["Ruth", "Linda", "Kathy"]


def test_leaver_seated_before_east_keeps_east_in_place():
    table = Table.start(("Ruth", "Linda", "Kathy", "Pat"), "Pat")
    assert table.leave("Ruth") is None
    assert table.in_deal_order() == ["Pat", "Linda", "Kathy"]


# ---- several tables, one line (RULES.md §8) ---------------------------------------------------

NINE = ("Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue")


def test_the_rule_books_two_tables_and_sue_waiting():
    room = Seating.start(NINE, ("Ruth", "Ann"), tables=2)
    assert room.in_deal_order(1) == ["Ruth", "Linda", "Kathy", "Pat"]
    assert room.in_deal_order(2) == ["Ann", "Bea", "Cy", "Dot"]
    assert room.waiting == ["Sue"]
    room.after_game(2)  # table 2 finishes first
    assert room.tables[2].seats == ["Sue", "Bea", "Cy", "Dot"]  # Sue in Ann's seat
    assert room.waiting == ["Ann"] and room.east_player(2) == "Bea"
    room.after_game(1)  # then table 1
    assert room.tables[1].seats == ["Ann", "Linda", "Kathy", "Pat"]  # Ann in Ruth's seat
    assert room.waiting == ["Ruth"] and room.east_player(1) == "Linda"


def test_tables_fill_with_four_and_three_where_players_run_out():
    assert table_sizes(11, 2) == [4, 4]  # three wait
    assert table_sizes(7, 2) == [4, 3]
    assert table_sizes(10, 3) == [4, 3, 3]
    room = Seating.start(tuple("ABCDEFG"), (), tables=2)
    assert room.tables[2].seats == ["E", "F", "G"] and room.waiting == []


def test_an_arrival_fills_a_table_of_three_else_waits():
    room = Seating.start(tuple("ABCDEFG"), (), tables=2)
    assert room.join("H") == 2
    assert room.in_deal_order(2) == ["E", "F", "G", "H"]  # left of East: deals last
    assert room.join("I") is None and room.waiting == ["I"]


def test_opening_a_table_seats_the_front_four():
    room = Seating.start(tuple("ABCDEFGHIJKL"), (), tables=2)
    assert room.waiting == ["I", "J", "K", "L"]
    assert room.open_problem(None) is None
    assert room.open_table("J") == 3
    assert room.in_deal_order(3) == ["J", "K", "L", "I"] and room.waiting == []
    assert "needs 4" in (room.open_problem(None) or "")


def test_a_table_dropping_below_three_closes_its_players_to_the_front_of_the_line():
    room = Seating.start(tuple("ABCDEFG"), ("A", "F"), tables=2)  # table 2: E F G, East F
    room.join("H")  # table 2 has four again; then nobody waits
    room.leave("H")  # table 2 plays on with three
    assert room.tables[2].seats == ["E", "F", "G"]
    room.leave("E")  # below three: table 2 closes
    assert sorted(room.tables) == [1]
    assert room.waiting == ["F", "G"]  # in seat order from East (F)
    assert room.leave_problem("A") is None  # replaced from the line
    assert room.leave("A") == "F"


def test_closing_by_hand_and_never_the_last_table():
    room = Seating.start(tuple("ABCDEFGHI"), (), tables=2)
    room.after_game(2)  # E gets up, I sits, F deals
    assert room.close_problem(3) is not None
    room.close_table(2)
    assert room.waiting[:4] == ["F", "G", "H", "I"] and room.waiting[-1] == "E"
    assert "only table" in (room.close_problem(1) or "")


def test_the_last_table_never_drops_below_three():
    room = Seating.start(tuple("ABCDEFG"), (), tables=2)
    room.close_table(2)
    room.leave("E")
    room.leave("F")
    room.leave("G")  # the line is empty now
    room.leave("D")
    assert "below 3" in (room.leave_problem("A") or "")


ACTIONS = st.lists(
    st.tuples(st.sampled_from(["game", "join", "leave", "open", "close"]), st.integers(0, 30)),
    max_size=60,
)


@settings(max_examples=200)
@given(players=st.integers(6, 14), tables=st.integers(1, 3), actions=ACTIONS)
def test_nobody_is_lost_duplicated_or_in_two_seats(players, tables, actions):
    names = tuple(f"P{i}" for i in range(players))
    if players < 3 * tables or players > 4 * tables + 4:
        return
    room = Seating.start(names, (), tables=tables)
    here = set(names)
    newcomer = players
    for action, pick in actions:
        open_tables = sorted(room.tables)
        if action == "game":
            room.after_game(open_tables[pick % len(open_tables)])
        elif action == "join" and len(here) < 4 * len(room.tables) + 4:
            name = f"P{newcomer}"
            newcomer += 1
            room.join(name)
            here.add(name)
        elif action == "leave":
            name = sorted(here)[pick % len(here)]
            if room.leave_problem(name) is None:
                room.leave(name)
                here.discard(name)
        elif action == "open" and room.open_problem(None) is None:
            room.open_table(None)
        elif action == "close" and room.close_problem(open_tables[pick % len(open_tables)]) is None:
            room.close_table(open_tables[pick % len(open_tables)])
        everyone = room.present()
        assert sorted(everyone) == sorted(here)  # nobody lost, nobody twice
        assert all(3 <= len(t.seats) <= 4 for t in room.tables.values())


@given(tables=st.integers(2, 4), games=st.lists(st.integers(0, 3), max_size=40))
def test_with_nobody_waiting_each_tables_east_visits_every_seat_in_turn(tables, games):
    names = tuple(f"P{i}" for i in range(4 * tables))
    room = Seating.start(names, (), tables=tables)
    played = dict.fromkeys(room.tables, 0)
    for pick in games:
        table = sorted(room.tables)[pick % tables]
        room.after_game(table)
        played[table] += 1
    for number, seats in room.tables.items():
        assert seats.seats == list(names[4 * (number - 1) : 4 * number])  # nobody moved
        assert seats.east == played[number] % 4
