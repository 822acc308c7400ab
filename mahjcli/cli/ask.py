"""`mahj win` with no arguments, at a terminal: the quick questions.

Who called Mah Jongg, the hand's value (or card line), thrown by whom (or self-picked),
the exposures (tournament), jokerless; then, on a night that plays them, the house
rules' questions (`askhouse`). Every question is answered the same way: type a number, a
letter or a name, then press Enter. An Enter on its own answers nothing (the question is
asked again), so an Enter pressed out of habit can never answer the next question; only
a house rule's question takes it, for nobody or no bet. A line, rather than single
keystrokes, also lets a player see and correct what they typed before it counts.

The last question shows the whole game with its payments and records it only on `y`
(or `yes`); `n` (or `no`) records nothing. The answers then go through exactly the path
the one-line form takes (`mahj win NAME VALUE --thrown-by NAME`), so the checks and the
output are the same. Nothing here runs unless stdin and stdout are both a terminal; a
script gets the usage error instead.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import typer

from .askline import Terminal, ask_line, numbers_hint

if TYPE_CHECKING:
    from ..core.standings import Standings
    from ..night.build import Built

ABORTED = "Nothing recorded."
YES = ("y", "yes")
NO = ("n", "no")


def interactive() -> bool:
    """True when a person is at the keyboard: stdin and stdout are both a terminal."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


class RealTerminal:
    """The keyboard and screen: lines by `input`, with readline's TAB completion when
    the platform has it."""

    def line(self, prompt: str, words: Sequence[str]) -> str:
        try:
            import readline
        except ImportError:  # pragma: no cover - Windows without pyreadline
            return input(prompt)
        matches: list[str] = []

        def complete(text: str, state: int) -> str | None:
            if state == 0:
                from ..core.names import fold_name

                matches[:] = [w for w in words if fold_name(w).startswith(fold_name(text))]
            return matches[state] if state < len(matches) else None

        readline.set_completer(complete)
        readline.set_completer_delims("")  # a card line's name may hold spaces
        readline.parse_and_bind("tab: complete")
        try:
            return input(prompt)
        finally:
            readline.set_completer(None)

    def say(self, text: str) -> None:
        typer.echo(text)


class PipedTerminal(RealTerminal):
    """Answers read from stdin a line at a time: what the tests type through
    CliRunner's input."""

    def line(self, prompt: str, words: Sequence[str]) -> str:
        typer.echo(prompt, nl=False)
        answer = sys.stdin.readline()
        if not answer:
            raise EOFError
        typer.echo(answer.rstrip("\r\n"))
        if "\x03" in answer:  # Ctrl-C typed into a pipe
            raise KeyboardInterrupt
        return answer


def _menu(items: Sequence[tuple[str, str]]) -> str:
    """`1 Ruth  2 Linda  s self-picked`."""
    return "  ".join(f"{key} {label}" for key, label in items)


def _choose(
    term: Terminal,
    question: str,
    names: Sequence[str],
    extra: Sequence[tuple[str, str]] = (),
    not_here: Mapping[str, str] = {},
    numbering: Sequence[str] = (),
) -> str:
    """A player by the number shown beside them (their place in `numbering`, else in
    `names`, so a player keeps her number from one question to the next; up to nine are
    numbered) or by name (TAB completes it); or one of the `extra` keys."""
    from ..core.names import UnknownName, fold_name, resolve

    order = list(numbering or names)
    numbered = [(str(order.index(n) + 1), n) for n in names] if len(order) <= 9 else []
    if numbered or extra:
        prompt = f"{question} {_menu([*numbered, *extra])}: "
    else:
        prompt = f"{question} (a name; TAB completes it): "

    def read(typed: str) -> str:
        if typed in dict(numbered):
            return dict(numbered)[typed]
        if typed.lower() in dict(extra):
            same = [(n, name) for n, name in numbered if name.casefold() == typed.lower()]
            if same:  # a player called S, and s for self-picked
                (number, name), label = same[0], dict(extra)[typed.lower()]
                raise ValueError(f"Type {number} for {name}, or type {label} in full.")
            return typed.lower()
        if (named := _extra_named(typed, extra)) is not None:
            return named
        if typed.isascii() and typed.isdigit():
            if numbered and 0 < int(typed) <= len(order) and order[int(typed) - 1] in not_here:
                raise ValueError(not_here[order[int(typed) - 1]])
            raise ValueError(numbers_hint([number for number, _ in numbered]))
        try:  # among every player of the night, as the one-line form names them
            found = resolve(typed, [*names, *not_here])
        except UnknownName as exc:
            if any(fold_name(n).startswith(fold_name(typed)) for n in not_here):
                raise ValueError(str(exc)) from None  # `Ma`: Marge here, or Mary waiting?
            try:  # nobody: told among those who can answer
                return resolve(typed, names)
            except UnknownName as unknown:
                raise ValueError(str(unknown)) from None
        if found in not_here:  # a player who cannot be this answer: say why
            raise ValueError(not_here[found])
        return found

    return ask_line(term, prompt, read, names)


