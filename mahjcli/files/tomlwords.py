"""What tomllib says about a hand-edited file, in mahj's words: what is wrong on the line
and what to write instead (`Invalid value` for `jokerless = yes` becomes "write true or
false, in lower case: jokerless = true")."""

from __future__ import annotations

import re

CURLY = "“”„‟‘’‚‛«»"
"""Quotes a word processor types in place of the straight ones TOML reads."""
TRUE_WORDS = frozenset({"yes", "y", "on", "true", "t"})
FALSE_WORDS = frozenset({"no", "n", "off", "false", "f"})
ONE_STATEMENT = "write one `key = value` a line, with text in double quotes"

_KEY_VALUE = re.compile(r"^\s*([\w.\"'-]+)\s*=\s*(.*?)\s*$")
_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]*?)\s*\]")
_NAMESPACE = re.compile(r"\('([^']*)',?\)")
_BARE_WORD = re.compile(r"^[^\W\d][\w .'-]*$")


def explain(message: str, line: str | None) -> str:
    """tomllib's `message` (without its position) about the text of its `line`, as a
    sentence that says what to write instead; the message as it is when none fits."""
    text = line if line is not None else ""
    key_value = _KEY_VALUE.match(text)
    header = _HEADER.match(text)
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


def _value(key: str, value: str) -> str:
    """Why `key = value` holds no value TOML reads, and how to write it."""
    bare = value.split(" #", 1)[0].strip()
    if not bare:
        return f'{key} has nothing after its = sign; give it a value, like {key} = "..."'
    if any(q in bare for q in CURLY):
        inner = bare.strip(CURLY + "\"' ")
        return (
            f"{key} = {bare} has curly quotes (a word processor's); TOML reads straight "
            f'ones: {key} = "{inner}"'
        )
    if bare.casefold() in TRUE_WORDS:
        return f"{key} = {bare}: write true or false, in lower case: {key} = true"
    if bare.casefold() in FALSE_WORDS:
        return f"{key} = {bare}: write true or false, in lower case: {key} = false"
    if _BARE_WORD.match(bare):
        return f'{key} = {bare}: text goes in double quotes: {key} = "{bare}"'
    return (
        f"{key} = {bare} is not a value TOML reads: text goes in double quotes, a number "
        "in digits, true and false in lower case"
    )
