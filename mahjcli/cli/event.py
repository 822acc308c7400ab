"""`mahj event ...`: a tournament event of many tables and rounds (RULES.md §9):
registration, seating by round, every table's card, standings and results."""

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from . import eventday
from .completion import movement_words
from .eventshared import (
    EventOpt,
    ReplaceOpt,
    card_in,
    event_number,
    event_stem,
    now,
    print_sheet,
    round_and_table,
    say_started,
    write_results,
)
from .shared import Commands, JsonOpt, WrappedGroup, emit_json, report_check, saving, say_text

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..files.eventload import OpenEvent
    from ..night.eventbuild import Edit

commands = Commands()
event = Commands(
    cls=WrappedGroup,
    help="A tournament event: registration, seating by round, every table's card, "
    'standings and results.\n\nExample: mahj event new "Spring Open" Ann Bea Cy Dot Eve',
    no_args_is_help=True,
)
commands.add_typer(event, name="event")

event.add_typer(eventday.day)  # the round's clock and the cards entered game by game


def _change(path: Path, build: "Callable[[OpenEvent], Edit | None]", done: str) -> None:
    """Make a change to the event and say what it did, in the director's words; if that
    cannot be said, that it WAS `done` (`saving`)."""
    from ..night import eventchange as change

    with saving() as saved:
        made = change.change(path, build)
        saved(f"{done} in {path}", "do not do it again")
        for note in made.notes:
            say_text(note)


@event.command()
def new(
    name: str = typer.Argument(..., help="The event's name.", metavar="NAME"),
    players: list[str] | None = typer.Argument(
        None, help="The players (or give --players FILE).", metavar="PLAYER"
    ),
    players_file: Path | None = typer.Option(
        None,
        "--players",
        help="A file of players: one name a line, or CSV rows under a name,id heading.",
        metavar="FILE",
    ),
    rounds: str = typer.Option("4", "--rounds", help="How many rounds.", metavar="N"),
    movement: str = typer.Option(
        "fewest-repeats",
        "--movement",
        autocompletion=movement_words,
        help="How rounds after the first are seated.",
        metavar="fewest-repeats|abcd|east-stays",
    ),
    seed: str | None = typer.Option(
        None,
        "--seed",
        help="Seed for the random seating (default: chosen and kept).",
        metavar="N",
    ),
    given: bool = typer.Option(
        False, "--given", help="Seat round 1 as listed: the first four at table 1, ..."
    ),
    tie_break: bool = typer.Option(
        False, "--tie-break", help="Split equal totals by most Mah Jonggs, then fewest thrown."
    ),
    profile: str = typer.Option(
        "mjmp",
        "--profile",
        help="The tournament profile every table plays: mjmp, or a director's profile file.",
        metavar="NAME|FILE",
    ),
    date: str | None = typer.Option(
        None, "--date", help="The event's date (default: today).", metavar="YYYY-MM-DD"
    ),
    card: str | None = typer.Option(
        None,
        "--card",
        help="The year's card the tables may name lines of (a card file, or 'sample').",
        metavar="FILE|sample",
    ),
    session: Path | None = EventOpt,
) -> None:
    """Start an event: register the players and seat round 1.

    Example: mahj event new "Spring Open" --players players.csv --rounds 3 --seed 7
    """
    import datetime as dt
    import random

    from ..core.event import MAX_ROUNDS, MAX_SEED
    from ..core.numbers import whole_number
    from ..files import cardfile, eventload
    from ..files.cardfile import load_profile
    from ..night import eventbuild, start
    from ..night import eventchange as change

    entrants = eventload.read_players_file(players_file) if players_file else []
    entrants += [(p, "") for p in players or []]
    day = start.night_date(date) if date is not None else dt.date.today()
    made = eventbuild.new_event(
        name,
        entrants,
        date=day,
        rounds=whole_number(rounds, "--rounds", 1, MAX_ROUNDS),
        movement=movement,
        seed=whole_number(seed, "--seed", 0, MAX_SEED)
        if seed is not None
        else random.randrange(1, 1_000_000),
        profile=load_profile(profile),
        given=given,
        tie_break=tie_break,
        card=cardfile.load_card(card) if card is not None else None,
    )
    path, earlier = session, None
    if path is None:
        path, earlier = eventload.new_event_path(event_stem(name), day.isoformat())
    was = eventload.current_event_or_none()
    with saving() as saved:
        standings = change.start(path, made)
        saved(
            f"the event WAS started in {path} (now the current event)",
            "do not start it again: print its sheet with `mahj event seating 1`",
        )
        say_started(standings, path, earlier, was)


