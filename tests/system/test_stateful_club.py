"""A model-based test of club nights: Hypothesis drives `mahj` (in-process) through random
nights of two or three tables sharing one waiting line, with the bettor and the kitty on and
sometimes a pie, and after every step compares the file with a model written here.

The model is RULES.md §3, §4, §7 and §8 read afresh; it imports nothing of the product's
core, so a mistake there cannot hide in both. After each step: the command succeeded exactly
when the model says it should; a refused command printed one `Error:` line and left the file
byte-for-byte unchanged; `total --json` and `status --json` (every table, the line, the
purses and each table's kitty) agree with the model.
"""

from __future__ import annotations

import copy
import json
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, Phase, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    rule,
    run_state_machine_as_test,
)
from typer.testing import CliRunner

from mahjcli.cli import app

POOL = ["Ann", "Bea", "Cy", "Dot", "Eve", "Flo", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou",
        "Max", "Ned", "Ola", "Pam", "Quin", "Rex", "Sal", "Ty"]  # fmt: skip
"""Names the machine uses; none is the beginning of another."""


@dataclass
class Seats:
    """One table: its players in the direction of play, and the index of East."""

    seats: list[str]
    east: int = 0

    def deal_order(self) -> list[str]:
        return self.seats[self.east :] + self.seats[: self.east]


@dataclass
class Room:
    """The model: open tables, the shared line, totals and each table's kitty."""

    pie: int | None
    bettor: int
    kitty: int
    special: bool
    players: list[str]
    tables: dict[int, Seats]
    waiting: list[str]
    gone: list[str] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=dict)
    kitties: dict[int, list[tuple[str, int]]] = field(default_factory=dict)
    games: int = 0
    waited: dict[int, list[str]] = field(default_factory=dict)
    """Each table's line when its game in progress began: a bet made then stands though
    another table's game seats the bettor first."""

    def may_bet(self, bettor: str, number: int) -> bool:
        """Waiting now, or waiting when this table's game began and now at another table."""
        at = self.table_of(bettor)
        return bettor in self.waiting or (
            bettor in self.waited.get(number, []) and at is not None and at != number
        )

    # -- seats (RULES.md §3, §8) ---------------------------------------------------------------

    def table_of(self, name: str) -> int | None:
        return next((n for n, t in self.tables.items() if name in t.seats), None)

    def present(self) -> list[str]:
        return [p for n in sorted(self.tables) for p in self.tables[n].seats] + self.waiting

    def after_game(self, number: int) -> None:
        """East gets up to the back of the line, the front sits there; the deal passes."""
        table = self.tables[number]
        if self.waiting:
            self.waiting.append(table.seats[table.east])
            table.seats[table.east] = self.waiting.pop(0)
        table.east = (table.east + 1) % len(table.seats)
        self.waited[number] = list(self.waiting)

    def arrive(self, name: str) -> None:
        if name in self.gone:
            self.gone.remove(name)
        if name not in self.players:
            self.players.append(name)
            self.totals[name] = 0
        self.waiting.append(name)
        self.fill()

    def fill(self) -> None:
        """Nobody waits while a table plays with three: the front of the line fills each
        table of three, lowest number first, to its East's left (dealing last there)."""
        for number in sorted(self.tables):
            table = self.tables[number]
            while len(table.seats) < 4 and self.waiting:
                table.seats.insert(table.east, self.waiting.pop(0))
                table.east += 1

    def can_leave(self, name: str) -> bool:
        if name in self.waiting:
            return True
        number = self.table_of(name)
        if number is None:
            return False
        return bool(self.waiting) or len(self.tables[number].seats) > 3 or len(self.tables) > 1

    def depart(self, name: str) -> None:
        self.gone.append(name)
        if name in self.waiting:
            self.waiting.remove(name)
            return
        number = self.table_of(name)
        assert number is not None
        table = self.tables[number]
        seat = table.seats.index(name)
        if self.waiting:  # the front of the line takes the seat
            table.seats[seat] = self.waiting.pop(0)
            if seat == table.east:
                table.east = (table.east + 1) % len(table.seats)
            return
        del table.seats[seat]
        if seat < table.east:
            table.east -= 1
        table.east %= len(table.seats)
        if len(table.seats) < 3:
            self.close(number)

    def open(self, east: str | None) -> None:
        number = next(n for n in range(1, 20) if n not in self.tables)
        four = self.waiting[:4]
        del self.waiting[:4]
        self.tables[number] = Seats(four, four.index(east) if east else 0)
        self.waited[number] = list(self.waiting)

    def close(self, number: int) -> None:
        """Its players go to the front of the line from East; its kitty goes back."""
        table = self.tables.pop(number)
        self.waiting[:0] = table.deal_order()
        for name, amount in self.kitties.pop(number, []):
            self.totals[name] += amount
        self.fill()

    # -- payments (RULES.md §1, §4, §7) ----------------------------------------------------------

    def pay(self, dues: list[tuple[str, str | None, int]]) -> list[tuple[str, int]]:
        """Make each payment in turn, within the payer's purse; returns what went to the
        kitty (payee None), by payer."""
        left = {p: self.pie + t for p, t in self.totals.items()} if self.pie is not None else None
        into_kitty = []
        for payer, payee, amount in dues:
            paid = amount if left is None else max(0, min(amount, left[payer]))
            if left is not None:
                left[payer] -= paid
            self.totals[payer] -= paid
            if payee is None:
                if paid:
                    into_kitty.append((payer, paid))
            else:
                self.totals[payee] += paid
        return into_kitty

    def win(self, winner, value, thrower, jokerless, singles, bets) -> None:
        number = self.table_of(winner)
        assert number is not None
        seated = self.tables[number].deal_order()
        unit = value * 2 if jokerless and not singles else value
        owed = {
            p: unit * 2 if thrower is None or p == thrower else unit for p in seated if p != winner
        }
        dues: list[tuple[str, str | None, int]] = [(p, winner, a) for p, a in owed.items()]
        for bettor, on in bets:
            if on == winner:
                dues += [(p, bettor, a) for p, a in owed.items()]
            elif on in owed:
                dues.append((bettor, winner, owed[on]))
        for bettor, on in bets:
            if on == "wall":
                dues.append((bettor, winner, unit * 2 if thrower is None else unit))
        self.pay(dues)
        held = sum(a for _, a in self.kitties.get(number, []))
        takes = not self.special or thrower is None or (jokerless and not singles)
        if held and takes:
            self.totals[winner] += held
            self.kitties[number] = []
        self.games += 1
        self.after_game(number)

    def wall(self, number: int, bets) -> None:
        seated = self.tables[number].deal_order()
        walls = [b for b, on in bets if on == "wall"]
        dues: list[tuple[str, str | None, int]] = [
            (p, b, self.bettor) for b in walls for p in seated
        ]
        dues += [(p, None, self.kitty) for p in seated]  # the bettors first, then the kitty
        self.kitties.setdefault(number, []).extend(self.pay(dues))
        self.games += 1
        self.after_game(number)

    def kitty_json(self) -> dict[str, int]:
        held = {n: sum(a for _, a in paid) for n, paid in self.kitties.items()}
        return {str(n): a for n, a in sorted(held.items()) if a}


