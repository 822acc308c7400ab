"""What a fix leaves to be said beyond its totals: later games of a score card now on
another round, and bets the fix left out (`night.show_fixed`)."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from ..core.model import Wall, Win
from ..core.names import join_names
from ..core.standings import Row, Standings
from .console import hang, wrap_units


def show_new_rounds(out: Console, at: int, before: Standings, after: Standings) -> None:
    """A score card's later games that a fix puts on another round (time called, or not,
    in the game fixed): said, so that a wrong one is seen and fixed back."""
    was = {row.at: row.round for row in before.rows if row.is_game}
    moved = [
        f"game {row.game}, round {was[row.at]} → {row.round}"
        for row in after.rows
        if row.is_game and row.at > at and row.at in was and was[row.at] != row.round
    ]
    if moved and after.rules.score_card:
        label = Text("Later games now on another round of the score card: ")
        for line in wrap_units(label, [Text(m) for m in moved], out.width):
            out.print(line)


def show_dropped_bets(out: Console, was: Row, now: Row) -> None:
    """A fix replaces the whole game: bets it leaves out no longer count, and the words
    that would keep them."""
    from ..core.names import typed_value

    def bets_of(row: Row) -> list[tuple[str, str]]:
        entry = row.entry
        if not isinstance(entry, Win | Wall):
            return []
        return [*entry.bets, *((bettor, "wall") for bettor in entry.wall_bets)]

    kept = bets_of(now)
    bets = [bet for bet in bets_of(was) if bet not in kept]
    if not bets:
        return
    what = join_names([f"{a} on {'a wall game' if b == 'wall' else b}" for a, b in bets])
    again = " ".join(f"--bet {typed_value(f'{bettor}={on}')}" for bettor, on in bets)
    one = len(bets) == 1
    hang(
        out,
        Text(
            f"Game {now.game}'s bet{'' if one else 's'} ({what}) {'is' if one else 'are'} not "
            f"in the fix, so {'it no longer counts' if one else 'they no longer count'}; to "
            f"keep {'it' if one else 'them'}, fix it again with {again} added"
        ),
    )
