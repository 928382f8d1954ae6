"""gosheet's pairing of the teams (OpenGotha has none: its director chooses every match):
a Swiss or a McMahon over teams, by the individual ``System`` setting, as one
maximum-weight matching with exact integer weights (:mod:`gosheet.core.matching`), the
criteria most important first (:data:`CRITERIA`):

1. no rematch while one can be avoided (and no second bye);
2. the bye (an odd number of teams) to the lowest team that has not had one;
3. the smallest score gaps (squared): team points first (McMahon: plus the team's start) …
4. … then board points;
5. inside a score group, its top half against its bottom half, in order.

The director's fixed matches (the ``Fixed matches`` sheet) are kept and the rest is paired
around them. Within each match the boards are OpenGotha's (:func:`pair_match`); the matches
take the tables in order, the top match first. A team that cannot sit at every board is
refused (:class:`~gosheet.core.teams.lineups.TeamsIncomplete`), naming team, board and round.
``docs/systems.md`` ("Team tournaments") tells the whole rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from gosheet.core.errors import ConsistencyError
from gosheet.core.kinds import System
from gosheet.core.matching import Criterion, LexicographicWeights, max_weight_matching
from gosheet.core.model import Game, Player, Round, Tournament
from gosheet.core.opengotha.scores import smms
from gosheet.core.pairing import Weighing, check_can_pair
from gosheet.core.teams.boards import pair_match
from gosheet.core.teams.lineups import check_complete, seated
from gosheet.core.teams.matches import Board, Match, matches_in, team_bye
from gosheet.core.teams.model import Team
from gosheet.core.teams.standings import team_points_of
from gosheet.i18n.catalog import _
from gosheet.i18n.words import N_w
from gosheet.records import record

CRITERIA = (
    (
        "no repeat",
        N_w("Never the same two teams twice, nor a second bye, while it can be avoided."),
    ),
    ("bye to the lowest", N_w("The bye to the lowest team that has not had one.")),
    (
        "score gap",
        N_w(
            "Teams of the same score (team points; McMahon: plus the start), else the nearest "
            "(gaps squared)."
        ),
    ),
    ("board points gap", N_w("Then the nearest board points (gaps squared).")),
    ("halves", N_w("Inside a score group, the top half against the bottom half, in order.")),
)


@record
class TeamPairing:
    """A new team round: its matches (no results, table order), every board's game, and the
    team without a match (an odd number of teams)."""

    round_number: int
    matches: tuple[Match, ...]
    games: tuple[Game, ...]
    bye: Team | None

    def as_round(self) -> Round:
        """The round to record: every board's game; no individual bye (OpenGotha's: the bye
        team's players have no game)."""
        return Round(self.round_number, self.games)


@record
class Standing:
    """A team as the pairing sees it before the round: its score (doubled McMahon start plus
    team points; Swiss: team points), board points (WX2), strength, place (0 = top)."""

    team: Team
    score: int
    wx2: int
    rating: int
    byes: int


def team_start(tournament: Tournament, team: Team) -> int:
    """A McMahon team's start: the mean of the McMahon starts (rank between floor and bar,
    counted from the zero) of its round-1 line-up's board players, rounded down."""
    boards = team.lineup_in(1).boards[: tournament.settings.team_size]
    starts = [smms(tournament.player(p), tournament.settings) for p in boards]
    return sum(starts) // len(starts) if starts else 0


def team_rating(tournament: Tournament, team: Team, round_number: int) -> int:
    """The mean rating of the players listed at the boards in that round (the strength that
    orders teams of equal score; round 1's order)."""
    boards = team.lineup_in(round_number).boards[: tournament.settings.team_size]
    ratings = [tournament.player(p).known_rating for p in boards]
    return sum(ratings) // len(ratings) if ratings else 0


