"""The save: the file's permissions kept, the rename made durable, the previous version
kept as a backup that no later save writes in place, a killed save's leftovers swept,
and an edit made while mahj saves never saved over."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from mahjcli.core.errors import FileChanged, SaveFailed
from mahjcli.files import atomic as store
from mahjcli.files.reading import stamp


def fsynced(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What every fsync from now on syncs, by the path of its open file ("?" where the
    system cannot name it)."""
    synced: list[str] = []
    real_fsync = os.fsync

    def spy(fd: int) -> None:
        named = Path(f"/proc/self/fd/{fd}")
        synced.append(os.readlink(named) if named.parent.exists() else "?")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", spy)
    return synced


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_save_keeps_permissions_the_umask_would_narrow(tmp_path: Path):
    path = tmp_path / "night.toml"
    path.write_text("schema = 1\n")
    path.chmod(0o664)
    old = os.umask(0o077)
    try:
        store.write_atomic(path, b"schema = 1\n# saved\n")
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == 0o664
    assert path.read_bytes() == b"schema = 1\n# saved\n"
    assert (tmp_path / "night.toml.bak").read_bytes() == b"schema = 1\n"


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="names an open file by /proc")
def test_a_command_line_save_makes_two_data_fsyncs_and_one_for_the_backup(
    four, session: Path, monkeypatch
):
    """`mahj win`: the new file's bytes and the folder (so the rename survives a power
    cut), and the previous file before it becomes the backup (whoever wrote it may not
    have synced it). Nothing else."""
    real = session.resolve()
    synced = fsynced(monkeypatch)
    assert four("win", "Ruth", "25", "--thrown-by", "Linda").exit_code == 0
    assert len(synced) == 3, synced
    new_file, previous, folder = synced
    assert new_file.startswith(str(real.with_name(f".{real.name}.")))
    assert new_file.endswith(".tmp")
    assert previous == str(real)  # the old file, linked as the backup just after
    assert folder == str(real.parent)
    synced.clear()
    store.write_atomic(session, b"schema = 1\n", backup=False)
    assert len(synced) == 2  # without a backup: the file and the folder


def test_the_backup_is_never_written_in_place(tmp_path: Path):
    """The backup is the previous file itself (a second name of it) or a copy: saving
    again gives the backup name to the file just replaced and leaves the file that was
    the backup as it was, for whoever still reads it."""
    path = tmp_path / "night.toml"
    path.write_bytes(b"schema = 1\n# zero\n")
    store.write_atomic(path, b"schema = 1\n# one\n")
    bak = path.with_name("night.toml.bak")
    with bak.open("rb") as reading:  # a reader holding the backup open
        store.write_atomic(path, b"schema = 1\n# two\n")
        store.write_atomic(path, b"schema = 1\n# three\n")
        assert reading.read() == b"schema = 1\n# zero\n"
    assert bak.read_bytes() == b"schema = 1\n# two\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.toml", "night.toml.bak"]


def test_a_save_sweeps_the_leftovers_of_killed_saves_only(tmp_path: Path):
    path = tmp_path / "night.toml"
    path.write_text("schema = 1\n")
    dead = 999_999_999  # larger than any real process id
    leftovers = [
        tmp_path / f".night.toml.{dead}.0badc0de.tmp",
        tmp_path / f".night.toml.bak.{dead}.00ff00ff.tmp",
    ]
    alive = tmp_path / f".night.toml.{os.getppid()}.12345678.tmp"  # another process's save
    others = [tmp_path / f".other.toml.{dead}.abcdef01.tmp", tmp_path / "notes.tmp", alive]
    for file in [*leftovers, *others]:
        file.write_text("torn")
    store.write_atomic(path, b"schema = 1\n# saved\n")
    assert not any(p.exists() for p in leftovers)
    assert all(p.read_text() == "torn" for p in others)


