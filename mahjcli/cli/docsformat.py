"""The file format reference: every key of a session file, a card and an event file.

The keys come from the readers' own declarations: each log entry's keys, with their types,
ranges and defaults, from `mahjcli.core.model` (`keys_of`); the other tables' keys from
the readers' lists of known keys. What each key means is said here, once; a key a reader
knows that is not described here (or described and no longer known) stops the generator,
so the page can never fall behind the reader.
"""

from __future__ import annotations

from typing import Any

from ..core import cards, event, house, model, profiles, rulesets
from ..files import eventfile, sessionfile

Row = tuple[str, str, str]
"""A key's type, its default (or `required`), and what it means."""


def _quoted(names: Any) -> str:
    return ", ".join(f'`"{n}"`' for n in names)


HOUSE_RULES = ", ".join(
    f'`"{name}[={default}]"`' if takes and default is not None else
    f'`"{name}=N"`' if takes else f'`"{name}"`'
    for name, (_, takes, default, _) in house.RULES.items()
)  # fmt: skip
"""Each house rule as the file writes it: `[=25]` a value that may be left out."""

SESSION: dict[str, Row] = {
    "schema": ("whole number", "required", "Always `1`: the version of the format."),
    "name": ("text", '`""`', "The night's name (`--name` of `mahj new`)."),
    "date": ("date (`2026-11-29`)", "none", "The night's date (`--date` of `mahj new`)."),
    "rules": (_quoted(rulesets.RULE_SETS), '`"league"`', "Payments, or tournament points."),
    "players": ("list of names", "required",
                "Everyone at the start, in seat order: the first four sit (four a table on a "
                "club night), the rest wait in the order given."),
    "east": ("name, or a list of names", "the first player",
             "The first East; on a club night a list, one a table."),
    "tables": ("whole number from 1 to " + str(model.MAX_TABLES), "`1`",
               "How many tables a club night starts with."),
    "pie": (f"whole number from 1 to {model.MAX_PIE:,}", "none",
            "League: each player's purse, in points."),
    "house": ("list of house rules: " + HOUSE_RULES, "`[]`",
              "League: the house rules played."),
    "stake": ("number of dollars, whole cents from 0.01 to 100", "none",
              "League: what one point is worth; every view then shows money."),
    "misnamed": (_quoted(rulesets.MISNAMED_MODES), '`"replace"`',
                 "Tournament: whether a mis-named discard's 25 replaces the thrower's "
                 "penalty or adds to it."),
    "variants": ("list of " + _quoted(rulesets.VARIANTS), "`[]`",
                 "Tournament: the variants played."),
    "profile": ("text", f'`"{rulesets.DEFAULT_PROFILE}"`',
                "Tournament: the director's profile by name (its options are the keys above)."),
    "profile_source": ("text", '`""`', "Tournament: where the profile's rules come from."),
    "card": ("table `[card]`", "none",
             "The night's card, copied in when the night started (keys below)."),
    "log": ("`[[log]]` tables", "`[]`", "What happened, one entry a table, in order (below)."),
}  # fmt: skip

KINDS: dict[str, str] = {
    "win": "A game won. Thrown (`thrown_by`) or self-picked (`self_pick = true`); a "
    "heavenly hand may leave both out.",
    "wall": "A wall game: the tiles ran out and nobody won.",
    "incomplete": "Tournament: time was called before the game finished.",
    "error": "Tournament, variant `mj-in-error`: a Mah Jongg called in error ended the game.",
    "penalty": "Tournament: points a player lost (not a game; the deal stays).",
    "join": "A player arrives.",
    "leave": "A player leaves; their points stay.",
    "open": "Club night: the front four of the line sit at a new table.",
    "close": "Club night: a table closes; its players go to the front of the line.",
    "accept": "Tournament: the table accepted its score card for the rounds played so far.",
}

