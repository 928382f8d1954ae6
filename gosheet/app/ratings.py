"""Registration from a rating list: :func:`fill` completes the Players sheet of a workbook
(any :class:`~gosheet.workbook.port.BookPort`: the ``.xlsx``, Excel, LibreOffice) from a list,
and :func:`add` registers one player of the list.

A player is found by his number in the list (EGD PIN, FFG licence, AGA ID) when the workbook
has it, else by name (case, accents, word order and ``_`` ignored). Only the empty cells are
filled — PIN (or licence, AGA ID), rank, rating, club, country — unless ``overwrite``; who
was not found, or is ambiguous, is listed with the closest candidates.

:func:`fill_ratings` is the office suites' "Fill from rating list" (an action of
:data:`gosheet.app.doors.ACTIONS`): it takes the cached list :func:`chosen_list` names,
reads no other file and writes nothing but the workbook's cells.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gosheet.app import naming
from gosheet.core.errors import ConsistencyError, FileProblem, InputError, Problem
from gosheet.formats.ratings import cache
from gosheet.formats.ratings.lists import KINDS, Rated
from gosheet.formats.ratings.match import ListIndex
from gosheet.i18n import counts, words
from gosheet.i18n.catalog import N_, _, ngettext
from gosheet.records import field, record
from gosheet.workbook.port import BookPort
from gosheet.workbook.sheets import PLAYERS, cell_name
from gosheet.workbook.sheets.language import localized
from gosheet.workbook.sheets.names import name_key
from gosheet.workbook.sheets.reading import Sheets, cell_text

#: The Players column of each list's number.
ID_COLUMN = {"egd": "EGD PIN", "ffg": "FFG licence", "aga": "AGA ID"}
_ALIASES = {
    "EGD PIN": ("egdpin", "egfpin", "pin"),
    "FFG licence": ("ffglicence", "licence", "license", "ffglicense"),
    "AGA ID": ("agaid", "aga"),
    "Name": ("name", "surname", "lastname"),
    "First name": ("firstname", "givenname", "prenom"),
}
FILLED = ("Rank", "Rating", "Club", "Country")
#: Players not found or ambiguous named in the office suites' message (the rest counted).
SHOWN_MISSING = 20


@record(frozen=False)
class FillReport:
    filled: list[str] = field(default_factory=list)  # "Name: rank 3d, club Lyon"
    unchanged: int = 0
    not_found: list[tuple[str, tuple[Rated, ...]]] = field(default_factory=list)
    ambiguous: list[tuple[str, tuple[Rated, ...]]] = field(default_factory=list)
    cells: int = 0

    def lines(self, details: bool = True, shown: int | None = None) -> list[str]:
        """What was done: the cells filled (each player's with ``details``), then who was
        not found or is ambiguous with the closest candidates (the first ``shown``)."""
        out = [
            _("Filled {cells} ({players}).").format(
                cells=counts.cells(self.cells), players=counts.players(len(self.filled))
            )
        ]
        if details:
            out += [f"  {text}" for text in self.filled]
        if self.unchanged:
            out.append(
                ngettext(
                    "{count} player already complete.",
                    "{count} players already complete.",
                    self.unchanged,
                ).format(count=self.unchanged)
            )
        missing = [
            (title, name, candidates)
            for title, items in (
                (N_("Not found"), self.not_found),
                (N_("Ambiguous"), self.ambiguous),
            )
            for name, candidates in items
        ]
        for title, name, candidates in missing[:shown]:
            near = "; ".join(describe(c) for c in candidates) or _("no close name")
            out.append(f"{_(title)}: {name} — {near}")
        if shown is not None and len(missing) > shown:
            more = len(missing) - shown
            out.append(
                ngettext(
                    "… and {count} more not found or ambiguous.",
                    "… and {count} more not found or ambiguous.",
                    more,
                ).format(count=more)
            )
        return out


@record
class Filled:
    """What :func:`fill_ratings` did, and from which list."""

    report: FillReport
    source: str  # "EGD list of 2024-05-12: 7 players (from …)"

    def message(self) -> str:
        """The office suites' message: the counts, who was not found or is ambiguous."""
        missing = self.report.not_found or self.report.ambiguous
        hint = (
            [_("Fill in the EGD PIN (FFG licence, AGA ID) of those and fill again.")]
            if missing
            else []
        )
        return "\n".join(
            [
                _("From the {source}:").format(source=self.source),
                *self.report.lines(details=False, shown=SHOWN_MISSING),
                *hint,
            ]
        )


def list_summary(c: cache.Cached) -> str:
    """``EGD list of 2024-05-12: 7 players (from …)``."""
    date = c.date.isoformat() if c.date else _("date not given")
    return ngettext(
        "{kind} list of {date}: {players} player (from {source})",
        "{kind} list of {date}: {players} players (from {source})",
        c.players,
    ).format(kind=c.kind.upper(), date=date, players=c.players, source=c.source)


def describe(p: Rated) -> str:
    bits = [p.name, p.rank_text, p.club, p.country, p.ident]
    return " ".join(b for b in bits if b)


def _key(text: str) -> str:
    return name_key(text).replace(" ", "")


class _Sheet:
    """The Players sheet: its header row and columns (added at the end when missing, their
    headers in the workbook's language)."""

    def __init__(self, book: BookPort, kind: str) -> None:
        self.book = book
        grids = book.grids()
        self.language = grids.language if isinstance(grids, Sheets) else "en"
        grid = grids.get(PLAYERS)
        if grid is None:
            raise InputError([Problem(PLAYERS, "", None, _("no Players sheet"))])
        self.grid = grid
        self.head = next(
            (i for i, row in enumerate(grid) if any(_key(cell_text(c)) == "name" for c in row)),
            None,
        )
        if self.head is None:
            raise InputError([Problem(PLAYERS, "A1", None, _("no 'Name' header"))])
        self.columns: dict[str, int] = {}
        for j, cell in enumerate(grid[self.head]):
            key = _key(cell_text(cell))
            for name in (*FILLED, *ID_COLUMN.values(), "Name", "First name"):
                if name in self.columns:
                    continue
                if key == _key(name) or key in _ALIASES.get(name, ()):
                    self.columns[name] = j
        self.width = max(len(grid[self.head]), max(self.columns.values(), default=0) + 1)
        self.id_column = ID_COLUMN[kind]

    def column(self, name: str) -> int:
        if name not in self.columns:
            self.columns[name] = self.width
            self.width += 1
            header = words.local(name, self.language, words.PLAYERS)
            self.book.set_cell(PLAYERS, cell_name(self.head or 0, self.columns[name]), header)
        return self.columns[name]

    def value(self, row: Sequence[Any], name: str) -> str:
        j = self.columns.get(name)
        return cell_text(row[j]) if j is not None and j < len(row) else ""

    def rows(self) -> list[int]:
        return [
            i
            for i in range((self.head or 0) + 1, len(self.grid))
            if self.value(self.grid[i], "Name")
        ]


def _values(p: Rated, id_column: str) -> dict[str, Any]:
    return {
        id_column: p.ident,
        "Rank": p.rank_text,
        "Rating": p.rating,
        "Club": p.club,
        "Country": p.country,
    }


def fill(book: BookPort, index: ListIndex, *, overwrite: bool = False) -> FillReport:
    """Fill the Players sheet of ``book`` from the list ``index``."""
    sheet = _Sheet(book, index.list.kind)
    report = FillReport()
    for i in sheet.rows():
        row = sheet.grid[i]
        name = f"{sheet.value(row, 'Name')} {sheet.value(row, 'First name')}".strip()
        found = index.find(name, sheet.value(row, sheet.id_column))
        if found.rated is None:
            target = (
                report.ambiguous
                if len(found.candidates) > 1
                and all(_key(c.name) == _key(found.candidates[0].name) for c in found.candidates)
                else report.not_found
            )
            target.append((name, found.candidates))
            continue
        changed = []
        for column, value in _values(found.rated, sheet.id_column).items():
            if value in ("", None):
                continue
            old = sheet.value(row, column)
            if old and (not overwrite or old == str(value)):
                continue
            book.set_cell(PLAYERS, cell_name(i, sheet.column(column)), value)
            changed.append(f"{column} {value}")
        if changed:
            report.filled.append(f"{name}: {', '.join(changed)}")
            report.cells += len(changed)
        else:
            report.unchanged += 1
    return report


def add(book: BookPort, index: ListIndex, name: str = "", ident: str = "") -> Rated:
    """Register one player of the list (by name, or by his number there) in a new row of
    Players. Refused when he is not found, is ambiguous, or is registered already."""
    found = index.find(name, ident) if name or ident else None
    if ident and found is not None and found.rated is not None and found.rated.ident != ident:
        found = None
    if found is None or found.rated is None:
        near = "; ".join(describe(c) for c in (found.candidates if found else ()))
        what = _("number {number}").format(number=ident) if ident else repr(name)
        ambiguous = found and len(found.candidates) > 1 and name
        kind = _("ambiguous") if ambiguous else _("not found")
        message = _("{what}: {kind} in the {list} list").format(
            what=what, kind=kind, list=index.list.kind.upper()
        )
        if near:
            message += " " + _("(closest: {names})").format(names=near)
        raise ConsistencyError(message)
    p = found.rated
    sheet = _Sheet(book, index.list.kind)
    for i in sheet.rows():
        row = sheet.grid[i]
        there = f"{sheet.value(row, 'Name')} {sheet.value(row, 'First name')}"
        same_id = p.ident and sheet.value(row, sheet.id_column) == p.ident
        if same_id or _key(there) == _key(p.name):
            raise ConsistencyError(
                _("{player} is registered already (Players row {row})").format(
                    player=p.name, row=i + 1
                )
            )
    last = max(sheet.rows(), default=sheet.head or 0)
    target = last + 1
    cells = {"Name": p.surname, "First name": p.first_name} | _values(p, sheet.id_column)
    for column, value in cells.items():
        if value not in ("", None):
            book.set_cell(PLAYERS, cell_name(target, sheet.column(column)), value)
    return p


def chosen_list(book: BookPort) -> str:
    """The cached list "Fill from rating list" takes: the one whose number column (``EGD
    PIN``, ``FFG licence``, ``AGA ID``) Players has, the most numbers typed in it first;
    else the EGD list; else the list stored last. None cached: what to do."""
    stored = cache.stored()
    if not stored:
        raise FileProblem(naming.no_rating_list(str(cache.cache_dir()), cache.URLS["egd"]))
    typed: dict[str, int] = {}
    for kind in KINDS:
        if kind not in stored:
            continue
        try:
            sheet = _Sheet(book, kind)
        except InputError:
            break
        if sheet.id_column in sheet.columns:
            column = sheet.id_column
            typed[kind] = sum(1 for i in sheet.rows() if sheet.value(sheet.grid[i], column))
    if typed:
        return max(typed, key=lambda kind: (typed[kind], -KINDS.index(kind)))
    if "egd" in stored:
        return "egd"
    return max(stored, key=lambda kind: stored[kind])


def fill_ratings(book: BookPort) -> Filled:
    """ "Fill from rating list": :func:`fill` from the cached list :func:`chosen_list`
    names, never replacing what is typed (``gosheet ratings fill --overwrite`` does)."""
    book = localized(book)  # a workbook in any language
    kind = chosen_list(book)
    rating_list, cached = cache.load(kind)
    report = fill(book, ListIndex(rating_list))
    return Filled(report, list_summary(cached))
