"""No request to a write, however malformed, is answered 500 or with a traceback, and a
refused one leaves the file byte for byte as it was.

Hypothesis sends POSTs to every writing route of a served club night and of a served event
during a round, a few examples a route: a form made of the route's real field names (those
of the page's own forms, and those its handler reads), each field left out, sent once, or two
to five times, its values drawn from a small alphabet of awkward strings and the values the
page's own forms offer; on top of a page's own hidden fields or not; as a browser's form, as
a JSON object, or with its letters unescaped; asking for JSON or a page; with the key, the
tables' join code, a wrong key or none, in the header, the form or the cookie.

Each example serves a fresh copy of the file through an application of its own (in-process,
as the other web tests do): a write that goes through changes nothing the next one sees."""

from __future__ import annotations

import html
import json
import re
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, note, settings
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
EXAMPLES = 25
"""Examples a route: about 400 for each kind of server, the module about 12 s of CPU."""

AWKWARD = (
    "", "0", "-1", "25", "999999999999", "x", "  ", "Ann", "<b>", "李", "a" * 300,
    "\u221210", "true", "on",
)  # fmt: skip
"""The values any field may be given."""
KEYS = (TOKEN, CODE, "k7m-q3p", "not-the-key", "entry-id-0001")
"""A `token` field's values, and an entry id, besides the awkward ones."""

GAME = ("winner", "value", "line", "how", "thrown_by", "self_pick", "exposures", "jokerless",
        "singles_pairs", "heavenly", "misnamed", "dead", "bet", "pays_for_table", "table",
        "table_games", "table_seat", "result", "entry_id")  # fmt: skip
"""A night's game: `mahj win`'s and `mahj wall`'s options, and what a table's page adds."""
EVENT_GAME = (*GAME, "caller", "intact", "name", "points", "reason", "seen", "card",
              "before_time", "round")  # fmt: skip
"""A line of an event table's card: a game, a Mah Jongg in error, a penalty."""
PAPER = ("player", "points", "replace", "entry_id", "total")
CODE_FORM = ("show", "change", "page", "entry_id")

NIGHT_ROUTES = (
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
"""Every POST of `web.nightpages` and `web.nighttable`, with the fields its handler reads."""
NIGHT_PARAMS = {"t": (1, 2, 1, 2, 3, 0)}
"""The night's tables: 1 and 2 play, 3 is not open, there is no 0."""

TABLE = "/round/{r}/table/{t}"
EVENT_ROUTES = (
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
    ("/director/{d}", ("round", "table", "minutes", "restart", "movement", "entry_id", "page")),
    ("/event/{e}", (*EVENT_GAME, "last_id", "minutes", "restart", "movement")),
    ("/{n}", (*GAME, "name", "old", "new", "game", "at")),  # a night's: the event says so
)
"""Every POST of `web.eventpages` and `web.eventtable`, with the fields its handler reads."""
EVENT_PARAMS = {
    "r": (1, 1, 1, 1, 1, 1, 2, 5),
    "t": (1, 2, 1, 2, 1, 2, 3),
    "d": ("accept", "reopen", "start", "call-time", "seat"),
    "e": ("win", "wall", "incomplete", "error", "penalty", "undo", "confirm", "hand-in",
          "accept", "reopen", "start", "call-time", "seat"),
    "n": ("win", "wall", "incomplete", "fix", "join", "leave", "open-table", "close-table",
          "rename", "undo"),
}  # fmt: skip
"""Round 1 is on the floor (2 is not seated yet, there is no 5th); tables 1 and 2 play it,
there is no table 3; the director's writes, the API's, a night's writes."""

NIGHT_PAGES = ("/table/1", "/table/2", "/tables", "/organiser", "/table/1/undo",
               "/table/2/undo", "/table/1/fix/1", "/table/2/fix/2")  # fmt: skip
NIGHT_CHECKS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("/table/1/check", {"winner": "Ruth", "value": "25", "how": "self"}),
    ("/table/2/check", {"result": "wall"}),
)
EVENT_PAGES = ("/round/1/table/1", "/round/1/table/2", "/round/1/table/1/take-back",
               "/round/1/table/2/totals", "/director")  # fmt: skip
