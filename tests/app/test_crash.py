"""The one crash report, the same from every door: the command line, the page, the bridge."""

from __future__ import annotations

from typing import Any

import pytest

from gosheet.app import bridge
from gosheet.app.crash import INTERNAL_ERROR, crash_report
from gosheet.frontends.web import runner
from gosheet.i18n import catalog


def _broken(*args: Any) -> Any:
    raise RuntimeError("a bug")


def test_the_report_names_the_action_the_error_and_where() -> None:
    try:
        _broken()
    except RuntimeError as error:
        report = crash_report(error, "Pair next round")
    assert report.startswith("gosheet: 'Pair next round' failed unexpectedly (RuntimeError in ")
    assert "test_crash.py:" in report and "a bug" in report and "\n" not in report
    with catalog.speaking("fr"):
        assert "a échoué de façon inattendue" in crash_report(RuntimeError("x"), "check")


def test_the_bridge_answers_a_bug_with_the_report(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GOSHEET_DEBUG", raising=False)
    monkeypatch.setitem(bridge.BRIDGED, "pair", _broken)
    answer, code = bridge.handle({"action": "pair", "sheets": {}})
    assert code == INTERNAL_ERROR and not answer["ok"] and answer["problems"] == []
    assert answer["message"].startswith("gosheet: 'Pair next round' failed unexpectedly")
    assert "Traceback" not in answer["message"]


def test_the_page_and_the_bridge_say_it_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GOSHEET_DEBUG", raising=False)
    monkeypatch.setitem(bridge.BRIDGED, "check", _broken)
    monkeypatch.setitem(runner.ACTIONS, "check", _broken)
    answer, _code = bridge.handle({"action": "check", "sheets": {}})
    page = runner.run("check", b"", "cup.xlsx")
    assert page.code == INTERNAL_ERROR and page.lines == [answer["message"]]