def _extra_named(typed: str, extra: Sequence[tuple[str, str]]) -> str | None:
    """The key of the `extra` choice whose words were typed in full (`self-picked`)."""
    from ..core.names import fold_name

    said = fold_name(typed.replace("-", " "))
    return next((k for k, words in extra if said == fold_name(words.replace("-", " "))), None)


def _value(term: Terminal, standings: Standings) -> dict[str, Any]:
    """The hand's value (a number) or, on a night with a card, a card line's name; a
    value no line of the card is worth is refused at once, as the one-line form refuses it."""
    from ..core.cards import find_line, value_problem
    from ..core.model import MAX_VALUE
    from ..core.names import UnknownName
    from ..core.wording import in_words

    card = standings.session.card
    words = [line.name for line in card.lines] if card is not None else []
    prompt = "Hand value" + (" or card line (TAB completes)" if card is not None else "") + ": "

    def read(typed: str) -> dict[str, Any]:
        if typed.isdigit() and typed.isascii():
            if not 1 <= int(typed) <= MAX_VALUE:
                raise ValueError(f"The value is a whole number from 1 to {MAX_VALUE}.")
            if card is not None and (why := value_problem(card, int(typed), False)):
                raise ValueError(in_words(why))
            return {"value": typed}
        if card is None:
            raise ValueError("Type the hand's value from the card as a number, like 25")
        try:
            return {"lines": [find_line(card, typed).name]}
        except UnknownName as exc:
            raise ValueError(str(exc)) from None

    return ask_line(term, prompt, read, words)


def _exposures(term: Terminal, winner: str) -> int:
    from ..core.model import MAX_EXPOSURES

    def read(typed: str) -> int:  # as `--exposures` takes it
        if typed.isascii() and typed.isdigit() and len(typed) < 3 and int(typed) <= MAX_EXPOSURES:
            return int(typed)
        raise ValueError(f"Type a number from 0 to {MAX_EXPOSURES}.")

    return ask_line(term, f"Exposures on {winner}'s rack? 0 to {MAX_EXPOSURES}: ", read)


def _yes_or_no(term: Terminal, prompt: str, hint: str) -> bool:
    """True for `y`/`yes`, False for `n`/`no`; anything else asks again."""

    def read(typed: str) -> bool:
        if typed.lower() in YES + NO:
            return typed.lower() in YES
        raise ValueError(hint)

    return ask_line(term, prompt, read)


def ask_win(
    term: Terminal, standings: Standings, trial: Callable[[dict[str, Any]], Built]
) -> dict[str, Any]:
    """The answers to the questions, as `mahj win`'s options; then, on a night that plays
    them, the house rules' questions (`trial`: the game the answers make, checked).
    KeyboardInterrupt when the scorekeeper presses Ctrl-C."""
    from .askhouse import ask_house

    seated = [name for table in standings.tables for name in table.seated]
    winner = _choose(term, "Who called Mah Jongg?", seated, not_here=_apart(standings, seated))
    answers: dict[str, Any] = {"winner": winner}
    answers.update(_value(term, standings))
    view = standings.table_of(winner)
    others = [name for name in (view.seated if view else seated) if name != winner]
    apart = _apart(standings, others, "thrown the winning tile")
    apart[winner] = f"{winner} called Mah Jongg, so cannot have thrown the winning tile."
    numbering = seated if len(seated) <= 9 else (view.seated if view else ())
    thrower = _choose(term, "Thrown by?", others, [("s", "self-picked")], apart, numbering)
    self_pick = thrower == "s"
    answers["thrown_by"] = None if self_pick else thrower
    answers["self_pick"] = self_pick
    if not standings.rules.pays and not self_pick:
        answers["exposures"] = _exposures(term, winner)
    answers["jokerless"] = _yes_or_no(
        term, "Jokerless? y or n: ", "Type y if the hand had no jokers, n if it had."
    )
    return answers | ask_house(term, standings, answers, trial, numbering)


