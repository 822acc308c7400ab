"""RULES.md §7, house rules, through the fold: the bettor, the kitty, pay for the table, East
double, jokerless as flat points, each with the pie (§4), and the tournament variants.

Every expected number below is worked out by hand from the rule book (the working is in the
comments); none was taken from running the program.
"""

from __future__ import annotations

import pytest

from mahjcli.core.fold import fold
from mahjcli.core.house import House
from mahjcli.core.model import Close, Error, Leave, Wall, Win
from mahjcli.core.rulesets import League, Tournament
from mahjcli.core.session import Session
from mahjcli.core.settle import settle
from mahjcli.core.standings import Row, Standings

FOUR = ("Ruth", "Linda", "Kathy", "Pat")
FIVE = (*FOUR, "Sue")
SIX = (*FIVE, "Ann")


def night(*log, players=FOUR, house=House(), pie=None, east="Ruth", tables=1, easts=None):
    """A league night of these players (seat order), East first named, with `house`."""
    return Session(
        players=tuple(players),
        easts=tuple(easts) if easts else (east,),
        rules=League(pie=pie, house=house),
        log=tuple(log),
        tables=tables,
    )


def played(session: Session) -> Standings:
    standings = fold(session)
    assert standings.problems == (), standings.problems
    return standings


def deltas(standings: Standings, row: Row) -> dict[str, int]:
    return dict(zip(standings.players, row.deltas, strict=True))


def last_deltas(session: Session) -> dict[str, int]:
    standings = played(session)
    row = standings.rows[-1]
    if session.rules.pays:
        assert sum(row.deltas) + row.kitty_change == 0  # zero-sum, the kitty an account
    return deltas(standings, row)


