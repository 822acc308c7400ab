"""`mahj table` (payment charts) and `mahj lines` (a card's lines). The numbers come from
`mahjcli.reports.paychart` and the card; this module only chooses what to chart (options,
else the session, else defaults)."""

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from .completion import rule_words
from .shared import CoinsOpt, Commands, JsonOpt, SessionOpt, emit_json

if TYPE_CHECKING:
    from ..core.model import Card
    from ..core.rulesets import RuleSet
    from ..core.standings import Standings
    from ..reports.paychart import Formatter

commands = Commands()


@commands.command("table")
def table(
    players: str | None = typer.Option(
        None,
        "--players",
        help="Players seated: 3 or 4 (default: the session's table, else 4).",
        metavar="3|4",
    ),
    rules: str | None = typer.Option(
        None,
        "--rules",
        metavar="league|tournament",
        autocompletion=rule_words,
        help="league (payments) or tournament (points); default: the session's, else league.",
    ),
    values: str | None = typer.Option(
        None,
        "--values",
        metavar="25,30,...",
        help="Hand values to chart, e.g. 25,30,35 (default: the values on the "
        "session's card, else 25,30,35,40,50,75).",
    ),
    card: str | None = typer.Option(
        None,
        "--card",
        metavar="FILE|sample",
        help="Chart the values of this card file (or 'sample').",
    ),
    coins: bool = CoinsOpt,
    json: bool = JsonOpt,
    session: Path | None = SessionOpt,
) -> None:
    """Print a chart of who pays what for each hand value; works without a session.

    Example: mahj table --players 3 --coins
    """  # fmt: skip
    from ..core import cards
    from ..core.errors import Refused
    from ..core.model import SEATS
    from ..core.numbers import whole_number
    from ..core.rulesets import RULE_SETS, rules_problem
    from ..reports import paychart, words

    if rules is not None and (why := rules_problem(rules, "--rules")):
        raise Refused(why)
    chosen = paychart.parse_values(values) if values is not None else None  # before any file
    standings = _chart_standings(session)
    night = standings.session if standings is not None else None
    rule_set: RuleSet
    if night is not None and rules in (None, night.rules.name):
        rule_set = night.rules  # with the night's own options (its pie, its misnamed mode)
    else:
        rule_set = RULE_SETS[rules or "league"]()
    if coins and not rule_set.pays:
        raise Refused(f"{rule_set.name} points are not money; leave out --coins")
    money = rule_set.stake or (1 if coins else 0)  # a night played for money shows money
    if players is not None:
        seated = paychart.check_players(whole_number(players, "--players", 0, 99), rule_set)
    elif standings is not None and rule_set.pays:
        seated = len(standings.seated)
    else:
        seated = rule_set.table_size or SEATS
    if card is not None:
        from ..files.cardfile import load_card  # a card file only for --card

        the_card: Card | None = load_card(card)
    else:
        the_card = night.card if night else None
    if chosen is None:
        chosen = cards.card_values(the_card) if the_card is not None else paychart.DEFAULT_VALUES

    def fmt(n: int) -> str:
        return words.points(n, coins=money, sign=False)

    _print_chart(rule_set, chosen, seated, fmt, coins=money, card=the_card, as_json=json)


def _print_chart(
    rule_set: "RuleSet",
    chosen: tuple[int, ...],
    seated: int,
    fmt: "Formatter",
    *,
    coins: int,
    card: "Card | None",
    as_json: bool,
) -> None:
    """Each rule set has its own chart: payments for a league, points for a tournament."""
    from ..core.cards import pairs_only_values
    from ..core.rulesets import League, Tournament
    from ..reports import paychart
    from ..ui import paychart as draw

    notes = list(rule_set.rule_notes(coins))
    pairs = pairs_only_values(card) if card is not None else frozenset()
    if pairs & set(chosen):
        notes.append(
            f"{paychart.NEVER}: every line of that value on the card is singles and pairs, "
            "so a hand of that value never counts as jokerless."
        )
    match rule_set:
        case Tournament(misnamed_adds=adds):
            from ..reports import pointchart

            t_chart = pointchart.tournament_chart(
                chosen,
                misnamed_adds=adds,
                at_three=rule_set.at_three,
                pairs_only=pairs,
                wall_dead=rule_set.dead_wall,
            )
            if as_json:
                emit_json(pointchart.tournament_json(t_chart))
            else:
                draw.print_tournament(t_chart, notes)
        case League(pie=pie, house=house):
            charts = [paychart.league_chart(chosen, seated, house, pairs_only=pairs)]
            if house.east_double:
                charts.append(
                    paychart.league_chart(chosen, seated, house, east_wins=True, pairs_only=pairs)
                )
            if as_json:
                data = paychart.league_json(charts[0], fmt)
                if len(charts) > 1:
                    data["east_wins"] = paychart.league_json(charts[1], fmt)["rows"]
                stake = {"stake": coins / 100} if rule_set.stake else {}
                emit_json({**data, "coins": coins == 1, **stake, "house": house.names()})
            else:
                draw.print_league(
                    charts,
                    fmt,
                    coins=coins,
                    card=card,
                    pie=pie,
                    notes=notes,
                    flat=house.jokerless_flat,
                )


def _chart_standings(session: Path | None) -> "Standings | None":
    """The night a chart takes its defaults from; None when there is none at all (no
    --session, no $MAHJ_SESSION, and no current session file)."""
    from ..files import loader, paths

    if session is None:
        current = paths.current_or_none()
        if current is None or not current.exists():
            return None
        session = current
    return loader.load(session).standings


@commands.command("lines")
def lines(
    card: str | None = typer.Option(
        None,
        "--card",
        metavar="FILE|sample",
        help="A card file, or 'sample' for the card shipped with mahj "
        "(default: the session's card).",
    ),
    json: bool = JsonOpt,
    session: Path | None = SessionOpt,
) -> None:
    """List a card's lines: section, value, concealed, and the value when jokerless.

    Example: mahj lines --card sample
    """  # fmt: skip
    from ..core.cards import jokerless_value

    if card is not None:
        from ..files.cardfile import SAMPLE, load_card

        the_card, source = load_card(card), ("sample" if card == SAMPLE else card)
    else:
        the_card, source = _session_card(session)
    if json:
        emit_json(
            {
                "card": {"name": the_card.name, "year": the_card.year, "source": source},
                "lines": [
                    {
                        "name": line.name,
                        "section": line.section,
                        "value": line.value,
                        "concealed": line.concealed,
                        "groups": line.groups,
                        "jokerless_value": jokerless_value(line),
                    }
                    for line in the_card.lines
                ],
            }
        )
        return
    from ..ui.cardlines import print_lines

    print_lines(the_card)


def _session_card(session: Path | None) -> "tuple[Card, str]":
    from ..core.errors import Refused, SessionMissing
    from ..files import loader, paths

    try:
        path = paths.locate(session)
    except SessionMissing:
        raise Refused(
            "no current session to take a card from; show a card file with "
            "`mahj lines --card FILE` (or --card sample)"
        ) from None
    night = loader.load(path)
    if night.session.card is None:
        raise Refused(
            f"the session {path} has no card; start a night with `mahj new ... --card "
            "FILE|sample`, or show a card file with `mahj lines --card FILE`"
        )
    return night.session.card, str(path)
