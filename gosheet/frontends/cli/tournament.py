"""The commands on a tournament workbook: new, check, pair, standings, simulate, explain — one
handler each, ``(parser, args) -> exit code``; a new tournament is made by
:mod:`gosheet.app.tournaments`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gosheet.app import actions
from gosheet.app.messages import rewritten
from gosheet.app.tournaments import Choices, new_tournament
from gosheet.core.explain import Explanation
from gosheet.core.games import game_of
from gosheet.core.systems import system_of
from gosheet.i18n.catalog import _, ngettext
from gosheet.workbook.names import labels
from gosheet.workbook.xlsx import XlsxBook, backup_path


def say(*lines: str) -> None:
    """Print to standard output (looked up at each call: tests capture it)."""
    for line in lines:
        if line:
            print(line, file=sys.stdout)


def choices_from(args: argparse.Namespace) -> Choices:
    """The new tournament's options as the app takes them."""
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
    )


def new(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet new BOOK.xlsx``: an empty tournament."""
    say(new_tournament(choices_from(args), args.book, replace=args.force).message())
    return 0


def check(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet check BOOK.xlsx``: every problem listed, nothing changed."""
    done = actions.check(XlsxBook.open(args.book))
    t = done.tournament
    say(
        _("{book}: no problems. {players} players, {paired} of {rounds} rounds paired.").format(
            book=args.book, players=len(t.players), paired=len(t.rounds), rounds=t.settings.rounds
        ),
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
    say(
        ngettext(
            "Round {number}: {count} empty result(s) filled.",
            "Round {number}: {count} empty result(s) filled.",
            done.filled_results,
        ).format(number=last, count=done.filled_results)
    )
    say(rewritten(done), saved_note(saved))
    return 0


def explain(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet explain BOOK.xlsx [--round N]``."""
    with XlsxBook.editing(args.book) as book:
        explanation = actions.explain(book, args.round)
        saved = book.save(action=f"explain round {explanation.round_number}")
    say(
        describe_explanation(explanation, book),
        _("Saved the Explain sheet in {path}.").format(path=saved),
    )
    return 0


def saved_note(saved: Path) -> str:
    """Where the workbook went, and its previous version."""
    return _("Saved {path} (previous version: {backup}).").format(
        path=saved, backup=backup_path(saved).name
    )


def describe_pairing(done: actions.Done) -> list[str]:
    """The round just paired, a line a table, as the terminal shows it."""
    pairing = done.pairing
    assert pairing is not None
    names = labels(done.tournament.players)  # with club or EGD PIN when a name repeats
    left, right = (_(side) for side in game_of(done.tournament.settings.game).short)
    lines = [
        ngettext(
            "Round {number}: {count} games", "Round {number}: {count} games", len(pairing.games)
        ).format(number=pairing.round_number, count=len(pairing.games))
    ]
    if done.proposed_rounds is not None:
        lines.insert(
            0,
            _(
                "Rounds: {rounds} proposed for the players registered ({rule}), written in "
                "the Settings sheet; change it if you like."
            ).format(
                rounds=done.proposed_rounds, rule=system_of(done.tournament.settings).rounds_rule
            ),
        )
    lines[-1:-1] = done.notes  # before "Round N: … games"
    for game in pairing.games:
        lines.append(f"  {game.table:>3}  {names[game.white]} {left} – {names[game.black]} {right}")
    bye_word = _("bye")
    for bye in pairing.byes:
        lines.append(f"  {bye_word:>3}  {names[bye]}")
    return lines


def describe_explanation(explanation: Explanation, book: XlsxBook) -> str:
    """Each game's value under every criterion, and the verdict."""
    players = labels(book.read().tournament.players)
    names = [c.name for c in explanation.criteria]
    order = (
        _("OpenGotha's criteria, a pair's cost is 1 + their sum")
        if explanation.summed
        else _("criteria, most important first")
    )
    lines = [
        _("Round {number}: {order}: {criteria}").format(
            number=explanation.round_number, order=order, criteria=", ".join(names)
        )
    ]
    for game in explanation.games:
        values = _("not allowed") if game.values is None else " ".join(str(v) for v in game.values)
        if explanation.summed and game.weight is not None:
            values += f" = {game.weight}"
        lines.append(f"  {game.table:>3}  {players[game.white]} – {players[game.black]}: {values}")
    candidates = explanation.bye_candidates()
    if candidates:
        listed = ", ".join(f"{players[n]} {w}" for n, w in candidates)
        lines.append(
            "  "
            + _("Bye (the least weight, the last of equals in OpenGotha's list): {players}").format(
                players=listed
            )
        )
    lines.append(explanation.verdict())
    return "\n".join(lines)
