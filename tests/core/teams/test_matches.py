"""Matches rebuilt from the games, team points (OpenGotha's threshold rule), the team bye,
the line-ups in force, and the team weighing of the Explain sheet, on small hand-made
tournaments (the fixtures' tests check the same against OpenGotha itself)."""

from __future__ import annotations

import pytest

from gosheet.core.errors import ConsistencyError
from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.settings import Settings
from gosheet.core.teams.boards import pair_match
from gosheet.core.teams.lineups import TeamsIncomplete, seated, team_of_player
from gosheet.core.teams.matches import matches_in, points, team_bye
from gosheet.core.teams.model import FixedMatch, Lineup, Team
from gosheet.core.teams.pairing import pair_teams, weigh_teams
from gosheet.core.teams.standings import team_standings

W, B, J = Result.WHITE_WINS, Result.BLACK_WINS, Result.JIGO


@pytest.mark.parametrize(
    ("size", "mine", "theirs", "expected"),
    [
        (4, 6, 2, (2, 0)),  # 3-1
        (4, 4, 4, (1, 1)),  # 2-2
        (4, 3, 1, (0, 0)),  # 1½-½, two boards unknown or both lose
        (4, 8, 8, (1, 1)),  # four both-win boards
        (3, 4, 2, (2, 0)),  # 2-1
        (3, 3, 3, (1, 1)),  # 1½-1½
        (4, 5, 3, (2, 0)),
        (4, 4, 2, (1, 0)),  # 2-1 with a board unknown: 2 is the size, not more
    ],
)
def test_team_points_as_opengotha(
    size: int, mine: int, theirs: int, expected: tuple[int, int]
) -> None:
    assert points(size, mine, theirs) == expected


def three_teams(results: tuple[Result | None, ...], handicap: int = 0) -> Tournament:
    """Teams A (1, 2), B (3, 4), C (5, 6) of two boards; round 1: A against B, B's board 1
    White on board 1, C idle."""
    players = tuple(Player(n, f"P{n}", rank=-n, rating=2100 - 10 * n) for n in range(1, 7))
    teams = (
        Team(1, "A", (Lineup(1, (1, 2)),)),
        Team(2, "B", (Lineup(1, (3, 4)),)),
        Team(3, "C", (Lineup(1, (5, 6)),)),
    )
    games = (Game(1, 3, 1, handicap, result=results[0]), Game(2, 2, 4, result=results[1]))
    settings = Settings(team_size=2, tournament_type="teams", rounds=3)
    return Tournament(settings, players, (Round(1, games),), teams=teams)


def test_a_match_is_rebuilt_from_board_1s_game_and_its_white_team_is_first() -> None:
    t = three_teams((W, J), handicap=3)
    (match,) = matches_in(t, 1)
    assert (match.first.name, match.second.name, match.table) == ("B", "A", 1)
    assert [b.first_is_white for b in match.boards] == [True, False]
    assert match.wx2() == (3, 1) and match.team_points(2) == (2, 0) and match.complete
    assert not matches_in(three_teams((W, None)), 1)[0].complete
    assert team_bye(t, 1) is not None and team_bye(t, 1).name == "C"  # type: ignore[union-attr]
    assert team_bye(t, 2) is None  # not paired


@pytest.mark.parametrize(
    ("results", "wx2", "team_points"),
    [
        ((Result.BOTH_WIN, Result.BOTH_WIN), (4, 4), (1, 1)),
        ((Result.BOTH_LOSE, None), (0, 0), (0, 0)),
        ((Result.WHITE_WINS_BY_FORFEIT, Result.BLACK_WINS_BY_FORFEIT), (4, 0), (2, 0)),
        ((Result.WHITE_WINS_BY_FORFEIT, Result.WHITE_WINS), (2, 2), (1, 1)),
        ((Result.JIGO_BY_FORFEIT, W), (1, 3), (0, 2)),
    ],
)
def test_odd_results_count_as_opengotha(
    results: tuple[Result | None, Result | None], wx2: tuple[int, int], team_points: tuple[int, int]
) -> None:
    (match,) = matches_in(three_teams(results), 1)
    assert match.wx2() == wx2 and match.team_points(2) == team_points


def test_the_bye_team_scores_the_settings_points() -> None:
    t = three_teams((W, W))
    for bye, cell in ((2, "0+"), (1, "0="), (0, "0-")):
        s = team_standings(
            Tournament(t.settings.replace(team_bye_points=bye), t.players, t.rounds, teams=t.teams)
        )
        row = next(r for r in s.rows if r.team.name == "C")
        assert row.values[0] == bye and row.values[1] == 0 and row.rounds == (cell,)


