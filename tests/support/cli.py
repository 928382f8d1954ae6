"""Running the command line in-process, and checking that a refusal changed nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from gosheet.frontends.cli import main

BOOK_COMMANDS = ("check", "pair", "standings", "simulate")
"""The commands that read a tournament workbook (and refuse a bad one)."""


def cli(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    """Run ``gosheet ARGS`` in-process: (exit code, stdout, stderr).

    Each argument is passed as ``str(arg)`` (paths welcome). What was printed before
    is dropped. argparse's usage errors (``SystemExit``) give their exit code too."""
    capsys.readouterr()  # drop anything printed before
    try:
        code = main([str(a) for a in args])
    except SystemExit as stop:  # argparse's usage errors
        code = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
    out, err = capsys.readouterr()
    return code, out, err


def cli_ok(capsys: pytest.CaptureFixture[str], *args: object) -> str:
    """:func:`cli` that must succeed (exit code 0, else fails with stderr): its stdout."""
    code, out, err = cli(capsys, *args)
    assert code == 0, err
    return out


def snapshot(directory: Path) -> dict[str, bytes]:
    """Every file of a directory (hidden ones too) and its bytes."""
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir()) if p.is_file()}


def refused(capsys: pytest.CaptureFixture[str], directory: Path, code: int, *args: object) -> str:
    """Run ``gosheet ARGS``, check its exit code, that its message is a one-line
    ``gosheet: …`` without a traceback, and that no file of ``directory`` changed,
    appeared or vanished. Returns stderr."""
    before = snapshot(directory)
    got, _out, err = cli(capsys, *args)
    assert got == code, err
    after = snapshot(directory)
    assert after.keys() == before.keys(), "a file appeared or vanished"
    for name in before:
        assert after[name] == before[name], f"{name} was changed"
    assert err.startswith("gosheet: ")
    assert "Traceback" not in err
    return err


def problem_line(err: str, where: str) -> str:
    """The one line of the message about ``where`` (``Sheet!A1`` or a sheet)."""
    lines = [line for line in err.splitlines() if f"{where}:" in line]
    assert len(lines) == 1, f"expected one line about {where}, got {lines!r} in:\n{err}"
    return lines[0]
