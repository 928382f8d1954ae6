"""The invariants of a freshly paired round, whatever the system (McMahon, FUS,
Swiss, OpenGotha's rules), in the core and in a workbook's round sheet.

:func:`check_pairing` is the one check of a new round's seating; each system's
tests add their own rules (byes, handicaps, first moves) on what it returns.
Everything is recomputed from the rounds themselves, independently of the code
under test (networkx's matching is the oracle for "as many games as possible").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import networkx as nx

from gosheet.core.model import Game, Round, Tournament
from gosheet.core.pairing import Pairing

from .books import sheet_table

EXACT_UP_TO = 12
"""Up to this many players present, "as many games as possible" is always
computed by a matching; above it, Dirac's theorem may spare the work."""


def pairs_of(pairing: Pairing | Round | Iterable[Game]) -> set[frozenset[int]]:
    """The pairs of players at the tables of a pairing, a round, or some games."""
    games = pairing.games if isinstance(pairing, Pairing | Round) else pairing
    return {frozenset((g.white, g.black)) for g in games}


def met_pairs(t: Tournament) -> set[frozenset[int]]:
    """Every pair that has sat at a table in ``t``'s rounds (forfeits included)."""
    return {frozenset((g.white, g.black)) for rnd in t.rounds for g in rnd.games}


def had_bye(t: Tournament) -> set[int]:
    """Every player who has had a bye in ``t``'s rounds."""
    return {b for rnd in t.rounds for b in rnd.byes}


def no_repeat_graph(players: Iterable[int], met: set[frozenset[int]]) -> nx.Graph:
    """The players, joined wherever two of them have not met yet."""
    people = list(players)
    graph = nx.Graph()
    graph.add_nodes_from(people)
    graph.add_edges_from(
        (a, b)
        for i, a in enumerate(people)
        for b in people[i + 1 :]
        if frozenset((a, b)) not in met
    )
    return graph


def matching_size(graph: nx.Graph) -> int:
    """The most pairs a matching of ``graph`` holds (networkx, maximum cardinality)."""
    return len(nx.max_weight_matching(graph, maxcardinality=True))


def most_games_without_repeat(players: Iterable[int], met: set[frozenset[int]]) -> int:
    """ν: the most games among ``players`` without a repeat."""
    return matching_size(no_repeat_graph(players, met))


def dirac(players: Sequence[int], met: set[frozenset[int]], spare: int) -> bool:
    """True when, even without any ``spare`` of them, every player present has
    not yet met at least half of the others: then (Dirac) a Hamiltonian cycle
    of unmet pairs exists, and all of them can be paired without a repeat."""
    n = len(players) - spare
    for a in players:
        fresh = sum(1 for b in players if b != a and frozenset((a, b)) not in met)
        if fresh - spare < n / 2:
            return False
    return True


@dataclass(frozen=True)
class Seating:
    """What :func:`check_pairing` worked out about the round it checked."""

    number: int
    present: frozenset[int]
    met: set[frozenset[int]]
    graph: nx.Graph  # the players present, joined where they have not met
    most_fresh: int  # ν: the most games without a repeat

    @property
    def least_repeats(self) -> int:
        """The fewest repeats a round seating everybody it can can have."""
        return len(self.present) // 2 - self.most_fresh


def check_pairing(
    t: Tournament,
    games: Sequence[Game],
    byes: Sequence[int],
    *,
    number: int | None = None,
    repeats: Literal["never", "fewest"] = "never",
) -> Seating:
    """Every invariant of round ``number`` (the next one by default) freshly paired
    as ``games`` and ``byes`` for ``t`` (whose rounds are the ones before):

    * each player present exactly once, at a table or with a bye; absent players nowhere;
    * tables 1 … n in order; never White and Black at once; no result yet;
    * each handicap between 0 and the settings' cap;
    * ``repeats="never"`` (McMahon, FUS): no pair plays twice, and as many games as
      possible without: the rest sit out (one bye whenever the field allows it);
    * ``repeats="fewest"`` (Swiss): everybody plays but at most one bye, and no more
      repeats than unavoidable (⌊n/2⌋ − ν).
    """
    number = t.next_round_number if number is None else number
    present = [p.number for p in t.players if p.plays_in(number)]
    n = len(present)
    met = met_pairs(t)

    seen = [g.white for g in games] + [g.black for g in games] + list(byes)
    assert sorted(seen) == sorted(present), (
        f"round {number}: each present player once, absent players nowhere",
        seen,
        present,
    )
    assert [g.table for g in games] == list(range(1, len(games) + 1)), "tables 1 … n"
    assert all(g.white != g.black for g in games)
    assert all(g.result is None for g in games)
    cap = t.settings.handicap_cap
    assert all(0 <= g.handicap <= cap for g in games), [g.handicap for g in games]

    graph = no_repeat_graph(present, met)
    repeated = sum(pair in met for pair in pairs_of(games))
    if repeats == "never":
        assert not repeated, f"round {number}: a pair plays twice"
        best = matching_size(graph)
        assert len(games) == best, f"round {number}: {len(games)} games, {best} possible"
        assert len(byes) == n - 2 * best
        if n % 2 == 0 and 2 * best == n:
            assert not byes
        if n % 2 == 1 and 2 * best == n - 1:
            assert len(byes) == 1
    else:
        assert len(byes) == n % 2, (number, byes)
        assert len(games) == n // 2
        # Dirac: a field where everyone has not met half the others pairs without a repeat.
        best = matching_size(graph) if n <= EXACT_UP_TO or not dirac(present, met, 0) else n // 2
        assert repeated == n // 2 - best, (number, repeated, n // 2 - best)
    return Seating(number, frozenset(present), met, graph, best)


def check_round_sheet(
    book: Path,
    number: int,
    *,
    players: int,
    names: Iterable[str] | None = None,
    headers: Sequence[str] = ("Table", "White", "Black", "Handicap", "Komi", "Result"),
) -> list[dict[str, Any]]:
    """Sheet ``Round N`` of a saved workbook of ``players`` players present: the
    ``headers``, one line a table numbered 1 … n, a ``Bye`` line (name in the first
    player's column, result "bye") for an odd field, and everyone once — exactly
    ``names`` when given. Returns the game lines."""
    header, rows = sheet_table(book, f"Round {number}")
    for needed in headers:
        assert needed in header
    first, second = headers[1], headers[2]
    games = [r for r in rows if isinstance(r["Table"], int)]
    byes = [r for r in rows if r["Table"] == "Bye"]
    assert len(games) + len(byes) == len(rows)
    assert [g["Table"] for g in games] == list(range(1, len(games) + 1))
    assert len(byes) == players % 2
    for bye in byes:
        assert bye[first] and bye[second] is None and bye["Result"] == "bye"
    seated = [g[first] for g in games] + [g[second] for g in games] + [b[first] for b in byes]
    assert len(seated) == len(set(seated)) == players
    if names is not None:
        assert sorted(seated) == sorted(names)
    return games
