"""`mahj event new` and `mahj event seating` on repeat meetings: the warning for a fixed
movement that seats players together again, the comparison of the methods, and a field
of 16 seated over 5 rounds with nobody meeting twice (RULES.md §9)."""

from __future__ import annotations

from pathlib import Path

from .test_event import Run


def field(n: int) -> list[str]:
    return [f"P{i:02d}" for i in range(1, n + 1)]


def test_abcd_with_four_tables_is_said_to_seat_c_and_d_together_and_fewest_repeats_offered(
    tmp_path: Path,
):
    run = Run(tmp_path / "e.toml")
    out = run.ok("event", "new", "Cup", *field(16), "--movement", "abcd", "--seed", "3")
    assert "Pairs meeting again in rounds 2-4: fewest-repeats 0, abcd 20, east-stays" in out
    assert "abcd with 4 tables moves the C and D players of a table to one table again" in out
    assert "fewest-repeats seats this field with none" in out
    assert "mahj event seating 2 --movement fewest-repeats" in out
    # ... and the round seated by abcd shows its repeats: each table's C and D again
    assert run.json("event", "seating", "2")["repeats"] == 4
    assert run.json("event", "seating", "3", "--movement", "fewest-repeats")["repeats"] == 0


def test_east_stays_with_three_tables_is_said_to_seat_b_and_c_together(tmp_path: Path):
    run = Run(tmp_path / "e.toml")
    out = run.ok("event", "new", "Cup", *field(12), "--movement", "east-stays", "--rounds", "3")
    assert "east-stays with 3 tables moves the B and C players of a table to one table" in out
    # twelve players cannot avoid it: the output says how many must meet again
    assert "No seating of 12 players over 3 rounds avoids every repeat: at least 6 pairs" in out


def test_a_movement_that_seats_nobody_together_again_gets_no_warning(tmp_path: Path):
    run = Run(tmp_path / "e.toml")
    out = run.ok("event", "new", "Cup", *field(20), "--movement", "abcd", "--rounds", "4")
    assert "fewest-repeats 0, abcd 0, east-stays 0" in out
    assert "together again" not in out and "one table again" not in out


def test_sixteen_players_over_five_rounds_never_meet_twice(tmp_path: Path):
    run = Run(tmp_path / "e.toml")
    out = run.ok("event", "new", "Cup", *field(16), "--rounds", "5", "--seed", "11")
    assert "fewest-repeats 0" in out
    met: set[frozenset[str]] = set()
    for rnd in range(1, 6):
        sheet = run.json("event", "seating", str(rnd))
        assert sheet["repeats"] == 0
        for table in sheet["tables"]:
            seated = list(table["seats"].values())
            for i, a in enumerate(seated):
                for b in seated[i + 1 :]:
                    assert frozenset((a, b)) not in met
                    met.add(frozenset((a, b)))
    assert len(met) == 16 * 15 // 2  # everyone met everyone else exactly once


def test_the_byes_are_taken_from_different_tables_so_nobody_need_meet_again(tmp_path: Path):
    # 15 players: round 2's three byes go one to a table of round 1 (all three from the
    # players due one), so the nine left of round 1's tables can all sit apart
    for seed in ("1", "2", "3"):
        run = Run(tmp_path / f"e{seed}.toml")
        out = run.ok("event", "new", "O", *field(15), "--rounds", "2", "--seed", seed)
        assert "fewest-repeats 0" in out and "avoids every repeat" not in out, out
        one, two = run.json("event", "seating", "1"), run.json("event", "seating", "2")
        assert two["repeats"] == 0
        assert not set(one["byes"]) & set(two["byes"])
        tables = [set(t["seats"].values()) for t in one["tables"]]
        assert sorted(len(t & set(two["byes"])) for t in tables) == [1, 1, 1]


def test_after_a_withdrawal_the_byes_split_the_table_that_stayed_whole(tmp_path: Path):
    # 8 players, Ann withdraws after round 1: of the seven, three sit out round 2; taking
    # them from both tables of round 1 leaves 2 pairs meeting again, not all of one table
    run = Run(tmp_path / "w.toml")
    names = ["Ann", "Bea", "Cy", "Dot", "Eve", "Fay", "Gus", "Hal"]
    run.ok("event", "new", "W", *names, "--rounds", "2", "--given", "--movement", "fewest-repeats")
    run.ok("event", "score", "1", "1", "ann=10", "bea=0", "cy=0", "dot=0")
    run.ok("event", "score", "1", "2", "eve=0", "fay=0", "gus=0", "hal=0")
    run.ok("event", "withdraw", "ann")
    assert run.json("event", "seating", "2")["repeats"] == 2


def test_the_sheet_names_who_meets_again_and_at_which_table(tmp_path: Path):
    # abcd with four tables seats the C and D players of a table together again in round 2
    run = Run(tmp_path / "e.toml")
    run.ok("event", "new", "Cup", *field(16), "--movement", "abcd", "--seed", "3", "--given")
    sheet = run.json("event", "seating", "2")
    pairs = sheet["repeat_pairs"]
    assert sheet["repeats"] == len(pairs) == 4
    one = next(t for t in run.json("event", "seating", "1")["tables"] if t["table"] == 1)
    c_d = sorted([one["seats"]["C"], one["seats"]["D"]])
    (again,) = [p for p in pairs if sorted(p["players"]) == c_d]
    assert (
        c_d[0] in next(t for t in sheet["tables"] if t["table"] == again["table"])["seats"].values()
    )
    text = " ".join(run.ok("event", "seating", "2").split())
    assert "Meeting again: " in text and f"{c_d[0]} and {c_d[1]} (table {again['table']})" in text
