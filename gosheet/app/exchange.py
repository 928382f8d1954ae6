"""Files of other programs in and out: :func:`import_tournament` (a roster, or an OpenGotha
tournament file, made a workbook), :func:`import_opengotha`, :func:`export_opengotha` (the
``.xml`` OpenGotha 3.5x opens) and :func:`export_results` (the rating bodies' results files:
EGF ``.h9``, FFG ``.tou``, AGA) — the command line's ``import`` and ``export``.

Each takes a path or the file's bytes (with its name, for the messages), writes to a target
path or hands the bytes back, and returns what was made with the words to say; a file with
problems raises :class:`~gosheet.core.errors.InputError` with every problem.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from gosheet.app import naming
from gosheet.app.files import OptionError, Source, on_disk, refuse_overwrite, saved
from gosheet.app.tournaments import Choices, Made, import_roster, language_of
from gosheet.core.errors import InputError, Problem
from gosheet.core.fields import parse_komi
from gosheet.core.games import game_of
from gosheet.core.hand import organisers_lines
from gosheet.core.opengotha.values import KEPT_CRITERIA
from gosheet.core.systems import REGISTRY
from gosheet.formats.opengotha import convert, export
from gosheet.formats.opengotha.elements import OGTournament
from gosheet.formats.opengotha.xml import read_opengotha, write_opengotha
from gosheet.formats.results import ResultsFile, format_of, results_file
from gosheet.i18n import counts
from gosheet.i18n.catalog import N_, _, ngettext
from gosheet.records import record
from gosheet.workbook.books import open_book
from gosheet.workbook.limits.files import book_target, regular_file

RESULTS_NAMES = {
    "egf": N_("EGF results (.h9)"),
    "ffg": N_("FFG results (.tou)"),
    "aga": N_("AGA results"),
}
"""Each results format, as the words name it."""


@record
class Exported:
    """A file made from a workbook: where it went (without a target, only its name), its
    bytes, and the words to say (``lines``)."""

    path: Path
    data: bytes
    lines: tuple[str, ...]

    def message(self) -> str:
        return "\n".join(self.lines)


def import_tournament(
    source: Source,
    target: Path | None,
    choices: Choices | None = None,
    *,
    encoding: str | None = None,
    until_round: int | None = None,
    replace: bool = False,
    source_name: str = "roster.csv",
    name: str = "tournament.xlsx",
) -> Made:
    """An OpenGotha file (``.xml``, or a file that starts as XML) or else a roster made a
    tournament (:func:`import_opengotha`, :func:`~gosheet.app.tournaments.import_roster`).
    An OpenGotha file brings its own settings: only ``choices``' rounds, name, komi, seed,
    language and template apply to it; ``until_round`` only to it."""
    choices = choices or Choices()
    if not isinstance(source, bytes):
        regular_file(source, "roster or tournament file")
        source_name = Path(source).name
    if target is not None:
        book_target(target)
        refuse_overwrite(target, replace)  # before the options: the file is the first problem
    with on_disk(source, source_name) as path:
        if convert.is_opengotha_file(path):
            not_applying(choices, encoding)
            return import_opengotha(
                path, target, choices, until_round=until_round, replace=replace, name=name
            )
        if until_round is not None:
            raise OptionError(_("'--until-round' is for an OpenGotha tournament file (.xml)"))
        return import_roster(path, target, choices, encoding=encoding, replace=replace, name=name)


def not_applying(choices: Choices, encoding: str | None) -> None:
    """Refuse the choices an OpenGotha file's own settings make: the system, the groups, a
    roster's encoding, another game than go."""
    for option, value in (
        ("--system", choices.system),
        ("--groups", choices.groups),
        ("--encoding", encoding),
        ("--game", None if game_of(choices.game).go else choices.game),
    ):
        if value is not None:
            raise OptionError(
                _(
                    "'{option}' does not apply to an OpenGotha file: the file's own settings do "
                    "(its placement criteria choose McMahon or Swiss)"
                ).format(option=option)
            )
    for option, given in (("--type", choices.type), ("--team-size", choices.team_size)):
        if given is not None:
            raise OptionError(
                _(
                    "'{option}' does not apply to an OpenGotha file: the file's own settings "
                    "do (a file with teams is a team tournament of its own team size)"
                ).format(option=option)
            )


