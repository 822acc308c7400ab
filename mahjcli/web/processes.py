"""The processes serving a room (Linux): how many, forking the others just before
serving, each one's own way of ending (by the stopping signals, or when the first
process ends), and the first process's watch over them (one that ends while the room is
served is told of; when the room stops, they are stopped and waited for)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import threading
import time
from types import FrameType
from typing import TYPE_CHECKING, NamedTuple, NoReturn

from ..core.errors import Refused

if TYPE_CHECKING:
    import uvicorn

    from .source import Room

GRACE = 3
"""Seconds a stopping server waits for the requests still running."""
MOST_WORKERS = 4
"""The most processes a room is served by unless --workers asks for more."""
STOPPED_WITHIN = 1.0
"""Seconds within which the first process hears of a stop that ended another one."""
PR_SET_PDEATHSIG = 1
"""Linux's prctl option that signals a process when the one that started it ends."""


def can_fork_workers() -> bool:
    """Whether this system shares one port among several serving processes evenly (Linux:
    `SO_REUSEPORT` balances connections there; other systems give them all to one)."""
    return (
        sys.platform.startswith("linux") and hasattr(os, "fork") and hasattr(socket, "SO_REUSEPORT")
    )


def workers_for(room: Room, asked: int | None) -> int:
    """How many processes serve `room`: `asked` (--workers), else one a processor (at most
    `MOST_WORKERS`) for a folder of nights and one for a single night or event, whose
    every save waits for the same file's lock anyway. Refused where only one can."""
    if asked is not None:
        if asked > 1 and not can_fork_workers():
            raise Refused(
                "--workers above 1 needs Linux (a port shared evenly among processes); "
                "leave it out to serve with one"
            )
        return asked
    if room.folder is None or not can_fork_workers():
        return 1
    return max(1, min(MOST_WORKERS, processors()))


