"""`mahjcli.cards` and card files: parsing, validation naming the line, look-ups, the best
line, the sample card of RULES.md §2 and the documented template."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from mahjcli.core import cards
from mahjcli.core import payments as rules
from mahjcli.core.errors import CardInvalid
from mahjcli.core.model import Card, CardLine
from mahjcli.core.names import UnknownName
from mahjcli.core.rulesets import League, Tournament
from mahjcli.files import cardfile as store
from tests.helpers import ROOT

ROOT = ROOT
TEMPLATE = ROOT / "docs" / "card-template.toml"

# RULES.md §2: the sample card, as (value, has a group of three or more).
SAMPLE = {
    "Garden steps": (25, True),
    "Dragon lights": (30, True),
    "Four winds garden": (30, True),
    "Twin pillars": (40, True),
    "Dragon thread": (40, True),
    "Quiet path": (50, False),
    "Three-suit pairs": (50, False),
    "Quiet crossroads": (50, False),
}


def sample() -> Card:
    return store.load_card("sample")


def test_sample_card_matches_the_rule_book():
    card = sample()
    assert card.name == "Light Mahjong Card"
    assert card.year == 2025
    assert {line.name: (line.value, line.groups) for line in card.lines} == SAMPLE
    concealed = {line.name for line in card.lines if line.concealed}
    assert concealed == {"Dragon thread", "Quiet path"}


@pytest.mark.parametrize(
    ("name", "jokerless", "in_use"),
    [
        ("Garden steps", True, 50),
        ("Garden steps", False, 25),
        ("Quiet path", True, 50),  # pairs only: stays 50
        ("Dragon thread", True, 80),
        ("Dragon thread", False, 40),  # a joker in a dragon pung
    ],
)
def test_value_in_use_on_the_sample_card(name, jokerless, in_use):
    line = cards.find_line(sample(), name)
    assert rules.value_in_use(line.value, jokerless, line.groups) == in_use
    if jokerless:
        assert cards.jokerless_value(line) == in_use


def test_card_values_are_the_distinct_values_in_order():
    assert cards.card_values(sample()) == (25, 30, 40, 50)


def test_find_line_ignores_case_and_takes_a_unique_beginning():
    card = sample()
    assert cards.find_line(card, "GARDEN STEPS").name == "Garden steps"
    assert cards.find_line(card, "twin").name == "Twin pillars"


def test_find_line_suggests_a_near_miss_and_lists_ambiguous_beginnings():
    with pytest.raises(UnknownName, match="did you mean 'Garden steps'"):
        cards.find_line(sample(), "Garden stepz")
    with pytest.raises(UnknownName, match="'Dragon lights' or 'Dragon thread'"):
        cards.find_line(sample(), "dragon")


# ---- the best of several lines -------------------------------------------------------------


def line(name: str) -> CardLine:
    return cards.find_line(sample(), name)


def choose(names: list[str], **how: object) -> cards.LineChoice:
    options = {"rules": League(), "self_picked": False, "jokerless": False, "seated": 4}
    options.update(how)
    return cards.best_line([line(n) for n in names], card=sample(), **options)  # type: ignore[arg-type]


def test_plain_hand_the_highest_value_pays_most():
    choice = choose(["Garden steps", "Quiet path", "Dragon thread"])
    assert choice.line.name == "Quiet path"
    assert choice.gain == 200  # 100 + 50 + 50
    assert [(o.name, g) for o, g in choice.others] == [
        ("Garden steps", 100),
        ("Dragon thread", 160),
    ]


def test_jokerless_a_line_with_groups_beats_a_higher_pairs_line():
    choice = choose(["Quiet path", "Dragon thread"], jokerless=True)
    assert choice.line.name == "Dragon thread"
    assert choice.gain == 320  # 80 thrown: 160 + 80 + 80
    assert dict((o.name, g) for o, g in choice.others) == {"Quiet path": 200}
    why = choice.explain("Ruth")
    assert why is not None
    assert why.startswith("Scored as Dragon thread: it gives Ruth 320")
    assert "Quiet path 200: no group of three, so jokerless is not counted" in why


def test_self_picked_jokerless_three_seated():
    choice = choose(["Quiet path", "Twin pillars"], jokerless=True, self_picked=True, seated=3)
    assert (choice.line.name, choice.gain) == ("Twin pillars", 320)  # 160 + 160


def test_a_tie_goes_to_the_line_first_on_the_card_whatever_the_order_named():
    for names in (["Dragon lights", "Four winds garden"], ["Four winds garden", "Dragon lights"]):
        choice = choose(names)
        assert choice.line.name == "Dragon lights"  # printed before Four winds garden
        why = choice.explain("Ruth")
        assert why is not None and "as much as Four winds garden" in why
        assert "the most" not in why
    assert choose(["Garden steps"]).explain("Ruth") is None


def test_the_lines_named_are_a_set_so_singles_pairs_does_not_depend_on_order(four):
    """Quiet path (pairs only) and Three-suit pairs pay alike; either order scores the one
    first on the card, so whether --singles-pairs is accepted cannot depend on the order."""
    a = choose(["Three-suit pairs", "Quiet path"])
    b = choose(["Quiet path", "Three-suit pairs"])
    assert a.line == b.line


def test_a_line_named_twice_counts_once():
    choice = choose(["Quiet path", "Quiet path", "Garden steps"])
    assert [o.name for o, _ in choice.others] == ["Garden steps"]


def test_tournament_best_line_and_heavenly_scores_value_only():
    # Jokerless self-pick: Dragon thread 40+10+20 = 70 beats Quiet path 50+10 = 60 ...
    assert choose(["Quiet path", "Dragon thread"], rules=Tournament(), jokerless=True,
                  self_picked=True).gain == 70  # fmt: skip
    # ... but a heavenly hand scores the card value only, so Quiet path's 50 wins.
    heavenly = choose(
        ["Quiet path", "Dragon thread"],
        rules=Tournament(),
        jokerless=True,
        self_picked=True,
        heavenly=True,
    )
    assert (heavenly.line.name, heavenly.gain) == ("Quiet path", 50)


# ---- card files -----------------------------------------------------------------------------


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "card.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


GOOD_LINE = 'name = "A"\nvalue = 25\ngroups = true\n'


@pytest.mark.parametrize(
    ("body", "message", "line_no"),
    [
        (
            '[[lines]]\nname = "Kongs"\nvalue = 25\ngroups = true\n'
            '[[lines]]\nname = "KONGS"\nvalue = 30\ngroups = true\n',
            "line 'KONGS' is named twice (lines 1 and 2)",
            7,
        ),
        (
            f'[[lines]]\n{GOOD_LINE}[[lines]]\nname = "Bad"\nvalue = -3\ngroups = true\n',
            "card line 'Bad': value must be a whole number from 1 to 1000, not -3",
            8,
        ),
        (
            '[[lines]]\nname = "Zero"\nvalue = 0\ngroups = true\n',
            "card line 'Zero': value must be a whole number from 1 to 1000, not 0",
            4,
        ),
        (
            '[[lines]]\nname = "Half"\nvalue = 25.5\ngroups = true\n',
            "card line 'Half': value must be a whole number from 1 to 1000, not 25.5",
            4,
        ),
        (
            '[[lines]]\nname = "Word"\nvalue = "25"\ngroups = true\n',
            "card line 'Word': value must be a whole number",
            4,
        ),
        (
            '[[lines]]\nname = "Yes"\nvalue = true\ngroups = true\n',
            "card line 'Yes': value must be a whole number",
            4,
        ),
        (
            '[[lines]]\nname = "Red"\nvalue = 25\ngroups = true\ncolour = "red"\n',
            "card line 'Red': unknown key 'colour'",
            6,
        ),
        (
            '[[lines]]\nname = "NoGroups"\nvalue = 25\n',
            "card line 'NoGroups': say whether it has a group of three or more tiles",
            None,
        ),
        (
            '[[lines]]\nname = "Flag"\nvalue = 25\ngroups = "yes"\n',
            "card line 'Flag': groups must be true or false",
            5,
        ),
    ],
)
def test_bad_card_files_name_the_line(tmp_path, body, message, line_no):
    spec = write(tmp_path, f'name = "Test"\n{body}')
    with pytest.raises(CardInvalid) as info:
        store.load_card(spec)
    text = str(info.value)
    assert message in text
    if line_no is not None:
        assert text.startswith(f"{spec}:{line_no}: ")


def test_unknown_key_at_the_top_of_a_card(tmp_path):
    spec = write(tmp_path, f'name = "Test"\nedition = 2\n[[lines]]\n{GOOD_LINE}')
    with pytest.raises(CardInvalid, match="unknown key 'edition' in the card"):
        store.load_card(spec)


def test_card_without_lines_and_not_toml(tmp_path):
    with pytest.raises(CardInvalid, match=r"no \[\[lines\]\]"):
        store.load_card(write(tmp_path, 'name = "Empty"\n'))
    with pytest.raises(CardInvalid, match="not valid TOML"):
        store.load_card(write(tmp_path, "name = \n"))
    with pytest.raises(CardInvalid, match="no card file at"):
        store.load_card(str(tmp_path / "missing.toml"))


def test_parse_card_reports_every_problem():
    doc = {
        "name": "T",
        "lines": [
            {"name": "A", "value": 0, "groups": True},
            {"name": "B", "value": 25, "groups": True, "extra": 1},
        ],
    }
    card, problems = cards.parse_card(doc)
    assert card is None
    assert [(p.where.at, p.where.key) for p in problems] == [(0, "value"), (1, "extra")]


def test_card_round_trips_through_its_dict():
    card = sample()
    again, problems = cards.parse_card(cards.card_to_dict(card))
    assert problems == []
    assert again == card


def test_the_template_is_valid_and_documents_every_key():
    card = store.load_card(str(TEMPLATE))
    assert card.lines, "the template shows at least one line"
    assert any(not line.groups for line in card.lines), "it shows a pairs-only line"
    assert any(line.concealed for line in card.lines)
    text = TEMPLATE.read_text(encoding="utf-8")
    for key in sorted({*cards.CARD_KEYS, *cards.LINE_KEYS}):
        assert f"#   {key}" in text or f"#     {key}" in text or f"#   [[{key}]]" in text, key
    # Every key the template uses is one the parser knows (strict parsing passed above).
    doc = tomllib.loads(text)
    assert set(doc) <= set(cards.CARD_KEYS)


def test_the_template_can_start_a_night(mahj):
    result = mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--card", str(TEMPLATE))
    assert result.exit_code == 0, result
    assert "Card: My card (4 lines)" in result.stdout
