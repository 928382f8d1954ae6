"""The sheets gosheet writes, as :class:`SheetData` (adapters render them), in the workbook's
language: every sheet name, header, setting, page title and fixed word is written in it here,
where it is made (:mod:`gosheet.i18n.words`, and the ``workbook`` catalog for the settings'
explanations); the cells' values that gosheet reads back stay as they are (results, ranks,
numbers). ``language``: the workbook's; by default the settings' ``Language``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gosheet.core.criteria import label
from gosheet.core.fields import parse_yes_no
from gosheet.core.games import game_of
from gosheet.core.model import Player, Tournament
from gosheet.core.pairing import Pairing
from gosheet.core.results import CANONICAL
from gosheet.core.settings import Settings
from gosheet.core.settings_fields import FIELD_BY_LABEL
from gosheet.core.systems import system_of
from gosheet.i18n import words
from gosheet.i18n.catalog import speaking
from gosheet.i18n.words import N_w
from gosheet.records import replace
from gosheet.workbook.port import Grid, Rows
from gosheet.workbook.sheets import (
    BYE_LABEL,
    BYE_RESULT,
    EXPLAIN,
    FIRST_PLAYER,
    PLAYERS,
    SECOND_PLAYER,
    SETTINGS,
    SETTINGS_HEADERS,
    Column,
    Dropdown,
    Note,
    SheetData,
    player_headers,
    round_headers,
    round_origins,
    round_sheet_name,
    rounds_in_force_header,
)
from gosheet.workbook.sheets.headers import match_opengotha_headers, match_unit_headers
from gosheet.workbook.sheets.layout import fitted
from gosheet.workbook.sheets.names import labels

if TYPE_CHECKING:  # (the Explain sheet's alone: a pair does not load the explanation)
    from gosheet.core.explain import Explanation

TEXT = "@"


def settings_sheet(settings: Settings, language: str | None = None) -> SheetData:
    """``Settings``: a row each (name, value, explanation)."""
    language = language or settings.language
    widths = dict(zip(SETTINGS_HEADERS, (26, 16, 70), strict=True))
    columns = tuple(
        # the values start at the left, beside their setting: a number is not set against
        # the explanation that follows it ("1925421652 Seed of the lot")
        Column(words.local(h, language, words.SETTINGS_HEADERS), widths[h], wrap=True, left=True)
        for h in SETTINGS_HEADERS
    )
    return SheetData(
        words.local(SETTINGS, language, words.SHEETS),
        columns,
        [setting_row(list(row), language) for row in settings.rows()],
        title=settings.name,
    )


def setting_row(row: list[Any], language: str) -> list[Any]:
    """A row of the Settings sheet (name, value, explanation) in ``language``: the name, a
    yes-or-no value and the explanation."""
    if language == "en" or not row or not isinstance(row[0], str):
        return row
    field = FIELD_BY_LABEL.get(row[0].casefold())
    row[0] = words.local(row[0], language, words.SETTING_NAMES)
    yes_no = field is not None and field.parse is parse_yes_no
    if yes_no and len(row) > 1 and row[1] in ("yes", "no"):
        row[1] = words.local(row[1], language, words.CELLS)
    if len(row) > 2 and isinstance(row[2], str):
        row[2] = words.text(row[2], language)
    return row


PLAYER_WIDTHS = {
    "Name": 20,
    "First name": 16,
    "Rank": 7,
    "Rating": 8,
    "Tier": 6,
    "Club": 16,
    "Country": 9,
    "Group": 7,
    "Not playing": 12,
    "Registration": 12,
    "EGD PIN": 11,
    "MMS correction": 11,
    "Fixed table": 11,
    "Pair": 14,
    "Team": 14,
    "Sex": 6,
}
# text columns: "2,4" typed later stays two rounds, not 2.4; a PIN keeps its leading zeros
TEXT_COLUMNS = ("Not playing", "EGD PIN", "Registration")
# centred: a number is not set against the text of the next column ("2280 Berlin")
CENTRED_COLUMNS = ("Rank", "Rating", "Tier", "Group", "MMS correction", "Fixed table")


def players_sheet(
    players: Sequence[Player],
    settings: Settings,
    extra_headers: Sequence[str] = (),
    extra_values: Rows = (),
    registration: Mapping[int, str] | None = None,
    language: str | None = None,
) -> SheetData:
    """The roster; columns gosheet does not know are kept after its own (but not one that
    repeats a column of the sheet, such as a roster's EGD PIN under OpenGotha's rules).
    ``registration``: OpenGotha's FIN or PRE of each player number (default FIN)."""
    language = language or settings.language

    def header(word: str) -> str:
        return words.local(word, language, words.PLAYERS)

    headers = player_headers(settings)
    if any(p.fixed_table is not None for p in players):  # kept from a roster that has it
        headers = (*headers, "Fixed table")
    taken = set(match_opengotha_headers(list(headers)))
    keep = [
        i for i, h in enumerate(extra_headers) if not match_opengotha_headers([h]).keys() & taken
    ]
    # pair go, rengo: a roster's Pair, Team and Sex columns fill the sheet's own
    units = {
        key: i
        for i, h in enumerate(extra_headers)
        for key in match_unit_headers([h])
        if key in headers
    }
    keep = [i for i in keep if i not in units.values()]
    columns = [
        Column(
            header(h),
            PLAYER_WIDTHS[h],
            TEXT if h in TEXT_COLUMNS else None,
            centre=h in CENTRED_COLUMNS,
        )
        for h in headers
    ]
    columns += [
        Column(header(str(extra_headers[i])), max(10, len(str(extra_headers[i])) + 2)) for i in keep
    ]
    registration = registration or {}
    rows = []
    for index, p in enumerate(players):
        cells = {
            "Name": p.surname,
            "First name": p.first_name,
            "Rank": p.rank_text or None,
            "Rating": p.rating,
            "Tier": p.tier,
            "Club": p.club,
            "Country": p.country,
            "Group": p.group,
            "Not playing": ", ".join(str(r) for r in sorted(p.not_playing)) or None,
            "Registration": registration.get(p.number, "FIN"),
            "EGD PIN": p.egd_pin or None,
            "MMS correction": p.mms_correction or None,
            "Fixed table": p.fixed_table,
        }
        extra = list(extra_values[index]) if index < len(extra_values) else []
        cells |= {key: extra[i] for key, i in units.items() if i < len(extra)}
        rows.append(
            [cells.get(h) for h in headers] + [extra[i] if i < len(extra) else None for i in keep]
        )
    return SheetData(
        words.local(PLAYERS, language, words.SHEETS),
        tuple(columns),
        rows,
        title=settings.name,
        blank_rows=300,
    )


