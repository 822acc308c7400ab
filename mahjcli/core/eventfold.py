"""An event folded into its standings (RULES.md §9): each detailed card replayed under
the event's tournament profile and held to its totals, then each player's rounds,
total, games and byes, places shared by equal totals (or split by the tie-break), the
round winners and the tables still missing.

`fold_event` never raises for bad data: every problem is returned with where it is, so
`mahj event check` lists them all and every command refuses a broken event.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from . import eventcheck
from .event import Event, Player, TableCard
from .eventties import Line, Tie, settle
from .fold import fold
from .model import GAMES, GAMES_PER_ROUND, Win, is_game
from .names import fold_name
from .problems import Problem, Where
from .session import Session
from .standings import Standings

CARD_KINDS = GAMES | {"penalty"}
"""What a detailed card holds: its games and the penalties given during them."""


class CardResult(NamedTuple):
    """One card in force: its players' totals, and what its games say about each."""

    card: TableCard
    seats: tuple[str, ...]
    """The table's seats A-D this round."""
    standings: Standings | None = None
    """The card's games replayed (detailed cards only)."""
    mahjongs: Mapping[str, int] = {}
    thrown: Mapping[str, int] = {}

    @property
    def totals(self) -> Mapping[str, int]:
        """Each player's round total: what the table signed, else what its games add up to."""
        if self.card.totals or self.standings is None:
            return self.card.totals
        return self.standings.totals_map()


class RoundWinner(NamedTuple):
    """The best total of a round (everyone who shares it), once all its cards are in."""

    round: int
    players: tuple[str, ...]
    points: int


class EventStandings(NamedTuple):
    """Everything derived from an event."""

    event: Event
    rounds: int
    """Rounds played so far (the last round with a card in), 0 before the first card."""
    lines: tuple[Line, ...]
    """Best first; equal places in alphabetical order."""
    results: Mapping[tuple[int, int], CardResult]
    """The card in force (accepted) for each (round, table)."""
    winners: tuple[RoundWinner, ...]
    missing: Mapping[int, tuple[int, ...]]
    """Each seated round's tables whose card is not in yet."""
    tie_break: bool = False
    """Whether equal totals were split by the tie-break."""
    problems: tuple[Problem, ...] = ()
    ties: tuple[Tie, ...] = ()
    """Every group of equal totals, best first, and how it was settled."""
    live: Mapping[tuple[int, int], CardResult] = {}
    """The card still at each (round, table), being entered or handed in, not yet
    accepted (the card in force, if any, is in `results`)."""

    def top(self, count: int) -> tuple[Line, ...]:
        """The winner's circle: every line placed `count` or better (ties included)."""
        return tuple(line for line in self.lines if line.place <= count)


def circle_size(players: int) -> int:
    """The winner's circle a field of this size gets unless the director says otherwise.

    >>> circle_size(22), circle_size(80), circle_size(400)
    (3, 6, 12)
    """
    return 3 if players < 40 else 6 if players < 100 else 12


def replay(
    event: Event, card: TableCard, seats: tuple[str, ...], index: int
) -> tuple[Standings | None, list[Problem]]:
    """A detailed card's games replayed at its table (seat A East first) under the event's
    profile, with every problem of a game and of its totals."""
    assert card.games is not None
    label = f"card {index + 1} ({eventcheck.card_label(card)})"
    found: list[Problem] = []
    for k, entry in enumerate(card.games):
        if entry.kind not in CARD_KINDS:
            found.append(
                Problem(
                    f"{label}: entry {k + 1} ({entry.kind}): a card holds games and penalties only",
                    Where("cards", index, f"games[{k}]"),
                )
            )
    found += _after_time_called(card, label, index)
    if found:
        return None, found
    session = Session(
        players=seats, easts=(seats[0],), rules=event.rules, log=card.games, card=event.card
    )
    standings = fold(session)
    for p in standings.problems:
        at = p.where.at if p.where is not None and p.where.at is not None else 0
        kind = card.games[at].kind
        where = Where("cards", index, f"games[{at}]")
        found.append(Problem(f"{label}: entry {at + 1} ({kind}): {p.message}", where))
    if found:
        return None, found
    if why := games_problem(event, card, standings.games):
        found.append(Problem(f"{label}: {why}", Where("cards", index, "games")))
    got = standings.totals_map()
    if card.totals and dict(card.totals) != got and set(card.totals) == set(got):
        said = eventcheck.named_points(seats, card.totals)
        added = eventcheck.named_points(seats, got)
        found.append(
            Problem(
                f"{label}: the games add up to {added}, but the card's totals say {said}",
                Where("cards", index, "totals"),
            )
        )
    return standings, found


def _after_time_called(card: TableCard, label: str, index: int) -> list[Problem]:
    """A game after the one time stopped: the card ends with that game (RULES.md §11:
    no new game starts), though a penalty may still be given."""
    games = card.games or ()
    stopped = next((k for k, entry in enumerate(games) if entry.kind == "incomplete"), None)
    if stopped is None:
        return []
    return [
        Problem(
            f"{label}: entry {k + 1} ({entry.kind}): time was called at this table in entry "
            f"{stopped + 1}, and the card ends with the game time stopped; no game comes "
            "after it",
            Where("cards", index, f"games[{k}]"),
        )
        for k, entry in enumerate(games)
        if k > stopped and is_game(entry)
    ]


def games_problem(event: Event, card: TableCard, games: int) -> str | None:
    """Why a card holds the wrong number of games, or None: four in a round, never more;
    an accepted card fewer only once time was called for its round (RULES.md §11)."""
    if games > GAMES_PER_ROUND:
        return f"the card has {games} games; a round is {GAMES_PER_ROUND}"
    if games == GAMES_PER_ROUND or not card.accepted or event.time_called(card.round):
        return None
    return (
        f"the card has {games} games; a round is {GAMES_PER_ROUND}, and a card of fewer is "
        f"accepted only once time was called for round {card.round} (mahj event call-time "
        f"{card.round}); a game stopped by time is recorded as incomplete"
    )


