"""Helpers shared by the tests: where the project is, and the installed `mahj`."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
"""The project's folder."""
SAMPLES = ROOT / "sample_sessions"
PACKAGE = ROOT / "mahjcli"


UNDONE_COMMENT = re.compile(r"(\r?\n)?# Undone: entry \d+ .*\r?\n(#( .*)?\r?\n)*")
"""The comment `mahj undo` leaves where an entry was, for `mahj redo` (with the blank
line before it, which was the entry's)."""


def without_undone(text: str) -> str:
    """A session file's text without the comments `mahj undo` left in it."""
    return UNDONE_COMMENT.sub("", text)


def installed_mahj() -> str:
    """The `mahj` console script of the Python running the tests (the project's .venv)."""
    beside = Path(sys.executable).parent / "mahj"
    if beside.exists():
        return str(beside)
    found = shutil.which("mahj")
    if found is None:  # pragma: no cover - the test extra installs the package
        pytest.skip("the mahj command is not installed", allow_module_level=True)
    return found


def device(folder: Path, name: str, minor: int) -> Path:
    """A copy of one of Linux's memory devices (major 1: 3 null, 5 zero, 7 full) made in
    `folder` (the real /dev is never touched); the test is skipped where that needs a
    power the tests do not have."""
    import os
    import stat

    path = folder / name
    if not hasattr(os, "mknod") or not sys.platform.startswith("linux"):
        pytest.skip("character devices are made with Linux's mknod")
    try:
        os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, minor))
    except PermissionError:
        pytest.skip("making a device node needs root")
    return path


def fifo(folder: Path, name: str) -> Path:
    """A FIFO (named pipe) in `folder`."""
    import os

    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    path = folder / name
    os.mkfifo(path)
    return path


def without_privileges() -> list[str]:
    """A prefix that runs a command without the administrator's power to read and write
    any file (so permissions apply, as for everyone else), or nothing when the tests do
    not run as root; skips the test where neither is possible."""
    import os

    if not hasattr(os, "geteuid"):
        pytest.skip("POSIX permissions")
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv to drop the power to bypass permissions")
    drop = "-dac_override,-dac_read_search"
    return [setpriv, f"--inh-caps={drop}", f"--bounding-set={drop}"]
