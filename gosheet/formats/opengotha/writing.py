"""Write :mod:`~gosheet.formats.opengotha.elements` dataclasses as an OpenGotha file, in
OpenGotha's own layout (same elements, attributes and order), and elements as one line of XML
for a workbook cell.
"""

from __future__ import annotations

import re

from gosheet.core.errors import InputError, Problem
from gosheet.formats.opengotha.elements import OGBye, OGElement, OGGame, OGPlayer, OGTournament
from gosheet.formats.opengotha.reading import parse_xml, verbatim

__all__ = ["element_from_text", "element_text", "write_opengotha"]

_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
_INDENT = "    "
# Characters XML 1.0 cannot carry at all (not even as a character reference).
_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
# root elements OpenGotha writes before TournamentParameterSet (the others come after it)
_BEFORE_PARAMETERS = ("Teams",)


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
        return verbatim(parse_xml(text.encode("utf-8"), sheet))
    except InputError as error:
        problems = [
            Problem(
                sheet, cell, p.value, p.message.replace("not an OpenGotha tournament file: ", "")
            )
            for p in error.problems
        ]
        raise InputError(problems) from None
