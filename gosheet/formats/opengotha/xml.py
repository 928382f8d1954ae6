"""Read and write OpenGotha tournament files as plain frozen dataclasses.

An OpenGotha file (3.4x / 3.5x) looks like this, one element a line, attributes in
alphabetical order::

    <?xml version="1.0" encoding="UTF-8" standalone="no"?>
    <Tournament fullVersionNumber="3.51.02" runningMode="SAL" saveDT="20240529152656">
        <Players>
            <Player club="38Gr" country="FR" firstName="Quentin" name="Rendu" rank="1D" .../>
        </Players>
        <Games>
            <Game blackPlayer="NOGUCHIMOTOKI" handicap="0" knownColor="true"
                  result="RESULT_BLACKWINS" roundNumber="1" tableNumber="1"
                  whitePlayer="RENDUQUENTIN"/>
        </Games>
        <ByePlayers>
            <ByePlayer player="ROBINCLÉ" roundNumber="1"/>
        </ByePlayers>
        <TournamentParameterSet>
            <GeneralParameterSet genMMBar="4D" numberOfRounds="5" .../>
            <PlacementParameterSet>
                <PlacementCriteria>
                    <PlacementCriterion name="MMS" number="1"/> ...
                </PlacementCriteria>
            </PlacementParameterSet> ...
        </TournamentParameterSet>
        <TeamTournamentParameterSet> ... </TeamTournamentParameterSet>
    </Tournament>

Games and byes name their players by :func:`player_key`. :func:`read_opengotha` parses with
defusedxml and refuses any ``<!DOCTYPE>`` (OpenGotha never writes one), so no entity is ever
expanded and no external file or DTD is ever read; it reports every problem of the file at once
in one :class:`~gosheet.core.errors.InputError`;
:func:`write_opengotha` writes the same layout back. Elements gosheet does not model (the team
parameters, club groups, teams …) are kept verbatim as :class:`OGElement` trees.

>>> t = read_opengotha(
...     b'<Tournament saveDT="1"><Players>'
...     b'<Player firstName="Ann" name="Lee" rank="3K" rating="1750"/>'
...     b'<Player firstName="Bo" name="Kim" rank="1D" rating="2100"/></Players>'
...     b'<Games><Game blackPlayer="LEEANN" result="RESULT_WHITEWINS" roundNumber="1"'
...     b' tableNumber="1" whitePlayer="KIMBO"/></Games>'
...     b'<TournamentParameterSet><GeneralParameterSet numberOfRounds="3"/>'
...     b'</TournamentParameterSet></Tournament>')
>>> [player_key(p) for p in t.players], t.games[0].result, t.number_of_rounds
(['LEEANN', 'KIMBO'], 'RESULT_WHITEWINS', 3)
>>> read_opengotha(write_opengotha(t)) == t
True
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError

from defusedxml import (  # type: ignore[import-untyped, unused-ignore]
    DefusedXmlException,
    DTDForbidden,
    EntitiesForbidden,
    ExternalReferenceForbidden,
)
from defusedxml.ElementTree import (  # type: ignore[import-untyped, unused-ignore]
    fromstring as _defused_fromstring,
)

from gosheet.core.errors import FileProblem, InputError, Problem

__all__ = [
    "GAME_RESULTS",
    "OGBye",
    "OGElement",
    "OGGame",
    "OGPlayer",
    "OGTournament",
    "element_from_text",
    "element_text",
    "player_key",
    "read_opengotha",
    "write_opengotha",
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

_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
_INDENT = "    "
_RANK = re.compile(r"[1-9][0-9]?[KkDdPp]")
_INT = re.compile(r"[+-]?[0-9]+")
# Characters XML 1.0 cannot carry at all (not even as a character reference).
_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
_SECTIONS = ("Players", "Games", "ByePlayers", "TournamentParameterSet")
# root elements OpenGotha writes before TournamentParameterSet (the others come after it)
_BEFORE_PARAMETERS = ("Teams",)


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
    (``TeamTournamentParameterSet``, teams, club groups …).
    """

    attributes: dict[str, str]
    players: tuple[OGPlayer, ...]
    games: tuple[OGGame, ...] = ()
    byes: tuple[OGBye, ...] = ()
    parameters: dict[str, dict[str, str]] = field(default_factory=dict)
    placement_criteria: tuple[str, ...] = ()
    parameter_children: dict[str, tuple[OGElement, ...]] = field(default_factory=dict)
    extra: tuple[OGElement, ...] = ()

    @property
    def number_of_rounds(self) -> int:
        """``GeneralParameterSet/@numberOfRounds``."""
        return int(self.parameters["GeneralParameterSet"]["numberOfRounds"])

    def player(self, key: str) -> OGPlayer | None:
        """The player a game or bye names by ``key``, or None (see :func:`player_key`)."""
        return _KeyIndex(self.players).find(key)


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


