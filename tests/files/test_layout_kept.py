"""A hand-written file keeps its layout: every entry is added or taken out in place, and
`win` then `undo` gives back the file byte for byte, whatever shape the log was written
in. What cannot be edited in place is refused with one line, never rewritten."""

from __future__ import annotations

import os
import subprocess
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjcli.core.errors import CannotEdit
from mahjcli.files.logedit import undo_text
from mahjcli.files.sessionwrite import append_entry, remove_last_entry
from mahjcli.files.tomltext import inline_array
from tests.helpers import installed_mahj, without_privileges

HEAD = """\
schema = 1
# Thursday at Ruth's
name = "Thursday"
date = 2026-11-26
players = ["Ruth", "Linda", "Kathy", "Pat"]  # in seat order
"""
SHAPES = {
    "log = []": HEAD + "log = []  # no games yet\n# the end\n",
    "log = [ ] on two lines": HEAD + "log = [\n]\n# the end\n",
    "inline, one line": HEAD + 'log = [{kind = "wall"}]  # a slow start\n',
    "inline, one line, trailing comma": HEAD + 'log = [{kind = "wall"}, ]\n',
    "inline, one per line": HEAD
    + 'log = [\n  {kind = "wall"},  # one\n  {kind = "wall"}  # two\n]  # done\n# the end\n',
    "inline, trailing commas": HEAD + 'log = [\n    {kind = "wall"},  # one\n]\n',
    "inline, comments only": HEAD + "log = [\n  # none yet\n]\n",
    "[card] after the log": HEAD
    + '\n[[log]]\nkind = "wall"\n\n# The card we played\n[card]\nname = "House card"\n\n'
    '[[card.lines]]\nname = "Garden"\nvalue = 25\ngroups = true\n',
    "[card] after two entries": HEAD
    + '\n[[log]]\nkind = "wall"\n\n[[log]]\nkind = "wall" # again\n\n'
    '# The card\n[card]\nname = "House card"\n\n'
    '[[card.lines]]\nname = "Garden"\nvalue = 25\ngroups = true\n',
    "Windows line endings": (HEAD + 'log = [\n  {kind = "wall"},\n]\n').replace("\n", "\r\n"),
    "a string with brackets": HEAD.replace('"Thursday"', '"Thursday [[log]] ] #"')
    + 'log = [{kind = "wall"}]\n',
}
WIN = ("win", "Ruth", "25", "--thrown-by", "Linda")


def comments(text: str) -> list[str]:
    return [line.split("#", 1)[1] for line in text.splitlines() if "#" in line]


@pytest.mark.parametrize("shape", SHAPES, ids=list(SHAPES))
def test_win_then_undo_gives_the_file_back_byte_for_byte(mahj, session: Path, shape: str):
    text = SHAPES[shape]
    session.write_bytes(text.encode("utf-8"))
    won = mahj(*WIN)
    assert won.exit_code == 0, won
    after = session.read_bytes().decode("utf-8")
    assert set(comments(text)) <= set(comments(after)), after  # every comment kept
    log = tomllib.loads(after)["log"]
    recorded = dict(log[-1])
    seats = recorded.pop("seats")  # who sat, East first (RULES.md §10)
    assert recorded == {"kind": "win", "winner": "Ruth", "value": 25, "thrown_by": "Linda"}
    assert sorted(seats) == ["Kathy", "Linda", "Pat", "Ruth"]
    undone = mahj("undo")
    assert undone.exit_code == 0, undone
    now = session.read_bytes().decode("utf-8")

    def entries(doc: dict) -> dict:
        return {**doc, "log": doc.get("log", [])}

    # The undone entry stays as a comment for `mahj redo`: where its [[log]] table was, or
    # after the array of a log written inline.
    assert entries(tomllib.loads(now)) == entries(tomllib.loads(text))
    assert set(comments(text)) <= set(comments(now))
    assert "# Undone: entry" in now
    if inline_array(after, "log") is not None:
        assert now.startswith(text.split("]")[0])  # the array's lines are as they were
    redone = mahj("redo")
    assert redone.exit_code == 0, redone
    assert session.read_bytes().decode("utf-8") == after  # byte for byte


