"""`mahj new` is all or nothing: a night is started and made current, or nothing is
created and the one `Error:` line says why, so trying again (once fixed) just works."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from mahjcli.core.errors import SaveFailed
from mahjcli.files import atomic, paths
from tests.helpers import installed_mahj, without_privileges

PLAYERS = ("Ruth", "Linda", "Kathy", "Pat")


def one_error(result, *words: str) -> str:
    assert result.exit_code == 1, result
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def everything(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


@pytest.mark.parametrize("named", [True, False], ids=["--session", "in the data folder"])
def test_a_data_folder_that_is_a_file_creates_nothing(mahj, tmp_path, monkeypatch, named):
    blocker = tmp_path / "data-file"
    blocker.write_text("not a folder\n", encoding="utf-8")
    monkeypatch.setenv("MAHJ_DATA_DIR", str(blocker))
    before = everything(tmp_path)
    one_error(mahj("new", *PLAYERS, use_session=named), "it is a file, not a folder")
    assert everything(tmp_path) == before
    monkeypatch.setenv("MAHJ_DATA_DIR", str(tmp_path / "data"))
    again = mahj("new", *PLAYERS, use_session=named)  # fixed: the retry just works
    assert again.exit_code == 0, again
    assert json.loads(mahj("status", "--json", use_session=False).stdout)["east"] == "Ruth"


def test_a_read_only_data_folder_creates_nothing(tmp_path: Path):
    prefix = without_privileges()
    data = tmp_path / "data"
    data.mkdir()
    data.chmod(0o555)
    session = tmp_path / "night.toml"
    env = {**os.environ, "MAHJ_DATA_DIR": str(data)}
    try:
        done = subprocess.run(
            [*prefix, installed_mahj(), "new", *PLAYERS, "--session", str(session)],
            capture_output=True, text=True, timeout=20, env=env,
        )  # fmt: skip
    finally:
        data.chmod(0o755)
    assert done.returncode == 1 and done.stderr.count("\n") == 1, done.stderr
    assert "nothing was created" in done.stderr
    assert not session.exists() and list(data.iterdir()) == []


def test_when_pointing_fails_after_the_file_is_made_it_is_taken_back(
    mahj, session: Path, monkeypatch
):
    def cannot_point(path: Path) -> None:
        raise SaveFailed("could not save the pointer: Input/output error")

    monkeypatch.setattr(paths, "set_current", cannot_point)
    one_error(mahj("new", *PLAYERS), "Input/output error")
    assert not session.exists()
    monkeypatch.undo()
    assert mahj("new", *PLAYERS).exit_code == 0  # no "already exists" on the retry


def test_when_the_file_cannot_be_taken_back_the_message_says_what_exists(
    mahj, session: Path, monkeypatch
):
    def cannot_point(path: Path) -> None:
        raise SaveFailed("could not save the pointer: Input/output error")

    def cannot_remove(path: Path) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(paths, "set_current", cannot_point)
    monkeypatch.setattr(atomic.os, "unlink", cannot_remove)
    message = one_error(mahj("new", *PLAYERS))
    monkeypatch.undo()
    assert f"the new session {session} was created but could not be made current" in message
    assert f"use it with --session {session}" in message
    assert json.loads(mahj("status", "--json").stdout)["east"] == "Ruth"  # and it can be


def test_a_session_name_that_is_not_utf8_is_started_and_made_current(mahj, tmp_path: Path):
    path = tmp_path / os.fsdecode(b"caf\xe9.toml")
    made = mahj("new", *PLAYERS, "--session", str(path), use_session=False)
    assert made.exit_code == 0 and "caf\\xe9.toml" in made.stdout, made
    assert paths.current_path() == path.resolve()
    assert mahj("status", use_session=False).exit_code == 0
