"""Numbers typed by people: one reader for every number on the command line (a hand's
VALUE, penalty POINTS, --pie, --exposures, --players, --values), so each accepts and
refuses the same spellings.

A number is plain ASCII digits, optionally with spaces around it: `25`. Everything else
is refused with a message that says what was wanted: `2_5` and `1_000` (Python's digit
separators), `+5`, `2.5`, `1e3`, other scripts' digits (`٣`, `２５`) and numbers too long
to be meant (more than nine digits, which are out of every range mahj has).
"""

from __future__ import annotations

import re

from .errors import Refused

MAX_DIGITS = 9
"""Longer numbers are out of every range mahj accepts (and are never converted)."""
_DIGITS = re.compile(r"[0-9]+", flags=re.ASCII)
_NEGATIVE = re.compile(r"-[0-9]+", flags=re.ASCII)


MINUS_CHARS = "\u2212\u2012\u2013\u2014\u2010\u2011\ufe63\uff0d"
MINUS_SIGNS = str.maketrans(dict.fromkeys(MINUS_CHARS, "-"))
"""A minus sign, or a dash a phone or a word processor puts for one (`−10`, `–10`): read as
`-` where a number may be below zero (a round's total)."""


def is_digits(text: str) -> bool:
    """True for a number written as mahj reads numbers: ASCII digits only.

    >>> is_digits("25"), is_digits("2_5"), is_digits("٣"), is_digits("+5")
    (True, False, False, False)
    """
    return _DIGITS.fullmatch(text) is not None


def whole_number(text: str, what: str, low: int, high: int) -> int:
    """A whole number typed in ASCII digits, within [low, high]; Refused otherwise.

    >>> whole_number(" 25 ", "VALUE", 1, 1000)
    25
    >>> whole_number("1_000", "--pie", 1, 1_000_000)
    Traceback (most recent call last):
    ...
    mahjcli.core.errors.Refused: --pie must be a whole number like 25, not '1_000'
    """
    cleaned = text.strip()
    if not is_digits(cleaned):
        if _NEGATIVE.fullmatch(cleaned) and len(cleaned) <= MAX_DIGITS + 1:
            raise Refused(f"{what} must be from {_big(low)} to {_big(high)}, not {cleaned}")
        typed = text if len(text) <= 20 else text[:20] + "..."
        raise Refused(f"{what} must be a whole number like 25, not {typed!r}")
    if len(cleaned.lstrip("0")) > MAX_DIGITS or not low <= int(cleaned) <= high:
        shown = cleaned if len(cleaned) <= 20 else f"a number of {len(cleaned)} digits"
        raise Refused(f"{what} must be from {_big(low)} to {_big(high)}, not {shown}")
    return int(cleaned)


def _big(n: int) -> str:
    """`1000`, `1,000,000`: thousands marked from five digits on."""
    return f"{n:,}" if n >= 10_000 else str(n)
