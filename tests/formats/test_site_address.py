"""The Settings sheet's ``Site address``: the QR codes of whatever prints (the office suites'
Print pack button, the page, ``gosheet print`` and ``publish`` without ``--url``) lead
there; ``--url`` still wins; a wrong address is named at its cell."""

from __future__ import annotations

import tempfile
from pathlib import Path

import openpyxl
import pytest
from support.cli import cli
from support.codes import read_codes, rendered
from support.printing import field_book, gosheet, needs_poppler

from gosheet.app.printing import print_pack
from gosheet.formats.addresses import address, round_page
from gosheet.workbook.xlsx.book import XlsxBook

SITE = "https://go.example.org/winter-cup"


def with_site_address(book: Path, value: str) -> Path:
    """``book`` with ``value`` typed as its Site address (the cell right of the label)."""
    workbook = openpyxl.load_workbook(book)
    sheet = workbook["Settings"]
    rows = [row for row in sheet.iter_rows() if row[0].value == "Site address"]
    assert len(rows) == 1, "the Settings sheet has its Site address row"
    rows[0][1].value = value
    workbook.save(book)
    return book


@pytest.fixture(scope="module")
def book() -> Path:
    made = field_book(Path(tempfile.mkdtemp(prefix="gosheet-site-")), 12, rounds=2)
    return with_site_address(made, SITE)


@needs_poppler
def test_the_print_pack_button_puts_the_codes(book: Path, tmp_path: Path) -> None:
    """The office suites' button reads the workbook's cells: no option to give."""
    printed = print_pack(XlsxBook.open(book))
    pdf = tmp_path / "button.pdf"
    pdf.write_bytes(printed.pdf)
    codes = {code for picture in rendered(pdf) for code in read_codes(picture)}
    assert address(SITE, round_page(2)) in codes


@needs_poppler
def test_the_option_wins_over_the_setting(book: Path, tmp_path: Path) -> None:
    pdf = tmp_path / "option.pdf"
    gosheet("print", book, "-o", pdf, "--what", "pairings", "--url", "https://other.example/x")
    codes = {code for picture in rendered(pdf) for code in read_codes(picture)}
    assert codes == {"https://other.example/x/round-2.html"}


def test_publish_without_url_takes_the_setting(book: Path, tmp_path: Path) -> None:
    gosheet("publish", book, "-o", tmp_path / "site")
    page = (tmp_path / "site" / "round-2.html").read_text(encoding="utf-8")
    assert 'class="qr"' in page and "winter-cup/round-2.html" in page


def test_a_wrong_address_is_named_at_its_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = field_book(tmp_path, 6, rounds=1)
    with_site_address(made, "go.example.org/cup")
    before = made.read_bytes()
    code, out, err = cli(capsys, "print", made, "-o", tmp_path / "pack.pdf")
    assert code == 1, (out, err)
    assert "Settings!B" in out + err and "go.example.org/cup" in out + err
    assert made.read_bytes() == before and not (tmp_path / "pack.pdf").exists()
