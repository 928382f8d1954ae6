"""The gosheet extension in real LibreOffice.

One headless ``soffice`` for the module, on a profile of its own in a temporary
directory, with the extension installed by :func:`install_extension` (as
``gosheet libreoffice install`` does): gosheet runs inside LibreOffice's own Python,
from the extension. Each test opens a workbook, runs actions exactly as the menu
does — the menu's script URL dispatched to the document's frame — saves a copy, and
reads it back with gosheet's own file reader; the pairs, standings and every other
value are those of the ``gosheet`` command on the same workbook.
``soffice`` is always terminated, whatever happens.

Missing LibreOffice, python3-uno or the Python script provider skips these tests,
unless ``GOSHEET_REQUIRE_SOFFICE=1`` (CI), which makes them fail instead.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from python_calamine import CalamineWorkbook
from support.libreoffice import ODS, XLSX, require_office
from support.paths import DEMO_ROSTER

from gosheet.frontends.cli import main
from gosheet.frontends.libreoffice.build import (
    ACTIONS,
    MACRO_PYTHONPATH,
    REHEARSAL,
    menu_entries,
    menu_url,
    script_url,
)
from gosheet.frontends.libreoffice.office import (
    LibreOfficeError,
    Office,
    group_alive,
)
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.xlsx.book import XlsxBook

if str(MACRO_PYTHONPATH) not in sys.path:
    sys.path.append(str(MACRO_PYTHONPATH))  # as LibreOffice does for the macro script
from gosheet_lo.marks import MARK_COLOR, NOTE_PREFIX

from gosheet.workbook.port import Grid, Grids

PAIR, STANDINGS, CHECK, EXPLAIN = (script_url(f) for f, _, _ in ACTIONS[1:5])


@pytest.fixture(scope="module")
def office_installs() -> int:
    return 2  # installed again: an update replaces the extension


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``cup.xlsx``: 23 players, round 1 paired and played, 4 rounds."""
    folder = tmp_path_factory.mktemp("books")
    cup = folder / "cup.xlsx"
    assert main(["import", str(DEMO_ROSTER), "-o", str(cup), "--rounds", "4", "--seed", "3"]) == 0
    assert main(["pair", str(cup)]) == 0
    assert main(["simulate", str(cup)]) == 0
    return folder


def _copy(source: Path, target: Path) -> Path:
    shutil.copyfile(source, target)
    return target


def _with_result(source: Path, target: Path, cell: str, value: str) -> Path:
    book = load_workbook(source)
    book["Round 1"][cell] = value
    book.save(target)
    return target


def _act(
    office: Office,
    book: Path,
    url: str | None,
    out: Path | None = None,
) -> dict[str, Any]:
    """Open ``book``, run the action at ``url`` as the menu does, save a copy to ``out``:
    the document's state before (``opened``) and after (``state``), the ``outcome``."""
    steps: dict[str, dict[str, Any]] = {
        "open": {"do": "open", "path": str(book)},
        "opened": {"do": "state"},
    }
    if url is not None:
        steps["dispatch"] = {"do": "dispatch", "url": url}
    steps["state"] = {"do": "state"}
    if out is not None:
        kind = ODS if out.suffix == ".ods" else XLSX
        steps["store"] = {"do": "store", "path": str(out), "filter": kind}
    steps["close"] = {"do": "close"}
    found = _run(office, list(steps.values()))
    named = dict(zip(steps, found, strict=True))
    if url is not None:
        named["outcome"] = json.loads(named["dispatch"]["result"])
    return named