class _KeyIndex:
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


# ---------------------------------------------------------------------------------- reading


def read_opengotha(source: str | os.PathLike[str] | bytes, *, name: str = "") -> OGTournament:
    """Read an OpenGotha tournament file (a path, or the file's bytes).

    Every problem is reported at once in an :class:`InputError` whose problems name the file
    (``name``, or the path's file name) and a locator such as ``Player 3`` or ``Game 12``
    (1-based, in file order). A file that cannot be opened raises
    :class:`~gosheet.core.errors.FileProblem`.
    """
    if isinstance(source, bytes):
        data = source
        sheet = name or "OpenGotha file"
    else:
        path = Path(source)
        sheet = name or path.name
        try:
            data = path.read_bytes()
        except OSError as error:
            raise FileProblem(f"{path}: cannot be read ({error.strerror or error})") from error
    root = _parse(data, sheet)
    return _Reader(sheet).tournament(root)


def _parse(data: bytes, sheet: str) -> Element:
    """The root element, parsed without expanding any entity or reading anything else."""
    try:
        root: Element = _defused_fromstring(
            data, forbid_dtd=True, forbid_entities=True, forbid_external=True
        )
        return root
    except DTDForbidden as error:
        message = (
            "has a document type declaration (<!DOCTYPE …>, where XML entities and external "
            "references are declared); OpenGotha files never have one, so the file is refused "
            "without reading or expanding anything it declares"
        )
        value = " ".join(
            str(part)
            for part in (getattr(error, "name", None), getattr(error, "sysid", None))
            if part
        )
        raise InputError([Problem(sheet, "", value or None, message)]) from None
    except EntitiesForbidden as error:
        message = (
            "declares XML entities (<!ENTITY …>); OpenGotha files never do, so the file is "
            "refused without expanding them"
        )
        raise InputError([Problem(sheet, "", getattr(error, "name", None), message)]) from None
    except ExternalReferenceForbidden as error:
        message = "refers to an external resource; OpenGotha files never do, and it was not read"
        raise InputError([Problem(sheet, "", getattr(error, "sysid", None), message)]) from None
    except DefusedXmlException as error:
        message = f"refused as unsafe XML ({type(error).__name__})"
        raise InputError([Problem(sheet, "", None, message)]) from None
    except ParseError as error:
        if not data.strip():
            message = "the file is empty, not an OpenGotha tournament file"
        else:
            line, column = getattr(error, "position", (0, 0))
            reason = str(error).split(":")[0]
            message = (
                f"not an OpenGotha tournament file: not well-formed XML ({reason}, "
                f"line {line}, column {column + 1})"
            )
        raise InputError([Problem(sheet, "", None, message)]) from None
    except (ValueError, LookupError) as error:
        message = f"not an OpenGotha tournament file: unreadable XML ({error})"
        raise InputError([Problem(sheet, "", None, message)]) from None


def _verbatim(element: Element) -> OGElement:
    text = element.text or ""
    return OGElement(
        tag=element.tag,
        attributes=tuple(element.attrib.items()),
        children=tuple(_verbatim(child) for child in element),
        text="" if not text.strip() else text,
    )


