"""OpenGotha files ranked by the Strasbourg score (STS, SOSTS), the cup score (CPS) or
OpenGotha V4's Breizh criteria (BZS, SOSB, SOSOSB): they import, show their criteria, and
export them back; gosheet's standings of them are OpenGotha's own, order and values
(OpenGotha's ``.h9``, from its ``og-export`` driver: GOSHEET_OPENGOTHA_JAR)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.og_criteria import (
    opengotha_jar,
    opengotha_pairing,
    opengotha_standings,
    tournament_xml,
)
from support.opengotha import tournament_file

from gosheet.app.exchange import export_opengotha, import_opengotha
from gosheet.app.tournaments import Choices
from gosheet.app.workbooks import update_standings
from gosheet.core.kinds import System
from gosheet.core.model import Tournament
from gosheet.core.opengotha.engine import pair
from gosheet.core.opengotha.placement import Placement
from gosheet.formats.opengotha.convert import from_opengotha
from gosheet.formats.opengotha.xml import read_opengotha
from gosheet.workbook.xlsx.book import XlsxBook

BREIZH = ("BZS", "SOSB", "SOSOSB")


@pytest.mark.parametrize(
    ("criteria", "system"),
    [
        (("MMS", "STS", "SOSTS"), System.MCMAHON),
        (("STS", "SOSTS"), System.SWISS),  # OpenGotha's tournamentType: not McMahon
        (("CPS",), System.SWISS),
        (BREIZH, System.SWISS),
    ],
)
def test_every_criterion_opengotha_names_imports_and_exports_back(
    tmp_path: Path, criteria: tuple[str, ...], system: System
) -> None:
    made = import_opengotha(tournament_file(criteria=criteria), tmp_path / "t.xlsx")
    assert made.settings.opengotha.placement == criteria
    assert made.settings.system is system
    settings = dict((row[0], row[1]) for row in XlsxBook.open(made.path).grids()["Settings"] if row)
    assert settings["Placement criteria"] == ", ".join(criteria)
    written = export_opengotha(made.path, None).data.decode()
    for n, name in enumerate(criteria, 1):
        assert f'<PlacementCriterion name="{name}" number="{n}"/>' in written
    told = [line for line in made.lines if "Breizh" in line]
    if criteria == BREIZH:  # one warning, naming them and what gosheet ranks by
        assert told == [
            "Placement criteria BZS, SOSB, SOSOSB: OpenGotha V4's Breizh criteria, which "
            "gosheet does not compute (nor does OpenGotha 3.5x); kept in Settings, and "
            "'gosheet export' writes them back; gosheet ranks by NBW, SOSW, SOSOSW instead."
        ]
    else:
        assert told == []


def test_the_standings_sheet_names_the_strasbourg_score_in_the_workbooks_language(
    tmp_path: Path,
) -> None:
    source = tournament_file(criteria=("STS", "SOSTS"))
    made = import_opengotha(source, tmp_path / "t.xlsx", Choices(language="fr"))
    update_standings(made.path)
    standings = XlsxBook.open(made.path).grids()["Classement"]
    headers = next(row for row in standings if row and "Nom" in row)
    assert headers[-2:] == ["Score Strasbourg", "SOS Strasbourg"]


# -------------------------------------------------------------------- against OpenGotha
CASES = [
    (("STS", "SOSTS"), False),
    (("STS", "SOSTS", "SOSM"), True),  # unplayed games count half: SOSTS reads 0 STS
    (("CPS", "NBW", "SOSW"), False),
    (("MMS", "STS", "CPS"), False),
]


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize(("criteria", "half"), CASES)
def test_the_standings_are_opengothas_own(
    tmp_path: Path, criteria: tuple[str, ...], half: bool, seed: int
) -> None:
    """Eleven players over five rounds, paired at random (a bye, an absence, jigos,
    forfeits, handicaps), Abe and Baker winning the rounds that earn Strasbourg bonuses:
    OpenGotha's places, names and values of every criterion, line by line."""
    jar = opengotha_jar()
    xml = tmp_path / f"criteria{seed}.xml"
    xml.write_text(tournament_xml(seed, criteria, half=half), encoding="utf-8")
    theirs = opengotha_standings(jar, xml, len(criteria), 5, tmp_path / "build")
    t = from_opengotha(read_opengotha(xml)).tournament
    ours = [(s.place, t.player(s.number).surname, s.values) for s in Placement(t).standings(4)]
    assert ours == theirs


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("criteria", [("CPS", "NBW", "SOSW"), ("STS", "SOSTS")])
def test_cups_and_strasbourg_are_paired_as_opengotha_pairs_them(
    tmp_path: Path, criteria: tuple[str, ...], seed: int
) -> None:
    """CPS first makes the pairing's groups (OpenGotha's ``mainCriterion``, from 0 to
    2^(round - 1)); STS never does (the wins then make them). Ten players (one absent in
    round 2, with a bye then), rounds 3 to 5 paired from the state before each: gosheet's
    pairing weighs what OpenGotha's does by OpenGotha's own weights (3.52's costs), so it
    is OpenGotha's or a tie with it."""
    jar = opengotha_jar()
    xml = tmp_path / f"paired{seed}.xml"
    xml.write_text(tournament_xml(seed, criteria, players=10), encoding="utf-8")
    full = from_opengotha(read_opengotha(xml)).tournament
    for number in (3, 4, 5):
        theirs, weights = opengotha_pairing(jar, xml, number, tmp_path / "build")
        before = Tournament(full.settings, full.players, full.rounds[: number - 1])
        ours = {
            frozenset(before.player(n).name for n in (g.white, g.black)) for g in pair(before).games
        }
        shown = {" – ".join(sorted(p)): weights[p] for p in ours ^ theirs}
        assert sum(map(weights.__getitem__, ours)) == sum(map(weights.__getitem__, theirs)), (
            f"round {number}: the pairs that differ, by OpenGotha's weights: {shown}"
        )
