"""Every command explains itself with an example, and the group lists exactly the
commands its modules declare."""

from __future__ import annotations

import importlib

import pytest
from typer.main import get_command

from mahjcli.cli import app
from mahjcli.cli.app import COMMANDS as WHERE

GROUP = get_command(app)
COMMANDS = GROUP.list_commands(None)  # type: ignore[attr-defined, arg-type]


def test_the_interface_commands_exist():
    for name in ["new", "win", "wall", "undo", "status", "log", "total", "table", "check",
                 "join", "leave", "incomplete", "penalty", "sessions"]:  # fmt: skip
        assert name in COMMANDS


@pytest.mark.parametrize("where", sorted(set(WHERE.values())))
def test_the_command_table_lists_what_each_module_declares(where: str):
    module, _, attribute = where.partition(":")
    built = get_command(getattr(importlib.import_module(module), attribute))
    commands = getattr(built, "commands", None)  # a module of one command has none
    names = sorted([built.name] if commands is None else commands)
    assert names == sorted(n for n, w in WHERE.items() if w == where)


def test_a_name_no_module_declares_is_no_command():
    assert GROUP.get_command(None, "totl") is None  # type: ignore[attr-defined, arg-type]


def test_mahj_serve_has_no_completion_options_of_its_own(mahj):
    """Installing completion is `mahj --install-completion`; `mahj serve` was a module
    of one command, which Typer gave completion options of its own."""
    assert "--install-completion" not in mahj("serve", "--help", use_session=False).stdout
    assert "--install-completion" in mahj("--help", use_session=False).stdout


def test_an_unknown_command_is_a_usage_error(mahj):
    result = mahj("totl", use_session=False)
    assert result.exit_code == 2
    assert "Error: No such command 'totl'. Did you mean 'total'?" in result.stderr
    result = mahj("xyz", use_session=False)
    assert result.exit_code == 2 and "Error: No such command 'xyz'.\n" in result.stderr


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("start", "new"), ("add", "join"), ("Remove", "leave"), ("standings", "total"),
     ("help", "--help")],
)  # fmt: skip
def test_an_everyday_word_for_a_command_is_pointed_to_it(mahj, typed, meant):
    result = mahj(typed, use_session=False)
    assert result.exit_code == 2
    assert f"Error: No such command {typed!r}. Did you mean {meant!r}?" in result.stderr


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_has_help_with_an_example(mahj, name):
    result = mahj(name, "--help", use_session=False)
    assert result.exit_code == 0
    assert "Example: mahj " + name in result.stdout


@pytest.mark.parametrize("module", sorted(set(WHERE.values())))
def test_help_is_drawn_plainly_so_it_starts_fast(module: str):
    """Rich-drawn help loads Rich's markdown and help machinery (a third of the start-up
    again): every command group asks for plain help."""
    module, _, attribute = module.partition(":")
    assert getattr(importlib.import_module(module), attribute).rich_markup_mode is None
