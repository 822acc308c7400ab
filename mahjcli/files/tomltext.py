"""TOML text as the user wrote it: where a top-level `log = [...]` and its elements are,
where tables start, where each `key = value` of a table is and where comments are
(strings skipped as TOML reads them), so an edit changes only what it must; and tomllib's
complaints about a hand-edited file in mahj's words.
"""

from __future__ import annotations

import difflib
import re
from typing import NamedTuple

LEAD = r"[ \t\ufeff]*"
"""What may stand before a line's key or header: blanks, or the first line's byte-order mark."""
_HEADER = re.compile(LEAD + r"\[")
LOG_HEADER = re.compile(LEAD + r"\[\[[ \t]*(log|\"log\"|'log')[ \t]*\]\]")
_NAME = r"(?:{0}|\"{0}\"|'{0}')"
_KEY = LEAD + _NAME + r"[ \t]*=[ \t]*"
_STATEMENT = re.compile(LEAD + r"""("[^"\\\n]*"|'[^'\n]*'|[A-Za-z0-9_-]+)[ \t]*=[ \t]*""")


class InlineArray(NamedTuple):
    """Where a top-level `key = [...]` is in the text."""

    start: int
    """Where the statement starts (the key)."""
    open: int
    """The position of `[`."""
    close: int
    """The position of the closing `]`."""
    items: tuple[tuple[int, int], ...]
    """Each element's span (start, end) at the array's own level."""


class Statement(NamedTuple):
    """Where one `key = value` of a table is in the text."""

    key: str
    """The key as TOML reads it (without quotes)."""
    start: int
    """Where its line starts."""
    value: int
    """Where its value starts."""
    end: int
    """Just after its last line (a value written over several lines: all of them)."""


def table_headers(text: str) -> list[int]:
    """The offset of every line that starts a table (`[x]` or `[[x]]`), outside strings."""
    found: list[int] = []
    for line_start, in_string in _line_starts(text):
        if not in_string and _HEADER.match(text, line_start):
            found.append(line_start)
    return found


def array_tables(text: str, section: str) -> list[tuple[int, int]]:
    """Each `[[section]]` table in the text: its header's offset and the next header's (or
    the end of the text)."""
    header = re.compile(r"[ \t]*\[\[[ \t]*" + _NAME.format(re.escape(section)) + r"[ \t]*\]\]")
    headers = table_headers(text)
    ends = [*headers[1:], len(text)]
    return [(at, end) for at, end in zip(headers, ends, strict=False) if header.match(text, at)]


def statements(text: str) -> list[Statement]:
    """Each `key = value` of a table's text (from its header to the next header), in order;
    a dotted key (`a.b = 1`) is none."""
    outside = [at for at, inside in _line_starts(text) if not inside]
    found = []
    for at, end in zip(outside, [*outside[1:], len(text)], strict=True):
        if m := _STATEMENT.match(text, at):
            key = m.group(1)
            found.append(Statement(key[1:-1] if key[0] in "\"'" else key, at, m.end(), end))
    return found


def comments(text: str) -> list[int]:
    """Where each comment in the text starts (a # inside a string starts none)."""
    found: list[int] = []
    i = 0
    while i < len(text):
        if text[i] == "#":
            found.append(i)
            i = end_of_comment(text, i)
        elif text[i] in "\"'":
            i = end_of_string(text, i)
        else:
            i += 1
    return found


def rewritten(stmt: str, lines: list[str], nl: str) -> str:
    """A statement's text written again as `lines` (none: taken out), keeping its comments:
    one after the value on its first line stays there, any other goes on a line of its own
    above it."""
    indent = stmt[: len(stmt) - len(stmt.lstrip(" \t"))]
    found = comments(stmt)
    notes = [stmt[c : end_of_comment(stmt, c)].rstrip("\r") for c in found]
    new = [indent + line for line in lines]
    first = stmt.find("\n")
    if new and found and (first == -1 or found[0] < first):
        new[0] += "  " + notes.pop(0)
    out = [indent + note for note in notes] + new
    return nl.join(out) + (nl if out and stmt.endswith("\n") else "")


