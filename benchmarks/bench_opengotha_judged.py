"""gosheet judged by OpenGotha itself, over many generated tournaments like the trove's
(``tests/support/og_trove.py``): each is paired round by round by the OpenGotha 3.51.02 jar
with the 3.52 cost changes gosheet follows, and each round re-paired by gosheet from the same
state. Printed per tournament, then in total:

- pairs: OpenGotha's pairs gosheet makes too;
- rounds identical; rounds that differ but are a tie (gosheet's pairing weighs, by OpenGotha's
  own dump, exactly what OpenGotha's does);
- forced pairs missed (a pair in every optimum of OpenGotha's weights that gosheet does not
  make: each is printed with OpenGotha's weights);
- byes: OpenGotha's bye gosheet gives too.

Needs ``GOSHEET_OPENGOTHA_JAR`` and ``GOSHEET_OPENGOTHA_DRIVERS`` (as ``.ci/run`` sets them).
A JVM starts for every round; a 300-player round takes OpenGotha a few seconds.

    python benchmarks/bench_opengotha_judged.py [--count 40] [--rounds 4] [--seed 1]
        [--min-players 10] [--max-players 300] [--bye-rule "fewest wins"] [--no-direct]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from support import og_trove  # noqa: E402
from support.opengotha_jar import OpenGotha, drivers  # noqa: E402


def opengotha() -> OpenGotha:
    try:
        return drivers()
    except BaseException as error:  # pytest's skip, outside pytest
        raise SystemExit(f"OpenGotha is not here: {error}") from None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min-players", type=int, default=10)
    parser.add_argument("--max-players", type=int, default=300)
    parser.add_argument("--bye-rule", help="judge with this Bye rule instead of the file's")
    parser.add_argument(
        "--no-direct",
        action="store_true",
        help="no DC or SDC (OpenGotha's result with them rests on its clock)",
    )
    args = parser.parse_args()
    og = opengotha()
    rng = random.Random(args.seed)
    totals = dict.fromkeys(("rounds", "identical", "ties", "pairs", "same", "forced", "byes"), 0)
    byes_equal = 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.count):
            seed = rng.randrange(10**6)
            n = rng.randint(args.min_players, args.max_players)
            swiss = k % 2 == 1
            folder = Path(tmp) / str(seed)
            folder.mkdir()
            t = og_trove.generate(seed, n, args.rounds, swiss=swiss, direct=not args.no_direct)
            final, dumps = og_trove.play(og, t, folder, seed)
            line = []
            for r, weights in enumerate(dumps, start=1):
                v = og_trove.judge(final, r, weights, args.bye_rule)
                totals["rounds"] += 1
                totals["pairs"] += len(v.theirs)
                totals["same"] += v.same
                totals["identical"] += v.theirs == v.ours
                totals["ties"] += v.theirs != v.ours and v.our_total == v.their_total
                totals["forced"] += len(v.missed_forced)
                if v.their_bye:
                    totals["byes"] += 1
                    byes_equal += v.their_bye == v.our_bye
                line.append(f"R{r} {v.same}/{len(v.theirs)}")
                if v.missed_forced or v.their_bye != v.our_bye:
                    print(v.explain(), f"byes {v.their_bye} / {v.our_bye}")
            system = "Swiss" if swiss else "McMahon"
            criteria = ",".join(c for c in t.placement_criteria if c != "NULL")
            print(
                f"{seed:>6} {system:8} {n:3} players {criteria:28} " + "  ".join(line), flush=True
            )
    print(
        f"{args.count} tournaments, {totals['rounds']} rounds: "
        f"pairs {totals['same']}/{totals['pairs']}, rounds identical {totals['identical']}, "
        f"ties {totals['ties']}, forced pairs missed {totals['forced']}, "
        f"byes {byes_equal}/{totals['byes']}; {time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
