"""Results drawn from the players' strength, for rehearsals and the demo.

White wins with probability 1 / (1 + exp(-d / 110)), where d is White's
rating minus Black's (a player's rating, or the nominal rating of the rank),
less what the handicap gives Black (:func:`black_advantage`); a jigo is possible only
with an integer komi (3 %). The draw is seeded by the tournament's random
seed and the round, so a simulation can be repeated exactly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping

from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.records import replace

SCALE = 110.0
JIGO_CHANCE = 0.03


def strength(player: Player) -> int:
    return player.known_rating


def black_advantage(handicap: int, komi: float) -> int:
    """Rating points the conditions give Black: H stones with komi ½ are worth
    H − ½ stones (100 points a stone), with reverse komi H stones.

    >>> [black_advantage(h, k) for h, k in ((0, 6.5), (1, 0.5), (1, -5.5), (2, 0.5))]
    [0, 50, 100, 150]
    """
    if handicap == 0:
        return 0
    return 100 * handicap - (50 if komi >= 0.5 else 0)


def white_win_chance(white: int, black: int, handicap: int = 0, komi: float = 0.5) -> float:
    """White's chance against Black, from their strengths (rating points)."""
    d = white - black - black_advantage(handicap, komi)
    return 1.0 / (1.0 + math.exp(-d / SCALE))


def simulate_round(
    tournament: Tournament, rnd: Round, true_strength: Mapping[int, int] | None = None
) -> Round:
    """The round with every empty result filled; results already there stay.

    ``true_strength`` (player → rating points) replaces the roster's ratings,
    for studies where players are stronger or weaker than their rating says.
    """
    lot = random.Random(f"{tournament.settings.random_seed}:simulate:{rnd.number}")
    players = {p.number: p for p in tournament.players}
    power = dict(true_strength or {n: strength(p) for n, p in players.items()})
    games: list[Game] = []
    for game in rnd.games:
        draw = lot.random()
        if game.result is not None:
            games.append(game)
            continue
        if float(game.komi).is_integer() and draw < JIGO_CHANCE:
            result = Result.JIGO
        else:
            chance = white_win_chance(
                power[game.white], power[game.black], game.handicap, game.komi
            )
            result = Result.WHITE_WINS if lot.random() < chance else Result.BLACK_WINS
        games.append(replace(game, result=result))
    return replace(rnd, games=tuple(games))
