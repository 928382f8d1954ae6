"""gosheet judged by OpenGotha itself (issue 36): tournaments like the trove's
(:mod:`support.og_trove`: Swiss and McMahon, placement criteria among every one gosheet has,
handicaps, club and country avoidance with clubs written ``Zur``/``zur``, absences, byes) are
paired round by round by the OpenGotha 3.51.02 jar with the 3.52 cost changes gosheet follows;
each round is re-paired by gosheet from the same state and

- gosheet makes every **forced** pair (a pair in every optimum of OpenGotha's own dumped
  weights); where it does not, the failure shows OpenGotha's weights of the pair and of
  gosheet's pairs instead;
- the bye is OpenGotha's.

DC and SDC are left out of these tournaments: with them, OpenGotha's own pairing of a round
varies from run to run, as its scored players' cache was refreshed within the millisecond of
the last change or after it (docs/opengotha.md, "Judged by OpenGotha itself"); a test of
gosheet's rule for them is in tests/core/test_opengotha_club_case_and_bye.py, and the sweep
has them.

Needs OpenGotha (``GOSHEET_OPENGOTHA_JAR``, ``GOSHEET_OPENGOTHA_DRIVERS``; ``.ci/run`` sets
them), else skipped. A few seeded tournaments, 3 rounds each (a JVM start a round);
``benchmarks/bench_opengotha_judged.py`` sweeps more and larger ones (docs/opengotha.md).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.og_trove import Verdict, generate, judge, play
from support.opengotha_jar import OpenGotha, Weights, drivers

Played = dict[int, tuple[OpenGotha, Path, list[Weights]]]

#: (seed, players, rounds, Swiss): small, odd and even, both systems.
CASES = [(3601, 15, 3, False), (3602, 24, 3, True), (3603, 37, 3, False), (3604, 41, 3, True)]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    og = drivers()
    out = {}
    for seed, n, rounds, swiss in CASES:
        folder = tmp_path_factory.mktemp(f"trove{seed}")
        made = generate(seed, n, rounds, swiss=swiss, direct=False)
        final, dumps = play(og, made, folder, seed)
        out[seed] = (og, final, dumps)
    return out


@pytest.mark.parametrize(
    ("seed", "r"),
    [(seed, r) for seed, _, rounds, _ in CASES for r in range(1, rounds + 1)],
    ids=lambda v: str(v),
)
def test_gosheet_makes_every_forced_pair_and_opengothas_bye(
    played: Played, seed: int, r: int
) -> None:
    _, final, dumps = played[seed]
    verdict: Verdict = judge(final, r, dumps[r - 1])
    assert not verdict.missed_forced, verdict.explain()
    assert verdict.our_bye == verdict.their_bye


def test_the_generated_files_hold_what_the_trove_holds() -> None:
    """Varied case in clubs and countries, absences, DC or others among the criteria."""
    made = [
        generate(seed, n, rounds, swiss=swiss, direct=False) for seed, n, rounds, swiss in CASES
    ]
    clubs = {p.club for t in made for p in t.players}
    assert {c for c in clubs if c.lower() == "zur"} == {"Zur", "zur", "ZUR"}
    assert any("0" in p.participating[:3] for t in made for p in t.players)
    assert {t.placement_criteria[0] for t in made} == {"MMS", "NBW"}
    assert len({p.name + p.first_name for p in made[2].players}) == 37
