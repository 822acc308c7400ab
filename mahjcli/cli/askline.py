"""One question of `mahj win` alone, at a terminal: asked until its answer can be used
(the four questions in `ask`, the house rules' in `askhouse`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")


class Terminal(Protocol):
    """What the questions need from a terminal."""

    def line(self, prompt: str, words: Sequence[str]) -> str:
        """A line of text ended by Enter, TAB completing `words`."""

    def say(self, text: str) -> None:
        """Print a line."""


def ask_line(
    term: Terminal,
    prompt: str,
    read: Callable[[str], T],
    words: Sequence[str] = (),
    enter: bool = False,
) -> T:
    """Ask until `read` takes the typed line; a ValueError from `read` is said and asks
    again. An empty line asks again, unless `enter` makes it an answer (nobody, no bet)."""
    while True:
        typed = term.line(prompt, words).strip()
        if not typed and not enter:
            continue  # a stray Enter answers nothing
        try:
            return read(typed)
        except ValueError as exc:
            term.say(f"  {exc}")


def numbers_hint(shown: Sequence[str]) -> str:
    """What to type when a number beside no player was typed (`shown`: the numbers)."""
    if not shown:
        return "Type a name (TAB completes it)."
    if shown == [str(n) for n in range(1, len(shown) + 1)]:
        return f"Type a number from 1 to {len(shown)}, or a name."
    some = shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"
    return f"Type {some}, or a name."
