"""The ``.ods`` gosheet writes, reopened in real LibreOffice: a tournament made by
``gosheet demo``, saved as ``.ods`` by LibreOffice, formatted by the organiser (a bold red
name, a wide column, an own sheet with formulas), then paired, simulated and updated by
gosheet round after round. LibreOffice opens every version written: converted back to
``.xlsx`` it holds what the same steps give on the ``.xlsx``; loaded through UNO the
organiser's formula and note are there, gosheet's header keeps its colour; its pages render
to PDF."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING, Any

from support.libreoffice import XLSX, convert, needs_soffice
from support.ods_files import ODS_FIXTURES, formatted

from gosheet import accelerators
from gosheet.app import workbooks
from gosheet.app.messages import pairing_lines
from gosheet.workbook.ods.book import OdsBook
from gosheet.workbook.sheets import HEADER_COLOUR
from gosheet.workbook.xlsx.book import XlsxBook

if TYPE_CHECKING:
    from gosheet.frontends.libreoffice.office import Office

STEPS = ("pair", "simulate", "pair", "simulate", "standings", "pair")


def run(step: str, path: Path) -> Any:
    if step == "pair":
        return workbooks.pair(path)
    if step == "simulate":
        return workbooks.simulate(path)
    return workbooks.update_standings(path)


def played(folder: Path) -> tuple[Path, Path, list[Path]]:
    """The demo as gosheet wrote it, and as LibreOffice saves it (``.ods``, converted here
    by real LibreOffice) formatted by the organiser; the same steps on both, every step's
    .ods kept (``folder/steps/``)."""
    xlsx = folder / "demo.xlsx"
    shutil.copyfile(ODS_FIXTURES / "demo.xlsx", xlsx)
    (folder / "ods").mkdir()
    convert(folder, "ods", xlsx, outdir=folder / "ods")
    ods = formatted(folder / "ods" / "demo.ods")
    (folder / "steps").mkdir()
    kept = []
    for number, step in enumerate(STEPS, start=1):
        with accelerators.pure():
            done_ods = run(step, ods)
        done_xlsx = run(step, xlsx)
        if step == "pair":
            assert pairing_lines(done_ods.done) == pairing_lines(done_xlsx.done)
        kept.append(folder / "steps" / f"{number}-{step}.ods")
        shutil.copyfile(ods, kept[-1])
    return xlsx, ods, kept


@needs_soffice
def test_libreoffice_reads_every_ods_gosheet_wrote(tmp_path: Path) -> None:
    xlsx, ods, kept = played(tmp_path)
    back = tmp_path / "back"
    back.mkdir()
    convert(tmp_path, "xlsx", *kept, outdir=back)
    for step in kept:
        grids = XlsxBook.open(back / f"{step.stem}.xlsx").grids()
        assert grids.pop("Notes")[0][:3] == [23, "x", "my own note"], step.name
        mine = OdsBook.open(step).grids()
        mine.pop("Notes")
        assert grids == mine, step.name
    last = XlsxBook.open(back / f"{kept[-1].stem}.xlsx").grids()
    last.pop("Notes")
    assert last == XlsxBook.open(xlsx).grids()
    pdf = tmp_path / "pdf"
    pdf.mkdir()
    convert(tmp_path, "pdf", ods, outdir=pdf)
    if shutil.which("pdftoppm"):
        subprocess.run(
            [
                "pdftoppm",
                "-png",
                "-r",
                "60",
                "-f",
                "1",
                "-l",
                "1",
                str(pdf / "demo.pdf"),
                str(pdf / "page"),
            ],
            check=True,
        )
        assert any(p.suffix == ".png" and p.stat().st_size > 1000 for p in pdf.iterdir())


def test_libreoffice_loads_the_written_ods_through_uno(tmp_path: Path, office: Office) -> None:
    """Loaded in LibreOffice: its sheets in order, the organiser's formula (23 players),
    gosheet's header shaded, the organiser's values and gosheet's in their
    cells; stored again as .xlsx it reads as gosheet wrote it."""
    _xlsx, ods, _kept = played(tmp_path)
    written = OdsBook.open(ods).grids()
    again = tmp_path / "again.xlsx"
    results = office.check(
        [
            {"do": "open", "path": str(ods)},
            {"do": "cell", "sheet": "Notes", "cell": "A1"},
            {"do": "cell", "sheet": "Notes", "cell": "C1"},
            {"do": "cell", "sheet": "Round 4", "cell": "B1"},
            {"do": "cell", "sheet": "Round 4", "cell": "B2"},
            {"do": "store", "path": str(again), "filter": XLSX},
            {"do": "close"},
        ]
    )
    assert results[0]["sheets"] == list(written)
    assert results[1]["value"] == "23"  # a formula: its text
    assert results[2]["value"] == "my own note"
    assert results[3]["value"] == written["Round 4"][0][1]
    assert results[3]["back_color"] == int(HEADER_COLOUR, 16)
    assert results[4]["value"] == written["Round 4"][1][1]
    stored = XlsxBook.open(again).grids()
    stored.pop("Notes")
    written.pop("Notes")
    assert stored == written
