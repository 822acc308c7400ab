"""The pages' templates (package data, `templates/*.html`) and how one is drawn: Jinja2
with autoescaping on for every page, so a name or any text from a file (`<script>`,
`[bold]Sue`, `José`, `李`) is shown exactly as typed and never read as markup."""

from __future__ import annotations

import functools
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, PackageLoader, StrictUndefined
from starlette.responses import HTMLResponse

from ..core.names import visible
from ..reports.words import points


@functools.cache
def environment() -> Environment:
    """The templates, escaped throughout."""
    env = Environment(
        loader=PackageLoader("mahjcli.web", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["points"] = points
    env.filters["shown"] = visible
    env.filters["url"] = lambda text: quote(str(text), safe="")
    return env


def render(template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """One page."""
    page = environment().get_template(template).render(**context)
    return HTMLResponse(page, status, headers={"Cache-Control": "no-store"})
