"""The two public team files (issue 37's "done when"), judged by OpenGotha 3.51.02 itself:
``lgo2020`` (OpenGotha 3.51, 14 teams of 3, McMahon without handicap) and ``ull`` (OpenGotha
3.49, 7 teams of 4, Swiss, a team out each round; tests/fixtures/opengotha-teams/README.md).

Each is imported into a workbook and exported back; OpenGotha (``og-teams``) reads the export
as the same team tournament:

- its team standings of the export after every round equal its standings of the original
  file (the fixtures' ``NAME.standings.R<r>.txt``, OpenGotha's own output), the games it read
  with them;
- its re-pairing of every round of the export (``og-teams check``: the Pair button for the
  file's own matches, board-1 table order) gives what it gives on the original file with the
  jar's own colour rule (``NAME.check.new-detrandom.txt``): every pair, handicap and table,
  and the same colours — the jar pairs by 3.51.02's ``detRandom``; these files were paired by
  the older one, which gosheet keeps (``Team colours``), so the boards it colours otherwise
  are the same on both.

Needs OpenGotha (``GOSHEET_OPENGOTHA_JAR``, ``GOSHEET_OPENGOTHA_DRIVERS``), else skipped: a
JVM start a round (13 in all, about 25 s).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.og_teams_jar import FIXTURES, check_rows, fixture_answer, og_standings, og_teams
from support.opengotha import export
from support.opengotha_jar import OpenGotha, drivers

from gosheet.formats.opengotha.convert import from_opengotha, opengotha_book
from gosheet.formats.opengotha.xml import read_opengotha, write_opengotha

ROUNDS = {"lgo2020": 5, "ull": 6}


@pytest.fixture(scope="module")
def og() -> OpenGotha:
    return drivers()


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each file imported into a saved workbook, exported back by gosheet."""
    folder = tmp_path_factory.mktemp("teams")
    out = {}
    for name in ROUNDS:
        book = folder / f"{name}.xlsx"
        opengotha_book(from_opengotha(read_opengotha(FIXTURES / f"{name}.xml"))).save(book)
        xml = folder / f"{name}-gosheet.xml"
        xml.write_bytes(write_opengotha(export(book)))
        out[name] = xml
    return out


@pytest.mark.parametrize(
    ("name", "r"), [(name, r) for name, rounds in ROUNDS.items() for r in range(1, rounds + 1)]
)
def test_opengotha_ranks_the_export_as_the_file(
    og: OpenGotha, exported: dict[str, Path], name: str, r: int
) -> None:
    ours = og_standings(og, exported[name], r)
    theirs = fixture_answer(f"{name}.standings.R{r}")
    assert ours.standings == theirs.standings
    assert ours.matches == theirs.matches and ours.games == theirs.games
    assert len(theirs.standings) == {"lgo2020": 14, "ull": 7}[name]


@pytest.mark.parametrize("name", sorted(ROUNDS))
def test_opengotha_pairs_the_export_as_the_file(
    og: OpenGotha, exported: dict[str, Path], name: str
) -> None:
    ours = check_rows(og_teams(og, "check", exported[name]))
    theirs = check_rows((FIXTURES / f"{name}.check.new-detrandom.txt").read_text("utf-8"))
    assert ours == theirs
    total = ours[0][-1]
    games = {"lgo2020": 105, "ull": 72}[name]
    # every board: the same pair, handicap and table as in the file
    assert total[3:5] == [str(games)] * 2 and total[6:8] == [str(games)] * 2
