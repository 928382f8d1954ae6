"""Read an OpenGotha file into :mod:`~gosheet.formats.opengotha.elements` dataclasses.

:func:`read_opengotha` parses with defusedxml and refuses any ``<!DOCTYPE>`` but the one older
OpenGotha versions wrote, which only names their DTD and is set aside unread
(:mod:`~gosheet.formats.opengotha.prolog`), so no entity is ever expanded and no external file
or DTD is ever read; it reports every problem of the file at once in one
:class:`~gosheet.core.errors.InputError`.
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Iterator
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
from gosheet.formats.opengotha.elements import (
    ALL_ROUNDS,
    GAME_RESULTS,
    KeyIndex,
    OGBye,
    OGElement,
    OGGame,
    OGPlayer,
    OGTournament,
    player_key,
)
from gosheet.formats.opengotha.prolog import prepare
from gosheet.workbook import limits

__all__ = ["parse_xml", "read_opengotha", "verbatim"]

_RANK = re.compile(r"[1-9][0-9]?[KkDdPp]")
_INT = re.compile(r"[+-]?[0-9]+")
_SECTIONS = ("Players", "Games", "ByePlayers", "TournamentParameterSet")


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
        path = limits.regular_file(source, "tournament file")
        sheet = name or path.name
        try:
            limits.check_size(path, limits.MAX_XML_BYTES, "tournament file")
            data = path.read_bytes()
        except OSError as error:
            raise FileProblem(f"{path}: cannot be read ({error.strerror or error})") from error
    data, notes = prepare(data)
    root = parse_xml(data, sheet)
    _check_depth(root, sheet)
    tournament = _Reader(sheet).tournament(root)
    return dataclasses.replace(tournament, notes=notes + tournament.notes)


def _check_depth(root: Element, sheet: str) -> None:
    """Refuse elements nested deeper than any OpenGotha file (checked without recursion,
    before anything recursive walks the tree)."""
    stack = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        if depth > limits.MAX_XML_DEPTH:
            message = (
                f"elements nested more than {limits.MAX_XML_DEPTH} deep (<{element.tag}>); "
                "OpenGotha's files nest 4 deep, so the file is refused"
            )
            raise InputError([Problem(sheet, "", None, message)])
        stack.extend((child, depth + 1) for child in element)


def parse_xml(data: bytes, sheet: str) -> Element:
    """The root element, parsed without expanding any entity or reading anything else."""
    try:
        root: Element = _defused_fromstring(
            data, forbid_dtd=True, forbid_entities=True, forbid_external=True
        )
        return root
    except DTDForbidden as error:
        message = (
            "has a document type declaration (<!DOCTYPE …>, where XML entities and external "
            "references are declared) other than the one older OpenGotha versions wrote "
            '(<!DOCTYPE Tournament SYSTEM "tournament.dtd">, which only names a DTD), so the '
            "file is refused without reading or expanding anything it declares"
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


def verbatim(element: Element) -> OGElement:
    """An element and all it holds, kept as it is."""
    text = element.text or ""
    return OGElement(
        tag=element.tag,
        attributes=tuple(element.attrib.items()),
        children=tuple(verbatim(child) for child in element),
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
                extra.append(verbatim(child))
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
        index = KeyIndex(players)
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

    def resolve(self, index: KeyIndex, key: str, where: str, role: str) -> None:
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
        self, section: Element | None, index: KeyIndex, rounds: int | None
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
        self, section: Element | None, index: KeyIndex, rounds: int | None
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
        self, games: tuple[OGGame, ...], byes: tuple[OGBye, ...], index: KeyIndex
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
                    kept.append(verbatim(child))
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