EVENT_CHECKS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("/round/1/table/1/check", {"result": "win", "winner": "Bea", "value": "25", "how": "self"}),
    ("/round/1/table/2/totals/check",
     {"player": ["Eve", "Fay", "Gus", "Hal"], "points": ["40", "-10", "25", "0"]}),
)  # fmt: skip
"""Forms checked as the pages' "Check" sends them, for the forms of the pages it shows
(`/record`, `/enter`, "Change something"); nothing is saved."""
NIGHT_API: dict[str, dict[str, list[str]]] = {
    "/win": {"winner": ["Ruth"], "value": ["25"], "thrown_by": ["Sue"]},
    "/wall": {"table": ["2"]},
    "/incomplete": {"table": ["1"]},
    "/fix": {"game": ["1"], "winner": ["Ruth"], "value": ["30"], "thrown_by": ["Linda"]},
    "/join": {"name": ["Zoe"]},
    "/leave": {"name": ["Gil"], "settle": ["true"]},
    "/open-table": {},
    "/close-table": {"table": ["2"]},
    "/rename": {"old": ["Gil"], "new": ["Gill"]},
    "/undo": {"at": ["9"]},
    "/join-code": {"show": ["true"]},
}
EVENT_API: dict[str, dict[str, list[str]]] = {
    "/event/win": {"round": ["1"], "table": ["1"], "winner": ["Bea"], "value": ["25"],
                   "self_pick": ["true"]},
    "/event/wall": {"round": ["1"], "table": ["1"]},
    "/event/penalty": {"round": ["1"], "table": ["1"], "name": ["Cy"], "points": ["10"]},
    "/event/error": {"round": ["1"], "table": ["1"], "caller": ["Dot"]},
    "/event/undo": {"round": ["1"], "table": ["1"], "seen": ["1"]},
    "/event/confirm": {"round": ["1"], "table": ["1"], "name": ["Ann"]},
    "/event/hand-in": {"round": ["1"], "table": ["1"], "name": ["Ann"]},
    "/event/accept": {"round": ["1"], "table": ["1"]},
    "/event/start": {"round": ["1"], "minutes": ["30"], "restart": ["on"]},
    "/event/call-time": {"round": ["1"]},
    "/event/seat": {"round": ["2"]},
    "/score": {"round": ["1"], "table": ["2"], "total": ["Eve=40", "Fay=-10", "Gus=25", "Hal=0"]},
}  # fmt: skip
"""A script's writes that go through, for the routes no page has a form for (the examples
start from them, or from nothing, as they start from a page's own form)."""
NIGHT_VALUES = ("ruth", "LINDA", "kathy", "SUE", "gil", "Flo", "pAt", "eve", "self",
                "by:LINDA", "by:nobody", "win", "wall", "Sue=RUTH", "Eve=wall")  # fmt: skip
EVENT_VALUES = ("ann", "BEA", "cy", "DOT", "eve", "FAY", "gus", "HAL", "self", "by:bea",
                "win", "wall", "penalty", "error", "incomplete", "EVE=40", "fay=-10", "1",
                "10")  # fmt: skip
"""Values besides the awkward ones: the players' names in another case, a game's choices."""


# ---- the pages' own forms ------------------------------------------------------------------


@dataclass
class Form:
    """What the pages' forms that post to one address send: every field's name, each
    form's hidden fields, and every value the forms offer."""

    names: set[str] = field(default_factory=set)
    hidden: list[dict[str, list[str]]] = field(default_factory=list)
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
        hidden: dict[str, list[str]] = {}
        for n, v in re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', body):
            hidden.setdefault(html.unescape(n), []).append(html.unescape(v))
        if hidden not in form.hidden:
            form.hidden.append(hidden)
        # a fresh entry id each time the page is drawn: left out, so that the values, and
        # the examples drawn from them, are the same in every run
        offered = {html.unescape(v) for v in re.findall(r'\svalue="([^"]*)"', body)}
        form.values |= {v for v in offered if v not in hidden.get("entry_id", [])}


def serving(path: Path) -> TestClient:
    """The file served in-process with TOKEN and CODE (a server's exception is raised by
    the client's request)."""
    app = make_app(Room.of_file(path), Keys(TOKEN, CODE), interval=0.05)
    return TestClient(app, base_url="http://mahj.test")


def scrape(
    path: Path,
    pages: tuple[str, ...],
    checks: tuple[tuple[str, dict[str, Any]], ...],
    api: dict[str, dict[str, list[str]]],
) -> dict[str, Form]:
    """The forms of `pages` as the organiser's phone sees them, and of the pages `checks`
    answer (and the forms as typed); and the `api`'s writes."""
    found: dict[str, Form] = {}
    for address, sent in api.items():
        found.setdefault(address, Form()).hidden.append(sent)
    before = path.read_bytes()
    with serving(path) as client:
        assert client.get(f"/enter?key={TOKEN}", follow_redirects=False).status_code == 303
        for address in pages:
            forms_of(client.get(address).text, found)
        for address, sent in checks:
            answer = client.post(address, data={**sent, "token": TOKEN})
            assert answer.status_code == 200, answer.text
            forms_of(answer.text, found)
            typed = {k: v if isinstance(v, list) else [v] for k, v in sent.items()}
            found[address].hidden.append(typed)  # the form as typed, to start from too
    assert path.read_bytes() == before
    return found


