"""The third hostile round, on the command line and the files mahj reads: special files
where a file is expected, damaged events, bytes that are not text, names that show
nothing, a name of 10,000 characters, and a save that cannot be printed afterwards.

Each case ends the same way: one `Error:` line (or, when the change was saved, one line
saying it WAS, with exit code 3), never a traceback, never a hang (every real process
runs under a timeout), and a file that is byte-for-byte unchanged when nothing was
done. Special files are made in the test's own folder, never in the real /dev."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import device, fifo, installed_mahj

MAHJ = installed_mahj()
PLAYERS = ("Ann", "Bea", "Cy", "Dot", "Eve", "Fay", "Gus", "Hal")
NOT_UTF8 = os.fsdecode(b"Sue\xff")  # what Python makes of a Latin-1 byte in argv
SAVED_NOT_SHOWN = 3

posix = pytest.mark.skipif(os.name != "posix", reason="POSIX pipes, signals and FIFOs")


def one_error(result, *words: str) -> str:
    """The in-process run ended with one `Error:` line on stderr and exit code 1."""
    assert result.exit_code == 1, result
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def run(*args: str, timeout: float = 20, stdin=None, **how) -> subprocess.CompletedProcess:
    """The installed `mahj ARGS...` as a real process (its data folder is the test's)."""
    how.setdefault("stdout", subprocess.PIPE)
    return subprocess.run(
        [MAHJ, *args], stderr=subprocess.PIPE, timeout=timeout, stdin=stdin, **how
    )  # fmt: skip


def one_error_line(
    done: subprocess.CompletedProcess, *words: str, code: int = 1, notes: str = ""
) -> str:
    """The real process ended with one `Error:` line on stderr and exit code `code` (after
    the notes a change prints on stderr, when they start with `notes`)."""
    text = done.stderr.decode("utf-8", "replace")
    assert done.returncode == code, (done.returncode, text)
    lines = [line for line in text.splitlines() if not (notes and line.startswith(notes))]
    assert len(lines) == 1 and lines[0].startswith("Error: "), text
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def event(mahj, session: Path) -> Path:
    """An event of eight players, round 1 seated; `session` is its file."""
    made = mahj("event", "new", "Cup", *PLAYERS, "--seed", "3")
    assert made.exit_code == 0, made
    return session


@pytest.fixture
def night(mahj, session: Path) -> Path:
    """A league night of four, one game played."""
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat").exit_code == 0
    assert mahj("win", "Ruth", "25", "--thrown-by", "Linda").exit_code == 0
    return session


def games(session: Path) -> int:
    from mahjcli.files import loader

    return loader.load(session).standings.games


def data_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir(exist_ok=True)
    return folder


# ---- special files where a file is expected ---------------------------------------------


@posix
def test_a_players_file_that_is_a_fifo_does_not_hang(tmp_path: Path):
    players = fifo(tmp_path, "players.txt")
    done = run("event", "new", "Cup", "--players", str(players), "--session", str(tmp_path / "e"))
    one_error_line(done, "players file", "FIFO")
    assert not (tmp_path / "e").exists()


def test_a_players_file_that_never_ends_is_refused(tmp_path: Path):
    zero = device(tmp_path, "zero", 5)
    done = run("event", "new", "Cup", "--players", str(zero), "--session", str(tmp_path / "e"))
    one_error_line(done, "players file", "not a file")


def test_a_players_file_that_is_not_utf8_is_one_error(mahj, tmp_path: Path):
    players = tmp_path / "players.txt"
    players.write_bytes(b"Ann\nB\xe9a\nCy\nDot\n")
    one_error(mahj("event", "new", "Cup", "--players", str(players)), "not UTF-8", "byte 5")


@posix
def test_a_current_event_pointer_that_is_a_fifo_does_not_hang(tmp_path: Path):
    fifo(data_folder(tmp_path), "current-event")
    for args in (("event", "standings"), ("event", "seating"), ("event", "check")):
        one_error_line(run(*args), "current-event pointer", "FIFO")


def test_a_current_event_pointer_that_never_ends_is_refused(tmp_path: Path):
    zero = device(tmp_path, "zero", 5)
    (data_folder(tmp_path) / "current-event").symlink_to(zero)
    one_error_line(run("event", "standings"), "current-event pointer", "not a file")


def test_a_current_event_pointer_that_is_not_utf8(mahj, tmp_path: Path):
    (data_folder(tmp_path) / "current-event").write_bytes(b"/nowhere/\xff\xfe.toml\n")
    one_error(
        mahj("event", "standings", use_session=False), "no event file at /nowhere/\\xff\\xfe.toml"
    )


def test_an_event_whose_file_name_is_not_utf8_is_made_whole_and_current(mahj, tmp_path: Path):
    if sys.platform == "darwin":
        pytest.skip("macOS file names are always UTF-8")
    path = tmp_path / os.fsdecode(b"coupe-\xe9t\xe9.toml")
    made = mahj("event", "new", "Cup", *PLAYERS, "--session", str(path), use_session=False)
    assert made.exit_code == 0, made
    assert "coupe-\\xe9t\\xe9.toml" in made.stdout  # shown escaped, not as a broken byte
    pointer = tmp_path / "data" / "current-event"
    assert pointer.read_bytes() == os.fsencode(path) + b"\n"
    standings = mahj("event", "standings", "--json", use_session=False)
    assert standings.exit_code == 0 and len(json.loads(standings.stdout)["standings"]) == 8


def test_an_event_that_cannot_be_made_current_leaves_no_file(mahj, session: Path, monkeypatch):
    import errno

    from mahjcli.files import eventload

    def failing_disk(path: Path) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(eventload, "set_current_event", failing_disk)
    one_error(mahj("event", "new", "Cup", *PLAYERS), "Input/output error", "nothing was changed")
    assert not session.exists()


def test_a_night_that_cannot_be_made_current_leaves_no_file(mahj, session: Path, monkeypatch):
    import errno

    from mahjcli.files import paths

    def failing_disk(path: Path) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(paths, "set_current", failing_disk)
    one_error(mahj("new", "Ruth", "Linda", "Kathy", "Pat"), "Input/output error")
    assert not session.exists()
    monkeypatch.undo()
    assert mahj("new", "Ruth", "Linda", "Kathy", "Pat").exit_code == 0  # the retry works


@posix
def test_a_season_cache_that_is_a_fifo_does_not_hang(night: Path, tmp_path: Path):
    cache = tmp_path / "cache"
    cache.mkdir()
    fifo(cache, "season-tallies.json")
    done = run("season", str(night), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["league"]["players"]["Ruth"]["points"] == 100


@pytest.mark.parametrize(
    "players", ['{"Ruth": 5}', "5", '{"Ruth": [1, 1, 0, 0, 0, "x", 100]}', '{"Ruth": [true]}']
)
def test_a_damaged_season_cache_is_read_past(night: Path, tmp_path: Path, players: str):
    """A cache whose numbers were changed by hand (or by a disk): the night is read again
    from its file, never a traceback, never its numbers taken."""
    assert run("season", str(night), "--json").returncode == 0  # the cache is written
    cache = tmp_path / "cache" / "season-tallies.json"
    kept = json.loads(cache.read_text("utf-8"))
    for tally in kept["tallies"].values():
        tally["players"] = json.loads(players)
    cache.write_text(json.dumps(kept), "utf-8")
    done = run("season", str(night), "--json")
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    assert json.loads(done.stdout)["league"]["players"]["Ruth"]["points"] == 100


# ---- damaged events ----------------------------------------------------------------------

EVENT_COMMANDS = [
    ("event", "standings"),
    ("event", "seating"),
    ("event", "seating", "2"),
    ("event", "add", "Zoe"),
    ("event", "withdraw", "Ann"),
    ("event", "score", "1", "1", "Ann=1", "Bea=2", "Cy=3", "Dot=4"),
    ("event", "card", "1", "1", "TABLE"),
]


@pytest.mark.parametrize("args", [*EVENT_COMMANDS, ("event", "check")], ids=" ".join)
def test_an_event_nested_3000_deep_is_one_error(mahj, session: Path, tmp_path: Path, args):
    if "TABLE" in args:
        table = tmp_path / "table.toml"
        made = mahj("new", "Ann", "Bea", "Cy", "Dot", "--rules", "tournament",
                    "--session", str(table), use_session=False)  # fmt: skip
        assert made.exit_code == 0
        args = tuple(str(table) if a == "TABLE" else a for a in args)
    deep = 'schema = 1\nkind = "event"\nx = ' + "[" * 3000 + "]" * 3000 + "\n"
    session.write_text(deep, encoding="utf-8")
    result = mahj(*args)
    if args == ("event", "check"):
        assert result.exit_code == 1 and result.stderr == "", result
        assert (
            result.stdout
            == f"{session}:1: values are nested too deeply to be an event file (a damaged file?)\n"
        )
    else:
        one_error(result, "nested too deeply")
    assert session.read_text(encoding="utf-8") == deep


def test_rounds_below_one_is_one_problem_everywhere(mahj, event: Path):
    text = event.read_text(encoding="utf-8")
    damaged = text.replace("rounds = 4", "rounds = -3")
    assert damaged != text
    event.write_text(damaged, encoding="utf-8")
    checked = mahj("event", "check")
    assert checked.exit_code == 1 and checked.stderr == ""
    (line,) = checked.stdout.splitlines()
    assert line.endswith(": rounds must be from 1 to 20, not -3")
    for args in EVENT_COMMANDS[:3]:
        message = one_error(mahj(*args), "rounds must be from 1 to 20, not -3")
        assert "more" not in message  # nothing else is counted against a broken count
    assert event.read_text(encoding="utf-8") == damaged


def test_a_negative_table_index_never_breaks_the_line_finder():
    from mahjcli.core.problems import Where
    from mahjcli.files.lines import Locator

    locator = Locator("[[seating]]\nround = 1\n")
    assert locator.line(Where("seating", -3)) is None
    assert locator.line(Where("seating", 0)) == 1


# ---- bytes that are not text, from the command line -------------------------------------


@posix
@pytest.mark.parametrize(
    "args",
    [
        ("new", "Ann", "Bea", "Cy", NOT_UTF8),
        ("new", "Ann", "Bea", "Cy", "Dot", "--name", NOT_UTF8),
        ("join", NOT_UTF8),
        ("rename", "Ruth", NOT_UTF8),
        ("penalty", "Ruth", "10", "--reason", NOT_UTF8),
        ("event", "new", NOT_UTF8, *PLAYERS),
        ("event", "new", "Cup", *PLAYERS[:7], NOT_UTF8),
        ("event", "add", NOT_UTF8),
        ("event", "add", "Zoe", "--id", NOT_UTF8),
    ],
    ids=[
        "new",
        "new --name",
        "join",
        "rename",
        "penalty --reason",
        "event new NAME",
        "event new PLAYER",
        "event add",
        "event add --id",
    ],
)
def test_a_byte_that_is_not_utf8_is_refused_in_one_line(tmp_path: Path, args):
    night = tmp_path / "night.toml"
    kind = "event" if args[0] == "event" and args[1] != "new" else "night"
    if args[0] in ("join", "rename", "penalty"):
        made = run("new", "Ruth", "Linda", "Kathy", "Pat", "--rules", "tournament",
                   "--session", str(night))  # fmt: skip
        assert made.returncode == 0, made.stderr
    if kind == "event":
        made = run("event", "new", "Cup", *PLAYERS, "--session", str(night))
        assert made.returncode == 0, made.stderr
    before = night.read_bytes() if night.exists() else None
    done = run(*args, "--session", str(night))
    line = one_error_line(done, "not UTF-8", "type it again")
    assert "Sue\\udcff" in line or "Sue\\xff" in line  # the byte shown, escaped
    assert (night.read_bytes() if night.exists() else None) == before


# ---- a part of mahj that cannot be read --------------------------------------------------

FAILING_IMPORT = """
import errno, sys
import importlib._bootstrap_external as external

target, how = sys.argv[1], sys.argv[2]
real = external.FileLoader.get_data

class Fail:
    def find_spec(self, name, path=None, module=None):
        if how == "import" and name == target:
            raise ImportError(f"{target}: cannot open shared object file: Input/output error",
                              name=target)
        return None

def source_of(path):  # the source file a path is, or is the compiled form of
    path = path.replace("\\\\", "/")
    if "/__pycache__/" in path and path.endswith(".pyc"):
        folder, name = path.rsplit("/__pycache__/", 1)
        path = folder + "/" + name.split(".")[0] + ".py"
    return path

def get_data(self, path):
    if how == "read" and source_of(path).endswith(target):
        raise OSError(errno.EIO, "Input/output error", path)
    return real(self, path)

sys.meta_path.insert(0, Fail())
external.FileLoader.get_data = get_data
sys.argv = ["mahj", *sys.argv[3:]]
from mahjcli.cli import main
main()
"""


def failing_import(target: str, how: str, *args: str) -> subprocess.CompletedProcess:
    """`mahj ARGS...` as a real process in which loading one module fails as a failing
    disk makes it fail: reading its file (`read`), or loading it at all (`import`)."""
    return subprocess.run(
        [sys.executable, "-c", FAILING_IMPORT, target, how, *args],
        capture_output=True, timeout=60,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("target", "how"),
    [
        ("mahjcli.files.reading", "import"),
        ("mahjcli/files/reading.py", "read"),
        ("mahjcli/cli/night.py", "read"),
    ],
    ids=["loaded under the lock", "read under the lock", "the command's own module"],
)
def test_a_module_that_cannot_be_loaded_before_the_save_is_one_error(night: Path, target, how):
    before = night.read_bytes()
    done = failing_import(target, how, "win", "Kathy", "30", "--self-pick", "--session", str(night))
    one_error_line(done, "Input/output error", "nothing was changed")
    assert night.read_bytes() == before


def test_a_module_that_cannot_be_loaded_after_the_save_says_it_was_saved(night: Path):
    done = failing_import(
        "mahjcli/ui/night.py", "read", "win", "Kathy", "30", "--self-pick", "--session", str(night)
    )
    one_error_line(
        done, "game 2 (Kathy wins 30, self-picked) WAS recorded", "Input/output error",
        code=SAVED_NOT_SHOWN,
    )  # fmt: skip
    assert games(night) == 2


# ---- a save that cannot be printed afterwards ---------------------------------------------


def change_id(value: object) -> str | None:
    return " ".join(value) if isinstance(value, tuple) else None


CHANGES = [
    (("win", "Kathy", "30", "--self-pick"), "night", "WAS recorded"),
    (("wall",), "night", "WAS recorded"),
    (("undo",), "night", "WAS removed"),
    (("join", "Sue"), "night", "WAS recorded"),
    (("rename", "Pat", "Patty"), "night", "WAS renamed"),
    (("new", "Ann", "Bea", "Cy", "Dot"), "fresh", "WAS started"),
    (("event", "new", "Cup", *PLAYERS), "fresh", "WAS started"),
    (("event", "add", "Zoe"), "event", "registration WAS recorded"),
    (("event", "withdraw", "Hal"), "event", "withdrawal WAS recorded"),
    (("event", "seating", "2"), "event", "round 2 WAS seated"),
    (("event", "score", "1", "1", "*"), "event", "WAS recorded"),
]


def prepared(kind: str, tmp_path: Path, args: tuple[str, ...]) -> tuple[Path, tuple[str, ...]]:
    """The file a change works on, made ready, and the change's words for it."""
    from tests.web.conftest import cli  # in this process: only the change runs as a program

    path = tmp_path / f"{kind}.toml"
    if kind == "night":
        cli("new", "Ruth", "Linda", "Kathy", "Pat", "--session", str(path))
        cli("win", "Ruth", "25", "-t", "Linda", "--session", str(path))
    if kind == "event":
        cli("event", "new", "Cup", *PLAYERS, "--seed", "3", "--session", str(path))
    if "*" in args:  # the four players of round 1, table 1, with totals
        seating = cli("event", "seating", "1", "--json", "--session", str(path))
        seats = json.loads(seating)["tables"][0]["seats"].values()
        totals = [f"{name}={points}" for name, points in zip(seats, (45, -10, 0, 20), strict=True)]
        args = (*args[: args.index("*")], *totals)
    return path, (*args, "--session", str(path))


def changed(path: Path, before: bytes | None) -> bool:
    return path.exists() if before is None else path.read_bytes() != before


@posix
@pytest.mark.parametrize(("args", "kind", "says"), CHANGES, ids=change_id)
def test_a_reader_that_went_away_after_a_save_is_exit_3(tmp_path: Path, args, kind, says):
    path, words = prepared(kind, tmp_path, args)
    before = path.read_bytes() if path.exists() else None
    read_end, write_end = os.pipe()
    os.close(read_end)  # `| head -1` once head has gone: every write fails
    try:
        done = run(*words, stdout=write_end)
    finally:
        os.close(write_end)
    one_error_line(done, says, "Broken pipe", code=SAVED_NOT_SHOWN, notes="Round ")
    assert path.exists() and changed(path, before)


@pytest.mark.parametrize(("args", "kind", "says"), CHANGES, ids=change_id)
def test_a_full_disk_after_a_save_is_exit_3_and_never_exception_ignored(tmp_path, args, kind, says):
    full = device(tmp_path, "full", 7)
    path, words = prepared(kind, tmp_path, args)
    before = path.read_bytes() if path.exists() else None
    with full.open("wb") as out:
        done = run(*words, stdout=out)
    assert b"Exception ignored" not in done.stderr
    one_error_line(done, says, "No space left on device", code=SAVED_NOT_SHOWN, notes="Round ")
    assert changed(path, before)


INTERRUPTED = """
import os, signal, sys

target, when = sys.argv[1], sys.argv[2]
real_replace, real_fsync = os.replace, os.fsync
state = {"sent": False}

def interrupt():
    if not state["sent"]:
        state["sent"] = True
        os.kill(os.getpid(), signal.SIGINT)

def replace(src, dst, *args, **kwargs):
    real_replace(src, dst, *args, **kwargs)
    if when == "after-rename" and os.fspath(dst).endswith(target):
        interrupt()

def fsync(fd):
    real_fsync(fd)
    if when == "during-save":
        interrupt()
    if when == "twice-during-save":
        os.kill(os.getpid(), signal.SIGINT)

os.replace, os.fsync = replace, fsync
sys.argv = ["mahj", *sys.argv[3:]]
from mahjcli.cli import main
main()
"""


@posix
@pytest.mark.parametrize("when", ["after-rename", "during-save"])
def test_ctrl_c_once_the_save_has_begun_says_the_game_was_recorded(night: Path, when):
    """Ctrl-C (SIGINT, as the terminal sends it) just after the file was put in place, or
    while it is written: the game is saved whole, and the scorekeeper is told so."""
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED, night.name, when,
         "win", "Kathy", "30", "--self-pick", "--session", str(night)],
        capture_output=True, timeout=60,
    )  # fmt: skip
    one_error_line(
        done, "game 2 (Kathy wins 30, self-picked) WAS recorded", "interrupted",
        code=SAVED_NOT_SHOWN,
    )  # fmt: skip
    assert games(night) == 2


