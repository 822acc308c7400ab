"""A game's form fields, named like `mahj win` and `mahj wall`'s options (`winner`,
`value`, `thrown_by`, `self_pick`, `jokerless`, `dead`, `line`, `bet`, `table`, ...),
turned into the very options the command line hands to `night.build`, so that every
check and every message is the command line's. Numbers are read by the one reader of
typed numbers (`core.numbers`)."""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core.errors import MahjError
from ..core.model import ENTRY_ID, MAX_EXPOSURES, MAX_TABLES, Wall, Win, is_entry_id
from ..core.numbers import whole_number
from ..core.standings import Row
from ..core.wording import MARK, field
from .guard import Fields, Problem

FLAGS = ("self_pick", "jokerless", "singles_pairs", "heavenly", "misnamed")
WIN_ONE = ("winner", "value", "thrown_by", "exposures", "pays_for_table", *FLAGS)
REPEATED = {"dead": "dead", "line": "lines", "bet": "bets"}
"""Fields that may be given more than once, and the option each fills."""
COMMON = ("table", "table_games", "table_seat", "token")
"""Fields of every write: the table it was played at, how many games that table had
and who sat there (`table_seat`, East first, repeated) when the page was shown (so a
game is not entered twice from two phones, nor charged to someone who sat down since),
the key."""
MAX_GAMES = 100_000
TRUE = ("true", "1", "on", "yes")
FALSE = ("false", "0", "off", "no")


SPOTS = {
    "value": ("value", "the hand's value"),
    "line": ("line", "the card line"),
    "exposures": ("exposures", "the exposures"),
    "exposures_n": ("exposures", "the exposures"),
    "points": ("points", "Points lost"),
    "reason": ("reason", "Why"),
    "join": ("join-name", "the name"),
    "rename-old": ("rename-old", "the player"),
    "rename-new": ("rename-new", "the name as it should be"),
}
"""The boxes a refusal may be about: each box's id on its page, and how the refusal's
link to it names it ("Go to Points lost")."""


class Said(str):
    """A refusal's words on a page, and the box of the form they are about (`spot`, as
    `SPOTS` gives it), when the server knows which: the page marks it and links to it."""

    spot: tuple[str, str] | None = None


def said(words: str, about: str | None) -> Said:
    """`words` about the box `about` (a key of `SPOTS`; None, or another, for no box)."""
    refusal = Said(words)
    refusal.spot = SPOTS.get(about or "")
    return refusal


def spot_of(error: object) -> tuple[str, str] | None:
    """The box a page's refusal is about, when it says (the templates' `spot` filter)."""
    return getattr(error, "spot", None) if isinstance(error, str) else None


def said_of(exc: MahjError) -> Said:
    """A refusal in the page's words, about the first box of `SPOTS` its message names."""
    named = Exception.__str__(exc).split(MARK)[1::2]
    return said(exc.words("page"), next((n for n in named if n in SPOTS), None))


class Asked(NamedTuple):
    """A game asked for: the options for `night.build`, the table, the games seen there."""

    options: dict[str, Any]
    table: int | None = None
    table_games: int | None = None
    table_seats: tuple[str, ...] | None = None


def flag(fields: Fields, key: str) -> bool:
    """A true/false field (a checked box sends `on`); absent is false."""
    if key not in fields:
        return False
    value = fields[key][0].strip().lower()
    if value in TRUE:
        return True
    if value in FALSE:
        return False
    raise Problem(400, f"{key} is true or false, not {fields[key][0]!r}; nothing was changed")


def text(fields: Fields, key: str) -> str | None:
    """A field's text, None when absent or left empty."""
    value = fields.get(key, [""])[0]
    return value if value.strip() else None


def _common(fields: Fields) -> tuple[int | None, int | None, tuple[str, ...] | None]:
    table = text(fields, "table")
    seen = text(fields, "table_games")
    return (
        whole_number(table, field("table"), 1, MAX_TABLES) if table is not None else None,
        whole_number(seen, "table_games", 0, MAX_GAMES) if seen is not None else None,
        tuple(fields["table_seat"]) if fields.get("table_seat") else None,
    )


def win_request(fields: Fields) -> Asked:
    """`POST /win`: the options of `mahj win`."""
    only(fields, (*WIN_ONE, *COMMON), repeated=(*REPEATED, "table_seat"))
    winner = text(fields, "winner")
    if winner is None:
        raise Problem(400, "name the winner (the field winner); nothing was changed")
    exposures = text(fields, "exposures")
    options: dict[str, Any] = {
        "winner": winner,
        "value": text(fields, "value"),
        "thrown_by": text(fields, "thrown_by"),
        "exposures": whole_number(exposures, field("exposures"), 0, MAX_EXPOSURES)
        if exposures is not None
        else None,
        "pays_for_table": text(fields, "pays_for_table"),
        **{key: flag(fields, key) for key in FLAGS},
        **{option: _many(fields, key) for key, option in REPEATED.items()},
    }
    return Asked(options, *_common(fields))


def wall_request(fields: Fields) -> Asked:
    """`POST /wall`: the options of `mahj wall`."""
    only(fields, COMMON, repeated=(*REPEATED, "table_seat"))
    if "line" in fields:
        raise Problem(400, "a wall game has no card line; nothing was changed")
    options = {"dead": _many(fields, "dead"), "bets": _many(fields, "bet")}
    return Asked(options, *_common(fields))


