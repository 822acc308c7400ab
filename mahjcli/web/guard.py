"""Who may write, and what a request may be: the keys (compared in constant time, before
any body is read when one comes in the header), forms only from the server's own pages,
bodies of a few kilobytes, every refusal one message with a 4xx status."""

from __future__ import annotations

import hmac
import json
import secrets
import urllib.parse
from collections.abc import Callable, Iterable
from typing import Any, Literal

from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..core.errors import Busy, MahjError, SaveFailed, SessionInvalid, SessionMissing

BODY_LIMIT = 16 * 1024
"""The largest request body read: a game's form is a few hundred bytes."""
COOKIE = "mahj_key"
"""The start of the name of the cookie the entry link sets, so a phone's table page can
carry the token in its forms (the cookie alone never allows a write)."""


def new_token() -> str:
    """A fresh entry key (the organiser's)."""
    return secrets.token_urlsafe(16)


CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The join code's letters: no 0/O or 1/I to misread across a room."""
CODE_LENGTH = 6


def new_code() -> str:
    """A fresh join code for the tables' phones, e.g. `K7MQ3P`."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def code_typed(text: str) -> str:
    """A join code as typed (`k7m q3p`, `K7M-Q3P`) in the form it is compared in."""
    return "".join(ch for ch in text.upper() if ch not in " -")


def same(given: str | None, token: str) -> bool:
    """Whether `given` is the token, in time that does not depend on where they differ."""
    if not given:
        return False
    return hmac.compare_digest(given.encode("utf-8", "replace"), token.encode("utf-8"))


Level = Literal["organiser", "table"]


class Keys:
    """Who may write: the organiser's entry key (every action, the organiser's page) and
    the tables' join code (a table's games), both changeable while the server runs (old
    links and cookies stop working at once); `keep` is told each change, so that a
    restart keeps them."""

    def __init__(
        self, key: str, code: str | None = None, keep: Callable[[str, str], object] | None = None
    ) -> None:
        self.key = key
        self.code = new_code() if code is None else code
        self.keep = keep

    def level(self, given: str | None) -> Level | None:
        """What `given` allows: the organiser's key, the tables' code, or nothing."""
        if same(given, self.key):
            return "organiser"
        if self.code and given and len(given) < 64 and same(code_typed(given), self.code):
            return "table"
        return None

    def new_key(self) -> str:
        """Change the entry key; the old one stops working."""
        self.key = new_token()
        self._kept()
        return self.key

    def new_code(self) -> None:
        """Change the join code; the old one stops working."""
        self.code = new_code()
        self._kept()

    def _kept(self) -> None:
        if self.keep is not None:
            self.keep(self.key, self.code)


class Problem(Exception):
    """A request refused before it reached the night: its HTTP status and message."""

    def __init__(self, status: int, message: str, back: tuple[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.back = back
        """Where a page says to go from here (address, words), if anywhere."""


def bearer(request: Request) -> str | None:
    """The token of an `Authorization: Bearer TOKEN` header."""
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" else None


def cookie_name(request: Request) -> str:
    """The key's cookie of this server: named with its port, since a browser gives a
    cookie to every port of a computer (two servers would overwrite each other's key)."""
    server = request.scope.get("server")
    return f"{COOKIE}_{server[1]}" if server and server[1] else COOKIE


def cookie_token(request: Request, keys: Keys) -> str | None:
    """The key or join code the phone's cookie holds, when still good (for its forms)."""
    given = request.cookies.get(cookie_name(request)) or request.query_params.get("key")
    level = keys.level(given)
    return None if level is None else keys.key if level == "organiser" else keys.code


def from_here(request: Request) -> None:
    """Refuse a form sent from another site (403): the browser's `Origin` (when sent)
    must be this server's, and `Sec-Fetch-Site` (when sent) the same origin or none. A
    browser that hides the origin (`Origin: null`) passes only when `Sec-Fetch-Site`,
    which no page can set, says the form is the server's own."""
    site = request.headers.get("sec-fetch-site")
    origin = request.headers.get("origin")
    foreign = site is not None and site not in ("same-origin", "none")
    if origin is not None and not (origin == "null" and site == "same-origin"):
        host = request.headers.get("host", "")
        foreign = foreign or origin.split("://", 1)[-1].rstrip("/") != host
    if foreign:
        raise Problem(403, "forms are taken only from this server's own pages; nothing was changed")


async def write_fields(request: Request, keys: Keys, level: Level) -> Fields:
    """The fields of a write carrying the organiser's key (`level` "organiser"), or the
    key or the join code ("table"), else 401: `Authorization: Bearer KEY` is checked
    before the body is read; without it the form must come from this server's pages and
    carry the key as its `token` field (a JSON body, which only scripts send, needs the
    header)."""

    def allowed(given: str | None) -> bool:
        found = keys.level(given)
        return found == "organiser" or (found == "table" and level == "table")

    header = bearer(request)
    if header is None:
        from_here(request)
        if _kind(request) == "application/json":
            raise _no_key(level, api=True)
    elif not allowed(header):
        raise _no_key(level, api=True)
    fields = await read_fields(request)
    if header is None and not allowed(next(iter(fields.get("token", [])), None)):
        script = "token" not in fields and cookie_name(request) not in request.cookies
        raise _no_key(level, api=script)  # a phone holds the cookie; our forms carry a token
    return fields


def _no_key(level: Level, api: bool = False) -> Problem:
    """401 in the words of who sent it: a script is told the header, a phone what to scan."""
    if api:
        who = (
            "the organiser's key (the director's, at an event; a table's join code enters "
            "games only)"
            if level == "organiser"
            else "the key (or the tables' join code)"
        )
        return Problem(
            401,
            f"this needs {who}, printed when mahj serve started, sent as the header "
            "Authorization: Bearer KEY; a key or code that was changed opens nothing any "
            "more; nothing was changed",
        )
    if level == "organiser":
        return Problem(
            401,
            "this needs the organiser's key (the director's, at an event), which this phone "
            "does not hold (or no longer: "
            "it may have been changed): open the entry link printed when mahj serve started, "
            "or the new one (a table's join code enters games only); nothing was changed",
        )
    return Problem(
        401,
        "this phone's key or join code does not open this any more (the organiser, or the "
        "director at an event, may have made a new one): type the room's new code (they have "
        "it), or scan the QR code when the room's screen shows it; the organiser or director "
        "opens the entry link printed when mahj serve started; nothing was changed",
        ("/enter", "Type the room's code"),
    )


def _kind(request: Request) -> str:
    return request.headers.get("content-type", "").split(";")[0].strip().lower()


async def read_fields(request: Request) -> Fields:
    """The request's form fields (URL-encoded, multipart or a JSON object), its body at
    most BODY_LIMIT bytes (413 otherwise, refused before reading when it says so)."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > BODY_LIMIT):
        raise _too_large()
    if request.query_params:  # `requests.post(url, params=...)`: never read, never dropped
        named = next(iter(request.query_params))[:40]
        raise Problem(
            400,
            f"send the fields in the request's body, not in its address ({named!r} after ?); "
            "nothing was changed",
        )
    kind = _kind(request)
    try:
        if kind == "application/json":
            return _json_form(await request.body())
        if kind not in ("application/x-www-form-urlencoded", "multipart/form-data"):
            if await request.body():
                raise Problem(415, "send a form or a JSON object of fields; nothing was changed")
            return {}
        if kind == "application/x-www-form-urlencoded":
            return _url_form(await request.body())
        form = await request.form(max_files=0, max_fields=FIELDS_LIMIT)
    except Problem:
        raise
    except Exception as exc:  # a malformed body is the sender's mistake, not the server's
        detail = getattr(exc, "detail", exc)
        raise Problem(400, f"the form could not be read ({detail}); nothing was changed") from None
    return fields_of(form.multi_items())


def _url_form(body: bytes) -> Fields:
    """A URL-encoded form, as UTF-8 whether its bytes are escaped (a browser) or left as
    they are (`curl -d name=José`, which Starlette's reader would take for Latin-1,
    `JosÃ©`); anything else is refused, escaped or not (`Ren%E9e`, Latin-1, is never
    saved with a replacement character for its é)."""
    try:
        text = body.decode("utf-8")
        pairs = urllib.parse.parse_qsl(
            text, keep_blank_values=True, max_num_fields=FIELDS_LIMIT, errors="strict"
        )
    except UnicodeDecodeError:
        raise Problem(
            400,
            "the form is not UTF-8 text (send it escaped: curl --data-urlencode); "
            "nothing was changed",
        ) from None
    return fields_of(pairs)


def _too_large() -> Problem:
    return Problem(413, f"the request is larger than {BODY_LIMIT // 1024} KB; nothing was changed")


FIELDS_LIMIT = 100
"""The most fields a form may have."""

Fields = dict[str, list[str]]


def fields_of(items: Iterable[tuple[str, Any]]) -> Fields:
    """A form's fields, each with every value it was given."""
    found: Fields = {}
    for key, value in items:
        if not isinstance(value, str):
            raise Problem(400, f"{key}: files are not taken; nothing was changed")
        found.setdefault(key, []).append(value)
    return found


def _json_form(body: bytes) -> Fields:
    """A JSON object's fields as form fields (a list gives a field once per item)."""
    try:
        data = json.loads(body or b"{}")
    except (ValueError, RecursionError):  # RecursionError: nested too deep to read
        raise Problem(400, "the body is not JSON that mahj can read; nothing was changed") from None
    if not isinstance(data, dict):
        raise Problem(400, "send one JSON object of fields; nothing was changed")
    items: list[tuple[str, str]] = []
    for key, value in data.items():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, bool):
                items.append((key, "true" if item else "false"))
            elif isinstance(item, str | int):
                items.append((key, str(item)))
            elif isinstance(item, float):  # 25.0 is 25; 25.5 is refused as the number it is
                items.append((key, str(int(item)) if item.is_integer() else str(item)))
            elif item is not None:
                raise Problem(400, f"{key}: give text, a number or true/false; nothing was changed")
    return fields_of(items)