@posix
def test_ctrl_c_twice_during_a_save_stops_it_whole(night: Path):
    """A second Ctrl-C while the save is under way (a disk that hangs) stops mahj at once:
    exit 130 and one line; the file is the night before or after, never a mix."""
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED, night.name, "twice-during-save",
         "win", "Kathy", "30", "--self-pick", "--session", str(night)],
        capture_output=True, timeout=60,
    )  # fmt: skip
    one_error_line(done, "interrupted while saving", "never a mix", code=130)
    assert games(night) in (1, 2)


# ---- escape codes in the texts of an event file ------------------------------------------

TITLE = "\\u001b]0;pwned\\u0007"  # a window-title sequence, as TOML spells it


@pytest.mark.parametrize(
    ("old", "new", "what"),
    [
        ('name = "Cup"', f'name = "Cup{TITLE}"', "the event's name"),
        ('name = "Ann"', f'name = "Ann"\nid = "7{TITLE}"', "Ann's id"),
    ],
    ids=["event name", "player id"],
)
def test_an_escape_in_an_event_file_is_found_by_check_and_refused_by_all(
    mahj, event: Path, old, new, what
):
    text = event.read_text(encoding="utf-8")
    assert old in text
    damaged = text.replace(old, new, 1)
    event.write_text(damaged, encoding="utf-8")
    checked = mahj("event", "check")
    assert checked.exit_code == 1 and "\x1b" not in checked.stdout
    assert f"{what} " in checked.stdout and "control character" in checked.stdout
    for args in EVENT_COMMANDS[:4]:
        line = one_error(mahj(*args), "control character")
        assert "\x1b" not in line and "\x07" not in line
    assert event.read_text(encoding="utf-8") == damaged


