"""The page of ``gosheet web-app`` in a browser context (tests/frontends/web): a page whose
every request outside its folder is refused and recorded, and a button pressed until its
answer (:func:`press`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BOOT_MS = 180_000
"""The longest the page may take to start Python (a loaded two-core machine)."""
ACTION_MS = 180_000
READY = "body[data-state=ready], body[data-state=failed]"


@dataclass
class Opened:
    """A page and what happened in it: requests outside the folder (refused), downloads,
    errors of its scripts."""

    page: Any
    context: Any
    outside: list[str] = field(default_factory=list)
    downloads: list[Any] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def close(self) -> None:
        self.context.close()


def open_page(browser: Any, url: str, *, ready: bool = True, **context: Any) -> Opened:
    """``url`` in a new context (``context``: Playwright's options: locale, viewport …), every
    request outside the folder refused and recorded; ``ready``: wait until Python is up."""
    made = browser.new_context(accept_downloads=True, **context)
    folder = url.rsplit("/", 1)[0] + "/"
    opened = Opened(made.new_page(), made)

    def guard(route: Any) -> None:
        address = route.request.url
        if address.startswith(folder):
            route.continue_()
        else:
            opened.outside.append(address)
            route.abort()

    made.route("**/*", guard)
    opened.page.on("download", lambda download: opened.downloads.append(download))
    opened.page.on("pageerror", lambda error: opened.errors.append(str(error)))
    opened.page.goto(url)
    if ready:
        opened.page.wait_for_selector(READY, timeout=BOOT_MS)
        assert opened.page.get_attribute("body", "data-state") == "ready", opened.page.inner_text(
            "#status"
        )
    return opened


def press(opened: Opened, action: str, files: list[Path] | None = None) -> dict[str, Any]:
    """Press a button, wait for its answer: the verdict, the lines shown, the download's
    name and bytes (None: nothing downloaded). ``files``: what the button asks for (Merge
    helpers' copies), chosen in the file chooser it opens."""
    page = opened.page
    before = len(opened.downloads)
    answers = page.get_attribute("body", "data-answers") or "0"
    if files is None:
        page.click(f"button[data-action={action}]")
    else:
        with page.expect_file_chooser() as chooser:
            page.click(f"button[data-action={action}]")
        assert chooser.value.is_multiple()
        chooser.value.set_files([str(f) for f in files])
    # the page's own count of answers moves on: this press's answer is shown (the state alone
    # may still read "ready" before the page takes the copies the file chooser gave it)
    page.wait_for_function(
        "answers => (document.body.dataset.answers ?? '0') !== answers"
        " && document.body.dataset.state === 'ready'",
        arg=answers,
        timeout=ACTION_MS,
    )
    if page.get_attribute("body", "data-downloaded"):  # the event may come a moment later
        wait_for_download(page, opened.downloads, before)
    new = opened.downloads[before:]
    assert len(new) <= 1
    download = None
    if new:
        download = (new[0].suggested_filename, Path(new[0].path()).read_bytes())
    return {
        "verdict": page.inner_text("#verdict"),
        "lines": page.text_content("#lines") or "",
        "bad": "bad" in (page.get_attribute("#answer", "class") or ""),
        "download": download,
    }


def wait_for_download(page: Any, downloads: list[Any], before: int) -> None:
    """Wait until a download beyond the first ``before`` has come: the page has said it
    downloads (``data-downloaded``), and the browser's event follows. A condition, not a
    time: the ceiling (:data:`ACTION_MS`) is only there for a page that never sends it."""
    waited = 0
    while len(downloads) <= before:
        assert waited < ACTION_MS, "the page said it downloaded, but no download came"
        page.wait_for_timeout(50)
        waited += 50
