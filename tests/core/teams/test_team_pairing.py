"""gosheet's pairing of teams (:func:`pair_teams`), on random team tournaments played round
after round with random results, every round checked against an independent computation:

- every team in exactly one match or on the bye; one bye with an odd count of teams;
- board b meets board b, the match's tables follow one another, the top match first;
- no rematch (nor second bye) while one can be avoided: their number is the least possible,
  computed with networkx's matching of the teams (and the bye) not yet met;
- the bye to the lowest team that may take it by the rule above (pairing order recomputed
  here: team points, then board points, then mean rating, then number);
- the director's fixed matches kept, the rest paired around them.

Team points are recomputed here from the board results, not by the code under test.
"""

from __future__ import annotations

import random

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.examples import examples

from gosheet.core.errors import InputError
from gosheet.core.kinds import System
from gosheet.core.model import Player, Result, Round, Tournament
from gosheet.core.settings import Settings
from gosheet.core.teams.lineups import TeamsIncomplete
from gosheet.core.teams.matches import matches_in
from gosheet.core.teams.model import FixedMatch, Lineup, Team
from gosheet.core.teams.pairing import pair_teams
from gosheet.core.teams.standings import team_standings
from gosheet.records import replace

BYE = "(bye)"
RESULTS = (Result.WHITE_WINS, Result.BLACK_WINS, Result.JIGO, Result.WHITE_WINS_BY_FORFEIT)


def team_tournament(
    teams: int, size: int, rounds: int, seed: int, system: str = "swiss", **changes: object
) -> Tournament:
    """``teams`` teams of ``size`` players (ranks and ratings drawn from ``seed``), board
    order by rating."""
    lot = random.Random(seed)
    players: list[Player] = []
    made: list[Team] = []
    for t in range(1, teams + 1):
        members = []
        for _ in range(size):
            rank = lot.randint(-20, 5)
            n = len(players) + 1
            players.append(
                Player(n, f"P{n:02d}", f"T{t}", rank, 2100 + 100 * rank + lot.randint(-50, 50))
            )
            members.append(players[-1])
        members.sort(key=lambda p: -(p.rating or 0))
        made.append(Team(t, f"Team {t}", (Lineup(1, tuple(p.number for p in members)),)))
    s = Settings.preset(system, rounds=rounds, tournament_type="teams", team_size=size, **changes)
    return Tournament(s, tuple(players), teams=tuple(made))


def played(t: Tournament, lot: random.Random) -> Tournament:
    """``t`` with its next round paired by :func:`pair_teams` and results drawn."""
    pairing = pair_teams(t)
    assert pairing.as_round().games == pairing.games
    games = tuple(replace(g, result=lot.choice(RESULTS)) for g in pairing.games)
    return t.with_round(Round(pairing.round_number, games))


def team_points(t: Tournament, upto: int) -> dict[str, tuple[int, int]]:
    """(team points, WX2) of each team, recomputed from the boards: a board won 2, a jigo 1;
    2 team points for more than the size and the opponent, 1 for the larger of the two."""
    size = t.settings.team_size
    won = {Result.WHITE_WINS: (2, 0), Result.BLACK_WINS: (0, 2), Result.JIGO: (1, 1)}
    won[Result.WHITE_WINS_BY_FORFEIT] = (2, 0)
    out = {team.name: [0, 0] for team in t.teams}
    for r in range(1, upto + 1):
        seen = set()
        for match in matches_in(t, r):
            a = b = 0
            for board in match.boards:
                w, k = won[board.game.result]  # type: ignore[index]
                a += w if board.first_is_white else k
                b += k if board.first_is_white else w
            for team, mine, theirs in ((match.first, a, b), (match.second, b, a)):
                out[team.name][0] += 2 if mine > max(size, theirs) else mine == max(size, theirs)
                out[team.name][1] += mine
                seen.add(team.name)
        idle = [team.name for team in t.teams if team.name not in seen]
        if len(idle) == 1:
            out[idle[0]][0] += t.settings.team_bye_points
    return {k: (v[0], v[1]) for k, v in out.items()}


