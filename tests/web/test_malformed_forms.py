"""No request to a write, however malformed, is answered 500 or with a traceback, and a
refused one leaves the file byte for byte as it was.

Hypothesis sends POSTs to every writing route of a served club night and of a served event
during a round: one route each time, with a form made of that route's real field names (the
page's own form's, and the names the handlers read), each field absent, sent once or two to
five times, its values drawn from a small alphabet of awkward strings (and the values the
page's own form offers); sometimes on top of the page's own hidden fields, sometimes as JSON,
sometimes asking for JSON; with the key, the tables' join code, a wrong one or none.

Each example serves a fresh copy of the file through its own application (in-process, as
the other web tests do): a write that goes through changes nothing the next one sees."""

from __future__ import annotations

import html
import json
import re
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from mahjcli.web.app import make_app
from mahjcli.web.guard import Keys
from mahjcli.web.source import Room
from tests.helpers import SAMPLES
from tests.web.conftest import KEY, TOKEN, cli
from tests.web.eventday import new_event

CODE = "K7MQ3P"
"""The tables' join code of every server here (fixed, so that an example can be sent again)."""
EXAMPLES = 150
"""Examples per kind of server: the whole module stays well under 20 s."""

AWKWARD = (
    "", "0", "-1", "25", "999999999999", "x", "  ", "Ann", "<b>", "李", "a" * 300,
    "\u221210", "true", "on",
)  # fmt: skip
"""The values every field may be given."""
TOKENS = (TOKEN, CODE, "k7m-q3p", "not-the-key")
"""A `token` field's values besides the awkward ones."""

GAME = ("winner", "value", "line", "how", "thrown_by", "self_pick", "exposures", "jokerless",
        "singles_pairs", "heavenly", "misnamed", "dead", "bet", "pays_for_table", "table",
        "table_games", "table_seat", "result", "entry_id")  # fmt: skip
"""A night's game: `mahj win`'s and `mahj wall`'s options, and what a table's page adds."""
EVENT_GAME = (*GAME, "caller", "intact", "name", "points", "reason", "seen", "card",
              "before_time", "round")  # fmt: skip
"""A line of an event table's card: a game, a Mah Jongg in error, a penalty."""
PAPER = ("player", "points", "replace", "entry_id", "total")
DIRECTOR = ("round", "table", "minutes", "restart", "movement", "entry_id", "page")
CODE_FORM = ("show", "change", "page", "entry_id")

NIGHT_ROUTES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("/table/{t}", (*GAME, "wall")),  # "Change something": the form again
    ("/table/{t}/check", GAME),
    ("/table/{t}/record", GAME),
    ("/table/{t}/undo", ("at", "entry_id")),
    ("/win", GAME),
    ("/wall", ("dead", "bet", "line", "table", "table_games", "table_seat", "entry_id")),
    ("/incomplete", ("table", "table_games", "table_seat", "dead", "entry_id")),
    ("/fix", (*GAME, "game", "page", "was", "east_was", "wall")),
    ("/join", ("name", "new", "page", "entry_id")),
    ("/leave", ("name", "settle", "page", "entry_id")),
    ("/open-table", ("east", "page", "entry_id")),
    ("/close-table", ("table", "page", "entry_id")),
    ("/rename", ("old", "new", "page", "entry_id")),
    ("/undo", ("at", "was", "page", "entry_id")),
    ("/close-night", ("page", "entry_id")),
    ("/reopen-night", ("page", "entry_id")),
    ("/join-code", CODE_FORM),
    ("/key", ("page", "entry_id")),
)
"""Every POST of `web.nightpages` and `web.nighttable`, with the fields it reads."""