def test_lineups_by_round_and_team_of_player() -> None:
    t = three_teams((W, W))
    moved = Team(1, "A", (Lineup(1, (1, 2), (7,)), Lineup(3, (2, 1))))
    t = Tournament(t.settings, (*t.players, Player(7, "P7")), t.rounds, teams=(moved, *t.teams[1:]))
    assert seated(t, moved, 2) == (1, 2) and seated(t, moved, 3) == (2, 1)
    assert team_of_player(t, 7, 1) is moved and team_of_player(t, 7, 3) is None
    assert team_of_player(t, 5, 1) is t.teams[2]


def test_weigh_teams_finds_what_pair_teams_pairs() -> None:
    players = tuple(Player(n, f"P{n}", rank=-(n % 7), rating=2000 - n) for n in range(1, 13))
    teams = tuple(Team(k, f"T{k}", (Lineup(1, (2 * k - 1, 2 * k)),)) for k in range(1, 7))
    t = Tournament(
        Settings.preset("swiss", rounds=3, team_size=2, tournament_type="teams"),
        players,
        teams=teams,
    )
    weighing = weigh_teams(t)
    assert [c.name for c in weighing.weights.criteria] == [
        "no repeat",
        "bye to the lowest",
        "score gap",
        "board points gap",
        "halves",
    ]
    pairing = pair_teams(t)
    assert pairing.bye is None and not weighing.bye_weights
    solved = {
        frozenset((weighing.order[i].number, weighing.order[j].number)) for i, j in weighing.solve()
    }
    assert solved == {frozenset((m.first.number, m.second.number)) for m in pairing.matches}
    # round 1 of a Swiss: the top half against the bottom half, in order (1-4, 2-5, 3-6)
    assert [(m.table, sorted((m.first.number, m.second.number))) for m in pairing.matches] == [
        (1, [1, 4]),
        (3, [2, 5]),
        (5, [3, 6]),
    ]


def test_sost_sums_the_opponents_team_points_and_a_round_not_paired_has_no_match() -> None:
    t = three_teams((W, W))
    t = Tournament(
        t.settings.replace(team_placement=("SOST", "TEAMP", "MNR"), team_bye_points=1),
        t.players,
        (*t.rounds, Round(2, (Game(1, 1, 5, result=B), Game(2, 6, 2, result=J)))),
        teams=t.teams,
    )
    # round 1: B-A 1-1 (1 point each), C the bye (1); round 2: C beats A 1½-½, B the bye (1)
    # TEAMP: A 1, B 2, C 3; SOST: A 2 + 3, B 1, C 1
    s = team_standings(t)
    assert [(r.place, r.team.name, r.values[:2]) for r in s.rows] == [
        (1, "A", (5, 1)),
        (2, "C", (1, 3)),
        (3, "B", (1, 2)),
    ]
    assert [r.rounds for r in s.rows] == [("3=(1)", "2-(0½)"), ("0=", "1+(1½)"), ("1=(1)", "0=")]
    assert matches_in(t, 3) == () and team_bye(t, 3) is None


def test_pair_match_refuses_an_incomplete_team_and_reads_only_earlier_rounds() -> None:
    t = three_teams((W, W))
    a, b, c = t.teams
    with pytest.raises(TeamsIncomplete) as caught:
        pair_match(Tournament(t.settings, t.players[:5], t.rounds, teams=t.teams), 2, a, c)
    (hole,) = caught.value.incomplete
    assert str(hole) == "team C, board 2, round 2: no player" and hole.player == 6
    again = pair_match(t, 1, a, b)  # round 1 itself is in the tournament: not counted
    before = pair_match(Tournament(t.settings, t.players, (), teams=t.teams), 1, a, b)
    assert again == before


def test_fixed_matches_naming_no_team_or_a_team_twice_are_refused() -> None:
    t = three_teams((W, W))
    for fixed in ((FixedMatch(2, "A", "Z"),), (FixedMatch(2, "A", "B"), FixedMatch(2, "C", "A"))):
        with pytest.raises(ConsistencyError, match="Fixed matches: round 2"):
            pair_teams(
                Tournament(t.settings, t.players, t.rounds, teams=t.teams, fixed_matches=fixed)
            )
    with pytest.raises(ConsistencyError, match="Teams"):
        pair_teams(Tournament(t.settings, t.players, t.rounds))