ENTRY_KEYS: dict[str, str] = {
    "winner": "Who called Mah Jongg.",
    "value": "The value printed on the card for the hand.",
    "thrown_by": "Who threw the winning tile (left out when self-picked).",
    "self_pick": "The winner drew the tile (`--self-pick`).",
    "jokerless": "The winner claimed a hand without jokers.",
    "singles_pairs": "A singles-and-pairs hand: never doubled for jokerless.",
    "heavenly": "East's hand was complete as dealt.",
    "misnamed": "Tournament: the thrower mis-named the discard.",
    "exposures": "Tournament: exposures on the winner's rack.",
    "dead": "Players whose hands were dead.",
    "line": "The card line the hand was scored as.",
    "pays_for_table": "House rule: the player whose error gave Mah Jongg pays for all.",
    "bets": 'House rule bettor: `[["Sue", "Ruth"]]`, Sue bet on Ruth.',
    "wall_bets": "House rule bettor: waiting players who bet on a wall game.",
    "table": "The table the game was played at, or the table that closes.",
    "seats": "Who sat at the game's table, East first then to the right, as mahj "
    "recorded it: a correction that would seat the game differently is refused.",
    "pays": 'A leaver who settled up as she went: `[["Ruth", 120]]`, she paid Ruth 120.',
    "paid_by": 'A leaver who settled up as she went: `[["Pat", 80]]`, Pat paid her 80.',
    "square": "A leaver who settled up as she went and was square: nobody paid. Without "
    "it, `pays` or `paid_by`, she left without settling up.",
    "player": "The player concerned.",
    "points": "The points lost.",
    "reason": "Why, in words.",
    "caller": "Who called Mah Jongg in error.",
    "intact": "The one player who kept an intact hand, if exactly one did.",
    "east": "The new table's first East (default: the first of the four).",
    "entry_id": "The id the page (or a script) gave what it sent: an entry with an id "
    "already in the file is never recorded again, so a phone that sends it twice (a "
    "double tap, or again after a lost connection) records it once. No two entries share "
    "one: a game copied by hand with its id is a problem `mahj check` names.",
}

TYPES: dict[str, str] = {
    "player": "name",
    "players": "list of names",
    "bets": "list of [bettor, player] pairs",
    "amounts": "list of [name, points] pairs",
    "flag": "true or false",
    "count": "whole number",
    "text": "text",
    "line": "a line of the night's card",
    "id": "text",
}

CARD: dict[str, Row] = {
    "name": ("text", "required in a card file", "The card's name."),
    "year": ("whole number", "none", "The card's year."),
    "lines": ("`[[lines]]` tables", "required", "The card's lines, in the card's order."),
}
CARD_LINE: dict[str, Row] = {
    "name": ("text", "required", "What you call the line (what `--line` takes)."),
    "section": ("text", '`""`', "The card's heading the line sits under."),
    "value": (f"whole number from 1 to {model.MAX_VALUE}", "required", "The printed value."),
    "concealed": ("true or false", "`false`", "The hand must be concealed."),
    "groups": ("true or false", "required",
               "The line has a pung, kong or quint; `false` is never doubled for jokerless."),
}  # fmt: skip