@event.command()
def add(
    name: str = typer.Argument(..., help="The player registering late.", metavar="NAME"),
    ident: str = typer.Option(
        "", "--id", metavar="ID", help="The player's id, if the event uses them."
    ),
    session: Path | None = EventOpt,
) -> None:
    """Register a player late: they play from the first round that has not started.

    A player who withdrew comes back the same way, while no round after the withdrawal
    has started.

    Example: mahj event add Zoe --id 1042
    """
    from ..files import eventload
    from ..night import eventbuild

    path = eventload.locate_event(session)
    _change(
        path,
        lambda opened: eventbuild.register(opened, name, ident),
        f"{name.strip()}'s registration WAS recorded",
    )


@event.command()
def withdraw(
    name: str = typer.Argument(..., help="The player withdrawing.", metavar="NAME"),
    session: Path | None = EventOpt,
) -> None:
    """A player withdraws: they play no round that has not started; their points stay.

    Example: mahj event withdraw Hana
    """
    from ..files import eventload
    from ..night import eventbuild

    path = eventload.locate_event(session)
    _change(
        path,
        lambda opened: eventbuild.withdraw(opened, name),
        f"{name.strip()}'s withdrawal WAS recorded",
    )


@event.command()
def seating(
    round_: str | None = typer.Argument(
        None,
        help="The round (default: the last one seated); the next round is seated "
        "the first time it is asked for.",
        metavar="ROUND",
    ),
    json: bool = JsonOpt,
    movement: str | None = typer.Option(
        None,
        "--movement",
        autocompletion=movement_words,
        help="Seat this round another way than the event's movement.",
        metavar="fewest-repeats|abcd|east-stays",
    ),
    redraw: bool = typer.Option(
        False, "--redraw", help="Seat a round again (only while none of its cards is in)."
    ),
    by_name: bool = typer.Option(
        False, "--by-name", help="Only the players in alphabetical order, each with their seat."
    ),
    session: Path | None = EventOpt,
) -> None:
    """The seating sheet of a round, table by table and player by player, to post.

    Fits 80 columns, so it can go straight to paper: mahj event seating 2 > round2.txt

    Example: mahj event seating 2
    """
    from ..core.event import MAX_ROUNDS
    from ..files import eventload
    from ..night import eventbuild

    chosen = None if round_ is None else event_number(round_, "ROUND", MAX_ROUNDS)
    path = eventload.locate_event(session)
    opened = eventload.load(path)
    standings = opened.standings
    seated = len(standings.event.seatings)
    number = chosen if chosen is not None else max(seated, 1)
    if number < 1 and (why := standings.event.round_problem(number)):  # later: seat() says
        from ..core.errors import Refused

        raise Refused(why)
    with saving() as saved:
        if number > seated or movement is not None or redraw:
            from ..night import eventchange as change

            done = change.change(
                path, lambda o: eventbuild.seat(o, number, movement, redraw), seen=opened
            )
            if done.changed:
                saved(
                    f"round {number} WAS seated in {path}",
                    f"`mahj event seating {number}` prints the same sheet again",
                )
            standings = done.after
            for note in done.notes:
                say_text(note, err=True)
        print_sheet(standings, number, json, by_name)


