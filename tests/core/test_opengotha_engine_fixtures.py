"""OpenGotha's own tournaments re-paired round by round (issue: "its pairings reproduced").

For each of the four OpenGotha files in ``tests/fixtures/opengotha`` (Pairgoth's test data,
Apache-2.0; written by OpenGotha 3.48–3.52) and each round r: the tournament as it stood
before round r (the file imported with ``until_round = r - 1``) is paired again, and

- every pair's cost, criterion by criterion, equals OpenGotha's weight dump
  (``<name>_weights_R<r>.txt``) within 10;
- the pairs, colours and handicaps equal OpenGotha's — except in a round whose optimum is a
  tie, where OpenGotha's pairing must have exactly the same total cost as gosheet's;
- the bye goes to the player OpenGotha gave it to.

The same is checked through the workbook: ``gosheet import FILE.xml -o BOOK.xlsx
--until-round r-1`` then ``gosheet pair BOOK.xlsx``, reading the new round sheet back.

Every test runs on both paths of the engine: numpy's and pure Python's
(:mod:`support.engine_paths`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.engine_paths import engine_path, on_both
from support.opengotha import read_fixture
from support.opengotha_jar import Weights, read_weights
from support.paths import FEWEST_WINS_BYES, PAIRGOTH, TOULOUSE, fixture

from gosheet.core.model import Tournament
from gosheet.core.opengotha import engine
from gosheet.core.opengotha.costs import CRITERIA
from gosheet.formats.opengotha.convert import from_opengotha
from gosheet.formats.opengotha.xml import OGTournament, player_key
from gosheet.frontends.cli import main
from gosheet.records import replace
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.xlsx.book import XlsxBook

NAMES = PAIRGOTH
#: Rounds whose optimum is a tie: OpenGotha's matching and gosheet's pick different pairings
#: of exactly the same total cost (checked below, not assumed).
TIES = {("simplemm", 3), ("simpleswiss", 7), ("notsosimpleswiss", 4),
        ("notsosimpleswiss", 6), ("notsosimpleswiss", 7)}  # fmt: skip
TOLERANCE = 10


def rounds_of(name: str) -> list[tuple[str, int]]:
    return [(name, r) for r in range(1, read_fixture(name).number_of_rounds + 1)]


CASES = [case for name in NAMES for case in rounds_of(name)]
#: Rounds the pure path pairs otherwise than OpenGotha, only for a tie of equal weight that
#: networkx settles otherwise than rustworkx (until gosheet's own matching settles ties).
PURE_TIES: set[tuple[str, int]] = set()


def case_id(case: tuple[str, int]) -> str:
    return f"{case[0]}-R{case[1]}"


@pytest.fixture
def path(request: pytest.FixtureRequest) -> Iterator[str]:
    """The engine's path: "numpy" or "pure"."""
    with engine_path(request.param):
        yield request.param


def weight_dump(name: str, r: int) -> Weights:
    """The dump: for each pair of full names ("Name FirstName"), each criterion's cost."""
    dump = fixture(name, f"{name}_weights_R{r}.txt")
    assert dump.read_text("utf-8").splitlines()[:2] == [f"Round {r}", "Costs"]
    return read_weights(dump)


def before(name: str, r: int) -> tuple[OGTournament, Tournament, dict[str, int]]:
    og = read_fixture(name)
    t = from_opengotha(og, until_round=r - 1).tournament
    if name in FEWEST_WINS_BYES:
        t = replace(t, settings=t.settings.replace(bye_rule="fewest wins"))
    numbers = {player_key(p): i for i, p in enumerate(og.players, start=1)}
    assert [p.surname for p in t.players] == [p.name for p in og.players]
    return og, t, numbers


def recorded(og: OGTournament, numbers: dict[str, int], r: int) -> dict[frozenset[int], tuple]:
    return {
        frozenset((numbers[g.white_key], numbers[g.black_key])): (
            numbers[g.white_key],
            numbers[g.black_key],
            g.handicap,
        )
        for g in og.games
        if g.round_number == r
    }


