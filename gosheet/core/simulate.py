"""Results drawn from the players' strength, for rehearsals and the demo.

White wins with probability 1 / (1 + exp(-d / 110)), where d is White's
rating minus Black's (a player's rating, or the nominal rating of the rank),
less 100 points a handicap stone beyond the first; a jigo is possible only
with an integer komi (3 %). The draw is seeded by the tournament's random
seed and the round, so a simulation can be repeated exactly.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.ranks import nominal_rating

SCALE = 110.0
JIGO_CHANCE = 0.03


def strength(player: Player) -> int:
    return player.rating if player.rating is not None else nominal_rating(player.rank)


def white_win_chance(white: Player, black: Player, handicap: int = 0) -> float:
    d = strength(white) - strength(black) - 100 * max(0, handicap - 1) - (50 if handicap else 0)
    return 1.0 / (1.0 + math.exp(-d / SCALE))


def simulate_round(tournament: Tournament, rnd: Round) -> Round:
    """The round with every empty result filled; results already there stay."""
    lot = random.Random(f"{tournament.settings.random_seed}:simulate:{rnd.number}")
    players = {p.number: p for p in tournament.players}
    games: list[Game] = []
    for game in rnd.games:
        draw = lot.random()
        if game.result is not None:
            games.append(game)
            continue
        if float(game.komi).is_integer() and draw < JIGO_CHANCE:
            result = Result.JIGO
        else:
            chance = white_win_chance(players[game.white], players[game.black], game.handicap)
            result = Result.WHITE_WINS if lot.random() < chance else Result.BLACK_WINS
        games.append(replace(game, result=result))
    return replace(rnd, games=tuple(games))
