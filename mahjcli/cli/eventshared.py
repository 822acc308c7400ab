"""What the `mahj event` commands share: the event's file name, what a card in says,
and writing the results files."""

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from .shared import emit_json, saving, say_text

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..core.eventfold import EventStandings
    from ..night.eventchange import EventChange


EventOpt = typer.Option(
    None,
    "--session",
    help="Event file to use (default: $MAHJ_SESSION, else the current event).",
    metavar="FILE",
    envvar="MAHJ_SESSION",
    show_envvar=False,
)
ReplaceOpt = typer.Option(
    False, "--replace", help="Replace the table's card (the old one stays in the file)."
)


def now() -> dt.datetime:
    """The current moment, in UTC: the one clock of the event commands."""
    return dt.datetime.now(dt.UTC)


def event_stem(name: str) -> str:
    """The part of a new event's file name that comes from its name."""
    from ..night import start

    return start.file_stem(name, fallback="event", what="the event's name")


def card_in(make: "Callable[[], EventChange]", rnd: int, table: int) -> None:
    """Put a table's card in (`make` saves it) and say so: its totals, and which cards of
    the round are still missing; if that cannot be said, that it WAS put in (`saving`)."""
    from ..reports.event import cards_line
    from ..reports.words import points

    with saving() as saved:
        done = make()
        saved(
            f"the card of round {rnd}, table {table} WAS recorded in {done.path}",
            "do not enter it again (`mahj event standings` shows it)",
        )
        result = done.after.results[rnd, table]
        said = ", ".join(f"{n} {points(p)}" for n, p in result.totals.items())
        how = "game by game" if result.card.detailed else "round totals"
        again = " (replacing the card entered before)" if result.card.replace else ""
        say_text(f"Round {rnd}, table {table} ({how}){again}: {said}")
        for note in done.notes:
            say_text(f"Note: {note}.")
        say_text(cards_line(done.after, rnd))


def say_started(
    standings: "EventStandings", path: Path, earlier: Path | None, was: Path | None = None
) -> None:
    """What `mahj event new` says: the event started, round 1's sheet in short, how the
    later rounds look, and an event of the same name and date started before (`earlier`),
    or another event that was current (`was`)."""
    from ..core.movement import outlook
    from ..core.names import typed_back
    from ..files import paths
    from ..night.eventbuild import fields
    from ..reports.event import outlook_lines, sheet, sheet_summary
    from ..reports.words import plural
    from .sessions import env_note

    made = standings.event
    first = made.seatings[0]
    ahead = outlook(fields(made), first, made.seed)
    tables = len(first.tables)
    lines = [f"Started the event {made.name}: {path}"]
    if earlier is not None:
        back = typed_back(str(earlier))
        lines.append(
            f"An event {made.name} of {made.date} was started before, in {earlier}; this is "
            f"a new one, now the current event. To go back to it: mahj use {back}"
        )
    elif was is not None and not paths.same_file(was, path):
        lines.append(
            f"It is now the current event (was {was}); mahj use {typed_back(str(was))} goes "
            "back to it."
        )
    lines += [
        f"{len(made.players)} players, {plural(made.rounds, 'round')}, profile "
        f"{made.rules.profile}; later rounds by {made.movement}; seed {made.seed}.",
        f"Round 1: {sheet_summary(sheet(standings, 1))}.",
    ]
    if ahead is not None:
        lines += outlook_lines(ahead, made.movement, len(made.players), made.rounds, tables)
    lines.append("Print the sheet to post: mahj event seating 1")
    if note := env_note(path, event=True):
        lines.append(note)
    say_text("\n".join(lines))


def write_results(
    result: "EventStandings",
    source: Path,
    *,
    csv: Path | None,
    html: Path | None,
    top: int | None,
) -> None:
    """`--csv FILE` and `--html FILE`: write them, say so on stderr."""
    from ..core.errors import Refused
    from ..files import eventload, exports, paths
    from ..reports.event import standings_csv
    from ..reports.eventpage import results_page

    targets = [(t, kind) for t, kind in ((csv, "csv"), (html, "html")) if t is not None]
    for target, kind in targets:
        if str(target) == "-":
            raise Refused(f"--{kind} needs a file name (the standings print without it)")
        if target.suffix.lower() == ".toml" or paths.same_file(target, source):
            raise Refused(f"{target} looks like an event file; write to a .csv or .html file")
    for target, kind in targets:
        # A byte-order mark lets spreadsheet programs open the CSV as UTF-8.
        text = "\ufeff" + standings_csv(result) if kind == "csv" else results_page(result, top)
        mahj_reads = (source, eventload.current_event_pointer())
        exports.write_export(target, text.encode("utf-8"), mahj_reads)
        say_text(f"Wrote {target}", err=True)


def event_number(typed: str, what: str, high: int) -> int:
    """A ROUND or TABLE as typed. Plain digits are the event's to judge, so that "the
    event has rounds 1 to 4, not 9" names its own rounds (and "round 1 has tables 1 to
    12" its tables), not every event's limit; anything else is refused as every number
    is, through the one number parser."""
    from ..core.numbers import MAX_DIGITS, is_digits, whole_number

    cleaned = typed.strip()
    if is_digits(cleaned) and len(cleaned.lstrip("0")) <= MAX_DIGITS:
        return int(cleaned)
    return whole_number(typed, what, 1, high)


def round_and_table(round_: str, table: str) -> tuple[int, int]:
    """ROUND and TABLE as typed (`event_number`)."""
    from ..core.event import MAX_FIELD, MAX_ROUNDS
    from ..core.model import SEATS

    return (event_number(round_, "ROUND", MAX_ROUNDS),
            event_number(table, "TABLE", MAX_FIELD // SEATS))  # fmt: skip


def print_sheet(standings: "EventStandings", number: int, as_json: bool, by_name: bool) -> None:
    """A round's seating sheet (by table, or by name), or its JSON, with the round's clock."""
    from ..reports.event import clock_line, seating_json, sheet

    page = sheet(standings, number, now())
    if as_json:
        emit_json(seating_json(page))
        return
    from ..ui.event import by_name_lines, sheet_text

    if by_name:
        say_text("\n".join(by_name_lines(page)))
        return

    say_text(sheet_text(page, standings))
    if page.clock is not None:
        say_text("\n" + clock_line(page.clock))
