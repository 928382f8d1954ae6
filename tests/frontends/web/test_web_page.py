"""The page ``gosheet web-app`` writes, in headless Chromium (conftest.py): gosheet runs in
the browser (Pyodide, the pure-Python path) and gives what the command gives on the same file.

One page serves the module's tests in order (Python starts once: it takes seconds): a
workbook picked and dropped, each button, each download compared with the command's result
on the same file (every cell of every sheet; the exports byte for byte), a workbook with
problems (every cell shown, nothing downloaded), a roster, a file too large; then the
browser's language, a phone (390 px, touch: a screenshot) (the page opened as a file:
test_web_offline.py).
Any request outside the served folder fails the test that made it.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.books import BOOK, ROSTER_CSV, damage
from support.cli import cli, cli_ok
from support.codes import read_codes, rendered
from support.names_order import EXPECTED
from support.names_order import ROSTER as NAMES_ROSTER
from support.printing import needs_poppler
from support.web_page import Opened, open_page, press, wait_for_download

from gosheet.frontends.web.build import LIMIT_BYTES
from gosheet.frontends.web.words import table

WORDS = table()


def values(data: bytes) -> dict[str, list[tuple[object, ...]]]:
    """Every sheet's cell values."""
    book = load_workbook(io.BytesIO(data))
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in book.worksheets}


@pytest.fixture(scope="module")
def opened(browser: Any, site: str) -> Iterator[Opened]:
    """The page, English, a computer's screen; Python started."""
    opened = open_page(browser, site, ready=False, locale="en-GB")
    page = opened.page
    assert page.get_attribute("body", "data-state") in ("loading", "ready")
    assert page.is_visible("#progress")
    page.wait_for_selector("body[data-state=ready]", timeout=180_000)
    yield opened
    opened.close()


