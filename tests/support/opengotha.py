"""OpenGotha files in tests (:mod:`gosheet.formats.opengotha`): a fixture read, a
tournament imported into a saved workbook and exported back, a small tournament made by
hand."""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path
from typing import Any

from gosheet.formats.opengotha.convert import from_opengotha, opengotha_book
from gosheet.formats.opengotha.export import to_opengotha
from gosheet.formats.opengotha.xml import OGPlayer, OGTournament, read_opengotha
from gosheet.workbook.xlsx import XlsxBook

from .paths import fixture

NOW = dt.datetime(2026, 5, 17, 9, 30, 0)
"""The export's clock (``saveDT``, ``beginDate``) in tests."""

PARAMETER_SETS = (
    "GeneralParameterSet",
    "HandicapParameterSet",
    "PlacementParameterSet",
    "PairingParameterSet",
    "DPParameterSet",
    "PublishParameterSet",
)
"""The parameter sets OpenGotha writes, in its order."""


def read_fixture(name: str) -> OGTournament:
    """The OpenGotha file ``NAME/NAME.xml`` of the fixtures, read."""
    return read_opengotha(fixture(name))


def imported_book(og: OGTournament, path: Path, **options: Any) -> Path:
    """The workbook of ``og`` (``from_opengotha(og, **options)``), saved at ``path`` and
    so written for real."""
    opengotha_book(from_opengotha(og, **options)).save(path)
    return path


def export(path: Path) -> OGTournament:
    """The saved workbook ``path`` exported as an OpenGotha tournament, at :data:`NOW`."""
    return to_opengotha(XlsxBook.open(path).grids(), source=path.name, now=NOW)


def small(**changes: Any) -> OGTournament:
    """A sparse OpenGotha tournament made by hand: 4 players (LEEANN 3K, KIMBO 1D, ITOYU
    5K, SATOJO 2K), 3 rounds, no game; ``changes`` replace its fields."""
    players = tuple(
        OGPlayer(name=n, first_name=f, rank=r, rating=rating)
        for n, f, r, rating in (
            ("Lee", "Ann", "3K", 1750),
            ("Kim", "Bo", "1D", 2100),
            ("Ito", "Yu", "5K", 1550),
            ("Sato", "Jo", "2K", 1850),
        )
    )
    base = OGTournament(
        attributes={"saveDT": "20250101000000"},
        players=players,
        parameters={
            "GeneralParameterSet": {"numberOfRounds": "3", "komi": "6.5", "name": "Small"},
            "HandicapParameterSet": {},
            "PlacementParameterSet": {},
            "PairingParameterSet": {},
        },
        placement_criteria=("MMS", "SOSM", "NULL", "NULL", "NULL", "NULL"),
    )
    return dataclasses.replace(base, **changes)
