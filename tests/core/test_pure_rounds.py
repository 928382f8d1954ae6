"""The same round with and without the accelerators: every system, odd fields, absences."""

from __future__ import annotations

import random

import pytest

from gosheet import accelerators
from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.model import Player, Tournament
from gosheet.core.ranks import rank_of_rating
from gosheet.core.settings import Settings
from gosheet.core.simulate import simulate_round
from gosheet.core.systems import pair_next_round

SYSTEMS = ["mcmahon", "swiss", "fus", "roundrobin", "opengotha mcmahon", "opengotha swiss"]


def blocked_here(system: str) -> list[str]:
    """What the pure run switches off: every accelerator, but numpy for OpenGotha's rules
    until its engine runs without (then every accelerator there too)."""
    if system.startswith("opengotha"):
        try:
            with accelerators.pure():
                pair_next_round(field(6, 0, system))
        except Exception:  # numpy missing shows as whatever fails first
            return ["rustworkx", "scipy"]
    return list(accelerators.ACCELERATORS)


def field(n: int, seed: int, system: str, clubs: bool = False) -> Tournament:
    rng = random.Random(seed)
    players = []
    for i in range(1, n + 1):
        rating = rng.randint(100, 2700)
        absent = frozenset({rng.randint(2, 4)}) if rng.random() < 0.15 else frozenset()
        club = rng.choice(["Tbilisi", "Kyiv", "Lyon"]) if clubs else ""
        players.append(
            Player(
                i,
                f"Player{i:05d}",
                "X",
                rank_of_rating(rating),
                rating,
                club=club,
                not_playing=absent,
            )
        )
    rules = "opengotha" if system.startswith("opengotha") else "gosheet"
    settings = Settings.preset(
        system.split()[-1],
        rules=rules,
        rounds=5,
        mcmahon_groups=McMahonGroups(5),
        random_seed=seed,
        avoid_same_club=clubs,
        handicap_cap=3 if clubs else 9,
    )
    return Tournament(settings, tuple(players))


@pytest.mark.parametrize("system", SYSTEMS)
@pytest.mark.parametrize("seed", range(4))
def test_pure_and_accelerated_rounds_agree(system: str, seed: int) -> None:
    """Pairs, colours, handicaps, tables and byes; odd and even fields, absences, and (odd
    seeds) clubs kept apart and a handicap cap."""
    size = random.Random(seed).randint(9, 40)
    if system == "roundrobin":
        size = min(size, 12)
    t = field(size, seed, system, clubs=seed % 2 == 1)
    blocked = blocked_here(system)
    for _ in range(4):
        if t.next_round_number > t.settings.rounds_for(len(t.players)):
            break
        fast = pair_next_round(t)
        with accelerators.pure(blocked):
            pure = pair_next_round(t)
        assert pure.games == fast.games
        assert pure.byes == fast.byes
        t = t.with_round(simulate_round(t, fast.as_round()))
