"""Cards: a year's lines with their values, read from plain TOML values, and choosing the
line that pays most. A card file looks like this (see docs/card-template.toml):

    name = "Light Mahjong Card"
    year = 2025

    [[lines]]
    name = "Garden steps"
    section = "Garden"
    value = 25
    concealed = false
    groups = true     # at least one pung, kong or quint

Reading returns problems as values; nothing here reads a file.
"""

from collections.abc import Iterable
from typing import Any, NamedTuple

from .model import MAX_VALUE, Card, CardLine
from .names import control_problem, fold_name, meant_key, resolve
from .payments import value_in_use
from .problems import Problem, Where, is_whole, shown
from .rulesets import RuleSet

CARD_KEYS = ("name", "year", "lines")
LINE_KEYS = ("name", "section", "value", "concealed", "groups")


def _hint(key: str, known: tuple[str, ...]) -> str:
    """`; did you mean `value`?` for a key one slip away from a known one."""
    return meant_key(key, known)


def parse_card(
    doc: dict[str, Any], *, strict: bool = True, section: str = "lines"
) -> tuple[Card | None, list[Problem]]:
    """A card from its TOML table, or every problem that stops it. `strict` refuses
    unknown keys; `section` is where the lines are (`lines`, or `card.lines` in a session)."""
    problems: list[Problem] = []

    def top(key: str) -> Where:
        return Where.top(key) if section == "lines" else Where.top("card")

    if strict:
        for key in sorted(set(doc) - set(CARD_KEYS)):
            problems.append(
                Problem(f"unknown key {key!r} in the card{_hint(key, CARD_KEYS)}", top(key))
            )
    name = doc.get("name", "")
    if not isinstance(name, str):
        problems.append(Problem("the card's name must be text", top("name")))
        name = ""
    elif why := control_problem(name, "the card's name"):
        problems.append(Problem(why, top("name")))
    elif strict and not name.strip():
        where = top("name") if "name" in doc else Where(line=1)
        problems.append(Problem('the card needs a name, like name = "My 2026 card"', where))
    year = doc.get("year")
    if year is not None and not is_whole(year):
        problems.append(Problem("the card's year must be a whole number", top("year")))
        year = None
    raw_lines = doc.get("lines")
    if not isinstance(raw_lines, list) or not raw_lines:
        problems.append(Problem("the card has no [[lines]]", top("lines")))
        return None, problems
    lines: list[CardLine] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(raw_lines):
        line, line_problems = _parse_line(raw, i, strict, section)
        problems.extend(line_problems)
        if line is None:
            continue
        key = fold_name(line.name)
        if key in seen:
            problems.append(
                Problem(
                    f"line {line.name!r} is named twice (lines {seen[key] + 1} and {i + 1})",
                    Where(section, i, "name"),
                )
            )
            continue
        seen[key] = i
        lines.append(line)
    if problems:
        return None, problems
    return Card(name=name, year=year, lines=tuple(lines)), []