def _tallies(standings: Standings) -> tuple[dict[str, int], dict[str, int]]:
    """Mah Jonggs won and winning tiles thrown, by player."""
    wins: dict[str, int] = {}
    threw: dict[str, int] = {}
    for row in standings.rows:
        entry = row.entry
        if isinstance(entry, Win):
            wins[entry.winner] = wins.get(entry.winner, 0) + 1
            if entry.thrown_by is not None:
                threw[entry.thrown_by] = threw.get(entry.thrown_by, 0) + 1
    return wins, threw


def card_results(
    event: Event, known: Mapping[tuple[int, int], CardResult] | None = None
) -> tuple[dict[tuple[int, int], CardResult], dict[tuple[int, int], CardResult], list[Problem]]:
    """The card in force for each table (its last accepted one), the card still at each
    table (its last, when not accepted), and every card's problems. A result in `known`
    (from the same event before a change) is used again when it is for the very same
    card at the same seats, whose games need no second replay."""
    results: dict[tuple[int, int], CardResult] = {}
    live: dict[tuple[int, int], CardResult] = {}
    found: list[Problem] = []
    for index, card in enumerate(event.cards):
        seating = event.seating(card.round)
        if seating is None or not 1 <= card.table <= len(seating.tables):
            continue
        seats = seating.tables[card.table - 1]
        if (card.totals or card.games is None) and set(card.totals) != set(seats):
            continue
        result = CardResult(card, seats)
        old = known.get((card.round, card.table)) if known else None
        if old is not None and old.card is card and old.seats == seats:
            result = old  # its games need no second replay; the clock may have changed
            games = old.standings.games if old.standings is not None else None
            if games is not None and (why := games_problem(event, card, games)):
                label = f"card {index + 1} ({eventcheck.card_label(card)})"
                found.append(Problem(f"{label}: {why}", Where("cards", index, "games")))
        elif card.games is not None:
            standings, problems = replay(event, card, seats, index)
            found += problems
            if standings is None:
                continue
            wins, threw = _tallies(standings)
            result = CardResult(card, seats, standings, wins, threw)
        if card.accepted:
            results[card.round, card.table] = result
            live.pop((card.round, card.table), None)
        else:
            live[card.round, card.table] = result
    return results, live, found


def _line(
    event: Event,
    player: Player,
    places: list[dict[str, tuple[int, int]]],
    results: Mapping[tuple[int, int], CardResult],
) -> Line:
    """One player's rounds, total, games, byes and tie-break counts (`places`: each
    round's seats by player)."""
    values: list[int | None] = []
    states: list[str] = []
    games = byes = wins = threw = 0
    detailed = True
    for rnd, seated in enumerate(places, 1):
        seating = event.seating(rnd)
        value: int | None = None
        state = "out"
        if seating is not None and player.plays(rnd):
            if player.name in seating.byes:
                value, byes, state = 0, byes + 1, "bye"
            else:
                table = seated.get(player.name, (0, 0))[0]
                result = results.get((rnd, table))
                state = "missing" if result is None else "played"
                if result is not None:
                    value = result.totals[player.name]
                    games += _games(result)
                    wins += result.mahjongs.get(player.name, 0)
                    threw += result.thrown.get(player.name, 0)
                    detailed = detailed and result.standings is not None
        values.append(value)
        states.append(state)
    total = sum(v for v in values if v is not None)
    return Line(player, 0, total, tuple(values), games, byes, wins, threw, tuple(states), detailed)


def _games(result: CardResult) -> int:
    """Games a card's players sat: its games, or a round's four for a simple card."""
    if result.standings is None:
        return GAMES_PER_ROUND
    return sum(1 for e in result.card.games or () if is_game(e))


def _winners(
    event: Event, rounds: int, results: Mapping[tuple[int, int], CardResult]
) -> tuple[RoundWinner, ...]:
    out = []
    for rnd in range(1, rounds + 1):
        if event.missing(rnd):
            continue
        scores = {
            n: p for (r, _), res in results.items() if r == rnd for n, p in res.totals.items()
        }
        if scores:
            best = max(scores.values())
            names = tuple(sorted((n for n, p in scores.items() if p == best), key=fold_name))
            out.append(RoundWinner(rnd, names, best))
    return tuple(out)


def fold_event(
    event: Event,
    *,
    tie_break: bool | None = None,
    known: Mapping[tuple[int, int], CardResult] | None = None,
) -> EventStandings:
    """The event's standings after every card in (the tie-break as the event says,
    unless `tie_break` says otherwise; `known`: see `card_results`)."""
    problems = eventcheck.event_problems(event) + eventcheck.card_problems(event)
    results, live, found = card_results(event, known)
    problems += found
    rounds = max((c.round for c in event.cards if event.seating(c.round)), default=0)
    places = [event.seatings[r].places() for r in range(rounds)]
    lines = [
        _line(event, p, places, results)
        for p in event.players
        if (p.last_round is None or p.last_round >= p.first_round)
        and p.first_round <= max(rounds, 1)
    ]
    split = event.tie_break if tie_break is None else tie_break
    ranked, ties = settle(lines, split)
    missing = {s.number: event.missing(s.number) for s in event.seatings}
    return EventStandings(
        event=event,
        rounds=rounds,
        lines=ranked,
        ties=ties,
        results=results,
        winners=_winners(event, rounds, results),
        missing=missing,
        tie_break=split,
        problems=tuple(problems),
        live=live,
    )
