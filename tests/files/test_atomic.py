"""store: saves keep the file's permissions and make the rename itself durable."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mahjcli.files import atomic as store
from mahjcli.files import leftovers, spare


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


@pytest.mark.skipif(os.name != "posix", reason="directory fsync is POSIX")
def test_a_save_flushes_the_file_and_its_folder(tmp_path: Path, monkeypatch):
    path = tmp_path / "night.toml"
    path.write_text("schema = 1\n")
    synced = fsynced(monkeypatch)
    store.write_atomic(path, b"schema = 1\n# saved\n", backup=False)
    assert str(tmp_path) in synced  # the folder, so the rename survives a power cut
    assert any(s.endswith(".tmp") for s in synced)  # the new file's bytes, before the rename


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="names an open file by /proc")
def test_the_file_becoming_the_backup_is_fsynced_unless_this_process_saved_it(
    tmp_path: Path, monkeypatch
):
    """Before the file becomes the backup it is fsynced, in case whoever wrote it did not;
    the file this process saved and fsynced itself, still as it was, is not again."""
    path = tmp_path.resolve() / "night.toml"
    path.write_text("schema = 1\n")
    synced = fsynced(monkeypatch)

    def saved(text: str) -> bool:
        """Save; whether the file as it was (now the backup) was fsynced."""
        synced.clear()
        store.write_atomic(path, text.encode())
        assert path.read_text() == text
        return str(path) in synced

    assert saved("schema = 1\n# one\n") is True  # written by someone else
    assert saved("schema = 1\n# two\n") is False  # the one just saved and fsynced
    assert path.with_name("night.toml.bak").read_text() == "schema = 1\n# one\n"
    path.write_text("schema = 1\n# an editor, same inode\n")
    assert saved("schema = 1\n# three\n") is True
    info = path.stat()
    with path.open("r+b") as f:  # rewritten in place, same size, its time put back
        f.write(path.read_bytes().replace(b"three", b"THREE"))
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert path.stat().st_size == info.st_size and path.stat().st_mtime_ns == info.st_mtime_ns
    assert saved("schema = 1\n# three and a half\n") is True  # its change time moved
    other = tmp_path / "other.toml"
    other.write_text("schema = 1\n# four\n")
    os.replace(other, path)  # another program's save, a new file
    assert saved("schema = 1\n# five\n") is True
    assert path.with_name("night.toml.bak").read_text() == "schema = 1\n# four\n"


def test_while_serving_a_file_is_looked_at_for_leftovers_every_few_seconds(tmp_path: Path):
    """Every save removes what a killed save left; while the server runs, a file's first
    save does, and the next ones look again only once `SWEEP_EVERY` seconds have passed."""
    path = tmp_path.resolve() / "night.toml"
    path.write_text("schema = 1\n")
    leftover = path.with_name(f".{path.name}.999999999.0badc0de.tmp")

    def saved(text: str) -> bool:
        """Save, and say whether a leftover planted just before is still there."""
        leftover.write_text("torn")
        store.write_atomic(path, text.encode())
        assert path.read_text() == text
        return leftover.exists()

    assert [saved("schema = 1\n# one\n"), saved("schema = 1\n# two\n")] == [False, False]
    with leftovers.sweeping():
        assert saved("schema = 1\n# three\n") is False  # the first save while serving
        assert saved("schema = 1\n# four\n") is True  # looked a moment ago
        leftovers._swept[path] -= leftovers.SWEEP_EVERY + 1  # as if the last look was long ago
        assert saved("schema = 1\n# five\n") is False
    assert saved("schema = 1\n# six\n") is False  # no longer serving: every save looks


# ---- the spare: saving again and again creates and deletes no file ----------------------


def saved_versions(path: Path, count: int) -> list[bytes]:
    """`count` versions saved one after the other over `path` (which holds version 0)."""
    versions = [f"schema = 1\n# version {n}\n".encode() * (n + 1) for n in range(count + 1)]
    path.write_bytes(versions[0])
    for version in versions[1:]:
        store.write_atomic(path, version)
    return versions


def names(folder: Path) -> list[str]:
    """Every name in `folder`, sorted."""
    return sorted(p.name for p in folder.iterdir())


def inodes(path: Path) -> set[int]:
    """The inodes of the file, its backup and its spare."""
    folder = path.parent
    return {
        os.lstat(folder / n).st_ino for n in (path.name, f"{path.name}.bak", f".{path.name}.spare")
    }


def test_the_backup_before_last_is_kept_as_the_spare(tmp_path: Path):
    path = tmp_path / "night.toml"
    versions = saved_versions(path, 1)
    assert names(tmp_path) == ["night.toml", "night.toml.bak"]  # no backup to keep yet
    versions = saved_versions(path, 4)
    assert path.read_bytes() == versions[4]
    assert (tmp_path / "night.toml.bak").read_bytes() == versions[3]
    assert (tmp_path / ".night.toml.spare").read_bytes() == versions[2]
    assert names(tmp_path) == [".night.toml.spare", "night.toml", "night.toml.bak"]


@pytest.mark.skipif(os.name != "posix", reason="inode numbers")
def test_saving_again_and_again_reuses_the_same_three_files(tmp_path: Path):
    path = tmp_path / "night.toml"
    saved_versions(path, 3)
    three = inodes(path)
    assert len(three) == 3
    for n in range(6):
        before = {os.lstat(path).st_ino}
        store.write_atomic(path, f"schema = 1\n# again {n}\n".encode())
        assert inodes(path) == three  # the same files, under other names
        assert os.lstat(path).st_ino not in before  # the new version is a file of its own
        assert all(os.lstat(tmp_path / n).st_nlink == 1 for n in names(tmp_path))
    assert path.read_bytes() == b"schema = 1\n# again 5\n"  # a shorter version: cut to size
    assert (tmp_path / "night.toml.bak").read_bytes() == b"schema = 1\n# again 4\n"


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_version_written_over_the_spare_has_the_files_permissions(tmp_path: Path):
    path = tmp_path / "night.toml"
    saved_versions(path, 2)
    (tmp_path / ".night.toml.spare").chmod(0o600)
    path.chmod(0o640)
    store.write_atomic(path, b"schema = 1\n# private\n")
    assert path.stat().st_mode & 0o777 == 0o640
    assert path.read_bytes() == b"schema = 1\n# private\n"


@pytest.mark.skipif(os.name != "posix", reason="symbolic links, FIFOs and hard links")
@pytest.mark.parametrize("kind", ["symlink", "second name", "fifo", "folder"])
def test_a_spare_that_is_not_a_file_of_its_own_is_never_written_through(tmp_path: Path, kind: str):
    path = tmp_path / "night.toml"
    versions = saved_versions(path, 2)
    spare, other = tmp_path / ".night.toml.spare", tmp_path / "elsewhere.txt"
    other.write_text("not mahj's")
    spare.unlink()
    if kind == "symlink":
        spare.symlink_to(other)
    elif kind == "second name":
        os.link(other, spare)
    elif kind == "fifo":
        os.mkfifo(spare)
    else:
        spare.mkdir()
    store.write_atomic(path, b"schema = 1\n# safe\n")
    assert path.read_bytes() == b"schema = 1\n# safe\n"
    assert (tmp_path / "night.toml.bak").read_bytes() == versions[2]
    assert other.read_text() == "not mahj's"
    assert not any(n.endswith(".tmp") for n in names(tmp_path))
    if kind == "folder":
        assert spare.is_dir()  # left as it is; the old backup is let go
    else:  # replaced by the old backup, a file of its own
        assert not spare.is_symlink() and spare.read_bytes() == versions[1]
        assert spare.stat().st_nlink == 1


def test_a_backup_with_another_name_is_not_kept_as_the_spare(tmp_path: Path):
    path = tmp_path / "night.toml"
    versions = saved_versions(path, 2)
    (tmp_path / ".night.toml.spare").unlink()
    os.link(tmp_path / "night.toml.bak", tmp_path / "kept.toml.bak")
    store.write_atomic(path, b"schema = 1\n# new\n")
    assert not (tmp_path / ".night.toml.spare").exists()  # it would be written over
    assert (tmp_path / "kept.toml.bak").read_bytes() == versions[1]
    store.write_atomic(path, b"schema = 1\n# newer\n")
    assert (tmp_path / "kept.toml.bak").read_bytes() == versions[1]


def new_files(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The files saves write in a new temporary file (not over the spare), from now on."""
    made: list[Path] = []
    real = store._written

    def counted(at: Path, data: bytes, mode: int, target: str) -> tuple[Path, store.Mark]:
        made.append(at)
        return real(at, data, mode, target)

    monkeypatch.setattr(store, "_written", counted)
    return made


