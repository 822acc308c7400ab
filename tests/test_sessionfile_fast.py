"""The quick reader of session files gives exactly what tomllib gives, or steps aside.

`sessionfile._fast_loads` reads the plain files mahj writes line by line; on anything else
it returns None and tomllib reads the file. Each test reads a text both ways (the second with
the quick reader switched off) and asks for identical documents, sessions, problems and
line numbers.
"""

from __future__ import annotations

import datetime as dt
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjcli import sessionfile
from mahjcli.model import Join, Session, Wall, Win
from mahjcli.scoring import fold
from mahjcli.sessionfile import entry_to_dict, new_session_text, parse_text, toml_block

SAMPLES = sorted((Path(__file__).parent.parent / "sample_sessions").rglob("*.toml"))

HEAD = """schema = 1
name = "Thursday"
date = 2026-11-29
rules = "league"
players = ["Ruth", "Linda", "Kathy", "Pat"]
east = "Ruth"

# The night's log.
"""
WIN = '[[log]]\nkind = "win"\nwinner = "Ruth"\nvalue = 25\nthrown_by = "Linda"\n'
WALL = '[[log]]\nkind = "wall"\ndead = ["Pat"]\n'


def slow_parse(text: str, monkeypatch: pytest.MonkeyPatch) -> sessionfile.Parsed:
    """parse_text with the quick reader switched off: tomllib reads everything."""
    with monkeypatch.context() as m:
        m.setattr(sessionfile, "_fast_loads", lambda body: None)
        return parse_text(text)


def both(text: str, monkeypatch: pytest.MonkeyPatch) -> sessionfile.Parsed:
    """Read `text` both ways, insist they agree in every respect, and return the result."""
    fast, slow = parse_text(text), slow_parse(text, monkeypatch)
    assert fast == slow
    assert list(fast.doc) == list(slow.doc)  # same key order, so a rewrite keeps the layout
    return fast


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_every_sample_night_takes_the_quick_path_and_reads_the_same(path, monkeypatch):
    body = path.read_text(encoding="utf-8").removeprefix(sessionfile.BOM)
    quick = sessionfile._fast_loads(body)
    assert quick is not None
    assert quick == tomllib.loads(body)
    assert both(path.read_text(encoding="utf-8"), monkeypatch).session is not None


def test_a_long_night_as_mahj_writes_it_reads_the_same_and_shares_entries(monkeypatch):
    session = Session(
        players=("Ruth", "Linda", "Kathy", "Pat"),
        east="Ruth",
        log=(Join("Sue"),)
        + (Win("Ruth", 25, "Linda"), Wall(dead=("Pat",)), Win("Pat", 50, None, jokerless=True))
        * 300,
        date=dt.date(2026, 11, 29),
    )
    text = new_session_text(session)
    parsed = both(text, monkeypatch)
    assert parsed.session == session
    log = parsed.session.log
    assert log[1] is log[4]  # equal tables give one shared entry, not 300 copies


@pytest.mark.parametrize(
    "log",
    [
        WIN + "\n" + WALL,
        WIN.replace("\n", "\r\n") + "\r\n" + WALL.replace("\n", "\r\n"),  # Windows line ends
        WIN.replace("value = 25", "  value   =   25   \t"),  # spaces, tabs, indentation
        WIN + "# a comment line\n\n\n" + WALL,
        WIN.replace('"Ruth"', '"李"').replace('"Linda"', '"Pat😀"'),  # names in any script
        WALL.replace('["Pat"]', "[]"),
        WALL.replace('["Pat"]', '[ "Pat" , "Kathy", ]'),  # a trailing comma is TOML
        WIN.replace("value = 25", "value = +25"),
        WIN.replace("value = 25", "value = -0"),
        WIN.replace("value = 25", "value = 0"),
        WIN + "self_pick = false\n",
        WIN + 'note = "a lovely hand"\n',  # unknown keys are kept and noted
        "[[log]]\n",  # an empty table
    ],
)
def test_plain_logs_take_the_quick_path(log, monkeypatch):
    text = HEAD + log
    body = text.removeprefix(sessionfile.BOM)
    assert sessionfile._fast_loads(body) == tomllib.loads(body)
    both(text, monkeypatch)


