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
FEWEST_WINS_BYES = ("notsosimpleswiss",)
"""The fixtures whose byes follow the "fewest wins" rule (Swiss: rank + 40 × wins), not
OpenGotha 3.51.02's released ``chooseAByePlayer`` (rank + 2 × MMS): notsosimpleswiss was saved
in 2025 by the "3.52" build of Pairgoth's test data, which stamps itself 3.51.02
(docs/opengotha.md, "Judged by OpenGotha itself"). The tests give it ``Bye rule: fewest wins``,
or the version that asks for it (3.52)."""
TOULOUSE = "toulouse2024"
"""The fifth fixture: a real tournament (clubs, handicaps), no weight dumps."""
SYNTH = TESTS / "fixtures" / "opengotha-synth"
"""``tests/fixtures/opengotha-synth``: two tournaments paired by OpenGotha with 3.52's costs,
their weight dumps and ``ties.json`` (the forced pairs of each round)."""
SYNTHETIC = ("mm120-4r-absences", "mm72-4r-random")
"""The synthetic fixtures, by name."""
RATINGS = TESTS / "fixtures" / "ratings"
"""``tests/fixtures/ratings``: rating-list samples (EGD, FFG, AGA …) and their notes."""
EXPORTS = TESTS / "fixtures" / "opengotha-exports"
"""``tests/fixtures/opengotha-exports``: OpenGotha's own results files of the fixtures."""
TEMPLATES = ROOT / "templates"
"""``templates/``: the blank tournament workbooks."""
SUPPORT = TESTS / "support"
"""``tests/support``: the tests' helpers, some of them scripts run in another Python."""
DEMO_ROSTER = ROOT / "gosheet" / "data" / "demo_roster.csv"
"""The roster ``gosheet demo`` plays: 23 players."""


def fixture(name: str, file: str | None = None) -> Path:
    """The OpenGotha file ``NAME/NAME.xml`` of the fixtures, or another ``file`` of
    its folder (``fixture("simplemm", "simplemm_weights_R1.txt")``)."""
    return FIXTURES / name / (file or f"{name}.xml")


def fixture_names() -> list[str]:
    """Every fixture tournament, by name (a folder of :data:`FIXTURES`)."""
    return sorted(p.name for p in FIXTURES.iterdir() if (p / f"{p.name}.xml").is_file())


def synthetic(name: str, file: str | None = None) -> Path:
    """The file ``NAME/NAME.xml`` of a synthetic fixture, or another ``file`` of its folder."""
    return SYNTH / name / (file or f"{name}.xml")
