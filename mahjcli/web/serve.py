"""Starting the server: what to serve, where (an address of this computer and a port),
the entry link and its QR code for the terminal, and running uvicorn until Ctrl-C stops
it cleanly (every open scoreboard is told to go, every save in progress finishes).

A room of tables (`--dir`) is served by several processes on Linux, one a processor (at
most `MOST_WORKERS`): each is a whole server of the same room (the same key, the same
pages), with a listening socket of its own on the same port (`SO_REUSEPORT`), among
which the system shares the phones' connections. A room's saves then run on every
processor instead of waiting for one interpreter, and the files stay the only thing they
share: every save takes the night's lock, and each process reads again a night another
one saved. The first process prints, forks the others just before serving, and stops
them when it stops; one that loses its first process stops by itself."""

from __future__ import annotations

import contextlib
import errno
import io
import ipaddress
import os
import signal
import socket
import sys
import threading
import time
from pathlib import Path
from types import FrameType
from typing import NamedTuple, NoReturn

import uvicorn

from ..core.errors import Refused, SessionMissing
from ..files import eventload, loader, paths
from ..files.stamps import holds_event
from .app import make_app
from .guard import new_token
from .source import Room
from .watch import Watcher

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


def room_for(session: Path | None, folder: Path | None, event: bool) -> tuple[Room, str]:
    """What to serve, and its name to print: a folder's nights, an event, or a night
    (the current one unless --session names one); refused as the other commands refuse."""
    if folder is not None:
        if session is not None or event:
            raise Refused("serve one thing: --dir FOLDER, or --session FILE (or --event)")
        if not paths.is_folder(folder):
            raise SessionMissing(f"{folder} is not a folder; --dir takes a folder of nights")
        room = Room.of_folder(folder)
        return room, f"the nights in {folder} ({len(room.nights())} now)"
    if event:
        path = eventload.locate_event(session)
        standings = eventload.load(path).standings
        return Room.of_file(path), f"{standings.event.name} ({path})"
    path = paths.locate(session)
    if holds_event(path):
        standings_e = eventload.load(path).standings
        return Room.of_file(path), f"{standings_e.event.name} ({path})"
    night = loader.load(path)
    from ..reports.words import title

    return Room.of_file(path), f"{title(night.standings)} ({path})"


def is_local(host: str) -> bool:
    """True for an address only this computer can reach (127.x, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def is_every(host: str) -> bool:
    """True for the address that means every network of this computer."""
    return host in ("0.0.0.0", "::", "")


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks (no packet is sent to find them)."""
    found: list[str] = []
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    if sys.platform.startswith("linux"):
        found += _interface_addresses()
    return list(dict.fromkeys(a for a in found if not a.startswith("127.")))


def _interface_addresses() -> list[str]:
    """Each network interface's IPv4 address, as Linux's SIOCGIFADDR tells it."""
    import fcntl
    import struct

    found = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            with contextlib.suppress(OSError):
                asked = struct.pack("256s", name[:15].encode())
                answer = fcntl.ioctl(s.fileno(), 0x8915, asked)  # SIOCGIFADDR
                found.append(socket.inet_ntoa(answer[20:24]))
    return found


def bind(host: str, port: int, share: bool = False) -> socket.socket:
    """A listening socket on `host`:`port` (port 0: any free one), or Refused saying why;
    one that other processes of this server may listen on too (`share`), once it is
    known that no other program listens there (see `bind_all`)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        socket.getaddrinfo(host, port, family, socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise Refused(f"--host {host!r} is not an address of this computer") from None
    try:
        return socket.create_server((host, port), family=family, backlog=512, reuse_port=share)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            raise Refused(
                f"port {port} is already in use (another mahj serve?); choose another with "
                "--port, or stop the other server"
            ) from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise Refused(f"this computer has no address {host}; leave out --host") from None
        if exc.errno == errno.EACCES:
            raise Refused(
                f"port {port} needs administrator rights; use a port above 1023"
            ) from None
        raise Refused(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def bind_all(host: str, port: int, workers: int) -> tuple[socket.socket, ...]:
    """One listening socket a serving process, all on the same port. The port is first
    taken alone, so that a port another program (or another mahj serve) listens on is
    refused as always: sockets that share a port would otherwise share it with it too."""
    if workers <= 1:
        return (bind(host, port),)
    alone = bind(host, port)
    port = alone.getsockname()[1]
    alone.close()
    socks: list[socket.socket] = []
    try:
        for _ in range(workers):
            socks.append(bind(host, port, share=True))
    except BaseException:
        for each in socks:
            each.close()
        raise
    return tuple(socks)


def qr_text(link: str) -> str:
    """The link as a QR code drawn with block characters (light on a dark terminal)."""
    import qrcode

    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(link)
    code.make(fit=True)
    out = io.StringIO()
    code.print_ascii(out=out, tty=False, invert=True)
    return out.getvalue().rstrip("\n")


class Server(uvicorn.Server):
    """uvicorn's server, which also ends every open scoreboard stream when told to stop
    (they would otherwise hold the server open until its grace time ran out)."""

    def __init__(self, config: uvicorn.Config, watcher: Watcher) -> None:
        super().__init__(config)
        self.watcher = watcher
        self.stopping = threading.Event()
        """Set once told to stop (the other processes' ends are then expected)."""

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        self.stopping.set()
        super().handle_exit(sig, frame)
        self.watcher.close_soon()


class Ready(NamedTuple):
    """A server about to run: what it prints first, and how it runs."""

    lines: tuple[str, ...]
    server: Server
    socks: tuple[socket.socket, ...]
    """One listening socket a serving process (the first is this process's)."""
    room: Room

    @property
    def sock(self) -> socket.socket:
        """This process's listening socket."""
        return self.socks[0]

    def run(self) -> None:
        """Serve until Ctrl-C (or SIGTERM): the room's nights made ready to be saved, the
        other processes started (they serve until they are stopped, then end), this one
        served, then the others stopped and waited for."""
        from ..files.atomic import sweeping

        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, _interrupted)  # uvicorn raises it again once stopped
        with sweeping():
            self.room.prime()
            sys.stdout.flush()
            sys.stderr.flush()
            others = Workers(self.server.stopping)
            first = os.getpid()
            try:
                for sock in self.socks[1:]:
                    others.pids.append(_fork_worker(self.server, sock, self.socks, first))
                for sock in self.socks[1:]:
                    sock.close()
                others.watch()
                self.server.run(sockets=[self.sock])
            finally:
                others.stop()


