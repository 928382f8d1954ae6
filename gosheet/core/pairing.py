"""What every pairing system shares: the result type, the checks before a
round is paired, colours and table numbers.

The entry point is :func:`gosheet.core.systems.pair_next_round`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cached_property

from gosheet.core.errors import ConsistencyError
from gosheet.core.matching import LexicographicWeights, SummedWeights, max_weight_matching
from gosheet.core.model import Game, Player, Round, Tournament
from gosheet.i18n.catalog import _, ngettext
from gosheet.records import record


@record
class PairCost:
    """Why two players were paired: each criterion's value for the pair
    (higher is better), most important first, and the packed weight."""

    first: int
    second: int
    weight: int
    criteria: tuple[tuple[str, int], ...]


@record
class Pairing:
    """A new round: its games, its byes, and the cost of each chosen pair."""

    round_number: int
    games: tuple[Game, ...]
    byes: tuple[int, ...]
    costs: tuple[PairCost, ...] = ()

    def as_round(self) -> Round:
        return Round(self.round_number, self.games, self.byes)


@record
class Weighing:
    """Every pair a system may make in a round, with its criterion values.

    ``order`` is the round's table (the players present, best placed first);
    ``values[(i, j)]`` (positions, i < j) holds the pair's value under each
    criterion of ``weights`` (higher is better); a pair missing from it may
    not be made (McMahon: already played)."""

    number: int
    order: tuple[Player, ...]
    weights: LexicographicWeights | SummedWeights
    values: Mapping[tuple[int, int], tuple[int, ...]]
    # (player number, weight) of each candidate for the bye, where a rule weighs them
    # (OpenGotha: the least weight, the last of equals in its list, gets the bye)
    bye_weights: tuple[tuple[int, int], ...] = ()

    def edges(self) -> list[tuple[int, int, int]]:
        return [(i, j, self.weights.pack(v)) for (i, j), v in self.values.items()]

    def solve(self) -> list[tuple[int, int]]:
        """The best pairs, as positions (i, j), i < j, best-placed pair first."""
        found = max_weight_matching(
            len(self.order), self.edges(), max_weight=self.weights.max_weight
        )
        return sorted(found)

    @cached_property
    def position(self) -> dict[int, int]:
        """Player number → place in :attr:`order`."""
        return {p.number: i for i, p in enumerate(self.order)}

    def of(self, a: int, b: int) -> tuple[int, ...] | None:
        """The values of the pair of players ``a`` and ``b``; None when not allowed."""
        if a not in self.position or b not in self.position:
            return None
        i, j = sorted((self.position[a], self.position[b]))
        return self.values.get((i, j))


def explain(
    first: int, second: int, weights: LexicographicWeights | SummedWeights, vector: Sequence[int]
) -> PairCost:
    """The cost of a chosen pair, criterion by criterion."""
    return PairCost(
        first,
        second,
        weights.pack(vector),
        tuple((c.name, v) for c, v in zip(weights.criteria, vector, strict=True)),
    )


def check_can_pair(tournament: Tournament) -> int:
    """The number of the round to pair next, or :class:`ConsistencyError`."""
    number = tournament.next_round_number
    incomplete = [
        ngettext("Round {number} ({count} game)", "Round {number} ({count} games)", n).format(
            number=r.number, count=n
        )
        for r in tournament.rounds
        if not r.complete
        for n in [sum(1 for g in r.games if g.result is None)]
    ]
    if incomplete:
        raise ConsistencyError(
            _(
                "results are missing in {rounds}; enter every result before pairing the next round"
            ).format(rounds=", ".join(incomplete))
        )
    total = tournament.settings.rounds_for(len(tournament.players))
    if number > total:
        raise ConsistencyError(
            ngettext(
                "the tournament's only round ({total}) is paired; raise 'Rounds' in the Settings "
                "sheet to add one",
                "all {total} rounds are paired; raise 'Rounds' in the Settings sheet to add one",
                total,
            ).format(total=total)
        )
    if not any(p.plays_in(number) for p in tournament.players):
        raise ConsistencyError(_("no player is playing round {number}").format(number=number))
    return number


def white_count(tournament: Tournament, player: int) -> tuple[int, int]:
    """(games as White, games as Black) so far."""
    white = black = 0
    for rnd in tournament.rounds:
        for game in rnd.games:
            white += game.white == player
            black += game.black == player
    return white, black


def colour_balances(tournament: Tournament) -> dict[int, int]:
    """Each player's games as White minus games as Black so far (players without a game
    left out): :func:`white_count` of everyone at once."""
    balance: dict[int, int] = {}
    for rnd in tournament.rounds:
        for game in rnd.games:
            balance[game.white] = balance.get(game.white, 0) + 1
            balance[game.black] = balance.get(game.black, 0) - 1
    return balance


def choose_colours(
    tournament: Tournament,
    round_number: int,
    a: int,
    b: int,
    balances: Mapping[int, int] | None = None,
) -> tuple[int, int]:
    """(white, black) of an even game: the player who has had White less often
    (counted as whites minus blacks) takes White; on a tie, by lot, drawn from
    the tournament's random seed and the two players' identities (never their rows,
    so sorting Players changes nothing), so the draw can be checked again.
    ``balances`` (:func:`colour_balances`) spares counting each player's games again."""
    if balances is None:
        (wa, ba), (wb, bb) = white_count(tournament, a), white_count(tournament, b)
        balance_a, balance_b = wa - ba, wb - bb
    else:
        balance_a, balance_b = balances.get(a, 0), balances.get(b, 0)
    if balance_a != balance_b:
        return (a, b) if balance_a < balance_b else (b, a)
    first, second = sorted((a, b), key=lambda n: tournament.player(n).identity)
    lot = random.Random(
        f"{tournament.settings.random_seed}:{round_number}:"
        f"{tournament.player(first).identity}:{tournament.player(second).identity}"
    )
    return (first, second) if lot.random() < 0.5 else (second, first)
