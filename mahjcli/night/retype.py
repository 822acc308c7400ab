"""A night's entries typed back as the commands that record them: the command that puts
an undone entry back by hand (`mahj redo` when its comment no longer reads), and the
`mahj fix` that takes a fix back."""

from __future__ import annotations

from typing import Any

from ..core.model import Entry
from ..core.names import fold_name, typed_value
from ..files.sessionwrite import entry_to_dict

_COMMANDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "win": ("win", ("winner", "value")),
    "wall": ("wall", ()),
    "incomplete": ("incomplete", ()),
    "error": ("error", ("caller",)),
    "penalty": ("penalty", ("player", "points")),
    "join": ("join", ("player",)),
    "leave": ("leave", ("player",)),
    "open": ("open-table", ()),
    "close": ("close-table", ("table",)),
    "accept": ("scorecard --accept", ()),
}
"""The command that records each kind of entry, and the keys it takes in place."""
GAMES = ("win", "wall", "incomplete", "error")
"""The kinds of game `mahj fix` makes, each typed after the game's number."""
_OPTIONS = {
    "thrown_by": "--thrown-by", "self_pick": "--self-pick", "jokerless": "--jokerless",
    "singles_pairs": "--singles-pairs", "heavenly": "--heavenly", "misnamed": "--misnamed",
    "exposures": "--exposures", "dead": "--dead", "line": "--line", "intact": "--intact",
    "pays_for_table": "--pays-for-table", "reason": "--reason", "east": "--east",
    "pays": "--settle", "paid_by": "--settle", "square": "--settle",
}  # fmt: skip
"""The option each key of an entry is typed as (a leaver's payments: `--settle`)."""


def fix_back(game: int, entry: Entry) -> str | None:
    """The `mahj fix` that puts game `game` back as `entry` was (None for a kind it
    cannot type), e.g. `mahj fix 2 Pat 30 --self-pick` or `mahj fix 2 wall`."""
    said = retyped(entry_to_dict(entry))
    if said is None:
        return None
    _, command, *rest = said.split(" ")
    if command not in GAMES:  # the games `mahj fix` makes
        return None
    named = command == "win" and rest and fold_name(rest[0]) in GAMES
    kind = [] if command == "win" and not named else [command]
    return " ".join(["mahj", "fix", str(game), *kind, *rest])


def retyped(table: dict[str, Any], *more: str) -> str | None:
    """The command line that records the [[log]] table `table` again, its names and values
    as the table holds them (to correct before typing), with the options `more` too; None
    for a kind mahj does not know. A name that starts with `-` comes last, after `--`.

    >>> retyped({"kind": "win", "winner": "Ruth", "value": 25, "thrown_by": "Mary Lou"})
    'mahj win Ruth 25 --thrown-by "Mary Lou"'
    >>> retyped({"kind": "win", "winner": "-x", "value": 25, "thrown_by": "Bea"})
    'mahj win --thrown-by Bea -- -x 25'
    """
    kind = table.get("kind")
    if not isinstance(kind, str) or kind not in _COMMANDS:
        return None
    command, in_place = _COMMANDS[kind]

    def typed(value: Any) -> str:
        return typed_value(value) if isinstance(value, str) else str(value)

    placed = [typed(table[k]) for k in in_place if k in table]
    words: list[str] = []
    options = {**_OPTIONS, "table": "--table"} if kind == "wall" else _OPTIONS
    for key, value in table.items():
        option = options.get(key)
        if key in ("bets", "wall_bets") and isinstance(value, list):
            bets = [bet if key == "bets" else [bet, "wall"] for bet in value]
            words += [w for bet in bets for w in ("--bet", typed("=".join(map(str, bet))))]
        elif option is None or key in in_place or value is False or value in (None, []):
            continue
        elif option == "--settle" or value is True:
            words += [] if option in words else [option]
        else:
            words += [w for v in (value if isinstance(value, list) else [value])
                      for w in (option, typed(v))]  # fmt: skip
    words += more
    if any(word.startswith("-") for word in placed):
        return " ".join(["mahj", command, *words, "--", *placed])
    return " ".join(["mahj", command, *placed, *words])
