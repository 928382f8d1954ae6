"""Workbook → OpenGotha file: the workbook is the truth (players, games, byes, settings), the
``OpenGotha`` sheet fills in what the workbook does not model; a workbook that never came from
OpenGotha gets OpenGotha's defaults."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gosheet.core.errors import ConsistencyError, InputError
from gosheet.core.opengotha.parameters import (
    MAX_PLACEMENT_CRITERIA,
    OG_FIELDS,
    rank_to_xml,
)
from gosheet.core.settings import Settings
from gosheet.formats.opengotha.convert import (  # the layout shared with the import
    _BYE_KEY,
    _DISPLAY_DEFAULTS,
    _GAME_KEY,
    _GENERAL_DEFAULTS,
    _NAME,
    _ORDER_ITEM,
    _PUBLISH_DEFAULTS,
    _TEAM_DEFAULTS,
    ABOUT,
    BYE,
    CLUB_LENGTH,
    CLUBS_GROUPS,
    DISPLAY,
    GAME,
    GAMES,
    GENERAL,
    MAX_ROUNDS,
    MODELLED,
    OG_RESULTS,
    ORDER,
    PLAYER,
    PUBLISH,
    REQUIRED_SETS,
    ROOT,
    STANDARD_SETS,
    XML,
    XML_MORE,
    _player_defaults,
)
from gosheet.formats.opengotha.xml import (
    OGBye,
    OGElement,
    OGGame,
    OGPlayer,
    OGTournament,
    element_from_text,
    player_key,
)
from gosheet.workbook.atomic import replacing
from gosheet.workbook.reader import (
    BookState,
    Grid,
    ProblemList,
    cell_text,
    name_key,
    read_book,
)
from gosheet.workbook.sheets import (
    OPENGOTHA,
    OPENGOTHA_HEADERS,
    PLAYERS,
    SETTINGS,
    cell_name,
    round_sheet_name,
)

__all__ = ["Kept", "read_kept", "to_opengotha", "write_file"]

# ---------------------------------------------------------------------------- exporting


@dataclass
class Kept:
    """The ``OpenGotha`` sheet, read: what a workbook keeps of its OpenGotha file."""

    root: dict[str, str] = field(default_factory=dict)
    parameters: dict[str, dict[str, str]] = field(default_factory=dict)
    children: dict[str, list[OGElement]] = field(default_factory=dict)  # ROOT or a set
    players: dict[str, dict[str, str]] = field(default_factory=dict)  # by name_key
    games: dict[tuple[int, int], dict[str, str]] = field(default_factory=dict)
    byes: dict[int, dict[str, str]] = field(default_factory=dict)
    order: list[tuple[int, int]] = field(default_factory=list)


def _value_text(value: Any) -> str:
    """A cell of the OpenGotha sheet as the text of an attribute."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dt.datetime):
        if value.time() == dt.time():
            return value.strftime("%Y-%m-%d")
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, dt.date):
        return value.strftime("%Y-%m-%d")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def read_kept(grid: Grid, problems: ProblemList) -> Kept:
    """Read the ``OpenGotha`` sheet, adding every problem (with its cell) to ``problems``."""
    kept = Kept()
    if not grid:
        return kept
    headers = [cell_text(h).casefold() for h in grid[0]]
    columns: dict[str, int] = {}
    for name in OPENGOTHA_HEADERS[:4]:
        if name.casefold() in headers:
            columns[name] = headers.index(name.casefold())
        else:
            problems.add(OPENGOTHA, 0, 0, None, f"no '{name}' column in the header row")
    if len(columns) < 4:
        return kept
    s, k, a, v = (columns[name] for name in OPENGOTHA_HEADERS[:4])
    seen: dict[tuple[str, str, str], int] = {}
    xml: list[tuple[str, str, int, list[str]]] = []  # key, tag, row, text in chunks
    known = (ABOUT, ROOT, PLAYER, GAME, BYE, GAMES, XML)
    by_fold = {name.casefold(): name for name in known}

    def cell(row: Sequence[Any], index: int) -> Any:
        return row[index] if index < len(row) else None

    for r in range(1, len(grid)):
        row = grid[r]
        raw_section = cell_text(cell(row, s))
        key, attribute = cell_text(cell(row, k)), cell_text(cell(row, a))
        raw_value = cell(row, v)
        value = _value_text(raw_value)
        if not raw_section and not key and not attribute and not value:
            continue
        section = by_fold.get(raw_section.casefold(), raw_section)
        if section == ABOUT:
            continue
        if section not in known and not re.fullmatch(r"[A-Za-z]\w*ParameterSet", section):
            problems.add(
                OPENGOTHA,
                r,
                s,
                raw_section,
                "unknown section; known: " + ", ".join(known) + ", or a parameter set name",
            )
            continue
        if section == XML:
            tag = attribute.removesuffix(XML_MORE).strip()
            text = "" if raw_value is None else str(raw_value)
            if not attribute.endswith(XML_MORE):
                xml.append((key, tag, r, [text]))
            elif xml and xml[-1][:2] == (key, tag):
                xml[-1][3].append(text)
            else:
                problems.add(OPENGOTHA, r, a, attribute, "continues no element of the row above")
            continue
        if not attribute and section not in STANDARD_SETS and section.endswith("ParameterSet"):
            kept.parameters.setdefault(section, {})
            continue
        if not _NAME.fullmatch(attribute):
            problems.add(OPENGOTHA, r, a, attribute or None, "not an XML attribute name")
            continue
        if section in (PLAYER, GAME, BYE) and not key:
            problems.add(OPENGOTHA, r, k, None, f"a {section} row needs its Key")
            continue
        slot3 = (section, name_key(key) if section == PLAYER else key.casefold(), attribute)
        if slot3 in seen:
            problems.add(OPENGOTHA, r, a, attribute, f"set twice (also on row {seen[slot3] + 1})")
            continue
        seen[slot3] = r
        if section == ROOT:
            kept.root[attribute] = value
        elif section == PLAYER:
            kept.players.setdefault(name_key(key), {})[attribute] = value
        elif section == GAME:
            match = _GAME_KEY.fullmatch(key)
            if match is None:
                problems.add(OPENGOTHA, r, k, key, "expected a game as 'Round 2 table 5'")
                continue
            slot2 = (int(match.group(1)), int(match.group(2)))
            kept.games.setdefault(slot2, {})[attribute] = value
        elif section == BYE:
            match = _BYE_KEY.fullmatch(key)
            if match is None:
                problems.add(OPENGOTHA, r, k, key, "expected a round as 'Round 2'")
                continue
            kept.byes.setdefault(int(match.group(1)), {})[attribute] = value
        elif section == GAMES:
            matches = [_ORDER_ITEM.fullmatch(item) for item in value.split()]
            if attribute != ORDER:
                problems.add(OPENGOTHA, r, a, attribute, f"expected '{ORDER}'")
                continue
            if not all(matches):
                problems.add(OPENGOTHA, r, v, value, "expected games as round.table: 1.1 1.2 …")
                continue
            kept.order = [(int(m.group(1)), int(m.group(2))) for m in matches if m]
        else:
            kept.parameters.setdefault(section, {})[attribute] = value
    for key, _, r, chunks in xml:
        if key != ROOT and not re.fullmatch(r"[A-Za-z]\w*ParameterSet", key):
            problems.add(OPENGOTHA, r, k, key, "expected Tournament or a parameter set name")
            continue
        try:
            element = element_from_text("".join(chunks), OPENGOTHA, cell_name(r, v))
        except InputError as error:
            problems.problems += error.problems
            continue
        taken = sorted(_tags(element) & _SHEETS_HOLD)
        if taken:
            problems.add(
                OPENGOTHA,
                r,
                v,
                f"<{element.tag}>",
                f"holds <{taken[0]}>, which the other sheets hold (OpenGotha would read it "
                "twice); write it there",
            )
            continue
        kept.children.setdefault(key, []).append(element)
    return kept


