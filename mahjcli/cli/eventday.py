"""`mahj event ...` on event day: the round's clock (start, call-time), a table's card
entered game by game (win, wall, incomplete, error, penalty, undo; confirm, hand-in;
accept and reopen by the director; scorecard to see it) and where a player sits. Each is
one change through `night.eventchange`, as a table's page makes it."""

from pathlib import Path
from typing import TYPE_CHECKING

import typer

from .eventshared import EventOpt, event_number, now, round_and_table
from .shared import Commands

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..core.standings import Standings
    from ..files.eventload import OpenEvent
    from ..night.build import Built
    from ..night.eventbuild import Edit
    from ..night.eventchange import EventChange

day = Commands()

RoundArg = typer.Argument(..., help="The round.", metavar="ROUND")
TableArg = typer.Argument(..., help="The table.", metavar="TABLE")


def _change(session: Path | None, build: "Callable[[OpenEvent], Edit | None]") -> "EventChange":
    from ..files import eventload
    from ..night import eventchange

    return eventchange.change(eventload.locate_event(session), build)


def _card(done: "EventChange", rnd: int, table: int) -> None:
    """What the change did, then the table's card as it stands."""
    from ..reports.eventcard import card_lines, card_view

    for note in done.notes:
        typer.echo(note)
    for line in card_lines(card_view(done.after, rnd, table, now())):
        typer.echo(line)


BeforeTime = typer.Option(
    False,
    "--before-time",
    help="After time was called: this game finished before then (or was taken back to correct it).",
)


def _enter(
    session: Path | None,
    round_: str,
    table: str,
    make: "Callable[[Standings], Built]",
    before_time: bool = False,
) -> None:
    """Enter one game or penalty on a table's card, and show the card."""
    from ..night import eventplay

    rnd, number = round_and_table(round_, table)
    done = _change(session, lambda o: eventplay.enter(o, rnd, number, make, now(), before_time))
    _card(done, rnd, number)


# ---- the clock -------------------------------------------------------------------------


@day.command()
def start(
    round_: str = RoundArg,
    minutes: str = typer.Option("60", "--minutes", help="The round's length.", metavar="N"),
    restart: bool = typer.Option(False, "--restart", help="Start a started clock again."),
    session: Path | None = EventOpt,
) -> None:
    """Start a round's clock now: time is called when it runs out.

    Example: mahj event start 2 --minutes 50
    """
    from ..core.clock import MAX_MINUTES
    from ..core.event import MAX_ROUNDS
    from ..core.numbers import whole_number
    from ..night import eventclock

    rnd = event_number(round_, "ROUND", MAX_ROUNDS)
    length = whole_number(minutes, "--minutes", 1, MAX_MINUTES)
    done = _change(session, lambda o: eventclock.start(o, rnd, length, now(), restart))
    for note in done.notes:
        typer.echo(note)


@day.command("call-time")
def call_time(round_: str = RoundArg, session: Path | None = EventOpt) -> None:
    """Call time for a round now: a game still being played scores 0 for all.

    Example: mahj event call-time 2
    """
    from ..core.clock import clock_state, hhmm
    from ..core.event import MAX_ROUNDS
    from ..night import eventclock

    rnd = event_number(round_, "ROUND", MAX_ROUNDS)
    done = _change(session, lambda o: eventclock.call(o, rnd, now()))
    for note in done.notes:
        typer.echo(note)
    if not done.changed:
        state = clock_state(done.after.event.clock, rnd, now())
        moment = state.called_at if state is not None else None
        typer.echo(f"Time was already called for round {rnd} at {hhmm(moment)}.")


# ---- a table's card, game by game ------------------------------------------------------


