"""The commands of every game: new, win, wall, undo (and `show`, what each change prints)."""

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from .completion import (
    house_words,
    line_names,
    misnamed_words,
    player_names,
    rule_words,
    variant_words,
)
from .shared import (
    NUMBERS,
    BetOpt,
    Commands,
    DeadOpt,
    SessionOpt,
    echo,
    entry_words,
    no_stray_options,
    saving,
    table_number,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..core.standings import Standings
    from ..night.change import Change

commands = Commands()


@commands.command()
def new(
    players: list[str] = typer.Argument(
        ...,
        help="Players in seat order, each to the right of the one before.",
        metavar="PLAYER",
    ),
    east: list[str] | None = typer.Option(
        None,
        "--east",
        help="The first East (default: the first player); on a club night, once a table.",
        metavar="NAME",
    ),
    tables: str = typer.Option(
        "1", "--tables", help="Club night: this many tables, sharing one waiting line.", metavar="N"
    ),
    house: list[str] | None = typer.Option(
        None,
        "--house",
        autocompletion=house_words,
        help="League house rule (repeatable): bettor[=25], kitty[=25], kitty-special, "
        "pay-for-table, east-double, jokerless-flat=N.",
        metavar="RULE[=VALUE]",
    ),
    variant: list[str] | None = typer.Option(
        None,
        "--variant",
        autocompletion=variant_words,
        help="Tournament variant (repeatable): three-exposures-30, mj-in-error, dead-wall-0.",
        metavar="NAME",
    ),
    rules: str | None = typer.Option(
        None,
        "--rules",
        autocompletion=rule_words,
        help="league (payments) or tournament (Master Points).",
        metavar="league|tournament",
    ),
    pie: str | None = typer.Option(
        None,
        "--pie",
        help="League: each player's purse for the night, in points, or in money ($5: at "
        "the stake, else a cent a point).",
        metavar="POINTS|$",
    ),
    stake: str | None = typer.Option(
        None,
        "--stake",
        help="League: play for money at this much a point (0.01 a penny table, 0.25 a "
        "quarter table); every view then shows money.",
        metavar="DOLLARS",
    ),
    card: str | None = typer.Option(
        None,
        "--card",
        help="A card file, or 'sample' for the card shipped with mahj.",
        metavar="FILE|sample",
    ),
    name: str = typer.Option(
        "night", "--name", help="A name for the night (used in the file name).", metavar="TEXT"
    ),
    date: str | None = typer.Option(
        None,
        "--date",
        help="The night's date, for a night typed in later (default: today).",
        metavar="YYYY-MM-DD",
    ),
    misnamed: str | None = typer.Option(
        None,
        "--misnamed",
        autocompletion=misnamed_words,
        help="Tournament: a mis-named discard's -25 replaces the exposure penalty "
        "(replace) or is added to it (add).",
        metavar="replace|add",
    ),
    profile: str | None = typer.Option(
        None,
        "--profile",
        help="Tournament: the director's profile (mjmp, or a profile file); means "
        "--rules tournament.",
        metavar="NAME|FILE",
    ),
    session: Path | None = SessionOpt,
) -> None:
    """Start a night: players in seat order; the first four sit, the rest wait.

    Example: mahj new Ruth Linda Kathy Pat Sue --east Linda --pie 500
    """  # fmt: skip
    import datetime as dt

    from ..core.money import parse_stake
    from ..files import cardfile, paths
    from ..night import change, start
    from .sessions import env_note

    night_date = start.night_date(date) if date is not None else dt.date.today()
    cents = parse_stake(stake) if stake is not None else 0
    purse = _pie_points(pie, cents)
    the_card = cardfile.load_card(card) if card is not None else None
    stem = start.file_stem(name)
    night = start.new_session(
        players,
        easts=east,
        rules=start.rule_set(
            rules,
            pie=purse,
            misnamed=misnamed,
            house=house,
            variants=variant,
            stake=cents,
            profile=cardfile.load_profile(profile) if profile is not None else None,
        ),
        card=the_card,
        name=name.strip(),
        date=night_date,
        tables=table_number(tables, "--tables") or 1,
    )
    path = session or paths.new_session_path(stem, night_date)
    was = paths.current_or_none()
    with saving() as saved:
        standings = change.start(path, night)
        saved(
            f"the night WAS started in {path} (now the current session)",
            "do not start it again: record the first game with `mahj win`",
        )
        from ..ui.console import console
        from ..ui.night import started_lines

        out = console()
        out.print(f"Started {path}")
        taken = path.with_name(f"{night_date.isoformat()}-{stem}.toml")
        if session is None and path != taken:
            out.print(
                f"A night called {name.strip() or stem} on {night_date.isoformat()} already "
                f"exists ({taken}); this is another one, and it is now the current session "
                "(`mahj sessions` lists both; `mahj use` goes back to the other).",
                soft_wrap=True,
            )
        if session is not None:  # it lives where --session says; say that it is current
            moved = f" (was {was})" if was is not None and not paths.same_file(was, path) else ""
            out.print(f"It is now the current session{moved}.", soft_wrap=True)
        if note := env_note(path):
            out.print(note, soft_wrap=True, markup=False, highlight=False)
        for line in started_lines(standings, out.width):
            out.print(line)


def _pie_points(typed: str | None, stake: int) -> int | None:
    """--pie in points (500) or in money ($5: at the night's stake, else a cent a point)."""
    from ..core.errors import Refused
    from ..core.model import MAX_PIE
    from ..core.money import points_of
    from ..core.numbers import whole_number

    if typed is None:
        return None
    purse = points_of(typed, stake, "--pie")
    if purse is None:
        return whole_number(typed, "--pie", 1, MAX_PIE)
    if not 1 <= purse <= MAX_PIE:
        raise Refused(
            f"--pie {typed.strip()} is {purse:,} points; a pie is 1 to {MAX_PIE:,} points"
        )
    return purse


@commands.command(context_settings=NUMBERS)
def win(
    ctx: typer.Context,
    winner: str | None = typer.Argument(
        None,
        help="Who called Mah Jongg (left out at a terminal: mahj asks the four questions).",
        autocompletion=player_names,
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
        "-t",
        help="Who threw the winning tile.",
        autocompletion=player_names,
        metavar="NAME",
    ),
    self_pick: bool = typer.Option(
        False,
        "--self-pick",
        "--self-picked",
        "-s",
        help="The winner drew the winning tile (or exchanged for a joker in another "
        "player's exposure).",
    ),
    jokerless: bool = typer.Option(
        False, "--jokerless", "-j", help="The winner claims a hand with no jokers."
    ),
    singles_pairs: bool = typer.Option(
        False,
        "--singles-pairs",
        help="A singles-and-pairs hand (no group of three): never paid as jokerless.",
    ),
    heavenly: bool = typer.Option(
        False, "--heavenly", help="East's hand was complete as dealt (only East)."
    ),
    exposures: str | None = typer.Option(
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
        autocompletion=line_names,
        metavar="LINE",
    ),
    bet: list[str] | None = BetOpt,
    pays_for_table: str | None = typer.Option(
        None,
        "--pays-for-table",
        help="House rule: this player's error gave Mah Jongg; they pay for the whole table.",
        autocompletion=player_names,
        metavar="NAME",
    ),
    session: Path | None = SessionOpt,
) -> None:
    """Record a win and show who pays whom (no arguments, at a terminal: four questions).

    Example: mahj win Ruth 25 -t Linda
    """  # fmt: skip
    from ..files import paths
    from ..night import build, change

    no_stray_options(ctx, value)
    path = paths.locate(session)
    options = win_choices(ctx.params)

    def build_it(standings: "Standings", answers: dict[str, Any]) -> build.Built:
        bets = [*(options["bets"] or ()), *answers.get("bets", ())]  # given, then asked
        return build.build_win(standings, **{**options, **answers, "bets": bets or None})

    def record(build_now: "Callable[[Standings], build.Built]") -> None:
        show(lambda: change.record(path, lambda n: build_now(n.standings)), path=path)

    if winner is not None:
        record(lambda standings: build_it(standings, {}))
        return
    from ..files import loader
    from . import ask

    if not ask.interactive():
        ctx.fail(
            "Missing argument 'WINNER': name the winner (mahj win NAME VALUE --thrown-by "
            "NAME), or run `mahj win` alone at a terminal to be asked"
        )
    ask.run(loader.load(path).standings, build_it, record)


def win_choices(params: dict[str, Any]) -> dict[str, Any]:
    """`build.build_win`'s arguments from `mahj win`'s options as parsed (also for
    `mahj fix`, which takes the same words)."""
    from ..core.model import MAX_EXPOSURES
    from ..core.numbers import whole_number

    exposures = params.get("exposures")
    return {
        "winner": params.get("winner"),
        "value": params.get("value"),
        "thrown_by": params.get("thrown_by"),
        "self_pick": bool(params.get("self_pick")),
        "jokerless": bool(params.get("jokerless")),
        "singles_pairs": bool(params.get("singles_pairs")),
        "heavenly": bool(params.get("heavenly")),
        "exposures": None
        if exposures is None
        else whole_number(exposures, "--exposures", 0, MAX_EXPOSURES),
        "misnamed": bool(params.get("misnamed")),
        "dead": list(params.get("dead") or ()) or None,
        "lines": list(params.get("line") or ()) or None,
        "bets": list(params.get("bet") or ()) or None,
        "pays_for_table": params.get("pays_for_table"),
    }


def show(
    make: "Callable[[], Change]", heading: str | None = None, path: Path | None = None
) -> "Change":
    """Record an entry (`make` saves it to `path`) and show what it did (`old_night` too),
    under `heading` if given; if it cannot be printed, that it WAS recorded (`saving`)."""
    from ..files.paths import days_away

    away = days_away(path) if path is not None else None
    with saving() as saved:
        done = make()
        saved(
            f"{entry_words(done.after.rows[-1])} WAS recorded in {done.path}",
            "do not type it again (`mahj undo` would remove it)",
        )
        from ..ui.console import console
        from ..ui.night import old_night, show_change

        if heading is not None:
            echo(heading)
        show_change(console(), done.after, done.notes + old_night(done.after, away))
    return done


@commands.command()
def wall(
    dead: list[str] | None = DeadOpt,
    table: str | None = typer.Option(
        None, "--table", help="Club night: the table that played it.", metavar="N"
    ),
    bet: list[str] | None = BetOpt,
    session: Path | None = SessionOpt,
) -> None:
    """Record a wall game: nobody won; the deal passes.

    Example: mahj wall --dead Pat
    """
    from ..files import paths
    from ..night import build, change

    number, path = table_number(table), paths.locate(session)
    show(
        lambda: change.record(path, lambda n: build.build_wall(n.standings, dead, number, bet)),
        path=path,
    )


@commands.command()
def undo(session: Path | None = SessionOpt) -> None:
    """Remove the last entry of the night and say what it was; the file keeps it as a
    comment, every key as written, which `mahj redo` puts back.

    Example: mahj undo
    """
    from ..files import paths
    from ..night import change

    path = paths.locate(session)
    with saving() as saved:
        done = change.undo(path)
        removed = done.before.rows[-1]
        again = (
            f"`mahj undo` again would also remove {entry_words(done.after.rows[-1])}"
            if done.after.rows
            else "the night's log is now empty"
        )
        saved(f"{entry_words(removed)} WAS removed from {done.path}", again)
        from ..ui.console import console
        from ..ui.night import show_removed

        show_removed(console(), removed, done.before, done.after)
