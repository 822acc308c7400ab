"""Every command explains itself with an example, and the lazily built group lists exactly
the commands its modules declare."""

from __future__ import annotations

import gc
import importlib

import pytest
import typer.main
from typer.main import get_command

from mahjcli.cli import app
from mahjcli.cli.app import COMMANDS as BY_MODULE
from mahjcli.cli.app import command_named, started

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


@pytest.mark.parametrize("name", COMMANDS)
def test_a_command_built_alone_is_the_one_its_module_builds(name: str):
    module = next(m for m, names in BY_MODULE.items() if name in names)
    whole = get_command(importlib.import_module(f"mahjcli.cli.{module}").commands)
    expected = getattr(whole, "commands", {whole.name: whole})[name]
    alone = command_named(name)
    assert alone is not None and type(alone) is type(expected)
    if name == "event":  # a group of its own, built whole as before
        assert sorted(alone.commands) == sorted(expected.commands)  # type: ignore[attr-defined]
        return
    assert alone.callback.__qualname__ == expected.callback.__qualname__  # type: ignore[union-attr]
    completion = {"install_completion", "show_completion"}  # the `mahj` group's own
    expected.params = [p for p in expected.params if p.name not in completion]
    assert described(alone) == described(expected)


COMMAND_FACTS = ("name", "help", "epilog", "short_help", "hidden", "deprecated",
                 "no_args_is_help", "options_metavar", "add_help_option", "context_settings",
                 "rich_markup_mode", "rich_help_panel", "pretty_exceptions_short")  # fmt: skip
PARAM_FACTS = ("name", "opts", "secondary_opts", "required", "default", "is_flag",
               "multiple", "nargs", "envvar", "hidden", "help", "metavar", "is_eager",
               "expose_value", "callback", "_custom_shell_complete")  # fmt: skip


def _fact(value: object) -> object:
    """A fact as it can be compared: a function (made afresh by each build) by its name."""
    return getattr(value, "__qualname__", value) if callable(value) else value


def described(command: object) -> dict[str, object]:
    """What a built command is, as far as the command line and its help can tell."""
    facts = {fact: _fact(getattr(command, fact, None)) for fact in COMMAND_FACTS}
    facts["params"] = [
        {fact: _fact(getattr(p, fact, None)) for fact in PARAM_FACTS}
        for p in command.params  # type: ignore[attr-defined]
    ]
    return facts


def test_a_name_no_module_declares_builds_nothing():
    assert command_named("totl") is None


def test_mahj_serve_has_no_completion_options_of_its_own(mahj):
    """Installing completion is `mahj --install-completion`; `mahj serve` was a module
    of one command, which Typer gave completion options of its own."""
    assert "--install-completion" not in mahj("serve", "--help", use_session=False).stdout
    assert "--install-completion" in mahj("--help", use_session=False).stdout


def test_naming_one_command_builds_only_that_one(monkeypatch: pytest.MonkeyPatch):
    built: list[str] = []
    real = typer.main.get_command_from_info

    def counting(info, **kwargs):  # type: ignore[no-untyped-def]
        built.append(info.callback.__name__)
        return real(info, **kwargs)

    monkeypatch.setattr(typer.main, "get_command_from_info", counting)
    command_named.cache_clear()
    try:
        assert command_named("log") is not None
    finally:
        command_named.cache_clear()
    assert built == ["log"]  # not status, total and check, declared beside it


def test_the_collector_is_left_alone_when_it_is_running():
    """`started` only ends the start-up pause of `main`: called from Python with the
    collector on (as here), it freezes nothing."""
    before = gc.get_freeze_count()
    started()
    assert gc.isenabled() and gc.get_freeze_count() == before


def test_the_end_of_start_up_freezes_what_it_made_and_turns_the_collector_on():
    before = gc.get_freeze_count()
    made = [[] for _ in range(1000)]  # objects the collector tracks, made while it waits
    gc.disable()
    try:
        started()
        assert gc.isenabled()
        assert gc.get_freeze_count() >= before + len(made)
    finally:
        gc.enable()
        gc.unfreeze()


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
