"""One module per pairing system; :func:`pair_next_round` picks by the settings."""

from __future__ import annotations

from collections.abc import Callable

from gosheet.core.model import Tournament
from gosheet.core.pairing import Pairing, Weighing
from gosheet.core.systems import fus, mcmahon, swiss

WEIGHERS: dict[str, Callable[[Tournament], Weighing]] = {
    "mcmahon": mcmahon.weigh,
    "fus": fus.weigh,
    "swiss": swiss.weigh,
}
PAIRERS: dict[str, Callable[[Tournament], Pairing]] = {
    "mcmahon": mcmahon.pair,
    "fus": fus.pair,
    "swiss": swiss.pair,
}


def pair_next_round(tournament: Tournament) -> Pairing:
    """Pair the next round of ``tournament`` with its system; nothing is changed."""
    return PAIRERS[tournament.settings.system](tournament)
