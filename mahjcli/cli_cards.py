"""`mahj table` (payment charts) and `mahj lines` (a card's lines), registered by `register`.

The numbers come from `mahjcli.charts` and `mahjcli.cards`; this module only chooses what
to chart (options, else the session, else defaults) and draws it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from .charts import Formatter, LeagueChart, TournamentChart
    from .model import Card
    from .scoring import Standings

CHART_WIDTH = 80
"""A chart is never wider than this, so it fits any terminal and prints on paper."""


def register(app: typer.Typer) -> None:
    """Add this module's commands to `app`."""
    from .cli import handled
    from .options import CoinsOpt, JsonOpt, SessionOpt

    @app.command("table")
    @handled
    def table(
        players: int | None = typer.Option(
            None,
            "--players",
            help="Players seated: 3 or 4 (default: the session's table, else 4).",
        ),
        rules: str | None = typer.Option(
            None,
            "--rules",
            help="league (payments) or tournament (points); default: the session's, else league.",
        ),
        values: str | None = typer.Option(
            None,
            "--values",
            help="Hand values to chart, e.g. 25,30,35 (default: the values on the "
            "session's card, else 25,30,35,40,50,75).",
        ),
        card: str | None = typer.Option(
            None, "--card", help="Chart the values of this card file (or 'sample')."
        ),
        coins: bool = CoinsOpt,
        json: bool = JsonOpt,
        session: Path | None = SessionOpt,
    ) -> None:
        """Print a chart of who pays what for each hand value; works without a session.

        Example: mahj table --players 3 --coins
        """  # fmt: skip
        _table(players, rules, values, card, coins=coins, as_json=json, session=session)

    @app.command("lines")
    @handled
    def lines(
        card: str | None = typer.Option(
            None,
            "--card",
            help="A card file, or 'sample' for the card shipped with mahj "
            "(default: the session's card).",
        ),
        json: bool = JsonOpt,
        session: Path | None = SessionOpt,
    ) -> None:
        """List a card's lines: section, value, concealed, and the value when jokerless.

        Example: mahj lines --card sample
        """  # fmt: skip
        _lines(card, as_json=json, session=session)


# ---- mahj table --------------------------------------------------------------------------


def _chart_standings(session: Path | None) -> Standings | None:
    """The night a chart takes its defaults from; None when there is no session at all
    (no --session, no $MAHJ_SESSION, and no current session file)."""
    import os

    from . import ops, store

    if session is None and not os.environ.get("MAHJ_SESSION"):
        current = store.current_path()
        if current is None or not current.exists():
            return None
        return ops.open_night(current).standings
    return ops.open_night(store.locate(session)).standings


def _table(
    players: int | None,
    rule_opt: str | None,
    values: str | None,
    card_spec: str | None,
    *,
    coins: bool,
    as_json: bool,
    session: Path | None,
) -> None:
    from . import cards, charts, store
    from .errors import Refused
    from .model import RULE_SETS, SEATS

    if rule_opt is not None and rule_opt not in RULE_SETS:
        raise Refused(f"--rules must be league or tournament, not {rule_opt!r}")
    # Check what was typed before reading any file.
    chosen = charts.parse_values(values) if values is not None else None
    standings = _chart_standings(session)
    night = standings.session if standings is not None else None
    rule_set = rule_opt or (night.options.rules if night is not None else "league")
    if coins and rule_set == "tournament":
        raise Refused("tournament points are not money; leave out --coins")
    if players is not None:
        seated = charts.check_players(players, rule_set)
    elif standings is not None and rule_set == "league":
        seated = len(standings.seated)
    else:
        seated = SEATS
    card = store.load_card(card_spec) if card_spec is not None else None
    if card is None and night is not None:
        card = night.card
    if chosen is None:
        chosen = cards.card_values(card) if card is not None else charts.DEFAULT_VALUES

    fmt = _formatter(coins)
    if rule_set == "tournament":
        adds = night.options.misnamed_adds if night is not None else False
        t_chart = charts.tournament_chart(chosen, misnamed_adds=adds)
        if as_json:
            _echo_json(charts.tournament_json(t_chart))
        else:
            _print_tournament(t_chart)
        return
    chart = charts.league_chart(chosen, seated)
    if as_json:
        data = charts.league_json(chart, fmt)
        data["coins"] = coins
        _echo_json(data)
        return
    pie = night.options.pie if night is not None else None
    _print_league(chart, fmt, coins=coins, card=card, pie=pie)


def _formatter(coins: bool) -> Formatter:
    from . import render

    def fmt(n: int) -> str:
        return render.points(n, coins=coins, sign=False)

    return fmt


def _echo_json(data: object) -> None:
    import json

    typer.echo(json.dumps(data, ensure_ascii=False))


def _chart_console() -> tuple[Console, int]:
    from . import render

    out = render.console()
    return out, min(out.width, CHART_WIDTH)


def _print_notes(out: Console, width: int, notes: list[str]) -> None:
    import textwrap

    from rich.text import Text

    for note in notes:
        out.print(Text(textwrap.fill(note, width)), width=width)


