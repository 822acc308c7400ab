"""A hand-edited entry is judged exactly like a typed one (RULES.md throughout).

Every refusal of the command line is also written into the file by hand: `mahj check`
reports it with its line, every command refuses the night, and nothing is written. And
an edit the rules allow is paid exactly as the same game typed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import Run

FOUR = ("Ruth", "Linda", "Kathy", "Pat")

NIGHTS = {
    "league": ("new", *FOUR),
    "five": ("new", *FOUR, "Sue"),
    "card": ("new", *FOUR, "--card", "sample"),
    "tournament": ("new", *FOUR, "--rules", "tournament"),
}

# (night, what the scorekeeper typed, the same entry written by hand, a fragment of the
#  reason both are given)
REFUSALS = [
    ("five", ("win", "Sue", "25", "--self-pick"),
     'kind = "win"\nwinner = "Sue"\nvalue = 25\nself_pick = true', "Sue is waiting this game"),
    ("league", ("win", "Ruth", "25", "--thrown-by", "Ruth"),
     'kind = "win"\nwinner = "Ruth"\nvalue = 25\nthrown_by = "Ruth"', "cannot both win and throw"),
    ("league", ("win", "Ruth", "0", "--self-pick"),
     'kind = "win"\nwinner = "Ruth"\nvalue = 0\nself_pick = true', "from 1 to 1000"),
    ("league", ("win", "Ruth", "1001", "--self-pick"),
     'kind = "win"\nwinner = "Ruth"\nvalue = 1001\nself_pick = true', "from 1 to 1000"),
    ("league", ("win", "Lnda", "25", "--self-pick"),
     'kind = "win"\nwinner = "Lnda"\nvalue = 25\nself_pick = true', "did you mean 'Linda'?"),
    ("league", ("win", "Linda", "25", "--heavenly"),
     'kind = "win"\nwinner = "Linda"\nvalue = 25\nheavenly = true', "only East (Ruth)"),
    ("league", ("win", "Ruth", "25", "--heavenly", "--thrown-by", "Linda"),
     'kind = "win"\nwinner = "Ruth"\nvalue = 25\nheavenly = true\nthrown_by = "Linda"',
     "nobody threw a tile"),
    ("league", ("win", "Ruth", "25", "--thrown-by", "Linda", "--misnamed"),
     'kind = "win"\nwinner = "Ruth"\nvalue = 25\nthrown_by = "Linda"\nmisnamed = true',
     "mis-named discard is scored only at a tournament table"),
    ("league", ("win", "Ruth", "25", "--thrown-by", "Linda", "--dead", "Linda"),
     'kind = "win"\nwinner = "Ruth"\nvalue = 25\nthrown_by = "Linda"\ndead = ["Linda"]',
     "a dead hand stops discarding"),
    ("league", ("win", "Ruth", "25", "--self-pick", "--dead", "Ruth"),
     'kind = "win"\nwinner = "Ruth"\nvalue = 25\nself_pick = true\ndead = ["Ruth"]',
     "their hand cannot be dead"),
    ("five", ("wall", "--dead", "Sue"), 'kind = "wall"\ndead = ["Sue"]', "Sue is waiting"),
    ("league", ("win", "Ruth", "--line", "Garden steps", "--self-pick"),
     'kind = "win"\nwinner = "Ruth"\nvalue = 25\nself_pick = true\nline = "Garden steps"',
     "this night has no card"),
    ("card", ("win", "Ruth", "--line", "Moon gate", "--self-pick"),
     'kind = "win"\nwinner = "Ruth"\nvalue = 25\nself_pick = true\nline = "Moon gate"',
     "Moon gate"),
    ("card", ("win", "Ruth", "30", "--line", "Garden steps", "--self-pick"),
     'kind = "win"\nwinner = "Ruth"\nvalue = 30\nself_pick = true\nline = "Garden steps"',
     "'Garden steps' is worth 25 on the card, not 30: make the value 25"),
    ("card", ("win", "Ruth", "--line", "Garden steps", "--self-pick", "--jokerless",
              "--singles-pairs"),
     'kind = "win"\nwinner = "Ruth"\nvalue = 25\nself_pick = true\njokerless = true\n'
     'singles_pairs = true\nline = "Garden steps"',
     "so it is not a singles-and-pairs hand"),
    ("tournament", ("win", "Ruth", "25", "--thrown-by", "Linda"),
     'kind = "win"\nwinner = "Ruth"\nvalue = 25\nthrown_by = "Linda"',
     "needs the number of exposures"),
    ("tournament", ("win", "Ruth", "25", "--thrown-by", "Linda", "--exposures", "6"),
     'kind = "win"\nwinner = "Ruth"\nvalue = 25\nthrown_by = "Linda"\nexposures = 6', "0 to 5"),
    ("tournament", ("win", "Ruth", "25", "--self-pick", "--misnamed"),
     'kind = "win"\nwinner = "Ruth"\nvalue = 25\nself_pick = true\nmisnamed = true',
     "a mis-named discard needs a thrower"),
    ("league", ("penalty", "Ruth", "10"), 'kind = "penalty"\nplayer = "Ruth"\npoints = 10',
     "penalties are scored only at a tournament table"),
    ("tournament", ("penalty", "Ruth", "0"), 'kind = "penalty"\nplayer = "Ruth"\npoints = 0',
     "from 1 to 1000"),
    ("league", ("incomplete",), 'kind = "incomplete"', "only at a tournament table"),
    ("tournament", ("join", "Sue"), 'kind = "join"\nplayer = "Sue"', "exactly four players"),
    ("tournament", ("leave", "Pat"), 'kind = "leave"\nplayer = "Pat"', "exactly four players"),
    ("league", ("join", "Ruth"), 'kind = "join"\nplayer = "Ruth"', "Ruth is already here"),
    ("league", ("scorecard", "--accept"), 'kind = "accept"', "only a tournament table"),
    ("tournament", ("scorecard", "--accept"), 'kind = "accept"', "at the end of a round"),
]  # fmt: skip


def start(mahj: Run, night: str) -> None:
    result = mahj(*NIGHTS[night])
    assert result.exit_code == 0, result


def append(session: Path, table: str) -> int:
    """Write one [[log]] table at the end of the file by hand; returns its header's line."""
    kept = session.read_text(encoding="utf-8").rstrip("\n")
    session.write_text(kept + "\n\n[[log]]\n" + table + "\n", encoding="utf-8")
    return len(kept.splitlines()) + 2  # after one blank line