def _line_starts(text: str) -> list[tuple[int, bool]]:
    """Each line's offset, and whether it starts inside a value (a multi-line string, or
    an array or inline table left open on an earlier line)."""
    starts = [(0, False)]
    i, n = 0, len(text)
    depth = 0
    while i < n:
        ch = text[i]
        if ch == "\n":
            starts.append((i + 1, depth > 0))
            i += 1
        elif ch == "#":
            i = end_of_comment(text, i)
        elif ch in "\"'":
            end = end_of_string(text, i)
            starts.extend((k + 1, True) for k in range(i, min(end, n)) if text[k] == "\n")
            i = end
        elif depth == 0 and ch == "[" and _HEADER.fullmatch(text, starts[-1][0], i + 1):
            i = end_of_comment(text, i)  # a table header: its brackets open no value
        else:
            depth += 1 if ch in "[{" else -1 if ch in "]}" else 0
            depth = max(depth, 0)
            i += 1
    return starts


def end_of_comment(text: str, i: int) -> int:
    end = text.find("\n", i)
    return len(text) if end == -1 else end


def end_of_string(text: str, i: int) -> int:
    """The position just after the string that starts at `i`."""
    quote = text[i]
    if text.startswith(quote * 3, i):
        j = i + 3
        while True:
            k = text.find(quote * 3, j)
            if k == -1:
                return len(text)
            if quote == '"' and _escaped(text, k):
                j = k + 1
                continue
            while text.startswith(quote, k + 3):  # up to two quotes may end the content
                k += 1
            return k + 3
    j = i + 1
    while j < len(text):
        ch = text[j]
        if ch == "\\" and quote == '"':
            j += 2
            continue
        if ch == quote or ch == "\n":
            return j + 1
        j += 1
    return len(text)


def _escaped(text: str, k: int) -> bool:
    backslashes = 0
    while k - backslashes - 1 >= 0 and text[k - backslashes - 1] == "\\":
        backslashes += 1
    return backslashes % 2 == 1


def inline_array(text: str, key: str) -> InlineArray | None:
    """The top-level `key = [...]` statement, when the key is written that way."""
    pattern = re.compile(r"^" + _KEY.format(re.escape(key)) + r"\[", re.MULTILINE)
    if pattern.search(text) is None:  # nowhere, so not at the top level either
        return None
    starts = _line_starts(text)
    headers = [at for at, inside in starts if not inside and _HEADER.match(text, at)]
    limit = headers[0] if headers else len(text)
    plain = {at for at, inside in starts if not inside}
    for m in pattern.finditer(text, 0, limit):
        if m.start() in plain:
            return _scan_array(text, m.start(), m.end() - 1)
    return None


def array_at(text: str, open_at: int) -> InlineArray | None:
    """The array whose `[` is at `open_at` (say, a statement's value), when it is closed."""
    return _scan_array(text, open_at, open_at)


def without_last(text: str, array: InlineArray) -> str:
    """The text without the last element of an array that has one, and its comma; what else
    is on its line (a comment) stays."""
    start, end = array.items[-1]
    after = text[end:]
    rest = after.lstrip(" \t").removeprefix(",").lstrip(" \t")
    return text[:start] + rest


def _scan_array(text: str, start: int, open_at: int) -> InlineArray | None:
    """The array whose `[` is at `open_at`: its closing bracket and its elements."""
    depth = 0
    i = open_at
    items: list[tuple[int, int]] = []
    item_start: int | None = None
    last_end = open_at + 1
    while i < len(text):
        ch = text[i]
        if ch in " \t\r\n":
            i += 1
            continue
        if ch == "#":
            i = end_of_comment(text, i)
            continue
        if ch in "\"'":
            if depth == 1 and item_start is None:
                item_start = i
            i = end_of_string(text, i)
            last_end = i
            continue
        if ch in "[{":
            depth += 1
            if depth == 2 and item_start is None:
                item_start = i
            elif depth == 1:
                i += 1
                continue
        elif ch in "]}":
            depth -= 1
            if depth == 0:
                if item_start is not None:
                    items.append((item_start, last_end))
                return InlineArray(start, open_at, i, tuple(items))
        elif ch == "," and depth == 1:
            if item_start is not None:
                items.append((item_start, last_end))
            item_start = None
            i += 1
            continue
        elif depth == 1 and item_start is None:
            item_start = i
        i += 1
        last_end = i
    return None


