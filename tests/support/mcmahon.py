"""Hand-made McMahon tournaments for the seed's tests (``test_seed_rules*``):
players by rank, a tournament of them, a round paired and its results entered."""

from __future__ import annotations

from gosheet.core.groups import assign_groups
from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.pairing import Pairing
from gosheet.core.ranks import parse_rank
from gosheet.core.scorecard import PlayerRecord
from gosheet.core.scoring import records
from gosheet.core.settings import Settings
from gosheet.core.systems import pair_next_round


def player(number: int, name: str, rank: str, not_playing: tuple[int, ...] = ()) -> Player:
    return Player(number, name, rank=parse_rank(rank), not_playing=frozenset(not_playing))


def tournament(
    players: list[Player], groups: str = "1", rounds: int = 5, **kw: object
) -> Tournament:
    settings = Settings(rounds=rounds, mcmahon_groups=McMahonGroups.parse(groups), **kw)
    return Tournament(settings, tuple(players))


def pairs(pairing: Pairing) -> list[frozenset[int]]:
    """The pairs in table order."""
    assert [g.table for g in pairing.games] == list(range(1, len(pairing.games) + 1))
    return [frozenset((g.white, g.black)) for g in pairing.games]


def won_by(game: Game, winner: int | None, forfeit: bool = False) -> Game:
    """The game with its result: ``winner`` wins (None: jigo), on the board or by forfeit."""
    if winner is None:
        result = Result.JIGO
    elif winner == game.white:
        result = Result.WHITE_WINS_BY_FORFEIT if forfeit else Result.WHITE_WINS
    else:
        assert winner == game.black
        result = Result.BLACK_WINS_BY_FORFEIT if forfeit else Result.BLACK_WINS
    return Game(game.table, game.white, game.black, game.handicap, game.komi, result)


def play(t: Tournament, winners: dict[frozenset[int], int | None]) -> Tournament:
    """Pair the next round and enter the results: pair → winner (None: jigo)."""
    pairing = pair_next_round(t)
    games = tuple(won_by(g, winners[frozenset((g.white, g.black))]) for g in pairing.games)
    return t.with_round(Round(pairing.round_number, games, pairing.byes))


def p2(a: int, b: int) -> frozenset[int]:
    return frozenset((a, b))


def groups_of(spec: str, players: list[Player]) -> dict[int, int]:
    grouped = assign_groups(McMahonGroups.parse(spec), players)
    return {p.number: p.group or 0 for p in grouped}


def one_round(result: Result, **kw: object) -> dict[int, PlayerRecord]:
    """Player 1 (White) and 2 (Black) play one game with ``result``; 3 is absent."""
    players = [player(1, "A", "1k"), player(2, "B", "1k"), player(3, "C", "1k", (1,))]
    t = tournament(players, **kw).with_round(Round(1, (Game(1, 1, 2, result=result),)))
    return records(t)
