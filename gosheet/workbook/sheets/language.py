"""The workbook in its language: read in any, written in the ``Language`` setting's.

The readers of ``workbook/`` speak English (``Players``, ``Round 3``, ``Name``, ``Bye``); the
writers (:mod:`gosheet.workbook.sheets.writer`) write in the workbook's language themselves; the
words of every language are the table :mod:`gosheet.i18n.words`. This module:

- :func:`canonical_sheets` turns a workbook's cell values, in any language, into what the
  readers read: gosheet's sheets under their English names, their header rows, the settings'
  names and the ``Bye`` cells in English, and the names the organiser sees kept for the
  problems (:class:`~gosheet.workbook.sheets.reading.Sheets`). :func:`read_book` calls it, so every
  reader of a workbook accepts every language.
- :class:`InLanguage` wraps any workbook port (:class:`~gosheet.workbook.port.BookPort`): it
  reads through :func:`canonical_sheets`, whose ``language`` is the one the writers are given,
  and writes each sheet and cell under the sheet's name in the workbook. When the ``Language``
  setting has changed and the port is a :class:`~gosheet.workbook.port.SheetRenamer`, its
  first write renames gosheet's sheets and rewrites their headers, the settings' names and
  explanations and the ``Bye`` words — cell by cell, so that the results, the organiser's own
  columns and sheets and the cells' formatting stay as they are.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from gosheet.core.fields import parse_yes_no
from gosheet.core.settings_fields import FIELD_BY_LABEL, FIELDS
from gosheet.i18n import catalog, words
from gosheet.records import replace
from gosheet.workbook.port import BookPort, CellValue, Grid, Grids, SheetRenamer
from gosheet.workbook.sheets import (
    BYE_LABEL,
    BYE_RESULT,
    EXPLAIN,
    OPENGOTHA,
    PLAYERS,
    SETTINGS,
    STANDINGS,
    TEAMS,
    SheetData,
    cell_name,
    round_number_of,
)
from gosheet.workbook.sheets.fixed_matches import FIXED_MATCHES
from gosheet.workbook.sheets.keep_apart import KEEP_APART as KEEP_APART_SHEET
from gosheet.workbook.sheets.reading import Sheets, cell_text
from gosheet.workbook.sheets.registration import header_row

Book = Mapping[str, Sequence[Sequence[CellValue]]]  # a workbook's cell values, as read
LANGUAGE_FIELD = FIELD_BY_LABEL["language"]


def header_table(sheet: str) -> words.Table | None:
    """The words of the header row of one of gosheet's sheets (by its English name)."""
    if round_number_of(sheet) is not None:
        return words.ROUNDS
    return {
        SETTINGS: words.SETTINGS_HEADERS,
        PLAYERS: words.PLAYERS,
        KEEP_APART_SHEET: words.KEEP_APART,
        TEAMS: words.TEAMS,
        FIXED_MATCHES: words.TEAMS,
        "Team standings": words.TEAM_STANDINGS,
        OPENGOTHA: words.OPENGOTHA,
        STANDINGS: words.STANDINGS,
        EXPLAIN: words.EXPLAIN,
    }.get(sheet)


def sheet_language(name: str) -> str | None:
    """The language whose name of one of gosheet's sheets ``name`` is (not English, nor a
    name every language shares), or None."""
    key = words.normalise(name)
    for english in words.SHEETS:
        spelled = words.spellings(english, words.SHEETS)
        for language in words.TRANSLATED:
            word = spelled[language]
            if words.normalise(word) == words.normalise(english):
                continue
            if "{n}" in word:
                pattern = re.escape(words.normalise(word)).replace(r"\{n\}", r"\s*\d+")
                if re.fullmatch(pattern, key):
                    return language
            elif words.normalise(word) == key:
                return language
    return None


def language_of(grids: Book) -> str:
    """The workbook's language: its ``Language`` setting (the Settings sheet and the row in
    any language), else the language of its sheets' names, else English. Cheap: it reads
    one column of one sheet."""
    for name, grid in grids.items():
        if words.canonical(name, words.SHEETS) != SETTINGS:
            continue
        for row in grid:
            label = cell_text(row[0]) if row else ""
            if words.canonical(label, words.SETTING_NAMES) == "Language" and len(row) > 1:
                try:
                    return str(LANGUAGE_FIELD.parse(row[1]))
                except ValueError:
                    break
        break
    for name in grids:
        found = sheet_language(name)
        if found is not None:
            return found
    return "en"


def headers_language(headers: Sequence[Any]) -> str | None:
    """The language of a roster's (or the Players sheet's) headers: the one whose words of
    the Players sheet they are, most of them (``Фамилия, Имя, Ранг`` → ``ru``); None when
    they are English, or of no language gosheet writes.

    >>> headers_language(["Cognoms", "Nom", "Rang", "Club"]), headers_language(["Name", "Nom"])
    ('ca', None)
    """
    votes = dict.fromkeys(words.TRANSLATED, 0)
    for header in headers:
        key = words.normalise(header)
        for english in words.PLAYERS:
            spelled = words.spellings(english, words.PLAYERS)
            if key == words.normalise(english):
                votes = {x: n - 1 for x, n in votes.items()}  # an English word
                break
            for language in words.TRANSLATED:
                votes[language] += words.normalise(spelled[language]) == key
    best = max(votes.values())
    found = [x for x, n in votes.items() if n == best]
    return found[0] if best > 0 and len(found) == 1 else None


