"""Every view of a night's standings shows what RULES.md says they must (§1, §4, §5, §7):
the one list (`mahjcli.reports.summary`, `Summary.musts`) held against the terminal
(`mahj total`), the page (`--html`), the SVG and the PNG (their text), the room's screen
(`mahj serve`, and its night's end) and the JSON (`mahj total --json`), on nights that
show each part: a plain night, a pie night with a leaver, a club night whose kitties are
still full at the end with every house rule that keeps a kitty, a night for money whose
house rules name amounts, a night whose leavers settled up as they went (RULES.md §5), a
club night too big to promise the fewest payments, and a tournament."""

from __future__ import annotations

import html.parser
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahjcli.cli import app
from mahjcli.files import loader
from mahjcli.reports.summary import summary
from tests.helpers import SAMPLES
from tests.web.conftest import serve  # noqa: F401 - the room's screen, served

BOX = re.compile(r"[\u2500-\u257f]")


def flat(text: str) -> str:
    """Text as read: table rules dropped, every run of spaces one space."""
    return " ".join(BOX.sub(" ", text).split())


class _Text(html.parser.HTMLParser):
    """The words of an HTML page in order (not its style, script or inline SVG)."""

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.skip += tag in ("style", "script", "svg")
        self.words.append(" ")

    def handle_endtag(self, tag: str) -> None:
        self.skip -= tag in ("style", "script", "svg")
        self.words.append(" ")

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.words.append(data)


def page_text(page: str) -> str:
    reader = _Text()
    reader.feed(page)
    return flat("".join(reader.words))


