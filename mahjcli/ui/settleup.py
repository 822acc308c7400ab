"""The night's settle-up on the terminal (`mahj total`): what leavers settled as they went,
and who pays whom to settle the rest."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from ..core.standings import Standings
from ..reports.summary import summary
from .console import hang


def show_settle(out: Console, standings: Standings, *, coins: int) -> None:
    """The sum of the totals and, for a night that pays, what a full kitty gives back,
    what leavers settled as they went and the payments that settle the rest (saying
    whether they are the fewest)."""
    shown = summary(standings, coins)
    out.print(Text(shown.sum_words))
    if shown.kitty_words:
        out.print(Text(shown.kitty_words))
    if shown.settled:
        out.print(Text("Settled as they left:", style="bold"))
        for settled in shown.settled:
            hang(out, Text(f"  {settled.words}"))
    if shown.settle:
        out.print(Text(shown.settle_heading, style="bold"))
        for words in shown.settle_words():
            hang(out, Text(f"  {words}"))
    elif shown.settle_none:
        out.print(Text(shown.settle_none, style="bold"))