def book_languages(grids: Book, language: str) -> set[str]:
    """The languages whose sheet names are gosheet's sheets in this workbook: its own, English,
    and those its Settings and Players sheets are named in (a workbook whose Language was just
    changed). A sheet named in another language is the organiser's (``Ronde 2`` in an English
    workbook: a round sheet renamed by hand, which the reader points out)."""
    spoken = {language, "en"}
    for name in grids:
        if words.canonical(name, words.SHEETS) in (SETTINGS, PLAYERS):
            spoken.add(sheet_language(name) or "en")
    return spoken


def canonical_sheets(grids: Book, language: str | None = None) -> Sheets:
    """The workbook as the readers read it (:class:`~gosheet.workbook.sheets.reading.Sheets`):
    gosheet's sheets under their English names, with their header rows, the settings' names
    and the ``Bye`` cells of the round sheets in English; the organiser's own sheets as they
    are. The workbook's language (``language``, else :func:`language_of`) becomes the language
    of messages, so that its problems are told in it. Sheets already so are given back."""
    if isinstance(grids, Sheets):
        return grids
    language = language or language_of(grids)
    catalog.use(language)
    claimed: dict[str, str] = {}  # English name → the sheet's name
    spoken = book_languages(grids, language)
    named = [(name, words.canonical(name, words.SHEETS, language, spoken)) for name in grids]
    for exact in (True, False):  # a sheet named in English is the one read, if there is one
        for name, english in named:
            if english is None or english in claimed:
                continue
            if exact == (words.normalise(name) == words.normalise(english)):
                claimed[english] = name
    by_name = {name: english for english, name in claimed.items()}
    sheets = Sheets(language=language)
    for name in grids:  # in the workbook's order
        english = by_name.get(name)
        if english is None:  # the organiser's own sheet (or a second copy of one of gosheet's)
            sheets[name] = [list(row) for row in grids[name]]
        else:
            # its words are those of its name's language (a workbook whose Language has just
            # changed is still in the old one: French "Nom" is not Catalan "Nom")
            named_in = sheet_language(name) or sheet_language(claimed.get(PLAYERS, ""))
            sheets[english] = in_english(english, grids[name], named_in or language)
            sheets.shown[english] = name
    return sheets


def in_english(sheet: str, grid: Sequence[Sequence[CellValue]], language: str) -> Grid:
    """One of gosheet's sheets (by its English name) with its words in English."""
    rows = [list(row) for row in grid]
    table = header_table(sheet)
    if not rows or table is None:
        return rows
    head = header_row(rows, language) if sheet == PLAYERS else 0  # a title may stand above
    rows[head] = [words.canonical(h, table, language) or h for h in rows[head]]
    if sheet == SETTINGS:
        for row in rows[1:]:
            if row:
                row[0] = words.canonical(row[0], words.SETTING_NAMES, language) or row[0]
    elif round_number_of(sheet) is not None and "Table" in rows[0]:
        at = rows[0].index("Table")
        for row in rows[1:]:
            bye = words.canonical(row[at], words.CELLS, language) if at < len(row) else None
            if bye in (BYE_LABEL, BYE_RESULT):  # "Bye", "Свободен", "своб.", "Exempt" …
                row[at] = BYE_LABEL
    return rows


# ------------------------------------------------------------------ the port