def _run(office: Office, steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The steps' results; whatever happens, no document is left open."""
    try:
        return office.check(steps)
    finally:
        with suppress(LibreOfficeError):  # a crashed office says so in the first error
            office.run([{"do": "close_all"}])


def _trim(grid: Sequence[Sequence[Any]]) -> Grid:
    """A sheet's values without trailing empty rows and columns ('' read as empty)."""
    rows = [[None if v == "" else v for v in row] for row in grid]
    rows = [[int(v) if isinstance(v, float) and v.is_integer() else v for v in r] for r in rows]
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    width = max((i + 1 for r in rows for i, v in enumerate(r) if v is not None), default=0)
    return [r[:width] + [None] * (width - len(r[:width])) for r in rows]


def _values(path: Path) -> Grids:
    """Every sheet's values, read by gosheet's reader (.xlsx) or python-calamine (.ods)."""
    if path.suffix == ".xlsx":
        grids = XlsxBook.open(path).grids()
    else:
        book = CalamineWorkbook.from_path(str(path))
        grids = {
            name: book.get_sheet_by_name(name).to_python(skip_empty_area=False)
            for name in book.sheet_names
        }
    return {name: _trim(grid) for name, grid in grids.items()}


def _cli(command: str, book: Path) -> Path:
    assert main([command, str(book)]) == 0
    return book


# ------------------------------------------------------------------ the tests


def test_the_menu_and_the_toolbar_are_installed(office: Office) -> None:
    [addons] = office.check([{"do": "addons"}])
    [menu] = addons["menus"].values()
    assert menu["Title"] == "~gosheet"
    assert [(i["URL"], i["Title"]) for i in menu["items"]] == menu_entries()
    assert (menu_url("simulate"), REHEARSAL[1]) == menu_entries()[-1]
    assert (menu_url("export_opengotha"), "Export to ~OpenGotha (.xml)") in menu_entries()
    [toolbar] = addons["toolbars"].values()
    assert [i["Title"] for i in toolbar] == [title for _, _, title in ACTIONS]
    assert toolbar[1]["URL"] == menu_url("pair")


def test_pair_gives_what_gosheet_pair_gives(office: Office, books: Path, tmp_path: Path) -> None:
    cup = books / "cup.xlsx"
    found = _act(office, cup, PAIR, tmp_path / "lo.xlsx")
    assert found["outcome"] == {
        "ok": True,
        "message": found["outcome"]["message"],
        "problems": [],
        "action": "pair",
    }
    assert found["outcome"]["message"].startswith("Round 2 paired: 11 games")
    state = found["state"]
    assert state["undo"][0] == "gosheet: Pair next round"  # one step, undone at once
    assert state["active"] == "Round 2"
    assert state["sheets"] == ["Settings", "Players", "Round 1", "Round 2", "Standings"]

    expected = _values(_cli("pair", _copy(cup, tmp_path / "cli.xlsx")))
    assert _values(tmp_path / "lo.xlsx") == expected  # every sheet, every value

    read_book(XlsxBook.open(tmp_path / "lo.xlsx").grids())  # a workbook gosheet reads
    ws = load_workbook(tmp_path / "lo.xlsx")["Round 2"]
    assert ws["A1"].value == "Table" and ws["A1"].font.b
    assert ws["A1"].fill.fgColor.rgb == "FFDDE4EE"
    assert ws["H1"].value == "Result" and ws["H2"].number_format == "@"
    assert ws["H12"].number_format == "@"  # the last game's result: typed as text
    [dropdown] = ws.data_validations.dataValidation
    assert str(dropdown.sqref) == "H2:H12"
    assert dropdown.formula1 == '"1-0,0-1,½-½,0-0,1-0!,0-1!,0-0!"'
    assert [round(ws.column_dimensions[c].width) for c in "ABCDE"] == [7, 24, 7, 24, 7]
    assert ws.print_title_rows == "$1:$1"
    assert ws.page_setup.fitToWidth == 1 and ws.page_setup.fitToHeight == 0
    assert ws.oddHeader.center.text == "Go tournament — round 2"  # black, not white on white
    assert ws.oddFooter.center.text == "&P / &N"  # page / pages
    assert load_workbook(tmp_path / "lo.xlsx")["Standings"].page_setup.orientation == "landscape"


def test_explain_gives_what_gosheet_explain_gives(
    office: Office, books: Path, tmp_path: Path
) -> None:
    """The Explain sheet of the last round, as ``gosheet explain`` writes it; the
    tournament's own sheets untouched."""
    cup = books / "cup.xlsx"
    assert EXPLAIN.endswith("$ExplainRound?language=Python&location=user:uno_packages")
    found = _act(office, cup, EXPLAIN, tmp_path / "lo.xlsx")
    assert found["outcome"] == {
        "ok": True,
        "message": "Round 1 explained: gosheet pairs it the same way now.",
        "problems": [],
        "action": "explain",
    }
    state = found["state"]
    assert state["undo"][0] == "gosheet: Explain the last round"
    assert state["active"] == "Explain"
    assert state["sheets"] == ["Settings", "Players", "Round 1", "Standings", "Explain"]
    expected = _values(_cli("explain", _copy(cup, tmp_path / "cli.xlsx")))
    got = _values(tmp_path / "lo.xlsx")
    assert got == expected  # every sheet, every value
    assert {k: v for k, v in got.items() if k != "Explain"} == _values(cup)
    ws = load_workbook(tmp_path / "lo.xlsx")["Explain"]
    assert ws["A1"].font.b and ws.print_title_rows == "$1:$1"


def test_explain_without_a_round_changes_nothing(
    office: Office, books: Path, tmp_path: Path
) -> None:
    fresh = tmp_path / "fresh.xlsx"
    assert main(["import", str(DEMO_ROSTER), "-o", str(fresh), "--rounds", "4", "--seed", "3"]) == 0
    found = _act(office, fresh, EXPLAIN)
    assert found["outcome"] == {
        "ok": False,
        "message": "no round is paired yet: pair round 1 first",
        "problems": [],
        "action": "explain",
    }
    assert not found["state"]["modified"]
    assert found["state"]["undo"] == found["opened"]["undo"] == []
    assert found["state"]["sheets"] == found["opened"]["sheets"]


def test_standings_give_what_gosheet_standings_gives(
    office: Office, books: Path, tmp_path: Path
) -> None:
    """Two corrected results, each in another spelling (rewritten as 0-1 and 1-0): the
    results of tables 1 and 2 reversed, so that the standings change."""
    before = _values(books / "cup.xlsx")
    first, second = before["Round 1"][1][7], before["Round 1"][2][7]
    typed = {"1-0": ("B+", "0-1"), "0-1": ("w+r", "1-0")}
    assert first in typed and second in typed, (first, second)
    edited = _with_result(books / "cup.xlsx", tmp_path / "edited.xlsx", "H2", typed[first][0])
    edited = _with_result(edited, edited, "H3", typed[second][0])
    found = _act(office, edited, STANDINGS, tmp_path / "lo.xlsx")
    assert found["outcome"]["ok"], found["outcome"]
    assert found["outcome"]["message"] == "Standings updated."
    expected = _values(_cli("standings", _copy(edited, tmp_path / "cli.xlsx")))
    got = _values(tmp_path / "lo.xlsx")
    assert got == expected
    assert [got["Round 1"][1][7], got["Round 1"][2][7]] == [typed[first][1], typed[second][1]]
    assert got["Standings"] != before["Standings"]


def test_simulate_gives_what_gosheet_simulate_gives(
    office: Office, books: Path, tmp_path: Path
) -> None:
    paired = _cli("pair", _copy(books / "cup.xlsx", tmp_path / "paired.xlsx"))
    found = _act(office, paired, script_url(REHEARSAL[0]), tmp_path / "lo.xlsx")
    assert found["outcome"]["ok"], found["outcome"]
    assert found["outcome"]["message"] == "11 empty results filled."
    assert found["state"]["active"] == "Round 2"  # where the results were written
    expected = _values(_cli("simulate", _copy(paired, tmp_path / "cli.xlsx")))
    assert _values(tmp_path / "lo.xlsx") == expected


def test_an_ods_workbook_gives_the_same_round_and_standings(
    office: Office, books: Path, tmp_path: Path
) -> None:
    cup_ods = tmp_path / "cup.ods"
    _act(office, books / "cup.xlsx", None, cup_ods)  # the same workbook, as .ods
    found = _act(office, cup_ods, PAIR, tmp_path / "lo.ods")
    assert found["outcome"]["ok"], found["outcome"]
    got = _values(tmp_path / "lo.ods")
    expected = _values(_cli("pair", _copy(books / "cup.xlsx", tmp_path / "cli.xlsx")))
    assert got["Round 2"] == expected["Round 2"]
    assert got["Standings"] == expected["Standings"]
    assert got == expected
    read_book(got)  # gosheet reads the .ods LibreOffice wrote


def test_the_script_provider_runs_the_same_macro(office: Office, books: Path) -> None:
    """``XScriptProvider.getScript(url).invoke()`` — the other way to call a macro."""
    results = _run(
        office,
        [
            {"do": "open", "path": str(books / "cup.xlsx")},
            {"do": "invoke", "url": CHECK},
            {"do": "state"},
            {"do": "close"},
        ],
    )
    assert json.loads(results[1]["result"]) == {
        "ok": True,
        "message": "No problems: 23 players, 1 round paired.",
        "problems": [],
        "action": "check",
    }
    assert not results[2]["modified"]  # a clean check changes nothing


@pytest.mark.parametrize("url", [PAIR, STANDINGS], ids=["pair", "standings"])
def test_a_bad_result_leaves_the_workbook_untouched(
    office: Office, books: Path, tmp_path: Path, url: str
) -> None:
    bad = _with_result(books / "cup.xlsx", tmp_path / "bad.xlsx", "H3", "2-0")
    control = _act(office, bad, None, tmp_path / "control.xlsx")
    found = _act(office, bad, url, tmp_path / "after.xlsx")
    outcome = found["outcome"]
    assert not outcome["ok"]
    assert [(p["sheet"], p["cell"], p["value"]) for p in outcome["problems"]] == [
        ("Round 1", "H3", "2-0")
    ]
    assert "Round 1!H3: '2-0': not a result code" in outcome["message"]
    assert "Traceback" not in outcome["message"]
    assert not found["state"]["modified"]
    assert found["state"]["undo"] == found["opened"]["undo"] == []
    assert found["state"]["sheets"] == control["state"]["sheets"]
    assert _values(tmp_path / "after.xlsx") == _values(tmp_path / "control.xlsx")


def test_check_marks_bad_cells_and_a_clean_check_clears_the_marks(
    office: Office, books: Path, tmp_path: Path
) -> None:
    bad = _with_result(books / "cup.xlsx", tmp_path / "bad.xlsx", "H3", "2-0")
    cell = {"do": "cell", "sheet": "Round 1", "cell": "H3"}
    other = {"do": "cell", "sheet": "Round 1", "cell": "H4"}
    results = _run(
        office,
        [
            {"do": "open", "path": str(bad)},
            other,
            {"do": "dispatch", "url": CHECK},
            cell,
            other,
            {"do": "state"},
            {"do": "store", "path": str(tmp_path / "marked.xlsx"), "filter": XLSX},
            {"do": "set", "sheet": "Round 1", "cell": "H3", "value": "1-0"},  # fixed
            {"do": "dispatch", "url": CHECK},
            cell,
            {"do": "state"},
            {"do": "store", "path": str(tmp_path / "clean.xlsx"), "filter": XLSX},
            {"do": "close"},
        ],
    )
    unmarked = results[1]
    outcome = json.loads(results[2]["result"])
    assert not outcome["ok"]
    assert outcome["problems"][0]["cell"] == "H3"
    assert "Cells marked in red: 1" in outcome["message"]
    marked = results[3]
    assert marked["value"] == "2-0"  # the value itself untouched
    assert marked["back_color"] == MARK_COLOR
    assert marked["note"].startswith(NOTE_PREFIX + "Round 1!H3: '2-0': not a result code")
    assert results[4] == unmarked  # only the bad cell
    assert results[5]["undo"][0] == "gosheet: Check the workbook"
    assert "gosheet marks" in results[5]["properties"]
    ws = load_workbook(tmp_path / "marked.xlsx")["Round 1"]
    assert ws["H3"].fill.fgColor.rgb == "FFFFC7CE"

    assert json.loads(results[8]["result"])["ok"]
    cleared = results[9]
    assert cleared["value"] == "1-0"
    assert cleared["back_color"] == unmarked["back_color"]
    assert cleared["note"] == ""
    assert "gosheet marks" not in results[10]["properties"]
    values = _values(tmp_path / "clean.xlsx")
    assert values == _values(_with_result(bad, tmp_path / "fixed.xlsx", "H3", "1-0"))


def test_soffice_is_terminated_whatever_happens(tmp_path: Path) -> None:
    require_office()
    with pytest.raises(RuntimeError, match="a test failed"), Office(tmp_path / "p") as office:
        assert office.process is not None
        group = office.process.pid
        assert group_alive(group)
        raise RuntimeError("a test failed")
    assert not group_alive(group)


def test_a_french_workbook_is_answered_in_french(office: Office, tmp_path: Path) -> None:
    """The macros speak through the bridge: gosheet's answer brings its messages and the macros' own
    words in the workbook's language (docs/languages.md), down to the Undo entry."""
    cup = tmp_path / "coupe.xlsx"
    options = ["--rounds", "4", "--seed", "3", "--language", "fr"]
    assert main(["import", str(DEMO_ROSTER), "-o", str(cup), *options]) == 0
    found = _act(office, cup, PAIR, tmp_path / "lo.xlsx")
    assert found["outcome"]["ok"], found["outcome"]
    assert found["outcome"]["message"].startswith("Ronde 1 appariée : ")
    assert found["state"]["undo"][0] == "gosheet: Apparier la ronde suivante"
    assert found["state"]["active"] == "Ronde 1"

    bad = tmp_path / "bad.xlsx"
    book = load_workbook(tmp_path / "lo.xlsx")
    book["Ronde 1"]["H2"] = "2-0"
    book.save(bad)
    checked = _act(office, bad, CHECK)["outcome"]
    assert not checked["ok"]
    assert checked["message"].startswith("1 problème trouvé")
    assert "Ronde 1!H2: '2-0': n'est pas un code de résultat" in checked["message"]
    assert checked["message"].endswith(
        "Cellules marquées en rouge : 1 ; un commentaire sur chacune dit ce qui ne va pas."
    )