def test_a_spare_is_claimed_once_so_two_saves_never_both_write_over_it(tmp_path: Path):
    path = tmp_path / "night.toml"
    saved_versions(path, 3)
    real = path.resolve()
    first = spare.claimed_spare(real, b"schema = 1\n# first\n", 0o644)
    second = spare.claimed_spare(real, b"schema = 1\n# second\n", 0o644)
    assert first is not None and second is None  # the second writes a new file instead
    assert first[0].read_bytes() == b"schema = 1\n# first\n"
    assert first[0].name.endswith(".tmp") and not store.spare_of(real).exists()


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="file owners")
def test_a_spare_someone_else_owns_is_never_written(tmp_path: Path, monkeypatch):
    path = tmp_path / "night.toml"
    saved_versions(path, 3)
    spare = tmp_path / ".night.toml.spare"
    held = os.open(spare, os.O_RDONLY)  # the file, whatever its names become
    try:
        before = os.pread(held, 1 << 16, 0)
        monkeypatch.setattr(store.os, "geteuid", lambda: os.getuid() + 4242)
        made = new_files(monkeypatch)
        store.write_atomic(path, b"schema = 1\n# mine\n")
        assert made == [path.resolve()]
        assert os.pread(held, 1 << 16, 0) == before
    finally:
        os.close(held)
    assert path.read_bytes() == b"schema = 1\n# mine\n"


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_linked_spare_is_refused_even_where_links_cannot_be_refused_on_opening(
    tmp_path: Path, monkeypatch
):
    path = tmp_path / "night.toml"
    saved_versions(path, 2)
    other = tmp_path / "elsewhere.txt"
    other.write_text("not mahj's")
    spare = tmp_path / ".night.toml.spare"
    spare.unlink()
    spare.symlink_to(other)
    monkeypatch.delattr(store.os, "O_NOFOLLOW")  # as on Windows
    store.write_atomic(path, b"schema = 1\n# safe\n")
    assert other.read_text() == "not mahj's" and not path.is_symlink()
    assert path.read_bytes() == b"schema = 1\n# safe\n"


