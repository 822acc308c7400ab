"""A URL-encoded form is read by the standard library's reader, field for field as
Starlette's general form reader reads it (which still reads multipart forms)."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.requests import Request

from mahjcli.web import guard

URLENCODED = "application/x-www-form-urlencoded"


async def read(body: bytes, kind: str = URLENCODED) -> list[tuple[str, object]]:
    """A body read by `guard.read_form`, as a request with `kind` would be."""

    async def receive() -> dict[str, object]:
        return {"type": "http.request", "body": body, "more_body": False}

    headers = [(b"content-type", kind.encode()), (b"content-length", str(len(body)).encode())]
    scope = {"type": "http", "method": "POST", "path": "/", "query_string": b"",
             "headers": headers}  # fmt: skip
    return list((await guard.read_form(Request(scope, receive))).multi_items())


async def starlettes(body: bytes) -> list[tuple[str, object]]:
    """The same body read by Starlette's general form reader."""

    async def receive() -> dict[str, object]:
        return {"type": "http.request", "body": body, "more_body": False}

    scope = {"type": "http", "method": "POST", "path": "/", "query_string": b"",
             "headers": [(b"content-type", URLENCODED.encode())]}  # fmt: skip
    form = await Request(scope, receive).form(max_files=0, max_fields=guard.FIELDS_LIMIT)
    return list(form.multi_items())


PIECES = st.sampled_from(
    ["a", "winner", "=", "&", ";", "+", "%", "%2", "%20", "%C3%A9", "%zz", "é", "李", "25", ""]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, max_size=12), st.sampled_from(["utf-8", "latin-1"]))
def test_a_urlencoded_form_reads_as_starlette_reads_it(pieces: list[str], encoding: str):
    body = "".join(pieces).encode(encoding, "replace")
    assert asyncio.run(read(body)) == asyncio.run(starlettes(body))


def test_the_fields_a_phone_sends_are_read_as_typed():
    body = b"winner=Jos%C3%A9&value=25&how=by%3A%5Bbold%5DSue&jokerless=on&note=a+b"
    assert asyncio.run(read(body)) == [
        ("winner", "José"), ("value", "25"), ("how", "by:[bold]Sue"), ("jokerless", "on"),
        ("note", "a b"),
    ]  # fmt: skip


def test_a_form_of_too_many_fields_is_refused():
    assert len(asyncio.run(read(b"&".join([b"a=1"] * guard.FIELDS_LIMIT)))) == 100
    with pytest.raises(guard.Problem, match="more than 100 fields") as refused:
        asyncio.run(read(b"&".join([b"a=1"] * (guard.FIELDS_LIMIT + 1))))
    assert refused.value.status == 400


def test_a_multipart_form_is_still_read():
    body = (
        b'--xx\r\nContent-Disposition: form-data; name="winner"\r\n\r\nRuth\r\n'
        b'--xx\r\nContent-Disposition: form-data; name="value"\r\n\r\n25\r\n--xx--\r\n'
    )
    kind = "multipart/form-data; boundary=xx"
    assert asyncio.run(read(body, kind)) == [("winner", "Ruth"), ("value", "25")]
