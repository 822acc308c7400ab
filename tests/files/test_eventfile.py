"""The event file: it round-trips (400 players too), hand edits are judged with the line
they are on, edits keep the user's text, and a session and an event are never confused."""

from __future__ import annotations

import datetime as dt
import importlib.util
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjcli.core.errors import Refused
from mahjcli.core.event import Event, Player, RoundSeating, TableCard
from mahjcli.core.eventfold import fold_event
from mahjcli.core.model import Incomplete, Penalty, Wall, Win
from mahjcli.core.names import name_problem
from mahjcli.files import eventseats, eventwrite
from mahjcli.files.eventfile import parse_event_text
from mahjcli.files.eventload import read_players_file
from mahjcli.files.lines import Locator
from mahjcli.files.loader import describe
from mahjcli.files.sessionfile import parse_text
from tests.helpers import ROOT

T1 = ("Ann", "Bea", "Cy", "Dot")
T2 = ("Eve", "Fay", "Gus", "Hal")
GAMES = (
    Win("Ann", 30, thrown_by="Bea", exposures=2),
    Win("Cy", 25, jokerless=True),
    Wall(dead=("Dot",)),
    Incomplete(),
    Penalty("Dot", 10, "looked at a blind pass"),
)
SMALL = Event(
    name="Spring Open",
    players=(
        *(Player(n, f"10{i}") for i, n in enumerate((*T1, *T2))),
        Player("Ida", "", 1, 1),
        Player("Zoe", "", 2),
    ),
    date=dt.date(2026, 4, 18),
    rounds=2,
    seed=7,
    tie_break=True,
    seatings=(
        RoundSeating(1, "random", (T1, T2), ("Ida",)),
        RoundSeating(2, "fewest-repeats", (T2, T1), ("Zoe",)),
    ),
    cards=(
        TableCard(1, 1, {"Ann": 40, "Bea": -10, "Cy": 65, "Dot": -20}, GAMES, source="t.toml"),
        TableCard(1, 2, {"Eve": 25, "Fay": 0, "Gus": 0, "Hal": -10}),
        TableCard(1, 2, {"Eve": 20, "Fay": 5, "Gus": 0, "Hal": -10}, replace=True),
    ),
)


def problems_of(text: str) -> list[str]:
    """Every problem of an event text, as `line: message`."""
    parsed = parse_event_text(text)
    found = list(parsed.problems)
    if parsed.event is not None:
        found += fold_event(parsed.event).problems
    locator = Locator(text)
    return [describe(Path("e.toml"), p, locator) for p in found]


def test_an_event_round_trips_through_its_file():
    text = eventwrite.new_event_text(SMALL)
    parsed = parse_event_text(text)
    assert parsed.problems == () and parsed.notes == ()
    assert parsed.event == SMALL
    assert fold_event(SMALL).problems == ()
    assert text.splitlines()[4:6] == ["schema = 1", 'kind = "event"']