def history(t: Tournament) -> tuple[set[frozenset[str]], set[str]]:
    """The pairs of teams that met, and the teams that had a bye (meeting the bye)."""
    met: set[frozenset[str]] = set()
    for r in range(1, len(t.rounds) + 1):
        playing = set()
        for m in matches_in(t, r):
            met.add(frozenset((m.first.name, m.second.name)))
            playing |= {m.first.name, m.second.name}
        idle = [team.name for team in t.teams if team.name not in playing]
        met |= {frozenset((name, BYE)) for name in idle}
    return met, {name for pair in met if BYE in pair for name in pair if name != BYE}


def fewest_repeats(names: list[str], met: set[frozenset[str]]) -> int:
    """The least number of rematches (and second byes) any pairing of ``names`` makes."""
    vertices = names + ([BYE] if len(names) % 2 else [])
    g = nx.Graph()
    g.add_nodes_from(vertices)
    g.add_edges_from(
        (a, b)
        for i, a in enumerate(vertices)
        for b in vertices[i + 1 :]
        if frozenset((a, b)) not in met
    )
    return len(vertices) // 2 - len(nx.max_weight_matching(g, maxcardinality=True))


def check_round(before: Tournament, after: Tournament, fixed: list[tuple[str, str]]) -> None:
    r = len(after.rounds)
    size = before.settings.team_size
    matches = matches_in(after, r)
    names = [m.first.name for m in matches] + [m.second.name for m in matches]
    assert len(names) == len(set(names))
    idle = [team.name for team in after.teams if team.name not in names]
    assert len(idle) == len(after.teams) % 2
    tables = [b.game.table for m in matches for b in m.boards]
    assert tables == list(range(1, len(tables) + 1))
    for m in matches:
        assert [b.number for b in m.boards] == list(range(1, size + 1))
        for b in m.boards:
            assert b.first_player == m.first.lineup_in(r).boards[b.number - 1]
            assert b.second_player == m.second.lineup_in(r).boards[b.number - 1]
    pairs = {frozenset((m.first.name, m.second.name)) for m in matches}
    for a, b in fixed:
        assert frozenset((a, b)) in pairs
    in_fixed = {n for pair in fixed for n in pair}
    free = [team.name for team in before.teams if team.name not in in_fixed]
    met, _ = history(before)
    made = {p for p in pairs if not p & in_fixed} | {frozenset((n, BYE)) for n in idle}
    assert sum(p in met for p in made) == fewest_repeats(free, met)
    points = team_points(before, r - 1)
    rating = {
        team.name: sum(before.player(p).known_rating for p in team.lineup_in(r).boards) // size
        for team in before.teams
    }
    number = {team.name: team.number for team in before.teams}

    og = before.settings.opengotha
    start = dict.fromkeys(number, 0)
    if (
        before.settings.system is not System.SWISS
    ):  # McMahon: twice the mean start of round 1's boards
        for team in before.teams:
            ranks = [before.player(p).known_rank for p in team.lineup_in(1).boards]
            starts = [max(og.mm_floor, min(og.mm_bar, k)) - og.mm_zero for k in ranks]
            start[team.name] = 2 * (sum(starts) // len(starts))

    def key(n: str) -> tuple[int, int, int, int]:
        return (-points[n][0] - start[n], -points[n][1], -rating[n], number[n])

    everyone = sorted((team.name for team in before.teams), key=key)
    best = [min(everyone.index(m.first.name), everyone.index(m.second.name)) for m in matches]
    assert best == sorted(best)  # the top match takes the first tables
    if idle:
        order = sorted(free, key=key)
        least = fewest_repeats(free, met)
        allowed = [
            n
            for n in order
            if (frozenset((n, BYE)) in met)
            + fewest_repeats([x for x in free if x != n], met | {frozenset((x, BYE)) for x in free})
            == least
        ]
        assert idle[0] == allowed[-1], (idle, allowed, order)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    teams=st.integers(2, 9),
    size=st.integers(2, 4),
    rounds=st.integers(1, 5),
    seed=st.integers(0, 10**6),
    fix=st.booleans(),
    system=st.sampled_from(["swiss", "mcmahon"]),
)
def test_random_team_tournaments(
    teams: int, size: int, rounds: int, seed: int, fix: bool, system: str
) -> None:
    t = team_tournament(teams, size, rounds, seed, system)
    lot = random.Random(seed)
    for r in range(1, rounds + 1):
        fixed: list[tuple[str, str]] = []
        if fix and teams >= 3:
            a, b = lot.sample([team.name for team in t.teams], 2)
            fixed = [(a, b)]
            t = replace(t, fixed_matches=(*t.fixed_matches, FixedMatch(r, a, b)))
        after = played(t, lot)
        check_round(t, after, fixed)
        t = after


