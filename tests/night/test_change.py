"""The one change path (`night.change`), as the command line and the page both take it:
record, undo, refusals that leave the file byte for byte, and an edit saved while mahj
records (by hand, or by an editor) that is kept, never saved over."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from mahjcli.core.errors import FileChanged, Refused
from mahjcli.files import loader
from mahjcli.night import build, change
from tests.helpers import without_undone

RUTH_WINS = {"Ruth": 100, "Linda": -50, "Kathy": -25, "Pat": -25}
"""Ruth's 25 thrown by Linda: the thrower pays double, the others single (RULES.md)."""


def win(winner: str, value: str, thrown_by: str | None) -> Callable[[loader.Night], build.Built]:
    def make(night: loader.Night) -> build.Built:
        return build.build_win(
            night.standings, winner=winner, value=value, thrown_by=thrown_by,
            self_pick=thrown_by is None,
        )  # fmt: skip

    return make


def by_hand(path: Path, text: str) -> None:
    """An entry appended to the file by hand, in place (as `echo >> night.toml` does)."""
    with path.open("a", encoding="utf-8") as f:
        f.write(text)


def editor_save(path: Path, text: str) -> None:
    """The file saved by an editor: a new file with the text added, renamed over it."""
    new = path.with_name(path.name + ".swp")
    new.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")
    os.replace(new, path)


def test_a_recorded_game_is_in_the_file_and_in_the_standings(four, session: Path):
    before = session.read_text(encoding="utf-8")
    done = change.record(session, win("Ruth", "25", "Linda"))
    assert done.after.totals_map() == RUTH_WINS
    assert done.before.totals_map() == dict.fromkeys(RUTH_WINS, 0)
    text = session.read_text(encoding="utf-8")
    assert text.startswith(before) and text.endswith(
        '[[log]]\nkind = "win"\nwinner = "Ruth"\nvalue = 25\nthrown_by = "Linda"\n'
        'seats = ["Ruth", "Linda", "Kathy", "Pat"]\n'
    )
    assert loader.load(session).standings.totals_map() == RUTH_WINS


def test_undo_gives_the_file_back_but_for_its_note_for_redo(four, session: Path):
    before = session.read_text(encoding="utf-8")
    change.record(session, win("Ruth", "25", "Linda"))
    done = change.undo(session)
    assert done.after.totals_map() == dict.fromkeys(RUTH_WINS, 0)
    assert loader.load(session).session.log == ()
    assert without_undone(session.read_text(encoding="utf-8")) == before
    undone = session.read_bytes()
    with pytest.raises(Refused, match="nothing to undo"):
        change.undo(session)
    assert session.read_bytes() == undone


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("Ruth", "25", "Ruth"), "Ruth"),
        (("Rth", "25", "Linda"), "Rth"),
        (("Ruth", "twenty", "Linda"), "twenty"),
    ],
    ids=["winner-threw", "unknown-winner", "value-not-a-number"],
)
def test_a_refusal_leaves_the_file_byte_for_byte(four, session: Path, args, message):
    change.record(session, win("Kathy", "30", None))
    before = session.read_bytes()
    with pytest.raises(Refused, match=message):
        change.record(session, win(*args))
    assert session.read_bytes() == before


@pytest.mark.parametrize("edit", [by_hand, editor_save], ids=["appended", "editor"])
def test_an_edit_saved_while_mahj_records_is_kept_and_the_game_recorded_too(
    four, session: Path, edit
):
    """The edit lands after mahj read the file and before it saves (here: while it
    builds the entry): the save sees the file changed, and the game is built again on
    the night as it now stands."""
    builds = []

    def meanwhile(night: loader.Night) -> build.Built:
        builds.append(len(night.session.log))
        if len(builds) == 1:
            edit(session, '\n[[log]]\nkind = "wall"  # typed by hand\n')
        return win("Ruth", "25", "Linda")(night)

    done = change.record(session, meanwhile)
    assert builds == [0, 1]  # built again, on the night with the hand-typed wall game
    text = session.read_text(encoding="utf-8")
    assert 'kind = "wall"  # typed by hand' in text
    # game 2: the deal passed after the hand-typed wall game
    assert text.endswith(
        'winner = "Ruth"\nvalue = 25\nthrown_by = "Linda"\n'
        'seats = ["Linda", "Kathy", "Pat", "Ruth"]\n'
    )
    night = loader.load(session)
    assert [e.kind for e in night.session.log] == ["wall", "win"]
    assert done.after.totals_map() == night.standings.totals_map()


def test_an_edit_the_game_no_longer_fits_is_kept_and_the_game_refused(four, session: Path):
    calls = []

    def meanwhile(night: loader.Night) -> build.Built:
        calls.append(1)
        if len(calls) == 1:
            by_hand(session, '\n[[log]]\nkind = "leave"\nplayer = "Linda"\n')
        return win("Ruth", "25", "Linda")(night)

    with pytest.raises(Refused, match="changed while this was being recorded") as refused:
        change.record(session, meanwhile)
    assert "Linda" in str(refused.value)
    text = session.read_text(encoding="utf-8")
    assert text.endswith('[[log]]\nkind = "leave"\nplayer = "Linda"\n')
    assert [e.kind for e in loader.load(session).session.log] == ["leave"]


