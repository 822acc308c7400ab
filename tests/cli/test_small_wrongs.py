"""The small wrongs a new scorekeeper found: a chart cell that can never be paid, a card's
year said twice, the wrong footnote, percentages rounded half-even, and `mahj check`
reporting follow-on problems or hiding some behind another."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.conftest import Run


def _rows(stdout: str, value: str) -> list[str]:
    return [line for line in stdout.splitlines() if re.match(rf"^│\s+{value} │", line)]


def test_table_of_the_sample_card_has_no_jokerless_cells_for_the_pairs_only_value(mahj: Run):
    result = mahj("table", "--card", "sample", "--rules", "league", use_session=False)
    assert result.exit_code == 0, result
    (fifty,) = _rows(result.stdout, "50")
    cells = [c.strip() for c in fifty.strip("│").split("│")]
    assert cells[1:] == ["200", "300", "—", "—"]  # what the winner collects; payments below
    (forty,) = _rows(result.stdout, "40")
    assert "—" not in forty  # Twin pillars has groups, so 40 jokerless is paid
    assert "never counts as jokerless" in result.stdout


def test_tournament_table_of_the_sample_card(mahj: Run):
    result = mahj("table", "--card", "sample", "--rules", "tournament", "--json", use_session=False)
    rows = {row["value"]: row for row in json.loads(result.stdout)["rows"]}
    assert rows[50]["pairs_only"] is True and rows[50]["self_picked"] == 60
    assert rows[40]["pairs_only"] is False and rows[40]["jokerless_thrown"] == 60


def test_the_card_year_is_said_once(mahj: Run, tmp_path: Path):
    card = tmp_path / "thursday.toml"
    card.write_text(
        'name = "Thursday card 2026"\nyear = 2026\n[[lines]]\nname = "A"\nvalue = 25\n'
        "groups = true\n",
        encoding="utf-8",
    )
    result = mahj("lines", "--card", str(card), use_session=False)
    assert result.exit_code == 0, result
    assert "Thursday card 2026: 1 lines" in result.stdout
    assert "2026 2026" not in result.stdout
    sample = mahj("lines", "--card", "sample", use_session=False)
    assert "Light Mahjong Card 2025: 8 lines" in sample.stdout


def test_winners_explains_a_heavenly_hand_apart_from_a_pairs_hand(mahj: Run, tmp_path: Path):
    folder = tmp_path / "nights"
    folder.mkdir()
    night = str(folder / "t.toml")
    assert mahj("new", "A", "B", "C", "D", "--rules", "tournament", "--session", night,
                use_session=False).exit_code == 0  # fmt: skip
    win = mahj("win", "A", "25", "--heavenly", "--jokerless", "--session", night,
               use_session=False)  # fmt: skip
    assert win.exit_code == 0, win
    result = mahj("winners", "--dir", str(folder), use_session=False)
    assert result.exit_code == 0, result
    assert "no (heavenly)" in result.stdout
    assert "a heavenly hand scores the card value only" in result.stdout
    assert "singles-and-pairs" not in result.stdout


def test_season_percentages_round_half_up(mahj: Run, tmp_path: Path):
    """Pat threw 1 of the 8 games she sat in: 12.5% is shown as 13%, not 12%."""
    folder = tmp_path / "nights"
    folder.mkdir()
    night = str(folder / "n.toml")
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--session", night,
                use_session=False).exit_code == 0  # fmt: skip
    assert mahj("win", "Ruth", "25", "--thrown-by", "Pat", "--session", night,
                use_session=False).exit_code == 0  # fmt: skip
    for _ in range(7):
        assert mahj("wall", "--session", night, use_session=False).exit_code == 0
    result = mahj("season", "--dir", str(folder), use_session=False)
    assert result.exit_code == 0, result
    (pat,) = [line for line in result.stdout.splitlines() if " Pat " in line]
    assert "1 (13%)" in pat
    assert "-6.3" in pat  # -50 over 8 games = -6.25: one decimal place, half up
    (ruth,) = [line for line in result.stdout.splitlines() if " Ruth " in line]
    assert "+12.5" in ruth


def _night_with_games(mahj: Run) -> None:
    """Five players, eight games: A B C D seated, E waiting at game 1."""
    assert mahj("new", "A", "B", "C", "D", "E").exit_code == 0
    for winner, thrower in (("A", "B"), ("C", "D"), ("D", "E"), ("E", "A"), ("A", "B"),
                            ("B", "C"), ("C", "D"), ("D", "A")):  # fmt: skip
        result = mahj("win", winner, "25", "--thrown-by", thrower)
        assert result.exit_code == 0, result


def test_check_names_one_hand_edit_alone(mahj: Run, session: Path):
    """Game 2's winner edited to A, who was waiting: that entry is the one problem;
    the games after it still stand where they were played (the deal still passes)."""
    _night_with_games(mahj)
    text = session.read_text(encoding="utf-8")
    session.write_text(text.replace('winner = "C"', 'winner = "A"', 1), encoding="utf-8")
    result = mahj("check", "--json")
    assert result.exit_code == 1
    problems = json.loads(result.stdout)["problems"]
    assert [p["message"] for p in problems] == [
        "log entry 2 (win): A is waiting this game, so cannot be the winner"
    ]


def test_check_lists_problems_before_and_after_an_unreadable_entry(mahj: Run, session: Path):
    _night_with_games(mahj)
    text = session.read_text(encoding="utf-8")
    text = text.replace('winner = "C"', 'winner = "A"', 1)
    parts = text.split("\n[[log]]\n")
    parts[5] = parts[5].replace("value = 25", 'value = "abc"')  # entry 5
    parts[6] = parts[6].replace('thrown_by = "C"', 'thrown_by = "Zed"')  # entry 6
    session.write_text("\n[[log]]\n".join(parts), encoding="utf-8")
    before = session.read_bytes()
    result = mahj("check", "--json")
    assert result.exit_code == 1
    messages = [p["message"] for p in json.loads(result.stdout)["problems"]]
    assert messages[:2] == [
        "log entry 2 (win): A is waiting this game, so cannot be the winner",
        'log entry 5 (win): value must be a whole number from 1 to 1000, not "abc"',
    ]
    assert messages[2].startswith("log entry 6 (win): unknown player 'Zed'")
    assert len(messages) == 3
    lines = [p["line"] for p in json.loads(result.stdout)["problems"]]
    assert lines == sorted(lines)
    refused = mahj("status")
    assert refused.exit_code == 1 and "(and 2 more: `mahj check` lists them)" in refused.stderr
    assert session.read_bytes() == before


def test_check_card_lists_every_problem_with_its_line(mahj: Run, tmp_path: Path):
    card = tmp_path / "bad.toml"
    card.write_text(
        'name = "Bad"\n\n[[lines]]\nname = "One"\nvalue = "x"\ngroups = true\n\n'
        '[[lines]]\nname = "Two"\nvalue = 25\n\n[[lines]]\nname = "Three"\nvalue = 30\n'
        'groups = "no"\n',
        encoding="utf-8",
    )
    result = mahj("check", "--card", str(card), use_session=False)
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        f"{card}:5: card line 'One': value must be a whole number from 1 to 1000, not \"x\"",
        f"{card}:8: card line 'Two': say whether it has a group of three or more tiles "
        "(groups = true or false)",
        f"{card}:15: card line 'Three': groups must be true or false",
    ]
    data = json.loads(mahj("check", "--card", str(card), "--json", use_session=False).stdout)
    assert data["ok"] is False and [p["line"] for p in data["problems"]] == [5, 8, 15]
    refused = mahj("new", "A", "B", "C", "D", "--card", str(card))
    assert refused.exit_code == 1
    assert f"(and 2 more: `mahj check --card {card}` lists them)" in refused.stderr
    ok = mahj("check", "--card", "sample", use_session=False)
    assert ok.exit_code == 0 and ok.stdout.strip() == "OK: the sample card (8 lines)"


def test_a_waiting_east_is_told_she_waits_not_that_nobody_is_called_that(mahj: Run, session):
    result = mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "--east", "sue")
    assert result.exit_code == 1 and not session.exists()
    assert result.stderr == (
        "Error: --east must be one of the first 4 (seated) players: Sue waits for game 1; "
        "to have Sue deal first, list Sue among the first 4\n"
    )


def test_exposures_on_a_league_night_are_refused_as_meaning_nothing(four: Run, session):
    before = session.read_bytes()
    result = four("win", "Ruth", "25", "--thrown-by", "Linda", "--exposures", "2")
    assert result.exit_code == 1 and session.read_bytes() == before
    assert "--exposures counts only at a tournament table" in result.stderr


def test_a_one_minute_clock_says_one_minute(mahj: Run):
    assert mahj("event", "new", "Cup", "Ann", "Bea", "Cy", "Dot", "--rounds", "1").exit_code == 0
    out = mahj("event", "start", "1", "--minutes", "1").stdout
    assert re.search(r"Round 1's clock started at \d\d:\d\d: 1 minute, time is called", out), out


def test_the_backup_is_offered_only_for_a_file_to_mend(four: Run, session: Path, tmp_path: Path):
    """An event file given to a night's command is sound: offering its backup (one save
    behind) would only lose a game. A damaged night is told where the version before
    mahj's last save is."""
    event = tmp_path / "cup.toml"
    at = ("--session", str(event))
    four("event", "new", "Cup", "Ann", "Bea", "Cy", "Dot", *at, use_session=False)
    four("event", "win", "1", "1", "Ann", "25", "--self-pick", *at, use_session=False)
    assert event.with_name("cup.toml.bak").exists()
    said = four("total", *at, use_session=False).stderr
    assert "this is a tournament event file" in said and ".bak" not in said
    four("win", "Ruth", "25", "--thrown-by", "Linda")
    session.write_text(session.read_text().replace("players = [", "players = [[", 1))
    said = four("total").stderr
    assert f"the version before mahj's last save is in {session}.bak" in said


