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
from .tomltext import comments, end_of_comment, statements

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
        mahjs = set(_notes(block("seating", old[i]))) if i < len(old) else set()
        kept = _theirs("".join(lines[start : _span(lines, start)]), nl, mahjs)
        header = _HEADER.match(lines[start])
        note = header[1].rstrip("\r") if header and header[1] else ""
        if i < len(old):  # what she wrote is kept, or the check below refuses
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


def _notes(text: str) -> list[str]:
    """The comments in a table's text, each as written (`# table 1`)."""
    return [text[c : end_of_comment(text, c)].rstrip("\r") for c in comments(text)]


def _theirs(body: str, nl: str, mahjs: set[str]) -> str:
    """What the director wrote in a [[seating]] table, in its order: all but the header
    line and mahj's own keys, whose comments (but those mahj writes itself, `mahjs`) stay
    on lines of their own."""
    out, at = [], body.find("\n") + 1
    for stmt in statements(body):
        if stmt.key in SEATING_KEYS and stmt.start >= at:
            out.append(body[at : stmt.start])
            out += [n + nl for n in _notes(body[stmt.start : stmt.end]) if n not in mahjs]
            at = stmt.end
    lines = ("".join(out) + body[at:] if at else "").splitlines(keepends=True)
    while lines and not lines[-1].strip():
        lines.pop()
    while lines and not lines[0].strip():
        lines.pop(0)
    return "".join(line if line.endswith("\n") else line + nl for line in lines)


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