NAME_LEAST = 20.0
"""A player's name in a round sheet too wide for a page
(:func:`~gosheet.workbook.sheets.layout.fitted`) wraps at this width, at the least."""
CLUB_LEAST = 12.0
"""A club in a round sheet too wide for a page wraps at this width, at the least."""


def round_sheet(tournament: Tournament, pairing: Pairing, language: str | None = None) -> SheetData:
    """``Round N``: one line a table, then a line for each bye. In go, next to
    each name the rank (the level before the round in FUS), and the handicap
    and komi; in other games, the first and the second player."""
    settings = tournament.settings
    language = language or settings.language
    players = {p.number: p for p in tournament.players}
    names = labels(tournament.players)  # with club or EGD PIN when a name repeats
    strength = system_of(settings).strength(tournament)
    headers = round_headers(settings)
    go = game_of(settings.game).go
    widths = {"Table": 7, "Komi": 7, "Result": 9}
    named = ("White", "Black", FIRST_PLAYER, SECOND_PLAYER)
    local = {h: words.local(h, language, words.ROUNDS) for h in headers}
    columns = tuple(
        Column(
            local[h],
            # a rank, the handicap: as wide as their header's longest word (on two lines)
            24 if h in named else max(widths.get(h, 6), *(len(w) + 2 for w in local[h].split())),
            TEXT if h == "Result" else None,
            centre=h not in named,
            least=NAME_LEAST if h in named else 0.0,
            stage=2,  # a name wraps only once the clubs have
        )
        for h in headers
    )
    rows: Grid = []
    for game in pairing.games:
        white, black = players[game.white], players[game.black]
        cells: dict[str, Any] = {
            "Table": game.table,
            "White": names[white.number],
            FIRST_PLAYER: names[white.number],
            "Black": names[black.number],
            SECOND_PLAYER: names[black.number],
            "Handicap": game.handicap,
            "Komi": game.komi,
            "Result": game.result.value if game.result else None,
        }
        if go:  # "White rank" / "Black rank" (or level)
            cells[headers[2]], cells[headers[4]] = strength[white.number], strength[black.number]
        rows.append([cells[h] for h in headers])
    bye_label, bye_result = (words.local(w, language, words.CELLS) for w in (BYE_LABEL, BYE_RESULT))
    for bye in pairing.byes:
        line: dict[str, Any] = {"Table": bye_label, headers[1]: names[bye], "Result": bye_result}
        if go:
            line[headers[2]] = strength[bye]
        rows.append([line.get(h) for h in headers])
    if system_of(settings).levels_as_played:  # the cap of this round's steps, kept
        in_force = rounds_in_force_header(settings.rounds_for(len(tournament.players)))
        columns = (*columns, Column(words.local(in_force, language, words.ROUNDS), 11, centre=True))
        rows = [[*row, None] for row in rows]
    columns = with_origins(columns, rows, tournament, pairing, language)
    number = pairing.round_number
    return fitted(
        SheetData(
            words.local(round_sheet_name(number), language, words.SHEETS),
            columns,
            rows,
            title=words.titled("{name} — round {n}", language, name=settings.name, n=number),
            dropdown=Dropdown(headers.index("Result"), CANONICAL, len(pairing.games)),
        )
    )