# Elements the other sheets make; OpenGotha looks for most of them anywhere in a file.
_SHEETS_HOLD = frozenset(
    {"Players", "Player", "Games", "Game", "ByePlayers", "ByePlayer", "TournamentParameterSet"}
    | set(STANDARD_SETS)
    | {"Categories", "Category", CLUBS_GROUPS, "ClubsGroup"}
)


def _tags(element: OGElement) -> set[str]:
    tags = {element.tag}
    for child in element.children:
        tags |= _tags(child)
    return tags


def _fresh_kept(settings: Settings, now: dt.datetime) -> Kept:
    """What OpenGotha would hold for a tournament it did not make: its defaults."""
    today = now.strftime("%Y-%m-%d")
    short = re.sub(r"[^0-9A-Za-z]+", "", settings.name)[:24] or "tournament"
    general = _GENERAL_DEFAULTS | {"beginDate": today, "endDate": today, "shortName": short}
    game_format = "full" if settings.system == "mcmahon" else "short"
    display = _DISPLAY_DEFAULTS | {"gameFormat": game_format}
    return Kept(
        root={
            "dataVersion": "201",
            "fullVersionNumber": "3.51.02",
            "runningMode": "SAL",
            "saveDT": now.strftime("%Y%m%d%H%M%S"),
        },
        parameters={GENERAL: general, DISPLAY: display, PUBLISH: dict(_PUBLISH_DEFAULTS)},
        children={ROOT: [_TEAM_DEFAULTS]},
    )


def _og_settings(settings: Settings, players: int, rows: Mapping[str, int]) -> Settings:
    """The settings an OpenGotha file is written with: the workbook's under OpenGotha's rules.
    A gosheet-rules tournament gets OpenGotha's defaults for its system (FUS, a handicap
    system OpenGotha does not have: McMahon's), but for the OpenGotha settings its Settings
    sheet does list (``rows``: the attributes found there)."""
    rounds = settings.rounds_for(players)
    if settings.rules == "opengotha":
        return settings.replace(rounds=rounds)
    system = "swiss" if settings.system == "swiss" else "mcmahon"
    listed = {f.attr: getattr(settings, f.attr) for f in OG_FIELDS if f.attr in rows}
    return Settings.preset(
        system,
        "go",
        rules="opengotha",
        name=settings.name,
        rounds=rounds,
        komi=settings.komi,
        **listed,
    )


