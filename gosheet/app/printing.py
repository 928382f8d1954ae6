"""The print pack from any workbook port: :func:`print_pack` is the office suites'
"Print pack" (an action of :data:`gosheet.app.doors.ACTIONS`). It reads the cells,
writes nothing into the workbook, and hands back the PDF's bytes: the front end writes
them beside the workbook (``cup.xlsx`` → ``cup.pack.pdf``) and says where —
the command line itself, Excel's button through xlwings, LibreOffice's macro from the
bridge's ``file`` operation. :func:`print_file` is the command line's ``print``: a workbook
(its path or bytes) in, the PDF written to a path or handed back as bytes.
"""

from __future__ import annotations

from pathlib import Path

from gosheet.app.files import OptionError, Source, on_disk
from gosheet.app.publishing import site_base
from gosheet.core.model import Tournament
from gosheet.formats.pack import WHAT, pack_pdf, parts_for
from gosheet.formats.pack.checkin import CHECKIN, checkin_pdf
from gosheet.i18n.catalog import _, ngettext
from gosheet.records import record, replace
from gosheet.workbook.port import BookPort
from gosheet.workbook.saving.atomic import replacing
from gosheet.workbook.sheets.reader import read_book

SUFFIX = ".pack.pdf"


@record
class Printed:
    """The pack of one round: its PDF, and where it went once written."""

    tournament: Tournament
    round_number: int
    pdf: bytes
    path: Path | None = None
    what: tuple[str, ...] = WHAT  # the parts printed

    def written(self) -> str:
        """What the command line says once the PDF is written: where, the round, the parts."""
        if self.what == (CHECKIN,):
            count = len(self.tournament.players)
            return ngettext(
                "Wrote {path}: the check-in list of {count} player.",
                "Wrote {path}: the check-in list of {count} players.",
                count,
            ).format(path=self.path, count=count)
        return _("Wrote {path}: round {number}, {parts}.").format(
            path=self.path, number=self.round_number, parts=", ".join(self.what)
        )

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


def pack_path(workbook: str | Path, what: tuple[str, ...] = WHAT) -> Path:
    """The pack beside its workbook: ``cup.xlsx`` → ``cup.pack.pdf`` (the check-in list:
    ``cup.checkin.pdf``)."""
    path = Path(workbook)
    return path.with_name(path.stem + (".checkin.pdf" if what == (CHECKIN,) else SUFFIX))


def make_pack(
    tournament: Tournament,
    round_number: int | None = None,
    what: tuple[str, ...] = WHAT,
    url: str | None = None,
) -> Printed:
    """The pack of ``round_number`` (default: the last paired) with the parts ``what``;
    with the published pages' address ``url``, QR codes to them on the pairing lists and
    the slips (default: the Settings sheet's ``Site address``, where there is one)."""
    what = parts_for(tournament, what)  # (a team tournament's parts in one alone)
    pdf = pack_pdf(tournament, round_number, what, url or tournament.settings.site_address or None)
    number = round_number if round_number is not None else len(tournament.rounds)
    return Printed(tournament, number, pdf, what=tuple(what))


def parts_of(text: str) -> tuple[str, ...]:
    """The parts a comma-separated list names (``pairings,slips``); an unknown part, or none,
    raises :class:`~gosheet.app.files.OptionError`."""
    what = tuple(w.strip().lower() for w in text.split(",") if w.strip())
    unknown = [w for w in what if w not in (*WHAT, CHECKIN)]
    if unknown or not what:
        raise OptionError(
            _("'--what': {parts}; choose from {choices}").format(
                parts=", ".join(unknown) or _("nothing"), choices=", ".join((*WHAT, CHECKIN))
            )
        )
    if CHECKIN in what and len(what) > 1:
        raise OptionError(
            _("'--what checkin': the check-in list is a document of its own; print it alone")
        )
    return what


def print_file(
    book: Source,
    target: Path | None,
    *,
    round_number: int | None = None,
    what: tuple[str, ...] = WHAT,
    book_name: str = "tournament.xlsx",
    url: str | None = None,
) -> Printed:
    """The pack of a workbook (a path, or its bytes called ``book_name``): written to
    ``target`` when there is one (its ``path``), else only its bytes (``pdf``); ``url``:
    the published pages' address (:func:`~gosheet.app.publishing.site_base`), for the QR
    codes."""
    from gosheet.workbook.books import open_book  # not when the command line's parser is built

    url = site_base(url)
    with on_disk(book, book_name) as path:
        tournament = open_book(path).read().tournament
    if what == (CHECKIN,):
        printed = Printed(tournament, 0, checkin_pdf(tournament), what=what)
    else:
        printed = make_pack(tournament, round_number, what, url)
    if target is None:
        return printed
    with replacing(Path(target)) as temporary:  # a full disk: nothing of it left
        temporary.write_bytes(printed.pdf)
    return replace(printed, path=target)


def print_pack(book: BookPort) -> Printed:
    """ "Print pack": the last round's pack of the workbook's cells (nothing written)."""
    return make_pack(read_book(book.grids()).tournament)
