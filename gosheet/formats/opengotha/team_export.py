"""What a team tournament's export asks of the core: who sits at the boards of a round, and
which team settings an OpenGotha file has no place for."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from gosheet.core.model import Tournament
from gosheet.core.settings import Settings
from gosheet.core.teams.lineups import TeamsIncomplete, seated
from gosheet.core.teams.model import Team
from gosheet.formats.opengotha.teams import colour_rule

__all__ = ["seated_or_listed", "team_settings_kept"]


def seated_or_listed(tournament: Tournament) -> Callable[[Team, int], Sequence[int]]:
    """The players a team has at its boards in a round, board 1 first, as OpenGotha is to
    hold them: those who sit (a reserve in for a player not playing), else — the team is
    incomplete that round, and OpenGotha will refuse to pair it, as gosheet does — its
    line-up as listed."""

    def at_boards(team: Team, round_number: int) -> Sequence[int]:
        try:
            return seated(tournament, team, round_number)
        except TeamsIncomplete:
            return team.lineup_in(round_number).boards

    return at_boards


def team_settings_kept(settings: Settings, root: Mapping[str, str]) -> list[str]:
    """The team settings the file cannot tell OpenGotha, each with its value: points for a
    bye team (OpenGotha gives none), and team colours other than the rule of the OpenGotha
    version the file names (OpenGotha 3.51.02 pairs with its own)."""
    named: list[str] = []
    if settings.team_bye_points:
        named.append(f"Team points for a bye {settings.team_bye_points}")
    file_rule = colour_rule({k: v for k, v in root.items() if "ersion" in k})
    if settings.team_colour_rule != file_rule:
        named.append(f"Team colours {settings.team_colour_rule}")
    return named