def test_an_escape_in_a_cards_source_is_found_by_check(mahj, event: Path):
    seats = json.loads(mahj("event", "seating", "1", "--json").stdout)["tables"][0]["seats"]
    totals = [f"{n}={p}" for n, p in zip(seats.values(), (45, -10, 0, 20), strict=True)]
    assert mahj("event", "score", "1", "1", *totals).exit_code == 0
    text = event.read_text(encoding="utf-8")
    damaged = text.replace("round = 1\ntable = 1\n", f'round = 1\ntable = 1\nfrom = "t{TITLE}"\n')
    assert damaged != text
    event.write_text(damaged, encoding="utf-8")
    checked = mahj("event", "check")
    assert checked.exit_code == 1 and "control character" in checked.stdout
    assert "\x1b" not in checked.stdout


def test_a_cards_session_file_name_is_kept_as_text(mahj, event: Path, tmp_path: Path):
    """A table's file whose name is not UTF-8 is noted in the event as readable text."""
    if sys.platform == "darwin":
        pytest.skip("macOS file names are always UTF-8")
    seats = json.loads(mahj("event", "seating", "1", "--json").stdout)["tables"][0]["seats"]
    table = tmp_path / os.fsdecode(b"table-\xe9.toml")
    made = mahj("new", *seats.values(), "--rules", "tournament", "--session", str(table),
                use_session=False)  # fmt: skip
    assert made.exit_code == 0
    for _ in range(4):
        assert mahj("wall", "--session", str(table), use_session=False).exit_code == 0
    assert mahj("scorecard", "--accept", "--session", str(table), use_session=False).exit_code == 0
    done = mahj("event", "card", "1", "1", str(table))
    assert done.exit_code == 0, done
    assert 'from = "' + str(tmp_path) + '/table-\\\\xe9.toml"' in event.read_text(encoding="utf-8")
    assert mahj("event", "check").exit_code == 0


