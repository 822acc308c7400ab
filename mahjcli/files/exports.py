"""Writing an export (`mahj export --output`, `mahj total --html/--svg`, `mahj event
standings --csv/--html`), the one file mahj writes that is not a session:

- a regular file is replaced atomically, keeping its permissions (a read-only one is
  refused); a terminal, a character device or a FIFO being read is written through
  (a FIFO nobody reads is refused rather than waited on);
- refused: a folder, a block device, a socket; a session (a `.toml` name, a file that
  reads as one, the night exported), a backup, a lock, a save's temporary file, the
  current-session pointer; a symbolic link, or its target, that someone else owns.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path

from ..core.errors import Refused, SaveFailed
from .atomic import write_all, write_atomic
from .paths import current_pointer, same_file
from .reading import kind_of, reason

_LOCK = re.compile(r"^\..+\.lock$")
_TEMP = re.compile(r"^\..+\.\d+\.[0-9a-f]+\.tmp$")
_SESSION_TEXT = re.compile(rb"^\s*schema\s*=", re.MULTILINE)
PEEK = 4096
"""How much of an existing file is looked at to tell whether it is a session."""


def write_export(target: Path, data: bytes, sources: Sequence[Path] = ()) -> None:
    """Write `data` to `target` as described above; Refused or SaveFailed, nothing written."""
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        _refuse_protected(target, target, sources)
        _replace(target, data)
        return
    except (OSError, ValueError) as exc:
        raise SaveFailed(f"cannot write {target}: {reason(exc)}; nothing was written") from None
    real = target
    if stat.S_ISLNK(info.st_mode):
        real, followed = _through_link(target, info)
        if followed is None:  # a link (of the user's) to a file not yet there
            _refuse_protected(target, real, sources)
            _replace(real, data)
            return
        info = followed
    mode = info.st_mode
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        _write_through(target, real, data)
    elif stat.S_ISREG(mode):
        _refuse_protected(target, real, sources)
        _refuse_session_text(target, real)
        _replace(real, data)
    else:
        raise Refused(
            f"{target} is {kind_of(mode)}; write the export to a file (or `-` for the screen)"
        )


def _through_link(target: Path, link: os.stat_result) -> tuple[Path, os.stat_result | None]:
    """Where a symbolic link leads, when the user owns it and what it leads to."""
    me = os.geteuid() if hasattr(os, "geteuid") else None
    if me is not None and link.st_uid != me:
        raise Refused(
            f"{target} is a symbolic link that belongs to someone else; mahj does not write "
            "through it (remove it, or choose another file name)"
        )
    real = Path(os.path.realpath(target))
    try:
        info = os.stat(real)
    except FileNotFoundError:
        return real, None
    except OSError as exc:
        raise SaveFailed(f"cannot write {target}: {reason(exc)}; nothing was written") from None
    if me is not None and stat.S_ISREG(info.st_mode) and info.st_uid != me:
        raise Refused(
            f"{target} is a symbolic link to {real}, which belongs to someone else; mahj "
            "does not write through it (choose another file name)"
        )
    return real, info


def _refuse_protected(target: Path, real: Path, sources: Sequence[Path]) -> None:
    """Refuse a session's name, or that of a file mahj keeps beside one."""
    name = real.name
    what = None
    if name.lower().endswith(".toml"):
        what = "looks like a session file"
    elif name.endswith(".bak"):
        what = "looks like the backup of a session (mahj keeps them as <file>.bak)"
    elif _LOCK.match(name):
        what = "looks like a session's lock file"
    elif _TEMP.match(name):
        what = "looks like the temporary file of a save in progress"
    elif any(same_file(real, f) for f in [*sources, current_pointer()]):
        what = "is a file mahj reads (a session, or the current-session pointer)"
    if what is not None:
        if real != target:
            what = f"(a link to {real}) {what}"
        raise Refused(f"{target} {what}; mahj never writes an export over it, so choose a "
                      "file name ending in .csv, .json, .html, .svg or .png")  # fmt: skip


def _refuse_session_text(target: Path, real: Path) -> None:
    """Refuse to replace a file that reads as a session, whatever its name."""
    head = b""
    with contextlib.suppress(OSError):
        fd = os.open(real, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            head = os.read(fd, PEEK)
        finally:
            os.close(fd)
    if _SESSION_TEXT.search(head.removeprefix(b"\xef\xbb\xbf")):
        raise Refused(
            f"{target} holds a mahj session (it starts with `schema =`); mahj never writes "
            "an export over it, so choose another file name"
        )


def _replace(real: Path, data: bytes) -> None:
    parent = real.parent
    if not parent.is_dir():
        raise SaveFailed(f"the folder {parent} does not exist; nothing was written")
    try:
        write_atomic(real, data, backup=False)
    except SaveFailed as exc:
        message = str(exc).replace("the file on disk is unchanged", "nothing was written")
        raise SaveFailed(message) from None


def _write_through(target: Path, real: Path, data: bytes) -> None:
    """A terminal, a device or a FIFO: opened (never created) and written as it is."""
    flags = os.O_WRONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(real, flags | getattr(os, "O_NOFOLLOW", 0))
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise Refused(f"nobody reads from the FIFO {target}; nothing was written") from None
        raise SaveFailed(f"cannot write {target}: {reason(exc)}; nothing was written") from None
    try:
        mode = os.fstat(fd).st_mode
        if not (stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)):
            raise SaveFailed(f"{target} changed while it was being opened; nothing was written")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)  # the reader is there: wait for it like any writer
        write_all(fd, data)
    except OSError as exc:
        raise SaveFailed(f"could not write to {target}: {reason(exc)}") from None
    finally:
        with contextlib.suppress(OSError):
            os.close(fd)
