"""docs/rules.md, the project's rule book, stays true to mahj.

- Every worked example (a ```console block: `$ mahj ...` lines, each followed by `→`
  lines saying what it did) is typed into mahj, one fresh night per block, and every `→`
  line is checked against the night as mahj replays it.
- Every chart marked `<!-- checked: ... -->` is recomputed with `mahjcli.core.payments`.
- Every `mahj ...` command the page shows parses (test_commands_shown.py, for every page).
- The page (and every other page of the docs) is written in the project's own words: it
  shares no run of eight words with
  the rule book the team works from, or with that rule book's sources. Those files live
  outside the repository (`MAHJ_RULE_BOOK` names the rule book; by default
  `../shared/RULES.md` beside the checkout), so that check is skipped where they are absent.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from typer.testing import CliRunner

from mahjcli.cli import app
from mahjcli.core import payments
from mahjcli.core.model import WINDS
from mahjcli.core.settle import settle
from mahjcli.core.standings import Standings
from mahjcli.files.loader import load
from tests.helpers import ROOT

DOC = ROOT / "docs" / "rules.md"
TEXT = DOC.read_text(encoding="utf-8")
RULE_BOOK = Path(os.environ.get("MAHJ_RULE_BOOK", ROOT.parent / "shared" / "RULES.md"))
SOURCES = RULE_BOOK.parent / "seeds"
RUN_OF_WORDS = 8
"""The shortest run of words that counts as copied."""

FENCE = re.compile(r"^```(?P<lang>[\w-]*)\n(?P<body>.*?)^```[ \t]*$", re.M | re.S)
HEADING = re.compile(r"^#+ (.+)$", re.M)
CHANGE = re.compile(r"^(?P<name>\w+) (?P<points>[+-]?\d+)$")


def plain(text: str) -> str:
    """The typographic minus as the ASCII one, so numbers parse either way."""
    return text.replace("−", "-")


# ---- the page, read once ----------------------------------------------------------------


class Step(NamedTuple):
    """One `$ mahj ...` line of an example and the `→` lines under it."""

    argv: list[str]
    typed: str
    expect: list[str]


class Example(NamedTuple):
    """One ```console block: where it stands, and its steps."""

    name: str
    line: int
    steps: list[Step]


def heading_before(offset: int) -> str:
    """The title of the section a place in the page belongs to."""
    titles = [m.group(1) for m in HEADING.finditer(TEXT) if m.start() < offset]
    return titles[-1] if titles else "top"


def examples() -> list[Example]:
    """Every worked example on the page, in order."""
    found = []
    for block in FENCE.finditer(TEXT):
        if block.group("lang") != "console":
            continue
        steps: list[Step] = []
        for raw in block.group("body").splitlines():
            line = raw.strip()
            if line.startswith("$ "):
                typed = line[2:]
                steps.append(Step(shlex.split(typed), typed, []))
            elif line.startswith("→"):
                assert steps, f"a → line before any command: {line!r}"
                steps[-1].expect.append(line[1:].strip())
            elif line:
                raise AssertionError(f"an example line is neither $ nor →: {line!r}")
        line_no = TEXT.count("\n", 0, block.start()) + 1
        found.append(Example(heading_before(block.start()), line_no, steps))
    return found


EXAMPLES = examples()


def checked_table(label: str) -> list[list[str]]:
    """The body rows of the markdown table under `<!-- checked: label -->`."""
    marker = f"<!-- checked: {label} -->"
    assert marker in TEXT, f"the page has no chart marked {marker}"
    after = TEXT.split(marker, 1)[1].lstrip("\n").splitlines()
    rows = []
    for line in after:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    assert len(rows) > 2, f"the chart marked {marker} has no rows"
    return rows[2:]  # past the header and the |---| line


def numbers(cell: str) -> list[int]:
    """The whole numbers in a chart cell, in order."""
    return [int(n) for n in re.findall(r"-?\d+", plain(cell))]


# ---- the page's shape -------------------------------------------------------------------


def test_the_page_has_its_examples_and_sections():
    assert len(EXAMPLES) >= 20
    for title in [
        "League payments",
        "The value in use: jokerless and card lines",
        "Wins paid as self-picked",
        "Wall games and dead hands",
        "Seats, East and the waiting line",
        "The pie",
        "Coins and settling up",
        "Tournament scoring (Mah Jongg Master Points)",
        "Club nights: several tables, one line",
        "House rules",
        "Decisions mahj makes",
    ]:
        assert f"## {title}\n" in TEXT, title
    for example in EXAMPLES:
        assert example.steps, example
        assert example.steps[0].argv[:2] == ["mahj", "new"], (
            f"the example at line {example.line} must start a night with mahj new"
        )


# ---- the worked examples ----------------------------------------------------------------


@pytest.fixture
def quick_saves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skip the flush to disk on every save: these tests read numbers, and saving safely
    is tested by the fault tests."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


def seat_words(text: str) -> list[str]:
    """`East Olga, South Pia, West Rosa` as the seated players, East first."""
    seats = []
    for i, part in enumerate(p.strip() for p in text.split(",")):
        wind, _, name = part.partition(" ")
        assert wind == WINDS[i], f"seat {i + 1} should be {WINDS[i]}, not {wind!r}"
        seats.append(name.strip())
    return seats


def names_and_points(text: str) -> dict[str, int]:
    """`Pia -60, Nora -30, Olga +120` as a mapping."""
    out = {}
    for part in plain(text).split(","):
        match = CHANGE.match(part.strip())
        assert match, f"not `NAME ±POINTS`: {part.strip()!r}"
        out[match.group("name")] = int(match.group("points"))
    return out


def seated_at(standings: Standings, table: int) -> list[str]:
    view = next((t for t in standings.tables if t.table == table), None)
    assert view is not None, f"table {table} is not open"
    return list(view.seated)


def changes(standings: Standings, said: dict[str, int], now: dict[str, int]) -> None:
    """`said` names players of tonight, and `now` is `said` with everyone else at 0."""
    assert set(said) <= set(standings.players), f"not players tonight: {sorted(said)}"
    assert now == {p: said.get(p, 0) for p in standings.players}


def waiting_words(text: str) -> list[str]:
    """`Tess, Uma` (or `nobody`) as the line, front first."""
    said = text.strip()
    return [] if said == "nobody" else [n.strip() for n in said.split(",")]


def settle_words(text: str) -> list[tuple[str, str, int]]:
    """`Olga pays Nora 120, Rosa pays Pia 80` as (payer, payee, amount)."""
    out = []
    for part in text.split(","):
        match = re.fullmatch(r"(\w+) pays (\w+) (\d+)", part.strip())
        assert match, f"not `NAME pays NAME AMOUNT`: {part.strip()!r}"
        out.append((match.group(1), match.group(2), int(match.group(3))))
    return out


def check_clause(clause: str, standings: Standings) -> None:
    """One `→` clause against the night after its command."""
    clause = plain(clause)
    key, colon, rest = clause.partition(":")
    table = re.fullmatch(r"table (\d+)", key)
    if clause == "no change":
        assert standings.rows, "nothing was recorded"
        assert not any(standings.rows[-1].deltas)
    elif colon and key == "next":
        assert seated_at(standings, 1) == seat_words(rest)
    elif colon and table:
        assert seated_at(standings, int(table.group(1))) == seat_words(rest)
    elif colon and key == "waiting":
        assert list(standings.waiting) == waiting_words(rest)
    elif colon and key == "totals":
        changes(standings, names_and_points(rest), standings.totals_map())
    elif colon and key == "purse":
        purses = standings.purses()
        assert purses is not None, "this night has no pie"
        for name, purse in names_and_points(rest).items():
            assert purses[name] == purse, name
    elif colon and key == "kitty":
        assert standings.kitty_total() == int(rest)
    elif colon and key == "settled":
        done = [(t.payer, t.payee, t.amount) for t in standings.settled()]
        assert sorted(done) == sorted(settle_words(rest))
    elif colon and key == "settle":
        done = [(t.payer, t.payee, t.amount) for t in settle(standings.balances()).payments]
        assert sorted(done) == sorted(settle_words(rest))
    else:
        moved = dict(zip(standings.players, standings.rows[-1].deltas, strict=True))
        changes(standings, names_and_points(clause), moved)


def run_step(step: Step, session: Path) -> Any:
    """Type one command of an example, against the example's own session file."""
    argv = [*step.argv[1:], "--session", str(session)]
    return CliRunner().invoke(app, argv, catch_exceptions=False)


@pytest.mark.usefixtures("quick_saves")
@pytest.mark.parametrize("example", EXAMPLES, ids=[f"line {e.line}: {e.name}" for e in EXAMPLES])
def test_worked_example(example: Example, tmp_path: Path) -> None:
    session = tmp_path / "example.toml"
    for step in example.steps:
        before = session.read_bytes() if session.exists() else None
        result = run_step(step, session)
        clauses = [c.strip() for said in step.expect for c in said.split(";")]
        where = f"line {example.line}, `{step.typed}`"
        if "refused" in clauses:
            assert result.exit_code == 1, f"{where} should be refused: {result.output}"
            after = session.read_bytes() if session.exists() else None
            assert after == before, f"{where} was refused but changed the file"
            clauses.remove("refused")
        else:
            assert result.exit_code == 0, f"{where} failed: {result.output}"
        if not clauses:
            continue
        standings = load(session).standings
        for clause in clauses:
            try:
                check_clause(clause, standings)
            except AssertionError as exc:
                raise AssertionError(f"{where}: `→ {clause}` is not what mahj did") from exc


# ---- the charts -------------------------------------------------------------------------

LEAGUE_COLUMNS = [(False, False), (True, False), (False, True), (True, True)]
"""The league chart's columns after value and seated: (self-picked, jokerless)."""


def test_league_chart():
    rows = checked_table("league chart")
    for row in rows:
        value, seated = numbers(row[0])[0], numbers(row[1])[0]
        has_group = "singles and pairs" not in row[0]
        for cell, (self_picked, jokerless) in zip(row[2:], LEAGUE_COLUMNS, strict=True):
            *each, collects = numbers(cell)
            paid = payments.league_collects(
                value,
                seated=seated,
                self_picked=self_picked,
                jokerless=jokerless,
                has_group=has_group,
            )
            assert tuple(each) == paid, (row[0], row[1], cell)
            assert collects == sum(paid), (row[0], row[1], cell)


TOURNAMENT_COLUMNS = [
    {"self_picked": False, "jokerless": False, "heavenly": False},
    {"self_picked": True, "jokerless": False, "heavenly": False},
    {"self_picked": False, "jokerless": True, "heavenly": False},
    {"self_picked": True, "jokerless": True, "heavenly": False},
    {"self_picked": False, "jokerless": True, "heavenly": True},
]
"""The tournament winner chart's columns after the value."""


def test_tournament_winner_chart():
    for row in checked_table("tournament winner chart"):
        value = numbers(row[0])[0]
        has_group = "singles and pairs" not in row[0]
        for cell, case in zip(row[1:], TOURNAMENT_COLUMNS, strict=True):
            points = payments.tournament_winner_points(value, has_group=has_group, **case)
            assert numbers(cell) == [points], (row[0], cell, case)


def test_tournament_thrower_chart():
    for row in checked_table("tournament thrower chart"):
        exposures = numbers(row[0])[0]
        threw, misnamed, misnamed_add, at_30 = (numbers(cell)[0] for cell in row[1:])
        points = payments.tournament_thrower_points
        assert threw == points(exposures, misnamed=False, misnamed_adds=False)
        assert misnamed == points(exposures, misnamed=True, misnamed_adds=False)
        assert misnamed_add == points(exposures, misnamed=True, misnamed_adds=True)
        assert at_30 == points(exposures, misnamed=False, misnamed_adds=False, at_three=30)


# ---- in the project's own words ---------------------------------------------------------


def word_runs(text: str) -> dict[tuple[str, ...], str]:
    """Every run of `RUN_OF_WORDS` words in `text`, lower case, punctuation dropped."""
    words = re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower().replace("’", "'"))
    return {
        tuple(words[i : i + RUN_OF_WORDS]): " ".join(words[i : i + RUN_OF_WORDS])
        for i in range(len(words) - RUN_OF_WORDS + 1)
    }


def sources() -> list[Path]:
    found = [RULE_BOOK] if RULE_BOOK.is_file() else []
    if SOURCES.is_dir():
        found += sorted(p for p in SOURCES.iterdir() if p.is_file())
    return found


PAGES = [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md"))]


@pytest.mark.parametrize("path", PAGES, ids=[p.name for p in PAGES])
def test_no_run_of_words_is_copied(path: Path):
    """This page and every other page of the docs, and the README."""
    books = sources()
    if not books:
        pytest.skip(f"the rule book is not here ({RULE_BOOK})")
    text = path.read_text(encoding="utf-8")
    if path != DOC:  # the prose: what mahj prints (its help, its examples' output) is not
        text = FENCE.sub("", text.split("<!-- generated by", 1)[0])  # what we wrote here
    page = word_runs(text)
    for book in books:
        shared = page.keys() & word_runs(book.read_text(encoding="utf-8")).keys()
        assert not shared, (book.name, sorted(page[run] for run in shared))


def test_the_copy_check_finds_a_copy():
    line = "every one of these words comes straight from the same sentence here"
    assert word_runs(f"Intro. {line}.").keys() & word_runs(f"{line.upper()}!").keys()
    assert not word_runs("one two three four five six seven").keys()
