"""What each action on a workbook did, one type an action, each with its own words.

:func:`~gosheet.app.actions.pair` gives a :class:`Paired`, ``update_standings`` a
:class:`StandingsUpdated`, ``simulate`` a :class:`Simulated`, ``check`` a :class:`Checked`,
``rename`` a :class:`Renamed` (the others: ``explain`` the core's
:class:`~gosheet.core.explain.Explanation`, ``fill_ratings`` :class:`~gosheet.app.ratings.Filled`,
``print_pack`` :class:`~gosheet.app.printing.Printed`, ``merge``
:class:`~gosheet.app.merging.Merged`). :meth:`message` is the sentence a button or a menu
entry ends with; the command line's longer report is in :mod:`gosheet.app.messages`.

Imports neither the actions nor their messages: both import it.
"""

from __future__ import annotations

from gosheet.core.model import Tournament
from gosheet.core.pairing import Pairing
from gosheet.i18n import counts
from gosheet.i18n.catalog import _, ngettext
from gosheet.records import record


@record
class Paired:
    """``pair``: the round paired, in the tournament with it."""

    tournament: Tournament
    pairing: Pairing
    changed_results: int = 0  # results rewritten in the standard form
    proposed_rounds: int | None = None  # Swiss: rounds proposed at the first pairing
    notes: tuple[str, ...] = ()  # the players left out, the McMahon groups made when fewer

    def message(self) -> str:
        """``Round 3 paired: 12 games, 1 bye.`` and the notes."""
        p = self.pairing
        games = counts.games(len(p.games))
        if p.byes:
            byes = counts.byes(len(p.byes))
            head = _("Round {number} paired: {games}, {byes}.").format(
                number=p.round_number, games=games, byes=byes
            )
        else:
            head = _("Round {number} paired: {games}.").format(number=p.round_number, games=games)
        return "\n".join([head, *self.notes])


@record
class StandingsUpdated:
    """``standings``: the Standings sheet rewritten."""

    tournament: Tournament
    changed_results: int = 0  # results rewritten in the standard form

    def message(self) -> str:
        return _("Standings updated.")


@record
class Simulated:
    """``simulate``: the last round's empty results filled."""

    tournament: Tournament
    filled_results: int
    changed_results: int = 0  # results rewritten in the standard form

    def message(self) -> str:
        """``7 empty results filled.``"""
        return ngettext(
            "{count} empty result filled.", "{count} empty results filled.", self.filled_results
        ).format(count=self.filled_results)

    def note(self) -> str:
        """The command line's: ``Round 3: 7 empty results filled.``"""
        last = self.tournament.rounds[-1].number
        return ngettext(
            "Round {number}: {count} empty result filled.",
            "Round {number}: {count} empty results filled.",
            self.filled_results,
        ).format(number=last, count=self.filled_results)


@record
class Checked:
    """``check``: no problem; what the next pair needs, what to look at (``notes``)."""

    tournament: Tournament
    notes: tuple[str, ...] = ()

    def message(self) -> str:
        """``No problems: 23 players, 2 rounds paired.`` and the notes."""
        t = self.tournament
        head = _("No problems: {players}, {rounds} paired.").format(
            players=counts.players(len(t.players)), rounds=counts.rounds(len(t.rounds))
        )
        return "\n".join([head, *self.notes])

    def report(self, book: object) -> list[str]:
        """The command line's: no problems in ``book``, the players and rounds, the notes."""
        t = self.tournament
        head = ngettext(
            "{book}: no problems. {players}, {paired} of {rounds} round paired.",
            "{book}: no problems. {players}, {paired} of {rounds} rounds paired.",
            t.settings.rounds or 0,
        ).format(
            book=book,
            players=counts.players(len(t.players)),
            paired=len(t.rounds),
            rounds=t.settings.rounds,
        )
        return [head, *self.notes]


@record
class Renamed:
    """``rename``: the player renamed, and how many cells of the round sheets."""

    tournament: Tournament
    cells: int

    def message(self, old: str, new: str) -> str:
        return ngettext(
            "Renamed '{old}' to '{new}' in the Players sheet and in {cells} cell of the "
            "round sheets; Standings rewritten.",
            "Renamed '{old}' to '{new}' in the Players sheet and in {cells} cells of the "
            "round sheets; Standings rewritten.",
            self.cells,
        ).format(old=old, new=new, cells=self.cells)


Rewriting = Paired | StandingsUpdated | Simulated
"""The outcomes that may have rewritten results in the standard form."""


def rewritten(done: Rewriting) -> str:
    """The results typed in another spelling that were written in the standard form."""
    if not done.changed_results:
        return ""
    return ngettext(
        "{count} result rewritten in the standard form.",
        "{count} results rewritten in the standard form.",
        done.changed_results,
    ).format(count=done.changed_results)
