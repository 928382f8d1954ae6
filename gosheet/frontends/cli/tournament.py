"""The commands on a tournament workbook: new, check, pair, standings, merge, simulate,
explain — one handler each, ``(parser, args) -> exit code``, over :mod:`gosheet.app.workbooks`
(a new tournament: :mod:`gosheet.app.tournaments`) and the words of :mod:`gosheet.app.messages`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from gosheet.app import workbooks
from gosheet.app.messages import (
    explain_saved,
    explanation_text,
    pairing_lines,
    saved_note,
    standings_lines,
    unnamed_note,
)
from gosheet.app.outcomes import rewritten

if TYPE_CHECKING:
    from gosheet.app.tournaments import Choices

T = TypeVar("T")


def say(*lines: str) -> None:
    """Print to standard output (looked up at each call: tests capture it)."""
    for line in lines:
        if line:
            print(line, file=sys.stdout)


def choices_from(args: argparse.Namespace) -> Choices:
    """The new tournament's options as the app takes them."""
    from gosheet.app.tournaments import Choices

    return Choices(
        system=args.system,
        game=args.game,
        rules=getattr(args, "rules", "gosheet"),
        rounds=args.rounds,
        komi=args.komi,
        groups=args.groups,
        name=args.name,
        seed=args.seed,
        language=getattr(args, "language", None),
        template=args.template,
        type=getattr(args, "type", None),
        team_size=getattr(args, "team_size", None),
    )


def new(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet new BOOK.xlsx``: an empty tournament."""
    from gosheet.app.tournaments import new_tournament

    made = new_tournament(choices_from(args), args.book, replace=args.force)
    say(made.message())
    if args.name is None:
        say(unnamed_note(made.settings))
    return 0


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet check BOOK.xlsx``: every problem listed, nothing changed."""
    say(*workbooks.check(args.book).report(args.book))
    return 0


def pair(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet pair BOOK.xlsx [--again]``."""
    edited = workbooks.pair(args.book, again=args.again)
    say(*pairing_lines(edited.done))
    say(rewritten(edited.done), saved_note(saved_path(edited)))
    return 0


def standings(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet standings BOOK.xlsx``."""
    from gosheet.app.team_play import team_standings_lines

    edited = workbooks.update_standings(args.book)
    path = saved_path(edited)
    say(*standings_lines(edited.done, path.name))
    say(*team_standings_lines(edited.done.tournament))
    say(rewritten(edited.done), saved_note(path))
    return 0


def order_boards(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet order-boards BOOK.xlsx``: each team's boards by rating."""
    edited = workbooks.order_boards(args.book)
    say(edited.done.message(), saved_note(saved_path(edited)))
    return 0


def merge(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet merge BOOK.xlsx COPY…``: the results typed in helpers' copies."""
    from gosheet.app.merging import merge_files

    edited = merge_files(args.book, args.copies)
    say(edited.done.message(), saved_note(saved_path(edited)))
    return 0


def simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet simulate BOOK.xlsx`` (the study without a workbook: :mod:`.demo`)."""
    edited = workbooks.simulate(args.book)
    say(edited.done.note())
    say(rewritten(edited.done), saved_note(saved_path(edited)))
    return 0


def explain(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet explain BOOK.xlsx [--round N]``."""
    edited = workbooks.explain(args.book, args.round)
    done = edited.done
    say(
        explanation_text(done.explanation, done.tournament.players),
        explain_saved(saved_path(edited)),
    )
    return 0


def saved_path(edited: workbooks.Edited[T]) -> Path:
    """Where a workbook given by its path was saved."""
    assert edited.path is not None
    return edited.path
