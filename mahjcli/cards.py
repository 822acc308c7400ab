"""Card files: a year's lines with their values, and choosing the line that pays most.

A card file is TOML (see docs/card-template.toml and README "Card files"):

    name = "Light Mahjong Card"
    year = 2025

    [[lines]]
    name = "Garden steps"
    section = "Garden"
    value = 25
    concealed = false
    groups = true     # at least one pung, kong or quint

Parsing returns problems as values; nothing here reads a file.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeGuard

from . import rules
from .model import MAX_VALUE, Card, CardLine, fold_name, shown
from .names import NameError_, resolve

CARD_KEYS = {"name", "year", "lines"}
LINE_KEYS = {"name", "section", "value", "concealed", "groups"}


@dataclass(frozen=True)
class CardProblem:
    """A problem in a card: `line_index` is the card line it concerns (from 0), if any."""

    message: str
    line_index: int | None = None
    key: str | None = None


def is_whole(value: object) -> TypeGuard[int]:
    """True for a TOML integer (a bool is not one).

    >>> is_whole(25), is_whole(True), is_whole(25.0)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def parse_card(
    doc: dict[str, Any], *, strict: bool = True
) -> tuple[Card | None, list[CardProblem]]:
    """A card from its TOML table, or the problems that stop it; `strict` refuses unknown keys."""
    problems: list[CardProblem] = []
    if strict:
        for key in sorted(set(doc) - CARD_KEYS):
            problems.append(CardProblem(f"unknown key {key!r} in the card", key=key))
    name = doc.get("name", "")
    if not isinstance(name, str):
        problems.append(CardProblem("the card's name must be text", key="name"))
        name = ""
    year = doc.get("year")
    if year is not None and not is_whole(year):
        problems.append(CardProblem("the card's year must be a whole number", key="year"))
        year = None
    raw_lines = doc.get("lines")
    if not isinstance(raw_lines, list) or not raw_lines:
        problems.append(CardProblem("the card has no [[lines]]", key="lines"))
        return None, problems
    lines: list[CardLine] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(raw_lines):
        line, line_problems = _parse_line(raw, i, strict)
        problems.extend(line_problems)
        if line is None:
            continue
        key = fold_name(line.name)
        if key in seen:
            problems.append(
                CardProblem(
                    f"line {line.name!r} is named twice (lines {seen[key] + 1} and {i + 1})",
                    i,
                    "name",
                )
            )
            continue
        seen[key] = i
        lines.append(line)
    if problems:
        return None, problems
    return Card(name=name, year=year, lines=tuple(lines)), []


def _parse_line(raw: object, i: int, strict: bool) -> tuple[CardLine | None, list[CardProblem]]:
    if not isinstance(raw, dict):
        return None, [CardProblem(f"card line {i + 1} is not a table", i)]
    problems: list[CardProblem] = []
    label = f"card line {i + 1}"
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(CardProblem(f"{label} needs a name (text)", i, "name"))
    else:
        label = f"card line {name!r}"
    if strict:
        for key in sorted(set(raw) - LINE_KEYS):
            problems.append(CardProblem(f"{label}: unknown key {key!r}", i, key))
    value = raw.get("value")
    if not is_whole(value) or not 1 <= value <= MAX_VALUE:
        problems.append(
            CardProblem(
                f"{label}: value must be a whole number from 1 to {MAX_VALUE}, not {shown(value)}",
                i,
                "value",
            )
        )
    for key in ("concealed", "groups"):
        if key in raw and not isinstance(raw[key], bool):
            problems.append(CardProblem(f"{label}: {key} must be true or false", i, key))
    if "groups" not in raw:
        problems.append(
            CardProblem(
                f"{label}: say whether it has a group of three or more tiles "
                "(groups = true or false)",
                i,
            )
        )
    section = raw.get("section", "")
    if not isinstance(section, str):
        problems.append(CardProblem(f"{label}: section must be text", i, "section"))
    if problems:
        return None, problems
    assert isinstance(name, str) and isinstance(value, int) and isinstance(section, str)
    return (
        CardLine(
            name=name.strip(),
            value=value,
            section=section,
            concealed=bool(raw.get("concealed", False)),
            groups=bool(raw["groups"]),
        ),
        [],
    )