TABLE = "/round/{r}/table/{t}"
EVENT_ROUTES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (TABLE, EVENT_GAME),  # "Change something": the form again
    (TABLE + "/check", EVENT_GAME),
    (TABLE + "/enter", EVENT_GAME),
    (TABLE + "/undo", ("seen", "last_id", "entry_id")),
    (TABLE + "/confirm", ("name", "seen", "card", "entry_id")),
    (TABLE + "/hand-in", ("name", "seen", "card", "entry_id")),
    (TABLE + "/take-back", ("seen", "last_id", "entry_id")),
    (TABLE + "/totals", PAPER),
    (TABLE + "/totals/check", PAPER),
    (TABLE + "/totals/record", PAPER),
    ("/score", ("round", "table", "total", "replace", "entry_id")),
    ("/director/join-code", CODE_FORM),
    *((f"/director/{name}", DIRECTOR) for name in ("accept", "reopen", "start", "call-time",
                                                    "seat")),  # fmt: skip
    *(
        (f"/event/{name}", (*EVENT_GAME, "last_id", "minutes", "restart", "movement"))
        for name in ("win", "wall", "incomplete", "error", "penalty", "undo", "confirm",
                     "hand-in", "accept", "reopen", "start", "call-time", "seat")
    ),  # fmt: skip
    ("/win", GAME),  # a night's writes, which an event answers with its own addresses
    ("/join", ("name", "new", "page", "entry_id")),
)
"""Every POST of `web.eventpages` and `web.eventtable`, with the fields it reads."""


# ---- the pages' own forms ------------------------------------------------------------------


@dataclass
class Form:
    """What a page's forms that post to one address send: every field's name, the hidden
    fields of the first of them, and every value the forms offer."""

    names: set[str] = field(default_factory=set)
    hidden: dict[str, list[str]] = field(default_factory=dict)
    values: set[str] = field(default_factory=set)


def forms_of(page: str, found: dict[str, Form]) -> None:
    """Add the forms of `page` to `found`, by the address they post to."""
    for match in re.finditer(r"<form\b([^>]*)>(.*?)</form>", page, re.S):
        action = re.search(r'action="([^"?#]*)', match[1])
        if action is None:
            continue
        form = found.setdefault(html.unescape(action[1]), Form())
        body = match[2]
        form.names |= {html.unescape(n) for n in re.findall(r'\sname="([^"]*)"', body)}
        form.values |= {html.unescape(v) for v in re.findall(r'\svalue="([^"]*)"', body)}
        hidden: dict[str, list[str]] = {}
        for n, v in re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', body):
            hidden.setdefault(html.unescape(n), []).append(html.unescape(v))
        if not form.hidden:
            form.hidden = hidden


def serving(path: Path) -> TestClient:
    """The file served in-process with TOKEN and CODE; a server error is raised here."""
    app = make_app(Room.of_file(path), Keys(TOKEN, CODE), interval=0.05)
    return TestClient(app, base_url="http://mahj.test")


def scrape(path: Path, pages: tuple[str, ...]) -> dict[str, Form]:
    """The forms of `pages` as the organiser's phone sees them."""
    found: dict[str, Form] = {}
    with serving(path) as client:
        assert client.get(f"/enter?key={TOKEN}", follow_redirects=False).status_code == 303
        for address in pages:
            forms_of(client.get(address).text, found)
    return found


# ---- one request -----------------------------------------------------------------------------


@dataclass
class Sent:
    """One malformed request: where, its fields in order, how it carries the key, what it
    asks for, and how its body is written."""

    path: str
    fields: list[tuple[str, str]]
    auth: str
    accept: str | None
    body: str

    def __repr__(self) -> str:
        return (
            f"Sent(POST {self.path}, fields={self.fields!r}, auth={self.auth!r}, "
            f"accept={self.accept!r}, body={self.body!r})"
        )


AUTHS = ("none", "bearer-key", "bearer-code", "bearer-wrong", "form-key", "form-code",
         "cookie-key", "cookie-code")  # fmt: skip
