"""What ``gosheet web-app`` writes to be installed, to work offline and to start fast: the web
manifest and its icons, the service worker and the files it keeps, the packages loaded later
(gosheet/frontends/web/build.py, icon.py, wheels.py, later.py). The page itself, offline and
saving in place, in Chromium: test_web_offline.py."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import struct
import tarfile
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from gosheet import about
from gosheet.frontends.web import icon, later, runner, runtime, wheels
from gosheet.frontends.web.build import ICONS, build


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder built with a tarball laid out as npm's ``pyodide`` (small files)."""
    folder = tmp_path_factory.mktemp("offline")
    tarball = folder / "pyodide.tgz"
    with tarfile.open(tarball, "w:gz") as archive:
        for name in runtime.FILES:
            data = f"// {name}\n".encode()
            entry = tarfile.TarInfo(f"package/{name}")
            entry.size = len(data)
            archive.addfile(entry, io.BytesIO(data))
    digest = base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(runtime, "INTEGRITY", f"sha512-{digest}")
        build(folder / "app", pyodide=tarball)
        yield folder / "app"


def test_the_manifest_makes_the_page_installable(site: Path) -> None:
    manifest = json.loads((site / "manifest.webmanifest").read_text())
    assert manifest["name"] == "gosheet" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["theme_color"].startswith("#")
    sizes = {entry["sizes"]: entry["src"] for entry in manifest["icons"]}
    assert sizes == {f"{n}x{n}": f"icon-{n}.png" for n in ICONS}
    page = (site / "index.html").read_text()
    assert '<link rel="manifest" href="manifest.webmanifest">' in page


def png_size_and_pixels(data: bytes) -> tuple[int, int, bytes]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    at, found = 8, b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        if kind == b"IDAT":
            found += data[at + 8 : at + 8 + length]
        at += 12 + length
    return width, height, zlib.decompress(found)


@pytest.mark.parametrize("size", ICONS)
def test_the_icon_is_drawn_the_same_every_time(site: Path, size: int) -> None:
    data = (site / f"icon-{size}.png").read_bytes()
    assert data == icon.png(size)
    width, height, rows = png_size_and_pixels(data)
    assert (width, height) == (size, size) and len(rows) == size * (1 + 3 * size)
    stride = 1 + 3 * size
    corner = rows[1:4]
    middle = rows[stride * (size // 2) + 1 + 3 * (size // 2) :][:3]
    assert tuple(corner) == icon.BLUE and tuple(middle) != icon.BLUE  # the board in the middle


def test_the_service_worker_keeps_every_file_the_page_asks_for(site: Path) -> None:
    text = (site / "service-worker.js").read_text()
    cache = re.search(r'const CACHE = "([^"]+)";', text)
    files = re.search(r"const FILES = (\[.*?\]);", text, re.S)
    assert cache and files
    assert cache.group(1).startswith(f"gosheet-{about.VERSION}-")
    kept = set(json.loads(files.group(1)))
    served = {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert kept == {"./"} | served - {"README.txt", "service-worker.js"}
    assert json.loads((site / "build.json").read_text())["cache"] == cache.group(1)


def test_a_page_built_with_other_files_has_another_cache(tmp_path: Path) -> None:
    from gosheet.frontends.web.build import cache_name

    assert cache_name({"a": b"1"}) == cache_name({"a": b"1"}) != cache_name({"a": b"2"})


def test_gosheet_starts_alone_and_the_rest_comes_later() -> None:
    made = wheels.parts()
    assert [w.filename.split("-")[0] for w in made.start] == ["gosheet"]
    with zipfile.ZipFile(io.BytesIO(made.start[0].data)) as archive:
        names = archive.namelist()
    assert "gosheet/frontends/web/runner.py" in names
    assert not [n for n in names if n.startswith(wheels.FONTS)]
    later_names = {w.filename.split("-")[0] for w in made.later}
    assert {"reportlab", "jinja2", "segno", "pyuca", "openpyxl", "gosheet_fonts"} <= later_names
    fonts = next(w for w in made.later if w.filename.startswith("gosheet_fonts-"))
    with zipfile.ZipFile(io.BytesIO(fonts.data)) as archive:
        assert f"{wheels.FONTS}DejaVuSans.ttf" in archive.namelist()
    assert {"reportlab", "jinja2", "segno", "pyuca"} <= set(made.modules)


def test_an_action_that_needs_a_package_loaded_later_says_so(demo_book: Path) -> None:
    """Print pack with QR codes imports segno: while it is not loaded, the answer is "later"
    (the worker loads it and runs the action again), never a crash; once loaded, the pack."""
    import sys

    data, url = demo_book.read_bytes(), runner.Options(url="https://go.example.org/cup/")
    gone = {name: sys.modules.pop(name) for name in list(sys.modules) if name.startswith("segno")}
    try:
        later.wait_for(["segno"])
        answer = runner.run("print", data, demo_book.name, options=url)
        assert answer.later and answer.lines == [] and answer.data is None
    finally:
        later.loaded()
        sys.modules.update(gone)
    answer = runner.run("print", data, demo_book.name, options=url)
    assert not answer.later and answer.data is not None and answer.data.startswith(b"%PDF")
