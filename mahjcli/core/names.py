"""Names typed by people: what may be one, the key two spellings share, and finding the
one the user meant among the names of a night or a card."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

MAX_NAME_LENGTH = 40


class UnknownName(LookupError):
    """A typed name that matches nobody, or more than one, in a list of names."""


def fold_name(name: str) -> str:
    """The key two spellings of one name share: case-insensitive, Unicode-normalised,
    a run of spaces read as one (two spaces look like one on every screen), without the
    joiners that may sit between letters (`Su\\u200de` looks like `Sue`).

    >>> fold_name("RUTH") == fold_name("ruth"), fold_name("Mary  Ann") == fold_name("mary ann")
    (True, True)
    """
    plain = unicodedata.normalize("NFC", name).replace("\u200c", "").replace("\u200d", "")
    return " ".join(plain.split()).casefold().replace("i\u0307", "i")  # İpek is ipek


SHOWN_LIMIT = 80
"""What a message shows of a typed text at most (a name, a value): a 10,000-character
name is cut, so the line that refuses it still fits a screen."""


def typed_back(*names: str) -> str:
    """Names as a command line takes them back, for a command mahj suggests: as they are
    when made of letters and digits (`José`), else in double quotes, which every shell
    and Windows' `cmd` read alike (single quotes only where a `$`, a `"`... needs them);
    after `--` when one starts with `-` (else it reads as an option).

    >>> typed_back("José", "Mary Lou"), typed_back("Zoë O'Brien"), typed_back("-2")
    ('José "Mary Lou"', '"Zoë O\\'Brien"', '-- -2')
    >>> typed_back("C:\\\\Nights\\\\Thu night.toml"), typed_back("$5 night")
    ('"C:\\\\Nights\\\\Thu night.toml"', "'$5 night'")
    """
    import shlex

    def one(name: str) -> str:
        if name and all(ch.isalnum() or ch in "._-+@/:,=" for ch in name):
            return name
        plain = not any(ch in name for ch in '"$`!%') and "\\\\" not in name + "\\"
        return f'"{name}"' if plain else shlex.quote(name)  # `C:\Users\Mary Lou` too

    words = " ".join(map(one, names))
    return f"-- {words}" if any(name.startswith("-") for name in names) else words


def typed_value(value: str) -> str:
    """A name (or a path) as an option's value, for a command mahj suggests: quoted as by
    `typed_back`, never after `--` (`--penalty -x` is read as it stands).

    >>> typed_value("-x"), typed_value("Mary Lou")
    ('-x', '"Mary Lou"')
    """
    return typed_back(value).removeprefix("-- ")


def quoted(text: str) -> str:
    r"""`text` in quotes as a message shows it: as typed, but for what a terminal would not
    show as itself (`visible`), and cut to SHOWN_LIMIT characters with `…`.

    >>> print(quoted("Sue"), quoted("back\\slash"), quoted("O'Brien"), quoted("👩\u200d🦳"))
    'Sue' 'back\slash' "O'Brien" '👩‍🦳'
    >>> quoted("x" * 100) == repr("x" * 80 + "…")
    True
    """
    cut = text if len(text) <= SHOWN_LIMIT else text[:SHOWN_LIMIT] + "…"
    mark = '"' if "'" in cut and '"' not in cut else "'"
    return f"{mark}{visible(cut)}{mark}"


WORD_LIMIT = 200
"""The longest run of characters without a space an error line shows whole (longer than
any file name mahj prints in a message; a typed value that long is cut)."""


def shortened(message: str) -> str:
    """A message with every run of more than WORD_LIMIT characters without a space cut
    to SHOWN_LIMIT characters and `…` (keeping the quote or the punctuation it ended with).

    >>> shortened("no player called '" + "x" * 300 + "';") == (
    ...     "no player called '" + "x" * 79 + "…';")
    True
    """
    import re

    def cut(match: re.Match[str]) -> str:
        word = match.group()
        end = re.search(r"[\'\")\]:;,.?!]*$", word)
        tail = end.group() if end else ""
        return word[:SHOWN_LIMIT] + "…" + tail

    return re.sub(rf"\S{{{WORD_LIMIT + 1},}}", cut, message)


def control_problem(text: str, what: str) -> str | None:
    """Why `text` cannot be kept and shown as it is (it holds a control character, or a
    byte that is not text: a name typed in a terminal set to another encoding), or None.

    >>> control_problem("Sue", "a name") is None
    True
    >>> control_problem("\\x1b[2J", "the reason")
    "the reason '\\\\x1b[2J' contains a control character"
    """
    categories = {unicodedata.category(ch) for i, ch in enumerate(text) if not _joins(text, i)}
    if "Cs" in categories:
        return (
            f"{what} {quoted(text)} holds a byte that is not UTF-8 text (is the terminal set "
            "to another encoding?); type it again"
        )
    if categories & {"Cc", "Cf", "Zl", "Zp"}:  # a zero-width space is no control character
        kind = "a control character" if "Cc" in categories else "an invisible character"
        return f"{what} {quoted(text)} contains {kind}"
    return None


_HIDDEN = ("Cc", "Cf", "Cs", "Zl", "Zp")
"""Unicode categories that a terminal does not show as they are (controls, format
characters, stray surrogates from undecodable file names, line and paragraph breaks)."""


JOINERS = "\u200c\u200d"
"""Zero-width non-joiner and joiner: part of how a word is written (Persian, Hindi) or an
emoji drawn (👩‍🦳) when between two characters, and nothing a terminal acts on."""


def _joins(text: str, i: int) -> bool:
    """Whether text[i] is a joiner between two characters that are not spaces or controls."""
    if text[i] not in JOINERS or not 0 < i < len(text) - 1:
        return False
    return not any(
        ch.isspace() or ch in JOINERS or unicodedata.category(ch) in _HIDDEN
        for ch in (text[i - 1], text[i + 1])
    )


def _escape(ch: str) -> str:
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # a byte of a file name that is not UTF-8
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def visible(text: str) -> str:
    """`text` as it may be shown on a terminal: every control character (and every other
    character a terminal would not show as itself) spelled out as an escape, so a name,
    a reason or a file name can never move the cursor, clear the screen or retitle the
    window. Text without them is returned as it is.

    >>> visible("Sue"), visible("\\x1b[2J"), visible("a\\u202eb")
    ('Sue', '\\\\x1b[2J', 'a\\\\u202eb')
    """
    if text.isprintable():
        return text
    return "".join(
        _escape(ch) if unicodedata.category(ch) in _HIDDEN and not _joins(text, i) else ch
        for i, ch in enumerate(text)
    )


BLANKS = {
    "\u115f": "HANGUL CHOSEONG FILLER",
    "\u1160": "HANGUL JUNGSEONG FILLER",
    "\u3164": "HANGUL FILLER",
    "\uffa0": "HALFWIDTH HANGUL FILLER",
    "\u2800": "BRAILLE PATTERN BLANK",
}
"""Letters and symbols that are drawn as nothing at all: a name holding one would look
like another name, or like no name."""


def _drawn(ch: str) -> bool:
    """Whether a character shows as something (not a space, a mark alone, a blank)."""
    if ch.isspace() or ch in BLANKS:
        return False
    return unicodedata.category(ch) not in ("Mn", "Me", "Cf", "Cc", "Cs", "Zs", "Zl", "Zp")


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name, or None when it can.

    >>> name_problem("[bold]Sue") is None, name_problem("李") is None
    (True, True)
    >>> name_problem("   ")
    'a name cannot be empty'
    >>> name_problem("\\u3164")
    'the name holds U+3164 (HANGUL FILLER), which shows as nothing; type the name without it'
    >>> name_problem("\\u0301\\u0301")
    'the name shows nothing: it is made only of invisible characters'
    """
    if not name.strip():
        return "a name cannot be empty"
    if why := control_problem(name, "the name"):
        return why
    if blank := next((ch for ch in name if ch in BLANKS), None):
        return (
            f"the name holds U+{ord(blank):04X} ({BLANKS[blank]}), which shows as nothing; "
            "type the name without it"
        )
    if not any(_drawn(ch) for ch in name):
        return "the name shows nothing: it is made only of invisible characters"
    if len(name) > MAX_NAME_LENGTH:
        return f"a name can be at most {MAX_NAME_LENGTH} characters: {quoted(name)} has {len(name)}"
    return None


def closest(typed: str, names: Iterable[str], cutoff: float = 0.5) -> str | None:
    """The name most like `typed`, if any is close enough (`cutoff`) to suggest: the
    one name a single slip away (`one_edit`), else the likest by shared letters.

    >>> closest("Lnda", ["Ruth", "Linda"]), closest("Nroa", ["Nora", "Rosa"])
    ('Linda', 'Nora')
    """
    import difflib

    names = list(names)
    if (slip := one_edit_from(typed.strip(), names)) is not None:
        return slip
    folded = {fold_name(n): n for n in names}
    close = difflib.get_close_matches(fold_name(typed.strip()), list(folded), n=1, cutoff=cutoff)
    return folded[close[0]] if close else None


def one_edit(a: str, b: str) -> bool:
    """True when `b` is `a` with one letter added, left out, changed, or two neighbours
    swapped (case and accents aside): a slip, never the same word nor `x` for `李`.

    >>> one_edit("jokerles", "jokerless"), one_edit("Jsoe", "José"), one_edit("Ida", "Linda")
    (True, True, False)
    """
    a, b = unaccented(fold_name(a)), unaccented(fold_name(b))
    if a == b or abs(len(a) - len(b)) > 1 or max(len(a), len(b)) < 2:
        return False
    start = 0
    while start < min(len(a), len(b)) and a[start] == b[start]:
        start += 1
    rest_a, rest_b = a[start:], b[start:]
    if len(a) == len(b):
        swapped = len(rest_a) >= 2 and rest_a[:2] == rest_b[1::-1]
        return rest_a[1:] == rest_b[1:] or (swapped and rest_a[2:] == rest_b[2:])
    return (rest_a[1:] == rest_b) if len(a) > len(b) else (rest_a == rest_b[1:])


def slips(typed: str, names: Iterable[str]) -> list[str]:
    """The names in `names` that `typed` is the same word as in other capitals, else
    those it is one slip away from (`one_edit`).

    >>> slips("Cards", ["card", "cards"]), slips("cardz", ["card", "cards"])
    (['cards'], ['card', 'cards'])
    """
    names = list(names)
    key = fold_name(typed)
    return [n for n in names if fold_name(n) == key] or [n for n in names if one_edit(typed, n)]


def one_edit_from(typed: str, names: Iterable[str]) -> str | None:
    """The one name in `names` that `typed` is the same word as in other capitals, or
    one slip away from (`slips`), if exactly one is.

    >>> one_edit_from("jokerles", ["jokerless", "dead"]), one_edit_from("Ida", ["Linda"])
    ('jokerless', None)
    >>> one_edit_from("Jokerless", ["jokerless", "dead"])
    'jokerless'
    """
    found = slips(typed, names)
    return found[0] if len(found) == 1 else None


def meant_key(key: str, known: Iterable[str]) -> str:
    """`; did you mean `seed`?` (or `card` or `cards`) for a key written in other
    capitals or one slip away from a known one, else "": such a key is a problem, never
    a note, since what it holds would be left out without a word."""
    found = slips(key, known)
    return f"; did you mean {' or '.join(f'`{k}`' for k in found)}?" if found else ""


def unaccented(text: str) -> str:
    """`text` without its accents: the marks written over Latin, Greek and Cyrillic
    letters, which a keyboard may lack; a mark that makes another letter in its script
    stays (ジュン is not シュン).

    >>> unaccented("josé zoë"), unaccented("李"), unaccented("ジュン") == "シュン"
    ('jose zoe', '李', False)
    """
    plain = (ch for ch in unicodedata.normalize("NFD", text) if not "\u0300" <= ch <= "\u036f")
    return unicodedata.normalize("NFC", "".join(plain))


def accent_twin(name: str, names: Iterable[str]) -> str | None:
    """The name of `names` that `name` differs from only by accents (`Zoe` and `Zoë`).

    >>> accent_twin("Zoe", ["Ann", "Zoë"]), accent_twin("zoë", ["Zoë"])
    ('Zoë', None)
    """
    key = fold_name(name)
    bare = unaccented(key)
    return next(
        (n for n in names if fold_name(n) != key and unaccented(fold_name(n)) == bare), None
    )


def twin_refusal(name: str, twin: str) -> str:
    """Why a new player cannot be called `name` beside `twin`."""
    return (
        f"{quoted(twin)} and {quoted(name)} differ only by accents, and a name typed without "
        "them could be either; give each player a different name (add an initial)"
    )


def resolve(typed: str, names: Iterable[str], what: str = "player") -> str:
    """The name in `names` that `typed` means: same letters ignoring case (or without
    accents, when only one name has them), else a unique beginning (as typed, else without
    accents). Raises UnknownName with a suggestion otherwise.

    >>> resolve("ruth", ["Ruth", "Linda"])
    'Ruth'
    >>> resolve("Li", ["Ruth", "Linda"]), resolve("jose", ["José", "Bev"])
    ('Linda', 'José')
    """
    names = list(names)
    key = fold_name(typed.strip())
    if not key:
        raise UnknownName(f"a {what} name cannot be empty")
    exact = [n for n in names if fold_name(n) == key]
    bare = unaccented(key)  # `jose` for José, typed on a keyboard without accents
    plain = [n for n in names if unaccented(fold_name(n)) == bare]
    if exact or len(plain) == 1:
        return (exact or plain)[0]
    if plain:  # `zoe`: Zoë or Zoé? Never the start of a third name
        raise UnknownName(f"{quoted(typed)} could be {a_few(plain)}; type it with its accents")
    starts = [n for n in names if fold_name(n).startswith(key)] or [
        n for n in names if unaccented(fold_name(n)).startswith(bare)
    ]
    if len(starts) == 1:
        return starts[0]
    if len(starts) > 1:
        raise UnknownName(
            f"{quoted(typed)} could be {a_few(starts)}; type more of the {what}'s name"
        )
    near = closest(typed, names)
    hint = f"; did you mean {quoted(near)}?" if near else ""
    if hint or not names:
        known = ""
    elif len(names) <= MOST_LISTED:
        known = f" (known: {listing(names)})"
    else:  # a big event: a check of the spelling, not a wall of names
        known = f" (the {len(names)} {what}s have no name like it)"
    raise UnknownName(f"no {what} called {quoted(typed)}{hint}{known}")


MOST_LISTED = 12
"""The most names a message lists: a table's or a night's players, not a big event's."""


def a_few(items: list[str]) -> str:
    """`either(items)`, or, for more than `MOST_LISTED`, the first few by name and how many more.

    >>> a_few(["Linda", "Lisa"])
    "'Linda' or 'Lisa'"
    >>> a_few([f"P{n:02d}" for n in range(20, 0, -1)])
    "'P01', 'P02', 'P03', 'P04', 'P05', 'P06', 'P07', 'P08', 'P09', 'P10', 'P11', 'P12' or 8 more"
    """
    if len(items) <= MOST_LISTED:
        return either(items)
    first = sorted(items, key=fold_name)[:MOST_LISTED]
    return ", ".join(map(quoted, first)) + f" or {len(items) - MOST_LISTED} more"


def either(items: list[str]) -> str:
    """`'A' or 'B'`, `'A', 'B' or 'C'` (`either(["Linda", "Lisa"])`: `'Linda' or 'Lisa'`)."""
    said = [quoted(i) for i in items]
    return ", ".join(said[:-1]) + " or " + said[-1]


def join_names(names: Iterable[str]) -> str:
    """`A`, `A and B`, `A, B and C`; `A; B and C` when a name has a comma (`Smith, Jane`).

    >>> join_names(["Ruth", "Linda", "Kathy"]), join_names(["Smith, Jane", "Eve", "Dee"])
    ('Ruth, Linda and Kathy', 'Smith, Jane; Eve and Dee')
    """
    return listing(names, "and")


def listing(names: Iterable[str], last: str = "") -> str:
    """`A, B, C` (`A, B and C` with `last` "and"), or `A; B; C` when a name has a comma in
    it (registered last name first): no list seems to hold one name more."""
    names = list(names)
    sep = "; " if any("," in name for name in names) else ", "
    return f"{sep.join(names[:-1])} {last} {names[-1]}" if last and names[1:] else sep.join(names)
