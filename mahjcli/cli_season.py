"""Commands over many nights: `mahj season`, `mahj winners` and `mahj export`.

The nights are the session files given as arguments, or those in `--dir`, or those in the
data folder. A file that cannot be read or replayed is named on stderr and skipped; it is
never dropped silently.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from .options import JsonOpt

if TYPE_CHECKING:
    from rich.table import Table

    from .scoring import Standings
    from .season import Block, Night

FilesArg = typer.Argument(
    None,
    help="Session files (or folders of them); default: the data folder.",
    show_default=False,
    metavar="FILES",
)
DirOpt = typer.Option(
    None,
    "--dir",
    help="Use every session file in this folder (and folders inside it).",
    metavar="DIR",
)
FromOpt = typer.Option(
    None,
    "--from",
    help="Only nights on or after this date (YYYY-MM-DD).",
    formats=["%Y-%m-%d"],
    metavar="DATE",
)
ToOpt = typer.Option(
    None,
    "--to",
    help="Only nights on or before this date (YYYY-MM-DD).",
    formats=["%Y-%m-%d"],
    metavar="DATE",
)
PlayerOpt = typer.Option(
    None, "--player", help="Only this player (and the nights they played).", metavar="NAME"
)


def _warn(message: str) -> None:
    typer.echo(f"warning: {message}", err=True)


def _session_files(files: list[Path] | None, folder: Path | None) -> list[Path]:
    """The files to read: those named (a folder stands for its files), else the folder's."""
    from . import store
    from .errors import SessionMissing

    wanted: list[Path] = list(files or [])
    if folder is not None:
        if not folder.is_dir():
            raise SessionMissing(f"no folder at {folder}; give --dir an existing folder")
        wanted.append(folder)
    if not wanted:
        return sorted(store.list_sessions())
    found: list[Path] = []
    for path in wanted:
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*.toml") if p.is_file()))
        else:
            found.append(path)
    return found


def _labels(paths: list[Path]) -> dict[Path, str]:
    """Each file's label: its name, or its whole path when two files share a name."""
    names = [p.name for p in paths]
    return {p: p.name if names.count(p.name) == 1 else str(p) for p in paths}


def load_nights(
    files: list[Path] | None,
    folder: Path | None,
    start: dt.datetime | None = None,
    end: dt.datetime | None = None,
    player: str | None = None,
) -> tuple[list[Night], str | None, list[Path]]:
    """Read, check and choose the nights; damaged files are named on stderr and skipped.

    Returns the nights (oldest first), the player's name as first spelled (if any), and
    every file that was read.
    """
    from . import ops, season, store
    from .errors import MahjError, Refused
    from .names import NameError_, resolve

    paths = _session_files(files, folder)
    labels = _labels(paths)
    read: list[season.Night] = []
    for path in paths:
        try:
            loaded = store.read(path)
        except MahjError as exc:
            _warn(f"skipped {path}: {exc}")
            continue
        found, standings = ops.problems(loaded)
        if found or standings is None:
            where = store.where(path, found[0]) if found else str(path)
            more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
            _warn(f"skipped damaged night {where}{more}; `mahj check --session {path}` lists all")
            continue
        read.append(season.Night(labels[path], standings.session, standings))
    chosen = season.ordered(read)
    chosen, undated = season.in_dates(
        chosen, start.date() if start else None, end.date() if end else None
    )
    for night in undated:
        _warn(f"skipped {night.label}: it has no date, so --from/--to cannot place it")
    name: str | None = None
    if player is not None:
        try:
            name = resolve(player, season.known_players(chosen))
        except NameError_ as exc:
            raise Refused(f"--player: {exc}") from None
        chosen = season.with_player(chosen, name)
    return chosen, name, paths


def _span(block: Block) -> str:
    first, last = block.first, block.last
    if first is None or last is None:
        return ""
    return f", {first.isoformat()}" + ("" if first == last else f" to {last.isoformat()}")


