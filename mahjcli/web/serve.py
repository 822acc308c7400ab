"""Starting the server: what to serve and where, the entry link and its QR code for the
terminal, and uvicorn in this one process until Ctrl-C or SIGTERM stops it cleanly (the
scoreboards told to go, the saves under way finished). A connection silent for `IDLE`
seconds is closed, the connections stay below the files the process may open, and the
organiser is told when requests are being refused."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import io
import ipaddress
import logging
import signal
import socket
import sys
import threading
import time
from pathlib import Path
from types import FrameType
from typing import Any, NamedTuple

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..core.errors import Refused, SessionMissing
from ..files import eventload, loader, paths
from ..files.loader import holds_event
from ..files.paths import keep_keys, read_keys
from .app import make_app
from .guard import Keys, new_token
from .source import Room
from .watch import Watcher

GRACE = 3
"""Seconds a stopping server waits for the requests still running."""
IDLE = 5
"""Seconds a connection may stay silent before its request (or its next one) comes."""
MOST_CONNECTIONS = 4096
"""The most connections served at once (a room has a few hundred phones and screens)."""
RESERVED_FILES = 200
"""Files kept free for everything but connections: the saves, the files read, Python's."""
WARN_EVERY = 60.0
"""Seconds at least between two warnings that requests are being refused."""


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
    path = eventload.locate_event(session) if event else paths.locate(session)
    if event or holds_event(path):
        return Room.of_file(path), f"{eventload.load(path).standings.event.name} ({path})"
    from ..reports.words import title

    return Room.of_file(path), f"{title(loader.load(path).standings)} ({path})"


