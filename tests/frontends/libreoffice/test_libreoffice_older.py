"""An older LibreOffice, whose own Python is older than gosheet's oldest (LibreOffice 7.x to
24.x on Windows and macOS bring Python 3.8 or 3.9): the extension installs (description.xml
states the oldest LibreOffice that runs gosheet anywhere), and the first click says which
LibreOffice is needed and where it is — never a traceback. Run by a real Python 3.8, the one
LibreOffice 7.x brings, from the unpacked extension; and by this Python, its version
taken for an older one where the check reads it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from gosheet.frontends.libreoffice import description
from gosheet.frontends.libreoffice.build import MACRO_PYTHONPATH, build_extension

if str(MACRO_PYTHONPATH) not in sys.path:
    sys.path.append(str(MACRO_PYTHONPATH))  # as LibreOffice does for the macro script
from gosheet_lo import actions, dialogs, inprocess

PYTHON_38 = Path.home() / ".pyenv" / "versions" / "3.8.18" / "bin" / "python"
CLICK = """
import json, runpy, sys
sys.path.insert(0, sys.argv[1] + "/python/pythonpath")  # what LibreOffice does
script = runpy.run_path(sys.argv[1] + "/python/gosheet_macros.py")
print(json.dumps([script[name]() for name in sys.argv[2:]]))
"""


def said_plainly(message: str, python: str) -> None:
    assert f"gosheet needs LibreOffice {description.BUNDLED_PYTHON_LIBREOFFICE} or later" in message
    assert f"this LibreOffice runs Python {python}" in message
    assert inprocess.DOWNLOAD in message and "Nothing was changed." in message
    assert "Traceback" not in message and "Error" not in message


def test_the_check_and_the_description_name_one_libreoffice() -> None:
    assert inprocess.NEEDED_LIBREOFFICE == description.BUNDLED_PYTHON_LIBREOFFICE
    assert inprocess.OLDEST_PYTHON == (3, 10)


def test_an_older_python_is_told_which_libreoffice_at_the_first_click(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(inprocess, "RUNNING", (3, 9, 13))
    for action in ("pair", "new", "import", "merge"):
        outcome = json.loads(actions.run(action, (), None))
        assert outcome["ok"] is False and outcome["problems"] == []
        said_plainly(outcome["message"], "3.9.13")
    assert dialogs.box_title("gosheet") == "gosheet"  # no version: gosheet not loaded
    assert dialogs.box_title("Pair next round") == "gosheet — Pair next round"


@pytest.mark.skipif(not PYTHON_38.exists(), reason=f"no Python 3.8 at {PYTHON_38}")
def test_libreoffice_7s_python_3_8_runs_the_macros_and_says_so(tmp_path: Path) -> None:
    with zipfile.ZipFile(build_extension(tmp_path)) as oxt:
        oxt.extractall(tmp_path / "unpacked")
    macros = ["PairNextRound", "NewTournament", "ImportRoster", "CheckWorkbook"]
    done = subprocess.run(
        [str(PYTHON_38), "-c", CLICK, str(tmp_path / "unpacked"), *macros],
        capture_output=True,
        text=True,
        env={**os.environ, "GOSHEET_NO_DIALOGS": "1", "PYTHONPATH": ""},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    for outcome in map(json.loads, json.loads(done.stdout)):
        assert outcome["ok"] is False
        said_plainly(outcome["message"], "3.8.18")


def test_the_message_boxes_say_gosheets_version() -> None:
    from gosheet import about

    assert dialogs.box_title("Pair next round") == f"gosheet {about.VERSION} — Pair next round"
    assert dialogs.box_title("gosheet") == f"gosheet {about.VERSION}"