def with_origins(
    columns: tuple[Column, ...],
    rows: Grid,
    tournament: Tournament,
    pairing: Pairing,
    language: str,
) -> tuple[Column, ...]:
    """The columns of a round sheet and its rows (changed in place) with the players' clubs
    and countries at the end, when the roster has them (:func:`round_origins`): after the
    columns gosheet reads, so that a result typed one column to the right is still seen."""
    players = {p.number: p for p in tournament.players}
    clubs = any(p.club for p in tournament.players)
    origins = round_origins(tournament.settings, clubs, any(p.country for p in tournament.players))
    if not origins:
        return columns
    lines: list[tuple[int, int | None]] = [(g.white, g.black) for g in pairing.games]
    lines += [(bye, None) for bye in pairing.byes]
    for row, (first, second) in zip(rows, lines, strict=True):
        row += origin_cells(origins, [players[first], players.get(second or 0)])
    return (*columns, *(origin_column(h, language) for h in origins))


def origin_column(header: str, language: str) -> Column:
    """A round sheet's column of the players' clubs or countries (:func:`round_origins`)."""
    country = header.endswith("country")
    return Column(
        words.local(header, language, words.ROUNDS),
        9 if country else 14,
        centre=country,
        least=0.0 if country else CLUB_LEAST,
    )


def origin_cells(origins: Sequence[str], sides: Sequence[Player | None]) -> list[Any]:
    """The clubs and countries of a line's two players (the first, then the second), as
    ``origins`` orders them; a bye's line, the first player's alone."""
    half = len(origins) // 2
    cells: list[Any] = []
    for player in sides:
        for header in origins[:half]:
            value = None
            if player is not None:
                value = player.club if header.endswith("club") else player.country
            cells.append(value or None)
    return cells


BYE_RULE = N_w(
    "Weight for the bye: rank + 2 × MMS (Swiss under the Bye rule fewest wins: rank + 40 × "
    "wins) + 1000 per bye received "
    "(ranks: 30k = -30 … 1d = 0 …). The least weight gets the bye; among equal weights, "
    "the last of them in OpenGotha's list of the round (the standings after the round "
    "before, then surname and first name)."
)


def bye_rows(explanation: Explanation, players: Mapping[int, str], language: str = "en") -> Grid:
    """Who could have had the bye under OpenGotha's rules, and why it went to whom."""
    word = _explain_words(language)
    rows: Grid = [[word("Bye"), word("Candidate"), word("Weight"), words.text(BYE_RULE, language)]]
    given = set(explanation.byes)
    for number, weight in explanation.bye_candidates():
        mark = word("gets the bye") if number in given else ""
        rows.append([mark and word(BYE_LABEL), players[number], weight, mark])
    return rows


def _explain_words(language: str) -> Callable[[str], str]:
    """A word of the Explain sheet (:data:`gosheet.i18n.words.EXPLAIN`) in ``language``."""
    return lambda english: words.local(english, language, words.EXPLAIN)


