"""The two paths of OpenGotha's engine in tests: numpy's (the accelerated one) and pure
Python's (numpy, SciPy and rustworkx refused through :mod:`gosheet.accelerators`), so that
a test runs on both in one process.

A module parametrizes its cases with :func:`on_both` and takes the path by an indirect
fixture that enters :func:`engine_path`::

    @pytest.fixture
    def path(request: pytest.FixtureRequest) -> Iterator[str]:
        with engine_path(request.param):
            yield request.param
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest

from gosheet import accelerators

#: The engine's accelerators: refused, the pure path is taken.
ENGINE = ("numpy", "scipy", "rustworkx")
PATHS = ("numpy", "pure")
#: Why a pure-path case may fail today: networkx's blossom settles a tie of equal weight
#: otherwise than rustworkx. gosheet's own matching (helper "matching", issue 24) settles
#: ties by its own rule on both paths; the lead removes these marks when it merges.
PURE_TIES = "pure ties: needs the matching branch"


@contextmanager
def engine_path(path: str) -> Iterator[None]:
    """Within the block, the engine takes ``path`` ("numpy" or "pure")."""
    if path == "pure":
        with accelerators.pure(ENGINE):
            yield
    else:
        yield


def on_both(
    cases: Iterable[Sequence[Any]],
    pure_ties: Collection[Any] = (),
    ids: Any = None,
) -> list[Any]:
    """Each case on both paths (the path appended last); a case in ``pure_ties`` is an
    expected failure on the pure path (strict: it must fail)."""
    params = []
    for case in cases:
        case = tuple(case)
        name = ids(case) if ids else "-".join(map(str, case))
        for path in PATHS:
            tied = path == "pure" and (case in pure_ties)
            marks = [pytest.mark.xfail(strict=True, reason=PURE_TIES)] if tied else []
            params.append(pytest.param(*case, path, marks=marks, id=f"{name}-{path}"))
    return params
