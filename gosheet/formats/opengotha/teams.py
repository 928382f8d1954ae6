"""OpenGotha's teams and gosheet's, both ways: ``<Teams>`` (each team's players by round and
board) and ``<TeamTournamentParameterSet>`` (the team size and the six team placement slots).

A file with teams imports as a team tournament: ``Tournament type`` teams, ``Team size``,
``Team placement`` (the slots, ``NULL`` skipped), ``Team colours`` by the version that saved
the file (:func:`colour_rule`), ``Team points for a bye`` 0 (OpenGotha leaves the odd team
out). Each team's line-up of round 1, then one for each round where it changes, up to the
tournament's last round, go to the Teams sheet. OpenGotha keeps a line-up for all its 20
rounds: those of the rounds after the tournament's last, where they change, are kept in the
``OpenGotha`` sheet (section ``Team``, the team's name, ``round7``: the players' keys, board 1
first, ``-`` for an empty board) and written back; a team without such rows keeps its last
line-up to round 20, as OpenGotha's own files do.

>>> colour_rule({"fullVersionNumber": "3.51"}), colour_rule({"gothaVersion": "349"})
('OpenGotha 3.51', 'OpenGotha 3.51')
>>> colour_rule({"fullVersionNumber": "3.51.02"}), colour_rule({})
('OpenGotha 3.51.02', 'OpenGotha 3.51.02')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from gosheet.core.model import Tournament
from gosheet.core.settings import Settings
from gosheet.core.teams.fields import (
    TEAM_COLOUR_RULES,
    TEAM_CRITERIA,
    TEAM_PLACEMENT_SLOTS,
    TEAM_SIZES,
)
from gosheet.core.teams.model import Lineup, Team
from gosheet.formats.opengotha.elements import OGElement, OGTournament
from gosheet.formats.opengotha.layout import (
    MAX_ROUNDS,
    ORDER,
    TEAM,
    TEAMS,
    Row,
    team_parameter_set,
)
from gosheet.records import field, record

__all__ = [
    "EMPTY_BOARD",
    "TEAM_ELEMENTS",
    "ReadTeams",
    "colour_rule",
    "is_team_file",
    "lineup_attribute",
    "read_teams",
    "team_parameters",
    "team_parameters_element",
    "teams_element",
]

NEW_RULE, OLD_RULE = TEAM_COLOUR_RULES
#: The root elements a team tournament's sheets hold (not kept verbatim).
TEAM_ELEMENTS = ("Teams", "TeamTournamentParameterSet")
EMPTY_BOARD = "-"  # a board without a player, in the OpenGotha sheet's Team rows
MAX_BOARDS = 10  # OpenGotha's Gotha.MAX_NUMBER_OF_MEMBERS_BY_TEAM
_ROUND_ATTRIBUTE = re.compile(r"round\s*(\d+)", re.IGNORECASE)


def colour_rule(attributes: Mapping[str, str]) -> str:
    """The even-board colour rule of the OpenGotha that saved a file (``Pairing.detRandom``
    changed in 3.51.01): ``OpenGotha 3.51`` for a file of 3.51 or before — by
    ``fullVersionNumber`` (``3.51``), else ``gothaVersion`` (``349``) and
    ``gothaMinorVersion`` — else ``OpenGotha 3.51.02``, the rule of OpenGotha since."""
    full = attributes.get("fullVersionNumber", "").strip()
    if full:
        parts = tuple(int(p) for p in re.findall(r"\d+", full))
        return OLD_RULE if parts and parts <= (3, 51) else NEW_RULE
    version = attributes.get("gothaVersion", "").strip()
    if version.isdigit():
        minor = attributes.get("gothaMinorVersion", "0").strip()
        minor_number = int(minor) if minor.isdigit() else 0
        return OLD_RULE if (int(version), minor_number) <= (351, 0) else NEW_RULE
    return NEW_RULE


def _teams_of(og: OGTournament) -> tuple[OGElement, ...]:
    return tuple(
        team
        for element in og.extra
        if element.tag == "Teams"
        for team in element.children
        if team.tag == "Team"
    )


def is_team_file(og: OGTournament) -> bool:
    """Whether the file holds teams (OpenGotha writes ``<Teams>`` only then)."""
    return bool(_teams_of(og))


def team_parameters(
    og: OGTournament, problem: Callable[[str, object, str], None]
) -> dict[str, object]:
    """The team settings of a file's ``TeamTournamentParameterSet`` (OpenGotha's defaults
    where it lacks one), as :meth:`Settings.replace` takes them."""
    size, criteria = "4", ["TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR"]
    for element in og.extra:
        if element.tag != "TeamTournamentParameterSet":
            continue
        for child in element.children:
            if child.tag == "TeamGeneralParameterSet":
                size = dict(child.attributes).get("teamSize", size)
            if child.tag == "TeamPlacementParameterSet":
                slots = ["NULL"] * TEAM_PLACEMENT_SLOTS
                for criterion in _descendants(child, "PlacementCriterion"):
                    attributes = dict(criterion.attributes)
                    number = attributes.get("number", "1")
                    name = attributes.get("name", "NULL")
                    if number.isdigit() and 1 <= int(number) <= TEAM_PLACEMENT_SLOTS:
                        # OpenGotha leaves a criterion it does not know NULL
                        slots[int(number) - 1] = name if name in TEAM_CRITERIA else "NULL"
                criteria = slots
    low, high = TEAM_SIZES
    team_size = int(size) if size.strip().isdigit() else -1
    if not low <= team_size <= high:
        problem("TeamGeneralParameterSet", size, f"teamSize from {low} to {high}")
        team_size = 4
    return {
        "tournament_type": "teams",
        "team_size": team_size,
        "team_placement": tuple(c for c in criteria if c != "NULL"),
        "team_colour_rule": colour_rule(og.attributes),
        "team_bye_points": 0,  # OpenGotha leaves the odd team out
    }


def _descendants(element: OGElement, tag: str) -> list[OGElement]:
    found = []
    for child in element.children:
        if child.tag == tag:
            found.append(child)
        found += _descendants(child, tag)
    return found


def lineup_attribute(round_number: int) -> str:
    """The attribute of a ``Team`` row of the OpenGotha sheet: ``round7``."""
    return f"round{round_number}"


@record
class ReadTeams:
    """The teams of a file, the ``OpenGotha`` sheet's rows of what the Teams sheet does not
    hold (line-ups after the last round, the teams' order in the file) and notes."""

    teams: tuple[Team, ...]
    rows: tuple[Row, ...] = ()
    notes: tuple[str, ...] = field(default=())
    #: why the teams cannot be a Teams sheet (an empty board, a player twice in a round):
    #: they are then kept as they are
    trouble: tuple[str, ...] = ()


def read_teams(
    og: OGTournament,
    number_of: Callable[[str, str], int | None],
    key_of: Callable[[int], str],
    rounds: int,
    team_size: int,
) -> ReadTeams:
    """Each team of the file with its line-ups for rounds 1 to ``rounds`` (one where it
    changes): the players at boards 1 to ``team_size``, those at boards after it as reserves
    (OpenGotha pairs boards 1 to ``teamSize`` only). ``number_of(key, where)`` finds a
    player by his key (None: nobody, told by it), ``key_of`` gives a player's key back."""
    teams: list[Team] = []
    rows: list[Row] = []
    notes: list[str] = []
    trouble: list[str] = []
    seen: dict[tuple[int, int], str] = {}  # (round, player) → his team
    for n, element in enumerate(_teams_of(og), 1):
        attributes = dict(element.attributes)
        name = attributes.get("teamName", "Unnamed team")
        number_text = attributes.get("teamNumber", "1")
        number = int(number_text) if number_text.strip().isdigit() else n
        seats = _seats(element, name, number_of)
        lineups: list[Lineup] = []
        for r in range(1, rounds + 1):
            held = seats.get(r, {})
            trouble += _troubles(name, r, held, team_size, seen)
            lineup = _lineup(r, held, team_size)
            if not lineups or (lineup.boards, lineup.reserves) != (
                lineups[-1].boards,
                lineups[-1].reserves,
            ):
                lineups.append(lineup)
        teams.append(Team(number, name, tuple(lineups or [Lineup(1, ())])))
        last = _keys(seats.get(rounds, {}), key_of)
        for r in range(rounds + 1, MAX_ROUNDS + 1):
            keys = _keys(seats.get(r, {}), key_of)
            if keys != last:
                rows.append((TEAM, name, lineup_attribute(r), " ".join(keys)))
            last = keys
    numbers = [t.number for t in teams]
    if numbers != sorted(numbers):
        rows.append((TEAMS, "", ORDER, " ".join(map(str, numbers))))
    return ReadTeams(tuple(teams), tuple(rows), tuple(notes), tuple(trouble))


def _troubles(
    name: str, r: int, held: Mapping[int, int], size: int, seen: dict[tuple[int, int], str]
) -> list[str]:
    """What keeps a team's players of round ``r`` out of the Teams sheet: a board without a
    player, a player twice (at two boards, or in two teams)."""
    found = [f"{name}, round {r}: board {b} empty" for b in range(1, size + 1) if b not in held]
    for board, player in sorted(held.items()):
        other = seen.setdefault((r, player), name)
        if other != name or list(held.values()).count(player) > 1:
            found.append(f"{name}, round {r}: board {board}'s player twice in the round")
    return found


def _seats(
    element: OGElement, name: str, number_of: Callable[[str, str], int | None]
) -> dict[int, dict[int, int]]:
    """The team's players by round and board, as OpenGotha reads ``Board`` (no round: every
    round, as before OpenGotha 3.28.04)."""
    seats: dict[int, dict[int, int]] = {}
    for board in element.children:
        if board.tag != "Board":
            continue
        attributes = dict(board.attributes)
        player = number_of(attributes.get("player", ""), f"Team {name}")
        round_text = attributes.get("roundNumber", "0").strip()
        board_text = attributes.get("boardNumber", "1").strip()
        if player is None or not board_text.isdigit() or not round_text.isdigit():
            continue
        at = int(board_text)
        if not 1 <= at <= MAX_BOARDS:
            continue
        chosen = [int(round_text)] if round_text != "0" else list(range(1, MAX_ROUNDS + 1))
        for r in chosen:
            if 1 <= r <= MAX_ROUNDS:
                seats.setdefault(r, {})[at] = player
    return seats


def _lineup(round_number: int, seats: Mapping[int, int], team_size: int) -> Lineup:
    boards = tuple(seats[b] for b in sorted(seats) if b <= team_size)
    reserves = tuple(seats[b] for b in sorted(seats) if b > team_size)
    return Lineup(round_number, boards, reserves)


def _keys(seats: Mapping[int, int], key_of: Callable[[int], str]) -> tuple[str, ...]:
    if not seats:
        return ()
    return tuple(key_of(seats[b]) if b in seats else EMPTY_BOARD for b in range(1, max(seats) + 1))


# ---------------------------------------------------------------------------- exporting


def teams_element(
    tournament: Tournament,
    keys: Mapping[int, str],
    seated: Callable[[Team, int], Sequence[int]],
    after: Mapping[str, Mapping[int, tuple[str, ...]]],
    order: Sequence[int] = (),
) -> OGElement:
    """``<Teams>`` as OpenGotha writes it: each team's players, round 1 to 20, board by
    board (``Board`` elements with ``boardNumber``, ``player`` — the key —, ``roundNumber``).

    In the tournament's rounds, ``seated(team, round)`` gives the players at the boards, board
    1 first (a reserve in for a player not playing), and the team's reserves not seated
    follow, at the boards after ``Team size``. After its last round, the last line-up holds,
    changed where ``after`` (the ``OpenGotha`` sheet's ``Team`` rows: team name → round →
    keys, ``-`` for an empty board) says. Teams go in ``order`` (team numbers; the others
    after, by number)."""
    rounds = tournament.settings.rounds or len(tournament.rounds)
    rounds = min(max(rounds, len(tournament.rounds)), MAX_ROUNDS)
    by_number = sorted(tournament.teams, key=lambda t: t.number)
    ordered = [t for n in order for t in by_number if t.number == n]
    ordered += [t for t in by_number if t not in ordered]
    elements = []
    for team in ordered:
        boards: list[OGElement] = []
        last: tuple[str, ...] = ()
        for r in range(1, MAX_ROUNDS + 1):
            if r <= rounds:
                at = list(seated(team, r))
                reserves = [p for p in team.lineup_in(r).players if p not in at]
                last = tuple(keys[p] for p in (*at, *reserves))
            else:
                last = tuple(after.get(team.name, {}).get(r, last))
            boards += [
                OGElement(
                    "Board",
                    (("boardNumber", str(b)), ("player", key), ("roundNumber", str(r))),
                )
                for b, key in enumerate(last, 1)
                if key != EMPTY_BOARD
            ]
        attributes = (("teamName", team.name), ("teamNumber", str(team.number)))
        elements.append(OGElement("Team", attributes, tuple(boards)))
    return OGElement("Teams", children=tuple(elements))


def team_parameters_element(settings: Settings) -> OGElement:
    """``<TeamTournamentParameterSet>``: the team size and the team placement criteria,
    padded with ``NULL`` to OpenGotha's six."""
    criteria = tuple(settings.team_placement)
    criteria += ("NULL",) * (TEAM_PLACEMENT_SLOTS - len(criteria))
    return team_parameter_set(settings.team_size, criteria)


def read_lineup_row(attribute: str, value: str) -> tuple[int, tuple[str, ...]] | None:
    """A ``Team`` row of the OpenGotha sheet read: its round and keys; None if the
    attribute is not ``round7``-like or the round not one of OpenGotha's 20."""
    match = _ROUND_ATTRIBUTE.fullmatch(attribute.strip())
    if match is None or not 1 <= int(match.group(1)) <= MAX_ROUNDS:
        return None
    return int(match.group(1)), tuple(value.split())