# ---- names that show nothing ----------------------------------------------------------------

BLANK_NAMES = {
    "hangul filler": "\u3164",
    "halfwidth hangul filler": "\uffa0",
    "choseong and jungseong fillers": "\u115f\u1160",
    "braille blank": "\u2800",
    "a filler after a name": "Sue\u3164",
    "combining marks alone": "\u0301\u0308",
}


@pytest.mark.parametrize("blank", list(BLANK_NAMES.values()), ids=list(BLANK_NAMES))
def test_a_name_that_shows_nothing_is_refused(mahj, night: Path, tmp_path: Path, blank: str):
    before = night.read_bytes()
    one_error(mahj("join", blank), "shows")
    one_error(mahj("rename", "Pat", blank), "shows")
    assert night.read_bytes() == before
    fresh = tmp_path / "fresh.toml"
    one_error(mahj("new", "Ann", "Bea", "Cy", blank, "--session", str(fresh), use_session=False))
    one_error(
        mahj("event", "new", "Cup", *PLAYERS[:7], blank, "--session", str(fresh), use_session=False)
    )
    assert not fresh.exists()


def test_a_filler_name_written_in_a_file_is_found_by_check(mahj, night: Path):
    text = night.read_text(encoding="utf-8")
    night.write_text(text.replace('"Pat"', '"\u3164"'), encoding="utf-8")
    checked = mahj("check")
    assert checked.exit_code == 1 and "U+3164 (HANGUL FILLER)" in checked.stdout


