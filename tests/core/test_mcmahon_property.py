"""Random seed-McMahon tournaments played to the end, checked round by round.

Every round is paired with :func:`pair_next_round`, checked against an
independent computation (networkx maximum-cardinality matching over the
players present who have not met), then filled with random results — jigo,
no-shows and both-lose included — and the next round follows.
"""

from __future__ import annotations

from fractions import Fraction

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.examples import examples
from support.pairing import check_pairing, had_bye, matching_size

from gosheet.core.errors import ConsistencyError
from gosheet.core.groups import strength_key
from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.scoring import records
from gosheet.core.settings import Settings
from gosheet.core.standings import standings
from gosheet.core.systems import pair_next_round

HALF = Fraction(1, 2)
RESULTS = list(Result)
# (White's MMS, Black's MMS, White's wins, Black's wins, played on the board)
EFFECT = {
    Result.WHITE_WINS: (1, 0, 1, 0, True),
    Result.BLACK_WINS: (0, 1, 0, 1, True),
    Result.JIGO: (HALF, HALF, HALF, HALF, True),
    Result.BOTH_LOSE: (0, 0, 0, 0, True),
    Result.WHITE_WINS_BY_FORFEIT: (1, HALF, 1, 0, False),
    Result.BLACK_WINS_BY_FORFEIT: (HALF, 1, 0, 1, False),
    Result.BOTH_LOSE_BY_FORFEIT: (HALF, HALF, 0, 0, False),
    Result.BOTH_WIN: (1, 1, 1, 1, True),
    Result.JIGO_BY_FORFEIT: (HALF, HALF, HALF, HALF, True),  # scored as a jigo
    Result.BOTH_WIN_BY_FORFEIT: (1, 1, 1, 1, False),
}
SMALL_FIELD = 12  # bye-eligibility is checked by brute force up to this many players present


def group_specs() -> st.SearchStrategy[McMahonGroups]:
    by_count = st.integers(1, 5).map(lambda n: McMahonGroups(count=n))
    by_rank = st.lists(st.integers(-30, 8), min_size=1, max_size=4, unique=True).map(
        lambda b: McMahonGroups(count=len(b) + 1, bounds=tuple(sorted(b, reverse=True)))
    )
    return st.one_of(by_count, by_rank)


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    # Small fields are drawn as often as large ones: byes and exhausted opponents show there.
    n = draw(st.one_of(st.integers(2, SMALL_FIELD), st.integers(2, 60)))
    rounds = draw(st.integers(1, 8))
    ranks = draw(st.lists(st.integers(-30, 8), min_size=n, max_size=n))
    absent_rounds = st.frozensets(st.integers(1, rounds), max_size=rounds)
    absences = draw(
        st.lists(st.one_of(st.just(frozenset[int]()), absent_rounds), min_size=n, max_size=n)
    )
    players = tuple(
        Player(i + 1, f"P{i + 1:02d}", rank=ranks[i], not_playing=absences[i]) for i in range(n)
    )
    seed = draw(st.integers(0, 2**31 - 1))
    spec = draw(group_specs())
    komi = draw(st.sampled_from([6.5, 7.0, 0.5]))
    return Tournament(
        Settings(rounds=rounds, mcmahon_groups=spec, komi=komi, random_seed=seed), players
    )


def perfectly_matchable(graph: nx.Graph) -> bool:
    return 2 * matching_size(graph) == graph.number_of_nodes()


def check_round(t: Tournament, number: int, games: tuple[Game, ...], byes: tuple[int, ...]) -> None:
    """Every property of one freshly paired round ``number`` of ``t``: the invariants
    of any pairing (each present player once, tables 1..n, no repeat, as many games as
    possible: :func:`support.pairing.check_pairing`), then McMahon's bye."""
    seating = check_pairing(t, games, byes, number=number)
    present = [p for p in t.players if p.plays_in(number)]
    present_ids, graph = set(seating.present), seating.graph

    # The single bye: to a player without a previous bye whenever one can take it, and the
    # lowest such player of the table (McMahon score descending, then strength).
    if len(byes) == 1 and len(present_ids) <= SMALL_FIELD:
        could_take = [
            p for p in present if perfectly_matchable(graph.subgraph(present_ids - {p.number}))
        ]
        assert byes[0] in {p.number for p in could_take}
        fresh = [p for p in could_take if p.number not in had_bye(t)]
        if fresh:
            assert byes[0] not in had_bye(t)
        table = records(t)
        candidates = fresh or could_take
        lowest = max(candidates, key=lambda p: (-table[p.number].score, strength_key(p)))
        assert byes[0] == lowest.number