@pytest.mark.parametrize(("name", "r", "path"), on_both(CASES, ids=case_id), indirect=["path"])
def test_every_pair_costs_what_opengotha_dumped(name: str, r: int, path: str) -> None:
    _, t, _ = before(name, r)
    prepared = engine.prepare(t)
    xp = prepared.info.xp
    i, j = engine.all_pairs(xp.arange(prepared.paired, dtype=xp.int64))
    costs = prepared.costs(i, j)
    dump = weight_dump(name, r)
    full = [f"{p.surname} {p.first_name}" for p in prepared.info.players]
    assert len(i) == len(dump), "the players paired are those OpenGotha paired"
    for k, (a, b) in enumerate(zip(i.tolist(), j.tolist(), strict=True)):
        expected = dump[frozenset((full[a], full[b]))]
        got = {c: int(costs[c][k]) for c in CRITERIA}
        for c in CRITERIA:
            assert abs(got[c] - expected[c]) <= TOLERANCE, (full[a], full[b], c)
        assert abs(1 + sum(got.values()) - expected["totalCost"]) <= TOLERANCE


@pytest.mark.parametrize(
    ("name", "r", "path"), on_both(CASES, PURE_TIES, ids=case_id), indirect=["path"]
)
def test_pairs_colours_handicaps_and_bye_are_opengothas(name: str, r: int, path: str) -> None:
    og, t, numbers = before(name, r)
    pairing = engine.pair(t)
    ours = {frozenset((g.white, g.black)): (g.white, g.black, g.handicap) for g in pairing.games}
    theirs = recorded(og, numbers, r)
    assert set(pairing.byes) == {numbers[b.player_key] for b in og.byes if b.round_number == r}
    if (name, r) not in TIES:
        assert ours == theirs
        return
    assert set(ours) != set(theirs), "listed as a tie, but the pairings are equal now"
    weighing = engine.weigh(t)

    def total(pairs: set[frozenset[int]]) -> int:
        values = [weighing.of(*sorted(p)) for p in pairs]
        assert all(v is not None for v in values)
        return sum(weighing.weights.pack(v) for v in values if v is not None)

    assert total(set(ours)) == total(set(theirs))


@pytest.mark.parametrize(
    ("name", "r", "path"),
    on_both([(n, r) for n, r in CASES if (n, r) not in TIES], PURE_TIES, ids=case_id),
    indirect=["path"],
)
def test_import_until_round_then_pair_gives_opengothas_round(
    tmp_path: Path, name: str, r: int, path: str
) -> None:
    book = tmp_path / "book.xlsx"
    source = fixture(name)
    if name in FEWEST_WINS_BYES:  # the version that asks for its bye rule
        text = source.read_text("utf-8")
        assert 'fullVersionNumber="3.51.02"' in text
        source = tmp_path / source.name
        source.write_text(text.replace('fullVersionNumber="3.51.02"', 'fullVersionNumber="3.52"'))
    assert main(["import", str(source), "-o", str(book), "--until-round", str(r - 1)]) == 0
    assert main(["pair", str(book)]) == 0
    state = read_book(XlsxBook.open(book).grids())
    played = state.tournament.rounds[r - 1]
    og = read_fixture(name)
    numbers = {player_key(p): i for i, p in enumerate(og.players, start=1)}
    assert {
        frozenset((g.white, g.black)): (g.white, g.black, g.handicap) for g in played.games
    } == recorded(og, numbers, r)
    assert set(played.byes) == {numbers[b.player_key] for b in og.byes if b.round_number == r}


@pytest.mark.parametrize(
    ("r", "path"), on_both([(r,) for r in range(1, 7)], ids=lambda c: f"R{c[0]}"), indirect=["path"]
)
def test_a_real_tournament_with_clubs_and_handicaps(r: int, path: str) -> None:
    """Toulouse 2024 (38 players, 6 rounds, 6 clubs, handicaps up to 9): rounds 1 and 2 are
    OpenGotha's pairings exactly. Rounds 3 to 6 in the file weigh less under OpenGotha's
    criteria than gosheet's pairing (by 3.7·10^7 to 5.1·10^9), although OpenGotha's own
    costs of round 3 agree with gosheet's (next test): the file's later rounds were not left
    as OpenGotha paired them (the file was edited since: a player counted in round 3's groups
    is absent from it in the file). Recorded so that a change of the costs shows."""
    og, t, numbers = before(TOULOUSE, r)
    pairing = engine.pair(t)
    ours = {frozenset((g.white, g.black)): (g.white, g.black, g.handicap) for g in pairing.games}
    theirs = recorded(og, numbers, r)
    if r <= 2:
        assert ours == theirs
        return
    weighing = engine.weigh(t)

    def total(pairs: set[frozenset[int]]) -> int:
        position = weighing.position
        values = [weighing.of(*sorted(p)) for p in pairs]
        assert all(v is not None for v in values) and all(n in position for p in pairs for n in p)
        return sum(weighing.weights.pack(v) for v in values if v is not None)

    assert total(set(ours)) > total(set(theirs))


