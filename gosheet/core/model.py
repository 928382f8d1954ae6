"""The tournament as immutable data: players, rounds, games, results.

A :class:`Tournament` is one frozen state; functions of the core take it and
return new values (a pairing, standings) without side effects.
"""

from __future__ import annotations

from enum import Enum
from functools import cached_property

from gosheet.core.ranks import WEAKEST, format_rank, nominal_rating, rank_of_rating
from gosheet.core.settings import Settings
from gosheet.core.teams.model import FixedMatch, Team
from gosheet.records import field, record, replace


class Result(Enum):
    """A game's result, by its canonical code (White's score first)."""

    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    JIGO = "½-½"
    BOTH_LOSE = "0-0"
    WHITE_WINS_BY_FORFEIT = "1-0!"
    BLACK_WINS_BY_FORFEIT = "0-1!"
    BOTH_LOSE_BY_FORFEIT = "0-0!"
    # OpenGotha's other codes: both win (RESULT_BOTHWIN), and the unplayed jigo and
    # both-win (RESULT_EQUAL_BYDEF, RESULT_BOTHWIN_BYDEF)
    BOTH_WIN = "1-1"
    JIGO_BY_FORFEIT = "½-½!"
    BOTH_WIN_BY_FORFEIT = "1-1!"

    @property
    def by_forfeit(self) -> bool:
        """True when the game was not played (a no-show)."""
        return self.value.endswith("!")


class Outcome(Enum):
    """What one round meant for one player."""

    WIN = "win"
    LOSS = "loss"
    JIGO = "jigo"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    BYE = "bye"
    ABSENT = "absent"
    PENDING = "pending"  # paired, result not yet entered

    @property
    def played(self) -> bool:
        """True for a game that was really played on the board."""
        return self in (Outcome.WIN, Outcome.LOSS, Outcome.JIGO)


_WHITE_OUTCOME = {
    Result.WHITE_WINS: (Outcome.WIN, Outcome.LOSS),
    Result.BLACK_WINS: (Outcome.LOSS, Outcome.WIN),
    Result.JIGO: (Outcome.JIGO, Outcome.JIGO),
    Result.BOTH_LOSE: (Outcome.LOSS, Outcome.LOSS),
    Result.WHITE_WINS_BY_FORFEIT: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    Result.BLACK_WINS_BY_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    Result.BOTH_LOSE_BY_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
    Result.BOTH_WIN: (Outcome.WIN, Outcome.WIN),
    # a jigo not played scores as a jigo (half a point each): there is no unplayed-jigo outcome
    Result.JIGO_BY_FORFEIT: (Outcome.JIGO, Outcome.JIGO),
    Result.BOTH_WIN_BY_FORFEIT: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_WIN),
}


@record
class Player:
    """A player on the roster. ``number`` is the player's id (row order, from 1)."""

    number: int
    surname: str
    first_name: str = ""
    rank: int | None = None  # None: not given (the rating, if any, stands for it)
    rating: int | None = None
    club: str = ""
    country: str = ""
    group: int | None = None  # McMahon group, 1 = top; None: not yet assigned
    not_playing: frozenset[int] = frozenset()
    tier: int | None = None  # Swiss without ratings: 1 = among the best, 2 …
    mms_correction: int = 0  # OpenGotha's smmsCorrection: -1 … +2 McMahon points at start
    egd_pin: str = ""  # the player's EGD PIN (European Go Database), kept for OpenGotha files
    fixed_table: int | None = None  # his game is always on this table (the Players sheet)

    @property
    def name(self) -> str:
        """Surname and first name, as written in round sheets."""
        return f"{self.surname} {self.first_name}".strip()

    @property
    def rank_text(self) -> str:
        """The rank as written, or "" when none was given."""
        return "" if self.rank is None else format_rank(self.rank)

    @property
    def has_strength(self) -> bool:
        """True when a rank or a rating says how strong the player is."""
        return self.rank is not None or self.rating is not None

    @property
    def known_rank(self) -> int:
        """The rank, else the rank of the rating (EGF), else 30k."""
        if self.rank is not None:
            return self.rank
        return rank_of_rating(self.rating) if self.rating is not None else WEAKEST

    @property
    def known_rating(self) -> int:
        """The rating, else the nominal rating of the rank."""
        return self.rating if self.rating is not None else nominal_rating(self.known_rank)

    @property
    def identity(self) -> tuple[str, ...]:
        """What tells the player from every other, whatever his row in Players: the name
        (case aside first), EGD PIN, club, country, rank and rating. The pairing's ties and
        the lot are drawn from it, never from the row, so sorting Players changes no round."""
        return (
            self.surname.casefold(),
            self.first_name.casefold(),
            self.egd_pin,
            self.club.casefold(),
            self.country.casefold(),
            self.rank_text,
            "" if self.rating is None else str(self.rating),
            self.surname,
            self.first_name,
            self.club,
            self.country,
        )

    def plays_in(self, round_number: int) -> bool:
        return round_number not in self.not_playing


