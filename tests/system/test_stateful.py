"""A model-based test: Hypothesis drives `mahj` (in-process) through random nights of
new/win/wall/undo/join/leave/penalty/incomplete, valid and invalid, league and tournament,
and after every step compares the file with a small model of the rules written here.

The model is deliberately separate from `mahjcli.rules`, `scoring` and `seating`: its
arithmetic is RULES.md read afresh, so a mistake in the product cannot hide in both.
After each step: the command succeeded exactly when the model says it should; a refused
command left the file byte-for-byte unchanged (and printed one `Error:` line); the file
parses as TOML; `total --json` and `status --json` agree with the model.
"""

from __future__ import annotations

import copy
import json
import shutil
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, Phase, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from typer.testing import CliRunner

from mahjcli.cli import app

POOL = ["Ruth", "Linda", "Kathy", "Pat", "Sue", "Ann", "Bea", "Cy"]
"""Names the machine uses; none is the beginning of another, so no prefix is ambiguous."""
STRANGERS = ["Zed", "Rth", "Nobody"]
"""Names that never play (typos, strangers)."""


@dataclass
class Table:
    """The model: the rules of RULES.md §1, §3, §4 and §6, kept as plainly as possible."""

    rules: str
    pie: int | None
    players: list[str]
    seats: list[str]
    east: int
    waiting: list[str]
    gone: list[str] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    games: int = 0

    # -- seating (RULES.md §3) --------------------------------------------------------------

    def deal_order(self) -> list[str]:
        return self.seats[self.east :] + self.seats[: self.east]

    def next_deal(self) -> None:
        """After every game: East stands up for the front of the line; the deal passes right."""
        if self.waiting:
            self.waiting.append(self.seats[self.east])
            self.seats[self.east] = self.waiting.pop(0)
        self.east = (self.east + 1) % len(self.seats)

    def arrive(self, name: str) -> None:
        if name in self.gone:
            self.gone.remove(name)
        if name not in self.players:
            self.players.append(name)
            self.totals[name] = 0
        if len(self.seats) < 4:  # sits to East's left, so deals last
            self.seats.insert(self.east, name)
            self.east += 1
        else:
            self.waiting.append(name)

    def can_leave(self, name: str) -> bool:
        if name in self.waiting:
            return True
        return name in self.seats and (bool(self.waiting) or len(self.seats) > 3)

    def depart(self, name: str) -> None:
        self.gone.append(name)
        if name in self.waiting:
            self.waiting.remove(name)
            return
        seat = self.seats.index(name)
        if self.waiting:  # the front of the line takes the same seat
            self.seats[seat] = self.waiting.pop(0)
            if seat == self.east:  # project decision: the deal then passes to the right
                self.east = (self.east + 1) % len(self.seats)
            return
        del self.seats[seat]
        if seat < self.east:
            self.east -= 1
        self.east %= len(self.seats)

    # -- scoring (RULES.md §1, §4, §6) ---------------------------------------------------------

    def league_win(
        self, winner: str, value: int, thrower: str | None, jokerless: bool, singles: bool
    ) -> None:
        unit = value * 2 if jokerless and not singles else value
        for loser in self.deal_order():
            if loser == winner:
                continue
            owed = unit * 2 if thrower is None or loser == thrower else unit
            if self.pie is not None:
                owed = max(0, min(owed, self.pie + self.totals[loser]))
            self.totals[loser] -= owed
            self.totals[winner] += owed

    def tournament_win(
        self,
        winner: str,
        value: int,
        thrower: str | None,
        jokerless: bool,
        singles: bool,
        heavenly: bool,
        exposures: int | None,
    ) -> None:
        points = value
        if not heavenly:
            if thrower is None:
                points += 10
            if jokerless and not singles:
                points += 20
        self.totals[winner] += points
        if thrower is not None:
            assert exposures is not None
            self.totals[thrower] -= 10 if exposures <= 1 else 20 if exposures == 2 else 25


def typed(data: st.DataObject, name: str) -> str:
    """A name as someone might type it: as is, or in another case."""
    return data.draw(st.sampled_from([name, name.lower(), name.upper()]), label="typed")


