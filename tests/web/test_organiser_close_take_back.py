"""A table closed from the organiser's page by mistake is taken back on the same page,
as an unsettled leave is: "Take back closing table N", while nothing has been recorded
since. The take-back is `mahj undo`'s: the table sits again as it sat (the file keeps the
closing as a comment, as `mahj undo` leaves it)."""

from __future__ import annotations

from pathlib import Path

from mahjcli.files import loader
from tests.web.conftest import TOKEN, Serve, cli
from tests.web.test_organiser_leave import organiser, words
from tests.web.test_table_page import form_fields


def seated(path: Path) -> dict[int, tuple[str, ...]]:
    return {t.table: t.seated for t in loader.load(path).standings.tables}


def close_table_1(serve: Serve, club: Path) -> tuple[object, str]:
    client = organiser(serve, club)
    sent = {"token": TOKEN, "page": "organiser", "table": "1", "entry_id": ""}
    closed = client.post("/close-table", data=sent)
    assert closed.status_code == 200, closed.text
    return client, closed.text


def test_a_table_closed_by_mistake_is_taken_back_on_the_page(serve: Serve, club: Path):
    before, tables = loader.load(club).session.log, seated(club)
    assert sorted(tables) == [1, 2]
    client, page = close_table_1(serve, club)
    said = words(page)
    assert "Recorded: Table 1 closes:" in said and sorted(seated(club)) == [2]
    assert "Take back closing table 1" in said
    taken = client.post("/undo", data=form_fields(page, "/undo"))  # type: ignore[attr-defined]
    assert taken.status_code == 200
    assert "Taken back: Table 1 closes:" in words(taken.text)
    assert seated(club) == tables and loader.load(club).session.log == before
    assert "Take back closing" not in words(taken.text)


def test_no_take_back_once_something_else_is_recorded(serve: Serve, club: Path):
    client, page = close_table_1(serve, club)
    cli("open-table", "--session", str(club))
    at = form_fields(page, "/undo")["at"][0]
    again = words(client.get(f"/organiser?at={at}").text)  # type: ignore[attr-defined]
    assert "Recorded: Table 1 closes:" in again and "Take back closing" not in again