def _season_table(block: Block) -> Table:
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from .render import points

    kind = "League" if block.rules == "league" else "Tournament points"
    count = len(block.nights)
    title = f"{kind}: {count} night{'s' if count != 1 else ''}{_span(block)}"
    table = Table(
        title=title,
        title_justify="left",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        show_edge=False,
        collapse_padding=True,
    )
    table.add_column("", justify="right", no_wrap=True)
    table.add_column("Player", no_wrap=True, min_width=6)
    for head in ("Nights", "Games", "Wins", "Self-\npicks", "Joker-\nless", "Threw"):
        table.add_column(head, justify="right", no_wrap=True)
    for head in ("Points", "Per\ngame", "Best\ngame"):
        table.add_column(head, justify="right", no_wrap=True)
    for place, p in enumerate(block.players, 1):
        threw = str(p.threw)
        if p.threw_share is not None:
            threw += f" ({p.threw_share:.0%})"
        per_game = f"{p.per_game:+.1f}" if p.per_game is not None else "-"
        table.add_row(
            str(place),
            Text(p.name, style="bold" if place == 1 and p.points > 0 else ""),
            str(p.nights),
            str(p.games),
            str(p.wins),
            str(p.self_picks),
            str(p.jokerless),
            threw,
            Text(points(p.points), style="red" if p.points < 0 else ""),
            per_game,
            points(p.best) if p.best is not None else "-",
        )
    return table


def season_cmd(
    files: list[Path] | None = FilesArg,
    folder: Path | None = DirOpt,
    start: dt.datetime | None = FromOpt,
    end: dt.datetime | None = ToOpt,
    player: str | None = PlayerOpt,
    json: bool = JsonOpt,
) -> None:
    """Season standings over many nights; league and tournament kept apart.

    Example: mahj season --dir sample_sessions/season --from 2026-01-01
    """
    from . import season

    chosen, name, _ = load_nights(files, folder, start, end, player)
    result = season.season(chosen, name)
    if json:
        import json as json_

        typer.echo(json_.dumps(result.as_json(), ensure_ascii=False))
        return
    from rich.text import Text

    from .render import console

    out = console()
    shown = [b for b in result.blocks() if b.nights]
    if not shown:
        out.print("No nights found. Point at some with --dir FOLDER or give session files.")
        return
    for block in shown:
        out.print(_season_table(block))
        out.print()
    out.print(
        Text(
            "Per game: points per game sat in. Best game: the most won in one game. "
            "Threw: games in which they threw the winning tile (share of their games).",
            style="dim",
        )
    )


def winners_cmd(
    files: list[Path] | None = FilesArg,
    folder: Path | None = DirOpt,
    start: dt.datetime | None = FromOpt,
    end: dt.datetime | None = ToOpt,
    player: str | None = PlayerOpt,
    json: bool = JsonOpt,
) -> None:
    """The winners log: every win, newest first, with its hand and how it was won.

    Example: mahj winners --dir sample_sessions/season --player Sue
    """
    from . import season

    chosen, name, _ = load_nights(files, folder, start, end, player)
    wins = season.winners(chosen, name)
    if json:
        import json as json_

        typer.echo(json_.dumps({"wins": [w.as_json() for w in wins]}, ensure_ascii=False))
        return
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from .render import console, points

    out = console()
    if not wins:
        out.print("No wins found in the nights chosen.")
        return
    both = len({n.rules for n in chosen}) > 1
    table = Table(
        title=f"Winners log: {len(wins)} win{'s' if len(wins) != 1 else ''}, newest first",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        show_edge=False,
        collapse_padding=True,
    )
    table.add_column("Date", no_wrap=True)
    table.add_column("Night", ratio=1)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Player", no_wrap=True)
    table.add_column("Hand", ratio=1)
    table.add_column("How", ratio=1, overflow="fold")
    table.add_column("Jokerless", no_wrap=True)
    table.add_column("Won", justify="right", no_wrap=True)
    for w in wins:
        hand = f"{w.win.line} {w.win.value}" if w.win.line else str(w.win.value)
        jokerless = "yes" if w.jokerless else ("not paid" if w.win.jokerless else "")
        night = w.night.session.name or w.night.label
        won = points(w.points) + (" pts" if both and w.night.rules == "tournament" else "")
        table.add_row(
            w.night.date.isoformat() if w.night.date else "",
            Text(night),
            str(w.game),
            Text(w.win.winner),
            Text(hand),
            Text(w.how),
            jokerless,
            won,
        )
    out.print(table)
    notes = []
    if any(w.win.jokerless and not w.jokerless for w in wins):
        notes.append("Jokerless not paid: a hand that cannot hold a joker (singles and pairs).")
    if both:
        notes.append("pts = tournament points; the other wins are league payments collected.")
    for note in notes:
        out.print(Text(note, style="dim"))


