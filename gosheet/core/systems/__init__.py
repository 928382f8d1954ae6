"""One module per pairing system; :func:`pair_next_round` picks by the settings.

With ``Pairing rules: opengotha`` a McMahon or Swiss tournament is paired by OpenGotha's
engine (:mod:`gosheet.core.opengotha.engine`); with ``gosheet``, by the system's own module.
"""

from __future__ import annotations

from collections.abc import Callable

from gosheet.core.model import Tournament
from gosheet.core.opengotha import engine as opengotha
from gosheet.core.pairing import Pairing, Weighing
from gosheet.core.settings import Settings
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


def weigher(settings: Settings) -> Callable[[Tournament], Weighing]:
    """The function that weighs every pair of the next round under these settings."""
    return opengotha.weigh if settings.rules == "opengotha" else WEIGHERS[settings.system]


def pairer(settings: Settings) -> Callable[[Tournament], Pairing]:
    """The function that pairs the next round under these settings."""
    return opengotha.pair if settings.rules == "opengotha" else PAIRERS[settings.system]


def pair_next_round(tournament: Tournament) -> Pairing:
    """Pair the next round of ``tournament`` with its system; nothing is changed."""
    return pairer(tournament.settings)(tournament)
