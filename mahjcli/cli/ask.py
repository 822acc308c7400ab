"""`mahj win` with no arguments, at a terminal: the four quick questions.

Who called Mah Jongg, the hand's value (or card line), thrown by whom (or self-picked),
jokerless: one keystroke each where a number or a letter answers it, a line with TAB
completion where a name or a card line does. Then a summary to confirm, and the answers go
through exactly the path the one-line form takes (`mahj win NAME VALUE --thrown-by NAME`),
so the checks and the output are the same. Nothing here runs unless stdin and stdout are
both a terminal; a script gets the usage error instead.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import typer

if TYPE_CHECKING:
    from ..core.standings import Standings

ABORTED = "Nothing recorded."


class Terminal(Protocol):
    """What the questions need from a terminal."""

    def key(self, prompt: str) -> str:
        """One keystroke (Enter is `\\r` or `\\n`)."""

    def line(self, prompt: str, words: Sequence[str], first: str = "") -> str:
        """A line of text, TAB completing `words`; `first` is already typed."""

    def say(self, text: str) -> None:
        """Print a line."""


def interactive() -> bool:
    """True when a person is at the keyboard: stdin and stdout are both a terminal."""
    try:
        return sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


class RealTerminal:
    """The keyboard and screen: single keystrokes by `typer.getchar`, lines by `input`
    with readline's TAB completion when the platform has it."""

    def key(self, prompt: str) -> str:
        typer.echo(prompt, nl=False)
        ch = typer.getchar()
        typer.echo(ch if ch.isprintable() else "")
        return ch

    def line(self, prompt: str, words: Sequence[str], first: str = "") -> str:
        try:
            import readline
        except ImportError:  # pragma: no cover - Windows without pyreadline
            return first + input(prompt + first)
        matches: list[str] = []

        def complete(text: str, state: int) -> str | None:
            if state == 0:
                from ..core.names import fold_name

                matches[:] = [w for w in words if fold_name(w).startswith(fold_name(text))]
            return matches[state] if state < len(matches) else None

        readline.set_completer(complete)
        readline.set_completer_delims("")  # a card line's name may hold spaces
        readline.parse_and_bind("tab: complete")
        readline.set_startup_hook(lambda: readline.insert_text(first))
        try:
            return input(prompt)
        finally:
            readline.set_startup_hook(None)
            readline.set_completer(None)

    def say(self, text: str) -> None:
        typer.echo(text)


class PipedTerminal(RealTerminal):
    """Answers read from stdin a keystroke or a line at a time: what the tests type
    through CliRunner's input."""

    def line(self, prompt: str, words: Sequence[str], first: str = "") -> str:
        typer.echo(prompt + first, nl=False)
        answer = first + sys.stdin.readline()
        if not answer:
            raise EOFError
        typer.echo("")
        return answer.rstrip("\r\n")


def _menu(items: Sequence[tuple[str, str]]) -> str:
    """`1 Ruth  2 Linda  s self-picked`."""
    return "  ".join(f"{key} {label}" for key, label in items)


def _choose(
    term: Terminal, question: str, names: Sequence[str], extra: Sequence[tuple[str, str]] = ()
) -> str:
    """A player by the number shown beside them (one keystroke, up to nine) or by a name
    typed (a letter starts the name; TAB completes it); or one of the `extra` keys."""
    from ..core.names import UnknownName, resolve

    numbered = [(str(i), name) for i, name in enumerate(names, 1)] if len(names) <= 9 else []
    prompt = f"{question} {_menu([*numbered, *extra])}: " if numbered or extra else question
    while True:
        if numbered:
            ch = _key(term, prompt)
            pick = dict(numbered).get(ch)
            if pick is not None:
                return pick
            if ch.lower() in dict(extra):
                return ch.lower()
            if not ch.isalpha():
                term.say("  Press a number from the list, or type a name.")
                continue
            typed = _line(term, "  Name: ", names, first=ch)
        else:
            typed = _line(term, f"{question} (TAB completes a name): ", names)
        try:
            return resolve(typed, names)
        except UnknownName as exc:
            term.say(f"  {exc}")