@pytest.mark.parametrize("night, typed, written, reason", REFUSALS, ids=lambda v: str(v)[:40])
def test_a_refusal_typed_is_a_problem_written(
    mahj: Run, session: Path, night: str, typed: tuple[str, ...], written: str, reason: str
):
    start(mahj, night)
    before = session.read_bytes()
    refused = mahj(*typed)
    assert refused.exit_code == 1, refused
    assert refused.stderr.startswith("Error: ") and reason in refused.stderr
    assert session.read_bytes() == before

    header = append(session, written)
    last = header + written.count("\n") + 1
    edited = session.read_bytes()
    check = mahj("check")
    assert check.exit_code == 1, check
    (line,) = [ln for ln in check.stdout.splitlines() if not ln.startswith("note:")]
    where, _, message = line.partition(": ")
    assert where.startswith(f"{session}:")
    assert header <= int(where.rsplit(":", 1)[1]) <= last  # the line of the edited entry
    assert reason in message
    report = json.loads(mahj("check", "--json").stdout)
    assert report["ok"] is False and header <= report["problems"][0]["line"] <= last
    for args in (("status",), ("total", "--json"), ("wall",), ("undo",)):
        result = mahj(*args)
        assert result.exit_code == 1 and reason in result.stderr, (args, result)
        assert session.read_bytes() == edited


def totals(mahj: Run) -> dict[str, int]:
    result = mahj("total", "--json")
    assert result.exit_code == 0, result
    return json.loads(result.stdout)["totals"]