def check_groups(t: Tournament) -> None:
    """McMahon groups: by rank boundaries exactly; by count, sorted by strength with no rank
    split; the starting score one point more a group up, never below 0."""
    table = records(t)
    spec = t.settings.mcmahon_groups
    group = {p.number: table[p.number].group for p in t.players}
    for a in t.players:
        if spec.by_rank:
            assert group[a.number] == 1 + sum(1 for bound in spec.bounds if a.rank < bound)
        assert 1 <= group[a.number] <= spec.count
        assert table[a.number].start_score >= 0
        for b in t.players:
            if a.rank > b.rank:
                assert group[a.number] <= group[b.number]
            if a.rank == b.rank:
                assert group[a.number] == group[b.number]
            assert (
                table[a.number].start_score - table[b.number].start_score
                == group[b.number] - group[a.number]
            )


def check_final(t: Tournament) -> None:
    """Scores, wins, SOS and SODOS recomputed independently; standings order."""
    table = records(t)
    score = {p.number: table[p.number].start_score for p in t.players}
    wins = {p.number: Fraction(0) for p in t.players}
    for rnd in t.rounds:
        in_round = set(rnd.byes)
        for bye in rnd.byes:
            score[bye] += t.settings.bye_points
            wins[bye] += 1
        for g in rnd.games:
            assert g.result is not None
            w_mms, b_mms, w_wins, b_wins, _ = EFFECT[g.result]
            score[g.white] += w_mms
            score[g.black] += b_mms
            wins[g.white] += w_wins
            wins[g.black] += b_wins
            in_round |= {g.white, g.black}
        for p in t.players:
            if p.number not in in_round:
                score[p.number] += t.settings.absent_points
    sos = {p.number: Fraction(0) for p in t.players}
    sodos = {p.number: Fraction(0) for p in t.players}
    for rnd in t.rounds:
        for g in rnd.games:
            assert g.result is not None
            _, _, w_wins, b_wins, played = EFFECT[g.result]
            if not played:
                continue
            sos[g.white] += score[g.black]
            sos[g.black] += score[g.white]
            sodos[g.white] += w_wins * score[g.black]
            sodos[g.black] += b_wins * score[g.white]
    rows = standings(t).rows
    assert sorted(r.player.number for r in rows) == sorted(p.number for p in t.players)
    for row in rows:
        number = row.player.number
        assert row.record.score == score[number]
        assert row.record.wins == wins[number]
        assert row.tiebreaks == (sos[number], sodos[number])
    keys = [(r.group, -r.record.wins, -r.tiebreaks[0], -r.tiebreaks[1]) for r in rows]
    assert keys == sorted(keys)


@pytest.mark.slow
@settings(
    max_examples=examples(100),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(start=tournaments(), data=st.data())
def test_random_tournaments_pair_and_score_soundly(start: Tournament, data: st.DataObject) -> None:
    check_groups(start)
    t = start
    for number in range(1, t.settings.rounds + 1):
        if not any(p.plays_in(number) for p in t.players):
            with pytest.raises(ConsistencyError):
                pair_next_round(t)
            break
        pairing = pair_next_round(t)
        assert pairing.round_number == number
        check_round(t, number, pairing.games, pairing.byes)
        results = data.draw(
            st.lists(
                st.sampled_from(RESULTS), min_size=len(pairing.games), max_size=len(pairing.games)
            )
        )
        games = tuple(
            Game(g.table, g.white, g.black, g.handicap, g.komi, r)
            for g, r in zip(pairing.games, results, strict=True)
        )
        t = t.with_round(Round(number, games, pairing.byes))
    check_final(t)
