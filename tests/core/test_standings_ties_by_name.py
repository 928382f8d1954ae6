"""Players tied on every criterion of the standings (and on rank and rating) are listed by
name, in the order the tournament's language reads names (gosheet/i18n/collation.py) — under
gosheet's own standings and FUS's; the pairings' own orders are not changed by it."""

from __future__ import annotations

import pytest

from gosheet.core.model import Player, Tournament
from gosheet.core.settings import Settings
from gosheet.core.standings import standings
from gosheet.core.standings_table import standings_model
from gosheet.core.systems.fus_levels import fus_standings

NAMES = ["Zieliński", "Иванов", "Ødegård", "Łukasiewicz", "Lund", "Olsen", "Adams"]
ORDER = {
    "en": ["Adams", "Łukasiewicz", "Lund", "Ødegård", "Olsen", "Zieliński", "Иванов"],
    "ru": ["Иванов", "Adams", "Łukasiewicz", "Lund", "Ødegård", "Olsen", "Zieliński"],
}


def field(language: str, system: str, **strength: int) -> Tournament:
    players = tuple(Player(n, name, **strength) for n, name in enumerate(NAMES, 1))
    return Tournament(Settings(system=system, language=language, rounds=3), players)


@pytest.mark.parametrize("language", sorted(ORDER))
def test_gosheet_standings_ties_by_name(language: str) -> None:
    t = field(language, "mcmahon", rank=-3)
    assert [row.player.surname for row in standings(t).rows] == ORDER[language]
    assert {row.place for row in standings(t).rows} == {1}
    assert [row.player.surname for row in standings_model(t).rows] == ORDER[language]


@pytest.mark.parametrize("language", sorted(ORDER))
def test_fus_standings_ties_by_name(language: str) -> None:
    t = field(language, "fus", rating=1800)
    assert [row.player.surname for row in fus_standings(t)] == ORDER[language]


def test_the_stronger_still_first_among_tied() -> None:
    """Rank, then rating, come before the name, as before."""
    players = (Player(1, "Adams", rank=-5), Player(2, "Zieliński", rank=2))
    t = Tournament(Settings(language="en", rounds=3), players)
    assert [row.player.surname for row in standings(t).rows] == ["Zieliński", "Adams"]
