"""A box that is empty looks empty: a paper card's total boxes show no grey "0" (an empty
box is refused, "type 0 for no points", which the form says in words), and a penalty's
"Why" box holds no example that reads as a reason already written (the example is a
hint beside the box)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.web.conftest import Serve
from tests.web.eventday import entered, text_of
from tests.web.test_event_paper_cards import PAPER, at_table


def test_a_paper_card_s_boxes_show_nothing_and_say_to_type_0(serve: Serve, event: Path):
    page = at_table(serve, event).get(PAPER)
    boxes = re.findall(r'<input type="text"[^>]*name="points"[^>]*>', page.text)
    assert len(boxes) == 4 and all("placeholder" not in box for box in boxes), boxes
    assert "Each player's round total, from the signed card (type 0 for no points)" in text_of(page)


def test_the_why_box_is_empty_and_its_example_is_a_hint(serve: Serve, event: Path):
    page = entered(serve, event).get("/round/1/table/1").text
    (box,) = re.findall(r'<input[^>]*name="reason"[^>]*>', page)
    assert "placeholder" not in box and 'aria-describedby="reason-hint"' in box
    hint = re.search(r'<p class="hint" id="reason-hint">([^<]*)</p>', page)
    assert hint is not None and hint[1] == "for example: looked at a blind-passed tile"
