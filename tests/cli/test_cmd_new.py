"""`mahj new`: starting a night."""

from __future__ import annotations

import json
import tomllib

import pytest


def test_new_writes_a_readable_session_and_makes_it_current(mahj, session, tmp_path):
    result = mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--east", "kathy", "--name", "Thursday")
    assert result.exit_code == 0, result
    assert "East Kathy, South Pat, West Ruth, North Linda" in result.stdout
    doc = tomllib.loads(session.read_text())
    assert session.read_text().startswith("schema = 1\n")
    assert doc["players"] == ["Ruth", "Linda", "Kathy", "Pat"]
    assert doc["east"] == "Kathy" and doc["name"] == "Thursday" and doc["rules"] == "league"
    assert "log" not in doc
    # Without --session the commands now use this night.
    status = json.loads(mahj("status", "--json", use_session=False).stdout)
    assert status["east"] == "Kathy"


def test_new_in_the_data_folder_gets_a_dated_name_and_a_fresh_one_if_taken(mahj, tmp_path):
    first = mahj("new", "A", "B", "C", "--name", "Thu night", use_session=False)
    second = mahj("new", "A", "B", "C", "--name", "Thu night", use_session=False)
    files = sorted(p.name for p in (tmp_path / "data").glob("*.toml"))
    assert first.exit_code == second.exit_code == 0
    assert len(files) == 2
    assert files[0].endswith("-Thu-night-2.toml") or files[1].endswith("-Thu-night-2.toml")
    assert all(f[:4].isdigit() for f in files)


@pytest.mark.parametrize(
    ("name", "stem"),
    [('Spring Open: "Finals"', "Spring-Open-Finals"), ("Who's best?", "Who's-best"),
     ("<Club|Night>*", "Club-Night"), ("???", "night"), ("Fri 12/5", "Fri-12-5"),
     ("Wait... what", "Wait...-what"), ("../x", "..-x")],
)  # fmt: skip
def test_a_night_s_file_name_works_on_every_computer(mahj, tmp_path, name, stem):
    """A file name Windows, or a USB stick, cannot hold (`:`, `"`, `?`, `<`, `|`, `*`,
    a folder's `/`) loses those letters; the night keeps its name as typed."""
    assert mahj("new", "A", "B", "C", "--name", name, use_session=False).exit_code == 0
    (made,) = (tmp_path / "data").glob("*.toml")
    assert made.name.endswith(f"-{stem}.toml"), made.name
    assert tomllib.loads(made.read_text(encoding="utf-8"))["name"] == name


def test_new_never_overwrites(four, session):
    before = session.read_bytes()
    result = four("new", "W", "X", "Y", "Z")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: ") and "already exists" in result.stderr
    assert session.read_bytes() == before


def test_five_players_the_fifth_waits(mahj):
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue")
    status = json.loads(mahj("status", "--json").stdout)
    assert status["seated"] == ["Ruth", "Linda", "Kathy", "Pat"]
    assert status["waiting"] == ["Sue"]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["Ruth", "Linda"], "3 to 8 players"),
        (["A", "B", "C", "D", "E", "F", "G", "H", "I"], "3 to 8 players"),
        (["Ruth", "ruth", "Kathy"], "are the same name"),
        (["Ruth", " Ruth ", "Kathy"], "are the same name"),
        (["Mary Ann", "mary  ann", "Kathy"], "are the same name"),  # two spaces look like one
        (["Ruth", "", "Kathy"], "cannot be empty"),
        (["Ruth", "   ", "Kathy"], "cannot be empty"),
        (["Ruth", "Li\x07nda", "Kathy"], "control character"),
        (["Ruth", "Linda\u200d", "Kathy"], "invisible character"),  # a joiner joining nothing
        (["Ruth", "\u200bLinda", "Kathy"], "contains an invisible character"),  # zero-width space
        (["Sue", "Su\u200de", "Kathy"], "are the same name"),  # they look the same
        (["Ruth", "Linda", "Kathy", "Pat", "Sue", "--east", "Sue"], "--east must be one of"),
        (["Ruth", "Linda", "Kathy", "--rules", "tournament"], "exactly 4 players"),
        (["Ruth", "Linda", "Kathy", "Pat", "--rules", "tournament", "--pie", "500"], "no pie"),
        (["Ruth", "Linda", "Kathy", "--rules", "casino"], "league or tournament"),
        (["Ruth", "Linda", "Kathy", "--pie", "0"], "from 1 to 1,000,000"),
        (["Ruth", "Linda", "Kathy", "--pie", "99999999999999999999"], "from 1 to 1,000,000"),
        (["İpek", "ipek", "Kathy"], "are the same name"),  # Turkish capital I with a dot
    ],
)
def test_new_refusals_write_nothing(mahj, session, args, fragment):
    result = mahj("new", *args)
    assert result.exit_code == 1, result
    assert result.stderr.count("Error:") == 1 and fragment in result.stderr
    assert not session.exists()


def test_names_are_kept_exactly_as_typed(mahj, session):
    mahj("new", "[bold]Sue", "José", "李", "Pat")
    result = mahj("status")
    assert "[bold]Sue" in result.stdout and "José" in result.stdout and "李" in result.stdout
    assert tomllib.loads(session.read_text())["players"] == ["[bold]Sue", "José", "李", "Pat"]


def test_names_written_with_joiners_are_kept_as_typed(mahj, session):
    """A joiner between letters is part of how a name is written: Persian (ZWNJ) and an
    emoji drawn from two (ZWJ) are kept and shown exactly, not refused or escaped."""
    names = ["Nana 👩\u200d🦳", "می\u200cنا", "Pat", "Ann"]
    assert mahj("new", *names).exit_code == 0
    shown = mahj("status").stdout
    assert all(name in shown for name in names) and "\\u200" not in shown
    assert tomllib.loads(session.read_text())["players"] == names
    assert mahj("win", "nana 👩\u200d🦳", "25", "--self-pick").exit_code == 0


def test_a_night_typed_in_later_takes_its_own_date(mahj, session, tmp_path):
    assert mahj("new", "A", "B", "C", "--date", "2026-11-26").exit_code == 0
    assert "date = 2026-11-26\n" in session.read_text()
    mahj("new", "A", "B", "C", "--date", "2026-11-19", "--name", "thu", use_session=False)
    assert (tmp_path / "data" / "2026-11-19-thu.toml").exists()
    bad = mahj("new", "A", "B", "C", "--date", "last Thursday", use_session=False)
    assert bad.exit_code == 1 and "--date must be a date like" in bad.stderr