@event.command()
def score(
    round_: str = typer.Argument(..., help="The round.", metavar="ROUND"),
    table: str = typer.Argument(..., help="The table.", metavar="TABLE"),
    totals: list[str] = typer.Argument(
        ..., help="Each player's round total, e.g. Ann=45 Bea=-10.", metavar="NAME=POINTS..."
    ),
    replace: bool = ReplaceOpt,
    session: Path | None = EventOpt,
) -> None:
    """Simple mode: a table's card as each of its four players' round totals.

    Example: mahj event score 1 3 Ann=45 Bea=-10 Cy=0 Dot=20
    """
    from ..files import eventload
    from ..night import eventcards
    from ..night import eventchange as change

    rnd, number = round_and_table(round_, table)
    path = eventload.locate_event(session)
    card_in(
        lambda: change.change(
            path, lambda opened: eventcards.simple_card(opened, rnd, number, totals, replace)
        ),
        rnd,
        number,
    )


@event.command()
def card(
    round_: str = typer.Argument(..., help="The round.", metavar="ROUND"),
    table: str = typer.Argument(..., help="The table.", metavar="TABLE"),
    night: Path = typer.Argument(..., help="The table's tournament session file.", metavar="FILE"),
    signed: list[str] | None = typer.Option(
        None,
        "--total",
        help="A total as on the signed card, checked against the games (repeat for all four).",
        metavar="NAME=POINTS",
    ),
    replace: bool = ReplaceOpt,
    session: Path | None = EventOpt,
) -> None:
    """A table's card game by game, from its tournament session file.

    The table plays its round with mahj (mahj new A B C D --rules tournament, in the
    seats of the sheet) and accepts it with mahj scorecard --accept.

    Example: mahj event card 1 3 table3.toml
    """
    from ..core.errors import Refused
    from ..files import eventload, loader, paths
    from ..night import eventcards
    from ..night import eventchange as change

    rnd, number = round_and_table(round_, table)
    path = eventload.locate_event(session)
    if paths.same_file(path, night):
        raise Refused(f"{night} is the event file; give the table's session file")
    played = loader.load(night)
    card_in(
        lambda: change.change(
            path,
            lambda opened: eventcards.detailed_card(
                opened, rnd, number, played, signed=signed or [], replace=replace, now=now()
            ),
        ),
        rnd,
        number,
    )


@event.command()
def standings(
    json: bool = JsonOpt,
    top: str | None = typer.Option(
        None,
        "--top",
        help="Places in the winner's circle (default: 3, 6 or 12 by field).",
        metavar="N",
    ),
    tie_break: bool | None = typer.Option(
        None,
        "--tie-break/--no-tie-break",
        help="Split equal totals by most Mah Jonggs, then fewest thrown (default: as the "
        "event says).",
    ),
    csv: Path | None = typer.Option(None, "--csv", help="Also write a CSV.", metavar="FILE"),
    html: Path | None = typer.Option(
        None, "--html", help="Also write a results page to print or project.", metavar="FILE"
    ),
    session: Path | None = EventOpt,
) -> None:
    """Standings, round winners and the winner's circle; a CSV and a results page.

    Place, player, total, each round's points, games played and byes.

    Example: mahj event standings --html results.html
    """
    from ..core.event import MAX_FIELD
    from ..core.eventfold import fold_event
    from ..core.numbers import whole_number
    from ..files import eventload

    best = None if top is None else whole_number(top, "--top", 1, MAX_FIELD)
    opened = eventload.load(eventload.locate_event(session))
    result = opened.standings
    if tie_break is not None and tie_break != result.tie_break:
        result = fold_event(opened.event, tie_break=tie_break, known=result.results)
    write_results(result, opened.path, csv=csv, html=html, top=best)
    if json:
        from ..reports.event import standings_json

        emit_json(standings_json(result, best))
        return
    from ..ui.event import standings_text

    say_text(standings_text(result, best))


@event.command()
def check(json: bool = JsonOpt, session: Path | None = EventOpt) -> None:
    """Check an event file (after editing it by hand): OK, or each problem with its line.

    Example: mahj event check --session spring-open.toml
    """
    from ..files import eventload, lines

    path = eventload.locate_event(session)
    loaded = eventload.read(path)
    found, _ = eventload.check(loaded)
    locator = lines.Locator(loaded.parsed.text)
    notes = list(loaded.parsed.notes)
    report_check(path, found, notes, locator, json)
