"""The `mahj` command line: parse, call the core, hand the result to `render`.

Commands stay thin. Heavy modules (Rich, tomli-w, filelock) are imported inside the
commands that need them, so starting `mahj` costs little more than starting Typer.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import typer

from .options import CoinsOpt, JsonOpt, SessionOpt

if TYPE_CHECKING:
    from .ops import Change, Night
    from .scoring import Standings

app = typer.Typer(
    name="mahj",
    help="Score keeper for American mahjong: league payments, the waiting line, the pie "
    "and tournament points.\n\nExample: mahj new Ruth Linda Kathy Pat",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

F = TypeVar("F", bound=Callable[..., Any])


def handled(func: F) -> F:
    """Turn a refusal into one `Error: ...` line on stderr and exit code 1."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        from .errors import MahjError

        try:
            return func(*args, **kwargs)
        except MahjError as exc:
            typer.echo(f"Error: {exc}", err=True)
            raise typer.Exit(1) from None

    return wrapper  # type: ignore[return-value]


def _complete_players(incomplete: str) -> list[str]:
    from .completion import player_names

    return player_names(incomplete)


def _complete_lines(incomplete: str) -> list[str]:
    from .completion import line_names

    return line_names(incomplete)


DeadOpt = typer.Option(
    None, "--dead", help="A player whose hand was dead (repeatable).", metavar="NAME",
    autocompletion=_complete_players,
)  # fmt: skip


def _night(session: Path | None, *, coins: bool = False) -> Night:
    from . import ops, store
    from .errors import Refused

    night = ops.open_night(store.locate(session))
    if coins and night.session.options.rules == "tournament":
        raise Refused("tournament points are not money; leave out --coins")
    return night


def _print_json(data: object) -> None:
    import json

    typer.echo(json.dumps(data, ensure_ascii=False))


def _show_change(change: Change, notes: tuple[str, ...] = ()) -> None:
    from rich.text import Text

    from . import render

    out = render.console()
    row = change.after.rows[-1]
    head = Text(f"Game {row.game}: " if row.is_game else "")
    head.append(render.describe(row), style="bold")
    out.print(head)
    if row.is_game or row.result == "penalty":
        out.print(Text("  " + render.outcome(row, change.after)))
    for note in (*notes, *row.notes):
        out.print(Text("  " + note, style="italic"))
    _show_totals_line(change.after)
    for line in render.seating_lines(change.after):
        out.print(line)


def _show_totals_line(standings: Standings) -> None:
    from rich.text import Text

    from . import render

    line = Text("Totals: ")
    purses = standings.purses()
    for i, (name, total) in enumerate(zip(standings.players, standings.totals, strict=True)):
        if i:
            line.append(", ")
        line.append(name)
        line.append(" " + render.points(total), style="red" if total < 0 else "green")
        if purses is not None and purses[name] <= 0:
            line.append(" (pie)", style="dim")
        if name in standings.gone:
            line.append(" (left)", style="dim")
    render.console().print(line)


# ---- starting a night ------------------------------------------------------------------


