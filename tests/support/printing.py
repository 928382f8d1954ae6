"""Printed packs and published sites of three tournaments — the demo (seed McMahon), a FUS
and an Oware one, whose rosters hold Latin, Cyrillic and Greek names — made once a session
by the command line (``gosheet print``, ``gosheet publish``), and their text as read back
by ``pdftotext``."""

from __future__ import annotations

import atexit
import functools
import html
import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from gosheet.frontends.cli import main
from gosheet.workbook.sheets.names import labels
from gosheet.workbook.xlsx.book import XlsxBook

TIMEOUT = 600
"""The ceiling of a child (pdftotext, Chromium …), in seconds: reached only by one that hangs,
never by a loaded machine."""
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
PHONE = (390, 844)  # a phone's screen, CSS pixels


def chromium(*args: str) -> str:
    """Run headless Chromium at a phone's size with ``args``; its standard output."""
    assert CHROMIUM is not None, "chromium is not installed"
    done = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--disable-dev-shm-usage",
            f"--window-size={PHONE[0]},{PHONE[1]}",
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


_PHONE_PROBE = """<!doctype html><html><head><meta charset="utf-8"><title>probe</title></head>
<body>{frames}<pre id="out"></pre><script>
addEventListener('load', () => {{
  const out = [...document.querySelectorAll('iframe')].map(f => ({{
    page: f.dataset.page, lang: f.contentDocument.documentElement.lang,
    h1: f.contentDocument.querySelector('h1')?.innerText ?? null,
    text: f.contentDocument.body.innerText,
    wide: f.contentDocument.documentElement.scrollWidth, screen: f.contentWindow.innerWidth}}));
  document.getElementById('out').textContent = JSON.stringify(out);
}});
</script></body></html>"""


def pages_on_a_phone(sites: dict[str, Path], folder: Path) -> dict[str, dict[str, Any]]:
    """Every page of each site (a label → its folder) in a frame of a phone's width in
    headless Chromium, by ``label/page.html``: the page's ``lang``, its first heading
    (``h1``, None without one), its ``text``, its width (``wide``) and the screen's
    (``screen``), in CSS pixels. ``folder``: where the probing page is written."""
    frames = [
        f'<iframe data-page="{label}/{page.name}" src="{page.as_uri()}" '
        f'width="{PHONE[0]}" height="{PHONE[1]}" style="border:0"></iframe>'
        for label, site in sites.items()
        for page in sorted(site.glob("*.html"))
    ]
    probe = folder / "probe.html"
    probe.write_text(_PHONE_PROBE.format(frames="\n".join(frames)), encoding="utf-8")
    dom = chromium(
        "--allow-file-access-from-files", "--virtual-time-budget=5000", "--dump-dom", probe.as_uri()
    )
    found = re.search(r'<pre id="out">(.*)</pre>', dom, re.S)
    assert found and found.group(1), "the pages did not load"
    seen = {p["page"]: p for p in json.loads(html.unescape(found.group(1)))}
    assert len(seen) == len(frames)
    return seen


WITHOUT_CHROMIUM = CHROMIUM is None and os.environ.get("GOSHEET_REQUIRE_SOFFICE") != "1"
"""Skip the browser tests: no Chromium, and CI (which installs it) not asking for them."""
ROSTER = """Surname,First name,Grade,Rating,Club,Country
Соколова,Елена,2d,2180,Санкт-Петербург,RU
Παπαδόπουλος,Γιώργος,1k,2050,Αθήνα,GR
Łukasiewicz,Żaneta,3k,1900,Kraków,PL
Müller,Jonas,5k,1700,Hamburg,DE
O'Brien,Seán,7k,1500,Dublin,IE
Dubois,Luc,2k,1990,Lyon,FR
Nagy,Eszter,10k,1200,Budapest,HU
"""


