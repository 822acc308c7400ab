"""Reading a director's profile file, and writing a profile into an event file as a
[profile] table (RULES.md §7, `mahjcli.core.profiles`)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from ..core.errors import Refused
from ..core.profiles import OPTIONS, built_in, profile_table, read_profile
from ..core.rulesets import DEFAULT_PROFILE, Tournament
from .lines import Locator
from .reading import read_text
from .sessionfile import toml_problem
from .sessionwrite import toml_value


def load_profile(spec: str, label: str = "--profile") -> Tournament:
    """The profile `--profile NAME|FILE` names: one mahj knows by name, else a profile
    file; Refused with the file's line when it cannot be used."""
    known = built_in(spec)
    if known is not None:
        return known
    path = Path(spec)
    if path.suffix.lower() != ".toml" and not path.exists():
        raise Refused(
            f"{label}: no profile called {spec!r} (mahj knows {DEFAULT_PROFILE}); a director's "
            "profile is a .toml file: see docs/profile-template.toml"
        )
    text = read_text(path, "profile file", "a profile file", Refused)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        bad = toml_problem(exc, text)
        line = bad.where.line if bad.where is not None else None
        raise Refused(
            f"{path}:{line}: {bad.message}" if line else f"{path}: {bad.message}"
        ) from None
    except RecursionError:
        raise Refused(f"{path}: values are nested too deeply to be a profile") from None
    rules, problems = read_profile(doc)
    if rules is None:
        key, message = problems[0]
        line = Locator(text).top(key)
        raise Refused(f"{path}:{line}: {message}" if line else f"{path}: {message}")
    return rules


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
