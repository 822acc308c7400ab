"""`mahj rename` between `mahj undo` and `mahj redo`: the entry kept for redo is renamed
too, so redo puts it back; an undone entry that no longer reads is refused with the
command to type it again, never sent to an editor."""

from __future__ import annotations

import tomllib
from pathlib import Path


def ok(result):
    assert result.exit_code == 0, result
    return result


def test_redo_after_a_rename_puts_back_the_renamed_entry(four, session: Path):
    ok(four("win", "Ruth", "25", "--thrown-by", "Linda"))
    ok(four("undo"))
    ok(four("rename", "Ruth", "Ruthie"))
    text = session.read_text(encoding="utf-8")
    assert '# winner = "Ruthie"' in text and '"Ruth"' not in text
    result = ok(four("redo"))
    out = " ".join(result.stdout.split())
    assert "Ruthie wins 25, thrown by Linda" in out, out
    assert "Linda pays 50, Kathy 25, Pat 25 → Ruthie +100" in out, out
    log = tomllib.loads(session.read_text(encoding="utf-8"))["log"]
    assert log[-1]["winner"] == "Ruthie" and log[-1]["thrown_by"] == "Linda"


def test_rename_leaves_the_history_of_a_fix_as_it_was(four, session: Path):
    ok(four("win", "Ruth", "25", "--thrown-by", "Linda"))
    ok(four("fix", "1", "Ruth", "30", "--thrown-by", "Linda"))
    ok(four("rename", "Ruth", "Ruthie"))
    text = session.read_text(encoding="utf-8")
    assert '# winner = "Ruth"' in text
    assert 'winner = "Ruthie"' in text


def test_an_undone_entry_that_no_longer_reads_is_given_as_a_command(four, session: Path):
    ok(four("win", "Ruth", "25", "--thrown-by", "Linda", "--jokerless"))
    ok(four("undo"))
    text = session.read_text(encoding="utf-8").replace(
        '# thrown_by = "Linda"', '# thrown_by = "Lin"'
    )
    session.write_text(text, encoding="utf-8")
    result = four("redo")
    assert result.exit_code == 1, result
    assert session.read_text(encoding="utf-8") == text
    error = result.stderr.strip()
    assert len(error.splitlines()) == 1 and error.startswith("Error: "), error
    assert "editor" not in error, error
    assert "unknown player 'Lin'" in error, error
    assert "mahj win Ruth 25 --thrown-by Lin --jokerless" in error, error
