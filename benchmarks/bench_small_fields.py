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
  (``arrays.PURE_UP_TO`` is the engine's choice);
- the same for the matching: rustworkx's import against gosheet's own blossom (the pure
  arrays and the blossom, rustworkx refused: ``matching.SMALL_GRAPH`` is the choice).

    python benchmarks/bench_small_fields.py [--sizes 24 40 64 120 160 200] [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

import numpy  # noqa: F401  # imported once here: the in-process rows do not count them
import rustworkx  # noqa: F401

from gosheet import accelerators
from gosheet.core import matching
from gosheet.core.opengotha import arrays
from gosheet.core.opengotha.synthetic import field, played
from gosheet.core.systems import system_of

ENGINE = ("numpy", "scipy", "rustworkx")


def fresh(code: str, repeat: int) -> float:
    """Best CPU seconds of ``python -c code`` in a fresh process."""
    best = float("inf")
    for _ in range(repeat):
        process = subprocess.Popen([sys.executable, "-c", code])
        _, status, usage = os.wait4(process.pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0
        best = min(best, usage.ru_utime + usage.ru_stime)
    return best


def paired(
    players: int, r: int, refused: tuple[str, ...], repeat: int
) -> tuple[float, list[tuple[int, int]]]:
    """Best CPU seconds of the engine's pairing of round ``r`` with the accelerators
    ``refused``, and its games."""
    tournament = played(field(players, 3, "mcmahon", r), r - 1, 3)
    system = system_of(tournament.settings)
    best, games = float("inf"), []
    for _ in range(repeat):
        with accelerators.pure(refused):
            start = time.process_time()
            pairing = system.pair(tournament)
            best = min(best, time.process_time() - start)
        games = sorted((g.white, g.black) for g in pairing.games)
    return best, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[24, 40, 64, 120, 160, 200])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()}")
    baseline = fresh("pass", args.repeat)
    numpy_import = fresh("import numpy", args.repeat) - baseline
    rustworkx_import = fresh("import rustworkx", args.repeat) - baseline
    print(f"numpy's import in a fresh Python: {numpy_import * 1000:.1f} ms of CPU (beyond pass)")
    print(f"rustworkx's import: {rustworkx_import * 1000:.1f} ms of CPU (beyond pass)")
    print(f"the engine's choice: pure arrays up to {arrays.PURE_UP_TO} players, gosheet's")
    print(f"blossom up to {matching.SMALL_GRAPH} (unless numpy, rustworkx are imported already)")
    print(
        f"{'players':>8}{'round':>6}{'numpy ms':>10}{'pure ms':>9}{'pure − numpy':>14}"
        f"{'+ blossom ms':>14}{'blossom − rustworkx':>21}  same"
    )
    arrays_up_to = blossom_up_to = 0
    for players in args.sizes:
        extra = blossom_extra = 0.0
        for r in (1, 4):
            with_numpy, games = paired(players, r, ("scipy",), args.repeat)
            pure, pure_games = paired(players, r, ("numpy", "scipy"), args.repeat)
            blossom, blossom_games = paired(players, r, ENGINE, args.repeat)
            extra = max(extra, pure - with_numpy)
            blossom_extra = max(blossom_extra, blossom - pure)
            same = games == pure_games == blossom_games
            print(
                f"{players:>8}{r:>6}{with_numpy * 1000:>10.1f}{pure * 1000:>9.1f}"
                f"{(pure - with_numpy) * 1000:>+14.1f}{blossom * 1000:>14.1f}"
                f"{(blossom - pure) * 1000:>+21.1f}  {same}",
                flush=True,
            )
        if extra < numpy_import:
            arrays_up_to = players
        if blossom_extra < rustworkx_import:
            blossom_up_to = players
    print(f"pure arrays cheaper than numpy's import up to (of the sizes run): {arrays_up_to}")
    print(f"gosheet's blossom cheaper than rustworkx's import up to: {blossom_up_to}")
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
