"""Starting the server: what to serve, where (an address of this computer and a port),
the entry link and its QR code for the terminal, and running uvicorn until Ctrl-C stops
it cleanly (every open scoreboard is told to go, every save in progress finishes)."""

from __future__ import annotations

import contextlib
import errno
import io
import ipaddress
import socket
import sys
from pathlib import Path
from types import FrameType
from typing import NamedTuple

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


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on `host`:`port` (port 0: any free one), or Refused saying why."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        socket.getaddrinfo(host, port, family, socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError):
        raise Refused(f"--host {host!r} is not an address of this computer") from None
    try:
        return socket.create_server((host, port), family=family, backlog=512)
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

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        self.watcher.close_soon()


class Ready(NamedTuple):
    """A server about to run: what it prints first, and how it runs."""

    lines: tuple[str, ...]
    server: Server
    sock: socket.socket

    def run(self) -> None:
        """Serve until Ctrl-C (or SIGTERM)."""
        from ..files.atomic import sweeping

        with sweeping():
            self.server.run(sockets=[self.sock])


def prepare(room: Room, name: str, host: str, port: int) -> Ready:
    """Listen, and say where: the scoreboard, the entry link with its key, its QR code."""
    sock = bind(host, port)
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
        sock.close()
        raise
    where = sock.getsockname()[1]
    return Ready(_lines(name, host, where, token), server, sock)


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
