"""The night's settle-up on the terminal (`mahj total`): what leavers settled as they went,
and who pays whom to settle the rest."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from ..core.standings import Standings
from ..reports.words import points, rate, settle_heading, settled_words


def show_settle(out: Console, standings: Standings, *, coins: int) -> None:
    """The sum of the totals and, for a night that pays, what leavers settled as they went
    and the payments that settle the rest (saying whether they are the fewest)."""
    coins = rate(standings, coins)
    grand = sum(standings.totals)
    if not standings.rules.pays:
        out.print(f"Table total: {points(grand, coins=coins, sign=False)}")
        return
    kitty = standings.kitty_total()
    grand += kitty
    check = "sums to zero" if grand == 0 else f"sums to {grand}: check the session file!"
    with_kitty = f" with the kitty's {points(kitty, coins=coins, sign=False)}" if kitty else ""
    out.print(
        Text(f"Sum of totals{with_kitty}: {points(grand, coins=coins, sign=False)} ({check})")
    )
    if back := standings.kitty_returns():
        each = ", ".join(f"{name} {points(a, coins=coins, sign=False)}" for name, a in back.items())
        out.print(Text(f"The kitty goes back to those who paid it: {each}"))
    if rows := standings.settled_rows():
        out.print(Text("Settled as they left:", style="bold"))
        for row in rows:
            words = settled_words(row, standings, coins=coins)
            out.print(Text(f"  {words} (before game {row.game})"))
    if grand != 0:
        return  # a damaged file: no settle-up can be trusted
    found = standings.settle_up()
    if found.payments:
        out.print(Text(settle_heading(found), style="bold"))
        for t in found.payments:
            amount = points(t.amount, coins=coins, sign=False)
            out.print(Text(f"  {t.payer} pays {t.payee} {amount}"))
