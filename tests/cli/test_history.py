"""Going back over a night: `mahj fix` a past game, `mahj redo` what `mahj undo` took out,
`mahj rename` a misspelt player, and every refusal leaving the file byte-for-byte as it was."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from tests.helpers import without_undone


def totals(run) -> dict[str, int]:
    return dict(json.loads(run("total", "--json").stdout)["totals"])


def refused(run, session: Path, *args: str, code: int = 1) -> str:
    """Run a command that must be refused; the file must not change. Returns stderr."""
    before = session.read_bytes()
    result = run(*args)
    assert result.exit_code == code, result
    assert session.read_bytes() == before
    return result.stderr


@pytest.fixture
def night(four):
    """Two games: Ruth wins 25 off Linda, then Pat self-picks 30."""
    assert four("win", "Ruth", "25", "--thrown-by", "Linda").exit_code == 0
    assert four("win", "Pat", "30", "--self-pick").exit_code == 0
    return four


# ---- mahj fix ------------------------------------------------------------------------------


def test_fix_replaces_a_past_game_and_shows_what_moved(night, session):
    assert totals(night) == {"Ruth": 40, "Linda": -110, "Kathy": -85, "Pat": 155}
    result = night("fix", "1", "Kathy", "25", "--thrown-by", "Ruth")
    assert result.exit_code == 0, result
    lines = result.stdout.splitlines()
    assert lines[0] == "Fixed game 1:"
    assert lines[1].startswith("  was: Ruth wins 25, thrown by Linda")
    assert lines[2].startswith("  now: Kathy wins 25, thrown by Ruth")
    assert "Totals that changed: Ruth +40 → -110, Linda -110 → -85, Kathy -85 → +40" in lines[3]
    # Ruth pays 50 as thrower, Linda and Pat 25 each; game 2 unchanged (Pat +180, 60 each)
    assert totals(night) == {"Ruth": -110, "Linda": -85, "Kathy": 40, "Pat": 155}
    text = session.read_text()
    assert "# Game 1 as it was before `mahj fix 1` on " in text
    assert '# winner = "Ruth"' in text and '# thrown_by = "Linda"' in text
    log = tomllib.loads(text)["log"]
    assert [e["winner"] for e in log] == ["Kathy", "Pat"]


def test_fix_keeps_the_keys_of_your_own_with_the_game(night, session):
    """`note = "paid in cash"` written into a game stays with it when it is corrected, even
    into another kind of game (the game as it was stays above, as comments)."""
    text = session.read_text("utf-8")
    first = text.index('winner = "Ruth"')
    session.write_text(text[:first] + 'note = "paid in cash"\n' + text[first:], "utf-8")
    assert night("fix", "1", "Kathy", "25", "--thrown-by", "Ruth").exit_code == 0
    assert tomllib.loads(session.read_text("utf-8"))["log"][0]["note"] == "paid in cash"
    assert night("fix", "1", "wall").exit_code == 0
    game = tomllib.loads(session.read_text("utf-8"))["log"][0]
    assert game["kind"] == "wall" and game["note"] == "paid in cash"


def test_a_game_typed_twice_is_taken_out_alone_after_another_table_played(mahj, session):
    """The same game typed twice at table 1, then table 2 plays: `mahj take-back 2` takes
    the second copy out, nothing else moves, and the kitty is not charged for a game
    nobody played (the fix the refusal offered, a wall game, charged it)."""
    players = ["Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue"]
    mahj("new", *players, "--tables", "2", "--house", "kitty")
    for args in (("Kathy", "25", "--thrown-by", "Pat"),) * 2 + (("Bea", "30", "--self-pick"),):
        assert mahj("win", *args).exit_code == 0
    done = mahj("take-back", "2")
    assert done.exit_code == 0, done
    assert done.stdout.startswith("Removed game 2: Kathy wins 25, thrown by Pat\n")
    assert totals(mahj) == {"Ruth": -25, "Linda": -25, "Kathy": 100, "Pat": -50, "Ann": -60,
                            "Bea": 180, "Cy": -60, "Dot": -60, "Sue": 0}  # fmt: skip
    text = session.read_text("utf-8")
    assert "# Game 2 as it was before `mahj take-back 2` on " in text
    assert [e["winner"] for e in tomllib.loads(text)["log"]] == ["Kathy", "Bea"]


def test_taking_out_a_game_that_a_later_one_follows_is_refused(night, session):
    """Game 2 at a table of four follows game 1 (East passes): taking game 1 out would seat
    game 2 differently, so it is refused, naming it, and nothing changes."""
    said = refused(night, session, "take-back", "1")
    assert "taking out game 1 would" in said and "game 2" in said
    # what to do instead: never the take-back refused, and a wall game pays nothing here
    assert (
        "nothing was changed; a game that was never played becomes a wall game (mahj fix 1 "
        "wall); or take back the later games first" in said
    ), said
    assert "there is no game 3" in refused(night, session, "take-back", "3")


def test_the_wall_game_offered_instead_says_what_it_pays(mahj, session):
    mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--house", "kitty")
    mahj("win", "Ruth", "25", "--thrown-by", "Linda")
    mahj("wall")
    said = refused(mahj, session, "take-back", "1")
    assert "becomes a wall game (mahj fix 1 wall; a wall game pays into the kitty)" in said


def test_a_wall_game_is_never_offered_to_become_a_wall_game(mahj, session):
    """Game 1 is a wall game already, and a game followed it: the refusal offers only what
    can be done (take back the later games first), and no "keep it" of a fix."""
    mahj("new", "Ruth", "Linda", "Kathy", "Pat")
    mahj("wall")
    mahj("wall")
    said = " ".join(refused(mahj, session, "take-back", "1").split())
    assert said.endswith("nothing was changed; take back the later games first"), said


def test_a_tournament_table_is_never_offered_a_wall_game_for_a_game_never_played(mahj, session):
    """At a tournament table a wall game scores +10 for each live hand: points nobody won.
    A game never played is taken out once the later games are taken back."""
    mahj("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament")
    for winner in ("Ann", "Bea"):
        mahj("win", winner, "25", "--self-pick")
    said = " ".join(refused(mahj, session, "take-back", "1").split())
    assert "mahj fix 1 wall" not in said, said
    assert (
        "nothing was changed; a game that was never played is "
        "taken out once the later games are taken back (mahj undo), not made a wall game, "
        "which would score +10 for each live hand that nobody won"
    ) in said, said


def test_fix_a_win_into_a_wall_game_and_back(night):
    assert night("fix", "2", "wall").exit_code == 0
    assert totals(night) == {"Ruth": 100, "Linda": -50, "Kathy": -25, "Pat": -25}
    assert night("fix", "2", "win", "Pat", "30", "-s").exit_code == 0
    assert totals(night) == {"Ruth": 40, "Linda": -110, "Kathy": -85, "Pat": 155}


def test_fix_a_game_won_by_a_player_called_wall(mahj):
    """`wall` followed by a win's words is a player called Wall winning (a wall game
    takes none of them); `wall` alone is still a wall game."""
    assert mahj("new", "Wall", "Ann", "Bea", "Cy").exit_code == 0
    assert mahj("win", "Ann", "25", "--self-pick").exit_code == 0
    fixed = mahj("fix", "1", "Wall", "25", "--self-pick")
    assert fixed.exit_code == 0, fixed
    assert "Wall wins 25, self-picked" in mahj("log").stdout
    assert mahj("fix", "1", "wall").exit_code == 0
    assert "Wall game" in mahj("log").stdout
    typo = mahj("fix", "1", "wall", "--ded", "Ann")
    assert typo.exit_code == 2 and "--ded" in typo.stderr


def test_fix_says_how_to_take_it_back(night, session):
    """`mahj undo` takes out the last entry, never a fix: the fix says the command that
    puts the game back as it was, and that undo would not."""

    def back(*words: str) -> str:
        fixed = night("fix", "2", *words)
        assert fixed.exit_code == 0, fixed
        return " ".join(fixed.stdout.split())

    said = back("Pat", "30", "--thrown-by", "Kathy")
    assert "To take this fix back: mahj fix 2 Pat 30 --self-pick" in said, said
    assert "(mahj undo takes out the last entry, not a fix)" in said
    assert "To take this fix back: mahj fix 2 Pat 30 --thrown-by Kathy" in back("wall")
    assert "To take this fix back: mahj fix 2 wall" in back("Pat", "30", "-s")
    assert totals(night) == {"Ruth": 40, "Linda": -110, "Kathy": -85, "Pat": 155}


@pytest.mark.parametrize(("late", "typed"), [("Sue", "sue"), ("O'Brien", "o'brien")])
def test_fix_naming_a_player_who_came_later_says_she_was_not_here_yet(mahj, session, late, typed):
    """Whatever her name holds (a quote too), she had not arrived; she is not unknown."""
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat").exit_code == 0
    assert mahj("win", "Ruth", "25", "--thrown-by", "Linda").exit_code == 0
    assert mahj("join", late).exit_code == 0
    assert mahj("win", "Kathy", "25", "--thrown-by", "Pat").exit_code == 0
    error = refused(mahj, session, "fix", "1", typed, "25", "--thrown-by", "Ruth")
    assert f"winner: {late} had not arrived yet in game 1" in error, error
    assert f"thrower: {late} had not arrived yet in game 1" in refused(
        mahj, session, "fix", "1", "Ruth", "25", "--thrown-by", typed
    )


def test_a_mah_jongg_in_error_is_fixed_either_way_and_each_fix_taken_back(mahj):
    """The +10 went to the wrong intact player, a later game followed: `mahj fix 1 error
    Rosa --intact Pia` puts it right; a win typed as an error and back are fixes too, each
    with the fix that takes it back."""
    assert mahj("new", "Nora", "Olga", "Pia", "Rosa", "--rules", "tournament", "--variant",
                "mj-in-error").exit_code == 0  # fmt: skip
    assert mahj("error", "Rosa", "--intact", "Nora").exit_code == 0
    assert mahj("wall").exit_code == 0
    fixed = mahj("fix", "1", "error", "Rosa", "--intact", "Pia")
    assert fixed.exit_code == 0, fixed
    said = " ".join(fixed.stdout.split())
    assert "mahj fix 1 error Rosa --intact Nora" in said, said
    assert totals(mahj) == {"Nora": 10, "Olga": 10, "Pia": 20, "Rosa": 10}
    fixed = mahj("fix", "1", "Olga", "25", "--self-pick")
    assert fixed.exit_code == 0, fixed
    assert "mahj fix 1 error Rosa --intact Pia" in " ".join(fixed.stdout.split())
    assert mahj("fix", "1", "error", "Rosa").exit_code == 0
    assert totals(mahj) == {"Nora": 10, "Olga": 10, "Pia": 10, "Rosa": 10}
    for slip, said in (
        (("error",), "Missing argument 'CALLER'"),
        (("error", "Rosa", "--intact"), "'--intact' requires an argument"),
    ):
        result = mahj("fix", "1", *slip)
        assert result.exit_code == 2 and said in result.stderr, result.stderr


def test_fix_counts_games_not_log_entries(night, session):
    assert night("join", "Sue").exit_code == 0
    assert night("win", "Linda", "20", "--self-pick").exit_code == 0  # game 3, log entry 4
    assert night("fix", "3", "Linda", "20", "--thrown-by", "Kathy").exit_code == 0
    log = tomllib.loads(session.read_text())["log"]
    assert [e["kind"] for e in log] == ["win", "win", "join", "win"]
    assert log[3]["thrown_by"] == "Kathy" and "self_pick" not in log[3]


def test_fixing_a_game_twice_keeps_both_old_versions(night, session):
    assert night("fix", "1", "Kathy", "25", "-t", "Ruth").exit_code == 0
    assert night("fix", "1", "Ruth", "25", "-t", "Linda").exit_code == 0
    assert totals(night) == {"Ruth": 40, "Linda": -110, "Kathy": -85, "Pat": 155}
    assert session.read_text().count("as it was before `mahj fix 1`") == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("9", "wall"), "there is no game 9: the night has games 1 to 2"),
        (("0", "wall"), "GAME must be from 1 to 100,000, not 0"),
        (("x", "wall"), "GAME must be a whole number like 25, not 'x'"),
        (("1", "Ruth", "25", "--thrown-by", "Linda"), "game 1 already says that"),
        (("1", "Ruth", "25", "--thrown-by", "Ruthx"), "no player called 'Ruthx'"),
        (("1", "Ruth", "25", "-t", "Linda", "-s"), "not both"),
        (("1", "Ruth", "25"), "say how it was won: --thrown-by NAME or --self-pick"),
        (("1", "wall", "--table", "2"), "game 1 cannot be that: there is no table 2 tonight"),
    ],
)
def test_fix_refusals_leave_the_file_unchanged(night, session, args, message):
    error = refused(night, session, "fix", *args)
    assert error.startswith("Error: ") and message in error
    assert len(error.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("1",), "say what game 1 should have been, e.g. mahj fix 1 Pat 25"),
        (("1", "Ruth", "25", "--jokeles"), "No such option: --jokeles (did you mean --jokerless?)"),
        (("1", "Ruth", "25", "-t", "Linda", "extra"), "unexpected extra argument (extra)"),
    ],
)
def test_fix_usage_errors_speak_of_mahj_fix(night, session, args, message):
    error = refused(night, session, "fix", *args, code=2)
    assert message in error
    assert "Try 'mahj fix -h' for help." in error


def test_fix_before_any_game(four, session):
    assert "the night has no games yet" in refused(four, session, "fix", "1", "wall")


def test_fix_refuses_when_a_later_game_no_longer_stands(mahj, session):
    players = ["Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue"]
    assert mahj("new", *players, "--tables", "2").exit_code == 0
    # game 1 at table 1: Ruth (its East) gets up and Sue, first in line, takes her seat
    assert mahj("wall", "--table", "1").exit_code == 0
    assert mahj("win", "Sue", "25", "--thrown-by", "Linda").exit_code == 0  # at table 1
    # had game 1 been at table 2, Ann would have got up and Sue sat down at table 2, where
    # Linda could not have thrown to her: game 2 would be played by other people
    error = refused(mahj, session, "fix", "1", "wall", "--table", "2")
    assert "would seat later games differently" in error
    assert "game 2 was played at table 1 by Linda (East), Kathy, Pat and Sue" in error
    assert "nothing was changed" in error


def test_fix_refuses_a_game_on_an_accepted_card(mahj, session):
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat", "--rules", "tournament").exit_code == 0
    assert mahj("win", "Ruth", "30", "--thrown-by", "Linda", "--exposures", "2").exit_code == 0
    assert mahj("win", "Kathy", "25", "--self-pick").exit_code == 0
    assert mahj("wall").exit_code == 0
    assert mahj("incomplete").exit_code == 0
    assert mahj("scorecard", "--accept").exit_code == 0
    error = refused(mahj, session, "fix", "2", "wall")
    assert "a score card the table has accepted" in error


@pytest.mark.parametrize("ended", [["wall"] * 4, ["wall", "incomplete"]], ids=["four", "time"])
def test_a_penalty_on_the_next_rounds_card_stays_correctable_after_the_accept(mahj, session, ended):
    """Round 1 over, a penalty typed before the table accepts: the card has it on round 2,
    which nobody accepted, so `take-back 5 --penalty Ann` takes it out (and the round-1
    games stay locked)."""
    assert mahj("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament").exit_code == 0
    for command in ended:
        assert mahj(command).exit_code == 0
    number = str(len(ended) + 1)
    assert mahj("penalty", "Ann", "10", "--reason", "blind pass").exit_code == 0
    assert mahj("scorecard", "--accept").exit_code == 0
    taken = mahj("take-back", number, "--penalty", "Ann")
    assert taken.exit_code == 0, taken
    assert "Removed entry: Penalty: Ann loses 10" in " ".join(taken.stdout.split())
    assert totals(mahj)["Ann"] == (40 if len(ended) == 4 else 10)
    assert "a score card the table has accepted" in refused(mahj, session, "fix", "1", "wall")


def _rounds(mahj) -> list[list[int]]:
    card = json.loads(mahj("scorecard", "--json").stdout)
    return [[line["game"] for line in r["lines"]] for r in card["rounds"]]


def test_fix_a_game_into_time_called_and_say_which_games_change_rounds(mahj, session):
    """Time was called during game 3, but it went in as a wall game: `mahj fix 3
    incomplete` scores it 0 for all and ends round 1 there; the fix says that game 4 is
    now on round 2 of the score card, and fixing it back says it moves back."""
    assert mahj("new", "Nora", "Olga", "Pia", "Rosa", "--rules", "tournament").exit_code == 0
    assert mahj("win", "Olga", "35", "--thrown-by", "Pia", "--exposures", "2").exit_code == 0
    assert mahj("win", "Pia", "25", "--self-pick").exit_code == 0
    assert mahj("wall").exit_code == 0
    assert mahj("win", "Rosa", "30", "--self-pick").exit_code == 0
    assert _rounds(mahj) == [[1, 2, 3, 4]]
    fixed = mahj("fix", "3", "incomplete")
    assert fixed.exit_code == 0, fixed
    said = " ".join(fixed.stdout.split())
    assert "now: Time called" in said
    assert "Later games now on another round of the score card: game 4, round 1 → 2" in said
    assert totals(mahj) == {"Nora": 0, "Olga": 35, "Pia": 15, "Rosa": 40}
    assert _rounds(mahj) == [[1, 2, 3], [4]]
    back = " ".join(mahj("fix", "3", "wall").stdout.split())
    assert "game 4, round 2 → 1" in back
    value = mahj("fix", "1", "Olga", "40", "--thrown-by", "Pia", "--exposures", "2")
    assert value.exit_code == 0 and "another round" not in value.stdout  # no round moved


def test_fix_incomplete_is_for_tournament_tables(night, session):
    assert "tournament" in refused(night, session, "fix", "1", "incomplete")


def test_take_back_a_penalty_on_the_wrong_player_once_games_follow_it(mahj, session):
    """Pia was docked 10 but it was Nora who looked: with games after it, `mahj take-back
    2 --penalty Pia` takes out that penalty alone (not game 2, which shares its number);
    a penalty after the last game is named by the number `mahj log` shows."""
    assert mahj("new", "Nora", "Olga", "Pia", "Rosa", "--rules", "tournament").exit_code == 0
    assert mahj("wall").exit_code == 0
    assert mahj("penalty", "Pia", "10", "--reason", "blind pass").exit_code == 0
    assert mahj("win", "Olga", "25", "--self-pick").exit_code == 0
    assert mahj("penalty", "Rosa", "10").exit_code == 0
    assert totals(mahj) == {"Nora": 10, "Olga": 45, "Pia": 0, "Rosa": 0}
    taken = mahj("take-back", "2", "--penalty", "pia")
    assert taken.exit_code == 0, taken
    assert "Removed entry: Penalty: Pia loses 10 (blind pass)" in " ".join(taken.stdout.split())
    assert totals(mahj) == {"Nora": 10, "Olga": 45, "Pia": 10, "Rosa": 0}
    assert "before `mahj take-back 2 --penalty Pia`" in session.read_text("utf-8")
    assert (
        "there is no game 3: the night has games 1 to 2; Rosa's penalty is numbered 3"
        in refused(mahj, session, "take-back", "3")
    )
    assert mahj("take-back", "3", "--penalty", "Rosa").exit_code == 0
    assert totals(mahj) == {"Nora": 10, "Olga": 45, "Pia": 10, "Rosa": 10}
    assert "no penalty of Olga numbered 2" in refused(
        mahj, session, "take-back", "2", "--penalty", "Olga"
    )


# ---- mahj undo / redo ----------------------------------------------------------------------


def test_redo_puts_back_what_undo_took_out(night, session):
    full = session.read_bytes()
    assert night("undo").exit_code == 0
    assert "# Undone: entry 2" in session.read_text()
    result = night("redo")
    assert result.exit_code == 0, result
    assert result.stdout.startswith("Put back what `mahj undo` took out:")
    assert totals(night) == {"Ruth": 40, "Linda": -110, "Kathy": -85, "Pat": 155}
    assert tomllib.loads(session.read_text()) == tomllib.loads(full.decode())


def test_two_undos_are_redone_in_order(night):
    assert night("undo").exit_code == 0
    assert night("undo").exit_code == 0
    assert totals(night) == {"Ruth": 0, "Linda": 0, "Kathy": 0, "Pat": 0}
    assert night("redo").exit_code == 0
    assert totals(night) == {"Ruth": 100, "Linda": -50, "Kathy": -25, "Pat": -25}
    assert night("redo").exit_code == 0
    assert totals(night) == {"Ruth": 40, "Linda": -110, "Kathy": -85, "Pat": 155}


INLINE_NIGHT = """\
schema = 1
rules = "league"
players = ["Ruth", "Linda", "Kathy", "Pat"]
east = "Ruth"
log = [
  { kind = "win", winner = "Ruth", value = 25, thrown_by = "Linda" },
  { kind = "win", winner = "Pat", value = 30, self_pick = true, note = "her first" }
]
"""


@pytest.mark.parametrize("undos", [1, 2])
def test_undo_and_redo_of_a_log_written_by_hand_as_an_array(mahj, session, undos: int):
    """A log a person wrote as `log = [...]`: every entry undo takes out is kept for redo,
    which gives back the same games and totals, the person's own keys too."""
    session.write_text(INLINE_NIGHT)
    full = totals(mahj)
    assert full == {"Ruth": 40, "Linda": -110, "Kathy": -85, "Pat": 155}
    for _ in range(undos):
        assert mahj("undo").exit_code == 0
    assert len(tomllib.loads(session.read_text()).get("log", [])) == 2 - undos
    for _ in range(undos):
        result = mahj("redo")
        assert result.exit_code == 0, result
    assert totals(mahj) == full
    log = tomllib.loads(session.read_text())["log"]
    assert [(e["kind"], e["winner"], e["value"]) for e in log] == [
        ("win", "Ruth", 25),
        ("win", "Pat", 30),
    ]
    assert log[1]["note"] == "her first" and log[1]["self_pick"] is True
    assert mahj("check").exit_code == 0


