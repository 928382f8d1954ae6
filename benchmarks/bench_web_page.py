"""The page of ``gosheet web-app`` in headless Chromium: loading (cold: a new browser profile;
warm: the page reloaded, the browser's cache full), each button on the demo tournament, and
the same action by the command line in the same run (CPython, the accelerators) as the
baseline. Prints seconds; asserts nothing about time.

    python benchmarks/bench_web_page.py [--repeat 3] [--folder DIR]

Needs Debian's Chromium (/usr/bin/chromium) and Playwright (pip install playwright).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from timing import served

from gosheet.frontends.cli import main
from gosheet.frontends.web.build import build

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
READY = "body[data-state=ready], body[data-state=failed]"


def quietly(*args: str) -> int:
    with contextlib.redirect_stdout(io.StringIO()):
        return main(list(args))


def press(page: Any, action: str) -> float:
    start = time.perf_counter()
    page.click(f"button[data-action={action}]")
    page.wait_for_selector(READY, timeout=600_000)
    seconds = time.perf_counter() - start
    if "bad" in (page.get_attribute("#answer", "class") or ""):
        sys.exit(f"{action} failed in the page: {page.text_content('#lines')}")
    return seconds


def books(work: Path) -> dict[str, Path]:
    """The demo tournament (5 rounds played) and a fresh one of the same roster."""
    demo = work / "demo.xlsx"
    quietly("demo", str(demo))
    roster = Path(__file__).resolve().parents[1] / "gosheet" / "data" / "demo_roster.csv"
    fresh = work / "fresh.xlsx"
    quietly("import", str(roster), "-o", str(fresh), "--rounds", "5", "--seed", "7")
    return {"demo": demo, "fresh": fresh}


BUTTONS = (
    ("fresh", "pair", ("pair",)),
    ("fresh", "simulate", ("simulate",)),
    ("fresh", "standings", ("standings",)),
    ("fresh", "explain", ("explain",)),
    ("demo", "check", ("check",)),
    ("demo", "print", ("print",)),
    ("demo", "publish", ("publish", "-o", "{work}/site")),
    ("demo", "h9", ("export", "-o", "{work}/x.h9", "--force")),
    ("demo", "xml", ("export", "-o", "{work}/x.xml", "--force")),
)


def measure(folder: Path, repeat: int) -> None:
    work = Path(tempfile.mkdtemp(prefix="bench-web-"))
    made = books(work)
    with served(folder) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        cold, warm = [], []
        for _ in range(repeat):
            context = browser.new_context(accept_downloads=True)
            page = context.new_page()
            start = time.perf_counter()
            page.goto(url)
            page.wait_for_selector(READY, timeout=600_000)
            cold.append(time.perf_counter() - start)
            start = time.perf_counter()
            page.reload()
            page.wait_for_selector(READY, timeout=600_000)
            warm.append(time.perf_counter() - start)
            context.close()
        print(f"loading, cold: median {statistics.median(cold):.2f} s (runs {fmt(cold)})")
        print(f"loading, warm: median {statistics.median(warm):.2f} s (runs {fmt(warm)})")
        context = browser.new_context(accept_downloads=True)
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(READY, timeout=600_000)
        picked = None
        print(f"{'button':<10} {'page s':>8} {'command s':>10} {'ratio':>6}")
        for book, action, command in BUTTONS:
            path = made[book]
            if picked != book:
                page.set_input_files("#pick", str(path))
                page.wait_for_selector(f"#chosen:has-text('{path.name}')")
                picked = book
            in_page = press(page, action)
            words = [w.format(work=work) for w in command]
            copy = work / f"copy-{action}.xlsx"
            shutil.copy(path, copy)
            for earlier in {
                "simulate": ["pair"],
                "standings": ["pair", "simulate"],
                "explain": ["pair", "simulate"],
            }.get(action, []):
                quietly(earlier, str(copy))
            start = time.perf_counter()
            quietly(words[0], str(copy), *words[1:])
            by_command = time.perf_counter() - start
            print(f"{action:<10} {in_page:>8.2f} {by_command:>10.2f} {in_page / by_command:>6.1f}")
        context.close()
        browser.close()
    size = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    print(
        f"folder: {size / 1e6:.1f} MB in {sum(1 for p in folder.rglob('*') if p.is_file())} files"
    )
    shutil.rmtree(work, ignore_errors=True)


def fmt(values: list[float]) -> str:
    return ", ".join(f"{v:.2f}" for v in values)


def run() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--folder", type=Path, default=None, help="a folder made by web-app")
    args = parser.parse_args()
    folder = args.folder
    if folder is None:
        folder = Path(tempfile.mkdtemp(prefix="web-app-")) / "app"
        print(build(folder).message())
    measure(folder, args.repeat)


if __name__ == "__main__":
    run()
