"""Hand edits said in mahj's words: a key one slip away from a known one is a problem with
its line, never a game paid without it; TOML's own complaints become what to write instead."""

from __future__ import annotations

import pytest

from mahjcli.files.sessionfile import parse_text

HEAD = 'schema = 1\nrules = "league"\nplayers = ["Ruth", "Linda", "Kathy", "Pat"]\neast = "Ruth"\n'
WIN = 'kind = "win"\nwinner = "Ruth"\nvalue = 25\nthrown_by = "Linda"\n'


def edited(four, session, text: str) -> tuple[bytes, int]:
    """Write `text` as the file; returns its bytes and the line of its last entry's last key."""
    session.write_text(text)
    return session.read_bytes(), len(text.rstrip("\n").splitlines())


def test_a_misspelt_key_is_a_problem_with_its_line_in_check_and_every_command(four, session):
    assert four("win", "Ruth", "25", "--thrown-by", "Linda").exit_code == 0
    text = session.read_text().rstrip("\n") + "\njokerles = true\n"
    data, line = edited(four, session, text)
    check = four("check")
    assert check.exit_code == 1
    assert (
        f"{session}:{line}: log entry 1 (win): unknown key 'jokerles'; did you mean `jokerless`?"
        in (check.stdout)
    )
    for args in (("total",), ("status",), ("wall",)):
        result = four(*args)
        assert result.exit_code == 1 and "did you mean `jokerless`?" in result.stderr, args
        assert session.read_bytes() == data


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Jokerless = true", "unknown key 'Jokerless'; did you mean `jokerless`?"),
        ("Dead = []", "unknown key 'Dead'; did you mean `dead`?"),
    ],
)
def test_a_known_key_in_capitals_is_a_problem_never_a_game_paid_without_it(
    four, session, line, message
):
    """`Jokerless = true` is not `jokerless = true` to TOML: paying the game as if the line
    were not there would pay half what the scorer meant."""
    assert four("win", "Ruth", "25", "--thrown-by", "Linda").exit_code == 0
    data, at = edited(four, session, session.read_text().rstrip("\n") + f"\n{line}\n")
    check = four("check")
    assert check.exit_code == 1
    assert f"{session}:{at}: log entry 1 (win): {message}" in check.stdout
    result = four("total")
    assert result.exit_code == 1 and message in result.stderr
    assert session.read_bytes() == data


@pytest.mark.parametrize("key", ["Pie = 500", "House = []", "Stake = 0.25", 'RULES = "league"'])
def test_a_known_top_key_in_capitals_is_a_problem(key):
    name = key.split(" ")[0]
    parsed = parse_text(HEAD.replace('rules = "league"\n', "") + key + "\n")
    assert (name, f"unknown key {name!r}; did you mean `{name.lower()}`?") in [
        (p.where.key, p.message) for p in parsed.problems
    ]


def test_an_entry_with_no_kind_says_to_write_one():
    parsed = parse_text(HEAD + "\n[[log]]\n" + WIN.replace('kind = "win"\n', ""))
    (problem,) = parsed.problems
    assert problem.message.startswith('log entry 1: say what it records: kind = "win" (win, ')
    assert "None" not in problem.message


def test_a_bad_players_line_is_one_problem_not_one_for_every_game():
    """The players written as one string: that line is the problem; the games' names are not
    each "unknown player" too (a real slip in a game is still found)."""
    head = HEAD.replace('["Ruth", "Linda", "Kathy", "Pat"]', '"Ruth, Linda, Kathy, Pat"')
    text = head + "\n[[log]]\n" + WIN + "\n[[log]]\n" + WIN + "jokerles = true\n"
    assert [(p.where.key, p.message) for p in parse_text(text).problems] == [
        ("players", 'players must be a list of names, like players = ["Ruth", "Linda", "Kathy"]'),
        ("jokerles", "log entry 2 (win): unknown key 'jokerles'; did you mean `jokerless`?"),
    ]


def test_a_game_written_without_its_log_line_is_a_problem_never_left_out():
    """Kept as unknown top keys, the game would be quietly missing from the night."""
    assert [(p.where.key, p.message) for p in parse_text(HEAD + WIN).problems] == [
        ("kind", "kind belongs to a log entry: put a line [[log]] above the entry's lines")
    ]
    assert [p.message for p in parse_text(HEAD + "[log]\n" + WIN).problems] == [
        "log must be a list of entries: put [[log]], with two brackets, above each"
    ]
    assert [p.message for p in parse_text(HEAD + "table = 2\n").problems] == [
        "unknown key 'table'; did you mean `tables`?"
    ]


def test_a_key_nothing_like_a_known_one_is_still_kept_as_a_note(four, session):
    assert four("win", "Ruth", "25", "--thrown-by", "Linda").exit_code == 0
    session.write_text(session.read_text().rstrip("\n") + '\nscribble = "Pat was late"\n')
    check = four("check")
    assert check.exit_code == 0
    assert "unknown key 'scribble' is kept but not used" in check.stdout