def test_redo_with_nothing_undone(night, session):
    assert "there is nothing to redo" in refused(night, session, "redo")


def test_redo_is_stale_once_something_else_is_recorded(night, session):
    assert night("undo").exit_code == 0
    assert night("wall").exit_code == 0
    assert "there is nothing to redo" in refused(night, session, "redo")


def test_redo_refuses_a_comment_that_no_longer_reads(night, session):
    assert night("undo").exit_code == 0
    session.write_text(session.read_text().replace('# winner = "Pat"', "# winner = [oops"))
    assert "no longer reads as an entry" in refused(night, session, "redo")


def test_the_undone_comment_is_only_a_comment(night, session):
    assert night("undo").exit_code == 0
    assert len(tomllib.loads(session.read_text())["log"]) == 1
    assert without_undone(session.read_text()).splitlines().count("[[log]]") == 1
    assert night("check").exit_code == 0


# ---- mahj rename ---------------------------------------------------------------------------


def test_rename_everywhere_the_night_names_them(mahj, session):
    assert mahj("new", "Ruth", "Linda", "Kathey", "Pat", "--east", "Kathey").exit_code == 0
    assert mahj("win", "Kathey", "25", "--thrown-by", "Ruth").exit_code == 0
    assert mahj("win", "Ruth", "30", "--thrown-by", "Kathey").exit_code == 0
    before = totals(mahj)
    result = mahj("rename", "kathe", "Kathy")
    assert result.exit_code == 0, result
    assert "Kathey" in result.stdout and "Kathy" in result.stdout
    doc = tomllib.loads(session.read_text())
    assert "Kathey" not in session.read_text()
    assert doc["players"][2] == "Kathy" and doc["east"] == "Kathy"
    assert doc["log"][0]["winner"] == "Kathy" and doc["log"][1]["thrown_by"] == "Kathy"
    assert totals(mahj) == {("Kathy" if k == "Kathey" else k): v for k, v in before.items()}