#: From OpenGotha's weight dump of round 3 of this tournament (Pairgoth's
#: ``Toulouse2024_weights_R3.txt``, Apache-2.0): pair, then draw-up/down, seeding,
#: geography, score difference, colour balance. The geography of several clubs (same club,
#: players above the bar, both strong) is what the four other files do not exercise.
TOULOUSE_R3 = [
    ("Bilodeau Florent", "juh tae hwan", 0, 2777778, 100000000000, 100000000000, 0),
    ("Bilodeau Florent", "EVAIN Andéol", 0, 5000000, 100000000000, 100000000000, 0),
    ("Bilodeau Florent", "juh seivin", 0, 4444445, 100000000000, 100000000000, 0),
    ("Bilodeau Florent", "MENON Jean-François", 51250000, 0, 100000000000, 97829861111, 0),
    ("Bilodeau Florent", "Dufour Thomas", 47500000, 0, 100000000000, 97829861111, 0),
    ("Bilodeau Florent", "Nguyen_The Minh", 62500000, 0, 50000000000, 97829861111, 0),
    ("Bilodeau Florent", "Jaskolski Aliocha", 50000000, 0, 100000000000, 95486111111, 500000),
    ("Bilodeau Florent", "PUYAUBREAU Nicolas", 30000000, 0, 55000434028, 92968750000, 0),
    ("Bilodeau Florent", "BROUARD David", 47500000, 0, 50000000000, 92968750000, 0),
    ("Bilodeau Florent", "PORTAL Jean-Jacques", 27500000, 0, 55000434028, 90277777777, 0),
    ("Bilodeau Florent", "Le_Flochmoen Eric", 29642857, 0, 55000434028, 87413194444, 0),
    ("Bilodeau Florent", "mendes nell", 22500000, 0, 50000000000, 29079861111, 0),
    ("juh tae hwan", "Nguyen_The Minh", 60000000, 0, 50000000000, 97829861111, 0),
    ("juh tae hwan", "PUYAUBREAU Nicolas", 27500000, 0, 55000434028, 92968750000, 0),
    ("juh tae hwan", "TRIKI Johan", 28571428, 0, 55000434028, 87413194444, 0),
]


@pytest.mark.parametrize("path", ["numpy", "pure"], indirect=True)
def test_a_real_tournament_round_3_costs_are_opengothas(path: str) -> None:
    """The sampled pairs of OpenGotha's dump for round 3 cost the same in gosheet. (One pair
    of that dump, Bilodeau–CALLENS Fabien, differs by 5·10^6 in draw-up/down: OpenGotha then
    counted Lopez, absent in the saved file, in CALLENS's score group — the file was edited
    after that pairing, which is also why its rounds 3–6 are not OpenGotha's optimum.)"""
    _, t, _ = before(TOULOUSE, 3)
    prepared = engine.prepare(t)
    position = {f"{p.surname} {p.first_name}": k for k, p in enumerate(prepared.info.players)}
    names = ("mainDUDDCost", "mainSeedCost", "secGeoCost", "mainScoreDiffCost", "baseBWBalanceCost")
    for first, second, *expected in TOULOUSE_R3:
        a, b = sorted((position[first], position[second]))
        xp = prepared.info.xp
        costs = prepared.costs(xp.array([a], dtype=xp.int64), xp.array([b], dtype=xp.int64))
        got = [int(costs[n][0]) for n in names]
        assert all(abs(g - e) <= TOLERANCE for g, e in zip(got, expected, strict=True)), (
            first,
            second,
            got,
            expected,
        )
