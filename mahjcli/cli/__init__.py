"""Typer only: one module per command group, mounted on one app (`mahjcli.cli.app`)."""

from .app import app, main

__all__ = ["app", "main"]
