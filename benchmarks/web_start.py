"""How long the page of ``gosheet web-app`` takes to be ready, in headless Chromium: a cold
start (a fresh browser profile: nothing cached) and a warm one (a second visit of the same
profile: the service worker's cache, or the browser's HTTP cache for a page without one),
then in that second visit the first Pair next round (pressed once the page says Ready), a
second Pair, the first Print pack and the first Publish pages (what the page may load only when
they are first pressed). Prints seconds and where the worker's time went; asserts nothing.

    python benchmarks/web_start.py [--repeat 3] [--folder DIR] [--baseline DIR | --unsettled]

``--unsettled``: the baseline is the same folder without what the page loads right after
Ready for the first Pair (``runner.settle`` in ``worker.js`` left out), measured in the same
run.

``--baseline DIR``: a folder made by another gosheet (``git worktree add /tmp/main main``,
``gosheet web-app -o /tmp/base`` there), measured in the same run, each run of it beside a
run of the page, so that both see the same load on the machine. Needs Debian's Chromium
(/usr/bin/chromium) and Playwright (pip install playwright).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import shutil
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from timing import served

from gosheet.frontends.cli import main
from gosheet.frontends.web.build import build

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
READY = "body[data-state=ready], body[data-state=failed]"
LONG_MS = 600_000


@dataclass
class Run:
    """One folder's figures, a list of seconds each."""

    cold: list[float] = field(default_factory=list)
    warm: list[float] = field(default_factory=list)
    pair_first: list[float] = field(default_factory=list)
    pair_later: list[float] = field(default_factory=list)
    print_first: list[float] = field(default_factory=list)
    publish_first: list[float] = field(default_factory=list)
    phases: list[str] = field(default_factory=list)  # the worker's, one cold start


def visit(context: Any, url: str, said: list[str]) -> tuple[Any, float]:
    """A new tab of ``context`` opening ``url``: the tab and the seconds until Ready."""
    page = context.new_page()
    page.on("console", lambda message: said.append(message.text))
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(READY, timeout=LONG_MS)
    seconds = time.perf_counter() - start
    if page.get_attribute("body", "data-state") != "ready":
        raise SystemExit(f"{url}: {page.inner_text('#status')}")
    return page, seconds


def offline_ready(page: Any) -> None:
    """Wait until the page's service worker holds its files (a page without one: at once)."""
    page.wait_for_function(
        "() => !('serviceWorker' in navigator) || !document.querySelector('link[rel=manifest]')"
        " || document.body.dataset.offline === 'ready'",
        timeout=LONG_MS,
    )


def pressed(page: Any, action: str) -> float:
    """Seconds from pressing ``action`` to its answer."""
    answers = page.get_attribute("body", "data-answers") or "0"
    start = time.perf_counter()
    page.click(f"button[data-action={action}]")
    page.wait_for_function(
        "n => (document.body.dataset.answers ?? '0') !== n"
        " && document.body.dataset.state === 'ready'",
        arg=answers,
        timeout=LONG_MS,
    )
    seconds = time.perf_counter() - start
    if "bad" in (page.get_attribute("#answer", "class") or ""):
        raise SystemExit(f"{action} failed: {page.text_content('#lines')}")
    return seconds


def chosen(page: Any, book: Path) -> None:
    page.set_input_files("#pick", str(book))
    page.wait_for_selector(f"#chosen:has-text('{book.name}')")


def once(browser: Any, url: str, books: dict[str, Path], run: Run) -> None:
    """A cold start, a warm one and the first Print and Publish, in a fresh profile."""
    context = browser.new_context(accept_downloads=True)
    try:
        said: list[str] = []
        page, seconds = visit(context, url, said)
        run.cold.append(seconds)
        if not run.phases:
            run.phases = [line for line in said if line.startswith("gosheet:")]
        offline_ready(page)
        page.close()
        page, seconds = visit(context, url, [])
        run.warm.append(seconds)
        chosen(page, books["fresh"])
        run.pair_first.append(pressed(page, "pair"))
        chosen(page, books["again"])  # the same workbook under another name: round 1 again
        run.pair_later.append(pressed(page, "pair"))
        chosen(page, books["demo"])
        run.print_first.append(pressed(page, "print"))
        run.publish_first.append(pressed(page, "publish"))
    finally:
        context.close()


def summary(values: list[float]) -> str:
    runs = ", ".join(f"{v:.2f}" for v in values)
    return f"{statistics.median(values):6.2f}  ({runs})"


def report(name: str, folder: Path, run: Run) -> None:
    files = [p for p in folder.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    print(f"\n{name}: {folder} ({size / 1e6:.1f} MB in {len(files)} files); median (runs), s")
    print(f"  ready, cold (fresh profile):      {summary(run.cold)}")
    print(f"  ready, warm (second visit):       {summary(run.warm)}")
    print(f"  first Pair (warm visit):          {summary(run.pair_first)}")
    print(f"  second Pair (the same, again):    {summary(run.pair_later)}")
    print(f"  first Print pack (after it):      {summary(run.print_first)}")
    print(f"  first Publish pages (after it):   {summary(run.publish_first)}")
    for line in run.phases:
        print(f"    {line}")


def load() -> str:
    one, five, _fifteen = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def measure(folders: dict[str, Path], repeat: int) -> None:
    work = Path(tempfile.mkdtemp(prefix="bench-web-start-"))
    books = {n: work / f"{n}.xlsx" for n in ("demo", "fresh", "again")}
    roster = Path(__file__).resolve().parents[1] / "gosheet" / "data" / "demo_roster.csv"
    with contextlib.redirect_stdout(io.StringIO()):
        main(["demo", str(books["demo"])])
        main(["import", str(roster), "-o", str(books["fresh"]), "--rounds", "5", "--seed", "7"])
    shutil.copyfile(books["fresh"], books["again"])
    runs = {name: Run() for name in folders}
    print(f"before: {load()}")
    with contextlib.ExitStack() as stack:
        urls = {name: stack.enter_context(served(path)) for name, path in folders.items()}
        playwright = stack.enter_context(sync_playwright())
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        for _ in range(repeat):
            for name in folders:  # alternated: both see the same load
                once(browser, urls[name], books, runs[name])
        browser.close()
    for name, folder in folders.items():
        report(name, folder, runs[name])
    print(f"\nafter: {load()}")


def unsettled(folder: Path) -> Path:
    """A copy of ``folder`` whose worker does not load the first Pair's modules after Ready."""
    copy = Path(tempfile.mkdtemp(prefix="web-app-unsettled-")) / "app"
    shutil.copytree(folder, copy)
    worker = copy / "worker.js"
    text = worker.read_text(encoding="utf-8")
    settle = 'runner.settle()";'
    if settle not in text:
        raise SystemExit(f"{worker}: no runner.settle() to leave out")
    worker.write_text(text.replace(settle, "'left out (baseline)'\";"), encoding="utf-8")
    return copy


def run() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--folder", type=Path, default=None, help="a folder made by web-app")
    parser.add_argument("--baseline", type=Path, default=None, help="another one, to compare")
    parser.add_argument(
        "--unsettled", action="store_true", help="baseline: the page without runner.settle"
    )
    args = parser.parse_args()
    folder = args.folder
    if folder is None:
        folder = Path(tempfile.mkdtemp(prefix="web-app-")) / "app"
        print(build(folder).message())
    folders = {"page": folder}
    if args.baseline is not None:
        folders["baseline"] = args.baseline
    elif args.unsettled:
        folders["baseline (unsettled)"] = unsettled(folder)
    measure(folders, args.repeat)


if __name__ == "__main__":
    run()
