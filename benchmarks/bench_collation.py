"""Sorting names by the collation (gosheet/i18n/collation.py: pyuca, pure Python) against a
baseline measured in the same run — plain ``casefold``, what the lists were sorted by before —
and, when PyICU is importable (``pip install pyicu-wheels``; not a dependency of gosheet),
ICU's collator, with how many of the lists it orders otherwise than gosheet.

    python benchmarks/bench_collation.py [--sizes 200,20000] [--language en]

The collator's construction (pyuca reads its table once a process) is timed apart.
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from typing import Any

from timing import timed

SURNAMES = (
    "Müller", "Ødegård", "Łukasiewicz", "Zieliński", "Çelik", "Émile", "Llull", "Lluís",
    "Pal·la", "Novák", "Dvořák", "Иванов", "Соколов", "Ёлкин", "Rossi", "Kim", "O'Brien",
    "van der Berg", "Åberg", "Søndergaard", "Straße", "Đorđević", "Yılmaz", "Ægir",
)  # fmt: skip
FIRST = ("Jan", "Елена", "Ana", "émile", "Zoë", "Łucja", "Ørjan", "Jean-Luc", "Iñaki")


def names(count: int, seed: int = 1) -> list[str]:
    """``count`` names of many alphabets, each a surname with a number and a first name."""
    lot = random.Random(seed)
    return [f"{lot.choice(SURNAMES)}{lot.randint(1, 99)} {lot.choice(FIRST)}" for _ in range(count)]


def measure(listed: list[str], language: str, icu: Any) -> None:
    """Print the three timings of one list."""
    from gosheet.i18n import collation

    baseline = timed(lambda: sorted(listed, key=str.casefold))
    pure = timed(lambda: collation.sorted_names(listed, language))
    print(f"{len(listed)} names:")
    print(f"  baseline (casefold):  {baseline:8.4f} s")
    print(f"  pyuca (gosheet):      {pure:8.4f} s  ({pure / baseline:.0f}x the baseline)")
    if icu is None:
        return
    coll = icu.Collator.createInstance(icu.Locale(language))
    fast = timed(lambda: sorted(listed, key=coll.getSortKey))
    ours = collation.sorted_names(listed, language)
    theirs = sorted(listed, key=lambda n: (coll.getSortKey(n), n))
    differ = sum(a != b for a, b in zip(ours, theirs, strict=True))
    print(
        f"  ICU (PyICU):          {fast:8.4f} s  ({pure / fast:.0f}x faster than pyuca;"
        f" {differ} of {len(listed)} places differ)"
    )


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--sizes", default="200,20000")
    options.add_argument("--language", default="en")
    args = options.parse_args()
    start = time.perf_counter()
    from gosheet.i18n import collation

    collation.collation_key("a", args.language)  # the collator built, the tailoring too
    print(f"collator built (pyuca's table read): {time.perf_counter() - start:7.3f} s")
    icu: Any
    try:
        icu = importlib.import_module("icu")
    except ImportError:
        icu = None
    for size in (int(s) for s in args.sizes.split(",")):
        measure(names(size), args.language, icu)


if __name__ == "__main__":
    main()
