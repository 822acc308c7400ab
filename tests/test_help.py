"""Every command explains itself with an example."""

from __future__ import annotations

import pytest
from typer.main import get_command

from mahjcli.cli import app

COMMANDS = sorted(get_command(app).commands)  # type: ignore[attr-defined]


def test_the_interface_commands_exist():
    for name in ["new", "win", "wall", "undo", "status", "log", "total", "table", "check",
                 "join", "leave", "incomplete", "penalty", "sessions"]:  # fmt: skip
        assert name in COMMANDS


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_has_help_with_an_example(mahj, name):
    result = mahj(name, "--help", use_session=False)
    assert result.exit_code == 0
    assert "Example: mahj " + name in result.stdout
