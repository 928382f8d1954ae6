"""The choices of a new tournament, typed on the Control sheet of an Excel workbook: a label
(``System``, ``Rounds``, ``Language``, ``Type``) and its value in the cell to its right,
wherever they stand (the xlwings Lite workbook has them at ``E4:F7``, :data:`PLACE`). xlwings
Lite's scripts take no input but the workbook, so "New tournament" reads its choices there; an
empty value is the default (McMahon, its rounds, the workbook's language, individual).

>>> chosen([["", "", "", "", "System", "Swiss"], ["", "", "", "", "Rounds", 4.0],
...         ["", "", "", "", "Language", "Français"], ["", "", "", "", "Type", "teams"]])
Choices(system='swiss', game='go', rules='gosheet', rounds=4, komi=None, groups=None, \
name=None, seed=None, language='fr', template=None, type='teams', team_size=None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gosheet.app.files import OptionError
from gosheet.app.tournaments import Choices
from gosheet.core.systems import REGISTRY
from gosheet.core.teams.fields import TYPE_NAMES, parse_tournament_type
from gosheet.i18n import words
from gosheet.i18n.catalog import LANGUAGES, _

LABELS = ("System", "Rounds", "Language", "Type")
PLACE = (4, 5)  # the first label's row and column on Lite's Control sheet (E4), 1-based
DEFAULTS = {"System": "mcmahon", "Rounds": None, "Language": None, "Type": None}
"""What Lite's Control sheet shows first (None: empty, the default)."""


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def typed(grid: Sequence[Sequence[Any]]) -> dict[str, str]:
    """Each label's value on the sheet ``grid`` ('' : empty), the first of each label."""
    found: dict[str, str] = {}
    for row in grid:
        for i, cell in enumerate(row[:-1]):
            label = _text(cell).capitalize()
            if label in LABELS and label not in found:
                found[label] = _text(row[i + 1])
    return found


def chosen(grid: Sequence[Sequence[Any]] | None) -> Choices:
    """The choices typed on the sheet ``grid`` (None: no such sheet, every default); a value
    that fits none raises :class:`OptionError` naming it."""
    values = typed(grid or [])
    system = values.get("System", "").casefold().replace(" ", "").replace("-", "") or None
    if system is not None and system not in REGISTRY:
        raise OptionError(
            _("System: '{value}' is none of {systems}").format(
                value=values["System"], systems=", ".join(REGISTRY)
            )
        )
    rounds_text = values.get("Rounds", "")
    if rounds_text and not rounds_text.isdigit():
        raise OptionError(_("Rounds: '{value}' is not a number").format(value=rounds_text))
    kind = values.get("Type", "") or None
    if kind is not None:
        try:
            kind = parse_tournament_type(kind).value
        except ValueError:
            raise OptionError(
                _("Type: '{value}' is none of {types}").format(
                    value=kind, types=", ".join(TYPE_NAMES)
                )
            ) from None
    return Choices(
        system=system,
        rounds=int(rounds_text) if rounds_text else None,
        language=_language(values.get("Language", "")),
        type=kind,
    )


def _language(text: str) -> str | None:
    if not text:
        return None
    for code, name in words.LANGUAGE_NAMES.items():
        if text.casefold() in (code, name.casefold()):
            return code
    raise OptionError(
        _("Language: '{value}' is none of {languages}").format(
            value=text,
            languages=", ".join(f"{code} ({words.LANGUAGE_NAMES[code]})" for code in LANGUAGES),
        )
    )