def explain_sheet(
    tournament: Tournament, explanation: Explanation, language: str | None = None
) -> SheetData:
    """``Explain``: each game of a round, its value under each criterion that applies to the
    round (most important first; none about the bye in a round without one), then the
    verdict, the bye and what the criteria mean — names and rules in ``language``, each long
    text merged across the columns and wrapped (:class:`Note`), so that no column grows wide
    and the sheet prints legibly."""
    language = language or tournament.settings.language
    word = _explain_words(language)
    players = labels(tournament.players)
    left, right = game_of(tournament.settings.game).sides
    shown = [explanation.criteria[k] for k in explanation.applying]
    names = [words.text(label(c), language) for c in shown]
    cost = explanation.summed  # OpenGotha's rules: a pair's cost, the sum they compare
    columns = [
        # the numbers apart from the texts beside them: the tables centred, the best values
        # below the names at the left (not against the rules that follow)
        Column(word("Table"), 7, centre=True, top=True),
        Column(word(left), 22, top=True),
        Column(word(right), 22, left=True, top=True),
        *(Column(name, _header_width(name), centre=True, top=True) for name in names),
        *((Column(word("Cost"), 16, top=True),) if cost else ()),
    ]
    if len(columns) < 5:  # the notes need room beside the names (FUS: one criterion)
        columns[-1] = replace(columns[-1], width=max(columns[-1].width, 40))
    rows: Grid = []
    for game in explanation.games:
        values: list[Any] = (
            [game.values[k] for k in explanation.applying]
            if game.values is not None
            else [word("not allowed")] * len(names)
        )
        # costs pass 15 digits: as text, so that no spreadsheet rounds them
        weight = [str(game.weight) if game.weight is not None else None] if cost else []
        rows.append([game.table, players[game.white], players[game.black], *values, *weight])
    for bye in explanation.byes:
        rows.append([word(BYE_LABEL), players[bye]])
    rows += _totals_rows(explanation, word)
    last = len(columns) - 1
    notes: list[Note] = []

    def note(first: int, *cells: Any) -> None:
        notes.append(Note(len(rows), first, last))
        rows.append(list(cells))

    number = explanation.round_number
    rows.append([])
    with speaking(language):  # the workbook's language, whatever the command's
        verdict = explanation.verdict()
    note(0, f"{word(f'Round {number}:')} {verdict}")
    rows.append([])
    if explanation.bye_weights:
        for line in bye_rows(explanation, players, language):
            if line and line[0] == word("Bye") and line[1] == word("Candidate"):
                note(3, *line)
            else:
                rows.append(line)
        rows.append([])
    rule = word(SUMMED_RULE if explanation.summed else ORDERED_RULE)
    best = word("Weight" if explanation.summed else "Best value")
    note(3, None, word("Criterion"), best, rule)
    for criterion, name in zip(shown, names, strict=True):
        note(3, None, name, explanation.best(criterion), words.text(criterion.rule, language))
    name = tournament.settings.name
    return SheetData(
        words.local(EXPLAIN, language, words.SHEETS),
        tuple(columns),
        rows,
        title=words.titled("{name} — why round {n} was paired so", language, name=name, n=number),
        landscape=True,
        notes=tuple(notes),
        title_columns=3,
    )


def _totals_rows(explanation: Explanation, word: Callable[[str], str]) -> Grid:
    """Each criterion's total over the round as paired, and over the pairing gosheet makes
    now when it differs: what the weights compare, criterion by criterion."""
    if explanation.totals is None:
        return []
    shown = explanation.applying
    rows: Grid = [[None, word("Total as paired"), None, *(explanation.totals[k] for k in shown)]]
    if not explanation.same_pairs and explanation.totals_now is not None:
        now = explanation.totals_now
        rows.append([None, word("Total as gosheet pairs it now"), None, *(now[k] for k in shown)])
    return rows


def _header_width(header: str) -> float:
    """A criterion's column: its name on two lines at most, its longest word whole."""
    longest = max((len(w) for w in header.split()), default=0)
    return float(max(9, longest + 2, (len(header) + 1) // 2 + 2))


SUMMED_RULE = "Rule (a pair's cost is 1 + the sum)"
ORDERED_RULE = "Rule (most important first)"
