"""A word of the workbook in each language after English (:class:`Translated`), and a table of
such words by their English (:data:`Table`): the types of :mod:`gosheet.i18n.words` and of
the tables beside it (:mod:`gosheet.i18n.team_words`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict


class Translated(TypedDict):
    """A word in each language after English, by language (a missing one is a type error)."""

    ru: str
    fr: str
    ca: str


Table = Mapping[str, Translated]
