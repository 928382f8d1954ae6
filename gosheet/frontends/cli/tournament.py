"""The commands on a tournament workbook: new, import (a roster), check, pair, standings,
simulate, explain — one handler each, ``(parser, args) -> exit code``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gosheet.app import actions
from gosheet.app.messages import fewer_groups_note, rewritten
from gosheet.core.explain import Explanation
from gosheet.core.games import game_of
from gosheet.core.systems import REGISTRY, default_system, system_of
from gosheet.frontends.cli.parser import refuse_overwrite, rounds_note, settings_from
from gosheet.workbook import limits
from gosheet.workbook.names import labels
from gosheet.workbook.xlsx import XlsxBook, backup_path

# Imported by the commands that need them, not with this module (check, pair …):
# gosheet.formats.roster (pandas) by ``import``, gosheet.workbook.template by ``new``/``import``.


def say(*lines: str) -> None:
    """Print to standard output (looked up at each call: tests capture it)."""
    for line in lines:
        if line:
            print(line, file=sys.stdout)


def new(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet new BOOK.xlsx``: an empty tournament."""
    from gosheet.workbook.template import new_book

    limits.book_target(args.book)
    refuse_overwrite(args.book, args.force)
    settings = settings_from(parser, args)
    saved = new_book(settings, template=args.template).save(args.book, action="new")
    length = f"of {settings.rounds} rounds" if settings.rounds else "(rounds to come)"
    say(
        f"Wrote {saved}: an empty {settings.system} tournament {length}; add the players "
        "in the Players sheet." + rounds_note(settings, 0, args.rounds)
    )
    return 0


def import_roster(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet import ROSTER -o BOOK.xlsx``: a roster made a tournament."""
    from gosheet.formats.roster import read_roster  # pandas: only to read a roster
    from gosheet.workbook.template import new_book

    limits.book_target(args.output)
    refuse_overwrite(args.output, args.force)
    if args.until_round is not None:
        parser.error("--until-round is for an OpenGotha tournament file (.xml)")
    system = REGISTRY[args.system or default_system(args.game)]
    roster = read_roster(args.roster, args.encoding, needs_strength=system.needs_strength)
    settings = settings_from(parser, args, len(roster.players))
    book = new_book(
        settings,
        roster.players,
        roster.extra_headers,
        roster.extra_values,
        template=args.template,
    )
    saved = book.save(args.output, action="import")
    note = rounds_note(settings, len(roster.players), args.rounds)
    if system_of(settings).mcmahon_groups:
        note += "".join(" " + n for n in fewer_groups_note(settings.mcmahon_groups, roster.players))
    say(f"Wrote {saved}: {len(roster.players)} players.{note}")
    return 0


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet check BOOK.xlsx``: every problem listed, nothing changed."""
    done = actions.check(XlsxBook.open(args.book))
    t = done.tournament
    say(
        f"{args.book}: no problems. {len(t.players)} players, "
        f"{len(t.rounds)} of {t.settings.rounds} rounds paired.",
        *done.notes,
    )
    return 0


def pair(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet pair BOOK.xlsx [--again]``."""
    with XlsxBook.editing(args.book) as book:
        done = actions.pair(book, again=args.again)
        number = done.pairing.round_number if done.pairing is not None else None
        change = f"pair round {number}" if number is not None else "pair"
        saved = book.save(action=change + (" again" if args.again else ""))
    if done.pairing is not None:
        say(*describe_pairing(done))
    say(rewritten(done), saved_note(saved))
    return 0


def standings(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet standings BOOK.xlsx``."""
    with XlsxBook.editing(args.book) as book:
        done = actions.update_standings(book)
        saved = book.save(action="standings")
    say(rewritten(done), saved_note(saved))
    return 0


def simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet simulate BOOK.xlsx`` (the study without a workbook: :mod:`.demo`)."""
    with XlsxBook.editing(args.book) as book:
        done = actions.simulate(book)
        last = done.tournament.rounds[-1].number
        saved = book.save(action=f"simulate round {last}")
    say(f"Round {last}: {done.filled_results} empty result(s) filled.")
    say(rewritten(done), saved_note(saved))
    return 0


def explain(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet explain BOOK.xlsx [--round N]``."""
    with XlsxBook.editing(args.book) as book:
        explanation = actions.explain(book, args.round)
        saved = book.save(action=f"explain round {explanation.round_number}")
    say(describe_explanation(explanation, book), f"Saved the Explain sheet in {saved}.")
    return 0


def saved_note(saved: Path) -> str:
    """Where the workbook went, and its previous version."""
    return f"Saved {saved} (previous version: {backup_path(saved).name})."


def describe_pairing(done: actions.Done) -> list[str]:
    """The round just paired, a line a table, as the terminal shows it."""
    pairing = done.pairing
    assert pairing is not None
    names = labels(done.tournament.players)  # with club or EGD PIN when a name repeats
    left, right = game_of(done.tournament.settings.game).short
    lines = [f"Round {pairing.round_number}: {len(pairing.games)} games"]
    if done.proposed_rounds is not None:
        lines.insert(
            0,
            f"Rounds: {done.proposed_rounds} proposed for the players registered "
            f"({system_of(done.tournament.settings).rounds_rule}), written in the Settings "
            "sheet; change it if you like.",
        )
    lines[-1:-1] = done.notes  # before "Round N: … games"
    for game in pairing.games:
        lines.append(f"  {game.table:>3}  {names[game.white]} {left} – {names[game.black]} {right}")
    for bye in pairing.byes:
        lines.append(f"  bye  {names[bye]}")
    return lines


def describe_explanation(explanation: Explanation, book: XlsxBook) -> str:
    """Each game's value under every criterion, and the verdict."""
    players = labels(book.read().tournament.players)
    names = [c.name for c in explanation.criteria]
    order = (
        "OpenGotha's criteria, a pair's cost is 1 + their sum"
        if explanation.summed
        else "criteria, most important first"
    )
    lines = [f"Round {explanation.round_number}: {order}: " + ", ".join(names)]
    for game in explanation.games:
        values = "not allowed" if game.values is None else " ".join(str(v) for v in game.values)
        if explanation.summed and game.weight is not None:
            values += f" = {game.weight}"
        lines.append(f"  {game.table:>3}  {players[game.white]} – {players[game.black]}: {values}")
    candidates = explanation.bye_candidates()
    if candidates:
        listed = ", ".join(f"{players[n]} {w}" for n, w in candidates)
        lines.append(f"  Bye (the least weight, the last of equals in OpenGotha's list): {listed}")
    lines.append(explanation.verdict())
    return "\n".join(lines)
