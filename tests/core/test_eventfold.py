"""RULES.md §9: an event's standings from its cards: totals, byes scoring 0, games played,
shared places, the tie-break, round winners, missing cards, and every check of a card."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mahjcli.core.event import Event, Player, RoundSeating, TableCard
from mahjcli.core.eventfold import circle_size, fold_event
from mahjcli.core.eventties import Line, placed, settle
from mahjcli.core.model import Incomplete, Penalty, Wall, Win

T1 = ("Ann", "Bea", "Cy", "Dot")
T2 = ("Eve", "Fay", "Gus", "Hal")
FIELD = (*T1, *T2, "Ida")


def event(*cards: TableCard, **kw) -> Event:
    players = tuple(Player(n) for n in FIELD)
    seatings = (RoundSeating(1, "given", (T1, T2), ("Ida",)),)
    values = {"name": "Test", "players": players, "rounds": 2, "seatings": seatings, "cards": cards}
    values.update(kw)
    return Event(**values)


def simple(rnd: int, table: int, points: tuple[int, ...], **kw) -> TableCard:
    seats = (T1, T2)[table - 1]
    return TableCard(rnd, table, dict(zip(seats, points, strict=True)), **kw)


# Table 1's round, game by game (RULES.md §6): Ann 30 thrown by Bea with 2 exposures
# (Ann +30, Bea -20); Cy self-picks a jokerless 25 (+55); wall game, Dot dead (Dot -10,
# the others +10); time called (0). Totals: Ann 40, Bea -10, Cy 65, Dot -10.
GAMES = (
    Win("Ann", 30, thrown_by="Bea", exposures=2),
    Win("Cy", 25, jokerless=True),
    Wall(dead=("Dot",)),
    Incomplete(),
)
TOTALS = {"Ann": 40, "Bea": -10, "Cy": 65, "Dot": -10}


def detailed(totals=TOTALS, games=GAMES, **kw) -> TableCard:
    return TableCard(1, 1, dict(totals), games, **kw)


def line(standings, name):
    return next(x for x in standings.lines if x.player.name == name)


def test_a_detailed_card_is_scored_game_by_game_and_held_to_its_totals():
    s = fold_event(event(detailed(), simple(1, 2, (25, 0, 0, -10))))
    assert s.problems == ()
    assert [(x.player.name, x.points) for x in s.lines[:3]] == [
        ("Cy", 65),
        ("Ann", 40),
        ("Eve", 25),
    ]
    cy = line(s, "Cy")
    assert (cy.rounds, cy.games, cy.byes, cy.mahjongs, cy.thrown) == ((65,), 4, 0, 1, 0)
    assert line(s, "Bea").thrown == 1
    ida = line(s, "Ida")
    assert (ida.points, ida.rounds, ida.games, ida.byes, ida.states) == (0, (0,), 0, 1, ("bye",))


def test_a_detailed_card_whose_games_disagree_with_its_totals_is_refused():
    wrong = {**TOTALS, "Cy": 60}
    s = fold_event(event(detailed(totals=wrong)))
    (problem,) = s.problems
    assert problem.message == (
        "card 1 (round 1, table 1): the games add up to Ann +40, Bea -10, Cy +65, Dot -10, "
        "but the card's totals say Ann +40, Bea -10, Cy +60, Dot -10"
    )
    assert problem.where == ("cards", 0, "totals", None)


def test_a_detailed_card_needs_a_round_of_four_games():
    s = fold_event(event(detailed(totals=dict(TOTALS, Dot=0), games=GAMES[:2] + GAMES[3:])))
    assert any("the card has 3 games; a round is 4" in p.message for p in s.problems)


def test_a_game_the_rules_refuse_points_at_that_game():
    bad = (Win("Ann", 30, thrown_by="Eve", exposures=1), *GAMES[1:])
    s = fold_event(event(detailed(games=bad)))
    (problem,) = s.problems
    assert problem.where == ("cards", 0, "games[0]", None)
    assert "entry 1 (win): Eve is not at the table" in problem.message


def test_a_penalty_counts_on_the_card():
    games = (*GAMES, Penalty("Dot", 10, "looked at a blind pass"))
    s = fold_event(event(detailed(totals=dict(TOTALS, Dot=-20), games=games)))
    assert s.problems == ()
    assert line(s, "Dot").points == -20


def test_the_card_must_be_for_the_tables_seats():
    s = fold_event(event(TableCard(1, 1, {"Ann": 1, "Bea": 2, "Cy": 3, "Eve": 4})))
    assert [p.where.key for p in s.problems] == ["totals"]
    assert "the table's seats are A Ann, B Bea, C Cy, D Dot" in s.problems[0].message


def test_equal_totals_share_a_place_and_the_next_place_skips():
    s = fold_event(event(simple(1, 1, (50, 20, 20, 0)), simple(1, 2, (20, 0, -5, -10))))
    places = [(x.place, x.player.name, x.points) for x in s.lines]
    assert places == [
        (1, "Ann", 50),
        (2, "Bea", 20),
        (2, "Cy", 20),
        (2, "Eve", 20),
        (5, "Dot", 0),
        (5, "Fay", 0),
        (5, "Ida", 0),
        (8, "Gus", -5),
        (9, "Hal", -10),
    ]


def test_the_tie_break_applies_only_between_players_whose_every_round_is_game_by_game():
    # Cy 65 (one Mah Jongg, game by game), and Eve and Fay at 65 from a card of round
    # totals: the tie-break cannot count their Mah Jonggs, so the tie stands (RULES §11).
    s = fold_event(event(detailed(), simple(1, 2, (65, 65, 0, -10))), tie_break=True)
    assert [(x.place, x.player.name) for x in s.lines[:3]] == [(1, "Cy"), (1, "Eve"), (1, "Fay")]
    tie = s.ties[0]
    assert tie.players == ("Cy", "Eve", "Fay") and tie.settled_by == ()
    assert tie.not_detailed == ("Eve", "Fay") and tie.shared == (("Cy", "Eve", "Fay"),)
    untied = fold_event(event(detailed(), simple(1, 2, (65, 65, 0, -10))))
    assert [x.place for x in untied.lines[:3]] == [1, 1, 1]
    assert untied.ties[0].not_detailed == ()  # no tie-break asked for: nothing to explain
    # Both tables game by game: table 2 plays four wall games (+40 each). Ann's Mah Jongg
    # puts her ahead of the four at 40, who still share third place; at -10, Dot threw
    # no winning tile and Bea one.
    other = TableCard(1, 2, {}, (Wall(),) * 4)
    s = fold_event(event(detailed(), other), tie_break=True)
    assert [(x.place, x.player.name) for x in s.lines] == [
        (1, "Cy"), (2, "Ann"), (3, "Eve"), (3, "Fay"), (3, "Gus"), (3, "Hal"), (7, "Ida"),
        (8, "Dot"), (9, "Bea"),
    ]  # fmt: skip
    forty, minus_ten = s.ties
    assert forty.settled_by == ("most Mah Jonggs",)
    assert forty.shared == (("Eve", "Fay", "Gus", "Hal"),)
    assert minus_ten.settled_by == ("fewest thrown",) and minus_ten.shared == ()


def test_fewest_thrown_splits_equal_mah_jonggs():
    assert placed([], tie_break=True) == ()
    # Ann 40 thrown by Dot (no exposures: Dot -10); Bea 30 thrown by Ann (Ann -10); Cy
    # self-picks a jokerless 25 (+55); a wall game, all live (+10 each).
    games = (
        Win("Ann", 40, thrown_by="Dot", exposures=0),
        Win("Bea", 30, thrown_by="Ann", exposures=0),
        Win("Cy", 25, jokerless=True),
        Wall(),
    )
    card = detailed(totals={"Ann": 40, "Bea": 40, "Cy": 65, "Dot": 0}, games=games)
    s = fold_event(event(card), tie_break=True)
    assert s.problems == ()
    order = [(x.place, x.player.name, x.mahjongs, x.thrown) for x in s.lines[:3]]
    assert order == [(1, "Cy", 1, 0), (2, "Bea", 1, 0), (3, "Ann", 1, 1)]
    assert [x.place for x in fold_event(event(card)).lines[:3]] == [1, 2, 2]


def test_round_winners_and_missing_tables():
    waiting = fold_event(event(simple(1, 1, (50, 20, 20, 0))))
    assert waiting.winners == () and waiting.missing == {1: (2,)}
    assert line(waiting, "Eve").states == ("missing",)
    done = fold_event(event(simple(1, 1, (50, 20, 20, 0)), simple(1, 2, (50, 0, 0, 0))))
    assert [(w.round, w.players, w.points) for w in done.winners] == [(1, ("Ann", "Eve"), 50)]
    assert done.missing == {1: ()}


def test_a_replaced_card_stays_as_history_and_the_last_one_counts():
    first = simple(1, 1, (50, 20, 20, 0))
    second = simple(1, 1, (10, 20, 20, 0), replace=True)
    s = fold_event(event(first, second))
    assert s.problems == () and line(s, "Ann").points == 10
    twice = fold_event(event(first, simple(1, 1, (10, 20, 20, 0))))
    assert [p.where.key for p in twice.problems] == ["round"]
    stray = fold_event(event(simple(1, 1, (1, 2, 3, 4), replace=True)))
    assert [p.where.key for p in stray.problems] == ["replace"]


def test_withdrawn_and_late_players_have_rounds_they_were_not_in():
    players = (*(Player(n) for n in FIELD[:-1]), Player("Ida", last_round=1), Player("Zoe", "", 2))
    seatings = (
        RoundSeating(1, "given", (T1, T2), ("Ida",)),
        RoundSeating(2, "given", (T1, T2), ("Zoe",)),
    )
    cards = (simple(1, 1, (1, 0, 0, 0)), simple(1, 2, (0, 0, 0, 0)), simple(2, 1, (1, 0, 0, 0)))
    s = fold_event(event(*cards, players=players, seatings=seatings))
    assert s.problems == ()
    assert line(s, "Ida").rounds == (0, None) and line(s, "Ida").withdrew
    assert line(s, "Zoe").rounds == (None, 0) and line(s, "Zoe").states == ("out", "bye")
    assert line(s, "Ann").points == 2


def test_the_seating_must_place_the_whole_field_once():
    seatings = (RoundSeating(1, "given", (T1, ("Eve", "Fay", "Gus", "Ann")), ("Ida",)),)
    s = fold_event(event(seatings=seatings))
    messages = [p.message for p in s.problems]
    assert "round 1: Ann is seated twice (table 1, seat A and table 2, seat D)" in messages
    assert "round 1: Hal is in the round but neither at a table nor on a bye" in messages


def test_the_field_has_exactly_the_byes_it_needs():
    seatings = (RoundSeating(1, "given", (T1,), ("Eve", "Fay", "Gus", "Hal", "Ida")),)
    s = fold_event(event(seatings=seatings))
    assert [p.message for p in s.problems] == [
        "round 1: 9 players leave 1 without a table, so the round has 1 bye, not 5"
    ]


def test_the_winners_circle_grows_with_the_field():
    assert [circle_size(n) for n in (4, 39, 40, 99, 100, 400)] == [3, 3, 6, 6, 12, 12]


@given(
    st.lists(
        st.tuples(st.integers(-3, 3), st.integers(0, 2), st.integers(0, 2)), min_size=1, max_size=30
    ),
    st.booleans(),
)
def test_a_place_is_one_more_than_the_players_ahead(values, tie_break):
    lines = [Line(Player(f"P{i}"), 0, p, (p,), 4, 0, m, t) for i, (p, m, t) in enumerate(values)]
    out = placed(lines, tie_break)

    def key(line):
        return (line.points, line.mahjongs, -line.thrown) if tie_break else (line.points,)

    for line in out:
        assert line.place == 1 + sum(1 for other in out if key(other) > key(line))
    assert [key(x) for x in out] == sorted((key(x) for x in out), reverse=True)


@given(
    st.lists(
        st.tuples(st.integers(-2, 2), st.integers(0, 2), st.integers(0, 2), st.booleans()),
        min_size=1,
        max_size=30,
    )
)
def test_a_tie_with_a_card_of_round_totals_always_stands(values):
    lines = [
        Line(Player(f"P{i}"), 0, p, (p,), 4, 0, m, t, ("played",), detailed)
        for i, (p, m, t, detailed) in enumerate(values)
    ]
    out, ties = settle(lines, tie_break=True)
    for line in out:
        level = [x for x in out if x.points == line.points]
        if all(x.detailed for x in level):
            key = (line.mahjongs, -line.thrown)
            better = [x for x in level if (x.mahjongs, -x.thrown) > key]
        else:
            better = []
        assert line.place == 1 + sum(1 for x in out if x.points > line.points) + len(better)
    for tie in ties:
        if tie.not_detailed:
            assert tie.settled_by == () and tie.shared == (tie.players,)
