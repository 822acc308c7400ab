"""Commands over many nights: `mahj season`, `mahj winners` and `mahj export`.

The nights are the session files given as arguments, or those in `--dir`, or those in the
data folder. A file that cannot be read or replayed is named on stderr and skipped; it is
never dropped silently.
"""

import datetime as dt
import os
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import typer

from .shared import Commands, JsonOpt, echo, emit_json, json_text, print_file, say

if TYPE_CHECKING:
    from ..reports.season import SeasonNight, Tally

commands = Commands()
N = TypeVar("N", "Tally", "SeasonNight")

FilesArg = typer.Argument(
    None,
    help="Session files (or folders of them); default: the data folder.",
    show_default=False,
    metavar="FILES",
    readable=False,
)
DirOpt = typer.Option(
    None,
    "--dir",
    help="Use every session file in this folder (and folders inside it).",
    metavar="DIR",
    readable=False,
)
FromOpt = typer.Option(
    None,
    "--from",
    help="Only nights on or after this date (YYYY-MM-DD).",
    metavar="DATE",
)
ToOpt = typer.Option(
    None,
    "--to",
    help="Only nights on or before this date (YYYY-MM-DD).",
    metavar="DATE",
)
PlayerOpt = typer.Option(
    None, "--player", help="Only this player (and the nights they played).", metavar="NAME"
)


def _warn(message: str) -> None:
    say(f"warning: {message}", err=True)


def _session_files(files: list[Path] | None, folder: Path | None) -> tuple[list[Path], set[Path]]:
    """The files to read, each once: those named (a folder stands for its files), else the
    folder's; and those named one by one (not found in a folder)."""
    from ..core.errors import SessionMissing
    from ..files import paths

    wanted: list[Path] = list(files or [])
    if folder is not None:
        if not paths.is_folder(folder):
            raise SessionMissing(f"no folder at {folder}; give --dir an existing folder")
        wanted.append(folder)
    if not wanted:
        return _once(sorted(paths.list_sessions())), set()
    found: list[Path] = []
    named: set[Path] = set()
    for path in wanted:
        if paths.is_folder(path):
            inside, skipped = paths.find_sessions(path)
            for message in skipped:
                _warn(message)
            found.extend(inside)
        elif not os.path.lexists(path):  # a mistyped name: nothing to report on
            raise SessionMissing(f"no session file at {path}; check the name")
        else:
            found.append(path)
            named.add(path)
    return _once(found), named


def _once(found: list[Path]) -> list[Path]:
    """Each night once, however often it was given (a folder and a file in it, a folder
    twice, a link to another night); a note on stderr says so."""
    from ..files.paths import distinct

    kept, note = distinct(found)
    if note:
        say(f"note: {note}", err=True)
    return kept


def _labels(paths: list[Path]) -> dict[Path, str]:
    """Each file's label: its name, or its whole path when two files share a name."""
    from ..core.names import visible

    names = [p.name for p in paths]
    return {p: visible(p.name if names.count(p.name) == 1 else str(p)) for p in paths}


def _read_night(path: Path, label: str, named: bool = False) -> "SeasonNight | None":
    """One night, read, checked and replayed; None (named on stderr) when it cannot be. An
    event's file, a card or a profile is not a night: left out, said when `named` alone."""
    from ..core.errors import MahjError
    from ..core.names import typed_value
    from ..files import loader
    from ..files.lines import Locator
    from ..reports.season import SeasonNight

    try:
        loaded = loader.read(path)
    except MahjError as exc:
        _warn(f"skipped {path}: {exc}")
        return None
    found, standings = loader.check(loaded)
    if loaded.parsed.other_kind or loader.not_a_night(loaded):
        event = (
            "a tournament event, not a night; its report is "
            f"`mahj event standings --session {typed_value(str(path))}`"
        )
        if named:
            _warn(f"left out {path}: it is {event if loaded.parsed.other_kind else 'not a night'}")
        return None
    if found or standings is None:
        where = loader.describe(path, found[0], Locator(loaded.parsed.text)) if found else str(path)
        more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
        again = f"`mahj check --session {typed_value(str(path))}`"
        _warn(f"skipped damaged night {where}{more}; {again} lists all")
        return None
    return SeasonNight(label, standings)


