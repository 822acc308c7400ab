"""The room's screen once an event is over (every round played, every card in): the final
standings take the screen, the finished round's seating is gone; until the last card is
in, the round's tables stay."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.helpers import SAMPLES
from tests.web.conftest import Serve, cli, cli_json
from tests.web.eventday import text_of

TEN = ["Ann", "Bea", "Cy", "Dot", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo"]


def test_the_sample_event_over_shows_its_final_standings(serve: Serve, tmp_path: Path):
    shutil.copytree(SAMPLES / "spring-open", tmp_path / "spring-open")
    event = tmp_path / "spring-open" / "spring-open.toml"
    before = event.read_bytes()
    page = text_of(serve(event).get("/"))
    assert "<h2>Final standings</h2>" in page
    assert "All 3 rounds are played, every card in" in page
    assert "Round 3 seating" not in page and '<article class="table' not in page
    assert page.count('<td class="place">') == 23
    assert '<td class="who">Nancy</td>' in page and "Round 3: Karen +65" in page
    assert '<a href="/results">' in page  # a phone opening the screen finds the results
    assert event.read_bytes() == before


def test_the_seating_stays_until_the_last_card_is_in(serve: Serve, tmp_path: Path):
    event = tmp_path / "cup.toml"
    cli("event", "new", "Club Cup", *TEN, "--rounds", "1", "--given",
        "--session", str(event))  # fmt: skip
    cli("event", "score", "1", "1", "Ann=30", "Bea=0", "Cy=-10", "Dot=5",
        "--session", str(event))  # fmt: skip
    page = text_of(serve(event).get("/"))
    assert "Round 1 seating" in page and "<h2>Standings</h2>" in page
    assert "Final standings" not in page
    cli("event", "score", "1", "2", "Eve=40", "Fay=0", "Gus=-10", "Hal=5",
        "--session", str(event))  # fmt: skip
    page = text_of(serve(event).get("/"))
    assert "<h2>Final standings</h2>" in page and "Round 1 seating" not in page
    assert "All 1 round played" not in page and "The round is played, every card in" in page


def test_two_rounds_over_are_both_rounds(serve: Serve, tmp_path: Path):
    event = tmp_path / "cup.toml"
    cli("event", "new", "Club Cup", *TEN[:8], "--rounds", "2", "--given",
        "--session", str(event))  # fmt: skip
    for rnd in ("1", "2"):
        if rnd == "2":
            cli("event", "seating", "2", "--session", str(event))
        for table in ("1", "2"):
            card = cli_json("event", "scorecard", rnd, table, "--session", str(event))
            seated = [seat["player"] for seat in card["seats"]]  # type: ignore[index]
            totals = [
                f"{name}={points}" for name, points in zip(seated, (10, 0, -10, 0), strict=True)
            ]
            cli("event", "score", rnd, table, *totals, "--session", str(event))
    page = text_of(serve(event).get("/"))
    assert "Both rounds are played, every card in" in page


def test_the_screen_marks_everyone_sharing_first_place_and_nobody_while_all_are_level(
    serve: Serve, tmp_path: Path
):
    """At prize-giving the screen points at every player sharing first place, not at the
    first listed of them; while everyone is level, at nobody."""
    import re

    event = tmp_path / "cup.toml"
    cli("event", "new", "Club Cup", *TEN[:8], "--rounds", "1", "--given",
        "--session", str(event))  # fmt: skip

    def leaders() -> list[str]:
        page = text_of(serve(event).get("/"))
        return re.findall(
            r'<tr class="lead"><td class="place">[^<]*</td><td class="who">([^<]*)<', page
        )

    assert leaders() == []
    cli("event", "score", "1", "1", "Ann=30", "Bea=0", "Cy=-10", "Dot=5",
        "--session", str(event))  # fmt: skip
    cli("event", "score", "1", "2", "Eve=10", "Fay=30", "Gus=-10", "Hal=5",
        "--session", str(event))  # fmt: skip
    assert leaders() == ["Ann", "Fay"]


def test_the_results_page_marks_everyone_sharing_first_place(serve: Serve, tmp_path: Path):
    """The page shown at the prize-giving marks both players sharing first place (it
    marked the first listed of them only), and nobody while all are level."""
    import re

    event = tmp_path / "tie.toml"
    cli("event", "new", "Tie", "Ann", "Bea", "Cy", "Dee", "--rounds", "1", "--given",
        "--session", str(event))  # fmt: skip

    def leaders() -> list[str]:
        page = text_of(serve(event).get("/results"))
        assert '<tbody class="leaders"' in page  # only the marked rows are gold
        return re.findall(r'<tr class="lead"><td class="place">=?1</td><td class="who">(\w+)', page)

    assert leaders() == []
    cli("event", "score", "1", "1", "Ann=30", "Bea=30", "Cy=0", "Dee=-10",
        "--session", str(event))  # fmt: skip
    assert leaders() == ["Ann", "Bea"]
