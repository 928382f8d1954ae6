"""Helpers' copies: the results typed in copies of the workbook taken into it (``gosheet merge
BOOK COPY…``, "Merge helpers' copies" in the office suites and the page).

Two helpers get a copy of the workbook (mailed), type results in it, mail it back; the
results typed in the copies are taken into the workbook (``BOOK``):

- a result typed in a copy whose cell is empty in BOOK is taken (written in its standard
  form, ``W+`` as ``1-0``); the same result everywhere is fine, however it is spelt (the
  results are compared as read, :func:`~gosheet.core.results.parse_result`, not as text);
- a result typed differently in two places (two copies, or a copy and BOOK) is refused,
  naming BOOK's cell (``Round 3!E7``), each value and the file it is in — every such cell at
  once, and nothing written;
- an empty cell never takes a result away: a result erased in a copy stays in BOOK;
- copies that bring no new result change nothing: :class:`ConsistencyError` (exit 3), said
  before anything is written, so that no door saves BOOK, backs it up or adds to its history.

A copy must be of the same tournament, in the same state (:func:`differences`): the same
tournament's name, system and rules; its players all BOOK's (found by name, club and EGD PIN
— BOOK may have players registered since); the same rounds, each paired the same (the same
players at the same tables, with the same handicap and the same byes). A copy of another
tournament, of an earlier state (a round BOOK has paired since, or a round paired again) or
of a later one (a round paired in the copy) is refused, naming the file and why.

Only result cells of the round sheets are written (and BOOK's own results in the standard
form), then the Standings sheet is drawn again, as after ``gosheet simulate``, the other
action that fills results.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from gosheet.app import team_play
from gosheet.app.files import Source, on_disk
from gosheet.app.workbooks import Edited, edit
from gosheet.core.errors import ConsistencyError, FileProblem, InputError, Problem
from gosheet.core.model import Player, Result, Round, Tournament
from gosheet.i18n.catalog import _, ngettext, use
from gosheet.records import field, record, replace
from gosheet.workbook.books import open_book
from gosheet.workbook.port import BookPort, Grids
from gosheet.workbook.sheets.language import localized
from gosheet.workbook.sheets.names import name_key, same_player
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.sheets.reading import BookState
from gosheet.workbook.sheets.standings import standings_sheet


@record
class Copy:
    """A helper's copy: its file's name (as the messages name it) and its cell values."""

    name: str
    sheets: Grids


def read_copy(source: Source, name: str | None = None) -> Copy:
    """The copy at ``source`` (a path, or bytes called ``name``), read by its suffix."""
    shown = name or Path(str(source)).name
    with on_disk(source, shown) as path:
        if not path.is_file():
            raise FileProblem(_("{path}: no such file").format(path=path))
        return Copy(shown, open_book(path).grids())


@record
class Merged:
    """What a merge did: the results taken from each copy (in the order given), the results
    BOOK had already, those still missing, and BOOK's own results rewritten."""

    tournament: Tournament
    book: str
    taken: tuple[tuple[str, int], ...] = ()
    already: int = 0
    missing: int = 0
    changed_results: int = 0

    def message(self) -> str:
        total = sum(count for _name, count in self.taken)
        from_each = ", ".join(
            _("{count} from {copy}").format(count=count, copy=name) for name, count in self.taken
        )
        head = ngettext(
            "{count} result taken from the copies ({each})",
            "{count} results taken from the copies ({each})",
            total,
        ).format(count=total, each=from_each)
        already = ngettext(
            "{count} was already in {book}", "{count} were already in {book}", self.already
        ).format(count=self.already, book=self.book)
        lines = [_("{taken}; {already}.").format(taken=head, already=already)]
        if self.missing:
            lines.append(
                ngettext(
                    "{count} result still missing.", "{count} results still missing.", self.missing
                ).format(count=self.missing)
            )
        lines.append(_("Standings updated."))
        return "\n".join(lines)


