"""``gosheet demo`` (a whole example tournament) and ``gosheet simulate`` without a
workbook (FUS and McMahon compared over many simulated tournaments), through
:mod:`gosheet.app.demo`."""

from __future__ import annotations

import argparse

from gosheet.app.demo import demo as play_demo
from gosheet.app.demo import study
from gosheet.frontends.cli import tournament
from gosheet.frontends.cli.tournament import say


def demo(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet demo OUT.xlsx [--rounds N]``."""
    made = play_demo(args.book, args.rounds, getattr(args, "language", None), replace=args.force)
    say(made.message())
    return 0


def simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet simulate``: the current round's results (with a workbook), or the study."""
    if args.book is not None:
        return tournament.simulate(parser, args)
    say(study(args.tournaments, args.players, args.rounds, args.seed, args.rating_noise))
    return 0
