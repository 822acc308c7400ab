"""The README is one screen that starts with what a new user types and links to every
page; the site's navigation holds every page of `docs/`, by reader; CI builds it."""

from __future__ import annotations

import re

import yaml

from tests.helpers import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
SITE = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
TEST_COMMAND = (
    "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest"
)
TRY_IT = (
    "python3 -m venv .venv && .venv/bin/pip install -e . && "
    ".venv/bin/mahj log --session sample_sessions/rules-worked-night.toml"
)


def nav_pages(items: list[object]) -> dict[str, str]:
    """Every page of the navigation, by file, with its title."""
    found: dict[str, str] = {}
    for item in items:
        assert isinstance(item, dict)
        for title, target in item.items():
            if isinstance(target, list):
                found.update(nav_pages(target))
            else:
                found[target] = title
    return found


NAV = nav_pages(SITE["nav"])


def test_the_readme_is_one_screen_and_starts_with_what_to_type():
    assert len(README.encode("utf-8")) < 6000
    first_block = re.search(r"```\w*\n(.*?)\n```", README, re.S)
    assert first_block is not None and first_block.group(1) == TRY_IT
    assert README.index(TRY_IT) < 800
    assert TEST_COMMAND in README
    assert "pipx install" in README and "mahj --install-completion" in README


def test_the_readme_links_to_every_page_and_every_link_is_there():
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README)
    local = [link for link in links if not link.startswith("http")]
    assert all((ROOT / link).exists() for link in local), local
    assert {f"docs/{page}" for page in NAV if page != "index.md"} <= set(local)


def test_ci_runs_the_readme_test_command_then_builds_the_site_strictly():
    assert TEST_COMMAND in CI
    assert CI.index(".venv/bin/mypy mahjcli") < CI.index(".venv/bin/mkdocs build --strict")
    assert SITE["strict"] is True and SITE["theme"]["name"] == "material"
    assert "site/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()


def test_every_page_is_in_the_navigation_by_reader():
    pages = {p.name for p in (ROOT / "docs").glob("*.md")}
    assert set(NAV) == pages
    assert set(NAV.values()) >= {
        "Getting started", "At the table", "Money", "Club nights and house rules",
        "Tournament tables", "Running an event", "The room's screen", "Your season",
        "The session file", "Rules", "Your scores are safe", "Command reference",
        "Contributing",
    }  # fmt: skip
    sections = [next(iter(item)) for item in SITE["nav"]]
    assert {"For everyone", "For organisers", "For tournament directors"} <= set(sections)


def test_the_pictures_the_pages_show_are_there():
    for page in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        for picture in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", page.read_text(encoding="utf-8")):
            assert (page.parent / picture).is_file(), (page.name, picture)
