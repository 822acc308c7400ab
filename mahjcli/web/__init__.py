"""The local page (`mahj serve`): the room's screen and every table's phone, over the same
night/ and reports/ as the command line. Starlette, uvicorn, Jinja2 and qrcode are
imported only here, and only by `mahj serve`."""
