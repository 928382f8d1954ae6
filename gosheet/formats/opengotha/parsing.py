"""The XML of an OpenGotha file parsed safely: defusedxml refuses every document type,
entity and external reference (the one document type older OpenGotha versions wrote is set
aside before, :mod:`~gosheet.formats.opengotha.prolog`), and elements nested deeper than any
OpenGotha file are refused before anything walks the tree."""

from __future__ import annotations

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

from gosheet.core.errors import InputError, Problem
from gosheet.workbook import limits

__all__ = ["check_depth", "parse_xml"]


def check_depth(root: Element, sheet: str) -> None:
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
