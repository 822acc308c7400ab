"""`mahj win` alone, on a night that plays pay-for-the-table or the bettor (house rules):
after the four questions, who pays for the table, and what each player who may bet on
this game bet on. Asked only on a night that plays them, and never what the command line
already gave (`mahj win --bet Sue=Ruth`).

Each is answered like the other questions, with the number beside a player's name or a
name (TAB completes it), and the word `wall` for a bet on a wall game; here an Enter on its
own is an answer too: nobody pays for the table, or no bet. Who may bet, and whether an
answer can be, is the rules' to say, not this module's: the game is built with the answer
exactly as `--pays-for-table` and `--bet` build it and checked as recording it would be;
what they refuse is said and the question asked again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .askline import Terminal, ask_line, numbers_hint

if TYPE_CHECKING:
    from ..core.model import Win
    from ..core.standings import Standings
    from ..night.build import Built

Trial = Callable[[dict[str, Any]], "Built"]
"""The game the answers make, checked as recording it would check it (Refused if not)."""


def ask_house(
    term: Terminal,
    standings: Standings,
    answers: dict[str, Any],
    trial: Trial,
    order: Sequence[str],
) -> dict[str, Any]:
    """The answers to add to the four questions' `answers`: `pays_for_table`, and `bets`
    (those the command line gave are added to them where the game is built). `order`:
    the players as numbered in the four questions."""
    pays = standings.rules.house_problem("pay-for-table") is None
    bets = standings.rules.house_problem("bettor") is None
    if not (pays or bets):
        return {}
    given = _win(trial(answers))  # refused here as it would be at the confirmation
    view = standings.table_of(answers["winner"])
    table = view.seated if view is not None else ()
    more: dict[str, Any] = {}
    if pays and given.pays_for_table is None:
        more |= _payer(term, answers, table, order, trial)
    if bets:
        more |= _bets(term, standings, {**answers, **more}, table, order, trial)
    return more


def _payer(
    term: Terminal,
    answers: dict[str, Any],
    table: Sequence[str],
    order: Sequence[str],
    trial: Trial,
) -> dict[str, Any]:
    """Who pays for the table (her error gave Mah Jongg), or nobody (an Enter)."""
    others = [name for name in table if name != answers["winner"]]
    term.say("Did someone's error give Mah Jongg?")
    prompt = f"Who pays for the table? {_menu(others, order, 'or Enter for nobody')}: "

    def pays(typed: str) -> str:  # the player's whole name
        return str(_win(trial({**answers, "pays_for_table": typed})).pays_for_table)

    payer = _player(term, prompt, others, order, pays)
    return {} if payer is None else {"pays_for_table": payer}


def _bets(
    term: Terminal,
    standings: Standings,
    answers: dict[str, Any],
    table: Sequence[str],
    order: Sequence[str],
    trial: Trial,
) -> dict[str, Any]:
    """What each player who may bet on this game bet on: a player at its table, a wall
    game (`wall`), or nothing (an Enter), as `--bet BETTOR=PLAYER` says it."""
    bets: list[str] = []

    def with_bet(bet: str) -> Built:
        return trial({**answers, "bets": [*bets, bet]})

    def on(bettor: str) -> Callable[[str], str]:
        def placed(typed: str) -> str:  # the player's whole name, or a wall game
            return dict(_win(with_bet(f"{bettor}={typed}")).bets).get(bettor, "wall-game")

        return placed

    menu = _menu(table, order, "wall for a wall game, or Enter for no bet")
    for bettor in _bettors(standings, table, with_bet):
        target = _player(term, f"{bettor} bet on? {menu}: ", [*table, "wall"], order, on(bettor))
        if target is not None:
            bets.append(f"{bettor}={target}")
    return {"bets": bets} if bets else {}


def _bettors(standings: Standings, table: Sequence[str], bet: Callable[[str], object]) -> list[str]:
    """Who may still bet on this game, the waiting line first: each whose bet on a wall
    game the rules take (a bet the command line gave already is her one bet)."""
    from ..core.errors import Refused

    others = [name for at in standings.tables for name in at.seated if name not in table]
    may = []
    for name in [*standings.waiting, *others]:
        try:
            bet(f"{name}=wall-game")
        except Refused:
            continue
        may.append(name)
    return may


def _menu(names: Sequence[str], order: Sequence[str], tail: str) -> str:
    """`2 Linda  3 Kathy  4 Pat, or Enter for nobody`: each player beside her number."""
    if not order:
        return f"(a name; TAB completes it), {tail}"
    return "  ".join(f"{order.index(name) + 1} {name}" for name in names) + f", {tail}"


def _player(
    term: Terminal,
    prompt: str,
    words: Sequence[str],
    order: Sequence[str],
    trial: Callable[[str], str],
) -> str | None:
    """A player by her number in `order` or by name (TAB completes `words`), as `trial`
    takes it (refused, the question is asked again); None for an Enter on its own. A
    number the question did not offer is taken for its player: the rules say why not."""
    from ..core.errors import NoSuchPlayer, Refused
    from ..core.wording import in_words

    shown = [str(order.index(name) + 1) for name in words if name in order]

    def read(typed: str) -> str | None:
        if not typed:
            return None
        if typed.isascii() and typed.isdigit():
            if not 0 < int(typed) <= len(order):
                raise ValueError(numbers_hint(shown))
            typed = order[int(typed) - 1]
        try:
            return trial(typed)
        except NoSuchPlayer as exc:  # named as the questions name it, not as the option
            raise ValueError(str(exc).removeprefix(f"{in_words(exc.role)}: ")) from None
        except Refused as exc:
            raise ValueError(str(exc)) from None

    return ask_line(term, prompt, read, words, enter=True)


def _win(built: Built) -> Win:
    """The win `mahj win` built."""
    from ..core.model import Win

    assert isinstance(built.entry, Win)
    return built.entry