@day.command("win")
def win(
    round_: str = RoundArg,
    table: str = TableArg,
    winner: str = typer.Argument(..., help="Who called Mah Jongg.", metavar="WINNER"),
    value: str | None = typer.Argument(
        None, help="The hand's value (may be left out with --line).", metavar="VALUE"
    ),
    thrown_by: str | None = typer.Option(
        None, "--thrown-by", "-t", help="Who threw the winning tile.", metavar="NAME"
    ),
    self_pick: bool = typer.Option(
        False, "--self-pick", "-s", help="The winner drew the winning tile."
    ),
    jokerless: bool = typer.Option(False, "--jokerless", "-j", help="A hand with no jokers."),
    singles_pairs: bool = typer.Option(
        False, "--singles-pairs", help="A singles-and-pairs hand (never jokerless)."
    ),
    heavenly: bool = typer.Option(False, "--heavenly", help="East's hand complete as dealt."),
    exposures: str | None = typer.Option(
        None,
        "--exposures",
        help="Exposures on the winner's rack (needed when thrown).",
        metavar="N",
    ),
    misnamed: bool = typer.Option(False, "--misnamed", help="The thrower mis-named the discard."),
    dead: list[str] | None = typer.Option(None, "--dead", help="A dead hand.", metavar="NAME"),
    line: list[str] | None = typer.Option(
        None, "--line", help="A line of the event's card the hand fits.", metavar="LINE"
    ),
    before_time: bool = BeforeTime,
    session: Path | None = EventOpt,
) -> None:
    """A win on a table's card, scored as a tournament night's `mahj win`.

    Example: mahj event win 2 3 Bea 30 --thrown-by Cy --exposures 2
    """
    from ..core.model import MAX_EXPOSURES
    from ..core.numbers import whole_number
    from ..night import build

    shown = whole_number(exposures, "--exposures", 0, MAX_EXPOSURES) if exposures else None

    def make(standings: "Standings") -> "Built":
        return build.build_win(
            standings, winner=winner, value=value, thrown_by=thrown_by, self_pick=self_pick,
            jokerless=jokerless, singles_pairs=singles_pairs, heavenly=heavenly,
            exposures=shown, misnamed=misnamed, dead=dead, lines=line,
        )  # fmt: skip

    _enter(session, round_, table, make, before_time)


@day.command("wall")
def wall(
    round_: str = RoundArg,
    table: str = TableArg,
    dead: list[str] | None = typer.Option(None, "--dead", help="A dead hand.", metavar="NAME"),
    before_time: bool = BeforeTime,
    session: Path | None = EventOpt,
) -> None:
    """A wall game on a table's card: +10 each live hand, a dead one as the profile says.

    Example: mahj event wall 2 3 --dead Dot
    """
    from ..night import build

    _enter(session, round_, table, lambda s: build.build_wall(s, dead), before_time)


@day.command("incomplete")
def incomplete(
    round_: str = RoundArg, table: str = TableArg, session: Path | None = EventOpt
) -> None:
    """The game in progress when time was called: 0 for all.

    Example: mahj event incomplete 2 3
    """
    from ..night import build

    _enter(session, round_, table, build.build_incomplete)


@day.command("error")
def error(
    round_: str = RoundArg,
    table: str = TableArg,
    caller: str = typer.Argument(..., help="Who called Mah Jongg in error.", metavar="CALLER"),
    intact: str | None = typer.Option(
        None, "--intact", help="The one player who kept an intact hand.", metavar="NAME"
    ),
    before_time: bool = BeforeTime,
    session: Path | None = EventOpt,
) -> None:
    """A Mah Jongg called in error (when the event's profile scores one).

    Example: mahj event error 2 3 Cy --intact Dot
    """
    from ..night import build

    _enter(session, round_, table, lambda s: build.build_error(s, caller, intact), before_time)


@day.command("penalty")
def penalty(
    round_: str = RoundArg,
    table: str = TableArg,
    name: str = typer.Argument(..., help="Who loses the points.", metavar="NAME"),
    points: str = typer.Argument(..., help="Points lost, e.g. 10.", metavar="POINTS"),
    reason: str = typer.Option("", "--reason", help="Why (printed on the card).", metavar="TEXT"),
    session: Path | None = EventOpt,
) -> None:
    """A penalty on a table's card, such as 10 for looking at a blind-passed tile.

    Example: mahj event penalty 2 3 Dot 10 --reason "looked at a blind pass"
    """
    from ..night import build

    _enter(session, round_, table, lambda s: build.build_penalty(s, name, points, reason))


@day.command("undo")
def undo(round_: str = RoundArg, table: str = TableArg, session: Path | None = EventOpt) -> None:
    """Take back the last game (or penalty) entered on a table's card.

    Example: mahj event undo 2 3
    """
    from ..night import eventplay
    from ..reports.eventcard import card_view

    rnd, number = round_and_table(round_, table)
    done = _change(session, lambda o: eventplay.take_back(o, rnd, number))
    line = card_view(done.before, rnd, number, now()).lines[-1]
    said = [f"Took back the last line: {line.what}" + ("" if line.what.endswith(".") else ".")]
    if line.result not in ("penalty", "incomplete") and done.after.event.time_called(rnd):
        said.append("To enter it again as it finished, add --before-time (time was called).")
    _card(done._replace(notes=tuple(said)), rnd, number)


