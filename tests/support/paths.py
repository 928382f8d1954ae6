"""Where the test data is: the repository, the OpenGotha fixtures, the demo roster."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
FIXTURES = TESTS / "fixtures" / "opengotha"
"""``tests/fixtures/opengotha``: one folder a tournament, ``NAME/NAME.xml`` and its dumps."""
PAIRGOTH = ("simplemm", "notsimplemm", "simpleswiss", "notsosimpleswiss")
"""The four fixtures from Pairgoth's test data that come with OpenGotha's weight dumps
(``NAME_weights_R<r>.txt``), in the order the tests list them."""
TOULOUSE = "toulouse2024"
"""The fifth fixture: a real tournament (clubs, handicaps), no weight dumps."""
DEMO_ROSTER = ROOT / "gosheet" / "data" / "demo_roster.csv"
"""The roster ``gosheet demo`` plays: 23 players."""


def fixture(name: str, file: str | None = None) -> Path:
    """The OpenGotha file ``NAME/NAME.xml`` of the fixtures, or another ``file`` of
    its folder (``fixture("simplemm", "simplemm_weights_R1.txt")``)."""
    return FIXTURES / name / (file or f"{name}.xml")


def fixture_names() -> list[str]:
    """Every fixture tournament, by name (a folder of :data:`FIXTURES`)."""
    return sorted(p.name for p in FIXTURES.iterdir() if (p / f"{p.name}.xml").is_file())