@dataclass(frozen=True)
class Made:
    book: Path
    pdf: Path
    site: Path
    names: tuple[str, ...]  # every player as the lists write him

    def pages(self) -> list[str]:
        return pdf_pages(self.pdf)


def require_poppler() -> None:
    """Skip the test when poppler's ``pdftotext`` / ``pdftoppm`` / ``pdffonts`` are missing
    (fail it under ``GOSHEET_REQUIRE_SOFFICE=1``, as in CI, which installs them)."""
    if not HAVE_POPPLER:
        reason = POPPLER_MISSING
        if os.environ.get("GOSHEET_REQUIRE_SOFFICE") == "1":
            pytest.fail(reason)
        pytest.skip(reason)


def pdftotext(pdf: Path, *options: str) -> str:
    """What ``pdftotext OPTIONS`` writes of the PDF, in UTF-8 (the test skipped without
    poppler)."""
    require_poppler()
    done = subprocess.run(
        ["pdftotext", *options, "-enc", "UTF-8", str(pdf), "-"],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=True,
    )
    return done.stdout


def pdf_pages(pdf: Path) -> list[str]:
    """The text of each page (``pdftotext``; the test skipped without it)."""
    pages = pdftotext(pdf).split("\f")
    return pages[:-1] if pages and not pages[-1].strip() else pages


def laid_out(pdf: Path) -> str:
    """The PDF's text as laid out on its pages (``pdftotext -layout``: a table's row a line;
    the test skipped without poppler)."""
    return pdftotext(pdf, "-layout")


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


def gosheet(*args: object) -> None:
    assert main([str(a) for a in args]) == 0, args


def make(folder: Path, kind: str) -> Made:
    """``demo``, ``fus`` or ``oware``: the workbook, its pack and its site."""
    book = folder / f"{kind}.xlsx"
    if kind == "demo":
        gosheet("demo", book)
    else:
        roster = folder / "roster.csv"
        roster.write_text(ROSTER, encoding="utf-8")
        options = ["--system", "fus"] if kind == "fus" else ["--game", "oware"]
        gosheet("import", roster, "-o", book, "--rounds", "3", "--seed", "3", *options)
        for _ in range(3):
            gosheet("pair", book)
            gosheet("simulate", book)
    gosheet("print", book, "-o", folder / f"{kind}.pdf")
    gosheet("publish", book, "-o", folder / f"site-{kind}")
    players = XlsxBook.open(book).read().tournament.players
    return Made(
        book, folder / f"{kind}.pdf", folder / f"site-{kind}", tuple(labels(players).values())
    )


KINDS = ("demo", "fus", "oware")


@functools.cache
def made_once() -> dict[str, Made]:
    """The three tournaments, made once a test run (both test files look at them)."""
    folder = Path(tempfile.mkdtemp(prefix="gosheet-print-"))
    atexit.register(shutil.rmtree, folder, True)
    made = {}
    for kind in KINDS:
        (folder / kind).mkdir()
        made[kind] = make(folder / kind, kind)
    return made


HAVE_POPPLER = all(shutil.which(tool) for tool in ("pdftotext", "pdftoppm", "pdffonts"))
POPPLER_MISSING = "poppler-utils is not installed: apt-get install poppler-utils"
needs_poppler = pytest.mark.skipif(not HAVE_POPPLER, reason=POPPLER_MISSING)


