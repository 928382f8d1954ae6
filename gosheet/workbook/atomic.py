"""Replacing a file all at once: whatever is written goes to a temporary file beside the
target, which takes the target's place only when the writing (and any check) succeeded.
An interrupted or failed write leaves the old file untouched and no temporary file behind."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gosheet.core.errors import FileProblem


@contextmanager
def replacing(target: Path) -> Iterator[Path]:
    """A temporary path to write; on leaving the block without error it replaces ``target``.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with replacing(folder / "a.txt") as temporary:
    ...     _ = temporary.write_text("new")
    >>> (folder / "a.txt").read_text(), sorted(p.name for p in folder.iterdir())
    ('new', ['a.txt'])
    """
    target = target.resolve()
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        yield temporary
        os.replace(temporary, target)
    except OSError as error:
        raise FileProblem(f"{target}: cannot be written ({error}); nothing changed") from error
    finally:
        if temporary.exists():
            temporary.unlink()
