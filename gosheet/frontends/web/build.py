"""``gosheet web-app -o DIR``: the static folder that runs gosheet in the browser.

The folder holds the page (``index.html``, ``page.js``, ``page.css``), the worker that runs
Python (``worker.js``), Pyodide's runtime (``pyodide/``, from npm: :mod:`.runtime`) and
gosheet's wheels (``wheels/``: :mod:`.wheels`), and ``build.json`` (what the worker installs
at start and later, the versions, the page's limit on a file). To be installed and to work
offline: the web manifest (``manifest.webmanifest``, with the icon drawn by :mod:`.icon`)
and the service worker (``service-worker.js``), which keeps every file of the folder in a
cache named after gosheet's version and the folder's contents, on the first visit. Every
path the page asks for is inside the folder; no server code: any static web space serves
it, or ``python3 -m http.server`` on a laptop.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from importlib import resources
from pathlib import Path

from gosheet import about
from gosheet.app import doors
from gosheet.core.errors import FileProblem
from gosheet.frontends.web import runtime
from gosheet.frontends.web.icon import png
from gosheet.frontends.web.wheels import parts
from gosheet.frontends.web.words import table
from gosheet.i18n.catalog import _
from gosheet.records import record

STATIC = ("index.html", "page.js", "page.css", "worker.js", "service-worker.js")
"""The page's own files, in ``gosheet/frontends/web/static/``."""
ICONS = (192, 512)
"""The icon's sizes (pixels), as the web manifest names them: ``icon-192.png`` …"""
THEME = "#1f5fbf"
"""The page's colour (page.css ``--accent``): the installed page's title bar."""
BACKGROUND = "#fafafa"
MARK = "build.json"
"""The file that says a folder is a page this command made (and may be made again)."""
LIMIT_BYTES = 10_000_000
"""The largest file the page reads (a big tournament's workbook is well under 1 MB; Python in
the browser needs many times a workbook's size in memory, and a phone has little)."""
README = """gosheet in the browser
======================

Serve this folder and open it in a browser: everything runs in the browser, and the
workbook never leaves the computer or the phone.

  On a laptop:     python3 -m http.server 8000    (in this folder), then http://localhost:8000/
  On a web space:  copy the whole folder (index.html beside pyodide/ and wheels/).

Opened as a file (file://) the page cannot start Python: it says where the hosted page is
({page}). Once opened from an address, the browser keeps it: it opens and works offline,
and can be installed (the browser's "Install" or "Add to Home screen"). Made by
`gosheet web-app` (gosheet {gosheet}, Pyodide {pyodide}, Python {python}).
"""


@record
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


def manifest() -> bytes:
    """The web manifest: what a browser needs to install the page as an app."""
    icons = [
        {"src": f"icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png",
         "purpose": "any maskable"}
        for size in ICONS
    ]  # fmt: skip
    facts = {
        "name": "gosheet",
        "short_name": "gosheet",
        "description": "Go tournaments in your own spreadsheet, in the browser.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": icons,
    }
    return (json.dumps(facts, indent=1) + "\n").encode("utf-8")


def cache_name(files: dict[str, bytes]) -> str:
    """The service worker's cache: gosheet's version and a digest of the files it keeps, so
    that a page built again with other files is kept apart (``gosheet-0.9.0-1a2b3c4d5e6f``)."""
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    return f"gosheet-{about.VERSION}-{digest.hexdigest()[:12]}"


def service_worker(cache: str, kept: list[str]) -> bytes:
    """``service-worker.js`` with its cache's name and the files it keeps."""
    text = static("service-worker.js").decode("utf-8")
    files = json.dumps(["./", *sorted(kept)], indent=1)
    return text.replace('"__CACHE__"', json.dumps(cache)).replace('["__FILES__"]', files).encode()


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
    made = parts()
    kept: dict[str, bytes] = {f"pyodide/{name}": data for name, data in files.items()}
    kept.update({f"wheels/{w.filename}": w.data for w in (*made.start, *made.later)})
    kept.update({f"icon-{size}.png": png(size) for size in ICONS})
    kept["manifest.webmanifest"] = manifest()
    kept.update({name: static(name) for name in STATIC if name != "index.html"})
    facts: dict[str, object] = {
        "gosheet": about.VERSION,
        "pyodide": runtime.VERSION,
        "python": runtime.PYTHON,
        "wheels": [wheel.filename for wheel in made.start],
        "later": [wheel.filename for wheel in made.later],
        "later_modules": made.modules,
        "limit_bytes": LIMIT_BYTES,
        "actions": doors.page_actions(),  # the page's part of the table of actions
        "page": about.PAGE,
        "latest": about.LATEST,
    }
    facts["cache"] = cache_name({**kept, MARK: json.dumps(facts, sort_keys=True).encode()})
    kept[MARK] = json.dumps(facts, indent=1).encode()
    kept["index.html"] = page(facts)
    kept["service-worker.js"] = service_worker(
        str(facts["cache"]), [n for n in kept if n != "service-worker.js"]
    )
    written = {folder / name: data for name, data in kept.items()}
    written[folder / "README.txt"] = README.format(
        gosheet=about.VERSION, pyodide=runtime.VERSION, python=runtime.PYTHON, page=about.PAGE
    ).encode()
    for path, data in written.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return Built(folder, len(written), sum(len(data) for data in written.values()))
