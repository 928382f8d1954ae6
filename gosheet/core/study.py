"""Many simulated tournaments, to compare systems on the same players.

Each tournament draws N players whose true strength differs from their rating
(ratings lag: true = rating + noise), plays every round with results drawn from
the true strengths (:mod:`gosheet.core.simulate`), and measures: how often the
games were even, the average handicap in stones, and how well the final order
follows the true strength (Spearman's rank correlation, 1 = perfectly).
Everything is seeded, so a study can be repeated exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from statistics import fmean

from gosheet.core.kinds import Ranking, System
from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.model import Player, Tournament
from gosheet.core.ranks import rank_of_rating
from gosheet.core.scoring import records
from gosheet.core.settings import Settings
from gosheet.core.simulate import simulate_round
from gosheet.core.systems import pair_next_round, system_of
from gosheet.core.systems.fus_levels import fus_standings
from gosheet.core.tiebreaks import sodos, sos
from gosheet.records import record


@record
class StudyResult:
    system: str
    tournaments: int
    games: int
    even_share: float  # games with no handicap
    half_stone_share: float  # games at most half a stone apart (even, or 1 stone with komi ½)
    mean_handicap: float  # stones
    order_correlation: float


def draw_field(
    count: int, rng: random.Random, rating_noise: float
) -> tuple[list[Player], dict[int, int]]:
    """Players with a rating (what the organiser knows) and a true strength."""
    players: list[Player] = []
    truth: dict[int, int] = {}
    for number in range(1, count + 1):
        rating = int(min(2700, max(100, rng.gauss(1700, 450))))
        truth[number] = int(rating + rng.gauss(0, rating_noise))
        players.append(
            Player(number, f"Player{number:03d}", rank=rank_of_rating(rating), rating=rating)
        )
    return players, truth


def spearman(order: Sequence[int], truth: dict[int, int]) -> float:
    """Rank correlation between a final order (best first) and true strength."""
    n = len(order)
    if n < 2:
        return 1.0
    by_truth = sorted(order, key=lambda p: -truth[p])
    true_place = {p: i for i, p in enumerate(by_truth)}
    d2 = sum((i - true_place[p]) ** 2 for i, p in enumerate(order))
    return 1 - 6 * d2 / (n * (n * n - 1))


def final_order(tournament: Tournament) -> list[int]:
    """FUS: level, coefficient, wins. McMahon (whole field): MMS, SOS, SODOS."""
    if system_of(tournament.settings).ranking is Ranking.FUS:
        return [row.player.number for row in fus_standings(tournament)]
    table = records(tournament)
    return sorted(
        table, key=lambda p: (-table[p].score, -sos(table[p], table), -sodos(table[p], table), p)
    )


def play(settings: Settings, players: list[Player], truth: dict[int, int]) -> Tournament:
    tournament = Tournament(settings, tuple(players))
    for _ in range(settings.rounds_for(len(players))):
        pairing = pair_next_round(tournament)
        tournament = tournament.with_round(simulate_round(tournament, pairing.as_round(), truth))
    return tournament


def study(
    system: System | str,
    tournaments: int,
    players: int,
    rounds: int,
    seed: int,
    rating_noise: float = 150.0,
    progress: Callable[[int], None] | None = None,
) -> StudyResult:
    """Play ``tournaments`` tournaments of one system; the fields depend only on
    ``seed``, so two systems studied with the same seed meet the same players."""
    handicaps: list[int] = []
    close = 0
    correlations: list[float] = []
    for index in range(tournaments):
        rng = random.Random(f"{seed}:{index}")
        field, truth = draw_field(players, rng, rating_noise)
        settings = Settings(
            system=System(system),
            rounds=rounds,
            mcmahon_groups=McMahonGroups(count=max(1, min(6, players // 8))),
            random_seed=rng.randrange(2**31),
        )
        played = play(settings, field, truth)
        games = [g for r in played.rounds for g in r.games]
        handicaps += [g.handicap for g in games]
        close += sum(1 for g in games if g.handicap == 0 or (g.handicap == 1 and g.komi >= 0.5))
        correlations.append(spearman(final_order(played), truth))
        if progress is not None:
            progress(index + 1)
    return StudyResult(
        system,
        tournaments,
        len(handicaps),
        sum(1 for h in handicaps if h == 0) / max(1, len(handicaps)),
        close / max(1, len(handicaps)),
        fmean(handicaps) if handicaps else 0.0,
        fmean(correlations) if correlations else 1.0,
    )
