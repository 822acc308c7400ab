"""The pages' templates (package data, `templates/*.html`), drawn by Starlette's Jinja2
templating with autoescaping on for every page, so a name or any text from a file
(`<script>`, `[bold]Sue`, `José`, `李`) is shown exactly as typed and never read as markup."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from jinja2 import Environment, PackageLoader, StrictUndefined
from starlette.requests import Request
from starlette.responses import Response
from starlette.templating import Jinja2Templates

from ..core.names import visible
from ..reports.words import points

environment = Environment(
    loader=PackageLoader("mahjcli.web", "templates"),
    autoescape=True,
    undefined=StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)
environment.filters["points"] = points
environment.filters["shown"] = visible
environment.filters["url"] = lambda text: quote(str(text), safe="")
templates = Jinja2Templates(env=environment)


def draw(template: str, **context: Any) -> str:
    """A page's text (a part of a page that is sent again as it is)."""
    return templates.get_template(template).render(context)


def render(request: Request, template: str, status: int = 200, **context: Any) -> Response:
    """One page."""
    return templates.TemplateResponse(
        request, template, context, status_code=status, headers={"Cache-Control": "no-store"}
    )
