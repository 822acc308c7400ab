"""House rules (RULES.md §7), each off by default: what a night turned on, in one value.

A night names its house rules as `RULE` or `RULE=VALUE` (on the command line with
`--house`, in the session file as `house = [...]`); `House` holds them and says them in
words for the line under the standings.
"""

from typing import NamedTuple

from .model import MAX_VALUE
from .money import money

WALL_BET = 25
"""The night's wall-bet value when the bettor rule names none (RULES.md §7)."""
KITTY = 25
"""What each seated player puts in the kitty on a wall game when the rule names none."""


class House(NamedTuple):
    """The league house rules a night plays (RULES.md §7); all off by default."""

    bettor: int | None = None
    """On: waiting players may bet; the value each seated player pays a wall bettor."""
    kitty: int | None = None
    """On: what each seated player puts in the kitty on every wall game."""
    kitty_special: bool = False
    """With the kitty: only a jokerless or a self-picked win takes it."""
    pay_for_table: bool = False
    """A player whose error gave Mah Jongg may pay for the whole table."""
    east_double: bool = False
    """East's payment and East's collection are doubled."""
    jokerless_flat: int | None = None
    """Jokerless adds this many points to what each loser pays, instead of doubling."""

    def names(self) -> list[str]:
        """The rules on, as `RULE[=VALUE]`, in the order `RULES` lists them.

        >>> House(kitty=30, east_double=True).names()
        ['kitty=30', 'east-double']
        """
        out = []
        for name, (field, takes, _, _) in RULES.items():
            value = getattr(self, field)
            if value is None or value is False:
                continue
            out.append(f"{name}={value}" if takes and value is not True else name)
        return out

    def words(self, stake: int = 0) -> list[str]:
        """Each rule on, in a few words for people: an amount in points, or, on a night
        played for money (`stake` cents a point), the money it is (RULES.md §5).

        >>> House(kitty=5).words(stake=5)
        ['kitty ($0.25 from each seated player on a wall game)']
        >>> House(kitty=5, jokerless_flat=10).words()[1]
        'jokerless adds 10 instead of doubling'
        """
        out = []
        for field, takes, _, say in RULES.values():
            value = getattr(self, field)
            if value is not None and value is not False:
                out.append(say.format(money(value, stake) if takes and stake else value))
        return out


RULES: dict[str, tuple[str, bool, object, str]] = {
    "bettor": ("bettor", True, WALL_BET, "bettor (a wall bet collects {} from each seated)"),
    "kitty": ("kitty", True, KITTY, "kitty ({} from each seated player on a wall game)"),
    "kitty-special": ("kitty_special", False, True,
                      "only a jokerless or self-picked win takes the kitty"),
    "pay-for-table": ("pay_for_table", False, True, "pay for the table"),
    "east-double": ("east_double", False, True, "East pays and collects double"),
    "jokerless-flat": ("jokerless_flat", True, None, "jokerless adds {} instead of doubling"),
}  # fmt: skip
"""Each house rule by name: its field, whether it takes a value, its default value (None:
a value must be given), and its words."""


def parse(names: list[str], label: str = "--house") -> House:
    """The house rules named, refusing what is not one (ValueError with the reason).

    >>> parse(["kitty", "east-double"]) == House(kitty=25, east_double=True)
    True
    >>> parse(["jokerless-flat=10"]).jokerless_flat
    10
    >>> parse(["Kitty"]).kitty
    25
    """
    chosen: dict[str, object] = {}
    for raw in names:
        name, _, value = raw.strip().partition("=")
        name, value = name.strip().lower(), value.strip()  # "Kitty = 5" is kitty=5
        if name not in RULES:
            known = ", ".join(RULES)
            raise ValueError(f"{label}: no house rule called {name!r} (the rules: {known})")
        field, takes, default, _ = RULES[name]
        if field in chosen:
            raise ValueError(f"{label}: {name} is named twice")
        if not takes and value:
            raise ValueError(f"{label}: {name} takes no value; write just {name}")
        if takes and not value:
            if default is None:
                raise ValueError(f"{label}: {name} needs a value, like {name}=10")
            chosen[field] = default
            continue
        chosen[field] = _points(value, name, label) if takes else True
    house = House(**chosen)  # type: ignore[arg-type]
    if house.kitty_special and house.kitty is None:
        raise ValueError(f"{label}: kitty-special needs the kitty too (add --house kitty)")
    return house


def _points(value: str, name: str, label: str) -> int:
    if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= MAX_VALUE:
        raise ValueError(
            f"{label}: {name}={value} needs a whole number of points from 1 to {MAX_VALUE}"
        )
    return int(value)
