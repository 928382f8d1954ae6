"""Reading the ``Settings`` sheet: each row's setting found by its label (in any spelling the
field table knows), its value read, every problem collected."""

from __future__ import annotations

from typing import Any

from gosheet.core.settings import Settings
from gosheet.core.settings_fields import FIELD_BY_LABEL
from gosheet.i18n.catalog import _
from gosheet.workbook.port import Rows
from gosheet.workbook.sheets import SETTINGS
from gosheet.workbook.sheets.reading import (
    ProblemList,
    blank,
    cell_text,
    error_value,
    text_too_long,
)
from gosheet.workbook.sheets.writable import MAX_TEXT
from gosheet.workbook.xlsx.parts.values import ErrorValue


def read_settings(grid: Rows | None, problems: ProblemList) -> tuple[Settings, dict[str, int]]:
    """The settings, and the 0-based row of each one found in the sheet."""
    rows: dict[str, int] = {}
    if grid is None:
        problems.add(SETTINGS, -1, 0, None, _("the sheet is missing"))
        return Settings(), rows
    values: dict[str, Any] = {}
    for r, row in enumerate(grid):
        label = cell_text(row[0]) if row else ""
        if (r == 0 and label.casefold() == "setting") or not label:
            continue
        field_ = FIELD_BY_LABEL.get(label.casefold())
        if field_ is None:
            problems.add(
                SETTINGS,
                r,
                0,
                label,
                _("unknown setting; known: {settings}").format(
                    settings=", ".join(f.label for f in FIELD_BY_LABEL.values())
                ),
            )
            continue
        if field_.attr in rows:
            problems.add(
                SETTINGS,
                r,
                0,
                label,
                _("set twice (also on row {row})").format(row=rows[field_.attr] + 1),
            )
            continue
        rows[field_.attr] = r
        value = row[1] if len(row) > 1 else None
        if isinstance(value, ErrorValue):
            problems.add(SETTINGS, r, 1, value, f"{field_.label}: {error_value(value)}")
            continue
        if isinstance(value, str) and len(value) > MAX_TEXT:
            problems.add(SETTINGS, r, 1, f"{value[:20]}…", text_too_long(value))
            continue
        if blank(value):
            if field_.attr == "rounds":  # Swiss: proposed at the first pairing
                values["rounds"] = None
            continue
        try:
            values[field_.attr] = field_.parse(value)
        except ValueError as error:
            problems.add(SETTINGS, r, 1, value, f"{field_.label}: {error}")
    try:
        return Settings.preset(**values), rows
    except ValueError as error:  # settings that do not go together
        label = str(error).split(":", 1)[0].casefold()
        attr = FIELD_BY_LABEL[label].attr if label in FIELD_BY_LABEL else ""
        where = rows.get(attr, -1)
        shown = values.get(attr) if where >= 0 else None
        problems.add(SETTINGS, where, 1, shown, str(error).split(":", 1)[-1].strip())
        return Settings(), rows
