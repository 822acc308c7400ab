"""How fast is `mahj`, next to the cheapest program this stack can run?

    python benchmarks/bench.py            # full run (a few minutes)
    python benchmarks/bench.py --quick    # fewer repeats

The floor is a minimal Typer program whose one command prints a two-row Rich table, run
with this same interpreter. Every `mahj` command is timed as a fresh process (what a
player waits for), over session files written with mahj's own code into a temporary
folder: a realistic 40-game night, 10,000- and 100,000-game sessions, and (if
`mahj season` exists) 200 nights. It prints medians, each one's ratio to the floor, the
peak memory of each process, and PASS/FAIL against the targets of issue 7. It always
exits 0: it reports, it is not a test.

The files are written by a child process (`--write DIR`), so this process stays small:
on Linux a child's peak memory counts its parent's size at the moment it was started.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mahjcli.cards import Card
    from mahjcli.model import Entry, Session

ROOT = Path(__file__).resolve().parent.parent

FLOOR = '''\
import typer
from rich.console import Console
from rich.table import Table

app = typer.Typer()


@app.command()
def main() -> None:
    """Print a two-row table."""
    table = Table(title="Tonight")
    table.add_column("Player")
    table.add_column("Total", justify="right")
    table.add_row("Ruth", "+100")
    table.add_row("Linda", "-100")
    Console().print(table)


if __name__ == "__main__":
    app()
'''

PLAYERS = ("Ruth", "Linda", "Kathy", "Pat")
LATE = "Sue"
VALUES = (25, 25, 25, 25, 30, 30, 30, 35, 40, 50)
NIGHT_GAMES = 40
SEASON_NIGHTS = 200
BIG = 10_000
HUGE = 100_000


# ---- writing session files with mahj's own code (in the `--write` child) -----------------


def play(games: int, *, seed: int, late_after: int | None, card: Card | None) -> list[Entry]:
    """A plausible league log: about one wall game in five, a late arrival if asked."""
    from mahjcli.model import Join, Wall, Win
    from mahjcli.seating import Table

    rng = random.Random(seed)
    table = Table.start(PLAYERS, PLAYERS[0])
    log: list[Entry] = []
    for game in range(games):
        if late_after is not None and game == late_after:
            log.append(Join(LATE))
            table.join(LATE)
        seated = table.in_deal_order()
        if rng.random() < 0.2:
            dead = (rng.choice(seated),) if rng.random() < 0.1 else ()
            log.append(Wall(dead=dead))
        else:
            winner = rng.choice(seated)
            line = rng.choice(card.lines) if card is not None and rng.random() < 0.5 else None
            thrower = None
            if rng.random() < 0.75:
                thrower = rng.choice([p for p in seated if p != winner])
            log.append(
                Win(
                    winner=winner,
                    value=line.value if line is not None else rng.choice(VALUES),
                    thrown_by=thrower,
                    jokerless=rng.random() < 0.08,
                    line=line.name if line is not None else None,
                )
            )
        table.after_game()
    return log


def session_text(session: Session) -> str:
    """The file `mahj` writes for this session: its head, then one [[log]] table per entry
    exactly as `append_entry` adds them (built in one pass, as a night of 100,000 games
    appended one by one would take a long time to generate)."""
    from mahjcli.sessionfile import entry_to_dict, new_session_text, toml_block

    blocks: dict[Entry, str] = {}
    parts = [new_session_text(dataclasses.replace(session, log=()))]
    for entry in session.log:
        block = blocks.get(entry)
        if block is None:
            block = blocks[entry] = toml_block("[[log]]", entry_to_dict(entry))
        parts.append("\n" + block)
    return "".join(parts)


def night_session(seed: int) -> Session:
    """A league night: four players, Sue from game 13, the sample card, a pie of 2000."""
    import tomllib

    from mahjcli import cards, store
    from mahjcli.model import Options, Session

    card, problems = cards.parse_card(tomllib.loads(store.sample_card_text()))
    assert card is not None, problems
    return Session(
        players=PLAYERS,
        east=PLAYERS[0],
        options=Options(rules="league", pie=2000),
        log=tuple(play(NIGHT_GAMES, seed=seed, late_after=12, card=card)),
        name="Thursday",
        date=dt.date(2026, 1, 1) + dt.timedelta(days=seed),
        card=card,
    )


def big_session(games: int) -> Session:
    """A long league session with a waiting line (five players, no card, no pie)."""
    from mahjcli.model import Session

    log = play(games, seed=games, late_after=3, card=None)
    return Session(players=PLAYERS, east=PLAYERS[0], log=tuple(log), name="Marathon")


def write_session(path: Path, session: Session) -> None:
    """Write a session file, after checking that mahj reads it back as the same valid night."""
    from mahjcli.scoring import fold
    from mahjcli.sessionfile import parse_text

    text = session_text(session)
    parsed = parse_text(text)
    assert parsed.session == session and not parsed.problems, parsed.problems[:3]
    assert not fold(session).problems
    path.write_text(text, encoding="utf-8")


def write_all(folder: Path, *, huge: bool, season: bool) -> None:
    """Every file the benchmark times, in `folder`."""
    sys.path.insert(0, str(ROOT))
    write_session(folder / "night.toml", night_session(seed=1))
    write_session(folder / "g10000.toml", big_session(BIG))
    if huge:
        write_session(folder / "g100000.toml", big_session(HUGE))
    if season:
        (folder / "season").mkdir()
        for i in range(SEASON_NIGHTS):
            write_session(folder / "season" / f"night-{i:03d}.toml", night_session(100 + i))


# ---- running and timing ----------------------------------------------------------------


@dataclass
class Case:
    """One command line to time, and what the runs measured."""

    label: str
    argv: list[str]
    prepare: Callable[[], None] | None = None
    env: dict[str, str] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)
    peak_kb: int = 0
    failed: str = ""

    @property
    def median(self) -> float:
        return statistics.median(self.times) if self.times else float("nan")


def run_once(case: Case, env: dict[str, str]) -> None:
    """Start the command, wait for it, and record wall time and peak resident memory."""
    if case.prepare is not None:
        case.prepare()
    start = time.perf_counter()
    proc = subprocess.Popen(
        case.argv, env={**env, **case.env}, cwd=ROOT, stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    assert proc.stderr is not None
    err = proc.stderr.read().decode("utf-8", "replace")
    proc.stderr.close()
    if proc.returncode != 0:
        case.failed = f"exit {proc.returncode}: {err.strip()[:300]}"
    case.times.append(elapsed)
    case.peak_kb = max(case.peak_kb, usage.ru_maxrss)


def measure(cases: Sequence[Case], repeats: int, env: dict[str, str]) -> None:
    """One warm-up run each, then `repeats` rounds, interleaved so drift hits all alike."""
    for case in cases:
        run_once(case, env)
        case.times.clear()
    for _ in range(repeats):
        for case in cases:
            run_once(case, env)


def mahj_argv() -> list[str]:
    """The installed `mahj` script beside this interpreter, else `python -m mahjcli`."""
    script = Path(sys.executable).parent / "mahj"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "mahjcli"]


def tab(line: str) -> dict[str, str]:
    """The environment in which bash asks `mahj` to complete the last word of `line`."""
    return {
        "_MAHJ_COMPLETE": "complete_bash",
        "COMP_WORDS": line,
        "COMP_CWORD": str(len(line.split()) - 1),
    }


def season_help(mahj: list[str], env: dict[str, str]) -> str | None:
    """`mahj season --help`, or None when this mahj has no season command."""
    done = subprocess.run(
        [*mahj, "season", "--help"], env=env, cwd=ROOT, capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    return done.stdout if done.returncode == 0 else None


# ---- the report ------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--no-huge", action="store_true", help="skip the 100,000-game file")
    parser.add_argument("--write", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--season", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.write is not None:
        write_all(args.write, huge=not args.no_huge, season=args.season)
        return 0
    small_n, big_n, huge_n = (9, 5, 3) if args.quick else (31, 11, 5)

    tmp = Path(tempfile.mkdtemp(prefix="mahj-bench-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAHJ_")}
    env.update(MAHJ_DATA_DIR=str(tmp / "data"), NO_COLOR="1", COLUMNS="100", TERM="dumb")
    # An installed package has its bytecode cached; let the warm-up runs cache mahjcli's.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    mahj = mahj_argv()
    try:
        print(
            f"machine: {platform.machine()}, {os.cpu_count()} CPUs, "
            f"Python {platform.python_version()} ({sys.executable})"
        )
        print(f"mahj: {' '.join(mahj)}")
        help_text = season_help(mahj, env)
        print("writing session files with mahj's own code ...", flush=True)
        writer = [sys.executable, str(Path(__file__).resolve()), "--write", str(tmp)]
        if args.no_huge:
            writer.append("--no-huge")
        if help_text is not None:
            writer.append("--season")
        subprocess.run(writer, env=env, cwd=ROOT, check=True)
        floor = tmp / "floor.py"
        floor.write_text(FLOOR, encoding="utf-8")
        night, copy = tmp / "night.toml", tmp / "night-copy.toml"
        ten, hundred = tmp / "g10000.toml", tmp / "g100000.toml"
        for path in (night, ten, hundred):
            if path.exists():
                print(f"  {path.name}: {path.stat().st_size / 1e6:.2f} MB")

        def fresh_copy() -> None:
            shutil.copyfile(night, copy)
            copy.with_name(copy.name + ".bak").unlink(missing_ok=True)

        def s(path: Path) -> list[str]:
            return ["--session", str(path)]

        floor_argv = [sys.executable, str(floor)]
        night_cases = [
            Case("floor (Typer + Rich table)", floor_argv),
            Case("status", [*mahj, "status", *s(night)]),
            Case(
                "win (writes)",
                [*mahj, "win", "Ruth", "25", "--thrown-by", "Linda", *s(copy)],
                prepare=fresh_copy,
            ),
            Case("log", [*mahj, "log", *s(night)]),
            Case("total", [*mahj, "total", *s(night)]),
            Case("TAB: complete a name", mahj, env=tab(f"mahj win --session {night} R")),
        ]
        print(f"timing a {NIGHT_GAMES}-game night ({small_n} runs each) ...", flush=True)
        measure(night_cases, small_n, env)

        big_cases = [
            Case("floor (Typer + Rich table)", floor_argv),
            Case(f"total, {BIG:,} games", [*mahj, "total", *s(ten)]),
            Case(f"check, {BIG:,} games", [*mahj, "check", *s(ten)]),
            Case(f"TAB, {BIG:,} games", mahj, env=tab(f"mahj win --session {ten} R")),
        ]
        print(f"timing {BIG:,} games ({big_n} runs each) ...", flush=True)
        measure(big_cases, big_n, env)

        huge_cases: list[Case] = []
        if hundred.exists():
            huge_cases = [
                Case(f"total, {HUGE:,} games", [*mahj, "total", *s(hundred)]),
                Case(f"check, {HUGE:,} games", [*mahj, "check", *s(hundred)]),
            ]
            print(f"timing {HUGE:,} games ({huge_n} runs each) ...", flush=True)
            measure(huge_cases, huge_n, env)

        season_cases: list[Case] = []
        if help_text is not None:
            folder = tmp / "season"
            where = ["--dir", str(folder)]
            if "--dir" not in help_text:
                where = [str(p) for p in sorted(folder.glob("*.toml"))]
            season_cases = [Case(f"season, {SEASON_NIGHTS} nights", [*mahj, "season", *where])]
            print(f"timing the season report ({big_n} runs) ...", flush=True)
            measure(season_cases, big_n, env)

        report(night_cases, big_cases, huge_cases, season_cases, season=help_text is not None)
    finally:
        if args.keep:
            print(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    return 0


def report(
    night_cases: list[Case],
    big_cases: list[Case],
    huge_cases: list[Case],
    season_cases: list[Case],
    *,
    season: bool,
) -> None:
    """The table of medians and ratios, then PASS/FAIL against each target."""
    base, base_big = night_cases[0].median, big_cases[0].median
    print()
    print(f"{'command':30} {'median':>10} {'x floor':>8} {'peak MB':>8}")
    rows = [(c, base) for c in night_cases]
    rows += [(c, base_big) for c in big_cases[1:] + huge_cases + season_cases]
    for case, ref in rows:
        flag = f"  FAILED {case.failed}" if case.failed else ""
        print(
            f"{case.label:30} {case.median * 1000:7.1f} ms {case.median / ref:7.2f}x "
            f"{case.peak_kb / 1024:8.1f}{flag}"
        )
    print(
        f"(floor: {base * 1000:.1f} ms in the night round, {base_big * 1000:.1f} ms in the "
        "big-file round; big files are compared with the latter)"
    )
    if not season:
        print("mahj season: not in this mahj yet, skipped")

    verdicts: list[tuple[bool, str]] = []
    for case in night_cases[1:]:
        if case.label.startswith("TAB"):
            continue  # reported, no target
        limit = 1.25 if case.label.startswith("win") else 1.15
        ratio = case.median / base
        verdicts.append((ratio <= limit, f"{case.label}, 40 games: {ratio:.2f}x floor <= {limit}x"))
    ratio = big_cases[1].median / base_big
    verdicts.append((ratio <= 2, f"{big_cases[1].label}: {ratio:.2f}x floor <= 2x"))
    for small, large in zip(big_cases[1:], huge_cases, strict=False):
        growth = large.median / small.median
        verdicts.append(
            (growth <= 11, f"{large.label}: {growth:.2f}x the {BIG:,}-game time <= 11x")
        )
        mb = large.peak_kb / 1024
        verdicts.append((mb < 200, f"{large.label}: peak memory {mb:.0f} MB < 200 MB"))
    for case in night_cases + big_cases + huge_cases + season_cases:
        if case.failed:
            verdicts.append((False, f"{case.label} ran without error"))
    print()
    for ok, text in verdicts:
        print(f"{'PASS' if ok else 'FAIL'}  {text}")


if __name__ == "__main__":
    sys.exit(main())
