"""Every console example of the docs pages and the README shows what mahj prints.

Each page is played from its top in a fresh home folder, at 80 columns without colour
(`mahjcli.cli.docsexamples`); every `$ mahj ...` must print exactly the lines under it.
A changed output fails with a diff and the one command that brings the pages up to date.
The rule book's worked examples (blocks with `→` lines) are checked by test_rules_page.py.
"""

from __future__ import annotations

import os

import pytest

from mahjcli.cli import docsexamples
from mahjcli.cli.docs import REFRESH
from tests.helpers import ROOT

DOCS = ROOT / "docs"
PAGES = docsexamples.pages(DOCS)
WITH_EXAMPLES = [
    page
    for page in PAGES
    if any(b.transcript for b in docsexamples.blocks(page.read_text(encoding="utf-8")))
]


@pytest.fixture(autouse=True)
def quick_saves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Skip the flush to disk on every save: these tests read what mahj prints, and saving
    safely is tested by the fault tests."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


def test_the_pages_have_examples():
    names = {page.name for page in WITH_EXAMPLES}
    assert {"README.md", "getting-started.md", "running-an-event.md", "money.md"} <= names


@pytest.mark.parametrize("page", WITH_EXAMPLES, ids=[p.name for p in WITH_EXAMPLES])
def test_every_example_shows_what_mahj_prints(page):
    played = docsexamples.play_page(page.read_text(encoding="utf-8"))
    assert played
    wrong = docsexamples.failures(played) + docsexamples.differences(played)
    assert not wrong, (
        f"{page.relative_to(ROOT)}: the examples no longer show what mahj prints. "
        f"If mahj is right, run `{REFRESH}` and read the diff it makes.\n\n" + "\n\n".join(wrong)
    )


def test_a_changed_output_is_a_diff_that_names_the_line():
    text = "# A page\n\n```console\n$ mahj table --values 25\nnot what mahj prints\n```\n"
    played = docsexamples.play_page(text)
    (wrong,) = docsexamples.differences(played)
    assert wrong.startswith("line 4: `mahj table --values 25`")
    assert "-not what mahj prints" in wrong and "+League payments" in wrong
    refreshed = docsexamples.refreshed(text, played)
    assert "not what mahj prints" not in refreshed
    assert not docsexamples.differences(docsexamples.play_page(refreshed))


def test_a_page_is_one_evening_in_a_fresh_home():
    text = (
        '```text title="players.txt"\nAnn\nBea\nCy\nDot\n```\n\n'
        "```console\n$ mahj new Ann Bea Cy Dot --name First\n```\n\n"
        "Later:\n\n```console\n$ mahj win ann 25 \\\n    --self-pick\n$ mahj use 9\n```\n"
    )
    played = docsexamples.play_page(text)
    day = docsexamples.EXAMPLE_DAY
    assert played[0].printed[0] == f"Started ~/.local/share/mahj/{day}-First.toml"
    assert played[1].command.typed == "mahj win ann 25 --self-pick"
    assert played[1].printed[0] == "Game 1: Ann wins 25, self-picked"
    assert played[2].code == 1 and played[2].printed[0].startswith("Error:")
    assert docsexamples.refusals(played) == [f"line 17: `mahj use 9`: {played[2].printed[0]}"]
    again = docsexamples.play_page(text)
    assert again[0].printed == played[0].printed  # a fresh home: no "-2" in the name


def test_a_usage_mistake_fails_even_when_the_page_shows_it():
    text = "```console\n$ mahj table --players\n```\n"
    played = docsexamples.play_page(text)
    assert docsexamples.failures(played) == ["line 2: `mahj table --players` exited 2"]
    with pytest.raises(ValueError, match="not 'ls'"):
        docsexamples.play_page("```console\n$ ls\n```\n")


def test_the_refresh_writes_only_what_changed(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    page = docs / "page.md"
    page.write_text("Text.\n\n```console\n$ mahj table --values 30 --players 3\n```\n")
    assert docsexamples.refresh(docs) == [page]
    assert "90 (60 + 30)" in page.read_text()
    assert docsexamples.refresh(docs) == []
    assert docsexamples.stale_pages(docs) == {}


def test_a_page_sets_the_event_clock_with_a_comment():
    text = (
        "```console\n$ mahj event new Cup Ann Bea Cy Dot --seed 1 --date 2026-04-18\n```\n\n"
        "<!-- clock: 2026-04-18 10:00 -->\n\n"
        "```console\n$ mahj event start 1 --minutes 50\n```\n\n"
        "<!-- clock: 2026-04-18 10:42 -->\n\n"
        "```console\n$ mahj event seating 1\n$ mahj event call-time 1\n```\n"
    )
    played = docsexamples.play_page(text)
    assert played[1].printed == [
        "Round 1's clock started at 10:00: 50 minutes, time is called at 10:50."
    ]
    assert played[2].printed[-1] == (
        "Round 1: 8 minutes left (time is called at 10:50) — 10-minute warning."
    )
    assert played[3].printed == ["Time is called for round 1 at 10:42."]
    assert docsexamples.play_page(text)[3].printed == played[3].printed  # any day, any zone