def test_a_file_that_keeps_changing_is_refused_with_every_edit_kept(four, session: Path):
    def meanwhile(night: loader.Night) -> build.Built:
        by_hand(session, f"# edit {len(night.loaded.data)}\n")
        return win("Ruth", "25", "Linda")(night)

    with pytest.raises(FileChanged, match="nothing was lost"):
        change.record(session, meanwhile)
    assert session.read_text(encoding="utf-8").count("# edit ") == change.TRIES
    assert loader.load(session).session.log == ()


def test_undo_takes_nothing_back_from_a_file_changed_meanwhile(four, session: Path):
    """Its last entry may be another one now: undo refuses rather than guess."""
    change.record(session, win("Ruth", "25", "Linda"))

    def meanwhile(night: loader.Night) -> None:
        by_hand(session, '\n[[log]]\nkind = "wall"\n')

    with pytest.raises(FileChanged):
        change.undo(session, meanwhile)
    assert [e.kind for e in loader.load(session).session.log] == ["win", "wall"]


def test_the_command_line_keeps_an_edit_saved_while_it_records(four, session: Path, monkeypatch):
    """`mahj win` takes the same path: the hand edit and the game are both in the file."""
    real = build.build_win
    edits = []

    def build_win(*args, **kwargs):  # type: ignore[no-untyped-def]
        if not edits:
            edits.append(1)
            by_hand(session, '\n[[log]]\nkind = "wall"\n')
        return real(*args, **kwargs)

    monkeypatch.setattr(build, "build_win", build_win)
    result = four("win", "Ruth", "25", "--thrown-by", "Linda")
    assert result.exit_code == 0, result
    assert [e.kind for e in loader.load(session).session.log] == ["wall", "win"]


# ---- entry ids: what a phone sent is recorded at most once -------------------------------


def test_an_entry_id_is_written_on_its_entry_and_read_back(four, session: Path):
    done = change.record(session, win("Ruth", "25", "Linda"), entry_id="phone-1-abcdef")
    assert not done.repeated and done.entry is not None
    assert session.read_text(encoding="utf-8").endswith('entry_id = "phone-1-abcdef"\n')
    assert loader.load(session).session.log[-1].entry_id == "phone-1-abcdef"


def test_the_same_entry_id_twice_records_once_and_leaves_the_file(four, session: Path):
    change.record(session, win("Ruth", "25", "Linda"), entry_id="phone-1-abcdef")
    data = session.read_bytes()
    again = change.record(session, win("Ruth", "25", "Linda"), entry_id="phone-1-abcdef")
    assert again.repeated and again.after.totals_map() == RUTH_WINS
    assert session.read_bytes() == data
    other = change.record(session, win("Ruth", "25", "Linda"), entry_id="phone-1-abcdeg")
    assert not other.repeated and other.after.games == 2


def test_a_repeated_id_is_answered_before_the_entry_is_built(four, session: Path):
    """A re-send after its game was recorded is not refused as out of date: it is done."""
    change.record(session, win("Ruth", "25", "Linda"), entry_id="phone-1-abcdef")

    def stale(night: loader.Night) -> build.Built:
        raise Refused("the table has played since")

    assert change.record(session, stale, entry_id="phone-1-abcdef").repeated


def test_an_id_of_a_game_taken_back_is_not_recorded_again(four, session: Path):
    change.record(session, win("Ruth", "25", "Linda"), entry_id="phone-1-abcdef")
    change.undo(session)
    data = session.read_bytes()
    assert change.record(session, win("Ruth", "25", "Linda"), entry_id="phone-1-abcdef").repeated
    assert session.read_bytes() == data


def test_a_corrected_game_keeps_its_id_and_a_fix_sent_twice_changes_it_once(four, session: Path):
    from mahjcli.night import history

    change.record(session, win("Ruth", "25", "Linda"), entry_id="phone-1-abcdef")

    def pat(value: str):
        return lambda standings: build.build_win(
            standings, winner="Pat", value=value, thrown_by="Linda", self_pick=False
        )

    history.replace(session, 1, pat("25"), "fixed")
    assert loader.load(session).session.log[0].entry_id == "phone-1-abcdef"
    done, replaced = history.replace(session, 1, pat("30"), "fixed", entry_id="fix-1-abcdef")
    assert not done.repeated and replaced is not None
    assert loader.load(session).session.log[0].entry_id == "fix-1-abcdef"
    data = session.read_bytes()
    again, replaced = history.replace(session, 1, pat("30"), "fixed", entry_id="fix-1-abcdef")
    assert again.repeated and replaced is None and session.read_bytes() == data
    assert change.record(session, win("Ruth", "25", "Linda"), entry_id="phone-1-abcdef").repeated


def test_a_hand_written_entry_id_is_checked(four, session: Path):
    from mahjcli.core.errors import SessionInvalid

    by_hand(session, '\n[[log]]\nkind = "wall"\nentry_id = "no"\n')
    with pytest.raises(SessionInvalid, match="entry_id must be 8 to 64 letters"):
        loader.load(session)
