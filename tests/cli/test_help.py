"""Every command explains itself with an example, and the lazily built group lists exactly
the commands its modules declare."""

from __future__ import annotations

import importlib

import pytest
from typer.main import get_command

from mahjcli.cli import app
from mahjcli.cli.app import COMMANDS as BY_MODULE

GROUP = get_command(app)
COMMANDS = GROUP.list_commands(None)  # type: ignore[attr-defined, arg-type]


def test_the_interface_commands_exist():
    for name in ["new", "win", "wall", "undo", "status", "log", "total", "table", "check",
                 "join", "leave", "incomplete", "penalty", "sessions"]:  # fmt: skip
        assert name in COMMANDS


@pytest.mark.parametrize("module", sorted(BY_MODULE))
def test_the_command_table_matches_what_each_module_declares(module: str):
    built = get_command(importlib.import_module(f"mahjcli.cli.{module}").commands)
    names = sorted(getattr(built, "commands", {built.name: built}))
    assert names == sorted(BY_MODULE[module])


def test_an_unknown_command_is_a_usage_error(mahj):
    result = mahj("totl", use_session=False)
    assert result.exit_code == 2
    assert "No such command 'totl'" in result.stderr


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_has_help_with_an_example(mahj, name):
    result = mahj(name, "--help", use_session=False)
    assert result.exit_code == 0
    assert "Example: mahj " + name in result.stdout


@pytest.mark.parametrize("module", sorted(BY_MODULE))
def test_help_is_drawn_plainly_so_it_starts_fast(module: str):
    """Rich-drawn help loads Rich's markdown and help machinery (a third of the start-up
    again): every command group asks for plain help."""
    commands = importlib.import_module(f"mahjcli.cli.{module}").commands
    assert commands.rich_markup_mode is None
