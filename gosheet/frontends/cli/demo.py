"""``gosheet demo`` (a whole example tournament) and ``gosheet simulate`` without a
workbook (FUS and McMahon compared over many simulated tournaments)."""

from __future__ import annotations

import argparse
from importlib import resources
from pathlib import Path

from gosheet.app import actions
from gosheet.core.settings import MAX_ROUNDS, McMahonGroups, Settings
from gosheet.core.study import study
from gosheet.frontends.cli import tournament
from gosheet.frontends.cli.parser import language_from, refuse_overwrite
from gosheet.frontends.cli.tournament import say
from gosheet.i18n.catalog import _, ngettext

DEMO_ROSTER = "demo_roster.csv"


def demo(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet demo OUT.xlsx [--rounds N]``."""
    if not 1 <= args.rounds <= MAX_ROUNDS:
        parser.error(
            _("--rounds: expected a whole number from 1 to {most}").format(most=MAX_ROUNDS)
        )
    refuse_overwrite(args.book, args.force)
    say(run_demo(args.book, args.rounds, language_from(args)))
    return 0


def simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet simulate``: the current round's results (with a workbook), or the study."""
    if args.book is not None:
        return tournament.simulate(parser, args)
    if args.tournaments < 1 or args.players < 2 or not 1 <= args.rounds <= MAX_ROUNDS:
        parser.error(_("a study needs --tournaments ≥ 1, --players ≥ 2, 1 ≤ --rounds ≤ 99"))
    say(run_study(args))
    return 0


def run_study(args: argparse.Namespace) -> str:
    """Both systems over the same simulated fields; a table of the measures."""
    lines = [
        f"{args.tournaments} tournaments of {args.players} players, {args.rounds} rounds; "
        f"true strength = rating + N(0, {args.rating_noise:g}); seed {args.seed}",
        f"{'system':<8} {'games':>7} {'even':>7} {'≤ ½ stone':>10} {'stones':>7} {'order ρ':>8}",
    ]
    for system in ("fus", "mcmahon"):
        result = study(
            system, args.tournaments, args.players, args.rounds, args.seed, args.rating_noise
        )
        lines.append(
            f"{system:<8} {result.games:>7} {result.even_share:>7.1%} "
            f"{result.half_stone_share:>10.1%} {result.mean_handicap:>7.2f} "
            f"{result.order_correlation:>8.3f}"
        )
    lines.append(
        "even: games without handicap; ≤ ½ stone: even, or one stone with komi ½; stones: mean "
        "handicap; order ρ: Spearman correlation of the final order with true strength."
    )
    return "\n".join(lines)


def run_demo(path: Path, rounds: int, language: str = "en") -> str:
    """Import the bundled roster, then pair and simulate every round; the workbook in
    ``language``."""
    from gosheet.formats.roster import read_roster  # pandas: not for ``simulate BOOK``
    from gosheet.workbook.template import new_book

    roster_file = resources.files("gosheet") / "data" / DEMO_ROSTER
    with resources.as_file(roster_file) as roster_path:
        roster = read_roster(roster_path)
    settings = Settings(
        name="gosheet demo",
        rounds=rounds,
        mcmahon_groups=McMahonGroups(3),
        random_seed=2026,
        language=language,
    )
    book = new_book(settings, roster.players, roster.extra_headers, roster.extra_values)
    for _round in range(rounds):
        actions.pair(book)
        actions.simulate(book)
    saved = book.save(path, action="demo")
    return ngettext(
        "Wrote {path}: {players} players, {rounds} rounds paired and played (simulated "
        "results), standings in the Standings sheet.",
        "Wrote {path}: {players} players, {rounds} rounds paired and played (simulated "
        "results), standings in the Standings sheet.",
        rounds,
    ).format(path=saved, players=len(roster.players), rounds=rounds)