def _bench():
    spec = importlib.util.spec_from_file_location("bench", ROOT / "benchmarks" / "bench.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_400_player_event_round_trips_through_its_file():
    bench = _bench()
    event = bench.big_event(rounds=4)
    assert len(event.players) == 400 and len(event.cards) == 400
    assert sum(len(c.games or ()) for c in event.cards) == 1600
    text = eventwrite.new_event_text(event)
    parsed = parse_event_text(text)
    assert parsed.problems == () and parsed.event == event
    standings = fold_event(parsed.event)
    assert standings.problems == () and standings.rounds == 4
    assert sum(line.games for line in standings.lines) == 1600 * 4


def test_hand_edits_are_reported_with_their_lines():
    text = eventwrite.new_event_text(SMALL)
    lines = text.splitlines()
    edited = text.replace(
        '["Eve", "Fay", "Gus", "Hal"],  # table 1', '["Eve", "Fay", "Gus", "Hl"],', 1
    )
    (found,) = problems_of(edited)
    table_line = lines.index('    ["Eve", "Fay", "Gus", "Hal"],  # table 1') + 1
    assert found == (
        f"e.toml:{table_line}: seating 2: table 1: 'Hl' is not a registered player; "
        "did you mean 'Hal'?"
    )
    game = next(i for i, x in enumerate(lines) if '"kind" = "wall"' in x or 'kind = "wall"' in x)
    walled = text.replace('{ kind = "wall", dead = ["Dot"] }', '{ kind = "wall", dead = ["Eve"] }')
    (found,) = problems_of(walled)
    assert found == (
        f"e.toml:{game + 1}: card 1 (round 1, table 1): entry 3 (wall): Eve is not at the "
        "table, so cannot be the dead hand"
    )
    totals = text.replace("Cy = 65", "Cy = 60")
    (found,) = problems_of(totals)
    total_line = next(i for i, x in enumerate(lines) if "Cy = 65" in x) + 1
    assert found.startswith(f"e.toml:{total_line}: card 1 (round 1, table 1): the games add up")


def test_a_hand_made_seating_is_judged_like_a_drawn_one():
    text = eventwrite.new_event_text(SMALL._replace(cards=()))
    moved = text.replace('byes = ["Zoe"]', 'byes = ["Ida"]')
    assert any("Ida is on a bye but withdrew after round 1" in p for p in problems_of(moved))
    assert any("Zoe is in the round but neither" in p for p in problems_of(moved))


def test_a_session_file_is_never_read_as_an_event_nor_an_event_as_a_session():
    night = (ROOT / "sample_sessions" / "rules-worked-night.toml").read_text("utf-8")
    parsed = parse_event_text(night)
    assert parsed.event is None
    assert "this is a night's session file, not an event file" in parsed.problems[0].message
    as_session = parse_text(eventwrite.new_event_text(SMALL))
    assert as_session.session is None
    assert "this is a tournament event file" in as_session.problems[0].message


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (('kind = "event"\n', ""), 'no `kind = "event"` line'),
        (("schema = 1", "schema = 9"), "written by a newer mahj"),
        (("rounds = 2", "rounds = 0"), "rounds must be from 1 to 20, not 0"),
        (('profile = "mjmp"', 'profile = "nmjl"'), "no profile called 'nmjl' (mahj knows mjmp)"),
        (('movement = "fewest-repeats"\nseed', 'movement = "zigzag"\nseed'), "movement must"),
        (("round = 2\nmovement", "round = 3\nmovement"), "round must be 2"),
        (("table = 2\ntotals", "table = 9\ntotals"), "round 1 has tables 1 to 2"),
        (("Eve = 25", "Eve = 2.5"), "Eve's total must be a whole number, not 2.5"),
        (("Eve = 25", 'Eve = 25, "EVE" = 35'), "totals: Eve is given twice; keep one of them"),
        (
            ("[[seating]]", '[[players]]\nname = "BEA"\n\n[[seating]]'),
            "'Bea' and 'BEA' are the same name",
        ),
        (('id = "101"', 'id = "100"'), "have the same id '100'"),
    ],
)
def test_damaged_event_files_say_what_is_wrong(edit, message):
    text = eventwrite.new_event_text(SMALL)
    assert edit[0] in text
    found = problems_of(text.replace(edit[0], edit[1], 1))
    assert found and message in found[0], found


def test_seating_blocks_out_of_order_say_to_move_them():
    """Two rounds' [[seating]] blocks swapped by hand: the advice is to put the blocks
    back in round order, not to change their numbers (which would swap the seatings)."""
    text = eventwrite.new_event_text(SMALL)
    first, second = (text.index("[[seating]]", at) for at in (0, text.index("[[seating]]") + 1))
    end = text.index("[[", second + 2) if "[[" in text[second + 2 :] else len(text)
    swapped = text[:first] + text[second:end] + text[first:second] + text[end:]
    found = problems_of(swapped)
    assert found and "says round = 2 but is listed first" in found[0], found
    assert "put the [[seating]] blocks in round order" in found[0]
    assert "round must be" not in " ".join(found)


def test_unknown_keys_are_kept_and_noted():
    text = eventwrite.new_event_text(SMALL).replace("seed = 7", 'seed = 7\nvenue = "Hall"')
    parsed = parse_event_text(text)
    assert parsed.event == SMALL
    assert [n.message for n in parsed.notes] == ["unknown key 'venue' is kept but not used"]


@pytest.mark.parametrize(
    ("header", "meant"),
    [("Cards", "`cards`"), ("CARDS", "`cards`"), ("Card", "`card`"),
     ("cardz", "`cards` or `card`")],
)  # fmt: skip
def test_a_cards_header_mistyped_is_a_problem_not_a_note(header: str, meant: str):
    """A card written under a slip of its header would be left out of the standings
    without a word: it is a problem, naming the header meant."""
    text = eventwrite.new_event_text(SMALL) + (
        f"\n[[{header}]]\nround = 1\ntable = 1\ntotals = {{ Eve = 10 }}\n"
    )
    found = problems_of(text)
    assert found and f"unknown key {header!r}; did you mean {meant}?" in found[0], found


def test_a_known_key_in_capitals_is_a_problem_not_a_note():
    text = eventwrite.new_event_text(SMALL).replace("seed = 7", "Seed = 7")
    found = problems_of(text)
    assert found and "unknown key 'Seed'; did you mean `seed`?" in found[0], found


