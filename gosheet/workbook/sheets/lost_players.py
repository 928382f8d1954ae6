"""The players a round sheet lost: in none of a round's lines (no game, no bye), not marked as
not playing it, though they played an earlier round (a game's row deleted by hand?)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

from gosheet.core.errors import Problem
from gosheet.core.hand import organisers_lines
from gosheet.core.model import Game, Tournament
from gosheet.i18n import words
from gosheet.i18n.catalog import _, current, ngettext
from gosheet.i18n.door import on_command_line


def left_out(
    tournament: Tournament,
    sheets: Mapping[int, str],
    labels: Mapping[int, str],
    told: Callable[[int, Sequence[str]], str] | None = None,
    by_tables: bool = True,
    recorded: Mapping[int, tuple[int | None, Collection[int]]] | None = None,
) -> tuple[list[Problem], list[Problem]]:
    """The players each round sheet lost (a game's row deleted by hand?): a problem each round
    (``sheets``: each round's sheet as named in the workbook) naming them by their ``labels``;
    as two lists, the rounds whose rows are surely gone, then the others.

    Surely gone (in any round, the first too, and under OpenGotha's rules), when
    ``by_tables``: a table number is missing among the round's games (gosheet numbers them
    without a gap; not asked when a player has a fixed table) while players are in none of
    its lines — all of them named (a player registered since is among them, rightly in none).
    A workbook imported from an OpenGotha file may hold such gaps and players rightly
    (OpenGotha keeps the table numbers of a game taken out): ``recorded``, each of its rounds
    as the import recorded it (:mod:`.imported_rounds`): its number of games, and the players
    it left unpaired, who are not asked about. Fewer games than recorded while other players
    are in none of its lines is refused too (the last table's row deleted leaves no gap). A
    workbook imported before the record is not asked at all (``by_tables`` False).

    Such a player is in no line of the round (no game, no bye), is not marked as not playing it,
    and played (a game or a bye) an earlier round: a player registered later is in no line of
    the rounds before he came, rightly. Not looked at: the last round while it holds the
    organiser's own lines (``pair`` pairs the others around them). ``told``: what the problem
    says (:func:`lost_players`; under OpenGotha's rules, :func:`not_assigned`)."""
    told = told or lost_players
    lines = organisers_lines(tournament)
    problems: list[Problem] = []
    gone: list[Problem] = []  # rounds with a table's row deleted: refused whatever the rules
    started: set[int] = set()  # the players seen in a line of an earlier round
    fixed = any(p.fixed_table for p in tournament.players)  # (tables left free: no gap)
    for rnd in tournament.rounds:
        placed = {p for game in rnd.games for p in (game.white, game.black)} | set(rnd.byes)
        if rnd is not lines:
            unplaced = [
                p.number
                for p in tournament.players
                if p.number not in placed and p.plays_in(rnd.number)
            ]
            gaps = [] if fixed or not by_tables else missing_tables(rnd.games)
            games, known = (recorded or {}).get(rnd.number, (None, ()))  # as imported
            unknown = [n for n in unplaced if n not in known]  # not left unpaired in the file
            fewer = games is not None and len(rnd.games) < games
            if (gaps or fewer) and unknown:  # a game's row gone, players in no line: refused
                names = [labels[n] for n in unknown]
                said = (
                    row_gone(rnd.number, gaps, names)
                    if gaps
                    else fewer_games(rnd.number, games or 0, len(rnd.games), names)
                )
                gone.append(Problem(sheets[rnd.number], "", None, said))
                started |= placed
                continue
            lost = [n for n in unplaced if n in started]
            if lost:
                problems.append(
                    Problem(
                        sheets[rnd.number],
                        "",
                        None,
                        told(rnd.number, [labels[n] for n in lost]),
                    )
                )
        started |= placed
    return gone, problems


def missing_tables(games: Sequence[Game]) -> list[int]:
    """The table numbers missing among a round's games (gosheet and OpenGotha number them 1,
    2, 3 … without a gap, but for fixed tables): a game's row deleted.

    >>> missing_tables([Game(1, 1, 2), Game(4, 3, 4), Game(2, 5, 6)])
    [3]
    """
    tables = {game.table for game in games if game.table > 0}
    return sorted(set(range(1, max(tables, default=0) + 1)) - tables)


def row_gone(number: int, tables: Sequence[int], names: Sequence[str]) -> str:
    """A round sheet whose tables ``tables`` are missing, players ``names`` in none of its
    lines: a game's row deleted, the ways out."""
    column = words.local("Not playing", current(), words.PLAYERS)
    return ngettext(
        "table {tables} is missing, and {players} is in none of this round's lines (no game, "
        "no bye), not marked as not playing it: was the game's row deleted? Put it back "
        "({back}); if he did not play round {number}, write {number} in his '{column}' cell",
        "table {tables} is missing, and {players} are in none of this round's lines (no game, "
        "no bye), not marked as not playing it: was the game's row deleted? Put it back "
        "({back}); if they did not play round {number}, write {number} in their '{column}' "
        "cells",
        len(names),
    ).format(
        tables=", ".join(map(str, tables)),
        players=", ".join(f"'{name}'" for name in names),
        number=number,
        column=column,
        back=put_back(),
    )


def fewer_games(number: int, imported: int, found: int, names: Sequence[str]) -> str:
    """A round sheet of an imported workbook with ``found`` games where the import made
    ``imported``, players ``names`` in none of its lines: a game's row deleted, the ways
    out."""
    column = words.local("Not playing", current(), words.PLAYERS)
    return ngettext(
        "the import made {imported} games of this round, its sheet holds {found}, and "
        "{players} is in none of its lines (no game, no bye), not marked as not playing it: "
        "was the game's row deleted? Put it back ({back}); if he did not play round {number}, "
        "write {number} in his '{column}' cell",
        "the import made {imported} games of this round, its sheet holds {found}, and "
        "{players} are in none of its lines (no game, no bye), not marked as not playing it: "
        "was the game's row deleted? Put it back ({back}); if they did not play round "
        "{number}, write {number} in their '{column}' cells",
        len(names),
    ).format(
        imported=imported,
        found=found,
        players=", ".join(f"'{name}'" for name in names),
        number=number,
        column=column,
        back=put_back(),
    )


def lost_players(number: int, names: Sequence[str]) -> str:
    """What to do about the players ``names``, in no line of round ``number``."""
    column = words.local("Not playing", current(), words.PLAYERS)
    return ngettext(
        "{players} is in none of this round's lines (no game, no bye), though he played an "
        "earlier round and is not marked as not playing this one: was his game's row "
        "deleted? Put it back ({back}); if he did not play round {number}, write {number} in "
        "his '{column}' cell",
        "{players} are in none of this round's lines (no game, no bye), though they played "
        "an earlier round and are not marked as not playing this one: was their game's row "
        "deleted? Put it back ({back}); if they did not play round {number}, write {number} "
        "in their '{column}' cells",
        len(names),
    ).format(
        players=", ".join(f"'{name}'" for name in names),
        number=number,
        column=column,
        back=put_back(),
    )


def not_assigned(number: int, names: Sequence[str]) -> str:
    """Under OpenGotha's rules, what the players ``names`` in no line of round ``number`` are
    (OpenGotha's "not assigned"), and the ways out if a game's row was deleted."""
    column = words.local("Not playing", current(), words.PLAYERS)
    return ngettext(
        "{players}: in none of this round's lines, not marked as not playing it: OpenGotha's "
        "'not assigned' (the round counts nothing). If a game's row was deleted, put it back "
        "({back}); if absent, write {number} in the '{column}' cell",
        "{players}: in none of this round's lines, not marked as not playing it: OpenGotha's "
        "'not assigned' (the round counts nothing). If a game's row was deleted, put it back "
        "({back}); if absent, write {number} in their '{column}' cells",
        len(names),
    ).format(
        players=", ".join(f"'{name}'" for name in names),
        number=number,
        column=column,
        back=put_back(short=True),
    )


def put_back(short: bool = False) -> str:
    """Where a game's row deleted by hand comes back from: on the command line, the earlier
    versions gosheet keeps of the workbook it saves (``gosheet history``, ``gosheet
    restore``: the command line's alone); in the other doors, the office's Undo or a copy."""
    if not on_command_line():
        return _("Undo, or copy it from an earlier copy of the workbook")
    if short:
        return "'gosheet history BOOK', 'gosheet restore BOOK N'"
    return _(
        "'gosheet history BOOK' lists the earlier versions, 'gosheet restore BOOK N' brings "
        "one back"
    )