def _key(term: Terminal, prompt: str) -> str:
    ch = term.key(prompt)
    if ch == "":  # the input ran out
        raise EOFError
    if ch in ("\x03", "\x04", "\x1b"):  # Ctrl-C, Ctrl-D, Esc
        raise KeyboardInterrupt
    return ch


def _line(term: Terminal, prompt: str, words: Sequence[str], first: str = "") -> str:
    return term.line(prompt, words, first).strip()


def _value(term: Terminal, standings: Standings) -> dict[str, Any]:
    """The hand's value (a number) or, on a night with a card, a card line's name."""
    from ..core.cards import find_line
    from ..core.model import MAX_VALUE
    from ..core.names import UnknownName

    card = standings.session.card
    words = [line.name for line in card.lines] if card is not None else []
    prompt = "Hand value" + (" or card line (TAB completes)" if card is not None else "") + ": "
    while True:
        typed = _line(term, prompt, words)
        if typed.isdigit() and typed.isascii():
            if 1 <= int(typed) <= MAX_VALUE:
                return {"value": typed}
            term.say(f"  The value is a whole number from 1 to {MAX_VALUE}.")
            continue
        if card is None:
            term.say("  Type the hand's value from the card, e.g. 25.")
            continue
        try:
            return {"lines": [find_line(card, typed).name]}
        except UnknownName as exc:
            term.say(f"  {exc}")


def _yes(term: Terminal, prompt: str, default: bool) -> bool:
    while True:
        ch = _key(term, prompt).lower()
        if ch in ("\r", "\n"):
            return default
        if ch in ("y", "n"):
            return ch == "y"
        term.say("  Press y or n (Enter: " + ("yes" if default else "no") + ").")


def _summary(answers: dict[str, Any]) -> str:
    hand = answers.get("value") or answers["lines"][0]
    how = f"thrown by {answers['thrown_by']}" if answers.get("thrown_by") else "self-picked"
    parts = [f"{answers['winner']} wins {hand}", how]
    if answers.get("exposures") is not None:
        parts.append(f"{answers['exposures']} exposures")
    if answers.get("jokerless"):
        parts.append("jokerless")
    return ", ".join(parts)


def ask_win(term: Terminal, standings: Standings) -> dict[str, Any] | None:
    """The answers to the four questions as `mahj win`'s options, or None when the
    scorekeeper says not to record them. KeyboardInterrupt when they press Ctrl-C."""
    seated = [name for table in standings.tables for name in table.seated]
    winner = _choose(term, "Who called Mah Jongg?", seated)
    answers: dict[str, Any] = {"winner": winner}
    answers.update(_value(term, standings))
    view = standings.table_of(winner)
    others = [name for name in (view.seated if view else seated) if name != winner]
    thrower = _choose(term, "Thrown by?", others, extra=[("s", "self-picked")])
    self_pick = thrower == "s"
    answers["thrown_by"] = None if self_pick else thrower
    answers["self_pick"] = self_pick
    if not standings.rules.pays and not self_pick:
        while True:
            ch = _key(term, f"Exposures on {winner}'s rack? 0-4: ")
            if ch in "01234" and len(ch) == 1:
                answers["exposures"] = int(ch)
                break
            term.say("  Press a number from 0 to 4.")
    answers["jokerless"] = _yes(term, "Jokerless? y/N: ", default=False)
    if not _yes(term, f"{_summary(answers)}. Record it? Y/n: ", default=True):
        return None
    return answers


def run(standings: Standings, record: Callable[[dict[str, Any]], None]) -> None:
    """Ask, then record through `record`; say so and stop if the scorekeeper backs out."""
    term: Terminal = RealTerminal() if sys.stdin.isatty() else PipedTerminal()
    try:
        answers = ask_win(term, standings)
    except (KeyboardInterrupt, EOFError):
        term.say("")
        answers = None
    if answers is None:
        term.say(ABORTED)
        raise typer.Exit(1)
    record(answers)
