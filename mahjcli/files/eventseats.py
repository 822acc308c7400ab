"""Seating rounds again in an event file: every [[seating]] after the rounds kept is
written afresh, and what the director wrote into a round's table (a key of her own, a
comment line) stays with that round."""

from __future__ import annotations

import re
from typing import Any

from .eventfile import SEATING_KEYS
from .eventwrite import block, checked
from .lines import Locator
from .sessionwrite import document, newline_of
from .tomltext import statements

_HEADER = re.compile(r"""^\s*\[\[?\s*[A-Za-z0-9_."' -]+\s*\]\]?\s*(#.*)?$""")


def replace_seatings(text: str, keep: int, seatings: list[dict[str, Any]]) -> str:
    """The text with every [[seating]] after the first `keep` replaced by `seatings`; a
    round seated again keeps its own keys (as written) and comment lines."""
    doc = document(text)
    old = doc.get("seating", [])
    lines = text.splitlines(keepends=True)
    starts = Locator(text).starts("seating")
    nl = newline_of(text)
    own: dict[Any, tuple[dict[str, Any], str, str]] = {}
    for i, start in enumerate(starts[keep:], keep):
        body = "".join(lines[start : _span(lines, start)])
        notes = [line for line in body.splitlines(keepends=True)[1:] if line.lstrip()[:1] == "#"]
        mine = [body[s.start : s.end] for s in statements(body) if s.key not in SEATING_KEYS]
        kept = "".join(line if line.endswith("\n") else line + nl for line in notes + mine)
        header = _HEADER.match(lines[start])
        note = header[1] if header and header[1] else ""
        if i < len(old) and (kept or note):
            own[old[i].get("round")] = (
                {k: v for k, v in old[i].items() if k not in SEATING_KEYS},
                kept,
                note,
            )
    for start in reversed(starts[keep:]):
        end = _span(lines, start)
        while start > 0 and not lines[start - 1].strip():
            start -= 1
        del lines[start:end]
    rest = "".join(lines)
    if rest and not rest.endswith("\n"):
        rest += nl
    ours = {s["round"]: own.get(s["round"], ({}, "", "")) for s in seatings}
    written = [
        _noted(block("seating", s), ours[s["round"]][2]).replace("\n", nl) + ours[s["round"]][1]
        for s in seatings
    ]
    expected = {**doc, "seating": [*old[:keep], *({**s, **ours[s["round"]][0]} for s in seatings)]}
    if not expected["seating"]:
        del expected["seating"]
    how = "Write seating as [[seating]] tables (the way mahj does)"
    return checked(rest + "".join(nl + w for w in written), expected, "seat the rounds again", how)


def _noted(written: str, note: str) -> str:
    """A table's text with the comment the director wrote on its header line."""
    if not note:
        return written
    header, rest = written.split("\n", 1)
    return f"{header}  {note}\n{rest}"


def _span(lines: list[str], start: int) -> int:
    """The line after the table that starts at `start` (the blank lines and comments above the
    next header belong to it)."""
    end = start + 1
    while end < len(lines) and not _HEADER.match(lines[end]):
        end += 1
    while end > start + 1 and lines[end - 1].lstrip()[:1] in ("", "#"):
        end -= 1
    return end