@pytest.fixture(autouse=True)
def nothing_outside(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test: no request outside the folder, no error in the page's scripts."""
    yield
    if "opened" in request.fixturenames:
        opened: Opened = request.getfixturevalue("opened")
        assert opened.outside == [], f"requests outside the folder: {opened.outside}"
        assert opened.errors == []
        opened.outside.clear()


def pick(opened: Opened, path: Path) -> None:
    opened.page.set_input_files("#pick", str(path))
    opened.page.wait_for_selector(f"#chosen:has-text('{path.name}')")


def test_buttons_wait_for_python_and_a_file(opened: Opened) -> None:
    page = opened.page
    assert "Ready: gosheet" in page.inner_text("#status")
    assert all(page.is_disabled(f"button[data-action={a}]") for a in ("pair", "new"))


def test_pair_next_round_gives_what_the_command_gives(
    opened: Opened, open_book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pick(opened, open_book)
    assert opened.page.is_enabled("button[data-action=pair]")
    answer = press(opened, "pair")
    out = cli_ok(capsys, "pair", open_book)
    assert not answer["bad"], answer
    name, data = answer["download"]
    assert name == BOOK
    assert values(data) == values(open_book.read_bytes())
    shown = answer["lines"].splitlines()
    assert shown == [line for line in out.splitlines() if not line.startswith("Saved ")]
    assert f"Downloaded {BOOK}." in answer["verdict"]


@pytest.mark.parametrize("action", ["simulate", "standings", "explain"])
def test_the_next_buttons_work_on_the_changed_workbook(
    opened: Opened, action: str, open_book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """After "Pair next round" the page holds the changed workbook: the same as the command's
    after the same commands."""
    cli_ok(capsys, "pair", open_book)
    for done in ("simulate", "standings", "explain"):
        if done == action:
            break
        cli_ok(capsys, done, open_book)
    answer = press(opened, action)
    cli_ok(capsys, action, open_book)
    assert not answer["bad"], answer
    assert answer["download"][0] == BOOK
    assert values(answer["download"][1]) == values(open_book.read_bytes())


def test_check_says_what_the_command_says(opened: Opened, demo_book: Path, capsys: Any) -> None:
    pick(opened, demo_book)
    answer = press(opened, "check")
    out = cli_ok(capsys, "check", demo_book)
    assert answer["download"] is None
    assert answer["lines"].splitlines()[1:] == out.splitlines()[1:]
    assert answer["lines"].startswith(f"{BOOK}: no problems.")


def test_exports_are_the_commands_files(opened: Opened, demo_book: Path, capsys: Any) -> None:
    pick(opened, demo_book)
    for action, suffix in (("h9", ".h9"), ("tou", ".tou")):
        answer = press(opened, action)
        target = demo_book.with_suffix(suffix)
        cli_ok(capsys, "export", demo_book, "-o", target)
        assert answer["download"] == ("cup" + suffix, target.read_bytes())
    name, data = press(opened, "xml")["download"]
    assert name == "cup.xml" and b"<Tournament" in data


def test_pages_and_pack(opened: Opened, demo_book: Path, capsys: Any) -> None:
    pick(opened, demo_book)
    name, data = press(opened, "publish")["download"]
    site = demo_book.parent / "site"
    cli_ok(capsys, "publish", demo_book, "-o", site)
    assert name == "cup.pages.zip"
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        pages = {page: archive.read(page) for page in archive.namelist()}
    assert pages == {p.name: p.read_bytes() for p in site.iterdir()}
    answer = press(opened, "print")
    assert not answer["bad"], answer
    name, pdf = answer["download"]
    assert name == "cup.pack.pdf" and pdf.startswith(b"%PDF")


def test_names_sorted_in_the_browser(opened: Opened, tmp_path: Path, capsys: Any) -> None:
    """pyuca, one of the page's wheels, sorts the index in Pyodide as the command does: a
    Russian tournament lists its Cyrillic names first, Łukasiewicz among the L's."""
    roster = tmp_path / "roster.csv"
    roster.write_text(NAMES_ROSTER, encoding="utf-8")
    book = tmp_path / "cup.xlsx"
    cli_ok(capsys, "import", roster, "-o", book, "--rounds", "3", "--language", "ru")
    cli_ok(capsys, "pair", book)
    pick(opened, book)
    _name, data = press(opened, "publish")["download"]
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        index = archive.read("index.html").decode("utf-8")
    listed = re.findall(r'<li><a href="player-[^"]+">([^<]+)</a></li>', index)
    assert listed == EXPECTED["ru"]


@needs_poppler
def test_qr_codes_made_in_the_browser(opened: Opened, demo_book: Path, tmp_path: Path) -> None:
    """The address typed in the page's field is the command's ``--url``: segno, one of the
    page's wheels, draws the codes inside Pyodide; the pack's first code, read back from
    its page, is the round's address; the pages carry theirs."""
    site = "https://go.example.org/demo/"
    pick(opened, demo_book)
    opened.page.fill("#url", site)
    try:
        answer = press(opened, "print")
        assert not answer["bad"], answer
        (tmp_path / "pack.pdf").write_bytes(answer["download"][1])
        assert read_codes(rendered(tmp_path / "pack.pdf", dpi=72)[0]) == [site + "round-5.html"]
        _, data = press(opened, "publish")["download"]
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            assert 'class="qr"' in archive.read("round-5.html").decode()
        opened.page.fill("#url", "go.example.org")
        answer = press(opened, "print")
        assert answer["bad"] and answer["download"] is None and "--url" in answer["lines"]
    finally:
        opened.page.fill("#url", "")


def test_a_dropped_workbook_with_problems_shows_every_cell_and_downloads_nothing(
    opened: Opened, open_book: Path, capsys: Any
) -> None:
    def spoil(workbook: Any) -> None:
        workbook["Players"]["C2"] = "not a rank"
        workbook["Players"]["C3"] = "nor this"

    damage(open_book, spoil)
    page = opened.page
    transfer = page.evaluate_handle(
        "([name, bytes]) => { const t = new DataTransfer();"
        " t.items.add(new File([new Uint8Array(bytes)], name)); return t; }",
        [BOOK, list(open_book.read_bytes())],
    )
    page.dispatch_event("#drop", "drop", {"dataTransfer": transfer})
    page.wait_for_selector(f"#chosen:has-text('{BOOK}')")
    for action in ("pair", "check"):
        answer = press(opened, action)
        code, _out, err = cli(capsys, action, open_book)
        assert code == 1
        assert answer["bad"] and answer["download"] is None
        assert answer["lines"] == err.strip()
        assert "Players!C2" in answer["lines"] and "Players!C3" in answer["lines"]
        assert answer["verdict"] == WORDS["en"]["nothing"]


def test_a_roster_starts_a_tournament(opened: Opened, tmp_path: Path, capsys: Any) -> None:
    roster = tmp_path / "club.csv"
    roster.write_text(ROSTER_CSV, encoding="utf-8")
    pick(opened, roster)
    assert opened.page.is_disabled("button[data-action=pair]")
    name, data = press(opened, "new")["download"]
    cli_ok(capsys, "import", roster, "-o", tmp_path / "club.xlsx")
    assert name == "club.xlsx"
    assert values(data)["Players"] == values((tmp_path / "club.xlsx").read_bytes())["Players"]


def test_a_team_tournament_in_the_browser(opened: Opened, tmp_path: Path, capsys: Any) -> None:
    """The type chosen on the page makes a team tournament; its boards ordered by rating and
    its first round paired in the browser are the command's."""
    opened.page.select_option("#type", "teams")
    name, data = press(opened, "blank")["download"]
    opened.page.select_option("#type", "")
    assert name == "tournament.xlsx" and "Teams" in values(data)
    book = tmp_path / "cup.xlsx"
    cli_ok(capsys, "new", book, "--type", "teams", "--team-size", "2", "--seed", "4")
    wb = load_workbook(book)
    for player in (
        ("Kim", "Min", "5d"),
        ("Lee", "Ha", "3d"),
        ("Park", "Su", "2d"),
        ("Choi", "Yu", "1d"),
    ):
        wb["Players"].append(list(player))
    for r, line in enumerate(
        [["Tengen", 1, None, "Lee Ha", "Kim Min"], ["Sakata", 2, None, "Park Su", "Choi Yu"]],
        start=2,
    ):
        for c, value in enumerate(line, start=1):
            wb["Teams"].cell(r, c, value)
    wb.save(book)
    pick(opened, book)
    for action, command in (("boards", "order-boards"), ("pair", "pair")):
        answer = press(opened, action)
        cli_ok(capsys, command, book)
        assert not answer["bad"], answer
        assert values(answer["download"][1]) == values(book.read_bytes()), action
    assert values(book.read_bytes())["Teams"][1][3:5] == ("Kim Min", "Lee Ha")


def test_a_file_too_large_is_refused(opened: Opened) -> None:
    page = opened.page
    big = {"name": "huge.xlsx", "mimeType": "application/zip", "buffer": b"0" * (LIMIT_BYTES + 1)}
    page.set_input_files("#pick", files=[big])
    page.wait_for_selector("#answer:not([hidden])")
    assert "huge.xlsx (10.0 MB) is too large for the browser's memory" in page.inner_text(
        "#verdict"
    )
    assert page.is_disabled("button[data-action=pair]")


@pytest.mark.parametrize(("locale", "language"), [("fr-FR", "fr"), ("ru", "ru"), ("ca-ES", "ca")])
def test_the_page_speaks_the_browsers_language(
    browser: Any, site: str, locale: str, language: str
) -> None:
    other = open_page(browser, site, ready=False, locale=locale)
    try:
        page = other.page
        assert page.get_attribute("html", "lang") == language
        assert page.inner_text("button[data-action=pair]") == WORDS[language]["pair"]
        assert page.inner_text("h1") == WORDS[language]["title"]
        assert other.outside == []
    finally:
        other.close()


def test_a_director_with_a_phone_pairs_a_round(
    browser: Any, site: str, open_book: Path, tmp_path: Path, capsys: Any
) -> None:
    phone = open_page(
        browser,
        site,
        locale="en-GB",
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    try:
        page = phone.page
        page.set_input_files("#pick", str(open_book))
        page.wait_for_selector(f"#chosen:has-text('{BOOK}')")
        before = len(phone.downloads)
        page.tap("button[data-action=pair]")
        page.wait_for_selector("body[data-state=ready]", timeout=180_000)
        assert page.get_attribute("body", "data-downloaded")
        wait_for_download(page, phone.downloads, before)
        cli_ok(capsys, "pair", open_book)
        data = Path(phone.downloads[-1].path()).read_bytes()
        assert values(data) == values(open_book.read_bytes())
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        for button in page.query_selector_all("button[data-action]"):
            box = button.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
            assert box["height"] >= 44  # a finger's target
        shot = tmp_path / "phone.png"
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 10_000
        assert phone.outside == [] and phone.errors == []
    finally:
        phone.close()
