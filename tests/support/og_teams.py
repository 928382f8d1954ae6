"""OpenGotha's team fixtures (tests/fixtures/opengotha-teams) as core tournaments, and the
outputs OpenGotha made for them (its boards, its team standings) as plain records.

Everything comes from gosheet's OpenGotha import
(:func:`gosheet.formats.opengotha.convert.from_opengotha`): players, games, settings, the
teams (``<Teams>``) and the team parameters (``<TeamTournamentParameterSet>``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gosheet.core.kinds import TournamentType
from gosheet.core.model import Tournament
from gosheet.core.teams.fields import TEAM_COLOUR_RULES
from gosheet.formats.opengotha.convert import from_opengotha
from gosheet.formats.opengotha.xml import read_opengotha

from .paths import TESTS

TEAMS = TESTS / "fixtures" / "opengotha-teams"
"""``tests/fixtures/opengotha-teams``: the four team tournaments and OpenGotha's outputs."""
NAMES = ("lgo2020", "ull", "synth-swiss8x4", "synth-mm8x4")
ROUNDS = {"lgo2020": 5, "ull": 6, "synth-swiss8x4": 5, "synth-mm8x4": 5}
OLD_RULE_FILES = frozenset({"lgo2020", "ull"})
"""Files saved by OpenGotha 3.51 or before: paired with the old ``detRandom``."""


def team_file(name: str, suffix: str = ".xml") -> Path:
    return TEAMS / f"{name}{suffix}"


def load(name: str, until_round: int | None = None) -> Tournament:
    """The team fixture ``name`` as a core tournament (its rounds 1 … ``until_round``), as
    gosheet's import reads it: teams, line-ups per round, team size and placement, the colour
    rule of the version that saved the file, a team bye worth 0 (OpenGotha's)."""
    t = from_opengotha(read_opengotha(team_file(name)), until_round=until_round).tournament
    rule = TEAM_COLOUR_RULES[1 if name in OLD_RULE_FILES else 0]
    assert t.settings.tournament_type is TournamentType.TEAMS
    assert t.settings.team_colour_rule == rule and t.settings.team_bye_points == 0
    return t


@dataclass(frozen=True)
class OGGameLine:
    """A ``game`` line of OpenGotha's outputs."""

    table: int
    board: int
    white: str  # key
    black: str
    handicap: int
    result: str


@dataclass(frozen=True)
class OGTeamLine:
    """A ``team`` line of OpenGotha's standings: place ("" when tied), number, name, the
    criteria as printed, the half-match strings."""

    place: str
    number: int
    name: str
    values: tuple[str, ...]
    rounds: tuple[str, ...]


def _lines(path: Path) -> list[list[str]]:
    text = path.read_text(encoding="utf-8")
    return [line.split("\t") for line in text.splitlines() if line and not line.startswith("#")]


def game_line(fields: list[str]) -> OGGameLine:
    """A ``game`` line's fields (tab-separated, ``game`` first) read."""
    return OGGameLine(
        int(fields[1]), int(fields[2]), fields[3], fields[5], int(fields[7]), fields[8]
    )


def og_games(name: str, suffix: str) -> list[OGGameLine]:
    """Every ``game`` line of ``NAME<suffix>`` (e.g. ``.pair.R4.txt``)."""
    return [game_line(c) for c in _lines(team_file(name, suffix)) if c[0] == "game"]


def og_standings(name: str, after_round: int) -> tuple[tuple[str, ...], list[OGTeamLine]]:
    """The criteria (XML names) and the ``team`` lines of OpenGotha's standings after the
    round (``NAME.standings.R<r>.txt``: its last table)."""
    return og_standings_file(team_file(name, f".standings.R{after_round}.txt"), after_round)


def og_standings_file(path: Path, after_round: int) -> tuple[tuple[str, ...], list[OGTeamLine]]:
    """:func:`og_standings` of any file ``og-teams standings`` wrote."""
    header = [
        line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("#team")
    ][-1].split("\t")
    criteria = tuple(header[4 : len(header) - after_round])
    rows = [
        OGTeamLine(
            c[1], int(c[2]), c[3], tuple(c[4 : 4 + len(criteria)]), tuple(c[4 + len(criteria) :])
        )
        for c in _lines(path)
        if c[0] == "team"
    ]
    return criteria, rows


def key_of(t: Tournament, number: int) -> str:
    """OpenGotha's key of a player: name and first name, no spaces, upper case."""
    p = t.player(number)
    return (p.surname + p.first_name).replace(" ", "").upper()
