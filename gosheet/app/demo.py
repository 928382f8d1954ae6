"""Examples: :func:`demo` plays a whole tournament of the bundled roster into a workbook, and
:func:`study` compares FUS and McMahon over many simulated tournaments (no workbook) — the
command line's ``demo`` and ``simulate`` without a workbook."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from gosheet.app import actions
from gosheet.app.files import OptionError, refuse_overwrite, saved
from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.settings import Settings
from gosheet.core.settings_fields import MAX_ROUNDS
from gosheet.core.study import study as play_study
from gosheet.core.systems import FUS, SEED_MCMAHON
from gosheet.i18n.catalog import _, ngettext, system_language
from gosheet.records import record

DEMO_ROSTER = "demo_roster.csv"
STUDIED = (FUS, SEED_MCMAHON)
"""The systems a study compares, in its table's order."""


@record
class Demo:
    """The demo workbook: where it went (without a target, its name and ``data``), its
    players and rounds, and the words to say."""

    path: Path
    players: int
    rounds: int
    data: bytes | None = None

    def message(self) -> str:
        return ngettext(
            "Wrote {path}: {players} players, {rounds} round paired and played (simulated "
            "results), standings in the Standings sheet.",
            "Wrote {path}: {players} players, {rounds} rounds paired and played (simulated "
            "results), standings in the Standings sheet.",
            self.rounds,
        ).format(path=self.path, players=self.players, rounds=self.rounds)


def demo(
    target: Path | None,
    rounds: int = 5,
    language: str | None = None,
    *,
    replace: bool = False,
    name: str = "demo.xlsx",
) -> Demo:
    """Import the bundled roster, then pair and simulate every round; the workbook in
    ``language`` (default: the system's) written to ``target`` (refused if it exists, unless
    ``replace``), or, without a target, its bytes."""
    from gosheet.formats.roster import read_roster  # pandas: not for ``simulate BOOK``
    from gosheet.workbook.template import new_book

    if not 1 <= rounds <= MAX_ROUNDS:
        raise OptionError(
            _("'--rounds': expected a whole number from 1 to {most}").format(most=MAX_ROUNDS)
        )
    if target is not None:
        refuse_overwrite(target, replace)
    roster_file = resources.files("gosheet") / "data" / DEMO_ROSTER
    with resources.as_file(roster_file) as roster_path:
        roster = read_roster(roster_path)
    settings = Settings(
        name="gosheet demo",
        rounds=rounds,
        mcmahon_groups=McMahonGroups(3),
        random_seed=2026,
        language=language or system_language(),
    )
    book = new_book(settings, roster.players, roster.extra_headers, roster.extra_values)
    for _round in range(rounds):
        actions.pair(book)
        actions.simulate(book)
    path, data = saved(book, target, name, "demo")
    return Demo(path, len(roster.players), rounds, data)


def study(
    tournaments: int = 200,
    players: int = 40,
    rounds: int = 5,
    seed: int = 1,
    rating_noise: float = 150.0,
) -> str:
    """Both systems over the same simulated fields: a table of the measures."""
    if tournaments < 1 or players < 2 or not 1 <= rounds <= MAX_ROUNDS:
        raise OptionError(
            _("a study needs '--tournaments' ≥ 1, '--players' ≥ 2, 1 ≤ '--rounds' ≤ 99")
        )
    lines = [
        f"{tournaments} tournaments of {players} players, {rounds} rounds; "
        f"true strength = rating + N(0, {rating_noise:g}); seed {seed}",
        f"{'system':<8} {'games':>7} {'even':>7} {'≤ ½ stone':>10} {'stones':>7} {'order ρ':>8}",
    ]
    for system in STUDIED:
        result = play_study(system.name, tournaments, players, rounds, seed, rating_noise)
        lines.append(
            f"{system.name:<8} {result.games:>7} {result.even_share:>7.1%} "
            f"{result.half_stone_share:>10.1%} {result.mean_handicap:>7.2f} "
            f"{result.order_correlation:>8.3f}"
        )
    lines.append(
        "even: games without handicap; ≤ ½ stone: even, or one stone with komi ½; stones: mean "
        "handicap; order ρ: Spearman correlation of the final order with true strength."
    )
    return "\n".join(lines)
