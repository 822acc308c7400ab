"""`mahj check` and `mahj sessions`."""

from __future__ import annotations

import json

import pytest


def test_check_ok(four, session):
    result = four("check")
    assert result.exit_code == 0 and result.stdout.strip() == f"OK: {session}"
    assert json.loads(four("check", "--json").stdout) == {"ok": True, "problems": [], "notes": []}


def test_check_lists_every_problem_with_its_line(four, session):
    four("win", "Ruth", "25", "--thrown-by", "Linda")
    four("wall")
    text = session.read_text().replace('winner = "Ruth"', 'winner = "Rth"')
    text = text.replace('kind = "wall"', 'kind = "wall"\ndead = ["Zed"]')
    session.write_text(text)
    lines = text.splitlines()
    winner_line = lines.index('winner = "Rth"') + 1
    dead_line = lines.index('dead = ["Zed"]') + 1
    result = four("check")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{session}:{winner_line}: log entry 1 (win): unknown player 'Rth'; did you mean 'Ruth'?",
        f"{session}:{dead_line}: log entry 2 (wall): unknown player 'Zed' in dead",
    ]
    report = json.loads(four("check", "--json").stdout)
    assert report["ok"] is False
    assert [p["line"] for p in report["problems"]] == [winner_line, dead_line]


@pytest.mark.parametrize(
    "written, said",
    [
        ('dead = ["Pat", "pat"]', "Pat is listed twice in dead"),
        ('seats = ["Ruth", "Linda", "Kathy", "Ruth"]', "Ruth is listed twice in seats"),
    ],
)
def test_a_name_typed_twice_in_a_list_is_a_problem_with_its_line(four, session, written, said):
    """A hand edit that lists one player twice (`Pat and Pat dead`) is not read as once."""
    four("wall")
    key = written.split(" =")[0]
    text = session.read_text()
    old = next(line for line in text.splitlines() if line.startswith("seats ="))
    text = text.replace(old, written if key == "seats" else f"{old}\n{written}")
    session.write_text(text)
    line = text.splitlines().index(written) + 1
    result = four("check")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [f"{session}:{line}: log entry 1 (wall): {said}"]


def test_check_finds_replay_problems(four, session):
    four("win", "Ruth", "25", "--thrown-by", "Linda")
    session.write_text(session.read_text().replace('thrown_by = "Linda"', 'thrown_by = "Ruth"'))
    result = four("check")
    assert result.exit_code == 1
    assert "log entry 1 (win): Ruth cannot both win and throw the winning tile" in result.stdout


def test_a_damaged_file_is_refused_by_every_command_and_left_alone(four, session):
    four("win", "Ruth", "25", "--thrown-by", "Linda")
    session.write_text(session.read_text().replace("value = 25", "value = 25.5"))
    before = session.read_bytes()
    for args in (["win", "Ruth", "25", "--self-pick"], ["wall"], ["undo"], ["status"]):
        result = four(*args)
        assert result.exit_code == 1
        assert result.stderr.startswith(f"Error: {session}:")
        assert "value must be a whole number" in result.stderr
        assert session.read_bytes() == before


def test_sessions_lists_newest_first_and_marks_the_current_one(mahj, tmp_path):
    mahj("new", "A", "B", "C", "--name", "first", use_session=False)
    mahj("new", "D", "E", "F", "G", "--name", "second", use_session=False)
    mahj("win", "D", "25", "--self-pick", use_session=False)
    out = json.loads(mahj("sessions", "--json", use_session=False).stdout)
    names = [s["name"] for s in out["sessions"]]
    assert names == ["second", "first"]
    assert [s["current"] for s in out["sessions"]] == [True, False]
    assert out["sessions"][0]["games"] == 1
    assert out["sessions"][0]["players"] == ["D", "E", "F", "G"]
    human = mahj("sessions", use_session=False).stdout
    assert "second" in human and "* = current session" in human


def test_sessions_with_none_yet(mahj):
    assert "No sessions" in mahj("sessions", use_session=False).stdout


@pytest.mark.parametrize(
    ("rules", "entry", "message"),
    [
        ("tournament", 'kind = "join"\nplayer = "Sue"', "exactly four players"),
        ("tournament", 'kind = "leave"\nplayer = "A"', "exactly four players"),
        ("league", 'kind = "incomplete"', "only at a tournament table"),
        ("league", 'kind = "penalty"\nplayer = "A"\npoints = 10', "only at a tournament table"),
        ("league", 'kind = "accept"', "only a tournament table hands in a score card"),
        ("tournament", 'kind = "accept"', "at the end of a round of 4 games"),
    ],
)
def test_check_catches_entries_the_rules_do_not_allow_here(mahj, session, rules, entry, message):
    mahj("new", "A", "B", "C", "D", "--rules", rules)
    text = session.read_text() + "\n[[log]]\n" + entry + "\n"
    session.write_text(text)
    line = text.splitlines().index("[[log]]") + 1
    result = mahj("check")
    assert result.exit_code == 1
    (problem,) = result.stdout.splitlines()
    assert problem.startswith(f"{session}:{line}: log entry 1 (")
    assert message in problem


def test_check_says_when_the_file_changed_while_it_was_checked(four, session, monkeypatch):
    from mahjcli.files import loader

    real = loader.check

    def saved_meanwhile(loaded):  # type: ignore[no-untyped-def]
        with session.open("a", encoding="utf-8") as f:
            f.write("# saved by an editor meanwhile\n")
        return real(loaded)

    monkeypatch.setattr(loader, "check", saved_meanwhile)
    result = four("check")
    assert result.exit_code == 0, result
    assert f"note: {session}: the file changed while it was checked" in result.stdout
    monkeypatch.undo()
    assert "changed while" not in four("check").stdout


@pytest.mark.parametrize(
    ("thrower", "said"),
    [("Fay", "Fay is waiting this game, so cannot be the thrower"),  # found on replay
     ("Zed", "unknown player 'Zed'")],  # found as the file is read
)  # fmt: skip
def test_check_names_the_game_as_the_log_numbers_it(mahj, session, thrower, said):
    """An arrival before it: the third [[log]] table is game 2, as `mahj log` calls it."""
    mahj("new", "Ann", "Bea", "Cy", "Dot", "Eve")
    mahj("join", "Fay")
    mahj("win", "Ann", "25", "-t", "Bea")
    mahj("win", "Bea", "25", "-t", "Cy")
    before, _, after = session.read_text().rpartition('thrown_by = "Cy"')
    session.write_text(f'{before}thrown_by = "{thrower}"{after}')
    result = mahj("check")
    assert result.exit_code == 1
    assert f"log entry 3 (win, game 2): {said}" in " ".join((result.stdout + result.stderr).split())