def _apart(
    standings: Standings, answers: Sequence[str], did: str = "called Mah Jongg"
) -> dict[str, str]:
    """Why each other player of the night cannot be the answer (waiting, gone home, at
    another table), in the words a scorekeeper needs."""
    where = {name: "is waiting this game" for name in standings.waiting}
    where |= {name: "has gone home" for name in standings.gone}
    return {
        name: f"{name} {where.get(name, 'is at another table')}, so cannot have {did}."
        for name in standings.players
        if name not in answers
    }


def the_game(after: Standings) -> list[str]:
    """The game about to be recorded, as the confirmation shows it: what happened,
    where, and who pays whom."""
    from ..reports.words import describe, outcome

    row = after.rows[-1]
    where = f" at table {row.table}" if after.club else ""
    said = [f"Game {row.game}{where}: {describe(row)}"]
    if any(row.deltas) or row.payments:
        said.append("  " + outcome(row, after))
    said.extend(f"  {note}" for note in row.notes)
    return said


class Preview(NamedTuple):
    """What the confirmation shows of a game: its lines (the game and its payments), what
    else it brings (who takes whose seat), and the games its table will have played."""

    lines: list[str]
    notes: list[str]
    played: tuple[str, ...]


def preview(standings: Standings, built: Built) -> Preview:
    """The confirmation of the game `built` on the night `standings`."""
    from ..core.fold import appended
    from ..reports.words import describe

    after = appended(standings.session, built.entry)

    table = after.rows[-1].table
    played = tuple(describe(row) for row in after.rows if row.is_game and row.table == table)
    return Preview(the_game(after), [f"  {note}" for note in built.notes], played)


def still_shown(standings: Standings, build: Callable[[Standings], Built], shown: Preview) -> Built:
    """The game built again on the night as it is at the save; Refused unless it is the
    game the scorekeeper confirmed, at its table as it was (a game recorded there, or the
    file edited, meanwhile). Its number may have moved on (another table's game)."""
    from ..core.errors import Refused

    changed = (
        "the night changed while you were answering (something was recorded or the file "
        "saved meanwhile)"
    )
    try:
        built = build(standings)
        now = preview(standings, built)
    except Refused as exc:
        raise Refused(f"{changed}, and now {exc}; nothing was recorded") from None
    game, was = now.lines[0].partition(": ")[2], shown.lines[0].partition(": ")[2]
    if (game, now.lines[1:], now.played) != (was, shown.lines[1:], shown.played):
        said = "; ".join(" ".join(line.split()) for line in now.lines)
        raise Refused(
            f"{changed}, so this game would now be: {said}; nothing was recorded (look at "
            "mahj log, then run mahj win again if it is another game)"
        )
    return built


def run(
    standings: Standings,
    build: Callable[[Standings, dict[str, Any]], Built],
    record: Callable[[Callable[[Standings], Built]], None],
) -> None:
    """Ask; show the game `build` makes of the answers with its payments; record it
    through `record` only when the scorekeeper types y, and only if it is still the game
    shown on the night as it then stands. Say so and stop otherwise."""
    term: Terminal = RealTerminal() if sys.stdin.isatty() else PipedTerminal()

    def trial(answers: dict[str, Any]) -> Built:
        built = build(standings, answers)
        preview(standings, built)  # refused as recording it would be
        return built

    try:
        answers = ask_win(term, standings, trial)
        shown = preview(standings, build(standings, answers))
        for line in [*shown.lines, *shown.notes]:
            term.say(line)
        keep = _yes_or_no(
            term,
            "Record it? y or n: ",
            "Type y to record this game, or n to leave it out.",
        )
    except (KeyboardInterrupt, EOFError):
        term.say("")
        keep = False
    if not keep:
        term.say(ABORTED)
        raise typer.Exit(1)
    record(lambda now: still_shown(now, lambda night: build(night, answers), shown))