# ---- what tomllib says about a hand-edited file, in mahj's words ----------------------

CURLY = "“”„‟‘’‚‛«»"
NUMBERS = {"value", "points", "exposures", "table", "tables", "round", "rounds", "minutes"}
"""The keys of a night or an event that hold a whole number (`value = thirty` is a slip)."""
"""Quotes a word processor types in place of the straight ones TOML reads."""
TRUE_WORDS = frozenset({"yes", "y", "on", "true", "t"})
FALSE_WORDS = frozenset({"no", "n", "off", "false", "f"})
ONE_STATEMENT = "write one `key = value` a line, with text in double quotes"

_KEY_VALUE = re.compile(r"^\s*([\w.\"'-]+)\s*=\s*(.*?)\s*$")
_HEADER_WORDS = re.compile(r"^\s*(\[\[?)\s*([^\]]*?)\s*\]")
_NAMESPACE = re.compile(r"\('([^']*)',?\)")
_BARE_WORD = re.compile(r"^[^\W\d][\w .'-]*$")


def explain(message: str, line: str | None, column: int | None = None) -> str:
    """tomllib's `message` (without its position) about the text of its `line` (at
    `column`, from 1), as a sentence that says what to write instead; the message as it is
    when none fits."""
    text = line if line is not None else ""
    key_value = _KEY_VALUE.match(text)
    header = _HEADER_WORDS.match(text)
    if "{" in text and column is not None and (said := _in_braces(message, text, column)):
        return said
    if key_value and key_value.group(1) == "date":
        bare = key_value.group(2).split("#", 1)[0].strip()
        if re.fullmatch(r"[0-9][0-9/.-]*[0-9]", bare):
            real = "" if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", bare) is None else (
                "that day is not on the calendar; ")  # fmt: skip
            return f"date = {bare}: {real}write it year-month-day, like date = 2026-12-06"
    if message == "Invalid value" and key_value:
        return _value(*key_value.groups())
    if message == "Cannot overwrite a value":
        if key_value and not header:
            key = key_value.group(1)
            return f"{key} is given twice in one table; keep one of them"
        if header:
            return (
                f"{header.group(1)}{header.group(2)}{']' * len(header.group(1))} repeats a name "
                "given a value above; a night's log is written as [[log]] tables only"
            )
    if named := _NAMESPACE.search(message):
        name = named.group(1)
        if message.startswith("Cannot declare") and name == "log":
            return (
                "[log] has single brackets: each entry of the log is a [[log]] table of its "
                "own, with double brackets"
            )
        if message.startswith("Cannot declare"):
            return f"[{name}] appears twice; put all of its keys under one [{name}]"
        if message.startswith("Cannot mutate"):
            return (
                f"{name} is given as a value above (`{name} = [...]`), so it cannot also "
                f"have [[{name}]] tables; write it one way"
            )
    unclosed = message.startswith("Illegal character '\\n'") or message.startswith('Expected "')
    if unclosed and any(q in text for q in "\"'"):
        return "a text in quotes is not closed on its line; end it with the same quote"
    if message.startswith("Expected '=' after a key"):
        return f"`{text.strip()}` is not `key = value`; {ONE_STATEMENT} (a comment starts with #)"
    if message == "Unclosed array":
        return "a list opened with [ is not closed with ]"
    if message.startswith("Expected newline or end of document after a statement"):
        return f"something follows the value on this line; {ONE_STATEMENT}"
    if message.startswith("Expected ']]'"):
        return "a [[table]] header ends with two brackets, like [[log]]"
    return message