def import_opengotha(
    source: Source,
    target: Path | None,
    choices: Choices | None = None,
    *,
    until_round: int | None = None,
    replace: bool = False,
    source_name: str = "tournament.xml",
    name: str = "tournament.xlsx",
) -> Made:
    """The OpenGotha tournament of ``source`` as a workbook. Its settings come from the file;
    ``choices``' rounds, name, komi and seed may replace them. ``until_round``: keep the
    games and byes of rounds 1 to K only (0: the players and settings alone)."""
    choices = choices or Choices()
    if target is not None:
        refuse_overwrite(target, replace)
    check_opengotha_choices(choices, until_round)
    if not isinstance(source, bytes):
        source_name = Path(source).name
    with on_disk(source, source_name) as path:
        og = read_opengotha(path)
    rounds = choices.rounds if choices.rounds is not None else og.number_of_rounds
    if until_round is not None and until_round > rounds:
        raise OptionError(
            _("'--until-round': the tournament has {rounds}").format(rounds=counts.rounds(rounds))
        )
    imported = convert.from_opengotha(
        og,
        until_round=until_round,
        rounds=choices.rounds,
        name=choices.name,
        komi=choices.komi,
        random_seed=choices.seed,
        source=source_name,
        language=language_of(choices),
    )
    book = convert.opengotha_book(imported, template=choices.template)
    path, data = saved(book, target, name, "import")
    t = imported.tournament
    return Made(path, t.settings, t.players, imported_lines(path, imported, until_round), data)


def check_opengotha_choices(choices: Choices, until_round: int | None) -> None:
    """The rounds, ``until_round`` and komi an OpenGotha file may be imported with."""
    if choices.rounds is not None and not 1 <= choices.rounds <= convert.MAX_ROUNDS:
        raise OptionError(
            _("'--rounds': OpenGotha plays 1 to {most} rounds").format(most=convert.MAX_ROUNDS)
        )
    if until_round is not None and until_round < 0:
        raise OptionError(_("'--until-round': 0 or more (0: the players and settings alone)"))
    if choices.komi is not None:
        try:
            parse_komi(choices.komi)
        except ValueError as error:
            raise OptionError(f"'--komi': {error}") from None


def imported_lines(
    path: Path, imported: convert.Imported, until_round: int | None
) -> tuple[str, ...]:
    """What an OpenGotha file's import says: players, rounds, games; what was left out or
    read otherwise; the round the next pairing makes."""
    t = imported.tournament
    games = sum(len(r.games) for r in t.rounds)
    byes = sum(len(r.byes) for r in t.rounds)
    kind = REGISTRY[t.settings.system].title  # McMahon or Swiss (OpenGotha's rules)
    ahead = organisers_lines(t)  # a bye (or games) set in a round not yet paired
    lines = [
        _(
            "Wrote {path}: {players}, OpenGotha's {kind} over {rounds}; {played} played "
            "({games}, {byes})."
        ).format(
            path=path,
            players=counts.players(len(t.players)),
            kind=kind,
            rounds=counts.rounds(t.settings.rounds or 0),
            played=counts.rounds(len(t.rounds) - (ahead is not None)),
            games=counts.games(games),
            byes=counts.byes(byes),
        )
    ]
    if imported.games_dropped:
        lines.append(
            ngettext(
                "{count} game or bye after round {number} left out.",
                "{count} games and byes after round {number} left out.",
                imported.games_dropped,
            ).format(count=imported.games_dropped, number=until_round)
        )
    kept = [c for c in t.settings.opengotha.placement if c in KEPT_CRITERIA]
    if kept:
        lines.append(
            _(
                "Placement criteria {kept}: OpenGotha V4's Breizh criteria, which gosheet does "
                "not compute (nor does OpenGotha 3.5x); kept in Settings, and {export} writes "
                "them back; gosheet ranks by {ranked} instead."
            ).format(
                kept=", ".join(kept),
                export=naming.how("export_opengotha"),
                ranked=", ".join(t.settings.opengotha.ranked_by(t.settings.system)),
            )
        )
    if imported.notes:
        lines.append(
            _(
                "Read as OpenGotha reads it: {notes}; {export} writes OpenGotha 3.5x's layout "
                "(UTF-8, OpenGotha's names)."
            ).format(notes="; ".join(imported.notes), export=naming.how("export_opengotha"))
        )
    if t.teams:
        lines.append(
            ngettext(
                "A team tournament: its {count} team of {size} boards is in the Teams sheet, "
                "its line-ups round by round; even boards take their colours by the rule of "
                "{rule} (Team colours), as the file was saved by it.",
                "A team tournament: its {count} teams of {size} boards are in the Teams sheet, "
                "their line-ups round by round; even boards take their colours by the rule of "
                "{rule} (Team colours), as the file was saved by it.",
                len(t.teams),
            ).format(
                count=len(t.teams), size=t.settings.team_size, rule=t.settings.team_colour_rule
            )
        )
    for number, player in imported.byes_ahead:
        lines.append(
            _(
                "The bye of round {number} ({name}), set in OpenGotha before the rounds "
                "before it were paired, is kept in the OpenGotha sheet and {export} writes it "
                "back; type it as a Bye line of Round {number} before pairing that round."
            ).format(
                number=number, name=t.player(player).name, export=naming.how("export_opengotha")
            )
        )
    if ahead is not None:
        lines.append(
            _(
                "Round {number} was begun before it was paired ({games}, {byes} set, as "
                "OpenGotha allows): {pair} pairs round {number} around them."
            ).format(
                pair=naming.how("pair"),
                number=ahead.number,
                games=counts.games(len(ahead.games)),
                byes=counts.byes(len(ahead.byes)),
            )
        )
    elif t.settings.rounds is not None and len(t.rounds) < t.settings.rounds:
        lines.append(
            _("Round {number} is next: {pair} makes it.").format(
                number=len(t.rounds) + 1, pair=naming.how("pair")
            )
        )
    return tuple(lines)


