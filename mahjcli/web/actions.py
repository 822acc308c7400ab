"""What a table's phone may do to a night: look at what a game would pay (nothing saved),
record it (the builders below, handed to `night.change.record` as the command line
hands its own), take back that table's last game; and what the organiser's page shows
before a leaver settles up, and the comment a corrected game leaves in the file. Every
write is `night.change`'s, under the night's lock with its atomic save; they block, so
the routes run them in a worker thread."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from pathlib import Path

from ..core import checks
from ..core.errors import Refused
from ..core.fold import appended, fold
from ..core.model import Leave
from ..core.names import fold_name
from ..core.standings import Row, Standings
from ..files.loader import Night
from ..night import build, change, door, history
from ..reports.board import games_at
from ..reports.words import describe, payments_words, points, rate, resettled, seat_moves
from .fields import Asked

Builder = Callable[[Night], build.Built]


def where(standings: Standings, table: int) -> str:
    """`table 2` on a club night, `the table` at one table."""
    return f"table {table}" if standings.club else "the table"


def open_table(standings: Standings, table: int) -> None:
    """Refuse a table that is not playing tonight."""
    if all(t.table != table for t in standings.tables):
        playing = ", ".join(str(t.table) for t in standings.tables) or "none"
        raise Refused(f"table {table} is not playing now (tables playing: {playing})")


class Stale(Refused):
    """A game entered on a page shown before its table changed: the table's page is shown
    as it now is, never with that game filled in again (it may be one already recorded)."""


def unchanged(
    standings: Standings, table: int, seen: int | None, seats: tuple[str, ...] | None = None
) -> None:
    """Refuse a game entered on a page that was shown before another game was recorded at
    the same table (two phones entering one game: nothing is recorded twice), or before
    someone sat down or left there (the game would be charged to who sits there now)."""
    played = games_at(standings, table)
    if seen is None or len(played) == seen:
        now = next((t.seated for t in standings.tables if t.table == table), ())
        if seats is not None and tuple(fold_name(n) for n in seats) != tuple(
            fold_name(n) for n in now
        ):
            raise Stale(
                f"who sits at {where(standings, table)} has changed since this page was "
                f"shown: now {', '.join(now)} (it showed {', '.join(seats)}); nothing was "
                "recorded: look at the game again on the table's page"
            )
        return
    if len(played) > seen:
        last = played[-1]
        raise Stale(
            f"{where(standings, table)} has recorded game {last.game} ({describe(last)}) since "
            "this page was shown; nothing was recorded: check the table's page, then enter "
            "the game again if it is another one"
        )
    raise Stale(
        f"{where(standings, table)}'s last game was taken back since this page was shown; "
        "nothing was recorded: check the table's page"
    )


def win_builder(asked: Asked) -> Builder:
    """The win asked for, built against the night as it stands under the lock."""

    def make(night: Night) -> build.Built:
        standings = night.standings
        if asked.table is not None:
            open_table(standings, asked.table)
            unchanged(standings, asked.table, asked.table_games, asked.table_seats)
        built = build.build_win(standings, **asked.options)
        winner = getattr(built.entry, "winner", "")
        at = standings.table_of(winner)
        if at is not None and asked.table is not None and at.table != asked.table:
            raise Refused(f"{winner} sits at table {at.table}, not table {asked.table}")
        if at is not None and asked.table is None:
            unchanged(standings, at.table, asked.table_games, asked.table_seats)
        return built

    return make


def wall_builder(asked: Asked, other: Callable[[Standings], build.Built] | None = None) -> Builder:
    """The wall game asked for; at one table, its table is not written (as `mahj wall`).
    With `other`, the game it builds instead at that table (`mahj incomplete`'s)."""

    def make(night: Night) -> build.Built:
        standings = night.standings
        table = asked.table
        if table is None and len(standings.tables) == 1:
            table = standings.tables[0].table
        if table is not None:
            open_table(standings, table)
            unchanged(standings, table, asked.table_games, asked.table_seats)
        if other is not None:
            return other(standings)
        return build.build_wall(
            standings,
            asked.options["dead"],
            asked.table if standings.club else None,
            asked.options["bets"],
        )

    return make


def preview(night: Night, make: Builder) -> tuple[Row, Standings, tuple[str, ...]]:
    """What recording the entry would do, nothing saved: its scored row, the standings
    after it and the notes (refused exactly as recording it would be)."""
    built = make(night)
    after = appended(night.session, built.entry)
    return after.rows[-1], after, built.notes


def last_game(standings: Standings, table: int) -> Row | None:
    """The last game played at a table tonight."""
    played = games_at(standings, table)
    return played[-1] if played else None


def undo_check(table: int, at: int) -> Callable[[Night], None]:
    """Under the lock: the entry to take out must still be this table's last game, the
    one the page showed (`at`, its place in the log)."""

    def check(night: Night) -> None:
        standings = night.standings
        last = last_game(standings, table)
        if last is None:
            raise Refused(f"{where(standings, table)} has no game to take back")
        if last.at != at:
            raise Refused(
                f"{where(standings, table)}'s last game is now game {last.game} "
                f"({describe(last)}), not the one shown; nothing was taken back"
            )

    return check


def removal(night: Night, row: Row) -> tuple[str | None, int, list[str], list[str]]:
    """What taking `row` back would do, nothing saved: why it cannot be taken back (None
    when it can), how many later entries are replayed without it, who must move, and
    what a player who settled up at the door would then owe or be owed (`resettled`)."""
    log = night.session.log
    if why := history.accepted_problem(night.standings, row.at):
        return why, 0, [], []
    later = len(log) - 1 - row.at
    if later == 0:
        after = fold(night.session._replace(log=log[:-1]))
        problem = checks.undo_problem(log[-1], night.standings.accepted)
    else:
        try:
            after = history.taken_out(night, row.at, "taking back")
        except Refused as exc:  # asked before anything is tapped: nothing was changed yet
            return exc.words("page").replace("; nothing was changed", ""), later, [], []
        problem = None
    return problem, later, seat_moves(night.standings, after), resettled(night.standings, after)


def note(what: str, game: int, table: int | None, today: _dt.date | None = None) -> str:
    """The comment left in the file over a game taken back or corrected from a table's page."""
    day = (today or _dt.date.today()).isoformat()
    place = f"table {table}'s page" if table is not None else "the table's page"
    return f"Game {game} as it was before it was {what} on {place} (mahj serve) on {day}:"


def undo(path: Path, table: int, at: int) -> change.Change:
    """Take back a table's last game, the one its page showed (`at`, its place in the
    log): the night's last entry as `mahj undo` does, or, when another table has played
    since, that game alone (the later entries replayed without it; refused, naming it,
    when one of them would no longer stand)."""
    check = undo_check(table, at)
    from ..files import loader

    night = loader.load(path)
    standings = night.standings
    if standings.rows and standings.rows[-1].at == at == len(night.session.log) - 1:
        return change.undo(path, lambda now: _still_last(now, at, check))
    row = next((r for r in standings.rows if r.at == at), None)
    game = row.game if row is not None else 0
    club_table = table if standings.club else None
    return history.remove(path, at, note("taken back", game, club_table), check)


def _still_last(night: Night, at: int, check: Callable[[Night], None]) -> None:
    """Under the lock: the table's last game, and still the night's last entry."""
    check(night)
    if len(night.session.log) - 1 != at:
        raise Refused("the night changed since this page was shown; nothing was taken back")


def last_entry(at: int, was: str | None) -> Callable[[Night], None]:
    """Under the lock: the night's last entry must still be the one the organiser's page
    showed (`at`, its place in the log; `was`, what the page said of it) to be taken back."""

    def check(night: Night) -> None:
        row = next((r for r in night.standings.rows if r.at == at), None)
        said = describe(row) if row is not None else None
        if len(night.session.log) - 1 != at or (was is not None and said != was):
            raise Refused(
                "the night has changed since this page was shown (its last entry is another "
                "one now); nothing was taken back"
            )

    return check


def taken_back(before: Standings, at: int) -> tuple[str, str]:
    """What the organiser's page says of the entry at `at` just taken back; and, when it
    was a leaver who did not settle up, her name, to choose as she leaves again."""
    row = next((r for r in before.rows if r.at == at), None)
    said = f"Taken back: {describe(row)}." if row is not None else "Taken back."
    entry = row.entry if row is not None else None
    if not isinstance(entry, Leave):
        return said, ""
    said += f" {entry.player} is here again."
    if entry.settled_up:
        return said, ""
    who = entry.player
    said += f" To settle up as {who} goes, choose {who} under “Someone leaves”, with "
    return said + "“Settles up as they go” ticked.", who


def unsettled_leaver(standings: Standings, at: int) -> str | None:
    """The player who left at log entry `at` without settling up though she had something
    to settle (as `mahj leave` reminds her); None for any other entry."""
    row = next((r for r in standings.rows if r.at == at), None)
    entry = row.entry if row is not None else None
    if not isinstance(entry, Leave) or entry.settled_up or not standings.rules.pays:
        return None
    before = fold(standings.session._replace(log=standings.session.log[:at]))
    try:
        return entry.player if door.owes_at_door(before, entry.player) else None
    except Refused:
        return None


def leaving_words(standings: Standings) -> list[tuple[str, str]]:
    """Each player here, with what settling up as she leaves now would pay."""
    if not standings.rules.pays:
        return []
    coins = rate(standings)
    out = []
    for who in standings.present():
        try:
            payments, owed, stake, _ = door.leaver_settle_up(standings, who)
        except Refused:
            continue
        words = payments_words(payments, coins) or (
            ["square: nothing to settle"] if owed == 0 else []
        )
        left = abs(owed) - sum(t.amount for t in payments)
        if left:
            words.append(f"{points(left, coins=coins, sign=False)} left for the final settle-up")
        if stake:
            words.append(f"{points(stake, coins=coins, sign=False)} stays in the kitty")
        out.append((who, "; ".join(words)))
    return out
