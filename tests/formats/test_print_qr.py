"""QR codes to the published pages (issue 27): ``gosheet print BOOK --url BASE`` puts one
on each pairing list (the round's page) and one a player on each result slip (the player's
page); ``gosheet publish BOOK -o SITE --url BASE`` one on each round's page (its own
address) and on the index (the site). Each code is DECODED as a phone would read it: the
PDF's pages rendered by ``pdftoppm``, the pages drawn by headless Chromium, the pictures read
by zxing-cpp; what it reads must be the address :mod:`gosheet.formats.addresses` gives.
Without ``--url`` nothing changes; a ``--url`` that is not a site's address is a usage error
(exit 2), nothing written."""

from __future__ import annotations

import functools
import subprocess
import tempfile
from pathlib import Path

import pytest
from support.cli import cli
from support.codes import read_codes, rendered
from support.printing import (
    CHROMIUM,
    WITHOUT_CHROMIUM,
    chromium,
    field_book,
    gosheet,
    needs_poppler,
)

from gosheet.formats.addresses import address, player_page, round_page
from gosheet.workbook.sheets.names import labels
from gosheet.workbook.xlsx.book import XlsxBook

BASE = "https://go.example.org/cup-2026/"
browser = pytest.mark.skipif(
    WITHOUT_CHROMIUM, reason="Chromium is not installed: apt-get install chromium"
)


@functools.cache
def field() -> tuple[Path, dict[int, str]]:
    """A field of 45 players in its second round (22 tables and a bye), and who sits at
    each table: White's and Black's names as the lists write them."""
    book = field_book(Path(tempfile.mkdtemp(prefix="gosheet-qr-")), 45, rounds=2)
    tournament = XlsxBook.open(book).read().tournament
    names = labels(tournament.players)
    tables = {g.table: f"{names[g.white]}\t{names[g.black]}" for g in tournament.rounds[-1].games}
    return book, tables


@functools.cache
def printed_with_codes() -> Path:
    book, _ = field()
    pdf = book.with_name("qr.pdf")
    gosheet("print", book, "-o", pdf, "--url", BASE)
    return pdf


@needs_poppler
def test_each_pairing_list_leads_to_the_rounds_page() -> None:
    pictures = rendered(printed_with_codes())
    here = address(BASE, round_page(2))
    assert here == "https://go.example.org/cup-2026/round-2.html"
    lists = [p for p in pictures if here in read_codes(p)]
    # the list by table on one page, the list by name on one or two
    assert 2 <= len(lists) <= 3
    assert lists == pictures[: len(lists)]  # the lists come first, each page with its code


@needs_poppler
def test_each_slip_leads_to_its_players_pages() -> None:
    """Every player of every game has the code of the page of his own name on the slip
    of his table, the slips four a page: 22 tables, 44 codes on 6 pages."""
    _, tables = field()
    wanted = {
        address(BASE, player_page(name)) for pair in tables.values() for name in pair.split("\t")
    }
    assert len(wanted) == 44
    read: list[str] = []
    for picture in rendered(printed_with_codes()):
        codes = read_codes(picture)
        if any("/player-" in code for code in codes):
            assert len(codes) in (2, 4, 6, 8), (picture.name, codes)  # two a slip
            read += codes
    assert sorted(read) == sorted(wanted)


@needs_poppler
def test_the_codes_read_at_a_low_resolution_too() -> None:
    """At 72 dots an inch (a cheap printer's draft, a photo from a distance) every code
    still reads: the wall's is 28 mm wide, a slip's 25 mm, each with its quiet zone."""
    pictures = rendered(printed_with_codes(), dpi=72)
    assert address(BASE, round_page(2)) in read_codes(pictures[0])
    slips = [codes for p in pictures if (codes := read_codes(p)) and "/player-" in codes[0]]
    assert sum(len(codes) for codes in slips) == 44


@needs_poppler
def test_without_url_no_code(tmp_path: Path) -> None:
    book, _ = field()
    pdf = tmp_path / "plain.pdf"
    gosheet("print", book, "-o", pdf)
    for picture in rendered(pdf, dpi=72):
        assert read_codes(picture) == [], picture.name
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "https://" not in text


@pytest.mark.parametrize(
    "url",
    [
        "go.example.org/cup",  # no scheme
        "ftp://go.example.org/cup/",
        "https://",
        "https://go.example.org/cup/?round=2",
        "https://go.example.org/cup/#top",
        "https://go.example.org/my cup/",
        "javascript:alert(1)",
    ],
)
@pytest.mark.parametrize("command", ["print", "publish"])
def test_a_bad_url_is_a_usage_error(
    url: str, command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book, _ = field()
    target = tmp_path / ("pack.pdf" if command == "print" else "site")
    code, out, err = cli(capsys, command, book, "-o", target, "--url", url)
    assert code == 2, (out, err)
    assert "--url" in err and url in err and "https://" in err
    assert not target.exists()


def test_the_pages_carry_svg_codes_only_with_url(tmp_path: Path) -> None:
    book, _ = field()
    gosheet("publish", book, "-o", tmp_path / "plain")
    gosheet("publish", book, "-o", tmp_path / "coded", "--url", BASE.rstrip("/"))
    for page in ("index.html", "round-1.html", "round-2.html"):
        plain = (tmp_path / "plain" / page).read_text(encoding="utf-8")
        coded = (tmp_path / "coded" / page).read_text(encoding="utf-8")
        assert "<svg" not in plain and "go.example.org" not in plain
        assert coded.count('<svg xmlns="http://www.w3.org/2000/svg" class="qr"') == 1
    assert "<svg" not in (tmp_path / "coded" / "standings.html").read_text(encoding="utf-8")


@browser
@pytest.mark.parametrize(
    ("page", "expected"),
    [("round-2.html", address(BASE, round_page(2))), ("index.html", BASE)],
)
def test_a_page_on_a_phone_leads_to_itself(page: str, expected: str, tmp_path: Path) -> None:
    """The page drawn by Chromium at a phone's width: its QR code, read from the screenshot,
    is the page's own address (the index's: the site's)."""
    assert CHROMIUM is not None
    book, _ = field()
    site = tmp_path / "site"
    gosheet("publish", book, "-o", site, "--url", BASE)
    shot = tmp_path / "shot.png"
    chromium(f"--screenshot={shot}", (site / page).as_uri())
    assert read_codes(shot) == [expected]
