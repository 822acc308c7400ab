"""What a new organiser tripped on: the 13th player of a full club night, a newcomer whose
name merely looks like a player's, a second night of the same name, a table number used
twice, a leave that closes a table, a redo offered when it no longer can, and a page
header that named the rules twice."""

from __future__ import annotations

import json
import re

TWELVE = ["Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue", "Eve", "Flo", "Gus"]


def test_the_thirteenth_player_is_told_to_open_a_table(mahj, session):
    assert mahj("new", *TWELVE, "--tables", "2").exit_code == 0
    before = session.read_bytes()
    refused = mahj("join", "Hal")
    assert refused.exit_code == 1 and session.read_bytes() == before
    assert "open it with `mahj open-table`, then Hal can join" in refused.stderr
    assert "mahj new" not in refused.stderr
    assert mahj("open-table").exit_code == 0  # what the message says works
    assert mahj("join", "Hal").exit_code == 0
    status = json.loads(mahj("status", "--json").stdout)
    assert len(status["tables"]) == 3 and status["waiting"] == ["Hal"]


def test_a_plainly_different_name_joins_and_a_slip_is_asked_about(mahj, session):
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat").exit_code == 0
    ida = mahj("join", "Ida")
    assert ida.exit_code == 0, ida
    assert "Ida" in json.loads(mahj("status", "--json").stdout)["waiting"]
    assert mahj("join", "Pam").exit_code == 0  # Pat and Pam are two people
    slip = mahj("join", "Lnda")
    assert slip.exit_code == 1
    assert "did you mean Linda (here, 0)? If Lnda is someone new, add --new" in slip.stderr


def test_a_player_who_left_is_offered_back_for_a_slip_of_their_name(mahj, session):
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue").exit_code == 0
    assert mahj("leave", "Kathy").exit_code == 0
    slip = mahj("join", "Kahty")
    assert slip.exit_code == 1 and "did you mean Kathy (left, 0)?" in slip.stderr
    assert mahj("join", "kathy").exit_code == 0  # she comes back with her points


def test_a_second_night_of_the_same_name_and_day_says_which_file_is_current(mahj, tmp_path):
    first = mahj("new", "A", "B", "C", "D", "--name", "Thursday", "--date", "2026-12-03",
                 use_session=False)  # fmt: skip
    assert first.exit_code == 0 and "already exists" not in first.stdout
    second = mahj("new", "E", "F", "G", "H", "--name", "Thursday", "--date", "2026-12-03",
                  use_session=False)  # fmt: skip
    assert second.exit_code == 0
    said = "".join(second.stdout.split())  # long paths wrap anywhere

    def unspaced(text: str) -> str:
        return "".join(text.split())

    data = tmp_path / "data"
    assert unspaced(f"Started {data / '2026-12-03-Thursday-2.toml'}") in said
    assert (
        unspaced(
            f"A night called Thursday on 2026-12-03 already exists "
            f"({data / '2026-12-03-Thursday.toml'}); this is another one, and it is now the "
            "current session"
        )
        in said
    )
    status = json.loads(mahj("status", "--json", use_session=False).stdout)
    assert status["seated"][0] == "E"


def test_log_of_a_table_number_used_twice_says_which_is_which(mahj, session):
    players = ["Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot"]
    assert mahj("new", *players, "--tables", "2").exit_code == 0
    assert mahj("win", "Ann", "25", "-t", "Bea").exit_code == 0  # game 1, the first table 2
    assert mahj("close-table", "2").exit_code == 0
    assert mahj("win", "Ruth", "25", "-s").exit_code == 0  # game 2, table 1
    assert mahj("open-table").exit_code == 0  # a new table 2: Bea's line sits down
    assert mahj("win", "Cy", "30", "-s").exit_code == 0  # game 3, the second table 2
    out = mahj("log", "--table", "2").stdout
    first = out.index("Table 2 (from the start, closed after game 1):")
    second = out.index("Table 2 (opened after game 2):")
    assert first < out.index("Ann wins 25") < second < out.index("Cy wins 30")


def test_a_leave_that_closes_a_table_says_so(mahj, session):
    assert (
        mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "--tables", "2").exit_code
        == 0
    )
    result = mahj("leave", "Cy")
    assert result.exit_code == 0, result
    assert (
        "Cy leaves; table 2 closes, too few to play: Ann and Bea go to the front of the line"
    ) in " ".join(result.stdout.split())
    assert json.loads(mahj("status", "--json").stdout)["waiting"] == ["Ann", "Bea"]


def test_the_undone_comment_stops_offering_redo_once_the_night_goes_on(four, session):
    assert four("win", "Ruth", "25", "-t", "Linda").exit_code == 0
    assert four("undo").exit_code == 0
    assert "# Undone: entry 1 (`mahj redo` puts it back)" in session.read_text()
    assert four("wall").exit_code == 0
    text = session.read_text()
    assert "`mahj redo` puts it back" not in text
    assert re.search(r"# Undone: entry 1 \(the night went on, so `mahj redo` cannot", text)
    assert four("redo").exit_code == 1
    assert four("check").exit_code == 0


def test_the_page_header_names_the_rules_once(four, session):
    assert four("win", "Ruth", "25", "-t", "Linda").exit_code == 0
    page = four("total", "--html", "-").stdout
    head = page[page.index("<h1>") : page.index("</p>", page.index("<h1>"))]
    assert head.count("league") == 1
    assert '<p class="sub">1 game' in head
