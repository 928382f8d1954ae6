"""Who sits at each board of a team in a round: the line-up in force, a reserve stepping in
for a player who does not play, and the holes that make a team incomplete (OpenGotha refuses
to pair such a team; so does gosheet, naming the team, the board and the round).

>>> from gosheet.core.model import Player, Tournament
>>> from gosheet.core.settings import Settings
>>> from gosheet.core.teams.model import Lineup, Team
>>> away = Player(5, "P5", not_playing=frozenset({2}))
>>> t = Tournament(Settings(team_size=3), (*(Player(n, f"P{n}") for n in range(1, 5)), away))
>>> team = Team(1, "Tengen", (Lineup(1, (1, 5, 2), (3, 4)),))
>>> seated(t, team, 1), seated(t, team, 2)
((1, 5, 2), (1, 3, 2))
"""

from __future__ import annotations

from gosheet.core.errors import InputError, Problem
from gosheet.core.model import Tournament
from gosheet.core.teams.model import Team
from gosheet.i18n.catalog import _
from gosheet.records import record

#: The sheet a hole in a line-up is told against (the workbook names the cell).
TEAMS_SHEET = "Teams"
NO_PLAYER = "no player"
NOT_PLAYING = "not playing"
NOT_CONFIRMED = "not confirmed"


@record
class Incomplete:
    """One hole in a team's line-up for a round: board ``board`` of ``team`` (its name) in
    round ``round_number`` has no one to sit there. ``player``: who is listed there (None:
    nobody); ``why``: :data:`NO_PLAYER`, :data:`NOT_PLAYING` or :data:`NOT_CONFIRMED`."""

    team: str
    board: int
    round_number: int
    player: int | None
    why: str

    def __str__(self) -> str:
        return f"team {self.team}, board {self.board}, round {self.round_number}: {self.why}"

    def message(self) -> str:
        """What is wrong, in the language of messages (the team is the problem's value)."""
        why = {
            NO_PLAYER: _("no player is listed there"),
            NOT_PLAYING: _("its player does not play that round"),
            NOT_CONFIRMED: _("its player is not confirmed"),
        }.get(self.why, self.why)
        return _("board {board} has no player in round {round} ({why}), and no reserve").format(
            board=self.board, round=self.round_number, why=why
        )


class TeamsIncomplete(InputError):
    """Teams that cannot play a round: a board without a player, and no reserve to step in.
    Each hole is one :class:`~gosheet.core.errors.Problem` of the ``Teams`` sheet, and is kept
    as :class:`Incomplete` in :attr:`incomplete` (for a reader to name the cell)."""

    def __init__(self, incomplete: tuple[Incomplete, ...]) -> None:
        self.incomplete = incomplete
        super().__init__(
            [Problem(TEAMS_SHEET, "", hole.team, hole.message()) for hole in incomplete]
        )


def seats(
    tournament: Tournament, team: Team, round_number: int
) -> tuple[tuple[int | None, ...], tuple[Incomplete, ...]]:
    """The player at each of the ``team_size`` boards (None: a hole) and the holes, without
    raising: the line-up in force, each reserve in order taking the board of the first player
    who does not play the round."""
    size = tournament.settings.team_size
    lineup = team.lineup_in(round_number)
    known = {p.number: p for p in tournament.players}
    reserves = [r for r in lineup.reserves if r in known and known[r].plays_in(round_number)]
    boards: list[int | None] = []
    holes: list[Incomplete] = []
    for board in range(1, size + 1):
        listed = lineup.boards[board - 1] if board <= len(lineup.boards) else None
        if listed is not None and listed in known and known[listed].plays_in(round_number):
            boards.append(listed)
            continue
        if reserves:
            boards.append(reserves.pop(0))
            continue
        why = NOT_PLAYING if listed is not None and listed in known else NO_PLAYER
        boards.append(None)
        holes.append(Incomplete(team.name, board, round_number, listed, why))
    return tuple(boards), tuple(holes)


def seated(tournament: Tournament, team: Team, round_number: int) -> tuple[int, ...]:
    """The ``team_size`` players at the boards in that round, board 1 first: the line-up in
    force, a reserve stepping in (in order) for a player not playing; raises
    :class:`TeamsIncomplete` for a board no one can take."""
    boards, holes = seats(tournament, team, round_number)
    if holes:
        raise TeamsIncomplete(holes)
    return tuple(b for b in boards if b is not None)


def check_complete(tournament: Tournament, teams: tuple[Team, ...], round_number: int) -> None:
    """Every hole of ``teams`` in the round at once, as one :class:`TeamsIncomplete`."""
    holes = tuple(h for team in teams for h in seats(tournament, team, round_number)[1])
    if holes:
        raise TeamsIncomplete(holes)


def team_of_player(tournament: Tournament, player: int, round_number: int) -> Team | None:
    """The team whose line-up in force in that round lists ``player`` (at a board or as a
    reserve), the lowest number first; None for a player of no team."""
    for team in sorted(tournament.teams, key=lambda t: t.number):
        if player in team.lineup_in(round_number).players:
            return team
    return None
