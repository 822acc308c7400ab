"""Writing event files: a new event's text, and the edits that add tables, change a table
or replace tables, and a profile's `[profile]` block, keeping everything else the user
wrote. Each edit is read back with tomllib and compared; one that cannot be made in place
is refused (CannotEdit), never made by writing the whole file afresh."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.clock import ClockMark, utc
from ..core.errors import CannotEdit
from ..core.event import Event, Player, RoundSeating, TableCard
from ..core.names import fold_name
from ..core.profiles import OPTIONS, built_in, profile_table
from ..core.rulesets import Tournament
from . import sessionwrite as night_log  # a card's games are edited as a night's log is
from . import tomltext
from .eventfile import CARD_KEYS, CLOCK_KEYS, KIND, PLAYER_KEYS, SCHEMA, SEATING_KEYS
from .sessionwrite import cannot, card_text, document, entry_to_dict, newline_of, toml_value
from .tomltext import array_at, array_tables, comments, inline_array, rewritten, statements

HEAD = """\
# A mahj tournament event: the registered players, how each round is seated and the
# card each table handed in. Standings are worked out from this file every time; fix a
# mistake with any editor, then run `mahj event check`.
# Each table lists its seats in order A (East of the starting seats), B, C, D.
"""


def player_table(player: Player) -> dict[str, Any]:
    """The [[players]] table of a registered player (defaults left out)."""
    out: dict[str, Any] = {"name": player.name, "id": player.id}
    out |= {"first_round": player.first_round, "last_round": player.last_round}
    defaults = {"id": "", "first_round": 1, "last_round": None}
    return {key: value for key, value in out.items() if defaults.get(key, ...) != value}


def seating_table(seating: RoundSeating) -> dict[str, Any]:
    """The [[seating]] table of a round."""
    out: dict[str, Any] = {"round": seating.number, "movement": seating.method}
    if seating.byes:
        out["byes"] = list(seating.byes)
    out["tables"] = [list(t) for t in seating.tables]
    return out


def card_table(card: TableCard) -> dict[str, Any]:
    """The [[cards]] table of a card (a key that would hold nothing left out)."""
    out: dict[str, Any] = {"round": card.round, "table": card.table}
    kept = {"replace": card.replace, "from": card.source, "entry_id": card.entry_id,
            "status": None if card.accepted else card.status,
            "confirmed": list(card.confirmed), "handed_in": card.handed_in}  # fmt: skip
    out.update((key, value) for key, value in kept.items() if value)
    if card.totals or card.games is None:
        out["totals"] = dict(card.totals)
    if card.games is not None:
        out["games"] = [entry_to_dict(e) for e in card.games]
    return out


def clock_table(mark: ClockMark) -> dict[str, Any]:
    """The [[clock]] table of a round's clock started, or of time called."""
    out: dict[str, Any] = {"round": mark.round}
    if mark.start is not None:
        out.update(start=utc(mark.start), minutes=mark.minutes)
    if mark.called is not None:
        out["called"] = utc(mark.called)
    return out


def block(section: str, table: Mapping[str, Any]) -> str:
    """One [[section]] table as text (lists of tables one item a line)."""
    lines = [f"[[{section}]]"]
    for key, value in table.items():
        lines += _lines(key, value)
    return "\n".join(lines) + "\n"


def _lines(key: str, value: Any) -> list[str]:
    """One key of a table as its lines (a list of tables or of games one item a line)."""
    if key == "tables":
        rows = [f"    {toml_value(t)},  # table {n}" for n, t in enumerate(value, 1)]
        return ["tables = [", *rows, "]"]
    if key == "games":
        return ["games = [", *(f"    {toml_value(g)}," for g in value), "]"]
    return [f"{key} = {toml_value(value)}"]


def profile_block(rules: Tournament) -> str:
    """The [profile] table of an event file: the profile's name, source and every
    option, each with its two values in a comment so it can be changed by hand.

    >>> print(profile_block(Tournament(profile="Coastal")).splitlines()[2])
    dead_hand_wall_game = -10  # -10 (Master Points) or 0
    """
    lines = ["[profile]"]
    for key, value in profile_table(rules).items():
        line = f"{key} = {toml_value(value)}"
        if key in OPTIONS:
            a, b = (toml_value(v) for v in OPTIONS[key].values)
            line += f"  # {a} (Master Points) or {b}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def event_head(event: Event) -> dict[str, Any]:
    """The event's own keys, as its file records them."""
    head: dict[str, Any] = {"schema": SCHEMA, "kind": KIND, "name": event.name}
    if event.date is not None:
        head["date"] = event.date
    if plain_profile(event):
        head["profile"] = event.rules.profile
    head.update(rounds=event.rounds, movement=event.movement, seed=event.seed)
    if event.tie_break:
        head["tie_break"] = True
    return head


