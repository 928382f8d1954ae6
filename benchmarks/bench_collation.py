"""Sorting names by the collation (gosheet/i18n/collation.py: the UCA, pure Python) against
baselines measured in the same run — plain ``casefold``, what the lists were sorted by before
the collation, and pyuca over its whole table, what the collation was before its small table
— and, when PyICU is importable (``pip install pyicu-wheels``; not a dependency of gosheet),
ICU's collator, with how many of the lists it orders otherwise than gosheet.

    python benchmarks/bench_collation.py [--sizes 200,20000] [--language en]

The tables' reading (gosheet's small table of Latin, Greek and Cyrillic letters; pyuca's
whole table, read for a name in another script) is timed apart, once a process each.
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
    """Print the timings of one list."""
    from pyuca.collator import Collator_10_0_0

    from gosheet.i18n import collation

    whole = Collator_10_0_0()
    baseline = timed(lambda: sorted(listed, key=str.casefold))
    before = timed(lambda: sorted(listed, key=lambda n: (whole.sort_key(" ".join(n.split())), n)))
    pure = timed(lambda: collation.sorted_names(listed, language))
    print(f"{len(listed)} names:")
    print(f"  baseline (casefold):  {baseline:8.4f} s")
    print(f"  pyuca, whole table:   {before:8.4f} s  ({before / baseline:.0f}x the baseline)")
    print(f"  gosheet:              {pure:8.4f} s  ({pure / baseline:.0f}x the baseline)")
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

    collation.collation_key("a", args.language)  # the small table read, the tailoring too
    small = time.perf_counter()
    print(f"gosheet's small table read:  {small - start:7.3f} s")
    collation.collation_key("李", args.language)  # another script: pyuca's whole table
    print(f"pyuca's whole table read:    {time.perf_counter() - small:7.3f} s")
    icu: Any
    try:
        icu = importlib.import_module("icu")
    except ImportError:
        icu = None
    for size in (int(s) for s in args.sizes.split(",")):
        measure(names(size), args.language, icu)


if __name__ == "__main__":
    main()