def incomplete_request(fields: Fields) -> Asked:
    """`POST /incomplete`: time called at a tournament table (`mahj incomplete`)."""
    only(fields, COMMON, repeated=("table_seat",))
    return Asked({}, *_common(fields))


def small(raw: str | None, digits: int) -> int:
    """A number from a query or form, 0 unless it is a few plain digits (fewer than
    `digits`).

    >>> small("12", 4), small("²", 4), small("9" * 5000, 4)
    (12, 0, 0)
    """
    return int(raw) if raw and raw.isascii() and raw.isdigit() and len(raw) < digits else 0


def _many(fields: Fields, key: str) -> list[str]:
    return [v for v in fields.get(key, []) if v.strip()]


def how_won(fields: Fields) -> Fields:
    """The table page asks "thrown by whom, or self-picked?" as one choice, `how`:
    `by:NAME` or `self`. Here it becomes the options' `thrown_by` or `self_pick`."""
    how = fields.pop("how", [""])[0]
    if how == "self":
        fields["self_pick"] = ["true"]
    elif how.startswith("by:"):
        fields["thrown_by"] = [how[3:]]
    return fields


def entry_id(fields: Fields) -> str | None:
    """The write's `entry_id` (taken out of the fields), None when it has none; refused
    when it is not 8 to 64 letters, digits, `-` or `_`."""
    given = fields.pop("entry_id", [])
    if not given or not given[0]:
        return None
    if len(given) > 1 or not is_entry_id(given[0]):
        raise Problem(
            400,
            f"entry_id must be one id of {ENTRY_ID.what}, not {given[0][:70]!r}; "
            "nothing was changed",
        )
    return given[0]


def only(
    fields: Fields,
    known: tuple[str, ...],
    required: tuple[str, ...] = (),
    repeated: tuple[str, ...] = (),
) -> Fields:
    """The fields of a write that takes `known` once each and `repeated` any number of
    times, refused when another is given or one of `required` is missing or empty."""
    for key, values in fields.items():
        if key not in (*known, *repeated, "token"):
            listed = ", ".join(sorted({*known, *repeated} - {"token"})) or "none"
            raise Problem(
                400, f"unknown field {key!r} (the fields are {listed}); nothing was changed"
            )
        if len(values) > 1 and key not in repeated:
            raise Problem(
                400, f"{key} was given twice ({values[0]!r} and {values[1]!r}); give it once"
            )
    for key in required:
        if text(fields, key) is None:
            raise Problem(400, f"give the {key} (the field {key}); nothing was changed")
    return fields


def table_number(fields: Fields, key: str = "table") -> int | None:
    """A table's number given in `key`, None when absent."""
    raw = text(fields, key)
    return whole_number(raw, field("table"), 1, MAX_TABLES) if raw is not None else None


BLANK: dict[str, Any] = {
    "winner": "", "value": "", "line": "", "how": "", "exposures": "", "jokerless": False,
    "singles_pairs": False, "heavenly": False, "misnamed": False, "dead": [], "bets": {},
    "pays": "", "entry_id": "", "wall": False,
}  # fmt: skip
"""A game's form before anything is chosen."""


def chosen_of(fields: Fields) -> dict[str, Any]:
    """What a game's form had chosen, to show it again (after a refusal, or "Change
    something")."""

    def one(key: str) -> str:
        return fields.get(key, [""])[0]

    how = (
        "self"
        if one("self_pick") in TRUE
        else f"by:{one('thrown_by')}"
        if one("thrown_by")
        else one("how")
    )
    return {
        "winner": one("winner"),
        "value": one("value"),
        "line": one("line"),
        "how": how,
        "exposures": one("exposures"),
        **{key: one(key) in TRUE for key in FLAGS if key != "self_pick"},
        "dead": fields.get("dead", []),
        "bets": dict(b.partition("=")[::2] for b in fields.get("bet", [])),
        "pays": one("pays_for_table"),
        "entry_id": one("entry_id"),
        "wall": one("wall") in TRUE,
    }


def recorded_choices(row: Row) -> dict[str, Any]:
    """A recorded game as the form shows it."""
    entry = row.entry
    bets = {bettor: target for bettor, target in getattr(entry, "bets", ())}
    bets.update({bettor: "wall-game" for bettor in getattr(entry, "wall_bets", ())})
    chosen: dict[str, Any] = {**BLANK, "dead": list(getattr(entry, "dead", ())), "bets": bets,
                              "wall": isinstance(entry, Wall)}  # fmt: skip
    if isinstance(entry, Win):
        chosen.update(
            winner=entry.winner,
            value=str(entry.value) if entry.line is None else "",
            line=entry.line or "",
            how="self" if entry.thrown_by is None else f"by:{entry.thrown_by}",
            exposures="" if entry.exposures is None else str(entry.exposures),
            jokerless=entry.jokerless,
            singles_pairs=entry.singles_pairs,
            heavenly=entry.heavenly,
            misnamed=entry.misnamed,
            pays=entry.pays_for_table or "",
        )
    return chosen
