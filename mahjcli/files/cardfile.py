"""Reading the files a user names by option: cards (and the sample card shipped inside
the package) and a director's profiles."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, NamedTuple

from ..core.cards import parse_card
from ..core.errors import CardInvalid, Refused
from ..core.model import Card
from ..core.profiles import built_in, read_profile
from ..core.rulesets import DEFAULT_PROFILE, Tournament
from .lines import Locator
from .reading import read_text
from .sessionfile import toml_problem

SAMPLE = "sample"
"""What `--card` names the sample card by."""

Found = tuple[int | None, str]
"""A problem's line (None when none can be named) and message."""


def _at(name: object, line: int | None, message: str) -> str:
    return f"{name}:{line}: {message}" if line else f"{name}: {message}"


def _document(text: str, what: str) -> tuple[dict[str, Any] | None, Found | None]:
    """The TOML document in `text`, or its problem (too deep to be `what`)."""
    try:
        return tomllib.loads(text), None
    except tomllib.TOMLDecodeError as exc:
        bad = toml_problem(exc, text)
        return None, (bad.where.line if bad.where else None, bad.message)
    except RecursionError:
        return None, (None, f"values are nested too deeply to be {what}")


class CardCheck(NamedTuple):
    """A card file as checked: its name, the card when valid, each problem with its line."""

    name: str
    card: Card | None
    problems: tuple[Found, ...]

    def described(self) -> list[str]:
        """Each problem as `file:line: message`."""
        return [_at(self.name, line, message) for line, message in self.problems]


def check_card(spec: str) -> CardCheck:
    """Read and check a card file (or the sample card for `sample`), listing every
    problem; CardInvalid only when there is no text to check."""
    if spec == SAMPLE:
        from importlib.resources import files

        text = (files("mahjcli") / "data" / "sample_card.toml").read_text(encoding="utf-8")
        name = "the sample card"
    else:
        text = read_text(Path(spec), "card file", "a card file or --card sample", CardInvalid, True)
        name = str(spec)
    doc, bad = _document(text, "a card")
    if doc is None:
        return CardCheck(name, None, (bad,) if bad else ())
    card, problems = parse_card(doc)
    locator = Locator(text)
    return CardCheck(name, card, tuple((locator.line(p.where), p.message) for p in problems))


def load_card(spec: str) -> Card:
    """A card from a file, or the sample card for `sample`; CardInvalid names the first
    problem (`mahj check --card FILE` lists them all)."""
    checked = check_card(spec)
    if checked.card is None:
        first, more = checked.described()[0], len(checked.problems) - 1
        if more:
            first += f" (and {more} more: `mahj check --card {spec}` lists them)"
        raise CardInvalid(first)
    return checked.card


def load_profile(spec: str) -> Tournament:
    """The profile `--profile NAME|FILE` names: one mahj knows by name, else a profile
    file; Refused with the file's line when it cannot be used."""
    known = built_in(spec)
    if known is not None:
        return known
    path = Path(spec)
    if path.suffix.lower() != ".toml" and not path.exists():
        raise Refused(
            f"--profile: no profile called {spec!r} (mahj knows {DEFAULT_PROFILE}); a "
            "director's profile is a .toml file: see docs/profile-template.toml"
        )
    text = read_text(path, "profile file", "a profile file", Refused)
    doc, bad = _document(text, "a profile")
    if doc is None:
        raise Refused(_at(path, *bad) if bad else str(path))
    rules, problems = read_profile(doc)
    if rules is None:
        key, message = problems[0]
        raise Refused(_at(path, Locator(text).top(key), message))
    return rules
