"""Run gosheet as on a Python where no compiled package can be imported (LibreOffice's own
Python, WebAssembly Python): an import finder refuses every extension module (``.so``,
``.pyd``) that is not the standard library's own, so numpy, rustworkx, scipy,
python-calamine, pandas, Pillow, the speed-ups of MarkupSafe and others fail to import as they
would there.

Used as a program, it runs the gosheet command line with the finder in place::

    python tests/support/compiled_blocked.py pair cup.xlsx

and :func:`run` does that from a test. ``blocked_imports()`` in the child lists the modules
that were refused (written to the file named by ``GOSHEET_BLOCKED_LOG`` when it is set).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import os
import subprocess
import sys
import sysconfig
from collections.abc import Sequence
from pathlib import Path

# the standard library of the base Python (a virtual environment's own lib/ holds
# site-packages: not the standard library)
STDLIB = {
    os.path.realpath(p)
    for p in sysconfig.get_paths(
        vars={"base": sys.base_prefix, "platbase": sys.base_exec_prefix}
    ).values()
    if "-packages" not in p
}
REFUSED: list[str] = []


class CompiledRefused(importlib.abc.MetaPathFinder):
    """Finds nothing itself; refuses a spec whose code is an extension module outside the
    standard library."""

    def find_spec(self, fullname, path, target=None):  # type: ignore[no-untyped-def]
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is None:
                continue
            origin = spec.origin or ""
            if origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)):
                real = os.path.realpath(origin)
                inside = any(real.startswith(s + os.sep) for s in STDLIB)
                if not inside or "-packages" in real:
                    REFUSED.append(fullname)
                    raise ModuleNotFoundError(
                        f"No module named {fullname!r} (compiled code refused)", name=fullname
                    )
            return spec
        return None


def install() -> None:
    """Put the finder first (modules already imported stay)."""
    sys.meta_path.insert(0, CompiledRefused())


def run(
    args: Sequence[str],
    *,
    cwd: Path | None = None,
    timeout: float = 300,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """``gosheet ARGS`` in a child Python with every compiled package refused."""
    return subprocess.run(
        [sys.executable, __file__, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
        check=False,
    )


if __name__ == "__main__":
    install()
    import atexit

    log = os.environ.get("GOSHEET_BLOCKED_LOG")
    if log:
        atexit.register(lambda: Path(log).write_text("\n".join(sorted(set(REFUSED)))))
    sys.argv = ["gosheet", *sys.argv[1:]]
    from gosheet.__main__ import entry

    sys.exit(entry())
