"""The generated pages are what mahj makes now: the command reference is every command's
`--help`, and the session file page lists every key the readers know. A page out of date
fails, naming the one command that brings it up to date."""

from __future__ import annotations

import re

import pytest

from mahjcli.cli import docs, docsformat
from mahjcli.cli.docsreference import command_paths, help_text
from mahjcli.core.rulesets import VARIANTS
from tests.helpers import ROOT

DOCS = ROOT / "docs"


@pytest.mark.parametrize("name", sorted(docs.GENERATED))
def test_the_generated_page_is_current(name: str):
    page = DOCS / name
    text = page.read_text(encoding="utf-8")
    made = docs.with_generated(text, docs.GENERATED[name]())
    assert made == text, (
        f"docs/{name} is not what mahj makes now: run `{docs.REFRESH}` and commit the page"
    )


def test_the_reference_has_every_command_and_its_help():
    text = (DOCS / "reference.md").read_text(encoding="utf-8")
    titles = re.findall(r"^## `(mahj[^`]*)`$", text, re.M)
    assert titles == [" ".join(["mahj", *path]) for path in command_paths()]
    assert {"mahj win", "mahj event score", "mahj serve"} <= set(titles)
    assert help_text(["event", "score"]) in text
    assert all(len(line) <= 80 for line in help_text(["new"]).splitlines())


def test_the_file_format_describes_every_key_the_readers_know():
    assert docsformat.drift() == []
    text = (DOCS / "session-file.md").read_text(encoding="utf-8")
    for key in ("thrown_by", "pays_for_table", "wall_bets", "tie_break", "first_round"):
        assert f"| `{key}` |" in text
    assert "| `exposures` | a count from 0 to 5 | none |" in text
    assert "| `value` | a whole number from 1 to 1000 | required |" in text


def test_a_key_the_page_does_not_describe_stops_the_generator(monkeypatch):
    monkeypatch.delitem(docsformat.ENTRY_KEYS, "exposures")
    monkeypatch.setitem(docsformat.EVENT, "prizes", ("text", "none", "What is won."))
    problems = docsformat.drift()
    assert any("describe exposures" in p for p in problems)
    assert any("prizes is no longer read" in p for p in problems)
    with pytest.raises(ValueError, match="exposures"):
        docsformat.file_format()


def test_a_stale_page_is_found_and_rewritten(tmp_path):
    page = tmp_path / "reference.md"
    page.write_text(f"# Commands\n\n{docs.BEGIN}\nold help\n{docs.END}\n\nThe end.\n")
    assert docs.stale_generated(tmp_path) == [page]
    assert docs.write_generated(tmp_path) == [page]
    text = page.read_text()
    assert "old help" not in text and "## `mahj win`" in text and text.endswith("The end.\n")
    assert docs.stale_generated(tmp_path) == []


def test_the_check_says_what_is_stale(tmp_path, capsys):
    (tmp_path / "page.md").write_text("```console\n$ mahj table --values 25\nold\n```\n")
    assert docs.main(["--check", "--docs", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "page.md: line 2: `mahj table --values 25`" in out
    assert out.rstrip().endswith(f"Out of date: run {docs.REFRESH}")
    assert docs.main(["--docs", str(tmp_path)]) == 0
    assert docs.main(["--check", "--docs", str(tmp_path)]) == 0


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_tournament_variant_is_named_where_a_director_looks(variant: str):
    assert variant in re.sub(r"-\s+", "-", " ".join(help_text(["new"]).split()))
    for page in ("tournament-tables.md", "rules.md"):
        assert f"--variant {variant}" in (DOCS / page).read_text(encoding="utf-8"), page
