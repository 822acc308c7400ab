"""The night's page to send to the group (`mahj total --html`): the standings with
everything they must show, the chart, and game by game, which is a card a game on a phone
(and on a night of many players). Every text that reaches the page is escaped."""

from __future__ import annotations

import html

from ..core.standings import Standings
from ..core.wording import isolated_rtl
from .pictures import svg
from .summary import summary
from .words import describe, plural, points, rate
from .words import title as night_title


def _esc(text: str) -> str:
    return html.escape(isolated_rtl(text), quote=True)


CARD_RULES = """
{s} thead {{ display: none; }}
{s}, {s} tbody, {s} tr {{ display: block; width: 100%; }}
{s} tr {{ border: 1px solid #ccc; border-radius: .5rem; padding: .5rem .75rem; margin: .7rem 0; }}
{s} td {{ display: block; border: 0; padding: .1rem 0; text-align: left; min-width: 0;
         white-space: normal; overflow-wrap: anywhere; }}
{s} td.game, {s} td.east {{ display: inline-block; margin-right: .8rem; color: #555; }}
{s} td.p {{ display: inline-block; margin-right: 1.1rem; max-width: 100%; }}
{s} td.out {{ display: none; }}
{s} .card {{ display: inline; }}
"""
"""Game by game as one card a game (each player's change under what happened): on a
narrow screen, and always on a night of more than `TABLE_PLAYERS` players."""
TABLE_PLAYERS = 6
"""Up to this many players, a wide screen shows game by game as a table, a column each."""

_CSS = (
    """
*, *::before, *::after { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
       font-size: 1.1rem; line-height: 1.4;
       margin: 2rem auto; max-width: 760px; padding: 0 1rem; color: #222; }
h1 { font-size: 1.5rem; margin-bottom: .2rem; overflow-wrap: anywhere; }
h2 { font-size: 1.25rem; margin-top: 1.6rem; }
p, li { overflow-wrap: anywhere; }
bdi, .card { unicode-bidi: isolate; }
p.sub, p.rules { color: #444; margin-top: 0; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { padding: .3rem .6rem; border-bottom: 1px solid #ddd; text-align: left;
         overflow-wrap: break-word; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.num { white-space: nowrap; }
.neg { color: #b00020; }
svg { max-width: 100%; height: auto; }
figure { margin: 1rem 0; }
.mark { color: #555; font-size: .9em; }
.card { display: none; }
ul.settle { padding-left: 1.2rem; }
ul.settle li { margin: .2rem 0; font-size: 1.15rem; }
footer { color: #666; font-size: .9rem; margin-top: 2rem; }
table.log td.what { min-width: 10rem; }
"""
    + CARD_RULES.format(s="table.log.cards")
    + "@media (max-width: 640px) {\n"
    + """body { margin: 1rem auto; padding: 0 .6rem; }
h1 { font-size: 1.3rem; }
th, td { padding: .25rem .4rem; }
"""
    + CARD_RULES.format(s="table.log")
    + "}\n"
)


def page_head(title: str, css: str) -> list[str]:
    """The start of a page to share, up to `<body>`: readable on a phone as on a laptop."""
    return [
        "<!doctype html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{_esc(title)}</title>",
        f"<style>{css}</style>",
        "</head>",
        "<body>",
    ]


