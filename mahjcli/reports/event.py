"""An event's views as plain values: a round's seating sheet, the standings with round
winners and the winner's circle, their JSON (INTERFACE.md) and a CSV. Every number
comes from the fold (`mahjcli.core.eventfold`); nothing here scores anything."""

from __future__ import annotations

import csv
import datetime as _dt
import io
from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple

from ..core.clock import Clock, clock_state, hhmm, left_words
from ..core.event import SEAT_LETTERS, RoundSeating
from ..core.eventfold import EventStandings, circle_size
from ..core.eventties import Line, Tie
from ..core.model import WINDS
from ..core.movement import SHIFTS, Outlook, meeting_again, met_counts, together
from ..core.names import MOST_LISTED, fold_name, join_names
from .eventcard import clock_json
from .export import _cell
from .words import plural, points


class Placed(NamedTuple):
    """Where one player sits in a round: `Ann — table 7, seat C`."""

    player: str
    table: int | None
    """None: a bye."""
    seat: str = ""


class Sheet(NamedTuple):
    """A round's seating, table by table and player by player, ready to post."""

    title: str
    seating: RoundSeating
    again: tuple[tuple[str, str, int], ...]
    """Pairs meeting again this round, each with its table."""
    missing: tuple[int, ...]
    """Tables whose card is not in yet."""
    by_player: tuple[Placed, ...]
    """Everyone of the round in alphabetical order."""
    clock: Clock | None = None
    """The round's clock, when it was started or time called (and a moment was given)."""


def event_title(standings: EventStandings) -> str:
    """`Spring Open · 2026-04-18`."""
    event = standings.event
    name = event.name or "Event"
    return f"{name} · {event.date.isoformat()}" if event.date else name


def sheet(standings: EventStandings, rnd: int, now: _dt.datetime | None = None) -> Sheet:
    """The seating sheet of a seated round (with its clock at `now`, when given)."""
    event = standings.event
    seating = event.seatings[rnd - 1]
    met = met_counts(event.seatings[: rnd - 1])
    placed = [
        Placed(name, t, SEAT_LETTERS[s])
        for t, table in enumerate(seating.tables, 1)
        for s, name in enumerate(table)
    ]
    placed += [Placed(name, None) for name in seating.byes]
    placed.sort(key=lambda p: (fold_name(p.player), p.player))
    return Sheet(
        title=event_title(standings),
        seating=seating,
        again=tuple(meeting_again(seating.tables, met)),
        missing=standings.missing.get(rnd, ()),
        by_player=tuple(placed),
        clock=clock_state(event.clock, rnd, now) if now is not None else None,
    )


def where(placed: Placed) -> str:
    """`table 7, seat C` or `bye`."""
    if placed.table is None:
        return "bye"
    return f"table {placed.table}, seat {placed.seat}"


def clock_line(clock: Clock) -> str:
    """Where a round's clock stands, in words (local times).

    >>> t = _dt.datetime(2026, 12, 5, 13, 0, tzinfo=_dt.UTC)
    >>> clock_line(Clock(2, t, 60, t, True, t, 0, None, True)).startswith("Round 2: time called at")
    True
    """

    if clock.called:
        return f"Round {clock.round}: time called at {hhmm(clock.called_at)}."
    warn = f" — {clock.warning}-minute warning" if clock.warning else ""
    if clock.ends is None:
        return f"Round {clock.round}: the clock is not running."
    return (
        f"Round {clock.round}: {left_words(clock)} left (time is called at "
        f"{hhmm(clock.ends)}){warn}."
    )


def sheet_summary(sheet: Sheet) -> str:
    """How the round is seated, in a line."""
    seating = sheet.seating
    tables = plural(len(seating.tables), "table")
    byes = f", byes: {join_names(seating.byes)}" if seating.byes else ", no byes"
    how = f"seated by {seating.method}"
    again = plural(len(sheet.again), "repeat meeting") if seating.number > 1 else ""
    return f"{tables}{byes}; {how}" + (f" ({again})" if again else "")


