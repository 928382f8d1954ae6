"""A new, empty tournament in a workbook already open: the Settings and Players sheets written
into it (the "New tournament" of the doors that work on an open workbook and cannot make a
new file: xlwings Lite's script, the ``.xlsm``'s ``gosheet.excel.new_tournament``).

Nothing is lost: a workbook that holds a tournament — a round sheet, or a player on Players —
is refused, and nothing is changed. Settings and Players already there, empty, are written
anew (renamed first when the new tournament's language names them otherwise).
"""

from __future__ import annotations

from gosheet import about
from gosheet.app.tournaments import Choices, rounds_note, settings_of
from gosheet.core.errors import ConsistencyError
from gosheet.core.settings import Settings
from gosheet.i18n import counts, words
from gosheet.i18n.catalog import _, ngettext, use
from gosheet.records import record, replace
from gosheet.workbook.port import BookPort, Grid, SheetRenamer
from gosheet.workbook.sheets import PLAYERS, SETTINGS, round_number_of
from gosheet.workbook.sheets.language import language_of
from gosheet.workbook.sheets.reading import cell_text
from gosheet.workbook.sheets.writer import players_sheet, settings_sheet


@record
class Started:
    """The new tournament written into the workbook: its settings."""

    settings: Settings
    given_rounds: int | None = None

    def message(self) -> str:
        settings = self.settings
        if settings.rounds:
            said = ngettext(
                "Settings and Players written: an empty {system} tournament of {rounds} round; "
                "add the players in the Players sheet.",
                "Settings and Players written: an empty {system} tournament of {rounds} "
                "rounds; add the players in the Players sheet.",
                settings.rounds,
            ).format(system=settings.system, rounds=settings.rounds)
        else:
            said = _(
                "Settings and Players written: an empty {system} tournament (rounds to come); "
                "add the players in the Players sheet."
            ).format(system=settings.system)
        return said + rounds_note(settings, 0, self.given_rounds)


def _players(grid: Grid) -> int:
    """The players typed on a Players sheet (its rows below the header with a value)."""
    return sum(1 for row in grid[1:] if any(cell_text(value) for value in row))


def start_in(book: BookPort, choices: Choices, at: int = 0) -> Started:
    """A new, empty tournament of ``choices`` in the open workbook ``book`` (the language,
    when not chosen: the workbook's own); Settings and Players at their places, or from the
    sheet ``at`` on. A workbook holding a tournament raises :class:`ConsistencyError`."""
    grids = book.grids()
    english = {name: words.canonical(name, words.SHEETS) for name in grids}
    rounds = [name for name, known in english.items() if known and round_number_of(known)]
    players = sum(_players(grids[name]) for name, known in english.items() if known == PLAYERS)
    if rounds or players:
        raise ConsistencyError(
            _(
                "this workbook holds a tournament already ({players}, {rounds}): a new "
                "tournament starts in a blank workbook ({address})"
            ).format(
                players=counts.players(players),
                rounds=counts.rounds(len(rounds)),
                address=about.LATEST,
            )
        )
    settings = settings_of(replace(choices, language=choices.language or language_of(grids)))
    use(settings.language)  # what is said next, in the new tournament's language
    sheets = ((SETTINGS, settings_sheet(settings)), (PLAYERS, players_sheet((), settings)))
    for place, (sheet, data) in enumerate(sheets):
        there = [name for name, known in english.items() if known == sheet]
        if there and there[0] != data.name and isinstance(book, SheetRenamer):
            book.rename_sheet(there[0], data.name)
        book.render(data, None if there else at + place)
    return Started(settings, choices.rounds)
