"""Commands registered on the main app by `register` (filled in by the cards work)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to `app`."""