EVENT: dict[str, Row] = {
    "schema": ("whole number", "required", "Always `1`."),
    "kind": ('`"event"`', "required", "Tells an event from a night."),
    "name": ("text", '`""`', "The event's name."),
    "date": ("date (`2026-04-18`)", "none", "The event's date."),
    "profile": (f'`"{rulesets.DEFAULT_PROFILE}"`, or a `[profile]` table',
                f'`"{rulesets.DEFAULT_PROFILE}"`',
                "How every table scores: a profile's name, or the director's profile in "
                "full (its keys as in a profile file, below)."),
    "rounds": (f"whole number from 1 to {event.MAX_ROUNDS}", f"`{event.DEFAULT_ROUNDS}`",
               "How many rounds."),
    "movement": (_quoted(event.MOVEMENTS), f'`"{event.DEFAULT_MOVEMENT}"`',
                 "How rounds after the first are seated."),
    "seed": ("whole number", "`1`", "Makes every random draw; the same seed seats the same."),
    "tie_break": ("true or false", "`false`",
                  "Split equal totals by most Mah Jonggs, then fewest thrown."),
    "players": ("`[[players]]` tables", "required", "The field, in registration order."),
    "seating": ("`[[seating]]` tables", "`[]`", "Each round's tables, as seated."),
    "clock": ("`[[clock]]` tables", "`[]`", "Each round's clock: started, restarted, called."),
    "cards": ("`[[cards]]` tables", "`[]`", "Each table's card, as entered and handed in."),
    "card": ("a `[card]` table", "none", "The year's card, for hands named by their line."),
}  # fmt: skip
EVENT_PLAYER: dict[str, Row] = {
    "name": ("name", "required", "The player."),
    "id": ("text or whole number", '`""`', "Their id, if the event uses them."),
    "first_round": ("whole number", "`1`", "Above 1 for a late registration."),
    "last_round": ("whole number", "none", "Set when they withdrew: the last round played."),
}
EVENT_SEATING: dict[str, Row] = {
    "round": ("whole number", "required", "The round."),
    "movement": (_quoted(event.METHODS), '`"given"`', "How the round was seated."),
    "byes": ("list of names", "`[]`", "Who sits out the round."),
    "tables": ("list of tables, each four names", "required",
               "Table 1 first; each table's seats A (East), B, C, D."),
}  # fmt: skip
EVENT_CARD: dict[str, Row] = {
    "round": ("whole number", "required", "The round."),
    "table": ("whole number", "required", "The table."),
    "totals": ('`{ "Ann" = 45, ... }`', "required in round totals",
               "Each player's round total, as signed (a card entered game by game may leave "
               "it out: its games give the totals)."),
    "games": ("list of `{ kind = ... }`", "none (round totals only)",
              "The games, written like a night's `[[log]]` entries."),
    "replace": ("true or false", "`false`", "This card replaces the table's earlier one."),
    "from": ("text", '`""`', "The table's session file it came from (a note; never read)."),
    "entry_id": ("8 to 64 letters, digits, - or _", "none",
                 "The id of the page's write that put this card of round totals in: the same "
                 "write sent again changes nothing."),
    "status": ('`"open"` or `"handed-in"`', "accepted",
               "A card not yet accepted by the director: entered game by game at the "
               "event, or a paper card's totals typed at the table (handed in), or given "
               "back to the table."),
    "confirmed": ("list of names", "`[]`",
                  "The players who checked the card's lines, each once."),
    "handed_in": ("name", "none",
                  "Who handed the card in: the round's seat (A in round 1, D in 2, C in 3, "
                  "B in 4), as `mahj event hand-in` asks."),
}  # fmt: skip
EVENT_CLOCK: dict[str, Row] = {
    "round": ("whole number", "required", "The round."),
    "start": ("date and time (UTC)", "none", "When the round's clock was started."),
    "minutes": ("whole number", "`60`", "The round's length."),
    "called": ("date and time (UTC)", "none", "When the director called time."),
}  # fmt: skip
PROFILE: dict[str, Row] = {
    "name": ("text", "required", "The profile's name, printed on cards and results."),
    "source": ("text", '`""`', "Where its rules come from."),
    **{
        key: (" or ".join(f"`{str(v).lower()}`" for v in option.values),
              f"`{str(option.values[0]).lower()}`",
              option.words[:1].upper() + option.words[1:] + ".")
        for key, option in profiles.OPTIONS.items()
    },
}  # fmt: skip

