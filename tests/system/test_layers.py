"""The package's shape: each folder is a layer, arrows only point down, and each layer
loads only what it needs (start-up stays cheap; the scoring core stays pure).

Each loading check runs in a fresh interpreter, so modules other tests imported do not
count. Nothing here times anything; benchmarks/bench.py measures the speed.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import PACKAGE, SAMPLES

LAYERS = ("core", "files", "night", "reports", "ui", "web", "cli")
MAY_IMPORT = {
    "core": {"core"},
    "files": {"core", "files"},
    "night": {"core", "files", "night"},
    "reports": {"core", "reports"},
    "ui": {"core", "reports", "ui"},
    "web": {"core", "files", "night", "reports", "web"},
    "cli": set(LAYERS),
}
"""Which layers each layer may use: arrows only point down."""
ONLY_IN = {
    "rich": "ui",
    "typer": "cli",
    "platformdirs": "files",
    "tomli_w": "files",
    "matplotlib": "ui",
    "starlette": "web",
    "uvicorn": "web",
    "jinja2": "web",
    "qrcode": "web",
}
"""Libraries that belong to one layer each."""
WEB = ["starlette", "uvicorn", "jinja2", "qrcode", "multipart", "anyio", "h11"]
"""What only `mahj serve` loads."""
HEAVY = ["rich", "tomli_w", "filelock", "platformdirs", "matplotlib", *WEB]
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


def modules() -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = modules()


def imports_of(name: str, path: Path) -> set[str]:
    """Every module `name` imports, anywhere in it (lazy and type-checking imports too)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            submodules = {f"{target}.{alias.name}" for alias in node.names} & set(MODULES)
            found.update(submodules)
            if len(submodules) < len(node.names):  # names from the module itself
                found.add(target)
    return found