def standings_before(tournament: Tournament, round_number: int) -> list[Standing]:
    """The teams in pairing order before ``round_number``: score, board points, strength
    (all descending), team number."""
    before = round_number - 1
    teamp = team_points_of(tournament, before)
    mcmahon = tournament.settings.system is not System.SWISS
    wx2 = dict.fromkeys(teamp, 0)
    byes = dict.fromkeys(teamp, 0)
    for r in range(1, before + 1):
        for match in matches_in(tournament, r):
            for side, team in enumerate(match.teams):
                wx2[team.name] += match.wx2()[side]
        bye = team_bye(tournament, r)
        if bye is not None:
            byes[bye.name] += 1
    out = [
        Standing(
            team,
            teamp[team.name] + (2 * team_start(tournament, team) if mcmahon else 0),
            wx2[team.name],
            team_rating(tournament, team, round_number),
            byes[team.name],
        )
        for team in tournament.teams
    ]
    return sorted(out, key=lambda s: (-s.score, -s.wx2, -s.rating, s.team.number))


def met_before(tournament: Tournament, round_number: int) -> frozenset[frozenset[str]]:
    """The pairs of teams (names) that met before the round."""
    return frozenset(
        frozenset(t.name for t in match.teams)
        for r in range(1, round_number)
        for match in matches_in(tournament, r)
    )


def fixed_in(tournament: Tournament, round_number: int) -> list[tuple[Team, Team]]:
    """The director's fixed matches of the round, as teams; a name that is no team, or a
    team in two of them, is refused."""
    by_name = {t.name: t for t in tournament.teams}
    out: list[tuple[Team, Team]] = []
    seen: set[str] = set()
    for fixed in tournament.fixed_matches:
        if fixed.round_number != round_number:
            continue
        for name in fixed.names:
            if name not in by_name:
                raise ConsistencyError(
                    _("Fixed matches: round {round}: no team is named {name}").format(
                        round=round_number, name=repr(name)
                    )
                )
            if name in seen or fixed.first == fixed.second:
                raise ConsistencyError(
                    _("Fixed matches: round {round}: team {name} is in two matches").format(
                        round=round_number, name=repr(name)
                    )
                )
            seen.add(name)
        out.append((by_name[fixed.first], by_name[fixed.second]))
    return out


@record
class Graph:
    """The teams to pair (pairing order), the bye's vertex (the last, when the count is odd)
    and every edge's criterion values."""

    teams: tuple[Standing, ...]
    weights: LexicographicWeights
    values: dict[tuple[int, int], tuple[int, ...]]
    bye_vertex: int | None