def test_rename_may_change_only_the_case(four, session):
    assert four("rename", "pat", "PAT").exit_code == 0
    assert tomllib.loads(session.read_text())["players"][3] == "PAT"


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("Zed", "Zoe", "no player called 'Zed'"),
        ("Pat", "ruth", "there is already a player called Ruth"),
        ("Pat", "Pat", "Pat is already called that"),
        ("Pat", "", "name"),
        ("Pat", "P\x1bat", "name"),
    ],
)
def test_rename_refusals_leave_the_file_unchanged(four, session, old, new, message):
    error = refused(four, session, "rename", old, new)
    assert error.startswith("Error: ") and message in error


# ---- mahj use and the current night --------------------------------------------------------


def current(mahj) -> list[bool]:
    return [
        s["current"]
        for s in json.loads(mahj("sessions", "--json", use_session=False).stdout)["sessions"]
    ]


def test_use_picks_a_night_by_its_number_or_file(mahj, tmp_path):
    assert mahj("new", "A", "B", "C", "D", "--name", "first", use_session=False).exit_code == 0
    assert mahj("new", "E", "F", "G", "H", "--name", "second", use_session=False).exit_code == 0
    listed = json.loads(mahj("sessions", "--json", use_session=False).stdout)["sessions"]
    assert [(s["number"], s["name"]) for s in listed] == [(1, "second"), (2, "first")]
    result = mahj("use", "2", use_session=False)
    assert result.exit_code == 0, result
    assert "is now the current session (was " in result.stdout
    assert "first" in result.stdout and "Next game 1" in result.stdout
    assert current(mahj) == [False, True]
    again = mahj("use", listed[0]["path"], use_session=False)
    assert again.exit_code == 0 and current(mahj) == [True, False]
    same = mahj("use", "1", use_session=False)
    assert same.exit_code == 0 and "(was" not in same.stdout
    shown = json.loads(mahj("use", "2", "--json", use_session=False).stdout)
    assert shown == {"current": listed[1]["path"], "was": listed[0]["path"]}