@record(frozen=False)
class _Cell:
    """One game's result cell of BOOK and the results found for it, file by file."""

    sheet: str
    cell: str
    found: list[tuple[int, str, Result, str]] = field(default_factory=list)
    """Each result typed: the file's place (-1: BOOK, else the copy's), name, result, cell."""


def merge(book: BookPort, copies: Sequence[Copy], book_name: str) -> Merged:
    """Take the results typed in ``copies`` into ``book`` (the module's docstring); raise
    :class:`InputError` with every problem (a copy unreadable, of another tournament or
    state, a result typed differently), nothing written."""
    port = localized(book)
    state = read_book(port.grids())
    problems: list[Problem] = []
    cells = _result_cells(state, book_name)
    for place, copy in enumerate(copies):
        copy_state = _read(copy, problems, port.language)
        if copy_state is None:
            continue
        found = differences(state.tournament, copy_state.tournament)
        if found:
            problems += [Problem(copy.name, "", None, reason) for reason in found]
            continue
        _add_results(cells, place, copy, copy_state)
    problems += _conflicts(cells)
    if problems:
        raise InputError(problems)
    new = {key: cell for key, cell in cells.items() if cell.found and cell.found[0][0] >= 0}
    already = sum(1 for cell in cells.values() if cell.found and cell.found[0][0] < 0)
    if not new:
        raise ConsistencyError(nothing_new(book_name, _missing(state.tournament)))
    changed = len(state.result_fixes)
    for sheet, at, code in state.result_fixes:
        port.set_cell(sheet, at, code)
    taken = [0] * len(copies)
    results: dict[tuple[int, int], Result] = {}
    for key, cell in new.items():  # empty in BOOK, typed in a copy
        first, _name, result, _at = cell.found[0]
        port.set_cell(cell.sheet, cell.cell, result.value)
        taken[first] += 1
        results[key] = result
    tournament = _with_results(state.tournament, results)
    port.render(standings_sheet(tournament, port.language))
    if team_play.is_team_tournament(tournament):  # and the teams'
        team_play.write_team_standings(port, tournament, port.language)
    missing = _missing(tournament)
    counts = tuple((copy.name, count) for copy, count in zip(copies, taken, strict=True))
    return Merged(tournament, book_name, counts, already, missing, changed)


def nothing_new(book_name: str, missing: int) -> str:
    """The copies bring no result that the workbook has not: nothing is written."""
    if missing:
        lacks = ngettext(
            "{count} result is still missing", "{count} results are still missing", missing
        ).format(count=missing)
    else:
        lacks = _("every game has its result")
    return _(
        "nothing new in the copies: every result typed in them is already in {book} ({lacks}); "
        "nothing written, {book} is as it was"
    ).format(book=book_name, lacks=lacks)


def _missing(tournament: Tournament) -> int:
    """The games still without their result."""
    return sum(1 for r in tournament.rounds for g in r.games if g.table and g.result is None)


def _read(copy: Copy, problems: list[Problem], language: str) -> BookState | None:
    """The copy read; its problems into ``problems``, each naming the copy. The messages
    stay in the workbook's ``language`` (reading a copy speaks the copy's)."""
    try:
        return read_book(copy.sheets)
    except InputError as error:
        problems += [replace(p, sheet=f"{copy.name}: {p.sheet}") for p in error.problems]
        return None
    finally:
        use(language)


def _result_cells(state: BookState, book_name: str) -> dict[tuple[int, int], _Cell]:
    """Each game's result cell in BOOK, with BOOK's result when typed."""
    cells: dict[tuple[int, int], _Cell] = {}
    for rnd in state.tournament.rounds:
        for game in rnd.games:
            where = state.result_cells.get((rnd.number, game.table))
            if where is None:
                continue
            cell = cells[(rnd.number, game.table)] = _Cell(*where)
            if game.result is not None:
                cell.found.append((-1, book_name, game.result, cell.cell))
    return cells


