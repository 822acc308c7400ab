"""What the web tests share: a night or an event served through Starlette's test client,
with this run's token, and the command line beside it on the same file."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from mahjcli.cli import app
from mahjcli.web.app import make_app
from mahjcli.web.source import Room
from tests.helpers import SAMPLES

TOKEN = "test-token-0123456789"
"""The key every test server is started with."""
KEY = {"Authorization": f"Bearer {TOKEN}"}
"""The header a script sends to write."""
ODD = ["<script>alert(1)</script>", "[bold]Sue", "José", "李"]
"""Names that must reach every page exactly as typed."""


def cli(*args: str) -> str:
    """`mahj ARGS...` in-process; its output (it must succeed)."""
    result = CliRunner().invoke(app, list(args), catch_exceptions=False)
    assert result.exit_code == 0, (args, result.stdout, result.stderr)
    return result.stdout


def cli_json(*args: str) -> object:
    """`mahj ARGS... --json`, parsed."""
    return json.loads(cli(*args, "--json"))


Serve = Callable[[Path], TestClient]


@pytest.fixture
def serve() -> Iterator[Serve]:
    """Serve a file (or a folder, given one) with TOKEN; the server stops after the test."""
    clients: list[TestClient] = []

    def start(path: Path) -> TestClient:
        room = Room.of_folder(path) if path.is_dir() else Room.of_file(path)
        client = TestClient(make_app(room, TOKEN, interval=0.05), base_url="http://mahj.test")
        client.__enter__()
        clients.append(client)
        return client

    yield start
    for client in clients:
        client.__exit__(None, None, None)


@pytest.fixture
def night(tmp_path: Path) -> Path:
    """A started four-player league night: Ruth, Linda, Kathy, Pat."""
    path = tmp_path / "night.toml"
    cli("new", "Ruth", "Linda", "Kathy", "Pat", "--session", str(path))
    return path


@pytest.fixture
def club(tmp_path: Path) -> Path:
    """A copy of the sample two-table club night."""
    path = tmp_path / "club-night.toml"
    path.write_bytes((SAMPLES / "club-night.toml").read_bytes())
    return path


@pytest.fixture
def event(tmp_path: Path) -> Path:
    """Event day's event of eight players, round 1 seated as listed (`eventday.new_event`)."""
    from tests.web.eventday import new_event

    return new_event(tmp_path)


@pytest.fixture
def phone(serve: Serve, night: Path) -> TestClient:
    """The night served, on a phone that opened the entry link."""
    client = serve(night)
    assert client.get(f"/enter?key={TOKEN}", follow_redirects=False).status_code == 303
    return client


def refusal(answer, status: int) -> str:  # type: ignore[no-untyped-def]
    """Assert a refused request: its status and one `{"error": ...}` (and, for a game a
    table's phone may put right and send again, `"again": true`); the message."""
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert list(body) in (["error"], ["error", "again"]) and body["error"], body
    assert body.get("again", True) is True, body
    assert "Traceback" not in answer.text
    return str(body["error"])