def test_a_link_to_a_night_that_is_gone_says_so(mahj, tmp_path: Path):
    """A night reached through a link whose file was moved away: the command says the link
    leads nowhere, rather than "start one with mahj new", which would then refuse because
    the link exists."""
    link = tmp_path / "tonight.toml"
    link.symlink_to(tmp_path / "moved-away.toml")
    result = mahj("status", "--session", str(link), use_session=False)
    assert result.exit_code == 1
    assert "is a link to" in result.stderr and "which is not there" in result.stderr
    assert "mahj new" not in result.stderr


def test_the_winners_log_shows_a_night_played_for_money_in_money(mahj: Run, tmp_path: Path):
    """On a quarter night everything mahj shows is money: Ruth's 25 thrown by Linda is
    +$25.00 in the winners log as when it was recorded (it said +100), and its JSON gives
    the stake and the money beside the points."""
    folder = tmp_path / "nights"
    folder.mkdir()
    for name, stake in (("quarters", ("--stake", "0.25")), ("plain", ())):
        night = str(folder / f"{name}.toml")
        assert mahj("new", "Ruth", "Linda", "Kathy", "Pat", *stake, "--session", night,
                    use_session=False).exit_code == 0  # fmt: skip
        assert mahj("win", "Ruth", "25", "--thrown-by", "Linda", "--session", night,
                    use_session=False).exit_code == 0  # fmt: skip
    result = mahj("winners", "--dir", str(folder), use_session=False)
    assert result.exit_code == 0, result
    won = sorted(line.split()[-1] for line in result.stdout.splitlines() if "Linda" in line)
    assert won == ["+$25.00", "+100"], result.stdout
    wins = json.loads(mahj("winners", "--dir", str(folder), "--json", use_session=False).stdout)
    money = {w["session"]: (w["points"], w.get("stake"), w.get("money")) for w in wins["wins"]}
    assert money == {"quarters.toml": (100, 0.25, 25.0), "plain.toml": (100, None, None)}, money