@pytest.mark.parametrize(
    "log",
    [
        WIN + 'winner = "Pat"\n',  # a repeated key: tomllib's error
        WIN.replace('"Ruth"', '"R\\u0075th"'),  # an escape
        WIN.replace('"Ruth"', "'Ruth'"),  # a literal string
        WIN.replace("value = 25", "value = 25 # nice"),  # a comment after a value
        WIN.replace("value = 25", "value = 25.0"),  # a float: the session's own problem
        WIN.replace("value = 25", "value = 025"),  # leading zero: not TOML
        WIN.replace("value = 25", "value = 1_000"),
        WIN.replace("value = 25", "value = 12345678901234567890"),
        WIN.replace("value = 25", "value = true"),  # a bool is no number
        WIN.replace("value = 25", "value ="),
        WIN.replace('"Ruth"', '"Ru\x07th"'),  # a control character
        WIN.replace('"Ruth"', '"Ruth'),  # unterminated
        WIN.replace("\nvalue", "\rvalue"),  # a lone carriage return
        WIN.replace("[[log]]", "[[ log ]]") + "\n" + WALL,
        WIN.replace("[[log]]", "[[log]] # first"),
        WIN + "\n[log.extra]\nx = 1\n",
        WIN + '\n[card]\nname = "Late card"\n',  # a table after the log
        WALL.replace('["Pat"]', '[\n  "Pat",\n]'),  # an array over several lines
        WALL.replace('["Pat"]', '["Pat", 3]'),
        WIN.replace("value = 25", "a.b = 1\nvalue = 25"),  # a dotted key
        WIN.replace("value = 25", '"value" = 25'),  # a quoted key
        WIN.replace("value = 25", "value = 2026-11-29"),
        WIN.replace("value = 25", "value = {x = 1}"),
        WIN.replace("kind", "kind\x00"),
        "log = []\n" + WIN,
    ],
)
def test_anything_else_is_left_to_tomllib_with_the_same_report(log, monkeypatch):
    text = HEAD + log
    parsed = both(text, monkeypatch)
    assert parsed.session is None or parsed.notes or parsed.doc == tomllib.loads(text)


def test_log_start_inside_a_multiline_string_is_left_to_tomllib(monkeypatch):
    text = HEAD.replace('name = "Thursday"', 'name = """Thursday\n[[log]]\n"""') + WIN
    assert sessionfile._fast_loads(text) is None
    assert both(text, monkeypatch).session is not None


def test_a_new_night_without_a_log_takes_the_quick_path(monkeypatch):
    assert sessionfile._fast_loads(HEAD) == tomllib.loads(HEAD)
    assert both(HEAD, monkeypatch).session is not None


CARD = """
[card]
name = "Light Mahjong Card"
year = 2025

[[card.lines]]
name = "Garden steps"
section = "Garden"
value = 25
concealed = false
groups = true

[[card.lines]]
name = "Quiet path"
value = 50
groups = false

"""


@pytest.mark.parametrize(
    "text",
    [
        HEAD + CARD + WIN,
        HEAD + CARD,
        HEAD.replace("date = 2026-11-29", "date = 2024-02-29") + WIN,  # a leap day
        HEAD.replace("date = 2026-11-29\n", "") + WIN,
        HEAD + 'pie = 500\nmisnamed = "add"\n' + WIN,
    ],
)
def test_plain_heads_and_cards_take_the_quick_path(text, monkeypatch):
    assert sessionfile._fast_loads(text) == tomllib.loads(text)
    both(text, monkeypatch)


