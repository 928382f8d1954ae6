"""Where OpenGotha's engine should leave numpy aside: the break-even field size (issue 38).

Below some field size the engine's pure-Python arrays (``gosheet/core/opengotha/arrays.py``)
pair a round faster than numpy's import alone. This prints, in one run:

- numpy's import in a fresh Python (``python -c "import numpy"`` against ``python -c pass``,
  best of ``--repeat``), what a ``gosheet pair`` pays to use it;
- for each field size, OpenGotha's McMahon round 1 and round 4 (``synthetic.field``, rounds
  played with drawn results) paired by the engine with numpy's arrays and with the pure ones,
  in this process (numpy already imported: its import is not counted), best of
  ``--repeat`` CPU seconds, and whether both made the same games;
- the field size up to which the pure arrays cost less than numpy's import
  (``arrays.PURE_UP_TO`` is the engine's choice).

    python benchmarks/bench_small_fields.py [--sizes 40 80 120 160 200 240] [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

import numpy  # noqa: F401  # imported once here: the in-process rows do not count it

from gosheet import accelerators
from gosheet.core.opengotha import arrays
from gosheet.core.opengotha.synthetic import field, played
from gosheet.core.systems import system_of


def fresh(code: str, repeat: int) -> float:
    """Best CPU seconds of ``python -c code`` in a fresh process."""
    best = float("inf")
    for _ in range(repeat):
        process = subprocess.Popen([sys.executable, "-c", code])
        _, status, usage = os.wait4(process.pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
        best = min(best, usage.ru_utime + usage.ru_stime)
    return best


def paired(players: int, r: int, pure: bool, repeat: int) -> tuple[float, list[tuple[int, int]]]:
    """Best CPU seconds of the engine's pairing of round ``r``, and its games."""
    tournament = played(field(players, 3, "mcmahon", r), r - 1, 3)
    system = system_of(tournament.settings)
    best, games = float("inf"), []
    for _ in range(repeat):
        with accelerators.pure(("numpy", "scipy") if pure else ()):
            start = time.process_time()
            pairing = system.pair(tournament)
            best = min(best, time.process_time() - start)
        games = sorted((g.white, g.black) for g in pairing.games)
    return best, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[40, 80, 120, 160, 200, 240])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()}")
    baseline = fresh("pass", args.repeat)
    numpy_import = fresh("import numpy", args.repeat) - baseline
    print(f"numpy's import in a fresh Python: {numpy_import * 1000:.1f} ms of CPU (beyond pass)")
    print(f"the engine's choice: pure arrays up to {arrays.PURE_UP_TO} players")
    print(f"{'players':>8}{'round':>6}{'numpy ms':>10}{'pure ms':>9}{'pure − numpy':>14}  same")
    cheaper_up_to = 0
    for players in args.sizes:
        extra = 0.0
        for r in (1, 4):
            with_numpy, games = paired(players, r, False, args.repeat)
            pure, pure_games = paired(players, r, True, args.repeat)
            extra = max(extra, pure - with_numpy)
            print(
                f"{players:>8}{r:>6}{with_numpy * 1000:>10.1f}{pure * 1000:>9.1f}"
                f"{(pure - with_numpy) * 1000:>+14.1f}  {games == pure_games}",
                flush=True,
            )
        if extra < numpy_import:
            cheaper_up_to = players
    print(f"pure arrays cheaper than numpy's import up to (of the sizes run): {cheaper_up_to}")
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
