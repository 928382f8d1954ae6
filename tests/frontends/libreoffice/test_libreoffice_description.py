"""What LibreOffice's Extension Manager reads of ``gosheet.oxt``: ``description.xml`` with
every field (identifier, version, publisher, licence, oldest LibreOffice, icon, names and
descriptions in en, ru, fr, ca, update information), the release's ``update.xml``, the
``.oxt`` the same bytes build after build, and real ``unopkg add`` / ``unopkg list``."""

from __future__ import annotations

import ast
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
import zlib
from pathlib import Path
from xml.etree import ElementTree

import pytest

from gosheet import about
from gosheet.frontends.libreoffice import build, description
from gosheet.frontends.libreoffice.office import find_soffice, find_unopkg

D = "{http://openoffice.org/extensions/description/2006}"
U = "{http://openoffice.org/extensions/update/2006}"
LO = "{http://libreoffice.org/extensions/description/2011}"
XLINK = "{http://www.w3.org/1999/xlink}href"
BUILD = (
    "import sys; from pathlib import Path; "
    "from gosheet.frontends.libreoffice.build import build_extension; "
    "build_extension(Path(sys.argv[1]))"
)


@pytest.fixture(scope="module")
def oxt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build.build_extension(tmp_path_factory.mktemp("oxt"))


