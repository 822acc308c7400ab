"""The one list of what a night's standings must show (`mahjcli.reports.summary`): what
it says where the rule book asks for more than totals (RULES.md §5: the settle-up says
whether it is the fewest payments; past the exact limit, it is a short list)."""

from __future__ import annotations

from mahjcli.core.fold import fold
from mahjcli.core.model import Win
from mahjcli.core.session import Session
from mahjcli.core.settle import EXACT_LIMIT
from mahjcli.reports.summary import summary

SHORT = "a short list of payments (too many players to promise the fewest)"


def _club(players: int, games: int) -> Session:
    """A club night of `players` at tables of four, each table's East winning in turn,
    thrown by the player to their right, with different values."""
    names = tuple(f"P{i:02d}" for i in range(players))
    night = Session(players=names, easts=names[::4], tables=players // 4)
    log: list[Win] = []
    for game in range(games):
        table = fold(night._replace(log=tuple(log))).tables[game % (players // 4)]
        log.append(Win(winner=table.east, value=25 + game, thrown_by=table.seated[1]))
    return night._replace(log=tuple(log))


def test_past_the_exact_limit_the_settle_up_says_so():
    standings = fold(_club(24, 24))
    assert not standings.problems
    shown = summary(standings)
    assert sum(1 for b in standings.balances().values() if b) > EXACT_LIMIT
    assert shown.settle_kind == SHORT
    assert shown.settle_heading == f"Settle up: {SHORT}"
    assert ("settle heading", SHORT) in {(m.what, m.words) for m in shown.musts()}
    assert shown.json()["settle_fewest"] is False


def test_within_the_exact_limit_it_says_the_fewest_payments():
    shown = summary(fold(_club(8, 6)))
    assert shown.settle and shown.settle_heading == "Settle up: the fewest payments"
    assert ("settle heading", "the fewest payments") in {(m.what, m.words) for m in shown.musts()}
    assert shown.json()["settle_fewest"] is True
