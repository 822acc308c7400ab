"""What a night's standings must show, wherever they are shown (RULES.md §1, §4, §5, §7).

The one list: each player's total, best first (with the purse under the pie, who left,
and who left having settled up); the line naming the house rules or the tournament's
options; the sum of the totals (zero on a night that pays, the kitty counted as an
account); what a kitty still full goes back to, and to whom; what leavers paid or were
paid as they settled up on leaving; and the payments that settle the rest, saying whether
they are the fewest or a short list. The terminal (`mahj total`), the page (`--html`),
the pictures (`--png`, `--svg`), the room's screen and the JSON are all drawn from
`summary`, and one test holds each of them to `Summary.musts`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core.model import Leave
from ..core.settle import SettleUp, Transfer
from ..core.standings import Standings
from .words import place_of, points, rate, settle_kind, settled_words


class Place(NamedTuple):
    """One line of the standings, best first."""

    place: str
    """`1`, or `=1` when the place is shared (as an event's standings write it)."""
    name: str
    total: str
    negative: bool
    purse: str = ""
    pie: bool = False
    left: bool = False
    settled: bool = False
    """Gone for the night after settling up as she left, owing and owed nothing more."""

    @property
    def mark(self) -> str:
        """`(left)`, `(left, settled)`, or nothing for a player still here."""
        if not self.left:
            return ""
        return "(left, settled)" if self.settled else "(left)"

    @property
    def words(self) -> str:
        """The line as every view reads: `2 Ruth -480 20 pie`, `1 Sue (left) +100`."""
        mark = f" {self.mark}" if self.left else ""
        purse = f" {self.purse}" + (" pie" if self.pie else "") if self.purse else ""
        return f"{self.place} {self.name}{mark} {self.total}{purse}"


class Settled(NamedTuple):
    """What one leaver settled as she went: in words (`Linda pays Ruth 100 (before game
    3)`), and each payment as `mahj total --json` lists it under `settled`."""

    words: str
    payments: tuple[dict[str, Any], ...]


class Must(NamedTuple):
    """One thing the standings must show: how every view with words reads it, and where
    `mahj total --json` holds it (a path of keys and indexes) and what it holds there."""

    what: str
    words: str
    path: tuple[str | int, ...]
    value: Any


class Summary(NamedTuple):
    """A night's standings as every view shows them."""

    places: tuple[Place, ...]
    rules: tuple[str, ...]
    """The line under the standings naming the house rules (or the tournament's options)."""
    sum_words: str
    """`Sum of totals with the kitty's 50: 0 (sums to zero)`, or `Table total: 30`."""
    kitty_back: tuple[tuple[str, int], ...]
    """What each player gets back from a kitty still full (RULES.md §7)."""
    kitty_words: str
    settled: tuple[Settled, ...]
    """What leavers settled as they went (RULES.md §5), in the log's order."""
    found: SettleUp | None
    """The final settle-up of what is left (None on a night that does not pay, or whose
    balances do not sum to zero)."""
    coins: int
    pays: bool
    """A night that pays (league): its totals sum to zero and it settles up."""
    totals: dict[str, int]
    purses: dict[str, int] | None
    grand: int

    def money(self, n: int, sign: bool = False) -> str:
        """An amount as this summary shows it (points, or coins)."""
        return points(n, coins=self.coins, sign=sign)

    @property
    def settle(self) -> tuple[Transfer, ...]:
        """The payments of the final settle-up, largest first."""
        return self.found.payments if self.found is not None else ()

    @property
    def settle_kind(self) -> str:
        """`the fewest payments`, or that they are a short list (RULES.md §5)."""
        return settle_kind(self.found) if self.found is not None else ""

    @property
    def settle_heading(self) -> str:
        """`Settle up: the fewest payments` (or a short list)."""
        return f"Settle up: {self.settle_kind}" if self.found is not None else ""

    @property
    def settle_none(self) -> str:
        """The settle-up of a night that pays when every balance is settled (or even)."""
        return "Nobody owes anybody anything more." if self.found is not None else ""

    def settle_words(self) -> tuple[str, ...]:
        """Each payment of the settle-up: `Linda pays Ruth 50`."""
        return tuple(f"{t.payer} pays {t.payee} {self.money(t.amount)}" for t in self.settle)

    def musts(self) -> tuple[Must, ...]:
        """Everything the standings must show, each with its words and its JSON."""
        out = [Must("total", p.words, ("totals", p.name), self.totals[p.name]) for p in self.places]
        if self.purses is not None:
            out += [Must("purse", p.words, ("purse", p.name), self.purses[p.name])
                    for p in self.places]  # fmt: skip
        out += [Must("rules", line, ("rule_notes", i), line) for i, line in enumerate(self.rules)]
        out.append(Must("sum", self.sum_words, ("sum",), self.grand))
        if self.kitty_back:
            out.append(Must("kitty back", self.kitty_words, ("kitty_back",), dict(self.kitty_back)))
        paid = [(s.words, payment) for s in self.settled for payment in s.payments]
        out += [Must("settled", words, ("settled", i), payment)
                for i, (words, payment) in enumerate(paid)]  # fmt: skip
        if self.found is not None and self.settle:
            out.append(Must("settle heading", self.settle_kind, ("settle_fewest",),
                            self.found.fewest))  # fmt: skip
        out += [
            Must("settle up", words, ("settle", i),
                 {"from": t.payer, "to": t.payee, "amount": t.amount})
            for i, (t, words) in enumerate(zip(self.settle, self.settle_words(), strict=True))
        ]  # fmt: skip
        return tuple(out)

    def json(self) -> dict[str, Any]:
        """What `mahj total --json` adds for these: the rule notes (when there are any),
        the sum, the kitty's refund (when a kitty is full) and, on a night that pays,
        `settle` (the final settle-up's payments), `settle_fewest` (true when they are the
        fewest, false for a short list) and `settled` (what leavers settled as they went)."""
        out: dict[str, Any] = {"rule_notes": list(self.rules)} if self.rules else {}
        out["sum"] = self.grand
        if self.kitty_back:
            out["kitty_back"] = dict(self.kitty_back)
        if self.found is not None:
            out["settle"] = [{"from": t.payer, "to": t.payee, "amount": t.amount}
                             for t in self.settle]  # fmt: skip
            out["settle_fewest"] = self.found.fewest
            out["settled"] = [payment for s in self.settled for payment in s.payments]
        return out


def places(standings: Standings, coins: int = 0) -> tuple[Place, ...]:
    """The standings, best first (equal totals share the place and keep the session's
    order: RULES.md §9), with each purse under the pie, and who left (settled up or not)."""
    purses = standings.purses()
    coins = rate(standings, coins)
    square = standings.settled_square()
    ranked = sorted(zip(standings.players, standings.totals, strict=True), key=lambda p: -p[1])
    return tuple(
        Place(
            place=place_of(total, standings.totals),
            name=name,
            total=points(total, coins=coins),
            negative=total < 0,
            purse="" if purses is None else points(purses[name], coins=coins, sign=False),
            pie=purses is not None and purses[name] <= 0,
            left=name in standings.gone,
            settled=name in square,
        )
        for name, total in ranked
    )


def settled(standings: Standings, coins: int = 0) -> tuple[Settled, ...]:
    """What each leaver settled as she went, in words and as `total --json` lists it."""
    out = []
    for row in standings.settled_rows():
        if not isinstance(row.entry, Leave):
            continue
        who = {"player": row.entry.player, "before_game": row.game}
        paid = tuple(
            {**who, "from": payer, "to": payee, "amount": amount}
            for payer, payee, amount in row.entry.settled
        )
        words = settled_words(row, standings, coins=coins)
        out.append(Settled(f"{words} (before game {row.game})", paid))
    return tuple(out)


def summary(standings: Standings, coins: int = 0) -> Summary:
    """The night's standings as every view must show them."""
    coins = rate(standings, coins)

    def money(n: int) -> str:
        return points(n, coins=coins, sign=False)

    grand = sum(standings.totals)
    back = tuple(standings.kitty_returns().items())
    found = None
    if standings.rules.pays:
        kitty = standings.kitty_total()
        grand += kitty
        check = "sums to zero" if grand == 0 else f"sums to {grand}: check the session file!"
        with_kitty = f" with the kitty's {money(kitty)}" if kitty else ""
        sum_words = f"Sum of totals{with_kitty}: {money(grand)} ({check})"
        if sum(standings.balances().values()) == 0:  # else a damaged file: nothing to trust
            found = standings.settle_up()
    else:
        sum_words = f"Table total: {money(grand)}"
    kitty_words = ""
    if back:
        each = ", ".join(f"{name} {money(amount)}" for name, amount in back)
        kitty_words = f"The kitty goes back to those who paid it: {each}"
    return Summary(
        places=places(standings, coins),
        rules=standings.rules.rule_notes(coins),
        sum_words=sum_words,
        kitty_back=back,
        kitty_words=kitty_words,
        settled=settled(standings, coins) if found is not None else (),
        found=found,
        coins=coins,
        pays=standings.rules.pays,
        totals=standings.totals_map(),
        purses=standings.purses(),
        grand=grand,
    )
