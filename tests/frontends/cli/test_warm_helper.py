"""``gosheet pair`` on a large workbook starts a warm helper process that imports numpy and
rustworkx while the command reads the workbook, then pairs the round there
(``gosheet.parallel.warm_for_pair``, ``PAIR_WARM_FROM``): the same workbook as one process alone,
and neither numpy nor OpenGotha's engine ever imported by the command itself (the pairing
is handed to the helper by name: ``gosheet.parallel.Named``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.cli import cli_ok
from support.parallel_runs import CHILD

from gosheet.__main__ import paired_book

FIXTURE = (
    Path(__file__).parents[2] / "fixtures/opengotha-synth/mm120-4r-absences/mm120-4r-absences.xml"
)

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="helper processes run on Linux alone"
)


def values(book: Path) -> dict[str, list[tuple[object, ...]]]:
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in load_workbook(book)}


def test_the_workbook_of_pair_is_guessed_before_the_command_line_is_read() -> None:
    assert paired_book(["gosheet", "pair", "cup.xlsx"]) == "cup.xlsx"
    assert paired_book(["gosheet", "pair", "--again", "cup.xlsx"]) == "cup.xlsx"
    assert paired_book(["gosheet", "check", "cup.xlsx"]) is None
    assert paired_book(["gosheet", "pair"]) is None
    assert paired_book(["gosheet"]) is None


@pytest.mark.parametrize("typed", ["whole", "without suffix"])
def test_a_round_paired_by_the_warm_helper_is_the_round_of_one_process(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, typed: str
) -> None:
    pytest.importorskip("numpy")
    pytest.importorskip("rustworkx")
    book = tmp_path / "warm.xlsx"
    cli_ok(capsys, "import", FIXTURE, "-o", book, "--until-round", "3")
    alone = tmp_path / "alone.xlsx"
    alone.write_bytes(book.read_bytes())
    env = {k: v for k, v in os.environ.items() if k not in ("GOSHEET_PROCESSES", "GOSHEET_PURE")}
    done = subprocess.run(
        # (typed without its suffix, the guess before the command line finds no file: the
        # helper starts once the command line has found the workbook)
        [
            sys.executable,
            str(CHILD),
            "warm_command",
            str(book if typed == "whole" else book.with_suffix("")),
        ],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stderr.strip().splitlines()[-1])
    # the round paired by the warm helper: neither numpy nor the engine imported here
    assert seen == {"numpy here": False, "engine here": False, "forks": 1}
    one = subprocess.run(
        [sys.executable, "-m", "gosheet", "pair", str(alone)],
        env=env | {"GOSHEET_PROCESSES": "1"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert one.returncode == 0, one.stderr
    assert done.stdout.replace(str(book), "BOOK").replace("warm", "x") == one.stdout.replace(
        str(alone), "BOOK"
    ).replace("alone", "x")
    assert values(book) == values(alone)
    assert "Round 4" in values(book)
