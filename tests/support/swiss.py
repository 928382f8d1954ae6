"""Hand-made Swiss tournaments for the Oware organisers' book (``test_swiss_book_*``):
players A, B, C … by strength, rounds typed by hand, the Oware settings, and the
book's five-player tiebreak example. ``Game.white`` is the LEFT column player, who
moves first in Oware; "1-0" = the left player wins.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.pairing import Pairing
from gosheet.core.settings import Settings

from .books import sheet_table

HALF = Fraction(1, 2)
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ALL_TIEBREAKS = (
    "Buchholz",
    "Buchholz cut 1",
    "Median Buchholz",
    "Sonneborn-Berger",
    "Cumulative",
    "Direct encounter",
    "Wins",
)

OWARE_PLAYERS = [
    ("Mensah", "Kofi", "Accra"),
    ("Boateng", "Ama", "Kumasi"),
    ("Owusu", "Yaw", "Accra"),
    ("Asante", "Akua", "Tamale"),
    ("Ferrer", "Núria", "Barcelona"),
    ("Puig", "Jordi", "Girona"),
    ("Vidal", "Laia", "Lleida"),
    ("Oliveira", "Tomás", "Porto"),
    ("Diallo", "Awa", "Dakar"),
]
"""Nine Oware players (name, first name, club), without ranks or ratings."""


def oware(**changes: Any) -> Settings:
    changes.setdefault("rounds", 5)
    return Settings.preset("swiss", "oware", **changes)


def lettered(n: int, ratings: bool = True) -> tuple[Player, ...]:
    """Players A, B, C … numbered 1, 2, 3 …, A the best (highest rating)."""
    return tuple(
        Player(i + 1, LETTERS[i], rating=2000 - 25 * i if ratings else None) for i in range(n)
    )


def tournament(
    n: int, history: Sequence[Round] = (), ratings: bool = True, **changes: Any
) -> Tournament:
    """Players A, B, C … (see :func:`lettered`) and the rounds ``history``."""
    return Tournament(oware(**changes), lettered(n, ratings), tuple(history))


def played(number: int, games: Iterable[tuple[int, int, str]], byes: Sequence[int] = ()) -> Round:
    """A round typed by hand: (first player, second player, result) a table."""
    return Round(
        number,
        tuple(
            Game(table, first, second, 0, 0.0, Result(result))
            for table, (first, second, result) in enumerate(games, start=1)
        ),
        tuple(byes),
    )


def named_tables(pairing: Pairing, players: Sequence[Player]) -> list[set[str]]:
    """Each table's two names, in table order."""
    name = {p.number: p.name for p in players}
    ordered = sorted(pairing.games, key=lambda g: g.table)
    return [{name[g.white], name[g.black]} for g in ordered]


def game_with(pairing: Pairing, player: int) -> Game:
    for g in pairing.games:
        if player in (g.white, g.black):
            return g
    raise AssertionError(f"player {player} has no game")


def opponent(pairing: Pairing, player: int) -> int:
    return game_with(pairing, player).opponent_of(player)


def round_tables(book: Path, number: int) -> list[tuple[Any, Any, Any, Any]]:
    """(table, first player, second player, result) of each line of ``Round N``."""
    _, rows = sheet_table(book, f"Round {number}")
    return [(r["Table"], r["First player"], r["Second player"], r["Result"]) for r in rows]


def standings_rows(book: Path) -> tuple[list[Any], list[dict[str, Any]]]:
    return sheet_table(book, "Standings")


# =============================================================== Tiebreaks (issue)


def five_players(tiebreaks: Sequence[str] = ALL_TIEBREAKS) -> Tournament:
    """A small tournament worked by hand, five players P1 … P5, three rounds:

    R1: P1–P2 1-0, P3–P4 ½-½, P5 bye
    R2: P1–P3 0-1, P2–P5 1-0, P4 bye
    R3: P1–P4 1-0, P3–P5 ½-½, P2 bye

    Scores: P1 2 (W L W), P2 2 (L W bye), P3 2 (D W D), P4 1.5 (D bye L),
    P5 1.5 (bye L D). A bye or an unplayed game adds 0 to the opponents'
    tiebreaks."""
    players = tuple(Player(i, f"P{i}") for i in range(1, 6))
    rounds = (
        played(1, [(1, 2, "1-0"), (3, 4, "½-½")], byes=[5]),
        played(2, [(1, 3, "0-1"), (2, 5, "1-0")], byes=[4]),
        played(3, [(1, 4, "1-0"), (3, 5, "½-½")], byes=[2]),
    )
    return Tournament(oware(rounds=3, tiebreaks=tuple(tiebreaks)), players, rounds)