def _add_results(
    cells: dict[tuple[int, int], _Cell], place: int, copy: Copy, state: BookState
) -> None:
    """The results typed in the copy (the ``place``-th), into each cell's results found."""
    for rnd in state.tournament.rounds:
        for game in rnd.games:
            cell = cells.get((rnd.number, game.table))
            if cell is not None and game.result is not None:
                _sheet, at = state.result_cells.get((rnd.number, game.table), ("", ""))
                cell.found.append((place, copy.name, game.result, at))


def _conflicts(cells: dict[tuple[int, int], _Cell]) -> list[Problem]:
    """A problem for each cell whose results differ, naming every value and its file."""
    problems = []
    for cell in cells.values():
        if len({result for _place, _name, result, _at in cell.found}) < 2:
            continue
        values = ", ".join(
            _("{result} in {file}").format(result=result.value, file=name)
            if at == cell.cell
            else _("{result} in {file} ({cell})").format(result=result.value, file=name, cell=at)
            for _place, name, result, at in cell.found
        )
        message = _("results typed differently: {values}; make them agree, then merge again")
        problems.append(Problem(cell.sheet, cell.cell, None, message.format(values=values)))
    return problems


def _with_results(tournament: Tournament, results: dict[tuple[int, int], Result]) -> Tournament:
    def merged(rnd: Round) -> Round:
        games = tuple(
            replace(g, result=results.get((rnd.number, g.table), g.result)) for g in rnd.games
        )
        return replace(rnd, games=games)

    return replace(tournament, rounds=tuple(merged(r) for r in tournament.rounds))


# ---------------------------------------------------------------- the same tournament


def differences(book: Tournament, copy: Tournament) -> list[str]:
    """Why ``copy`` is not a copy of ``book`` in its state (empty: it is)."""
    ours, theirs = book.settings, copy.settings
    if name_key(ours.name) != name_key(theirs.name):
        return [
            _(
                "a copy of another tournament: '{copy}', not '{book}' (the Tournament setting)"
            ).format(copy=theirs.name, book=ours.name)
        ]
    if ours.system != theirs.system or ours.rules != theirs.rules:
        return [
            _("a copy of another tournament: paired by {copy}, not by {book}").format(
                copy=f"{theirs.system} ({theirs.rules})", book=f"{ours.system} ({ours.rules})"
            )
        ]
    numbers, strangers = _players(book.players, copy.players)
    if strangers:
        shown = ", ".join(strangers[:3]) + (" …" if len(strangers) > 3 else "")
        return [
            ngettext(
                "a copy of another tournament: {count} player is not in the workbook ({names})",
                "a copy of another tournament: {count} players are not in the workbook ({names})",
                len(strangers),
            ).format(count=len(strangers), names=shown)
        ]
    return _rounds_differ(book, copy, numbers)


def _players(book: Sequence[Player], copy: Sequence[Player]) -> tuple[dict[int, int], list[str]]:
    """Each player of the copy → BOOK's number of him (the same name, club and EGD PIN, else
    the one player nothing tells apart from him); the names of those BOOK has not."""
    by_name: dict[str, list[Player]] = {}
    for p in book:
        by_name.setdefault(name_key(p.name), []).append(p)
    numbers: dict[int, int] = {}
    strangers = []
    for player in copy:
        namesakes = by_name.get(name_key(player.name), [])
        exact = [p.number for p in namesakes if _identity(p) == _identity(player)]
        found = exact or [p.number for p in namesakes if same_player(p, player)]
        if len(found) == 1:
            numbers[player.number] = found[0]
        else:
            strangers.append(player.name)
    return numbers, strangers


def _identity(player: Player) -> tuple[str, str, str]:
    return name_key(player.name), name_key(player.club), player.egd_pin