class _Reader:
    """One reading: collects the problems while it builds the dataclasses."""

    def __init__(self, sheet: str) -> None:
        self.sheet = sheet
        self.problems: list[Problem] = []

    def problem(self, where: str, value: object, message: str) -> None:
        self.problems.append(Problem(self.sheet, where, value, message))

    def take(self, attrs: dict[str, str], key: str, where: str, default: str | None = None) -> str:
        """Remove and return an attribute; a missing one without default is a problem."""
        value = attrs.pop(key, None)
        if value is not None:
            return value
        if default is None:
            self.problem(where, None, f"missing required attribute {key!r}")
            return ""
        return default

    def take_int(
        self, attrs: dict[str, str], key: str, where: str, default: str | None = None
    ) -> int:
        present = key in attrs
        text = self.take(attrs, key, where, default)
        if _INT.fullmatch(text.strip()):
            return int(text)
        if present or default is not None:
            self.problem(where, text, f"{key} is not a whole number")
        return 0

    def children(self, parent: Element, tag: str) -> Iterator[tuple[int, Element]]:
        """The ``tag`` children of ``parent``, numbered from 1; other children are problems."""
        number = 0
        for child in parent:
            if child.tag == tag:
                number += 1
                yield number, child
            else:
                self.problem(parent.tag, child.tag, f"unexpected element in <{parent.tag}>")

    def tournament(self, root: Element) -> OGTournament:
        if root.tag != "Tournament":
            message = "not an OpenGotha tournament file: the root element is not <Tournament>"
            raise InputError([Problem(self.sheet, "", f"<{root.tag}>", message)])
        sections: dict[str, Element] = {}
        extra: list[OGElement] = []
        for child in root:
            if child.tag not in _SECTIONS:
                extra.append(_verbatim(child))
            elif child.tag in sections:
                self.problem(child.tag, None, f"the file has more than one <{child.tag}>")
            else:
                sections[child.tag] = child
        if "Players" not in sections:
            self.problem("", None, "no <Players> element: not an OpenGotha tournament file")
        players = self.players(sections.get("Players"))
        parameters, criteria, parameter_children = self.parameters(
            sections.get("TournamentParameterSet")
        )
        rounds = self.rounds(parameters)
        index = _KeyIndex(players)
        games = self.games(sections.get("Games"), index, rounds)
        byes = self.byes(sections.get("ByePlayers"), index, rounds)
        self.check_once_a_round(games, byes, index)
        if self.problems:
            raise InputError(self.problems)
        return OGTournament(
            attributes=dict(root.attrib),
            players=players,
            games=games,
            byes=byes,
            parameters=parameters,
            placement_criteria=criteria,
            parameter_children=parameter_children,
            extra=tuple(extra),
        )

    def players(self, section: Element | None) -> tuple[OGPlayer, ...]:
        if section is None:
            return ()
        players: list[OGPlayer] = []
        seen: dict[str, int] = {}
        for number, element in self.children(section, "Player"):
            where = f"Player {number}"
            attrs = dict(element.attrib)
            player = OGPlayer(
                name=self.take(attrs, "name", where),
                first_name=self.take(attrs, "firstName", where),
                rank=self.take(attrs, "rank", where),
                rating=self.take_int(attrs, "rating", where),
                club=self.take(attrs, "club", where, ""),
                country=self.take(attrs, "country", where, ""),
                egf_pin=self.take(attrs, "egfPin", where, ""),
                ffg_licence=self.take(attrs, "ffgLicence", where, ""),
                participating=self.take(attrs, "participating", where, ALL_ROUNDS),
                registering_status=self.take(attrs, "registeringStatus", where, "FIN"),
                smms_correction=self.take_int(attrs, "smmsCorrection", where, "0"),
                extra=attrs,
            )
            if "name" in element.attrib and not player.name.strip():
                self.problem(where, player.name, "the player has no name")
            if "rank" in element.attrib and not _RANK.fullmatch(player.rank.strip()):
                self.problem(where, player.rank, "not an OpenGotha rank (e.g. 10K, 3D, 1P)")
            if player.participating.strip("01"):
                self.problem(
                    where, player.participating, "participating must be a string of 0 and 1"
                )
            key = player_key(player)
            if key in seen:
                self.problem(
                    where, key, f"the same player key as Player {seen[key]} (name + first name)"
                )
            else:
                seen[key] = number
            players.append(player)
        return tuple(players)

    def resolve(self, index: _KeyIndex, key: str, where: str, role: str) -> None:
        if key and index.find(key) is None:
            self.problem(where, key, f"{role} is not a player of the file")

    def round_number(self, attrs: dict[str, str], where: str, rounds: int | None) -> int:
        text = attrs.get("roundNumber")
        number = self.take_int(attrs, "roundNumber", where)
        if text is None or not _INT.fullmatch(text.strip()):
            return number
        if number < 1:
            self.problem(where, text, "roundNumber must be 1 or more")
        elif rounds is not None and number > rounds:
            self.problem(where, text, f"round {number} is beyond the {rounds} rounds")
        return number

    def games(
        self, section: Element | None, index: _KeyIndex, rounds: int | None
    ) -> tuple[OGGame, ...]:
        if section is None:
            return ()
        games: list[OGGame] = []
        for number, element in self.children(section, "Game"):
            where = f"Game {number}"
            attrs = dict(element.attrib)
            round_number = self.round_number(attrs, where, rounds)
            table = self.take_int(attrs, "tableNumber", where)
            white = self.take(attrs, "whitePlayer", where)
            black = self.take(attrs, "blackPlayer", where)
            handicap = self.take_int(attrs, "handicap", where, "0")
            result = self.take(attrs, "result", where, "RESULT_UNKNOWN")
            known = self.take(attrs, "knownColor", where, "true")
            self.resolve(index, white, where, "whitePlayer")
            self.resolve(index, black, where, "blackPlayer")
            if white and white == black:
                self.problem(where, white, "a player cannot play against himself")
            if handicap < 0:
                self.problem(where, handicap, "handicap must be 0 or more")
            if result not in GAME_RESULTS:
                self.problem(where, result, "not an OpenGotha result code")
            if known not in ("true", "false"):
                self.problem(where, known, "knownColor must be true or false")
            games.append(
                OGGame(
                    round_number=round_number,
                    table_number=table,
                    white_key=white,
                    black_key=black,
                    handicap=handicap,
                    result=result,
                    known_color=known != "false",
                    extra=attrs,
                )
            )
        return tuple(games)

    def byes(
        self, section: Element | None, index: _KeyIndex, rounds: int | None
    ) -> tuple[OGBye, ...]:
        if section is None:
            return ()
        byes: list[OGBye] = []
        for number, element in self.children(section, "ByePlayer"):
            where = f"Bye {number}"
            attrs = dict(element.attrib)
            key = self.take(attrs, "player", where)
            round_number = self.round_number(attrs, where, rounds)
            self.resolve(index, key, where, "player")
            byes.append(OGBye(player_key=key, round_number=round_number, extra=attrs))
        return tuple(byes)

    def check_once_a_round(
        self, games: tuple[OGGame, ...], byes: tuple[OGBye, ...], index: _KeyIndex
    ) -> None:
        """No player in two games, or in a game and a bye, of the same round."""
        busy: dict[tuple[int, str], str] = {}
        entries = [
            (f"Game {n}", g.round_number, key)
            for n, g in enumerate(games, 1)
            for key in (g.white_key, g.black_key)
        ]
        entries += [(f"Bye {n}", b.round_number, b.player_key) for n, b in enumerate(byes, 1)]
        for where, round_number, key in entries:
            player = index.find(key)
            if player is None:
                continue
            slot = (round_number, player_key(player))
            if slot in busy:
                self.problem(
                    where, key, f"already in {busy[slot]}, of the same round {round_number}"
                )
            else:
                busy[slot] = where

    def parameters(
        self, section: Element | None
    ) -> tuple[dict[str, dict[str, str]], tuple[str, ...], dict[str, tuple[OGElement, ...]]]:
        parameters: dict[str, dict[str, str]] = {}
        criteria: tuple[str, ...] = ()
        others: dict[str, tuple[OGElement, ...]] = {}
        if section is None:
            self.problem("", None, "no <TournamentParameterSet> element")
            return parameters, criteria, others
        for element in section:
            if element.tag in parameters:
                self.problem(element.tag, None, f"the file has more than one <{element.tag}>")
                continue
            parameters[element.tag] = dict(element.attrib)
            kept: list[OGElement] = []
            for child in element:
                if element.tag == "PlacementParameterSet" and child.tag == "PlacementCriteria":
                    criteria = self.criteria(child)
                else:
                    kept.append(_verbatim(child))
            if kept:
                others[element.tag] = tuple(kept)
        return parameters, criteria, others

    def criteria(self, element: Element) -> tuple[str, ...]:
        numbered: dict[int, str] = {}
        for position, child in self.children(element, "PlacementCriterion"):
            where = f"PlacementCriterion {position}"
            attrs = dict(child.attrib)
            name = self.take(attrs, "name", where)
            number = self.take_int(attrs, "number", where)
            if "number" not in child.attrib or not _INT.fullmatch(child.attrib["number"]):
                continue
            if number < 1 or number in numbered:
                self.problem(where, number, "placement criterion numbers must be 1, 2, 3 …")
            numbered[number] = name
        return tuple(numbered[n] for n in sorted(numbered))

    def rounds(self, parameters: dict[str, dict[str, str]]) -> int | None:
        """The number of rounds, or None (with a problem) when it is missing or wrong."""
        general = parameters.get("GeneralParameterSet")
        if general is None:
            if parameters:
                self.problem("GeneralParameterSet", None, "no <GeneralParameterSet> element")
            return None
        text = general.get("numberOfRounds")
        where = "GeneralParameterSet"
        if text is None:
            self.problem(where, None, "missing required attribute 'numberOfRounds'")
        elif not _INT.fullmatch(text.strip()) or int(text) < 1:
            self.problem(where, text, "numberOfRounds must be a whole number, 1 or more")
        else:
            return int(text)
        return None