def test_a_current_night_outside_the_data_folder_is_listed_and_starred(mahj, tmp_path):
    assert mahj("new", "A", "B", "C", "D", "--name", "home", use_session=False).exit_code == 0
    away = tmp_path / "away.toml"
    made = mahj("new", "E", "F", "G", "H", "--session", str(away), use_session=False)
    assert made.exit_code == 0
    assert "It is now the current session (was " in made.stdout
    listed = json.loads(mahj("sessions", "--json", use_session=False).stdout)["sessions"]
    assert [(s["path"], s["current"], s["elsewhere"]) for s in listed][-1] == (
        str(away), True, True)  # fmt: skip
    human = mahj("sessions", use_session=False).stdout
    assert str(away) in human and "outside the data folder" in human


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("7", "there is no night 7 in `mahj sessions` (it lists 1 to 1)"),
        ("missing.toml", "no session file at missing.toml"),
        ("BROKEN", "no `schema = 1` line"),
    ],
)
def test_use_refusals_keep_the_current_night(mahj, tmp_path, target, message):
    assert mahj("new", "A", "B", "C", "D", use_session=False).exit_code == 0
    pointer = tmp_path / "data" / "current"
    before = pointer.read_bytes()
    if target == "BROKEN":
        (tmp_path / "b.toml").write_text('title = "not a night"\n')
        target = str(tmp_path / "b.toml")
    result = mahj("use", target, use_session=False)
    assert result.exit_code == 1, result
    assert result.stderr.startswith("Error: ") and message in result.stderr
    assert pointer.read_bytes() == before


