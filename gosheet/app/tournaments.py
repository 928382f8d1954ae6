"""A new tournament: :func:`new_tournament` (an empty workbook) and :func:`import_roster` (a
roster becomes a tournament) — the command line's ``new`` and ``import ROSTER``, and "a roster
starts a new tournament" in any front end.

The organiser's choices are plain values (:class:`Choices`); a choice that does not fit raises
:class:`~gosheet.app.files.OptionError`, a roster with problems
:class:`~gosheet.core.errors.InputError` with every problem. The workbook is written to a path,
or handed back as bytes (:class:`Made`), with the words to say.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gosheet.app.files import OptionError, Source, on_disk, refuse_overwrite, saved
from gosheet.app.messages import fewer_groups_note
from gosheet.core.games import game_of
from gosheet.core.kinds import TournamentType
from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.model import Player
from gosheet.core.settings import Settings
from gosheet.core.systems import REGISTRY, default_system, system_of
from gosheet.core.teams.fields import parse_tournament_type
from gosheet.i18n import words
from gosheet.i18n.catalog import _, ngettext, system_language
from gosheet.records import record
from gosheet.workbook.limits.files import book_target
from gosheet.workbook.sheets.reading import control_characters, pictured

if TYPE_CHECKING:  # (pandas: the roster module is imported only to read a roster)
    from gosheet.formats.roster import Roster

# Imported by the functions that need them, not with this module (which ``check`` and ``pair``
# load through the command line): gosheet.formats.roster (pandas), gosheet.workbook.template.


@record
class Choices:
    """What the organiser chose for a new tournament (None: the default). ``system``: the
    system's name (default: McMahon for go, Swiss otherwise); ``groups``: a number, or ranks
    like ``1d,5k``; ``language``: the workbook's (default: the roster's, else the system's);
    ``template``: a workbook to start from."""

    system: str | None = None
    game: str = "go"
    rules: str = "gosheet"
    rounds: int | None = None
    komi: float | None = None
    groups: str | None = None
    name: str | None = None
    seed: int | None = None
    language: str | None = None
    template: str | None = None
    type: str | None = None  # Tournament type: individual, teams, pair go, rengo
    team_size: int | None = None  # teams: 2–10 (4); rengo: 2 or 3 (3)


@record
class Made:
    """A new workbook: where it went (``path``; without a target, only its name, and its
    bytes in ``data``), its settings and players, and the words to say (``lines``)."""

    path: Path
    settings: Settings
    players: tuple[Player, ...]
    lines: tuple[str, ...]
    data: bytes | None = None

    def message(self) -> str:
        return "\n".join(self.lines)


def language_of(choices: Choices, roster: str | None = None) -> str:
    """The language of a new workbook: the one chosen, else the roster's headers', else the
    system's (LC_ALL, LC_MESSAGES, LANG), else English."""
    return choices.language or roster or system_language()


def settings_of(
    choices: Choices, players: int | None = None, roster_language: str | None = None
) -> Settings:
    """The settings of the choices; a value that does not fit raises :class:`OptionError`.

    Without rounds: 5, or (Swiss) proposed for ``players`` players, or left for the first
    pairing when the roster is not known yet."""
    system = choices.system or default_system(choices.game)
    rounds = choices.rounds
    if rounds is None and not REGISTRY[system].rounds_proposed:
        rounds = 5
    elif rounds is None and players:
        rounds = Settings.preset(system, choices.game, rounds=None).rounds_for(players)
    language = language_of(choices, roster_language)
    for option, text in (("name", choices.name), ("groups", choices.groups)):
        if text is not None and (trouble := control_characters(text)) is not None:
            raise OptionError(f"'{option}': '{pictured(text)}': {trouble}")
    if choices.name is not None:
        name = choices.name
    else:  # "Турнир по го"
        name = words.local(game_of(choices.game).tournament, language, words.TITLES)
    try:
        return Settings.preset(
            system,
            choices.game,
            rules=choices.rules,
            mcmahon_groups=McMahonGroups.parse(choices.groups or "3"),
            random_seed=choices.seed if choices.seed is not None else secrets.randbelow(2**31),
            rounds=rounds,
            komi=choices.komi if choices.komi is not None else 6.5,
            language=language,
            name=name,
            **type_settings(choices),
        )
    except ValueError as error:
        raise OptionError(str(error)) from None


def type_settings(choices: Choices) -> dict[str, Any]:
    """The settings of the tournament type chosen: its type, its team size (rengo: 3 unless
    chosen), mixed pairs for pair go (a pair a man and a woman, as pair go is played)."""
    if choices.type is None:
        return {}
    kind = parse_tournament_type(choices.type)
    found: dict[str, Any] = {"tournament_type": kind}
    if choices.team_size is not None:
        found["team_size"] = choices.team_size
    elif kind is TournamentType.RENGO:
        found["team_size"] = 3
    if kind is TournamentType.PAIR_GO:
        found["mixed_pairs"] = True
    return found


