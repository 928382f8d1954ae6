"""Read an OpenGotha file into :mod:`~gosheet.formats.opengotha.elements` dataclasses.

:func:`read_opengotha` parses with defusedxml and refuses any ``<!DOCTYPE>`` but the one older
OpenGotha versions wrote, which only names their DTD and is set aside unread
(:mod:`~gosheet.formats.opengotha.prolog`), so no entity is ever expanded and no external file
or DTD is ever read; it reports every problem of the file at once in one
:class:`~gosheet.core.errors.InputError`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from xml.etree.ElementTree import Element

from gosheet import records
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
from gosheet.formats.opengotha.parsing import check_depth, parse_xml
from gosheet.formats.opengotha.prolog import prepare
from gosheet.workbook import limits
from gosheet.workbook.limits.files import check_size, regular_file

__all__ = ["parse_xml", "read_opengotha", "verbatim"]

_INT = re.compile(r"[+-]?[0-9]+")
_SECTIONS = ("Players", "Games", "ByePlayers", "TournamentParameterSet")
#: The other elements OpenGotha reads (``importTeamsFromXMLFile``,
#: ``importTeamTournamentParameterSetFromXMLFile``, ``importClubsGroupsFromXMLFile``).
_OPENGOTHA_ALSO = ("Teams", "TeamTournamentParameterSet", "ClubsGroups")
_PARAMETER_SETS = (
    "GeneralParameterSet",
    "HandicapParameterSet",
    "PlacementParameterSet",
    "PairingParameterSet",
    "DPParameterSet",
    "PublishParameterSet",
)
#: OpenGotha's limits: its rounds (``Gotha.MAX_NUMBER_OF_ROUNDS``) and the ratings it holds
#: (``Player.MIN_RATING``, ``Player.MAX_RATING``: a rating beyond is taken as the limit).
MAX_ROUNDS = 20
MIN_RATING, MAX_RATING = -900, 2949
#: What OpenGotha's reader (``ExternalDocument.importPlayersFromXMLFile``,
#: ``importGamesFromXMLFile``, ``importByePlayersFromXMLFile``,
#: ``importTournamentParameterSetFromXMLFile``) takes for an attribute a file lacks.
PLAYER_READ_DEFAULTS = {"rank": "30K", "rating": str(MIN_RATING)}
GAME_READ_DEFAULTS = {"roundNumber": "1", "tableNumber": "1"}
BYE_READ_DEFAULTS = {"roundNumber": "1"}
ROUNDS_READ_DEFAULT = "5"


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
        path = regular_file(source, "tournament file")
        sheet = name or path.name
        try:
            check_size(path, limits.MAX_XML_BYTES, "tournament file")
            data = path.read_bytes()
        except OSError as error:
            raise FileProblem(f"{path}: cannot be read ({error.strerror or error})") from error
    data, notes = prepare(data)
    root = parse_xml(data, sheet)
    check_depth(root, sheet)
    tournament = _Reader(sheet).tournament(root)
    return records.replace(tournament, notes=notes + tournament.notes)


def verbatim(element: Element) -> OGElement:
    """An element and all it holds, kept as it is."""
    text = element.text or ""
    return OGElement(
        tag=element.tag,
        attributes=tuple(element.attrib.items()),
        children=tuple(verbatim(child) for child in element),
        text="" if not text.strip() else text,
    )


def without_byes(element: OGElement) -> OGElement | None:
    """An element kept verbatim without the ``ByePlayer`` elements it holds (read as byes,
    wherever they are, as OpenGotha reads them); None if nothing else is left of it."""
    if element.tag == "ByePlayer" and element.attributes:
        return None  # a bye
    children = tuple(c for c in map(without_byes, element.children) if c is not None)
    if element.tag == "ByePlayer" and not children and not element.text:
        return None  # Pairgoth's wrapper, emptied
    return records.replace(element, children=children)


class _Reader:
    """One reading: collects the problems while it builds the dataclasses."""

    def __init__(self, sheet: str) -> None:
        self.sheet = sheet
        self.problems: list[Problem] = []
        #: what was read as OpenGotha reads it (its defaults): what → the elements, by number
        self.defaults: dict[str, list[str]] = {}
        #: keys found as OpenGotha finds them: how → key → the player's name
        self.keys_found: dict[str, dict[str, str]] = {}
        #: games and byes OpenGotha leaves out (their players not found), as told
        self.left_out: list[str] = []
        #: the elements OpenGotha does not read, kept verbatim
        self.unknown: list[str] = []
        #: each game's and bye's place in the file ("Game 3"), by the object's id
        self.numbered: dict[int, str] = {}

    def read_as(self, where: str, what: str) -> None:
        """Tell (once per ``what``, with every element) that OpenGotha's reading was followed."""
        self.defaults.setdefault(what, []).append(where)

    def notes(self) -> tuple[str, ...]:
        notes = []
        if self.unknown:
            notes.append(
                "kept as they are in the OpenGotha sheet and written back, though neither "
                "OpenGotha nor gosheet reads them: " + ", ".join(self.unknown)
            )
        for what, places in self.defaults.items():
            shown = ", ".join(places[:3]) + (f" and {len(places) - 3} more" if places[3:] else "")
            notes.append(f"{shown}: {what}")
        for how, keys in self.keys_found.items():
            found = ", ".join(f"{key} is {name}" for key, name in keys.items())
            notes.append(f"players found {how}: {found}")
        if self.left_out:
            notes.append(
                "left out, as OpenGotha leaves them out when it opens the file: "
                + "; ".join(self.left_out)
            )
        return tuple(notes)

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
                kept = without_byes(verbatim(child))
                if kept is not None:
                    extra.append(kept)
                    if child.tag not in _OPENGOTHA_ALSO:
                        self.unknown.append(f"<{child.tag}>")
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
        index = KeyIndex(players)
        games = self.games(sections.get("Games"), index)
        byes = self.one_bye_a_round(self.byes(root, index), index)
        self.rounds(parameters, games, byes)
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
            notes=self.notes(),
        )

    def players(self, section: Element | None) -> tuple[OGPlayer, ...]:
        if section is None:
            return ()
        players: list[OGPlayer] = []
        seen: dict[str, int] = {}
        for number, element in self.children(section, "Player"):
            where = f"Player {number}"
            attrs = dict(element.attrib)
            for attribute, default in PLAYER_READ_DEFAULTS.items():
                if attribute not in attrs:
                    self.read_as(where, f"no {attribute}, read as {default} (as OpenGotha does)")
            rating = self.take_int(attrs, "rating", where, PLAYER_READ_DEFAULTS["rating"])
            if not MIN_RATING <= rating <= MAX_RATING:
                limit = min(max(rating, MIN_RATING), MAX_RATING)
                self.read_as(
                    where,
                    f"a rating beyond OpenGotha's {MIN_RATING} to {MAX_RATING}, read as the "
                    "limit (as OpenGotha does)",
                )
                rating = limit
            player = OGPlayer(
                name=self.take(attrs, "name", where),
                first_name=self.take(attrs, "firstName", where),
                rank=self.take(attrs, "rank", where, PLAYER_READ_DEFAULTS["rank"]),
                rating=rating,
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

    def resolve(self, index: KeyIndex, key: str, where: str, role: str) -> bool:
        """Whether ``key`` names a player, found as OpenGotha finds him (:class:`KeyIndex`);
        a key found otherwise than as written is told in the notes, one not found leaves
        its game or bye out, as OpenGotha does."""
        player, how = index.found(key)
        if player is None:
            self.left_out.append(f"{where}: {role} {key!r} names no player of the file")
            return False
        if how:
            self.keys_found.setdefault(how, {})[key] = f"{player.name} {player.first_name}"
        return True

    def defaulted(self, attrs: dict[str, str], where: str, defaults: dict[str, str]) -> None:
        """Fill in what OpenGotha takes for the attributes ``attrs`` lacks, told in the notes."""
        for attribute, default in defaults.items():
            if attribute not in attrs:
                attrs[attribute] = default
                self.read_as(where, f"no {attribute}, read as {default} (as OpenGotha does)")

    def round_number(self, attrs: dict[str, str], where: str) -> int:
        text = attrs.get("roundNumber")
        number = self.take_int(attrs, "roundNumber", where)
        if text is None or not _INT.fullmatch(text.strip()):
            return number
        if number < 1:
            self.problem(where, text, "roundNumber must be 1 or more")
        elif number > MAX_ROUNDS:
            self.problem(where, text, f"round {number} is beyond OpenGotha's {MAX_ROUNDS} rounds")
        return number

    def games(self, section: Element | None, index: KeyIndex) -> tuple[OGGame, ...]:
        if section is None:
            return ()
        games: list[OGGame] = []
        for number, element in self.children(section, "Game"):
            where = f"Game {number}"
            attrs = dict(element.attrib)
            self.defaulted(attrs, where, GAME_READ_DEFAULTS)
            round_number = self.round_number(attrs, where)
            table = self.take_int(attrs, "tableNumber", where)
            white = self.take(attrs, "whitePlayer", where, "")
            black = self.take(attrs, "blackPlayer", where, "")
            handicap = self.take_int(attrs, "handicap", where, "0")
            result = self.take(attrs, "result", where, "RESULT_UNKNOWN")
            known = self.take(attrs, "knownColor", where, "true")
            told = f"{where} (round {round_number}, table {table})"
            if not all(
                self.resolve(index, key, told, role)
                for key, role in ((white, "whitePlayer"), (black, "blackPlayer"))
            ):
                continue
            if white and white == black:
                self.problem(where, white, "a player cannot play against himself")
            if handicap < 0:
                self.problem(where, handicap, "handicap must be 0 or more")
            if result not in GAME_RESULTS:
                self.read_as(
                    where, f"result {result!r}, no result code of OpenGotha's, read as no result"
                )
                result = "RESULT_UNKNOWN"
            if known not in ("true", "false"):
                self.read_as(where, f"knownColor {known!r} read as true (as OpenGotha does)")
                known = "true"
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
            self.numbered[id(games[-1])] = where
        return tuple(games)

    def byes(self, root: Element, index: KeyIndex) -> tuple[OGBye, ...]:
        """Every ``ByePlayer`` of the file, at any depth, in file order, as OpenGotha's
        ``importByePlayersFromXMLFile`` takes them (``getElementsByTagName``): so also
        Pairgoth's, a ``<ByePlayer>`` wrapping one ``<ByePlayer player=… roundNumber=…/>`` a
        bye. A wrapper names no player and is no bye; a bye whose player is not found is left
        out, as OpenGotha leaves it out."""
        byes: list[OGBye] = []
        section = root.find("ByePlayers")
        if section is not None:
            for child in section:
                if child.tag != "ByePlayer":
                    self.problem(section.tag, child.tag, "unexpected element in <ByePlayers>")
        number = 0
        for element in root.iter("ByePlayer"):
            if "player" not in element.attrib and element.find("ByePlayer") is not None:
                self.read_as(
                    "<ByePlayer>",
                    "Pairgoth's byes (one <ByePlayer> holding one <ByePlayer> a bye) read as "
                    "OpenGotha reads them, and written back in OpenGotha's <ByePlayers>",
                )
                continue  # Pairgoth's wrapper
            number += 1
            where = f"Bye {number}"
            attrs = dict(element.attrib)
            self.defaulted(attrs, where, BYE_READ_DEFAULTS)
            key = self.take(attrs, "player", where, "")
            round_number = self.round_number(attrs, where)
            if self.resolve(index, key, f"{where} (round {round_number})", "player"):
                byes.append(OGBye(player_key=key, round_number=round_number, extra=attrs))
                self.numbered[id(byes[-1])] = where
        return tuple(byes)

    def one_bye_a_round(self, byes: tuple[OGBye, ...], index: KeyIndex) -> tuple[OGBye, ...]:
        """OpenGotha keeps one bye player a round, the last its file names
        (``importByePlayersFromXMLFile``): an earlier one of the same round is left out."""
        last = {b.round_number: n for n, b in enumerate(byes)}

        def name(bye: OGBye) -> str:
            player = index.find(bye.player_key)
            return f"{player.name} {player.first_name}" if player else bye.player_key

        for n, b in enumerate(byes):
            kept = byes[last[b.round_number]]
            if last[b.round_number] != n:
                self.left_out.append(
                    f"the bye of {name(b)} in round {b.round_number} (OpenGotha keeps a "
                    f"round's last bye, {name(kept)}'s)"
                )
        return tuple(b for n, b in enumerate(byes) if last[b.round_number] == n)

    def check_once_a_round(
        self, games: tuple[OGGame, ...], byes: tuple[OGBye, ...], index: KeyIndex
    ) -> None:
        """No player in two games, or in a game and a bye, of the same round."""
        busy: dict[tuple[int, str], str] = {}
        entries = [
            (self.numbered[id(g)], g.round_number, key)
            for g in games
            for key in (g.white_key, g.black_key)
        ]
        entries += [(self.numbered[id(b)], b.round_number, b.player_key) for b in byes]
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
            if element.tag not in _PARAMETER_SETS:
                self.unknown.append(f"<{element.tag}> in <TournamentParameterSet>")
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

    def rounds(
        self,
        parameters: dict[str, dict[str, str]],
        games: tuple[OGGame, ...],
        byes: tuple[OGBye, ...],
    ) -> None:
        """The number of rounds as OpenGotha reads it: 5 when the file does not say
        (``importTournamentParameterSetFromXMLFile``), raised to the last round of a game or
        a bye (``Tournament.updateNumberOfRoundsIfNecesary``); written into ``parameters``."""
        general = parameters.get("GeneralParameterSet")
        where = "GeneralParameterSet"
        if general is None:
            if parameters:
                self.problem(where, None, "no <GeneralParameterSet> element")
            return
        text = general.get("numberOfRounds")
        if text is None:
            self.read_as(
                where, f"no numberOfRounds, read as {ROUNDS_READ_DEFAULT} (as OpenGotha does)"
            )
            text = ROUNDS_READ_DEFAULT
        if not _INT.fullmatch(text.strip()) or not 1 <= int(text) <= MAX_ROUNDS:
            self.problem(
                where, text, f"numberOfRounds must be a whole number from 1 to {MAX_ROUNDS}"
            )
            return
        rounds = int(text)
        rounds_given = [g.round_number for g in games] + [b.round_number for b in byes]
        last = max(rounds_given, default=0)
        if last > rounds:
            self.read_as(
                where,
                f"numberOfRounds {rounds} raised to {last}, the last round of a game or a bye "
                "(as OpenGotha does)",
            )
            rounds = last
        if str(rounds) != general.get("numberOfRounds"):
            general["numberOfRounds"] = str(rounds)
