"""Starting the server: what to serve, where (an address of this computer and a port),
the entry link and its QR code for the terminal, and running uvicorn until Ctrl-C stops
it cleanly (every open scoreboard is told to go, every save in progress finishes).

A room of tables (`--dir`) is served by several processes on Linux, one a processor (at
most four, see `processes`): each is a whole server of the same room (the same key, the same
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
from pathlib import Path
from types import FrameType
from typing import NamedTuple

import uvicorn

from ..core.errors import Refused, SessionMissing
from ..files import eventload, loader, paths
from ..files.stamps import holds_event
from .app import make_app
from .guard import new_token
from .processes import GRACE, Workers, fork_worker, interrupted
from .source import Room
from .watch import Watcher


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
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, interrupted)  # uvicorn raises it again once stopped
        ready_to_serve(self.room)
        sys.stdout.flush()
        sys.stderr.flush()
        others = Workers(self.server.stopping)
        first = os.getpid()
        try:
            for sock in self.socks[1:]:
                others.pids.append(fork_worker(self.server, sock, self.socks, first))
            for sock in self.socks[1:]:
                sock.close()
            others.watch()
            self.server.run(sockets=[self.sock])
        finally:
            others.stop()


def ready_to_serve(room: Room) -> None:
    """Before serving (and forking): everything this process holds so far set aside from
    the collector for good (`gc.freeze`): a forked process shares those pages with the
    first instead of copying them as the collector touches them."""
    import gc

    gc.collect()
    gc.freeze()


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
