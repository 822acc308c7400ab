"""The console every command draws on."""

from __future__ import annotations

import os
import sys

from rich.console import Console

PIPED_WIDTH = 100
"""Width of output that goes to a pipe or a file (no terminal to ask)."""


def console(stderr: bool = False) -> Console:
    """A console that treats every string as plain text (no markup, no emoji codes)."""
    width = None
    if not (sys.stderr if stderr else sys.stdout).isatty() and "COLUMNS" not in os.environ:
        width = PIPED_WIDTH
    return Console(
        stderr=stderr, highlight=False, markup=False, emoji=False, width=width, soft_wrap=False
    )