def plain_profile(event: Event) -> bool:
    """Whether the event plays a profile mahj knows by name, unchanged (else its file holds it
    in full)."""
    return built_in(event.rules.profile) == event.rules


def new_event_text(event: Event) -> str:
    """The text of a new event file."""
    head = event_head(event)
    parts = [HEAD, "".join(f"{k} = {toml_value(v)}\n" for k, v in head.items())]
    if not plain_profile(event):
        parts.append("\n" + profile_block(event.rules))
    if event.card is not None:
        parts.append(
            card_text(event.card, "The year's card the tables name lines of, copied from its file.")
        )
    parts += ["\n" + block("players", player_table(p)) for p in event.players]
    parts += ["\n" + block("seating", seating_table(s)) for s in event.seatings]
    parts += ["\n" + block("clock", clock_table(m)) for m in event.clock]
    parts += ["\n" + block("cards", card_table(c)) for c in event.cards]
    return "".join(parts)


# ---- edits that keep the user's text ---------------------------------------------------

_KNOWN = {"players": PLAYER_KEYS, "seating": SEATING_KEYS, "clock": CLOCK_KEYS, "cards": CARD_KEYS}
"""The keys mahj writes in each kind of table; any other key is the user's, and stays."""


def checked(new: str, expected: dict[str, Any], what: str, how: str) -> str:
    """`new` when it reads back as `expected`; else CannotEdit (never the file written afresh)."""
    return night_log.checked(new, expected, cannot(what, how))


def append_tables(
    text: str, tables: list[tuple[str, dict[str, Any]]], doc: dict[str, Any] | None = None
) -> str:
    """The text of a valid event file with [[section]] tables added at the end (each inside
    the brackets of a list written as `section = [...]`); `doc`, what the text reads as,
    when the caller has it already."""
    nl = newline_of(text)
    expected = dict(doc) if doc is not None else document(text)
    new = text
    for section, table in tables:
        expected[section] = [*expected.get(section, []), table]
        new = _appended(new, section, table, nl)
    how = f"Write {section} as [[{section}]] tables (the way mahj does)"
    return checked(new, expected, f"add to the {section}", how)


def _appended(text: str, section: str, table: dict[str, Any], nl: str) -> str:
    """The text with `table` last in [[section]]: in a list written as `section = [...]`,
    inside its brackets; else a [[section]] table at the end."""
    array = inline_array(text, section)
    if array is not None:
        return night_log.insert_inline(text, array, toml_value(table), nl)
    return night_log.with_block(text, block(section, table), nl)


def set_key(text: str, section: str, index: int, key: str, value: Any) -> str:
    """The text with `key = value` set in the index-th [[section]] table."""
    return change_table(text, section, index, {**document(text)[section][index], key: value})


def change_table(text: str, section: str, index: int, table: dict[str, Any]) -> str:
    """The text with the index-th [[section]] table holding `table` and the keys of the
    user's own it had, changed key by key: every comment stays (`_changed_keys`)."""
    doc = document(text)
    tables = list(doc[section])
    array = inline_array(text, section)
    spans = array_tables(text, section)
    if array is not None and len(array.items) == len(tables):
        where = f"item {index + 1} of `{section} = [...]`"
        start, end = array.items[index]
        if comments(text[start:end]):
            raise cannot(f"change {where}", "Take the comments out of it")
        old, known = tables[index], _KNOWN[section]
        kept = {k: table.get(k, v) for k, v in old.items() if k in table or k not in known}
        tables[index] = kept | table
        new = text[:start] + toml_value(tables[index]) + text[end:]
    elif array is None and len(spans) == len(tables):
        start, end = spans[index]
        where = f"the [[{section}]] table on line {text.count(chr(10), 0, start) + 1}"
        nl = newline_of(text)
        old = tables[index]
        body, tables[index] = _changed_keys(text[start:end], old, table, section, where, nl)
        new = text[:start] + body + text[end:]
    else:
        where = f"[[{section}]] table {index + 1}"
        raise cannot(f"change {where}", f"Write {section} as [[{section}]] tables")
    how = f"Write {where} as mahj does, one `key = value` a line under [[{section}]]"
    return checked(new, {**doc, section: tables}, f"change {where}", how)


