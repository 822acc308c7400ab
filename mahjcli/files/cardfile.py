"""Reading card files (and the sample card shipped inside the package)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from ..core.cards import parse_card
from ..core.errors import CardInvalid
from ..core.model import Card
from .lines import Locator

SAMPLE = "sample"
"""What `--card` names the sample card by."""


def sample_card_text() -> str:
    """The text of the sample card shipped inside the package."""
    from importlib.resources import files

    return (files("mahjcli") / "data" / "sample_card.toml").read_text(encoding="utf-8")


def load_card(spec: str) -> Card:
    """A card from a file, or the sample card shipped with mahj for `sample`."""
    if spec == SAMPLE:
        text, name = sample_card_text(), "the sample card"
    else:
        path = Path(spec)
        try:
            text = path.read_text(encoding="utf-8-sig")
        except FileNotFoundError:
            raise CardInvalid(
                f"no card file at {path}; give a card file or --card sample"
            ) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise CardInvalid(f"cannot read the card file {path}: {exc}") from None
        name = str(path)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardInvalid(f"{name}: not valid TOML: {exc}") from None
    card, problems = parse_card(doc)
    if card is None:
        first = problems[0]
        line = Locator(text).line(first.where)
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        at = f"{name}:{line}" if line else name
        raise CardInvalid(f"{at}: {first.message}{more}")
    return card
