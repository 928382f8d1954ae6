"""Order boards by rating: each line-up of the Teams sheet with its boards sorted by the
players' ratings, board 1 the strongest (a player without a rating by his rank; equals keep
the order typed); the reserves, the line-ups' rounds and the teams stay as typed.

>>> from gosheet.core.model import Player
>>> from gosheet.core.teams.model import Lineup
>>> players = {1: Player(1, "A", rating=1800), 2: Player(2, "B", rating=2200),
...            3: Player(3, "C", rank=2), 4: Player(4, "D"), 6: Player(6, "E", rank=1)}
>>> by_rating(Lineup(1, (1, 4, 2, 3), (5,)), players)  # C 3d (2300) before B (2200)
Lineup(from_round=1, boards=(3, 2, 1, 4), reserves=(5,))
>>> by_rating(Lineup(1, (6, 2), ()), players).boards  # E 2d (2200) equals B: as typed
(6, 2)
"""

from __future__ import annotations

from collections.abc import Mapping

from gosheet.app.messages import not_a_team_tournament
from gosheet.core.errors import ConsistencyError
from gosheet.core.kinds import TournamentType
from gosheet.core.model import Player, Tournament
from gosheet.core.teams.model import Lineup, Team
from gosheet.i18n.catalog import _, ngettext
from gosheet.records import record, replace
from gosheet.workbook.port import BookPort
from gosheet.workbook.sheets.language import localized
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.sheets.teams import teams_sheet


def strength(player: Player | None) -> float:
    """How strong a player is for the order: his rating, else his rank as a rating (EGF's
    100 a rank, 2100 for 1d), else the weakest."""
    if player is None:
        return float("-inf")
    if player.rating is not None:
        return float(player.rating)
    if player.rank is not None:
        return 2100.0 + 100 * player.rank
    return float("-inf")


def by_rating(lineup: Lineup, players: Mapping[int, Player]) -> Lineup:
    """The line-up with its boards sorted by :func:`strength`, strongest first (stable)."""
    boards = sorted(lineup.boards, key=lambda p: -strength(players.get(p)))
    return replace(lineup, boards=tuple(boards))


@record
class BoardsOrdered:
    """``order_boards``: the Teams sheet rewritten; how many line-ups changed."""

    tournament: Tournament
    changed: int
    lineups: int

    def message(self) -> str:
        if not self.changed:
            return _("Every line-up is in rating order already: the Teams sheet is unchanged.")
        return ngettext(
            "Boards ordered by rating: {changed} line-up of {lineups} changed in the Teams sheet.",
            "Boards ordered by rating: {changed} line-ups of {lineups} changed in the Teams sheet.",
            self.changed,
        ).format(changed=self.changed, lineups=self.lineups)


def order_boards(book: BookPort) -> BoardsOrdered:
    """Sort each team's boards by rating (:func:`by_rating`) and rewrite the Teams sheet; a
    tournament that is not a team tournament is refused, nothing written."""
    port = localized(book)
    state = read_book(port.grids())
    tournament = state.tournament
    if tournament.settings.tournament_type is not TournamentType.TEAMS:
        raise ConsistencyError(not_a_team_tournament())
    players = {p.number: p for p in tournament.players}
    teams: list[Team] = []
    changed = lineups = 0
    for team in tournament.teams:
        ordered = tuple(by_rating(lineup, players) for lineup in team.lineups)
        changed += sum(a != b for a, b in zip(ordered, team.lineups, strict=True))
        lineups += len(ordered)
        teams.append(replace(team, lineups=ordered))
    done = replace(tournament, teams=tuple(teams))
    if changed:
        port.render(teams_sheet(done, port.language))
    return BoardsOrdered(done, changed, lineups)
