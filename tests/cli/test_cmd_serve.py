"""`mahj serve` through the command line: what it prints before serving, and what it
refuses (with one Error line, before anything is served)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from mahjcli.web import serve as web
from mahjcli.web.source import Room


def test_help_has_an_example(mahj):
    result = mahj("serve", "--help", use_session=False)
    assert result.exit_code == 0
    assert "mahj serve --host 0.0.0.0" in result.stdout and "--port" in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--port", "http"), "--port"),
        (("--port", "70000"), "--port"),
        (("--host", "no.such.host.invalid"), "not an address of this computer"),
    ],
)
def test_refusals_say_what_to_do(four, args, words):
    result = four("serve", *args)
    assert result.exit_code == 1, result
    assert result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
    assert words in result.stderr


def test_a_missing_session_is_refused(mahj, tmp_path: Path):
    result = mahj("serve", "--session", str(tmp_path / "none.toml"), use_session=False)
    assert result.exit_code == 1 and "Error: " in result.stderr


def test_a_port_in_use_is_refused(four):
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = four("serve", "--port", str(port))
    assert result.exit_code == 1
    assert f"port {port} is already in use" in result.stderr


def test_what_the_organiser_reads_at_start(session: Path, four):
    ready = web.prepare(Room.of_file(session), "the night", "127.0.0.1", 0)
    try:
        lines = "\n".join(ready.lines)
        port = ready.sock.getsockname()[1]
        assert f"Scoreboard: http://127.0.0.1:{port}/" in lines
        assert f"Enter games: http://127.0.0.1:{port}/enter?key=" in lines
        assert "Warning" not in lines and "--host 0.0.0.0" in lines
        assert "█" in lines or "▀" in lines or "▄" in lines  # the QR code, as text
        assert "the organiser's page is linked from there" in lines
    finally:
        ready.sock.close()


def test_what_the_director_reads_at_start(mahj, tmp_path: Path):
    event = tmp_path / "cup.toml"
    new = ("event", "new", "Cup", "Ann", "Bea", "Cy", "Dot", "--session", str(event))
    assert mahj(*new, use_session=False).exit_code == 0
    ready = web.prepare(Room.of_file(event), "the event", "127.0.0.1", 0)
    try:
        lines = "\n".join(ready.lines)
        assert "the director's page is linked from there" in lines
        assert "organiser" not in lines
    finally:
        ready.sock.close()


def test_the_rooms_network_gets_a_warning(session: Path, four):
    ready = web.prepare(Room.of_file(session), "the night", "0.0.0.0", 0)
    try:
        warnings = [line for line in ready.lines if line.startswith("Warning")]
        assert len(warnings) == 1 and "every computer and phone on this network" in warnings[0]
    finally:
        ready.sock.close()


def test_the_qr_code_holds_the_link():
    text = web.qr_text("http://192.168.1.20:8000/enter?key=abc")
    rows = text.splitlines()
    assert len(rows) >= 12 and len({len(r) for r in rows}) == 1


def test_serve_one_thing_at_a_time(mahj, tmp_path: Path):
    result = mahj("serve", "--dir", str(tmp_path), "--event", use_session=False)
    assert result.exit_code == 1 and "serve one thing" in result.stderr


@pytest.mark.parametrize("files", [64, 300, 1024, 4096, 20_000])
def test_the_connections_served_at_once_stay_below_the_files_it_may_open(files: int):
    most = web.most_connections(files)
    assert 0 < most < files and most <= web.MOST_CONNECTIONS
    assert files - most >= min(web.RESERVED_FILES, files // 2)  # room left for the saves


def test_a_low_file_limit_is_raised_where_the_system_allows():
    resource = pytest.importorskip("resource")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = web.MOST_CONNECTIONS + web.RESERVED_FILES
    if hard != resource.RLIM_INFINITY and hard < wanted:
        pytest.skip("this system allows too few files to raise the limit")
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
    try:
        assert web.open_files() == wanted
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] == wanted
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