@app.command()
@handled
def new(
    players: list[str] = typer.Argument(
        ...,
        help="Players in seat order, each to the right of the one before.",
        metavar="PLAYER",
    ),
    east: str | None = typer.Option(
        None,
        "--east",
        help="The first East (default: the first player).",
        metavar="NAME",
    ),
    rules: str = typer.Option(
        "league",
        "--rules",
        help="league (payments) or tournament (Master Points).",
        metavar="league|tournament",
    ),
    pie: int | None = typer.Option(
        None,
        "--pie",
        help="League: each player's purse for the night, in points.",
        metavar="POINTS",
    ),
    card: str | None = typer.Option(
        None,
        "--card",
        help="A card file, or 'sample' for the card shipped with mahj.",
        metavar="FILE|sample",
    ),
    name: str = typer.Option(
        "night",
        "--name",
        help="A name for the night (used in the file name).",
        metavar="TEXT",
    ),
    date: str | None = typer.Option(
        None,
        "--date",
        help="The night's date, for a night typed in later (default: today).",
        metavar="YYYY-MM-DD",
    ),
    misnamed: str = typer.Option(
        "replace",
        "--misnamed",
        help="Tournament: a mis-named discard's -25 replaces the exposure penalty "
        "(replace) or is added to it (add).",
        metavar="replace|add",
    ),
    session: Path | None = SessionOpt,
) -> None:
    """Start a night: players in seat order; the first four sit, the rest wait.

    Example: mahj new Ruth Linda Kathy Pat Sue --east Linda --pie 500
    """  # fmt: skip
    import datetime as dt

    from . import actions, store
    from .sessionfile import new_session_text

    night_date = actions.night_date(date) if date is not None else dt.date.today()
    the_card = store.load_card(card) if card is not None else None
    stem = actions.file_stem(name)
    night = actions.new_session(
        players,
        east=east,
        rules=rules,
        pie=pie,
        card=the_card,
        name=name.strip(),
        misnamed=misnamed,
        date=night_date,
    )
    import os

    env = os.environ.get("MAHJ_SESSION")
    path = session or (Path(env) if env else store.new_session_path(stem, night_date))
    with store.locked(path):
        store.create(path, new_session_text(night).encode("utf-8"))
    store.set_current(path)
    from . import render
    from .scoring import fold

    standings = fold(night)
    out = render.console()
    out.print(f"Started {path}")
    for line in render.seating_lines(standings):
        out.print(line)
    if night.card is not None:
        out.print(f"Card: {night.card.name} ({len(night.card.lines)} lines)")


# ---- recording -------------------------------------------------------------------------


NUMBERS = {"ignore_unknown_options": True, "allow_extra_args": True}
"""Context for commands whose values may be typed negative (`-5`): Click would take them
for options; `_no_stray_options` then refuses whatever else was not an option."""


