"""The hostile corpus (:mod:`safety.hostile`) run case by case as ``python -m gosheet …`` in
a subprocess limited to 600 MB of address space: each refusal within its exit codes, its
message naming the place, no traceback, nothing changed, no temporary file left, in under
5 s of CPU and 300 MB of memory."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from gosheet.frontends.cli import main
from safety.hostile import CASES, MARKER, ROSTER, Case

ADDRESS_SPACE = 600 << 20
PEAK_RSS = 300 << 20
CPU_SECONDS = 5.0
KILL_AFTER = 300.0
"""The ceiling of a case's wall time (seconds): only a child that hangs reaches it, as a case
needs under :data:`CPU_SECONDS` of CPU; a machine loaded many times over stretches the rest."""
LAUNCHER = """
import os, resource, signal, sys
report, command = sys.argv[1], sys.argv[2:]
signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for gosheet, not for this launcher
pid = os.fork()
if pid == 0:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # (an ignored signal stays so across exec)
    resource.setrlimit(resource.RLIMIT_AS, (CEILING, CEILING))
    os.execv(sys.executable, [sys.executable, *command])
_, status = os.waitpid(pid, 0)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(report, "w") as stream:
    stream.write(f"{usage.ru_maxrss * 1024} {usage.ru_utime + usage.ru_stime}")
sys.exit(os.waitstatus_to_exitcode(status))
""".replace("CEILING", str(ADDRESS_SPACE))
"""Runs the command in a child limited to :data:`ADDRESS_SPACE`, and writes the child's peak
memory and CPU time (``getrusage(RUSAGE_CHILDREN)``: the launcher is small, so its child's
peak is gosheet's own, not the test process's)."""


@dataclass(frozen=True)
class Outcome:
    code: int
    stdout: str
    stderr: str
    peak_rss: int  # bytes
    cpu: float  # seconds, user + system
    before: dict[str, str]
    after: dict[str, str]
    folder: Path


def snapshot(folder: Path) -> dict[str, str]:
    """The regular files of a folder (a FIFO is never opened) and their bytes' digests."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.iterdir())
        if p.is_file()
    }


def run_case(case: Case, folder: Path, base: Path) -> Outcome:
    args = case.make(folder, base)
    before = snapshot(folder)
    program = ["-c", case.script] if case.script else ["-m", "gosheet"]
    env = {k: v for k, v in os.environ.items() if k != "GOSHEET_DEBUG"}
    env.update(OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", PYTHONPATH=str(Path.cwd()))
    marker = folder.parent / f"{folder.name}.marker"  # outside the folder, which must not change
    env[MARKER] = str(marker)
    out, err = folder.parent / f"{folder.name}.out", folder.parent / f"{folder.name}.err"
    report = folder.parent / f"{folder.name}.usage"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-c", LAUNCHER, str(report), *program, *args],
            cwd=folder,
            env=env,
            stdin=subprocess.PIPE,
            stdout=stdout,
            stderr=stderr,
            start_new_session=True,
        )
        killer = threading.Timer(KILL_AFTER, process.kill)
        killer.start()
        if case.interrupt_on_marker:  # the child says when: wait for that, not for a time
            deadline = time.monotonic() + KILL_AFTER
            while not marker.exists() and process.poll() is None and time.monotonic() < deadline:
                time.sleep(0.01)
            os.killpg(process.pid, signal.SIGINT)  # as the terminal does
        assert process.stdin is not None
        try:
            process.stdin.write(case.stdin)
            process.stdin.close()
        except BrokenPipeError:
            pass
        process.wait()
        killer.cancel()
    if not report.exists():  # the launcher itself did not finish: this case fails alone
        missing = f"no usage report ({report.name})"
        return Outcome(process.returncode, "", missing, 0, 0.0, before, snapshot(folder), folder)
    peak, cpu = report.read_text().split()
    return Outcome(
        process.returncode,
        out.read_text(errors="replace"),
        err.read_text(errors="replace"),
        int(peak),
        float(cpu),
        before,
        snapshot(folder),
        folder,
    )


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    """Every case run once, three at a time."""
    home = tmp_path_factory.mktemp("safety")
    base = home / "base.xlsx"
    (home / "roster.csv").write_text(ROSTER)
    assert main(["import", str(home / "roster.csv"), "-o", str(base), "--seed", "1"]) == 0
    folders = {c.id: home / c.id for c in CASES}
    for folder in folders.values():
        folder.mkdir()
    with ThreadPoolExecutor(3) as pool:
        futures = {c.id: pool.submit(run_case, c, folders[c.id], base) for c in CASES}
        return {name: outcome_of(future, folders[name]) for name, future in futures.items()}


def outcome_of(future: Future[Outcome], folder: Path) -> Outcome:
    """The case's outcome; a runner that failed fails its own case only, not every case of
    the shared fixture (as a race once made 60 cases error under unrelated names)."""
    try:
        return future.result()
    except Exception as error:  # reported as that case's failure
        return Outcome(-1, "", f"the runner failed: {error!r}", 0, 0.0, {}, {}, folder)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_hostile_input(case: Case, outcomes: dict[str, Outcome]) -> None:
    outcome = outcomes[case.id]
    message = outcome.stdout if case.stdin else outcome.stderr
    assert outcome.code in case.codes, (outcome.code, outcome.stderr, outcome.stdout)
    assert "Traceback" not in outcome.stderr, outcome.stderr
    for name in case.names:
        assert name in message, (name, message)
    assert outcome.peak_rss < PEAK_RSS, f"{outcome.peak_rss >> 20} MB"
    assert outcome.cpu < CPU_SECONDS, f"{outcome.cpu:.1f} s"
    left = [n for n in os.listdir(outcome.folder) if n.endswith(".tmp")]
    assert not left, left
    if outcome.code == 0:
        assert case.check is not None
        case.check(outcome.folder)  # what it wrote is valid
    else:
        assert outcome.after == outcome.before  # nothing changed, nothing written


def test_report(outcomes: dict[str, Outcome]) -> None:
    for name, o in outcomes.items():
        print(f"{name:45} {o.code:4} {o.cpu:5.2f}s {o.peak_rss >> 20:4} MB")
