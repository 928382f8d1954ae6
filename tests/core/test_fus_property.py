"""Random FUS tournaments played to the end with the pure core, checked round by round.

Each round is paired with :func:`pair_next_round` and checked against independent
computations before random results (forfeits, jigo and both-lose included) are entered:

- no pair ever plays twice, and as many games are made as a maximum-cardinality matching
  (networkx) of the present players who have not met allows;
- tables are numbered 1..n; stones never exceed the cap; Black is never the higher level
  (levels from ``fus_records`` of the tournament before the round);
- fields of at most ten present players: brute force over every pairing without repeats of
  the players not left out, none has a smaller sum of squared level differences, nor the
  same sum and a lexicographically smaller handicap vector v (v[k] = |level difference| of
  the game of the k-th player, order: level desc, levels gained desc, rating desc, name;
  issue 33: the closest levels first, then the leaders), and the players left out are the
  lowest in the order without an earlier bye, then the lowest (the Gale-optimal choice among
  maximum matchings);
- larger fields: the same rules checked exactly with networkx (the left-out players
  greedily along the order of willingness; the least sum of squares by a minimum-weight
  perfect matching; v position by position: with the values above kept and that sum, no
  perfect matching gives the next player a smaller one);
- at the end, every player's start level, steps, level, wins and losses recomputed from the
  spec (forfeit wins and byes: the bye levels, counting as wins; forfeit losses: losses).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.examples import examples
from support.pairing import check_pairing, matching_size

from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.ranks import nominal_rating
from gosheet.core.settings import Settings
from gosheet.core.systems import pair_next_round
from gosheet.core.systems.fus_levels import fus_records

BRUTE_FORCE_FIELD = 10
RESULTS = list(Result)
RESULT_WEIGHTS = [40, 40, 4, 3, 5, 5, 3, 0, 0, 0]  # in the order of the Result enum


@st.composite
def tournaments(draw: st.DrawFn, low: int, high: int) -> Tournament:
    n = draw(st.integers(low, high))
    rounds = draw(st.integers(3, 10))
    mode = draw(st.sampled_from(["rating", "rank", "both", "mixed"]))
    ratings: list[int | None] = [None] * n
    ranks: list[int | None] = [None] * n
    rating = st.integers(100, 2800)
    if mode in ("rating", "both"):
        ratings = list(draw(st.lists(rating, min_size=n, max_size=n)))
    if mode == "mixed":  # some players with a rating, the others with a rank only
        ratings = draw(st.lists(st.one_of(st.none(), rating), min_size=n, max_size=n))
    if mode != "rating":
        ranks = list(draw(st.lists(st.integers(-30, 8), min_size=n, max_size=n)))
    absent = st.frozensets(st.integers(1, rounds), max_size=rounds)
    absences = draw(
        st.lists(
            st.one_of(st.just(frozenset[int]()), st.just(frozenset[int]()), absent),
            min_size=n,
            max_size=n,
        )
    )
    players = tuple(
        Player(i + 1, f"P{i + 1:02d}", rank=ranks[i], rating=ratings[i], not_playing=absences[i])
        for i in range(n)
    )
    config = Settings(
        system="fus",
        rounds=rounds,
        komi=draw(st.sampled_from([6.5, 7.0, 0.5, 0.0, 7.5])),
        rating_per_level=draw(st.sampled_from([50, 50, 25, 100, 37])),
        handicap_cap=draw(st.integers(0, 9)),
        reverse_komi=draw(st.booleans()),
        bye_levels=draw(st.integers(0, 3)),
        random_seed=draw(st.integers(0, 2**31 - 1)),
    )
    return Tournament(config, players)


def order_key(player: Player, level: int, gained: int) -> tuple[int, int, int, str]:
    """Level desc, levels gained desc, rating desc (a rank alone: its nominal rating), name."""
    if player.rating is not None:
        rating = player.rating
    else:
        assert player.rank is not None
        rating = nominal_rating(player.rank)
    return (-level, -gained, -rating, player.name.casefold())


def perfect_matchings(
    vertices: Sequence[int], allowed: set[frozenset[int]]
) -> Iterator[list[tuple[int, int]]]:
    if not vertices:
        yield []
        return
    first, rest = vertices[0], vertices[1:]
    for k, other in enumerate(rest):
        if frozenset((first, other)) in allowed:
            for tail in perfect_matchings(rest[:k] + rest[k + 1 :], allowed):
                yield [(first, other), *tail]


def exposed_sets(
    vertices: Sequence[int], allowed: set[frozenset[int]], budget: int
) -> Iterator[frozenset[int]]:
    """The sets of at most ``budget`` vertices some matching leaves unmatched."""
    if not vertices:
        yield frozenset()
        return
    first, rest = vertices[0], vertices[1:]
    if budget > 0:
        for tail in exposed_sets(rest, allowed, budget - 1):
            yield tail | {first}
    for k, other in enumerate(rest):
        if frozenset((first, other)) in allowed:
            yield from exposed_sets(rest[:k] + rest[k + 1 :], allowed, budget)


def check_handicaps(t: Tournament, level: dict[int, int], games: tuple[Game, ...]) -> None:
    """Each game's handicap and komi, from its players' levels, within the cap."""
    config = t.settings
    for g in games:
        h = abs(level[g.white] - level[g.black])
        assert level[g.black] <= level[g.white], "Black is the higher level"
        capped = min(h, 2 * config.handicap_cap)
        assert g.handicap == (capped + 1) // 2
        if capped == 0:
            assert g.komi == config.komi
        elif capped % 2 == 1 or not config.reverse_komi:
            assert g.komi == 0.5
        else:
            assert g.komi == 0.5 - (config.komi - 0.5)


def least_squares(
    kept: Sequence[int], cost: dict[frozenset[int], int], allowed: set[frozenset[int]]
) -> int | None:
    """The least sum of squared costs of a perfect matching of ``kept`` over ``allowed``
    (networkx, a maximum-weight matching of the most pairs); None when there is none."""
    top = max((cost[pair] ** 2 for pair in allowed), default=0) + 1
    graph = nx.Graph()
    graph.add_nodes_from(kept)
    for pair in allowed:
        a, b = tuple(pair)
        graph.add_edge(a, b, weight=top - cost[pair] ** 2)
    matched = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matched) < len(kept):
        return None
    return sum(cost[frozenset(pair)] ** 2 for pair in matched)


def check_vector(
    number: int,
    level: dict[int, int],
    allowed: set[frozenset[int]],
    wanted: dict[int, int],
    byes: tuple[int, ...],
) -> None:
    """The sum of squared handicaps least, then the handicap vector, exactly, position by
    position: with the handicaps of the players above kept, no pairing of that least sum
    gives the next player a smaller one. ``wanted``: each paired player's handicap (in the
    order of the players)."""
    kept = list(wanted)
    cost = {pair: abs(level[min(pair)] - level[max(pair)]) for pair in allowed}
    usable = {pair for pair in allowed if not pair & set(byes)}
    chosen = sum(value * value for value in wanted.values()) // 2
    assert least_squares(kept, cost, usable) == chosen, f"round {number}: closer pairs exist"
    floor: dict[int, int] = {}  # the smallest handicap each player could have at all
    for pair in usable:
        for x in pair:
            floor[x] = min(cost[pair], floor.get(x, cost[pair]))
    for k, n in enumerate(kept):
        if wanted[n] <= floor[n]:
            continue
        fixed = set(kept[:k])
        trial = {
            pair
            for pair in usable
            if not any(x in fixed and cost[pair] != wanted[x] for x in pair)
            and not (n in pair and cost[pair] >= wanted[n])
        }
        found = least_squares(kept, cost, trial)
        assert found is None or found > chosen, f"round {number}: {n} could have a smaller handicap"


def check_round(t: Tournament, number: int, games: tuple[Game, ...], byes: tuple[int, ...]) -> None:
    records = fus_records(t)
    level = {n: r.level for n, r in records.items()}
    present = [p for p in t.players if p.plays_in(number)]
    order = [
        p.number
        for p in sorted(
            present, key=lambda p: order_key(p, level[p.number], records[p.number].gained)
        )
    ]
    position = {n: k for k, n in enumerate(order)}
    # Each present player once, tables 1..n, no repeat, as many games as possible, each
    # handicap within the cap: the invariants of any pairing.
    graph = check_pairing(t, games, byes, number=number).graph
    allowed = {frozenset(edge) for edge in graph.edges}

    check_handicaps(t, level, games)

    mate: dict[int, int] = {}
    for g in games:
        mate[g.white], mate[g.black] = g.black, g.white

    def vector(partner: dict[int, int]) -> tuple[int, ...]:
        return tuple(abs(level[n] - level[partner[n]]) for n in order if n in partner)

    def squares(partner: dict[int, int]) -> int:
        return sum((level[n] - level[m]) ** 2 for n, m in partner.items() if n < m)

    chosen = vector(mate)
    kept = [n for n in order if n not in byes]
    had_bye = {b for rnd in t.rounds for b in rnd.byes}
    willing = sorted(order, key=lambda n: (n in had_bye, -position[n]))  # no bye yet, lowest
    if len(order) <= BRUTE_FORCE_FIELD:
        for matching in perfect_matchings(kept, allowed):
            other: dict[int, int] = {}
            for a, b in matching:
                other[a], other[b] = b, a
            assert (squares(other), vector(other)) >= (squares(mate), chosen), (
                f"round {number}: {matching} beats {games}"
            )
        # The players left out: of all maximum matchings' unmatched sets, the one whose
        # members stand earliest in ``willing`` (compared as sorted positions).
        rank = {n: k for k, n in enumerate(willing)}
        best = min(
            sorted(rank[n] for n in exposed)
            for exposed in exposed_sets(order, allowed, len(byes))
            if len(exposed) == len(byes)
        )
        assert sorted(rank[n] for n in byes) == best, f"round {number}: left out {byes}"
        return

    # Larger fields. The players left out, greedily along ``willing``: each is taken when
    # the others can still play as many games (the sets form a matroid: greedy is exact).
    out: list[int] = []
    for n in willing:
        if len(out) == len(order) - 2 * len(games):
            break
        rest = graph.subgraph(set(order) - {*out, n})
        if matching_size(rest) == len(games):
            out.append(n)
    assert sorted(byes) == sorted(out), f"round {number}: left out {byes}, not {out}"
    check_vector(number, level, allowed, dict(zip(kept, chosen, strict=True)), byes)


# What a result means for (White, Black): W win, L loss, D jigo, F / f win / loss by forfeit.
LETTERS = {
    Result.WHITE_WINS: "WL",
    Result.BLACK_WINS: "LW",
    Result.JIGO: "DD",
    Result.BOTH_LOSE: "LL",
    Result.WHITE_WINS_BY_FORFEIT: "Ff",
    Result.BLACK_WINS_BY_FORFEIT: "fF",
    Result.BOTH_LOSE_BY_FORFEIT: "ff",
    Result.BOTH_WIN: "WW",
    Result.JIGO_BY_FORFEIT: "DD",  # scored as a jigo
    Result.BOTH_WIN_BY_FORFEIT: "FF",
}


def check_levels(t: Tournament) -> None:
    """Every player's steps and level, recomputed from the spec (§2.2, §2.5)."""
    config = t.settings
    records = fus_records(t)
    for p in t.players:
        rating = p.rating if p.rating is not None else nominal_rating(p.known_rank)
        level = (2 * rating + config.rating_per_level) // (2 * config.rating_per_level)
        assert records[p.number].start_level == level
        wins = losses = 0
        steps = []
        for rnd in t.rounds:
            letter = "A"  # absent
            if p.number in rnd.byes:
                letter = "B"
            for g in rnd.games:
                assert g.result is not None
                if p.number == g.white:
                    letter = LETTERS[g.result][0]
                elif p.number == g.black:
                    letter = LETTERS[g.result][1]
            step = 0
            if letter == "W":
                wins += 1
                step = min(max(1, wins - losses), config.rounds - rnd.number + 1)
            elif letter in "FB":
                wins += 1
                step = config.bye_levels
            elif letter in "Lf":
                losses += 1
            steps.append(step)
        record = records[p.number]
        assert record.steps == tuple(steps), p
        assert record.level == level + sum(steps)
        assert (record.wins, record.losses) == (wins, losses)


