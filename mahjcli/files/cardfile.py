"""Reading card files (and the sample card shipped inside the package)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import NamedTuple

from ..core.cards import parse_card
from ..core.errors import CardInvalid
from ..core.model import Card
from .lines import Locator
from .reading import read_text
from .sessionfile import toml_problem

SAMPLE = "sample"
"""What `--card` names the sample card by."""


def sample_card_text() -> str:
    """The text of the sample card shipped inside the package."""
    from importlib.resources import files

    return (files("mahjcli") / "data" / "sample_card.toml").read_text(encoding="utf-8")


class CardCheck(NamedTuple):
    """A card file as checked: its name, the card when valid, each problem with its line."""

    name: str
    card: Card | None
    problems: tuple[tuple[int | None, str], ...]

    def described(self) -> list[str]:
        """Each problem as `file:line: message`."""
        return [
            f"{self.name}:{line}: {message}" if line else f"{self.name}: {message}"
            for line, message in self.problems
        ]


def check_card(spec: str) -> CardCheck:
    """Read and check a card file (or the sample card for `sample`), listing every
    problem; CardInvalid only when there is no text to check."""
    if spec == SAMPLE:
        text, name = sample_card_text(), "the sample card"
    else:
        text = read_text(Path(spec), "card file", "a card file or --card sample", CardInvalid, True)
        name = str(spec)
    try:
        card, problems = parse_card(tomllib.loads(text))
    except tomllib.TOMLDecodeError as exc:
        bad = toml_problem(exc, text)
        return CardCheck(name, None, ((bad.where.line if bad.where else None, bad.message),))
    except RecursionError:
        return CardCheck(name, None, ((None, "values are nested too deeply to be a card"),))
    locator = Locator(text)
    return CardCheck(name, card, tuple((locator.line(p.where), p.message) for p in problems))


def load_card(spec: str) -> Card:
    """A card from a file, or the sample card shipped with mahj for `sample`; CardInvalid
    names the first problem (`mahj check --card FILE` lists them all)."""
    checked = check_card(spec)
    if checked.card is None:
        first, more = checked.described()[0], len(checked.problems) - 1
        if more:
            first += f" (and {more} more: `mahj check --card {spec}` lists them)"
        raise CardInvalid(first)
    return checked.card