def export_cmd(
    files: list[Path] | None = FilesArg,
    session: Path | None = typer.Option(
        None,
        "--session",
        help="Export this one session (default: the current session).",
        metavar="FILE",
    ),
    whole_season: bool = typer.Option(
        False, "--season", help="Export every night chosen (files, --dir or the data folder)."
    ),
    folder: Path | None = DirOpt,
    start: dt.datetime | None = FromOpt,
    end: dt.datetime | None = ToOpt,
    player: str | None = typer.Option(
        None,
        "--player",
        help="With --season: only the nights this player played.",
        metavar="NAME",
    ),
    fmt: str = typer.Option(
        "csv", "--format", help="csv (for spreadsheets) or json.", metavar="csv|json"
    ),
    output: Path | None = typer.Option(
        None, "--output", "-o", help="Write to this file instead of printing.", metavar="FILE"
    ),
) -> None:
    """One night, or a whole season, as CSV (one row per player per game) or JSON.

    Example: mahj export --season --dir sample_sessions/season --output season.csv
    """
    from . import export, ops, season, store
    from .errors import Refused

    if fmt not in ("csv", "json"):
        raise typer.BadParameter("use csv or json", param_hint="--format")
    many = whole_season or bool(files) or folder is not None
    if many and session is not None:
        raise typer.BadParameter(
            "give --session for one night, or --season/--dir/FILES for many, not both",
            param_hint="--session",
        )
    if not many and (start or end or player):
        raise typer.BadParameter("--from, --to and --player choose nights: add --season")
    if many:
        chosen, _, inputs = load_nights(files, folder, start, end, player)
    else:
        path = store.locate(session)
        night = ops.open_night(path)
        chosen = season.nights([(path.name, night.session)])
        inputs = [path]
    if fmt == "csv":
        text = export.to_csv(chosen)
    else:
        import json as json_

        text = json_.dumps(export.to_json(chosen), ensure_ascii=False, indent=2) + "\n"
    if output is None:
        typer.echo(text, nl=False)
        return
    if output.suffix.lower() == ".toml" or any(_same_file(output, p) for p in inputs):
        raise Refused(f"{output} looks like a session file; export to a .csv or .json file")
    # A byte-order mark lets spreadsheet programs open the CSV as UTF-8 (accented names).
    data = ("\ufeff" + text if fmt == "csv" else text).encode("utf-8")
    store.write_atomic(output, data, backup=False)
    count = f"{len(chosen)} night" + ("s" if len(chosen) != 1 else "")
    typer.echo(f"Wrote {output} ({count})", err=True)


def write_pictures(
    standings: Standings, source: Path, *, html: Path | None, svg: Path | None, coins: bool
) -> None:
    """`mahj total --html FILE / --svg FILE`: write the page and the image, say so on stderr."""
    from . import chart, store
    from .errors import Refused

    for target, make in ((html, chart.html_page), (svg, chart.svg)):
        if target is None:
            continue
        if target.suffix.lower() == ".toml" or _same_file(target, source):
            raise Refused(f"{target} looks like a session file; write to a .html or .svg file")
        store.write_atomic(target, make(standings, coins=coins).encode("utf-8"), backup=False)
        typer.echo(f"Wrote {target}", err=True)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and a.samefile(b)
    except OSError:
        return False


def register(app: typer.Typer) -> None:
    """Add this module's commands to `app`."""
    from .cli import handled

    app.command("season")(handled(season_cmd))
    app.command("winners")(handled(winners_cmd))
    app.command("export")(handled(export_cmd))
