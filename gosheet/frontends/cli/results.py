"""``gosheet export BOOK.xlsx -o OUT.h9`` (EGF), ``-o OUT.tou`` (FFG), ``--format aga -o
OUT.txt`` (AGA): the results files for the rating bodies (gosheet/formats/results/)."""

from __future__ import annotations

import argparse
from pathlib import Path

from gosheet.formats.opengotha.export import write_file
from gosheet.formats.results import results_file
from gosheet.frontends.cli.parser import refuse_overwrite
from gosheet.frontends.cli.tournament import say
from gosheet.i18n.catalog import N_, _, ngettext
from gosheet.workbook.xlsx import XlsxBook

NAMES = {"egf": N_("EGF results (.h9)"), "ffg": N_("FFG results (.tou)"), "aga": N_("AGA results")}


def export_results(args: argparse.Namespace, kind: str) -> int:
    """Write the ``kind`` results file of the workbook."""
    refuse_overwrite(args.output, args.force)
    say(results_summary(args.book, args.output, kind, getattr(args, "drop_forfeits", False)))
    return 0


def results_summary(book_path: Path, target: Path, kind: str, drop_forfeits: bool) -> str:
    book = XlsxBook.open(book_path)
    made = results_file(book.grids(), kind, source=book_path.name, drop_forfeits=drop_forfeits)
    saved = write_file(target, made.data)
    table = made.table
    lines = [
        ngettext(
            "Wrote {path}: {what}, {players} players over {rounds} round(s), in {encoding}.",
            "Wrote {path}: {what}, {players} players over {rounds} round(s), in {encoding}.",
            table.rounds,
        ).format(
            path=saved,
            what=_(NAMES[kind]),
            players=len(table.lines),
            rounds=table.rounds,
            encoding=made.encoding,
        )
    ]
    if kind == "egf":
        pins = sum(1 for line in table.lines if line.player.egd_pin)
        lines.append(
            _("EGD PINs: {pins} of {players} players.").format(pins=pins, players=len(table.lines))
        )
    if not table.settings.dates:
        lines.append(_("'Dates' is empty in Settings: today's date was written."))
    if not table.settings.location:
        lines.append(_("'Location' is empty in Settings: fill it in for the rating body."))
    pending = sum(1 for line in table.lines for h in line.rounds if h.result == "?")
    if pending:
        games = pending // 2 or pending
        lines.append(
            ngettext(
                "{count} game(s) without a result, written as '?'.",
                "{count} game(s) without a result, written as '?'.",
                games,
            ).format(count=games)
        )
    return "\n".join(lines)
