"""The page in a real browser: the folder ``gosheet web-app`` writes, served by a local HTTP
server thread, opened in Debian's headless Chromium driven by Playwright (never a browser
download: ``executable_path``).

- ``web_folder`` (once a session): the folder, built with the Pyodide tarball of the cache
  (downloaded from npm the first time);
- ``site`` (once a module): the server, serving the folder's *parent*, so that the page lives
  at ``/app/`` and a request for anything beside it is a request outside the folder;
- ``browser`` (once a module): Chromium;
- ``support.web_page.open_page``: a page in a new browser context (language, phone …) whose
  every request outside the folder is refused and recorded in ``Opened.outside`` — each test
  then checks that list is empty; ``press`` a button and wait for its answer.

``GOSHEET_WEB_FOLDER=DIR`` tests a folder made before (by ``gosheet web-app -o DIR``)
instead of building one. Chromium, Playwright or the Pyodide tarball missing skips these
tests with the reason, unless ``GOSHEET_REQUIRE_BROWSER=1`` or ``GOSHEET_REQUIRE_SOFFICE=1``
(CI, which installs Chromium), which makes them fail instead.
"""

from __future__ import annotations

import functools
import http.server
import importlib.util
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
REQUIRED = "1" in (
    os.environ.get("GOSHEET_REQUIRE_BROWSER"),
    os.environ.get("GOSHEET_REQUIRE_SOFFICE"),
)


def unavailable(reason: str) -> None:
    """Skip, or fail where the browser is required (CI)."""
    if REQUIRED:
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def web_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from gosheet.core.errors import FileProblem
    from gosheet.frontends.web.build import build

    given = os.environ.get("GOSHEET_WEB_FOLDER")  # a folder made before: tested as it is
    if given:
        return Path(given)
    root = tmp_path_factory.mktemp("web")
    try:
        build(root / "app")
    except FileProblem as error:
        unavailable(f"the Pyodide runtime is not at hand: {error}")
    return root / "app"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site(web_folder: Path) -> Iterator[str]:
    """The page's address: the folder served (its parent at the server's root)."""
    handler = functools.partial(QuietHandler, directory=str(web_folder.parent))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/{web_folder.name}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is None:
        unavailable("Chromium is not installed: apt-get install chromium")
    if importlib.util.find_spec("playwright") is None:
        unavailable("Playwright is not installed: pip install playwright")
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()
    finally:
        playwright.stop()