# ---------------------------------------------------------------------------------- writing


def write_opengotha(tournament: OGTournament) -> bytes:
    """The tournament as an OpenGotha file: UTF-8 XML in OpenGotha's own layout (its element
    and attribute names, attributes in alphabetical order, four-space indentation), which
    OpenGotha 3.5x opens. ``ByePlayers`` is written only when there are byes, as OpenGotha
    does; ``placement_criteria`` go into ``PlacementParameterSet`` (added, empty, if
    ``parameters`` lacks it); the root's other elements follow ``TournamentParameterSet`` in
    their order, but for ``Teams``, which OpenGotha writes before it.

    Raises ValueError if a value holds a character XML cannot carry (a control character).
    """
    t = tournament
    sections: list[OGElement] = [
        OGElement("Players", children=tuple(_player_element(p) for p in t.players)),
        OGElement("Games", children=tuple(_game_element(g) for g in t.games)),
    ]
    if t.byes:
        sections.append(OGElement("ByePlayers", children=tuple(_bye_element(b) for b in t.byes)))
    sections += [e for e in t.extra if e.tag in _BEFORE_PARAMETERS]
    parameter_sets: list[OGElement] = []
    parameters = dict(t.parameters)
    if t.placement_criteria and "PlacementParameterSet" not in parameters:
        parameters["PlacementParameterSet"] = {}
    for tag, attributes in parameters.items():
        children = list(t.parameter_children.get(tag, ()))
        if tag == "PlacementParameterSet" and t.placement_criteria:
            criteria = tuple(
                OGElement("PlacementCriterion", _sorted({"name": name, "number": str(n)}))
                for n, name in enumerate(t.placement_criteria, 1)
            )
            children.insert(0, OGElement("PlacementCriteria", children=criteria))
        parameter_sets.append(OGElement(tag, _sorted(attributes), tuple(children)))
    sections.append(OGElement("TournamentParameterSet", children=tuple(parameter_sets)))
    after = tuple(e for e in t.extra if e.tag not in _BEFORE_PARAMETERS)
    root = OGElement("Tournament", _sorted(t.attributes), (*sections, *after))
    lines = [_DECLARATION]
    _serialize(root, 0, lines)
    return "".join(lines).encode("utf-8")