def play(t: Tournament, rng: random.Random) -> None:
    for number in range(1, t.settings.rounds + 1):
        if not any(p.plays_in(number) for p in t.players):
            break
        pairing = pair_next_round(t)
        assert pairing.round_number == number
        check_round(t, number, pairing.games, pairing.byes)
        games = tuple(
            Game(
                g.table,
                g.white,
                g.black,
                g.handicap,
                g.komi,
                rng.choices(RESULTS, RESULT_WEIGHTS)[0],
            )
            for g in pairing.games
        )
        t = t.with_round(Round(number, games, pairing.byes))
    check_levels(t)


SLOW = [HealthCheck.too_slow, HealthCheck.data_too_large]


@pytest.mark.slow
@settings(
    max_examples=examples(400),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=SLOW,
)
@given(start=tournaments(4, BRUTE_FORCE_FIELD), rng=st.randoms(use_true_random=False))
def test_small_fus_fields_pair_lexicographically_best(
    start: Tournament, rng: random.Random
) -> None:
    play(start, rng)


@pytest.mark.slow
@settings(
    max_examples=examples(25),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=SLOW,
)
@given(start=tournaments(11, 80), rng=st.randoms(use_true_random=False))
def test_large_fus_fields_pair_soundly(start: Tournament, rng: random.Random) -> None:
    play(start, rng)