def export_opengotha(
    book: Source,
    target: Path | None,
    *,
    replace: bool = False,
    book_name: str = "tournament.xlsx",
    name: str = "tournament.xml",
) -> Exported:
    """The workbook as an OpenGotha file (OpenGotha 3.5x opens it), written to ``target``
    (refused if it exists, unless ``replace``); without a target, its bytes only."""
    if target is not None:
        refuse_overwrite(target, replace)
    notes: list[str] = []
    gosheet_only: list[str] = []
    with on_disk(book, book_name) as path:
        grids = open_book(path).grids()
        og = export.to_opengotha(grids, source=path.name, notes=notes, gosheet_only=gosheet_only)
        try:
            data = write_opengotha(og)
        except ValueError as error:
            raise InputError([Problem(path.name, "", None, str(error))]) from None
    written = export.write_file(target, data) if target is not None else Path(name)
    return Exported(written, data, opengotha_lines(written, og, notes, gosheet_only))


def opengotha_lines(
    path: Path, og: OGTournament, notes: list[str], gosheet_only: Sequence[str] = ()
) -> tuple[str, ...]:
    """What an OpenGotha file's export says: players, games, byes and rounds; the clubs
    shortened to OpenGotha's four characters; the settings the file has no place for."""
    rounds = len({g.round_number for g in og.games} | {b.round_number for b in og.byes})
    lines = [
        _(
            "Wrote {path}: {players}, {games}, {byes}, {rounds}; OpenGotha opens it (File ▸ Open)."
        ).format(
            path=path,
            players=counts.players(len(og.players)),
            games=counts.games(len(og.games)),
            byes=counts.byes(len(og.byes)),
            rounds=counts.rounds(rounds),
        )
    ]
    if notes:
        lines.append(
            _("OpenGotha's clubs are codes of at most 4 characters; written as: {clubs}").format(
                clubs=", ".join(notes)
            )
        )
    if gosheet_only:
        lines.append(
            _("Kept in gosheet only (OpenGotha's file has no place for them): {settings}").format(
                settings="; ".join(gosheet_only)
            )
        )
    return tuple(lines)


def results_format(target_name: str, given: str | None = None) -> str | None:
    """The results format a file is to be written in: ``given``, else by the name's
    extension (``.h9`` EGF, ``.tou`` FFG); None for an OpenGotha file."""
    return format_of(Path(target_name).suffix, given)


