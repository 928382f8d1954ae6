"""The commands on OpenGotha's tournament files: ``gosheet import FILE.xml`` and
``gosheet export BOOK.xlsx -o OUT.xml``."""

from __future__ import annotations

import argparse
from pathlib import Path

from gosheet.core.errors import InputError, Problem
from gosheet.core.fields import parse_komi
from gosheet.formats.opengotha import convert, export
from gosheet.formats.opengotha.xml import read_opengotha, write_opengotha
from gosheet.formats.results import format_of
from gosheet.frontends.cli.parser import language_from, refuse_overwrite
from gosheet.frontends.cli.results import export_results
from gosheet.frontends.cli.tournament import import_roster, say
from gosheet.i18n.catalog import _, ngettext
from gosheet.workbook import limits
from gosheet.workbook.xlsx import XlsxBook


def import_file(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet import``: an OpenGotha file, or else a roster."""
    limits.regular_file(args.roster, "roster or tournament file")
    limits.book_target(args.output)
    if not convert.is_opengotha_file(args.roster):
        return import_roster(parser, args)
    refuse_overwrite(args.output, args.force)
    say(import_opengotha(parser, args))
    return 0


def export_file(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet export BOOK.xlsx -o OUT.xml`` (or a results file: .h9, .tou, --format)."""
    kind = format_of(args.output.suffix, getattr(args, "format", None))
    if kind is not None:
        return export_results(args, kind)
    refuse_overwrite(args.output, args.force)
    say(export_opengotha(args.book, args.output))
    return 0


def import_opengotha(parser: argparse.ArgumentParser, args: argparse.Namespace) -> str:
    """``gosheet import FILE.xml``: the OpenGotha tournament as a workbook. Its settings come
    from the file; --rounds, --name, --komi and --seed may replace them."""
    for option, value in (
        ("--system", args.system),
        ("--groups", args.groups),
        ("--encoding", args.encoding),
        ("--game", None if args.game == "go" else args.game),
    ):
        if value is not None:
            parser.error(
                _(
                    "{option} does not apply to an OpenGotha file: the file's own settings do "
                    "(its placement criteria choose McMahon or Swiss)"
                ).format(option=option)
            )
    if args.rounds is not None and not 1 <= args.rounds <= convert.MAX_ROUNDS:
        parser.error(
            _("--rounds: OpenGotha plays 1 to {most} rounds").format(most=convert.MAX_ROUNDS)
        )
    if args.until_round is not None and args.until_round < 0:
        parser.error(_("--until-round: 0 or more (0: the players and settings alone)"))
    if args.komi is not None:
        try:
            parse_komi(args.komi)
        except ValueError as error:
            parser.error(f"--komi: {error}")
    og = read_opengotha(args.roster)
    rounds = args.rounds if args.rounds is not None else og.number_of_rounds
    if args.until_round is not None and args.until_round > rounds:
        parser.error(_("--until-round: the tournament has {rounds} rounds").format(rounds=rounds))
    imported = convert.from_opengotha(
        og,
        until_round=args.until_round,
        rounds=args.rounds,
        name=args.name,
        komi=args.komi,
        random_seed=args.seed,
        source=args.roster.name,
        language=language_from(args),
    )
    saved = convert.opengotha_book(imported, template=args.template).save(
        args.output, action="import"
    )
    t = imported.tournament
    games = sum(len(r.games) for r in t.rounds)
    byes = sum(len(r.byes) for r in t.rounds)
    kind = {"mcmahon": "McMahon", "swiss": "Swiss"}[t.settings.system]
    lines = [
        ngettext(
            "Wrote {path}: {players} players, OpenGotha's {kind} over {rounds} rounds; "
            "{played} round(s) played ({games} games, {byes} byes).",
            "Wrote {path}: {players} players, OpenGotha's {kind} over {rounds} rounds; "
            "{played} round(s) played ({games} games, {byes} byes).",
            len(t.rounds),
        ).format(
            path=saved,
            players=len(t.players),
            kind=kind,
            rounds=t.settings.rounds,
            played=len(t.rounds),
            games=games,
            byes=byes,
        )
    ]
    if imported.games_dropped:
        lines.append(
            ngettext(
                "{count} game(s) and bye(s) after round {number} left out.",
                "{count} game(s) and bye(s) after round {number} left out.",
                imported.games_dropped,
            ).format(count=imported.games_dropped, number=args.until_round)
        )
    if imported.notes:
        lines.append(
            _(
                "Read as OpenGotha reads it: {notes}. 'gosheet export' writes OpenGotha 3.5x's "
                "layout (UTF-8, OpenGotha's names)."
            ).format(notes="; ".join(imported.notes))
        )
    if t.settings.rounds is not None and len(t.rounds) < t.settings.rounds:
        lines.append(
            _("The next 'gosheet pair' makes round {number}.").format(number=len(t.rounds) + 1)
        )
    return "\n".join(lines)


def export_opengotha(book_path: Path, target: Path) -> str:
    """``gosheet export BOOK.xlsx -o OUT.xml``."""
    book = XlsxBook.open(book_path)
    notes: list[str] = []
    og = export.to_opengotha(book.grids(), source=book_path.name, notes=notes)
    try:
        data = write_opengotha(og)
    except ValueError as error:
        raise InputError([Problem(book_path.name, "", None, str(error))]) from None
    saved = export.write_file(target, data)
    rounds = len({g.round_number for g in og.games} | {b.round_number for b in og.byes})
    lines = [
        ngettext(
            "Wrote {path}: {players} players, {games} games and {byes} byes in {rounds} "
            "round(s); OpenGotha opens it (File ▸ Open).",
            "Wrote {path}: {players} players, {games} games and {byes} byes in {rounds} "
            "round(s); OpenGotha opens it (File ▸ Open).",
            rounds,
        ).format(
            path=saved,
            players=len(og.players),
            games=len(og.games),
            byes=len(og.byes),
            rounds=rounds,
        )
    ]
    if notes:
        lines.append(
            _("OpenGotha's clubs are codes of at most 4 characters; written as: {clubs}").format(
                clubs=", ".join(notes)
            )
        )
    return "\n".join(lines)