_LAST_KEY = re.compile(r"(\"[^\"]*\"|'[^']*'|[\w-]+)\s*=\s*([^,{}]*)$")


def _in_braces(message: str, text: str, column: int) -> str | None:
    """What is wrong between the { and } of a line (a card's game, a row of totals), at
    `column`: an unclosed quote, a comment, a name needing quotes, a value TOML cannot
    read, a missing comma, a comma before the }, or no closing }."""
    before, after = text[: column - 1], text[column - 1 :]
    if re.sub(r"\\.", "", text).count('"') % 2:  # one quote too few (escaped ones aside)
        return "a text in quotes is not closed on its line; end it with the same quote"
    if after.lstrip().startswith("#") or ("#" in after and "}" in after.split("#", 1)[1]):
        return "a comment (#) cannot go between { and }; put it after the closing }"
    if not after.strip() or after.lstrip().startswith("]"):
        return "the { on this line is not closed with }; end it with } before the line ends"
    if after.lstrip().startswith("}") and before.rstrip().endswith(","):
        return "a comma just before the closing } is not allowed; take it out"
    if after[:1].isalpha() and not after[:1].isascii():
        name = re.findall(r"[\w-]*$", before)[0] + re.split(r"[\s=,}]", after, maxsplit=1)[0]
        return f'{name}: a name with letters beyond A to Z goes in double quotes: "{name}" = ...'
    last = _LAST_KEY.search(before)
    if last is None:
        return None
    key = last.group(1)
    if message == "Invalid value":
        return _value(key, re.split(r"\s*[,}]", after, maxsplit=1)[0])
    if message == "Unclosed inline table":
        written = last.group(2).strip()
        rest = re.split(r"\s*[,}]", after, maxsplit=1)[0].strip()
        if "=" not in rest:  # more of the value: a space or words inside it
            glue = "" if after[:1] != " " and not before.endswith(" ") else " "
            return _value(key, f"{written}{glue}{rest}")
        return f"a comma is missing before `{rest}`: write `{key} = {written}, {rest}`"
    return None


def _value(key: str, value: str) -> str:
    """Why `key = value` holds no value TOML reads, and how to write it."""
    bare = value.split(" #", 1)[0].strip()
    if not bare:
        return f'{key} has nothing after its = sign; give it a value, like {key} = "..."'
    if any(q in bare for q in CURLY):
        inner = bare.strip(CURLY + "\"' ")
        straight = f'"{inner}"'  # a list: each of its quotes made straight
        if bare.startswith("["):  # “Pat O’Brien”, “Chris’”: the apostrophes stay
            doubled = re.search("[“”„‟«»]", bare)
            straight = re.sub("[“”„‟«»]" if doubled else r"(?<!\w)[‘’‚‛]|[‘’‚‛](?!\w)", '"', bare)
        return (
            f"{key} = {bare} has curly quotes (a word processor's); TOML reads straight "
            f"ones: {key} = {straight}"
        )
    if bare.casefold() in TRUE_WORDS:
        return f"{key} = {bare}: write true or false, in lower case: {key} = true"
    if bare.casefold() in FALSE_WORDS:
        return f"{key} = {bare}: write true or false, in lower case: {key} = false"
    if _BARE_WORD.match(bare):
        meant = difflib.get_close_matches(bare.casefold(), ("true", "false"), 1, 0.7)
        if meant:  # `ture`, `flase`: most likely a true or false, but it may be a name
            return (
                f"{key} = {bare}: write true or false, in lower case ({key} = {meant[0]}); "
                f'text goes in double quotes ({key} = "{bare}")'
            )
        if key in NUMBERS:
            return f"{key} = {bare}: {key} is a whole number, written in digits"
        return f'{key} = {bare}: text goes in double quotes: {key} = "{bare}"'
    return (
        f"{key} = {bare} is not a value TOML reads: text goes in double quotes, a number "
        "in digits, true and false in lower case"
    )
