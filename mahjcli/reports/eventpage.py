"""The results page of an event, for printing or projecting at lunch: the winner's
circle, each round's winners, the full standings and any card still missing. Every text
that reaches the page is escaped, as on the night's page (`mahjcli.reports.pictures`)."""

from __future__ import annotations

import html

from ..core.eventfold import EventStandings
from .event import circle, event_title, place_labels, round_cell, runs, tie_lines, winners_lines
from .nightpage import CARD_RULES, page_head
from .words import plural, points

_CSS = (
    """
*, *::before, *::after { box-sizing: border-box; }
body { font-family: system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
       font-size: 1.1rem; line-height: 1.4;
       margin: 2rem auto; max-width: 900px; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; overflow-wrap: anywhere; }
h2 { font-size: 1.25rem; margin-top: 1.6rem; }
p, li { overflow-wrap: anywhere; }
bdi { unicode-bidi: isolate; }
p.sub { color: #444; margin-top: 0; }
ol.circle { font-size: 1.3rem; line-height: 1.7; padding-left: 0; }
ol.circle li { list-style: none; }
table { border-collapse: collapse; margin: 1rem 0; width: 100%; }
th, td { padding: .25rem .6rem; border-bottom: 1px solid #ddd; text-align: left;
         overflow-wrap: break-word; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.neg { color: #b00020; }
.note { color: #8a4b00; }
.card { display: none; }
footer { color: #666; font-size: .9rem; margin-top: 2rem; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; }
               tr { break-inside: avoid; } }
"""
    + "@media (max-width: 640px) {\n"
    + CARD_RULES.format(s="table.standings")
    + """body { margin: 1rem auto; padding: 0 .6rem; }
table.standings tr { display: flex; flex-wrap: wrap; column-gap: .9rem; }
table.standings tr::before { content: ""; flex-basis: 100%; order: 1; }
table.standings td.num { text-align: left; }
table.standings td.place, table.standings td.player, table.standings td.total {
  display: block; font-weight: 700; font-size: 1.15rem; }
table.standings td.p { order: 2; margin-right: 0; }
}
"""
)


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _num(n: int) -> str:
    cls = "num neg" if n < 0 else "num"
    return f'<td class="{cls}">{_esc(points(n))}</td>'


def _circle(standings: EventStandings, size: int) -> list[str]:
    out = [f"<h2>Winner's circle (top {size})</h2>", '<ol class="circle">']
    label = place_labels(standings)
    for line in standings.top(size):
        place = _esc(label[line.place])
        out.append(
            f"<li>{place}. <bdi>{_esc(line.player.name)}</bdi> — {_esc(points(line.points))}</li>"
        )
    out.append("</ol>")
    return out


def _table(standings: EventStandings) -> list[str]:
    heads = "".join(f'<th class="num">R{r}</th>' for r in range(1, standings.rounds + 1))
    out = [
        "<h2>Standings</h2>",
        '<table class="standings">',
        f'<thead><tr><th class="num">Place</th><th>Player</th><th class="num">Total</th>{heads}'
        '<th class="num">Games</th><th class="num">Byes</th></tr></thead>',
        "<tbody>",
    ]
    label = place_labels(standings)
    for line in standings.lines:
        rounds = "".join(
            f'<td class="num p"><span class="card">R{i + 1} </span>{_esc(round_cell(line, i))}</td>'
            for i in range(standings.rounds)
        )
        name = _esc(line.player.name) + (" <em>(withdrew)</em>" if line.withdrew else "")
        total = _num(line.points).replace('class="num', 'class="num total', 1)
        out.append(
            f'<tr><td class="num place">{_esc(label[line.place])}</td>'
            f'<td class="player">{name}</td>{total}{rounds}'
            f'<td class="num p"><span class="card">games </span>{line.games}</td>'
            f'<td class="num p"><span class="card">byes </span>{line.byes}</td></tr>'
        )
    out += ["</tbody>", "</table>"]
    return out


def awaited(standings: EventStandings) -> list[str]:
    """`Round 3: waiting for tables 1, 2` for each round begun whose cards are not all in:
    said under the results' heading, so that nobody takes them for the final ones."""
    return [
        f"Round {r}: waiting for table{'s' if len(t) > 1 else ''} {runs(t)}"
        for r, t in standings.missing.items()
        if t and standings.event.started(r)
    ]


def results_page(standings: EventStandings, top: int | None = None) -> str:
    """The whole results page."""
    title = event_title(standings)
    event = standings.event
    size = circle(standings, top)
    sub = (
        f"{plural(len(standings.lines), 'player')} · {standings.rounds} of "
        f"{plural(event.rounds, 'round')} played · profile {event.rules.profile}"
        + (f" ({event.rules.source})" if event.rules.source else "")
    )
    parts = [
        *page_head(f"{title} — results", _CSS),
        f"<h1>{_esc(title)}</h1>",
        f'<p class="sub">{_esc(sub)}</p>',
    ]
    parts += [f'<p class="note">{_esc(w)}</p>' for w in awaited(standings)]
    if standings.rounds:
        parts += _circle(standings, size)
        parts += ["<h2>Round winners</h2>", "<ul>"]
        parts += [f"<li>{_esc(w)}</li>" for w in winners_lines(standings)]
        parts += ["</ul>"]
    parts += _table(standings)
    parts += [f'<p class="sub ties">{_esc(line)}</p>' for line in tie_lines(standings, top)]
    parts += ["<footer>Made with mahj, the American mahjong score keeper.</footer>"]
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"
