"""The limits module's small parts, and what the command does with an unexpected error."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.cli import cli

from gosheet.app import actions
from gosheet.app.crash import INTERNAL_ERROR
from gosheet.core.errors import FileProblem
from gosheet.frontends.cli import main
from gosheet.workbook.limits.files import book_target
from gosheet.workbook.sheets import writable


def test_cell_text_drops_what_xml_cannot_hold() -> None:
    assert writable.cell_text("Ma\x00ri\x01a\x1b\ufffe") == "Maria"
    assert writable.cell_text("tab\tand\nnewline") == "tab\tand\nnewline"
    assert writable.cell_text(3) == 3


@pytest.mark.parametrize("title", ["N" * 300, "&" * 300, "Cup & " * 60, "x\x01" * 200])
def test_header_text_within_excels_limit(title: str) -> None:
    text = writable.header_text(title)
    assert len(text) <= writable.MAX_HEADER - 2
    assert "\x01" not in text
    body = text.removesuffix("…")
    assert (len(body) - len(body.rstrip("&"))) % 2 == 0  # no lone '&' (a code) at the cut


def test_short_header_unchanged_but_ampersands() -> None:
    assert writable.header_text("Paris & Praha Cup") == "Paris && Praha Cup"


@pytest.mark.parametrize(("name", "right"), [("x.ods", "x.xlsx"), ("out.csv", "out.xlsx")])
def test_book_target_names_the_right_extension(name: str, right: str) -> None:
    with pytest.raises(FileProblem, match=right):
        book_target(name)
    assert book_target("x.XLSX") == Path("x.XLSX")


def test_a_bug_is_one_line_and_exit_70(
    capsys: pytest.CaptureFixture[str], open_book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("something\nunexpected")

    monkeypatch.setattr(actions, "check", broken)
    monkeypatch.delenv("GOSHEET_DEBUG", raising=False)
    code, _, err = cli(capsys, "check", open_book)
    assert code == INTERNAL_ERROR
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "'check' failed unexpectedly (RuntimeError in test_limits.py" in err
    assert "something unexpected" in err and "nothing written" in err
    monkeypatch.setenv("GOSHEET_DEBUG", "1")
    with pytest.raises(RuntimeError):
        main(["check", str(open_book)])
