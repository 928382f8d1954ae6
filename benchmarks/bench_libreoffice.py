"""How long LibreOffice's gosheet ▸ Pair next round takes, from the click (the menu's URL
dispatched to the document's window, as the menu does) to the round's sheet written, in a real
headless LibreOffice over UNO, the extension installed in a throwaway profile. Prints seconds;
asserts nothing.

    python benchmarks/bench_libreoffice.py [--repeat 3]

The workbook is the demo's (23 players, rounds 1–3 played, 6 rounds: Pair next round makes
round 4). Each run starts a new LibreOffice (gosheet not loaded yet, as after a restart), opens
a fresh copy, and times the first Pair next round, then Simulate results and two more Pairs
(rounds 5 and 6: gosheet loaded). Two extensions in the same run, each run of one beside a run
of the other, so that both see the same load on the machine:

``loading``
    today's extension: gosheet loads in the background when the spreadsheet opens
    (``gosheet_lo/loading.py``). The first Pair is timed twice: once the background load is
    over (a probe script of the benchmark's own waits for it: what an organiser who looks at
    the workbook for two seconds before clicking sees), and clicked at once after opening.
``baseline``
    the same extension without its job (no ``Jobs.xcu``): the first Pair loads gosheet.

Needs Debian's LibreOffice, python3-uno and libreoffice-script-provider-python.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from openpyxl import load_workbook

from gosheet.frontends.carried import archive
from gosheet.frontends.cli import main
from gosheet.frontends.libreoffice import build
from gosheet.frontends.libreoffice.office import Office

TIMEOUT = 600
PROBE = """\
import json, sys


def Loaded(*args):
    loading = sys.modules.get("gosheet_lo.loading")
    if loading is None:
        return json.dumps({"state": "not started"})
    loading.DONE.wait(300)
    return json.dumps(loading.STATE)


g_exportedScripts = (Loaded,)
"""
PROBE_URL = "vnd.sun.star.script:gosheet_bench.py$Loaded?language=Python&location=user"


def demo(folder: Path) -> Path:
    """The demo workbook, rounds 1–3 played, 6 rounds."""
    book = folder / "demo.xlsx"
    assert main(["demo", str(book), "--rounds", "3"]) == 0
    workbook = load_workbook(book)
    for row in workbook["Settings"].iter_rows():
        if row[0].value == "Rounds":
            row[1].value = 6
    workbook.save(book)
    return book


def without_job(folder: Path) -> Path:
    """The extension without its job: no ``Jobs.xcu``, nothing loads gosheet before a click."""
    members = build.extension_members()
    del members["Jobs.xcu"]
    members["META-INF/manifest.xml"] = "".join(
        line + "\n" for line in build.manifest_xml().splitlines() if "Jobs.xcu" not in line
    )
    contents = {
        name: s.read_bytes() if isinstance(s, Path) else s.encode() if isinstance(s, str) else s
        for name, s in members.items()
    }
    oxt = folder / build.OXT_NAME
    oxt.parent.mkdir(parents=True, exist_ok=True)
    oxt.write_bytes(archive(contents))
    return oxt


def profile_with(folder: Path, oxt: Path) -> Path:
    """A profile with ``oxt`` installed, the probe script, and one start already made (the
    extension's Python compiled, as after its first use)."""
    profile = folder / "profile"
    with Office(profile, start_timeout=TIMEOUT) as office:
        office.check([{"do": "install", "oxt": str(oxt)}], timeout=TIMEOUT)
    scripts = profile / "user" / "Scripts" / "python"
    scripts.mkdir(parents=True, exist_ok=True)
    (scripts / "gosheet_bench.py").write_text(PROBE, encoding="utf-8")
    return profile


def clicks(profile: Path, book: Path, wait_for_load: bool) -> dict[str, Any]:
    """One LibreOffice start: open ``book``, (wait for the load,) Pair, Simulate, Pair,
    Simulate, Pair; the seconds of each Pair and what the probe said."""
    pair, simulate = build.menu_url("pair"), build.menu_url("simulate")
    steps: list[dict[str, Any]] = [{"do": "open", "path": str(book)}]
    if wait_for_load:
        steps.append({"do": "invoke", "url": PROBE_URL})
    steps += [{"do": "dispatch", "url": u} for u in (pair, simulate, pair, simulate, pair)]
    env = {k: v for k, v in os.environ.items() if k not in ("GOSHEET", "GOSHEET_NO_DIALOGS")}
    with Office(profile, env=env, start_timeout=TIMEOUT) as office:
        done = office.check(steps, timeout=TIMEOUT)
        office.run([{"do": "close_all"}])
    probe = json.loads(done[1]["result"]) if wait_for_load else {}
    pairs = [d for d in done[1:] if "seconds" in d][::2]
    for step in pairs:
        outcome = json.loads(step["result"])
        assert outcome["ok"], outcome
    return {"pairs": [float(p["seconds"]) for p in pairs], "probe": probe}


def main_(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print("load:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    with tempfile.TemporaryDirectory(prefix="gosheet-bench-lo-") as temporary:
        root = Path(temporary)
        source = demo(root)
        loading = profile_with(root / "loading", build.build_extension(root / "loading" / "oxt"))
        baseline = profile_with(root / "baseline", without_job(root / "baseline" / "oxt"))
        rows: dict[str, list[dict[str, Any]]] = {"loading": [], "at once": [], "baseline": []}
        for run in range(args.repeat):
            for name, profile, wait in (
                ("loading", loading, True),
                ("at once", loading, False),
                ("baseline", baseline, False),
            ):
                book = root / f"{name.replace(' ', '-')}-{run}.xlsx"
                shutil.copyfile(source, book)
                rows[name].append(clicks(profile, book, wait))
        print("uptime after:", subprocess.run(["uptime"], capture_output=True, text=True).stdout)
        print("| extension | first Pair s | later Pairs s | background load s |")
        print("|---|---|---|---|")
        for name, label in (
            ("loading", "background load, click once loaded"),
            ("at once", "background load, click at once"),
            ("baseline", "no background load (baseline)"),
        ):
            found = rows[name]
            first = [r["pairs"][0] for r in found]
            later = [s for r in found for s in r["pairs"][1:]]
            loads = [str(r["probe"].get("seconds")) for r in found if r["probe"]]
            print(
                f"| {label} | {' '.join(f'{s:.2f}' for s in first)} "
                f"(median {statistics.median(first):.2f}) | {min(later):.2f}–{max(later):.2f} "
                f"| {' '.join(loads) or '–'} |"
            )


if __name__ == "__main__":
    main_()