def _parse_line(
    raw: object, i: int, strict: bool, section: str
) -> tuple[CardLine | None, list[Problem]]:
    if not isinstance(raw, dict):
        return None, [Problem(f"card line {i + 1} is not a table", Where(section, i))]
    problems: list[Problem] = []
    label = f"card line {i + 1}"

    def fail(message: str, key: str | None = None) -> None:
        problems.append(Problem(f"{label}: {message}", Where(section, i, key)))

    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem(f"{label} needs a name (text)", Where(section, i, "name")))
    else:
        label = f"card line {name!r}"
        if why := control_problem(name, "the name"):
            fail(why, "name")
    if strict:
        for key in sorted(set(raw) - set(LINE_KEYS)):
            fail(f"unknown key {key!r}{_hint(key, LINE_KEYS)}", key)
    value = raw.get("value")
    if value is None:
        fail("value is missing (value = 25: the value printed on the card)", "value")
    elif not is_whole(value) or not 1 <= value <= MAX_VALUE:
        fail(f"value must be a whole number from 1 to {MAX_VALUE}, not {shown(value)}", "value")
    for key in ("concealed", "groups"):
        if key in raw and not isinstance(raw[key], bool):
            fail(f"{key} must be true or false", key)
    if "groups" not in raw:
        fail("say whether it has a group of three or more tiles (groups = true or false)")
    section_name = raw.get("section", "")
    if not isinstance(section_name, str):
        fail("section must be text", "section")
    elif why := control_problem(section_name, "the section"):
        fail(why, "section")
    if problems:
        return None, problems
    assert isinstance(name, str) and isinstance(value, int) and isinstance(section_name, str)
    return (
        CardLine(
            name=name.strip(),
            value=value,
            section=section_name,
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
    """The card line `typed` names (case-insensitive, unique beginning); UnknownName if none."""
    name = resolve(typed, [line.name for line in card.lines], what="card line")
    return next(line for line in card.lines if line.name == name)


class LineChoice(NamedTuple):
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

        >>> from mahjcli.core.rulesets import League
        >>> choice = best_line([CardLine("Quiet path", 50, groups=False),
        ...                     CardLine("Dragon thread", 40)], rules=League(),
        ...                    self_picked=False, jokerless=True, seated=4)
        >>> choice.explain("Ruth")[:58]
        'Scored as Dragon thread: it gives Ruth 320, the most of th'
        >>> choice.explain("Ruth")[58:]
        'e lines named (Quiet path 200: no group of three, so jokerless is not counted)'
        """
        if not self.others:
            return None
        parts = []
        for line, gain in self.others:
            why = ""
            if self.jokerless and not line.groups:
                why = ": no group of three, so jokerless is not counted"
            parts.append(f"{line.name} {gain}{why}")
        tied = [line.name for line, gain in self.others if gain == self.gain]
        if tied:
            return (
                f"Scored as {self.line.name}: it gives {winner} {self.gain}, as much as "
                f"{', '.join(tied)}, and comes first on the card ({'; '.join(parts)})"
            )
        return (
            f"Scored as {self.line.name}: it gives {winner} {self.gain}, the most of the "
            f"lines named ({'; '.join(parts)})"
        )


def best_line(
    candidates: Iterable[CardLine],
    *,
    rules: RuleSet,
    self_picked: bool,
    jokerless: bool,
    seated: int,
    heavenly: bool = False,
    card: Card | None = None,
) -> LineChoice:
    """The named line that pays the winner most after the jokerless rule (RULES.md §2).

    The lines named are a set: naming one twice, or in another order, changes nothing.
    Between lines that pay the same, the one printed first on the card is scored (the
    order given when there is no card).

    >>> from mahjcli.core.rulesets import League
    >>> lines = [CardLine("Quiet path", 50, groups=False), CardLine("Dragon thread", 40)]
    >>> best_line(lines, rules=League(), self_picked=False, jokerless=True,
    ...           seated=4).line.name
    'Dragon thread'
    >>> best_line(lines, rules=League(), self_picked=False, jokerless=False,
    ...           seated=4).line.name
    'Quiet path'
    """
    unique = list(dict.fromkeys(candidates))
    if not unique:
        raise ValueError("best_line needs at least one line")
    if card is not None:
        place = {line: i for i, line in enumerate(card.lines)}
        unique.sort(key=lambda line: place.get(line, len(place)))
    scored = [
        (
            line,
            rules.winner_gain(
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
    best = max(scored, key=lambda pair: pair[1])  # the first of equals
    others = tuple(pair for pair in scored if pair[0] is not best[0])
    return LineChoice(best[0], best[1], others, jokerless)


def card_values(card: Card) -> tuple[int, ...]:
    """The different values printed on a card, smallest first.

    >>> card_values(Card("c", (CardLine("a", 30), CardLine("b", 25), CardLine("c", 30))))
    (25, 30)
    """
    return tuple(sorted({line.value for line in card.lines}))


def value_problem(card: Card, value: int, singles_pairs: bool) -> str | None:
    """Why a value typed alone (no line named) cannot be tonight's card's: no line is worth
    it, or (`singles_pairs`) no singles-and-pairs line is, so the hand would be paid less
    than its line; else None.

    >>> card = Card("c", (CardLine("a", 25), CardLine("b", 50, groups=False)))
    >>> value_problem(card, 30, False)
    "no line of the card 'c' is worth 30 (its values: 25, 50); check the value, or name the line"
    >>> value_problem(card, 25, True).split(";")[0]
    "no singles-and-pairs line of the card 'c' is worth 25"
    >>> value_problem(card, 50, True) is None
    True
    """
    from .wording import field

    at_value = [line for line in card.lines if line.value == value]
    if not at_value:
        listed = ", ".join(str(v) for v in card_values(card))
        return (
            f"no line of the card {card.title!r} is worth {value} (its values: {listed}); "
            "check the value, or name the line"
        )
    if singles_pairs and all(line.groups for line in at_value):
        return (
            f"no singles-and-pairs line of the card {card.title!r} is worth {value}; leave "
            f"out {field('singles_pairs')}, or name the line"
        )
    return None


def pairs_only_values(card: Card) -> frozenset[int]:
    """The values at which every line on the card is singles and pairs only: a hand of that
    value never has a group of three, so it is never paid (or scored) as jokerless.

    >>> pairs_only_values(Card("c", (CardLine("a", 50, groups=False), CardLine("b", 25),
    ...     CardLine("c", 25, groups=False))))
    frozenset({50})
    """
    values: dict[int, bool] = {}
    for line in card.lines:
        values[line.value] = values.get(line.value, True) and not line.groups
    return frozenset(value for value, pairs in values.items() if pairs)


def jokerless_value(line: CardLine) -> int:
    """The line's value in use when the hand is jokerless (RULES.md §2).

    >>> jokerless_value(CardLine("Dragon thread", 40)), jokerless_value(
    ...     CardLine("Quiet path", 50, groups=False))
    (80, 50)
    """
    return value_in_use(line.value, True, line.groups)
