"""Random FUS tournaments played to the end with the pure core, checked round by round.

Each round is paired with :func:`pair_next_round` and checked against independent
computations before random results (forfeits, jigo and both-lose included) are entered:

- no pair ever plays twice, and as many games are made as a maximum-cardinality matching
  (networkx) of the present players who have not met allows;
- tables are numbered 1..n; stones never exceed the cap; Black is never the higher level
  (levels from ``fus_records`` of the tournament before the round);
- fields of at most ten present players: brute force over every pairing without repeats of
  the players not left out, none has a lexicographically smaller handicap vector v (v[k] =
  |level difference| of the game of the k-th player, order: level desc, levels gained desc,
  rating desc, name), and the players left out are the lowest in the order without an
  earlier bye, then the lowest (the Gale-optimal choice among maximum matchings);
- larger fields: no exchange of partners between two games gives a smaller v.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

import networkx as nx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.ranks import nominal_rating
from gosheet.core.settings import Settings
from gosheet.core.systems import pair_next_round
from gosheet.core.systems.fus_levels import fus_records

BRUTE_FORCE_FIELD = 10
RESULTS = list(Result)
RESULT_WEIGHTS = [40, 40, 4, 3, 5, 5, 3]  # in the order of the Result enum


@st.composite
def tournaments(draw: st.DrawFn, low: int, high: int) -> Tournament:
    n = draw(st.integers(low, high))
    rounds = draw(st.integers(3, 10))
    if draw(st.booleans()):
        ratings: list[int | None] = list(
            draw(st.lists(st.integers(100, 2800), min_size=n, max_size=n))
        )
        ranks = [-30] * n
    else:
        ratings = [None] * n
        ranks = draw(st.lists(st.integers(-30, 8), min_size=n, max_size=n))
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
    rating = player.rating if player.rating is not None else nominal_rating(player.rank)
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


def check_round(t: Tournament, number: int, games: tuple[Game, ...], byes: tuple[int, ...]) -> None:
    config = t.settings
    records = fus_records(t)
    level = {n: r.level for n, r in records.items()}
    present = [p for p in t.players if p.plays_in(number)]
    order = [
        p.number
        for p in sorted(present, key=lambda p: order_key(p, level[p.number], records[p.number].gained))
    ]
    position = {n: k for k, n in enumerate(order)}
    met = t.have_met()
    allowed = {
        frozenset((a, b)) for a in order for b in order if a < b and frozenset((a, b)) not in met
    }

    seen = [g.white for g in games] + [g.black for g in games] + list(byes)
    assert sorted(seen) == sorted(order), "each present player once, absent players nowhere"
    assert [g.table for g in games] == list(range(1, len(games) + 1))
    pairs = [frozenset((g.white, g.black)) for g in games]
    assert all(len(pair) == 2 for pair in pairs)
    assert not set(pairs) & met, "a pair plays twice"

    graph = nx.Graph()
    graph.add_nodes_from(order)
    graph.add_edges_from(tuple(pair) for pair in allowed)
    assert len(games) == len(nx.max_weight_matching(graph, maxcardinality=True))

    for g in games:
        h = abs(level[g.white] - level[g.black])
        assert 0 <= g.handicap <= config.handicap_cap
        assert level[g.black] <= level[g.white], "Black is the higher level"
        capped = min(h, 2 * config.handicap_cap)
        assert g.handicap == (capped + 1) // 2
        if capped == 0:
            assert g.komi == config.komi
        elif capped % 2 == 1 or not config.reverse_komi:
            assert g.komi == 0.5
        else:
            assert g.komi == 0.5 - (config.komi - 0.5)

    mate: dict[int, int] = {}
    for g in games:
        mate[g.white], mate[g.black] = g.black, g.white

    def vector(partner: dict[int, int]) -> tuple[int, ...]:
        return tuple(abs(level[n] - level[partner[n]]) for n in order if n in partner)

    chosen = vector(mate)
    if len(order) <= BRUTE_FORCE_FIELD:
        kept = [n for n in order if n not in byes]
        for matching in perfect_matchings(kept, allowed):
            other: dict[int, int] = {}
            for a, b in matching:
                other[a], other[b] = b, a
            assert vector(other) >= chosen, f"round {number}: {matching} beats {games}"
        had_bye = {b for rnd in t.rounds for b in rnd.byes}
        willing = sorted(order, key=lambda n: (n in had_bye, -position[n]))
        rank = {n: k for k, n in enumerate(willing)}
        left = len(byes)
        best = min(
            sorted(rank[n] for n in exposed)
            for exposed in exposed_sets(order, allowed, left)
            if len(exposed) == left
        )
        assert sorted(rank[n] for n in byes) == best, f"round {number}: left out {byes}"
    else:
        for i, g in enumerate(games):
            for h in games[i + 1 :]:
                a, b, c, d = g.white, g.black, h.white, h.black
                for x, y, z, w in ((a, c, b, d), (a, d, b, c)):
                    if frozenset((x, y)) not in allowed or frozenset((z, w)) not in allowed:
                        continue
                    other = dict(mate)
                    other[x], other[y], other[z], other[w] = y, x, w, z
                    assert vector(other) >= chosen, f"round {number}: swap in {g}, {h}"


def play(t: Tournament, rng: random.Random) -> None:
    for number in range(1, t.settings.rounds + 1):
        if not any(p.plays_in(number) for p in t.players):
            break
        pairing = pair_next_round(t)
        assert pairing.round_number == number
        check_round(t, number, pairing.games, pairing.byes)
        games = tuple(
            Game(g.table, g.white, g.black, g.handicap, g.komi, rng.choices(RESULTS, RESULT_WEIGHTS)[0])
            for g in pairing.games
        )
        t = t.with_round(Round(number, games, pairing.byes))


COMMON = {
    "deadline": None,
    "derandomize": True,
    "database": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}


@settings(max_examples=150, **COMMON)  # type: ignore[arg-type]
@given(start=tournaments(4, BRUTE_FORCE_FIELD), rng=st.randoms(use_true_random=False))
def test_small_fus_fields_pair_lexicographically_best(
    start: Tournament, rng: random.Random
) -> None:
    play(start, rng)


@settings(max_examples=20, **COMMON)  # type: ignore[arg-type]
@given(start=tournaments(11, 80), rng=st.randoms(use_true_random=False))
def test_large_fus_fields_pair_soundly(start: Tournament, rng: random.Random) -> None:
    play(start, rng)
