"""An OpenGotha file as plain frozen dataclasses: its players, games, byes, parameter sets,
and the elements gosheet keeps verbatim (:class:`OGElement`). They know nothing of workbooks
nor of XML text; :mod:`gosheet.formats.opengotha.reading` and
:mod:`gosheet.formats.opengotha.writing` turn a file into them and back.
"""

from __future__ import annotations

from collections.abc import Iterable

from gosheet.records import field, record

__all__ = [
    "ALL_ROUNDS",
    "GAME_RESULTS",
    "KeyIndex",
    "OGBye",
    "OGElement",
    "OGGame",
    "OGPlayer",
    "OGTournament",
    "forced_to_ascii",
    "obsolete_canonical_name",
    "player_key",
    "turkish_key",
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


@record
class OGElement:
    """An XML element kept verbatim: tag, attributes in file order, children, text."""

    tag: str
    attributes: tuple[tuple[str, str], ...] = ()
    children: tuple[OGElement, ...] = ()
    text: str = ""


@record
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


@record
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


@record
class OGBye:
    """One ``ByePlayers/ByePlayer``."""

    player_key: str
    round_number: int
    extra: dict[str, str] = field(default_factory=dict)


@record
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

    @property
    def teams(self) -> tuple[str, ...]:
        """The names of the teams of a team tournament (``Teams/Team/@teamName``), kept
        verbatim in ``extra``; none for an individual tournament."""
        return tuple(
            dict(team.attributes).get("teamName", "")
            for element in self.extra
            if element.tag == "Teams"
            for team in element.children
            if team.tag == "Team"
        )


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


def turkish_key(player: OGPlayer) -> str:
    """The key OpenGotha writes when it runs in a Turkish locale, where Java's
    ``toUpperCase`` makes ``i`` into ``İ`` (and ``ı`` into ``I``).

    >>> turkish_key(OGPlayer(name="Arikan", first_name="Ugur", rank="1K", rating=2000))
    'ARİKANUGUR'
    """
    text = (player.name + player.first_name).replace(" ", "")
    return text.replace("i", "İ").replace("ı", "I").upper()


_FORCED = {
    **dict.fromkeys("ÀÁÂÃÄÅ", "A"),
    "Ç": "C",
    **dict.fromkeys("ÈÉÊË", "E"),
    **dict.fromkeys("ÌÍÎÏ", "I"),
    "Ñ": "N",
    **dict.fromkeys("ÒÓÔÕÖØ", "O"),
    **dict.fromkeys("ÙÚÛÜ", "U"),
    "Ý": "Y",
    **dict.fromkeys("àáâãäå", "a"),
    "ç": "c",
    **dict.fromkeys("èéêë", "e"),
    **dict.fromkeys("ìíîï", "i"),
    "ñ": "n",
    **dict.fromkeys("òóôõöø", "o"),
    **dict.fromkeys("ùúûü", "u"),
    "ý": "y",
    **{"ı": "i", "ğ": "g", "ş": "s", "Ğ": "G", "Ş": "S", "İ": "I"},
}


def forced_to_ascii(text: str) -> str:
    """OpenGotha's ``Gotha.forceToASCII``: Latin-1's accented letters and Turkish's own
    letters to their plain letter, every other character beyond ASCII to ``?``.

    >>> forced_to_ascii("ARİKANUGUR"), forced_to_ascii("Groß"), forced_to_ascii("Çiğdem")
    ('ARIKANUGUR', 'Gro?', 'Cigdem')
    """
    text = "".join(_FORCED.get(c, c) for c in text)
    return "".join(c if ord(c) < 128 else "?" for c in text)


# what getPlayerByObsoleteCanonicalName makes plain: Latin-1's accented capitals alone
_UPPER_FORCED = {c: _FORCED[c] for c in "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝ"}


def obsolete_canonical_name(player: OGPlayer) -> str:
    """The name older OpenGotha files named a player by, which OpenGotha still tries
    (``Tournament.getPlayerByObsoleteCanonicalName``): name and first name in capitals,
    Latin-1's accented capitals made plain, everything but A to Z dropped.

    >>> obsolete_canonical_name(OGPlayer(name="Groß", first_name="Jürgen", rank="1K", rating=0))
    'GROSSJURGEN'
    """
    text = (player.name.upper() + player.first_name.upper()).replace(" ", "")
    text = "".join(_UPPER_FORCED.get(c, c) for c in text)
    return "".join(c for c in text if "A" <= c <= "Z")


class KeyIndex:
    """Finds the player a game or a bye names by key, as OpenGotha's reader does
    (``ExternalDocument.importGamesFromXMLFile``, ``importByePlayersFromXMLFile``):
    the key itself, then as ``Player.computeKeyString`` makes it (spaces dropped, capitals),
    then ignoring every space (writers other than OpenGotha), then the key OpenGotha writes in
    a Turkish locale (``İ``), and last ``Gotha.forceToASCII(key).toUpperCase()`` against the
    players' obsolete canonical names (:func:`obsolete_canonical_name`). A key two players
    answer to at the same step names neither. ``how`` tells which step found a key, for the
    import's notes (empty for the key itself)."""

    def __init__(self, players: Iterable[OGPlayer]) -> None:
        self.exact: dict[str, OGPlayer] = {}
        steps: list[dict[str, list[OGPlayer]]] = [{}, {}, {}]
        for p in players:
            self.exact.setdefault(player_key(p), p)
            keys = (_loose_key(player_key(p)), turkish_key(p), obsolete_canonical_name(p))
            for step, key in zip(steps, keys, strict=True):
                step.setdefault(key, []).append(p)
        self.loose, self.turkish, self.canonical = (
            {k: v[0] for k, v in step.items() if len(v) == 1} for step in steps
        )

    def find(self, key: str) -> OGPlayer | None:
        return self.found(key)[0]

    def found(self, key: str) -> tuple[OGPlayer | None, str]:
        """The player ``key`` names, and how he was found ("" for the key itself)."""
        if not key:
            return None, ""
        if key in self.exact:
            return self.exact[key], ""
        computed = key.replace(" ", "").upper()
        if computed in self.exact:
            return self.exact[computed], ""
        if _loose_key(key) in self.loose:
            return self.loose[_loose_key(key)], ""
        if key in self.turkish:
            return self.turkish[key], "as OpenGotha writes it in a Turkish locale (İ)"
        forced = forced_to_ascii(key).upper()
        if key in self.canonical or forced in self.canonical:
            found = self.canonical.get(key) or self.canonical[forced]
            return found, "by OpenGotha's obsolete canonical name"
        return None, ""