# ---- one request -----------------------------------------------------------------------------


@dataclass
class Sent:
    """One malformed request: where, its fields in order (the key in a `token` field among
    them, or not), the key in its header and its cookie, what it asks for, and how its body
    is written."""

    path: str
    fields: list[tuple[str, str]]
    header: str
    """`Authorization: Bearer` the key, the join code, a wrong key, or none ("")."""
    cookie: str
    """The cookie the entry link leaves, with the key or the join code, or none."""
    accept: str | None
    body: str
    """A browser's form (URL-encoded), a JSON object, or URL-encoded with its letters as they
    are (`curl -d name=José`)."""


HEADERS = ("key", "", "code", "wrong")
TOKENS = ("key", "", "code")
COOKIES = ("key", "code", "", "key", "code")
"""The key in the header, in the form's `token` field, in the cookie: a phone holds the
cookie (its pages draw their forms for it), a script does not."""
ACCEPTS = (None, "application/json", "text/html", "text/html,application/json")
BODIES = ("form", "json", "utf-8")


def requests(
    template: str,
    names: tuple[str, ...],
    params: dict[str, tuple[Any, ...]],
    forms: dict[str, Form],
    values: tuple[str, ...],
) -> st.SearchStrategy[Sent]:
    """Malformed writes to the route `template` (its `{t}`, `{r}`, ... drawn from `params`)
    that reads the fields `names`; `values`: values besides the awkward ones."""

    @st.composite
    def sent(draw: st.DrawFn) -> Sent:
        path = template.format(**{k: draw(st.sampled_from(v)) for k, v in params.items()})
        form = forms.get(path, Form())
        base = draw(st.sampled_from([*form.hidden, {}]))  # a page's own hidden fields, or none
        fields = {name: list(given) for name, given in base.items()}
        known = sorted({*names, *form.names, "token"})
        one = st.sampled_from(sorted({*AWKWARD, *KEYS, *values, *form.values}))
        # each field left as it is (out, or as the page has it), or sent 0, 1, 2, 3 or 5
        # times, or once fewer or once more than the page sends it (a page cut short, a
        # box twice): three or four fields changed, however many the route has
        changes = st.sampled_from((None,) * len(known) + (0, 1, 1, 2, 3, 5, "fewer", "more"))
        for name in known:
            change = draw(changes)
            had = fields.get(name, [])
            if change == "fewer":
                fields[name] = had[:-1] if had else []
            elif change == "more":
                fields[name] = [*had, draw(one)]
            elif change is not None:
                fields[name] = draw(st.lists(one, min_size=change, max_size=change))
        header, token, cookie = (draw(st.sampled_from(w)) for w in (HEADERS, TOKENS, COOKIES))
        if token:
            fields["token"] = [TOKEN if token == "key" else CODE]
        items = [(name, value) for name, given in fields.items() for value in given]
        accept = draw(st.sampled_from(ACCEPTS))
        return Sent(path, items, header, cookie, accept, draw(st.sampled_from(BODIES)))

    return sent()


def post(client: TestClient, sent: Sent) -> Any:
    """Send it as it says; the answer."""
    headers: dict[str, str] = {}
    if sent.header:
        headers["Authorization"] = f"Bearer {({'key': TOKEN, 'code': CODE}).get(sent.header, 'x')}"
    if sent.cookie:
        given = f"key={TOKEN}" if sent.cookie == "key" else f"code={CODE}"
        assert client.get(f"/enter?{given}", follow_redirects=False).status_code == 303
    if sent.accept is not None:
        headers["Accept"] = sent.accept
    pairs: dict[str, list[str]] = {}
    for name, value in sent.fields:
        pairs.setdefault(name, []).append(value)
    if sent.body == "json":  # a field given once is a string, more often a list
        data = {name: values[0] if len(values) == 1 else values for name, values in pairs.items()}
        return client.post(sent.path, json=data, headers=headers, follow_redirects=False)
    if sent.body == "utf-8":
        raw = "&".join(f"{_escaped(n)}={_escaped(v)}" for n, v in sent.fields)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        return client.post(sent.path, content=raw.encode(), headers=headers,
                           follow_redirects=False)  # fmt: skip
    return client.post(sent.path, data=pairs, headers=headers, follow_redirects=False)