STOPPING = (signal.SIGINT, signal.SIGTERM)
"""The signals that stop a server."""


def _fork_worker(
    server: Server, sock: socket.socket, socks: tuple[socket.socket, ...], first: int
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
    server: Server, sock: socket.socket, socks: tuple[socket.socket, ...], first: int
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


def _interrupted(sig: int, frame: FrameType | None) -> None:
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


def ended_how(status: int) -> str:
    """A process's end as its wait status tells it, in words."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        with contextlib.suppress(ValueError):
            return f"killed by {signal.Signals(number).name}"
        return f"killed by signal {number}"
    return f"exit code {os.waitstatus_to_exitcode(status)}"


class Workers:
    """The other processes serving the room, each waited for by a thread of its own: one
    that ends while the room is served (killed, or failing) is told of at once, and the
    others go on serving (the system gives its share of the connections to them)."""

    def __init__(self, stopping: threading.Event) -> None:
        self.pids: list[int] = []
        self.ended: dict[int, int] = {}
        """The wait status of each that has ended."""
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
        try:
            _, status = os.waitpid(pid, 0)
        except ChildProcessError:
            status = 0
        self.ended[pid] = status
        if status == 0:  # stopped as asked: Ctrl-C reaches every process of the terminal,
            self._stopping.wait(STOPPED_WITHIN)  # and this one may hear of it a little later
        if not self._stopping.is_set():
            every = len(self.pids) + 1
            left = every - len(self.ended)
            print(
                f"Warning: a serving process ({pid}) ended ({ended_how(status)}); the room is "
                f"still served by {left} of its {every} processes (restart mahj serve to "
                "serve with all again)",
                file=sys.stderr,
                flush=True,
            )

    def stop(self) -> None:
        """Stop the others (SIGTERM: each lets its requests finish as this one does) and
        wait for them; any still running after the grace time is killed."""
        self._stopping.set()
        for pid in self.pids:
            if pid not in self.ended:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGTERM)
        if not self._waiting:  # a fork failed before the others were watched
            self.watch()
        deadline = time.monotonic() + GRACE + 5
        for waiting in self._waiting:
            waiting.join(max(0.0, deadline - time.monotonic()))
        for pid in self.pids:
            if pid not in self.ended:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        for waiting in self._waiting:
            waiting.join()


def prepare(room: Room, name: str, host: str, port: int, workers: int = 1) -> Ready:
    """Listen (with `workers` processes), and say where: the scoreboard, the entry link
    with its key, its QR code."""
    socks = bind_all(host, port, workers)
    try:
        token = new_token()
        app = make_app(room, token)
        config = uvicorn.Config(
            app,
            log_level="warning",
            access_log=False,
            lifespan="on",
            timeout_graceful_shutdown=GRACE,
            limit_concurrency=2000,
        )
        server = Server(config, app.state.watcher)
    except BaseException:
        for sock in socks:
            sock.close()
        raise
    where = socks[0].getsockname()[1]
    return Ready(_lines(name, host, where, token), server, socks, room)


def _lines(name: str, host: str, port: int, token: str) -> tuple[str, ...]:
    """What the organiser reads at start-up."""
    hosts = lan_addresses() if is_every(host) else [host]
    shown = [f"[{h}]" if ":" in h else h for h in hosts] or ["THIS-COMPUTER"]
    base = f"http://{shown[0]}:{port}"
    lines = [f"Serving {name}"]
    if not is_local(host):
        lines.append(
            "Warning: open to every computer and phone on this network: anyone there can see "
            "the scoreboard, and anyone with the entry link can enter games."
        )
    lines += [f"Scoreboard: {base}/", f"Enter games: {base}/enter?key={token}"]
    lines += [f"  (also http://{h}:{port}/)" for h in shown[1:]]
    lines += [qr_text(f"{base}/enter?key={token}")]
    if is_local(host):
        lines.append(
            "Only this computer can open these; for the room's phones: mahj serve --host 0.0.0.0"
        )
    lines.append("Scan the code with each table's phone. Ctrl-C stops the server.")
    return tuple(lines)
