"""The macros' logic around the gosheet they carry, without LibreOffice: the files written
beside the workbook (one file, or the pages' folder; nothing written from an answer not
understood), the extension's folder first on ``sys.path``, and what the builder leaves out."""

from __future__ import annotations

import base64
import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gosheet.frontends import carried
from gosheet.frontends.libreoffice import carried as extension
from gosheet.frontends.libreoffice.build import MACRO_PYTHONPATH
from gosheet.i18n.collation import TABLE

if str(MACRO_PYTHONPATH) not in sys.path:
    sys.path.append(str(MACRO_PYTHONPATH))  # as LibreOffice does for the macro script
from gosheet_lo import actions, errors, files, inprocess


def _file(data: bytes, suffix: str, name: str | None = None) -> dict[str, Any]:
    operation = {"op": "file", "suffix": suffix, "base64": base64.b64encode(data).decode()}
    if name is not None:
        operation["name"] = name
    return operation


def test_one_file_goes_beside_the_workbook(tmp_path: Path) -> None:
    target = files.write_beside(str(tmp_path / "cup.ods"), [_file(b"EGF", ".h9")], "export_egf")
    assert target == str(tmp_path / "cup.h9")
    assert (tmp_path / "cup.h9").read_bytes() == b"EGF"
    files.write_beside(str(tmp_path / "cup.ods"), [_file(b"again", ".h9")], "export_egf")
    assert (tmp_path / "cup.h9").read_bytes() == b"again"  # replaced
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.h9"]


def test_pages_go_into_a_folder_beside_the_workbook(tmp_path: Path) -> None:
    pages = [_file(b"<html>", ".site", "index.html"), _file(b"r1", ".site", "round-1.html")]
    target = files.write_beside(str(tmp_path / "cup.xlsx"), pages, "publish")
    assert target == str(tmp_path / "cup.site")
    assert sorted(p.name for p in (tmp_path / "cup.site").iterdir()) == [
        "index.html",
        "round-1.html",
    ]
    assert (tmp_path / "cup.site" / "index.html").read_bytes() == b"<html>"


@pytest.mark.parametrize(
    "operations",
    [
        [_file(b"x", ".site", "../evil.html")],
        [_file(b"x", ".site", "a/b.html")],
        [_file(b"x", ".site", "index.html"), _file(b"y", ".site", "index.html")],
        [_file(b"x", ".site", "index.html"), _file(b"y", ".h9")],
        [_file(b"x", ".site", "index.html"), _file(b"y", ".other", "b.html")],
        [_file(b"x", "..", "index.html")],
        [_file(b"x", ".h9"), _file(b"y", ".h9")],
    ],
)
def test_files_that_would_go_elsewhere_are_refused(
    operations: list[dict[str, Any]], tmp_path: Path
) -> None:
    with pytest.raises(errors.Failure, match="not understood"):
        files.write_beside(str(tmp_path / "cup.ods"), operations, "publish")
    assert list(tmp_path.iterdir()) == []


class _Unsaved:
    """A Calc document never saved: no URL."""

    def supportsService(self, name: str) -> bool:
        return name == "com.sun.star.sheet.SpreadsheetDocument"

    def getURL(self) -> str:
        return ""


@pytest.mark.parametrize("action", ["publish", "export_egf", "export_ffg", "export_opengotha"])
def test_an_unsaved_document_is_told_to_save_first(
    monkeypatch: pytest.MonkeyPatch, action: str
) -> None:
    monkeypatch.setenv("GOSHEET_NO_DIALOGS", "1")
    outcome = json.loads(actions.run(action, (_Unsaved(),)))
    assert outcome["message"] == "Save the workbook first: gosheet writes the files beside it."
    assert not outcome["ok"]


