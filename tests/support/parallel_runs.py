"""Running a case of ``parallel_child.py`` in a clean child process (a test worker may run
threads, where no helper process starts)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

CHILD = Path(__file__).parent / "parallel_child.py"


def child(case: str, **environment: str) -> dict[str, Any]:
    """What ``case`` saw, and ``forks``: how many times its process forked."""
    env = {k: v for k, v in os.environ.items() if k not in ("GOSHEET_PROCESSES", "GOSHEET_PURE")}
    done = subprocess.run(
        [sys.executable, str(CHILD), case],
        env=env | environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    seen: dict[str, Any] = json.loads(done.stdout)
    return seen