# ---- a name of 10,000 characters -------------------------------------------------------------

LONG = "x" * 10_000


@pytest.mark.parametrize(
    "args",
    [
        ("win", LONG, "25", "--self-pick"),
        ("win", "Ruth", "25", "--thrown-by", LONG),
        ("leave", LONG),
        ("join", LONG),
        ("rename", LONG, "Ann"),
        ("penalty", LONG, "10"),
        ("wall", "--dead", LONG),
        ("win", "Ruth", "25", "--self-pick", "--bet", LONG),
        ("table", "--values", LONG),
        ("event", "standings", "--top", LONG),
        (LONG,),
        ("win", "Ruth", "25", "--" + LONG),
    ],
    ids=[
        "winner",
        "thrower",
        "leave",
        "join",
        "rename",
        "penalty",
        "dead",
        "bet",
        "values",
        "top",
        "command",
        "option",
    ],
)
def test_an_error_that_echoes_a_long_name_is_cut(mahj, night: Path, args):
    result = mahj(*args)
    assert result.exit_code in (1, 2), result
    assert len(result.stderr) < 600, result.stderr[:300]
    assert "x" * 201 not in result.stderr  # cut to some 80 characters
    assert "x" * 78 + "…" in result.stderr or "x" * 20 + "..." in result.stderr


# ---- `win -Sh` -----------------------------------------------------------------------------


def test_an_unknown_letter_in_a_group_of_options_is_a_usage_error(mahj, night: Path):
    """`-S` is not an option of `mahj win` (self-picked is `-s`): as in every other command,
    a group that holds it is a usage error, even with `-h` in it; a group of options the
    command has, `-sh`, prints help (Click gives help priority over the rest)."""
    before = night.read_bytes()
    for args in (("win", "-Sh"), ("win", "-hS"), ("win", "Ruth", "25", "-Sj"), ("new", "-Sh")):
        result = mahj(*args)
        assert result.exit_code == 2, (args, result)
        assert "No such option: -S" in result.stderr
    helped = mahj("win", "-sh")
    assert helped.exit_code == 0 and helped.stdout.startswith("Usage: mahj win")
    negative = mahj("win", "Ruth", "-5", "-s")
    one_error(negative, "VALUE must be from 1")  # a negative number is still a value
    assert mahj("win", "Ruth", "25", "-jtLinda").exit_code == 0  # `-t`'s value follows it
    assert games(night) == 2 and night.read_bytes() != before