def card_to_dict(card: Card) -> dict[str, Any]:
    """The TOML table that records a card (in a card file or a session)."""
    out: dict[str, Any] = {"name": card.name}
    if card.year is not None:
        out["year"] = card.year
    out["lines"] = [
        {
            "name": line.name,
            "section": line.section,
            "value": line.value,
            "concealed": line.concealed,
            "groups": line.groups,
        }
        for line in card.lines
    ]
    return out


def find_line(card: Card, typed: str) -> CardLine:
    """The card line `typed` names (case-insensitive, unique beginning); NameError_ if none."""
    name = resolve(typed, [line.name for line in card.lines], what="card line")
    return next(line for line in card.lines if line.name == name)


@dataclass(frozen=True)
class LineChoice:
    """The line scored among those named, and why."""

    line: CardLine
    gain: int
    """What the winner gains with this line."""
    others: tuple[tuple[CardLine, int], ...]
    """The other lines named, with what each would have paid the winner."""
    jokerless: bool = False
    """Whether the winner claimed a jokerless hand."""

    def explain(self, winner: str) -> str | None:
        """Why this line was scored, when several were named (None for a single line).

        >>> choice = best_line([CardLine("Quiet path", 50, groups=False),
        ...                     CardLine("Dragon thread", 40)], rule_set="league",
        ...                    self_picked=False, jokerless=True, seated=4)
        >>> choice.explain("Ruth")[:58]
        'Scored as Dragon thread: it gives Ruth 320, the most of th'
        >>> choice.explain("Ruth")[58:]
        'e lines named (Quiet path 200: no group of three, so jokerless does not double it)'
        """
        if not self.others:
            return None
        parts = []
        for line, gain in self.others:
            why = ""
            if self.jokerless and not line.groups:
                why = ": no group of three, so jokerless does not double it"
            parts.append(f"{line.name} {gain}{why}")
        return (
            f"Scored as {self.line.name}: it gives {winner} {self.gain}, the most of the "
            f"lines named ({'; '.join(parts)})"
        )


def best_line(
    candidates: Iterable[CardLine],
    *,
    rule_set: str,
    self_picked: bool,
    jokerless: bool,
    seated: int,
    heavenly: bool = False,
) -> LineChoice:
    """The named line that pays the winner most after the jokerless rule (first wins ties;
    a line named twice counts once).

    >>> lines = [CardLine("Quiet path", 50, groups=False), CardLine("Dragon thread", 40)]
    >>> best_line(lines, rule_set="league", self_picked=False, jokerless=True,
    ...           seated=4).line.name
    'Dragon thread'
    >>> best_line(lines, rule_set="league", self_picked=False, jokerless=False,
    ...           seated=4).line.name
    'Quiet path'
    """
    unique: list[CardLine] = []
    for line in candidates:
        if line not in unique:
            unique.append(line)
    if not unique:
        raise ValueError("best_line needs at least one line")
    scored = [
        (
            line,
            rules.winner_gain(
                rule_set,
                line.value,
                self_picked=self_picked,
                jokerless=jokerless,
                has_group=line.groups,
                seated=seated,
                heavenly=heavenly,
            ),
        )
        for line in unique
    ]
    best = max(scored, key=lambda pair: pair[1])
    others = tuple(pair for pair in scored if pair[0] is not best[0])
    return LineChoice(best[0], best[1], others, jokerless)


def card_values(card: Card) -> tuple[int, ...]:
    """The different values printed on a card, smallest first.

    >>> card_values(Card("c", (CardLine("a", 30), CardLine("b", 25), CardLine("c", 30))))
    (25, 30)
    """
    return tuple(sorted({line.value for line in card.lines}))


def jokerless_value(line: CardLine) -> int:
    """The line's value in use when the hand is jokerless (RULES.md §2).

    >>> jokerless_value(CardLine("Dragon thread", 40)), jokerless_value(
    ...     CardLine("Quiet path", 50, groups=False))
    (80, 50)
    """
    return rules.value_in_use(line.value, True, line.groups)


__all__ = [
    "CardProblem",
    "LineChoice",
    "NameError_",
    "best_line",
    "card_to_dict",
    "card_values",
    "find_line",
    "jokerless_value",
    "parse_card",
]
