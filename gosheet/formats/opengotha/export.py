"""Workbook → OpenGotha file: the workbook is the truth (players, games, byes, settings), the
``OpenGotha`` sheet fills in what the workbook does not model; a workbook that never came from
OpenGotha gets OpenGotha's defaults."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from pathlib import Path

from gosheet.core.errors import ConsistencyError, InputError
from gosheet.core.games import game_of
from gosheet.core.kinds import System, TournamentType
from gosheet.core.model import Tournament
from gosheet.core.opengotha.values import rank_to_xml
from gosheet.core.settings import Settings
from gosheet.formats.opengotha.elements import (
    OGBye,
    OGElement,
    OGGame,
    OGPlayer,
    OGTournament,
    player_key,
)
from gosheet.formats.opengotha.layout import (
    BYE,
    CLUB_LENGTH,
    DISPLAY,
    DISPLAY_DEFAULTS,
    GENERAL,
    GENERAL_DEFAULTS,
    MAX_ROUNDS,
    OG_RESULTS,
    PLAYER_KEY,
    PUBLISH,
    PUBLISH_DEFAULTS,
    ROOT,
    TEAM_DEFAULTS,
    bye_key,
    player_defaults,
)
from gosheet.formats.opengotha.parameter_sets import (
    club_groups_element,
    file_settings,
    kept_in_gosheet,
    parameter_sets,
    placement_criteria,
)
from gosheet.formats.opengotha.sheet import Kept, read_kept
from gosheet.formats.opengotha.team_export import seated_or_listed, team_settings_kept
from gosheet.formats.opengotha.teams import (
    TEAM_ELEMENTS,
    team_parameters_element,
    teams_element,
)
from gosheet.i18n.catalog import _
from gosheet.workbook.port import Rows
from gosheet.workbook.saving.atomic import replacing
from gosheet.workbook.sheets import OPENGOTHA, PLAYERS, SETTINGS, round_sheet_name
from gosheet.workbook.sheets.language import canonical_sheets
from gosheet.workbook.sheets.names import name_key
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.sheets.reading import BookState, ProblemList

__all__ = ["SAVE_DT", "Kept", "read_kept", "to_opengotha", "write_file"]

SAVE_DT = "%Y%m%d%H%M%S"
"""How OpenGotha writes the time of a save (``Tournament/@saveDT``)."""


def _fresh_kept(settings: Settings, now: dt.datetime) -> Kept:
    """What OpenGotha would hold for a tournament it did not make: its defaults."""
    today = now.strftime("%Y-%m-%d")
    short = re.sub(r"[^0-9A-Za-z]+", "", settings.name)[:24] or "tournament"
    general = GENERAL_DEFAULTS | {"beginDate": today, "endDate": today, "shortName": short}
    game_format = "full" if settings.system is System.MCMAHON else "short"
    display = DISPLAY_DEFAULTS | {"gameFormat": game_format}
    return Kept(
        root={
            "dataVersion": "201",
            "fullVersionNumber": "3.51.02",
            "runningMode": "SAL",
            "saveDT": now.strftime(SAVE_DT),
        },
        parameters={GENERAL: general, DISPLAY: display, PUBLISH: dict(PUBLISH_DEFAULTS)},
        children={ROOT: [TEAM_DEFAULTS]},
    )


def to_opengotha(
    grids: Mapping[str, Rows],
    *,
    source: str = "workbook",
    now: dt.datetime | None = None,
    notes: list[str] | None = None,
    gosheet_only: list[str] | None = None,
) -> OGTournament:
    """The OpenGotha tournament of a workbook (its sheets' cell values).

    Every problem of the workbook, of its ``OpenGotha`` sheet, and of what OpenGotha cannot
    hold (more than 20 rounds, two byes in a round, two players of the same OpenGotha key, a
    player without a first name, a country that is not a two-letter code) is reported at once
    in an :class:`InputError`; a workbook of another game than go raises
    :class:`ConsistencyError`. Club names longer than OpenGotha's four characters are
    shortened, as OpenGotha does, each told once in ``notes`` (``Moscow → Mosc``). The
    settings the file has no place for are named, with their values, in ``gosheet_only``
    (:func:`~gosheet.formats.opengotha.parameter_sets.kept_in_gosheet`).
    """
    grids = sheets = canonical_sheets(grids)  # a workbook in any language
    problems = ProblemList(sheets.shown)
    grid = grids.get(OPENGOTHA)
    kept = read_kept(grid, problems) if grid is not None else None
    try:
        state = read_book(grids)
    except InputError as error:
        raise InputError([*error.problems, *problems.problems]) from None
    t = state.tournament
    _refuse_other_kinds(t, source)
    settings = file_settings(t.settings, len(t.players), state.setting_rows)
    if gosheet_only is not None:
        gosheet_only += kept_in_gosheet(t.settings, state.setting_rows)
    now = now or dt.datetime.now()
    if kept is None:
        kept = _fresh_kept(settings, now)
    rounds = settings.rounds or 0
    if rounds > MAX_ROUNDS:
        problems.add(
            SETTINGS,
            state.setting_rows.get("rounds", -1),
            1,
            rounds,
            f"OpenGotha plays at most {MAX_ROUNDS} rounds",
        )
    players, keys = _og_players(state, kept, rounds, problems, notes if notes is not None else [])
    games: list[OGGame] = []
    byes: list[OGBye] = []
    for played in t.rounds:
        for game in played.games:
            extra = dict(kept.games.get((played.number, game.table), {}))
            known = extra.pop("knownColor", "true") != "false"
            games.append(
                OGGame(
                    played.number,
                    game.table,
                    keys[game.white],
                    keys[game.black],
                    game.handicap,
                    OG_RESULTS[game.result],
                    known,
                    extra,
                )
            )
        if len(played.byes) > 1:
            names = ", ".join(t.player(n).name for n in played.byes)
            problems.add(
                round_sheet_name(played.number),
                -1,
                0,
                names,
                "OpenGotha keeps one bye a round; this round has "
                f"{len(played.byes)} (make all but one a game, or take them out)",
            )
        for bye in played.byes:
            extra = dict(kept.byes.get(played.number, {}))
            extra.pop(PLAYER_KEY, None)  # the round sheet's bye is the truth
            byes.append(OGBye(keys[bye], played.number, extra))
    byes += _byes_ahead(kept, len(t.rounds), rounds, set(keys.values()), problems)
    if problems.problems:
        raise InputError(problems.problems)
    position = {slot: i for i, slot in enumerate(kept.order)}

    def place(g: OGGame) -> tuple[int, int, int]:
        slot = (g.round_number, g.table_number)
        return (position.get(slot, len(position)), *slot)

    games.sort(key=place)
    elements = [*kept.children.get(ROOT, ()), *club_groups_element(settings)]
    if t.settings.tournament_type is TournamentType.TEAMS:
        elements = _team_elements(t, keys, kept, elements)
        if gosheet_only is not None:
            gosheet_only += team_settings_kept(t.settings, kept.root)
    parameters, children = parameter_sets(settings, kept)
    if "online" in state.setting_rows:  # the Settings sheet's, over what the file held
        parameters[GENERAL]["bInternet"] = "true" if t.settings.online else "false"
    if "game_format" in state.setting_rows and DISPLAY in parameters:
        parameters[DISPLAY]["gameFormat"] = t.settings.game_format
    return OGTournament(
        # saved now, as OpenGotha writes the time of its save (``saveDT``)
        attributes=dict(kept.root) | {"saveDT": now.strftime(SAVE_DT)},
        players=tuple(players),
        games=tuple(games),
        byes=tuple(byes),
        parameters=parameters,
        placement_criteria=placement_criteria(settings),
        parameter_children=children,
        extra=tuple(elements),
    )


def _refuse_other_kinds(t: Tournament, source: str) -> None:
    """OpenGotha's files are for go, and for tournaments where one player sits at a board."""
    if not game_of(t.settings.game).go:
        raise ConsistencyError(
            f"{source}: a tournament of {t.settings.game}; OpenGotha files are for go"
        )
    if t.settings.tournament_type.plays_as_units:
        raise ConsistencyError(
            _(
                "{source}: a {kind} tournament; OpenGotha has no pair go nor rengo (a game "
                "played by several players in turn), so no OpenGotha file can hold it"
            ).format(source=source, kind=t.settings.tournament_type)
        )


def _team_elements(
    t: Tournament, keys: dict[int, str], kept: Kept, extra: list[OGElement]
) -> list[OGElement]:
    """The root's elements of a team tournament: ``<Teams>`` and
    ``<TeamTournamentParameterSet>`` made from its sheets (in place of any kept verbatim),
    the others as kept."""
    teams = teams_element(t, keys, seated_or_listed(t), kept.lineups_after, kept.team_order)
    parameters = team_parameters_element(t.settings)
    others = [e for e in extra if e.tag not in TEAM_ELEMENTS]
    at = next((i for i, e in enumerate(extra) if e.tag == TEAM_ELEMENTS[1]), 0)
    at = len([e for e in extra[:at] if e.tag not in TEAM_ELEMENTS])
    held = [teams] if t.teams else []  # OpenGotha writes <Teams> only with teams
    return [*held, *others[:at], parameters, *others[at:]]


def _byes_ahead(
    kept: Kept, paired: int, rounds: int, keys: set[str], problems: ProblemList
) -> list[OGBye]:
    """The byes set in OpenGotha for rounds the workbook does not hold yet (the ``OpenGotha``
    sheet's ``Bye`` rows with a ``player``), as OpenGotha keeps them; one naming no player of
    the workbook, or a round beyond the tournament's, is a problem of its row."""
    byes: list[OGBye] = []
    for number, attributes in sorted(kept.byes.items()):
        extra = dict(attributes)
        key = extra.pop(PLAYER_KEY, None)
        if key is None or number <= paired:
            continue
        row = kept.rows.get((BYE, bye_key(number), PLAYER_KEY), -1)
        if key not in keys:
            problems.add(
                OPENGOTHA,
                row,
                3,
                key,
                f"the bye of round {number} names no player of Players (by OpenGotha's key: "
                "name and first name without spaces, in capitals): correct or delete this row",
            )
        elif number > rounds:
            problems.add(
                OPENGOTHA, row, 3, key, f"a bye of round {number}, after the {rounds} rounds"
            )
        else:
            byes.append(OGBye(key, number, extra))
    return byes


def _og_players(
    state: BookState, kept: Kept, rounds: int, problems: ProblemList, notes: list[str]
) -> tuple[list[OGPlayer], dict[int, str]]:
    """The players as OpenGotha holds them; what it cannot hold is a problem of the Players
    sheet (OpenGotha refuses a player without a first name, or whose country is not a
    two-letter code), but a club is cut to OpenGotha's four characters, as OpenGotha itself
    does when it reads a rating list."""
    players: list[OGPlayer] = []
    keys: dict[int, str] = {}
    owners: dict[str, int] = {}
    shortened: dict[str, str] = {}  # club → its four characters
    columns = state.player_columns
    for p in state.tournament.players:
        row = state.player_rows.get(p.number, -1)
        if not p.first_name:
            problems.add(
                PLAYERS,
                row,
                columns.get("First name", columns.get("Name", 0)),
                p.name,
                "OpenGotha needs a first name (an initial will do)",
            )
        if len(p.country) not in (0, 2):
            problems.add(
                PLAYERS,
                row,
                columns.get("Country", 0),
                p.country,
                "OpenGotha needs a two-letter country code (such as FR, DE, JP) or none",
            )
        club = p.club[:CLUB_LENGTH]
        if club != p.club and p.club not in shortened:
            same = [other for other, code in shortened.items() if code == club]
            note = f"{p.club} → {club}"
            if same:
                note += f" (as {same[0]}: OpenGotha takes them for one club)"
            notes.append(note)
        if club != p.club:
            shortened.setdefault(p.club, club)
        defaults = player_defaults(p)
        own = dict(kept.players.get(name_key(p.name), {}))
        ffg_licence = own.pop("ffgLicence", "")
        participating = own.pop("participating", "")
        not_playing = state.preliminary.get(p.number, p.not_playing)
        # OpenGotha writes 20 rounds; a kept string of another length keeps its length
        length = len(participating) if participating else MAX_ROUNDS
        length = max(length, *(r for r in not_playing if r <= MAX_ROUNDS), 0)
        chars = []
        for r in range(1, length + 1):
            if r in not_playing:
                chars.append("0")
            elif r <= rounds or r > len(participating):
                chars.append("1")
            else:
                chars.append(participating[r - 1])
        og = OGPlayer(
            name=p.surname,
            first_name=p.first_name,
            rank=rank_to_xml(p.known_rank),
            rating=p.known_rating,
            club=club,
            country=p.country,
            egf_pin=p.egd_pin,
            ffg_licence=ffg_licence,
            participating="".join(chars),
            registering_status="PRE" if p.number in state.preliminary else "FIN",
            smms_correction=p.mms_correction,
            extra={k: v for k, v in defaults.items() if k != "ffgLicence"} | own,
        )
        key = player_key(og)
        if key in owners:
            other = state.player_rows.get(owners[key], -1) + 1
            problems.add(
                PLAYERS,
                row,
                columns.get("Name", 0),
                p.name,
                f"OpenGotha names a player by name and first name without spaces or case "
                f"({key}), the same as the player on row {other}",
            )
        owners.setdefault(key, p.number)
        keys[p.number] = key
        players.append(og)
    return players, keys


def write_file(path: Path, data: bytes) -> Path:
    """Write ``data`` to a temporary file beside ``path``, then put it in place: an
    interrupted export never leaves half a file."""
    with replacing(path) as temporary:
        temporary.write_bytes(data)
    return path.resolve()