@pytest.mark.parametrize("shape", SHAPES, ids=list(SHAPES))
def test_undo_keeps_everything_but_the_last_entry(mahj, session: Path, shape: str):
    text = SHAPES[shape]
    entries = tomllib.loads(text).get("log", [])
    if not entries:
        pytest.skip("nothing to undo")
    session.write_bytes(text.encode("utf-8"))
    assert mahj("undo").exit_code == 0
    after = session.read_text(encoding="utf-8")
    assert tomllib.loads(after).get("log", []) == entries[:-1]
    last_entry_line = [line for line in text.splitlines() if "kind" in line][-1]
    may_go = set(comments(last_entry_line))  # only a comment on the removed entry's line
    assert set(comments(text)) - set(comments(after)) <= may_go
    if "[card]" in text:
        assert tomllib.loads(after)["card"]["name"] == "House card"


@given(
    shape=st.sampled_from(sorted(SHAPES)),
    steps=st.lists(st.sampled_from(["add", "remove"]), max_size=8),
)
@settings(max_examples=100, suppress_health_check=[HealthCheck.too_slow])
def test_adding_and_removing_in_place_always_reads_back_right(shape: str, steps: list[str]):
    """Any mix of adds and removes (as `mahj undo` takes an entry out): the file always holds
    exactly the log it should, and every add undone by taking the last element out of a
    `log = [...]` gives the text back as it was before the add."""
    text = SHAPES[shape]
    expected = list(tomllib.loads(text).get("log", []))
    history: list[str] = []
    for n, step in enumerate(steps):
        if step == "add":
            entry = {"kind": "win", "winner": "Ruth", "value": 25 + n, "self_pick": True}
            history.append(text)
            text = append_entry(text, entry)
            expected.append(entry)
        elif expected:
            inline = inline_array(text, "log") is not None
            # a [[log]] table is taken out by undo_text, left as a comment
            text = remove_last_entry(text) if inline else undo_text(text, len(expected))
            expected.pop()
            if history:
                previous = history.pop()
                if inline and tomllib.loads(previous).get("log"):
                    assert text == previous
        assert tomllib.loads(text).get("log", []) == expected
        assert set(comments(SHAPES[shape])) - {" one", " two", " again", " a slow start"} <= set(
            comments(text)
        )


@pytest.mark.parametrize(
    ("log", "number", "refusal"),
    [
        ('\n[[log]]\nkind = "wall"\n\n[log.extra]\nnote = "x"\n', 1, "change that entry in place"),
        ('log = [{kind = "wall"},  # one\n  {kind = "wall"}]\n', 2, "without rewriting the file's"),
    ],
    ids=["a table of its own under [[log]]", "a comment between the last two elements"],
)
def test_what_cannot_be_edited_in_place_is_refused(log: str, number: int, refusal: str):
    """A log that is a table of its own ([log.x] under [[log]]), or a `log = [...]` whose
    last element cannot be cut out without a comment, cannot lose its last entry in place:
    refused, nothing changed."""
    with pytest.raises(CannotEdit, match="nothing was changed") as refused:
        undo_text(HEAD + log, number)
    assert refusal in str(refused.value)


# ---- permissions ----------------------------------------------------------------------------


@pytest.mark.parametrize("args", [WIN, ("undo",), ("wall",)], ids=" ".join)
def test_a_read_only_session_is_never_rewritten(four, session: Path, args):
    assert four("wall").exit_code == 0
    session.chmod(0o444)
    before = session.read_bytes()
    result = four(*args)
    assert result.exit_code == 1 and result.stderr.count("\n") == 1, result
    assert "is read-only" in result.stderr and "nothing was changed" in result.stderr
    assert session.read_bytes() == before and (os.stat(session).st_mode & 0o777) == 0o444


def test_a_session_nobody_may_read_is_a_refusal_not_a_usage_error(four, session: Path):
    prefix = without_privileges()
    session.chmod(0)
    try:
        for args in (("status",), ("check",), WIN):
            done = subprocess.run(
                [*prefix, installed_mahj(), *args, "--session", str(session)],
                capture_output=True, text=True, timeout=20,
            )  # fmt: skip
            assert done.returncode == 1, (args, done.stderr)
            assert done.stderr.splitlines() == [f"Error: cannot read {session}: Permission denied"]
    finally:
        session.chmod(0o644)