@pytest.mark.parametrize(
    "text",
    [
        HEAD + CARD + CARD + WIN,  # [card] twice: tomllib's error
        HEAD + CARD.replace("[card]", "[[card.lines]]", 1) + WIN,  # lines without a card
        HEAD + WIN + CARD,  # the card after the log: valid TOML, another order
        HEAD + 'card = "x"\n' + CARD + WIN,
        HEAD + CARD.replace("year = 2025", "lines = []") + WIN,
        HEAD + "log = []\n" + WIN,
        HEAD.replace("2026-11-29", "2026-02-30") + WIN,  # no such day
        HEAD.replace("2026-11-29", "2026-11-29T20:00:00") + WIN,
        HEAD.replace("2026-11-29", "2026-11-29 # Thursday") + WIN,
        HEAD.replace("2026-11-29", "26-11-29") + WIN,
        HEAD + CARD.replace("[card]", "[ card ]") + WIN,
        HEAD + CARD.replace("[card]", "[card.extra]") + WIN,
        HEAD + "[other]\nx = 1\n" + WIN,
        HEAD.replace("schema = 1", "schema = 1\nschema = 2") + WIN,
    ],
)
def test_unusual_heads_are_left_to_tomllib_with_the_same_report(text, monkeypatch):
    assert sessionfile._fast_loads(text) is None
    both(text, monkeypatch)


def test_equal_looking_values_of_other_types_are_not_shared(monkeypatch):
    # 1, 1.0 and true compare equal in Python; only the first is a hand's value.
    text = HEAD + WIN.replace("25", "1") + WIN.replace("25", "1.0") + WIN.replace("25", "true")
    parsed = both(text, monkeypatch)
    assert [p.message for p in parsed.problems] == [
        "log entry 2 (win): value must be a whole number from 1 to 1000, not 1.0",
        "log entry 3 (win): value must be a whole number from 1 to 1000, not true",
    ]
    assert [p.line for p in parsed.problems] == [17, 22]


def test_a_problem_in_a_repeated_entry_is_reported_at_each_place(monkeypatch):
    bad = WIN.replace('"Linda"', '"Lnda"')
    parsed = both(HEAD + WIN + bad + WIN + bad, monkeypatch)
    assert [(p.line, p.message) for p in parsed.problems] == [
        (18, "log entry 2 (win): unknown player 'Lnda'; did you mean 'Linda'?"),
        (28, "log entry 4 (win): unknown player 'Lnda'; did you mean 'Linda'?"),
    ]


# ---- any text at all: the quick reader agrees with tomllib or steps aside ----------------

KEYS = st.sampled_from(["kind", "winner", "value", "dead", "self_pick", "x-y", "lines", "log"])
TEXT = st.text(
    alphabet=st.sampled_from(list("RuthLinda李😀 \"\\'#=[],\t\x00\x07\x7f\r")), max_size=8
)
VALUES = st.one_of(
    TEXT.map(lambda s: f'"{s}"'),
    st.integers(-(10**20), 10**20).map(str),
    st.sampled_from(["true", "false", "025", "+0", "-0", "1_0", "1.5", "[]", '["a",]', "[,]"]),
    st.sampled_from(["2026-11-29", "2026-02-30", "2024-02-29", "2026-1-29", "2026-11-29T20:00"]),
    st.lists(TEXT.map(lambda s: f'"{s}"'), max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"),
    TEXT,
)
HEADERS = ["[[log]]", "[card]", "[[card.lines]]", "[[ log ]]", "[log]", "[[log]] x", "[card.x]"]
LINES = st.one_of(
    st.sampled_from(HEADERS),
    st.tuples(KEYS, VALUES, st.sampled_from(["", " ", "\t", " # c"])).map(
        lambda kv: f"{kv[0]} = {kv[1]}{kv[2]}"
    ),
    st.sampled_from(["", "   ", "# note", "#\x07", "\r"]),
    TEXT,
)


@settings(max_examples=500, deadline=None)
@given(st.lists(LINES, max_size=14), st.booleans(), st.sampled_from(["\n", "\r\n"]))
def test_quick_reader_agrees_with_tomllib_on_any_file(lines, with_head, newline):
    body = ((HEAD if with_head else "") + newline.join(lines) + newline).replace("\n", newline)
    body = body.replace("\r\r\n", "\r\n")
    quick = sessionfile._fast_loads(body)
    try:
        expected = tomllib.loads(body)
    except tomllib.TOMLDecodeError:
        assert quick is None
        return
    if quick is not None:
        assert quick == expected
        assert repr(quick) == repr(expected)  # same key order and same types, all the way down


# ---- the fold's shortcut for repeated wins ------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 3), st.booleans()), max_size=80),
    st.sampled_from([None, 40, 100, 300]),
)
def test_every_row_is_scored_by_the_rules_for_its_own_seating(games, pie):
    """Rows shared through the fold's memo still pay what the rules say for that game,
    the pie included (RULES.md §4: a loser pays at most what is left in their purse)."""
    from mahjcli import rules
    from mahjcli.model import Options

    table = ["Ruth", "Linda", "Kathy", "Pat", "Sue"]
    log = []
    for winner, thrower, jokerless in games:
        log.append(Win(table[winner], 25, table[thrower] if thrower != winner else None,
                       jokerless=jokerless))  # fmt: skip
    session = Session(tuple(table), "Ruth", options=Options(pie=pie), log=tuple(log))
    standings = fold(session)
    running = dict.fromkeys(table, 0)
    for row in standings.rows:
        win = row.entry
        assert isinstance(win, Win)
        owed = rules.league_owed(
            win.winner, 25, win.thrown_by, list(row.seated), jokerless=win.jokerless,
            has_group=True,
        )  # fmt: skip
        paid = {
            p: amount if pie is None else max(0, min(amount, pie + running[p]))
            for p, amount in owed.items()
        }
        expected = {p: -amount for p, amount in paid.items()}
        expected[win.winner] = sum(paid.values())
        deltas = dict(zip(standings.players, row.deltas, strict=True))
        assert deltas == {p: expected.get(p, 0) for p in table}
        assert {p.payer: (p.owed, p.paid) for p in row.payments} == {
            p: (owed[p], paid[p]) for p in owed
        }
        running = {p: running[p] + deltas[p] for p in table}
        assert dict(zip(standings.players, row.totals, strict=True)) == running
    assert len(standings.rows) + len(standings.problems) == len(log)