def test_a_team_bye_scores_its_points_and_no_board_points() -> None:
    t = team_tournament(5, 3, 3, 7, team_bye_points=2)
    lot = random.Random(7)
    for _ in range(3):
        t = played(t, lot)
    standings = team_standings(t)
    points = team_points(t, 3)
    for row in standings.rows:
        teamp, wx2 = dict(zip(standings.criteria, row.values, strict=True))["TEAMP"], row.values[1]
        assert (teamp, wx2) == points[row.team.name]
    byes = [row for row in standings.rows if "0+" in row.rounds]
    assert len(byes) == 3  # one team a round, each a different one, "0+" for its 2 points


@pytest.mark.parametrize("system", ["swiss", "mcmahon"])
def test_8_teams_of_4_play_5_rounds(system: str) -> None:
    """An 8×4 team tournament (OpenGotha's rules, McMahon with handicaps, or Swiss) played 5
    rounds: no rematch, every team every round, the boards OpenGotha's (board b against b)."""
    changes = {"rules": "opengotha"}
    t = team_tournament(8, 4, 5, 2026, system, **changes)
    lot = random.Random(2026)
    for _ in range(5):
        after = played(t, lot)
        check_round(t, after, [])
        t = after
    met, _ = history(t)
    assert len(met) == 5 * 4  # 20 different matches
    handicaps = sum(g.handicap > 0 for rnd in t.rounds for g in rnd.games)
    assert (handicaps > 0) == (system == "mcmahon")
    standings = team_standings(t)
    assert standings.rows[0].place == 1


def test_mcmahon_teams_start_from_their_players_start() -> None:
    """Round 1 of a McMahon over teams: the strong teams (high starts) meet each other."""
    t = team_tournament(4, 2, 3, 1, "mcmahon")
    strong = [
        Player(
            p.number,
            p.surname,
            p.first_name,
            5 if p.number <= 4 else -20,
            2600 if p.number <= 4 else 100,
        )
        for p in t.players
    ]
    t = replace(t, players=tuple(strong), settings=t.settings.replace(mm_bar=5))
    pairing = pair_teams(t)
    top = {pairing.matches[0].first.name, pairing.matches[0].second.name}
    assert top == {"Team 1", "Team 2"}


def test_an_incomplete_team_is_refused_naming_team_board_and_round() -> None:
    t = team_tournament(4, 3, 2, 3)
    gone = t.teams[1].lineup_in(1).boards[2]
    players = tuple(
        replace(p, not_playing=frozenset({1})) if p.number == gone else p for p in t.players
    )
    with pytest.raises(TeamsIncomplete) as caught:
        pair_teams(replace(t, players=players))
    assert isinstance(caught.value, InputError)
    (hole,) = caught.value.incomplete
    assert (hole.team, hole.board, hole.round_number, hole.player, hole.why) == (
        "Team 2",
        3,
        1,
        gone,
        "not playing",
    )
    assert "Team 2" in str(caught.value) and "board 3" in str(caught.value)


def test_a_reserve_steps_in() -> None:
    t = team_tournament(4, 3, 2, 3)
    gone = t.teams[1].lineup_in(1).boards[0]
    reserve = Player(99, "Reserve", "R", -5, 1600)
    team = replace(t.teams[1], lineups=(Lineup(1, t.teams[1].lineup_in(1).boards, (99,)),))
    players = tuple(
        replace(p, not_playing=frozenset({1})) if p.number == gone else p for p in t.players
    )
    t = replace(t, players=(*players, reserve), teams=(t.teams[0], team, *t.teams[2:]))
    pairing = pair_teams(t)
    seated = {b.first_player for m in pairing.matches for b in m.boards} | {
        b.second_player for m in pairing.matches for b in m.boards
    }
    assert 99 in seated and gone not in seated
    board = next(b for m in pairing.matches for b in m.boards if 99 in (b.game.white, b.game.black))
    assert board.number == 1