@record
class Game:
    """One board of a round. ``result`` is None until it is entered."""

    table: int
    white: int
    black: int
    handicap: int = 0
    komi: float = 6.5
    result: Result | None = None

    def outcome_for(self, player: int) -> Outcome:
        if self.result is None:
            return Outcome.PENDING
        white, black = _WHITE_OUTCOME[self.result]
        if player == self.white:
            return white
        if player == self.black:
            return black
        raise ValueError(f"player {player} is not in game {self}")

    def opponent_of(self, player: int) -> int:
        if player == self.white:
            return self.black
        if player == self.black:
            return self.white
        raise ValueError(f"player {player} is not in game {self}")

    def colour_of(self, player: int) -> str:
        """``"w"`` or ``"b"``."""
        return "w" if player == self.white else "b"


@record
class Round:
    """A paired round: its games and the players with a bye (technical win)."""

    number: int
    games: tuple[Game, ...] = ()
    byes: tuple[int, ...] = ()
    # FUS: the tournament's number of rounds when this round was paired (its sheet keeps it),
    # so that the cap "remaining rounds + 1" of its steps is the one in force then; None:
    # the settings' current number.
    rounds_in_force: int | None = None

    @property
    def complete(self) -> bool:
        """True when every game has a result."""
        return all(game.result is not None for game in self.games)

    @cached_property
    def _game_by_player(self) -> dict[int, Game]:
        seats: dict[int, Game] = {}
        for game in reversed(self.games):  # the first game of a player wins, as a scan would
            seats[game.white] = seats[game.black] = game
        return seats

    def game_of(self, player: int) -> Game | None:
        return self._game_by_player.get(player)

    def outcome_for(self, player: int) -> Outcome:
        if player in self.byes:
            return Outcome.BYE
        game = self.game_of(player)
        return Outcome.ABSENT if game is None else game.outcome_for(player)


@record
class KeepApart:
    """Two players the organiser keeps apart (the ``Keep apart`` sheet): never paired while
    it can be avoided, up to round ``until`` (None: the whole tournament)."""

    first: int
    second: int
    until: int | None = None

    def holds_in(self, round_number: int) -> bool:
        return self.until is None or round_number <= self.until


@record
class Unit:
    """A pair of pair go or a team of rengo: the player ``number`` of the tournament that its
    ``members`` (as the Players sheet lists them, each a player of his own) play as."""

    number: int
    members: tuple[Player, ...]


@record
class Tournament:
    """The whole tournament: settings, roster and the rounds paired so far."""

    settings: Settings = field(default_factory=Settings)
    players: tuple[Player, ...] = ()
    rounds: tuple[Round, ...] = ()
    keep_apart: tuple[KeepApart, ...] = ()  # the Keep apart sheet
    teams: tuple[Team, ...] = ()  # the Teams sheet (Tournament type: teams)
    fixed_matches: tuple[FixedMatch, ...] = ()  # the Fixed matches sheet
    units: tuple[Unit, ...] = ()  # pair go, rengo: each unit's players (the players are units)

    @property
    def next_round_number(self) -> int:
        return len(self.rounds) + 1

    @cached_property
    def _player_by_number(self) -> dict[int, Player]:
        found: dict[int, Player] = {}
        for player in self.players:
            found.setdefault(player.number, player)  # the first of a number, as a scan would
        return found

    def player(self, number: int) -> Player:
        return self._player_by_number[number]

    def with_round(self, new_round: Round) -> Tournament:
        return replace(self, rounds=(*self.rounds, new_round))

    def with_players(self, players: tuple[Player, ...]) -> Tournament:
        return replace(self, players=players)

    def have_met(self) -> frozenset[frozenset[int]]:
        """Every pair of players already paired together (forfeits included)."""
        return frozenset(
            frozenset((game.white, game.black)) for rnd in self.rounds for game in rnd.games
        )

    def kept_apart(self, round_number: int) -> frozenset[frozenset[int]]:
        """The pairs of players to keep apart in round ``round_number``."""
        return frozenset(
            frozenset((k.first, k.second)) for k in self.keep_apart if k.holds_in(round_number)
        )