def test_a_repeated_win_stops_paying_when_the_purse_runs_out():
    """Linda throws Ruth's 25 every game with a pie of 200 (RULES.md §4): she pays 50 four
    times, then her purse is empty and she pays nothing, though the same win at the same
    seats was scored before."""
    from mahjcli.model import Options

    session = Session(
        ("Ruth", "Linda", "Kathy", "Pat"),
        "Ruth",
        options=Options(pie=200),
        log=(Win("Ruth", 25, "Linda"),) * 9,
    )
    standings = fold(session)
    linda = [row.deltas[1] for row in standings.rows]
    assert linda == [-50, -50, -50, -50, 0, 0, 0, 0, 0]
    assert [p.paid for p in standings.rows[4].payments] == [0, 25, 25]
    assert standings.rows[4].payments[0].short
    # Kathy and Pat pay 25 a game until their own purses run out after game 8.
    assert standings.totals_map() == {"Ruth": 600, "Linda": -200, "Kathy": -200, "Pat": -200}


def test_the_benchmark_writer_matches_append_entry():
    """benchmarks/bench.py builds long files block by block; that is what mahj writes."""
    session = Session(("Ruth", "Linda", "Kathy"), "Ruth", log=(Win("Ruth", 25, "Linda"),))
    head = new_session_text(Session(("Ruth", "Linda", "Kathy"), "Ruth"))
    block = toml_block("[[log]]", entry_to_dict(session.log[0]))
    assert new_session_text(session) == head + "\n" + block


def test_a_new_file_with_a_log_is_what_appending_one_by_one_gives():
    """new_session_text joins the [[log]] tables once; append_entry adds them one by one."""
    from mahjcli.model import Options, Penalty
    from mahjcli.sessionfile import append_entry

    session = Session(
        players=("Ruth", "李", "Kathy", "Pat"),
        east="李",
        options=Options(rules="tournament"),
        log=(
            Win("李", 30, "Pat", exposures=2, misnamed=True),
            Penalty("Kathy", 10, 'looked at a "blind" pass'),
            Win("Ruth", 25, None, jokerless=True, dead=("Pat",)),
        ),
    )
    one_by_one = new_session_text(Session(session.players, session.east, session.options))
    for entry in session.log:
        one_by_one = append_entry(one_by_one, entry_to_dict(entry))
    assert new_session_text(session) == one_by_one
    assert parse_text(one_by_one).session == session