def _no_stray_options(ctx: typer.Context, *values: str | None) -> None:
    """A mistyped option (`--jokeles`) or an extra word is a usage error (exit 2)."""
    import difflib
    import re

    stray = [v for v in values if v and v.startswith("-") and not re.fullmatch(r"-[0-9.]+", v)]
    stray += [str(a) for a in ctx.args]
    if not stray:
        return
    first = stray[0]
    if first.startswith("-"):
        known = [o for p in ctx.command.params for o in p.opts if o.startswith("--")]
        close = difflib.get_close_matches(first.split("=")[0], known, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        ctx.fail(f"No such option: {first}{hint}")
    ctx.fail(f"Got unexpected extra argument ({first})")


@app.command(context_settings=NUMBERS)
@handled
def win(
    ctx: typer.Context,
    winner: str = typer.Argument(
        ...,
        help="Who called Mah Jongg.",
        autocompletion=_complete_players,
        metavar="WINNER",
    ),
    value: str | None = typer.Argument(
        None,
        help="The hand's value on the card (e.g. 25); may be left out with --line.",
        metavar="VALUE",
    ),
    thrown_by: str | None = typer.Option(
        None,
        "--thrown-by",
        help="Who threw the winning tile.",
        autocompletion=_complete_players,
        metavar="NAME",
    ),
    self_pick: bool = typer.Option(
        False,
        "--self-pick",
        help="The winner drew the winning tile (or exchanged for a joker in another "
        "player's exposure).",
    ),
    jokerless: bool = typer.Option(
        False, "--jokerless", help="The winner claims a hand with no jokers."
    ),
    singles_pairs: bool = typer.Option(
        False,
        "--singles-pairs",
        help="A singles-and-pairs hand (no group of three): never paid as jokerless.",
    ),
    heavenly: bool = typer.Option(
        False, "--heavenly", help="East's hand was complete as dealt (only East)."
    ),
    exposures: int | None = typer.Option(
        None,
        "--exposures",
        help="Exposures on the winner's rack (tournament: needed for a thrown win).",
        metavar="N",
    ),
    misnamed: bool = typer.Option(
        False, "--misnamed", help="Tournament: the thrower mis-named the discard."
    ),
    dead: list[str] | None = DeadOpt,
    line: list[str] | None = typer.Option(
        None,
        "--line",
        help="A card line the hand fits (repeatable; the one that pays most is scored).",
        autocompletion=_complete_lines,
        metavar="LINE",
    ),
    session: Path | None = SessionOpt,
) -> None:
    """Record a win and show who pays whom.

    Example: mahj win Ruth 25 --thrown-by Linda
    """  # fmt: skip
    from . import actions, ops, store

    _no_stray_options(ctx, value)

    holder: dict[str, tuple[str, ...]] = {}

    def build(night: Night) -> Any:
        built = actions.build_win(
            night.standings,
            winner=winner,
            value=value,
            thrown_by=thrown_by,
            self_pick=self_pick,
            jokerless=jokerless,
            singles_pairs=singles_pairs,
            heavenly=heavenly,
            exposures=exposures,
            misnamed=misnamed,
            dead=dead,
            lines=line,
        )
        holder["notes"] = built.notes
        return built.entry

    change = ops.record(store.locate(session), build)
    _show_change(change, holder.get("notes", ()))


@app.command()
@handled
def wall(
    dead: list[str] | None = DeadOpt,
    session: Path | None = SessionOpt,
) -> None:
    """Record a wall game: nobody won; the deal passes.

    Example: mahj wall --dead Pat
    """
    from . import actions, ops, store

    change = ops.record(
        store.locate(session), lambda n: actions.build_wall(n.standings, dead).entry
    )
    _show_change(change)


@app.command()
@handled
def incomplete(session: Path | None = SessionOpt) -> None:
    """Tournament: time was called before the game finished (0 for everyone).

    Example: mahj incomplete
    """
    from . import actions, ops, store

    change = ops.record(
        store.locate(session), lambda n: actions.build_incomplete(n.standings).entry
    )
    _show_change(change)


@app.command(context_settings=NUMBERS)
@handled
def penalty(
    ctx: typer.Context,
    name: str = typer.Argument(
        ..., help="The player penalised.", metavar="NAME", autocompletion=_complete_players
    ),
    points: str = typer.Argument(..., help="Points lost, e.g. 10.", metavar="POINTS"),
    reason: str = typer.Option(
        "", "--reason", help="Why, e.g. 'looked at a blind pass'.", metavar="TEXT"
    ),
    session: Path | None = SessionOpt,
) -> None:
    """Tournament: a player loses points, such as 10 for looking at a blind-passed tile.

    Example: mahj penalty Pat 10 --reason "looked at a blind pass"
    """  # fmt: skip
    from . import actions, ops, store

    _no_stray_options(ctx, points)
    change = ops.record(
        store.locate(session),
        lambda n: actions.build_penalty(n.standings, name, points, reason).entry,
    )
    _show_change(change)


@app.command()
@handled
def join(
    name: str = typer.Argument(..., help="The arriving player's name.", metavar="NAME"),
    session: Path | None = SessionOpt,
) -> None:
    """A player arrives: they join the line, or sit at once if a seat is free.

    Example: mahj join Sue
    """
    from . import actions, ops, store

    holder: dict[str, tuple[str, ...]] = {}

    def build(night: Night) -> Any:
        built = actions.build_join(night.standings, name)
        holder["notes"] = built.notes
        return built.entry

    _show_change(ops.record(store.locate(session), build), holder.get("notes", ()))


@app.command()
@handled
def leave(
    name: str = typer.Argument(
        ..., help="The player leaving.", metavar="NAME", autocompletion=_complete_players
    ),
    session: Path | None = SessionOpt,
) -> None:
    """A player leaves for the night; the front of the line takes their seat.

    Example: mahj leave Pat
    """
    from . import actions, ops, store

    _show_change(
        ops.record(store.locate(session), lambda n: actions.build_leave(n.standings, name).entry)
    )


@app.command()
@handled
def undo(session: Path | None = SessionOpt) -> None:
    """Remove the last entry of the night and say what it was.

    Example: mahj undo
    """
    from rich.text import Text

    from . import ops, render, store

    change = ops.undo(store.locate(session))
    removed = change.before.rows[-1]
    label = f"game {removed.game}" if removed.is_game else "entry"
    out = render.console()
    out.print(Text(f"Removed {label}: {render.describe(removed)}", style="bold"))
    if removed.is_game or removed.result == "penalty":
        out.print(Text("  (was: " + render.outcome(removed, change.before) + ")"))
    _show_totals_line(change.after)
    for line in render.seating_lines(change.after):
        out.print(line)


# ---- reports ---------------------------------------------------------------------------


@app.command()
@handled
def status(json: bool = JsonOpt, session: Path | None = SessionOpt) -> None:
    """Who deals next, who sits where, the waiting line and the purses.

    Example: mahj status
    """
    from . import render

    night = _night(session)
    standings = night.standings
    if json:
        _print_json(render.status_json(standings))
        return
    from rich.text import Text

    out = render.console()
    out.print(Text(render.title(standings), style="bold"))
    out.print(f"Games played: {standings.games}")
    for line in render.seating_lines(standings):
        out.print(line)
    if standings.gone:
        out.print(Text("Left: " + render.join_names(list(standings.gone)), style="dim"))
    out.print(render.totals_table(standings))


@app.command()
@handled
def log(json: bool = JsonOpt, coins: bool = CoinsOpt, session: Path | None = SessionOpt) -> None:
    """The night as a score sheet: each game's changes over each player's running total.

    Example: mahj log --coins
    """
    from . import render

    night = _night(session, coins=coins)
    if json:
        _print_json(render.log_json(night.standings))
        return
    out = render.console()
    if not night.standings.rows:
        out.print("No games yet. Record one with: mahj win NAME VALUE --thrown-by NAME")
        return
    table = render.log_table(night.standings, coins=coins)
    if render.fits(out, table):
        out.print(table)
    else:  # too narrow for a column per player: say it in words rather than cut numbers
        for line in render.log_lines(night.standings, coins=coins):
            out.print(line)


@app.command()
@handled
def total(
    json: bool = JsonOpt,
    coins: bool = CoinsOpt,
    chart: bool = typer.Option(False, "--chart", help="Draw each player's running total."),
    html: Path | None = typer.Option(
        None, "--html", help="Also write a page to share.", metavar="FILE"
    ),
    svg: Path | None = typer.Option(
        None, "--svg", help="Also write the chart as an image.", metavar="FILE"
    ),
    session: Path | None = SessionOpt,
) -> None:
    """Standings, best first, and who pays whom to settle up.

    Example: mahj total --coins
    """
    from . import render

    night = _night(session, coins=coins)
    standings = night.standings
    if html or svg:
        from .cli_season import write_pictures

        write_pictures(standings, night.path, html=html, svg=svg, coins=coins)
    if json:
        _print_json(render.total_json(standings))
        return
    from rich.text import Text

    out = render.console()
    out.print(
        Text(f"{render.title(standings)}: {render.plural(standings.games, 'game')}", style="bold")
    )
    out.print(render.totals_table(standings, coins=coins))
    if chart:
        from .chart import terminal

        for line in terminal(standings, width=out.width, coins=coins):
            out.print(line)
    grand = sum(standings.totals)
    if standings.session.options.rules == "tournament":
        out.print(f"Table total: {render.points(grand, coins=coins, sign=False)}")
        return
    check = "sums to zero" if grand == 0 else f"sums to {grand}: check the session file!"
    out.print(Text(f"Sum of totals: {render.points(grand, coins=coins, sign=False)} ({check})"))
    from .settle import settle

    transfers = settle(standings.totals_map())
    if transfers:
        out.print(Text("Settle up:", style="bold"))
        for t in transfers:
            amount = render.points(t.amount, coins=coins, sign=False)
            out.print(Text(f"  {t.payer} pays {t.payee} {amount}"))


@app.command()
@handled
def check(json: bool = JsonOpt, session: Path | None = SessionOpt) -> None:
    """Check a session file (after editing it by hand): OK, or each problem with its line.

    Example: mahj check --session thursday.toml
    """
    from . import ops, store

    path = store.locate(session)
    loaded = store.read(path)
    found, _ = ops.problems(loaded)
    notes = list(loaded.parsed.notes)
    if json:
        _print_json(
            {
                "ok": not found,
                "problems": [{"message": p.message, "line": p.line} for p in found],
                "notes": [{"message": p.message, "line": p.line} for p in notes],
            }
        )
    else:
        for p in found:
            typer.echo(store.where(path, p))
        for p in notes:
            typer.echo("note: " + store.where(path, p))
        if not found:
            typer.echo(f"OK: {path}")
    if found:
        raise typer.Exit(1)


@app.command()
@handled
def sessions(json: bool = JsonOpt) -> None:
    """List the nights in the data folder, newest first, and which one is current.

    Example: mahj sessions
    """
    from . import store
    from .sessionfile import parse_text

    current = store.current_path()
    rows: list[dict[str, Any]] = []
    for path in store.list_sessions():
        try:
            parsed = parse_text(path.read_bytes().decode("utf-8"))
        except (OSError, UnicodeDecodeError):
            parsed = None
        s = parsed.session if parsed else None
        rows.append(
            {
                "path": str(path),
                "date": s.date.isoformat() if s and s.date else None,
                "name": s.name if s else None,
                "players": list(s.all_players()) if s else [],
                "games": sum(1 for e in s.log if e.kind in ("win", "wall", "incomplete"))
                if s
                else None,
                "rules": s.options.rules if s else None,
                "current": current is not None and path.resolve() == current.resolve(),
                "ok": s is not None,
                "mtime": path.stat().st_mtime,
            }
        )
    rows.sort(key=lambda r: (r["date"] or "", r["mtime"]), reverse=True)
    for r in rows:
        del r["mtime"]
    if json:
        _print_json({"dir": str(store.data_dir()), "sessions": rows})
        return
    from rich.table import Table
    from rich.text import Text

    from . import render

    out = render.console()
    if not rows:
        out.print(
            f"No sessions in {store.data_dir()} yet. Start one with: mahj new Ruth Linda Kathy Pat"
        )
        return
    table = Table(title=f"Sessions in {store.data_dir()}", title_justify="left")
    for col in ("", "Date", "Night", "Players", "Games", "File"):
        table.add_column(col)
    for r in rows:
        table.add_row(
            "*" if r["current"] else "",
            r["date"] or "",
            Text(r["name"] or ""),
            Text(", ".join(r["players"]) if r["ok"] else "(damaged: run mahj check)"),
            str(r["games"] if r["games"] is not None else ""),
            Text(Path(r["path"]).name),
        )
    out.print(table)
    out.print("* = current session")


def _only_the_command_named(args: list[str]) -> None:
    """Keep only the command the line names (`mahj total ...`): Typer builds the options
    of every registered command at start-up, some 8 ms of each run (benchmarks/bench.py).
    No command, `--help` first, a mistyped command or shell completion keeps them all."""
    import os

    if not args or os.environ.get("_MAHJ_COMPLETE"):
        return
    wanted = [
        info
        for info in app.registered_commands
        if args[0] == (info.name or getattr(info.callback, "__name__", "").replace("_", "-"))
    ]
    if len(wanted) == 1:
        app.registered_commands[:] = wanted
        # With one command left, Typer would run it without its name; a group callback
        # keeps `mahj total ...` meaning what it says.
        app.callback()(_group)


def _group() -> None:
    """Runs before every command (nothing to do)."""


def main() -> None:
    """Entry point for the `mahj` console script."""
    _only_the_command_named(sys.argv[1:])
    try:
        app()
    except BrokenPipeError:
        # The reader went away (`mahj log | head -1`): stop quietly.
        import os

        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(0)


from . import cli_cards, cli_scorecard, cli_season  # noqa: E402

cli_cards.register(app)
cli_scorecard.register(app)
cli_season.register(app)