def on(*bets: tuple[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(bets)


# ---- the bettor --------------------------------------------------------------------------

BETTOR = House(bettor=25)

BETTOR_CASES = [
    # The rule book: Ruth wins 25 thrown by Linda; Sue bets on Ruth: Linda pays Ruth 50 and
    # Sue 50, Kathy and Pat pay Ruth 25 and Sue 25 each.
    ("sue-on-ruth", FIVE, Win("Ruth", 25, "Linda", bets=on(("Sue", "Ruth"))),
     {"Ruth": 100, "Linda": -100, "Kathy": -50, "Pat": -50, "Sue": 100}),
    # Sue on Kathy instead: Sue pays Ruth what Kathy pays, 25: Ruth +125.
    ("sue-on-kathy", FIVE, Win("Ruth", 25, "Linda", bets=on(("Sue", "Kathy"))),
     {"Ruth": 125, "Linda": -50, "Kathy": -25, "Pat": -25, "Sue": -25}),
    # On the thrower: the bettor pays the winner 2V, as the thrower does.
    ("sue-on-the-thrower", FIVE, Win("Ruth", 25, "Linda", bets=on(("Sue", "Linda"))),
     {"Ruth": 150, "Linda": -50, "Kathy": -25, "Pat": -25, "Sue": -50}),
    # Self-picked 25: each loser pays Ruth 50 and Sue 50.
    ("sue-on-a-self-picker", FIVE, Win("Ruth", 25, bets=on(("Sue", "Ruth"))),
     {"Ruth": 150, "Linda": -100, "Kathy": -100, "Pat": -100, "Sue": 150}),
    # Kathy self-picks 30 (60 each); Sue bet on Pat, so pays Kathy 60: 180 + 60.
    ("sue-on-a-loser-of-a-self-pick", FIVE, Win("Kathy", 30, bets=on(("Sue", "Pat"))),
     {"Ruth": -60, "Linda": -60, "Kathy": 240, "Pat": -60, "Sue": -60}),
    # Jokerless 25 thrown by Ruth: Ruth pays 100 to Pat and 100 to Sue, the others 50 + 50.
    ("mirror-of-a-jokerless-win", FIVE,
     Win("Pat", 25, "Ruth", jokerless=True, bets=on(("Sue", "Pat"))),
     {"Ruth": -200, "Linda": -100, "Kathy": -100, "Pat": 200, "Sue": 200}),
    # A bet on a wall game, and a wall game: each seated pays Sue V_wall = 25.
    ("wall-bet-on-a-wall-game", FIVE, Wall(wall_bets=("Sue",)),
     {"Ruth": -25, "Linda": -25, "Kathy": -25, "Pat": -25, "Sue": 100}),
    # Someone wins instead: the wall bettor pays the winner what a seated loser who did not
    # throw pays: 25 on a thrown 25...
    ("wall-bettor-thrown-win", FIVE, Win("Ruth", 25, "Linda", wall_bets=("Sue",)),
     {"Ruth": 125, "Linda": -50, "Kathy": -25, "Pat": -25, "Sue": -25}),
    # ...60 on a self-picked 30 (every loser pays 2V)...
    ("wall-bettor-self-picked-win", FIVE, Win("Kathy", 30, wall_bets=("Sue",)),
     {"Ruth": -60, "Linda": -60, "Kathy": 240, "Pat": -60, "Sue": -60}),
    # ...and 50 on a jokerless thrown 25 (value in use 50).
    ("wall-bettor-jokerless-win", FIVE, Win("Ruth", 25, "Linda", jokerless=True,
                                            wall_bets=("Sue",)),
     {"Ruth": 250, "Linda": -100, "Kathy": -50, "Pat": -50, "Sue": -50}),
    # A bet on a player, and a wall game: nobody wins or loses, nobody pays.
    ("bet-on-a-player-at-a-wall-game", FIVE, Wall(bets=on(("Sue", "Ruth"))),
     {"Ruth": 0, "Linda": 0, "Kathy": 0, "Pat": 0, "Sue": 0}),
    # Six players: Ann waits and does not bet, so neither pays nor collects.
    ("a-waiting-player-who-does-not-bet", SIX, Win("Ruth", 25, "Linda", bets=on(("Sue", "Ruth"))),
     {"Ruth": 100, "Linda": -100, "Kathy": -50, "Pat": -50, "Sue": 100, "Ann": 0}),
    # Six: two bettors. Sue on the winner collects 50 + 25 + 25; Ann on Kathy pays Ruth 25.
    ("two-bettors", SIX, Win("Ruth", 25, "Linda", bets=on(("Sue", "Ruth"), ("Ann", "Kathy"))),
     {"Ruth": 125, "Linda": -100, "Kathy": -50, "Pat": -50, "Sue": 100, "Ann": -25}),
    # Six: both on a self-picker: each loser pays 50 to Ruth, 50 to Sue and 50 to Ann.
    ("two-bettors-on-the-winner", SIX, Win("Ruth", 25, bets=on(("Sue", "Ruth"), ("Ann", "Ruth"))),
     {"Ruth": 150, "Linda": -150, "Kathy": -150, "Pat": -150, "Sue": 150, "Ann": 150}),
    # Six: a wall bet and a bet on Pat, and a wall game: only the wall bettor collects.
    ("a-wall-bet-and-a-player-bet", SIX, Wall(bets=on(("Ann", "Pat")), wall_bets=("Sue",)),
     {"Ruth": -25, "Linda": -25, "Kathy": -25, "Pat": -25, "Sue": 100, "Ann": 0}),
    # Six: both bet on a wall game and it is one: each seated pays each bettor 25.
    ("two-wall-bets-on-a-wall-game", SIX, Wall(wall_bets=("Sue", "Ann")),
     {"Ruth": -50, "Linda": -50, "Kathy": -50, "Pat": -50, "Sue": 100, "Ann": 100}),
    # Six: both bet on a wall game and Linda wins 25 thrown by Pat: each pays Linda 25.
    ("two-wall-bettors-lose", SIX, Win("Linda", 25, "Pat", wall_bets=("Sue", "Ann")),
     {"Ruth": -25, "Linda": 150, "Kathy": -25, "Pat": -50, "Sue": -25, "Ann": -25}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("players", "entry", "expected"),
    [case[1:] for case in BETTOR_CASES],
    ids=[case[0] for case in BETTOR_CASES],
)
def test_the_bettor(players, entry, expected):
    assert last_deltas(night(entry, players=players, house=BETTOR)) == expected


def test_the_nights_wall_bet_value():
    # bettor=40: on a wall game each seated pays the wall bettor 40.
    got = last_deltas(night(Wall(wall_bets=("Sue",)), players=FIVE, house=House(bettor=40)))
    assert got == {"Ruth": -40, "Linda": -40, "Kathy": -40, "Pat": -40, "Sue": 160}


def test_the_bettors_payments_are_listed_after_the_winners():
    standings = played(night(Win("Ruth", 25, "Linda", bets=on(("Sue", "Ruth"))), players=FIVE,
                             house=BETTOR))  # fmt: skip
    assert [(p.payer, p.payee, p.paid) for p in standings.rows[0].payments] == [
        ("Linda", "Ruth", 50), ("Kathy", "Ruth", 25), ("Pat", "Ruth", 25),
        ("Linda", "Sue", 50), ("Kathy", "Sue", 25), ("Pat", "Sue", 25),
    ]  # fmt: skip


# ---- the kitty ---------------------------------------------------------------------------

KITTY = House(kitty=25)
SPECIAL = House(kitty=25, kitty_special=True)


def test_a_wall_game_feeds_the_kitty():
    standings = played(night(Wall(), house=KITTY))
    row = standings.rows[0]
    assert deltas(standings, row) == {"Ruth": -25, "Linda": -25, "Kathy": -25, "Pat": -25}
    assert (row.kitty, row.kitty_change, standings.kitty_total()) == (100, 100, 100)


def test_the_kittys_value_is_the_nights():
    standings = played(night(Wall(), house=House(kitty=10)))
    assert standings.rows[0].deltas == (-10, -10, -10, -10)
    assert standings.kitty_total() == 40


def test_the_next_win_takes_the_whole_kitty():
    # Game 2 (East Linda): Ruth wins 25 thrown by Linda: 50 + 25 + 25, and the kitty's 100.
    standings = played(night(Wall(), Win("Ruth", 25, "Linda"), house=KITTY))
    row = standings.rows[1]
    assert deltas(standings, row) == {"Ruth": 200, "Linda": -50, "Kathy": -25, "Pat": -25}
    assert (row.kitty, row.kitty_change) == (0, -100)
    assert standings.totals_map() == {"Ruth": 175, "Linda": -75, "Kathy": -50, "Pat": -50}
    assert standings.kitty_total() == 0 and standings.kitty_returns() == {}


def test_two_wall_games_then_a_self_pick():
    # Two walls: 200 in the kitty. Kathy self-picks 30: 60 x 3 + 200 = +380.
    standings = played(night(Wall(), Wall(), Win("Kathy", 30), house=KITTY))
    assert deltas(standings, standings.rows[2]) == {
        "Ruth": -60, "Linda": -60, "Kathy": 380, "Pat": -60,
    }  # fmt: skip
    assert standings.totals_map() == {"Ruth": -110, "Linda": -110, "Kathy": 330, "Pat": -110}


KITTY_SPECIAL_CASES = [
    # A plain thrown win does not take it: 50 + 25 + 25 only, 100 stays.
    ("thrown-plain", Win("Ruth", 25, "Linda"), 100, 100),
    # A self-picked 25: 150, and the kitty.
    ("self-picked", Win("Kathy", 25), 250, 0),
    # A jokerless thrown 25: 100 + 50 + 50, and the kitty.
    ("jokerless-thrown", Win("Ruth", 25, "Linda", jokerless=True), 300, 0),
    # Jokerless claimed on a singles-and-pairs 50 is not paid as jokerless: 100 + 50 + 50.
    ("singles-pairs-jokerless", Win("Ruth", 50, "Linda", jokerless=True, singles_pairs=True),
     200, 100),
]  # fmt: skip


@pytest.mark.parametrize(
    ("win", "gain", "kitty_after"),
    [case[1:] for case in KITTY_SPECIAL_CASES],
    ids=[case[0] for case in KITTY_SPECIAL_CASES],
)
def test_kitty_special_only_jokerless_or_self_picked_takes_it(win, gain, kitty_after):
    standings = played(night(Wall(), win, house=SPECIAL))
    row = standings.rows[1]
    assert deltas(standings, row)[win.winner] == gain
    assert row.kitty == kitty_after == standings.kitty_total()
    assert sum(row.deltas) + row.kitty_change == 0


def test_kitty_special_a_heavenly_hand_is_paid_as_self_picked_and_takes_it():
    # Game 2: Linda is East; her heavenly 25 is paid as self-picked: 50 x 3 + 100.
    standings = played(night(Wall(), Win("Linda", 25, heavenly=True), house=SPECIAL))
    assert deltas(standings, standings.rows[1])["Linda"] == 250
    assert standings.kitty_total() == 0


def test_a_full_kitty_goes_back_in_the_settle_up():
    # Wall (all -25), Ruth wins 25 thrown by Linda with the kitty (+200), wall (all -25):
    # totals Ruth 150, Linda -100, Kathy -75, Pat -75, and 100 in the kitty, 25 from each.
    standings = played(night(Wall(), Win("Ruth", 25, "Linda"), Wall(), house=KITTY))
    assert standings.totals_map() == {"Ruth": 150, "Linda": -100, "Kathy": -75, "Pat": -75}
    assert standings.kitty_total() == 100
    assert standings.kitty_returns() == {"Ruth": 25, "Linda": 25, "Kathy": 25, "Pat": 25}
    assert standings.balances() == {"Ruth": 175, "Linda": -75, "Kathy": -50, "Pat": -50}
    transfers = settle(standings.balances()).payments
    assert sum(t.amount for t in transfers if t.payee == "Ruth") == 175


def test_a_closing_tables_kitty_goes_back_to_those_who_paid_it():
    eight = (*FOUR, "Ann", "Bea", "Cy", "Dot")
    standings = played(night(Wall(table=2), Close(2), players=eight, tables=2,
                             easts=("Ruth", "Ann"), house=KITTY))  # fmt: skip
    fed, closed = standings.rows
    assert deltas(standings, fed) == {**dict.fromkeys(FOUR, 0), **dict.fromkeys(eight[4:], -25)}
    assert deltas(standings, closed) == {**dict.fromkeys(FOUR, 0), **dict.fromkeys(eight[4:], 25)}
    assert closed.kitty_change == -100
    assert standings.kitty_total() == 0 and standings.kitties == ()
    assert set(standings.totals) == {0}


def test_a_table_closed_by_a_leaver_gives_its_kitty_back():
    # Seven at two tables: E F G at table 2, nobody waits. A wall there, then E leaves:
    # table 2 drops below three and closes; E, F and G each get their 25 back.
    seven = ("A", "B", "C", "D", "E", "F", "G")
    standings = played(night(Wall(table=2), Leave("E"), players=seven, tables=2,
                             easts=("A", "E"), house=KITTY))  # fmt: skip
    back = standings.rows[1]
    assert deltas(standings, back) == {"A": 0, "B": 0, "C": 0, "D": 0, "E": 25, "F": 25, "G": 25}
    assert standings.kitty_total() == 0 and set(standings.totals) == {0}
    assert standings.waiting == ("F", "G") and standings.gone == ("E",)


# ---- pay for the table -------------------------------------------------------------------

PAY = House(pay_for_table=True)

PAY_CASES = [
    # Thrown 25: the losers would pay 50 + 25 + 25; Kathy's error pays all 100.
    ("thrown", FOUR, None, Win("Ruth", 25, "Linda", pays_for_table="Kathy"),
     {"Ruth": 100, "Linda": 0, "Kathy": -100, "Pat": 0}),
    # Self-picked 30: 60 x 3 = 180, all from Pat.
    ("self-picked", FOUR, None, Win("Kathy", 30, pays_for_table="Pat"),
     {"Ruth": 0, "Linda": 0, "Kathy": 180, "Pat": -180}),
    # Jokerless thrown 25: 100 + 50 + 50 = 200, from the thrower alone.
    ("jokerless", FOUR, None, Win("Ruth", 25, "Linda", jokerless=True, pays_for_table="Linda"),
     {"Ruth": 200, "Linda": -200, "Kathy": 0, "Pat": 0}),
    # Three seated, thrown 25: 50 + 25 = 75 from Kathy.
    ("three-seated", FOUR[:3], None, Win("Ruth", 25, "Linda", pays_for_table="Kathy"),
     {"Ruth": 75, "Linda": 0, "Kathy": -75}),
    # Pie 60: Kathy owes 100, pays her purse of 60.
    ("pie", FOUR, 60, Win("Ruth", 25, "Linda", pays_for_table="Kathy"),
     {"Ruth": 60, "Linda": 0, "Kathy": -60, "Pat": 0}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("players", "pie", "win", "expected"),
    [case[1:] for case in PAY_CASES],
    ids=[case[0] for case in PAY_CASES],
)
def test_pay_for_the_table(players, pie, win, expected):
    assert last_deltas(night(win, players=players, pie=pie, house=PAY)) == expected


# ---- East pays and collects double -------------------------------------------------------

DOUBLE = House(east_double=True)

EAST_CASES = [
    # East (Ruth) wins 25 thrown by Linda: 100 + 50 + 50.
    ("east-wins-thrown", FOUR, (), Win("Ruth", 25, "Linda"),
     {"Ruth": 200, "Linda": -100, "Kathy": -50, "Pat": -50}),
    # East self-picks 25: 100 each.
    ("east-self-picks", FOUR, (), Win("Ruth", 25),
     {"Ruth": 300, "Linda": -100, "Kathy": -100, "Pat": -100}),
    # East throws to Linda: East pays 2 x 50; the others 25.
    ("east-throws", FOUR, (), Win("Linda", 25, "Ruth"),
     {"Ruth": -100, "Linda": 150, "Kathy": -25, "Pat": -25}),
    # Kathy throws to Linda: Kathy 50, East 2 x 25, Pat 25.
    ("east-loses-without-throwing", FOUR, (), Win("Linda", 25, "Kathy"),
     {"Ruth": -50, "Linda": 125, "Kathy": -50, "Pat": -25}),
    # Linda self-picks 25: East 2 x 50, the others 50.
    ("east-loses-a-self-pick", FOUR, (), Win("Linda", 25),
     {"Ruth": -100, "Linda": 200, "Kathy": -50, "Pat": -50}),
    # Jokerless 25 thrown by Kathy to Linda: Kathy 100, East 2 x 50, Pat 50.
    ("jokerless", FOUR, (), Win("Linda", 25, "Kathy", jokerless=True),
     {"Ruth": -100, "Linda": 250, "Kathy": -100, "Pat": -50}),
    # After a wall game Linda deals: her win thrown by Ruth is East's: 100 + 50 + 50.
    ("east-follows-the-deal", FOUR, (Wall(),), Win("Linda", 25, "Ruth"),
     {"Ruth": -100, "Linda": 200, "Kathy": -50, "Pat": -50}),
    # Three seated, East wins 25 thrown by Linda: 100 + 50.
    ("three-seated", FOUR[:3], (), Win("Ruth", 25, "Linda"),
     {"Ruth": 150, "Linda": -100, "Kathy": -50}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("players", "before", "win", "expected"),
    [case[1:] for case in EAST_CASES],
    ids=[case[0] for case in EAST_CASES],
)
def test_east_pays_and_collects_double(players, before, win, expected):
    assert last_deltas(night(*before, win, players=players, house=DOUBLE)) == expected


EAST_BETTOR = House(east_double=True, bettor=25)


def test_east_double_a_bettor_on_east_mirrors_the_doubled_payments():
    # Sue bets on East (Ruth), who wins 25 thrown by Linda: each loser pays Sue what they
    # pay Ruth: Linda 100, Kathy 50, Pat 50.
    got = last_deltas(night(Win("Ruth", 25, "Linda", bets=on(("Sue", "Ruth"))), players=FIVE,
                            house=EAST_BETTOR))  # fmt: skip
    assert got == {"Ruth": 200, "Linda": -200, "Kathy": -100, "Pat": -100, "Sue": 200}


def test_east_double_a_bettor_on_a_losing_east_pays_the_doubled_payment():
    # Linda wins 25 thrown by Kathy; East (Ruth) pays 2 x 25 = 50, and so does Sue, who bet
    # on her: Linda 50 + 50 + 25 + 50 = 175.
    got = last_deltas(night(Win("Linda", 25, "Kathy", bets=on(("Sue", "Ruth"))), players=FIVE,
                            house=EAST_BETTOR))  # fmt: skip
    assert got == {"Ruth": -50, "Linda": 175, "Kathy": -50, "Pat": -25, "Sue": -50}


def test_east_double_east_collects_double_from_a_wall_bettor():
    # A wall bettor pays the winner what a seated loser who did not throw pays; when East
    # wins, that loser pays East 2 x 25 = 50 (East's collection is doubled).
    got = last_deltas(night(Win("Ruth", 25, "Linda", wall_bets=("Sue",)), players=FIVE,
                            house=EAST_BETTOR))  # fmt: skip
    assert got == {"Ruth": 250, "Linda": -100, "Kathy": -50, "Pat": -50, "Sue": -50}


# ---- jokerless as flat points ------------------------------------------------------------

FLAT_CASES = [
    # Flat 10, jokerless thrown 25: 50 + 10, 25 + 10, 25 + 10 = 130.
    ("thrown", FOUR, House(jokerless_flat=10), Win("Ruth", 25, "Linda", jokerless=True),
     {"Ruth": 130, "Linda": -60, "Kathy": -35, "Pat": -35}),
    # Self-picked jokerless 25: (50 + 10) x 3 = 180.
    ("self-picked", FOUR, House(jokerless_flat=10), Win("Ruth", 25, jokerless=True),
     {"Ruth": 180, "Linda": -60, "Kathy": -60, "Pat": -60}),
    # Not jokerless: nothing added.
    ("not-jokerless", FOUR, House(jokerless_flat=10), Win("Ruth", 25, "Linda"),
     {"Ruth": 100, "Linda": -50, "Kathy": -25, "Pat": -25}),
    # Never on a hand without a group of three: singles and pairs 50, 100 + 50 + 50.
    ("singles-pairs", FOUR, House(jokerless_flat=10),
     Win("Ruth", 50, "Linda", jokerless=True, singles_pairs=True),
     {"Ruth": 200, "Linda": -100, "Kathy": -50, "Pat": -50}),
    # Flat 20, three seated, thrown 30: 60 + 20 and 30 + 20 = 130.
    ("three-seated", FOUR[:3], House(jokerless_flat=20), Win("Ruth", 30, "Linda", jokerless=True),
     {"Ruth": 130, "Linda": -80, "Kathy": -50}),
    # With East double, East wins: (50 + 10) x 2, (25 + 10) x 2 twice = 260.
    ("east-double", FOUR, House(jokerless_flat=10, east_double=True),
     Win("Ruth", 25, "Linda", jokerless=True),
     {"Ruth": 260, "Linda": -120, "Kathy": -70, "Pat": -70}),
    # A bettor on Kathy pays what Kathy pays, 35: 130 + 35.
    ("bettor-on-a-loser", FIVE, House(jokerless_flat=10, bettor=25),
     Win("Ruth", 25, "Linda", jokerless=True, bets=on(("Sue", "Kathy"))),
     {"Ruth": 165, "Linda": -60, "Kathy": -35, "Pat": -35, "Sue": -35}),
    # A wall bettor pays what a loser who did not throw pays, 35.
    ("wall-bettor", FIVE, House(jokerless_flat=10, bettor=25),
     Win("Ruth", 25, "Linda", jokerless=True, wall_bets=("Sue",)),
     {"Ruth": 165, "Linda": -60, "Kathy": -35, "Pat": -35, "Sue": -35}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("players", "house", "win", "expected"),
    [case[1:] for case in FLAT_CASES],
    ids=[case[0] for case in FLAT_CASES],
)
def test_jokerless_as_flat_points(players, house, win, expected):
    assert last_deltas(night(win, players=players, house=house)) == expected


def test_flat_jokerless_on_singles_and_pairs_says_why():
    standings = played(night(Win("Ruth", 50, "Linda", jokerless=True, singles_pairs=True),
                             house=House(jokerless_flat=10)))  # fmt: skip
    assert "cannot hold a joker" in standings.rows[0].notes[0]


# ---- the pie with every house rule -------------------------------------------------------

PIE_CASES = [
    # Pie 40, Sue bets on the thrower: Linda owes 50, pays 40; Sue owes 50, pays 40.
    ("a-bettors-payment", FIVE, 40, House(bettor=25), Win("Ruth", 25, "Linda",
                                                          bets=on(("Sue", "Linda"))),
     {"Ruth": 130, "Linda": -40, "Kathy": -25, "Pat": -25, "Sue": -40}),
    # Pie 30, a wall bettor owes 25 and pays it; Linda owes 50 and pays 30.
    ("a-wall-bettor", FIVE, 30, House(bettor=25), Win("Ruth", 25, "Linda", wall_bets=("Sue",)),
     {"Ruth": 105, "Linda": -30, "Kathy": -25, "Pat": -25, "Sue": -25}),
    # Pie 60, East double: East throws and owes 100, pays 60.
    ("east-double", FOUR, 60, House(east_double=True), Win("Linda", 25, "Ruth"),
     {"Ruth": -60, "Linda": 110, "Kathy": -25, "Pat": -25}),
    # Pie 30, flat 10: Linda owes 60, Kathy and Pat 35: each pays 30.
    ("flat-jokerless", FOUR, 30, House(jokerless_flat=10),
     Win("Ruth", 25, "Linda", jokerless=True),
     {"Ruth": 90, "Linda": -30, "Kathy": -30, "Pat": -30}),
    # Pie 10, kitty 25: each seated puts in only 10.
    ("the-kitty", FOUR, 10, House(kitty=25), Wall(),
     {"Ruth": -10, "Linda": -10, "Kathy": -10, "Pat": -10}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("players", "pie", "house", "entry", "expected"),
    [case[1:] for case in PIE_CASES],
    ids=[case[0] for case in PIE_CASES],
)
def test_the_pie_keeps_every_house_payment_within_the_purse(players, pie, house, entry, expected):
    assert last_deltas(night(entry, players=players, pie=pie, house=house)) == expected


def test_the_pie_payments_in_order_losers_then_bettors_then_the_kitty():
    # Pie 100; five players, Sue waiting; the bettor and the kitty.
    session = night(
        # Game 1 (East Ruth): Ruth wins 35 thrown by Linda; Sue bets on Ruth. Linda pays
        # Ruth 70 first, then only 30 of the 70 she owes Sue: her purse is empty.
        Win("Ruth", 35, "Linda", bets=on(("Sue", "Ruth"))),
        # Game 2 (East Linda; Sue sits in Ruth's seat, Ruth waits and bets on a wall game).
        # Purses: Linda 0, Kathy 30, Pat 30, Sue 200. The bettor first: Kathy, Pat and Sue
        # pay Ruth 25 each, Linda 0; then the kitty: Kathy 5, Pat 5, Sue 25, Linda 0.
        Wall(wall_bets=("Ruth",)),
        # Game 3 (East Kathy; Ruth sits in Linda's seat, Linda waits and bets on Kathy).
        # Purses: Ruth 315, Linda 0, Kathy 0, Pat 0, Sue 150. Kathy self-picks 25: Ruth and
        # Sue pay 50, Pat 0; each pays Linda the same; the kitty's 35 goes to Kathy in full,
        # though her purse was empty.
        Win("Kathy", 25, bets=on(("Linda", "Kathy"))),
        players=FIVE,
        pie=100,
        house=House(bettor=25, kitty=25),
    )
    standings = played(session)
    one, two, three = standings.rows
    assert deltas(standings, one) == {"Ruth": 140, "Linda": -100, "Kathy": -70, "Pat": -70,
                                      "Sue": 100}  # fmt: skip
    assert [(p.payer, p.payee, p.owed, p.paid) for p in one.payments] == [
        ("Linda", "Ruth", 70, 70), ("Kathy", "Ruth", 35, 35), ("Pat", "Ruth", 35, 35),
        ("Linda", "Sue", 70, 30), ("Kathy", "Sue", 35, 35), ("Pat", "Sue", 35, 35),
    ]  # fmt: skip
    assert deltas(standings, two) == {"Ruth": 75, "Linda": 0, "Kathy": -30, "Pat": -30,
                                      "Sue": -50}  # fmt: skip
    assert (two.kitty, two.kitty_change) == (35, 35)
    assert deltas(standings, three) == {"Ruth": -100, "Linda": 100, "Kathy": 135, "Pat": 0,
                                        "Sue": -100}  # fmt: skip
    assert three.kitty == 0
    assert standings.totals_map() == {"Ruth": 115, "Linda": 0, "Kathy": 35, "Pat": -100,
                                      "Sue": -50}  # fmt: skip
    for row in standings.rows:
        assert sum(row.deltas) + row.kitty_change == 0
        assert all(100 + total >= 0 for total in row.totals)


# ---- house rules are off unless named ----------------------------------------------------


def test_a_night_without_house_rules_refuses_their_options():
    standings = fold(night(Win("Ruth", 25, "Linda", bets=on(("Sue", "Ruth"))), players=FIVE))
    assert "bettor is a house rule this night does not play" in standings.problems[0].message
    standings = fold(night(Win("Ruth", 25, "Linda", pays_for_table="Kathy")))
    assert "pay-for-table is a house rule" in standings.problems[0].message
    standings = fold(night(Wall(), Wall()))
    assert standings.totals == (0, 0, 0, 0) and standings.kitties == ()


# ---- tournament variants -----------------------------------------------------------------

TABLE = ("Barbara", "Linda", "Susan", "Carol")


def tournament(*log, variants=(), misnamed_adds=False):
    rules = Tournament(misnamed_adds=misnamed_adds, variants=tuple(variants))
    return Session(players=TABLE, easts=("Barbara",), rules=rules, log=tuple(log))


THROWER_CASES = [
    # (variants, misnamed_adds, exposures, misnamed, Linda's points) for Barbara's 30
    # thrown by Linda; Barbara scores 30 in every case.
    ((), False, 3, False, -25),
    (("three-exposures-30",), False, 3, False, -30),
    (("three-exposures-30",), False, 4, False, -30),
    (("three-exposures-30",), False, 5, False, -30),
    (("three-exposures-30",), False, 2, False, -20),
    (("three-exposures-30",), False, 1, False, -10),
    (("three-exposures-30",), False, 3, True, -25),  # the mis-named -25 replaces it
    (("three-exposures-30",), True, 3, True, -55),  # or adds: -30 - 25
]


@pytest.mark.parametrize(("variants", "adds", "exposures", "misnamed", "thrower"), THROWER_CASES)
def test_three_exposures_30(variants, adds, exposures, misnamed, thrower):
    win = Win("Barbara", 30, "Linda", exposures=exposures, misnamed=misnamed)
    got = last_deltas(tournament(win, variants=variants, misnamed_adds=adds))
    assert got == {"Barbara": 30, "Linda": thrower, "Susan": 0, "Carol": 0}


def test_mj_in_error_scores_zero_for_all_or_ten_for_the_one_intact_hand():
    standings = played(
        tournament(Error("Linda"), Error("Susan", intact="Carol"), variants=("mj-in-error",))
    )
    first, second = standings.rows
    assert deltas(standings, first) == {"Barbara": 0, "Linda": 0, "Susan": 0, "Carol": 0}
    assert deltas(standings, second) == {"Barbara": 0, "Linda": 0, "Susan": 0, "Carol": 10}
    assert standings.games == 2  # each is a game: the deal passes
    assert [first.east, second.east, standings.east] == ["Barbara", "Linda", "Susan"]


@pytest.mark.parametrize(
    ("session", "words"),
    [
        (tournament(Error("Linda")), "scored only with the mj-in-error variant"),
        (tournament(Error("Linda", intact="Linda"), variants=("mj-in-error",)),
         "cannot be the intact one"),
        (night(Error("Linda")), "only at a tournament table"),
    ],
    ids=["without-the-variant", "the-caller-intact", "at-a-league-night"],
)  # fmt: skip
def test_mj_in_error_refusals(session, words):
    standings = fold(session)
    assert len(standings.problems) == 1 and words in standings.problems[0].message
    assert standings.rows == ()  # nothing scored (the deal still passes, for `mahj check`)
