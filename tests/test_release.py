"""``tools/release OUT``: every asset of the version, reproducible, each what it says it is.

The release is built twice (two folders, one ``SOURCE_DATE_EPOCH``) by the script itself, as
the release workflow runs it; every file of one is compared with the other byte for byte.
Then each asset is opened: the wheel imports as this version, a wheel built from the sdist is
the released wheel, the blank workbooks pass ``gosheet check`` in their language, the page's
zip holds the page, the Lite workbook holds its scripts and gosheet's wheel.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import subprocess
import sys
import tarfile
import time
import zipfile
from collections.abc import Iterator
from importlib.machinery import SourceFileLoader
from importlib.util import module_from_spec, spec_from_loader
from pathlib import Path
from types import ModuleType
from xml.etree import ElementTree

import pytest
from support.paths import ROOT

from gosheet import about
from gosheet.frontends.excel import lite_parts
from gosheet.frontends.libreoffice.build import EXTENSION_ID
from gosheet.workbook.books import open_book

V = about.VERSION
EPOCH = 1_700_000_000  # 2023-11-14 22:13:20 UTC
LANGUAGES = ("en", "ru", "fr", "ca")
ASSETS = {
    f"gosheet-{V}-py3-none-any.whl",
    f"gosheet-{V}.tar.gz",
    f"gosheet-{V}.oxt",
    "update.xml",
    f"gosheet-web-{V}.zip",
    f"gosheet-lite-{V}.xlsx",
    *(f"tournament-{V}-{lang}.{kind}" for lang in LANGUAGES for kind in ("xlsx", "ods")),
    "SHA256SUMS",
}


def release(out: Path) -> Path:
    env = {**os.environ, "SOURCE_DATE_EPOCH": str(EPOCH)}
    env.pop("GOSHEET_XLSX_ENGINE", None)  # the default writer, as the release workflow's
    subprocess.run([sys.executable, str(ROOT / "tools" / "release"), str(out)], env=env, check=True)
    return out


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    base = tmp_path_factory.mktemp("release")
    yield release(base / "one"), release(base / "two")


@pytest.fixture(scope="module")
def out(builds: tuple[Path, Path]) -> Path:
    return builds[0]


def test_the_release_holds_every_asset_of_the_version(out: Path) -> None:
    assert {p.name for p in out.iterdir()} == ASSETS


def test_two_builds_are_byte_identical(builds: tuple[Path, Path]) -> None:
    one, two = builds
    differ = [
        name
        for name in sorted(ASSETS - {"SHA256SUMS"})
        if (one / name).read_bytes() != (two / name).read_bytes()
    ]
    assert differ == []


def test_sha256sums_lists_every_other_asset_sorted(out: Path) -> None:
    lines = (out / "SHA256SUMS").read_text(encoding="ascii").splitlines()
    names = [line.split("  ", 1)[1] for line in lines]
    assert names == sorted(ASSETS - {"SHA256SUMS"})
    for line in lines:
        digest, name = line.split("  ", 1)
        assert hashlib.sha256((out / name).read_bytes()).hexdigest() == digest
    done = subprocess.run(["sha256sum", "--check", "--strict", "SHA256SUMS"], cwd=out)
    assert done.returncode == 0


def test_every_archive_is_dated_source_date_epoch(out: Path) -> None:
    date = time.gmtime(EPOCH)[:5]
    for name in sorted(ASSETS):
        if name.endswith((".whl", ".zip", ".xlsx", ".ods")):
            with zipfile.ZipFile(out / name) as archive:
                assert {i.date_time[:5] for i in archive.infolist()} == {date}, name
    with tarfile.open(out / f"gosheet-{V}.tar.gz") as sdist:
        assert {m.mtime for m in sdist.getmembers()} == {EPOCH}


def test_the_wheel_imports_as_this_version(out: Path, tmp_path: Path) -> None:
    wheel = out / f"gosheet-{V}-py3-none-any.whl"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", tmp_path, wheel],
        check=True,
    )
    code = (
        "import importlib.metadata as m, gosheet, pathlib; "
        "print(m.version('gosheet'), gosheet.__version__, gosheet.__file__)"
    )
    said = subprocess.run(
        [sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert said[:2] == [V, V]
    assert Path(said[2]).is_relative_to(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert f"gosheet-{V}.dist-info/licenses/LICENSE" in names
    assert "gosheet/_templates/tournament.xlsx" in names


def test_the_sdist_builds_the_released_wheel(out: Path, tmp_path: Path) -> None:
    with tarfile.open(out / f"gosheet-{V}.tar.gz") as sdist:
        sdist.extractall(tmp_path, filter="data")
    source = tmp_path / f"gosheet-{V}"
    tops = {p.name for p in source.iterdir()}
    assert tops == {
        "gosheet",
        "templates",
        "pyproject.toml",
        "PKG-INFO",
        "README.md",
        "CHANGELOG.md",
        "LICENSE",
        ".gitignore",
    }
    code = "import sys; from hatchling.build import build_wheel; print(build_wheel(sys.argv[1]))"
    built = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)],
        cwd=source,
        env={**os.environ, "SOURCE_DATE_EPOCH": str(EPOCH)},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert (tmp_path / built).read_bytes() == (out / built).read_bytes()


def test_the_extension_and_its_update_information(out: Path) -> None:
    with zipfile.ZipFile(out / f"gosheet-{V}.oxt") as archive:
        description = ElementTree.fromstring(archive.read("description.xml"))
    ns = {"d": "http://openoffice.org/extensions/description/2006"}
    assert description.find("d:version", ns).get("value") == V  # type: ignore[union-attr]
    update = ElementTree.fromstring((out / "update.xml").read_bytes())
    un = {"u": "http://openoffice.org/extensions/update/2006"}
    assert update.find("u:identifier", un).get("value") == EXTENSION_ID  # type: ignore[union-attr]
    assert update.find("u:version", un).get("value") == V  # type: ignore[union-attr]
    source = update.find("u:update-download/u:src", un)
    assert source is not None
    href = source.get("{http://www.w3.org/1999/xlink}href")
    assert href == about.release_asset(f"gosheet-{V}.oxt")


def test_the_web_zip_is_the_page_folder(out: Path) -> None:
    top = f"gosheet-web-{V}/"
    with zipfile.ZipFile(out / f"gosheet-web-{V}.zip") as archive:
        names = archive.namelist()
        facts = json.loads(archive.read(top + "build.json"))
        page = archive.read(top + "index.html")
    assert names == sorted(names) and all(n.startswith(top) for n in names)
    for name in ("index.html", "page.js", "worker.js", "pyodide/pyodide.asm.wasm"):
        assert top + name in names
    assert facts["gosheet"] == V
    assert top + f"wheels/gosheet-{V}-py3-none-any.whl" in names
    assert b"<html" in page.lower()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_blank_workbooks_are_empty_tournaments(
    out: Path, language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from support.cli import cli_ok

    said = {}
    for kind in ("xlsx", "ods"):
        path = out / f"tournament-{V}-{language}.{kind}"
        tournament = open_book(path).read().tournament
        settings = tournament.settings
        assert not tournament.players
        assert settings.language == language and settings.rounds == 5
        said[kind] = cli_ok(capsys, "check", path).replace(path.name, "BOOK")
    assert said["xlsx"] == said["ods"]  # "BOOK: no problems. 0 players, 0 of 5 rounds …"
    assert "0" in said["xlsx"] and "5" in said["xlsx"]
    with zipfile.ZipFile(out / f"tournament-{V}-{language}.ods") as archive:
        first = archive.infolist()[0]
        assert (first.filename, first.compress_type) == ("mimetype", zipfile.ZIP_STORED)
    with zipfile.ZipFile(out / f"tournament-{V}-{language}.xlsx") as archive:
        core = archive.read("docProps/core.xml").decode()
    assert core.count(time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(EPOCH))) == 2


def test_the_english_check_says_a_blank_tournament(
    out: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from support.cli import cli_ok

    path = out / f"tournament-{V}-en.ods"
    said = cli_ok(capsys, "check", path)
    assert said == f"{path}: no problems. 0 players, 0 of 5 rounds paired.\n"


def test_the_lite_workbook_holds_its_scripts_and_gosheet(out: Path) -> None:
    path = out / f"gosheet-lite-{V}.xlsx"
    kept = lite_parts.read(path)
    assert "@script" in str(kept["main.py"])
    with zipfile.ZipFile(path) as archive:
        assert archive.namelist()[0] == "[Content_Types].xml"
    from openpyxl import load_workbook

    book = load_workbook(path, read_only=True)
    assert book.sheetnames[0] == "Control" and "gosheet wheel" in book.sheetnames
    wheel_name = book["gosheet wheel"]["A1"].value
    assert wheel_name == f"gosheet-{V}-py3-none-any.whl"
    book.close()


def test_the_changelog_has_the_version_the_release_notes_come_from() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## [Unreleased]" in text
    assert re.search(rf"^## \[{re.escape(V)}\] - \d{{4}}-\d{{2}}-\d{{2}}$", text, re.MULTILINE)
    assert f"[{V}]: {about.RELEASES}/tag/v{V}" in text


def test_libreoffice_runs_the_released_extension_on_the_blank_workbooks(
    out: Path, tmp_path: Path
) -> None:
    """The .oxt as an organiser downloads it, installed into a fresh LibreOffice profile: its
    menu's Check runs on the blank .xlsx and .ods (named with its version, as released)."""
    from support.libreoffice import TIMEOUT, act, require_office

    from gosheet.frontends.libreoffice.build import menu_url
    from gosheet.frontends.libreoffice.office import Office

    require_office()
    profile = tmp_path / "profile"
    with Office(profile) as office:
        office.check([{"do": "install", "oxt": str(out / f"gosheet-{V}.oxt")}], timeout=300)
    env = {k: v for k, v in os.environ.items() if k not in ("GOSHEET", "GOSHEET_NO_DIALOGS")}
    with Office(profile, env=env, start_timeout=TIMEOUT) as office:
        for kind in ("xlsx", "ods"):
            book = tmp_path / f"blank.{kind}"
            book.write_bytes((out / f"tournament-{V}-fr.{kind}").read_bytes())
            outcome = act(office, book, menu_url("check"))["outcome"]
            assert (outcome["ok"], outcome["problems"]) == (True, []), outcome