def test_use_with_no_nights_at_all(mahj):
    result = mahj("use", "1", use_session=False)
    assert result.exit_code == 1
    assert "there are no nights in" in result.stderr


def test_sessions_at_sixty_columns_keeps_dates_and_file_names_whole(mahj, monkeypatch):
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "--name", "Thursday night",
                use_session=False).exit_code == 0  # fmt: skip
    monkeypatch.setenv("COLUMNS", "60")
    out = mahj("sessions", use_session=False).stdout
    listed = json.loads(mahj("sessions", "--json", use_session=False).stdout)["sessions"]
    name = Path(listed[0]["path"]).name
    assert any(line.strip() == name for line in out.splitlines())
    assert listed[0]["date"] in out
    assert all(len(line) <= 60 for line in out.splitlines())
    assert not any(line.endswith(" ") for line in out.splitlines())


def test_use_says_when_mahj_session_still_wins(mahj, monkeypatch, tmp_path):
    assert mahj("new", "A", "B", "C", "D", "--name", "one", use_session=False).exit_code == 0
    other = tmp_path / "other.toml"
    assert (
        mahj("new", "E", "F", "G", "H", "--session", str(other), use_session=False).exit_code == 0
    )
    monkeypatch.setenv("MAHJ_SESSION", str(other))
    result = mahj("use", "1", use_session=False)
    assert result.exit_code == 0, result
    assert f"Note: $MAHJ_SESSION names {other}" in result.stdout


