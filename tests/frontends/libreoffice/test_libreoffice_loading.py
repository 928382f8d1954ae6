"""gosheet loaded in the background when a spreadsheet opens (``gosheet_lo/loading.py``, the
extension's job in ``Jobs.xcu``), in real LibreOffice: opening a spreadsheet that is not a
gosheet workbook starts the load and changes nothing of it; the load ends in a thread of its
own, with no action run (a probe script of the test's own, in the same Python, waits for the
condition the thread reports); the first Pair next round after it works. How much faster the
first Pair is: ``benchmarks/bench_libreoffice.py`` (never a timed test).

Without LibreOffice: a load never starts once an action has run (:func:`loading.wait`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from openpyxl import Workbook

from gosheet.frontends.libreoffice import build
from gosheet.frontends.libreoffice.office import Office

if str(build.MACRO_PYTHONPATH) not in sys.path:
    sys.path.append(str(build.MACRO_PYTHONPATH))  # as LibreOffice does for the macro script
from gosheet_lo import loading

PROBE = """\
import json, sys


def Loaded(*args):
    loading = sys.modules.get("gosheet_lo.loading")
    if loading is None:
        return json.dumps({"state": "not started"})
    loading.DONE.wait(600)
    return json.dumps({**loading.STATE, "bridge": "gosheet.app.bridge" in sys.modules})


g_exportedScripts = (Loaded,)
"""
PROBE_URL = "vnd.sun.star.script:gosheet_loaded.py$Loaded?language=Python&location=user"


def test_no_load_starts_once_an_action_ran(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(loading.STATE, "state", "idle")
    loading.wait()  # an action, before any document's job
    assert loading.STATE["state"] == "skipped"
    assert loading.DONE.is_set()
    assert loading.start() is False  # the job of a document opened later
    assert not loading.LOCK.locked()


def test_the_job_is_calcs_and_loads_after_a_document_loaded() -> None:
    jobs = build.jobs_xcu()
    assert f"<value>{build.LOADER}</value>" in jobs
    assert f"<value>{build.CALC}</value>" in jobs  # Calc's documents only
    assert f'oor:name="{build.LOADER_EVENT}"' in jobs
    assert 'manifest:full-path="Jobs.xcu"' in build.manifest_xml()
    source = build.COMPONENT_SOURCE.read_text(encoding="utf-8")
    assert f'LOADER = "{build.LOADER}"' in source


@pytest.mark.slow
def test_a_spreadsheet_opening_loads_gosheet_in_the_background(
    office: Office, tmp_path: Path, open_book: Path
) -> None:
    assert office.profile is not None
    scripts = office.profile / "user" / "Scripts" / "python"
    scripts.mkdir(parents=True, exist_ok=True)
    (scripts / "gosheet_loaded.py").write_text(PROBE, encoding="utf-8")
    budget = tmp_path / "budget.xlsx"
    other = Workbook()
    sheet = other.active
    sheet.title = "Budget"
    sheet.append(["Item", "Cost"])
    sheet.append(["Boards", 120])
    other.save(budget)
    pair = build.menu_url("pair")
    found = office.check(
        [
            {"do": "open", "path": str(budget)},  # not a gosheet workbook
            {"do": "cell", "sheet": "Budget", "cell": "B2"},
            {"do": "state"},
            {"do": "invoke", "url": PROBE_URL},  # waits for the load to end
            {"do": "close"},
            {"do": "open", "path": str(open_book)},
            {"do": "dispatch", "url": pair},
            {"do": "state"},
            {"do": "invoke", "url": PROBE_URL},
            {"do": "close"},
        ],
        timeout=600,
    )
    opened, cost, state, probe = found[:4]
    assert opened["sheets"] == ["Budget"]
    assert cost["value"] == 120
    assert state["modified"] is False and state["undo"] == []
    loaded = json.loads(probe["result"])
    assert loaded["state"] == "loaded", loaded
    assert loaded["thread"] == "gosheet-loading"  # not LibreOffice's own thread
    assert loaded["bridge"] is True  # gosheet loaded before any action
    paired = json.loads(found[6]["result"])
    assert paired["ok"] and paired["action"] == "pair", paired
    assert "Round 3" in found[7]["sheets"]
    assert json.loads(found[8]["result"])["state"] == "loaded"  # loaded once, not again
