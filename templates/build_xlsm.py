"""Build ``templates/tournament.xlsm``, the macro-enabled tournament template.

    python templates/build_xlsm.py [OUT.xlsm]

Needs xlwings and XlsxWriter (``pip install -e '.[test]'``). Steps:

1. xlwings' VBA project is taken from the standalone quickstart workbook that
   the xlwings package ships (``quickstart_standalone.xlsm``, BSD 3-clause
   licence: ``templates/LICENSE-xlwings.txt`` is rewritten from the installed
   package's licence, whose notice must travel with the VBA module).
2. XlsxWriter writes a seed workbook: the ``Control`` sheet with its form
   buttons, the xlwings settings sheet, and that VBA project. XlsxWriter
   writes a button's macro as ``[0]!NAME``; the VBA project being a compiled
   binary, no Sub can be added to it, so each button's macro is then rewritten
   as the call with an argument that Excel stores for such buttons:
   ``'RunPython("import gosheet.excel; gosheet.excel.pair()")'``.
3. The openpyxl template (``gosheet.workbook.template.build_template``: Settings
   and Players) gets the seed's VBA project and buttons through
   ``gosheet.frontends.excel.template.attach_macros`` — the same code that
   ``gosheet excel-template`` runs — and is saved, then checked.

A test rebuilds the template and compares it with the committed file.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import zipfile
from io import BytesIO
from pathlib import Path

import xlsxwriter
import xlwings

from gosheet.frontends.excel.template import (
    BUTTON_ROW_HEIGHT,
    BUTTONS,
    CODE_NAMES,
    CONTROL,
    CONTROL_WIDTHS,
    VBA_PART,
    XLWINGS_CONF,
    _save,
    attach_macros,
    xlsm_template_path,
)
from gosheet.workbook.template import build_template

HERE = Path(__file__).resolve().parent
LICENSE = HERE / "LICENSE-xlwings.txt"
BUTTON_WIDTH, BUTTON_HEIGHT = 200, 36  # pixels


def xlwings_files() -> tuple[bytes, str]:
    """xlwings' standalone VBA project, and its licence text."""
    package = Path(xlwings.__file__).resolve().parent
    with zipfile.ZipFile(package / "quickstart_standalone.xlsm") as archive:
        vba = archive.read(VBA_PART)
    dist = Path(package.parent / f"xlwings-{xlwings.__version__}.dist-info")
    licence = (dist / "licenses" / "LICENSE.txt").read_text(encoding="utf-8")
    notice = (
        "gosheet's macro-enabled workbooks (templates/tournament.xlsm and every .xlsm\n"
        f"written by 'gosheet excel-template') contain the VBA project of xlwings\n"
        f"{xlwings.__version__} (its xlwings module with RunPython, taken from the xlwings\n"
        "package's quickstart_standalone.xlsm), distributed under this licence:\n\n"
    )
    return vba, notice + licence


def _placeholder(entry: str) -> str:
    return f"gosheet_{entry}"


def write_seed(path: Path, vba: bytes) -> None:
    """Control sheet with the buttons, the xlwings settings sheet, the VBA project."""
    workbook = xlsxwriter.Workbook(str(path))
    workbook.set_vba_name("ThisWorkbook")
    control = workbook.add_worksheet(CONTROL)
    control.set_vba_name(CODE_NAMES[CONTROL])
    for letter, width in CONTROL_WIDTHS.items():
        control.set_column(f"{letter}:{letter}", width)
    for button in BUTTONS:
        control.set_row(button.row - 1, BUTTON_ROW_HEIGHT)
        control.insert_button(
            f"A{button.row}",
            {
                "macro": _placeholder(button.entry),
                "caption": button.caption,
                "width": BUTTON_WIDTH,
                "height": BUTTON_HEIGHT,
                "x_offset": 4,
                "y_offset": 2,
            },
        )
    conf = workbook.add_worksheet(XLWINGS_CONF)
    conf.set_vba_name(CODE_NAMES[XLWINGS_CONF])
    workbook.add_vba_project(BytesIO(vba), is_stream=True)
    workbook.close()
    _rewrite_macros(path)


def _rewrite_macros(path: Path) -> None:
    """``[0]!gosheet_pair`` → ``'RunPython("import gosheet.excel; …pair()")'``."""
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    drawings = [name for name in parts if name.endswith(".vml")]
    for name in drawings:
        text = parts[name].decode("utf-8")
        for button in BUTTONS:
            escaped = button.macro.replace('"', "&quot;")
            text = text.replace(f"[0]!{_placeholder(button.entry)}<", f"{escaped}<")
        parts[name] = text.encode("utf-8")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def build(target: Path, licence: Path | None = LICENSE) -> Path:
    vba, text = xlwings_files()
    if licence is not None:
        licence.write_text(text, encoding="utf-8")
    folder = Path(tempfile.mkdtemp(prefix="gosheet-xlsm-"))
    try:
        seed = folder / "seed.xlsm"
        write_seed(seed, vba)
        workbook = build_template()
        workbook.properties.title = "Go tournament (macro-enabled)"
        return _save(workbook, target, attach_macros(workbook, seed))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else xlsm_template_path()
    print(f"wrote {build(out)}")