def _changed_keys(
    body: str, old: dict[str, Any], table: dict[str, Any], section: str, where: str, nl: str
) -> tuple[str, dict[str, Any]]:
    """A [[section]] table's text (its header to the next) changed from `old` to `table` key
    by key, and what it then reads as: a key of the same value keeps its text, a changed
    one is written again in its place (a list one item longer or shorter: in place), a new
    one goes after the key mahj writes before it, and one no longer there is taken out;
    keys mahj does not know, comments and blank lines stay."""
    known = _KNOWN[section]
    found = {s.key: s for s in statements(body)}
    after: dict[str, Any] = {k: v for k, v in old.items() if k not in known}
    edits: list[tuple[int, int, str]] = []
    anchor = body.find("\n") + 1 or len(body)  # the line after the header
    for key, value in table.items():
        s = found.get(key)
        if isinstance(old.get(key), list) and isinstance(value, list):  # a game keeps its own
            value = [_own(was, new) for was, new in zip(old[key], value, strict=False)]
            value += table[key][len(old[key]) :]
        if key in old and _plain(old[key]) == _plain(value):
            after[key] = old[key]
        elif s is None and key in old:
            raise _unwritten(where, section, key, value)
        elif s is None:
            lines = nl.join(_lines(key, value)) + nl
            edits.append((anchor, anchor, ("" if body[:anchor].endswith("\n") else nl) + lines))
            after[key] = value
        else:
            stmt = body[s.start : s.end]
            changed, after[key] = _changed_value(stmt, s.value - s.start, old[key], key, value, nl)
            edits.append((s.start, s.end, changed))
        anchor = s.end if s is not None else anchor
    for key in [k for k in old if k in known and k not in table]:
        if (s := found.get(key)) is None:
            raise _unwritten(where, section, key, old[key])
        edits.append((s.start, s.end, rewritten(body[s.start : s.end], [], nl)))
    pieces, at = [], 0
    for start, end, text in sorted(edits, key=lambda edit: edit[:2]):
        pieces += [body[at:start], text]
        at = end
    return "".join(pieces) + body[at:], after


def _changed_value(stmt: str, at: int, old: Any, key: str, value: Any, nl: str) -> tuple[str, Any]:
    """A `key = old` statement's text holding `value`, and what it then reads as: a list one
    item longer, or one shorter, changed in place; any other value written again."""
    array = array_at(stmt, at) if isinstance(old, list) and isinstance(value, list) else None
    if array is not None and array.items and value and _plain(value[:-1]) == _plain(old):
        more = night_log.insert_inline(stmt, array, toml_value(value[-1]), nl)
        return more, [*old, value[-1]]
    if array is not None and old and _plain(value) == _plain(old[:-1]):
        fewer = night_log.remove_inline(stmt, array)
        if fewer is None or len(comments(fewer)) < len(comments(stmt)):
            fewer = tomltext.without_last(stmt, array)  # a comment on its line stays
        if kept := _taken_back(key, old[-1], nl):  # after a blank line, on lines of its own
            fewer += kept + nl if fewer.endswith("\n") else kept
        return fewer, old[:-1]
    return rewritten(stmt, _lines(key, value), nl), value


def _taken_back(key: str, item: Any, nl: str) -> str:
    """A card's line taken back, left as a comment after the card's games (as a night keeps
    an undone entry), to put back by hand if it was taken back by mistake; with its entry
    id, so that the same id sent again records nothing."""
    if key != "games" or not isinstance(item, dict):
        return ""
    said = f"{nl}# Taken back: {toml_value({k: v for k, v in item.items() if k != 'entry_id'})}"
    return said + (
        f"{nl}# entry_id = {toml_value(item['entry_id'])}" if item.get("entry_id") else ""
    )


def _own(was: Any, new: Any) -> Any:
    """An item as mahj writes it (`new`) with the keys the user added to it (`was`)."""
    if not isinstance(was, dict) or not isinstance(new, dict):
        return new
    return {**new, **{key: value for key, value in was.items() if key not in new}}


def _unwritten(where: str, section: str, key: str, value: Any) -> CannotEdit:
    """Refused: a key to change that is not written as `key = ...` in its table."""
    shape = "[...]" if isinstance(value, list) else "{ ... }" if isinstance(value, dict) else "..."
    return cannot(
        f"change {where} (its `{key}` written apart, as [[{section}.{key}]] tables)",
        f"Write its `{key}` as `{key} = {shape}` under [[{section}]] (the way mahj writes it)",
    )


def _plain(value: Any) -> Any:
    """A value as mahj compares it: names in any case, without keys false, [] or "" (unwritten)."""
    if isinstance(value, dict):
        said = {k: v for k, v in value.items() if not (v is False or v == [] or v == "")}
        return {fold_name(k): _plain(v) for k, v in said.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return fold_name(value) if isinstance(value, str) else value
