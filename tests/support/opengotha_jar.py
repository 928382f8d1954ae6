"""OpenGotha 3.51.02 itself, to judge gosheet by: its jar and headless drivers (``og-pair``,
``og-export``, ``og-teams``), taken from the environment that ``.ci/run`` sets when the shared
folder is beside the clone:

- ``GOSHEET_OPENGOTHA_JAR``: ``opengotha.jar``;
- ``GOSHEET_OPENGOTHA_DRIVERS``: the drivers' folder (with ``classes-352/``, OpenGotha's
  ``Tournament`` with the four 3.52 cost changes gosheet follows, and a weight dump);
- ``OG_ORACLE_BUILD``: where the drivers compile (a temporary folder if unset).

A test that needs them calls :func:`drivers`, which skips it, saying which variable is unset.
Each run starts a JVM (about a second): the tests pair few rounds of small tournaments."""

from __future__ import annotations

import os
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

JAR, DRIVERS = "GOSHEET_OPENGOTHA_JAR", "GOSHEET_OPENGOTHA_DRIVERS"
#: The 12-line dump of one pair: its two players, then these costs.
COSTS = (
    "baseDuplicateGameCost",
    "baseRandomCost",
    "baseBWBalanceCost",
    "mainCategoryCost",
    "mainScoreDiffCost",
    "mainDUDDCost",
    "mainSeedCost",
    "secHandiCost",
    "secGeoCost",
    "totalCost",
)
Weights = dict[frozenset[str], dict[str, int]]


@dataclass(frozen=True)
class OpenGotha:
    """The jar and its drivers' folder."""

    jar: Path
    folder: Path

    def env(self, **extra: str) -> dict[str, str]:
        build = os.environ.get("OG_ORACLE_BUILD") or str(Path(tempfile.gettempdir()) / "og-build")
        return {**os.environ, "OG_ORACLE_BUILD": build, **extra}

    def pair(self, source: Path, r: int, out: Path, results: int, weights: Path) -> None:
        """Round ``r`` of ``source`` paired by OpenGotha with the 3.52 cost changes (as
        gosheet's OpenGotha rules), its results drawn from seed ``results``, saved at ``out``
        by OpenGotha's writer; each pair's weights dumped at ``weights``."""
        env = self.env(OG_EXTRA_CP=str(self.folder / "classes-352"), OG_WEIGHTS_FILE=str(weights))
        command = [str(self.folder / "og-pair"), str(self.jar), str(source), str(r), str(out)]
        run([*command, "--results", str(results)], env)


def run(command: list[str], env: dict[str, str]) -> None:
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    if done.returncode:
        raise AssertionError(f"{' '.join(command)} failed ({done.returncode}): {done.stderr}")


def drivers() -> OpenGotha:
    """OpenGotha from the environment, or the test skipped with the reason."""
    jar, folder = os.environ.get(JAR), os.environ.get(DRIVERS)
    if not jar or not folder:
        unset = " and ".join(name for name, value in ((JAR, jar), (DRIVERS, folder)) if not value)
        pytest.skip(f"{unset} unset: OpenGotha itself is not here (.ci/run sets it)")
    og = OpenGotha(Path(jar), Path(folder))
    needed = (og.jar, og.folder / "og-pair", og.folder / "classes-352")
    missing = [p for p in needed if not p.exists()]
    if missing:
        pytest.fail(f"{JAR}/{DRIVERS} set, but {', '.join(map(str, missing))} missing")
    return og


def read_weights(path: Path) -> Weights:
    """A weight dump: for each pair of full names ("Name FirstName"), each cost."""
    lines = path.read_text("utf-8").splitlines()
    pairs: Weights = {}
    first, current = "", {}
    for line in lines[2:]:
        key, _, value = line.partition("=")
        if key == "Player1Name":
            first, current = value, {}
        elif key == "Player2Name":
            pairs[frozenset((first, value))] = current
        else:
            current[key] = int(value)
    return pairs