def rounds_note(settings: Settings, players: int, given: int | None) -> str:
    """What the organiser should know of a Swiss (or round robin) tournament's proposed
    rounds (nothing when ``given`` rounds were chosen)."""
    system = system_of(settings)
    if given is not None or not system.rounds_proposed:
        return ""
    if settings.rounds is None:
        return " " + _(
            "'Rounds' is left empty: the first pairing proposes {rule} for the N players "
            "registered then."
        ).format(rule=system.rounds_rule)
    return " " + ngettext(
        "{rounds} round proposed for {players} players ({rule}); change 'Rounds' in the "
        "Settings sheet if you like.",
        "{rounds} rounds proposed for {players} players ({rule}); change 'Rounds' in the "
        "Settings sheet if you like.",
        settings.rounds,
    ).format(rounds=settings.rounds, players=players, rule=system.rounds_rule)


def new_tournament(
    choices: Choices,
    target: Path | None,
    *,
    replace: bool = False,
    name: str = "tournament.xlsx",
) -> Made:
    """An empty tournament written to ``target`` (refused if it exists, unless ``replace``);
    without a target, its bytes (``name``: the file's name the words give)."""
    from gosheet.workbook.template import new_book

    if target is not None:
        book_target(target)
        refuse_overwrite(target, replace)
    settings = settings_of(choices)
    book = new_book(settings, template=choices.template)
    path, data = saved(book, target, name, "new")
    if settings.rounds:
        wrote = ngettext(
            "Wrote {path}: an empty {system} tournament of {rounds} round; add the players "
            "in the Players sheet.",
            "Wrote {path}: an empty {system} tournament of {rounds} rounds; add the players "
            "in the Players sheet.",
            settings.rounds,
        ).format(path=path, system=settings.system, rounds=settings.rounds)
    else:
        wrote = _(
            "Wrote {path}: an empty {system} tournament (rounds to come); add the players "
            "in the Players sheet."
        ).format(path=path, system=settings.system)
    line = wrote + rounds_note(settings, 0, choices.rounds)
    return Made(path, settings, (), (line,), data)


def import_roster(
    roster: Source,
    target: Path | None,
    choices: Choices | None = None,
    *,
    encoding: str | None = None,
    replace: bool = False,
    roster_name: str = "roster.csv",
    name: str = "tournament.xlsx",
) -> Made:
    """A roster (``.csv``, ``.xlsx`` …: a path, or its bytes called ``roster_name``) made a
    tournament, written to ``target`` (refused if it exists, unless ``replace``); without a
    target, its bytes. A roster with problems raises :class:`InputError` naming each cell."""
    choices = choices or Choices()
    from gosheet.formats.roster import read_roster  # pandas: only to read a roster
    from gosheet.workbook.template import new_book

    if target is not None:
        book_target(target)
        refuse_overwrite(target, replace)
    system = REGISTRY[choices.system or default_system(choices.game)]
    with on_disk(roster, roster_name) as path:
        units = choices.type is not None and parse_tournament_type(choices.type).plays_as_units
        read = read_roster(path, encoding, needs_strength=system.needs_strength, units=units)
    players = read.players
    settings = settings_of(choices, len(players), read.language)
    book = new_book(
        settings, players, read.extra_headers, read.extra_values, template=choices.template
    )
    path, data = saved(book, target, name, "import")
    line = ngettext(
        "Wrote {path}: {players} player.", "Wrote {path}: {players} players.", len(players)
    ).format(path=path, players=len(players))
    line += rounds_note(settings, len(players), choices.rounds)
    line += "".join(" " + note for note in groups_notes(settings, players))
    return Made(path, settings, tuple(players), (line, *roster_notes(read)), data)


def roster_notes(read: Roster) -> tuple[str, ...]:
    """What the organiser should know of how the roster was read: the sheet (of several),
    the header row (below a title), the rows that are not players (a footer, a section
    title)."""
    lines = []
    if read.sheet is not None:
        lines.append(
            _("Read the sheet '{sheet}' (the first that holds a roster).").format(sheet=read.sheet)
        )
    if read.header_row:
        lines.append(_("The header row is row {row}.").format(row=read.header_row + 1))
    return (*lines, *(f"  {note}" for note in read.notes))


def groups_notes(settings: Settings, players: Sequence[Player]) -> tuple[str, ...]:
    """Seed McMahon: how many groups the players' ranks make, when fewer than asked."""
    if not system_of(settings).mcmahon_groups:
        return ()
    return fewer_groups_note(settings.mcmahon_groups, players)
