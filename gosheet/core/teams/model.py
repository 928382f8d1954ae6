"""The teams of a team tournament, as the Teams sheet and OpenGotha's ``<Teams>`` hold them.

A team is known by its name (OpenGotha's identity) and shown and ordered by its number
(OpenGotha's ``teamNumber``). Its players are listed by board, board 1 first, then its
reserves; a line-up typed for a round holds from that round on, until a later one
(OpenGotha keeps one per round: an import writes a line-up where it changes).

>>> team = Team(1, "Tengen", (Lineup(1, (3, 1, 2), (7,)), Lineup(3, (1, 3, 2))))
>>> team.lineup_in(2).boards, team.lineup_in(4).boards, team.lineup_in(4).reserves
((3, 1, 2), (1, 3, 2), ())
>>> FixedMatch(2, "Tengen", "Sakata").names
('Tengen', 'Sakata')
"""

from __future__ import annotations

from gosheet.records import record


@record
class Lineup:
    """A team's players (their numbers in Players) from round ``from_round`` on: at the
    boards, board 1 first, then the reserves who step in, in order, for a player who does not
    play a round."""

    from_round: int
    boards: tuple[int, ...]
    reserves: tuple[int, ...] = ()

    @property
    def players(self) -> tuple[int, ...]:
        return (*self.boards, *self.reserves)


@record
class Team:
    """A team: its number (display and order), its name (identity), its line-ups by round,
    earliest first (the first holds from round 1, whatever its ``from_round``)."""

    number: int
    name: str
    lineups: tuple[Lineup, ...]

    def lineup_in(self, round_number: int) -> Lineup:
        """The line-up in force in round ``round_number``: the last one typed for it or an
        earlier round, else the first."""
        found = self.lineups[0]
        for lineup in self.lineups:
            if lineup.from_round <= round_number:
                found = lineup
        return found

    @property
    def players(self) -> frozenset[int]:
        """Every player who is in the team in some round."""
        return frozenset(p for lineup in self.lineups for p in lineup.players)


@record
class FixedMatch:
    """A match the director fixes (the Fixed matches sheet): these two teams meet in round
    ``round_number``; the rest of the round is paired around it."""

    round_number: int
    first: str  # team names
    second: str

    @property
    def names(self) -> tuple[str, str]:
        return (self.first, self.second)
