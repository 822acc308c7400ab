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


def load_card(spec: str) -> Card:
    """A card from a file, or the sample card shipped with mahj for `sample`."""
    if spec == SAMPLE:
        text, name = sample_card_text(), "the sample card"
    else:
        text = _card_text(Path(spec))
        name = str(spec)
    try:
        card, problems = parse_card(tomllib.loads(text))
    except tomllib.TOMLDecodeError as exc:
        raise CardInvalid(f"{name}: not valid TOML: {exc}") from None
    except RecursionError:
        raise CardInvalid(f"{name}: values are nested too deeply to be a card") from None
    if card is None:
        first = problems[0]
        line = Locator(text).line(first.where)
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        at = f"{name}:{line}" if line else name
        raise CardInvalid(f"{at}: {first.message}{more}")
    return card
