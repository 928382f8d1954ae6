"""``gosheet web-app -o DIR``: the static folder that runs gosheet in the browser.

The folder holds the page (``index.html``, ``page.js``, ``page.css``), the worker that runs
Python (``worker.js``), Pyodide's runtime (``pyodide/``, from npm: :mod:`.runtime`) and
gosheet's wheels (``wheels/``: :mod:`.wheels`), and ``build.json`` (what the worker installs,
the versions, the page's limit on a file). Every path the page asks for is inside the folder;
no server code: any static web space serves it, or ``python3 -m http.server`` on a laptop.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from importlib import metadata, resources
from pathlib import Path

from gosheet.app import doors
from gosheet.core.errors import FileProblem
from gosheet.frontends.web import runtime
from gosheet.frontends.web.wheels import wheels
from gosheet.frontends.web.words import table
from gosheet.i18n.catalog import _

STATIC = ("index.html", "page.js", "page.css", "worker.js")
"""The page's own files, in ``gosheet/frontends/web/static/``."""
LIMIT_BYTES = 10_000_000
"""The largest file the page reads (a big tournament's workbook is well under 1 MB; Python in
the browser needs many times a workbook's size in memory, and a phone has little)."""
MARK = "build.json"
"""The file that says a folder is a page this command made (and may be made again)."""
README = """gosheet in the browser
======================

Serve this folder and open it in a browser: everything runs in the browser, and the
workbook never leaves the computer or the phone.

  On a laptop:     python3 -m http.server 8000    (in this folder), then http://localhost:8000/
  On a web space:  copy the whole folder (index.html beside pyodide/ and wheels/).

Opened as a file (file://) the page cannot start Python and says so. Made by
`gosheet web-app` (gosheet {gosheet}, Pyodide {pyodide}, Python {python}).
"""


@dataclass(frozen=True)
class Built:
    """The folder made: its path, its files and their total size in bytes."""

    folder: Path
    files: int
    size: int

    def message(self) -> str:
        return (
            f"Wrote {self.folder}: {self.files} files, {self.size / 1e6:.1f} MB. Serve it "
            f"(python3 -m http.server 8000 in that folder) and open http://localhost:8000/."
        )


def static(name: str) -> bytes:
    """One of the page's own files."""
    return (resources.files("gosheet.frontends.web") / "static" / name).read_bytes()


def prepared(folder: Path, replace: bool) -> None:
    """Make ``folder`` ready: new, empty, or a page made before (its files replaced)."""
    if folder.exists() and not folder.is_dir():
        raise FileProblem(f"{folder} is a file, not a folder")
    if folder.is_dir() and any(folder.iterdir()):
        if not (folder / MARK).is_file() and not replace:
            raise FileProblem(
                _("{folder} holds other files; choose an empty folder or use '--force'").format(
                    folder=folder
                )
            )
        for part in ("pyodide", "wheels"):
            shutil.rmtree(folder / part, ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)


def page(build: dict[str, object]) -> bytes:
    """``index.html`` with the words of every language and the build's facts in it."""
    text = static("index.html").decode("utf-8")
    words = json.dumps(table(), ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
    facts = json.dumps(build, sort_keys=True)
    return text.replace("__WORDS__", words).replace("__BUILD__", facts).encode("utf-8")


def build(
    folder: Path,
    *,
    pyodide: Path | None = None,
    cache: Path | None = None,
    replace: bool = False,
) -> Built:
    """Write the page into ``folder``: Pyodide from ``pyodide`` (npm's tarball) or the cache
    or npm; the wheels from the installed distributions."""
    folder = Path(folder)
    prepared(folder, replace)
    files = runtime.runtime(pyodide, cache).files
    made = wheels()
    facts: dict[str, object] = {
        "gosheet": metadata.version("gosheet"),
        "pyodide": runtime.VERSION,
        "python": runtime.PYTHON,
        "wheels": [wheel.filename for wheel in made],
        "limit_bytes": LIMIT_BYTES,
        "actions": doors.page_actions(),  # the page's part of the table of actions
    }
    written: dict[Path, bytes] = {folder / MARK: json.dumps(facts, indent=1).encode()}
    written[folder / "index.html"] = page(facts)
    written.update({folder / name: static(name) for name in STATIC if name != "index.html"})
    written.update({folder / "pyodide" / name: data for name, data in files.items()})
    written.update({folder / "wheels" / wheel.filename: wheel.data for wheel in made})
    written[folder / "README.txt"] = README.format(
        gosheet=facts["gosheet"], pyodide=runtime.VERSION, python=runtime.PYTHON
    ).encode()
    for path, data in written.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return Built(folder, len(written), sum(len(data) for data in written.values()))