def test_a_misspelt_top_key_is_a_problem():
    parsed = parse_text(HEAD + "tabels = 2\n")
    assert [(p.where.key, p.message) for p in parsed.problems] == [
        ("tabels", "unknown key 'tabels'; did you mean `tables`?")
    ]


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (WIN + "jokerless = yes",
         "jokerless = yes: write true or false, in lower case: jokerless = true"),
        (WIN + "jokerless = No",
         "jokerless = No: write true or false, in lower case: jokerless = false"),
        (WIN.replace('"Ruth"', "“Ruth”"),
         'winner = “Ruth” has curly quotes (a word processor\'s); TOML reads straight ones: '
         'winner = "Ruth"'),
        (WIN.replace('"Ruth"', "Ruth"),
         'winner = Ruth: text goes in double quotes: winner = "Ruth"'),
        (WIN + "dead = [“Kathy”, “Chris’”, “Pat O’Brien”]",
         'dead = [“Kathy”, “Chris’”, “Pat O’Brien”] has curly quotes (a word processor\'s); '
         'TOML reads straight ones: dead = ["Kathy", "Chris’", "Pat O’Brien"]'),
        (WIN + "dead = [‘Kathy’, ‘Pat O’Brien’]",
         'dead = [‘Kathy’, ‘Pat O’Brien’] has curly quotes (a word processor\'s); TOML reads '
         'straight ones: dead = ["Kathy", "Pat O’Brien"]'),
        (WIN.replace("value = 25", "value = thirty"),
         "value = thirty: value is a whole number, written in digits"),
        (WIN + "jokerless = ture",
         'jokerless = ture: write true or false, in lower case (jokerless = true); text goes '
         'in double quotes (jokerless = "ture")'),
        (WIN + "jokerless = Flase",
         'jokerless = Flase: write true or false, in lower case (jokerless = false); text '
         'goes in double quotes (jokerless = "Flase")'),
        (WIN + "value = 30", "value is given twice in one table; keep one of them"),
        (WIN.replace('= "Linda"', '= "Linda'), "a text in quotes is not closed on its line"),
        (WIN + "value 30", "`value 30` is not `key = value`"),
        (WIN + '[log]\nkind = "wall"', "[log] has single brackets: each entry of the log is a "
         "[[log]] table of its own, with double brackets"),
    ],
)  # fmt: skip
def test_toml_complaints_say_what_to_write_instead_on_their_line(entry, message):
    text = HEAD + "\n[[log]]\n" + entry.rstrip("\n") + "\n"
    (problem,) = parse_text(text).problems
    assert problem.message.startswith(f"not valid TOML: {message}")
    bad = next(i for i, line in enumerate(text.splitlines(), 1) if _is_bad(line, entry))
    assert problem.where is not None and problem.where.line == bad
    assert "Invalid value" not in problem.message and "Cannot " not in problem.message


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('  { kind = "win", winner = “Eve”, value = 25 },',
         'winner = “Eve” has curly quotes (a word processor\'s); TOML reads straight ones: '
         'winner = "Eve"'),
        ('  { kind = "win", winner = Eve, value = 25 },',
         'winner = Eve: text goes in double quotes: winner = "Eve"'),
        ("  { Ann = 4O, Bea = 2 },", "Ann = 4O is not a value TOML reads"),
        ("  { Ann = 4 Bea = 2 },", "a comma is missing before `Bea = 2`"),
        ('  { kind = "win", winner = "Eve", value = 25 ,',
         "the { on this line is not closed with }"),
        ('  { "Mary Ann = 60, Dot = -20 },', "a text in quotes is not closed on its line"),
        ('  { winner = "Mary Ann, value = 25 },', "a text in quotes is not closed on its line"),
        ('  { "Mary Ann" = 60 Dot = -20 },',
         'a comma is missing before `Dot = -20`: write `"Mary Ann" = 60, Dot = -20`'),
        ('  { "[bold]Sue" = 1 Dot = 2 },',
         'a comma is missing before `Dot = 2`: write `"[bold]Sue" = 1, Dot = 2`'),
        ("  { Sue = 1 000, Dot = 2 },", "Sue = 1 000 is not a value TOML reads"),
        ("  { Sue = 60 pts, Dot = 2 },", "Sue = 60 pts is not a value TOML reads"),
        ("  { Sue = 60, Donna = 35 # note },",
         "a comment (#) cannot go between { and }; put it after the closing }"),
        ("  { Sue = 60, },", "a comma just before the closing } is not allowed; take it out"),
        ("  { José = 60, Dot = 2 },",
         'José: a name with letters beyond A to Z goes in double quotes: "José" = ...'),
    ],
)  # fmt: skip
def test_damage_inside_braces_is_said_in_words_on_its_line(line: str, message: str):
    """The games and totals an event's card (or a hand-written list) keeps between { and }
    are the lines edited most: a slip there is explained as on a line of its own."""
    text = f"games = [\n{line}\n]\n"
    (problem,) = parse_text(text).problems
    assert problem.message.startswith(f"not valid TOML: {message}"), problem.message
    assert problem.where is not None and problem.where.line == 2


