"""A real small disk for the tests of a full or read-only disk: a ``tmpfs`` mounted in the
test's folder (Linux, as root — CI's machine; elsewhere the tests skip, saying why), filled
to leave a given number of bytes free; and a folder's whole tree as names and bytes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

PAGE = 4096
"""tmpfs counts its space in pages."""


def cannot_mount() -> str | None:
    """Why a tmpfs cannot be mounted here (None: it can, probably)."""
    if not sys.platform.startswith("linux"):
        return "a tmpfs is Linux's"
    if os.geteuid() != 0:
        return "mounting a small tmpfs needs root (CI runs as root)"
    if shutil.which("mount") is None or shutil.which("umount") is None:
        return "no mount command"
    return None


@contextmanager
def small_disk(folder: Path, size: int) -> Iterator[Path]:
    """A tmpfs of ``size`` bytes mounted at ``folder`` (made) for the block; raises
    :class:`OSError` when it cannot be mounted."""
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise OSError(f"cannot mount a tmpfs: {done.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False, capture_output=True)


def remount(folder: Path, option: str) -> None:
    """Remount the tmpfs at ``folder`` with ``option`` (``ro``, ``rw``)."""
    subprocess.run(["mount", "-o", f"remount,{option}", str(folder)], check=True)


def free(folder: Path) -> int:
    """The bytes free on ``folder``'s disk."""
    info = os.statvfs(folder)
    return info.f_bavail * info.f_frsize


def fill(folder: Path, leave: int, name: str = "filler.bin") -> Path:
    """A file ``name`` in ``folder`` that leaves ``leave`` bytes free (whole pages)."""
    filler = folder / name
    filler.write_bytes(b"")
    size = free(folder) - leave
    assert size >= 0, f"only {free(folder)} bytes free, {leave} asked"
    with open(filler, "wb") as out:
        out.write(b"\0" * size)
    assert free(folder) == leave, (free(folder), leave)
    return filler


def tree(folder: Path) -> dict[str, bytes | None]:
    """Every file and folder under ``folder`` (hidden ones too): its path from ``folder``
    and its bytes (None for a folder)."""
    found: dict[str, bytes | None] = {}
    for path in sorted(folder.rglob("*")):
        name = path.relative_to(folder).as_posix()
        found[name] = None if path.is_dir() and not path.is_symlink() else path.read_bytes()
    return found


def empty(folder: Path) -> None:
    """Remove everything in ``folder`` (not the folder: a mount point)."""
    for path in folder.iterdir():
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        else:
            path.unlink()
