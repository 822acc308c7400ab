"""What each layer loads: start-up stays cheap, and the scoring core stays pure.

Each check runs in a fresh interpreter, so modules other tests imported do not count.
These tests time nothing; benchmarks/bench.py measures the speed.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "mahjcli"
SAMPLES = Path(__file__).resolve().parent.parent / "sample_sessions"
CORE = ["model", "rules", "seating", "scoring", "cards", "settle", "sessionfile", "names"]
HEAVY = ["rich", "tomli_w", "filelock", "platformdirs"]


def loaded_after(code: str, *env_pairs: tuple[str, str]) -> dict[str, object]:
    """Run `code` in a fresh interpreter; it must leave its answer in `out` (a dict)."""
    script = (
        "import json, sys\nout = {}\n"
        + code
        + "\nout['modules'] = sorted(sys.modules)\nprint(json.dumps(out))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    assert proc.returncode == 0, proc.stderr
    result: dict[str, object] = json.loads(proc.stdout.splitlines()[-1])
    return result


def top_level(modules: object) -> set[str]:
    assert isinstance(modules, list)
    return {m.split(".")[0] for m in modules}


def test_importing_the_command_line_loads_nothing_heavy():
    found = top_level(loaded_after("import mahjcli.cli")["modules"])
    assert not found & set(HEAVY), found & set(HEAVY)


@pytest.mark.parametrize(
    "args",
    [["total", "--json"], ["status", "--json"], ["log", "--json"], ["check"]],
    ids=" ".join,
)
def test_reports_for_scripts_never_load_rich_filelock_or_tomli_w(args, tmp_path: Path):
    """--json and check print no table, so they never pay for Rich; reading needs no lock."""
    night = SAMPLES / "five-player-pie-night.toml"
    code = (
        "from mahjcli.cli import app\n"
        f"try:\n    app({[*args, '--session', str(night)]!r})\n"
        "except SystemExit as exc:\n    out['code'] = exc.code\n"
    )
    out = loaded_after(code)
    assert out["code"] in (0, None)
    found = top_level(out["modules"])
    assert not found & {"rich", "filelock", "tomli_w"}, found & {"rich", "filelock", "tomli_w"}
    assert "tomllib" not in found  # a plain session file never needs the full TOML reader


@pytest.fixture(scope="module")
def bare() -> set[str]:
    """What an interpreter has loaded before it imports anything (site, path hooks)."""
    return top_level(loaded_after("")["modules"])


@pytest.mark.parametrize("name", CORE)
def test_the_scoring_core_needs_only_the_standard_library(name: str, bare: set[str]):
    modules = loaded_after(f"import mahjcli.{name}")["modules"]
    found = top_level(modules) - bare
    assert not found & {"rich", "typer", "click", "platformdirs", "filelock", "tomli_w"}
    outside = {m for m in found - {"mahjcli"} if m not in sys.stdlib_module_names}
    assert not outside, outside  # not even something harmless: the core is plain Python
    assert isinstance(modules, list)
    shell = {"mahjcli.cli", "mahjcli.store", "mahjcli.render", "mahjcli.ops"}
    assert not shell & set(modules), shell & set(modules)


# ---- no file I/O in the core ----------------------------------------------------------------

IO_METHODS = {"open", "read_text", "read_bytes", "write_text", "write_bytes", "unlink",
              "mkdir", "rmdir", "rename", "iterdir", "scandir", "listdir", "rglob", "is_file",
              "is_dir", "touch", "chmod", "fsync"}  # fmt: skip
IO_MODULES = ("os", "io", "shutil", "pathlib", "tempfile", "glob", "subprocess", "socket",
              "importlib.resources")  # fmt: skip
PACKAGE_DATA: set[tuple[str, str]] = set()
"""No exceptions: the sample card shipped inside the package is read by `store` too."""


class _IOFinder(ast.NodeVisitor):
    """Collects the functions whose bodies call `open`, call a file method, or import an
    I/O module."""

    def __init__(self, module: str) -> None:
        self.module = module
        self.where = ["<module>"]
        self.found: set[tuple[str, str]] = set()

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self.where.append(node.name)
        self.generic_visit(node)
        self.where.pop()

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        if (isinstance(func, ast.Name) and func.id == "open") or (
            isinstance(func, ast.Attribute) and func.attr in IO_METHODS
        ):
            self.found.add((self.module, self.where[-1]))
        self.generic_visit(node)

    def _imports(self, names: list[str]) -> None:
        if any(n == m or n.startswith(m + ".") for n in names for m in IO_MODULES):
            self.found.add((self.module, self.where[-1]))

    def visit_Import(self, node: ast.Import) -> None:
        self._imports([a.name for a in node.names])

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        self._imports([node.module or ""])


def io_calls(name: str) -> set[tuple[str, str]]:
    """(module, function) for every place in a module that looks like file I/O."""
    finder = _IOFinder(name)
    finder.visit(ast.parse((PACKAGE / f"{name}.py").read_text(encoding="utf-8")))
    return finder.found


@pytest.mark.parametrize("name", CORE)
def test_the_core_source_does_no_file_io(name: str):
    assert io_calls(name) - PACKAGE_DATA == set()


def test_the_io_check_would_notice_a_read():
    """The source check above really looks: store, the shell's I/O module, is caught."""
    assert {f for _, f in io_calls("store")} >= {"<module>", "read", "write_atomic"}