@pytest.mark.parametrize(
    "night, typed, written, ruth",
    [
        # Quiet path has no group of three: jokerless does not double it, however the
        # entry came to name it (RULES.md §2: self-picked, jokerless → 100 each, +300).
        (
            "card",
            ("win", "Ruth", "--line", "Quiet path", "--self-pick", "--jokerless"),
            'kind = "win"\nwinner = "Ruth"\nvalue = 50\nself_pick = true\njokerless = true\n'
            'line = "Quiet path"',
            300,
        ),
        # Tournament: 50 + 10 self-picked, no jokerless bonus → 60, not 80.
        (
            "tournament",
            ("win", "Ruth", "50", "--self-pick", "--jokerless", "--singles-pairs"),
            'kind = "win"\nwinner = "Ruth"\nvalue = 50\nself_pick = true\njokerless = true\n'
            "singles_pairs = true",
            60,
        ),
        # Garden steps has pungs: jokerless self-picked doubles it, 100 each → +300.
        (
            "card",
            ("win", "Ruth", "--line", "Garden steps", "--self-pick", "--jokerless"),
            'kind = "win"\nwinner = "Ruth"\nvalue = 25\nself_pick = true\njokerless = true\n'
            'line = "Garden steps"',
            300,
        ),
    ],
    ids=["quiet-path", "tournament-pairs", "garden-steps"],
)
def test_an_allowed_edit_is_paid_exactly_as_typed(
    mahj: Run,
    session: Path,
    tmp_path: Path,
    night: str,
    typed: tuple[str, ...],
    written: str,
    ruth: int,
):
    start(mahj, night)
    assert mahj(*typed).exit_code == 0
    by_hand = tmp_path / "by-hand.toml"
    mahj(*NIGHTS[night], "--session", str(by_hand), use_session=False)
    append(by_hand, written)
    assert mahj("check", "--session", str(by_hand), use_session=False).exit_code == 0
    hand = json.loads(mahj("total", "--json", "--session", str(by_hand), use_session=False).stdout)
    assert hand["totals"] == totals(mahj)
    assert hand["totals"]["Ruth"] == ruth


def test_paid_amounts_for_the_hand_edited_lines(mahj: Run, session: Path):
    """The numbers themselves, so the test above cannot pass by both being wrong."""
    start(mahj, "card")
    append(session, 'kind = "win"\nwinner = "Ruth"\nvalue = 50\nself_pick = true\n'
                    'jokerless = true\nline = "Quiet path"')  # fmt: skip
    assert totals(mahj) == {"Ruth": 300, "Linda": -100, "Kathy": -100, "Pat": -100}
    append(session, 'kind = "win"\nwinner = "Linda"\nvalue = 25\nself_pick = true\n'
                    'jokerless = true\nline = "Garden steps"')  # fmt: skip
    assert totals(mahj) == {"Ruth": 200, "Linda": 200, "Kathy": -200, "Pat": -200}


@pytest.mark.parametrize(
    "order",
    [["Quiet path", "Three-suit pairs"], ["Three-suit pairs", "Quiet path"]],
    ids=["quiet-first", "pairs-first"],
)
def test_the_order_of_lines_named_changes_nothing(mahj: Run, session: Path, order):
    start(mahj, "card")
    args = [arg for name in order for arg in ("--line", name)]
    result = mahj("win", "Ruth", *args, "--self-pick", "--jokerless", "--singles-pairs")
    assert result.exit_code == 0, result
    entry = json.loads(mahj("log", "--json").stdout)["games"][0]
    assert entry["line"] == "Quiet path"  # both pay 300; Quiet path is first on the card
    assert entry["deltas"]["Ruth"] == 300


def test_an_entry_id_pasted_onto_a_second_entry_is_a_problem_of_that_entry(
    mahj: Run, session: Path
):
    """An id names one entry (a page that sends a game again is answered from it): a game
    copied with its entry_id is found by `mahj check` at the copy's id line, and the night
    is refused until one of them goes. The same id on a game and on the comment of the
    version a correction replaced is the file's history, not a problem."""
    start(mahj, "league")
    first = 'kind = "win"\nwinner = "Ruth"\nvalue = 25\nself_pick = true\nentry_id = "k3x-9f_2a1"'
    append(session, first)
    assert mahj("check").exit_code == 0
    assert mahj("fix", "1", "Ruth", "30", "--self-pick").exit_code == 0  # the id moves on
    assert mahj("check").exit_code == 0
    header = append(session, first.replace("Ruth", "Linda"))
    checked = mahj("check")
    assert checked.exit_code == 1, checked
    said = checked.stdout + checked.stderr
    assert f"{session.name}:{header + 5}: log entry 2 (win): " in said, said
    assert 'entry_id "k3x-9f_2a1" is log entry 1\'s too' in said, said
    before = session.read_bytes()
    assert mahj("wall").exit_code == 1 and session.read_bytes() == before
