"""The matches of a team round, rebuilt from its games as OpenGotha rebuilds them
(``Match.buildMatch``): a team's board-1 player's game finds the opponent team (the team
whose line-up holds the opponent); the match's first team is the white team, whose board-1
player has White (handicap or not). Nothing but the games is stored.

Team points (``Match.getTeamScore``): with WX2 twice a team's board points, a team scores 2
when its WX2 exceeds both the team size and the opponent's, 1 when it equals the larger of
the two, else 0 — so 1½–½ on four boards (two left unknown) is 0–0.

>>> points(4, 6, 2), points(4, 4, 4), points(4, 3, 1), points(3, 3, 3), points(4, 8, 8)
((2, 0), (1, 1), (0, 0), (1, 1), (1, 1))
"""

from __future__ import annotations

from gosheet.core.model import Game, Round, Tournament
from gosheet.core.opengotha.scores import points2  # twice the board points: OpenGotha's getWX2
from gosheet.core.teams.lineups import seats
from gosheet.core.teams.model import Team
from gosheet.records import record


def points(size: int, mine: int, theirs: int) -> tuple[int, int]:
    """The team points (2/1/0) of two teams with WX2 ``mine`` and ``theirs`` on ``size``
    boards (OpenGotha's threshold rule), first team first."""

    def of(a: int, b: int) -> int:
        threshold = max(size, b)
        return 2 if a > threshold else 1 if a == threshold else 0

    return of(mine, theirs), of(theirs, mine)


@record
class Board:
    """One board of a match: its number (1 …), the individual game, and whether the match's
    first team's player has White there."""

    number: int
    game: Game
    first_is_white: bool

    @property
    def first_player(self) -> int:
        return self.game.white if self.first_is_white else self.game.black

    @property
    def second_player(self) -> int:
        return self.game.black if self.first_is_white else self.game.white


@record
class Match:
    """Two teams' match in a round: ``first`` is the white team (its board-1 player has
    White, OpenGotha's), ``boards`` board 1 first."""

    round_number: int
    first: Team
    second: Team
    boards: tuple[Board, ...]

    @property
    def table(self) -> int:
        """Board 1's table."""
        return self.boards[0].game.table if self.boards else 0

    @property
    def teams(self) -> tuple[Team, Team]:
        return (self.first, self.second)

    @property
    def complete(self) -> bool:
        """Every board has a result."""
        return all(b.game.result is not None for b in self.boards)

    def wx2(self) -> tuple[int, int]:
        """Twice the board points of the first team and of the second."""
        first = sum(points2(b.game, b.first_player) for b in self.boards)
        second = sum(points2(b.game, b.second_player) for b in self.boards)
        return first, second

    def wx2_up_to(self, boards: int) -> tuple[int, int]:
        """:meth:`wx2` over boards 1 … ``boards`` only (OpenGotha's BDW\\ *x*\\ U)."""
        kept = [b for b in self.boards if b.number <= boards]
        first = sum(points2(b.game, b.first_player) for b in kept)
        second = sum(points2(b.game, b.second_player) for b in kept)
        return first, second

    def team_points(self, size: int) -> tuple[int, int]:
        """The team points (2/1/0) of the first team and of the second, on ``size`` boards."""
        return points(size, *self.wx2())

    def side_of(self, team: Team) -> int:
        """0 for the first team, 1 for the second."""
        return 0 if team.name == self.first.name else 1

    def opponent_of(self, team: Team) -> Team:
        return self.second if team.name == self.first.name else self.first


def round_of(tournament: Tournament, round_number: int) -> Round | None:
    return next((r for r in tournament.rounds if r.number == round_number), None)


def matches_in(tournament: Tournament, round_number: int) -> tuple[Match, ...]:
    """The matches of round ``round_number``, rebuilt from its games, in board-1 table
    order (none for a round not paired)."""
    rnd = round_of(tournament, round_number)
    if rnd is None:
        return ()
    teams = sorted(tournament.teams, key=lambda t: t.number)
    boards = {t.name: seats(tournament, t, round_number)[0] for t in teams}
    listed = {t.name: t.lineup_in(round_number).players for t in teams}
    found: dict[frozenset[str], Match] = {}
    for team in teams:
        head = boards[team.name][0] if boards[team.name] else None
        game = rnd.game_of(head) if head is not None else None
        if game is None or head is None:
            continue
        opponent = game.opponent_of(head)
        other = next((t for t in teams if t.name != team.name and opponent in listed[t.name]), None)
        if other is None or frozenset((team.name, other.name)) in found:
            continue
        first, second = (team, other) if game.white == head else (other, team)
        found[frozenset((team.name, other.name))] = Match(
            round_number, first, second, _boards(rnd, boards[first.name])
        )
    return tuple(sorted(found.values(), key=lambda m: m.table))


def _boards(rnd: Round, players: tuple[int | None, ...]) -> tuple[Board, ...]:
    out: list[Board] = []
    for number, player in enumerate(players, start=1):
        game = rnd.game_of(player) if player is not None else None
        if game is not None and player is not None:
            out.append(Board(number, game, game.white == player))
    return tuple(out)


def team_bye(tournament: Tournament, round_number: int) -> Team | None:
    """The team without a match in a paired round, when exactly one has none (an odd
    number of teams); None otherwise."""
    if round_of(tournament, round_number) is None:
        return None
    playing = {t.name for m in matches_in(tournament, round_number) for t in m.teams}
    idle = [t for t in tournament.teams if t.name not in playing]
    return idle[0] if len(idle) == 1 and len(tournament.teams) % 2 else None
