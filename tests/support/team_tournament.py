"""A small team tournament made with the core, for the pack's and the pages' tests: five
teams of four (an odd count: one team a round has no match), rounds 1 and 2 played, round 3
paired and waiting for its results; the boards paired by the core's OpenGotha team pairing
(:func:`gosheet.core.teams.boards.pair_match`). Names with accents and Cyrillic, and a long
team name, as the pack must print them."""

from __future__ import annotations

from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.settings import Settings
from gosheet.core.teams.boards import pair_match
from gosheet.core.teams.model import Lineup, Team
from gosheet.records import replace

TEAM_NAMES = ("Lorient", "Angers", "Poitiers Université Go Club", "Санкт-Петербург", "Niort")
SURNAMES = ("Łukasiewicz", "Müller", "Dubois", "Соколова", "Nakamura", "O'Brien", "Petrović")
FIRST_NAMES = ("Żaneta", "Hans", "Jean-Baptiste", "Елена", "Hiroshi", "Seán")
#: Who meets whom in each round (team numbers): the director's choice, as OpenGotha's.
MATCHES = {1: ((1, 2), (3, 4)), 2: ((1, 3), (2, 5)), 3: ((1, 4), (3, 5))}


def team_tournament(language: str = "en", played: int = 2, paired: int = 3) -> Tournament:
    """Five teams of four, rounds 1 … ``played`` with results, up to ``paired`` paired."""
    players = tuple(
        Player(
            n,
            SURNAMES[(n - 1) % len(SURNAMES)] + ("" if n <= 7 else f"-{n}"),
            FIRST_NAMES[(n - 1) % len(FIRST_NAMES)],
            rank=4 - n // 2,
            rating=2450 - 45 * n,
            club=TEAM_NAMES[(n - 1) // 4][:12],
        )
        for n in range(1, 21)
    )
    teams = tuple(
        Team(k, name, (Lineup(1, tuple(range(4 * k - 3, 4 * k + 1))),))
        for k, name in enumerate(TEAM_NAMES, start=1)
    )
    settings = Settings.preset("mcmahon", name="Ligue par équipes", rounds=3, language=language)
    settings = settings.replace(tournament_type="teams", team_size=4)
    tournament = Tournament(settings, players, (), teams=teams)
    by_number = {t.number: t for t in teams}
    outcomes = (Result.WHITE_WINS, Result.BLACK_WINS, Result.WHITE_WINS, Result.JIGO)
    for number in range(1, paired + 1):
        games: list[Game] = []
        for a, b in MATCHES[number]:
            taken = frozenset(g.table for g in games)
            games.extend(pair_match(tournament, number, by_number[a], by_number[b], taken))
        if number <= played:
            games = [replace(g, result=outcomes[(g.table + number) % len(outcomes)]) for g in games]
        tournament = replace(tournament, rounds=(*tournament.rounds, Round(number, tuple(games))))
    return tournament