def svg_text(image: str) -> str:
    root = ET.fromstring(image)
    return flat(
        " ".join("".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text"))
    )


def png_text(path: Path) -> str:
    from matplotlib.text import Text

    from mahjcli.ui.png import figure_of

    standings = loader.load(path).standings
    drawn = " ".join(t.get_text() for t in figure_of(standings, 0).findobj(Text))
    return flat(drawn.translate(dict.fromkeys(map(ord, "\u200e\u2068\u2069"))))  # unseen marks


def mahj(path: Path, *args: str) -> str:
    result = CliRunner().invoke(app, [*args, "--session", str(path)], env={"COLUMNS": "150"})
    assert result.exit_code == 0, result.output
    return result.stdout


def _kitty_club(folder: Path) -> Path:
    """Nine players at two tables with a pie, the kitty and the bettor; both tables end
    on a wall game, so each kitty is still full when the night ends."""
    path = folder / "kitty-club.toml"
    mahj(path, "new", "Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue",
         "--tables", "2", "--pie", "400", "--house", "kitty=20", "--house", "bettor")  # fmt: skip
    mahj(path, "win", "Ruth", "25", "-t", "Linda")
    mahj(path, "win", "Bea", "30", "-s", "-j")
    mahj(path, "wall", "--table", "1")
    mahj(path, "win", "Cy", "40", "-t", "Dot")
    mahj(path, "wall", "--table", "2")
    mahj(path, "wall", "--table", "1")
    return path


def _stake_club(folder: Path) -> Path:
    """Five players at a nickel a point with a $10 pie, the kitty (5), the bettor and
    jokerless as flat points: Ruth (East) wins and gets up for Sue, then a wall game, the
    kitty full at the end."""
    path = folder / "stake-club.toml"
    mahj(path, "new", "Ruth", "Linda", "Kathy", "Pat", "Sue", "--stake", "0.05", "--pie", "$10",
         "--house", "kitty=5", "--house", "bettor", "--house", "jokerless-flat=10")  # fmt: skip
    mahj(path, "win", "Ruth", "25", "-t", "Linda", "-j")
    mahj(path, "wall")
    return path


def _settled_leavers(folder: Path) -> Path:
    """Five players: Ruth leaves owed 100 and is paid by Linda; Kathy leaves owed 155 and
    is paid by three players; the game after Ruth comes back is left for the end."""
    path = folder / "settled.toml"
    mahj(path, "new", "Ruth", "Linda", "Kathy", "Pat", "Sue")
    mahj(path, "win", "Ruth", "25", "-t", "Linda")
    mahj(path, "win", "Kathy", "30", "-s")
    mahj(path, "leave", "Ruth", "--settle")
    mahj(path, "leave", "Kathy", "--settle")
    mahj(path, "join", "Ruth")
    mahj(path, "win", "Pat", "25", "-t", "Ruth")
    return path


def _past_the_limit(folder: Path) -> Path:
    """Twenty-four players at six tables, each with a balance of their own: more than
    the settle-up can promise the fewest payments for."""
    path = folder / "big.toml"
    names = [f"P{i:02}" for i in range(1, 25)]
    mahj(path, "new", *names, "--tables", "6")
    for table in range(6):
        seats = names[4 * table : 4 * table + 4]
        mahj(path, "win", seats[0], str(25 + 5 * table), "-t", seats[1])
        mahj(path, "win", seats[2], str(30 + 5 * table), "-s")
    return path


def _copy(name: str):
    def make(folder: Path) -> Path:
        path = folder / Path(name).name
        path.write_bytes((SAMPLES / name).read_bytes())
        return path

    return make


NIGHTS = {
    "plain": _copy("rules-worked-night.toml"),
    "pie, a leaver": _copy("five-player-pie-night.toml"),
    "club, full kitties": _kitty_club,
    "a stake, house rules with amounts": _stake_club,
    "settled leavers": _settled_leavers,
    "past the exact limit": _past_the_limit,
    "tournament": _copy("tournament-two-rounds.toml"),
}


def _json_at(data: object, path: tuple[str | int, ...]) -> object:
    for key in path:
        data = data[key]  # type: ignore[index]
    return data


def night_end(client) -> str:  # type: ignore[no-untyped-def]
    """The room's screen once the organiser closed the night."""
    from tests.web.conftest import KEY

    assert client.post("/close-night", headers=KEY).status_code == 200
    page = client.get("/").text
    assert "the night is over" in page
    return page


@pytest.mark.parametrize("kind", list(NIGHTS))
def test_every_view_shows_what_the_standings_must(kind, tmp_path: Path, serve):  # noqa: F811
    path = NIGHTS[kind](tmp_path)
    musts = summary(loader.load(path).standings).musts()
    kinds = {m.what for m in musts}
    assert {"total", "sum"} <= kinds
    if kind == "club, full kitties":
        assert {"purse", "rules", "kitty back", "settle up"} <= kinds
    if kind != "tournament":
        assert {"settle heading", "settle up"} <= kinds
    if kind == "settled leavers":
        assert "settled" in kinds
    views = {
        "terminal": flat(mahj(path, "total")),
        "html": page_text(mahj(path, "total", "--html", "-")),
        "svg": svg_text(mahj(path, "total", "--svg", "-")),
        "png": png_text(path),
        "room's screen": page_text(serve(path).get("/").text),
        "the night's end on the screen": page_text(night_end(serve(path))),
    }
    missing = [(view, m.what, m.words) for view, text in views.items()
               for m in musts if m.words not in text]  # fmt: skip
    assert missing == []
    data = json.loads(mahj(path, "total", "--json"))
    wrong = [(m.what, m.path) for m in musts if _json_at(data, m.path) != m.value]
    assert wrong == []


def test_the_list_for_full_kitties_in_the_rule_books_words(tmp_path: Path):
    """The list itself for the club night above: table 1's kitty holds two wall games
    (160), table 2's one (80); each goes back to who paid it (RULES.md §7), counted in the
    sum, and the settle-up settles the totals with the kitty given back."""
    musts = summary(loader.load(_kitty_club(tmp_path)).standings).musts()
    said = {(m.what, m.words) for m in musts}
    assert ("rules", "House rules: bettor (a wall bet collects 25 from each seated); "
            "kitty (20 from each seated player on a wall game).") in said  # fmt: skip
    assert ("sum", "Sum of totals with the kitty's 240: 0 (sums to zero)") in said
    assert ("kitty back", "The kitty goes back to those who paid it: Linda 40, Kathy 40, "
            "Pat 40, Sue 40, Ann 20, Cy 20, Dot 20, Ruth 20") in said  # fmt: skip
    assert [m.words for m in musts if m.what == "settle up"] == [
        "Dot pays Bea 200", "Ann pays Bea 120", "Linda pays Cy 40",
        "Kathy pays Ruth 25", "Pat pays Ruth 25", "Linda pays Ruth 10",
    ]  # fmt: skip
    assert [m.words for m in musts if m.what == "purse"][:2] == ["1 Bea +320 720", "2 Ruth +40 440"]


def test_a_nights_house_rules_are_money_at_its_stake(tmp_path: Path):
    """At a nickel a point everything shown is money (docs/money.md), the house rules'
    amounts too: the kitty's 5 is $0.25, the bettor's 25 $1.25, jokerless's 10 $0.50."""
    musts = summary(loader.load(_stake_club(tmp_path)).standings).musts()
    assert [m.words for m in musts if m.what == "rules"] == [
        "House rules: bettor (a wall bet collects $1.25 from each seated); kitty ($0.25 from "
        "each seated player on a wall game); jokerless adds $0.50 instead of doubling."
    ]  # fmt: skip
    assert ("kitty back", "The kitty goes back to those who paid it: Linda $0.25, Kathy "
            "$0.25, Pat $0.25, Sue $0.25") in {(m.what, m.words) for m in musts}  # fmt: skip


def test_settled_leavers_and_the_heading_in_the_rule_books_words(tmp_path: Path):
    """The list for the night of settled leavers (RULES.md §5). After two games Ruth is
    +100, Linda -110, Kathy +155, Pat -85 and Sue -60. Ruth leaves and Linda pays her 100;
    Kathy leaves and is paid by Pat 85, Sue 60 and Linda her last 10, so Kathy is gone and
    square: "(left, settled)". Ruth comes back and throws Pat's 25 (Ruth -50, Linda and
    Sue -25 each): only that game is left for the final settle-up."""
    shown = summary(loader.load(_settled_leavers(tmp_path)).standings)
    said = [(m.what, m.words) for m in shown.musts()]
    kathy = "Kathy is paid by Pat 85, Sue 60 and Linda 10 (before game 3)"
    assert [w for what, w in said if what == "settled"] == [
        "Linda pays Ruth 100 (before game 3)", kathy, kathy, kathy
    ]  # fmt: skip
    assert ("total", "1 Kathy (left, settled) +155") in said
    assert ("total", "2 Ruth +50") in said  # back at the table: not marked as gone
    assert ("settle heading", "the fewest payments") in said
    assert [w for what, w in said if what == "settle up"] == [
        "Ruth pays Pat 50", "Linda pays Pat 25", "Sue pays Pat 25"
    ]  # fmt: skip
    assert shown.json()["settled"][1:] == [
        {"player": "Kathy", "before_game": 3, "from": payer, "to": "Kathy", "amount": amount}
        for payer, amount in (("Pat", 85), ("Sue", 60), ("Linda", 10))
    ]


def test_past_the_exact_limit_every_view_heads_the_list_a_short_list(tmp_path: Path):
    shown = summary(loader.load(_past_the_limit(tmp_path)).standings)
    assert shown.found is not None and not shown.found.fewest
    assert ("settle heading", "a short list of payments (too many players to promise the "
            "fewest)") in {(m.what, m.words) for m in shown.musts()}  # fmt: skip
