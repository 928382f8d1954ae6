"""``gosheet history`` and ``gosheet restore``: every change keeps the version before it in
NAME.history/, numbered newest first; a restore is itself undoable."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.books import BACKUP
from support.cli import cli, cli_ok, refused

from gosheet.workbook.saving import history


def listed(out: str) -> list[str]:
    """The actions of ``gosheet history``'s lines, newest first."""
    return [line.split("before ", 1)[1] for line in out.splitlines() if "  before " in line]


def test_history_and_restore_round_trip(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    original = open_book.read_bytes()
    assert "no earlier version" in cli_ok(capsys, "history", open_book)
    cli_ok(capsys, "pair", open_book)
    cli_ok(capsys, "standings", open_book)
    latest = open_book.read_bytes()
    assert listed(cli_ok(capsys, "history", open_book)) == ["standings", "pair round 3"]
    names = sorted(p.name for p in (open_book.parent / "cup.history").iterdir())
    assert names[0].endswith(" pair round 3.xlsx") and names[0][:4].isdigit()

    out = cli_ok(capsys, "restore", open_book, 2)
    assert "before pair round 3" in out
    assert open_book.read_bytes() == original
    assert (open_book.parent / BACKUP).read_bytes() == latest
    assert listed(cli_ok(capsys, "history", open_book)) == [
        "restore 2",
        "standings",
        "pair round 3",
    ]

    cli_ok(capsys, "restore", open_book, 1)  # the restore undone
    assert open_book.read_bytes() == latest
    assert "Round 3" in load_workbook(open_book).sheetnames


def test_the_history_keeps_the_newest_versions(
    capsys: pytest.CaptureFixture[str], open_book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(history, "HISTORY_KEEP", 3)
    cli_ok(capsys, "pair", open_book)
    for _ in range(4):
        cli_ok(capsys, "standings", open_book)
    assert listed(cli_ok(capsys, "history", open_book)) == ["standings"] * 3
    assert len(list((open_book.parent / "cup.history").iterdir())) == 3


def test_restore_refusals(capsys: pytest.CaptureFixture[str], open_book: Path) -> None:
    code, _out, err = cli(capsys, "restore", open_book, 1)
    assert code == 2 and "no earlier version" in err
    cli_ok(capsys, "standings", open_book)
    code, _out, err = cli(capsys, "restore", open_book, 5)
    assert code == 2 and "lists 1 to 1" in err
    (open_book.parent / ".~lock.cup.xlsx#").write_text("x", encoding="utf-8")
    err = refused(capsys, open_book.parent, 5, "restore", open_book, 1)
    assert "LibreOffice" in err
    code, _out, err = cli(capsys, "history", open_book.parent / "missing.xlsx")
    assert code == 5 and "no such file" in err