def _print_league(
    chart: LeagueChart, fmt: Formatter, *, coins: bool, card: Card | None, pie: int | None
) -> None:
    from rich.table import Table

    from . import charts

    out, width = _chart_console()
    title = f"League payments, {chart.seated} seated"
    if coins:
        title += ", in coins (a cent a point)"
    table = Table(title=title, title_justify="left", show_lines=chart.seated > 3)
    table.add_column("Value", justify="right")
    for column in charts.COLUMNS:
        table.add_column(charts.HEADINGS[column], justify="right")
    value_width = max([len("Value"), *(len(str(row.value)) for row in chart.rows)])
    room = width - _overhead(len(charts.COLUMNS) + 1) - value_width
    grid = charts.league_grid(chart, fmt, room)
    for row, cells in zip(chart.rows, grid, strict=True):
        table.add_row(str(row.value), *(_bold_first(cell) for cell in cells))
    out.print(table, width=width)
    notes = [
        "Each cell: what the winner collects (what each loser pays, the thrower first).",
        "Jokerless doubles only a hand with a group of three or more; a "
        "singles-and-pairs hand is paid from the first two columns.",
        "A heavenly hand, or a win by exchanging for a joker in another player's "
        "exposure, is paid as self-picked.",
    ]
    if pie is not None:
        notes.append(f"Pie {fmt(pie)}: nobody pays more than what is left in their purse.")
    if card is not None:
        year = f" {card.year}" if card.year is not None else ""
        notes.append(f"Values from the card: {card.name}{year}.")
    _print_notes(out, width, notes)


def _bold_first(cell: str) -> Text:
    """The cell with what the winner collects (its first word) in bold."""
    from rich.text import Text

    ends = [i for i in (cell.find(" "), cell.find("\n")) if i != -1]
    cut = min(ends, default=len(cell))
    text = Text(cell[:cut], style="bold")
    text.append(cell[cut:])
    return text


def _overhead(columns: int) -> int:
    """Characters a Rich table with borders and padding 1 adds around its columns."""
    return 3 * columns + 1


def _print_tournament(chart: TournamentChart) -> None:
    from rich.table import Table

    from . import charts, rules

    out, width = _chart_console()
    points = Table(
        title="Tournament points for the winner (Mah Jongg Master Points)", title_justify="left"
    )
    points.add_column("Value", justify="right")
    for column in charts.COLUMNS:
        points.add_column(charts.HEADINGS[column], justify="right")
    points.add_column("Heavenly\nhand", justify="right")
    for row in chart.rows:
        points.add_row(str(row.value), *(str(p) for p in row.points), str(row.heavenly))
    out.print(points, width=width)

    how = "added to" if chart.misnamed_adds else "in place of"
    thrower = Table(title="The thrower's points, by the winner's exposures", title_justify="left")
    thrower.add_column("Winner's\nexposures")
    thrower.add_column("Threw the\nwinning tile", justify="right")
    thrower.add_column(f"Mis-named the discard\n({how} the penalty)", justify="right")
    for band in chart.thrower:
        thrower.add_row(band.label, str(band.points), str(band.misnamed))
    out.print(thrower, width=width)
    notes = [
        f"Bonuses add: self-picked +{rules.SELF_PICK_BONUS}, jokerless "
        f"+{rules.JOKERLESS_BONUS}, never on a hand with no group of three.",
        "A self-picked win has no thrower and no penalty; everyone else scores 0.",
        f"Wall game: {chart.wall_live:+d} for each live hand, {chart.wall_dead:+d} for a "
        "dead one. Time called: 0 for everyone.",
    ]
    _print_notes(out, width, notes)


# ---- mahj lines --------------------------------------------------------------------------


def _lines(card_spec: str | None, *, as_json: bool, session: Path | None) -> None:
    from . import store

    if card_spec is not None:
        card = store.load_card(card_spec)
        source = "sample" if card_spec == "sample" else card_spec
    else:
        card, source = _session_card(session)
    if as_json:
        _echo_json(_lines_json(card, source))
        return
    from . import render

    out = render.console()
    out.print(_lines_table(card), width=min(out.width, CHART_WIDTH))
    _print_notes(
        out,
        min(out.width, CHART_WIDTH),
        [
            "Jokerless: the value in use when the hand has no jokers; doubled only for a "
            "line with a group of three or more (a pairs-only line cannot hold a joker).",
            'Score a hand by its line: mahj win NAME --line "LINE" --thrown-by NAME',
        ],
    )


def _session_card(session: Path | None) -> tuple[Card, str]:
    from . import ops, store
    from .errors import Refused, SessionMissing

    try:
        path = store.locate(session)
    except SessionMissing:
        raise Refused(
            "no current session to take a card from; show a card file with "
            "`mahj lines --card FILE` (or --card sample)"
        ) from None
    night = ops.open_night(path)
    if night.session.card is None:
        raise Refused(
            f"the session {path} has no card; start a night with `mahj new ... --card "
            "FILE|sample`, or show a card file with `mahj lines --card FILE`"
        )
    return night.session.card, str(path)


def _lines_table(card: Card) -> Table:
    from rich.table import Table
    from rich.text import Text

    from .cards import jokerless_value

    year = f" {card.year}" if card.year is not None else ""
    table = Table(
        title=Text(f"{card.name or 'Card'}{year}: {len(card.lines)} lines"), title_justify="left"
    )
    table.add_column("Line", overflow="fold")
    table.add_column("Section", overflow="fold")
    table.add_column("Value", justify="right")
    table.add_column("Concealed")
    table.add_column("Jokerless", justify="right")
    for line in card.lines:
        table.add_row(
            Text(line.name),
            Text(line.section),
            str(line.value),
            "yes" if line.concealed else "no",
            str(jokerless_value(line)),
        )
    return table


def _lines_json(card: Card, source: str) -> dict[str, Any]:
    from .cards import jokerless_value

    return {
        "card": {"name": card.name, "year": card.year, "source": source},
        "lines": [
            {
                "name": line.name,
                "section": line.section,
                "value": line.value,
                "concealed": line.concealed,
                "groups": line.groups,
                "jokerless_value": jokerless_value(line),
            }
            for line in card.lines
        ],
    }
