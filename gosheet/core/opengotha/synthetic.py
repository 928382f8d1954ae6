"""Synthetic OpenGotha-rules fields of any size, for the benchmark and the tests of large
fields: ranks around 8k (a normal law, σ 8 ranks, 30k to 7d), a rating inside the rank, clubs
of about twelve players, eight countries, 10 % of the players absent in one round; then
rounds played: neighbours by McMahon score (Swiss: by wins) meet, the stronger wins three
times in four.

>>> t = played(field(10, 1, absent_round=3), 2, 1)
>>> len(t.players), len(t.rounds), t.settings.rules.value
(10, 2, 'opengotha')
"""

from __future__ import annotations

import random
from typing import Any

from gosheet.core.kinds import System
from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.settings import Settings

COUNTRIES = ("FR", "DE", "NL", "CZ", "PL", "RO", "UA", "HU")


def field(
    n: int,
    seed: int,
    system: System | str = System.MCMAHON,
    absent_round: int = 4,
    **changes: Any,
) -> Tournament:
    """``n`` players, none paired yet; McMahon with bar 4d and floor 20k, or Swiss."""
    rng = random.Random(seed)
    clubs = [f"Club{c:03d}" for c in range(max(1, n // 12))]
    players = []
    for number in range(1, n + 1):
        rank = min(6, max(-30, int(rng.gauss(-8, 8))))
        players.append(
            Player(
                number,
                f"Player{number:05d}",
                "X",
                rank,
                2050 + 100 * rank + rng.randint(-49, 49),
                rng.choice(clubs),
                rng.choice(COUNTRIES),
                not_playing=frozenset({absent_round}) if rng.random() < 0.1 else frozenset(),
            )
        )
    if System(system).group_scores:
        changes = {"mm_bar": 3, "mm_floor": -20} | changes
    settings = Settings.preset(system, rules="opengotha", rounds=6, **changes)
    return Tournament(settings, tuple(players))


def played(t: Tournament, rounds: int, seed: int) -> Tournament:
    """``t`` with rounds 1 … ``rounds`` played (a simple pairing, not OpenGotha's)."""
    rng = random.Random(seed)
    mcmahon = t.settings.system.group_scores
    score = {p.number: max(-20, min(3, p.known_rank)) if mcmahon else 0 for p in t.players}
    for number in range(1, rounds + 1):
        order = sorted(t.players, key=lambda p: (-score[p.number], rng.random()))
        games, byes = [], []
        if len(order) % 2:
            byes.append(order.pop().number)
        for table, k in enumerate(range(0, len(order), 2), start=1):
            a, b = order[k], order[k + 1]
            a_wins = (a.known_rank >= b.known_rank) == (rng.random() < 0.75)
            result = Result.WHITE_WINS if a_wins else Result.BLACK_WINS
            games.append(Game(table, a.number, b.number, 0, 7.5, result))
            score[a.number if a_wins else b.number] += 1
        t = t.with_round(Round(number, tuple(games), tuple(byes)))
    return t