def status_of(exc: MahjError) -> int:
    """409 a file missing, to fix or busy (a phone sends its game again later), 400 what
    the rules or night refuse."""
    if isinstance(exc, SessionMissing | SessionInvalid | Busy | SaveFailed):
        return 409
    return 400


def json_response(data: object, status: int = 200) -> Response:
    """A JSON answer, as the commands print it (names as typed, one line)."""
    body = (json.dumps(data, ensure_ascii=False) + "\n").encode("utf-8")
    return Response(body, status, media_type="application/json")


def error_response(status: int, message: str, **more: Any) -> Response:
    """`{"error": "...", **more}` with its status."""
    response = json_response({"error": message, **more}, status)
    if status in (409, 503):
        response.headers["Retry-After"] = "1"
    return response


def wants_json(request: Request) -> bool:
    """Whether the page's script sent the form (it reads the answer as JSON)."""
    return "application/json" in request.headers.get("accept", "")


class Guard:
    """Every answer says: scripts, styles and forms only from this server, no framing,
    no guessing of types, no address sent on to another site (the entry link holds the
    key; `same-origin`, not `no-referrer`, so the browser still names the origin of a
    form it sends). No body is read past BODY_LIMIT bytes (413)."""

    POLICY = (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    )
    HEADERS = (
        (b"content-security-policy", POLICY.encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"same-origin"),
        (b"x-frame-options", b"DENY"),
    )

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        read = 0

        async def receiving() -> Message:
            nonlocal read
            message = await receive()
            read += len(message.get("body", b""))
            if read > BODY_LIMIT:
                raise _too_large()
            return message

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), *self.HEADERS]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receiving, sending)
