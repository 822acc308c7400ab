"""How a refusal names what the scorekeeper gave, in each shell's words: on the command
line the option (`VALUE`, `--line`), on the phone page the field as the page labels it
(the hand's value, the card line). A message names a field with `field("value")`; the
shell that shows it fills in its own words (`in_words`), so every message is written once.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

Shell = Literal["terminal", "page"]
MARK = "\x1f"
"""Brackets a field's name in a message; a control character, so never part of a name,
a card line or a reason (each refuses them)."""


class Field(NamedTuple):
    """One thing a game is given, as each shell names it."""

    terminal: str
    page: str


FIELDS: dict[str, Field] = {
    "value": Field("VALUE", "the hand's value"),
    "line": Field("--line NAME", "the card line"),
    "thrown_by": Field("--thrown-by NAME", "who threw it"),
    "self_pick": Field("--self-pick", "self-picked"),
    "exposures": Field("--exposures", "the exposures"),
    "exposures_n": Field("--exposures N", "the exposures on the winner's rack"),
    "table": Field("--table", "the table"),
    "table_n": Field("--table N", "the table"),
    "dead": Field("--dead", "a dead hand"),
    "bet": Field("--bet", "a bet"),
    "pays_for_table": Field("--pays-for-table", "who pays for the table"),
    "singles_pairs": Field("--singles-pairs", "singles and pairs"),
    "card": Field("--card", "a card (mahj new ... --card)"),
    "games_seen": Field("table_games", "the games the page showed"),
    "new": Field("add --new", "tick “Someone new”"),
    "settle": Field("leave out --settle", "untick “Settles up as they go”"),
    "open_table": Field("`mahj open-table`", "“Open a table”"),
    "before_time": Field(
        "add --before-time", "enter it under “A game that finished before time was called”"
    ),
}
"""Every field a refusal may name, by the name of its form field."""


def field(name: str) -> str:
    """A field named in a message, for the shell to fill in (`in_words`)."""
    if name not in FIELDS:
        raise KeyError(name)
    return f"{MARK}{name}{MARK}"


def either(terminal: str, page: str) -> str:
    """Words that differ between the shells (a command to type, a button to tap).

    >>> in_words("use " + either("mahj fix 3 wall", "Correct game 3"), "page")
    'use Correct game 3'
    """
    return f"{MARK}{BOTH}{terminal}{BOTH}{page}{MARK}"


BOTH = "\x1e"
"""Parts `either` the terminal's words or the page's (a control character too)."""


def in_words(message: str, shell: Shell = "terminal") -> str:
    """The message with every field named as `shell` names it.

    >>> in_words(field("value") + " must be from 1 to 1000", "page")
    "the hand's value must be from 1 to 1000"
    >>> in_words(field("value") + " must be from 1 to 1000")
    'VALUE must be from 1 to 1000'
    """
    if MARK not in message:
        return message
    parts = message.split(MARK)
    return "".join(_part(part, shell) if i % 2 else part for i, part in enumerate(parts))


def _part(part: str, shell: Shell) -> str:
    if part.startswith(BOTH):
        terminal, page = part[1:].split(BOTH, 1)
        return terminal if shell == "terminal" else page
    return getattr(FIELDS[part], shell) if part in FIELDS else part


_RTL = "\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc"
_RTL_RUN = re.compile(f"[{_RTL}](?:[{_RTL}\\s]*[{_RTL}])?")


def isolated_rtl(text: str) -> str:
    """`text` with each run of right-to-left words (an Arabic or Hebrew name) set apart by
    the Unicode isolates, so that a page reads `Bea pays محمد 45`, not `Bea pays 45 محمد`.

    >>> isolated_rtl("Bea pays محمد 45") == "Bea pays \u2068محمد\u2069 45", isolated_rtl("Ann")
    (True, 'Ann')
    """
    return _RTL_RUN.sub(lambda m: f"\u2068{m[0]}\u2069", text)
