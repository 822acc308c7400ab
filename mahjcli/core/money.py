"""Playing for money: a night's stake is so many cents a point (a penny table plays at 1,
a nickel table at 5, a quarter table at 25). Scores stay points; money is only how they
are shown, so the arithmetic (and zero-sum) never changes (RULES.md §5)."""

from __future__ import annotations

import math
import re

from .errors import Refused

MAX_STAKE = 10_000
"""The most a point can be worth: $100, in cents."""

_DOLLARS = re.compile(r"\$?([0-9]{0,6})(?:\.([0-9]{1,2}))?", re.ASCII)
_CENTS = re.compile(r"([0-9]{1,6})(?:c|¢)", re.ASCII)


def _cents(text: str) -> int | None:
    """An amount of money typed as `0.25`, `$0.25`, `.25`, `$5`, `25c` or `25¢`, in cents."""
    cleaned = text.strip().lower()
    if m := _CENTS.fullmatch(cleaned):
        return int(m.group(1))
    m = _DOLLARS.fullmatch(cleaned)
    if m is None or not (m.group(1) or m.group(2)):
        return None
    return int(m.group(1) or "0") * 100 + int((m.group(2) or "0").ljust(2, "0"))


def parse_stake(text: str, what: str = "--stake") -> int:
    """The stake typed, in cents a point.

    >>> parse_stake("0.25"), parse_stake("$.05"), parse_stake("1"), parse_stake("10c")
    (25, 5, 100, 10)
    """
    cents = _cents(text)
    if cents is None or not 1 <= cents <= MAX_STAKE:
        typed = text if len(text) <= 20 else text[:20] + "..."
        raise Refused(
            f"{what} is the money a point is worth, from $0.01 to $100 in whole cents (0.25 "
            f"for a quarter a point), not {typed!r}"
        )
    return cents


def stake_problem(value: object) -> str | None:
    """Why a session file's `stake` (dollars a point, like 0.25) cannot be one, or None.

    >>> stake_problem(0.25) is None, stake_problem(0.255) is None, stake_problem(True) is None
    (True, False, False)
    """
    if not isinstance(value, bool) and isinstance(value, int | float) and abs(value) < 1e9:
        cents = float(value) * 100
        whole = math.isfinite(cents) and abs(cents - round(cents)) < 1e-6
        if whole and 1 <= round(cents) <= MAX_STAKE:
            return None
    return (
        "stake must be the dollars a point is worth, from 0.01 to 100 in whole cents "
        f"(0.25 for a quarter a point), not {value!r}"
    )


def stake_cents(value: int | float) -> int:
    """A valid file stake (dollars a point) in cents."""
    return round(float(value) * 100)


def stake_dollars(cents: int) -> float:
    """The stake as the session file writes it: dollars a point (0.25)."""
    return cents / 100


def points_of(text: str, stake: int, what: str) -> int | None:
    """An amount typed as money (`$5`) turned into points at `stake` cents a point (a
    penny a point when the night has no stake); None when `text` is not money. Refused
    when it is not a whole number of points."""
    if not text.strip().startswith("$"):
        return None
    cents = _cents(text)
    rate = stake or 1
    if cents is None:
        raise Refused(f"{what} must be an amount like $5 or $2.50, not {text!r}")
    if cents % rate:
        raise Refused(
            f"{what} {text.strip()} is not a whole number of points at {money(1, rate)} a "
            "point; give an amount it divides"
        )
    return cents // rate


def money(points: int, stake: int, *, sign: bool = False) -> str:
    """`points` at `stake` cents a point, as people write money.

    >>> money(150, 25), money(-30, 5, sign=True), money(7, 1, sign=True), money(0, 25)
    ('$37.50', '-$1.50', '+$0.07', '$0.00')
    """
    cents = points * stake
    text = f"${abs(cents) // 100:,}.{abs(cents) % 100:02d}"
    if cents < 0:
        return "-" + text
    return ("+" if sign and cents > 0 else "") + text
