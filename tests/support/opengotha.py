"""OpenGotha files in tests (:mod:`gosheet.formats.opengotha`): a fixture read, a
tournament imported into a saved workbook and exported back, a small tournament made by
hand."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from gosheet import records
from gosheet.formats.opengotha.convert import from_opengotha, opengotha_book
from gosheet.formats.opengotha.export import to_opengotha
from gosheet.formats.opengotha.xml import OGPlayer, OGTournament, read_opengotha
from gosheet.workbook.xlsx.book import XlsxBook

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
    return records.replace(base, **changes)


_PAIRING = (
    'paiBaAvoidDuplGame="500000000000000" paiBaBalanceWB="1000000" paiBaDeterministic="true" '
    'paiBaRandom="0" paiMaAdditionalPlacementCritSystem1="{crit1}" '
    'paiMaAdditionalPlacementCritSystem2="{crit2}" paiMaAvoidMixingCategories="0" '
    'paiMaCompensateDUDD="true" paiMaDUDDLowerMode="MID" paiMaDUDDUpperMode="MID" '
    'paiMaDUDDWeight="100000000" paiMaLastRoundForSeedSystem1="1" '
    'paiMaMaximizeSeeding="5000000" paiMaMinimizeScoreDifference="100000000000" '
    'paiMaSeedSystem1="SPLITANDRANDOM" paiMaSeedSystem2="SPLITANDFOLD" '
    'paiSeAvoidSameGeo="100000000000" paiSeBarThresholdActive="true" '
    'paiSeDefSecCrit="100000000000" paiSeMinimizeHandicap="0" '
    'paiSeNbWinsThresholdActive="false" paiSePreferMMSDiffRatherThanSameClub="3" '
    'paiSePreferMMSDiffRatherThanSameCountry="1" paiSeRankThreshold="1D" '
    'paiStandardNX1Factor="0.5"'
)


def tournament_file(
    *,
    head: str = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n',
    root: str = 'dataVersion="201" fullVersionNumber="3.51.02" saveDT="20240101120000"',
    criteria: tuple[str, ...] = ("MMS", "SOSM", "SOSOSM"),
    crit1: str = "Rating",
    crit2: str = "NULL",
    general: str | None = None,
    pairing: str | None = None,
    encoding: str = "utf-8",
) -> bytes:
    """A small OpenGotha file: four players (two with accented names), two rounds of games,
    a bye, and the four parameter sets; ``head`` is what comes before ``<Tournament>``."""
    general = general or (
        'genMMBar="3D" genMMFloor="20K" genMMS2ValueAbsent="1" genMMS2ValueBye="2" '
        'genMMZero="30K" genNBW2ValueAbsent="0" genNBW2ValueBye="2" genRoundDownNBWMMS="true" '
        'komi="7.5" name="Vieux tournoi" numberOfCategories="1" numberOfRounds="3"'
    )
    pairing = pairing or _PAIRING.format(crit1=crit1, crit2=crit2)
    named = "".join(
        f'<PlacementCriterion name="{name}" number="{n}"/>'
        for n, name in enumerate((*criteria, *("NULL",) * (6 - len(criteria))), 1)
    )
    text = (
        f"{head}<Tournament {root}>\n<Players>\n"
        '<Player club="Pari" country="FR" firstName="Clé" name="Robin" rank="1K" rating="1950"/>\n'
        '<Player club="Lyon" country="FR" firstName="Jürgen" name="Müller" rank="2K"'
        ' rating="1850" participating="10111111111111111111"/>\n'
        '<Player club="Pari" country="FR" firstName="Ann" name="Lee" rank="3D" rating="2300"/>\n'
        '<Player club="Lyon" country="DE" firstName="Bo" name="Kim" rank="5K" rating="1550"/>\n'
        "</Players>\n<Games>\n"
        '<Game blackPlayer="ROBINCLÉ" handicap="0" knownColor="true" result="RESULT_WHITEWINS"'
        ' roundNumber="1" tableNumber="1" whitePlayer="LEEANN"/>\n'
        '<Game blackPlayer="KIMBO" handicap="2" knownColor="true" result="RESULT_BLACKWINS"'
        ' roundNumber="2" tableNumber="1" whitePlayer="ROBINCLÉ"/>\n'
        '<Game blackPlayer="MÜLLERJÜRGEN" handicap="0" knownColor="true"'
        ' result="RESULT_WHITEWINS_BYDEF" roundNumber="2" tableNumber="2" whitePlayer="LEEANN"/>\n'
        "</Games>\n<ByePlayers>\n"
        '<ByePlayer player="KIMBO" roundNumber="1"/>\n'
        "</ByePlayers>\n<TournamentParameterSet>\n"
        f"<GeneralParameterSet {general}/>\n"
        '<HandicapParameterSet hdBasedOnMMS="true" hdCeiling="9" hdCorrection="1"'
        ' hdNoHdRankThreshold="1D"/>\n'
        f"<PlacementParameterSet><PlacementCriteria>{named}</PlacementCriteria>"
        "</PlacementParameterSet>\n"
        f"<PairingParameterSet {pairing}/>\n"
        "</TournamentParameterSet>\n</Tournament>\n"
    )
    return text.encode(encoding)


OLD_HEAD = (
    '<?xml version="1.0" encoding="ISO-8859-1"?>\n<!DOCTYPE Tournament SYSTEM "tournament.dtd">\n'
)
OLD_ROOT = 'dataVersion="201" gothaMinorVersion="0" gothaVersion="346" saveDT="20120101120000"'
"""What an older OpenGotha wrote before and in ``<Tournament>`` (Latin-1, its DTD named)."""