def _komi_text(komi: float) -> str:
    """``7.5``, ``6``, ``0.5``, ``-5.5``."""
    return f"{komi:g}"


def to_opengotha(
    grids: Mapping[str, Grid],
    *,
    source: str = "workbook",
    now: dt.datetime | None = None,
    notes: list[str] | None = None,
) -> OGTournament:
    """The OpenGotha tournament of a workbook (its sheets' cell values).

    Every problem of the workbook, of its ``OpenGotha`` sheet, and of what OpenGotha cannot
    hold (more than 20 rounds, two byes in a round, two players of the same OpenGotha key, a
    player without a first name, a country that is not a two-letter code) is reported at once
    in an :class:`InputError`; a workbook of another game than go raises
    :class:`ConsistencyError`. Club names longer than OpenGotha's four characters are
    shortened, as OpenGotha does, each told once in ``notes`` (``Moscow → Mosc``).
    """
    problems = ProblemList()
    grid = grids.get(OPENGOTHA)
    kept = read_kept(grid, problems) if grid is not None else None
    try:
        state = read_book(grids)
    except InputError as error:
        raise InputError([*error.problems, *problems.problems]) from None
    t = state.tournament
    if t.settings.game != "go":
        raise ConsistencyError(
            f"{source}: a tournament of {t.settings.game}; OpenGotha files are for go"
        )
    settings = _og_settings(t.settings, len(t.players), state.setting_rows)
    if kept is None:
        kept = _fresh_kept(settings, now or dt.datetime.now())
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
            byes.append(OGBye(keys[bye], played.number, extra))
    if problems.problems:
        raise InputError(problems.problems)
    position = {slot: i for i, slot in enumerate(kept.order)}

    def place(g: OGGame) -> tuple[int, int, int]:
        slot = (g.round_number, g.table_number)
        return (position.get(slot, len(position)), *slot)

    games.sort(key=place)
    parameters, children = _og_parameters(settings, kept)
    criteria = settings.placement + ("NULL",) * (MAX_PLACEMENT_CRITERIA - len(settings.placement))
    return OGTournament(
        attributes=dict(kept.root),
        players=tuple(players),
        games=tuple(games),
        byes=tuple(byes),
        parameters=parameters,
        placement_criteria=criteria,
        parameter_children=children,
        extra=(*kept.children.get(ROOT, ()), *_club_groups_element(settings)),
    )


def _club_groups_element(settings: Settings) -> tuple[OGElement, ...]:
    """OpenGotha's ``ClubsGroups`` (the last element of its files), from the setting."""
    if not settings.club_groups:
        return ()
    groups = tuple(
        OGElement(
            "ClubsGroup",
            (("name", name),),
            tuple(OGElement("Club", (("name", club),)) for club in clubs),
        )
        for name, clubs in settings.club_groups
    )
    return (OGElement(CLUBS_GROUPS, children=groups),)


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
        defaults = _player_defaults(p)
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


def _og_parameters(
    settings: Settings, kept: Kept
) -> tuple[dict[str, dict[str, str]], dict[str, tuple[OGElement, ...]]]:
    sets = list(REQUIRED_SETS)
    sets += [s for s in (DISPLAY, PUBLISH) if s in kept.parameters]
    sets += [s for s in kept.parameters if s not in sets]
    parameters = {s: dict(kept.parameters.get(s, {})) for s in sets}
    for (set_name, attribute), f in MODELLED.items():
        parameters[set_name][attribute] = f.to_xml(getattr(settings, f.attr))
    general = parameters[GENERAL]
    general["name"] = settings.name
    general["numberOfRounds"] = str(settings.rounds)
    general["komi"] = _komi_text(settings.komi)
    general["numberOfCategories"] = str(len(settings.categories) + 1)
    children = {key: list(elements) for key, elements in kept.children.items() if key != ROOT}
    if settings.categories:
        categories = OGElement(
            "Categories",
            children=tuple(
                OGElement("Category", (("lowerLimit", rank_to_xml(limit)), ("number", str(n))))
                for n, limit in enumerate(settings.categories, 1)
            ),
        )
        others = [e for e in children.get(GENERAL, []) if e.tag != "Categories"]
        children[GENERAL] = [categories, *others]
    return parameters, {key: tuple(elements) for key, elements in children.items() if elements}


def write_file(path: Path, data: bytes) -> Path:
    """Write ``data`` to a temporary file beside ``path``, then put it in place: an
    interrupted export never leaves half a file."""
    with replacing(path) as temporary:
        temporary.write_bytes(data)
    return path.resolve()
