"""Tournament profiles (RULES.md §7): a director's named set of the options where
tournament rule sheets differ, with where they are written down. A profile is a small
TOML file a director can share; an event (or a tournament night) records the profile it
plays, options and all, so it scores the same if the file changes or is lost.

    name = "Coastal Classic"
    source = "Coastal League tournament sheet, 2026"
    dead_hand_wall_game = 0          # -10 (Master Points) or 0
    thrower_three_exposures = 30     # 25 (Master Points) or 30
    misnamed_discard = "add"         # "replace" (Master Points) or "add"
    mj_in_error = true               # false (Master Points): the caller's hand is dead

Each option is one key with two values, the first Master Points' (the default). The
options become a `Tournament` rule set (`mahjcli.core.rulesets`), which scores them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from .names import closest, control_problem, name_problem
from .problems import shown
from .rulesets import DEFAULT_PROFILE, MISNAMED_MODES, Tournament


class Option(NamedTuple):
    """One option of a profile: its two values (Master Points' first) and the variant
    of the rule set its second value turns on (`misnamed` for the mis-named discard)."""

    values: tuple[object, object]
    variant: str
    words: str


OPTIONS: Mapping[str, Option] = {
    "dead_hand_wall_game": Option((-10, 0), "dead-wall-0", "a dead hand in a wall game"),
    "thrower_three_exposures": Option(
        (25, 30), "three-exposures-30", "the thrower's penalty at three or more exposures"
    ),
    "misnamed_discard": Option(
        MISNAMED_MODES, "misnamed", "a mis-named discard's -25: replaces or adds to the penalty"
    ),
    "mj_in_error": Option(
        (False, True), "mj-in-error", "a Mah Jongg called in error scored (0 all, +10 intact)"
    ),
}
"""Every option a profile names, by its key in a profile file."""
KEYS = ("name", "source", *OPTIONS)

BUILT_IN: Mapping[str, Tournament] = {DEFAULT_PROFILE: Tournament()}
"""The profiles mahj knows by name alone: Mah Jongg Master Points (RULES.md §6)."""


def built_in(name: str) -> Tournament | None:
    """A profile mahj knows by name (any case), or None.

    >>> built_in("MJMP") == Tournament(), built_in("nope")
    (True, None)
    """
    return BUILT_IN.get(name.strip().casefold())


def profile_table(rules: Tournament) -> dict[str, Any]:
    """A profile as its file (and an event file) writes it: name, source, every option.

    >>> coastal = Tournament(variants=("dead-wall-0",), profile="Coastal")
    >>> profile_table(coastal)["dead_hand_wall_game"]
    0
    """
    out: dict[str, Any] = {"name": rules.profile}
    if rules.source:
        out["source"] = rules.source
    for key, option in OPTIONS.items():
        on = (
            rules.misnamed_adds
            if option.variant == "misnamed"
            else option.variant in rules.variants
        )
        out[key] = option.values[1] if on else option.values[0]
    return out


def read_profile(doc: Mapping[str, Any]) -> tuple[Tournament | None, list[tuple[str, str]]]:
    """A profile's table (a profile file, or an event file's [profile]) as a rule set,
    or every problem as (key, message). A key left out takes Master Points' value."""
    problems: list[tuple[str, str]] = []
    name = doc.get("name")
    if not isinstance(name, str) or not name.strip():
        given = "" if name is None else f", not {shown(name)}"
        problems.append(("name", f'a profile needs a name, like name = "Club rules"{given}'))
        name = ""
    elif why := name_problem(name.strip()):
        problems.append(("name", f"the profile's name: {why}"))
    source = doc.get("source", "")
    if not isinstance(source, str):
        problems.append(("source", f"source must be text, not {shown(source)}"))
        source = ""
    elif why := control_problem(source, "source"):
        problems.append(("source", why))
    variants: list[str] = []
    adds = False
    for key, option in OPTIONS.items():
        value = doc.get(key, option.values[0])
        if value not in option.values or type(value) is not type(option.values[0]):
            a, b = (shown(v) for v in option.values)
            problems.append((key, f"{key} must be {a} or {b}, not {shown(value)}"))
            continue
        if value == option.values[1]:
            if option.variant == "misnamed":
                adds = True
            else:
                variants.append(option.variant)
    for key in sorted(set(doc) - set(KEYS)):
        near = closest(key, KEYS)
        hint = f"; did you mean {near!r}?" if near else f" (a profile has {', '.join(KEYS)})"
        problems.append((key, f"unknown key {key!r}{hint}"))
    if problems:
        return None, problems
    rules = Tournament(
        misnamed_adds=adds, variants=tuple(variants), profile=name.strip(), source=source.strip()
    )
    return rules, []