def _is_bad(line: str, entry: str) -> bool:
    """The line each case above breaks: the first it adds to (or changes in) a good win."""
    return line == next(x for x in entry.splitlines() if x not in WIN.splitlines())


def test_toml_given_as_a_list_and_as_tables_says_to_write_it_one_way():
    (problem,) = parse_text("log = []\n" + HEAD + '\n[[log]]\nkind = "wall"\n').problems
    assert "log is given as a value above (`log = [...]`)" in problem.message
    assert "write it one way" in problem.message


def test_a_card_key_one_slip_away_is_named(tmp_path):
    from mahjcli.files.cardfile import check_card

    card = tmp_path / "card.toml"
    card.write_text('name = "Ours"\n[[lines]]\nname = "A"\nvlaue = 25\ngroups = true\n')
    checked = check_card(str(card))
    assert any("unknown key 'vlaue'; did you mean `value`?" in m for _, m in checked.problems)


@pytest.mark.parametrize("header", ["[[Log]]", "[[logs]]", "[[ LOG ]]"])
def test_a_misspelt_log_header_is_named_with_its_line(four, session, header):
    assert four("win", "Ruth", "25", "--thrown-by", "Linda").exit_code == 0
    text = session.read_text().rstrip("\n") + f'\n\n{header}\nkind = "wall"\n'
    data, last = edited(four, session, text)
    check = four("check")
    name = header.strip("[] ")
    assert check.exit_code == 1
    assert f"{session}:{last - 1}: unknown key {name!r}" in check.stdout
    assert session.read_bytes() == data


@pytest.mark.parametrize("typed", ["12/06/2026", "2026-12-6", "2026/12/06", "2026-02-30"])
def test_a_date_written_another_way_says_how_to_write_it(typed):
    text = HEAD.replace('rules = "league"\n', f'rules = "league"\ndate = {typed}\n')
    (problem,) = parse_text(text).problems
    assert problem.message.startswith(f"not valid TOML: date = {typed}: ")
    assert "year-month-day" in problem.message and "2026-12-06" in problem.message
    assert problem.where is not None and problem.where.line == 3


@pytest.mark.parametrize(
    ("text", "opened"),
    [
        (HEAD.replace('"Pat"]', '"Pat"'), 'players = ["Ruth", "Linda", "Kathy", "Pat"'),
        (HEAD + '\n[[log]]\nkind = "wall"\ndead = ["Ruth",\n  "Pat"\n\n[[log]]\nkind = "wall"\n',
         'dead = ["Ruth",'),
        (HEAD + '\n[[log]]\nkind = "wall"\ndead = ["Ruth"\nseats = ["Ruth", "Linda", "Pat"]\n',
         'dead = ["Ruth"'),
        (HEAD.replace('players = ["Ruth", "Linda", "Kathy", "Pat"]',
                      'players = [\n  "Ruth",\n  "Linda",\n  "Kathy",\n  "Pat",\n')
         + '\n[[log]]\nkind = "wall"\n', "players = ["),  # the next key read as a value
    ],
)  # fmt: skip
def test_an_unclosed_list_is_named_at_the_line_it_opens_on(text, opened):
    """TOML notices the missing ] only on a later line; the problem points where the list
    was opened, which is the line to mend."""
    (problem,) = parse_text(text).problems
    assert problem.message == "not valid TOML: a list opened with [ is not closed with ]"
    assert problem.where is not None
    assert text.splitlines()[problem.where.line - 1] == opened


def test_an_events_seating_list_left_open_is_named_where_it_opens(tmp_path):
    """A round's `tables = [` whose ] went missing: TOML complains at the next [[table]]
    header; the problem points at the list's first line."""
    from mahjcli.files.eventfile import parse_event_text
    from tests.web.conftest import cli

    path = tmp_path / "cup.toml"
    cli("event", "new", "Cup", *"ABCDEFGH", "--rounds", "2", "--given", "--session", str(path))
    text = path.read_text("utf-8").replace("  # table 2\n]\n", "  # table 2\n", 1)
    text += "\n[[seating]]\nround = 2\n"
    (problem,) = parse_event_text(text).problems
    assert problem.message == "not valid TOML: a list opened with [ is not closed with ]"
    assert problem.where is not None and text.splitlines()[problem.where.line - 1] == "tables = ["
