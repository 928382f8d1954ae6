"""An ``.ods`` workbook against its ``.xlsx``: a large OpenGotha field (rounds 1 to 4 played)
written by gosheet as ``.xlsx``, saved as ``.ods`` by LibreOffice (``soffice`` on the PATH),
then read (every cell) and paired (round 5, saved) on each, in pure Python
(``accelerators.pure()``), wall seconds, best of N; and a sheet ending in LibreOffice's
1,048,576 empty rows, read.

    python benchmarks/bench_ods.py [--players 2000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def build(folder: Path, players: int) -> tuple[Path, Path]:
    from gosheet.core.opengotha.synthetic import field, played
    from gosheet.formats.opengotha.convert import Imported, opengotha_book

    xlsx = folder / "field.xlsx"
    book = opengotha_book(Imported(played(field(players, 7, absent_round=5), 4, 7)))
    book.save(xlsx, backup=False)
    soffice = shutil.which("soffice")
    if soffice is None:
        sys.exit("soffice (LibreOffice) is needed to make the .ods")
    subprocess.run(
        [soffice, "--headless", "--norestore", f"-env:UserInstallation={(folder / 'p').as_uri()}",
         "--convert-to", "ods", "--outdir", str(folder), str(xlsx)],
        check=True, capture_output=True, timeout=600,
    )  # fmt: skip
    return xlsx, folder / "field.ods"


def best(repeat: int, run: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from gosheet import accelerators
    from gosheet.app import workbooks
    from gosheet.workbook.books import open_book

    with tempfile.TemporaryDirectory(prefix="gosheet-bench-ods-") as name:
        folder = Path(name)
        xlsx, ods = build(folder, args.players)
        sizes = f".xlsx {xlsx.stat().st_size:,} B, .ods {ods.stat().st_size:,} B"
        print(f"{args.players} players: {sizes}")
        with accelerators.pure():
            for path in (xlsx, ods):
                seconds = best(args.repeat, lambda p=path: open_book(p).grids())
                print(f"read {path.suffix:5}  {seconds:6.2f} s")
            for path in (xlsx, ods):
                copy = folder / f"copy{path.suffix}"

                def pair(source: Path = path, target: Path = copy) -> None:
                    shutil.copyfile(source, target)
                    workbooks.pair(target)

                print(f"pair {path.suffix:5}  {best(args.repeat, pair):6.2f} s (read, pair, save)")
        sys.path.insert(0, str(ROOT / "tests"))
        from support.ods_files import cell, content, row, table, text, write_ods

        empty = row(cell(repeat=16_384), repeat=1_048_575)
        tail = write_ods(folder / "tail.ods", content(table("S", row(text("x")), empty)))
        seconds = best(args.repeat, lambda: open_book(tail).grids())
        print(f"read a sheet of 1,048,576 rows  {seconds:6.3f} s")


if __name__ == "__main__":
    main()