def test_a_save_refuses_to_put_its_version_over_a_file_changed_since_it_was_read(
    tmp_path: Path,
):
    path = tmp_path / "night.toml"
    path.write_bytes(b"schema = 1\n")
    read = stamp(path)
    with path.open("ab") as f:  # an entry appended by hand, in place
        f.write(b"# by hand\n")
    with pytest.raises(FileChanged, match="changed while mahj was saving it"):
        store.write_atomic(path, b"schema = 1\n# mahj's\n", expect=read)
    assert path.read_bytes() == b"schema = 1\n# by hand\n"
    assert [p.name for p in tmp_path.iterdir()] == ["night.toml"]  # no temporary file left
    editor = tmp_path / "night.toml~"
    editor.write_bytes(b"schema = 1\n# an editor's save\n")
    now = stamp(path)
    os.replace(editor, path)  # a new file put in place, as editors save
    with pytest.raises(FileChanged):
        store.write_atomic(path, b"schema = 1\n# mahj's\n", expect=now)
    assert path.read_bytes() == b"schema = 1\n# an editor's save\n"
    store.write_atomic(path, b"schema = 1\n# mahj's\n", expect=stamp(path))  # unchanged: saved
    assert path.read_bytes() == b"schema = 1\n# mahj's\n"


@pytest.mark.parametrize("in_place", [True, False])
def test_an_edit_saved_while_the_backup_is_made_is_not_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, in_place: bool
):
    """An editor saves just as mahj keeps the previous version (the slowest step, an
    fsync): the save is refused, the edit stays in the file, and the backup is no link
    that a later edit in place would change too."""
    path = tmp_path / "night.toml"
    path.write_bytes(b"schema = 1\n")
    read = stamp(path)
    keep = store._keep_previous

    def slow_keep(real: Path, info: os.stat_result, mode: int) -> bool:
        linked = keep(real, info, mode)
        if in_place:
            with path.open("ab") as f:
                f.write(b"# by hand\n")
        else:
            (tmp_path / "edited~").write_bytes(b"schema = 1\n# by hand\n")
            os.replace(tmp_path / "edited~", path)
        return linked

    monkeypatch.setattr(store, "_keep_previous", slow_keep)
    with pytest.raises(FileChanged):
        store.write_atomic(path, b"schema = 1\n# mahj's\n", expect=read)
    assert path.read_bytes() == b"schema = 1\n# by hand\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.toml", "night.toml.bak"]
    with path.open("ab") as f:
        f.write(b"# more\n")
    assert b"# more" not in (tmp_path / "night.toml.bak").read_bytes()


def test_a_backup_that_is_a_folder_is_named(tmp_path: Path):
    path = tmp_path / "s.toml"
    path.write_bytes(b"schema = 1\n")
    (tmp_path / "s.toml.bak").mkdir()
    with pytest.raises(SaveFailed, match=r"s\.toml\.bak is a folder"):
        store.write_atomic(path, b"schema = 1\n# saved\n")
    assert path.read_bytes() == b"schema = 1\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.toml", "s.toml.bak"]


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="file owners are POSIX")
def test_a_backup_another_user_owns_is_replaced_where_the_folder_allows_it(tmp_path: Path):
    path = tmp_path / "s.toml"
    path.write_bytes(b"schema = 1\n")
    bak = tmp_path / "s.toml.bak"
    bak.write_bytes(b"planted\n")
    if os.geteuid() == 0:
        os.chown(bak, 4321, 4321)
    store.write_atomic(path, b"schema = 1\n# saved\n")
    assert bak.read_bytes() == b"schema = 1\n"


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="file owners are POSIX")
def test_a_backup_another_user_owns_in_a_sticky_folder_is_named(tmp_path: Path, monkeypatch):
    """In a shared folder with the sticky bit, only a file's owner may replace it: the
    save says which file blocks it, and changes nothing."""
    path = tmp_path / "s.toml"
    path.write_bytes(b"schema = 1\n")
    bak = tmp_path / "s.toml.bak"
    bak.write_bytes(b"planted\n")
    real_lstat, real_replace = os.lstat, os.replace

    def theirs(p, *args, **kwargs) -> os.stat_result:
        info = real_lstat(p, *args, **kwargs)
        if Path(p) == bak:
            fields = list(info)
            fields[4] = os.geteuid() + 1  # st_uid: someone else
            return os.stat_result(fields)
        return info

    def sticky(src, dst) -> None:
        if Path(dst) == bak:
            raise PermissionError(errno.EPERM, os.strerror(errno.EPERM))
        real_replace(src, dst)

    monkeypatch.setattr(os, "lstat", theirs)
    monkeypatch.setattr(os, "replace", sticky)
    with pytest.raises(SaveFailed, match=r"s\.toml\.bak belongs to another user"):
        store.write_atomic(path, b"schema = 1\n# saved\n")
    monkeypatch.undo()
    assert path.read_bytes() == b"schema = 1\n"
    assert bak.read_bytes() == b"planted\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.toml", "s.toml.bak"]