def test_redo_brings_back_an_undone_arrival(four, session):
    assert four("join", "Sue").exit_code == 0
    assert four("undo").exit_code == 0
    result = four("redo")
    assert result.exit_code == 0, result
    assert "Sue" in json.loads(four("status", "--json").stdout)["waiting"]


def test_redo_ignores_the_users_own_comment_after_the_log(night, session):
    session.write_text(session.read_text() + "# Ruth brought cake\n")
    assert night("undo").exit_code == 0
    assert night("redo").exit_code == 0, night("check")
    text = session.read_text()
    assert "# Ruth brought cake" in text
    assert len(tomllib.loads(text)["log"]) == 2


def test_redo_after_a_rename_puts_it_back_under_the_new_name(night, session):
    assert night("undo").exit_code == 0  # Pat's self-pick
    assert night("rename", "pat", "Patty").exit_code == 0
    result = night("redo")
    assert result.exit_code == 0, result
    assert "Game 2: Patty wins 30, self-picked" in result.stdout


def test_a_new_night_says_when_mahj_session_still_wins(mahj, monkeypatch, tmp_path):
    """Last week's night set in $MAHJ_SESSION, this week's started with --session: the
    next games would go into last week's, so `new` says so, as `use` does."""
    thursday, friday = tmp_path / "thursday.toml", tmp_path / "friday.toml"
    assert (
        mahj("new", "A", "B", "C", "D", "--session", str(thursday), use_session=False).exit_code
        == 0
    )
    monkeypatch.setenv("MAHJ_SESSION", str(thursday))
    result = mahj("new", "A", "B", "C", "D", "--session", str(friday), use_session=False)
    assert result.exit_code == 0, result
    assert f"Note: $MAHJ_SESSION names {thursday}, which commands use" in result.stdout
    # with no --session, `new` starts the night the variable names: there already
    again = mahj("new", "A", "B", "C", "D", use_session=False)
    assert again.exit_code == 1 and "already exists" in again.stderr
    assert f"($MAHJ_SESSION names {thursday}: unset it" in again.stderr
    assert thursday.exists() and friday.exists()


