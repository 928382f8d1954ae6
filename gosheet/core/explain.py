"""Why a round was paired as it was, criterion by criterion, without changing
anything: the round is weighed again from the tournament as it stood before
it, and each recorded game shows its value under every criterion of its
system (most important first), beside what gosheet would pair now.
"""

from __future__ import annotations

from gosheet.core.criteria import about_the_bye
from gosheet.core.errors import ConsistencyError
from gosheet.core.matching import Criterion, SummedWeights
from gosheet.core.model import Tournament
from gosheet.core.systems import system_of
from gosheet.i18n.catalog import _
from gosheet.records import record, replace


@record
class ExplainedGame:
    """A recorded game of the round: its table, its players and its value under each
    criterion."""

    table: int
    white: int
    black: int
    values: tuple[int, ...] | None  # None: a pair the system may not make (met before)
    weight: int | None = None  # the criteria packed into one weight (not for FUS)


@record
class Explanation:
    """Why a round was paired so: its games' values, and what gosheet would pair now."""

    round_number: int
    system: str  # the name of its pairing system in the registry
    criteria: tuple[Criterion, ...]
    games: tuple[ExplainedGame, ...]
    byes: tuple[int, ...]
    same_pairs: bool  # gosheet pairs the round the same way now
    recorded_weight: int | None  # total packed weight (McMahon, Swiss); None for FUS
    best_weight: int | None
    summed: bool = False  # OpenGotha's rules: a pair's cost is 1 + the sum of the criteria
    packed: bool = True  # the criteria make one weight (not FUS: each criterion alone)
    # OpenGotha's rules: each player's weight for the bye, in OpenGotha's list order
    bye_weights: tuple[tuple[int, int], ...] = ()
    # each criterion's sum over the round's games, as paired and as gosheet pairs it now
    # (None: FUS, or a pair not allowed): what the packed weights compare, readable
    totals: tuple[int, ...] | None = None
    totals_now: tuple[int, ...] | None = None

    @property
    def tie(self) -> bool:
        """The recorded pairing differs but is exactly as good."""
        return (
            not self.same_pairs
            and self.recorded_weight is not None
            and self.recorded_weight == self.best_weight
        )

    @property
    def applying(self) -> tuple[int, ...]:
        """The criteria (their places in :attr:`criteria`) that decide something in this
        round: not those about the bye in a round without one."""
        return tuple(k for k, c in enumerate(self.criteria) if self.byes or not about_the_bye(c))

    def deciding(self) -> int | None:
        """Where the round as paired and the pairing gosheet makes now part: the place in
        :attr:`criteria` of the most important criterion whose totals differ (None: equal
        totals, or nothing to compare; OpenGotha's costs are summed, not compared in order)."""
        if self.totals is None or self.totals_now is None or self.summed:
            return None
        return next(
            (
                k
                for k, (a, b) in enumerate(zip(self.totals, self.totals_now, strict=True))
                if a != b
            ),
            None,
        )

    def best(self, criterion: Criterion) -> int:
        """A criterion's best value: its bound (higher is better), or 0 for FUS's level
        difference, the one criterion not packed (lower is better)."""
        return criterion.bound if self.packed else 0

    def bye_candidates(self, shown: int = 8) -> list[tuple[int, int]]:
        """The players with the least weights for the bye, least first and, among equals,
        in reverse list order (the first one got it): all who tie for it, then others up
        to ``shown`` in all."""
        if not self.bye_weights:
            return []
        ranked = sorted(
            ((w, -k, n) for k, (n, w) in enumerate(self.bye_weights)), key=lambda t: t[:2]
        )
        least = ranked[0][0]
        tied = sum(1 for w, _, _ in ranked if w == least)
        return [(n, w) for w, _, n in ranked[: max(tied, shown)]]

    def verdict(self) -> str:
        """Whether gosheet pairs the round so now, in the words every front end shows."""
        if self.same_pairs:
            return _("gosheet pairs it the same way now.")
        if self.tie:
            return _(
                "gosheet would pair it differently now, as good (exactly the same total "
                "weight): the optimum is a tie."
            )
        return _("gosheet would pair it differently now (results or players changed?).")


def explain_round(tournament: Tournament, number: int) -> Explanation:
    """Explain round ``number`` of ``tournament`` (which it leaves as it is)."""
    if not 1 <= number <= len(tournament.rounds):
        raise ConsistencyError(
            _("round {number} is not paired (rounds paired: 1 to {last})").format(
                number=number, last=len(tournament.rounds)
            )
        )
    system = system_of(tournament.settings)
    before = replace(tournament, rounds=tournament.rounds[: number - 1])
    weighing = system.weigh(before)
    recorded = tournament.rounds[number - 1]
    packed = system.packed

    def explained(table: int, white: int, black: int) -> ExplainedGame:
        values = weighing.of(white, black)
        weight = weighing.weights.pack(values) if packed and values is not None else None
        return ExplainedGame(table, white, black, values, weight)

    games = tuple(explained(g.table, g.white, g.black) for g in recorded.games)
    now = system.pair(before)
    pairs = {frozenset((g.white, g.black)) for g in recorded.games}
    same = pairs == {frozenset((g.white, g.black)) for g in now.games}

    def total(pairs_of: list[tuple[int, ...] | None]) -> int | None:
        if not packed or any(v is None for v in pairs_of):
            return None
        return sum(weighing.weights.pack(v) for v in pairs_of if v is not None)

    def totals(pairs_of: list[tuple[int, ...] | None]) -> tuple[int, ...] | None:
        if not packed or any(v is None for v in pairs_of):
            return None
        counted = [v for v in pairs_of if v is not None]
        return tuple(sum(v[k] for v in counted) for k in range(len(weighing.weights.criteria)))

    recorded_values = [g.values for g in games]
    now_values = [weighing.of(g.white, g.black) for g in now.games]
    return Explanation(
        number,
        system.name,
        weighing.weights.criteria,
        games,
        recorded.byes,
        same,
        total(recorded_values),
        total(now_values),
        summed=isinstance(weighing.weights, SummedWeights),
        packed=packed,
        bye_weights=weighing.bye_weights,
        totals=totals(recorded_values),
        totals_now=totals(now_values),
    )