"""How a request carries the key: not at all, in the header, in the form's `token` field,
or only in the cookie the entry link left (which alone opens nothing)."""
ACCEPTS = (None, "application/json", "text/html", "text/html,application/json")
BODIES = ("form", "json", "utf-8")
"""A URL-encoded form as a browser sends it, a JSON object, a URL-encoded form with its
letters sent as they are (`curl -d name=José`)."""


def requests(
    routes: tuple[tuple[str, tuple[str, ...]], ...],
    forms: dict[str, Form],
    params: dict[str, tuple[int, ...]],
    extra: tuple[str, ...],
) -> st.SearchStrategy[Sent]:
    """Malformed writes to `routes` (their `{t}`, `{r}` from `params`), on top of the page's
    own form or not; `extra`: values besides the awkward ones (the players, in other case)."""

    @st.composite
    def sent(draw: st.DrawFn) -> Sent:
        template, names = draw(st.sampled_from(routes))
        path = template.format(**{k: draw(st.sampled_from(v)) for k, v in params.items()})
        form = forms.get(path, Form())
        fields = {k: list(v) for k, v in form.hidden.items()} if draw(st.booleans()) else {}
        known = sorted({*names, *form.names, "token"})
        pool = sorted({*AWKWARD, *extra, *form.values, *TOKENS})
        for name in draw(st.lists(st.sampled_from(known), unique=True, max_size=6)):
            count = draw(st.one_of(st.just(1), st.integers(0, 5)))
            fields[name] = draw(st.lists(st.sampled_from(pool), min_size=count, max_size=count))
        auth = draw(st.sampled_from(AUTHS))
        if auth.startswith("form-"):
            fields["token"] = [TOKEN if auth == "form-key" else CODE]
        items = [(name, value) for name, values in fields.items() for value in values]
        accept = draw(st.sampled_from(ACCEPTS))
        return Sent(path, items, auth, accept, draw(st.sampled_from(BODIES)))

    return sent()


def post(client: TestClient, sent: Sent):  # type: ignore[no-untyped-def]
    """Send it as it says."""
    headers: dict[str, str] = {}
    if sent.auth == "bearer-key":
        headers.update(KEY)
    elif sent.auth == "bearer-code":
        headers["Authorization"] = f"Bearer {CODE}"
    elif sent.auth == "bearer-wrong":
        headers["Authorization"] = "Bearer not-the-key"
    if sent.auth in ("cookie-key", "cookie-code"):
        given = f"key={TOKEN}" if sent.auth == "cookie-key" else f"code={CODE}"
        assert client.get(f"/enter?{given}", follow_redirects=False).status_code == 303
    if sent.accept is not None:
        headers["Accept"] = sent.accept
    if sent.body == "json":
        data: dict[str, object] = {}
        for name, value in sent.fields:
            had = data.get(name)
            data[name] = value if had is None else [*had, value] if isinstance(had, list) else [
                had, value]  # fmt: skip
        return client.post(sent.path, json=data, headers=headers, follow_redirects=False)
    if sent.body == "utf-8":
        escaped = "&".join(f"{_raw(n)}={_raw(v)}" for n, v in sent.fields)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        return client.post(sent.path, content=escaped.encode(), headers=headers,
                           follow_redirects=False)  # fmt: skip
    return client.post(sent.path, data=_pairs(sent.fields), headers=headers,
                       follow_redirects=False)  # fmt: skip