def export_results(
    book: Source,
    target: Path | None,
    kind: str,
    *,
    drop_forfeits: bool = False,
    replace: bool = False,
    book_name: str = "tournament.xlsx",
    name: str = "results.txt",
) -> Exported:
    """The ``kind`` (``egf``, ``ffg``, ``aga``) results file of the workbook, written to
    ``target`` (refused if it exists, unless ``replace``); without a target, its bytes only.
    ``drop_forfeits``: EGF, games not played written as rounds not played."""
    if target is not None:
        refuse_overwrite(target, replace)
    with on_disk(book, book_name) as path:
        grids = open_book(path).grids()
        made = results_file(grids, kind, source=path.name, drop_forfeits=drop_forfeits)
    written = export.write_file(target, made.data) if target is not None else Path(name)
    return Exported(written, made.data, results_lines(written, made, kind))


def units_left_out(games: int, kind: str) -> str:
    """What a results file of a pair go or rengo tournament leaves out, and why."""
    return ngettext(
        "A {type} tournament: its {count} game is left out, as no rating body rates {type} "
        "games; the file holds none.",
        "A {type} tournament: its {count} games are left out, as no rating body rates {type} "
        "games; the file holds none.",
        games,
    ).format(type=kind, count=games)


def results_lines(path: Path, made: ResultsFile, kind: str) -> tuple[str, ...]:
    """What a results file's export says: players, rounds, encoding; what the rating body
    will miss (EGD PINs, dates, the location, results not entered)."""
    table = made.table
    lines = [
        _("Wrote {path}: {what}, {players}, {rounds}, in {encoding}.").format(
            path=path,
            what=_(RESULTS_NAMES[kind]),
            players=counts.players(len(table.lines)),
            rounds=counts.rounds(table.rounds),
            encoding=made.encoding,
        )
    ]
    if table.settings.tournament_type.plays_as_units:
        lines.append(units_left_out(table.left_out, str(table.settings.tournament_type)))
    if kind == "egf":
        pins = sum(1 for line in table.lines if line.player.egd_pin)
        lines.append(
            ngettext(
                "EGD PINs: {pins} of {players} player.",
                "EGD PINs: {pins} of {players} players.",
                len(table.lines),
            ).format(pins=pins, players=len(table.lines))
        )
    if not table.settings.dates and table.file_dates is not None:
        first, last = table.file_dates
        lines.append(
            _(
                "'Dates' is empty in Settings: the OpenGotha file's dates were written, as "
                "OpenGotha writes them ({first}, {last}: the last day comes before the first); "
                "put the right ones in Settings."
            ).format(first=first.isoformat(), last=last.isoformat())
        )
    elif not table.settings.dates:
        lines.append(_("'Dates' is empty in Settings: today's date was written."))
    if not table.settings.location:
        lines.append(_("'Location' is empty in Settings: fill it in for the rating body."))
    if kind == "egf" and not table.settings.country:
        lines.append(
            _(
                "'Country' is empty in Settings: the file names no country (PC[,…]); fill it "
                "in for the EGF (a two-letter code, such as FR)."
            )
        )
    total = table.settings.rounds
    if total is not None and table.rounds < total:
        lines.append(
            ngettext(
                "{played} of {rounds} round played: the file holds the rounds played only; "
                "export it again after the last round for the final results.",
                "{played} of {rounds} rounds played: the file holds the rounds played only; "
                "export it again after the last round for the final results.",
                table.rounds,
            ).format(played=table.rounds, rounds=total)
        )
    if made.respelt:
        lines.append(
            ngettext(
                "{count} name has letters ISO-8859-15 (the file's encoding) lacks, written "
                "as Latin letters (OpenGotha writes '?'): {names}.",
                "{count} names have letters ISO-8859-15 (the file's encoding) lacks, written "
                "as Latin letters (OpenGotha writes '?'): {names}.",
                len(made.respelt),
            ).format(
                count=len(made.respelt),
                names="; ".join(f"{before} → {after}" for before, after in made.respelt),
            )
        )
    pending = sum(1 for line in table.lines for h in line.rounds if h.result == "?")
    if pending:
        games = pending // 2 or pending
        lines.append(
            ngettext(
                "{count} game without a result, written as '?'.",
                "{count} games without a result, written as '?'.",
                games,
            ).format(count=games)
        )
    return tuple(lines)
