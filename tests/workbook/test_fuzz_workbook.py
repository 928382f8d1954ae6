"""Whatever is typed into a workbook, gosheet answers with a result or a clear
error (a GosheetError naming what is wrong) — never a crash."""

from __future__ import annotations

import copy
import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.books import play_rounds
from support.examples import examples
from support.paths import DEMO_ROSTER, fixture

from gosheet.app import actions
from gosheet.app.bridge import RecordingBook
from gosheet.core.errors import GosheetError
from gosheet.formats.opengotha.export import to_opengotha
from gosheet.frontends.cli import main
from gosheet.workbook.port import Grids
from gosheet.workbook.xlsx.book import XlsxBook


def _export(book: RecordingBook) -> None:
    """An OpenGotha export of the workbook (it writes nothing into the workbook)."""
    to_opengotha(book.grids(), source="book.xlsx")


ACTIONS = (
    actions.check,
    actions.update_standings,
    actions.pair,
    actions.simulate,
    actions.explain,
    _export,
)


def _grids(tmp_path_factory: pytest.TempPathFactory, *argv: str) -> Grids:
    path = tmp_path_factory.mktemp("fuzz") / "book.xlsx"
    assert main([argv[0], str(path), *argv[1:]]) == 0
    return XlsxBook.open(path).grids()


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> list[Grids]:
    mcmahon = _grids(tmp_path_factory, "demo", "--rounds", "3")
    fus_path = tmp_path_factory.mktemp("fus") / "fus.xlsx"
    roster = DEMO_ROSTER
    assert main(["import", str(roster), "-o", str(fus_path), "--system", "fus", "--seed", "1"]) == 0
    play_rounds(fus_path, 2)
    swiss_path = tmp_path_factory.mktemp("swiss") / "swiss.xlsx"
    assert main(["import", str(roster), "-o", str(swiss_path), "--game", "oware"]) == 0
    book = XlsxBook.open(swiss_path)
    actions.pair(book)
    book.save()
    opengotha = []
    for name in ("notsimplemm", "notsosimpleswiss"):
        path = tmp_path_factory.mktemp(name) / f"{name}.xlsx"
        source = fixture(name)
        assert main(["import", str(source), "-o", str(path), "--until-round", "3"]) == 0
        opengotha.append(XlsxBook.open(path).grids())
    return [
        mcmahon,
        XlsxBook.open(fus_path).grids(),
        XlsxBook.open(swiss_path).grids(),
        *opengotha,
    ]


TYPED = st.one_of(
    st.none(),
    st.text(max_size=12),
    st.sampled_from(
        [
            "1-0",
            "0-1",
            "=",
            "W+",
            "3k",
            "2d",
            "",
            " ",
            "bye",
            "Bye",
            "10p",
            "-5",
            "1/2",
            "½",
            "Round 1",
            "yes",
            "swiss",
            "fus",
            "nan",
            "inf",
            "1e400",
        ]
    ),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.datetimes(min_value=datetime.datetime(1900, 1, 1)),
)


@settings(
    max_examples=examples(300),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(data=st.data())
def test_any_typing_gives_a_result_or_a_clear_error(
    books: list[Grids], data: st.DataObject
) -> None:
    grids = copy.deepcopy(data.draw(st.sampled_from(books)))
    for _ in range(data.draw(st.integers(1, 3))):
        sheet = data.draw(st.sampled_from(sorted(grids)))
        rows = grids[sheet]
        if not rows:
            continue
        r = data.draw(st.integers(0, len(rows) - 1))
        c = data.draw(st.integers(0, max(len(rows[r]) - 1, 0)))
        while len(rows[r]) <= c:
            rows[r].append(None)
        # a typo, or a value that belongs elsewhere (another cell of the same sheet)
        elsewhere = [v for row in rows for v in row]
        rows[r][c] = data.draw(st.one_of(TYPED, st.sampled_from(elsewhere)))
    if data.draw(st.integers(0, 4)) == 0:  # sometimes a sheet goes missing or appears
        name = data.draw(st.sampled_from([*sorted(grids), "Round 9", "round 0", "Round x"]))
        if name in grids and data.draw(st.booleans()):
            del grids[name]
        else:
            grids[name] = [["Table", "White", "Black", "Result"], [1, "x", "y", "1-0"]]
    action = data.draw(st.sampled_from(ACTIONS))
    book = RecordingBook(grids)
    try:
        action(book)
    except GosheetError as error:
        assert str(error).strip(), "an error must say what is wrong"
        assert book.operations == [], "nothing may be written when an action fails"


@pytest.mark.parametrize("typed", ["1e400", float("inf"), float("nan"), 1e308, "-inf"])
@pytest.mark.parametrize("where", ["Settings", "Round 1"])
def test_huge_or_impossible_numbers_are_problems_not_crashes(
    books: list[Grids], typed: object, where: str
) -> None:
    """Found by the fuzz test: a komi of 1e400 overflowed while being read."""
    grids = copy.deepcopy(books[0])
    rows = grids[where]
    if where == "Settings":
        row = next(r for r in rows if r[0] == "Komi")
        row[1] = typed
    else:
        rows[1][rows[0].index("Komi")] = typed
    with pytest.raises(GosheetError, match=r"(?i)komi"):
        actions.check(RecordingBook(grids))
