"""Results files for the rating bodies, written from a workbook: the EGF's ``.h9``
(:mod:`.egf`), the FFG's ``.tou`` (:mod:`.ffg`) and the AGA's results file (:mod:`.aga`), each
as OpenGotha writes it and where OpenGotha does badly, better (see docs/ratings.md).

:func:`results_file` reads the workbook's sheets, ranks the players by the tournament's own
system (:mod:`.table`) and gives the file's bytes in ISO-8859-15, as OpenGotha writes them;
a letter ISO-8859-15 lacks is written as the nearest Latin letters, where OpenGotha writes
``?`` (:mod:`.letters`).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping

from gosheet.core.errors import ConsistencyError
from gosheet.core.games import game_of
from gosheet.core.units import games_left_out
from gosheet.formats.opengotha.layout import DISPLAY, GENERAL
from gosheet.formats.opengotha.sheet import read_kept
from gosheet.formats.results.aga import aga_text
from gosheet.formats.results.egf import h9_text
from gosheet.formats.results.ffg import tou_text
from gosheet.formats.results.letters import ENCODING, in_latin9
from gosheet.formats.results.table import ResultsTable, results_table
from gosheet.records import record, replace
from gosheet.workbook.port import Rows
from gosheet.workbook.sheets import OPENGOTHA, PLAYERS
from gosheet.workbook.sheets.language import canonical_sheets
from gosheet.workbook.sheets.names import name_key
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.sheets.reading import ProblemList, cell_text

__all__ = ["FORMATS", "ResultsFile", "format_of", "results_file", "results_table_of"]

FORMATS = ("egf", "ffg", "aga")
_SUFFIX = {".h9": "egf", ".tou": "ffg"}
#: Players-sheet headers (compared without case, spaces and accents) of each player's ids.
ID_HEADERS = {
    "ffg": ("ffglicence", "licence", "license", "ffglicense", "licenceffg"),
    "aga": ("agaid", "aga", "agaidnumber", "agamember"),
}
PROGRAM = "gosheet"


def format_of(path_suffix: str, given: str | None) -> str | None:
    """The results format a file is written in: ``given`` (``--format``), else by its
    extension (``.h9`` EGF, ``.tou`` FFG); None for anything else (an OpenGotha file)."""
    if given is not None:
        return given
    return _SUFFIX.get(path_suffix.lower())


@record
class ResultsFile:
    data: bytes
    encoding: str
    table: ResultsTable
    #: the players' names the file writes in other letters (``Łukasiewicz Jan`` →
    #: ``Lukasiewicz Jan``)
    respelt: tuple[tuple[str, str], ...] = ()


def _ids(grids: Mapping[str, Rows], players: Mapping[int, int]) -> dict[int, dict[str, str]]:
    """Each player's FFG licence and AGA ID from the Players sheet's own columns."""
    grid = grids.get(PLAYERS) or []
    head = next(
        (i for i, row in enumerate(grid) if any(name_key(cell_text(c)) == "name" for c in row)),
        None,
    )
    if head is None:
        return {}
    columns: dict[str, int] = {}
    for j, cell in enumerate(grid[head]):
        key = name_key(cell_text(cell)).replace(" ", "")
        for kind, headers in ID_HEADERS.items():
            if key in headers and kind not in columns:
                columns[kind] = j
    out: dict[int, dict[str, str]] = {}
    for number, row in players.items():
        cells = grid[row] if 0 <= row < len(grid) else []
        out[number] = {kind: cell_text(cells[j]) for kind, j in columns.items() if j < len(cells)}
        out[number] = {k: v for k, v in out[number].items() if v}
    return out


def results_table_of(grids: Mapping[str, Rows], source: str = "workbook") -> ResultsTable:
    """The results of the workbook's tournament (a go tournament; another game is refused)."""
    grids = canonical_sheets(grids)  # a workbook in any language
    state = read_book(grids)
    t = state.tournament
    if not game_of(t.settings.game).go:
        raise ConsistencyError(
            f"{source}: a tournament of {t.settings.game}; results files (EGF, FFG, AGA) are for go"
        )
    if not t.rounds:
        raise ConsistencyError(f"{source}: no round is paired yet: there are no results")
    ids = _ids(grids, state.player_rows)
    left_out = 0
    if t.settings.tournament_type.plays_as_units:  # the players, none of the units' games
        t, left_out = games_left_out(t, state.members)
        ids = _ids(grids, state.member_rows)
    short, size = "", 19
    file_dates: tuple[dt.date, dt.date] | None = None
    # the Settings sheet's Online and EGF game format; a workbook without their rows, those
    # its OpenGotha sheet keeps (bInternet, gameFormat), as 'gosheet export' writes them
    internet, game_format = t.settings.online, t.settings.game_format
    grid = grids.get(OPENGOTHA)
    if grid is not None:
        kept = read_kept(grid, ProblemList())
        general = kept.parameters.get(GENERAL, {})
        short = general.get("shortName", "")
        size = int(general["size"]) if general.get("size", "").isdigit() else 19
        if not t.settings.dates:
            file_dates = opengotha_dates(general)
        if "online" not in state.setting_rows and "bInternet" in general:
            internet = general["bInternet"].strip().casefold() == "true"
        display = kept.parameters.get(DISPLAY, {})
        if "game_format" not in state.setting_rows and "gameFormat" in display:
            game_format = "short" if display["gameFormat"].strip() == "short" else "full"
        for p in t.players:
            own = kept.players.get(name_key(p.name), {})
            for kind, attribute in (("ffg", "ffgLicence"), ("aga", "agaId")):
                if own.get(attribute) and kind not in ids.setdefault(p.number, {}):
                    ids[p.number][kind] = own[attribute]
    if not short:
        short = re.sub(r"[^0-9A-Za-z]+", "", t.settings.name)[:24] or "tournament"
    table = results_table(
        t, ids, short_name=short, size=size, internet=internet, full_games=game_format != "short"
    )
    return replace(table, file_dates=file_dates, left_out=left_out)


def opengotha_dates(general: Mapping[str, str]) -> tuple[dt.date, dt.date] | None:
    """The first and last day of an OpenGotha file that the Settings sheet could not hold
    (the last day before the first), kept in the OpenGotha sheet: OpenGotha writes them as
    they are."""
    try:
        first, last = (dt.date.fromisoformat(general[k].strip()) for k in ("beginDate", "endDate"))
    except (KeyError, ValueError):
        return None
    return first, last


def results_file(
    grids: Mapping[str, Rows],
    kind: str,
    *,
    source: str = "workbook",
    today: dt.date | None = None,
    drop_forfeits: bool = False,
    program: str = PROGRAM,
) -> ResultsFile:
    """The bytes of the ``kind`` (``egf``, ``ffg``, ``aga``) results file of a workbook."""
    table, respelt = in_latin9(results_table_of(grids, source))
    day = today or dt.date.today()
    if kind == "egf":
        text = h9_text(table, today=day, program=program, drop_forfeits=drop_forfeits)
    elif kind == "ffg":
        text = tou_text(table, today=day, program=program)
    elif kind == "aga":
        text = aga_text(table, today=day)
    else:
        raise ValueError(f"unknown results format {kind!r}; known: {', '.join(FORMATS)}")
    # what no letter of ISO-8859-15 spells (another script) is written "?", as OpenGotha does
    return ResultsFile(text.encode(ENCODING, "replace"), "ISO-8859-15", table, respelt)
