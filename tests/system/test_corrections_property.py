"""RULES.md §10 over random club nights: whatever correction is tried (a fix of a random
game into a random result, or taking back a random earlier game, as a table's page does),
an accepted one leaves every later game at the same table, with the same players in the
same seats and the same East; a refused one leaves the file byte-for-byte as it was."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from mahjcli.core.errors import MahjError
from mahjcli.core.house import parse
from mahjcli.core.model import Wall, Win
from mahjcli.core.rulesets import League
from mahjcli.core.session import Session
from mahjcli.core.standings import Standings
from mahjcli.files import atomic, loader
from mahjcli.files.sessionwrite import new_session_text
from mahjcli.night import build, change, history
from mahjcli.night.build import Built

NAMES = ["Ruth", "Linda", "Kathy", "Pat", "Ann", "Bea", "Cy", "Dot", "Sue", "Eve", "Flo"]


def _record(path: Path, entry: Win | Wall) -> None:
    change.record(path, lambda night: Built(entry))


def _game(data: st.DataObject, standings: Standings, anyone: bool = False) -> Win | Wall:
    """A random game at a random open table, as that table would play it (`anyone`: the
    winner may be any player of the night, seated elsewhere or waiting)."""
    at = data.draw(st.sampled_from(standings.tables))
    if data.draw(st.integers(0, 4)) == 0:
        return Wall(table=at.table if standings.club else None)
    winner = data.draw(st.sampled_from(standings.players if anyone else at.seated))
    others = [p for p in at.seated if p != winner]
    thrower = data.draw(st.none() | st.sampled_from(others))
    value = data.draw(st.sampled_from([25, 30, 50]))
    return Win(winner, value, thrower)


def _seats(standings: Standings) -> dict[int, tuple[int, str, tuple[str, ...]]]:
    """Each game's table, East and seats, by its place in the log."""
    return {r.at: (r.table, r.east, r.seated) for r in standings.rows if r.is_game}


@settings(
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_no_accepted_correction_moves_a_later_game(data: st.DataObject) -> None:
    count = data.draw(st.integers(8, 11), label="players")
    house = data.draw(st.sampled_from([(), ("kitty=25",)]), label="house")
    pie = data.draw(st.none() | st.just(300), label="pie")
    rules = League(pie=pie, house=parse(list(house), "house"))
    players = tuple(NAMES[:count])
    session = Session(players, (players[0], players[4]), rules, name="club", tables=2)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "club.toml"
        atomic.create(path, new_session_text(session).encode("utf-8"))
        for _ in range(data.draw(st.integers(2, 9), label="games")):
            _record(path, _game(data, loader.load(path).standings))

        night = loader.load(path)
        before = night.standings
        kept = path.read_bytes()
        games = [r for r in before.rows if r.is_game]
        target = data.draw(st.sampled_from(games), label="corrected game")
        taking_back = data.draw(st.booleans(), label="take back")
        try:
            if taking_back:
                history.remove(path, target.at, "taken back")
            else:

                def fixed(standings: Standings) -> Built:
                    game = _game(data, standings, anyone=True)
                    if isinstance(game, Win):
                        return build.build_win(
                            standings,
                            winner=game.winner,
                            value=str(game.value),
                            thrown_by=game.thrown_by,
                            self_pick=game.thrown_by is None,
                        )
                    return build.build_wall(standings, None, game.table)

                history.replace(path, target.game, fixed, "fixed")
        except MahjError:
            event("refused")
            assert path.read_bytes() == kept
            return
        event("accepted")
        after = loader.load(path).standings
        was, now = _seats(before), _seats(after)
        shift = 1 if taking_back else 0
        for at, seated in was.items():
            if at > target.at:
                assert now[at - shift] == seated, (at, seated, now.get(at - shift))
        assert sum(after.balances().values()) == 0
