"""An OpenGotha file as plain frozen dataclasses: its players, games, byes, parameter sets,
and the elements gosheet keeps verbatim (:class:`OGElement`). They know nothing of workbooks
nor of XML text; :mod:`gosheet.formats.opengotha.reading` and
:mod:`gosheet.formats.opengotha.writing` turn a file into them and back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

__all__ = [
    "ALL_ROUNDS",
    "GAME_RESULTS",
    "KeyIndex",
    "OGBye",
    "OGElement",
    "OGGame",
    "OGPlayer",
    "OGTournament",
    "player_key",
]

#: The result codes OpenGotha writes in ``Game/@result``.
GAME_RESULTS: tuple[str, ...] = (
    "RESULT_UNKNOWN",
    "RESULT_WHITEWINS",
    "RESULT_BLACKWINS",
    "RESULT_EQUAL",
    "RESULT_BOTHWIN",
    "RESULT_BOTHLOSE",
    "RESULT_WHITEWINS_BYDEF",
    "RESULT_BLACKWINS_BYDEF",
    "RESULT_EQUAL_BYDEF",
    "RESULT_BOTHWIN_BYDEF",
    "RESULT_BOTHLOSE_BYDEF",
)

#: What OpenGotha writes in ``participating`` for a player present in all of its 20 rounds.
ALL_ROUNDS = "1" * 20


@dataclass(frozen=True)
class OGElement:
    """An XML element kept verbatim: tag, attributes in file order, children, text."""

    tag: str
    attributes: tuple[tuple[str, str], ...] = ()
    children: tuple[OGElement, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class OGPlayer:
    """One ``Players/Player``; the attributes gosheet does not use are kept in ``extra``
    (``grade``, ``agaId``, ``ratingOrigin``, ``ffgLicenceStatus`` …)."""

    name: str
    first_name: str
    rank: str
    rating: int
    club: str = ""
    country: str = ""
    egf_pin: str = ""
    ffg_licence: str = ""
    participating: str = ALL_ROUNDS
    registering_status: str = "FIN"
    smms_correction: int = 0
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """The key games and byes name this player by (:func:`player_key`)."""
        return player_key(self)


@dataclass(frozen=True)
class OGGame:
    """One ``Games/Game``: players by key, ``result`` as OpenGotha's code (``GAME_RESULTS``)."""

    round_number: int
    table_number: int
    white_key: str
    black_key: str
    handicap: int = 0
    result: str = "RESULT_UNKNOWN"
    known_color: bool = True
    extra: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class OGBye:
    """One ``ByePlayers/ByePlayer``."""

    player_key: str
    round_number: int
    extra: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class OGTournament:
    """A whole OpenGotha file.

    ``parameters`` maps each element of ``TournamentParameterSet`` (``GeneralParameterSet``,
    ``HandicapParameterSet``, ``PlacementParameterSet``, ``PairingParameterSet``,
    ``DPParameterSet``, ``PublishParameterSet`` …), in file order, to all its attributes as
    strings. ``placement_criteria`` is the ``PlacementCriterion`` list of
    ``PlacementParameterSet`` (names, ordered by ``number``; ``"NULL"`` for an unused slot);
    ``parameter_children`` keeps any other element found inside a parameter set, verbatim.
    ``extra`` holds, verbatim and in order, the root's other elements
    (``TeamTournamentParameterSet``, teams, club groups …). ``notes`` tell what the reading
    set aside (an older OpenGotha's encoding and document type …).
    """

    attributes: dict[str, str]
    players: tuple[OGPlayer, ...]
    games: tuple[OGGame, ...] = ()
    byes: tuple[OGBye, ...] = ()
    parameters: dict[str, dict[str, str]] = field(default_factory=dict)
    placement_criteria: tuple[str, ...] = ()
    parameter_children: dict[str, tuple[OGElement, ...]] = field(default_factory=dict)
    extra: tuple[OGElement, ...] = ()
    #: What the reading set aside or read otherwise than written (older layouts, other
    #: writers' spellings), for the import's summary; not part of the tournament.
    notes: tuple[str, ...] = field(default=(), compare=False)

    @property
    def number_of_rounds(self) -> int:
        """``GeneralParameterSet/@numberOfRounds``."""
        return int(self.parameters["GeneralParameterSet"]["numberOfRounds"])

    def player(self, key: str) -> OGPlayer | None:
        """The player a game or bye names by ``key``, or None (see :func:`player_key`)."""
        return KeyIndex(self.players).find(key)


def player_key(player: OGPlayer) -> str:
    """OpenGotha's key of a player: name then first name, without spaces, in upper case
    (OpenGotha's ``Player.computeKeyString``).

    >>> player_key(OGPlayer(name="Robin", first_name="Clé", rank="10K", rating=1129))
    'ROBINCLÉ'
    >>> player_key(OGPlayer(name="Van der Berg", first_name="Jan Piet", rank="1D", rating=2100))
    'VANDERBERGJANPIET'
    """
    return (player.name + player.first_name).replace(" ", "").upper()


def _loose_key(key: str) -> str:
    return "".join(key.split()).upper()


class KeyIndex:
    """Finds a player by key: the exact key first, then ignoring case and spaces (writers other
    than OpenGotha, or OpenGotha versions that drop spaces from keys)."""

    def __init__(self, players: Iterable[OGPlayer]) -> None:
        self.exact: dict[str, OGPlayer] = {}
        loose: dict[str, list[OGPlayer]] = {}
        for p in players:
            self.exact.setdefault(player_key(p), p)
            loose.setdefault(_loose_key(player_key(p)), []).append(p)
        self.loose = {k: v[0] for k, v in loose.items() if len(v) == 1}

    def find(self, key: str) -> OGPlayer | None:
        return self.exact.get(key) or self.loose.get(_loose_key(key))