@pytest.mark.parametrize(
    "entry",
    [
        '[[log]] # disputed\nkind = "wall"\n',
        '[[log]]\n# the one Pat argued\nkind = "wall"\ndead = [\n  "Pat",\n]\n',
        '[[log]]\nkind = "win"\nwinner = "Ruth"\nvalue = 25 # was 30\nself_pick = true\n',
        '[[log]]\nkind = "wall"\nnote = """a long\nstory"""\n',
    ],
    ids=["comment on the header", "comment line and a list on lines", "comment after a value",
         "a string on lines"],
)  # fmt: skip
def test_redo_puts_back_an_entry_written_by_hand_as_it_was_read(mahj, session: Path, entry: str):
    """An entry written with comments, or with a list or a string over several lines:
    `mahj undo` then `mahj redo` gives the night back as it read (every key, every value),
    and a note of the user's own below the undone entry stays where it is."""
    session.write_text(HEAD + "\n" + entry, encoding="utf-8")
    before = tomllib.loads(session.read_text("utf-8"))
    assert mahj("undo").exit_code == 0
    with session.open("a", encoding="utf-8") as f:
        f.write("# dinner was late\n")
    done = mahj("redo")
    assert done.exit_code == 0, done.stderr
    after = tomllib.loads(session.read_text("utf-8"))
    for log in after["log"]:
        log.pop("seats", None)  # what mahj adds on the way back
    assert after == before
    assert "# dinner was late\n" in session.read_text("utf-8")


def test_times_of_ones_own_stay_as_written_through_undo_redo_and_fix(mahj, session: Path):
    """A time added by hand to a game (local, or with its offset) is written back as it was
    read: by undo and redo of a `log = [...]` night, and by a fix of a [[log]] table."""
    times = {"at": "2026-03-01T20:40:00", "then": "2026-03-01T20:45:00-05:00",
             "utc": "2026-03-01T20:15:00.750Z"}  # fmt: skip
    said = ", ".join(f"{key} = {value}" for key, value in times.items())
    inline = f'log = [\n  {{ kind = "wall", {said} }},\n  {{ kind = "wall" }},\n]\n'
    tables = '\n[[log]]\nkind = "wall"\n' + "".join(f"{k} = {v}\n" for k, v in times.items())
    for log, commands in ((inline, ["undo", "undo", "redo", "redo"]), (tables, ["fix"])):
        session.write_text(HEAD + log, encoding="utf-8")
        before = tomllib.loads(session.read_text("utf-8"))["log"][0]
        for command in commands:
            words = ["fix", "1", "Ruth", "25", "-s"] if command == "fix" else [command]
            assert mahj(*words).exit_code == 0, (command, mahj(*words).stderr)
        first = tomllib.loads(session.read_text("utf-8"))["log"][0]
        assert [first[key] for key in times] == [before[key] for key in times], command


def test_undo_then_redo_gives_back_an_entrys_own_comments(four, session: Path):
    """A note written inside an entry mahj wrote survives `mahj undo` then `mahj redo`:
    the night comes back byte for byte."""
    assert four("win", "Ruth", "25", "--thrown-by", "Linda").exit_code == 0
    text = session.read_text("utf-8").replace(
        'thrown_by = "Linda"', '# Linda threw it: Pat saw it too\nthrown_by = "Linda"  # checked'
    )
    session.write_text(text, encoding="utf-8")
    assert four("undo").exit_code == 0
    assert four("redo").exit_code == 0
    assert session.read_text("utf-8") == text


@pytest.mark.parametrize("comma", [",", ""])
def test_undo_then_redo_keeps_a_comment_beside_an_entry_written_inline(
    mahj, session: Path, comma: str
):
    """A note beside the last element of `log = [...]` is kept in the undone entry's
    comment, and `mahj redo` puts it back beside the entry."""
    text = HEAD + (
        'log = [\n  {kind = "win", winner = "Ruth", value = 25, thrown_by = "Linda"},\n'
        f'  {{kind = "wall"}}{comma}  # Pat dead, we agreed not to count it\n]\n'
    )
    session.write_text(text, encoding="utf-8")
    assert mahj("undo").exit_code == 0
    assert "# Pat dead, we agreed not to count it" in session.read_text("utf-8")
    assert mahj("check").exit_code == 0
    assert mahj("redo").exit_code == 0
    back = session.read_text("utf-8")
    assert '{kind = "wall", seats = ["Linda", "Kathy", "Pat", "Ruth"]}' in back
    line = next(x for x in back.splitlines() if 'kind = "wall"' in x)
    assert line.endswith("  # Pat dead, we agreed not to count it"), back
    assert tomllib.loads(back)["log"][-1]["kind"] == "wall"
