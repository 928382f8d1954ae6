"""``gosheet --version`` says the version of gosheet/about.py, the one the package's metadata,
the release's tag and its assets carry."""

from __future__ import annotations

import subprocess
import sys

import pytest
from support.cli import cli

from gosheet import about


def test_version_prints_the_version_and_stops(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "--version")
    assert (code, out, err) == (0, f"gosheet {about.VERSION}\n", "")


def test_the_installed_command_says_it_too() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gosheet", "--version"], capture_output=True, text=True, check=True
    )
    assert done.stdout == f"gosheet {about.VERSION}\n"
