"""``gosheet web-app -o DIR`` (gosheet/frontends/web/build.py): the folder, its wheels (pure,
from the installed distributions), Pyodide from npm's tarball checked and cached so that a
second build is offline, and the page's words in every language."""

from __future__ import annotations

import io
import json
import re
import tarfile
import zipfile
from pathlib import Path

import pytest
from support.cli import cli, cli_ok

from gosheet import about
from gosheet.core.errors import FileProblem
from gosheet.frontends.carried import requirement_name
from gosheet.frontends.web import runtime, wheels
from gosheet.frontends.web.build import STATIC
from gosheet.frontends.web.runner import ACTIONS
from gosheet.frontends.web.words import WORDS, table
from gosheet.i18n.catalog import LANGUAGES
from gosheet.i18n.collation import TABLE


@pytest.fixture(scope="module")
def fake_pyodide(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tarball laid out as npm's ``pyodide`` (small files of the right names)."""
    path = tmp_path_factory.mktemp("npm") / "pyodide.tgz"
    with tarfile.open(path, "w:gz") as archive:
        for name in (*runtime.FILES, "console.html"):
            data = f"// {name}\n".encode()
            entry = tarfile.TarInfo(f"package/{name}")
            entry.size = len(data)
            archive.addfile(entry, io.BytesIO(data))
    return path


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Downloads refused (and recorded)."""
    asked: list[str] = []

    def refuse(url: str) -> bytes:
        asked.append(url)
        raise FileProblem(f"no network: {url}")

    monkeypatch.setattr(runtime, "download", refuse)
    return asked


def fake_release(monkeypatch: pytest.MonkeyPatch, tarball: Path) -> None:
    """Take ``tarball`` for the release (its own SHA-512)."""
    import base64
    import hashlib

    digest = base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    monkeypatch.setattr(runtime, "INTEGRITY", f"sha512-{digest}")


def test_the_folder(
    tmp_path: Path,
    fake_pyodide: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    fake_release(monkeypatch, fake_pyodide)
    out = cli_ok(capsys, "web-app", "-o", tmp_path / "site", "--pyodide", fake_pyodide)
    site = tmp_path / "site"
    assert out.startswith(f"Wrote {site}: ")
    facts = json.loads((site / "build.json").read_text())
    assert facts["pyodide"] == runtime.VERSION
    wheels_made = sorted(p.name for p in (site / "wheels").iterdir())
    assert wheels_made == sorted(facts["wheels"] + facts["later"])
    assert [w.split("-")[0] for w in facts["wheels"]] == ["gosheet"]  # alone at start
    assert facts["gosheet"] == about.VERSION and facts["page"] == about.PAGE
    assert {p.name for p in (site / "pyodide").iterdir()} == {*runtime.FILES, runtime.LICENSE}
    assert all((site / name).is_file() for name in STATIC)
    page = (site / "index.html").read_text(encoding="utf-8")
    assert "__WORDS__" not in page and "__BUILD__" not in page
    for name in STATIC:  # nothing from outside (gosheet's addresses are words, not requests)
        text = (site / name).read_text(encoding="utf-8")
        for address in ("http://localhost:8000/", about.PAGE, about.LATEST):
            text = text.replace(address, "")
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", text), name
    buttons = set(re.findall(r'data-action="([a-z0-9]+)"', page))
    assert buttons == set(ACTIONS)


def test_the_wheels_are_pure_and_hold_what_gosheet_needs() -> None:
    made = {wheel.filename.split("-")[0]: wheel for wheel in wheels.wheels()}
    assert {"gosheet", "openpyxl", "et_xmlfile", "defusedxml", "jinja2", "markupsafe"} <= set(made)
    assert {"reportlab", "segno"} <= set(made)  # the print pack and its QR codes
    assert "pyuca" in made  # every list sorted by name; the one table gosheet reads alone
    with zipfile.ZipFile(io.BytesIO(made["pyuca"].data)) as archive:
        tables = [n for n in archive.namelist() if n.startswith("pyuca/allkeys-")]
    assert tables == [f"pyuca/{TABLE}"]
    assert not {"numpy", "pandas", "rustworkx", "scipy", "python_calamine", "pillow"} & set(made)
    for wheel in made.values():
        assert wheel.filename.endswith("-py3-none-any.whl")
        with zipfile.ZipFile(io.BytesIO(wheel.data)) as archive:
            names = archive.namelist()
            assert archive.testzip() is None
        assert not [n for n in names if n.endswith((".so", ".pyd", ".pyc"))], wheel.filename
        assert any(n.endswith(".dist-info/RECORD") for n in names)
    with zipfile.ZipFile(io.BytesIO(made["gosheet"].data)) as archive:
        names = set(archive.namelist())
    assert "gosheet/_templates/tournament.xlsx" in names
    assert "gosheet/i18n/locale/ru/LC_MESSAGES/gosheet.mo" in names
    assert "gosheet/formats/pack/fonts/DejaVuSans.ttf" in names
    assert "gosheet/frontends/web/runner.py" in names
    assert wheels.wheels()[0].data == made["gosheet"].data  # the same bytes each build


def test_requirements_only_an_extra_asks_for_are_left_out() -> None:
    assert requirement_name('rl_accel<1.1,>=0.9.0; extra == "accel"') is None
    assert requirement_name("MarkupSafe>=2.0") == "markupsafe"
    assert requirement_name("et-xmlfile") == "et-xmlfile"
    # segno's backport of importlib.metadata, for Pythons older than any gosheet runs on
    assert requirement_name("importlib-metadata>=3.6.0; python_version < '3.10'") is None
    assert requirement_name("tomli; python_version < '3.11'") == "tomli"


def test_a_second_build_is_offline(
    tmp_path: Path, fake_pyodide: Path, monkeypatch: pytest.MonkeyPatch, no_network: list[str]
) -> None:
    fake_release(monkeypatch, fake_pyodide)
    cache = tmp_path / "cache"
    with pytest.raises(FileProblem, match="no network"):
        runtime.tarball(cache=cache)
    assert no_network == [runtime.TARBALL_URL]
    monkeypatch.setattr(runtime, "download", lambda url: fake_pyodide.read_bytes())
    first = runtime.tarball(cache=cache)
    assert first.parent == cache
    monkeypatch.setattr(runtime, "download", lambda url: pytest.fail("downloaded again"))
    assert runtime.tarball(cache=cache) == first
    assert set(runtime.runtime(cache=cache).files) == {*runtime.FILES, runtime.LICENSE}


def test_a_tarball_that_is_not_the_release_is_refused(
    tmp_path: Path, fake_pyodide: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(FileProblem, match="SHA-512 differs"):
        runtime.tarball(fake_pyodide)
    monkeypatch.setattr(runtime, "download", lambda url: b"not pyodide")
    with pytest.raises(FileProblem, match="SHA-512 differs"):
        runtime.tarball(cache=tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_a_folder_of_other_files_is_refused(
    tmp_path: Path, fake_pyodide: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    code, _out, err = cli(capsys, "web-app", "-o", tmp_path, "--pyodide", fake_pyodide)
    assert code == 5 and "holds other files" in err
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_the_cache_is_the_users() -> None:
    assert runtime.cache_folder().name == "gosheet"


def test_every_word_in_every_language() -> None:
    words = table()
    assert set(words) == set(LANGUAGES)
    for language in LANGUAGES:
        assert set(words[language]) == {*WORDS, *ACTIONS}
        for key, text in words[language].items():
            assert text.strip(), (language, key)
            fields = set(re.findall(r"\{(\w+)\}", words["en"][key]))
            assert set(re.findall(r"\{(\w+)\}", text)) == fields, (language, key)
    assert words["ru"]["pair"] == "Жеребьёвка следующего тура"  # the LibreOffice menu's
    assert len({words[language]["loading"] for language in LANGUAGES}) == 4