def members(oxt: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(oxt) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_description_xml_carries_every_field(oxt: Path) -> None:
    files = members(oxt)
    root = ElementTree.fromstring(files["description.xml"])
    assert root.tag == f"{D}description"
    assert root.find(f"{D}identifier").get("value") == build.EXTENSION_ID  # type: ignore[union-attr]
    assert root.find(f"{D}version").get("value") == about.VERSION  # type: ignore[union-attr]
    publisher = root.find(f"{D}publisher/{D}name")
    assert publisher is not None and publisher.get(XLINK) == about.HOMEPAGE
    assert publisher.text == "gosheet" and 'github.com/"' not in files["description.xml"].decode()
    minimal = root.find(f"{D}dependencies/{LO}LibreOffice-minimal-version")
    assert minimal is not None and minimal.get("value") == description.MINIMAL_LIBREOFFICE
    assert minimal.get(f"{D}name") == f"LibreOffice {description.MINIMAL_LIBREOFFICE}"
    # the licence: shown on the first installation only, by the user installing it; and
    # skipped where the installer asks (unopkg add --suppress-license)
    licence = root.find(f"{D}registration/{D}simple-license")
    assert licence is not None
    assert licence.get("accept-by") == "user"
    assert licence.get("suppress-on-update") == "true"
    assert licence.get("suppress-if-required") == "true"
    text = licence.find(f"{D}license-text")
    assert text is not None and text.get("license-id") == licence.get("default-license-id")
    gpl = files[str(text.get(XLINK))].decode("utf-8")
    assert (
        gpl.lstrip().startswith("GNU GENERAL PUBLIC LICENSE") and "Version 3, 29 June 2007" in gpl
    )
    icon = root.find(f"{D}icon/{D}default")
    assert icon is not None
    assert png_size(files[str(icon.get(XLINK))]) == (64, 64)
    names = {n.get("lang"): n.text for n in root.findall(f"{D}display-name/{D}name")}
    assert sorted(names) == sorted(description.LANGUAGES)
    assert names["en"] == "gosheet — Go tournaments" and names["ru"] == "gosheet — турниры по го"
    sources = {
        s.get("lang"): s.get(XLINK) for s in root.findall(f"{D}extension-description/{D}src")
    }
    assert sorted(sources) == sorted(description.LANGUAGES)
    said = {lang: files[str(path)].decode("utf-8") for lang, path in sources.items()}
    for lang, words in said.items():
        assert about.VERSION in words and description.BUNDLED_PYTHON_LIBREOFFICE in words, lang
    assert len(set(said.values())) == 4  # each in its own language
    assert "турниры по го" in said["ru"] and "tournois de go" in said["fr"]
    assert "tornejos de go" in said["ca"]
    update = root.find(f"{D}update-information/{D}src")
    assert update is not None and update.get(XLINK) == about.UPDATE_XML


def png_size(data: bytes) -> tuple[int, int]:
    """A PNG's width and height, its signature and every chunk's checksum checked."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, kinds = 8, []
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind, body = data[at + 4 : at + 8], data[at + 8 : at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length : at + 12 + length])
        assert zlib.crc32(kind + body) & 0xFFFFFFFF == crc
        kinds.append(kind)
        at += 12 + length
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_icon_is_a_board_corner_with_a_black_and_a_white_stone() -> None:
    from gosheet.frontends.libreoffice import icon

    (bx, by, _), (wx, wy, _) = icon.STONES
    assert icon.colour_at(bx, by) == icon.BLACK and icon.colour_at(wx, wy) == icon.WHITE
    assert icon.colour_at(icon.EDGE, 40) == icon.LINE  # the board's edge
    assert icon.colour_at(3, 3) == icon.BOARD  # outside the corner: the board alone
    assert icon.icon_png() == icon.icon_png()


def test_the_licence_shipped_is_the_repositorys() -> None:
    text = description.LICENSE_FILE.read_text(encoding="utf-8")
    assert "GNU GENERAL PUBLIC LICENSE" in text and "Version 3" in text
    top = Path(__file__).resolve().parents[3] / "LICENSE"
    if top.exists():  # the repository's own copy (a checkout): the very same text
        assert top.read_text(encoding="utf-8") == text


def test_two_builds_in_two_processes_are_the_same_bytes(tmp_path: Path) -> None:
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1767225600"}  # 2026-01-01
    made = []
    for name in ("one", "two"):
        subprocess.run([sys.executable, "-c", BUILD, str(tmp_path / name)], env=env, check=True)
        made.append((tmp_path / name / build.OXT_NAME).read_bytes())
    assert made[0] == made[1]
    with zipfile.ZipFile(tmp_path / "one" / build.OXT_NAME) as archive:
        names = archive.namelist()
        assert names == sorted(names)
        assert {info.date_time for info in archive.infolist()} == {(2026, 1, 1, 0, 0, 0)}
    env["SOURCE_DATE_EPOCH"] = "1767312000"  # a day later: the dates, and so the bytes, move
    subprocess.run([sys.executable, "-c", BUILD, str(tmp_path / "three")], env=env, check=True)
    assert (tmp_path / "three" / build.OXT_NAME).read_bytes() != made[0]


def test_update_xml_points_at_the_releases_oxt_and_changelog() -> None:
    root = ElementTree.fromstring(build.update_xml("1.2.3"))
    assert root.tag == f"{U}description"
    assert root.find(f"{U}identifier").get("value") == build.EXTENSION_ID  # type: ignore[union-attr]
    assert root.find(f"{U}version").get("value") == "1.2.3"  # type: ignore[union-attr]
    download = root.find(f"{U}update-download/{U}src")
    assert download is not None
    assert download.get(XLINK) == about.release_asset("gosheet-1.2.3.oxt", "1.2.3")
    assert download.get(XLINK) == f"{about.RELEASES}/download/v1.2.3/gosheet-1.2.3.oxt"
    notes = root.find(f"{U}release-notes/{U}src")
    assert notes is not None and notes.get(XLINK) == about.CHANGELOG
    minimal = root.find(f"{U}dependencies/{LO}LibreOffice-minimal-version")
    assert minimal is not None and minimal.get("value") == description.MINIMAL_LIBREOFFICE


def unopkg(arguments: list[str], profile: Path) -> subprocess.CompletedProcess[str]:
    """``unopkg`` on the private profile ``profile``; as root (which unopkg refuses for a
    user's extensions) as the unprivileged user ``nobody``."""
    program = find_unopkg(find_soffice())
    assert program is not None
    command = [program, *arguments, f"-env:UserInstallation={profile.as_uri()}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", *command]
    return subprocess.run(
        command,
        env={**os.environ, "HOME": str(profile)},
        cwd=profile,  # unopkg's script starts with a cd to where it was run: nobody's reach
        stdin=subprocess.DEVNULL,  # never waits for an answer: a question fails the test
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


@pytest.mark.slow
def test_unopkg_adds_it_with_its_licence_and_lists_its_version() -> None:
    from support.libreoffice import require_office

    require_office()
    if find_unopkg(find_soffice()) is None or (os.geteuid() == 0 and not shutil.which("setpriv")):
        pytest.skip("unopkg cannot be run here")
    # a folder of its own that nobody can reach (pytest's own is the owner's only)
    folder = Path(tempfile.mkdtemp(prefix="gosheet-unopkg-"))
    try:
        for made in (folder, folder / "profile", folder / "oxt"):
            made.mkdir(exist_ok=True)
            made.chmod(0o777)
        oxt = build.build_extension(folder / "oxt")
        oxt.chmod(0o644)
        added = unopkg(["add", "--suppress-license", str(oxt)], folder / "profile")
        assert added.returncode == 0, added.stderr
        listed = unopkg(["list"], folder / "profile")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    assert listed.returncode == 0, listed.stderr
    assert f"Identifier: {build.EXTENSION_ID}" in listed.stdout
    assert f"Version: {about.VERSION}" in listed.stdout
    assert "is registered: yes" in listed.stdout


def test_the_menus_dispatcher_runs_in_libreoffices_python() -> None:
    source = build.COMPONENT_SOURCE.read_text(encoding="utf-8")
    tree = ast.parse(source, feature_version=(3, 8))  # LibreOffice 7 on Windows: Python 3.8
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    } | {
        n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module
    }
    assert imported <= {"__future__", *sys.stdlib_module_names}, imported
    assert f'PROTOCOL = "{build.MENU_PROTOCOL}"' in source
    assert f'IMPLEMENTATION = "{build.HANDLER}"' in source
    manifest = build.manifest_xml()
    assert f'manifest:full-path="{build.COMPONENT}"' in manifest
    assert "application/vnd.sun.star.uno-component;type=Python" in manifest


@pytest.mark.slow
def test_the_menu_works_whatever_the_file_is_called(tmp_path: Path, open_book: Path) -> None:
    """The release's file, ``gosheet-0.9.0.oxt``: its menu entries find their actions (a
    script URL, which names ``gosheet.oxt``, would not)."""
    from support.libreoffice import TIMEOUT, require_office

    from gosheet.frontends.libreoffice.office import Office

    require_office()
    oxt = build.build_extension(tmp_path / "built")
    released = tmp_path / f"gosheet-{about.VERSION}.oxt"
    shutil.copyfile(oxt, released)
    profile = tmp_path / "profile"
    with Office(profile, start_timeout=TIMEOUT) as office:
        [installed] = office.check([{"do": "install", "oxt": str(released)}], timeout=TIMEOUT)
    assert installed["name"] == released.name
    env = {k: v for k, v in os.environ.items() if k not in ("GOSHEET", "GOSHEET_NO_DIALOGS")}
    with Office(profile, env=env, start_timeout=TIMEOUT) as office:
        found = office.check(
            [
                {"do": "open", "path": str(open_book)},
                {"do": "dispatch", "url": build.menu_url("check")},
                {"do": "dispatch", "url": build.menu_url("new")},
            ],
            timeout=TIMEOUT,
        )[1:3]
    checked, new = (json.loads(step["result"]) for step in found)
    assert checked["ok"] and checked["action"] == "check", checked
    assert checked["message"].startswith("No problems")
    assert new == {
        "ok": False,
        "message": "Nothing chosen; no tournament was made.",
        "problems": [],
        "action": "new",
    }
