"""The few operational failures a command can meet. The command line's group turns each
into one `Error: ...` line on stderr and exit code 1 (`mahjcli.cli.app`)."""

from __future__ import annotations

from .wording import Shell, in_words


class MahjError(Exception):
    """A request understood and refused, with a message that says what to do."""

    def __str__(self) -> str:
        return self.words("terminal")

    def words(self, shell: Shell) -> str:
        """The message as `shell` says it: the options of the command line, or the fields
        of the page (`mahjcli.core.wording`)."""
        return in_words(super().__str__(), shell)


class SessionMissing(MahjError):
    """No session file where one was expected."""


class SessionInvalid(MahjError):
    """A session file that cannot be read as a night's log (damaged or mis-edited)."""


class SessionExists(MahjError):
    """`mahj new` asked to write over an existing file."""


class Busy(MahjError):
    """Another mahj command held the session's lock for too long."""


class SaveFailed(MahjError):
    """The session could not be written; the file on disk is unchanged."""


class FileChanged(SaveFailed):
    """The file changed between the moment a command read it and its save (an editor's
    save, a line appended by hand): nothing was saved over it."""


class Refused(MahjError):
    """A command the rules or the table's state do not allow."""


class NoSuchPlayer(Refused):
    """A name that is no player's at this table (`typed` as given, in the `role` asked)."""

    def __init__(self, message: str, typed: str, role: str) -> None:
        super().__init__(message)
        self.typed, self.role = typed, role


class CardInvalid(MahjError):
    """A card file that cannot be used (missing, not TOML, or a bad line)."""


class CannotEdit(MahjError):
    """A hand-written layout that an entry cannot be added to or removed from in place
    without rewriting the file (and losing its comments); nothing was written."""