def test_appending_keeps_the_users_text_and_reads_back_as_expected():
    text = "# my notes\n" + eventwrite.new_event_text(SMALL) + "# the end\n"
    card = eventwrite.card_table(TableCard(2, 1, {"Eve": 1, "Fay": 2, "Gus": 3, "Hal": 4}))
    new = eventwrite.append_tables(text, [("cards", card)])
    assert new.startswith(text)
    doc = tomllib.loads(new)
    assert doc["cards"][-1] == card and len(doc["cards"]) == 4


def test_appending_to_a_list_written_inline_goes_inside_its_brackets():
    text = eventwrite.new_event_text(SMALL._replace(cards=()))
    inline = "cards = [{ round = 1, table = 2, totals = { Eve = 1, Fay = 2, Gus = 3, Hal = 4 } }]"
    text = text.replace("seed = 7\n", f"seed = 7\n{inline}\n")
    doc = tomllib.loads(text)
    assert len(doc["cards"]) == 1
    card = eventwrite.card_table(TableCard(1, 1, {"Ann": 1, "Bea": 2, "Cy": 3, "Dot": 4}))
    new = eventwrite.append_tables(text, [("cards", card)])
    assert tomllib.loads(new)["cards"] == [*doc["cards"], card]
    assert new.startswith(text.split("cards = [")[0])  # nothing before the list rewritten
    assert "[[cards]]" not in new


def test_a_withdrawal_is_one_key_in_the_players_table():
    text = eventwrite.new_event_text(SMALL).replace('name = "Eve"', 'name = "Eve"  # the champion')
    new = eventwrite.set_key(text, "players", 4, "last_round", 1)
    assert "# the champion" in new
    assert tomllib.loads(new)["players"][4] == {"name": "Eve", "id": "104", "last_round": 1}
    again = eventwrite.set_key(new, "players", 4, "last_round", 0)
    assert tomllib.loads(again)["players"][4]["last_round"] == 0
    assert again.count("last_round") == new.count("last_round")


def test_seating_rounds_again_replaces_only_their_tables():
    text = eventwrite.new_event_text(SMALL) + "\n# kept\n"
    other = eventwrite.seating_table(RoundSeating(2, "abcd", (T1, T2), ("Zoe",)))
    new = eventseats.replace_seatings(text, 1, [other])
    doc = tomllib.loads(new)
    assert doc["seating"][1] == other and len(doc["seating"]) == 2
    assert len(doc["cards"]) == 3 and "# kept" in new


def test_players_files_one_name_a_line_or_csv_with_ids(tmp_path: Path):
    plain = tmp_path / "players.txt"
    plain.write_text("# registered\nAnn\n\n  Bea  \nMary Lou\n", encoding="utf-8")
    assert read_players_file(plain) == [("Ann", ""), ("Bea", ""), ("Mary Lou", "")]
    nicknames = tmp_path / "nicknames.txt"
    nicknames.write_text('"Bunny" Smith\nJo "JJ" Lee\n"Smith, Jane"\n"Ann"\n', encoding="utf-8")
    assert read_players_file(nicknames) == [('"Bunny" Smith', ""), ('Jo "JJ" Lee', ""),
                                            ("Smith, Jane", ""), ("Ann", "")]  # fmt: skip
    table = tmp_path / "players.csv"
    table.write_bytes('\ufeffname,id\nAnn,1001\n"O\'Hara, Kate",1002\nJosé,\n'.encode())
    assert read_players_file(table) == [("Ann", "1001"), ("O'Hara, Kate", "1002"), ("José", "")]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Ann\nSmith, Jane\n", ":2: 'Smith, Jane' has a comma: for a name written last name "
         'first put it in quotes ("Smith, Jane"); for names with ids start the file with the '
         "heading name,id"),
        ("name,id\nSmith, Jane,1001\n", ":2: 'Smith, Jane,1001' has more than a name and an id"),
    ],
)  # fmt: skip
def test_a_comma_in_a_players_file_is_never_guessed_at(tmp_path: Path, text, message):
    """ "Last, First" read as a name and an id would register 'Smith' 400 times over."""
    listed = tmp_path / "players.txt"
    listed.write_text(text, encoding="utf-8")
    with pytest.raises(Refused) as refused:
        read_players_file(listed)
    assert str(refused.value).startswith(f"{listed}{message}")
    listed.write_text('Ann\n"Smith, Jane"\n', encoding="utf-8")
    assert read_players_file(listed) == [("Ann", ""), ("Smith, Jane", "")]


