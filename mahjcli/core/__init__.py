"""The scoring core: pure rules and values. Nothing here reads a file, a clock or a
terminal, and nothing imports Typer, Rich or platformdirs; `tests/core` checks it."""
