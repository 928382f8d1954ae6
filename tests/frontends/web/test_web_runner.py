"""What the page's buttons run (gosheet/frontends/web/runner.py), here in CPython: the same
words as the command, the same workbook as the command writes, the problems with every cell
and then nothing to download. The browser runs this very module in Pyodide
(test_web_page.py)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.books import BOOK, ROSTER_CSV, damage
from support.cli import cli, cli_ok
from support.codes import read_codes, rendered
from support.ods_files import demo_copy
from support.paths import ROOT
from support.printing import needs_poppler

from gosheet.frontends.web import runner


def values(data: bytes) -> dict[str, list[tuple[object, ...]]]:
    """Every sheet's cell values."""
    book = load_workbook(io.BytesIO(data))
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in book.worksheets}


def command_lines(out: str) -> list[str]:
    """What the command printed, without the line saying where it saved."""
    return [line for line in out.splitlines() if line and not line.startswith("Saved ")]


@pytest.mark.parametrize("action", ["pair", "standings", "simulate", "explain"])
def test_a_button_writes_what_the_command_writes(
    action: str, open_book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = open_book.read_bytes()
    if action in ("simulate", "explain"):  # a round to simulate, to explain
        cli_ok(capsys, "pair", open_book)
        data = open_book.read_bytes()
    answer = runner.run(action, data, BOOK)
    out = cli_ok(capsys, action, open_book)
    assert answer.code == 0
    assert answer.name == BOOK and answer.data is not None
    assert answer.mime == runner.XLSX
    assert values(answer.data) == values(open_book.read_bytes())
    assert answer.lines == command_lines(out)


def test_check_says_what_the_command_says_and_downloads_nothing(
    open_book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answer = runner.run("check", open_book.read_bytes(), BOOK)
    out = cli_ok(capsys, "check", open_book)
    assert answer.code == 0 and answer.data is None and answer.name is None
    assert answer.lines[1:] == out.splitlines()[1:]
    assert answer.lines[0] == out.splitlines()[0].replace(str(open_book), BOOK)


def test_problems_every_cell_as_the_command_prints_them(
    open_book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def spoil(workbook: object) -> None:
        players = workbook["Players"]  # type: ignore[index]
        players["C2"] = "not a rank"
        players["C3"] = "nor this"

    damage(open_book, spoil)
    data = open_book.read_bytes()
    for action in ("pair", "check", "standings", "print"):
        answer = runner.run(action, data, BOOK)
        code, _out, err = cli(capsys, action, open_book)
        assert answer.code == code == 1
        assert answer.data is None and answer.name is None
        assert "\n".join(answer.lines) == err.strip()
        assert "Players!C2" in err and "Players!C3" in err


def test_a_roster_starts_a_tournament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    answer = runner.run("new", ROSTER_CSV.encode("utf-8"), "club.csv")
    assert answer.code == 0, answer.lines
    assert answer.name == "club.xlsx" and answer.data is not None
    roster = tmp_path / "club.csv"
    roster.write_text(ROSTER_CSV, encoding="utf-8")
    cli_ok(capsys, "import", roster, "-o", tmp_path / "club.xlsx")
    made = values((tmp_path / "club.xlsx").read_bytes())
    assert values(answer.data)["Players"] == made["Players"]
    assert answer.lines[0].startswith("Wrote club.xlsx: 9 players")
    assert runner.new_name("club.xlsx") == "club.tournament.xlsx"


def test_a_new_tournaments_system_and_rounds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    options = runner.Options("swiss", 4)
    answer = runner.run("new", ROSTER_CSV.encode("utf-8"), "club.csv", "en", options)
    assert answer.code == 0, answer.lines
    roster = tmp_path / "club.csv"
    roster.write_text(ROSTER_CSV, encoding="utf-8")
    cli_ok(capsys, "import", roster, "-o", tmp_path / "c.xlsx", "--system", "swiss", "--rounds", 4)

    def settings(data: bytes) -> list[tuple[object, ...]]:  # the seed is drawn anew
        return [row for row in values(data)["Settings"] if row[0] != "Random seed"]

    assert settings(answer.data or b"") == settings((tmp_path / "c.xlsx").read_bytes())
    refused = runner.run("new", ROSTER_CSV.encode(), "club.csv", "en", runner.Options(None, 0))
    code, _out, err = cli(capsys, "import", roster, "-o", tmp_path / "d.xlsx", "--rounds", 0)
    assert refused.code == code == 2  # the command adds its usage line
    assert err.strip().endswith(refused.lines[0].removeprefix("gosheet: "))
    assert refused.data is None


def test_exports_and_pages(demo_book: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = demo_book.read_bytes()
    for action, suffix in (("h9", ".h9"), ("tou", ".tou"), ("xml", ".xml")):
        answer = runner.run(action, data, BOOK)
        assert answer.code == 0, answer.lines
        target = demo_book.with_suffix(suffix)
        cli_ok(capsys, "export", demo_book, "-o", target)
        assert answer.name == "cup" + suffix
        if action == "xml":  # OpenGotha's file says when it was written
            assert len(answer.data or b"") > 1000
        else:
            assert answer.data == target.read_bytes()
            assert answer.mime == "text/plain;charset=iso-8859-15"  # as the file is written
    pages = runner.run("publish", data, BOOK)
    assert pages.name == "cup.pages.zip" and pages.data is not None
    cli_ok(capsys, "publish", demo_book, "-o", demo_book.parent / "site")
    with zipfile.ZipFile(io.BytesIO(pages.data)) as archive:
        assert {name: archive.read(name) for name in archive.namelist()} == {
            p.name: p.read_bytes() for p in (demo_book.parent / "site").iterdir()
        }
    pack = runner.run("print", data, BOOK)
    assert pack.name == "cup.pack.pdf" and (pack.data or b"").startswith(b"%PDF")


@needs_poppler
def test_the_address_for_qr_codes(demo_book: Path, tmp_path: Path) -> None:
    """The page's address field (``url`` in the options JSON) is the command's ``--url``:
    QR codes in the pack (read back from its pages) and on the pages; a bad one is the
    command's usage error, nothing to download."""
    data, site = demo_book.read_bytes(), "https://go.example.org/demo/"
    options = runner.options_of(json.dumps({"system": "", "rounds": "", "url": site}))
    pack = runner.run("print", data, BOOK, options=options)
    assert pack.code == 0 and pack.data is not None
    (tmp_path / "pack.pdf").write_bytes(pack.data)
    first = read_codes(rendered(tmp_path / "pack.pdf", dpi=72)[0])
    assert first == [site + "round-5.html"]
    pages = runner.run("publish", data, BOOK, options=options)
    with zipfile.ZipFile(io.BytesIO(pages.data or b"")) as archive:
        assert 'class="qr"' in archive.read("round-5.html").decode()
    plain = runner.run("print", data, BOOK, options=runner.options_of("{}"))
    assert plain.data is not None and plain.data != pack.data
    bad = runner.run("publish", data, BOOK, options=runner.Options(url="go.example.org"))
    assert bad.code == 2 and bad.data is None and "--url" in bad.lines[0]


def test_the_answer_as_the_worker_hands_it(tmp_path: Path, open_book: Path) -> None:
    target = tmp_path / "out"
    answer = json.loads(runner.run_file("pair", str(open_book), BOOK, "fr", str(target)))
    assert answer["code"] == 0 and answer["name"] == BOOK and "data" not in answer
    assert target.read_bytes().startswith(b"PK")
    refused = json.loads(runner.run_file("pair", str(tmp_path / "out"), "x.txt", "en", "-"))
    assert refused["code"] != 0 and refused["name"] is None


def test_an_unexpected_error_is_one_line_and_nothing_downloaded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(data: bytes, name: str, given: runner.Given) -> runner.Answer:
        raise RuntimeError("a bug")

    monkeypatch.setitem(runner.ACTIONS, "check", broken)
    answer = runner.run("check", b"", BOOK)
    assert answer.code == 70 and answer.data is None
    assert len(answer.lines) == 1 and "failed unexpectedly (RuntimeError" in answer.lines[0]


@pytest.mark.parametrize(("language", "wanted"), [("fr", ("1-0", "0-1")), ("en", ("0-1", "0-1"))])
def test_the_page_reads_b_in_the_workbooks_language(
    tmp_path: Path, language: str, wanted: tuple[str, str]
) -> None:
    """Issue 27: in a French workbook ``B+`` is White's win (blanc), ``N+`` Black's (noir)."""
    from support.books import demo_in

    from gosheet.i18n import words

    book = demo_in(tmp_path, language, 3)
    sheet = words.local("Round {n}", language, words.SHEETS).replace("{n}", "1")
    wb = load_workbook(book)
    wb[sheet]["H2"], wb[sheet]["H3"] = "B+", "N+"
    wb.save(book)
    answer = runner.run("standings", book.read_bytes(), book.name)
    assert answer.code == 0 and answer.data is not None
    rows = values(answer.data)[sheet]
    assert (rows[1][7], rows[2][7]) == wanted


def test_an_ods_workbook_is_opened_and_comes_back_an_ods(tmp_path: Path) -> None:
    """docs/web.md names ``.ods`` among the workbooks the page opens: the button pairs it and
    hands back an ``.ods`` under its own name."""
    ods = demo_copy(tmp_path)
    answer = runner.run("standings", ods.read_bytes(), ods.name)
    assert answer.code == 0, answer.lines
    assert answer.name == ods.name and answer.mime == runner.ODS
    assert answer.data is not None
    with zipfile.ZipFile(io.BytesIO(answer.data)) as archive:
        assert archive.read("mimetype") == b"application/vnd.oasis.opendocument.spreadsheet"
    web = (ROOT / "docs" / "web.md").read_text(encoding="utf-8").splitlines()
    choose = next(line for line in web if "Choose the workbook" in line)
    assert "**.ods**" in choose


@pytest.mark.parametrize(
    ("language", "wanted"),
    [("en", "too large for the browser's memory"), ("fr", "trop gros pour la mémoire")],
)
def test_out_of_memory_is_said_in_the_pages_language(
    monkeypatch: pytest.MonkeyPatch, language: str, wanted: str
) -> None:
    """Python out of memory in the browser: one line in the organiser's language, nothing
    downloaded."""
    from gosheet.app import workbooks

    def exhausted(data: bytes, name: str) -> object:
        raise MemoryError

    monkeypatch.setattr(workbooks, "check", exhausted)
    answer = runner.run("check", b"", BOOK, language)
    assert answer.code == 1 and answer.data is None
    assert len(answer.lines) == 1 and wanted in answer.lines[0] and BOOK in answer.lines[0]


SETTLED_PAIR = """
import json, sys
from pathlib import Path
from gosheet.frontends.web import runner
runner.warm()
print(runner.settle())
before = set(sys.modules)
answer = runner.run("pair", Path(sys.argv[1]).read_bytes(), "cup.xlsx")
print(answer.code, json.dumps(sorted(m for m in set(sys.modules) - before if "gosheet" in m)))
"""


def test_what_the_first_pair_loads_is_loaded_right_after_ready(open_book: Path) -> None:
    """``runner.settle`` (run by the page right after it says Ready) leaves the first Pair
    nothing of gosheet to import: a fresh Python without accelerators, as the page's."""
    env = {**os.environ, "GOSHEET_PURE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", SETTLED_PAIR, str(open_book)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    settled, paired = done.stdout.splitlines()[-2:]
    assert settled == "loaded"
    code, imported = paired.split(" ", 1)
    assert code == "0"
    assert json.loads(imported) == []
