"""An editor that opened the night before the phones recorded a game, and saves its older
copy over it: the game is gone from the file (and from the backup, which is the version
before the phone's save). The server says so on its terminal, with the command that puts
it back; mahj's own take-backs (an undo, a fix) keep the entry in the file as a comment,
so they never set it off."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.conftest import KEY, Serve, cli

PHONE_GAME = {"winner": "Kathy", "value": "30", "self_pick": "true", "entry_id": "phone-abc-123"}


def test_a_game_saved_over_by_an_editors_older_copy_is_named(
    serve: Serve, night: Path, capsys: pytest.CaptureFixture[str]
):
    cli("win", "Ruth", "25", "--thrown-by", "Linda", "--session", str(night))
    opened = night.read_text("utf-8")  # the hostess opens the file in her editor
    client = serve(night)
    assert client.post("/win", data=PHONE_GAME, headers=KEY).status_code == 200
    assert client.get("/total.json").json()["games"] == 2
    night.write_text(opened.replace('name = "', 'name = "Thursday ', 1), "utf-8")  # saved
    assert client.get("/total.json").json()["games"] == 1
    said = capsys.readouterr().err
    assert "Warning: night.toml was saved without what a phone recorded (Kathy wins 30, " in said
    assert f"record it again: mahj win Kathy 30 --self-pick --session {night}\n" in said
    client.get("/")  # said once, not at every look
    assert "Warning" not in capsys.readouterr().err


def test_it_is_named_when_the_next_thing_after_the_editors_save_is_a_phones_game(
    serve: Serve, night: Path, capsys: pytest.CaptureFixture[str]
):
    opened = night.read_text("utf-8")
    client = serve(night)
    assert client.post("/win", data=PHONE_GAME, headers=KEY).status_code == 200
    night.write_text(opened, "utf-8")  # the editor's older copy, and no screen looks
    later = {"winner": "Ruth", "value": "25", "thrown_by": "Pat", "entry_id": "phone-def-456"}
    assert client.post("/win", data=later, headers=KEY).status_code == 200
    said = capsys.readouterr().err
    assert "Warning: night.toml was saved without what a phone recorded (Kathy wins 30, " in said
    client.get("/")
    assert "Warning" not in capsys.readouterr().err


@pytest.mark.parametrize(
    "correction",
    [("undo",), ("take-back", "2"), ("fix", "2", "Linda", "25", "--self-pick")],
)
def test_mahjs_own_corrections_of_a_phones_game_say_nothing(
    serve: Serve, night: Path, capsys: pytest.CaptureFixture[str], correction: tuple[str, ...]
):
    cli("wall", "--session", str(night))
    client = serve(night)
    assert client.post("/win", data=PHONE_GAME, headers=KEY).status_code == 200
    assert client.get("/total.json").json()["games"] == 2
    cli(*correction, "--session", str(night))
    assert client.get("/total.json").json()["games"] == (2 if correction[0] == "fix" else 1)
    assert "Warning" not in capsys.readouterr().err