def test_a_players_file_is_read_a_line_at_a_time(tmp_path: Path):
    """A quote left open (`"Cy`) stays on its own line, never swallowing the names after
    it; a space after a closing quote is no matter."""
    listed = tmp_path / "players.csv"
    listed.write_text('Ann\n"Lee, Bea" \n"Cy\nDot\n', encoding="utf-8")
    assert read_players_file(listed) == [("Ann", ""), ("Lee, Bea", ""), ("Cy", ""), ("Dot", "")]
    listed.write_text('name,id\n"Smith, Jane" ,1001\n', encoding="utf-8")
    assert read_players_file(listed) == [("Smith, Jane", "1001")]


NAMES = st.text(
    st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Zl", "Zp")), min_size=1, max_size=12
).filter(lambda n: n.strip() == n and name_problem(n) is None)
"""Any name a player may have (one drawn only with marks, say, is refused when typed)."""


@settings(max_examples=40)
@given(
    names=st.lists(NAMES, min_size=4, max_size=14, unique_by=lambda n: n.casefold()),
    rounds=st.integers(1, 3),
    seed=st.integers(0, 99),
    points=st.lists(st.integers(-5000, 5000), min_size=64, max_size=64),
)
def test_any_event_round_trips_through_its_file(names, rounds, seed, points):
    from mahjcli.core.movement import seat_round
    from mahjcli.core.names import fold_name

    if len({fold_name(n) for n in names}) < len(names):
        return
    event = Event(
        name=names[0],
        players=tuple(Player(n, str(i)) for i, n in enumerate(names)),
        rounds=rounds,
        seed=seed,
    )
    seatings: list[RoundSeating] = []
    for number in range(1, rounds + 1):
        how = "random" if number == 1 else "abcd"  # the file is what is tested: quick ones
        fields = [event.field(r) for r in range(1, rounds + 1)]
        seatings.append(seat_round(number, how, fields, seatings, seed))
    given_points = iter(points)
    cards = tuple(
        TableCard(s.number, t, {p: next(given_points) for p in table})
        for s in seatings
        for t, table in enumerate(s.tables, 1)
    )
    event = event._replace(seatings=tuple(seatings), cards=cards)
    text = eventwrite.new_event_text(event)
    parsed = parse_event_text(text)
    assert parsed.problems == () and parsed.event == event
    assert fold_event(event).problems == ()


@pytest.mark.parametrize("name", ["A\\u001bnn", ""])
def test_a_damaged_player_name_is_reported_at_its_own_line(name: str):
    """The registration line itself is named first, not only the seats that use it."""
    text = eventwrite.new_event_text(SMALL)
    line = text.splitlines().index('name = "Ann"') + 1
    found = problems_of(text.replace('name = "Ann"', f'name = "{name}"', 1))
    assert found[0].startswith(f"e.toml:{line}: player 1: "), found[0]


@pytest.mark.parametrize(
    "moment", ["9999-12-31T23:59:59Z", "0001-01-01T00:00:00+01:00", "0001-01-01T00:00:00Z"]
)
def test_a_clock_moment_out_of_range_is_a_problem_not_a_crash(moment: str):
    text = eventwrite.new_event_text(SMALL)
    clocked = f"{text}\n[[clock]]\nround = 1\nstart = {moment}\nminutes = 60\n"
    (found,) = problems_of(clocked)
    line = clocked.splitlines().index(f"start = {moment}") + 1
    assert found.startswith(f"e.toml:{line}: clock 1: start must be a moment"), found


@pytest.mark.parametrize("heading", ["Name", "NAME", "Names", "Player", "players", "Name,"])
def test_a_one_column_heading_is_a_heading_not_a_player(tmp_path: Path, heading):
    """A spreadsheet's "Name" column saved as a file: its heading registers nobody."""
    listed = tmp_path / "names.csv"
    listed.write_bytes(f"{heading}\r\nAnn\r\nBea\r\n".encode())
    assert read_players_file(listed) == [("Ann", ""), ("Bea", "")]


@pytest.mark.parametrize("text", ["name;id\nAnn;1\n", "Ann;1001\nBea;1002\n"])
def test_a_spreadsheet_saved_with_semicolons_is_refused_never_registered(tmp_path: Path, text):
    listed = tmp_path / "players.csv"
    listed.write_text(text, encoding="utf-8")
    with pytest.raises(Refused) as refused:
        read_players_file(listed)
    assert f"{listed}:1:" in str(refused.value) and "semicolon" in str(refused.value)


def test_a_heading_with_an_empty_column_after_it_is_still_the_heading(tmp_path: Path):
    """Spreadsheets often save an empty column at the end of every row."""
    listed = tmp_path / "players.csv"
    listed.write_text("Name,ID,\nAnn,1001,\nBea,1002,\n", encoding="utf-8")
    assert read_players_file(listed) == [("Ann", "1001"), ("Bea", "1002")]