def _pairs(fields: list[tuple[str, str]]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for name, value in fields:
        found.setdefault(name, []).append(value)
    return found


def _raw(text: str) -> str:
    """URL-encoded, but letters beyond ASCII left as they are."""
    return "".join(
        ch if not ch.isascii() or ch.isalnum() or ch in "-_.~" else f"%{ord(ch):02X}"
        for ch in text
    )


def never_fails(path: Path, strategy: st.SearchStrategy[Sent]) -> Callable[[], None]:
    """The test: every example, on a fresh copy of `path` as it is now, never answered 500
    or with a traceback, and a refusal leaves the file's bytes as they were."""
    original = path.read_bytes()

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(strategy)
    def run(sent: Sent) -> None:
        path.write_bytes(original)
        with serving(path) as client:
            try:
                answer = post(client, sent)
            except Exception:
                tail = "".join(traceback.format_exc().splitlines(keepends=True)[-12:])
                raise AssertionError(f"{sent!r} failed in the server:\n{tail}") from None
        note(f"{answer.status_code} {answer.text[:300]}")
        event(f"status {answer.status_code}")
        event(f"{sent.path} {answer.status_code}")
        assert answer.status_code != 500, (sent, answer.text[:2000])
        assert "Traceback" not in answer.text, (sent, answer.text[:2000])
        if answer.status_code >= 400:
            assert path.read_bytes() == original, (sent, answer.status_code, answer.text[:500])

    return run


# ---- the two kinds of server -----------------------------------------------------------------

NIGHT_PAGES = ("/table/1", "/table/2", "/organiser", "/table/1/undo", "/table/2/undo",
               "/table/1/fix/1", "/table/2/fix/2", "/tables")  # fmt: skip
EVENT_PAGES = ("/round/1/table/1", "/round/1/table/2", "/round/1/table/1/take-back",
               "/round/1/table/2/totals", "/director")  # fmt: skip


def test_a_club_night_answers_every_malformed_write_without_failing(tmp_path: Path):
    """The sample club night (two tables, a shared line, the bettor and the kitty): its
    tables' pages, the organiser's page and the API."""
    path = tmp_path / "club-night.toml"
    path.write_bytes((SAMPLES / "club-night.toml").read_bytes())
    players = ("ruth", "LINDA", "kathy", "SUE", "gil", "Flo", "pAt", "eve")
    extra = (*players, "self", "by:LINDA", "win", "wall", "Sue=RUTH", "Eve=wall", "by:nobody")
    forms = scrape(path, NIGHT_PAGES)
    assert {"/table/1/check", "/join", "/fix", "/table/1/undo"} <= set(forms), sorted(forms)
    strategy = requests(NIGHT_ROUTES, forms, {"t": (1, 2, 3, 0)}, extra)
    never_fails(path, strategy)()


def test_an_event_during_a_round_answers_every_malformed_write_without_failing(tmp_path: Path):
    """Event day's event of eight, round 1's clock running, a game on table 1's card and
    table 2's paper card still to type: the tables' pages, the director's and the API."""
    path = new_event(tmp_path)
    cli("event", "start", "1", "--session", str(path))
    with serving(path) as client:
        game = {"round": "1", "table": "1", "winner": "Ann", "value": "25", "self_pick": "true"}
        answer = client.post("/event/win", data=game, headers=KEY)
        assert answer.status_code == 200, answer.text
    players = ("ann", "BEA", "cy", "DOT", "eve", "FAY", "gus", "HAL")
    extra = (*players, "self", "by:bea", "win", "wall", "penalty", "error", "incomplete",
             "EVE=40", "fay=-10", "1", "10")  # fmt: skip
    forms = scrape(path, EVENT_PAGES)
    assert {"/round/1/table/1/check", "/round/1/table/2/totals/check"} <= set(forms), forms
    strategy = requests(EVENT_ROUTES, forms, {"r": (1, 2, 5), "t": (1, 2, 3)}, extra)
    never_fails(path, strategy)()


def test_the_json_of_a_refusal_is_one_error(tmp_path: Path):
    """The module's own check: a refusal it sends is answered as the API answers one."""
    path = tmp_path / "club-night.toml"
    path.write_bytes((SAMPLES / "club-night.toml").read_bytes())
    with serving(path) as client:
        answer = post(client, Sent("/win", [("winner", "李")], "bearer-key", None, "utf-8"))
    assert answer.status_code == 400 and list(json.loads(answer.text)) == ["error"]