DECLARED: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
    ("session file", SESSION, sessionfile.TOP_KEYS),
    ("card", CARD, cards.CARD_KEYS),
    ("card line", CARD_LINE, cards.LINE_KEYS),
    ("event file", EVENT, eventfile.TOP_KEYS),
    ("[[players]]", EVENT_PLAYER, eventfile.PLAYER_KEYS),
    ("[[seating]]", EVENT_SEATING, eventfile.SEATING_KEYS),
    ("[[cards]]", EVENT_CARD, eventfile.CARD_KEYS),
    ("[[clock]]", EVENT_CLOCK, eventfile.CLOCK_KEYS),
    ("profile", PROFILE, profiles.KEYS),
    ("log entry kinds", KINDS, tuple(model.ENTRY_TYPES)),
    ("log entry keys", ENTRY_KEYS,
     tuple(dict.fromkeys(k for kind in model.ENTRY_TYPES for k in model.keys_of(kind)))),
]  # fmt: skip


def drift() -> list[str]:
    """Keys a reader knows that this page does not describe, and the other way round."""
    found = []
    for where, described, known in DECLARED:
        if missing := [k for k in known if k not in described]:
            found.append(f"{where}: describe {', '.join(missing)} in {__name__}")
        if gone := [k for k in described if k not in known]:
            found.append(f"{where}: {', '.join(gone)} is no longer read; remove it from {__name__}")
    return found


def _table(rows: dict[str, Row], order: tuple[str, ...]) -> str:
    lines = ["| key | type | default | what it is |", "|---|---|---|---|"]
    lines += [f"| `{k}` | {rows[k][0]} | {rows[k][1]} | {rows[k][2]} |" for k in order]
    return "\n".join(lines) + "\n"


def _default(kind: str, key: str, spec: model.Key) -> str:
    if spec.required:
        return "required"
    if key == "self_pick":
        return "`false`"
    value = model.ENTRY_TYPES[kind]._field_defaults.get(key)
    if value is None:
        return "none"
    return {False: "`false`", (): "`[]`", "": '`""`'}.get(value, f"`{value}`")


def _entries() -> str:
    parts = []
    for kind in model.ENTRY_TYPES:
        parts.append(f'#### `kind = "{kind}"`\n\n{KINDS[kind]}\n')
        keys = model.keys_of(kind)
        if not keys:
            parts.append("No other keys.\n")
            continue
        lines = ["| key | type | default | what it is |", "|---|---|---|---|"]
        for key, spec in keys.items():
            kind_of = TYPES[spec.type] if spec.type == "amounts" else spec.what or TYPES[spec.type]
            lines.append(
                f"| `{key}` | {kind_of} | {_default(kind, key, spec)} | {ENTRY_KEYS[key]} |"
            )
        parts.append("\n".join(lines) + "\n")
    return "\n".join(parts)


def file_format() -> str:
    """The generated part of the session file page."""
    if problems := drift():
        raise ValueError("; ".join(problems))
    return "\n".join([
        "### The top of a session file\n", _table(SESSION, sessionfile.TOP_KEYS),
        "### Log entries\n",
        "Each `[[log]]` table has a `kind`, and the keys of that kind.\n", _entries(),
        "### The card\n",
        "A card file, or the `[card]` table of a session (its lines are `[[card.lines]]`).\n",
        _table(CARD, cards.CARD_KEYS), "Each line:\n", _table(CARD_LINE, cards.LINE_KEYS),
        "### The event file\n", _table(EVENT, eventfile.TOP_KEYS),
        "#### `[[players]]`\n", _table(EVENT_PLAYER, eventfile.PLAYER_KEYS),
        "#### `[[seating]]`\n", _table(EVENT_SEATING, eventfile.SEATING_KEYS),
        "#### `[[cards]]`\n", _table(EVENT_CARD, eventfile.CARD_KEYS),
        "#### `[[clock]]`\n", _table(EVENT_CLOCK, eventfile.CLOCK_KEYS),
        "### A profile file\n",
        "A director's profile (`--profile FILE`), or the `[profile]` table of an event.\n",
        _table(PROFILE, profiles.KEYS),
    ])  # fmt: skip
