"""`mahj lines`: a card's lines from the session or a card file, as a table or JSON."""

from __future__ import annotations

import json

import pytest

from tests.helpers import ROOT


def cells(stdout: str, name: str) -> list[str]:
    row = next(line for line in stdout.splitlines() if f"│ {name} " in line)
    return [c.strip() for c in row.split("│")[1:-1]]


def test_sample_card_as_a_table(mahj):
    result = mahj("lines", "--card", "sample", use_session=False)
    assert result.exit_code == 0, result
    assert "Light Mahjong Card 2025: 8 lines" in result.stdout
    # name, section, value, concealed, jokerless value in use
    assert cells(result.stdout, "Garden steps") == ["Garden steps", "Garden", "25", "no", "50"]
    assert cells(result.stdout, "Dragon thread") == ["Dragon thread", "Dragons", "40", "yes", "80"]
    assert cells(result.stdout, "Quiet path") == [
        "Quiet path",
        "Singles and pairs",
        "50",
        "yes",
        "50",
    ]


def test_sample_card_as_json(mahj):
    result = mahj("lines", "--card", "sample", "--json", use_session=False)
    assert result.exit_code == 0, result
    data = json.loads(result.stdout)
    assert data["card"] == {"name": "Light Mahjong Card", "year": 2025, "source": "sample"}
    by_name = {line["name"]: line for line in data["lines"]}
    assert list(by_name) == [
        "Garden steps",
        "Dragon lights",
        "Four winds garden",
        "Twin pillars",
        "Dragon thread",
        "Quiet path",
        "Three-suit pairs",
        "Quiet crossroads",
    ]
    assert by_name["Dragon thread"] == {
        "name": "Dragon thread",
        "section": "Dragons",
        "value": 40,
        "concealed": True,
        "groups": True,
        "jokerless_value": 80,
    }
    assert by_name["Three-suit pairs"]["jokerless_value"] == 50
    assert by_name["Garden steps"]["jokerless_value"] == 50


def test_the_sessions_card(mahj, session):
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--card", "sample").exit_code == 0
    data = json.loads(mahj("lines", "--json").stdout)
    assert data["card"]["source"] == str(session)
    assert len(data["lines"]) == 8


def test_the_current_sessions_card_without_options(mahj):
    assert mahj("new", "A", "B", "C", "--card", "sample", use_session=False).exit_code == 0
    result = mahj("lines", use_session=False)
    assert result.exit_code == 0, result
    assert "Dragon thread" in result.stdout


def test_card_option_wins_over_the_session(mahj, tmp_path):
    assert mahj("new", "A", "B", "C", "--card", "sample").exit_code == 0
    mine = tmp_path / "mine.toml"
    mine.write_text('name = "Mine"\n[[lines]]\nname = "Only"\nvalue = 35\ngroups = true\n')
    data = json.loads(mahj("lines", "--json", "--card", str(mine)).stdout)
    assert data["card"]["name"] == "Mine"
    assert [(x["name"], x["value"], x["jokerless_value"]) for x in data["lines"]] == [
        ("Only", 35, 70)
    ]


def test_no_session_and_no_card_says_what_to_do(mahj):
    result = mahj("lines", use_session=False)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: no current session to take a card from")
    assert "--card sample" in result.stderr


def test_session_without_a_card_says_what_to_do(four, session):
    before = session.read_bytes()
    result = four("lines")
    assert result.exit_code == 1
    assert "has no card" in result.stderr
    assert "--card" in result.stderr
    assert session.read_bytes() == before


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            '[[lines]]\nname = "Pair"\nvalue = 25\ngroups = false\n'
            '[[lines]]\nname = "pair"\nvalue = 30\ngroups = false\n',
            "line 'pair' is named twice",
        ),
        ('[[lines]]\nname = "Cheap"\nvalue = 0\ngroups = true\n', "card line 'Cheap': value"),
        (
            '[[lines]]\nname = "Odd"\nvalue = 25\ngroups = true\njokers = 2\n',
            "card line 'Odd': unknown key 'jokers'",
        ),
    ],
)
def test_bad_card_file_is_refused_naming_the_line(four, session, tmp_path, body, message):
    card = tmp_path / "bad.toml"
    card.write_text(f'name = "Bad"\n{body}')
    before = session.read_bytes()
    result = four("lines", "--card", str(card))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(f"Error: {card}:")
    assert message in result.stderr
    assert session.read_bytes() == before


def test_names_are_shown_as_typed_and_the_table_fits_80_columns(mahj, tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    card = tmp_path / "odd.toml"
    card.write_text(
        'name = "[bold]Card"\n[[lines]]\nname = "[red]Kongs :smile:"\n'
        'section = "A very long section name that goes on and on and on"\n'
        "value = 25\ngroups = true\n"
    )
    result = mahj("lines", "--card", str(card), use_session=False)
    assert result.exit_code == 0, result
    assert "[bold]Card" in result.stdout
    assert "[red]Kongs :smile:" in result.stdout
    assert "\x1b[" not in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_help_has_an_example(mahj):
    result = mahj("lines", "--help", use_session=False)
    assert result.exit_code == 0
    assert "Example: mahj lines" in result.stdout


def test_lines_json_of_the_template(mahj):
    template = ROOT / "docs" / "card-template.toml"
    data = json.loads(mahj("lines", "--json", "--card", str(template), use_session=False).stdout)
    assert data["card"]["name"] == "My card"
    assert {x["name"]: x["jokerless_value"] for x in data["lines"]}["Singles and pairs 1"] == 50
