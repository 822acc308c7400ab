"""Reading card files (and the sample card shipped inside the package)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import NamedTuple

from ..core.cards import parse_card
from ..core.errors import CardInvalid
from ..core.model import Card
from .lines import Locator
from .sessionfile import toml_problem

SAMPLE = "sample"
"""What `--card` names the sample card by."""


def sample_card_text() -> str:
    """The text of the sample card shipped inside the package."""
    from importlib.resources import files

    return (files("mahjcli") / "data" / "sample_card.toml").read_text(encoding="utf-8")


def _card_text(path: Path) -> str:
    """A card file's text (a regular file of at most CARD_LIMIT bytes, UTF-8)."""
    from .reading import CARD_LIMIT, Unreadable, read_regular

    try:
        data = read_regular(path, CARD_LIMIT)
    except FileNotFoundError:
        raise CardInvalid(f"no card file at {path}; give a card file or --card sample") from None
    except IsADirectoryError:
        raise CardInvalid(f"{path} is a folder; give a card file or --card sample") from None
    except Unreadable as exc:
        raise CardInvalid(f"cannot read the card file {path}: {exc}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CardInvalid(
            f"cannot read the card file {path}: it is not UTF-8 text (byte {exc.start}); "
            "save it as UTF-8 in your editor"
        ) from None


class CardCheck(NamedTuple):
    """A card file as checked: what it is called in messages, the card when it is valid,
    and each problem with its line (None when no line can be named)."""

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
        text, name = _card_text(Path(spec)), str(spec)
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