def is_local(host: str) -> bool:
    """True for an address only this computer can reach (127.x, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


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
        made = socket.create_server((host, port), family=family, backlog=512)
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
    # Named as TCP, so that asyncio sends each answer at once on the connections it
    # accepts (it turns Nagle's rule off only on a socket that names its protocol).
    return socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP, made.detach())


def qr_text(link: str) -> str:
    """The link as a QR code drawn with block characters (light on a dark terminal)."""
    import qrcode

    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_L)
    code.add_data(link)
    code.make(fit=True)
    out = io.StringIO()
    code.print_ascii(out=out, tty=False, invert=True)
    return out.getvalue().rstrip("\n")


def open_files() -> int | None:
    """How many files this process may open, first raised (where allowed) to what
    `MOST_CONNECTIONS` need; None where the system does not tell (Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = MOST_CONNECTIONS + RESERVED_FILES
    if soft != resource.RLIM_INFINITY and soft < wanted:
        raised = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
    return None if soft == resource.RLIM_INFINITY else soft


def most_connections(files: int | None) -> int:
    """The connections served at once, safely below the files the process may open (a
    request beyond them is answered 503, rather than every request failing)."""
    if files is None:
        return MOST_CONNECTIONS
    return max(1, min(MOST_CONNECTIONS, max(files - RESERVED_FILES, files // 2)))


class Quiet(asyncio.Protocol):
    """uvicorn's HTTP/1.1 connection, closed when it falls silent for `IDLE` seconds before
    its first request is whole (a phone gone mid-request, a connection opened and never
    used), so silent connections cannot hold the server; between requests, uvicorn's own
    keep-alive timeout closes one that goes quiet."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.http = H11Protocol(*args, **kwargs)
        self.silent: asyncio.TimerHandle | None = None
        self.head = b""
        """The end of what came so far, while the first request's head is incomplete."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.http.connection_made(transport)  # type: ignore[arg-type]
        self.transport = transport
        self._wait()

    def data_received(self, data: bytes) -> None:
        if self.silent is not None:
            seen = self.head + data
            if b"\r\n\r\n" in seen or b"\n\n" in seen:  # the head is whole
                self._heard()
            else:
                self.head = seen[-3:]
                self._wait()
        self.http.data_received(data)

    def eof_received(self) -> None:
        self.http.eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self._heard()
        self.http.connection_lost(exc)

    def pause_writing(self) -> None:
        self.http.pause_writing()

    def resume_writing(self) -> None:
        self.http.resume_writing()

    def _wait(self) -> None:
        if self.silent is not None:
            self.silent.cancel()
        self.silent = asyncio.get_running_loop().call_later(IDLE, self.transport.close)

    def _heard(self) -> None:
        if self.silent is not None:
            self.silent.cancel()
            self.silent = None


class Refusals(logging.Filter):
    """Instead of uvicorn's and asyncio's line for each request or connection refused,
    one warning for the organiser, at most every `WARN_EVERY` seconds while it lasts."""

    SIGNS = ("Exceeded concurrency limit", "socket.accept() out of system resource")

    def __init__(self, most: int) -> None:
        super().__init__()
        self.most = most
        self.last = float("-inf")

    def filter(self, record: logging.LogRecord) -> bool:
        if not record.getMessage().startswith(self.SIGNS):
            return True
        if time.monotonic() - self.last >= WARN_EVERY:
            self.last = time.monotonic()
            print(
                f"Warning: requests are being refused: {self.most} connections are open at "
                f"once, the most this server takes (one silent for {IDLE} s is closed; a phone "
                "can try again)",
                file=sys.stderr,
                flush=True,
            )
        return False


LOGGERS = ("uvicorn.error", "asyncio")
"""Where uvicorn and asyncio say that they refused a request or a connection."""


class Server(uvicorn.Server):
    """uvicorn's server, which also ends every scoreboard stream when told to stop (they
    would hold the server open until its grace time ran out)."""

    def __init__(self, config: uvicorn.Config, watcher: Watcher) -> None:
        super().__init__(config)
        self.watcher = watcher

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        self.watcher.close_soon()


def interrupted(sig: int, frame: FrameType | None) -> None:
    """SIGTERM (a service manager's stop), raised again by uvicorn once stopped: end as
    Ctrl-C ends."""
    raise KeyboardInterrupt


class Ready(NamedTuple):
    """A server about to run: what it prints first, and how it runs."""

    lines: tuple[str, ...]
    server: Server
    sock: socket.socket

    def run(self) -> None:
        """Serve until Ctrl-C (or SIGTERM); the requests under way finish first."""
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, interrupted)  # uvicorn raises it again once stopped
        refusals = Refusals(self.server.config.limit_concurrency or MOST_CONNECTIONS)
        for name in LOGGERS:
            logging.getLogger(name).addFilter(refusals)
        sys.stdout.flush()
        try:
            self.server.run(sockets=[self.sock])
        finally:
            for name in LOGGERS:
                logging.getLogger(name).removeFilter(refusals)


def prepare(room: Room, name: str, host: str, port: int) -> Ready:
    """Listen, and say where: the scoreboard, the entry link with its key, its QR code."""
    sock = bind(host, port)
    try:
        keys = kept_keys(room)
        shown, port = _shown_hosts(host), sock.getsockname()[1]
        app = make_app(room, keys, address=f"http://{shown[0]}:{port}")
        config = uvicorn.Config(
            app,
            http=Quiet,
            log_level="warning",
            access_log=False,
            lifespan="on",
            timeout_graceful_shutdown=GRACE,
            timeout_keep_alive=IDLE,
            limit_concurrency=most_connections(open_files()),
        )
        server = Server(config, app.state.watcher)
    except BaseException:
        sock.close()
        raise
    single = room.single
    event = single is not None and single.kind == "event"
    return Ready(_lines(name, host, shown, port, keys, event=event), server, sock)


def kept_keys(room: Room) -> Keys:
    """The entry key and join code as the last run left them (the phones' links and the
    games they keep to send work after a restart), or new ones; each change is kept."""
    served = room.folder if room.single is None else room.single.path
    assert served is not None
    stored = read_keys(served)
    key, code = stored if stored is not None else (new_token(), None)
    keys = Keys(key, code, keep=lambda k, c: keep_keys(served, k, c))
    keep_keys(served, keys.key, keys.code)
    return keys


def _shown_hosts(host: str) -> list[str]:
    """The hosts the room's phones reach the server at, the first as the pages' address."""
    hosts = lan_addresses() if host in ("0.0.0.0", "::", "") else [host]
    return [f"[{h}]" if ":" in h else h for h in hosts] or ["THIS-COMPUTER"]


def _lines(
    name: str, host: str, shown: list[str], port: int, keys: Keys, *, event: bool = False
) -> tuple[str, ...]:
    """What the organiser (or an event's director) reads at start-up."""
    base = f"http://{shown[0]}:{port}"
    token = keys.key
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
    page = "the director's page" if event else "the organiser's page"
    lines.append(
        f"Scan the code with your phone: {page} is linked from there. The tables' "
        f"phones use the join code {keys.code} ({page} shows it with a QR code on "
        "the room's screen, and changes it or the key). Ctrl-C stops the server."
    )
    return tuple(lines)
