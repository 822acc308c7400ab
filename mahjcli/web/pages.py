"""The pages' templates (package data, `templates/*.html`), drawn by Starlette's Jinja2
templating with autoescaping on for every page, so a name or any text from a file
(`<script>`, `[bold]Sue`, `José`, `李`) is shown exactly as typed and never read as markup."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup
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


def qr_svg(link: str) -> Markup:
    """`link` as a QR code, an SVG drawing for a page (dark on the light box the page
    draws behind it), named for screen readers."""
    import qrcode
    import qrcode.image.svg

    code = qrcode.QRCode(border=2, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(link)
    drawing = code.make_image(image_factory=qrcode.image.svg.SvgPathImage).to_string(
        encoding="unicode"
    )
    named = 'class="qr" role="img" aria-label="QR code: the link that lets a phone enter games"'
    svg = re.sub(r'<svg width="[^"]*" height="[^"]*"', f"<svg {named}", drawing, count=1)
    return Markup(svg)


def draw(template: str, **context: Any) -> str:
    """A page's text (a part of a page that is sent again as it is)."""
    return templates.get_template(template).render(context)


def render(request: Request, template: str, status: int = 200, **context: Any) -> Response:
    """One page."""
    return templates.TemplateResponse(
        request, template, context, status_code=status, headers={"Cache-Control": "no-store"}
    )