def _escaped(text: str) -> str:
    """URL-encoded, but the letters beyond ASCII left as they are."""
    return "".join(
        ch if not ch.isascii() or ch.isalnum() or ch in "-_.~" else f"%{ord(ch):02X}" for ch in text
    )


def never_fails(path: Path, strategy: st.SearchStrategy[Sent]) -> None:
    """Every example, sent to a fresh copy of `path` as it is now, is answered without a
    500 or a traceback, and a refusal (4xx) leaves the file's bytes as they were."""
    original = path.read_bytes()

    @settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(strategy)
    def send(sent: Sent) -> None:
        path.write_bytes(original)
        with serving(path) as client:
            try:
                answer = post(client, sent)
            except Exception:
                tail = "".join(traceback.format_exc().splitlines(keepends=True)[-12:])
                raise AssertionError(f"the server failed on {sent}:\n{tail}") from None
        note(f"answered {answer.status_code}: {answer.text[:300]}")
        assert answer.status_code != 500, answer.text[:2000]
        assert "Traceback" not in answer.text, answer.text[:2000]
        if answer.status_code >= 400:
            assert path.read_bytes() == original, f"refused ({answer.status_code}) but changed"

    send()


# ---- the two kinds of server -----------------------------------------------------------------


@pytest.fixture(scope="module")
def club_night(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, dict[str, Form]]:
    """The sample club night (two tables, a shared line, the bettor and the kitty, a pie)
    and its pages' forms."""
    path = tmp_path_factory.mktemp("night") / "club-night.toml"
    path.write_bytes((SAMPLES / "club-night.toml").read_bytes())
    forms = scrape(path, NIGHT_PAGES, NIGHT_CHECKS, NIGHT_API)
    assert {"/table/1/check", "/table/1/record", "/join", "/fix", "/table/1/undo"} <= set(forms)
    return path.read_bytes(), forms


@pytest.fixture(scope="module")
def event_day(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, dict[str, Form]]:
    """Event day's event of eight during round 1, its clock running, a game on table 1's
    card and table 2's paper card still to type; and its pages' forms."""
    path = new_event(tmp_path_factory.mktemp("event"))
    cli("event", "start", "1", "--session", str(path))
    with serving(path) as client:
        game = {"round": "1", "table": "1", "winner": "Ann", "value": "25", "self_pick": "true"}
        answer = client.post("/event/win", data=game, headers=KEY)
        assert answer.status_code == 200, answer.text
    forms = scrape(path, EVENT_PAGES, EVENT_CHECKS, EVENT_API)
    paper = "/round/1/table/2/totals"
    assert {"/round/1/table/1/check", "/round/1/table/1/enter", f"{paper}/check",
            f"{paper}/record", paper} <= set(forms), sorted(forms)  # fmt: skip
    return path.read_bytes(), forms


@pytest.mark.parametrize(("template", "names"), NIGHT_ROUTES, ids=[r for r, _ in NIGHT_ROUTES])
def test_a_club_night_answers_malformed_writes_without_failing(
    club_night: tuple[bytes, dict[str, Form]], tmp_path: Path, template: str, names: tuple[str, ...]
):
    made, forms = club_night
    path = tmp_path / "club-night.toml"
    path.write_bytes(made)
    never_fails(path, requests(template, names, NIGHT_PARAMS, forms, NIGHT_VALUES))


@pytest.mark.parametrize(("template", "names"), EVENT_ROUTES, ids=[r for r, _ in EVENT_ROUTES])
def test_an_event_answers_malformed_writes_without_failing(
    event_day: tuple[bytes, dict[str, Form]], tmp_path: Path, template: str, names: tuple[str, ...]
):
    made, forms = event_day
    path = tmp_path / "event.toml"
    path.write_bytes(made)
    never_fails(path, requests(template, names, EVENT_PARAMS, forms, EVENT_VALUES))


def test_the_three_ways_of_writing_a_body_reach_the_form(tmp_path: Path):
    """The requests above are read as sent: a name with letters beyond ASCII, in each of
    the three bodies, joins the night as typed."""
    path = tmp_path / "club-night.toml"
    for body in BODIES:
        path.write_bytes((SAMPLES / "club-night.toml").read_bytes())
        with serving(path) as client:
            answer = post(client, Sent("/join", [("name", "李 José")], "key", "", None, body))
        assert answer.status_code == 200, (body, answer.text)
        assert json.loads(answer.text)["waiting"][-1] == "李 José", body