class Night(RuleBasedStateMachine):
    """One session file, driven through the CLI; `self.model` says what it must hold."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="mahj-stateful-"))
        self.path = self.folder / "night.toml"
        self.runner = CliRunner()
        self.model: Table | None = None
        self.history: list[Table] = []

    def teardown(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    # -- driving the CLI ----------------------------------------------------------------------

    def mahj(self, *args: str) -> tuple[int, str, str]:
        result = self.runner.invoke(app, [*args, "--session", str(self.path)])
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            args,
            result.exception,
        )
        return result.exit_code, result.stdout, result.stderr

    def attempt(self, ok: bool, *args: str, after: Table | None = None) -> None:
        """Run one command the model expects to succeed (`ok`, leaving the model `after`)
        or to be refused; check the outcome and the file."""
        before = self.path.read_bytes() if self.path.exists() else None
        event(f"{args[0]} {'done' if ok else 'refused'}")
        code, out, err = self.mahj(*args)
        if ok:
            assert code == 0, (args, err)
            assert after is not None and self.model is not None
            self.history.append(self.model)
            self.model = after
        else:
            assert code in (1, 2), (args, code, out, err)
            errors = [line for line in err.splitlines() if line.startswith("Error: ")]
            assert len(errors) == 1 and "Traceback" not in err, (args, err)
            after_bytes = self.path.read_bytes() if self.path.exists() else None
            assert after_bytes == before, f"refused {args} changed the file"

    def draft(self) -> Table:
        assert self.model is not None
        return copy.deepcopy(self.model)

    # -- starting the night ---------------------------------------------------------------------

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        rules = data.draw(st.sampled_from(["league", "tournament"]), label="rules")
        count = 4 if rules == "tournament" else data.draw(st.integers(3, 6), label="players")
        players = POOL[:count]
        east = data.draw(st.sampled_from(players[:4]), label="east")
        pie = None
        if rules == "league":
            pie = data.draw(st.sampled_from([None, None, 60, 200]), label="pie")
        args = ["new", *players, "--east", east, "--rules", rules]
        if pie is not None:
            args += ["--pie", str(pie)]
        code, _, err = self.mahj(*args)
        assert code == 0, err
        seats = players[:4]
        self.model = Table(
            rules=rules,
            pie=pie,
            players=list(players),
            seats=list(seats),
            east=seats.index(east),
            waiting=list(players[4:]),
            totals=dict.fromkeys(players, 0),
        )

    # -- the steps ------------------------------------------------------------------------------

    @rule(data=st.data())
    def win(self, data: st.DataObject) -> None:
        m = self.model
        assert m is not None
        seated = m.deal_order()
        anyone = st.sampled_from(m.players + STRANGERS[:1])
        # Mostly plausible choices, so that most wins are recorded; the rest are mistakes.
        someone = st.one_of(st.sampled_from(seated), st.sampled_from(seated), anyone)
        winner = data.draw(someone, label="winner")
        how = data.draw(
            st.sampled_from(["thrown"] * 4 + ["self"] * 3 + ["heavenly", "both", "neither"]),
            label="how",
        )
        thrower = data.draw(someone, label="thrower") if how != "self" else None
        value_text = data.draw(
            st.sampled_from(["25", "30", "35", "50"] * 3 + ["0", "abc", "8.5", "1001"]),
            label="value",
        )
        jokerless = data.draw(st.booleans(), label="jokerless")
        singles = data.draw(st.booleans(), label="singles")
        exposures = data.draw(st.sampled_from([None, 0, 1, 2, 3, 4]), label="exposures")

        args = ["win", typed(data, winner), value_text]
        if how in ("thrown", "both"):
            assert thrower is not None
            args += ["--thrown-by", typed(data, thrower)]
        if how in ("self", "both"):
            args.append("--self-pick")
        if how == "heavenly":
            args.append("--heavenly")
            thrower = None
        if how == "neither":
            thrower = None
        if jokerless:
            args.append("--jokerless")
        if singles:
            args.append("--singles-pairs")
        if exposures is not None:
            args += ["--exposures", str(exposures)]

        ok = (
            value_text in ("25", "30", "35", "50")
            and how not in ("both", "neither")
            and winner in seated
            and (thrower is None or (thrower in seated and thrower != winner))
            and (how != "heavenly" or winner == seated[0])
            and not (m.rules == "tournament" and thrower is not None and exposures is None)
            and not (m.rules == "league" and exposures is not None)
        )
        after = None
        if ok:
            after = self.draft()
            value = int(value_text)
            if m.rules == "league":
                after.league_win(winner, value, thrower, jokerless, singles)
            else:
                after.tournament_win(
                    winner, value, thrower, jokerless, singles, how == "heavenly", exposures
                )
            after.games += 1
            after.next_deal()
        self.attempt(ok, *args, after=after)

    @rule(data=st.data())
    def wall(self, data: st.DataObject) -> None:
        m = self.model
        assert m is not None
        dead = data.draw(
            st.lists(st.sampled_from(m.players + STRANGERS[:1]), max_size=2, unique=True),
            label="dead",
        )
        args = ["wall"]
        for name in dead:
            args += ["--dead", typed(data, name)]
        seated = m.deal_order()
        ok = all(name in seated for name in dead)
        after = None
        if ok:
            after = self.draft()
            if m.rules == "tournament":
                for name in seated:
                    after.totals[name] += -10 if name in dead else 10
            after.games += 1
            after.next_deal()
        self.attempt(ok, *args, after=after)

    @rule()
    def incomplete(self) -> None:
        m = self.model
        assert m is not None
        ok = m.rules == "tournament"
        after = None
        if ok:
            after = self.draft()
            after.games += 1
            after.next_deal()
        self.attempt(ok, "incomplete", after=after)

    @rule(data=st.data())
    def penalty(self, data: st.DataObject) -> None:
        m = self.model
        assert m is not None
        name = data.draw(
            st.one_of(st.sampled_from(m.players), st.sampled_from(STRANGERS)), label="penalised"
        )
        points = data.draw(
            st.sampled_from(["10", "10", "10", "25", "25", "0", "abc", "１０"]), label="points"
        )
        ok = m.rules == "tournament" and name in m.players and points in ("10", "25")
        after = None
        if ok:
            after = self.draft()
            after.totals[name] -= int(points)
        self.attempt(ok, "penalty", typed(data, name), points, after=after)

    @rule(data=st.data())
    def join(self, data: st.DataObject) -> None:
        m = self.model
        assert m is not None
        present = m.seats + m.waiting
        absent = [name for name in POOL if name not in present] or POOL
        name = data.draw(st.one_of(st.sampled_from(absent), st.sampled_from(POOL)), label="arrival")
        ok = m.rules == "league" and name not in present
        after = None
        if ok:
            after = self.draft()
            after.arrive(name)
        self.attempt(ok, "join", name, after=after)

    @rule(data=st.data())
    def leave(self, data: st.DataObject) -> None:
        m = self.model
        assert m is not None
        name = data.draw(
            st.one_of(st.sampled_from(m.seats + m.waiting), st.sampled_from(POOL + STRANGERS)),
            label="leaver",
        )
        ok = m.rules == "league" and m.can_leave(name)
        after = None
        if ok:
            after = self.draft()
            after.depart(name)
        self.attempt(ok, "leave", typed(data, name), after=after)

    @rule()
    def undo(self) -> None:
        ok = bool(self.history)
        before = self.history[-1] if ok else None
        self.attempt(ok, "undo", after=before)
        if ok:
            # attempt() pushed the state undone; both it and the restored one go.
            self.history.pop()
            self.history.pop()

    @precondition(lambda self: self.model is not None)
    @rule()
    def new_again(self) -> None:
        self.attempt(False, "new", "Ann", "Bea", "Cy")

    # -- after every step ------------------------------------------------------------------------

    @invariant()
    def file_matches_the_model(self) -> None:
        m = self.model
        if m is None:
            return
        tomllib.loads(self.path.read_text(encoding="utf-8"))  # still a TOML file
        code, out, err = self.mahj("total", "--json")
        assert code == 0, err
        total = json.loads(out)
        assert total["games"] == m.games
        assert list(total["totals"].items()) == list(m.totals.items())
        if m.rules == "league":
            assert sum(total["totals"].values()) == 0

        code, out, err = self.mahj("status", "--json")
        assert code == 0, err
        status = json.loads(out)
        assert status["east"] == m.deal_order()[0]
        assert status["seated"] == m.deal_order()
        assert status["waiting"] == m.waiting
        if m.pie is None:
            assert status["purse"] is None
        else:
            purses = {name: m.pie + t for name, t in m.totals.items()}
            assert status["purse"] == purses
            assert all(p >= 0 for p in purses.values())  # nobody pays past their purse


def test_random_nights_match_the_model():
    # About 750 steps, 15-20 s. Shrinking is off: every step runs the real CLI and writes
    # the file, so shrinking a failure could take minutes; an unshrunk failing night is at
    # most 30 steps, printed with every draw, and short enough to read.
    run_state_machine_as_test(
        Night,
        settings=settings(
            max_examples=25,
            stateful_step_count=30,
            phases=[Phase.explicit, Phase.reuse, Phase.generate],
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        ),
    )