def test_an_event_command_reading_a_night_named_by_mahj_session_says_where_it_came_from(
    mahj, monkeypatch, tmp_path
):
    night = tmp_path / "r1.toml"
    made = mahj(
        "event", "new", "Cup", "Joan", "Ruth", "Gail", "Helen", "--given", use_session=False
    )
    assert made.exit_code == 0, made
    assert mahj("new", "Joan", "Ruth", "Gail", "Helen", "--rules", "tournament", "--session",
                str(night), use_session=False).exit_code == 0  # fmt: skip
    monkeypatch.setenv("MAHJ_SESSION", str(night))
    refused = mahj("event", "standings", use_session=False)
    assert refused.exit_code == 1
    assert refused.stderr.count("\n") == 1 and "not an event file" in refused.stderr
    assert f"($MAHJ_SESSION names {night}: unset it" in refused.stderr
    monkeypatch.delenv("MAHJ_SESSION")
    made = mahj(
        "event", "new", "Cup", "Joan", "Ruth", "Gail", "Helen", "--given", use_session=False
    )
    assert made.exit_code == 0 and "$MAHJ_SESSION" not in made.stdout
    monkeypatch.setenv("MAHJ_SESSION", str(night))
    other = tmp_path / "cup.toml"
    made = mahj("event", "new", "Cup", "Joan", "Ruth", "Gail", "Helen", "--given", "--session",
                str(other), use_session=False)  # fmt: skip
    assert made.exit_code == 0, made
    assert f"Note: $MAHJ_SESSION names {night}, which mahj event commands use" in made.stdout
