"""Commands that read a night: status, log, total (and its page and pictures), check."""

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from .shared import (
    CoinsOpt,
    Commands,
    JsonOpt,
    SessionOpt,
    emit_json,
    open_night,
    print_file,
    report_check,
    say,
    table_number,
)

if TYPE_CHECKING:
    from ..core.standings import Standings

commands = Commands()


@commands.command()
def status(json: bool = JsonOpt, session: Path | None = SessionOpt) -> None:
    """Who deals next, who sits where, the waiting line and the purses.

    Example: mahj status
    """
    night = open_night(session)
    if json:
        from ..reports.shapes import status_json

        emit_json(status_json(night.standings))
        return
    from ..ui.console import console
    from ..ui.night import show_status

    show_status(console(), night.standings)


@commands.command()
def log(
    json: bool = JsonOpt,
    coins: bool = CoinsOpt,
    table: str | None = typer.Option(
        None, "--table", help="Club night: only this table's games.", metavar="N"
    ),
    session: Path | None = SessionOpt,
) -> None:
    """The night as a score sheet: each game's changes over each player's running total.

    Example: mahj log --coins
    """
    night = open_night(session, coins=coins)
    number = night.standings.table_named(table_number(table))
    if json:
        from ..reports.shapes import log_json

        emit_json(log_json(night.standings, number))
        return
    from ..ui.console import console
    from ..ui.night import show_log

    show_log(console(), night.standings, coins=coins, table=number)


def _picture(flag: str, what: str) -> Any:
    """An option naming a file to write one of the night's pictures to."""
    return typer.Option(None, flag, help=f"Also write {what}.", metavar="FILE", readable=False)


@commands.command()
def total(
    json: bool = JsonOpt,
    coins: bool = CoinsOpt,
    chart: bool = typer.Option(False, "--chart", help="Draw each player's running total."),
    html: Path | None = _picture("--html", "a page to share (- prints it instead of the table)"),
    svg: Path | None = _picture(
        "--svg", "the chart as an image (- prints it instead of the table)"
    ),
    png: Path | None = _picture("--png", "the chart as a PNG picture, for a group chat"),
    session: Path | None = SessionOpt,
) -> None:
    """Standings, best first, and who pays whom to settle up.

    Example: mahj total --coins
    """
    night = open_night(session, coins=coins)
    standings = night.standings
    if html or svg or png:
        shown = write_pictures(
            standings, night.path, html=html, svg=svg, png=png, coins=coins, json=json
        )
        if shown:
            return  # the picture went to stdout, in place of the table
    if json:
        from ..reports.shapes import total_json

        emit_json(total_json(standings))
        return
    from ..ui.console import console
    from ..ui.night import show_total
    from ..ui.settleup import show_settle

    out = console()
    show_total(out, standings, coins=coins)
    if chart:
        from ..ui.running_chart import terminal

        for line in terminal(standings, width=out.width, coins=coins):
            out.print(line)
    show_settle(out, standings, coins=coins)


@commands.command()
def check(
    card: str | None = typer.Option(
        None, "--card", metavar="FILE", help="Check this card file instead of a session."
    ),
    json: bool = JsonOpt,
    session: Path | None = SessionOpt,
) -> None:
    """Check a session file (after editing it by hand): OK, or each problem with its line.

    Example: mahj check --session thursday.toml
    """
    from ..core.problems import Problem
    from ..files import loader, paths
    from ..files.lines import Locator
    from ..files.reading import stamp

    if card is not None:
        _check_card(card, as_json=json)
        return
    path = paths.locate(session)
    loaded = loader.read(path)
    found, _ = loader.check(loaded)
    notes = list(loaded.parsed.notes)
    if stamp(path) != loaded.stamp:  # saved meanwhile: what was checked is already old
        notes.append(Problem("the file changed while it was checked; run `mahj check` again"))
    locator = Locator(loaded.parsed.text)
    report_check(path, found, notes, locator, json)


def _check_card(spec: str, *, as_json: bool) -> None:
    """`mahj check --card FILE`: OK, or every problem of the card with its line."""
    from ..files.cardfile import check_card

    checked = check_card(spec)
    if as_json:
        emit_json(
            {
                "ok": checked.card is not None,
                "problems": [{"message": m, "line": line} for line, m in checked.problems],
                "notes": [],
            }
        )
    else:
        for problem in checked.described():
            typer.echo(problem)
        if checked.card is not None:
            typer.echo(f"OK: {checked.name} ({len(checked.card.lines)} lines)")
    if checked.card is None:
        raise typer.Exit(1)


def write_pictures(
    standings: "Standings",
    source: Path,
    *,
    html: Path | None,
    svg: Path | None,
    coins: bool,
    json: bool = False,
    png: Path | None = None,
) -> bool:
    """`mahj total --html FILE / --svg FILE / --png FILE`: write the page and the pictures,
    say so on stderr. `-` prints the page or the SVG on stdout instead (True: the table is
    then left out); a PNG always goes to a file."""
    from ..files.exports import write_export
    from ..reports import nightpage, pictures

    if png is not None:
        if str(png) == "-":
            raise typer.BadParameter("--png needs a file name: a picture cannot be printed")
        from ..ui.png import picture

        drawn = picture(standings, coins=coins)
        write_export(png, drawn.data, [source])
        say(f"Wrote {png}", err=True)
        if drawn.warning:
            say(f"warning: {drawn.warning}", err=True)

    wanted = [(t, make) for t, make in ((html, nightpage.html_page), (svg, pictures.svg)) if t]
    on_screen = [t for t, _ in wanted if str(t) == "-"]
    if len(on_screen) + json > 1:
        raise typer.BadParameter("only one of --html -, --svg - and --json can print")
    for target, make in wanted:
        if str(target) != "-":
            write_export(target, make(standings, coins=coins).encode("utf-8"), [source])
            say(f"Wrote {target}", err=True)
    for target, make in wanted:
        if str(target) == "-":
            print_file(make(standings, coins=coins))
    return bool(on_screen)