class ClubNight(RuleBasedStateMachine):
    """One club night's session file, driven through the CLI, against `self.model`."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="mahj-club-"))
        self.path = self.folder / "club.toml"
        self.runner = CliRunner()
        self.model: Room | None = None
        self.history: list[Room] = []
        self.changed = True
        """Whether the last step changed the file (a refused one is checked byte for byte)."""

    def teardown(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def mahj(self, *args: str) -> tuple[int, str, str]:
        result = self.runner.invoke(app, [*args, "--session", str(self.path)])
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            args,
            result.exception,
        )
        return result.exit_code, result.stdout, result.stderr

    def attempt(self, ok: bool, *args: str, after: Room | None = None) -> None:
        before = self.path.read_bytes()
        event(f"{args[0]} {'done' if ok else 'refused'}")
        code, out, err = self.mahj(*args)
        self.changed = ok
        if ok:
            assert code == 0, (args, out, err)
            assert after is not None and self.model is not None
            self.history.append(self.model)
            self.model = after
        else:
            assert code == 1, (args, code, out, err)
            errors = [line for line in err.splitlines() if line.startswith("Error: ")]
            assert len(errors) == 1 and "Traceback" not in err, (args, err)
            assert self.path.read_bytes() == before, f"refused {args} changed the file"

    def draft(self) -> Room:
        assert self.model is not None
        return copy.deepcopy(self.model)

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        tables = data.draw(st.integers(2, 3), label="tables")
        count = data.draw(st.integers(3 * tables, 4 * tables + 3), label="players")
        players = POOL[:count]
        fours = min(tables, count - 3 * tables)  # three a table, then a fourth in order
        sizes = [4] * fours + [3] * (tables - fours)
        seated, at = {}, 0
        for number, size in enumerate(sizes, 1):
            seated[number] = Seats(list(players[at : at + size]))
            at += size
        args = ["new", *players, "--tables", str(tables)]
        for table in seated.values():
            table.east = data.draw(st.integers(0, len(table.seats) - 1), label="east")
            args += ["--east", table.seats[table.east]]
        pie = data.draw(st.sampled_from([None, 50, 100, 300]), label="pie")
        bettor = data.draw(st.sampled_from([25, 40]), label="bettor")
        kitty = data.draw(st.sampled_from([25, 10]), label="kitty")
        special = data.draw(st.booleans(), label="kitty-special")
        args += ["--house", "bettor" if bettor == 25 else f"bettor={bettor}"]
        args += ["--house", "kitty" if kitty == 25 else f"kitty={kitty}"]
        args += ["--house", "kitty-special"] if special else []
        args += ["--pie", str(pie)] if pie is not None else []
        code, _, err = self.mahj(*args)
        assert code == 0, err
        self.model = Room(pie=pie, bettor=bettor, kitty=kitty, special=special,
                          players=list(players), tables=seated, waiting=list(players[at:]),
                          totals=dict.fromkeys(players, 0),
                          waited={n: list(players[at:]) for n in seated})  # fmt: skip

    # -- the steps ----------------------------------------------------------------------------

    def draw_bets(self, data: st.DataObject, at: list[str]) -> list[tuple[str, str]]:
        """Bets by some waiting players (sometimes a mistake: a seated bettor, a bet on
        someone elsewhere, a bettor betting twice)."""
        m = self.model
        assert m is not None
        bets = []
        for bettor in m.waiting:
            on = data.draw(st.sampled_from([None, "wall", None, "wall", *at]), label="bet")
            if on is not None:
                bets.append((bettor, on))
        mistakes = ["none"] * 17 + ["anyone bets", "on someone elsewhere", "twice"]
        mistake = data.draw(st.sampled_from(mistakes), label="bet mistake")
        elsewhere = [p for p in m.present() if p not in at]
        if mistake == "anyone bets":
            bets.append((data.draw(st.sampled_from(m.present()), label="bettor"), "wall"))
        elif mistake == "on someone elsewhere" and elsewhere and m.waiting:
            bets.append((m.waiting[0], data.draw(st.sampled_from(elsewhere), label="on")))
        elif mistake == "twice" and bets:
            bets.append(bets[0])
        return bets

    def bets_ok(self, bets: list[tuple[str, str]], at: list[str], number: int) -> bool:
        m = self.model
        assert m is not None
        bettors = [b for b, _ in bets]
        return (
            len(set(bettors)) == len(bettors)
            and all(m.may_bet(b, number) for b in bettors)
            and all(on == "wall" or on in at for _, on in bets)
        )

    @rule(data=st.data())
    def game(self, data: st.DataObject) -> None:
        """A game at one of the tables: a win three times in four, else a wall game."""
        if data.draw(st.sampled_from(["win", "win", "win", "wall"]), label="game") == "wall":
            self.wall(data)
        else:
            self.win(data)

    @rule(data=st.data())
    def another_game(self, data: st.DataObject) -> None:
        self.game(data)

    @rule(data=st.data())
    def seat_change(self, data: st.DataObject) -> None:
        """An arrival, a departure, a table opened or closed, or an undo."""
        kinds = [self.join] * 3 + [self.leave] * 3 + [self.open_table] * 2 + [self.close_table]
        change = data.draw(st.sampled_from([*kinds, self.undo, self.undo]), label="change")
        change(data)

    def win(self, data: st.DataObject) -> None:
        m = self.model
        assert m is not None
        number = data.draw(st.sampled_from(sorted(m.tables)), label="table")
        at = m.tables[number].deal_order()
        # Mostly plausible choices, so most games are recorded; the rest are mistakes.
        winner = data.draw(st.sampled_from(at * 4 + m.present()), label="winner")
        thrower = data.draw(st.sampled_from([None] * 3 + at * 3 + m.present()), label="thrower")
        value = data.draw(st.sampled_from([25, 30, 50]), label="value")
        jokerless = data.draw(st.booleans(), label="jokerless")
        singles = data.draw(st.sampled_from([False, False, False, True]), label="singles")
        bets = self.draw_bets(data, m.tables[m.table_of(winner) or number].deal_order())
        args = ["win", winner, str(value)]
        args += ["--self-pick"] if thrower is None else ["--thrown-by", thrower]
        args += ["--jokerless"] if jokerless else []
        args += ["--singles-pairs"] if singles else []
        for bettor, on in bets:
            args += ["--bet", f"{bettor}={on}"]
        table = m.table_of(winner)
        ok = table is not None
        if table is not None:
            seated = m.tables[table].deal_order()
            ok = (thrower is None or (thrower in seated and thrower != winner)) and self.bets_ok(
                bets, seated, table
            )
        after = None
        if ok:
            after = self.draft()
            after.win(winner, value, thrower, jokerless, singles, bets)
        self.attempt(ok, *args, after=after)

    def wall(self, data: st.DataObject) -> None:
        m = self.model
        assert m is not None
        number = data.draw(st.sampled_from([*sorted(m.tables)] * 3 + [None, 4]), label="table")
        at = m.tables[number].deal_order() if number in m.tables else []
        bets = self.draw_bets(data, at)
        args = ["wall"] + (["--table", str(number)] if number is not None else [])
        for bettor, on in bets:
            args += ["--bet", f"{bettor}={on}"]
        if number is None and len(m.tables) == 1:  # one table open: that one played it
            number = next(iter(m.tables))
            at = m.tables[number].deal_order()
        ok = number in m.tables and self.bets_ok(bets, at, number)
        after = None
        if ok:
            assert number is not None
            after = self.draft()
            after.wall(number, bets)
        self.attempt(ok, *args, after=after)

    def join(self, data: st.DataObject) -> None:
        m = self.model
        assert m is not None
        present = m.present()
        room = len(present) < 4 * len(m.tables) + 4
        absent = [p for p in POOL if p not in present]
        choices = (absent if room else []) + present[:2]
        name = data.draw(st.sampled_from(choices), label="arrival")
        ok = name not in present
        after = None
        if ok:
            after = self.draft()
            after.arrive(name)
        # A newcomer's name is kept as typed; a known one may be typed in any case.
        typed = name.lower() if name in present or name in m.gone else name
        self.attempt(ok, "join", typed, after=after)

    def leave(self, data: st.DataObject) -> None:
        m = self.model
        assert m is not None
        name = data.draw(st.sampled_from(m.present() + m.gone[:1]), label="leaver")
        ok = m.can_leave(name)
        after = None
        if ok:
            after = self.draft()
            after.depart(name)
        self.attempt(ok, "leave", name, after=after)

    def open_table(self, data: st.DataObject) -> None:
        m = self.model
        assert m is not None
        east = data.draw(st.sampled_from([None, *m.waiting[:5]]), label="new East")
        ok = len(m.waiting) >= 4 and (east is None or east in m.waiting[:4])
        after = None
        if ok:
            after = self.draft()
            after.open(east)
        self.attempt(ok, "open-table", *(["--east", east] if east else []), after=after)

    def close_table(self, data: st.DataObject) -> None:
        m = self.model
        assert m is not None
        number = data.draw(st.sampled_from([*sorted(m.tables), 5]), label="closing")
        ok = number in m.tables and len(m.tables) > 1
        after = None
        if ok:
            after = self.draft()
            after.close(number)
        self.attempt(ok, "close-table", str(number), after=after)

    def undo(self, data: st.DataObject) -> None:
        ok = bool(self.history)
        self.attempt(ok, "undo", after=self.history[-1] if ok else None)
        if ok:  # attempt() pushed the state undone; both it and the restored one go
            self.history.pop()
            self.history.pop()

    # -- after every step ---------------------------------------------------------------------

    @invariant()
    def the_file_matches_the_model(self) -> None:
        m = self.model
        if m is None or not self.changed:
            return
        code, out, err = self.mahj("total", "--json")
        assert code == 0, err
        total = json.loads(out)
        assert total["games"] == m.games
        assert list(total["totals"].items()) == list(m.totals.items())
        code, out, err = self.mahj("status", "--json")
        assert code == 0, err
        status = json.loads(out)
        first = m.tables[min(m.tables)]
        assert status["tables"] == [
            {"table": n, "east": t.deal_order()[0], "seated": t.deal_order()}
            for n, t in sorted(m.tables.items())
        ]
        assert (status["east"], status["seated"]) == (first.deal_order()[0], first.deal_order())
        assert status["waiting"] == m.waiting
        assert status["left"] == m.gone
        assert status["kitty"] == m.kitty_json()
        assert sum(m.totals.values()) + sum(m.kitty_json().values()) == 0
        if m.pie is None:
            assert status["purse"] is None
        else:
            assert status["purse"] == {p: m.pie + t for p, t in m.totals.items()}
            assert all(m.pie + t >= 0 for t in m.totals.values())


def test_random_club_nights_match_the_model(monkeypatch):
    # About 200 steps, some seven seconds. Saving skips its fsync here: this test is about what
    # the file says, not whether it survives a power cut (tests/system/test_faults_*.py).
    # Shrinking is off, as in test_stateful.py: every step runs the real CLI; an unshrunk
    # failing night is short enough to read.
    monkeypatch.setattr("os.fsync", lambda fd: None)
    run_state_machine_as_test(
        ClubNight,
        settings=settings(
            max_examples=10,
            stateful_step_count=20,
            phases=[Phase.explicit, Phase.reuse, Phase.generate],
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        ),
    )
