"""The page in headless Chromium (conftest.py), as an organiser at a venue meets it: served
once, then offline (the service worker's cache and Python's snapshot), it opens, pairs,
prints and publishes; the result saved back into the file opened (File System Access, with
the origin's private files standing in for a file picked: the picker cannot be clicked
headless); a blank tournament; a wrong file named by its own name; a file that greys the
buttons says why; the System list whole on a phone; opened from disk, where the hosted
page is.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.books import BOOK, ROSTER_CSV
from support.cli import cli_ok
from support.web_page import BOOT_MS, READY, Opened, open_page, press

from gosheet import about
from gosheet.frontends.web.words import table

WORDS = table()["en"]


def values(data: bytes) -> dict[str, list[tuple[object, ...]]]:
    book = load_workbook(io.BytesIO(data))
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in book.worksheets}


def pick(opened: Opened, path: Path) -> None:
    opened.page.set_input_files("#pick", str(path))
    opened.page.wait_for_selector(f"#chosen:has-text('{path.name}')")


@pytest.fixture(scope="module")
def opened(browser: Any, site: str) -> Iterator[Opened]:
    """The page, English, Python started, its files kept by the service worker."""
    opened = open_page(browser, site, locale="en-GB")
    opened.page.wait_for_selector("body[data-offline=ready]", timeout=BOOT_MS)
    yield opened
    opened.close()


def test_served_once_then_offline_it_opens_pairs_prints_and_publishes(
    browser: Any, site: str, open_book: Path, capsys: Any
) -> None:
    venue = open_page(browser, site, locale="en-GB")
    try:
        page = venue.page
        assert page.get_attribute("body", "data-started") == "anew"
        page.wait_for_selector("body[data-offline=ready]", timeout=BOOT_MS)
        page.wait_for_function(
            "() => document.querySelector('#offline').textContent !== ''", timeout=BOOT_MS
        )
        page.wait_for_selector("body[data-snapshot=kept]", timeout=BOOT_MS)  # just after Ready
        venue.context.set_offline(True)
        page.reload()
        page.wait_for_selector(READY, timeout=BOOT_MS)
        assert page.get_attribute("body", "data-state") == "ready", page.inner_text("#status")
        assert page.get_attribute("body", "data-started") == "snapshot"
        assert page.evaluate("() => navigator.onLine") is False
        pick(venue, open_book)
        answer = press(venue, "pair")
        cli_ok(capsys, "pair", open_book)
        assert not answer["bad"], answer
        assert answer["download"][0] == BOOK
        assert values(answer["download"][1]) == values(open_book.read_bytes())
        answer = press(venue, "print")  # ReportLab and the fonts, loaded now, offline
        assert not answer["bad"], answer
        name, pdf = answer["download"]
        assert name == "cup.pack.pdf" and pdf.startswith(b"%PDF")
        name, data = press(venue, "publish")["download"]
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            assert "index.html" in archive.namelist()
        assert venue.errors == []
    finally:
        venue.close()


def test_chromium_finds_the_page_installable(opened: Opened) -> None:
    """Chromium's own verdict: the manifest read without an error, and nothing that keeps the
    page from being installed (a manifest, its icons, a service worker that serves the page)."""
    session = opened.context.new_cdp_session(opened.page)
    try:
        manifest = session.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
        assert manifest["url"].endswith("/manifest.webmanifest")
        errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
        # Playwright's browser contexts are private windows, where Chromium installs nothing
        assert [error["errorId"] for error in errors] == ["in-incognito"]
    finally:
        session.detach()


def test_the_result_goes_back_into_the_file_opened(
    opened: Opened, open_book: Path, capsys: Any
) -> None:
    """A handle of the origin's private file system is a real FileSystemFileHandle: given to
    the page as the picker would, the paired workbook is written into it, nothing downloaded."""
    page = opened.page
    page.evaluate(
        """async ([name, bytes]) => {
            const root = await navigator.storage.getDirectory();
            const handle = await root.getFileHandle(name, { create: true });
            const writable = await handle.createWritable();
            await writable.write(new Uint8Array(bytes));
            await writable.close();
            await takeHandle(handle);
        }""",
        [BOOK, list(open_book.read_bytes())],
    )
    page.wait_for_selector(f"#chosen:has-text('{BOOK}')")
    answer = press(opened, "pair")
    assert not answer["bad"], answer
    assert answer["download"] is None
    assert page.get_attribute("body", "data-saved") == BOOK
    assert WORDS["saved"].format(name=BOOK) in answer["verdict"]
    saved = page.evaluate(
        """async (name) => {
            const root = await navigator.storage.getDirectory();
            const file = await (await root.getFileHandle(name)).getFile();
            return Array.from(new Uint8Array(await file.arrayBuffer()));
        }""",
        BOOK,
    )
    cli_ok(capsys, "pair", open_book)
    assert values(bytes(saved)) == values(open_book.read_bytes())
    answer = press(opened, "print")  # a file beside it: downloaded, the workbook untouched
    assert answer["download"][0] == "cup.pack.pdf"


def test_a_blank_tournament_as_gosheet_new_makes_it(
    opened: Opened, tmp_path: Path, capsys: Any
) -> None:
    page = opened.page
    page.select_option("#system", "swiss")
    page.fill("#rounds", "4")
    page.select_option("#language", "fr")
    try:
        answer = press(opened, "blank")
    finally:
        page.select_option("#system", "")
        page.fill("#rounds", "")
        page.select_option("#language", "en")
    assert not answer["bad"], answer
    name, data = answer["download"]
    assert name == "tournament.xlsx"
    made = tmp_path / name
    made.write_bytes(data)
    cli_ok(capsys, "check", made)
    wanted = tmp_path / "wanted.xlsx"
    cli_ok(capsys, "new", wanted, "--system", "swiss", "--rounds", "4", "--language", "fr")
    shown, expected = values(data), values(wanted.read_bytes())
    assert list(shown) == list(expected)  # Paramètres, Joueurs …, in French
    assert shown[next(iter(shown))][:4] == expected[next(iter(expected))][:4]
    assert "4" in answer["lines"] and "swiss" in answer["lines"]


def test_a_wrong_file_is_named_by_its_own_name(opened: Opened) -> None:
    page = opened.page
    junk = {"name": "cup.xlsx", "mimeType": "application/zip", "buffer": b"not a workbook"}
    page.set_input_files("#pick", files=[junk])
    page.wait_for_selector("#chosen:has-text('cup.xlsx')")
    answer = press(opened, "check")
    assert answer["bad"]
    assert answer["lines"].startswith("gosheet: cup.xlsx: not a workbook")
    assert "/tmp" not in answer["lines"] and "gosheet-" not in answer["lines"]


@pytest.mark.parametrize(
    ("name", "key"), [("photo.jpg", "unfit"), ("club.csv", "roster_only"), (BOOK, None)]
)
def test_a_file_that_greys_buttons_says_why(opened: Opened, name: str, key: str | None) -> None:
    page = opened.page
    data = ROSTER_CSV.encode() if name.endswith(".csv") else b"\xff\xd8\xff picture"
    page.set_input_files("#pick", files=[{"name": name, "mimeType": "", "buffer": data}])
    page.wait_for_selector(f"#chosen:has-text('{name}')")
    if key is None:
        assert page.is_hidden("#why") and page.is_enabled("button[data-action=pair]")
        return
    assert page.is_disabled("button[data-action=pair]")
    assert page.inner_text("#why") == WORDS[key].format(name=name)


def test_on_a_phone_the_system_list_is_whole(browser: Any, site: str, tmp_path: Path) -> None:
    phone = open_page(
        browser,
        site,
        ready=False,
        locale="en-GB",
        viewport={"width": 390, "height": 844},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    try:
        page = phone.page
        for chosen in ("#system", "#language"):
            room = page.evaluate(
                """(selector) => {
                    const list = document.querySelector(selector);
                    const style = getComputedStyle(list);
                    const context = document.createElement("canvas").getContext("2d");
                    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
                    const widest = Math.max(...[...list.options].map(
                        (option) => context.measureText(option.text).width));
                    return list.clientWidth - widest;
                }""",
                chosen,
            )
            assert room > 24, (chosen, room)  # the text and the list's arrow
        page.screenshot(path=str(tmp_path / "phone.png"), full_page=True)
    finally:
        phone.close()


def test_opened_from_disk_it_says_where_the_hosted_page_is(browser: Any, web_folder: Path) -> None:
    local = open_page(browser, (web_folder / "index.html").as_uri(), ready=False, locale="en")
    try:
        page = local.page
        page.wait_for_selector("body[data-state=unserved]")
        said = page.inner_text("#status")
        assert said == WORDS["hosted"].format(page=about.PAGE)
        assert "python3" not in said and "\n" not in said
        assert page.is_disabled("button[data-action=pair]")
    finally:
        local.close()
