"""The ``gosheet`` command leaves without the interpreter's teardown (``gosheet.__main__.leave``,
issue 38: 15-30 ms of a pair), and loses nothing by it: the exit functions run, the output
is flushed, the exit code kept, and a thread still running is waited for as Python waits."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

PROBE = """
import atexit, sys


class TornDown:
    '''Writes a file when the interpreter's teardown frees it (never, after os._exit).'''

    def __del__(self, opened=open):  # (the builtins may be gone by then)
        opened("torn-down.txt", "w").write("freed")


probe = TornDown()
atexit.register(lambda: open("atexit.txt", "w").write("ran"))
sys.stdout.write("written before, not flushed;")
sys.argv = ["gosheet", *sys.argv[1:]]
from gosheet.__main__ import script

sys.exit(script())
"""

THREAD = """
import sys, threading

import gosheet.frontends.cli as cli

go = threading.Event()


def late():
    go.wait()
    open("thread.txt", "w").write("done")


threading.Thread(target=late).start()
command_line = cli.main


def main(argv=None):
    try:
        return command_line(argv)
    finally:
        go.set()  # the thread writes once the command has run


cli.main = main
sys.argv = ["gosheet", "check", "missing.xlsx"]
from gosheet.__main__ import script

sys.exit(script())
"""


def child(folder: Path, code: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.mark.parametrize(
    ("args", "code", "shown"),
    [
        (("check", "missing.xlsx"), 5, "gosheet: "),  # an error: its message, its code
        (("demo", "d.xlsx", "--rounds", "1"), 0, "d.xlsx"),  # work saved
        (("--help",), 0, "usage: gosheet"),  # argparse's SystemExit
        (("pari",), 2, "did you mean 'gosheet pair'"),  # a usage error
    ],
)
def test_the_command_leaves_at_once_losing_nothing(
    tmp_path: Path, args: tuple[str, ...], code: int, shown: str
) -> None:
    done = child(tmp_path, PROBE, *args)
    assert done.returncode == code, done.stderr
    assert done.stdout.startswith("written before, not flushed;")
    assert shown in done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    assert (tmp_path / "atexit.txt").read_text() == "ran"
    assert not (tmp_path / "torn-down.txt").exists()  # no teardown: left by os._exit
    if args[0] == "demo":
        assert (tmp_path / "d.xlsx").stat().st_size > 0


def test_a_thread_still_running_is_waited_for(tmp_path: Path) -> None:
    done = child(tmp_path, THREAD)
    assert done.returncode == 5, done.stderr
    assert (tmp_path / "thread.txt").read_text() == "done"


def test_python_leaves_as_usual_without_the_command(tmp_path: Path) -> None:
    """The probe's teardown file is written where the command is not run: the test above can
    tell the two exits apart."""
    code = PROBE.replace("sys.exit(script())", "sys.exit(0)")
    done = child(tmp_path, code, "check", "missing.xlsx")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "torn-down.txt").read_text() == "freed"