def test_a_spare_the_clock_cannot_tell_from_the_new_version_is_not_used(
    tmp_path: Path, monkeypatch
):
    path = tmp_path / "night.toml"
    saved_versions(path, 3)
    spare = tmp_path / ".night.toml.spare"
    later = 4_102_444_800 * 10**9  # 2100: the new version's time would not be later
    os.utime(spare, ns=(later, later))
    made = new_files(monkeypatch)
    store.write_atomic(path, b"schema = 1\n# told apart\n")
    assert path.read_bytes() == b"schema = 1\n# told apart\n"
    assert made == [path.resolve()]  # written again, in a new file
    assert os.lstat(path).st_mtime_ns < later
    assert not any(n.endswith(".tmp") for n in names(tmp_path))


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_spare_that_cannot_be_given_the_files_mode_is_not_used(tmp_path: Path, monkeypatch):
    path = tmp_path / "night.toml"
    saved_versions(path, 3)
    path.chmod(0o600)
    made = new_files(monkeypatch)

    def refused(fd: int, mode: int) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(store.os, "fchmod", refused)
    store.write_atomic(path, b"schema = 1\n# private\n")
    assert path.read_bytes() == b"schema = 1\n# private\n"
    assert path.stat().st_mode & 0o777 == 0o600 and made == [path.resolve()]


@pytest.mark.parametrize("failing", ["write", "ftruncate", "fsync"])
def test_a_failure_writing_over_the_spare_changes_nothing(tmp_path: Path, monkeypatch, failing):
    path = tmp_path / "night.toml"
    versions = saved_versions(path, 3)
    shorter = b"schema = 1\n"  # shorter than the spare: it is cut to size

    def broken(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store.os, failing, broken)
    with pytest.raises(store.SaveFailed, match="No space left on device"):
        store.write_atomic(path, shorter)
    monkeypatch.undo()
    assert path.read_bytes() == versions[3]
    assert (tmp_path / "night.toml.bak").read_bytes() == versions[2]
    assert not any(n.endswith(".tmp") for n in names(tmp_path))
    store.write_atomic(path, b"schema = 1\n# after\n")  # and the next save works
    assert path.read_bytes() == b"schema = 1\n# after\n"


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="names an open file by /proc")
def test_the_folder_is_synced_before_a_spare_is_written_over_unless_this_process_did(
    tmp_path: Path, monkeypatch
):
    """The spare's last names may not be on the disk yet when another process made them
    (and died before it synced the folder): the folder is synced first."""
    path = tmp_path.resolve() / "night.toml"
    saved_versions(path, 3)
    synced = fsynced(monkeypatch)
    store.write_atomic(path, b"schema = 1\n# this process saved last\n")
    assert synced.count(str(tmp_path.resolve())) == 1  # after the save only
    synced.clear()
    store._names_synced.clear()  # as in a process that did not make the last save
    store.write_atomic(path, b"schema = 1\n# another did\n")
    assert synced[0] == str(tmp_path.resolve()) and synced.count(str(tmp_path.resolve())) == 2