def test_the_extensions_folder_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "path", ["/usr/lib/python3/dist-packages", inprocess.PYTHONPATH])
    inprocess.carried_first()
    assert sys.path == [inprocess.PYTHONPATH, "/usr/lib/python3/dist-packages"]
    inprocess.carried_first()
    assert sys.path == [inprocess.PYTHONPATH, "/usr/lib/python3/dist-packages"]


def test_an_old_python_is_told_which_libreoffice_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(inprocess, "OLDEST_PYTHON", (9, 0))
    with pytest.raises(
        errors.Failure, match=r"needs LibreOffice 25\.2 or later.*Python 9\.0 or later"
    ):
        inprocess.load_gosheet()


def test_the_builder_leaves_compiled_files_out() -> None:
    assert not carried.kept("charset_normalizer/md.cpython-311-x86_64-linux-gnu.so")
    assert not carried.kept("markupsafe/_speedups.c")
    assert not carried.kept("PIL/_imaging.pyd")
    assert carried.kept("reportlab/fonts/Vera.ttf")
    assert carried.LICENCE.search("licenses/LICENSE.txt")
    assert carried.LICENCE.search("LICENCE.rst")
    assert not carried.LICENCE.search("RECORD")


def test_a_distribution_not_installed_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(carried, "distributions", lambda: ["surely-not-installed-here"])
    with pytest.raises(carried.NotInstalled, match="pip install surely-not-installed-here"):
        extension.carried_files()
    importlib.invalidate_caches()


def run_carried(files: dict[str, Path | str], folder: Path, code: str) -> Any:
    """The carried ``files`` copied into ``folder``, and ``code`` run in a Python that sees
    only them (no site-packages: ``-I -S``), as LibreOffice's own Python does; ``sys.argv[1]``
    is the folder. The finished process (it succeeded)."""
    for name, source in files.items():
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(source, str):
            target.write_text(source, encoding="utf-8")
        else:
            target.write_bytes(source.read_bytes())
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code, str(folder)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return done


def test_the_qr_codes_library_is_carried_and_runs_from_there(tmp_path: Path) -> None:
    """segno (the QR codes of ``print --url`` and ``publish --url``) is in the extension,
    with its licence, and draws a code in a Python that sees only the carried files (no
    site-packages: ``-I -S``), as LibreOffice's own Python does."""
    files = extension.carried_files()
    assert "segno/__init__.py" in files
    assert any(n.startswith("segno-") and carried.LICENCE.search(n) for n in files)
    run = (
        "import sys; sys.path.insert(0, sys.argv[1]); import segno; "
        "from gosheet.formats.qr import modules; "
        "code = modules('https://example.org/cup/round-1.html'); "
        "print(segno.__file__.startswith(sys.argv[1]), len(code))"
    )
    done = run_carried(files, tmp_path, run)
    assert done.stdout.split() == ["True", "37"]


def test_the_collation_is_carried_with_its_one_table_and_runs_from_there(tmp_path: Path) -> None:
    """pyuca (every list sorted by name) is in the extension with the one table gosheet
    reads, not its four older ones, and sorts names in a Python that sees only the carried
    files (``-I -S``), as LibreOffice's own Python does."""
    files = extension.carried_files()
    tables = sorted(n for n in files if n.startswith("pyuca/allkeys-"))
    assert tables == [f"pyuca/{TABLE}"]
    assert "pyuca/collator.py" in files
    assert any(n.startswith("pyuca-") and n.endswith("/METADATA") for n in files)
    run = (
        "import sys; sys.path.insert(0, sys.argv[1]); import pyuca; "
        "from gosheet.i18n.collation import sorted_names; "
        "print(pyuca.__file__.startswith(sys.argv[1]), "
        "'|'.join(sorted_names(['Zieliński', 'Łukasiewicz', 'Ødegård', 'Lund', 'Olsen'])))"
    )
    done = run_carried(files, tmp_path, run)
    assert done.stdout.split() == ["True", "Łukasiewicz|Lund|Ødegård|Olsen|Zieliński"]