def outlook_lines(
    outlook: Outlook, chosen: str, players: int, rounds: int, tables: int
) -> list[str]:
    """What `event new` says of repeat meetings: each method's count over the rounds after
    round 1, and a warning when the chosen movement seats players together again.

    >>> outlook_lines(Outlook({"fewest-repeats": 0, "abcd": 4, "east-stays": 0}, 0), "abcd",
    ...               16, 2, 4)[1]
    'abcd with 4 tables moves the C and D players of a table to one table again: 4 pairs \
meet again by round 2; fewest-repeats seats this field with none (mahj event seating 2 \
--movement fewest-repeats, or set movement = "fewest-repeats" in the event file).'
    """
    counts = outlook.repeats
    said = ", ".join(f"{m} {counts[m]}" for m in counts)
    later = "round 2" if rounds == 2 else f"rounds 2-{rounds}"
    lines = [f"Pairs meeting again in {later}: {said}."]
    best = counts["fewest-repeats"]
    if chosen in SHIFTS and counts[chosen] and (counts[chosen] > best or together(chosen, tables)):
        pairs = together(chosen, tables)
        how = (
            " moves the "
            + " and ".join(f"{SEAT_LETTERS[a]} and {SEAT_LETTERS[b]}" for a, b in pairs)
            + " players of a table to one table again"
            if pairs
            else " seats players together again"
        )
        fewest = f"with {plural(best, 'repeat')}" if best else "with none"
        lines.append(
            f"{chosen} with {plural(tables, 'table')}{how}: {plural(counts[chosen], 'pair')} "
            f"meet again by round {rounds}; fewest-repeats seats this field {fewest} (mahj "
            'event seating 2 --movement fewest-repeats, or set movement = "fewest-repeats" in '
            "the event file)."
        )
    if best and best == outlook.floor:
        lines.append(
            f"No seating of {players} players over {rounds} rounds avoids every repeat: at "
            f"least {plural(outlook.floor, 'pair')} must meet again, and the plan has no more."
        )
    elif best:
        lines.append(
            f"The fewest-repeats plan has {plural(best, 'pair')} meeting again (the fewest "
            "the search found)."
        )
    return lines


def cards_line(standings: EventStandings, rnd: int) -> str:
    """Which of a round's cards are in: `Cards in: 3 of 5 (missing: tables 4, 5)`."""
    seating = standings.event.seating(rnd)
    if seating is None:
        return f"Round {rnd} is not seated yet."
    missing = standings.missing.get(rnd, ())
    count = len(seating.tables)
    if not missing:
        return (
            f"Round {rnd}: the card is in."
            if count == 1
            else f"Round {rnd}: all {count} cards are in."
        )
    tables = "table" if len(missing) == 1 else "tables"
    return (
        f"Round {rnd}: {count - len(missing)} of {count} cards in; missing {tables} "
        f"{runs(missing)}."
    )


def runs(numbers: Sequence[int]) -> str:
    """Table numbers as people write them, three or more in a row as a range.

    >>> runs([4, 5]), runs([1, 2, 3, 7, 9, 10, 11, 12])
    ('4, 5', '1–3, 7, 9–12')
    """
    out: list[list[int]] = []
    for n in numbers:
        if out and n == out[-1][-1] + 1:
            out[-1].append(n)
        else:
            out.append([n])
    return ", ".join(
        f"{run[0]}–{run[-1]}" if len(run) > 2 else ", ".join(map(str, run)) for run in out
    )


def seating_json(sheet: Sheet) -> dict[str, Any]:
    """`mahj event seating --json` (INTERFACE.md), with how it was seated."""
    seating = sheet.seating
    return {
        "round": seating.number,
        "tables": [
            {"table": t, "seats": dict(zip(SEAT_LETTERS, table, strict=True))}
            for t, table in enumerate(seating.tables, 1)
        ],
        "byes": list(seating.byes),
        "movement": seating.method,
        "repeats": len(sheet.again),
        "repeat_pairs": [{"players": [a, b], "table": t} for a, b, t in sheet.again],
        "missing": list(sheet.missing),
        "winds": dict(zip(SEAT_LETTERS, WINDS, strict=True)),
        **({"clock": clock_json(sheet.clock)} if sheet.clock is not None else {}),
    }


# ---- standings ---------------------------------------------------------------------------


def circle(standings: EventStandings, top: int | None) -> int:
    """How many places the winner's circle holds: the director's `top`, else by field."""
    return top if top is not None else circle_size(len(standings.lines))


def place_labels(standings: EventStandings) -> dict[int, str]:
    """How each place is written: `1`, or `=2` when the place is shared.

    Keyed by place; every line of the standings has its place here."""
    counts = Counter(line.place for line in standings.lines)
    return {place: f"={place}" if n > 1 else str(place) for place, n in counts.items()}


def round_cell(line: Line, i: int) -> str:
    """One round of a player's line, in words: points, `bye`, `?` (card not in) or `–`."""
    state = line.states[i]
    if state == "played":
        value = line.rounds[i]
        return points(value if value is not None else 0)
    return {"bye": "bye", "missing": "?"}.get(state, "–")


PRIZES = "Players with equal totals share the place; a prize for a shared place is shared equally."
TIE_BREAK = (
    "Tie-break: most Mah Jonggs, then fewest winning tiles thrown, only between players "
    "whose every round was entered game by game."
)