def layer(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else None


IMPORTS = {name: imports_of(name, path) for name, path in MODULES.items()}
"""What each module imports (read once: each check below asks it again)."""
GRAPH = {name: {m for m in used if m in MODULES and m != name} for name, used in IMPORTS.items()}


def test_every_module_lives_in_a_layer():
    loose = [n for n in MODULES if layer(n) is None and n not in ("mahjcli", "mahjcli.__main__")]
    assert loose == []
    assert {layer(n) for n in MODULES} - {None} == set(LAYERS)


@pytest.mark.parametrize("name", sorted(n for n in GRAPH if layer(n)))
def test_imports_only_point_down(name: str):
    mine = layer(name)
    assert mine is not None
    used = {layer(m) for m in GRAPH[name]} - {None}
    assert used <= MAY_IMPORT[mine], f"{name} uses {used - MAY_IMPORT[mine]}"


def test_the_layer_check_would_notice_an_upward_arrow():
    assert "mahjcli.files.loader" in GRAPH["mahjcli.night.change"]
    assert layer("mahjcli.files.loader") not in MAY_IMPORT["reports"]


def test_no_import_cycles():
    seen: dict[str, int] = {}  # 1 = on the current path, 2 = done

    def visit(node: str, path: list[str]) -> None:
        seen[node] = 1
        for nxt in sorted(GRAPH[node]):
            if seen.get(nxt) == 1:
                raise AssertionError(" -> ".join([*path, node, nxt]))
            if nxt not in seen:
                visit(nxt, [*path, node])
        seen[node] = 2

    for node in sorted(GRAPH):
        if node not in seen:
            visit(node, [])


@pytest.mark.parametrize("library", sorted(ONLY_IN))
def test_each_library_is_used_by_one_layer(library: str):
    users = {
        name
        for name, used in IMPORTS.items()
        if any(m == library or m.startswith(library + ".") for m in used)
    }
    assert users, library
    assert {layer(n) for n in users} == {ONLY_IN[library]}, users


def test_modules_and_functions_stay_small():
    too_long = []
    for name, path in MODULES.items():
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > MAX_MODULE_LINES:
            too_long.append(f"{name}: {len(text.splitlines())} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                body = node.body
                if len(body) > 1 and isinstance(body[0], ast.Expr):
                    body = body[1:]  # the docstring
                length = (node.end_lineno or 0) - body[0].lineno + 1
                if length > MAX_FUNCTION_LINES:
                    too_long.append(f"{name}.{node.name}: {length} lines")
    assert too_long == []


# ---- what each layer loads ------------------------------------------------------------------


def loaded_after(code: str) -> dict[str, object]:
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


def modules_after(args: list[str]) -> list[str]:
    """The modules a fresh interpreter has loaded after running `mahj ARGS` (which must
    succeed)."""
    code = (
        "from mahjcli.cli import app\n"
        f"try:\n    app({args!r})\n"
        "except SystemExit as exc:\n    out['code'] = exc.code\n"
    )
    out = loaded_after(code)
    assert out["code"] in (0, None)
    assert isinstance(out["modules"], list)
    return out["modules"]


def top_level(found: object) -> set[str]:
    assert isinstance(found, list)
    return {m.split(".")[0] for m in found}


@pytest.fixture(scope="module")
def bare() -> set[str]:
    """What an interpreter has loaded before it imports anything (site, path hooks)."""
    return top_level(loaded_after("")["modules"])


def test_importing_the_command_line_loads_nothing_heavy():
    found = top_level(loaded_after("import mahjcli.cli")["modules"])
    assert not found & set(HEAVY), found & set(HEAVY)


@pytest.mark.parametrize(
    "args",
    [["total", "--json"], ["status", "--json"], ["log", "--json"], ["check"]],
    ids=" ".join,
)
def test_reports_for_scripts_never_load_rich_filelock_or_tomli_w(args):
    """--json and check print no table, so they never pay for Rich; reading needs no lock."""
    night = SAMPLES / "five-player-pie-night.toml"
    found = top_level(modules_after([*args, "--session", str(night)]))
    assert not found & {"rich", "filelock", "tomli_w"}, found & {"rich", "filelock", "tomli_w"}
    assert not found & set(WEB), found & set(WEB)


def test_only_the_serve_command_imports_the_web_layer_and_only_when_it_runs():
    """No command pays for the web server: `mahjcli.cli` imports `web` only inside the
    body of `mahj serve`, and a command that saves loads none of it."""
    for name, path in MODULES.items():
        if layer(name) != "cli":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                assert "web" not in (node.module or "").split("."), name
    assert "mahjcli.web.serve" in GRAPH["mahjcli.cli.serve"]


PURE = sorted(n for n in MODULES if layer(n) in ("core", "reports"))


@pytest.mark.parametrize("name", PURE)
def test_the_core_and_the_reports_need_only_the_standard_library(name: str, bare: set[str]):
    found = loaded_after(f"import {name}")["modules"]
    outside = {m for m in top_level(found) - bare - {"mahjcli"} if m not in sys.stdlib_module_names}
    assert not outside, outside  # not even something harmless: these layers are plain Python
    assert isinstance(found, list)
    shell = {m for m in found if layer(m) in ("files", "night", "ui", "cli")}
    assert not shell, shell


IO_METHODS = {"open", "read_text", "read_bytes", "write_text", "write_bytes", "unlink",
              "mkdir", "rmdir", "rename", "iterdir", "scandir", "listdir", "rglob", "is_file",
              "is_dir", "touch", "chmod", "fsync"}  # fmt: skip
IO_MODULES = ("os", "shutil", "pathlib", "tempfile", "glob", "subprocess", "socket",
              "importlib.resources")  # fmt: skip


def io_calls(name: str) -> set[str]:
    """The functions of a module whose bodies call `open`, call a file method, or import
    an I/O module (`<module>` for the module's own body)."""
    found: set[str] = set()

    def walk(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            here = child.name if isinstance(child, ast.FunctionDef) else where
            if isinstance(child, ast.Call):
                func = child.func
                if (isinstance(func, ast.Name) and func.id == "open") or (
                    isinstance(func, ast.Attribute) and func.attr in IO_METHODS
                ):
                    found.add(here)
            names = []
            if isinstance(child, ast.Import):
                names = [a.name for a in child.names]
            elif isinstance(child, ast.ImportFrom) and not child.level:
                names = [child.module or ""]
            if any(n == m or n.startswith(m + ".") for n in names for m in IO_MODULES):
                found.add(here)
            walk(child, here)

    walk(ast.parse(MODULES[name].read_text(encoding="utf-8")), "<module>")
    return found


@pytest.mark.parametrize("name", PURE)
def test_the_core_and_the_reports_do_no_file_io(name: str):
    assert io_calls(name) == set()


def test_the_io_check_would_notice_a_read():
    """The source check above really looks: the file layer is caught."""
    assert {"<module>", "write_atomic"} <= io_calls("mahjcli.files.atomic")
    assert "read_stamped" in io_calls("mahjcli.files.reading")


def test_scoring_every_sample_night_opens_no_file():
    """Replaying real nights through the core, with an audit hook watching every open."""
    texts = {p.name: p.read_text(encoding="utf-8") for p in sorted(SAMPLES.rglob("*.toml"))}
    texts = {name: text for name, text in texts.items() if 'kind = "event"' not in text}
    code = (
        "import difflib, tomllib\n"  # imported lazily on some paths
        "from mahjcli.core import cards, fold, settle\n"
        "from mahjcli.files import sessionfile\n"
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
        "    standings = fold.fold(parsed.session)\n"
        "    if parsed.session.rules.pays:\n"
        "        settle.settle(standings.totals_map())\n"
        "    games += standings.games\n"
        "    sessionfile.parse_text(text.replace('players', 'players = 3\\n#', 1))\n"
        "out['games'] = games\n"
        "out['io'] = seen\n"
    )
    out = loaded_after(code)
    assert isinstance(out["games"], int) and out["games"] > 50
    assert out["io"] == []


@pytest.mark.skipif(sys.platform == "win32", reason="flock is POSIX")
def test_a_save_takes_the_lock_without_loading_filelock(tmp_path: Path):
    """Where flock exists the lock is taken with it; filelock is for Windows."""
    night = tmp_path / "night.toml"
    night.write_bytes((SAMPLES / "three-player-night.toml").read_bytes())
    found = top_level(modules_after(["wall", "--session", str(night)]))
    assert "filelock" not in found
    assert not found & set(WEB)
    assert night.read_bytes() != (SAMPLES / "three-player-night.toml").read_bytes()