def test_scoring_every_sample_night_opens_no_file():
    """Replaying real nights through the core, with an audit hook watching every open."""
    texts = {p.name: p.read_text(encoding="utf-8") for p in sorted(SAMPLES.rglob("*.toml"))}
    code = (
        "import difflib, tomllib\n"  # imported lazily by the core on some paths
        "from mahjcli import cards, rules, scoring, seating, settle, sessionfile, names\n"
        "seen = []\n"
        "def hook(event, args):\n"
        "    if event == 'open' or event.startswith(('os.', 'shutil.')):\n"
        "        seen.append(event + ' ' + str(args[0] if args else ''))\n"
        "sys.addaudithook(hook)\n"
        f"texts = {texts!r}\n"
        "games = 0\n"
        "for name, text in texts.items():\n"
        "    parsed = sessionfile.parse_text(text)\n"
        "    assert parsed.session is not None, (name, parsed.problems)\n"
        "    standings = scoring.fold(parsed.session)\n"
        "    if parsed.session.options.rules == 'league':\n"
        "        settle.settle(standings.totals_map())\n"
        "    games += standings.games\n"
        "    sessionfile.parse_text(text.replace('players', 'players = 3\\n#', 1))\n"
        "out['games'] = games\n"
        "out['io'] = seen\n"
    )
    out = loaded_after(code)
    assert isinstance(out["games"], int) and out["games"] > 50
    assert out["io"] == []


# ---- start-up: Typer builds only the command being run ------------------------------------


def run_main(*argv: str) -> dict[str, object]:
    """Call the console script's `main` in a fresh interpreter with `argv`."""
    code = (
        "from mahjcli import cli\n"
        f"sys.argv = ['mahj', *{list(argv)!r}]\n"
        "try:\n    cli.main()\nexcept SystemExit as exc:\n    out['code'] = exc.code\n"
        "out['commands'] = len(cli.app.registered_commands)\n"
    )
    return loaded_after(code)


def test_the_console_script_builds_only_the_command_it_runs():
    night = str(SAMPLES / "three-player-night.toml")
    out = run_main("total", "--json", "--session", night)
    assert out["code"] in (0, None) and out["commands"] == 1


@pytest.mark.parametrize("argv", [[], ["--help"], ["totl"], ["-h", "total"]], ids=repr)
def test_anything_but_a_command_keeps_every_command(argv):
    out = run_main(*argv)
    assert isinstance(out["commands"], int) and out["commands"] > 10


def test_one_command_left_still_takes_its_name():
    """With one command registered Typer would run it bare; `mahj total` must still parse."""
    night = SAMPLES / "three-player-night.toml"
    proc = subprocess.run(
        [sys.executable, "-c", "import sys; from mahjcli.cli import main; main()",
         "total", "--json", "--session", str(night)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["games"] > 0


@pytest.mark.skipif(sys.platform == "win32", reason="flock is POSIX")
def test_a_save_takes_the_lock_without_loading_filelock(tmp_path: Path):
    """filelock costs ~15 ms to import; where flock exists the lock is taken with it."""
    night = tmp_path / "night.toml"
    night.write_bytes((SAMPLES / "three-player-night.toml").read_bytes())
    code = (
        "from mahjcli.cli import app\n"
        f"try:\n    app(['wall', '--session', {str(night)!r}])\n"
        "except SystemExit as exc:\n    out['code'] = exc.code\n"
    )
    out = loaded_after(code)
    assert out["code"] in (0, None)
    assert "filelock" not in top_level(out["modules"])
    assert night.read_bytes() != (SAMPLES / "three-player-night.toml").read_bytes()


def test_every_command_can_be_built_alone(monkeypatch):
    """Each command, registered alone as the console script does, still parses its own
    command line (checked in-process with --help for speed)."""
    from typer.testing import CliRunner

    from mahjcli import cli

    everything = list(cli.app.registered_commands)
    names = [i.name or i.callback.__name__.replace("_", "-") for i in everything if i.callback]
    assert len(names) > 10
    for name in names:
        monkeypatch.setattr(cli.app, "registered_commands", list(everything))
        monkeypatch.setattr(cli.app, "registered_callback", None)
        cli._only_the_command_named([name, "--help"])
        assert [i.callback for i in cli.app.registered_commands] == [
            i.callback
            for i in everything
            if (i.name or i.callback.__name__) in (name, name.replace("-", "_"))
        ]
        result = CliRunner().invoke(cli.app, [name, "--help"], prog_name="mahj")
        assert result.exit_code == 0, (name, result.output)
        usage = next(line for line in result.output.splitlines() if line.startswith("Usage:"))
        assert usage.startswith(f"Usage: mahj {name} "), usage  # still called by its name