class InLanguage:
    """A workbook port in the workbook's language (the module's docstring).

    ``language``: the language to write in (a new workbook); without it, the workbook's own,
    found when it is read (:func:`language_of`)."""

    def __init__(self, port: BookPort, language: str | None = None) -> None:
        self.port = port
        self.language = language or "en"
        self.fixed = language is not None
        self.raw: Grids = {}
        self.read: Sheets | None = None
        self.names: dict[str, str] = {}  # English name → the sheet's name in the book now
        self.switched = False

    # the port
    def grids(self) -> Sheets:
        """The workbook as the readers read it (:func:`canonical_sheets`); its ``language``
        is the one to write in."""
        self.raw = self.port.grids()
        sheets = canonical_sheets(self.raw, self.language if self.fixed else None)
        self.language = sheets.language
        self.read = sheets
        self.names = dict(sheets.shown)
        self.switched = False
        return sheets

    def render(self, data: SheetData, index: int | None = None) -> object:
        """Write a sheet made in the workbook's language (:mod:`gosheet.workbook.sheets.writer`),
        under the name it has in the workbook."""
        self.switch()
        english = self.english(data.name)
        name = words.local(english, self.language, words.SHEETS)
        current = self.names.get(english)
        if current is not None and current.casefold() != name.casefold():
            name = current  # not renamed: another sheet has the name already
        self.names[english] = name
        return self.port.render(data if data.name == name else replace(data, name=name), index)

    def set_cell(self, sheet: str, cell: str, value: CellValue) -> None:
        """Write a cell of a sheet an action names (in English, or as it was read)."""
        self.switch()
        self.port.set_cell(self.names.get(self.english(sheet), sheet), cell, value)

    # names
    def english(self, sheet: str) -> str:
        """The English name of a sheet an action names (in English, or as it was read)."""
        for english, shown in (self.read.shown if self.read is not None else {}).items():
            if sheet == shown:
                return english
        if sheet in self.names or self.read is None:
            return sheet
        return words.canonical(sheet, words.SHEETS, self.language) or sheet

    # switching languages
    def switch(self) -> None:
        """Before the first write after reading: gosheet's sheets renamed into the workbook's
        language, and their headers, setting names, explanations and byes rewritten, where
        they are in another language."""
        if self.switched or self.read is None:
            return
        self.switched = True
        if not isinstance(self.port, SheetRenamer):
            return  # (a port that cannot rename sheets writes under their names as they are)
        language = self.language
        taken = {name.casefold() for name in self.raw}
        for english, shown in list(self.names.items()):
            target = words.local(english, language, words.SHEETS)
            if words.normalise(shown) != words.normalise(target) and target.casefold() not in taken:
                self.port.rename_sheet(shown, target)  # (kept when another sheet has the name)
                taken.discard(shown.casefold())
                taken.add(target.casefold())
                self.names[english] = target
            self._rewrite(english, self.raw[shown], self.names[english])

    def _rewrite(self, english: str, grid: Sequence[Sequence[CellValue]], name: str) -> None:
        """The words of one of gosheet's sheets that are not in the workbook's language."""
        table = header_table(english)
        if not grid or table is None or english in (STANDINGS, EXPLAIN):
            return  # the Standings and Explain sheets are written whole
        language = self.language
        read = self.read[english] if self.read is not None else []  # its words in English
        changes: list[tuple[int, int, Any]] = []
        head = header_row(read) if english == PLAYERS and read else 0
        for c, cell in enumerate(read[head] if read else []):
            if words.canonical(cell, table, "en", ["en"]) is not None:  # one of gosheet's
                changes.append((head, c, words.local(cell, language, table)))
        if english == SETTINGS:
            for r, row in enumerate(grid[1:], start=1):
                label = read[r][0] if r < len(read) and read[r] else None
                changes += _setting_changes(r, [label, *row[1:]], language)
        elif round_number_of(english) is not None and self.read is not None:
            headers = self.read[english][0] if self.read[english] else []
            byes: dict[str, bool] = {}  # a text → whether it is a bye word (asked once each)
            for header, word in (("Table", BYE_LABEL), ("Result", BYE_RESULT)):
                if header not in headers:
                    continue
                at = headers.index(header)
                for r, row in enumerate(grid[1:], start=1):
                    value = row[at] if at < len(row) else None
                    if not isinstance(value, str):
                        continue  # a number or an empty cell: no word
                    bye = byes.get(value)
                    if bye is None:
                        meaning = words.canonical(value, words.CELLS, language)
                        bye = byes[value] = meaning in (BYE_LABEL, BYE_RESULT)
                    if bye:
                        changes.append((r, at, words.local(word, language, words.CELLS)))
        for r, c, value in changes:
            row = grid[r]
            if c < len(row) and words.normalise(row[c]) != words.normalise(value):
                self.port.set_cell(name, cell_name(r, c), value)


def _setting_changes(r: int, row: list[Any], language: str) -> list[tuple[int, int, Any]]:
    """A Settings row's name, yes-or-no value and explanation in ``language`` (an explanation
    the organiser rewrote is left as it is)."""
    if not row:
        return []
    field = FIELD_BY_LABEL.get(cell_text(row[0]).casefold())  # row[0]: the English name
    if field is None:
        return []
    changes: list[tuple[int, int, Any]] = [
        (r, 0, words.local(field.label, language, words.SETTING_NAMES))
    ]
    value = row[1] if len(row) > 1 else None
    if field.parse is parse_yes_no and isinstance(value, str) and value.strip():
        try:
            yes = parse_yes_no(value)
        except ValueError:
            pass
        else:
            changes.append((r, 1, words.local("yes" if yes else "no", language, words.CELLS)))
    text = cell_text(row[2]) if len(row) > 2 else ""
    for english in (field.explanation, field.plain):
        if not english:
            continue
        wanted = words.text(english, language)
        # (English or the workbook's language, nearly always: the other catalogs not read)
        if text in (english, wanted) or text in {words.text(english, x) for x in catalog.LANGUAGES}:
            changes.append((r, 2, wanted))
            break
    return changes


def localized(port: BookPort) -> InLanguage:
    """``port`` in its workbook's language (itself when it is so already)."""
    return port if isinstance(port, InLanguage) else InLanguage(port)


__all__ = [
    "FIELDS",
    "InLanguage",
    "canonical_sheets",
    "header_table",
    "language_of",
    "localized",
]
