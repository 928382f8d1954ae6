"""The team standings, as OpenGotha ranks teams (``ScoredTeamsSet``): up to six criteria of
``Team placement``, each over the matches of rounds 1 … r, compared descending as integers,
ties broken by the lower team number; a team's place is its row, left blank (None) when it
ties with the row above on every criterion.

- ``TEAMP``: the team points (2/1/0 a match; a team bye counts ``Team points for a bye``).
- ``SOST``: the sum of the opponents' TEAMP after round r (a repeated opponent counts again).
- ``BDW``: twice the board points (WX2); ``BDW9U`` … ``BDW1U``: the same over boards 1 … x.
- ``MNR``: the sum of the ratings of the round-1 line-up, integer-divided by the team size.

A team bye scores no board points: no board was played, and the board points are what
break ties between teams of equal team points (OpenGotha, whose bye is worth nothing, counts
none either).

>>> criterion_text("BDW", 5), criterion_text("BDW1U", 1), criterion_text("TEAMP", 4)
('2½', '0½', '4')
"""

from __future__ import annotations

from gosheet.core.model import Tournament
from gosheet.core.standings_table import complete_rounds
from gosheet.core.teams.matches import Match, matches_in, team_bye
from gosheet.core.teams.model import Team
from gosheet.records import record

#: Each criterion's title (English; the sheets' words translate them).
CRITERION_TITLES: dict[str, str] = {
    "TEAMP": "Team points",
    "SOST": "Sum of opponents' team points",
    "BDW": "Board wins",
    **{f"BDW{n}U": f"Board wins, boards 1-{n}" for n in range(9, 0, -1)},
    "MNR": "Mean rating",
}
#: OpenGotha's short names, as its standings head the columns.
CRITERION_SHORT: dict[str, str] = {
    "TEAMP": "TP",
    "SOST": "SOST",
    "BDW": "BDW",
    **{f"BDW{n}U": f"B{n}U" for n in range(9, 0, -1)},
    "MNR": "MNR",
}


def half_points(wx2: int) -> str:
    """WX2 as board points, as OpenGotha prints them (``Gotha.formatFractNumber``): ``2½``
    for 5, ``0½`` for 1, ``2`` for 4."""
    whole, half = divmod(wx2, 2)
    return f"{whole}½" if half else str(whole)


def criterion_text(criterion: str, value: int) -> str:
    """A criterion's value as OpenGotha prints it: board wins (BDW…, kept as WX2) with ½."""
    return half_points(value) if criterion.startswith("BDW") else str(value)


@record
class TeamRow:
    """One team's row: its place (None: tied with the row above on every criterion), its
    values (one per criterion; BDW* as WX2) and its half-match string per round."""

    place: int | None
    team: Team
    values: tuple[int, ...]
    rounds: tuple[str, ...]


@record
class TeamStandings:
    after_round: int
    criteria: tuple[str, ...]
    rows: tuple[TeamRow, ...]


@record(frozen=False)
class _Record:
    """What one team did over the rounds: matches (opponent, WX2 …) and byes."""

    team: Team
    played: list[tuple[int, Match]]  # (round, match)
    byes: list[int]


def _records(tournament: Tournament, after_round: int) -> dict[str, _Record]:
    records = {t.name: _Record(t, [], []) for t in tournament.teams}
    for r in range(1, after_round + 1):
        for match in matches_in(tournament, r):
            for team in match.teams:
                records[team.name].played.append((r, match))
        bye = team_bye(tournament, r)
        if bye is not None:
            records[bye.name].byes.append(r)
    return records


def team_points_of(tournament: Tournament, after_round: int) -> dict[str, int]:
    """Every team's TEAMP after the round (team byes included)."""
    size = tournament.settings.team_size
    bye = tournament.settings.team_bye_points
    return {
        name: sum(m.team_points(size)[m.side_of(rec.team)] for _, m in rec.played)
        + bye * len(rec.byes)
        for name, rec in _records(tournament, after_round).items()
    }


def _value(criterion: str, rec: _Record, tournament: Tournament, teamp: dict[str, int]) -> int:
    size = tournament.settings.team_size
    if criterion == "TEAMP":
        return teamp[rec.team.name]
    if criterion == "SOST":
        return sum(teamp[m.opponent_of(rec.team).name] for _, m in rec.played)
    if criterion == "BDW":
        return sum(m.wx2()[m.side_of(rec.team)] for _, m in rec.played)
    if criterion.startswith("BDW"):
        upto = int(criterion[3:-1])
        return sum(m.wx2_up_to(upto)[m.side_of(rec.team)] for _, m in rec.played)
    # MNR (the criteria are checked when the settings are read)
    boards = rec.team.lineup_in(1).boards[:size]
    return sum(tournament.player(p).known_rating for p in boards) // size


def team_standings(tournament: Tournament, after_round: int | None = None) -> TeamStandings:
    """The team standings after ``after_round`` (default: the last round complete, before
    the first with a result missing: a round being played would count its boards as lost by
    both teams, OpenGotha's reading of an unknown result)."""
    last = complete_rounds(tournament) if after_round is None else after_round
    criteria = tournament.settings.team_placement
    size = tournament.settings.team_size
    records = _records(tournament, last)
    teamp = team_points_of(tournament, last)
    values = {
        name: tuple(_value(c, rec, tournament, teamp) for c in criteria)
        for name, rec in records.items()
    }
    order = sorted(
        records.values(),
        key=lambda rec: (tuple(-v for v in values[rec.team.name]), rec.team.number),
    )
    row_of = {rec.team.name: k for k, rec in enumerate(order, start=1)}
    rows: list[TeamRow] = []
    for k, rec in enumerate(order, start=1):
        mine = values[rec.team.name]
        tied = k > 1 and values[order[k - 2].team.name] == mine
        by_round = {r: m for r, m in rec.played}
        cells: list[str] = []
        for r in range(1, last + 1):
            match = by_round.get(r)
            if match is None:
                bye = tournament.settings.team_bye_points if r in rec.byes else 0
                cells.append("0" + "-=+"[bye])
                continue
            side = match.side_of(rec.team)
            tp = match.team_points(size)[side]
            opponent = row_of[match.opponent_of(rec.team).name]
            cells.append(f"{opponent}{'-=+'[tp]}({half_points(match.wx2()[side])})")
        rows.append(TeamRow(None if tied else k, rec.team, mine, tuple(cells)))
    return TeamStandings(last, criteria, tuple(rows))