def tie_words(tie: Tie) -> str:
    """How one tie was settled, in words.

    >>> tie_words(Tie(2, ("Ann", "Bea"), 45, (), (("Ann", "Bea"),), ("Bea",)))
    'Ann and Bea (+45) share place 2: the tie-break needs every round entered game by \
game, and Bea has a card of round totals.'
    >>> tie_words(Tie(2, ("Ann", "Bea", "Cy"), 45, ("most Mah Jonggs",), (("Bea", "Cy"),)))
    'Ann, Bea and Cy (+45): split by most Mah Jonggs; Bea and Cy still share a place.'
    >>> tie_words(Tie(1, tuple(f"P{n}" for n in range(400)), 0))
    '400 players (0) share place 1.'
    """
    names = f"{_who(tie.players)} ({points(tie.points)})"
    if tie.not_detailed:
        has = "has" if len(tie.not_detailed) == 1 else "have"
        return (
            f"{names} share place {tie.place}: the tie-break needs every round entered game "
            f"by game, and {_who(tie.not_detailed)} {has} a card of round totals."
        )
    if tie.settled_by:
        still = "".join(f"; {_who(group)} still share a place" for group in tie.shared)
        return f"{names}: split by {', then '.join(tie.settled_by)}{still}."
    return f"{names} share place {tie.place}."


def _who(names: Sequence[str]) -> str:
    """The players of a tie by name, or how many there are when too many to read (before
    the cards are in, a whole field shares place 1: the standings show who)."""
    return join_names(names) if len(names) <= MOST_LISTED else f"{len(names)} players"


def tie_lines(standings: EventStandings, top: int | None = None) -> list[str]:
    """What the standings say of ties: that a shared place shares its prize, the
    tie-break in use, and how each tie in the winner's circle was settled."""
    size = circle(standings, top)
    lines = [PRIZES]
    if standings.tie_break:
        lines.append(TIE_BREAK)
    lines += [tie_words(t) for t in standings.ties if t.place <= size]
    return lines


def winners_lines(standings: EventStandings) -> list[str]:
    """`Round 1: Ann +95` for each round whose cards are all in (or which are awaited)."""
    found = {w.round: w for w in standings.winners}
    out = []
    for rnd in range(1, standings.rounds + 1):
        if rnd in found:
            w = found[rnd]
            out.append(f"Round {rnd}: {join_names(w.players)} {points(w.points)}")
        else:
            missing = standings.missing.get(rnd, ())
            tables = "table" if len(missing) == 1 else "tables"
            out.append(f"Round {rnd}: waiting for {tables} {runs(missing)}")
    return out


def standings_json(standings: EventStandings, top: int | None = None) -> dict[str, Any]:
    """`mahj event standings --json` (INTERFACE.md), with the round winners, the winner's
    circle and the missing cards."""
    event = standings.event
    size = circle(standings, top)
    return {
        "rounds": standings.rounds,
        "standings": [
            {
                "place": line.place,
                "player": line.player.name,
                "points": line.points,
                "games": line.games,
                "byes": line.byes,
                "rounds": list(line.rounds),
                "id": line.player.id or None,
                "mahjongs": line.mahjongs if line.detailed else None,
                "thrown": line.thrown if line.detailed else None,
                "withdrew": line.withdrew,
            }
            for line in standings.lines
        ],
        "event": event.name,
        "date": event.date.isoformat() if event.date else None,
        "profile": event.rules.profile,
        "profile_source": event.rules.source or None,
        "tie_break": standings.tie_break,
        "tie_break_rule": "most Mah Jonggs, then fewest thrown" if standings.tie_break else None,
        "ties": [
            {
                "place": t.place,
                "players": list(t.players),
                "points": t.points,
                "settled_by": list(t.settled_by),
                "shared": [list(group) for group in t.shared],
                "not_detailed": list(t.not_detailed),
                "words": tie_words(t),
            }
            for t in standings.ties
        ],
        "round_winners": [
            {"round": w.round, "players": list(w.players), "points": w.points}
            for w in standings.winners
        ],
        "top": {"size": size, "players": [line.player.name for line in standings.top(size)]},
        "missing": [
            {"round": rnd, "tables": list(tables)}
            for rnd, tables in standings.missing.items()
            if tables and event.started(rnd)
        ],
    }


CSV_HEAD = ("place", "player", "id", "points")
CSV_TAIL = ("games", "byes", "mahjongs", "thrown", "withdrew")


def standings_csv(standings: EventStandings) -> str:
    """The standings as CSV, one row a player, best first; a round is its points, 0 for
    a bye, empty when the player was not in it or the card is not in; Mah Jonggs and
    tiles thrown are empty when a card of round totals (which has neither) counts."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    rounds = [f"round_{r}" for r in range(1, standings.rounds + 1)]
    writer.writerow([*CSV_HEAD, *rounds, *CSV_TAIL])
    for line in standings.lines:
        writer.writerow(
            [
                line.place,
                _cell(line.player.name),
                _cell(line.player.id),
                line.points,
                *("" if v is None else v for v in line.rounds),
                line.games,
                line.byes,
                *((line.mahjongs, line.thrown) if line.detailed else ("", "")),
                "yes" if line.withdrew else "",
            ]
        )
    return out.getvalue()