def _sorted(attributes: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """OpenGotha's (Java DOM's) attribute order: by name."""
    return tuple(sorted(attributes.items()))


def _player_element(p: OGPlayer) -> OGElement:
    attributes = {
        **p.extra,
        "name": p.name,
        "firstName": p.first_name,
        "rank": p.rank,
        "rating": str(p.rating),
        "club": p.club,
        "country": p.country,
        "egfPin": p.egf_pin,
        "ffgLicence": p.ffg_licence,
        "participating": p.participating,
        "registeringStatus": p.registering_status,
        "smmsCorrection": str(p.smms_correction),
    }
    return OGElement("Player", _sorted(attributes))


def _game_element(g: OGGame) -> OGElement:
    attributes = {
        **g.extra,
        "roundNumber": str(g.round_number),
        "tableNumber": str(g.table_number),
        "whitePlayer": g.white_key,
        "blackPlayer": g.black_key,
        "handicap": str(g.handicap),
        "result": g.result,
        "knownColor": "true" if g.known_color else "false",
    }
    return OGElement("Game", _sorted(attributes))


def _bye_element(b: OGBye) -> OGElement:
    attributes = {**b.extra, "player": b.player_key, "roundNumber": str(b.round_number)}
    return OGElement("ByePlayer", _sorted(attributes))


def _escape(text: str, attribute: bool) -> str:
    bad = _ILLEGAL.search(text)
    if bad:
        raise ValueError(f"{text!r}: the character {bad.group()!r} cannot be written in XML")
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if attribute:
        text = text.replace('"', "&quot;").replace("\n", "&#10;").replace("\r", "&#13;")
        text = text.replace("\t", "&#9;")
    else:
        text = text.replace("\r", "&#13;")
    return text


def _serialize(element: OGElement, depth: int, out: list[str]) -> None:
    indent = _INDENT * depth
    attributes = "".join(f' {name}="{_escape(value, True)}"' for name, value in element.attributes)
    head = f"{indent}<{element.tag}{attributes}"
    text = _escape(element.text, False)
    if not element.children:
        out.append(f"{head}>{text}</{element.tag}>\n" if text else f"{head}/>\n")
        return
    out.append(f"{head}>{text}\n")
    for child in element.children:
        _serialize(child, depth + 1, out)
    out.append(f"{indent}</{element.tag}>\n")


def element_text(element: OGElement) -> str:
    """An element kept verbatim as one line of XML (for a workbook cell).

    >>> element_text(OGElement("A", (("b", "1 & 2"),), (OGElement("C"),)))
    '<A b="1 &amp; 2"><C/></A>'
    """
    attributes = "".join(f' {name}="{_escape(value, True)}"' for name, value in element.attributes)
    head = f"<{element.tag}{attributes}"
    inner = _escape(element.text, False) + "".join(element_text(c) for c in element.children)
    return f"{head}>{inner}</{element.tag}>" if inner else f"{head}/>"


def element_from_text(text: str, sheet: str, cell: str) -> OGElement:
    """The element :func:`element_text` wrote, read back as safely as a whole file (no
    document type, entity or external reference); a problem names ``sheet`` and ``cell``.

    >>> element_from_text('<A b="1 &amp; 2"><C/></A>', "OpenGotha", "D9").attributes
    (('b', '1 & 2'),)
    """
    try:
        return _verbatim(_parse(text.encode("utf-8"), sheet))
    except InputError as error:
        problems = [
            Problem(
                sheet, cell, p.value, p.message.replace("not an OpenGotha tournament file: ", "")
            )
            for p in error.problems
        ]
        raise InputError(problems) from None
