"""Check-in at pairing time: the players not confirmed (the Players sheet's ``Confirmed``
column; under OpenGotha's rules, its ``Registration`` PRE) are left out of the round to pair,
and ``pair`` says who (:func:`left_out_note`); a round where nobody is confirmed is refused
(:func:`refuse_nobody_confirmed`)."""

from __future__ import annotations

from gosheet.core.errors import ConsistencyError
from gosheet.core.model import Tournament
from gosheet.i18n import collation, words
from gosheet.i18n.catalog import _, ngettext
from gosheet.workbook.sheets.names import labels
from gosheet.workbook.sheets.reading import BookState


def not_confirmed(state: BookState, tournament: Tournament, number: int) -> list[str]:
    """The names of the players not confirmed whom round ``number`` leaves out for that
    alone (not those marked as not playing it, nor those already in its lines)."""
    names = labels(tournament.players)
    placed = {
        p
        for rnd in tournament.rounds
        if rnd.number == number
        for p in (*(s for g in rnd.games for s in (g.white, g.black)), *rnd.byes)
    }
    return collation.sorted_names(
        (
            names[n]
            for n, own in state.preliminary.items()
            if number not in own and n not in placed and n in names
        ),
        tournament.settings.language,
    )


def left_out_note(state: BookState, tournament: Tournament, number: int) -> tuple[str, ...]:
    """``pair``'s words on the players round ``number`` leaves out, not confirmed."""
    names = not_confirmed(state, tournament, number)
    if not names:
        return ()
    return (
        ngettext(
            "Left out of round {number}, not confirmed ({count}): {players}.",
            "Left out of round {number}, not confirmed ({count}): {players}.",
            len(names),
        ).format(number=number, count=len(names), players=", ".join(names)),
    )


def check_note(state: BookState, tournament: Tournament) -> tuple[str, ...]:
    """``check``'s words on the players not confirmed, whom the next ``pair`` leaves out."""
    number = len(tournament.rounds) + 1
    names = not_confirmed(state, tournament, number)
    if not names:
        return ()
    return (
        ngettext(
            "Not confirmed, left out of round {number} by the next pair ({count}): {players}.",
            "Not confirmed, left out of round {number} by the next pair ({count}): {players}.",
            len(names),
        ).format(number=number, count=len(names), players=", ".join(names)),
    )


def refuse_nobody_confirmed(state: BookState, tournament: Tournament, language: str) -> None:
    """A round where nobody would play because nobody is confirmed: refused, with what to do."""
    players = tournament.players
    if not players or not state.unconfirmed or len(state.unconfirmed) < len(players):
        return
    column = words.local("Confirmed", language, words.PLAYERS)
    sheet = words.local("Players", language, words.SHEETS)
    raise ConsistencyError(
        _(
            "Nobody is confirmed in the '{column}' column of the '{sheet}' sheet: type yes (or "
            "x) there for each player who came, or delete the column to pair everyone."
        ).format(column=column, sheet=sheet)
    )