@day.command("confirm")
def confirm(
    round_: str = RoundArg,
    table: str = TableArg,
    names: list[str] = typer.Argument(
        ..., help="Players who checked their line.", metavar="NAME..."
    ),
    session: Path | None = EventOpt,
) -> None:
    """Players confirm the card: A checks C's line and C A's, B and D each other's.

    Example: mahj event confirm 2 3 Ann Bea Cy Dot
    """
    from ..night import eventplay

    rnd, number = round_and_table(round_, table)
    _card(_change(session, lambda o: eventplay.confirm(o, rnd, number, names, now())), rnd, number)


@day.command("hand-in")
def hand_in(
    round_: str = RoundArg,
    table: str = TableArg,
    name: str = typer.Argument(..., help="Who hands the card in.", metavar="NAME"),
    session: Path | None = EventOpt,
) -> None:
    """Hand in a confirmed card: East of the starting seats in round 1, North in 2, West
    in 3, South in 4.

    Example: mahj event hand-in 2 3 Dot
    """
    from ..night import eventplay

    rnd, number = round_and_table(round_, table)
    _card(_change(session, lambda o: eventplay.hand_in(o, rnd, number, name, now())), rnd, number)


@day.command("accept")
def accept(round_: str = RoundArg, table: str = TableArg, session: Path | None = EventOpt) -> None:
    """The director accepts a handed-in card: it counts from now on and no longer changes.

    Example: mahj event accept 2 3
    """
    from ..night import eventplay
    from ..reports.event import cards_line

    rnd, number = round_and_table(round_, table)
    done = _change(session, lambda o: eventplay.accept(o, rnd, number, now()))
    _card(done, rnd, number)
    typer.echo(cards_line(done.after, rnd))


@day.command("reopen")
def reopen(round_: str = RoundArg, table: str = TableArg, session: Path | None = EventOpt) -> None:
    """The director gives a handed-in card back, or reopens an accepted one to replace it
    (the accepted card stays as history, in force until the new one is accepted).

    Example: mahj event reopen 2 3
    """
    from ..night import eventplay

    rnd, number = round_and_table(round_, table)
    _card(_change(session, lambda o: eventplay.reopen(o, rnd, number)), rnd, number)


@day.command("scorecard")
def scorecard(
    round_: str = RoundArg,
    table: str = TableArg,
    json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
    session: Path | None = EventOpt,
) -> None:
    """A table's card of a round as it stands: games, totals, confirmations, the clock.

    Example: mahj event scorecard 2 3
    """
    from ..files import eventload
    from ..night.eventbuild import table_seats
    from ..reports.eventcard import card_json, card_lines, card_view
    from .shared import emit_json

    rnd, number = round_and_table(round_, table)
    standings = eventload.load(eventload.locate_event(session)).standings
    table_seats(standings.event, rnd, number)
    view = card_view(standings, rnd, number, now())
    if json:
        emit_json(card_json(view))
        return
    for line in card_lines(view, named=True):
        typer.echo(line)


# ---- where do I sit? ---------------------------------------------------------------------


@day.command("where")
def where(
    name: str = typer.Argument(..., help="The player (any case).", metavar="NAME"),
    round_: str | None = typer.Option(
        None,
        "--round",
        help="The round (default: the one being played, or the next once that one is over).",
        metavar="ROUND",
    ),
    json: bool = typer.Option(False, "--json", help="Print JSON instead of words."),
    session: Path | None = EventOpt,
) -> None:
    """Where a player sits: table and seat, who they play, their points so far.

    Example: mahj event where ann
    """
    from ..core.event import MAX_ROUNDS
    from ..files import eventload
    from ..reports.eventwhere import spot, spot_json, spot_lines
    from .shared import emit_json

    rnd = event_number(round_, "--round", MAX_ROUNDS) if round_ is not None else None
    found = spot(eventload.load(eventload.locate_event(session)).standings, name, rnd, now())
    if json:
        emit_json(spot_json(found))
        return
    for line in spot_lines(found):
        typer.echo(line)