def _dates(start: str | None, end: str | None) -> "tuple[dt.date | None, dt.date | None]":
    """The --from and --to dates, refused when one is not a date or they are the wrong
    way round (no night could be between them)."""
    from ..core.errors import Refused
    from ..night.start import night_date

    first = night_date(start, "--from") if start is not None else None
    last = night_date(end, "--to") if end is not None else None
    if first is not None and last is not None and first > last:
        raise Refused(
            f"--from {first.isoformat()} is after --to {last.isoformat()}, so no night can "
            "be between them; swap the two dates"
        )
    return first, last


def _choose(
    read: list[N], start: str | None, end: str | None, player: str | None, hers: bool = True
) -> tuple[list[N], str | None]:
    """The nights within the dates and (`hers`) with the player; the player's name as
    first spelled."""
    from ..core.errors import Refused
    from ..core.names import UnknownName, resolve
    from ..reports import season

    first, last = _dates(start, end)
    chosen, undated = season.in_dates(read, first, last)
    for night in undated:
        _warn(f"skipped {night.label}: it has no date, so --from/--to cannot place it")
    if player is None or (read and not chosen):  # the dates left no night to look in
        return chosen, player
    try:  # named among every night read: Ann outside the dates is never taken for Anne
        name = resolve(player, season.known_players(read))
    except UnknownName as exc:
        raise Refused(f"--player: {exc}") from None
    return (season.with_player(chosen, name) if hers else chosen), name


def load_nights(
    files: list[Path] | None,
    folder: Path | None,
    start: str | None = None,
    end: str | None = None,
    player: str | None = None,
) -> "tuple[list[SeasonNight], str | None, list[Path]]":
    """Read, check and choose the nights (oldest first); damaged files are named on stderr
    and skipped. Also returns the player's name as first spelled, and every file read."""
    found, named = _session_files(files, folder)
    labels = _labels(found)
    read = [n for p in found if (n := _read_night(p, labels[p], p in named)) is not None]
    chosen, name = _choose(read, start, end, player)
    return chosen, name, found


def load_tallies(
    files: list[Path] | None,
    folder: Path | None,
    start: str | None,
    end: str | None,
    player: str | None,
) -> "tuple[list[Tally], str | None, int, int]":
    """Each night's season tally within the dates (the player's and everyone else's: her
    place is among them all), from the cache where its file has not changed; also the
    player's name as first spelled, how many nights were read and how many files found."""
    from ..files import cache
    from ..reports.season import Tally, tally

    found_files, named = _session_files(files, folder)
    labels = _labels(found_files)
    known = cache.load()
    fresh: dict[str, object] = {}
    read: list[Tally] = []
    for path in found_files:
        stamp = cache.stamp(path)
        cached = known.get(stamp) if stamp is not None else None
        found: Tally | None = None
        if isinstance(cached, dict):
            try:
                found = Tally.from_json({**cached, "label": labels[path]})
            except (KeyError, TypeError, ValueError):
                found = None
        if found is None:
            night = _read_night(path, labels[path], path in named)
            if night is None:
                continue
            found = tally(night)
        read.append(found)
        if stamp is not None:
            fresh[stamp] = found.as_json()
    cache.update(known, fresh)
    return (*_choose(read, start, end, player, hers=False), len(read), len(found_files))


@commands.command("season")
def season_cmd(
    files: list[Path] | None = FilesArg,
    folder: Path | None = DirOpt,
    start: str | None = FromOpt,
    end: str | None = ToOpt,
    player: str | None = PlayerOpt,
    json: bool = JsonOpt,
) -> None:
    """Season standings over many nights; league and tournament kept apart.

    Example: mahj season --dir sample_sessions/season --from 2026-01-01
    """
    from ..reports.season import nothing_shown, season

    chosen, name, read, found = load_tallies(files, folder, start, end, player)
    result = season(chosen, name)
    if json:
        emit_json(result.as_json())
        return
    from ..ui.many import show_season

    given = bool(files) or folder is not None
    why = nothing_shown(read, chosen, *_dates(start, end), given=given, found=found, player=name)
    show_season(result, why)


