"""The [[log]] entries of a session file, read by each kind's declared keys
(`mahjcli.core.model.keys_of`): each value checked, each name matched to a player. Also
the one rule for a key mahj does not read, in a night or an event (`unknown_keys`)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from typing import Any

from ..core.model import ENTRY_TYPES, Entry, Key, KeyType, is_entry_id, keys_of
from ..core.names import closest, control_problem, fold_name, meant_key, quoted
from ..core.problems import Problem, Where, is_whole, shown

Reader = Callable[[str, Any, dict[str, str], Key], tuple[Any, str | None]]


class Anyone(dict[str, str]):
    """The players of a night whose players line could not be read: every name stands for
    whoever it names, so one bad players line is one problem, not one for every game."""


def _known(canon: dict[str, str], name: str) -> str | None:
    return name.strip() if isinstance(canon, Anyone) else canon.get(fold_name(name.strip()))


def _player(key: str, value: Any, canon: dict[str, str], spec: Key) -> tuple[Any, str | None]:
    if not isinstance(value, str):
        return None, f"{key} must be a player's name in quotes, not {shown(value)}"
    found = _known(canon, value)
    if found is None:
        near = closest(value, canon.values())
        hint = f"; did you mean {quoted(near)}?" if near else ""
        return None, f"unknown player {quoted(value)}{hint}"
    return found, None


def _players_list(key: str, value: Any, canon: dict[str, str], spec: Key) -> tuple[Any, str | None]:
    if not isinstance(value, list):
        return (), f'{key} must be a list of names, like {key} = ["Pat"]'
    for item in value:
        if not isinstance(item, str):
            return (), f"{key} must list names in quotes, not {shown(item)}"
        if _known(canon, item) is None:
            return (), f"unknown player {quoted(item)} in {key}"
    names = tuple(_known(canon, item) for item in value)
    if twice := next((n for i, n in enumerate(names) if n in names[:i]), None):
        return (), f"{twice} is listed twice in {key}"
    return names, None


def _bets(key: str, value: Any, canon: dict[str, str], spec: Key) -> tuple[Any, str | None]:
    example = f'{key} = [["Sue", "Ruth"]]'
    if not isinstance(value, list):
        return (), f"{key} must be a list of [bettor, player] pairs, like {example}"
    found = []
    for item in value:
        if not (
            isinstance(item, list) and len(item) == 2 and all(isinstance(n, str) for n in item)
        ):
            return (), f"{key} must list [bettor, player] pairs of names, like {example}"
        if unknown := [name for name in item if _known(canon, name) is None]:
            return (), f"unknown player {quoted(unknown[0])} in {key}"
        found.append((_known(canon, item[0]), _known(canon, item[1])))
    return tuple(found), None


def _amounts(key: str, value: Any, canon: dict[str, str], spec: Key) -> tuple[Any, str | None]:
    shape = f'{key} must be a list of [player, points] pairs, like {key} = [["Ruth", 120]]'
    if not isinstance(value, list):
        return (), shape
    found = []
    for item in value:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)):
            return (), shape
        name, amount = item
        known = _known(canon, name)
        if known is None:
            return (), f"unknown player {quoted(name)} in {key}"
        if not is_whole(amount) or not spec.low <= amount <= spec.high:
            return (), f"{key}: {known}'s amount must be {spec.what}, not {shown(amount)}"
        found.append((known, int(amount)))
    return tuple(found), None


def _flag(key: str, value: Any, canon: dict[str, str], spec: Key) -> tuple[Any, str | None]:
    if not isinstance(value, bool):
        return False, f"{key} must be true or false, not {shown(value)}"
    return value, None


def _count(key: str, value: Any, canon: dict[str, str], spec: Key) -> tuple[Any, str | None]:
    if not is_whole(value) or not spec.low <= value <= spec.high:
        return None, f"{key} must be {spec.what}, not {shown(value)}"
    return int(value), None


def _text(key: str, value: Any, canon: dict[str, str], spec: Key) -> tuple[Any, str | None]:
    if not isinstance(value, str):
        return "", f"{key} must be text"
    return value, control_problem(value, f"the {key}")


def _line(key: str, value: Any, canon: dict[str, str], spec: Key) -> tuple[Any, str | None]:
    return value, None if isinstance(value, str) else f"{key} must be a card line's name in quotes"


def _id(key: str, value: Any, canon: dict[str, str], spec: Key) -> tuple[Any, str | None]:
    if not is_entry_id(value):
        return None, f"{key} must be {spec.what}, in quotes, not {shown(value)}"
    return value, None


READERS: dict[KeyType, Reader] = {
    "player": _player, "players": _players_list, "bets": _bets, "amounts": _amounts,
    "flag": _flag, "count": _count, "text": _text, "line": _line, "id": _id,
}  # fmt: skip


def _shape(kind: str, raw: dict[str, Any], values: dict[str, Any]) -> tuple[str | None, str] | None:
    """A win is thrown (`thrown_by`) or self-picked (`self_pick = true`), never both; a
    heavenly hand may leave both out; a leaver who settled up square paid and was paid
    nothing. Returns (key, message) when the shape is wrong."""
    if kind == "leave" and values.get("square") and (values.get("pays") or values.get("paid_by")):
        why = "square = true says nobody was paid at that leaver's door"
        return "square", f"{why}: leave out square, or pays and paid_by"
    if kind != "win":
        return None
    self_pick = values.get("self_pick", False)
    if "thrown_by" in raw and self_pick:
        return "self_pick", "a win is either thrown (thrown_by) or self-picked, not both"
    if "thrown_by" not in raw and not self_pick and not values.get("heavenly", False):
        return None, 'say how it was won: thrown_by = "Name" or self_pick = true'
    return None


def unknown_keys(
    keys: Iterable[str],
    known: Iterable[str],
    where: Callable[[str], Where],
    label: str,
    problems: list[Problem],
    notes: list[Problem],
) -> None:
    """Each of `keys`, keys mahj does not read, in order: a problem when it looks like a slip
    of a `known` one (`meant_key`), else a note that it is kept but not used."""
    for key in sorted(keys):
        if near := meant_key(key, known):
            problems.append(Problem(f"{label}unknown key {key!r}{near}", where(key)))
        else:
            notes.append(Problem(f"{label}unknown key {key!r} is kept but not used", where(key)))


def read_entry(
    raw: object, index: int, canon: dict[str, str]
) -> tuple[Entry | None, list[Problem], list[Problem]]:
    """One [[log]] table to an entry, with its problems and notes."""
    label = f"log entry {index + 1}"
    if not isinstance(raw, dict):
        return None, [Problem(f"{label} is not a table", Where.entry(index))], []
    kind = raw.get("kind")
    if not isinstance(kind, str) or kind not in ENTRY_TYPES:
        kinds = ", ".join(list(ENTRY_TYPES)[:-1]) + " or " + list(ENTRY_TYPES)[-1]
        message = (
            f'{label}: say what it records: kind = "win" ({kinds})'
            if kind is None
            else f"{label}: unknown kind {kind!r} ({kinds})"
        )
        return None, [Problem(message, Where.entry(index, "kind"))], []
    label = f"{label} ({kind})"
    keys = keys_of(kind)
    notes: list[Problem] = []
    problems: list[Problem] = []
    where = functools.partial(Where.entry, index)
    unknown_keys(set(raw) - set(keys) - {"kind"}, keys, where, f"{label}: ", problems, notes)
    values: dict[str, Any] = {}
    for key, spec in keys.items():
        if key not in raw:
            if spec.required:
                problems.append(Problem(f"{label}: {key} is missing", Where.entry(index, key)))
            continue
        value, why = READERS[spec.type](key, raw[key], canon, spec)
        if why is not None:
            problems.append(Problem(f"{label}: {why}", Where.entry(index, key)))
        else:
            values[key] = value
    if not problems and (bad := _shape(kind, raw, values)):
        problems.append(Problem(f"{label}: {bad[1]}", Where.entry(index, bad[0])))
    if problems:
        return None, problems, notes
    cls = ENTRY_TYPES[kind]
    entry = cls(**{k: v for k, v in values.items() if k in cls._fields})
    return entry, [], notes


_KEPT_ID = re.compile(r'^[ \t]*#[ \t]*entry_id[ \t]*=[ \t]*"([A-Za-z0-9_-]{8,64})"[ \t]*\r?$', re.M)
"""An `entry_id` line of an entry kept as a comment (taken back, undone or corrected)."""


def recorded_ids(log: Iterable[object], text: str) -> frozenset[str]:
    """Every entry id the file holds: on its entries (a night's, or a card's lines), and on
    those kept as comments (a game taken back or corrected was recorded once; its id is
    never recorded again)."""
    live = {ident for e in log if (ident := getattr(e, "entry_id", None)) is not None}
    return frozenset(live | set(_KEPT_ID.findall(text)))