def html_page(standings: Standings, *, coins: int = 0) -> str:
    """A page to send to the group: the standings with everything RULES.md says they must
    show (house rules, the sum, a full kitty's refund, the settle-up), the chart, and game
    by game (a card a game on a phone)."""
    coins = rate(standings, coins)
    title = night_title(standings)
    shown = summary(standings, coins)
    pie = shown.purses is not None

    def num(text: str, negative: bool) -> str:
        return f'<td class="num{" neg" if negative else ""}">{_esc(text)}'

    rows = []
    for p in shown.places:
        left = f' <span class="mark">{p.mark}</span>' if p.left else ""
        cells = f'<td class="num">{p.place}</td><td>{_esc(p.name)}{left}</td>'
        cells += num(p.total, p.negative) + "</td>"
        if pie:
            mark = ' <span class="mark">pie</span>' if p.pie else ""
            cells += num(p.purse, False) + f"{mark}</td>"
        rows.append(f"<tr>{cells}</tr>")
    purse_head = '<th class="num">Purse</th>' if pie else ""
    kind = "" if standings.rules.pays else " · points, not payments"  # the title names the rules
    parts = [
        *page_head(title, _CSS),
        f"<h1>{_esc(title)}</h1>",
        f'<p class="sub">{plural(standings.games, "game")}{kind}</p>',
        '<table class="standings">',
        f'<thead><tr><th class="num">#</th><th>Player</th><th class="num">Total</th>'
        f"{purse_head}</tr></thead>",
        "<tbody>",
        *rows,
        "</tbody>",
        "</table>",
        *(f'<p class="rules">{_esc(note)}</p>' for note in shown.rules),
        f'<p class="sum">{_esc(shown.sum_words)}</p>',
    ]
    if shown.kitty_words:
        parts.append(f'<p class="kitty-back">{_esc(shown.kitty_words)}</p>')
    if shown.settled:
        parts += ["<h2>Settled as they left</h2>", '<ul class="settled">']
        parts += [f"<li>{_esc(settled.words)}</li>" for settled in shown.settled]
        parts.append("</ul>")
    if shown.settle:
        parts += [f"<h2>{_esc(shown.settle_heading)}</h2>", '<ul class="settle">']
        parts += [f"<li>{_esc(words)}</li>" for words in shown.settle_words()]
        parts.append("</ul>")
    elif shown.settle_none:
        parts.append(f'<p class="settle-none">{_esc(shown.settle_none)}</p>')
    if standings.games:
        chart = svg(standings, coins=coins, title="Running totals", panel=False).rstrip()
        parts += ["<figure>", chart]
        parts += ["<figcaption>Each player's running total after every game.</figcaption>"]
        parts += ["</figure>"]
        parts += _log_table(standings, coins)
    parts += ["<footer>Made with mahj, the American mahjong score keeper.</footer>"]
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"


def _log_table(standings: Standings, coins: int) -> list[str]:
    """Game by game: what happened and each player's change; each cell also carries the
    words a card needs (`Game`, `East`, the player's name), shown only as a card."""
    head = "".join(f'<th class="num">{_esc(name)}</th>' for name in standings.players)
    cards = " cards" if len(standings.players) > TABLE_PLAYERS else ""
    out = [
        "<h2>Game by game</h2>",
        f'<table class="log{cards}">',
        f'<thead><tr><th class="num">#</th><th>East</th><th>What happened</th>{head}</tr></thead>',
        "<tbody>",
    ]
    arrivals = standings.arrivals()
    for row in standings.rows:
        counted = row.is_game or row.result == "penalty"
        if not (counted or any(row.deltas)):  # a closed table's kitty going back counts too
            continue
        where = f" · table {row.table}" if standings.club else ""
        number = f'<span class="card">Game </span>{row.game}<span class="card">{where}</span>'
        number = number if counted else ""  # a table closing: its line says which
        cells = []
        short = set(row.short)
        for name, delta in zip(standings.players, row.deltas, strict=True):
            who = f'<span class="card">{_esc(name)} </span>'
            if row.at < arrivals.get(name, -1):
                cells.append('<td class="num out"></td>')  # not here yet
            elif name in row.seated or delta:
                cls = "num p neg" if delta < 0 else "num p"
                pie = ' <span class="mark">pie</span>' if name in short else ""
                change = _esc(points(delta, coins=coins))
                cells.append(f'<td class="{cls}">{who}{change}{pie}</td>')
            else:
                cells.append('<td class="num out">–</td>')
        east = f'<span class="card">East </span>{_esc(row.east)}' if row.is_game else ""
        notes = [*row.notes, *(
            f"{name} owed {points(row.owed_by(name), coins=coins, sign=False)}: pie"
            for name in row.short
        )] if counted else ["the kitty goes back to those who paid it"]  # fmt: skip
        what = _esc(describe(row)) + "".join(f"<br><em>{_esc(n)}</em>" for n in notes)
        out.append(
            f'<tr><td class="num game">{number}</td><td class="east">{east}</td>'
            f'<td class="what">{what}</td>{"".join(cells)}</tr>'
        )
    out += ["</tbody>", "</table>"]
    return out