def script() -> ModuleType:
    """tools/release as a module (a script without ``.py``)."""
    loader = SourceFileLoader("gosheet_release", str(ROOT / "tools" / "release"))
    spec = spec_from_loader(loader.name, loader)
    assert spec is not None
    module = module_from_spec(spec)
    loader.exec_module(module)
    return module


def test_the_date_is_source_date_epoch_else_the_last_commits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    release = script()
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1234567890")
    assert release.source_date_epoch() == 1234567890
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    if not (ROOT / ".git").exists():
        assert release.source_date_epoch() == release.FIXED_EPOCH
        return
    committed = subprocess.run(
        ["git", "-C", str(ROOT), "log", "-1", "--format=%ct"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert release.source_date_epoch() == int(committed)


def test_a_folder_holding_files_is_refused(tmp_path: Path) -> None:
    (tmp_path / "old.txt").write_text("kept")
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "release"), str(tmp_path)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1 and "is not empty" in done.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["old.txt"]


def test_without_source_date_epoch_every_zip_inside_too_is_dated_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The date tools/release chooses (here the last commit's, or its fixed one) is every
    builder's: the wheels inside the page's zip carry it as the zip itself does."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    out = tmp_path / "out"
    subprocess.run([sys.executable, str(ROOT / "tools" / "release"), str(out)], check=True)
    with zipfile.ZipFile(out / f"gosheet-web-{V}.zip") as page:
        outer = {info.date_time for info in page.infolist()}
        wheel = page.read(f"gosheet-web-{V}/wheels/gosheet-{V}-py3-none-any.whl")
    with zipfile.ZipFile(io.BytesIO(wheel)) as inner:
        assert {info.date_time for info in inner.infolist()} == outer
    release = script()
    assert outer == {release.zip_date(release.source_date_epoch())}