SURNAMES = (
    "Müller", "Kowalski", "Dubois", "Ivanova", "Nagy", "Papadopoulos", "García López",
    "O'Brien", "Schmidt-Hagen", "Rossi", "Novák", "Jensen", "Van den Berg", "Łukasiewicz",
    "Fernández", "Petrov", "Andersson", "Horváth", "Lefèvre", "Dimitrov",
)  # fmt: skip
FIRST_NAMES = (
    "Hans", "Piotr", "Luc", "Maria", "Eszter", "Giorgos", "Ana", "Seán", "Katharina", "Marco",
    "Jana", "Mette", "Pieter", "Żaneta", "Alejandro", "Ivan", "Sven", "Bence", "Élodie", "Nikola",
)  # fmt: skip
CLUBS = (
    ("Berlin", "DE"), ("Warszawa", "PL"), ("Paris", "FR"), ("Moskva", "RU"), ("Budapest", "HU"),
    ("Athína", "GR"), ("Barcelona", "ES"), ("Dublin", "IE"), ("Hamburg", "DE"), ("Milano", "IT"),
    ("Praha", "CZ"), ("København", "DK"), ("Amsterdam", "NL"), ("Kraków", "PL"),
    ("Sevilla", "ES"), ("Sofia", "BG"), ("Göteborg", "SE"), ("Szeged", "HU"), ("Lyon", "FR"),
    ("Wien", "AT"),
)  # fmt: skip


def field_roster(count: int, clubs: bool = True) -> str:
    """A roster of ``count`` players (a CSV's text), 3d down to 20k, names of many
    languages (hyphenated and long ones), each from a club and a country (``clubs``)."""
    lines = ["Surname,First name,Grade,Rating" + (",Club,Country" if clubs else "")]
    for i in range(count):
        surname = SURNAMES[i % 20] + ("" if i < 20 else f"-{chr(ord('A') + i // 20)}")
        rating = 2400 - i * (1600 // count)
        grade = (
            f"{(rating - 2050) // 100 + 1}d" if rating >= 2100 else f"{(2100 - rating) // 100 + 1}k"
        )
        club, country = CLUBS[(i * 3) % 20]
        where = f",{club},{country}" if clubs else ""
        lines.append(f"{surname},{FIRST_NAMES[(i * 7) % 20]},{grade},{rating}{where}")
    return "\n".join(lines) + "\n"


def field_book(folder: Path, count: int, rounds: int = 2, clubs: bool = True) -> Path:
    """A tournament of :func:`field_roster`'s ``count`` players, ``rounds`` rounds paired
    (the last one without results)."""
    roster, book = folder / f"roster-{count}.csv", folder / f"field-{count}.xlsx"
    roster.write_text(field_roster(count, clubs), encoding="utf-8")
    gosheet("import", roster, "-o", book, "--rounds", rounds + 1, "--seed", "3")
    for number in range(rounds):
        gosheet("pair", book)
        if number < rounds - 1:
            gosheet("simulate", book)
    return book


HEIGHT_PER_POINT = 1.3
"""pdftotext's word box of Liberation Sans (Arial) is 1.3 times the font's size, as measured
on a sheet printed at 100 %."""


def words_by_page(pdf: Path) -> list[list[tuple[float, float, float, float, str]]]:
    """Each page's words (``pdftotext -bbox``): x and y of their box's corners, and text."""
    out = pdftotext(pdf, "-bbox")
    box = re.compile(
        r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
    )
    return [
        [
            (float(a), float(b), float(c), float(d), html.unescape(w))
            for a, b, c, d, w in box.findall(p)
        ]
        for p in out.split("<page ")[1:]
    ]


LONG_PLAYERS = (
    "Константинопольский,Александр,4d,2450,Санкт-Петербургский клуб го,RU",
    "Van der Westhuizen,Johannes,3d,2380,Cape Town Go Club,ZA",
    "Schwarzenberger,Maximilian,2d,2280,Tokyo Nihon Ki-in,JP",
    "García Fernández,María José,1k,2020,Real Sociedad de Go de Madrid,ES",
)
"""Players of long names and long clubs, for :func:`wide_roster`."""


def wide_roster(count: int) -> str:
    """:func:`field_roster`'s ``count`` players with clubs and countries, the first of them
    those of :data:`LONG_PLAYERS` (a page's widest names and clubs)."""
    lines = field_roster(count - len(LONG_PLAYERS)).splitlines()
    return "\n".join([lines[0], *LONG_PLAYERS, *lines[1:]]) + "\n"
