"""Helpers shared by the tests: where the project is, and the installed `mahj`."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
"""The project's folder."""
SAMPLES = ROOT / "sample_sessions"
PACKAGE = ROOT / "mahjcli"


def installed_mahj() -> str:
    """The `mahj` console script of the Python running the tests (the project's .venv)."""
    beside = Path(sys.executable).parent / "mahj"
    if beside.exists():
        return str(beside)
    found = shutil.which("mahj")
    if found is None:  # pragma: no cover - the test extra installs the package
        pytest.skip("the mahj command is not installed", allow_module_level=True)
    return found
