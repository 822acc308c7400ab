"""What killed saves leave behind: the temporary files of a save that died before it
put its file in (`.<file>.<pid>.<random>.tmp`, and `.<file>.bak.<pid>.<random>.tmp`
for its backup), removed by the next save of the same file. Under the file's lock every
one of them is stale (only the lock holder saves); otherwise only a dead process's is.
While the server runs, a file's folder is looked through for them at most every
`SWEEP_EVERY` seconds (listing a folder of fifty tables at every save made the saves of
a full room wait on each other)."""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path

from .lock import held


def temp_pattern(real: Path) -> re.Pattern[str]:
    """The names of a save's temporary files (of the file and of its backup)."""
    return re.compile(rf"^\.{re.escape(real.name)}(\.bak)?\.(\d+)\.[0-9a-f]+\.tmp$")


def _alive(pid: int) -> bool:
    """Whether process `pid` may still be running (when unsure: yes)."""
    if pid == os.getpid() or os.name != "posix":  # Windows' os.kill(pid, 0) is not a probe
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


SWEEP_EVERY = 10.0
"""Seconds at least between two looks for one file's leftovers while the server runs."""
_sweep_every = 0.0
"""This process's: 0 (every save looks), or SWEEP_EVERY while it serves (`sweeping`)."""
_swept: dict[Path, float] = {}
"""When this process last looked for each file's leftovers (time.monotonic())."""


@contextlib.contextmanager
def sweeping(every: float = SWEEP_EVERY) -> Iterator[None]:
    """While a process saves again and again (the server), each save looks for its
    file's leftovers only when `every` seconds have passed since the last look (the first
    save of a file always looks; a command started meanwhile looks at its own save)."""
    global _sweep_every
    before, _sweep_every = _sweep_every, every
    try:
        yield
    finally:
        _sweep_every = before
        _swept.clear()


def swept_now(reals: dict[Path, list[Path]]) -> None:
    """Look through each folder once for its files' leftovers (a dead process's: no lock
    is held here), and remember them as looked at now (while `sweeping`)."""
    now = time.monotonic()
    for folder, files in reals.items():
        remove_leftovers(folder, files)
        if _sweep_every > 0:
            for real in files:
                _swept[real] = now


def clean_stale(real: Path) -> None:
    """Remove temporary files that a killed save left behind (while serving, at most every
    `_sweep_every` seconds a file)."""
    if _sweep_every > 0:
        now = time.monotonic()
        last = _swept.get(real)
        if last is not None and now - last < _sweep_every:
            return
        _swept[real] = now
    remove_leftovers(real.parent, [real])


def remove_leftovers(folder: Path, reals: list[Path]) -> None:
    """Remove, in one look through `folder`, the temporary files killed saves of `reals`
    left behind. Under a session's lock every one of its own is stale (only the lock
    holder saves); otherwise only a dead process's."""
    looked_for = [(f".{real.name}.", temp_pattern(real), real in held) for real in reals]
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            for start, pattern, under_lock in looked_for:
                m = entry.name.startswith(start) and pattern.match(entry.name)
                if m and (under_lock or not _alive(int(m.group(2)))):
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)
                    break