def _rounds_differ(book: Tournament, copy: Tournament, numbers: dict[int, int]) -> list[str]:
    if len(copy.rounds) < len(book.rounds):
        return [
            ngettext(
                "a copy of an earlier state: the workbook has {count} round paired, the copy "
                "{copied}; send the helpers a copy of the workbook as it is now",
                "a copy of an earlier state: the workbook has {count} rounds paired, the copy "
                "{copied}; send the helpers a copy of the workbook as it is now",
                len(book.rounds),
            ).format(count=len(book.rounds), copied=len(copy.rounds))
        ]
    if len(copy.rounds) > len(book.rounds):
        return [
            _(
                "a copy of a later state: Round {number} is paired in the copy, not in the "
                "workbook; pair rounds in the workbook only"
            ).format(number=len(book.rounds) + 1)
        ]
    return [
        _round_differs(ours, theirs, numbers, book)
        for ours, theirs in zip(book.rounds, copy.rounds, strict=True)
        if _lines(ours) != _lines(theirs, numbers)
    ]


def _lines(rnd: Round, numbers: dict[int, int] | None = None) -> set[tuple[int, ...]]:
    """A round's games (table, White, Black, handicap) and byes, in BOOK's player numbers."""
    at = numbers or {}
    games = {
        (g.table, at.get(g.white, g.white), at.get(g.black, g.black), g.handicap)
        for g in rnd.games
        if g.table
    }
    return games | {(0, at.get(b, b)) for b in rnd.byes}


def _round_differs(ours: Round, theirs: Round, numbers: dict[int, int], book: Tournament) -> str:
    """Round N paired differently, and its first table that differs."""
    mine = {line[0]: line for line in _lines(ours) if line[0]}
    copied = {line[0]: line for line in _lines(theirs, numbers) if line[0]}
    tables = sorted(t for t in mine.keys() | copied.keys() if mine.get(t) != copied.get(t))

    def game(line: tuple[int, ...] | None) -> str:
        if line is None:
            return _("no game")
        return f"{book.player(line[1]).name} – {book.player(line[2]).name}"

    if not tables:  # the byes differ
        return _(
            "a copy of another state: Round {number} has other byes in the copy; was the "
            "round paired again? Send the helpers a copy of the workbook as it is now"
        ).format(number=ours.number)
    table = tables[0]
    return _(
        "a copy of another state: Round {number} is paired differently (table {table}: "
        "{book} in the workbook, {copy} in the copy); was the round paired again? Send the "
        "helpers a copy of the workbook as it is now"
    ).format(
        number=ours.number, table=table, book=game(mine.get(table)), copy=game(copied.get(table))
    )


def merge_files(
    source: Path, copies: Sequence[Path], *, names: Sequence[str] | None = None
) -> Edited[Merged]:
    """``gosheet merge BOOK COPY…``: the copies' results into the workbook file ``source``,
    saved with its previous version kept (its backup and history) and locked meanwhile.
    ``names``: the copies as the messages name them (default: as given)."""
    shown = list(names) if names is not None else [str(c) for c in copies]
    for path, name in zip(copies, shown, strict=True):
        if path.exists() and source.exists() and path.samefile(source):
            raise FileProblem(
                _("{copy} is the workbook itself: give the helpers' copies").format(copy=name)
            )
    read = [read_copy(path, name) for path, name in zip(copies, shown, strict=True)]
    return edit(
        source,
        lambda book: merge(book, read, source.name),
        lambda done: "merge " + ", ".join(Path(c.name).name for c in read),
    )


def merge_bytes(data: bytes, name: str, copies: Sequence[tuple[bytes, str]]) -> Edited[Merged]:
    """The same on a workbook's bytes (the page in the browser): its new bytes handed back."""
    read = [read_copy(copy, copy_name) for copy, copy_name in copies]
    return edit(
        data,
        lambda book: merge(book, read, name),
        lambda done: "merge " + ", ".join(c.name for c in read),
        name=name,
    )
