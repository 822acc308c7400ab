"""Changing what is already in a night's log: fix a past game, take out one entry, put
back what `mahj undo` took out, rename a player. Each follows the path of every change
(`change.record`): the lock, the whole night loaded and checked, the new log replayed from
the start, and the file saved only if every later entry still stands. What an entry said
before is kept in the file as a comment, so its history can be read there."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from pathlib import Path

from ..core import checks
from ..core.errors import NoSuchPlayer, Refused
from ..core.fold import fold
from ..core.model import Accept, Entry, Penalty, Wall
from ..core.names import (
    UnknownName,
    accent_twin,
    fold_name,
    name_problem,
    resolve,
    twin_refusal,
    typed_value,
)
from ..core.placed import pinned, placed
from ..core.problems import Problem
from ..core.standings import Standings
from ..core.wording import either
from ..files import atomic, loader, logedit
from ..files.entryfile import read_entry
from ..files.lock import locked
from ..files.sessionwrite import document, entry_to_dict
from .build import Built, resolve_in
from .change import Change, already
from .retype import retyped


def _label(standings: Standings, at: int) -> str:
    """`game 3` or `log entry 5 (join)`, for messages."""
    row = next((r for r in standings.rows if r.at == at), None)
    entry = standings.session.log[at]
    if row is not None and row.is_game:
        return f"game {row.game}"
    return f"log entry {at + 1} ({entry.kind})"


def accepted_problem(standings: Standings, at: int) -> str | None:
    """An entry on an accepted score card does not change (RULES.md §6): a game of an
    accepted round, a penalty numbered with one, an acceptance. A penalty typed after a
    round's last game is on the next round's card, so the acceptance does not lock it."""
    row = next((r for r in standings.rows if r.at == at), None)  # one an entry, on a sound night
    if row is None or isinstance(row.entry, Accept) or row.game <= standings.accepted:
        return (
            "that entry is on a score card the table has accepted, and an accepted card "
            "does not change"
        )
    return None


MOVED_SHOWN = 3
"""How many later games a refused correction names (the rest are counted)."""


def _replay(
    night: loader.Night,
    log: tuple[Entry, ...],
    what: str,
    gone: int | None = None,
    changed: int | None = None,
    instead: str = "",
) -> Standings:
    """The night with this log, refused (naming the first entry that no longer stands)
    when the change would leave a later entry impossible or seat a later game differently
    (RULES.md §10: naming every such game and what would move, then what to do `instead`);
    `gone` is the place of an entry taken out (the entries after it have moved up one),
    `changed` that of the entry replaced (a problem in it is its own, not a later entry's)."""
    after = fold(night.session._replace(log=log))
    if not after.problems:
        return after

    def label(problem: Problem) -> tuple[int, str]:
        where = problem.where
        at = where.at if where is not None and where.at is not None else len(log) - 1
        if gone is not None and at >= gone:
            at += 1
        return at, _label(night.standings, min(at, len(night.session.log) - 1))

    at, first = label(after.problems[0])
    message = after.problems[0].message
    if at == changed:
        raise Refused(f"{first} cannot be that: {message}; nothing was changed")
    moved = [p for p in after.problems if p.where is not None and p.where.key == "seats"]
    if moved and moved[0] == after.problems[0]:
        games = [
            f"{label(p)[1]} was played"
            + p.message.removeprefix(checks.PLAYED).replace(checks.NOW, "now")
            for p in moved[:MOVED_SHOWN]
        ]
        more = len(moved) - MOVED_SHOWN
        if more > 0:
            games.append(f"and {more} later {'game' if more == 1 else 'games'} would move too")
        raise Refused(
            f"{what} would seat later games differently, and a game stays where it was "
            f"played and with who played it: {'; '.join(games)}; nothing was changed; "
            f"{instead}"
        )
    tail = f"; {instead}" if instead else ""
    raise Refused(f"{what} would leave {first} impossible ({message}); nothing was changed{tail}")


def game_at(standings: Standings, number: int) -> int:
    """The log position of game `number`, refused when the night has no such game."""
    row = next((r for r in standings.rows if r.is_game and r.game == number), None)
    if row is None:
        if standings.games == 0:
            raise Refused("the night has no games yet; record one with `mahj win`")
        games = f"the night has games 1 to {standings.games}"
        raise Refused(f"there is no game {number}: {games}{_penalties_hint(standings, number)}")
    return row.at


def replace(
    path: Path,
    game: int,
    build: Callable[[Standings], Built],
    note: str,
    entry_id: str | None = None,
) -> tuple[Change, Entry | None]:
    """Replace game `game` with the one `build` makes from the standings just before it;
    returns the change and the entry replaced (None, and nothing changed, when
    `entry_id` is already in the file). The game keeps its entry id unless `entry_id`
    gives it another (the old one stays in the comment that keeps what it said)."""
    with locked(path):
        night = loader.load(path)
        if (same := already(night, entry_id)) is not None:
            return same, None
        log = night.session.log
        at = game_at(night.standings, game)
        if why := accepted_problem(night.standings, at):
            raise Refused(why)
        before_it = fold(night.session._replace(log=log[:at]))
        try:
            built = build(before_it)
        except Refused as exc:
            raise Refused(_not_yet(exc, night.standings, game)) from None
        if isinstance(built.entry, Wall) and built.entry.table is None and before_it.club:
            played = next(r for r in night.standings.rows if r.at == at).table  # its own
            built = built._replace(entry=built.entry._replace(table=played))
        kept = pinned(night.standings)
        entry = placed(built.entry, before_it)._replace(entry_id=entry_id or kept[at].entry_id)
        built = built._replace(entry=entry)
        if entry._replace(entry_id=kept[at].entry_id) == kept[at]:
            raise Refused(f"{_label(night.standings, at)} already says that; nothing was changed")
        new_log = (*kept[:at], built.entry, *kept[at + 1 :])
        what = f"changing {_label(night.standings, at)} like that"
        after = _replay(night, new_log, what, changed=at, instead=_keep_seats(night, at, game))
        text = logedit.replace_entry(night.loaded.parsed.text, at, entry_to_dict(built.entry), note)
        atomic.write_atomic(path, text.encode("utf-8"), expect=night.loaded.stamp)
        return Change(built.entry, night.standings, after, path, built.notes), log[at]


def _not_yet(exc: Refused, standings: Standings, game: int) -> str:
    """A fix naming a player of the night who had not come yet by game `game` is told so,
    not that there is no such player (`winner: Sue had not arrived yet in game 1`)."""
    message = Exception.__str__(exc)
    if not isinstance(exc, NoSuchPlayer):
        return message
    try:
        who = resolve(exc.typed, standings.players)
    except UnknownName:
        return message
    return f"{exc.role}: {who} had not arrived yet in game {game}; nothing was changed"


def remove(
    path: Path, at: int, note: str, check: Callable[[loader.Night], None] | None = None
) -> Change:
    """Take log entry `at` out of the night (its text stays as a comment under `note`);
    `check` (under the lock, before anything is removed) may refuse it, e.g. when entry
    `at` is no longer the one meant."""
    with locked(path):
        night = loader.load(path)
        log = night.session.log
        if not 0 <= at < len(log):
            raise Refused(f"the night has no log entry {at + 1}")
        if check is not None:
            check(night)
        if why := accepted_problem(night.standings, at):
            raise Refused(why)
        after = taken_out(night, at)
        text = logedit.replace_entry(night.loaded.parsed.text, at, None, note)
        text = logedit.without_redo(text)  # the log is shorter: nothing undone fits back
        atomic.write_atomic(path, text.encode("utf-8"), expect=night.loaded.stamp)
        return Change(log[at], night.standings, after, path)


def take_back(
    path: Path, game: int, today: _dt.date | None = None, penalty: str | None = None
) -> tuple[Change, int]:
    """Take game `game` out of the night alone (it went in twice, or was never played), as
    a table's page takes a game back, or `penalty`'s penalty numbered `game`: refused,
    naming it, when a later entry would no longer stand or would sit differently. Its text
    stays as a comment. Also where it was in the log."""
    standings = loader.load(path).standings
    at = game_at(standings, game) if penalty is None else penalty_at(standings, game, penalty)

    def same(night: loader.Night) -> None:  # under the lock: still that entry
        now = night.standings
        if (game_at(now, game) if penalty is None else penalty_at(now, game, penalty)) != at:
            raise Refused(f"the night changed before {game} was taken out; nothing was changed")

    day = (today or _dt.date.today()).isoformat()
    who = penalty and resolve_in(penalty, standings.players, "--penalty")
    how = f"{game}" if not who else f"{game} --penalty {typed_value(who)}"
    what = "Game" if penalty is None else "Penalty"
    note = f"{what} {game} as it was before `mahj take-back {how}` on {day}:"
    return remove(path, at, note, same), at


def penalty_at(standings: Standings, number: int, name: str) -> int:
    """The log position of `name`'s penalty numbered `number` (the last, if several)."""
    who = resolve_in(name, standings.players, "--penalty")
    found = [
        r.at
        for r in standings.rows
        if isinstance(r.entry, Penalty) and r.game == number and r.entry.player == who
    ]
    if not found:
        raise Refused(f"there is no penalty of {who} numbered {number}, as `mahj log` shows")
    return found[-1]


def _penalties_hint(standings: Standings, number: int) -> str:
    """`; Rosa's penalty is numbered 3 (mahj take-back 3 --penalty Rosa takes it out)`."""
    for r in standings.rows:
        if isinstance(r.entry, Penalty) and r.game == number:
            who = r.entry.player
            out = f"mahj take-back {number} --penalty {typed_value(who)} takes it out"
            return f"; {who}'s penalty is numbered {number}" + either(f" ({out})", "")
    return ""


def _keep_seats(night: loader.Night, at: int, game: int, taking: bool = False) -> str:
    """What to do instead of a correction that would move later games (`taking`: of taking
    game `game`, log entry `at`, out): correct it where it was played, or take back the
    later games first; a game never played is taken out when it is its table's last game,
    else made a wall game (saying what a wall game pays, where it pays anything), never
    when it is one already, nor at a tournament table, where a wall game scores points
    nobody won."""
    standings = night.standings
    row = next(r for r in standings.rows if r.at == at)
    where = f" at table {row.table}" if standings.club else ""
    said = [] if taking else [f"to correct game {game} without moving anyone, keep it{where}"]
    if standings.rules.name == "tournament":  # no game there scores nothing and goes on
        return "; ".join([*said, (
            "a game that was never played is taken out once the later games are taken back"
            f"{either(' (mahj undo)', '')}, not made a wall game, which would score +10 for "
            "each live hand that nobody won")])  # fmt: skip
    last = not any(r.is_game and r.table == row.table for r in standings.rows if r.at > at)
    out = either(f"mahj take-back {game}", f"Take back game {game} on its table's page")
    gone = f"is taken out ({out}) if no later game moves without it" if last and not taking else ""
    if not isinstance(row.entry, Wall):  # a wall game already: nothing to make it instead
        table = f" --table {row.table}" if standings.club else ""
        wall = either(f"mahj fix {game} wall{table}", f"correct game {game} as a wall game")
        house = getattr(standings.rules, "house", None)
        pays = "; a wall game pays into the kitty" if house is not None and house.kitty else ""
        made = f"becomes a wall game ({wall}{pays})"
        gone = f"{gone}, or {made}" if gone else made
    said += [f"a game that was never played {gone}"] if gone else []
    later = either("take back the later games first",
                   "take back the later games first, each on its table's page")  # fmt: skip
    return "; ".join([*said[:-1], f"{said[-1]}; or {later}"]) if said else later


def taken_out(night: loader.Night, at: int, doing: str = "taking out") -> Standings:
    """The night without log entry `at`, refused (nothing saved) when that would leave a
    later entry impossible or seat a later game differently (`doing`: how the refusal
    speaks of it, e.g. `taking back` on a table's page)."""
    log = pinned(night.standings)
    label = _label(night.standings, at)
    row = next((r for r in night.standings.rows if r.at == at), None)
    instead = (
        _keep_seats(night, at, row.game, taking=True)
        if row is not None and row.is_game
        else "take back the later games first"
    )
    return _replay(night, (*log[:at], *log[at + 1 :]), f"{doing} {label}", at, instead=instead)


def redo(path: Path) -> Change:
    """Put back the entry `mahj undo` last took out, if nothing was recorded since."""
    with locked(path):
        night = loader.load(path)
        text = night.loaded.parsed.text
        number = len(night.session.log) + 1
        waiting = [u for u in logedit.undone_entries(text) if u.number == number]
        if not waiting:
            raise Refused(
                "there is nothing to redo: `mahj redo` puts back what `mahj undo` just took "
                "out, before anything else is recorded"
            )
        undone = waiting[-1]
        canon = {fold_name(p): p for p in night.session.all_players()}
        table = undone.table
        if (
            table is not None
            and table.get("kind") == "join"
            and isinstance(arrival := table.get("player"), str)
        ):
            canon.setdefault(fold_name(arrival.strip()), arrival.strip())  # a newcomer
        entry, problems, _ = read_entry(table, number - 1, canon) if table else (None, [], [])
        if entry is None:
            why = f" ({problems[0].message})" if problems else ""
            again = retyped(table or {})
            raise Refused(
                f"the undone entry's comment (entry {number}) no longer reads as an entry"
                f"{why}; record it again as it should be"
                + (f", with: {again}" if again else ", with the command that recorded it")
            )
        entry = placed(entry, night.standings)
        after = fold(night.session._replace(log=(*night.session.log, entry)))
        if after.problems:
            raise Refused(f"the undone entry cannot go back: {after.problems[-1].message}")
        new = logedit.put_back(text, undone, entry_to_dict(entry))
        atomic.write_atomic(path, new.encode("utf-8"), expect=night.loaded.stamp)
        return Change(entry, night.standings, after, path)


def rename(path: Path, typed: str, new_name: str) -> tuple[str, str, Standings]:
    """Rename a player everywhere the night names them; returns (old, new, standings)."""
    with locked(path):
        night = loader.load(path)
        players = list(night.session.all_players())
        try:
            old = resolve(typed, players)
        except UnknownName as exc:
            raise Refused(str(exc)) from None
        new = new_name.strip()
        if why := name_problem(new):
            raise Refused(why)
        if new == old:
            raise Refused(f"{old} is already called that")
        clash = [p for p in players if fold_name(p) == fold_name(new) and p != old]
        if clash:
            raise Refused(f"there is already a player called {clash[0]}; choose another name")
        if twin := accent_twin(new, [p for p in players if p != old]):
            raise Refused(twin_refusal(new, twin))
        text = night.loaded.parsed.text
        expected = logedit.renamed_doc(document(text), old, new)
        renamed = logedit.rename_player(text, old, new, expected)
        renamed = logedit.rename_undone(renamed, old, new)
        from ..files.sessionfile import parse_text

        parsed = parse_text(renamed)
        if parsed.session is None:  # pragma: no cover - the document was compared above
            raise Refused("the renamed night would not read back; nothing was changed")
        atomic.write_atomic(path, renamed.encode("utf-8"), expect=night.loaded.stamp)
        return old, new, fold(parsed.session)


def fix_note(game: int, today: _dt.date | None = None) -> str:
    """The comment over a replaced entry."""
    day = (today or _dt.date.today()).isoformat()
    return f"Game {game} as it was before `mahj fix {game}` on {day}:"