@commands.command("winners")
def winners_cmd(
    files: list[Path] | None = FilesArg,
    folder: Path | None = DirOpt,
    start: str | None = FromOpt,
    end: str | None = ToOpt,
    player: str | None = PlayerOpt,
    json: bool = JsonOpt,
) -> None:
    """The winners log: every win, newest first, with its hand and how it was won.

    Example: mahj winners --dir sample_sessions/season --player Sue
    """
    from ..reports.season import winners

    chosen, name, _ = load_nights(files, folder, start, end, player)
    wins = winners(chosen, name)
    if json:
        emit_json({"wins": [w.as_json() for w in wins]})
        return
    from ..ui.many import show_winners

    show_winners(wins, both=len({n.rules for n in chosen}) > 1)


@commands.command("export")
def export_cmd(
    ctx: typer.Context,
    files: list[Path] | None = FilesArg,
    session: Path | None = typer.Option(
        None,
        "--session",
        help="Export this one session (default: the current session).",
        metavar="FILE",
        envvar="MAHJ_SESSION",
    ),
    whole_season: bool = typer.Option(
        False, "--season", help="Export every night chosen (files, --dir or the data folder)."
    ),
    folder: Path | None = DirOpt,
    start: str | None = FromOpt,
    end: str | None = ToOpt,
    player: str | None = typer.Option(
        None, "--player", help="With --season: only the nights this player played.", metavar="NAME"
    ),
    fmt: str = typer.Option(
        "csv", "--format", help="csv (for spreadsheets) or json.", metavar="csv|json"
    ),
    output: Path | None = typer.Option(
        None,
        "--output",
        "-o",
        help="Write to this file instead of printing (- prints).",
        metavar="FILE",
        readable=False,
    ),
) -> None:
    """One night, or a whole season, as CSV (one row per player per game) or JSON.

    Example: mahj export --season --dir sample_sessions/season --output season.csv
    """
    from ..core.names import visible
    from ..files import loader, paths
    from ..files.exports import write_export
    from ..reports import export
    from ..reports.season import SeasonNight

    if fmt not in ("csv", "json"):
        raise typer.BadParameter("use csv or json", param_hint="--format")
    many = whole_season or bool(files) or folder is not None
    if many and session is not None and not _from_env(ctx):
        raise typer.BadParameter(
            "give --session for one night, or --season/--dir/FILES for many, not both",
            param_hint="--session",
        )
    if not many and (start or end or player):
        raise typer.BadParameter("--from, --to and --player choose nights: add --season")
    if many:
        chosen, _, inputs = load_nights(files, folder, start, end, player)
    else:
        path = paths.locate(session)
        chosen = [SeasonNight(visible(path.name), loader.load(path).standings)]
        inputs = [path]
    if fmt == "csv":
        text = export.to_csv(chosen)
    else:
        import json as json_

        text = json_text(json_.dumps(export.to_json(chosen), ensure_ascii=False, indent=2)) + "\n"
    if output is None or str(output) == "-":
        if fmt == "csv":
            print_file(text, bom=True)
        else:
            echo(text, nl=False)  # every name it cannot encode kept as its \u escape
        return
    # A byte-order mark lets spreadsheet programs open the CSV as UTF-8 (accented names).
    data = ("\ufeff" + text if fmt == "csv" else text).encode("utf-8")
    write_export(output, data, inputs)
    count = f"{len(chosen)} night" + ("s" if len(chosen) != 1 else "")
    if idle := sum(1 for night in chosen if not night.standings.games):  # none in the season
        count += f", {idle} of them without a game" if len(chosen) > 1 else ", without a game"
    say(f"Wrote {output} ({count})", err=True)


def _from_env(ctx: typer.Context) -> bool:
    """True when --session's value came from $MAHJ_SESSION rather than the command line."""
    source = ctx.get_parameter_source("session")
    return source is not None and source.name == "ENVIRONMENT"
