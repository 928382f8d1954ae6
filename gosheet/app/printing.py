"""The print pack from any workbook port: :func:`print_pack` is the office suites'
"Print pack" (an action of :data:`gosheet.app.actions.ACTIONS`). It reads the cells,
writes nothing into the workbook, and hands back the PDF's bytes: the front end writes
them beside the workbook (``cup.xlsx`` → ``cup.pack.pdf``) and says where —
the command line itself, Excel's button through xlwings, LibreOffice's macro from the
bridge's ``file`` operation.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gosheet.core.model import Tournament
from gosheet.formats.pack import WHAT, pack_pdf
from gosheet.i18n.catalog import _
from gosheet.workbook.port import BookPort
from gosheet.workbook.reader import read_book

SUFFIX = ".pack.pdf"


@dataclass(frozen=True)
class Printed:
    """The pack of one round: its PDF, and where it went once written."""

    tournament: Tournament
    round_number: int
    pdf: bytes
    path: Path | None = None

    def message(self) -> str:
        if self.path is None:
            return _(
                "Print pack of round {number} made: pairings by table and by name, result "
                "slips, standings and crosstable."
            ).format(number=self.round_number)
        return _(
            "Print pack of round {number} written to {path}: pairings by table and by name, "
            "result slips, standings and crosstable."
        ).format(number=self.round_number, path=self.path)


def pack_path(workbook: str | Path) -> Path:
    """The pack beside its workbook: ``cup.xlsx`` → ``cup.pack.pdf``."""
    path = Path(workbook)
    return path.with_name(path.stem + SUFFIX)


def make_pack(
    tournament: Tournament, round_number: int | None = None, what: tuple[str, ...] = WHAT
) -> Printed:
    pdf = pack_pdf(tournament, round_number, what)
    number = round_number if round_number is not None else len(tournament.rounds)
    return Printed(tournament, number, pdf)


def print_pack(book: BookPort) -> Printed:
    """ "Print pack": the last round's pack of the workbook's cells (nothing written)."""
    return make_pack(read_book(book.grids()).tournament)