def graph(tournament: Tournament, round_number: int, free: Sequence[Standing]) -> Graph:
    """The criteria's values of every pair of ``free`` teams (and of each with the bye)."""
    n = len(free)
    met = met_before(tournament, round_number)
    scores = [s.score for s in free]
    boards = [s.wx2 for s in free]
    score_bound = (max(scores, default=0) - min(scores, default=0)) ** 2
    board_bound = (max(boards, default=0) - min(boards, default=0)) ** 2
    group: dict[int, list[int]] = {}
    for k, s in enumerate(free):
        group.setdefault(s.score, []).append(k)
    place = {k: (members.index(k), len(members)) for members in group.values() for k in members}
    half_bound = n
    low_bound = n  # bye to the lowest: the bye edge of the k-th team is worth k
    values: dict[tuple[int, int], tuple[int, ...]] = {}
    for i in range(n):
        for j in range(i + 1, n):
            a, b = free[i], free[j]
            fresh = int(frozenset((a.team.name, b.team.name)) not in met)
            halves = half_bound
            if a.score == b.score:
                (pi, size), (pj, _) = place[i], place[j]
                halves = half_bound - abs(pj - pi - (size + 1) // 2)
            values[(i, j)] = (
                fresh,
                low_bound,
                score_bound - (a.score - b.score) ** 2,
                board_bound - (a.wx2 - b.wx2) ** 2,
                max(0, halves),
            )
    bye_vertex = n if n % 2 else None
    if bye_vertex is not None:
        for i, s in enumerate(free):
            values[(i, n)] = (int(s.byes == 0), i, score_bound, board_bound, half_bound)
    bounds = (1, low_bound, score_bound, board_bound, half_bound)
    criteria = [
        Criterion(name, bound, rule) for (name, rule), bound in zip(CRITERIA, bounds, strict=True)
    ]
    weights = LexicographicWeights(criteria, max_edges=n // 2 + 1)
    return Graph(tuple(free), weights, values, bye_vertex)


def _prepare(tournament: Tournament) -> tuple[int, list[tuple[Team, Team]], list[Standing], Graph]:
    if not tournament.teams:
        raise ConsistencyError(_("a team tournament needs its teams (the Teams sheet)"))
    number = check_can_pair(tournament)
    fixed = fixed_in(tournament, number)
    in_fixed = {t.name for pair in fixed for t in pair}
    order = standings_before(tournament, number)
    free = [s for s in order if s.team.name not in in_fixed]
    return number, fixed, order, graph(tournament, number, free)


def pair_teams(tournament: Tournament) -> TeamPairing:
    """The next round of a team tournament: its matches and every board's game."""
    number, fixed, order, g = _prepare(tournament)
    edges = [(i, j, g.weights.pack(v)) for (i, j), v in g.values.items()]
    vertices = len(g.teams) + (1 if g.bye_vertex is not None else 0)
    chosen = max_weight_matching(
        vertices, edges, max_weight=g.weights.max_weight, max_cardinality=True
    )
    pairs = list(fixed)
    bye: Team | None = None
    for i, j in sorted(chosen):
        if j == g.bye_vertex:
            bye = g.teams[i].team
        else:
            pairs.append((g.teams[i].team, g.teams[j].team))
    playing = tuple(t for pair in pairs for t in pair)
    check_complete(tournament, playing, number)
    place = {s.team.name: k for k, s in enumerate(order)}
    pairs.sort(key=lambda p: sorted((place[p[0].name], place[p[1].name])))
    matches: list[Match] = []
    games: list[Game] = []
    for a, b in pairs:
        made = pair_match(tournament, number, a, b, frozenset(g.table for g in games))
        games += made
        matches.append(as_match(tournament, number, a, b, made))
    return TeamPairing(number, tuple(matches), tuple(games), bye)


def as_match(
    tournament: Tournament, round_number: int, a: Team, b: Team, games: tuple[Game, ...]
) -> Match:
    """The match of teams ``a`` and ``b`` whose boards are ``games`` (board 1 first): its
    first team the one whose board-1 player has White."""
    seats_a = seated(tournament, a, round_number)
    first, second = (a, b) if games[0].white == seats_a[0] else (b, a)
    seats = seats_a if first is a else seated(tournament, b, round_number)
    boards = tuple(
        Board(k, game, game.white == seats[k - 1]) for k, game in enumerate(games, start=1)
    )
    return Match(round_number, first, second, boards)


def weigh_teams(tournament: Tournament) -> Weighing:
    """Every pair of teams of the next round (the fixed matches aside) with its criteria's
    values, for the Explain sheet: ``order`` holds the teams as the pairing orders them, each
    as a :class:`~gosheet.core.model.Player` whose number is the team's number and whose
    surname is its name; ``bye_weights`` each team's packed weight for the bye."""
    _, _, _, g = _prepare(tournament)
    order = tuple(Player(s.team.number, s.team.name) for s in g.teams)
    values = {(i, j): v for (i, j), v in g.values.items() if j != g.bye_vertex}
    byes = tuple(
        (g.teams[i].team.number, g.weights.pack(v))
        for (i, j), v in g.values.items()
        if j == g.bye_vertex
    )
    return Weighing(len(tournament.rounds) + 1, order, g.weights, values, byes)