def processors() -> int:
    """The processors this process may run on (a container's or `taskset`'s limit)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


STOPPING = (signal.SIGINT, signal.SIGTERM)
"""The signals that stop a server."""


def fork_worker(
    server: uvicorn.Server, sock: socket.socket, socks: tuple[socket.socket, ...], first: int
) -> int:
    """Fork a process that serves on `sock`; its pid. The stopping signals wait while the
    process is made (one arriving inside the fork would be lost in the new process, or
    sent into this one's way of stopping), and the new one lets them in once it is ready
    to stop by them."""
    signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING)
    try:
        pid = os.fork()
    except OSError as exc:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING)
        raise Refused(
            f"could not start another serving process ({exc.strerror or exc}); try --workers 1"
        ) from None
    if pid == 0:
        _serve_as_worker(server, sock, socks, first)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING)
    return pid


def _serve_as_worker(
    server: uvicorn.Server, sock: socket.socket, socks: tuple[socket.socket, ...], first: int
) -> NoReturn:
    """In a process forked by `first`: serve on `sock` until stopped (or `first` ends),
    let the saves still running finish, and end the process (never returning into the
    command that forked it)."""
    code = 0
    try:
        _end_with(first)
        for other in socks:
            if other is not sock:
                other.close()
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING)
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    except BaseException:  # pragma: no cover - the worker's own failure, told as uvicorn does
        import traceback

        traceback.print_exc()
        code = 1
    finally:
        try:
            for each in STOPPING:  # stopping again must not cut a save short: the first
                signal.signal(each, signal.SIG_IGN)  # process kills after the grace time
            for thread in threading.enumerate():
                if thread is not threading.current_thread() and not thread.daemon:
                    thread.join()  # the saves in progress end, as at the end of Python
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def interrupted(sig: int, frame: FrameType | None) -> None:
    """SIGTERM (a service manager's stop, or the first process stopping the others), as
    uvicorn raises it again once it has stopped serving: end as Ctrl-C ends."""
    raise KeyboardInterrupt


def _end_with(parent: int) -> None:
    """Have this process told to stop (SIGTERM) when the process that forked it (`parent`,
    its pid as it forked) ends, even by SIGKILL; when it has ended already, stop now."""
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:
        os.kill(os.getpid(), signal.SIGTERM)


class Ended(NamedTuple):
    """How a process ended: its exit code, or the signal that killed it (neither when
    the system could not tell)."""

    code: int | None = None
    signal: int | None = None

    @property
    def clean(self) -> bool:
        """Ended by itself with exit code 0 (as a serving process stopped by a signal does)."""
        return self.code == 0

    def __str__(self) -> str:
        if self.signal is not None:
            with contextlib.suppress(ValueError):
                return f"killed by {signal.Signals(self.signal).name}"
            return f"killed by signal {self.signal}"
        return f"exit code {self.code}" if self.code is not None else "how is not known"


def wait_for_end(pid: int) -> Ended:
    """Wait until the child `pid` ends; how it ended. It is reaped only once told (so
    its pid cannot be another process's while it may still be signalled)."""
    try:
        info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
    except ChildProcessError:
        return Ended()
    assert info is not None  # only WNOHANG answers None
    if info.si_code == os.CLD_EXITED:
        return Ended(code=info.si_status)
    return Ended(signal=info.si_status)


KILL_AFTER = GRACE + 5
"""Seconds the first process waits for the others to stop before it kills them (their
own grace time, and a margin for the saves still running)."""
GONE_AFTER = 5
"""Seconds it then waits for a killed one to end (one stuck on a hung disk cannot)."""


class Workers:
    """The other processes serving the room, each waited for by a thread of its own: one
    that ends while the room is served (killed, or failing) is told of at once, and the
    others go on serving (the system gives its share of the connections to them)."""

    def __init__(self, stopping: threading.Event) -> None:
        self.pids: list[int] = []
        self.ended: dict[int, Ended] = {}
        """How each that has ended ended (set before it is reaped)."""
        self._stopping = stopping
        """Set once the room stops being served (by Ctrl-C, SIGTERM or `stop`)."""
        self._waiting: list[threading.Thread] = []

    def watch(self) -> None:
        """Start waiting for each (once all are forked: a fork copies only its thread)."""
        for pid in self.pids:
            waiting = threading.Thread(
                target=self._wait, args=(pid,), name=f"mahj-worker-{pid}", daemon=True
            )
            waiting.start()
            self._waiting.append(waiting)

    def _wait(self, pid: int) -> None:
        """Wait for `pid` to end; warn when the room is still being served."""
        ended = wait_for_end(pid)
        self.ended[pid] = ended
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)
        if ended.clean:  # stopped as asked: Ctrl-C reaches every process of the terminal,
            self._stopping.wait(STOPPED_WITHIN)  # and this one may hear of it a little later
        if not self._stopping.is_set():
            every = len(self.pids) + 1
            left = every - len(self.ended)
            warn(
                f"a serving process ({pid}) ended ({ended}); the room is still served by "
                f"{left} of its {every} processes (restart mahj serve to serve with all again)"
            )

    def stop(self) -> None:
        """Stop the others (SIGTERM: each lets its requests finish as this one does) and
        wait for them; any still running after `KILL_AFTER` seconds is killed (and told
        of), and one that even then does not end is left (and told of)."""
        self._stopping.set()
        for pid in self.pids:
            if pid not in self.ended:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGTERM)
        if not self._waiting:  # a fork failed before the others were watched
            self.watch()
        deadline = time.monotonic() + KILL_AFTER
        for waiting in self._waiting:
            waiting.join(max(0.0, deadline - time.monotonic()))
        killed = [pid for pid in self.pids if pid not in self.ended]
        for pid in killed:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
            warn(
                f"a serving process ({pid}) was still running {KILL_AFTER:g} s after it was "
                "told to stop, and was killed (a save it was making is all or nothing)"
            )
        deadline = time.monotonic() + GONE_AFTER
        for waiting in self._waiting:
            waiting.join(max(0.0, deadline - time.monotonic()))
        for pid in killed:
            if pid not in self.ended:
                warn(f"a serving process ({pid}) did not end even when killed; it is left")


def warn(words: str) -> None:
    """One warning line for the organiser."""
    print(f"Warning: {words}", file=sys.stderr, flush=True)
